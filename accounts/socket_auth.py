"""A personal access token on a websocket handshake, beside the session cookie.

A program opening a table's socket authenticates with ``Authorization: Bearer <token>``
on the handshake, or, where it cannot set headers (a browser's ``WebSocket``), with the
subprotocol ``taverne.bearer.<token>``, which the server then accepts. Never in the URL:
addresses end up in logs. A token that is unknown, revoked or expired leaves the socket
unauthenticated (the consumer answers ``not_authenticated`` and closes, 4401), even when
a session cookie came along: the token was meant. A socket open with a token that is
revoked or expires later is closed the same way by its periodic re-check
(play/socket/watch.py).

Bad tokens count against the handshake's address as they do against the API's
(accounts/failed_tokens.py, one counter for both): past the limit the token is not even
read, and the socket is told ``rate_limited`` with ``retry_after`` and closed (4429).
The address is the scope's client, which daphne's ``--proxy-headers`` reads from the one
proxy in front (docs/operations.md).
"""

from __future__ import annotations

import time

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser

from accounts import failed_tokens, tokens
from taverne.refusals import Refusal

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


clock = time.time  # the failure windows' clock (tests hold it still)


def scope_address(scope) -> str | None:
    client = scope.get("client")
    return client[0] if client else None


def authenticate(secret: str, address: str | None):
    """(token or None, seconds the address must wait or None). A bad token is counted."""
    now = clock()
    wait = failed_tokens.refused_for(address, now)
    if wait is not None:
        return None, wait
    token = tokens.authenticate(secret)
    if token is None:
        failed_tokens.count(address, now)
    return token, None


def refusal_of(scope, lang: str | None) -> dict | None:
    """The frame a socket answers before closing (4429) when its address sent too many
    bad tokens this minute; None otherwise."""
    wait = scope.get("token_wait")
    if wait is None:
        return None
    refusal = Refusal("rate_limited", failed_tokens.TOO_MANY_FAILURES, seconds=wait)
    return {**refusal.as_dict(lang), "retry_after": wait}


class TokenAuthMiddleware(BaseMiddleware):
    """Sets ``scope["user"]`` (and ``scope["api_token"]``) from a token when one is sent;
    ``scope["token_wait"]`` when its address sent too many bad ones."""

    async def __call__(self, scope, receive, send):
        secret, subprotocol = handshake_secret(scope)
        if secret:
            scope = dict(scope)
            token, wait = await database_sync_to_async(authenticate)(
                secret, scope_address(scope))
            if wait is not None:
                scope["token_wait"] = wait  # the consumers answer rate_limited
            scope["api_token"] = token
            scope["user"] = token.user if token is not None else AnonymousUser()
            if token is not None and subprotocol is not None:
                scope["accept_subprotocol"] = subprotocol
        return await super().__call__(scope, receive, send)
