from django.contrib import admin

from play.models import (
    Action,
    ChatMessage,
    ChatMute,
    Game,
    Participant,
    Seat,
    Table,
    TurnNotification,
)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ["joined_at"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["id", "game_slug", "name", "status", "visibility", "pace", "practice",
                    "created_at"]
    list_filter = ["game_slug", "status", "visibility", "pace", "practice"]
    search_fields = ["name", "owner__username"]
    inlines = [SeatInline]
    readonly_fields = ["invite_token", "created_at", "updated_at"]


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0
    can_delete = False
    readonly_fields = ["position", "user", "bot", "name"]

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    inlines = [ParticipantInline]
    list_display = ["id", "table", "number", "status", "version", "actor", "deadline",
                    "bot_due_at", "started_at"]
    list_filter = ["status"]
    # The state and log are the record of a game: read them here, change them never.
    # Staff audit deck orders here (the chance actions); no page shows them to players.
    readonly_fields = ["table", "number", "state", "version", "carry_in", "result",
                       "started_at", "finished_at"]


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    list_display = ["game", "seq", "seat", "source", "user", "text_fr", "created_at"]
    list_filter = ["source"]
    readonly_fields = [f.name for f in Action._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["table", "user", "text", "created_at"]
    search_fields = ["text", "user__username"]


admin.site.register(ChatMute)
admin.site.register(TurnNotification)
