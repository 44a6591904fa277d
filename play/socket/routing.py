"""Websocket routes of the play app (docs/protocol.md)."""

from urllib.parse import parse_qs

from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.urls import path, re_path
from django.utils.translation import gettext_lazy as _

from play.actions import ServiceError
from play.presentation.labels import lang_code
from play.socket.consumer import CLOSE_NOT_FOUND, TableConsumer


class NoSuchTableConsumer(AsyncJsonWebsocketConsumer):
    """Any other socket address (``/ws/tables/abc/``): refused as a missing table is,
    ``not_found`` then close 4404, rather than the router's error."""

    async def connect(self):
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        user = self.scope.get("user")
        lang = lang_code(query.get("lang", [""])[0]
                         or getattr(user, "preferred_language", None))
        await self.accept(self.scope.get("accept_subprotocol"))
        await self.send_json(
            ServiceError("not_found", _("Cette table n'existe pas.")).as_dict(lang)
        )
        await self.close(code=CLOSE_NOT_FOUND)


websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    # Anything else is no table (close 4404), never the router's error (an HTTP 500).
    re_path(r"", NoSuchTableConsumer.as_asgi()),
]
