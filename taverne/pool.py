"""The check psycopg's pool runs on each connection it hands out (settings' DATABASES).

After a PostgreSQL restart every idle connection of the pool is dead. psycopg's own check
(``ConnectionPool.check_connection``) finds them one request at a time, waiting 1 s, then
2 s, then 4 s between two tries: the first request after a restart waited out the pool's
timeout and failed. Here the first dead connection found has the pool check all its idle
ones at once (dead ones are replaced in the background), so that request gets a fresh
connection within milliseconds of the database being back.
"""

from __future__ import annotations

import logging

from psycopg_pool import ConnectionPool

log = logging.getLogger(__name__)


def check_connection(connection) -> None:
    """Raise if ``connection`` is broken, after having the pool check its other ones."""
    try:
        ConnectionPool.check_connection(connection)
    except Exception:
        # psycopg sets ``_pool`` on the connections a pool made (Django reads it too).
        pool = getattr(connection, "_pool", None)
        if pool is not None:
            log.warning("a pooled database connection was dead: checking the others")
            pool.check()
        raise
