"""After a PostgreSQL restart the first requests succeed: the pool throws away the dead
connections when it hands them out (taverne/pool.py), instead of failing one request for
each. PostgreSQL only (CI's second stage): the restart is every backend of the test
database terminated, which is what a restart does to the pool's connections."""

import psycopg
import pytest
from django.db import close_old_connections, connection

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the pool is PostgreSQL's"),
]


def restart_the_database():
    """Terminate every connection to this test database (and to no other)."""
    params = connection.settings_dict
    with psycopg.connect(host=params["HOST"], port=params["PORT"] or None,
                         user=params["USER"], password=params["PASSWORD"],
                         dbname=params["NAME"], autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


def get(client, path):
    status = client.get(path).status_code
    close_old_connections()  # as at the end of every request: back to the pool
    return status


def test_the_first_requests_after_a_database_restart_succeed(client):
    assert [get(client, "/jouer/") for _ in range(4)] == [200] * 4  # the pool holds some

    restart_the_database()

    assert [get(client, "/jouer/") for _ in range(8)] == [200] * 8
