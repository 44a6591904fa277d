"""Rendering for the socket: fragments by id, one seat's cards only, any game."""

import re

import pytest
from django.template import Context, Template
from django.utils import translation

from play.actions import do_add_bot, do_create_table, do_join, do_play_now
from play.presentation.card_svg import card_back, card_svg, card_text
from play.presentation.labels import remaining_text
from play.presentation.table import FRAGMENT_IDS, render_table_fragments, table_context
from play.presentation.view import view_for
from play.presentation.words import card_name


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def started(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    table.refresh_from_db()
    return table, table.current_game()


def test_every_fragment_has_its_id_and_swaps_out_of_band(started, alice):
    table, game = started

    html = render_table_fragments(table, game, alice, view_for(game, alice))

    for element_id in FRAGMENT_IDS:
        assert re.search(rf'id="{element_id}"[^>]*hx-swap-oob="true"', html), element_id


def test_a_seat_receives_its_own_cards_and_never_the_others(started, alice, bob):
    table, game = started
    hands = game.state["hands"]

    for user, seat in ((alice, 0), (bob, 1)):
        html = render_table_fragments(table, game, user, view_for(game, user))
        for card in hands[seat]:
            assert card_name(card) in html
        for other, cards in enumerate(hands):
            if other != seat:
                for card in cards:
                    assert card_name(card) not in html


def test_a_spectator_receives_no_hand(started, charlie):
    table, game = started

    html = render_table_fragments(table, game, charlie, view_for(game, charlie))

    for cards in game.state["hands"]:
        for card in cards:
            assert card_name(card) not in html


def test_fragments_follow_the_players_language(started, alice):
    table, game = started
    alice.preferred_language = "en"

    html = render_table_fragments(table, game, alice, view_for(game, alice, lang="en"))

    for card in game.state["hands"][0]:
        assert card_name(card) not in html
        with translation.override("en"):
            assert card_name(card) in html


def test_a_game_without_its_own_board_gets_the_generic_one(alice, monkeypatch):
    from play.presentation import board, games

    table = do_play_now(alice, "ramponneau")
    game = table.current_game()
    # Ramponneau as a game would be without its presentation module and template.
    monkeypatch.setattr(board, "presenter", lambda slug: games.presenter("no-such-game"))
    monkeypatch.setattr("play.presentation.table.board_template",
                        lambda slug: "play/games/generic.html")

    html = render_table_fragments(table, game, alice, view_for(game, alice))

    assert 'id="table-board"' in html
    assert "public-fields" in html and "felt--poker" not in html
    assert "<dt>Small blind seat</dt>" in html  # a public field of the view, by name


def test_the_waiting_room_offers_a_seat_and_bots(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)

    context = table_context(table, None, bob, view_for(None, bob, table=table))

    assert context["can_join"] and not context["can_add_bot"]
    owner = table_context(table, None, alice, view_for(None, alice, table=table))
    assert owner["can_add_bot"] and not owner["can_join"]


def test_remaining_time_reads_like_a_clock():
    assert remaining_text(42) == "0:42"
    assert remaining_text(3 * 3600 + 5 * 60) == "3 h 05"
    assert remaining_text(2 * 86400 + 3 * 3600) == "2 j 3 h"
    assert remaining_text(-5) == "0:00"


# ----- card pictures --------------------------------------------------------------------


def test_a_card_is_an_svg_image_with_its_french_name():
    svg = card_svg("Th")

    assert svg.startswith("<svg")
    assert 'role="img"' in svg
    assert 'aria-label="dix de cœur"' in svg
    assert "style=" not in svg  # the CSP refuses inline styles


def test_the_four_colour_deck_tells_the_suits_apart():
    colours = {suit: re.findall(r'fill="(#[0-9a-f]{6})"', card_svg("A" + suit, four_colour=True))
               for suit in "cdhs"}
    suit_colour = {suit: found[-1] for suit, found in colours.items()}

    assert len(set(suit_colour.values())) == 4
    assert card_svg("Ad") != card_svg("Ad", four_colour=True)


def test_jokers_backs_and_copies_are_drawn():
    assert 'aria-label="joker rouge"' in card_svg("Xr.1")
    assert 'aria-label="dame de pique"' in card_svg("Qs.2")
    assert "carte cachée" in card_back()
    # an unknown code never draws a face
    assert "carte cachée" in card_svg("??")


def test_the_size_sets_the_width_and_keeps_the_proportions():
    svg = card_svg("As", size=50)

    assert 'width="50"' in svg and 'height="70"' in svg


def test_the_text_fallback_names_the_card():
    text = card_text("Qh")

    assert "D♥" in text
    assert 'aria-label="dame de cœur"' in text


def test_the_template_tags_draw_cards_and_rows():
    html = Template(
        '{% load cards %}{% card "Th" %}{% cards hand %}{% card_back %}{{ "Ks"|card_name }}'
    ).render(Context({"hand": ["As", "2c"]}))

    assert 'aria-label="dix de cœur"' in html
    assert html.count('class="card-row__item"') == 2
    assert "roi de pique" in html


def test_the_tag_follows_the_four_colour_choice():
    template = Template('{% load cards %}{% card "Ac" %}')

    assert template.render(Context({"four_colour_deck": True})) == card_svg("Ac", four_colour=True)
    assert template.render(Context({})) == card_svg("Ac")


def _without_form_ids(html):
    return re.sub(r'name="id" value="[0-9a-f]+"', 'name="id" value=""', html)


def test_frames_sharing_the_log_and_chat_match_frames_rendered_alone(started, alice, bob,
                                                                     charlie):
    # The socket renders the parts every reader shares once per snapshot and language;
    # each reader must still get exactly what a frame of their own would hold, and a
    # reader who muted the chat must not receive the others' copy (nor they theirs).
    from play.actions import do_chat, do_mute_chat
    from play.presentation.view import view_from_snapshot
    from play.queries import load_snapshot

    table, _ = started
    do_chat(table, alice, "Bonne chance à tous")
    do_mute_chat(table, bob, True)
    snapshot = load_snapshot(table.pk)
    shared = snapshot.rendered
    for lang in ("fr", "en"):
        for user in (bob, alice, charlie, bob):
            view = view_from_snapshot(snapshot, user, lang)
            alone = render_table_fragments(snapshot.table, snapshot.game, user, view,
                                           lang=lang, previous=snapshot.previous)
            together = render_table_fragments(snapshot.table, snapshot.game, user, view,
                                              lang=lang, previous=snapshot.previous,
                                              shared=shared)
            assert _without_form_ids(together) == _without_form_ids(alone)
            assert ("Bonne chance à tous" in together) is (user != bob)
    assert {key[1] for key in shared if key[0] == "log+chat"} == {"fr", "en"}
