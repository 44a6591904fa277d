"""Each endpoint of /api/v1/ by what it does for alice, bob and charlie: the same services
as the pages, the same refusals, a seat's view and nothing more."""

import json

import pytest
from django.test import Client

from accounts.models import ApiToken
from economy import interface as economy
from economy import ledger
from economy.interface import keeper_options
from economy.models import Currency
from play.actions import do_act, do_add_bot, do_create_table, do_join, do_resign
from play.models import Game, Seat, Table
from play.presentation.archive import actions_of, state_at
from play.presentation.view import view_for

pytestmark = pytest.mark.django_db


def running_table(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    return Table.objects.get(pk=table.pk)


def without_clock(view):
    return {k: v for k, v in view.items() if k != "server_time"}


# ----- authentication, scopes, rate limits --------------------------------------------


def test_it_refuses_a_request_without_a_token(client, db):
    response = client.get("/api/v1/tables")

    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_a_token_without_the_tables_scope_may_not_create_a_table(alice, api_as):
    response = api_as(alice, scopes=["play"]).post("/tables", {"game": "ascenseur"})

    assert response.status_code == 403
    assert response.json()["code"] == "scope_missing"
    assert not Table.objects.exists()


def test_it_says_no_in_english_when_asked(alice, api_as):
    response = api_as(alice, scopes=["play"], lang="en").post("/tables", {"game": "ascenseur"})

    assert "This token" in response.json()["message"]


def test_too_many_requests_are_refused_with_retry_after(alice, api_as, settings, monkeypatch):
    settings.API_REQUESTS_PER_MINUTE = 3
    monkeypatch.setattr("api.limits.clock", lambda: 1_800_000_015.0)  # one minute's window
    api = api_as(alice)
    for _ in range(3):
        assert api.get("/games").status_code == 200

    response = api.get("/games")

    assert response.status_code == 429
    body = response.json()
    assert body["code"] == "rate_limited"
    assert body["retry_after"] == 45
    assert response["Retry-After"] == str(body["retry_after"])


def test_the_rate_limit_is_the_accounts_over_all_its_tokens(alice, bob, api_as, settings,
                                                            monkeypatch):
    settings.API_REQUESTS_PER_MINUTE = 3
    monkeypatch.setattr("api.limits.clock", lambda: 1_800_000_015.0)
    for _ in range(3):
        assert api_as(alice).get("/games").status_code == 200  # a new token each time

    refused = api_as(alice).get("/games")

    assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
    assert "tous jetons confondus" in refused.json()["message"]
    assert api_as(bob).get("/games").status_code == 200  # another account: its own limit


def test_a_new_minute_gives_the_account_its_requests_again(alice, api_as, settings,
                                                          monkeypatch):
    settings.API_REQUESTS_PER_MINUTE = 1
    now = [1_800_000_015.0]
    monkeypatch.setattr("api.limits.clock", lambda: now[0])
    api = api_as(alice)
    assert api.get("/games").status_code == 200
    assert api.get("/games").status_code == 429

    now[0] += 60

    assert api.get("/games").status_code == 200


BAD = {"Authorization": "Bearer tav_not-a-token-at-all"}


def test_an_address_sending_bad_tokens_is_refused_for_the_rest_of_the_minute(
        alice, api_as, settings, monkeypatch):
    settings.API_FAILED_AUTH_PER_MINUTE = 3
    monkeypatch.setattr("api.limits.clock", lambda: 1_800_000_015.0)
    guesser = Client(REMOTE_ADDR="203.0.113.7")
    for _ in range(3):
        assert guesser.get("/api/v1/games", headers=BAD).status_code == 401

    refused = guesser.get("/api/v1/games", headers=BAD)
    good_token_from_there = guesser.get("/api/v1/games",
                                        headers=api_as(alice).headers)

    assert refused.status_code == 429
    assert refused.json()["code"] == "rate_limited"
    assert refused.json()["retry_after"] == 45 and refused["Retry-After"] == "45"
    assert good_token_from_there.status_code == 429  # nothing is read from that address
    elsewhere = Client(REMOTE_ADDR="198.51.100.2")
    assert elsewhere.get("/api/v1/games", headers=api_as(alice).headers).status_code == 200


def test_failed_tokens_are_counted_by_the_trusted_address_not_a_forged_header(
        alice, settings, monkeypatch):
    settings.API_FAILED_AUTH_PER_MINUTE = 2
    monkeypatch.setattr("api.limits.clock", lambda: 1_800_000_015.0)
    guesser = Client(REMOTE_ADDR="203.0.113.7")
    statuses = [
        guesser.get("/api/v1/games",
                    headers={**BAD, "X-Forwarded-For": f"192.0.2.{n}"}).status_code
        for n in range(3)
    ]

    assert statuses == [401, 401, 429]  # no proxy trusted: the header is not the address


# ----- games and tables ---------------------------------------------------------------


def test_it_lists_the_games_with_their_seats_and_options(alice, api_as):
    games = {g["slug"]: g for g in api_as(alice).get("/games").json()}

    assert set(games) >= {"ambigu", "ascenseur", "ramponneau", "all-fours", "remigio"}
    ascenseur = games["ascenseur"]
    assert (ascenseur["min_seats"], ascenseur["max_seats"]) == (3, 7)
    assert ascenseur["options"] and all(o["choices"] for o in ascenseur["options"])
    ranges = [o for g in games.values() for o in g["options"] if o["kind"] == "int"]
    assert all(o["choices"] == [] and o["minimum"] <= o["maximum"] for o in ranges)
    assert games["ramponneau"]["chips"] and not ascenseur["chips"]


def test_it_marks_the_options_only_a_tavern_keeper_sets(alice, api_as):
    games = {g["slug"]: g for g in api_as(alice).get("/games").json()}

    marked = {(slug, o["key"]) for slug, g in games.items() for o in g["options"]
              if o["keeper_only"]}

    assert marked == {(slug, key) for slug in games for key in keeper_options(slug)}
    assert any(slug == "ramponneau" and "rake" in key for slug, key in marked), marked


def test_it_lists_open_public_tables_only(alice, bob, api_as):
    open_table = do_create_table(alice, "ascenseur", seat_count=3)
    do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")

    listed = api_as(bob).get("/tables", game="ascenseur").json()

    assert [t["id"] for t in listed] == [open_table.pk]
    assert listed[0]["seats_taken"] == 1 and listed[0]["owner"] == "Alice"


def test_alice_creates_a_table_and_sits_at_it(alice, api_as):
    response = api_as(alice).post("/tables", {"game": "ascenseur", "seats": 4,
                                              "visibility": "unlisted", "name": "Chez Alice"})

    assert response.status_code == 201
    state = response.json()
    table = Table.objects.get()
    assert (table.seat_count, table.visibility, table.name) == (4, "unlisted", "Chez Alice")
    assert state["view"]["you"] == 0 and state["view"]["table_id"] == table.pk


@pytest.mark.parametrize("body", [
    {"game": "ascenseur", "seats": 12},
    {"game": "jeu-inconnu"},
    {"game": "ascenseur", "options": {"nope": 1}},
    {"game": "ascenseur", "seats": "trois"},
    {"game": "ascenseur", "pace": "live", "move_seconds": 7},
    {"game": "ascenseur", "visibility": "secret"},
    {"seats": 3},
])
def test_a_bad_table_changes_nothing(alice, api_as, body):
    response = api_as(alice).post("/tables", body)

    assert response.status_code == 400
    assert response.json()["code"] in ("bad_options", "bad_request")
    assert response.json()["message"]
    assert not Table.objects.exists()


def test_bob_joins_and_the_game_starts_when_full(alice, bob, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_add_bot(table, alice, position=2)

    response = api_as(bob).post(f"/tables/{table.pk}/join")

    assert response.status_code == 200
    view = response.json()["view"]
    assert view["you"] == 1 and view["status"] == "playing"


def test_joining_twice_is_a_conflict(alice, bob, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    api = api_as(bob)
    api.post(f"/tables/{table.pk}/join")

    response = api.post(f"/tables/{table.pk}/join")

    assert response.status_code == 409
    assert response.json()["code"] == "already_seated"


def test_joining_a_full_table_that_has_started_is_table_full(alice, bob, charlie, api_as):
    table = running_table(alice, bob)

    response = api_as(charlie).post(f"/tables/{table.pk}/join")

    assert response.status_code == 409
    assert response.json()["code"] == "table_full"
    assert not Seat.objects.filter(user=charlie).exists()


def test_a_started_unlisted_table_is_still_not_found_without_its_invitation(alice, bob,
                                                                            charlie, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    do_join(table, bob)
    do_add_bot(table, alice)
    api = api_as(charlie)

    hidden = api.post(f"/tables/{table.pk}/join")
    missing = api.post(f"/tables/{table.pk + 1000}/join")
    invited = api.post(f"/tables/{table.pk}/join", {"invitation": table.invite_token})

    assert (hidden.status_code, hidden.json()) == (missing.status_code, missing.json())
    assert hidden.status_code == 404
    assert (invited.status_code, invited.json()["code"]) == (409, "table_full")
    assert not Seat.objects.filter(user=charlie).exists()


def test_an_unlisted_table_needs_its_invitation(alice, bob, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    api = api_as(bob)

    assert api.post(f"/tables/{table.pk}/join").status_code == 404
    assert api.get(f"/tables/{table.pk}").status_code == 404
    assert not Seat.objects.filter(user=bob).exists()

    response = api.post(f"/tables/{table.pk}/join", {"invitation": table.invite_token})

    assert response.status_code == 200


API_TABLE_ENDPOINTS = [
    ("get", ""), ("get", "/summary"), ("post", "/leave"), ("post", "/bots"),
    ("delete", "/bots/1"), ("post", "/cave"), ("post", "/cash-out"), ("post", "/act"),
    ("post", "/resign"), ("post", "/abort"), ("post", "/come-back"), ("post", "/rematch"),
    ("post", "/rematch/decline"),
]


BODIES = {"/bots": {"level": "maitre"}, "/cave": {"amount": 100},
          "/act": {"action": {"type": "pass"}, "game_id": 1, "version": 1, "id": "x"}}


@pytest.mark.parametrize("method, endpoint", API_TABLE_ENDPOINTS)
def test_an_unlisted_table_answers_an_outsider_as_a_missing_one_does(
    alice, charlie, api_as, method, endpoint
):
    table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    api = api_as(charlie)
    # each endpoint's own body: an unknown field would be refused before the table is read
    body = BODIES.get(endpoint, {})

    def call(table_id):
        path = f"/tables/{table_id}{endpoint}"
        return api.delete(path) if method == "delete" else getattr(api, method)(
            path, **({} if method == "get" else {"body": body}))

    hidden, missing = call(table.pk), call(table.pk + 1000)

    assert (hidden.status_code, hidden.json()) == (missing.status_code, missing.json())
    assert hidden.status_code == 404
    assert table.seats.count() == 1


def test_a_missing_table_is_404(alice, api_as):
    response = api_as(alice).get("/tables/999999")

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_bob_leaves_a_waiting_table(alice, bob, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)

    response = api_as(bob).post(f"/tables/{table.pk}/leave")

    assert response.status_code == 200
    assert response.json()["seats_taken"] == 1


def test_leaving_a_table_one_is_not_at_is_refused(alice, charlie, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3)

    response = api_as(charlie).post(f"/tables/{table.pk}/leave")

    assert response.status_code == 403
    assert response.json()["code"] == "not_seated"


def test_alice_adds_and_removes_a_bot(alice, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    api = api_as(alice)

    added = api.post(f"/tables/{table.pk}/bots", {"position": 2, "level": "maitre"})
    assert added.status_code == 200
    assert added.json()["view"]["seating"][2]["bot_level"] == "maitre"

    removed = api.delete(f"/tables/{table.pk}/bots/2")
    assert removed.status_code == 200
    assert removed.json()["view"]["seating"][2]["name"] is None


def test_charlie_may_not_add_a_bot_at_alices_table(alice, charlie, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3)

    response = api_as(charlie).post(f"/tables/{table.pk}/bots", {})

    assert response.status_code == 403
    assert table.seats.count() == 1


def test_bob_seated_at_alices_table_may_not_fill_it_with_bots(alice, bob, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=4)
    do_join(table, bob)

    response = api_as(bob).post(f"/tables/{table.pk}/bots", {})

    assert response.status_code == 403
    assert response.json()["code"] == "forbidden"
    assert not table.seats.filter(bot__gt="").exists()


def test_the_host_frees_an_idle_players_seat(alice, bob, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=4)
    do_join(table, bob)

    refused = api_as(bob).delete(f"/tables/{table.pk}/seats/0")
    freed = api_as(alice).delete(f"/tables/{table.pk}/seats/1")

    assert refused.status_code == 403
    assert freed.status_code == 200
    assert freed.json()["view"]["seating"][1]["name"] is None


def test_a_rake_is_refused_at_a_table_opened_through_the_api(alice, api_as):
    response = api_as(alice).post("/tables", {
        "game": "ramponneau", "seats": 6,
        "options": {"small_blind": 5, "big_blind": 10, "rake_percent": 10},
    })

    assert response.status_code == 403
    assert response.json()["code"] == "keeper_only"
    assert not Table.objects.filter(owner=alice).exists()


def test_a_fourth_waiting_table_is_refused_through_the_api(alice, api_as, settings):
    settings.PLAY_WAITING_TABLES_PER_PLAYER = 3
    api = api_as(alice)
    for _ in range(3):
        assert api.post("/tables", {"game": "ascenseur", "seats": 4}).status_code == 201

    response = api.post("/tables", {"game": "ascenseur", "seats": 4})

    assert response.status_code == 409
    assert response.json()["code"] == "too_many_tables"


# ----- a seat's view, and nothing more ------------------------------------------------


def test_the_state_is_the_seats_view_and_no_hidden_card(alice, bob, api_as):
    table = running_table(alice, bob)
    game = table.current_game()

    response = api_as(alice).get(f"/tables/{table.pk}")

    state = response.json()
    assert state["type"] == "state" and state["version"] == game.version
    assert without_clock(state["view"]) == without_clock(view_for(game, alice, lang="fr"))
    assert state["view"]["hand"] == game.state["hands"][0]
    text = response.content.decode()
    hidden = [*game.state["hands"][1], *game.state["hands"][2], *game.state.get("deck", [])]
    assert hidden
    assert not [card for card in hidden if f'"{card}"' in text]


def test_charlie_watching_sees_no_hand(alice, bob, charlie, api_as):
    table = running_table(alice, bob)
    game = table.current_game()

    response = api_as(charlie).get(f"/tables/{table.pk}")

    view = response.json()["view"]
    assert view["you"] is None and not view.get("hand")
    text = response.content.decode()
    assert not [c for hand in game.state["hands"] for c in hand if f'"{c}"' in text]


def test_alice_plays_a_move_and_a_stale_one_is_refused(alice, bob, api_as, settings):
    table = running_table(alice, bob)
    game = table.current_game()
    actor = game.state["actor"]
    player = {0: alice, 1: bob}.get(actor)
    if player is None:
        pytest.skip("the bot acts first at this deal")
    api = api_as(player)
    view = api.get(f"/tables/{table.pk}").json()["view"]

    move = {"action": view["legal_actions"][0], "game_id": view["game_id"],
            "version": view["version"]}
    played = api.post(f"/tables/{table.pk}/act", {**move, "id": "m1"})
    again = api.post(f"/tables/{table.pk}/act", {**move, "id": "m1"})
    stale = api.post(f"/tables/{table.pk}/act", {**move, "id": "m2"})

    assert played.status_code == 200 and played.json()["version"] > view["version"]
    assert again.json()["duplicate"] is True
    assert stale.status_code == 409 and stale.json()["code"] in ("stale", "not_your_turn")


def test_a_move_needs_the_play_scope(alice, bob, api_as):
    table = running_table(alice, bob)
    game = table.current_game()
    version = game.version

    response = api_as(alice, scopes=["tables"]).post(
        f"/tables/{table.pk}/act",
        {"action": {"type": "bid", "tricks": 0}, "game_id": game.pk, "version": version})

    assert response.status_code == 403
    assert Game.objects.get(table=table).version == version


def test_an_illegal_move_changes_nothing(alice, bob, api_as):
    table = running_table(alice, bob)
    game = table.current_game()
    player = {0: alice, 1: bob}.get(game.state["actor"])
    if player is None:
        pytest.skip("the bot acts first at this deal")

    response = api_as(player).post(f"/tables/{table.pk}/act",
                                   {"action": {"type": "teleport"}, "game_id": game.pk,
                                    "version": game.version})

    assert response.status_code == 400
    assert response.json()["code"] == "illegal"
    assert Game.objects.get(pk=game.pk).version == game.version


def cash_table(alice, bob):
    """A Ramponneau cash table where alice and bob caved: its first hand is dealt."""
    table = do_create_table(alice, "ramponneau", seat_count=2,
                            options={"small_blind": 2, "big_blind": 4, "rake_percent": 0})
    economy.cave_in(table, alice, 200, request_key="a", post_now=False, may_sit=True)
    economy.cave_in(table, bob, 200, request_key="b", post_now=False, may_sit=True)
    return Table.objects.get(pk=table.pk)


def test_a_move_for_a_hand_that_ended_changes_nothing_in_the_next(alice, bob, api_as):
    table = cash_table(alice, bob)
    first = table.current_game()
    do_act(first, {0: alice, 1: bob}[first.state["actor"]], {"type": "fold"}, first.version)
    second = Table.objects.get(pk=table.pk).current_game()
    assert second.pk != first.pk and second.status == Game.Status.PLAYING
    player = {0: alice, 1: bob}[second.state["actor"]]

    # the same version in the next hand: without its game, this fold would land there
    late = api_as(player).post(f"/tables/{table.pk}/act", {
        "action": {"type": "fold"}, "game_id": first.pk, "version": second.version,
        "id": "late"})

    assert late.status_code == 409 and late.json()["code"] == "game_over"
    after = Game.objects.get(pk=second.pk)
    assert after.version == second.version and after.state == second.state
    assert not after.actions.filter(client_id="late").exists()


def test_a_move_for_another_tables_game_or_no_game_is_an_unknown_game(alice, bob, api_as):
    table = running_table(alice, bob)
    other = running_table(alice, bob).current_game()
    game = table.current_game()
    player = {0: alice, 1: bob}.get(game.state["actor"], alice)

    answers = [api_as(player).post(f"/tables/{table.pk}/act", {
        "action": {"type": "bid", "tricks": 0}, "game_id": game_id, "version": game.version,
    }) for game_id in (other.pk, 999_999)]

    assert [(a.status_code, a.json()["code"]) for a in answers] == [(409, "unknown_game")] * 2
    assert Game.objects.get(pk=game.pk).version == game.version
    assert Game.objects.get(pk=other.pk).version == other.version


def test_a_move_without_its_game_is_a_bad_request(alice, bob, api_as):
    table = running_table(alice, bob)
    game = table.current_game()
    player = {0: alice, 1: bob}.get(game.state["actor"], alice)

    response = api_as(player).post(f"/tables/{table.pk}/act", {
        "action": table.engine.legal_actions(game.state)[0], "version": game.version})

    assert response.status_code == 400
    assert ["body", "body", "game_id"] in [e["loc"] for e in response.json()["detail"]]
    assert Game.objects.get(pk=game.pk).version == game.version


# ----- the ways out and back, rematches ----------------------------------------------


def test_alice_resigns_and_bob_wins(alice, bob, api_as):
    table = running_table(alice, bob)

    response = api_as(alice).post(f"/tables/{table.pk}/resign")

    assert response.status_code == 200
    view = response.json()["view"]
    assert view["status"] == "finished" and view["ending"] == "resigned"
    assert 0 not in view["result"]["winners"]


def test_alice_aborts_before_her_second_move(alice, bob, api_as):
    table = running_table(alice, bob)

    response = api_as(alice).post(f"/tables/{table.pk}/abort")

    assert response.status_code == 200
    assert response.json()["view"]["ending"] == "aborted"


def test_coming_back_without_having_left_is_a_conflict(alice, bob, api_as):
    table = running_table(alice, bob)

    response = api_as(alice).post(f"/tables/{table.pk}/come-back")

    assert response.status_code == 409
    assert response.json()["code"] == "not_absent"


def test_alice_leaves_a_game_and_comes_back(alice, bob, api_as):
    table = running_table(alice, bob)
    api = api_as(alice)
    api.post(f"/tables/{table.pk}/leave")

    response = api.post(f"/tables/{table.pk}/come-back")

    assert response.status_code == 200
    assert not Seat.objects.get(table=table, user=alice).sitting_out


def test_rematch_proposed_then_declined(alice, bob, api_as):
    table = running_table(alice, bob)
    do_resign(table, alice)

    proposed = api_as(alice).post(f"/tables/{table.pk}/rematch")
    declined = api_as(bob).post(f"/tables/{table.pk}/rematch/decline")

    assert proposed.status_code == 200
    rematch = Table.objects.get(rematch_of=table)
    assert proposed.json()["view"]["table_id"] == rematch.pk
    assert declined.status_code == 200
    rematch.refresh_from_db()
    assert rematch.rematch_invites["1"]["declined"] is True


def test_a_rematch_before_the_end_is_refused(alice, bob, api_as):
    table = running_table(alice, bob)

    response = api_as(alice).post(f"/tables/{table.pk}/rematch")

    assert response.status_code == 409
    assert response.json()["code"] == "game_not_over"
    assert not Table.objects.filter(rematch_of=table).exists()


# ----- tables played for écus ---------------------------------------------------------


def test_alice_caves_in_and_cashes_out(alice, api_as):
    table = do_create_table(None, "ramponneau", seat_count=3,
                            options={"small_blind": 1, "big_blind": 2})
    before = ledger.balance(alice, Currency.ECUS)
    api = api_as(alice)

    caved = api.post(f"/tables/{table.pk}/cave", {"amount": 40, "request_key": "k1"})
    assert caved.status_code == 200, caved.json()
    assert caved.json()["view"]["you"] is not None
    assert ledger.balance(alice, Currency.ECUS) == before - 40

    paid = api.post(f"/tables/{table.pk}/cash-out")
    assert paid.status_code == 200
    assert paid.json() == {"paid": 40, "pending": False, "game_id": None}
    assert ledger.balance(alice, Currency.ECUS) == before


def test_a_cave_out_of_bounds_changes_nothing(alice, api_as):
    table = do_create_table(None, "ramponneau", seat_count=3,
                            options={"small_blind": 1, "big_blind": 2})
    before = ledger.balance(alice, Currency.ECUS)

    response = api_as(alice).post(f"/tables/{table.pk}/cave", {"amount": 100000})

    assert response.status_code in (400, 409)
    assert ledger.balance(alice, Currency.ECUS) == before
    assert not table.seats.exists()


# ----- archives -----------------------------------------------------------------------


def test_alices_archive_is_the_archive_pages_reveal_policy(alice, bob, charlie, api_as):
    table = running_table(alice, bob)
    game = do_resign(table, alice)

    mine = api_as(alice).get(f"/archives/{game.pk}").json()
    theirs = api_as(charlie).get(f"/archives/{game.pk}", step=0).json()

    logged = actions_of(game)
    assert mine["you"] == 0 and mine["step"] == mine["total"] == len(logged)
    expected = table.engine.archive_view(state_at(game, logged, len(logged)), 0)
    assert mine["view"] == json.loads(json.dumps(expected))
    assert theirs["you"] is None
    assert theirs["view"] == json.loads(json.dumps(
        table.engine.archive_view(state_at(game, logged, 0), None)))


def test_an_archive_of_a_game_in_progress_is_refused(alice, bob, api_as):
    table = running_table(alice, bob)

    response = api_as(alice).get(f"/archives/{table.current_game().pk}")

    assert response.status_code == 409
    assert response.json()["code"] == "game_not_over"


def test_charlie_may_not_open_a_practice_games_archive(alice, charlie, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3, practice=True,
                            visibility="unlisted")
    do_add_bot(table, alice)
    do_add_bot(table, alice)
    game = do_resign(table, alice)

    response = api_as(charlie).get(f"/archives/{game.pk}")

    assert response.status_code == 404


def test_a_step_outside_the_game_is_refused(alice, bob, api_as):
    table = running_table(alice, bob)
    game = do_resign(table, alice)

    response = api_as(alice).get(f"/archives/{game.pk}", step=10000)

    assert response.status_code == 400


def test_tokens_are_never_in_a_response(alice, api_as):
    api = api_as(alice)
    text = api.get("/games").content.decode() + api.get("/tables").content.decode()

    assert ApiToken.objects.get().digest not in text
    assert api.headers["Authorization"].split()[1] not in text


def test_a_token_needs_no_csrf_cookie(alice, api_as):
    api = api_as(alice)
    api.client = Client(enforce_csrf_checks=True)

    assert api.post("/tables", {"game": "ascenseur", "seats": 3}).status_code == 201


def test_a_session_alone_does_not_open_the_api(client, alice):
    client.force_login(alice)

    assert client.get("/api/v1/tables").status_code == 401


def test_the_owner_and_the_seated_read_an_unlisted_tables_invitation(alice, bob, charlie,
                                                                      api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    do_join(table, bob)

    owner = api_as(alice).get(f"/tables/{table.pk}/summary").json()
    seated = api_as(bob).get(f"/tables/{table.pk}/summary").json()
    invited = api_as(charlie).get(f"/tables/{table.pk}/summary",
                                  invitation=table.invite_token).json()

    assert owner["invitation"] == seated["invitation"] == table.invite_token
    assert invited["invitation"] is None  # watching with the link is not sharing it


def test_a_failure_of_ours_answers_in_the_documented_shape(alice, api_as, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("api.v1.available_games", broken)
    api = api_as(alice)
    api.client.raise_request_exception = False  # reported as Django reports a view's failure
    response = api.get("/games")

    assert response.status_code == 500
    body = response.json()
    assert body["type"] == "error" and body["code"] == "server_error"
    assert "a bug" not in body["message"]
def test_an_id_used_for_another_move_is_a_conflict(alice, bob, api_as):
    table = running_table(alice, bob)
    game = table.current_game()
    player = {0: alice, 1: bob}.get(game.state["actor"])
    if player is None:
        pytest.skip("the bot acts first at this deal")
    api = api_as(player)
    view = api.get(f"/tables/{table.pk}").json()["view"]
    first, second = view["legal_actions"][:2]
    api.post(f"/tables/{table.pk}/act", {"action": first, "game_id": game.pk,
                                         "version": view["version"], "id": "m1"})

    reused = api.post(f"/tables/{table.pk}/act", {"action": second, "game_id": game.pk,
                                                  "version": view["version"], "id": "m1"})

    assert reused.status_code == 409 and reused.json()["code"] == "id_reused"
    assert Game.objects.get(pk=game.pk).actions.filter(client_id="m1").count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_state_carries_the_tables_sequence_one_more_per_move(alice, bob, api_as):
    table = running_table(alice, bob)
    game = table.current_game()
    player = {0: alice, 1: bob}.get(game.state["actor"])
    if player is None:
        pytest.skip("the bot acts first at this deal")
    api = api_as(player)
    before = api.get(f"/tables/{table.pk}").json()

    api.post(f"/tables/{table.pk}/act", {"action": before["view"]["legal_actions"][0],
                                         "game_id": before["game_id"],
                                         "version": before["version"]})

    after = api.get(f"/tables/{table.pk}").json()
    assert after["sequence"] == before["sequence"] + 1 == Table.objects.get(pk=table.pk).sequence


def test_a_table_created_through_the_api_may_ask_for_a_minimum_reliability(alice, api_as):
    response = api_as(alice).post("/tables", {"game": "all-fours", "seats": 2,
                                              "min_reliability": 90})

    assert response.status_code == 201
    table = Table.objects.get()
    assert table.min_reliability == 90
    summary = api_as(alice).get(f"/tables/{table.pk}/summary").json()
    assert summary["min_reliability"] == 90


def test_an_unknown_minimum_reliability_is_refused_and_opens_no_table(alice, api_as):
    response = api_as(alice).post("/tables", {"game": "all-fours", "min_reliability": 60})

    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"
    assert not Table.objects.exists()
