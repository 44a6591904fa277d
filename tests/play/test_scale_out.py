"""Two daphne processes share a table through Redis: a move made by a client of one
reaches a client of the other. Runs where the production backends are (CI sets
DATABASE_URL and REDIS_URL)."""

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from play.actions import do_add_bot, do_create_table, do_join
from play.clock.scheduler import run_due

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")),
        reason="needs PostgreSQL and Redis (set DATABASE_URL and REDIS_URL, as CI does)",
    ),
]


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def servers_database_url():
    """The test database (the one pytest-django created), as a URL for the servers."""
    db = connection.settings_dict
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


@pytest.fixture
def two_servers():
    env = {
        **os.environ,
        "DATABASE_URL": servers_database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "PLAY_INPROCESS_SCHEDULER": "0",
    }
    ports = [free_port(), free_port()]
    servers = [
        subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
             "config.asgi:application"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        for port in ports
    ]
    try:
        for port, server in zip(ports, servers, strict=True):
            deadline = time.monotonic() + 30
            while True:
                if server.poll() is not None:
                    raise AssertionError(server.stderr.read().decode()[-2000:])
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise AssertionError("daphne did not start") from None
                    time.sleep(0.1)
        yield ports
    finally:
        # Killed, not given daphne's 10 s to close its sockets: what happens at a
        # restart is tests/play/test_restart.py's and the fault run's.
        for server in servers:
            server.kill()
        for server in servers:
            server.wait(timeout=10)


def session_cookie(user):
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def test_a_move_on_one_process_reaches_a_client_of_the_other(alice, bob, two_servers):
    import websockets

    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    for _ in range(10):  # let the bot play until a human is to act
        game = table.current_game()
        if game.state["actor"] in (0, 1):
            break
        run_due()
    actor = game.state["actor"]
    action = table.engine.legal_actions(game.state)[0]
    cookies = {0: session_cookie(alice), 1: session_cookie(bob)}
    port_of = {actor: two_servers[0], 1 - actor: two_servers[1]}

    async def scenario():
        async def open_seat(position):
            origin = f"http://127.0.0.1:{port_of[position]}"
            ws = await websockets.connect(
                f"ws://127.0.0.1:{port_of[position]}/ws/tables/{table.pk}/",
                origin=origin,
                additional_headers={"Cookie": f"sessionid={cookies[position]}"},
            )
            first = json.loads(await asyncio.wait_for(ws.recv(), 5))
            assert first["type"] == "state" and first["view"]["you"] == position
            return ws, first

        mover, seen = await open_seat(actor)
        watcher, _ = await open_seat(1 - actor)
        await mover.send(json.dumps({"type": "act", "action": action,
                                     "version": seen["version"], "game_id": seen["game_id"],
                                     "id": "scale-out"}))
        while True:
            message = json.loads(await asyncio.wait_for(watcher.recv(), 10))
            if message["type"] == "state" and message["version"] > seen["version"]:
                break
        await mover.close()
        await watcher.close()
        return message

    message = asyncio.run(scenario())

    assert message["view"]["you"] == 1 - actor
    assert game.actions.filter(client_id="scale-out").count() == 1


def test_each_process_shows_every_version_of_a_game_played_across_both(
    alice, bob, charlie, two_servers
):
    """Moves made alternately through each process: after every move, every seat on
    either process is shown that very version, with its own hand as the log replays it
    (a process's cached snapshot never shows an older or another process's position)."""
    import websockets

    from play.models import Game

    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_join(table, charlie)
    users = {0: alice, 1: bob, 2: charlie}
    cookies = {p: session_cookie(u) for p, u in users.items()}
    port_of = {0: two_servers[0], 1: two_servers[1], 2: two_servers[0]}

    def truth(version):
        try:
            game = table.current_game()
            assert game.version == version
            return game.state
        finally:
            connection.close()  # this thread's own connection, or teardown waits on it

    async def scenario():
        sockets, latest = {}, {}
        for position in users:
            port = port_of[position]
            sockets[position] = await websockets.connect(
                f"ws://127.0.0.1:{port}/ws/tables/{table.pk}/",
                origin=f"http://127.0.0.1:{port}",
                additional_headers={"Cookie": f"sessionid={cookies[position]}"},
            )

        async def shown(position, at_least):
            while True:
                message = json.loads(await asyncio.wait_for(sockets[position].recv(), 10))
                if message["type"] == "state" and message["version"] >= at_least:
                    return message

        for position in users:
            latest[position] = await shown(position, 0)
        versions_seen = {p: [] for p in users}
        for move in range(12):
            view = latest[0]["view"]
            actor = view["actor"]
            own = latest[actor]["view"]
            await sockets[actor].send(json.dumps({
                "type": "act", "action": own["legal_actions"][0],
                "version": own["version"], "game_id": own["game_id"], "id": f"m{move}",
            }))
            target = own["version"] + 1
            for position in users:
                latest[position] = await shown(position, target)
                versions_seen[position].append(latest[position]["version"])
            state = await asyncio.to_thread(truth, latest[0]["version"])
            for position in users:
                assert latest[position]["version"] == latest[0]["version"]
                assert latest[position]["view"]["hand"] == state["hands"][position]
        for ws in sockets.values():
            await ws.close()
        return versions_seen

    versions_seen = asyncio.run(scenario())

    assert versions_seen[1] == versions_seen[0] == versions_seen[2]
    assert Game.objects.get(table=table).actions.filter(client_id__startswith="m").count() == 12
