"""What a player reads at the table besides the cards: the summary of the deal just ended
(L'Ascenseur), the last trick kept in sight during the next one (L'Ascenseur, All-fours),
and Ramponneau's quick bets, big-blind slider and amount to call.

Tables are played through the services (do_act), and each position is rendered as the
socket renders it for a seat (render_table_fragments).
"""

import html as html_lib
import json
import random
import re

import pytest

from play.actions import do_act, do_bot_move, do_create_table, do_join, do_play_now, games
from play.models import Game
from play.presentation.games import ramponneau
from play.presentation.table import render_table_fragments
from play.presentation.view import view_for
from play.presentation.words import card_name
from tests.conftest import create_player

# The rules and the pages, through the database: once, on the embedded backends
# (tests/conftest.py).
pytestmark = pytest.mark.embedded_only


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture(autouse=True)
def _reproducible_deals(monkeypatch):
    monkeypatch.setattr(games, "system_random", random.Random(20260517))


def frame(table, user) -> tuple[dict, str]:
    """What ``user`` sees of the table now: their view and the fragments the socket sends."""
    table.refresh_from_db()
    game = table.current_game()
    view = view_for(game, user)
    return view, render_table_fragments(table, game, user, view)


def move(table, users):
    """Whoever is to act plays the first legal action (bots move when they are due)."""
    table.refresh_from_db()
    game = table.current_game()
    if game.bot_due_at is not None:
        do_bot_move(game.pk, now=game.bot_due_at)
        return
    state = game.state
    action = table.engine.legal_actions(state)[0]
    do_act(game, users[state["actor"]], action, game.version)


def play_until(table, users, done, limit=400):
    for _ in range(limit):
        table.refresh_from_db()
        if done(table.current_game().state):
            return
        move(table, users)
    raise AssertionError("the table never got there")


def section(html, pattern) -> str:
    found = re.search(pattern, html, re.S)
    assert found, pattern
    return found.group(0)


# ----- L'Ascenseur: the deal just ended --------------------------------------------------


@pytest.fixture
def ascenseur(alice, bob, charlie):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_join(table, charlie)
    return table, {0: alice, 1: bob, 2: charlie}


def summary_rows(html) -> dict[str, list[str]]:
    """The summary's rows: {name: [bid, tricks, points, total]} as the page writes them."""
    block = section(html, r'<details class="previous-hand deal-result".*?</details>')
    rows = {}
    for name, cells in re.findall(
        r'<tr class="deal-result__row[^"]*">\s*<th scope="row">([^<]+)</th>(.*?)</tr>', block, re.S
    ):
        rows[name] = [re.sub(r"<[^>]+>", "", c).split()[0]
                      for c in re.findall(r"<td>(.*?)</td>", cells, re.S)]
    return rows


def expected_rows(state) -> dict[str, list[str]]:
    names = ["Alice", "Bob", "Charlie", "Dave", "Edgar", "Fanny", "Gus"]
    record = state["history"][-1]
    seats = range(state["seats"])
    totals = [sum(deal["points"][s] for deal in state["history"]) for s in seats]
    return {
        names[s]: [str(record["bids"][s]), str(record["won"][s]),
                   f"{'+' if record['points'][s] > 0 else ''}{record['points'][s]}",
                   str(totals[s])]
        for s in seats
    }


def test_no_deal_summary_before_the_first_deal_ends(ascenseur, alice):
    table, _ = ascenseur

    view, html = frame(table, alice)

    assert view["history"] == [] and "deal-result" not in html


def test_the_ascenseur_summary_shows_each_players_bid_tricks_points_and_total(ascenseur, alice):
    table, users = ascenseur

    play_until(table, users, lambda s: len(s["history"]) == 1)
    view, html = frame(table, alice)

    assert "La donne précédente (n° 1)" in html
    assert summary_rows(html) == expected_rows(table.current_game().state)
    summary = section(html, r'<details class="previous-hand deal-result".*?</details>')
    record = view["history"][0]
    for seat, name in enumerate(["Alice", "Bob", "Charlie"]):
        made = record["bids"][seat] == record["won"][seat]
        row = section(summary, rf'<th scope="row">{name}</th>.*?</tr>')
        assert ("contrat réussi" if made else "contrat manqué") in row
    assert "1 carte par joueur" in html


