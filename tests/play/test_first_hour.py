"""A newcomer's first hour at the tables (issue #29), through the services and the rendered
fragments (the browser's side is tests/play/test_browser_first_hour.py): broke at a
practice poker table, the end of a game, the ways out of one, and the words of the points
and the recaves."""

from __future__ import annotations

import random
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from cardgames.registry import get_game
from play.actions import (
    ServiceError,
    do_abort,
    do_act,
    do_bot_move,
    do_create_table,
    do_join,
    do_new_stack,
    do_play_now,
    do_rematch,
    do_resign,
    do_try_position,
    games,
)
from play.actions.stacks import next_dealt, session_end
from play.models import Game, Seat, Table
from play.presentation.controls import action_groups
from play.presentation.games import all_fours, ramponneau
from play.presentation.table import render_table_fragments
from play.presentation.view import view_for


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def stacked(slug, seats, carry, cards, options=None):
    """The first deal of a table, ``cards`` first and the rest of the pack after them."""
    engine = get_game(slug)
    state = engine.new(seats, engine.resolve_options(options or {}), carry)
    deck = list(engine.chance_cards(state))
    return {"type": "deal", "deck": cards + [c for c in deck if c not in cards]}


def frame(table, user) -> str:
    """The fragments the socket sends ``user`` now."""
    table.refresh_from_db()
    game = table.current_game()
    return render_table_fragments(table, game, user, view_for(game, user))


def text(html) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


# ----- Broke at a practice poker table ----------------------------------------------------

# Firmin (seat 0, the button) goes all in with two aces, Gaston folds, Alice (the big blind,
# seven-deuce) is left to call with her last chips.
BROKE = ["Kc", "7c", "Ah", "Qd", "2d", "Ad", "9h", "5s", "3h", "Jd", "8s"]


def all_in_against_aces(alice, seats=3):
    carry = {"stacks": [400] * seats, "button": 0}
    opening = [stacked("ramponneau", seats, carry, BROKE), {"type": "raise", "amount": 400}]
    opening += [{"type": "fold"}] * (seats - 2)
    table = do_try_position(alice, "ramponneau", seats=seats, options={}, carry=carry,
                            seat=seats - 1, opening=opening)
    return table


def call(table, user):
    game = table.current_game()
    entry = next(a for a in table.engine.legal_actions(game.state) if a["type"] == "call")
    do_act(game, user, entry, game.version)
    table.refresh_from_db()
    return table.current_game()


def test_broke_at_practice_poker_the_session_ends_with_a_summary(alice):
    table = all_in_against_aces(alice)
    game = call(table, alice)
    # No next hand among the bots: the table is finished, its last hand says why.
    assert table.status == Table.Status.FINISHED
    assert game.status == Game.Status.FINISHED and game.number == 1
    session = game.result["session"]
    assert session["stacks"] == [810, 390, 0] and session["broke"] == [2]
    assert session["fresh"] == 2000 and session["hands"] == 1
    page = text(frame(table, alice))
    assert "Vous n'avez plus de jetons" in page
    assert "absent du coup" not in page
    for label in ("Reprendre un tapis", "Rejouer", "Nouvelle partie", "Retour au salon"):
        assert label in page, label
    game = table.current_game()
    english = text(render_table_fragments(table, game, alice, view_for(game, alice), lang="en"))
    assert "You have no chips left." in english and "Take a new stack" in english


def test_a_broke_player_takes_a_new_stack_and_the_next_hand_is_dealt_to_them(alice):
    table = all_in_against_aces(alice)
    call(table, alice)
    game = do_new_stack(table, alice)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and game.number == 2
    view = view_for(game, alice)
    assert view["stacks"][2] + view["bets"][2] == 2000  # the game's starting stack again
    assert len(view["hand"]) == 2
    assert [view["stacks"][s] + view["bets"][s] for s in (0, 1)] == [810, 390]
    assert "Reprendre un tapis" not in text(frame(table, alice))


