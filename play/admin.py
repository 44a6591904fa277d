from django.contrib import admin
from django.utils.translation import gettext_lazy as _

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
from play.presentation.messages import say


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
    # The sequence is the sockets' count of changes: never edited, never set back.
    readonly_fields = ["invite_token", "sequence", "created_at", "updated_at"]

    def save_model(self, request, obj, form, change):
        if not change:
            return super().save_model(request, obj, form, change)
        # Every column but the sequence: a move committed while the form was open raised
        # it, and writing back the number read with the form would set it back.
        obj.save(update_fields=[f.name for f in obj._meta.concrete_fields
                                if not f.primary_key and f.name != "sequence"])


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
                       "started_at", "finished_at", "final_sequence"]


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    list_display = ["game", "seq", "seat", "source", "user", "sentence", "created_at"]
    list_filter = ["source"]
    list_select_related = ["game__table", "user"]
    readonly_fields = [f.name for f in Action._meta.fields] + ["sentence"]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("game__participants")

    @admin.display(description=_("ce que dit le journal"))
    def sentence(self, action):
        """The log line in the staff member's language, with the players' names of the game."""
        names = [""] * action.game.table.seat_count
        for participant in action.game.participants.all():
            if 0 <= participant.position < len(names):
                names[participant.position] = participant.name
        return say(action.game.table.game_slug, action.message, names)

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
