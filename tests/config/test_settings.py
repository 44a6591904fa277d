from config.settings import parse_database_url
from taverne.pool import check_connection


def test_it_parses_a_postgres_database_url():
    database = parse_database_url("postgres://taverne:s%40cret@db.example:5433/taverne")

    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["NAME"] == "taverne"
    assert database["USER"] == "taverne"
    assert database["PASSWORD"] == "s@cret"
    assert database["HOST"] == "db.example"
    assert database["PORT"] == "5433"
    # A pool that checks the connections it hands out and waits 5 s at most for one
    # (docs/operations.md, "When a component fails").
    assert database["OPTIONS"] == {"pool": {"check": check_connection, "timeout": 5}}
    assert database["CONN_HEALTH_CHECKS"] is True
    assert database["CONN_MAX_AGE"] == 0


def test_it_refuses_a_database_url_of_another_kind():
    import pytest

    with pytest.raises(ValueError, match="unsupported scheme"):
        parse_database_url("mysql://u:p@h/db")
