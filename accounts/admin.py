from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts import socket_groups
from accounts.models import ApiToken, DeviceSeen, SignupOrigin, User


@admin.register(User)
class TaverneUserAdmin(UserAdmin):
    fieldsets = [
        *UserAdmin.fieldsets,
        (
            "Taverne",
            {
                "fields": (
                    "display_name",
                    "preferred_language",
                    "notify_your_turn",
                    "notify_by_email",
                    "is_bot_account",
                )
            },
        ),
    ]
    list_display = ["username", "display_name", "email", "is_staff"]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens can be seen and revoked (set ``revoked_at``), never read: only a hash is kept."""

    list_display = ["name", "user", "prefix", "scopes", "created_at", "last_used_at",
                    "expires_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["name", "user__username", "prefix"]
    readonly_fields = ["user", "prefix", "scopes", "created_at", "last_used_at", "expires_at"]
    exclude = ["digest"]

    def has_add_permission(self, request):
        return False  # made by their owner on the profile page, shown once

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if not obj.active:  # revoked here: its open sockets close too
            socket_groups.announce(obj.user_id)


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(SignupOrigin)
class SignupOriginAdmin(ReadOnly):
    """Where accounts were made (accounts/origins.py): search an address to see the
    accounts made from it."""

    list_display = ["user", "address", "created_at"]
    search_fields = ["user__username", "address"]
    date_hierarchy = "created_at"


@admin.register(DeviceSeen)
class DeviceSeenAdmin(ReadOnly):
    """Browsers accounts were used on, by the hash of their cookie: search a hash to see
    the accounts seen on one browser."""

    list_display = ["user", "device", "first_seen", "last_seen"]
    search_fields = ["user__username", "device"]
