"""How the table socket reads its channel-layer messages (a mixin of
play/socket/consumer.py's ``TableConsumer``): through Redis outages, and with this
process's own messages in turn with the layer's."""

from __future__ import annotations

import asyncio
import logging

from taverne.backoff import Backoff
from taverne.unavailable import is_unavailable

# The table socket's lines, whichever of its modules writes them.
log = logging.getLogger("play.socket.consumer")

# The longest wait between two reads of a failing channel layer: once Redis is back, a
# socket hears the other processes' notices again within this time (its group
# membership comes back with the next re-check, PLAY_SOCKET_RECHECK_SECONDS).
LAYER_RETRY_MOST = 2.0


class LayerInbox:
    # channels' consumer reads its channel-layer messages through ``channel_receive``, set
    # in ``__call__`` just before its loop starts. Two things are added to that read:
    # - Redis down does not end the socket. Unguarded, a Redis restart makes the read raise
    #   and the socket dies with 1011 (internal error) and reconnects, hundreds at once.
    #   Guarded, the read waits for Redis (0.5 s doubling to LAYER_RETRY_MOST) and the
    #   socket stays open: what it missed meanwhile comes from the re-check, which also
    #   renews its group membership on the new Redis (play/socket/watch.py).
    # - This process's own messages to the socket (``deliver_here``: the re-check's
    #   catch-up, a lost broadcast made good) come through an in-process inbox, never
    #   through Redis, and are handled in turn with the layer's, never beside them.
    @property
    def channel_receive(self):
        return self._channel_receive

    @channel_receive.setter
    def channel_receive(self, receive):
        self._channel_receive = self._with_inbox(self._outliving_outages(receive))

    def deliver_here(self, message: dict) -> None:
        """Hand this socket a message from its own process (the event loop's thread): it
        is handled as a channel-layer message would be, with Redis up or down."""
        self._inbox().put_nowait(message)

    def _inbox(self) -> asyncio.Queue:
        inbox = self.__dict__.get("inbox")
        if inbox is None:
            inbox = self.inbox = asyncio.Queue()
        return inbox

    def _with_inbox(self, receive):
        inbox = self._inbox()
        reading = None  # the layer's read in progress, kept across calls (never dropped)

        async def receive_from_either():
            nonlocal reading
            if not inbox.empty():
                return inbox.get_nowait()
            if reading is None:
                reading = asyncio.ensure_future(receive())
            local = asyncio.ensure_future(inbox.get())
            try:
                await asyncio.wait({reading, local}, return_when=asyncio.FIRST_COMPLETED)
            except asyncio.CancelledError:  # the socket ends
                local.cancel()
                reading.cancel()
                raise
            if local.done():
                return local.result()  # a finished read waits for the next call
            local.cancel()  # an item it had not taken yet stays in the inbox
            done, reading = reading, None
            return done.result()

        return receive_from_either

    def _outliving_outages(self, receive):
        async def receive_when_the_layer_answers():
            backoff = Backoff(most=LAYER_RETRY_MOST)
            while True:
                try:
                    return await receive()
                except Exception as error:
                    if not is_unavailable(error):
                        raise
                    wait = backoff.failed()
                    log.warning("table %s: the channel layer failed (%r); reading it again "
                                "in %s s", getattr(self, "table_id", "?"), error, wait)
                    await asyncio.sleep(wait)

        return receive_when_the_layer_answers
