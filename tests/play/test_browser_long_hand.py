"""A long hand holds on one line, in a real browser, on a phone (390×844) and a laptop
(1280×800): at All-fours, when the dealer runs the cards twice, the eldest hand holds twelve
cards and must throw six away. Every card stays on the hand's one line, inside the first
screen, its box in sight and under the pointer; Alice ticks six boxes, discards, and keeps
six cards. (A laptop once wrapped such a hand onto a second line, below the first screen.)
Server and browser: tests/play/conftest.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.play.conftest import BROWSER_PASSWORD, DESKTOP, PHONE, needs_chromium, prepared_site

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    needs_chromium,
]

# Two tables (one per screen size) where Alice, eldest, begged and Bob, the dealer, ran the
# cards: the first card turned (9h) is begged, the second (Th) is of the same suit and set
# aside, the third (2s) makes spades trump. Three cards each per turn: twelve in each hand.
PREPARE = """
import sys
import config.settings as s
s.DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": sys.argv[1],
               "OPTIONS": {"timeout": 20}}}
s.PLAY_INPROCESS_SCHEDULER = False
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from allauth.account.models import EmailAddress
from accounts.models import User
from play.actions import do_act, do_create_table, do_join, games

CUT = ["7c", "As"]  # Bob, seat 1, draws the ace and deals
DEAL = ["2c", "5c", "8c", "Jc", "3d", "6d", "9d", "Qd", "4h", "7h", "Ks", "Ac", "9h",
        "3c", "6c", "9c", "Qc", "4d", "7d", "Th", "Td", "Kd", "Ad", "2h", "3h", "8h", "2s"]


class Stacked:
    def __init__(self, decks):
        self.decks = decks

    def shuffle(self, deck):
        wanted = self.decks.pop(0)
        deck[:] = wanted + [card for card in deck if card not in wanted]


users = {}
for name in ("alice", "bob"):
    users[name] = User.objects.create_user(name, f"{name}@example.com", sys.argv[2],
                                           display_name=name.capitalize())
    EmailAddress.objects.create(user=users[name], email=users[name].email, primary=True,
                                verified=True)
games.system_random = Stacked([CUT, DEAL, CUT, DEAL])
for _ in range(2):
    table = do_create_table(users["alice"], "all-fours", seat_count=2)
    do_join(table, users["bob"])
    game = table.current_game()
    do_act(game, users["alice"], {"type": "beg"}, None)
    game.refresh_from_db()
    do_act(game, users["bob"], {"type": "run"}, None)
    game.refresh_from_db()
    assert game.state["phase"] == "discard" and len(game.state["hands"][0]) == 12
    print(table.pk)

# Remigio at three: Alice, first after the dealer, is dealt every third card; ten cards
# and the stock's first card (deck[31]), the queen of spades, make three melds of eleven
# cards: throwing an end card closes. « Je ferme » under each card, live or greyed.
users["charlie"] = User.objects.create_user("charlie", "charlie@example.com", sys.argv[2],
                                            display_name="Charlie")
ALICE = ["2h.1", "3h.1", "4h.1", "5h.1", "7c.1", "7d.1", "7s.1", "9s.1", "Ts.1", "Js.1"]
OTHERS = ["Ac.1", "4c.1", "6d.1", "8h.1", "Kc.1", "2d.1", "5s.1", "9c.1", "Jd.1", "Ah.1",
          "3c.2", "6h.2", "8d.2", "Kd.2", "2s.2", "5c.2", "9d.2", "Jh.2", "Ad.2", "4s.2"]
REMIGIO = [None] * 32
REMIGIO[0:30:3] = ALICE
REMIGIO[1:30:3] = OTHERS[:10]
REMIGIO[2:30:3] = OTHERS[10:]
REMIGIO[30:32] = ["8c.2", "Qs.1"]  # the discard pile's first card, then the stock's
games.system_random = Stacked([REMIGIO, REMIGIO])
for _ in range(2):
    table = do_create_table(users["alice"], "remigio", seat_count=3)
    do_join(table, users["bob"])
    do_join(table, users["charlie"])
    game = table.current_game()
    do_act(game, users["alice"], {"type": "draw", "from": "stock"}, None)
    game.refresh_from_db()
    assert game.state["phase"] == "discard" and len(game.state["hands"][0]) == 11
    print(table.pk)