def test_a_new_stack_is_refused_to_a_player_who_has_chips_or_in_a_game_going_on(alice, bob):
    table = all_in_against_aces(alice)
    with pytest.raises(ServiceError) as going_on:
        do_new_stack(table, alice)
    assert going_on.value.code == "game_not_over"
    call(table, alice)
    with pytest.raises(ServiceError) as stranger:
        do_new_stack(table, bob)
    assert stranger.value.code == "not_seated"
    do_new_stack(table, alice)
    with pytest.raises(ServiceError) as again:
        do_new_stack(table, alice)  # the session is on again
    assert again.value.code == "game_not_over"
    other = do_play_now(alice, "all-fours")
    with pytest.raises(ServiceError) as not_chips:
        do_new_stack(other, alice)
    assert not_chips.value.code == "forbidden"


def test_a_player_who_wins_every_chip_ends_the_session_as_its_winner(alice):
    # Heads-up, the aces are Alice's this time: Firmin's chips all go to her.
    carry = {"stacks": [400, 400], "button": 0}
    cards = ["Ah", "7c", "Ad", "2d", "9h", "5s", "3h", "Jd", "8s"]
    table = do_try_position(alice, "ramponneau", seats=2, options={}, carry=carry, seat=1,
                            opening=[stacked("ramponneau", 2, carry, cards),
                                     {"type": "raise", "amount": 400}])
    game = call(table, alice)
    assert table.status == Table.Status.FINISHED
    assert game.result["session"]["stacks"] == [0, 800]
    page = text(frame(table, alice))
    assert "Vous avez gagné tous les jetons" in page and "Reprendre un tapis" not in page
    with pytest.raises(ServiceError) as refused:
        do_new_stack(table, alice)
    assert refused.value.code == "not_broke"
    rematch = do_rematch(table, alice)  # « Rejouer »: the same table, fresh stacks
    game = rematch.current_game()
    assert rematch.status == Table.Status.PLAYING and sum(game.state["stacks"]) + sum(
        game.state["bets"]) == 2 * 2000


def test_at_ambigu_without_recaves_a_broke_player_ends_the_session_too(alice, monkeypatch):
    # Alice has one jeton, the ante: the first deal takes it and she cannot recave.
    monkeypatch.setattr(games, "system_random", random.Random(3))
    options = {"auto_recave": False}
    carry = {"stacks": [1, 50], "dealer": 1, "poule": 0, "batterie": 0, "debts": []}
    table = do_try_position(alice, "ambigu", seats=2, options=options, carry=carry, seat=0,
                            opening=[stacked("ambigu", 2, carry, [], options)])
    for _ in range(200):
        table.refresh_from_db()
        game = table.current_game()
        if table.status != Table.Status.PLAYING:
            break
        if game.bot_due_at is not None:
            do_bot_move(game.pk, now=game.bot_due_at)
            continue
        legal = table.engine.legal_actions(game.state)
        choice = next((a for a in legal if a["type"] in ("pass", "fold")), legal[0])
        if "choose" in choice:
            choice = {"type": choice["type"], "cards": []}
        do_act(game, alice, choice, game.version)
    assert table.status == Table.Status.FINISHED, "the bot plays on against nobody"
    assert 0 in game.result["session"]["broke"]
    assert "Se recaver" in text(frame(table, alice))  # Ambigu's word for a new stack
    do_new_stack(table, alice)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_with_its_own_recaves_ambigu_goes_on_deal_after_deal(alice):
    # auto_recave (the default): a broke player is recaved by the game, never out.
    carry = {"stacks": [1, 50], "dealer": 1, "poule": 0, "batterie": 0, "debts": []}
    table = do_try_position(alice, "ambigu", seats=2, options={}, carry=carry, seat=0,
                            opening=[stacked("ambigu", 2, carry, [])])
    game = table.current_game()
    state = dict(game.state, stacks=[0, 51])
    assert next_dealt(table, state) == [0, 1]
    game.state = state
    assert session_end(table, game) is None


# ----- The words of the points and of the recaves -----------------------------------------


