"""The example client (clients/python/) plays whole games of the five games against a live
server, as a user runs it: a subprocess given only the server's address and tokens, using
the HTTP API and the table's socket with random legal moves."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import requests

from tests.play.conftest import ROOT

CLIENT = ROOT / "clients" / "python" / "taverne_client.py"
# It reaches the backends itself: its daphne serves DATABASE_URL's database when set. Whole
# games through a server of their own: with the slow checks (both runs).
pytestmark = [pytest.mark.backend, pytest.mark.slow]

# Short games: the fewest moves each game allows (L'Ascenseur's deals are set by its seats:
# seven players deal 1 to 7 cards and back, 13 deals; three would deal 33).
GAMES = {
    "all-fours": ["--seats", "2"],
    "remigio": ["--seats", "2", "--option", "two_players=true", "--option", "limit=100",
                "--option", "max_rounds=1"],
    "ascenseur": ["--seats", "7"],
    # Played for écus, where bots never sit: the two players play each other, three hands,
    # then cash out. Small blinds, so that a cave is 80 écus of the 1000 a player starts with.
    "ramponneau": ["--games", "3", "--option", "small_blind=2", "--option", "big_blind=4"],
    "ambigu": ["--games", "3"],
}


def run_client(server, tokens, game, extra, timeout=300):
    """The client as a user runs it; one token is given as $TAVERNE_TOKEN, several as
    --token each."""
    command = [sys.executable, str(CLIENT), "--server", server, "--game", game, "--json",
               "--seed", "20"]
    env = dict(os.environ)
    if len(tokens) == 1:
        env["TAVERNE_TOKEN"] = tokens[0]
    else:
        env.pop("TAVERNE_TOKEN", None)
        for token in tokens:
            command += ["--token", token]
    return subprocess.run(command + extra, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.parametrize("game", ["all-fours", "remigio", "ascenseur", "ramponneau", "ambigu"])
def test_the_client_plays_whole_games_with_a_token_the_api_and_the_socket(taverne_server, game):
    server, tokens, server_log = taverne_server
    chips = game in ("ramponneau", "ambigu")
    players = tokens if chips else tokens[:1]  # bots take the other places

    run = run_client(server, players, game, GAMES[game])

    said = f"{run.stderr[-3000:]}\n--- server:\n{server_log.read_text()[-3000:]}"
    assert run.returncode == 0, said
    report = json.loads(run.stdout.splitlines()[-1])
    assert report["errors"] == []
    [table] = report["tables"]
    played = table["games"]
    assert len(played) >= (3 if chips else 1)
    for finished in played:
        # The archive answers the finished game to the player, through the API.
        answer = requests.get(f"{server}/api/v1/archives/{finished['game_id']}", timeout=30,
                              headers={"Authorization": f"Bearer {tokens[0]}"})
        assert answer.status_code == 200, answer.text
        archive = answer.json()
        assert archive["game"] == game and archive["ending"] == ""
        assert archive["result"]["winners"], archive["result"]
        assert archive["step"] == archive["total"] > 0
    state = requests.get(f"{server}/api/v1/tables/{table['table_id']}", timeout=30,
                         headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    if chips:  # both cashed out: no hand is dealt any more
        assert state["view"]["status"] != "playing"
        assert state["view"]["you"] is None
        # The hands it played are the table's games, each finished with its archive.
        hands = requests.get(f"{server}/api/v1/tables/{table['table_id']}/games", timeout=30,
                             headers={"Authorization": f"Bearer {tokens[0]}"}).json()
        listed = {g["game_id"]: g for g in hands["games"]}
        for finished in played:
            assert listed[finished["game_id"]]["result"] == finished["result"]
            assert listed[finished["game_id"]]["archive"].endswith(f"/{finished['game_id']}")
    else:
        assert state["view"]["status"] == "finished"
        assert state["view"]["result"] == played[0]["result"]