# All-fours at four (the last two tables): Dave draws the ace and deals, Alice is eldest.
# The turn-up is a jack, which scores for Dave's side: the deal's news takes a line under
# the felt. Alice begs, Dave runs the cards (2s: spades trump) and Alice, with nine cards,
# discards first: the tallest hand of the game on the tallest board.
users["dave"] = User.objects.create_user("dave", "dave@example.com", sys.argv[2],
                                         display_name="Dave")
CUT4 = ["2c", "3c", "4c", "As"]
PACK = [f"{rank}{suit}" for suit in "cdhs" for rank in "23456789TJQKA"]
DEALT = [card for card in PACK if card not in ("Jh", "2s")][:36]
DEAL4 = DEALT[:24] + ["Jh"] + DEALT[24:36] + ["2s"]
games.system_random = Stacked([CUT4, DEAL4, CUT4, DEAL4])
for _ in range(2):
    table = do_create_table(users["alice"], "all-fours", seat_count=4)
    for name in ("bob", "charlie", "dave"):
        do_join(table, users[name])
    game = table.current_game()
    do_act(game, users["alice"], {"type": "beg"}, None)
    game.refresh_from_db()
    do_act(game, users["dave"], {"type": "run"}, None)
    game.refresh_from_db()
    assert game.state["phase"] == "discard" and game.state["actor"] == 0
    assert len(game.state["hands"][0]) == 9
    print(table.pk)
