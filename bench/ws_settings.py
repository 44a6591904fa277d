"""Settings for bench/ws_tables.py: the site's settings on a throwaway SQLite file
(BENCH_SQLITE) unless DATABASE_URL is given, without DEBUG's query log."""

import os

from config.settings import *  # noqa: F403
from config.settings import DATABASE_URL, DATABASES

if not DATABASE_URL:
    DATABASES["default"]["NAME"] = os.environ["BENCH_SQLITE"]
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            # Write-ahead log: readers never wait for the writer, and commits do not
            # wait for the disk (synchronous=NORMAL is durable across crashes of the
            # application, not of the machine).
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            # Writers queue at BEGIN instead of failing to upgrade a read lock.
            "transaction_mode": "IMMEDIATE",
        }
    )
DEBUG = False  # DEBUG keeps every query in memory
LOGGING = {"version": 1, "disable_existing_loggers": False,
           "root": {"handlers": [], "level": "WARNING"}}
