"""The account's socket: ``/ws/account/`` (docs/protocol.md, "The account stream").

One socket per open page (or program) of a signed-in player, session or bearer token as
the table socket (accounts/socket_auth.py). It joins the player's group
(``notices.stream.account_group``) and forwards each ``account.event`` as one JSON frame:
``your_turn``, ``game_over`` and ``notification`` sent by play and notices, ``challenge``
and ``paired`` by the pairing. Nothing is kept for it: what a program misses while away
it reads back from the API (``GET /api/v1/account/tables``, ``.../notifications``, the
challenges). A guest is a player too (its bot games' turns); an anonymous visitor is
refused (4401). It only listens: a client may send ``ping``.

It also joins its player's credentials group (accounts/socket_credentials.py): when the
token it was opened with is revoked, or the session it was opened with ends (a password
change, « Déconnexion »), it ends (``not_authenticated``, 4401) within seconds; a token
that expires ends it at its expiry. Both memberships are renewed every
``credentials.RENEW_SECONDS``, within the channel layer's group expiry.
"""

from __future__ import annotations

import asyncio
import logging
import time
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts import socket_credentials as credentials
from accounts.socket_auth import refusal_of
from notices.stream import account_group
from pairing.interface import drop_live_seeks, keep_live_seeks
from play.actions import ServiceError
from play.presentation.labels import lang_code
from play.socket import limits, outages
from play.socket.protocol import ProtocolError
from taverne.unavailable import is_unavailable

log = logging.getLogger(__name__)

CLOSE_UNAUTHENTICATED = 4401
CLOSE_TOO_MANY = 4429
CLOSE_TRY_AGAIN = outages.CLOSE_TRY_AGAIN
# The account's sockets are counted as one "table" of the player's (play/socket/limits.py):
# a few at once (tabs, a phone), within the player's total.
LIMITS_KEY = "account"
TOO_MANY_SOCKETS = _("Trop de connexions ouvertes à la fois : fermez un onglet, ou "
                     "réessayez dans un moment.")


# A live seek or challenge lives while its player is there (pairing/): an account socket
# opening keeps it, each ``ping`` keeps it again (a program sends one every few seconds;
# at most one write per KEEP_EVERY per socket), closing leaves it a few seconds' grace.
KEEP_EVERY = 5.0


class AccountConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.user = self.scope.get("user")
        self.counted = False
        self.joined = False
        self.kept_at = float("-inf")
        self.credentials = None  # what opened it: checked again when they change
        self.renewal = None  # the task that keeps its groups and watches its token's expiry
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.lang = lang_code(
            query.get("lang", [""])[0] or getattr(self.user, "preferred_language", None))
        await self.accept(self.scope.get("accept_subprotocol"))
        if (guessing := refusal_of(self.scope, self.lang)) is not None:
            await self.send_json(guessing)
            await self.close(code=CLOSE_TOO_MANY)
            return
        if self.user is None or not self.user.is_authenticated:
            await self.send_json(ServiceError(
                "not_authenticated", _("Connectez-vous d'abord.")).as_dict(self.lang))
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        try:
            wait = await database_sync_to_async(limits.open_socket)(self.user.pk, LIMITS_KEY)
            if wait is not None:
                with_lang = ServiceError("rate_limited", TOO_MANY_SOCKETS).as_dict(self.lang)
                await self.send_json({**with_lang, "retry_after": wait})
                await self.close(code=CLOSE_TOO_MANY)
                return
            self.counted = True
            await self.channel_layer.group_add(account_group(self.user.pk), self.channel_name)
            self.credentials = credentials.opened_with(self.scope)
            await self.channel_layer.group_add(credentials.group_name(self.user.pk),
                                               self.channel_name)
            self.joined = True
            self.renewal = asyncio.ensure_future(self._keep_groups())
            await database_sync_to_async(keep_live_seeks)(self.user.pk)
            self.kept_at = time.monotonic()
        except Exception as error:
            if not is_unavailable(error):
                raise
            # Redis (the counts, the groups) or PostgreSQL down: the client opens it again
            # later (``unavailable``, 4503), as the table socket's.
            log.warning("account %s: a socket could not open, a service is down (%r)",
                        self.user.pk, error)
            await self._leave()
            await self.send_json(ProtocolError.for_failure(error).as_dict(self.lang))
            await self.close(code=CLOSE_TRY_AGAIN)
            return
        await self.send_json({"type": "ready"})

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":
            now = time.monotonic()
            if now - self.kept_at >= KEEP_EVERY:
                self.kept_at = now
                try:
                    await database_sync_to_async(keep_live_seeks)(self.user.pk)
                except Exception as error:
                    if not is_unavailable(error):
                        raise
            await self.send_json({"type": "pong"})

    async def account_event(self, message):
        """One event of the player's (notices/interface.py ``announce``)."""
        await self.send_json(message["event"])

    async def credentials_check(self, event):
        """Its player's credentials changed (accounts/socket_credentials.py): it ends if
        what opened it no longer holds."""
        if not self.joined or self.credentials is None:
            return
        if not await database_sync_to_async(credentials.still_valid)(self.credentials):
            await self._withdrawn()

    async def _withdrawn(self):
        """What opened it no longer signs its player in: ``not_authenticated``, 4401."""
        if not self.joined:
            return
        await self._leave()
        await self.send_json(ServiceError(
            "not_authenticated", self.credentials.withdrawn_message).as_dict(self.lang))
        await self.close(code=CLOSE_UNAUTHENTICATED)

    async def _keep_groups(self):
        """Renew its groups' membership (the channel layer forgets a member after
        CHANNEL_GROUP_EXPIRY seconds) and end it when its token expires."""
        token = self.scope.get("api_token")
        while self.joined:
            wait = credentials.RENEW_SECONDS
            if token is not None and token.expires_at is not None:
                wait = min(wait, max(0.0, (token.expires_at - timezone.now()).total_seconds()))
            await asyncio.sleep(wait)
            if not self.joined:
                return
            if token is not None and token.expired():
                await self._withdrawn()
                return
            try:
                await self.channel_layer.group_add(account_group(self.user.pk),
                                                   self.channel_name)
                await self.channel_layer.group_add(credentials.group_name(self.user.pk),
                                                   self.channel_name)
            except Exception as error:  # Redis down: the next round tries again
                if not is_unavailable(error):
                    log.warning("account %s: renewing its groups failed", self.user.pk,
                                exc_info=True)

    async def disconnect(self, code):
        await self._leave()

    async def _leave(self):
        user_id = getattr(self.user, "pk", None)
        renewal, self.renewal = getattr(self, "renewal", None), None
        if renewal is not None and renewal is not asyncio.current_task():
            renewal.cancel()
        if self.joined:
            self.joined = False
            try:
                await self.channel_layer.group_discard(account_group(user_id), self.channel_name)
                await self.channel_layer.group_discard(credentials.group_name(user_id),
                                                       self.channel_name)
            except Exception:  # Redis down: the group's membership expires by itself
                log.debug("account %s: leaving the group failed", user_id, exc_info=True)
            try:
                await database_sync_to_async(drop_live_seeks)(user_id)
            except Exception:
                log.exception("account %s: drop_live_seeks failed", user_id)
        if self.counted:
            self.counted = False
            try:
                await database_sync_to_async(limits.close_socket)(user_id, LIMITS_KEY)
            except Exception:  # the cache down: the count expires (play/socket/limits.py)
                log.debug("account %s: the socket's count stays", user_id, exc_info=True)


# The route (config/asgi.py puts it before play's, whose last route catches all).
websocket_urlpatterns = [
    path("ws/account/", AccountConsumer.as_asgi()),
]
