"""The table socket: `/ws/tables/<id>/` (docs/protocol.md is its description).

Thin: each incoming message is checked by play/socket/protocol.py, then handled by ONE
database call (a `_sync_*` function of play/socket/table_calls.py, which calls the
services and renders what this connection must receive). Group messages only say "table
changed, version N"; every connection re-renders its own seat's view, so nothing private
crosses a group. Its channel-layer reads: play/socket/inbox.py.

A notice may be lost: every socket is also re-checked against its table's sequence, on a
period and on every frame its client sends (play/socket/watch.py), and catches up
(``_catch_up``). A seated player's socket is a ``Presence`` row from connect to close (a
``finally``), kept alive by the same periodic pass.
"""

from __future__ import annotations

import asyncio
import logging
import time
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils.translation import gettext_lazy as _

from accounts import socket_credentials as credentials
from accounts.socket_auth import refusal_of
from notices.interface import then_send
from play.actions import (
    ServiceError,
    do_connect,
    do_disconnect,
    remember_server_loop,
)
from play.actions.broadcast import group_name
from play.actions.notices import turn_shown_late
from play.clock import scheduler
from play.presentation.labels import lang_code
from play.presentation.table import render_error_fragment
from play.queries import finished_snapshot
from play.snapshots import snapshots
from play.socket import limits, outages, watch
from play.socket.inbox import LayerInbox
from play.socket.protocol import ProtocolError, TokenBucket, parse_message
from play.socket.table_calls import (
    _render,
    _render_snapshot,
    _sync_act,
    _sync_catch_up,
    _sync_chat,
    _sync_chat_line,
    _sync_exit,
    _sync_mute,
    _sync_open,
    _sync_rematch,
    _sync_restart_turn,
    _text,
    payload_of,
)
from taverne.observability import metrics
from taverne.unavailable import is_unavailable

log = logging.getLogger(__name__)

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
# Too many sockets held or opened (play/socket/limits.py), or too many bad tokens sent
# from the address (accounts/socket_auth.py).
CLOSE_TOO_MANY = 4429
# A service down while the socket opened: the client opens it again after ``retry_after``.
# Not 1013 ("try again later"): daphne's websocket layer (autobahn) sends only 1000 and
# 3000-4999, and fails on any other code with 1011 and an error in the log. 4503 reads as
# HTTP's 503, which the pages and the API answer in the same outage.
CLOSE_TRY_AGAIN = outages.CLOSE_TRY_AGAIN
TOO_MANY_SOCKETS = _("Trop de connexions ouvertes à la fois : fermez un onglet, ou "
                     "réessayez dans un moment.")

# What a token without the "play" scope may still send: it watches.
WATCHING = ("ping", "sync", "mute")

# After a ``rate_limited``, the current state follows, at most once in this many seconds
# (a flood must not turn into a flood of full views).
STATE_AFTER_LIMIT_SECONDS = 1.0