def test_all_fours_points_are_named_in_french_and_in_english_in_english(db):
    view = {"seats": 2, "sides": [[0], [1]], "scores": [3, 1], "phase": "play",
            "deals": [{"deal": 1, "trump": "h", "game_points": [19, 11], "events": [
                {"kind": "high", "side": 0}, {"kind": "low", "side": 1},
                {"kind": "jack", "side": 1}, {"kind": "game", "side": 0}]}]}
    for lang, words, foreign in (("fr", ("Haut", "Bas", "Valet", "Jeu"), "High"),
                                 ("en", ("High", "Low", "Jack", "Game"), "Haut")):
        with translation.override(lang):
            html = render_to_string("play/games/all-fours.html",
                                    {"board": all_fours.board(view, ["Alice", "Bob"])})
        heads = re.findall(r'<th scope="col" title="[^"]*">([^<]+)</th>', html)
        assert heads == list(words), (lang, heads)
        assert foreign not in html


def test_ambigus_recaves_and_vades_say_they_count_jetons():
    engine = get_game("ambigu")
    legal = [{"type": "recave", "min": 1, "max": 3}, {"type": "vade", "min": 2, "max": 4}]
    groups, forms = action_groups(engine, None, {}, legal)
    assert [(g["title"], [b["label"] for b in g["buttons"]]) for g in groups] == [
        ("Se recaver de", ["1 jeton", "2 jetons", "3 jetons"]),
        ("Ouvrir la vade de", ["2 jetons", "3 jetons", "4 jetons"]),
    ]
    assert groups[0]["buttons"][1]["aria_label"] == "Se recaver de 2 jetons"
    _, forms = action_groups(engine, None, {}, [{"type": "recave", "min": 1, "max": 20}])
    assert forms[0]["range_text"] == "de 1 à 20 jetons"
    with translation.override("en"):
        groups, _ = action_groups(engine, None, {}, legal[:1])
    assert [b["label"] for b in groups[0]["buttons"]] == ["1 chip", "2 chips", "3 chips"]


# ----- The end of a game, and the ways out of one ------------------------------------------


def play_to_the_end(table, users, rng):
    """Bots' choices for every seat, through the services, until the game is over."""
    engine = table.engine
    game = table.current_game()
    while game.status == Game.Status.PLAYING:
        actor = engine.actor(game.state)
        action = engine.bot_action(engine.view(game.state, actor), rng, "habitue")
        do_act(game, users[actor], action, None)
        game.refresh_from_db()
    table.refresh_from_db()
    return game


def test_the_end_of_a_game_is_a_panel_with_places_scores_the_rating_and_the_ways_on(
    alice, bob, charlie, monkeypatch
):
    monkeypatch.setattr(games, "system_random", random.Random(4))
    table = do_create_table(alice, "all-fours", seat_count=2)
    do_join(table, bob)
    game = play_to_the_end(table, {0: alice, 1: bob}, random.Random(4))
    winner, loser = (alice, bob) if game.result["winners"] == [0] else (bob, alice)
    for user in (winner, loser):
        page = text(frame(table, user))
        title = "Vous avez gagné !" if user == winner else "Partie perdue."
        assert title in page
        scores = game.result["scores"]
        assert re.search(rf"1re {winner.display_name}( gagnant)? {max(scores)} "
                         rf"2e {loser.display_name} {min(scores)}", page), page
        assert re.search(r"Classement du All-fours : −?\d+ → −?\d+ \([+−]\d+\)", page)
        for label in ("Revanche", "Nouvelle partie", "Retour au salon"):
            assert label in page
        assert "La dernière donne" in page and "Haut" in page
        assert "Aucune carte en main" not in page
    # A spectator reads the places, and only the way back to the lobby.
    page = text(frame(table, charlie))
    assert "Partie terminée." in page and "Retour au salon" in page
    assert "Revanche" not in page and "Classement" not in page


