"""Settings for bench/ws_tables.py: the site's settings on a throwaway SQLite file
(BENCH_SQLITE) unless DATABASE_URL is given, without DEBUG's query log."""

import os

from config.settings import *  # noqa: F403
from config.settings import DATABASE_URL, DATABASES

if not DATABASE_URL:
    DATABASES["default"]["NAME"] = os.environ["BENCH_SQLITE"]
DEBUG = False  # DEBUG keeps every query in memory
LOGGING = {"version": 1, "disable_existing_loggers": False,
           "root": {"handlers": [], "level": "WARNING"}}

