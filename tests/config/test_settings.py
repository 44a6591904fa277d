from config.settings import parse_database_url


def test_it_parses_a_postgres_database_url():
    database = parse_database_url("postgres://taverne:s%40cret@db.example:5433/taverne")

    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["NAME"] == "taverne"
    assert database["USER"] == "taverne"
    assert database["PASSWORD"] == "s@cret"
    assert database["HOST"] == "db.example"
    assert database["PORT"] == "5433"
    assert database["OPTIONS"] == {"pool": True}
    assert database["CONN_MAX_AGE"] == 0


def test_it_refuses_a_database_url_of_another_kind():
    import pytest

    with pytest.raises(ValueError, match="unsupported scheme"):
        parse_database_url("mysql://u:p@h/db")
