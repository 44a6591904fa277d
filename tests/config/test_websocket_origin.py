from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from channels.testing import WebsocketCommunicator
from django.urls import path

from config.asgi import build_websocket_app


class AcceptConsumer(WebsocketConsumer):
    def connect(self):
        self.accept()


def connects(origin):
    app = build_websocket_app([path("ws/test/", AcceptConsumer.as_asgi())])

    async def attempt():
        communicator = WebsocketCommunicator(app, "/ws/test/", headers=[(b"origin", origin)])
        connected, _ = await communicator.connect()
        await communicator.disconnect()
        return connected

    return async_to_sync(attempt)()


def test_it_refuses_a_websocket_from_a_foreign_origin(settings, db):
    settings.ALLOWED_HOSTS = ["taverne.example"]

    assert not connects(b"http://evil.example")


def test_it_accepts_a_websocket_from_our_origin(settings, db):
    settings.ALLOWED_HOSTS = ["taverne.example"]

    assert connects(b"https://taverne.example")
