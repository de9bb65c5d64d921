from django.contrib import admin

from .models import AuditEntry, Event, Game, League, Report, Round, Season, Team


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "status", "game_type", "visibility", "released_at"]
    list_filter = ["status", "game_type"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "captain", "partner", "withdrawn_at"]
    list_filter = ["event"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "kind", "forced"]


class ReportInline(admin.TabularInline):
    model = Report
    extra = 0
    can_delete = False
    readonly_fields = [f.name for f in Report._meta.fields]

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "team_a", "team_b", "status"]
    inlines = [ReportInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["created_at", "event", "actor_label", "action", "target"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