def test_the_summary_stays_all_through_the_next_deal_then_shows_the_running_total(
    ascenseur, bob
):
    table, users = ascenseur
    play_until(table, users, lambda s: len(s["history"]) == 1)

    # the next deal is bid and played: the first deal's summary stays under the table
    play_until(table, users, lambda s: s["phase"] == "play" and s["trick"])
    _, html = frame(table, bob)
    assert "La donne précédente (n° 1)" in html
    assert 'data-remember="deal-result-1"' in html

    play_until(table, users, lambda s: len(s["history"]) == 2)
    _, html = frame(table, bob)
    assert "La donne précédente (n° 2)" in html and "2 cartes par joueur" in html
    state = table.current_game().state
    assert summary_rows(html) == expected_rows(state)
    # the total is the scores' column: what each has after both deals
    assert [row[3] for row in summary_rows(html).values()] == [str(s) for s in state["scores"]]


def test_a_finished_game_shows_its_last_deal(alice, bob, charlie):
    # Seven seats: the shortest whole game (13 deals; three seats deal 33).
    others = [bob, charlie] + [create_player(n, verified=True)
                               for n in ("dave", "edgar", "fanny", "gus")]
    table = do_create_table(alice, "ascenseur", seat_count=7)
    for user in others:
        do_join(table, user)
    users = dict(enumerate([alice, *others]))

    play_until(table, users, lambda s: s["phase"] == "over", limit=2000)
    table.refresh_from_db()
    game = table.games.order_by("-number").first()
    view = view_for(game, alice)
    html = render_table_fragments(table, game, alice, view)

    deals = len(game.state["history"])
    assert f"La dernière donne (n° {deals})" in html
    assert summary_rows(html) == expected_rows(game.state)


# ----- The last trick, during the next one -----------------------------------------------


def last_trick_block(html) -> str:
    return section(html, r'<details class="last-trick".*?</details>')


def check_last_trick_in_sight(table, users, viewer, names):
    """Play to a trick in progress after another was gathered: the gathered one is in the
    frame, each card and who took it."""
    play_until(table, users, lambda s: s["phase"] == "play" and s["trick"] and s["last_trick"])
    state = table.current_game().state
    last = state["last_trick"]
    cards = [c if isinstance(c, str) else c[1] for c in last["cards"]]

    _, html = frame(table, viewer)

    assert "Levée en cours" in html
    block = last_trick_block(html)
    assert f"Dernière levée, remportée par {names[last['winner']]}" in block
    for card in cards:
        assert f'aria-label="{card_name(card)}"' in html_lib.unescape(block)
    assert 'data-remember="last-trick"' in block


def test_the_ascenseur_last_trick_is_in_the_frame_during_the_next_trick(ascenseur, charlie):
    table, users = ascenseur
    # the first deals have one card each: wait for a deal of several tricks
    check_last_trick_in_sight(table, users, charlie, ["Alice", "Bob", "Charlie"])


def test_the_all_fours_last_trick_is_in_the_frame_during_the_next_trick(alice, bob):
    table = do_create_table(alice, "all-fours", seat_count=2)
    do_join(table, bob)

    check_last_trick_in_sight(table, {0: alice, 1: bob}, bob, ["Alice", "Bob"])


def test_no_last_trick_disclosure_while_no_trick_is_in_progress(ascenseur, alice):
    table, users = ascenseur
    # a trick just gathered, the next not begun: the last trick is on the felt itself
    play_until(table, users, lambda s: s["phase"] == "play" and not s["trick"]
               and s["last_trick"])

    _, html = frame(table, alice)

    assert "Dernière levée, remportée par" in html and 'class="last-trick"' not in html


# ----- Ramponneau: quick bets, the slider, the amount to call ----------------------------


def quick_bet_actions(html) -> dict[str, dict]:
    buttons = re.findall(
        r'<button class="[^"]*quick-bets__button"[^>]*value="([^"]+)"[^>]*'
        r'data-quick-bet="(\w+)"', html
    )
    return {kind: json.loads(html_lib.unescape(value)) for value, kind in buttons}


def test_quick_bets_are_the_minimum_half_the_pot_and_the_pot_after_the_call():
    # blinds 10 / 20; the player to act (seat 2) faces the big blind
    view = {"you": 2, "bets": [10, 20, 0], "total_pot": 30, "blinds": [10, 20]}

    assert ramponneau.quick_amounts(40, 1000, view) == {"min": 40, "half": 45, "pot": 70}


