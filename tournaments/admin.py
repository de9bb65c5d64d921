from django.contrib import admin

from .models import AuditEntry, Event, Game, League, Player, Report, Round, Season, Team


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "aggregation", "best_of"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    """Merges go through the league's players page (audited); here a player is read or renamed."""

    list_display = ["name", "member_number", "league", "merged_into"]
    list_filter = ["league"]
    search_fields = ["name", "member_number"]
    readonly_fields = ["uid", "merged_into", "merged_at", "created_at"]

    def has_delete_permission(self, request, obj=None):
        return False  # teams point at players: a duplicate is merged, never deleted


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "status", "game_type", "visibility", "released_at"]
    list_filter = ["status", "game_type"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "captain", "partner", "withdrawn_at"]
    list_filter = ["event"]
    raw_id_fields = ["captain_player", "partner_player"]


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
