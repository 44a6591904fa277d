"""What the table socket asks of the database: ONE call per incoming message, each run in
the worker thread (``database_sync_to_async``), calling the services and rendering what
the connection must receive (play/socket/consumer.py awaits them)."""

from __future__ import annotations

from typing import NamedTuple

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from friends import interface as friends
from play.actions import (
    ServiceError,
    do_abort,
    do_act,
    do_chat,
    do_come_back,
    do_connect,
    do_decline_rematch,
    do_mute_chat,
    do_rematch,
    do_resign,
    do_restart_missed_turn,
)
from play.actions.rematch import open_rematch
from play.models import ChatMessage, Table
from play.presentation.table import render_table_fragments
from play.presentation.view import view_from_snapshot
from play.queries import can_watch, chat_line, is_muted
from play.snapshots import snapshots
from play.socket.protocol import state_frame


class Sent(NamedTuple):
    """What a state frame showed: its game, version and step of the table's sequence,
    and whether it was this seat's turn in it."""

    game_id: int | None
    version: int
    sequence: int
    my_turn: bool = False


def _render(table_id, user, lang, as_html, wanted=None):
    """This connection's payload: the JSON state message, or the htmx fragments.

    `wanted` is the (game_id, version, sequence) announced by a broadcast: a cached
    snapshot at least that recent will do. Without it (connect, sync, refusals) the
    database is read.
    """
    return payload_of(snapshots.get(table_id, wanted), user, lang, as_html)


def _render_snapshot(table_id, user, lang, as_html, wanted):
    """The snapshot for a broadcast (read if this process has none as recent) and this
    connection's payload from it."""
    snapshot = snapshots.get(table_id, wanted)
    return snapshot, *payload_of(snapshot, user, lang, as_html)


def payload_of(snapshot, user, lang, as_html):
    """(Sent, payload) for this connection, from a snapshot; no query, so the event loop
    may call it directly when the snapshot is in this process's cache."""
    view = view_from_snapshot(snapshot, user, lang)
    if as_html:
        payload = render_table_fragments(snapshot.table, snapshot.game, user, view, lang=lang,
                                         previous=snapshot.previous, shared=snapshot.rendered)
    else:
        payload = state_frame(view, snapshot.sequence)
    my_turn = view["you"] is not None and view.get("actor") == view["you"]
    return Sent(view["game_id"], view["version"], snapshot.sequence, my_turn), payload


def _text(message, lang) -> str:
    with translation.override(lang):
        return str(message)


def _sync_open(table_id, user, token, lang, as_html, channel):
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise ServiceError("not_found", _("Cette table n'existe pas."))
    if not can_watch(table, user, token):
        # As for a missing table: an outsider is not told that a private one exists.
        raise ServiceError("not_found", _("Cette table n'existe pas."))
    opened = do_connect(table_id, user, channel)
    return opened, *_render(table_id, user, lang, as_html)


def _sync_catch_up(table_id, user, lang, as_html, sequence):
    """The snapshot showing at least step ``sequence`` of the table (a re-check found the
    table there), and this connection's payload from it."""
    snapshot = snapshots.at_least(table_id, sequence)
    return snapshot, *payload_of(snapshot, user, lang, as_html)


def _sync_restart_turn(table_id, user, lang, as_html, game_id, version, position):
    """This seat was shown its turn late: its clock starts again (play/actions/notices.py);
    the payload shows the new deadline."""
    sequence = do_restart_missed_turn(game_id, version, position)
    if sequence is None:
        return None
    return _sync_catch_up(table_id, user, lang, as_html, sequence)


def _sync_act(table_id, user, message, lang, as_html):
    """Act on the game the message names, then say what this connection needs: an ack,
    or an error plus the fresh view (a hand that has ended: ``game_over``)."""
    try:
        result = do_act(message["game_id"], user, message["action"], message["version"],
                        message["id"], table_id=table_id)
    except ServiceError as refusal:
        refresh = refusal.code in ("stale", "not_your_turn", "game_over", "not_found")
        if refusal.code == "not_found":
            # The table is there (``not_found`` would close the socket): the game the
            # action names is none of its games. A client's mistake, answered with the
            # table's current view.
            refusal = ServiceError(
                "unknown_game",
                _("Cette partie n'est pas une partie de cette table : voici la position à "
                  "jour."),
            )
        return refusal.as_dict(lang), (_render(table_id, user, lang, as_html) if refresh else None)
    ack = {"type": "ack", "id": message["id"], "version": result.version,
           "duplicate": result.duplicate}
    # A duplicate moved nothing, so no broadcast comes: send the current view now.
    return ack, (_render(table_id, user, lang, as_html) if result.duplicate else None)


def _sync_chat(table_id, user, text):
    try:
        do_chat(table_id, user, text)
    except ServiceError as refusal:
        return refusal
    return None


def _sync_chat_line(message_id, user):
    message = ChatMessage.objects.select_related("user").filter(pk=message_id).first()
    if message is None or is_muted(message.table_id, user):
        return None
    if friends.is_blocked(message.user_id, user):
        return None  # a block silences both ways
    return chat_line(message)


# The ways out of a game and back (play/actions/leaving.py), by message type.
EXITS = {"resign": do_resign, "abort": do_abort, "come_back": do_come_back}


def _sync_rematch(table_id, user, kind):
    """Propose/accept (``rematch``) or decline (``decline_rematch``) the rematch of this
    finished table: (refusal, None) or (None, the rematch table's id)."""
    try:
        if kind == "rematch":
            return None, do_rematch(table_id, user).pk
        rematch = open_rematch(Table.objects.get(pk=table_id))
        if rematch is None:
            raise ServiceError("not_invited", _("Aucune revanche n'est proposée à cette table."))
        do_decline_rematch(rematch, user)
        return None, rematch.pk
    except ServiceError as refusal:
        return refusal, None


def _sync_exit(table_id, user, kind):
    """Resign, abort or come back; the refusal if any (the broadcast shows the rest)."""
    try:
        EXITS[kind](table_id, user)
    except ServiceError as refusal:
        return refusal
    return None


def _sync_mute(table_id, user, muted, lang, as_html):
    do_mute_chat(table_id, user, muted)
    return _render(table_id, user, lang, as_html)
