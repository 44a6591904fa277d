"""Websocket routes of the play app (docs/protocol.md)."""

from django.urls import path

from play.socket.consumer import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]
