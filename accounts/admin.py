from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from .forms import ThrottledAdminLoginForm
from .models import CaptainLink, EventRole, User

# /admin/login/ shares the site login's failure counters (finding 6 of issue 22).
admin.site.login_form = ThrottledAdminLoginForm


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    ordering = ["email"]
    list_display = ["email", "display_name", "is_staff", "is_active"]
    search_fields = ["email", "display_name"]
    fieldsets = [
        (None, {"fields": ["email", "password", "display_name"]}),
        ("Permissions", {"fields": ["is_active", "is_staff", "is_superuser", "groups"]}),
    ]
    add_fieldsets = [(None, {"classes": ["wide"], "fields": ["email", "password1", "password2"]})]


@admin.register(EventRole)
class EventRoleAdmin(admin.ModelAdmin):
    list_display = ["user", "event", "role"]
    list_filter = ["role"]


@admin.register(CaptainLink)
class CaptainLinkAdmin(admin.ModelAdmin):
    list_display = ["team", "created_at", "revoked_at", "failed_attempts", "locked_until"]
    readonly_fields = ["token", "pin"]