def test_a_game_against_bots_says_it_is_not_rated_and_an_aborted_one_that_it_counts_for_nothing(
    alice,
):
    table = do_play_now(alice, "all-fours")
    do_abort(table, alice)
    page = text(frame(table, alice))
    assert "Partie annulée." in page and "ne compte pas" in page
    assert "Place" not in page  # nobody ranked
    table = do_play_now(alice, "ascenseur")
    do_resign(table, alice)
    page = text(frame(table, alice))
    assert "Vous avez abandonné." in page
    assert "ne compte pas pour le classement" in page


def test_the_ways_out_of_a_game_are_one_menu_each_behind_its_confirmation(alice):
    table = do_play_now(alice, "all-fours")
    html = frame(table, alice).replace("&#x27;", "'")
    exits = re.search(r'<div id="table-exits".*?</div>\s*</div>\s*</div>', html, re.S).group(0)
    assert exits.count('class="game-menu__button"') == 1
    for kind, question in (("abort", "Annuler la partie ?"), ("resign", "Abandonner la partie ?"),
                           ("leave", "Quitter la partie ?")):
        assert f'popovertarget="confirm-{kind}"' in exits  # the menu's entry
        dialog = re.search(rf'<div id="confirm-{kind}".*?</form>', html, re.S).group(0)
        assert "popover" in dialog and question in dialog and "Non, continuer la partie" in dialog
    assert 'name="confirm" value="1"' in html  # resigning without JavaScript is confirmed too
    assert "Je confirme" not in html and "big-button" not in exits.split("confirm-")[0]


def test_a_player_marked_absent_finds_je_reviens_with_the_games_buttons(alice, bob):
    table = do_create_table(alice, "all-fours", seat_count=2)
    do_join(table, bob)
    Seat.objects.filter(table=table, user=alice).update(sitting_out=True)
    html = frame(table, alice)
    actions = re.search(r'<section id="actions".*?</section>', html, re.S).group(0)
    assert "Je reviens" in actions


# ----- Remigio's last round, Ramponneau's pots ----------------------------------------------


def test_remigios_last_round_is_one_line_while_the_next_is_played_and_open_at_the_end(db):
    round_ = {"number": 1, "closer": "Bob", "kind": "fermeture", "multiplier": 1,
              "hands": [], "halved": False, "void": False}
    during = render_to_string("play/games/remigio_result.html", {"round": round_, "over": False})
    over = render_to_string("play/games/remigio_result.html", {"round": round_, "over": True})
    assert re.search(r'<details class="previous-hand round-result" data-remember', during)
    assert re.search(r'<details class="previous-hand round-result" open', over)


def test_one_pot_is_the_total_and_side_pots_are_listed():
    names = ["Alice", "Bob", "Chloé"]
    one = {"seats": 3, "pots": [{"amount": 120, "eligible": [0, 1, 2]}]}
    assert ramponneau.board(one, names)["pots"] == []
    two = {"seats": 3, "pots": [{"amount": 120, "eligible": [0, 1, 2]},
                                {"amount": 40, "eligible": [0, 1]}]}
    assert [p["amount"] for p in ramponneau.board(two, names)["pots"]] == [120, 40]
    won = {"seats": 3, "awards": [{"amount": 160, "winners": [1], "shares": [160]}]}
    assert ramponneau.board(won, names)["pots"][0]["winners"] == "Bob"


# ----- The header on a phone ---------------------------------------------------------------


def test_a_signed_in_players_account_links_are_in_the_headers_menu(alice, client):
    client.force_login(alice)
    page = client.get("/jouer/").content.decode()
    nav = re.search(r'<nav class="site-nav".*?</nav>', page, re.S).group(0)
    menu = re.search(r'<ul id="site-menu" class="site-menu__list" popover>.*?</ul>', nav,
                     re.S).group(0)
    assert nav.count('popovertarget="site-menu"') == 1
    for label in ("Règles", "Mon compte", "Déconnexion"):
        assert label in menu
    assert "Mes parties" in nav.split("site-menu")[0]  # beside the button, never in it
    client.logout()
    nav = re.search(r'<nav class="site-nav".*?</nav>', client.get("/jouer/").content.decode(),
                    re.S).group(0)
    assert "site-menu" not in nav and "Connexion" in nav
