"""The table page: server-rendered, own hand only, legal cards, the no-JavaScript action path."""

import html
import re

import pytest
from django.conf import settings
from django.utils.html import escape

from play.actions import do_add_bot, do_create_table, do_join
from play.presentation import messages
from play.presentation.words import card_name


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def deal(game, deck):
    """Replace the game's first deal by a chosen deck (tests need known hands)."""
    engine = game.table.engine
    state = engine.new(game.table.seat_count, game.table.options)
    state = engine.apply(state, {"type": "deal", "deck": deck})
    game.state = state
    game.actor = state["actor"]
    game.save()
    # the log must tell this deal, not the random one it replaces (its turn-up)
    game.actions.filter(seq=1).update(
        action={"type": "deal", "deck": deck},
        message=engine.describe(engine.new(game.table.seat_count, game.table.options),
                                {"type": "deal", "deck": deck}),
    )
    return game


def ascenseur_table(alice, bob, charlie_seat_bot=True):
    """alice at 0, bob at 1, a bot at 2: an Ascenseur table, dealt."""
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    table.refresh_from_db()
    return table, table.current_game()


def fixed_deck(hands_by_seat, dealer=0, size=1, seats=3):
    """A 52-card deck that deals ``hands_by_seat`` (seat -> cards) for a deal of ``size``."""
    from cardgames.cards import deck52

    rest = [c for c in deck52() if all(c not in h for h in hands_by_seat.values())]
    deck = []
    cursor = {s: 0 for s in range(seats)}
    for i in range(seats * size):
        seat = (dealer + 1 + i) % seats
        deck.append(hands_by_seat[seat][cursor[seat]])
        cursor[seat] += 1
    return deck + rest


def test_it_shows_my_hand_and_not_the_others(client, alice, bob):
    table, game = ascenseur_table(alice, bob)
    game = deal(game, fixed_deck({0: ["Th"], 1: ["As"], 2: ["2c"]}))
    client.force_login(alice)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    assert card_name("Th") in page
    assert card_name("As") not in page
    assert card_name("2c") not in page
    assert 'id="my-hand"' in page and 'id="table-board"' in page
    assert f'ws-connect="/ws/tables/{table.pk}/?format=html' in page
    assert "/regles/ascenseur/" in page


def test_a_spectator_sees_no_hand(client, alice, bob, charlie):
    table, game = ascenseur_table(alice, bob)
    deal(game, fixed_deck({0: ["Th"], 1: ["As"], 2: ["2c"]}))
    client.force_login(charlie)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    assert page.count("dix de cœur") == 0
    assert "as de pique" not in page


def test_it_offers_the_bids_as_buttons_with_the_forbidden_one_disabled(client, alice, bob):
    table, game = ascenseur_table(alice, bob)
    # Seat 0 deals; seat 1 (bob) bids first, then the bot, then alice (the dealer).
    game = deal(game, fixed_deck({0: ["Th"], 1: ["As"], 2: ["2c"]}))
    engine = table.engine
    game.state = engine.apply(game.state, {"type": "bid", "tricks": 0})
    game.state = engine.apply(game.state, {"type": "bid", "tricks": 0})
    game.actor = 0
    game.save()
    client.force_login(alice)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    forbidden = re.search(r"<button[^>]*disabled[^>]*>1</button>", page)
    assert forbidden, "the dealer's forbidden bid is shown disabled"
    assert "Le donneur ne peut pas annoncer 1" in forbidden.group(0)
    assert re.search(r'<button[^>]*name="action_json"[^>]*>0</button>', page)


def test_a_legal_card_is_a_button_that_plays_it(client, alice, bob):
    table, game = ascenseur_table(alice, bob)
    engine = table.engine
    # A 2-card deal so alice holds a heart and a spade; bob leads a heart.
    state = engine.new(3, table.options)
    deck = fixed_deck({0: ["As"], 1: ["Kd"], 2: ["2c"]})
    state = engine.apply(state, {"type": "deal", "deck": deck})
    for bid in (0, 0, 0):
        state = engine.apply(state, {"type": "bid", "tricks": bid})
    # deal 1 (1 card each): bob leads.
    assert state["actor"] == 1
    state = engine.apply(state, {"type": "play", "card": "Kd"})
    state = engine.apply(state, {"type": "play", "card": "2c"})
    assert state["actor"] == 0
    game.state = state
    game.actor = 0
    game.save()
    client.force_login(alice)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    # One card only, and it is legal (no diamond to follow): a submit button.
    assert re.search(r'<button class="card-button" type="submit"[^>]*value="[^"]*As', page)


