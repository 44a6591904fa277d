"""What a program reads when it starts again: who it is and what it holds (GET /account),
the tables waiting on it (GET /account/tables), the hands that ended while it was away
(GET /tables/{id}/games)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tokens import do_create_token
from economy import ledger
from economy.chips import caves
from economy.interface import purse
from economy.models import Currency
from play.actions import do_act, do_create_table
from play.models import Game, Table
from tests.api.conftest import ApiClient

pytestmark = pytest.mark.django_db


def chip_table(alice, bob, **options):
    """Ramponneau for écus, nobody's, alice and bob caved: the first hand is dealt."""
    table = do_create_table(None, "ramponneau", seat_count=3,
                            options={"small_blind": 1, "big_blind": 2, **options})
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    return Table.objects.get(pk=table.pk)


def fold_hands(table, count):
    """Play ``count`` hands of a chip table, the first to act folding each: the hands end
    and the next are dealt at once."""
    for _ in range(count):
        game = table.current_game()
        seat = table.seats.get(position=game.state["actor"])
        do_act(game, seat.user, {"type": "fold"}, None)
    return list(Game.objects.filter(table=table).order_by("number"))


# ----- GET /account ---------------------------------------------------------------------


def test_account_says_who_i_am_and_what_this_token_may_do(alice, api_as):
    alice.display_name, alice.is_bot_account = "Alice la Rusée", True
    alice.save()
    expires = timezone.now() + timedelta(days=7)
    new = do_create_token(alice, "robot", ["play"], expires_at=expires)

    body = ApiClient(new.secret).get("/account").json()

    assert (body["username"], body["display_name"], body["program"]) == (
        "alice", "Alice la Rusée", True)
    assert body["token"]["scopes"] == ["play"] and body["token"]["name"] == "robot"
    assert body["token"]["prefix"] == new.token.prefix
    assert body["token"]["expires_at"] == expires.isoformat()
    assert api_as(alice).get("/account").json()["token"]["expires_at"] is None


def test_account_counts_this_request_in_the_rate_limit(alice, api_as, settings,
                                                       monkeypatch):
    settings.API_REQUESTS_PER_MINUTE = 10
    monkeypatch.setattr("api.auth.clock", lambda: 1_800_000_015.0)  # 45 s left in the minute
    api = api_as(alice)
    api.get("/games")
    api.get("/games")

    rate = api.get("/account").json()["rate_limit"]

    assert rate == {"limit": 10, "used": 3, "remaining": 7, "reset_seconds": 45}


def test_account_shows_the_purse_the_profile_shows(alice, api_as):
    ledger.post(alice, Currency.HANDS, 5, reason="hand_pack", key="gift")

    wallet = api_as(alice).get("/account").json()["wallet"]

    held = purse(alice)
    assert wallet["ecus"] == ledger.balance(alice, Currency.ECUS) > 0
    assert wallet["hand_credits"] == 5 and wallet["tokens"] == held.tokens
    assert wallet["hands_today"] == [
        {"game": h.game_slug, "allowance": h.allowance, "free_left": h.free_left,
         "level_ok": h.level_ok} for h in held.hands_today]
    assert any(h["game"] == "ramponneau" for h in wallet["hands_today"])


def test_hands_left_today_go_down_as_hands_are_dealt(alice, bob, api_as):
    before = {h["game"]: h["free_left"]
              for h in api_as(alice).get("/account").json()["wallet"]["hands_today"]}

    fold_hands(chip_table(alice, bob), 2)  # the third hand is being dealt: three counted

    after = {h["game"]: h["free_left"]
             for h in api_as(alice).get("/account").json()["wallet"]["hands_today"]}
    assert after["ramponneau"] == before["ramponneau"] - 3