"""


@pytest.fixture(scope="module")
def long_hands(tmp_path_factory):
    """The server's address and the tables' pages: All-fours twice, Remigio twice, then
    All-fours at four twice."""
    with prepared_site(tmp_path_factory.mktemp("long-hand"), PREPARE,
                       args=(BROWSER_PASSWORD,)) as (server, printed):
        yield server, [f"{server}/jouer/tables/{pk}/" for pk in printed.split()]


# For each card of the hand: its box, and whether the point at the middle of its
# checkbox belongs to that checkbox (nothing covers it).
CARDS = """
() => [...document.querySelectorAll('#my-hand .card-row--hand > .card-row__item')].map(li => {
  const box = li.getBoundingClientRect();
  const tick = li.querySelector('.card-choice__box').getBoundingClientRect();
  const hit = document.elementFromPoint(tick.x + tick.width / 2, tick.y + tick.height / 2);
  return {top: box.top, left: box.left, width: box.width,
          reachable: hit === li.querySelector('.card-choice__box')};
})
"""

# The cards, the hand's box and its discard button's, read in one step: a socket frame
# redraws #my-hand, and between two separate reads the hand may be swapped out.
HAND = ("""
() => {
  const box = (el) => { const r = el.getBoundingClientRect();
                        return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  return {cards: (""" + CARDS.strip() + """)(), hand: box(document.querySelector('#my-hand')),
          button: box(document.querySelector('#my-hand button[type=submit]'))};
}
""")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_twelve_cards_hold_on_one_line_and_six_of_them_can_be_thrown(
    ui, browser, long_hands, size, screenshots
):
    server, pages = long_hands
    page = ui.log_in(browser, server, "alice", size=size)
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(pages[0] if size == PHONE else pages[1])
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    width, height = size

    drawn = page.evaluate(HAND)
    cards, hand, button = drawn["cards"], drawn["hand"], drawn["button"]

    page.screenshot(path=str(screenshots / f"long-hand-{width}.png"))
    assert len(cards) == 12
    assert len({round(card["top"]) for card in cards}) == 1, "the hand takes two lines"
    assert all(card["width"] >= 20 for card in cards), cards  # an index corner each
    assert all(card["reachable"] for card in cards), "a card's box is covered"
    assert hand["x"] >= 0 and hand["x"] + hand["width"] <= width, hand
    assert hand["y"] >= 0 and hand["y"] + hand["height"] <= height, hand
    discard = page.locator("#my-hand button[type=submit]")
    assert button["y"] + button["height"] <= height, "the discard button is below the screen"

    boxes = page.locator("#my-hand .card-choice__box")
    for index in range(0, 12, 2):
        boxes.nth(index).click()
    discard.click()

    page.wait_for_function(
        "() => document.querySelectorAll('#my-hand .card-row--hand > .card-row__item')"
        ".length === 6")
    assert "Alice écarte 6 cartes." in page.locator("#game-log").text_content()
    assert problems == []
    page.context.close()


MELD_CARDS = """
() => [...document.querySelectorAll('#my-hand .meld__card')].map(li => {
  const box = li.getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, right: box.right,
          button: !!li.querySelector('.close-button'),
          closes: !!li.querySelector('.close-button:not([disabled])')};
})
"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_eleven_remigio_cards_with_their_closings_stay_in_the_first_screen(
    ui, browser, long_hands, size, screenshots
):
    server, pages = long_hands
    page = ui.log_in(browser, server, "alice", size=size)
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(pages[2] if size == PHONE else pages[3])
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    # the socket's first frame may still be redrawing the hand: read it once it is whole
    page.wait_for_function("() => document.querySelectorAll('#my-hand .meld__card')"
                           ".length === 11")
    width, height = size

    cards = page.evaluate(MELD_CARDS)

    page.screenshot(path=str(screenshots / f"remigio-closings-{width}.png"))
    assert len(cards) == 11 and all(card["button"] for card in cards), cards
    assert any(card["closes"] for card in cards), cards
    if size == DESKTOP:  # a laptop has the room: one line, « Je ferme » widening no card
        assert len({round(card["top"]) for card in cards}) == 1, "the hand takes two lines"
    assert max(card["right"] for card in cards) <= width, cards
    # Read in the page, at once: a frame of the socket may swap the hand in between two
    # reads of Playwright's, and a locator's box is None while it is swapped.
    hand = page.evaluate("() => { const r = document.querySelector('#my-hand .melds')"
                         ".getBoundingClientRect(); return {y: r.y, height: r.height}; }")
    assert hand["y"] >= 0 and hand["y"] + hand["height"] <= height, hand

    page.locator("#my-hand .close-button:not([disabled])").first.click()
    page.wait_for_function("() => document.querySelector('#game-log')"
                           ".textContent.includes('ferme')")
    assert problems == []
    page.context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_nine_cards_to_discard_at_four_with_the_deals_news_stay_in_the_first_screen(
    ui, browser, long_hands, size, screenshots
):
    server, pages = long_hands
    page = ui.log_in(browser, server, "alice", size=size)
    page.goto(pages[4] if size == PHONE else pages[5])
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    page.wait_for_function("() => document.querySelectorAll('#my-hand .card-choice')"
                           ".length === 9")
    width, height = size

    page.screenshot(path=str(screenshots / f"four-discard-{width}.png"))
    sheet = page.locator(".deal-sheet__summary").bounding_box()
    line = page.evaluate("() => parseFloat(getComputedStyle("
                         "document.querySelector('.deal-sheet__summary')).lineHeight)")
    assert sheet["height"] <= line * 1.5, "the deal's news takes more than one line"
    hand = page.locator("#my-hand").bounding_box()
    assert hand["y"] + hand["height"] <= height, hand
    button = page.locator("#my-hand button[type=submit]").bounding_box()
    cards = page.locator("#my-hand .card-row--hand").bounding_box()
    assert button["y"] + button["height"] <= cards["y"], "the button is not above the cards"
    assert button["x"] + button["width"] <= width
    page.context.close()
