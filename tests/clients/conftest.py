"""Fixtures of the client tests: a live daphne server (tests/play/conftest.py's) and
personal access tokens made in its database, as a player makes them on their profile."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import uuid
from urllib.parse import urlsplit

import pytest

from tests.play.conftest import ROOT, free_port, start_daphne

# Run against the server's database (the same settings as the server's process):
# a token with the scopes play and tables for each player named, printed one a line.
MAKE_TOKENS = """
import sys
import config.settings as s
if sys.argv[1] != "-":
    s.DATABASES = {"default": {**s.DATABASES["default"], "NAME": sys.argv[1]}}
import django
django.setup()
from accounts.models import User
from accounts.tokens import do_create_token
for name in sys.argv[2:]:
    user = User.objects.get(username=name)
    print(do_create_token(user, "client test", ["play", "tables"]).secret)
"""


@contextlib.contextmanager
def own_postgres_database(suffix: str):
    """On PostgreSQL, a database of the server's own beside DATABASE_URL's (made, then
    dropped): the server migrates and writes it as `make run` would, touching nothing of
    the tests' database or an earlier run's."""
    import psycopg

    url = urlsplit(os.environ["DATABASE_URL"])
    name = f"{url.path.lstrip('/')}_client_{suffix}"
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("DATABASE_URL", url._replace(path=f"/{name}").geturl())
            yield
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(keep_db_url: bool) -> dict:
    drop = ("REDIS_URL",) if keep_db_url else ("DATABASE_URL", "REDIS_URL")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env["PYTHONPATH"] = str(ROOT)
    return env


@pytest.fixture(scope="module")
def taverne_server(tmp_path_factory):
    """A real server (bots move at once) and two players with verified e-mail addresses
    and a token each: ``(base_url, [token, token], server_log)``."""
    folder = tmp_path_factory.mktemp("client")
    on_postgres = bool(os.environ.get("DATABASE_URL"))
    database = "-" if on_postgres else str(folder / "db.sqlite3")
    suffix = uuid.uuid4().hex[:6]
    names = (f"carla{suffix}", f"dmitri{suffix}")
    port = free_port()
    log = folder / "daphne.log"
    with own_postgres_database(suffix) if on_postgres else contextlib.nullcontext():
        process = start_daphne(database, port, log, users=names, keep_db_url=on_postgres)
        try:
            made = subprocess.run(
                [sys.executable, "-c", MAKE_TOKENS, database, *names], cwd=ROOT,
                env=server_env(on_postgres), capture_output=True, text=True, timeout=120,
            )
            assert made.returncode == 0, made.stderr[-2000:]
            yield f"http://127.0.0.1:{port}", made.stdout.split(), log
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
