"""PostgreSQL or Redis down: pages, the API and login answer a clear 503 with Retry-After,
never a 500, and the next request after the service is back is served as usual
(taverne/unavailable.py)."""

import logging
from contextlib import contextmanager
from unittest import mock

import pytest
from asgiref.sync import async_to_sync
from django.core.cache import caches
from django.db.backends.utils import CursorWrapper
from django.db.utils import InterfaceError, OperationalError
from django.test import AsyncClient, Client
from redis.exceptions import ConnectionError as RedisConnectionError

from accounts.tokens import do_create_token
from taverne.unavailable import is_unavailable
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

DOWN_FR = "Service momentanément indisponible : réessayez dans un instant."


@contextmanager
def database_down():
    """Every query fails as it does while PostgreSQL restarts (Django wraps psycopg's
    error in its own OperationalError)."""
    error = OperationalError("server closed the connection unexpectedly")
    with (mock.patch.object(CursorWrapper, "execute", side_effect=error),
          mock.patch.object(CursorWrapper, "executemany", side_effect=error)):
        yield


@contextmanager
def redis_down():
    """The cache (the rate limits: Redis in production, local memory embedded) refuses
    every call as redis-py does when Redis is down."""
    error = RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
    methods = ("get", "set", "add", "incr", "delete", "get_many", "set_many", "has_key",
               "touch")
    with mock.patch.multiple(type(caches["default"]),
                             **{name: mock.Mock(side_effect=error) for name in methods}):
        yield


def assert_unavailable_page(response):
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    html = response.content.decode()
    assert DOWN_FR in html
    assert '<html lang="fr">' in html


def test_a_page_whose_database_is_down_answers_503_in_french_then_200_when_it_is_back(
    client, caplog
):
    with database_down(), caplog.at_level(logging.WARNING):
        response = client.get("/jouer/")
    assert_unavailable_page(response)
    # An outage is no bug: one warning, no error line, no traceback.
    assert [(r.name, r.levelname) for r in caplog.records] == [
        ("taverne.unavailable", "WARNING")]
    assert not caplog.records[0].exc_info

    assert client.get("/jouer/").status_code == 200


def test_a_signed_in_player_whose_session_cannot_be_read_gets_503_not_500(alice):
    # The session and the user are read by middleware before the view: the 500 handler
    # sees the outage and answers 503 (config/urls.py's handler500).
    client = Client(raise_request_exception=False)
    client.login(username="alice", password=PASSWORD)
    with database_down():
        response = client.get("/")
    assert_unavailable_page(response)

    assert client.get("/").status_code == 200


def test_under_asgi_a_view_whose_database_is_down_answers_503_too():
    # daphne runs the async middleware chain, where Django converts an exception in
    # another thread: the middleware's process_exception must still see it.
    client = AsyncClient(raise_request_exception=False)
    with database_down():
        response = async_to_sync(client.get)("/jouer/")
    assert_unavailable_page(response)

    assert async_to_sync(client.get)("/jouer/").status_code == 200


def test_a_bug_still_answers_500(client, monkeypatch):
    client = Client(raise_request_exception=False)
    with mock.patch.object(CursorWrapper, "execute", side_effect=RuntimeError("a bug")):
        response = client.get("/jouer/")
    assert response.status_code == 500
    assert "Retry-After" not in response


def test_login_with_redis_down_answers_503_then_logs_in_when_it_is_back(alice):
    client = Client(raise_request_exception=False)
    form = {"login": "alice", "password": PASSWORD}
    with redis_down():
        response = client.post("/compte/login/", form)
    assert_unavailable_page(response)
    assert "_auth_user_id" not in client.session

    response = client.post("/compte/login/", form)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_the_api_answers_503_unavailable_in_its_error_shape_then_200(alice, caplog):
    token = do_create_token(alice, "test", ("play", "tables")).secret
    client = Client(raise_request_exception=False)
    headers = {"Authorization": f"Bearer {token}"}
    with database_down(), caplog.at_level(logging.WARNING):
        response = client.get("/api/v1/tables", headers=headers)
    assert [r.levelname for r in caplog.records] == ["WARNING"]

    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json() == {"type": "error", "code": "unavailable", "message": DOWN_FR,
                               "retry_after": 5}
    assert client.get("/api/v1/tables", headers=headers).status_code == 200


def test_a_closed_connection_or_a_cause_down_the_chain_counts_as_unavailable():
    assert is_unavailable(InterfaceError("connection already closed"))
    try:
        try:
            raise RedisConnectionError("refused")
        except RedisConnectionError as cause:
            raise RuntimeError("the rate limit could not be read") from cause
    except RuntimeError as wrapped:
        assert is_unavailable(wrapped)
    assert not is_unavailable(RuntimeError("a bug"))
    assert not is_unavailable(None)
