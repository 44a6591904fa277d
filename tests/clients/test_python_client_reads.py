"""The example client's reads for coming back (its account, the tables waiting on it, the
hands it missed), answered by the site itself in this process: the client's calls go
through Django's test client instead of the network."""

from __future__ import annotations

import importlib.util

import pytest

from accounts.tokens import do_create_token
from economy.chips import caves
from play.actions import do_act, do_add_bot, do_create_table, do_join
from play.models import Game
from tests.api.conftest import ApiClient
from tests.play.conftest import ROOT

CLIENT = ROOT / "clients" / "python" / "taverne_client.py"
spec = importlib.util.spec_from_file_location("taverne_client", CLIENT)
taverne_client = importlib.util.module_from_spec(spec)
spec.loader.exec_module(taverne_client)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_clocks(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


class InProcessClient(taverne_client.TaverneClient):
    """The client, its requests answered by this process's site; ``paths``: those asked."""

    def __init__(self, user, scopes=("play", "tables")):
        super().__init__("http://testserver", token="")
        self.api = ApiClient(do_create_token(user, "client", list(scopes)).secret)
        self.paths = []

    def request(self, method, path, body=None, tries=3):
        assert method == "GET"
        self.paths.append(path)
        response = self.api.client.get(f"/api/v1{path}", headers=self.api.headers)
        if response.status_code >= 400:
            raise taverne_client.ApiError(response.status_code, response.json())
        return response.json()


def test_games_since_reads_every_page_of_the_hands_missed_newest_first(alice, bob):
    table = do_create_table(None, "ramponneau", seat_count=3,
                            options={"small_blind": 1, "big_blind": 2})
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    for _ in range(4):  # the first to act folds: the hand ends, the next is dealt
        game = table.current_game()
        do_act(game, table.seats.get(position=game.state["actor"]).user, {"type": "fold"},
               None)
    hands = list(Game.objects.filter(table=table).order_by("-pk"))
    client = InProcessClient(alice)

    missed = client.games_since(table.pk, since=hands[-1].pk, page=2)

    assert [g["game_id"] for g in missed] == [h.pk for h in hands[:-1]]
    assert [g["status"] for g in missed] == ["playing"] + ["finished"] * 3
    assert len(client.paths) == 2 and f"before={hands[1].pk}" in client.paths[1]


def test_the_client_reads_its_account_and_the_tables_waiting_on_its_move(alice, bob):
    waiting_on_alice = do_create_table(bob, "ascenseur", seat_count=3)
    do_join(waiting_on_alice, alice)  # alice at 1 bids first
    do_add_bot(waiting_on_alice, bob)
    do_create_table(alice, "ascenseur", seat_count=3)
    client = InProcessClient(alice, scopes=("play",))

    account = client.account()
    mine = client.my_tables(turn_mine=True)

    assert account["username"] == "alice" and account["token"]["scopes"] == ["play"]
    assert [t["id"] for t in mine] == [waiting_on_alice.pk]
    assert len(client.my_tables()) == 2
