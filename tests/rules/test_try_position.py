"""« Essayer cette position »: an example that is a position to act in opens a practice
table at that very position, the reader in the example's seat, bots at the others; its log
replays to the position, and the reader sees nothing they would not see at any table. A
visitor plays it as a guest; one who cannot be made a guest logs in and comes back to the
position."""

from __future__ import annotations

from random import Random

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from cardgames import get_game, replay
from cardgames.selfplay import cards_in
from play.models import Game, Table
from play.presentation.archive import actions_of, state_at
from rules import content_files, examples, markup, services
from rules.examples.render import TOKEN_SLOT
from rules.models import RulesPage
from tests.conftest import PASSWORD
from tests.play.test_fair_play import allowed_by_step, cards_named, face
from tests.rules.test_examples import TERMS

# The rules and the pages, through the database: once, on the embedded backends
# (tests/conftest.py).
pytestmark = pytest.mark.embedded_only

User = get_user_model()


def publish(slug: str, language: str = "fr") -> RulesPage:
    """The shipped page, published as load_content does (its examples checked)."""
    item = next(f for f in content_files.pages(language=language) if f.slug == slug)
    page = RulesPage.objects.create(slug=slug, language=language, title=item.fields["title"])
    values = {name: item.fields.get(name, "") for name in services.EDITABLE_FIELDS}
    values["body"] = item.body
    return services.do_publish(page, values, terms=TERMS[language])


def number_of(page: RulesPage, title: str) -> int:
    """The number the page gives the example of that title (its « Exemple N »)."""
    number = 1
    while (source := markup.example_source(page.body, number)) is not None:
        if f"titre: {title}\n" in source + "\n":
            return number
        number += 1
    raise AssertionError(f"no example « {title} »")


def try_example(client, page: RulesPage, title: str):
    return client.post(
        reverse("rules:try_position", args=[page.slug]), {"exemple": number_of(page, title)}
    )


def opened_table(response, user) -> tuple[Table, Game, int]:
    """The table the answer leads to, its game, and the reader's seat."""
    table = Table.objects.get()
    assert response.status_code == 302
    assert response.url == table.get_absolute_url()
    assert table.practice and table.status == Table.Status.PLAYING
    seat = table.seats.get(user=user).position
    assert all(s.bot_level == "habitue" for s in table.seats.exclude(position=seat))
    game = table.current_game()
    assert game.actor == seat  # the reader's turn
    return table, game, seat


def assert_fair(client, table: Table, game: Game, seat: int) -> None:
    """The log replays to the position; the reader's view and page hold no card hidden
    from them."""
    actions = actions_of(game)
    assert state_at(game, actions, len(actions)) == game.state
    engine = table.engine
    view = engine.view(game.state, seat)
    hidden = set(engine.hidden_cards(game.state, seat))
    assert hidden, "the others' cards are hidden from the reader"
    assert not set(cards_in(view)) & hidden
    page = client.get(table.get_absolute_url()).content.decode()
    seen = allowed_by_step(game, seat)[-1]
    assert set(cards_named(page)) <= seen


@pytest.fixture
def client_alice(client, alice):
    client.force_login(alice)
    return client


def test_the_dealers_bid_opens_at_the_tenth_deal_with_the_others_bids(client_alice, alice):
    page = publish("ascenseur")
    response = try_example(client_alice, page, "La dixième donne, à quatre")

    table, game, seat = opened_table(response, alice)
    state = game.state
    assert table.seat_count == 4
    assert state["deal"] == 9 and state["size"] == 10 and len(state["history"]) == 9
    assert seat == state["dealer"] and state["phase"] == "bid"
    before = [(state["dealer"] + 1 + i) % 4 for i in range(3)]
    assert [state["bids"][s] for s in before] == [3, 0, 5]
    assert len(state["hands"][seat]) == 10
    assert {"type": "bid", "tricks": 2} not in table.engine.legal_actions(state)
    assert_fair(client_alice, table, game, seat)


def test_a_card_to_play_opens_on_the_trick_begun_with_the_readers_hand(client_alice, alice):
    page = publish("ascenseur")
    response = try_example(client_alice, page, "Il faut monter")

    table, game, seat = opened_table(response, alice)
    state = game.state
    assert sorted(state["hands"][seat]) == sorted(["2s", "Qs", "As", "5h"])
    assert [entry[1] if isinstance(entry, list) else entry for entry in state["trick"]] == [
        "Ks", "3s"
    ]
    assert state["trump"] == "h"
    assert table.engine.legal_actions(state) == [{"type": "play", "card": "As"}]
    assert_fair(client_alice, table, game, seat)


def test_a_bet_to_make_opens_at_the_example_stacks_bets_and_turn(client_alice, alice):
    page = publish("ramponneau")
    response = try_example(client_alice, page, "B relance à 300 : A doit payer 250 pour suivre")

    table, game, seat = opened_table(response, alice)
    state = game.state
    assert table.seat_count == 2 and seat == 0  # A
    assert state["button"] == 1 and state["options"]["big_blind"] == 20
    assert len(state["board"]) == 4  # at the turn
    assert state["bets"] == [50, 300]
    legal = {a["type"]: a for a in table.engine.legal_actions(state)}
    assert legal["call"]["amount"] == 250 and legal["raise"]["min"] == 550
    assert_fair(client_alice, table, game, seat)


def test_a_turn_up_opens_at_the_eldest_hands_stand_or_beg(client_alice, alice):
    page = publish("all-fours")
    response = try_example(client_alice, page, "Un valet retourné")

    table, game, seat = opened_table(response, alice)
    state = game.state
    assert table.seat_count == 2 and seat == 1 and state["dealer"] == 0
    assert state["turnup"] == "Js" and state["phase"] == "beg"
    assert state["scores"] == [1, 0]  # the dealer scored the jack turned up
    assert_fair(client_alice, table, game, seat)


