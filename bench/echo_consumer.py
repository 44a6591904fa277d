"""The benchmark's yardstick: a plain Channels echo consumer, served by the same daphne
process as the tables (bench/ws_tables.py starts `bench.echo_consumer:application`).

It is the project's real ASGI application with one more websocket route,
`/ws/echo/`, so both measurements go through the same server, origin check and auth
middleware; it exists only for the benchmark and is never routed in the site.
"""

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import ProtocolTypeRouter
from django.urls import path

from config.asgi import build_websocket_app, django_asgi_app
from play.clock.scheduler import with_inprocess_scheduler
from play.socket.routing import websocket_urlpatterns


class EchoConsumer(AsyncWebsocketConsumer):
    async def receive(self, text_data=None, bytes_data=None):
        await self.send(text_data=text_data)


application = with_inprocess_scheduler(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": build_websocket_app(
                [path("ws/echo/", EchoConsumer.as_asgi()), *websocket_urlpatterns]
            ),
        }
    )
)
