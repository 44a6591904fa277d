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

if os.environ.get("BENCH_COUNT_HOPS"):
    # Count the thread hops (sync_to_async calls) by function, written at exit.
    import atexit
    import collections
    import json as _json

    from asgiref import sync as _sync

    _hops = collections.Counter()
    _original_call = _sync.SyncToAsync.__call__

    async def _counting_call(self, *args, **kwargs):
        func = getattr(self.func, "__qualname__", repr(self.func))
        _hops[f"{getattr(self.func, '__module__', '?')}.{func}"] += 1
        return await _original_call(self, *args, **kwargs)

    _sync.SyncToAsync.__call__ = _counting_call
    atexit.register(lambda: open(os.environ["BENCH_COUNT_HOPS"], "w").write(
        _json.dumps(_hops.most_common(30), indent=1)))
