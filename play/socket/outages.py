"""A socket opened while PostgreSQL or Redis is down gets the documented answer.

The table consumer answers such an opening itself (``unavailable``, close 4503:
play/socket/consumer.py). But with PostgreSQL down the handshake fails before the consumer
runs: channels' session and authentication middleware read the session, the user or the
access token from the database first. Unguarded, that failure reaches daphne, which
answers nothing (the client waits for its own timeout) and logs an error with a
traceback. ``answer_outages`` wraps those middleware: a failure that means "a service
does not answer" (taverne/unavailable.py) before anything was sent is answered as the
consumer would, and logged as a warning. And since every database call of a daphne
process goes through one thread, an opening during an outage may wait behind the pool
timeouts of all the others: after HANDSHAKE_PATIENCE without an answer, PostgreSQL is
tried directly, and if it takes no connection the socket is answered at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from urllib.parse import parse_qs

from django.db.utils import OperationalError

from play.presentation.labels import lang_code
from play.presentation.table import render_error_fragment
from play.socket.protocol import ProtocolError
from taverne.unavailable import database_answers, is_unavailable

log = logging.getLogger(__name__)

CLOSE_TRY_AGAIN = 4503  # as the consumer's (docs/protocol.md, "Close codes")
# Seconds an opening may wait for the middleware's reads before the database is tried
# directly: past them, a PostgreSQL that takes no connection means an outage, answered
# at once rather than after the pool's wait behind every other caller.
HANDSHAKE_PATIENCE = 2.0


def answer_outages(app):
    """ASGI middleware for websockets: an outage before the socket was answered is told
    ``unavailable`` and closed with 4503, in the reader's language and format."""

    async def guarded(scope, receive, send):
        answered = False
        connected = False

        async def receiving():
            nonlocal connected
            message = await receive()
            connected = connected or message["type"] == "websocket.connect"
            return message

        async def sending(message):
            nonlocal answered
            answered = True
            await send(message)

        async def refuse(error):
            log.warning("%s: a socket could not open, a service is down (%r)",
                        scope.get("path"), error)
            if not connected:
                await receive()  # the client's handshake, before the answer
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": _refusal(scope, error)})
            await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN})

        opening = asyncio.ensure_future(app(scope, receiving, sending))
        try:
            done, _ = await asyncio.wait({opening}, timeout=HANDSHAKE_PATIENCE)
            if (not done and not answered and scope.get("type") == "websocket"
                    and not await asyncio.to_thread(database_answers)):
                # Still no answer, and PostgreSQL takes no connection: the opening waits
                # behind the outage's other callers. It is told now.
                opening.cancel()
                await refuse(OperationalError("the database takes no connection"))
                return
            await opening
        except asyncio.CancelledError:
            opening.cancel()
            raise
        except Exception as error:
            if answered or scope.get("type") != "websocket" or not is_unavailable(error):
                raise
            await refuse(error)

    return guarded


def _refusal(scope, error) -> str:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    refusal = ProtocolError.for_failure(error).as_dict(lang_code(query.get("lang", [""])[0]))
    if query.get("format", [""])[0] == "html":
        return render_error_fragment(refusal["message"])
    return json.dumps(refusal)
