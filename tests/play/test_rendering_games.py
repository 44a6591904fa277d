"""Each game's table, rendered at every step of real play: boards, hands, actions, results.

A practice table (the player plus bots) is played through the services; the player's
page is rendered after every move, so every phase of every game goes through the
templates, and what each game must show (pots, melds, the deal sheet...) is checked on
the way.
"""

import random
import re

import pytest

from cardgames.core import concrete
from play.actions import do_act, do_bot_move, do_play_now, games
from play.models import Game
from play.presentation.table import render_table_fragments, table_context
from play.presentation.view import view_for

# The rules and the pages, through the database: once, on the embedded backends
# (tests/conftest.py).
pytestmark = pytest.mark.embedded_only


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture(autouse=True)
def _reproducible_deals(monkeypatch):
    """The server deals and its bots choose with SystemRandom; these tests must reach given
    positions (the player begging, a showdown...), so they deal from a seeded generator
    and every run walks through the same positions."""
    monkeypatch.setattr(games, "system_random", random.Random(20261122))


def play(table, user, steps, rng, on_render=None, choose=None, until=None):
    """Play ``steps`` moves of the table (bots and the player), rendering each position;
    stop early once ``until()`` holds (a test that has seen all it looks for)."""
    pages = []
    for _ in range(steps):
        if until is not None and until():
            break
        table.refresh_from_db()
        game = table.current_game()
        if game is None or game.status == Game.Status.FINISHED:
            break
        view = view_for(game, user)
        html = render_table_fragments(table, game, user, view)
        pages.append(html)
        if on_render:
            on_render(view, html)
        if game.bot_due_at is not None:
            do_bot_move(game.pk, now=game.bot_due_at)
            continue
        legal = view.get("legal_actions") or []
        assert legal, f"nobody to move in {view.get('phase') or view.get('street')}"
        entry = (choose or (lambda v, lg, r: r.choice(lg)))(view, legal, rng)
        do_act(game, user, concrete(entry, rng), view["version"])
    return pages


def test_ramponneau_shows_pots_stacks_blinds_and_a_slider_of_the_legal_amounts(alice):
    table = do_play_now(alice, "ramponneau")
    seen = {"slider": False, "allin": False, "previous": False, "shown": False}

    def check(view, html):
        assert 'id="total-pot"' in html
        assert "bouton" in html and "grosse blinde" in html
        for entry in view.get("legal_actions") or []:
            if entry["type"] in ("bet", "raise") and entry["max"] > entry["min"]:
                assert f'min="{entry["min"]}" max="{entry["max"]}"' in html
                seen["slider"] = True
                assert f"Tapis ({entry['max']})" in html
                seen["allin"] = True
        if "Le coup précédent" in html:
            seen["previous"] = True
        if "shown-hand__name" in html or "result-sheet__hands" in html:
            seen["shown"] = True

    def calling_station(view, legal, rng):
        for kind in ("check", "call"):
            for entry in legal:
                if entry["type"] == kind:
                    return entry
        return legal[0]

    play(table, alice, 120, random.Random(2), check, calling_station)

    assert seen["slider"] and seen["allin"]
    assert seen["previous"] and seen["shown"]


def test_ramponneau_call_and_fold_buttons_name_their_amounts(alice):
    table = do_play_now(alice, "ramponneau")
    game = table.current_game()
    view = view_for(game, alice)
    while view.get("actor") != view.get("you"):
        do_bot_move(game.pk, now=game.bot_due_at)
        game.refresh_from_db()
        view = view_for(game, alice)

    html = render_table_fragments(table, game, alice, view)

    for entry in view["legal_actions"]:
        if entry["type"] == "call":
            assert f"Suivre {entry['amount']}" in html
        if entry["type"] == "fold":
            assert "Se coucher" in html
        if entry["type"] == "check":
            assert "Parole" in html


def test_ambigu_shows_poule_batterie_renvis_phase_and_the_combination(alice):
    table = do_play_now(alice, "ambigu")
    seen = set()

    def check(view, html):
        assert 'id="ambigu-poule"' in html and 'id="ambigu-batterie"' in html
        assert 'id="ambigu-renvis"' in html
        assert "phase" in html
        if view.get("combination"):
            assert "Votre jeu :" in html
            seen.add("combination")
        for entry in view.get("legal_actions") or []:
            if "choose" in entry:
                assert 'class="card-choice__box"' in html
                seen.add("exchange")
            if entry["type"] == "vade":
                assert "Ouvrir la vade de" in html
                seen.add("vade")
        if "Le coup précédent" in html:
            seen.add("previous")

    play(table, alice, 300, random.Random(3), check,
         until=lambda: {"combination", "exchange", "vade", "previous"} <= seen
         and table.games.filter(status=Game.Status.FINISHED).count() >= 3)

    assert {"combination", "exchange", "vade", "previous"} <= seen
    assert table.games.filter(status=Game.Status.FINISHED).count() >= 3


def test_remigio_lays_the_hand_in_melds_with_closing_buttons_and_round_results(alice):
    table = do_play_now(alice, "remigio")
    seen = set()

    def check(view, html):
        assert "Défausse" in html and 'id="stock-count"' in html
        if view.get("hand"):
            assert "data-melds" in html
            if (view.get("proposed") or {}).get("melds"):
                assert "meld--ok" in html
                seen.add("melds")
        for entry in view.get("legal_actions") or []:
            if entry["type"] == "draw":
                assert "Piocher au talon" in html and "Prendre la défausse" in html
        for closing in view.get("closings") or []:
            assert f"Je ferme ×{closing['multiplier']}" in html
            seen.add("close")
        if view.get("last_round"):
            assert "round-result" in html and "reste" in html
            seen.add("round")

    def bot_like(view, legal, rng):
        # the game's own bot, from the player's view: it closes when it can
        from cardgames import get_game

        return get_game("remigio").bot_action(view, rng)

    play(table, alice, 400, random.Random(5), check, bot_like,
         until=lambda: {"melds", "close", "round"} <= seen)

    assert {"melds", "close", "round"} <= seen


def test_all_fours_offers_beg_stand_and_shows_the_deal_sheet(alice):
    table = do_play_now(alice, "all-fours")
    seen = set()

    def check(view, html):
        assert "Retourne" in html
        for entry in view.get("legal_actions") or []:
            if entry["type"] in ("beg", "stand", "give", "run"):
                assert re.search(r"Je garde l'atout|Je mendie|Donner le point|Refaire l'atout",
                                 html.replace("&#x27;", "'"))
                seen.add(entry["type"])
            if entry["type"] == "discard":
                assert "card-choice__box" in html
                seen.add("discard")
        if view.get("deals"):
            assert "deal-sheet__table" in html and "Haut" in html and "High" not in html
            seen.add("sheet")

    play(table, alice, 400, random.Random(7), check)

    assert "sheet" in seen and ({"beg", "stand"} & seen)


def test_every_game_renders_for_a_spectator(alice, charlie):
    for slug in ("ramponneau", "ambigu", "remigio", "all-fours", "ascenseur"):
        table = do_play_now(alice, slug)
        game = table.current_game()
        context = table_context(table, game, charlie, view_for(game, charlie))
        assert context["board"] and not context["board"].get("broken"), slug
        html = render_table_fragments(table, game, charlie, view_for(game, charlie))
        assert 'id="table-board"' in html
