"""What a program reads when it starts again: who it is and what it holds (GET /account),
the tables waiting on it (GET /account/tables), the hands that ended while it was away
(GET /tables/{id}/games)."""

from datetime import datetime, timedelta

import pytest
from allauth.account.models import EmailAddress
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.tokens import do_create_token
from economy import ledger
from economy.chips import caves
from economy.interface import purse
from economy.models import Currency
from play.actions import do_act, do_add_bot, do_create_table, do_join, do_leave, do_resign
from play.actions.rematch import do_rematch
from play.models import Game, Table
from play.presentation.view import view_for
from tests.api.conftest import ApiClient

pytestmark = pytest.mark.django_db


def running_table(host, guest):
    """Ascenseur at three, ``host`` at 0, ``guest`` at 1, a bot at 2: seat 1 bids first."""
    table = do_create_table(host, "ascenseur", seat_count=3)
    do_join(table, guest)
    do_add_bot(table, host)
    return Table.objects.get(pk=table.pk)


def chip_table(alice, bob, visibility="public", **options):
    """Ramponneau for écus, nobody's, alice and bob caved: the first hand is dealt."""
    table = do_create_table(None, "ramponneau", seat_count=3, visibility=visibility,
                            options={"small_blind": 1, "big_blind": 2, **options})
    caves.do_cave(table, alice, 100, request_key="a", may_sit=True)
    caves.do_cave(table, bob, 100, request_key="b", may_sit=True)
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
    monkeypatch.setattr("api.limits.clock", lambda: 1_800_000_015.0)  # 45 s left in the minute
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


# ----- GET /account/tables --------------------------------------------------------------


def listed(api, **params):
    return {t["id"]: t for t in api.get("/account/tables", **params).json()["tables"]}


def test_my_tables_are_those_i_sit_at_or_own_and_no_others(alice, bob, charlie, api_as):
    mine = do_create_table(alice, "ascenseur", seat_count=3)
    joined = running_table(bob, alice)
    left_by_me = do_create_table(alice, "ascenseur", seat_count=4, visibility="unlisted")
    do_join(left_by_me, bob)
    do_leave(left_by_me, alice)  # still alice's, bob waits there
    do_create_table(charlie, "ascenseur", seat_count=3)
    closed = do_create_table(alice, "ascenseur", seat_count=3)
    do_leave(closed, alice)

    tables = listed(api_as(alice))

    assert set(tables) == {mine.pk, joined.pk, left_by_me.pk}
    assert (tables[mine.pk]["you"], tables[mine.pk]["host"]) == (0, True)
    assert (tables[joined.pk]["you"], tables[joined.pk]["host"]) == (1, False)
    assert (tables[left_by_me.pk]["you"], tables[left_by_me.pk]["host"]) == (None, True)
    invitation = tables[left_by_me.pk]["invitation"]
    assert api_as(alice).get(f"/tables/{left_by_me.pk}", invitation=invitation).json()[
        "view"]["you"] is None  # she watches the table she left
    assert tables[joined.pk]["status"] == "playing"
    assert tables[joined.pk]["game_id"] == joined.current_game().pk
    assert tables[mine.pk]["game_id"] is None and tables[mine.pk]["status"] == "waiting"


def test_turn_mine_lists_only_the_tables_waiting_on_me(alice, bob, api_as):
    my_turn = running_table(bob, alice)  # alice at 1: she bids first
    their_turn = running_table(alice, bob)  # bob at 1 bids first
    do_create_table(alice, "ascenseur", seat_count=3)  # no game yet
    api = api_as(alice)

    everything = listed(api)
    waiting_on_me = listed(api, turn="mine")

    assert set(waiting_on_me) == {my_turn.pk}
    assert waiting_on_me[my_turn.pk]["your_turn"] is True
    assert waiting_on_me[my_turn.pk]["actor"] == 1
    assert everything[their_turn.pk]["your_turn"] is False
    assert everything[their_turn.pk]["actor"] == 1
    assert next(iter(everything)) == my_turn.pk  # my turns first


def test_my_tables_give_the_deadline_as_the_view_does(alice, bob, api_as):
    table = running_table(bob, alice)

    body = api_as(alice).get("/account/tables").json()

    game = table.current_game()
    assert game.deadline is not None
    assert body["tables"][0]["deadline"] == view_for(game, alice)["deadline"]
    assert body["tables"][0]["sequence"] == Table.objects.get(pk=table.pk).sequence
    assert abs(datetime.fromisoformat(body["server_time"]) - timezone.now()) < timedelta(
        seconds=5)


def test_a_finished_table_stays_a_day_then_only_while_its_rematch_is_open(alice, bob,
                                                                          api_as):
    table = running_table(alice, bob)
    game = do_resign(table, alice)
    api = api_as(bob)
    finished = listed(api)[table.pk]
    assert finished["status"] == "finished" and finished["game_status"] == "finished"
    assert finished["actor"] is None and finished["rematch_table_id"] is None

    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() - timedelta(hours=25))
    assert table.pk not in listed(api)

    rematch = do_rematch(table, alice)
    assert listed(api)[table.pk]["rematch_table_id"] == rematch.pk


