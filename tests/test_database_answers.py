"""``database_answers``: PostgreSQL tried directly, beside the pool (taverne/unavailable.py)."""

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections

from taverne.unavailable import database_answers


@pytest.mark.django_db
def test_the_database_answers_when_it_is_up():
    assert database_answers()


@pytest.mark.django_db
def test_a_database_that_refuses_connections_does_not_answer(settings, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite is never down")
    wrapper = connections[DEFAULT_DB_ALIAS]
    params = wrapper.get_connection_params() | {"port": 1}  # nothing listens there
    monkeypatch.setattr(type(wrapper), "get_connection_params", lambda self: params)
    assert not database_answers(timeout=1)