def test_a_rummy_hand_opens_at_the_readers_first_turn_holding_it(client_alice, alice):
    page = publish("remigio")
    response = try_example(client_alice, page, "Fermer sans joker double la note")

    table, game, seat = opened_table(response, alice)
    state = game.state
    held = sorted(face(c) for c in state["hands"][seat])
    assert held == sorted("Jh Qh Kh Ah 2s 2d 2c 8d 9d Td".split())
    assert state["phase"] == "draw" and len(state["pile"]) == 1
    assert_fair(client_alice, table, game, seat)


def test_a_four_card_hand_opens_at_the_vade_with_that_hand(client_alice, alice):
    page = publish("ambigu")
    response = try_example(client_alice, page, "Trois dix et un neuf de pique")

    table, game, seat = opened_table(response, alice)
    state = game.state
    assert sorted(state["hands"][seat]) == sorted(["Th", "Td", "Tc", "9s"])
    assert state["phase"] == "speech2" and state["opener"] is None
    assert_fair(client_alice, table, game, seat)


def test_the_page_offers_the_button_under_the_positions_only(client_alice):
    publish("remigio")
    html = client_alice.get(reverse("rules:page", args=["remigio"])).content.decode()

    # two hands and four closings; five pairs served end the round at once, and a
    # fully played deal is no position
    assert html.count("Essayer cette position") == 6
    assert TOKEN_SLOT not in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_an_unknown_or_unplayable_example_opens_nothing_and_says_why(client_alice):
    page = publish("ascenseur")
    url = reverse("rules:try_position", args=[page.slug])
    score = number_of(page, "Trois levées annoncées, trois faites")

    for number in ("999", "0", "abc", "", str(score)):
        response = client_alice.post(url, {"exemple": number}, follow=True)
        assert response.redirect_chain[0][0].startswith(
            reverse("rules:page", args=["ascenseur"])
        )
        said = [str(m) for m in response.context["messages"]]
        assert said == ["Cet exemple n'est pas une position à essayer."]
    assert not Table.objects.exists() and not Game.objects.exists()


def test_a_visitor_tries_a_position_as_a_guest(client, db):
    page = publish("ramponneau")
    number = number_of(page, "A mise 50 au tournant : que peut faire B ?")

    response = client.post(reverse("rules:try_position", args=[page.slug]),
                           {"exemple": number})

    table = Table.objects.get()
    guest = User.objects.get(is_guest=True)
    assert response.status_code == 302 and response.url == table.get_absolute_url()
    assert table.practice and table.seats.filter(user=guest).exists()
    assert table.current_game().actor == table.seats.get(user=guest).position


def test_a_guest_tries_only_a_few_positions_at_once(client, db):
    page = publish("ramponneau")
    number = number_of(page, "A mise 50 au tournant : que peut faire B ?")
    url = reverse("rules:try_position", args=[page.slug])
    for _ in range(3):
        client.post(url, {"exemple": number})

    response = client.post(url, {"exemple": number}, follow=True)

    assert Table.objects.count() == 3
    assert "parties en cours" in response.content.decode()


def test_a_visitor_who_cannot_be_a_guest_logs_in_and_comes_back_to_the_position(
    client, alice, settings
):
    settings.GUESTS_PER_IP = (0, 3600)
    page = publish("ramponneau")
    number = number_of(page, "A mise 50 au tournant : que peut faire B ?")

    response = client.post(reverse("rules:try_position", args=[page.slug]),
                           {"exemple": number}, follow=True)

    assert response.redirect_chain[-1][0].startswith("/compte/login/?next=")
    assert "Trop de parties d&#x27;essai" in response.content.decode()
    assert not Table.objects.exists() and not User.objects.filter(is_guest=True).exists()
    resume = reverse("rules:resume_position", args=[page.slug])
    logged_in = client.post(f"/compte/login/?next={resume}",
                            {"login": "alice", "password": PASSWORD,
                             "next": resume}, follow=True)

    table = Table.objects.get()
    assert logged_in.redirect_chain[-1][0] == table.get_absolute_url()
    assert table.current_game().actor == table.seats.get(user=alice).position


def test_the_way_back_to_a_position_opens_nothing_unasked(client, alice):
    page = publish("ramponneau")
    client.force_login(alice)

    response = client.get(reverse("rules:resume_position", args=[page.slug]))

    assert response.status_code == 302 and response.url == f"/regles/{page.slug}/"
    assert not Table.objects.exists()


def test_the_button_is_a_post_form_that_carries_no_cards(client_alice):
    publish("all-fours")
    html = client_alice.get(reverse("rules:page", args=["all-fours"])).content.decode()
    start = html.index('class="rules-example__try"')
    form = html[html.rindex("<form", 0, start) : html.index("</form>", start)]

    assert 'method="post"' in form and "/regles/all-fours/essayer/" in form
    assert 'name="exemple"' in form
    assert not set(cards_named(form))


def test_the_example_fixes_its_cards_and_the_others_are_drawn_at_random(db):
    page = publish("ascenseur")
    example = examples.parse(markup.example_source(page.body, number_of(page, "Il faut monter")))
    game = get_game("ascenseur")

    states = []
    for seed in (1, 2):
        start = examples.position(example, Random(seed))
        states.append((replay(game, start.seats, start.options, start.carry, start.actions), start))

    for state, start in states:
        assert sorted(state["hands"][start.seat]) == sorted("2s Qs As 5h".split())
    assert states[0][0]["hands"] != states[1][0]["hands"]