def test_listing_my_tables_costs_the_same_queries_for_two_tables_or_six(alice, bob, api_as):
    api = api_as(alice)
    api.get("/account/tables")  # the token's first use is written down once

    def queries_for_the_list():
        with CaptureQueriesContext(connection) as context:
            assert api.get("/account/tables").status_code == 200
        return len(context)

    running_table(bob, alice)
    do_create_table(alice, "ascenseur", seat_count=3)
    few = queries_for_the_list()
    for _ in range(2):
        running_table(bob, alice)
        running_table(alice, bob)
    assert len(listed(api)) == 6

    assert queries_for_the_list() == few


# ----- GET /tables/{id}/games -----------------------------------------------------------


def games(api, table, **params):
    response = api.get(f"/tables/{table.pk}/games", **params)
    assert response.status_code == 200, response.json()
    return response.json()


def test_games_since_are_the_hands_after_it_newest_first_and_no_other_tables(alice, bob,
                                                                             charlie,
                                                                             api_as):
    table = chip_table(alice, bob)
    fold_hands(table, 1)
    running_table(charlie, bob)  # a game of another table, its id between this table's
    hands = fold_hands(table, 2)  # three finished, the fourth dealt
    api = api_as(alice)

    body = games(api, table, since=hands[0].pk)

    assert [g["game_id"] for g in body["games"]] == [h.pk for h in hands[:0:-1]]
    assert body["more"] is False
    dealt, last_over = body["games"][0], body["games"][1]
    assert (dealt["status"], dealt["result"], dealt["archive"]) == ("playing", None, None)
    assert last_over["status"] == "finished" and last_over["number"] == 3
    assert last_over["result"] == Game.objects.get(pk=last_over["game_id"]).result
    assert last_over["you"] == table.seats.get(user=alice).position
    archive = api.client.get(last_over["archive"], headers=api.headers)
    assert archive.status_code == 200 and archive.json()["game_id"] == last_over["game_id"]


def test_a_page_of_games_says_more_and_before_fetches_the_older_ones(alice, bob, api_as):
    table = chip_table(alice, bob)
    hands = fold_hands(table, 3)
    api = api_as(bob)

    first = games(api, table, limit=3)
    rest = games(api, table, limit=3, before=first["games"][-1]["game_id"])

    assert [g["game_id"] for g in first["games"]] == [h.pk for h in hands[:0:-1]]
    assert first["more"] is True
    assert [g["game_id"] for g in rest["games"]] == [hands[0].pk]
    assert rest["more"] is False


@pytest.mark.parametrize("params", [{"limit": 0}, {"limit": 101}, {"since": -1},
                                    {"before": 2**63}])
def test_games_out_of_bounds_are_a_bad_request(alice, api_as, params):
    table = do_create_table(alice, "ascenseur", seat_count=3)

    response = api_as(alice).get(f"/tables/{table.pk}/games", **params)

    assert response.status_code == 400 and response.json()["code"] == "bad_request"


def test_an_outsider_of_an_unlisted_table_gets_its_games_only_with_the_invitation(
        alice, bob, charlie, api_as):
    table = chip_table(alice, bob, visibility="unlisted")
    hands = fold_hands(table, 1)
    api = api_as(charlie)

    refused = api.get(f"/tables/{table.pk}/games")
    invited = games(api, table, invitation=table.invite_token)

    assert refused.status_code == api.get(f"/tables/{table.pk}").status_code == 404
    assert refused.json()["code"] == "not_found"
    assert [g["game_id"] for g in invited["games"]] == [h.pk for h in reversed(hands)]
    assert {g["you"] for g in invited["games"]} == {None}


def test_a_former_player_reads_the_games_they_were_dealt_in_and_no_later_one(alice, bob,
                                                                            charlie,
                                                                            api_as):
    table = chip_table(alice, bob, visibility="unlisted")
    fold_hands(table, 1)
    api = api_as(alice)
    assert api.post(f"/tables/{table.pk}/cash-out").json()["pending"] is True
    played = fold_hands(table, 1)  # alice's last hand ends: she is paid and gone
    EmailAddress.objects.filter(user=charlie).update(verified=True)
    ledger.post(charlie, Currency.ECUS, 500, reason="adjustment", key="c")
    caves.do_cave(table, charlie, 100, request_key="c", may_sit=True)  # bob and charlie's
    later = table.current_game()

    body = games(api, table)

    assert api.get(f"/tables/{table.pk}").status_code == 404
    assert [g["game_id"] for g in body["games"]] == [h.pk for h in reversed(played)]
    assert later.pk not in [g["game_id"] for g in body["games"]]
    archive = api.client.get(body["games"][0]["archive"], headers=api.headers)
    assert archive.status_code == 200 and archive.json()["you"] is not None


# ----- POST /tables/{id}/cash-out -------------------------------------------------------


def test_a_cash_out_during_a_hand_names_the_hand_whose_end_pays_it(alice, bob, api_as):
    table = chip_table(alice, bob)
    hand = table.current_game()
    before = ledger.balance(alice, Currency.ECUS)
    api = api_as(alice)

    pending = api.post(f"/tables/{table.pk}/cash-out").json()
    assert pending == {"paid": None, "pending": True, "game_id": hand.pk}
    assert ledger.balance(alice, Currency.ECUS) == before

    fold_hands(table, 1)

    ended = games(api, table, since=hand.pk - 1)["games"]
    assert [(g["game_id"], g["status"]) for g in ended] == [(hand.pk, "finished")]
    assert ledger.balance(alice, Currency.ECUS) > before
