"""Websocket routes of the play app (docs/protocol.md)."""

from django.urls import path, re_path

from play.socket.consumer import NoSuchTableConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    # Anything else is no table (close 4404), never the router's error (an HTTP 500).
    re_path(r"", NoSuchTableConsumer.as_asgi()),
]
