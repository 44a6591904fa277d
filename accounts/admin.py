from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import ApiToken, User


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
                    "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["name", "user__username", "prefix"]
    readonly_fields = ["user", "prefix", "scopes", "created_at", "last_used_at"]
    exclude = ["digest"]

    def has_add_permission(self, request):
        return False  # made by their owner on the profile page, shown once