def test_a_quick_bet_is_clamped_to_the_legal_amounts_and_never_repeats_another():
    view = {"you": 0, "bets": [0, 0], "total_pot": 30, "blinds": [10, 20]}

    # half the pot (15) is under the minimum bet (20): it would repeat the minimum
    assert ramponneau.quick_amounts(20, 1000, view) == {"min": 20, "pot": 30}
    # the pot is beyond the stack: that is the all-in button, not a quick bet
    assert ramponneau.quick_amounts(20, 25, view) == {"min": 20}
    # nothing but all-in is left
    assert ramponneau.quick_amounts(25, 25, view) == {}


def test_each_quick_bet_is_an_action_the_engine_accepts(alice):
    table = do_play_now(alice, "ramponneau")
    engine = table.engine
    seen = 0
    for _ in range(300):
        table.refresh_from_db()
        game = table.current_game()
        if game is None or game.status == Game.Status.FINISHED:
            break
        if game.bot_due_at is not None:
            do_bot_move(game.pk, now=game.bot_due_at)
            continue
        view, html = frame(table, alice)
        legal = view["legal_actions"]
        sized = next((e for e in legal if e["type"] in ("bet", "raise")), None)
        quick = quick_bet_actions(html)
        if sized is None:
            assert quick == {}
        else:
            assert set(quick) <= {"min", "half", "pot"}
            amounts = [a["amount"] for a in quick.values()]
            assert len(set(amounts)) == len(amounts)
            for action in quick.values():
                assert action == {"type": sized["type"], "amount": action["amount"]}
                assert sized["min"] <= action["amount"] < sized["max"]
                assert engine.can_apply(game.state, action) is None
                engine.apply(game.state, action)  # accepted as it is
            if sized["max"] > sized["min"]:
                assert quick["min"]["amount"] == sized["min"]
            seen += bool(quick)
        # the player calls or checks, so the hands go on
        choice = next(e for e in legal if e["type"] in ("check", "call", "show"))
        do_act(game, alice, choice, view["version"])
    assert seen >= 3


def test_the_slider_steps_by_the_big_blind_and_the_box_takes_any_amount(alice):
    table = do_play_now(alice, "ramponneau")
    for _ in range(50):
        table.refresh_from_db()
        game = table.current_game()
        if game.bot_due_at is None:
            break
        do_bot_move(game.pk, now=game.bot_due_at)
    view, html = frame(table, alice)
    big_blind = view["blinds"][1]
    sized = next(e for e in view["legal_actions"] if e["type"] in ("bet", "raise"))

    slider = re.search(r'<input class="amount-form__slider"[^>]*>', html).group(0)
    box = re.search(r'<input id="amount-1" class="amount-form__number"[^>]*>', html).group(0)
    assert f'step="{big_blind}"' in slider and big_blind > 1
    assert 'step="1"' in box
    assert f'min="{sized["min"]}" max="{sized["max"]}"' in box


def test_the_amount_to_call_is_on_the_call_button_and_on_the_board(alice, charlie):
    table = do_play_now(alice, "ramponneau")
    told = {"own": 0, "spectator": 0}
    for _ in range(200):
        if told["own"] >= 10 and told["spectator"] >= 10:
            break
        table.refresh_from_db()
        game = table.current_game()
        if game is None or game.status == Game.Status.FINISHED:
            break
        state = game.state
        view, html = frame(table, alice)
        actor = state["actor"]
        if view.get("street") in ("preflop", "flop", "turn", "river") and actor >= 0:
            owes = min(max(state["bets"]) - state["bets"][actor], state["stacks"][actor])
            name = view["seat_names"][actor]
            theirs = f"{name} : {owes} à suivre" if owes else f"{name} : rien à suivre"
            # a spectator (or a player out of the hand) reads what the player to act owes
            _, seen = frame(table, charlie)
            assert theirs in html_lib.unescape(section(seen, r'id="to-call">.*?</p>'))
            told["spectator"] += 1
            board = html_lib.unescape(section(html, r'id="to-call">.*?</p>'))
            if "to_call" in view:  # Alice is in the hand: her own amount
                owed = view["to_call"]
                assert (f">{owed} à suivre<" if owed else ">Rien à suivre<") in board
                told["own"] += 1
            else:
                assert theirs in board
            for entry in view.get("legal_actions") or []:
                if entry["type"] == "call":
                    assert f">Suivre {entry['amount']}<" in html
        if game.bot_due_at is not None:
            do_bot_move(game.pk, now=game.bot_due_at)
            continue
        legal = view["legal_actions"]
        do_act(game, alice, next(e for e in legal if e["type"] in ("check", "call", "show")),
               view["version"])
    assert told["own"] >= 10 and told["spectator"] >= 10