def two_card_state(table):
    """Deal 2 (two cards each) with bob to lead; alice holds Ah and 3s."""
    engine = table.engine
    state = engine.new(3, table.options)
    deck = fixed_deck({0: ["4c"], 1: ["5c"], 2: ["6c"]})
    state = engine.apply(state, {"type": "deal", "deck": deck})
    for bid in (0, 0, 0):
        state = engine.apply(state, {"type": "bid", "tricks": bid})
    for _ in range(3):
        card = engine.legal_actions(state)[0]["card"]
        state = engine.apply(state, {"type": "play", "card": card})
    # The next deal is dealt by seat 1; seat 2 bids first.
    deck = fixed_deck({0: ["Ah", "3s"], 1: ["Kh", "Qd"], 2: ["2h", "Jc"]}, dealer=1, size=2)
    state = engine.apply(state, {"type": "deal", "deck": deck})
    return state


def test_a_card_that_breaks_the_rules_is_disabled_with_the_reason(client, alice, bob):
    table, game = ascenseur_table(alice, bob)
    engine = table.engine
    state = two_card_state(table)
    while state["phase"] == "bid":
        state = engine.apply(state, engine.legal_actions(state)[0])
    # seat 2 leads (the new dealer's right-hand neighbour).
    leader = state["actor"]
    lead = "2h" if leader == 2 else None
    assert lead, "seat 2 leads the second deal"
    state = engine.apply(state, {"type": "play", "card": "2h"})
    assert state["actor"] == 0
    game.state = state
    game.actor = 0
    game.save()
    client.force_login(alice)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    spade = re.search(
        r"<button[^>]*disabled[^>]*title=\"([^\"]+)\"[^>]*>\s*<svg[^>]*trois de pique", page
    )
    assert spade, "the three of spades is disabled"
    assert "fournir" in spade.group(1)
    assert re.search(r'<button class="card-button" type="submit"[^>]*>\s*<svg[^>]*as de cœur', page)


def test_the_no_js_post_plays_an_action(client, alice, bob):
    table, game = ascenseur_table(alice, bob)
    game = deal(game, fixed_deck({0: ["Th"], 1: ["As"], 2: ["2c"]}))
    client.force_login(bob)

    response = client.post(
        f"/jouer/tables/{table.pk}/agir/",
        {"action_json": '{"type": "bid", "tricks": 1}', "version": game.version, "id": "x1"},
    )

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.state["bids"][1] == 1


def test_the_no_js_post_refuses_a_stale_version_in_french(client, alice, bob):
    table, game = ascenseur_table(alice, bob)
    game = deal(game, fixed_deck({0: ["Th"], 1: ["As"], 2: ["2c"]}))
    client.force_login(bob)

    response = client.post(
        f"/jouer/tables/{table.pk}/agir/",
        {"action_json": '{"type": "bid", "tricks": 1}', "version": game.version - 1, "id": "x2"},
        follow=True,
    )

    page = response.content.decode()
    assert "La partie a avancé depuis" in page
    game.refresh_from_db()
    assert game.state["bids"][1] is None


def test_the_no_js_post_refuses_an_illegal_action_with_its_rule(client, alice, bob):
    table, game = ascenseur_table(alice, bob)
    game = deal(game, fixed_deck({0: ["Th"], 1: ["As"], 2: ["2c"]}))
    client.force_login(bob)

    response = client.post(
        f"/jouer/tables/{table.pk}/agir/",
        {"action_json": '{"type": "bid", "tricks": 7}', "version": game.version},
        follow=True,
    )

    refusal = table.engine.can_apply(game.state, {"type": "bid", "tricks": 7})
    assert refusal.rule == "ascenseur.bid-range"
    assert escape(messages.refusal("ascenseur", refusal.message)) in response.content.decode()
    game.refresh_from_db()
    assert game.state["bids"][1] is None


