from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


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
                )
            },
        ),
    ]
    list_display = ["username", "display_name", "email", "is_staff"]
