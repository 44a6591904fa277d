"""The reveal policy of each game (docs/engine.md): what an archive shows once a hand or
deal is over, and what it never shows. Selfplay checks the policy on thousands of games;
these tests pin each game's rule by name."""

from __future__ import annotations

import random

import pytest

from cardgames import CHANCE, get_game
from cardgames.core import concrete
from cardgames.selfplay import cards_in


def play_until(game, seats, options, rng, stop, choose=None):
    """Random legal play (``choose`` may pick instead) until ``stop(state, last_action)``."""
    state = game.new(seats, options)
    while state["actor"] is not None:
        if state["actor"] == CHANCE:
            action = game.chance_action(state, rng)
        else:
            legal = game.legal_actions(state)
            action = (choose and choose(state, legal)) or concrete(rng.choice(legal), rng)
        before, state = state, game.apply(state, action)
        if stop(before, state, action):
            return state
    return state


def test_every_archive_view_drops_the_choices_and_lists_one_entry_per_seat():
    for slug in ("ambigu", "ascenseur", "all-fours", "ramponneau", "remigio"):
        game = get_game(slug)
        rng = random.Random(slug)
        low, _high = game.seat_range(game.resolve_options({}))
        state = play_until(game, max(low, 3) if slug != "all-fours" else 2, {}, rng,
                           lambda b, s, a: isinstance(s["actor"], int))
        view = game.archive_view(state, state["actor"])
        assert "legal_actions" not in view
        assert len(view["revealed"]) == state["seats"]


def test_ramponneau_reveals_the_shown_hands_and_never_a_folded_one():
    game = get_game("ramponneau")
    rng = random.Random(7)
    for _ in range(200):
        state = play_until(game, 4, {}, rng, lambda b, s, a: False)
        shown = [s for s in state["order"] if state["shown"][s]]
        folded = [s for s in state["order"] if state["folded"][s] or state["mucked"][s]]
        if shown and folded:
            break
    else:
        pytest.fail("no hand with both a showdown and a fold")
    revealed = game.revealed_hands(state)
    assert set(revealed) == set(shown)
    for seat in folded:
        spectator = cards_in(game.archive_view(state, None))
        assert not set(state["hole"][seat]) & spectator
        # and the folded player sees their own cards in their archive
        assert set(state["hole"][seat]) <= cards_in(game.archive_view(state, seat))
    assert not set(state["deck"]) & cards_in(game.archive_view(state, shown[0]))


def test_ambigu_reveals_the_compared_hands_and_never_an_ecart():
    game = get_game("ambigu")
    rng = random.Random(3)
    for _ in range(300):
        state = play_until(game, 4, {}, rng, lambda b, s, a: False)
        ecarts = [(s, cards) for s, cards in enumerate(state["discards"]) if cards]
        if state["result"]["outcome"] == "showdown" and ecarts:
            break
    else:
        pytest.fail("no showdown after an exchange")
    revealed = game.revealed_hands(state)
    assert revealed and all(revealed[s] == state["hands"][s] for s in revealed)
    for seat, cards in ecarts:
        others = [s for s in range(state["seats"]) if s != seat] + [None]
        for viewer in others:
            leaked = set(cards) & cards_in(game.archive_view(state, viewer))
            # an écart card may have come back into someone's hand from a rebuilt talon
            assert leaked <= set(game.view(state, viewer).get("hand") or []) | {
                c for h in revealed.values() for c in h
            }
        assert set(cards) <= cards_in(game.archive_view(state, seat))


def test_ascenseur_reveals_each_deal_as_dealt_once_it_is_over():
    game = get_game("ascenseur")
    rng = random.Random(5)
    dealt = {}

    def deal_over(before, state, action):
        if action["type"] == "deal":
            dealt["hands"] = [list(h) for h in state["hands"]]
        return before["phase"] == "play" and state["phase"] == "deal" and before["size"] > 2

    state = play_until(game, 4, {}, rng, deal_over)
    assert game.revealed_hands(state) == dict(enumerate(dealt["hands"]))
    # once the next deal is shuffled, the last one's hands go back out of sight
    state = game.apply(state, game.chance_action(state, rng))
    assert game.revealed_hands(state) == {}


def test_all_fours_reveals_the_cards_played_never_the_discards():
    game = get_game("all-fours")
    rng = random.Random(11)
    seen = {}

    def after_discards_deal_over(before, state, action):
        if action["type"] == "discard":
            seen.setdefault("discards", []).extend(action["cards"])
        return bool(seen.get("discards")) and before["phase"] == "play" and (
            state["phase"] in ("deal", "over"))

    for _ in range(100):
        seen.clear()
        state = play_until(game, 3, {}, rng, after_discards_deal_over)
        if seen.get("discards") and game.revealed_hands(state):
            break
    else:
        pytest.fail("no deal with discards")
    revealed = {c for cards in game.revealed_hands(state).values() for c in cards}
    assert len(revealed) == 6 * 3  # six tricks of three
    assert not revealed & set(seen["discards"])
    assert not set(seen["discards"]) & cards_in(game.archive_view(state, None))


def test_remigio_reveals_the_hands_laid_down_at_the_end_of_a_round():
    game = get_game("remigio")
    rng = random.Random(2)
    state = play_until(game, 3, {"max_rounds": 1}, rng, lambda b, s, a: False)
    revealed = game.revealed_hands(state)
    assert state["phase"] == "over" and revealed
    laid = state["last"]["hands"]
    for seat, cards in revealed.items():
        assert sorted(cards) == sorted(
            [c for meld in laid[seat]["melds"] for c in meld] + laid[seat]["leftover"]
        )