def test_a_min_max_template_posts_an_amount(client, alice):
    from django.http import QueryDict

    from play.web.forms import action_from_post

    data = QueryDict(mutable=True)
    data.update({"action_base": '{"type": "raise"}', "amount": "300"})

    assert action_from_post(data) == {"type": "raise", "amount": 300}


def test_a_choose_template_posts_its_cards():
    from django.http import QueryDict

    from play.web.forms import action_from_post

    data = QueryDict("action_base=%7B%22type%22%3A%22discard%22%7D&choose=1&cards=Ah&cards=2c")

    assert action_from_post(data) == {"type": "discard", "cards": ["Ah", "2c"]}


def test_charlie_cannot_see_an_unlisted_table(client, alice, charlie):
    table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    client.force_login(charlie)

    assert client.get(f"/jouer/tables/{table.pk}/").status_code == 404


def same_page(response) -> str:
    """The page without what changes on every response (the CSRF mask, the CSP nonce)."""
    text = response.content.decode()
    text = re.sub(r'(name="csrfmiddlewaretoken" value|nonce)="[^"]*"', r"\1", text)
    return re.sub(r'"X-CSRFToken": "[^"]*"', "", text)


TABLE_ENDPOINTS = ["", "automate/", "quitter/", "agir/", "abandonner/", "annuler/",
                   "je-reviens/", "revanche/", "discussion/", "discussion/couper/"]


@pytest.mark.parametrize("endpoint", TABLE_ENDPOINTS)
def test_an_unlisted_table_answers_an_outsider_as_a_missing_one_does(
    client, alice, bob, charlie, endpoint
):
    table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    client.force_login(charlie)
    send = client.get if endpoint == "" else client.post
    form = {"text": "coucou", "version": "1", "action_base": "{}", "confirm": "1"}

    hidden = send(f"/jouer/tables/{table.pk}/{endpoint}", form)
    missing = send(f"/jouer/tables/{table.pk + 1000}/{endpoint}", form)
    missing.content = missing.content.replace(f"/{table.pk + 1000}/".encode(),
                                              f"/{table.pk}/".encode())

    assert hidden.status_code == missing.status_code == 404
    assert same_page(hidden) == same_page(missing)
    table.refresh_from_db()
    assert table.seats.count() == 1 and not table.chat_messages.exists()


def test_the_table_is_silent_until_the_player_turns_the_sounds_on(client, alice, bob):
    table, _ = ascenseur_table(alice, bob)
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    assert 'data-sounds="off"' in page and "Activer les sons" in page

    response = client.post("/jouer/sons/", {"on": "1", "next": table.get_absolute_url()})
    assert response.status_code == 302 and response.url == table.get_absolute_url()
    page = client.get(table.get_absolute_url()).content.decode()
    assert 'data-sounds="on"' in page and "Couper les sons" in page

    client.post("/jouer/sons/", {"on": "0", "next": "https://evil.example/"})
    assert 'data-sounds="off"' in client.get(table.get_absolute_url()).content.decode()


def turn_text(client, table) -> str:
    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()
    return html.unescape(re.search(r'class="turn__text">([^<]*)', page).group(1).strip())


def test_it_says_whose_turn_it_is_with_de_elided_before_a_vowel(client, alice, bob, charlie):
    bobs_turn, _ = ascenseur_table(alice, bob)  # Bob, at seat 1, bids first
    alices_turn = do_create_table(bob, "ascenseur", seat_count=3)
    do_join(alices_turn, alice)  # Alice, at seat 1, bids first
    do_add_bot(alices_turn, bob)
    client.force_login(charlie)

    assert turn_text(client, alices_turn) == "Au tour d'Alice."
    assert turn_text(client, bobs_turn) == "Au tour de Bob."
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert turn_text(client, alices_turn) == "Alice's turn."
