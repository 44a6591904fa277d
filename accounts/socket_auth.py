"""A personal access token on a websocket handshake, beside the session cookie.

A program opening a table's socket authenticates with ``Authorization: Bearer <token>``
on the handshake, or, where it cannot set headers (a browser's ``WebSocket``), with the
subprotocol ``taverne.bearer.<token>``, which the server then accepts. Never in the URL:
addresses end up in logs. A token that is unknown, revoked or expired leaves the socket
unauthenticated (the consumer answers ``not_authenticated`` and closes, 4401), even when
a session cookie came along: the token was meant. A socket open with a token that is
revoked or expires later is closed the same way by its periodic re-check
(play/socket/watch.py).
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser

from accounts import tokens

SUBPROTOCOL = "taverne.bearer."


def handshake_secret(scope) -> tuple[str, str | None]:
    """(secret, subprotocol to accept) of a handshake; ("", None) when it carries none."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"authorization":
            return tokens.bearer_secret(value) or "-", None
    for protocol in scope.get("subprotocols") or ():
        if protocol.startswith(SUBPROTOCOL):
            return protocol[len(SUBPROTOCOL):], protocol
    return "", None


class TokenAuthMiddleware(BaseMiddleware):
    """Sets ``scope["user"]`` (and ``scope["api_token"]``) from a token when one is sent."""

    async def __call__(self, scope, receive, send):
        secret, subprotocol = handshake_secret(scope)
        if secret:
            scope = dict(scope)
            token = await database_sync_to_async(tokens.authenticate)(secret)
            scope["api_token"] = token
            scope["user"] = token.user if token is not None else AnonymousUser()
            if token is not None and subprotocol is not None:
                scope["accept_subprotocol"] = subprotocol
        return await super().__call__(scope, receive, send)
