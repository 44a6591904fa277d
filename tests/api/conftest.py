"""What the API's tests share: a token for a player, a client sending it."""

import pytest
from django.test import Client

from accounts.tokens import do_create_token


class ApiClient:
    """The test client with a token's ``Authorization`` header and JSON bodies."""

    def __init__(self, secret, lang=None):
        self.client = Client()
        self.headers = {"Authorization": f"Bearer {secret}"}
        if lang:
            self.headers["Accept-Language"] = lang

    def get(self, path, **params):
        return self.client.get(f"/api/v1{path}", params, headers=self.headers)

    def post(self, path, body=None):
        return self.client.post(f"/api/v1{path}", body or {}, content_type="application/json",
                                headers=self.headers)

    def put(self, path, body=None):
        return self.client.put(f"/api/v1{path}", body or {}, content_type="application/json",
                               headers=self.headers)

    def delete(self, path):
        return self.client.delete(f"/api/v1{path}", headers=self.headers)


@pytest.fixture
def api_as():
    """``api_as(alice)``: a client with a new token of ``alice`` (every scope unless
    ``scopes=`` says otherwise)."""

    def make(user, scopes=("play", "tables"), lang=None):
        return ApiClient(do_create_token(user, "test", scopes).secret, lang=lang)

    return make


@pytest.fixture(autouse=True)
def _api_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.API_REQUESTS_PER_MINUTE = 120