class TableConsumer(LayerInbox, AsyncJsonWebsocketConsumer):
    async def connect(self):
        try:
            await self._connect()
        except Exception as error:
            if not is_unavailable(error):
                raise
            # PostgreSQL or Redis down while the socket opens: the client is told to try
            # again (``unavailable``, close 4503: the table page opens again by itself)
            # rather than the server failing with 1011.
            log.warning("table %s: a socket could not open, a service is down (%r)",
                        self.table_id, error)
            await self._opening_failed(error)

    async def _opening_failed(self, error):
        for undo in (self._release, self._leave_group):
            try:
                await undo()
            except Exception:  # the service is still down: its expiry cleans up
                log.debug("table %s: cleaning up a socket that did not open", self.table_id,
                          exc_info=True)
        await self._error(ProtocolError.for_failure(error).as_dict(self.lang))
        await self.close(code=CLOSE_TRY_AGAIN)

    async def _leave_group(self):
        await self.channel_layer.group_discard(group_name(self.table_id), self.channel_name)
        await self._leave_credentials_group()

    async def _leave_credentials_group(self):
        if getattr(self, "credentials", None) is not None:
            await self.channel_layer.group_discard(
                credentials.group_name(self.credentials.user_id), self.channel_name)

    async def dispatch(self, message):
        # A notice this socket cannot read now (the database restarting under it) must not
        # end the socket: it stays behind, and the next re-check makes it good
        # (play/socket/watch.py). The socket's own messages have their own answers.
        try:
            await super().dispatch(message)
        except Exception as error:
            if message.get("type", "").startswith("websocket."):
                raise
            if is_unavailable(error):
                log.warning("table %s: a %s could not be read, a service is down (%r)",
                            getattr(self, "table_id", None), message.get("type"), error)
            else:
                log.exception("table %s: a %s failed", getattr(self, "table_id", None),
                              message.get("type"))

    async def _connect(self):
        scheduler.ensure_started()
        remember_server_loop(asyncio.get_running_loop())
        self.user = self.scope.get("user")
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.as_html = query.get("format", [""])[0] == "html"
        self.lang = lang_code(
            query.get("lang", [""])[0] or getattr(self.user, "preferred_language", None)
        )
        self.position = None
        self.presence_id = None  # this socket's Presence row, for a seated player
        self.watcher = None  # this process's re-check of its sockets, once joined
        self.joined = False
        self.sent = None  # Sent: the last view sent
        self.bucket = TokenBucket()
        # An act answering a state where this seat is to act costs no token: one such
        # pass per (game, version) sent with the turn (``_admit``).
        self.turn_pass = False
        self.turn_key = None
        self.state_after_limit_at = None  # when a state last followed a rate_limited
        # A program's personal access token (accounts/socket_auth.py): acting needs its
        # "play" scope; watching needs none.
        self.api_token = self.scope.get("api_token")
        # What opened it (that token, or the session): checked again when its player's
        # credentials change (accounts/socket_credentials.py).
        self.credentials = None
        await self.accept(self.scope.get("accept_subprotocol"))
        if (guessing := refusal_of(self.scope, self.lang)) is not None:
            await self._send_json(guessing)
            await self.close(code=CLOSE_TOO_MANY)
            return
        if self.user is None or not self.user.is_authenticated:
            await self._error(
                ServiceError("not_authenticated", _("Connectez-vous d'abord.")).as_dict(self.lang)
            )
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        wait = await database_sync_to_async(limits.open_socket)(self.user.pk, self.table_id)
        if wait is not None:
            await self._send_json({"type": "error", "code": "rate_limited",
                                   "message": _text(TOO_MANY_SOCKETS, self.lang),
                                   "retry_after": wait})
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.counted = True
        token = query.get("token", query.get("invitation", [""]))[0]
        # Subscribe BEFORE reading the table: a change committed between the read and
        # the subscription would otherwise never reach this page (a page swapped by a
        # boosted form reconnects exactly while its own POST's bot or move lands). The
        # group's messages wait until connect returns; those already shown are skipped.
        await self.channel_layer.group_add(group_name(self.table_id), self.channel_name)
        self.credentials = credentials.opened_with(self.scope)
        await self.channel_layer.group_add(credentials.group_name(self.user.pk),
                                           self.channel_name)
        try:
            opened, sent, payload = await database_sync_to_async(_sync_open)(
                self.table_id, self.user, token, self.lang, self.as_html, self.channel_name
            )
        except ServiceError as refusal:
            await self._leave_group()
            await self._release()
            await self._error(refusal.as_dict(self.lang))
            code = CLOSE_NOT_FOUND if refusal.code == "not_found" else CLOSE_FORBIDDEN
            await self.close(code=code)
            return
        if opened is not None:
            self.position, self.presence_id = opened
        self.joined = True
        self.watcher = watch.watcher()
        self.watcher.add(self)
        metrics.socket_opened()  # closed with the watcher, in _leave
        await self._send_payload(sent, payload)

    async def __call__(self, scope, receive, send):
        # The backstop of ``disconnect``'s ``finally``: a consumer cancelled or failed
        # without its disconnect still gives its presence back.
        try:
            await super().__call__(scope, receive, send)
        finally:
            if self.__dict__.get("presence_id") is not None or self.__dict__.get("watcher"):
                await asyncio.shield(self._leave())

    async def _release(self):
        """The socket no longer counts against its player's limits."""
        if getattr(self, "counted", False):
            self.counted = False
            await database_sync_to_async(limits.close_socket)(self.user.pk, self.table_id)

    async def disconnect(self, code):
        try:
            await self._release()
            if getattr(self, "joined", False):
                await self._leave_group()
        except Exception as error:
            if not is_unavailable(error):
                raise
            # Redis down as the socket closes: its count expires by itself
            # (play/socket/limits.py), and so does its group membership.
            log.warning("table %s: a closing socket left its counts to expire, a service "
                        "is down (%r)", self.table_id, error)
        finally:
            # Whatever failed above (the channel layer down), the seat stops counting
            # this socket.
            await self._leave()

    async def _leave(self):
        """This socket is no longer watched nor counted as its player's presence."""
        watcher, self.watcher = getattr(self, "watcher", None), None
        if watcher is not None:
            watcher.discard(self)
            metrics.socket_closed()
        presence_id, self.presence_id = getattr(self, "presence_id", None), None
        if presence_id is not None:
            try:
                await database_sync_to_async(do_disconnect)(presence_id)
            except Exception:  # the database down: unbeaten, the row expires by itself
                log.warning("table %s: presence %s not removed", self.table_id, presence_id,
                            exc_info=True)

    # ----- client → server -------------------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None):
        # Overridden to check size and rate before anything is decoded.
        if not self.joined:
            return
        try:
            message = self._admit(text_data)
        except ProtocolError as error:
            await self._error(error.as_dict(self.lang))
            if error.code == "rate_limited":
                await self._state_after_limit()
            return
        if (self.api_token is not None and message["type"] not in WATCHING
                and not self.api_token.allows("play")):
            await self._error(ServiceError(
                "scope_missing", _("Ce jeton n'a pas le droit « %(scope)s » : créez-en un "
                                   "qui l'a, sur votre profil."), scope="play",
            ).as_dict(self.lang))
            return
        handler = getattr(self, f"_on_{message['type']}")
        try:
            await handler(message)
        except Exception as error:
            # A backstop: a bug or a database refusal on one message must not kill the
            # socket. Answered with a structured error: `unavailable` while PostgreSQL or
            # Redis is down (no bug: logged without a traceback), `server_error` otherwise.
            failure = ProtocolError.for_failure(error)
            if failure.code == "unavailable":
                log.warning("table %s: a service is down on a %s message: %r",
                            self.table_id, message["type"], error)
            else:
                log.exception(
                    "table %s: unexpected error on a %s message", self.table_id,
                    message["type"],
                )
            await self._error(failure.as_dict(self.lang))
        await self._recheck()

    def _admit(self, text):
        """The message, if the rate allows it (ProtocolError otherwise).

        The act that answers a state where this seat is to act is not counted: a bot that
        only answers its turns is never limited, however fast the table plays. Anything
        else takes a token of the bucket, before it is decoded.
        """
        if text is not None and self.turn_pass:
            try:
                message = parse_message(text)
            except ProtocolError:
                message = None  # counted below like any other message
            if message is not None and message["type"] == "act":
                self.turn_pass = False
                return message
        if not self.bucket.take():
            raise ProtocolError("rate_limited", retry_after=self.bucket.retry_after())
        if text is None:
            raise ProtocolError("binary_unsupported")
        return parse_message(text)

    async def _state_after_limit(self):
        """After ``rate_limited``, the current state (a client that lost a frame to the
        limit is right again), at most once in STATE_AFTER_LIMIT_SECONDS."""
        now = time.monotonic()
        if (self.state_after_limit_at is not None
                and now - self.state_after_limit_at < STATE_AFTER_LIMIT_SECONDS):
            return
        self.state_after_limit_at = now
        snapshot = snapshots.peek(self.table_id)
        if snapshot is not None and (self.sent is None or snapshot.sequence >= self.sent.sequence):
            sent, payload = payload_of(snapshot, self.user, self.lang, self.as_html)
        else:
            sent, payload = await database_sync_to_async(_render)(
                self.table_id, self.user, self.lang, self.as_html
            )
        await self._send_payload(sent, payload, force=True)

    async def _on_ping(self, message):
        await self._send_json({"type": "pong"})

    async def _on_sync(self, message):
        sent, payload = await database_sync_to_async(_render)(
            self.table_id, self.user, self.lang, self.as_html
        )
        await self._send_payload(sent, payload, force=True)

    async def _on_act(self, message):
        # The move's account events (your_turn, turn_done) leave from here, not from the
        # worker thread every socket's database work waits for (notices/stream.py).
        reply, rendered = await then_send(database_sync_to_async(_sync_act)(
            self.table_id, self.user, message, self.lang, self.as_html
        ))
        if reply["type"] == "error":
            await self._error(reply)
        else:
            await self._send_json(reply)
        if rendered is not None:
            await self._send_payload(*rendered, force=True)

    async def _on_chat(self, message):
        refusal = await database_sync_to_async(_sync_chat)(self.table_id, self.user,
                                                           message["text"])
        if refusal is not None:
            await self._error(refusal.as_dict(self.lang))

    async def _on_resign(self, message):
        await self._exit(message)

    async def _on_abort(self, message):
        await self._exit(message)

    async def _on_come_back(self, message):
        await self._exit(message)

    async def _on_rematch(self, message):
        await self._rematch(message)

    async def _on_decline_rematch(self, message):
        await self._rematch(message)

    async def _rematch(self, message):
        refusal, rematch_id = await database_sync_to_async(_sync_rematch)(
            self.table_id, self.user, message["type"]
        )
        if refusal is not None:
            await self._error(refusal.as_dict(self.lang))
        else:
            await self._send_json({"type": message["type"], "table_id": rematch_id})

    async def _exit(self, message):
        refusal = await database_sync_to_async(_sync_exit)(self.table_id, self.user,
                                                           message["type"])
        if refusal is not None:
            await self._error(refusal.as_dict(self.lang))

    async def _on_mute(self, message):
        sent, payload = await database_sync_to_async(_sync_mute)(
            self.table_id, self.user, message["muted"], self.lang, self.as_html
        )
        await self._send_payload(sent, payload, force=True)

    # ----- notices at least once ------------------------------------------------------

    def shows_less_than(self, sequence: int) -> bool:
        """Whether this connection shows an earlier step of its table than ``sequence``."""
        return self.joined and self.sent is not None and sequence > self.sent.sequence

    async def _recheck(self):
        """After a frame of the client: is this connection behind its table? (The table's
        sequence as this process read it in the last second, or as its snapshot shows.)"""
        if self.watcher is None:
            return  # closing
        try:
            latest = await self.watcher.latest(self.table_id)
        except Exception:  # the database down: the periodic re-check tries again
            log.warning("table %s: re-check after a frame failed", self.table_id,
                        exc_info=True)
            return
        cached = snapshots.peek(self.table_id)
        if cached is not None and (latest is None or cached.sequence > latest):
            latest = cached.sequence
        if latest is not None and self.shows_less_than(latest):
            await self._catch_up(latest)

    async def table_recheck(self, event):
        """The table is at ``sequence`` (this process's periodic re-check, or a worker's
        re-announce to the table's group): catch up if this connection shows less."""
        if self.shows_less_than(event["sequence"]):
            await self._catch_up(event["sequence"])

    async def _catch_up(self, sequence):
        """This connection missed a notice: it is sent the table as it is now. If the step
        it missed gave its seat the turn at a live table, the turn's clock starts again
        (play/actions/notices.py)."""
        snapshot = snapshots.peek_at_least(self.table_id, sequence)
        if snapshot is not None:
            sent, payload = payload_of(snapshot, self.user, self.lang, self.as_html)
        else:
            snapshot, sent, payload = await database_sync_to_async(_sync_catch_up)(
                self.table_id, self.user, self.lang, self.as_html, sequence
            )
        shown_turn = self.sent is not None and self.sent.my_turn and (
            (self.sent.game_id, self.sent.version) == (sent.game_id, sent.version))
        if (sent.my_turn and not shown_turn
                and turn_shown_late(snapshot.game, snapshot.table, self.position)):
            restarted = await database_sync_to_async(_sync_restart_turn)(
                self.table_id, self.user, self.lang, self.as_html, sent.game_id, sent.version,
                self.position,
            )
            if restarted is not None:
                snapshot, sent, payload = restarted
        await self._show(snapshot, sent, payload)

    async def presence_renew(self, event):
        """This socket's row was swept while it lived (its process stalled, the database
        was down): it counts again."""
        if not self.joined or self.watcher is None or self.presence_id is None:
            return
        opened = await database_sync_to_async(do_connect)(self.table_id, self.user,
                                                          self.channel_name)
        self.presence_id = opened.presence_id if opened is not None else None

    async def token_refused(self, event):
        """The token this socket was opened with has been revoked or has expired (the
        periodic re-check, play/socket/watch.py)."""
        await self._withdrawn()

    async def credentials_check(self, event):
        """Its player's credentials changed (a token revoked, the password changed, a
        session ended: accounts/socket_credentials.py): the socket ends if what opened it
        no longer holds."""
        if not self.joined or self.credentials is None:
            return
        if not await database_sync_to_async(credentials.still_valid)(self.credentials):
            await self._withdrawn()

    async def _withdrawn(self):
        """What opened this socket no longer signs its player in: it ends as one opened
        with it now would, ``not_authenticated`` and 4401; it is watched and counted no
        more."""
        if not self.joined:
            return
        self.joined = False  # nothing more is sent or handled
        await self._leave_group()
        await self._leave()
        message = (self.credentials.withdrawn_message if self.credentials is not None
                   else credentials.TOKEN_WITHDRAWN)
        await self._error(ServiceError("not_authenticated", message).as_dict(self.lang))
        await self.close(code=CLOSE_UNAUTHENTICATED)

    # ----- group → this connection ---------------------------------------------------

    @metrics.times_frames
    async def table_changed(self, event):
        if not self.joined:
            return  # refused at connect: it never sees the table
        if event.get("presence") is not None:
            await self._presence_changed(event["presence"])
            return
        if event.get("refresh"):
            await self._refresh()
            return
        sequence = event.get("sequence", 0)
        if self.sent is not None and sequence <= self.sent.sequence:
            return  # already showing that step of the table or a later one
        wanted = (event.get("game_id"), event["version"], sequence)
        snapshot = snapshots.peek(self.table_id, wanted)
        if snapshot is not None:
            # This process made the move, or another connection already read it:
            # this seat's frame comes from memory, without a trip to the DB thread.
            sent, payload = payload_of(snapshot, self.user, self.lang, self.as_html)
        else:
            snapshot, sent, payload = await database_sync_to_async(_render_snapshot)(
                self.table_id, self.user, self.lang, self.as_html, wanted
            )
        await self._show(snapshot, sent, payload)

    async def _show(self, snapshot, sent, payload):
        """Send a step of the table: the finished hand it replaced first, if any."""
        await self._send_finished_hand(snapshot)
        await self._send_payload(sent, payload)

    async def _send_finished_hand(self, snapshot):
        """A chained table dealt its next hand as the last one ended: this connection
        receives the finished hand's state (its result, the cards shown) first, unless it
        already did. The htmx page shows that hand beside the new one instead."""
        previous = snapshot.previous
        if (self.as_html or previous is None or previous.final_sequence is None
                or self.sent is None or self.sent.sequence >= previous.final_sequence):
            return
        closing = snapshot.closing
        if closing is None:
            closing = await database_sync_to_async(finished_snapshot)(snapshot)
        sent, payload = payload_of(closing, self.user, self.lang, self.as_html)
        await self._send_payload(sent, payload)

    async def _presence_changed(self, position):
        """A player came or went (no new version): the page shows the seats again; a
        JSON client gets a ``presence`` message with the seating. Not sent about one's
        own seat (its other tabs show nothing of it)."""
        if position == self.position:
            return
        snapshots.forget(self.table_id)
        sent, payload = await database_sync_to_async(_render)(
            self.table_id, self.user, self.lang, self.as_html
        )
        if self.as_html:
            await self._send_payload(sent, payload, force=True)
        else:
            await self._send_json({"type": "presence", "seating": payload["view"]["seating"]})

    async def _refresh(self):
        """Something beside the game changed (a rematch): render again, same version."""
        snapshots.forget(self.table_id)
        sent, payload = await database_sync_to_async(_render)(
            self.table_id, self.user, self.lang, self.as_html
        )
        await self._send_payload(sent, payload, force=True)

    async def table_chat(self, event):
        if not self.joined:
            return
        snapshots.forget(self.table_id)  # its chat is behind: the next reader reads again
        if self.as_html:
            sent, payload = await database_sync_to_async(_render)(
                self.table_id, self.user, self.lang, True
            )
            await self._send_payload(sent, payload, force=True)
            return
        line = await database_sync_to_async(_sync_chat_line)(event["id"], self.user)
        if line is not None:
            await self._send_json({"type": "chat", "message": line})

    # ----- sending -------------------------------------------------------------------

    async def _send_payload(self, sent, payload, force=False):
        if not force and sent.game_id is not None and sent == self.sent:
            return
        self.sent = sent
        if not sent.my_turn:
            self.turn_pass = False
        elif self.turn_key != (sent.game_id, sent.version):
            self.turn_pass, self.turn_key = True, (sent.game_id, sent.version)
        if isinstance(payload, str):
            await self.send(text_data=payload)
        else:
            await self._send_json(payload)

    async def _send_json(self, data):
        if self.as_html and data.get("type") != "state":
            return  # the htmx page only swaps HTML; it ignores acks and pongs
        await self.send_json(data)

    async def _error(self, error):
        if self.as_html:
            await self.send(text_data=render_error_fragment(error["message"]))
        else:
            await self.send_json(error)

