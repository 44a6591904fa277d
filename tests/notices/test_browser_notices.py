"""Notices in the browser: alice waits at a correspondence table of All-fours while bob
moves (through the API, as his program would): on her phone the bell's count goes up
live, its list says it is her turn there, « À vous de jouer » lists both games waiting on
her by time left, and after her move « Partie suivante » takes her to the other one. Every
page reached opens the account socket; no console error and no CSP violation; the header
stays inside the screen on a phone and on a laptop.

One server for the module, prepared by ``PREPARE``: two correspondence tables between
alice and bob, one waiting on bob (A), one on alice (B, the least time left), every
notice read. Server and browser: tests/play/conftest.py.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from tests.play import conftest as play
from tests.play.conftest import (
    BROWSER_PASSWORD,
    DESKTOP,
    PHONE,
    SIGNED_IN_SCRIPT,
    needs_chromium,
    prepared_site,
    signed_in,
)

# The browser's fixtures, shared with play's browser tests.
chromium, browser, screenshots = play.chromium, play.browser, play.screenshots

pytestmark = [
    pytest.mark.slow,
    needs_chromium,
]

PREPARE = SIGNED_IN_SCRIPT + r"""
from datetime import timedelta

from django.utils import timezone

from accounts.tokens import do_create_token
from notices.models import Notice
from play.actions import do_act, do_create_table, do_join
from play.models import Game

users, sessions = sign_in(("alice", "bob"))
alice, bob = users["alice"], users["bob"]
DAY = 86400


def table_waiting_on(user, name, days):
    # A table where user is to act and whose first legal move hands the turn over.
    table = do_create_table(alice, "all-fours", seat_count=2, pace="correspondence",
                            move_seconds=days * DAY, name=name)
    do_join(table, bob)
    by_position = {0: alice, 1: bob}
    engine = table.engine
    game = table.current_game()
    while True:
        first = engine.legal_actions(game.state)[0]
        after = engine.actor(engine.apply(game.state, first))
        if by_position[game.actor] == user and after not in (None, game.actor, "chance"):
            return table, game
        do_act(game.pk, by_position[game.actor], first, game.version)
        game = table.current_game()

a, game_a = table_waiting_on(bob, "Table A", 7)
b, _ = table_waiting_on(alice, "Table B", 1)
Notice.objects.update(read_at=timezone.now())
move = {"action": a.engine.legal_actions(game_a.state)[0], "game_id": game_a.pk,
        "version": game_a.version, "id": "bob-1"}
token = do_create_token(bob, "robot", ["play"]).secret
print(json.dumps({"a": a.pk, "b": b.pk, "sessions": sessions, "move": move, "token": token}))
"""



@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("notices")
    with prepared_site(folder, PREPARE, args=(BROWSER_PASSWORD,)) as (address, printed):
        yield address, json.loads(printed.strip().splitlines()[-1])




def stream_open(page):
    page.wait_for_function(
        "() => document.documentElement.getAttribute('data-account-stream') === 'open'")


def inside(page, locator, size):
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size[1], box


def no_trouble(page, problems, size):
    sideways = page.evaluate("document.documentElement.scrollWidth") - size[0]
    assert sideways <= 0, f"the page scrolls sideways by {sideways} px"
    assert page.evaluate("window.__cspViolations") == []
    assert problems == []


HEADER_LINE = """() => [...document.querySelectorAll(
    '.site-header .brand, .site-nav > ul > li > a, .site-nav__games > a, .site-menu__button')]
    .filter(e => e.checkVisibility())
    .map(e => { const b = e.getBoundingClientRect();
                return [e.textContent.trim() || e.id, b.top + b.height / 2, b.bottom]; })"""


def one_tidy_line(page, size):
    """The header's brand, links, bell, count and « Menu » share one line: their middles
    within 3 px of each other, the header no taller than a line and its padding."""
    items = page.evaluate(HEADER_LINE)
    middles = [middle for _name, middle, _bottom in items]
    assert max(middles) - min(middles) <= 3, items
    header = page.locator(".site-header").bounding_box()
    assert header["height"] <= (60 if size == PHONE else 72), header
    for name in ("Jouer", "Mes parties"):
        assert any(item[0] == name for item in items), items


def bob_moves(site):
    address, prepared = site
    request = urllib.request.Request(
        f"{address}/api/v1/tables/{prepared['a']}/act", method="POST",
        data=json.dumps(prepared["move"]).encode(),
        headers={"Authorization": f"Bearer {prepared['token']}",
                 "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200


def test_the_bell_rings_live_and_partie_suivante_goes_on_to_the_next_game(
        browser, site, screenshots):
    address, prepared = site
    page, problems = signed_in(browser, site, "alice", PHONE)
    page.goto(f"{address}/jouer/mes-parties/")
    stream_open(page)
    assert page.locator(".notice-bell__count").count() == 0
    assert page.locator(".turn-count").inner_text() == "1"  # table B

    bob_moves(site)
    bell = page.locator(".notice-bell__count[data-count='1']")
    bell.wait_for()  # live: no reload
    page.locator(".turn-count[data-count='2']").wait_for()
    for element in (page.locator("#notice-bell"), page.locator("#turn-count")):
        inside(page, element, PHONE)
    one_tidy_line(page, PHONE)
    page.screenshot(path=str(screenshots / "notices-bell-phone.png"))
    no_trouble(page, problems, PHONE)

    page.locator("#notice-bell").click()
    page.wait_for_url(f"{address}/avis/")
    assert "À vous de jouer à la table « Table A »." in page.locator(".notices").inner_text()
    # A notice of a moment ago is « à l'instant », never « il y a 0 minute ».
    assert page.locator(".notice__when").first.inner_text() == "à l’instant"
    assert page.locator(".notice-bell__count").count() == 0  # read once shown
    page.screenshot(path=str(screenshots / "notices-list-phone.png"), full_page=True)
    no_trouble(page, problems, PHONE)

    page.get_by_role("link", name="Les parties qui vous attendent").click()
    page.wait_for_url(f"{address}/jouer/a-vous/")
    games = page.locator(".waiting-games li")
    assert games.count() == 2
    assert "Table B" in games.nth(0).inner_text()  # a day to play, before A's week
    assert "Table A" in games.nth(1).inner_text()
    no_trouble(page, problems, PHONE)

    games.nth(1).get_by_role("link").click()
    page.wait_for_url(f"{address}/jouer/tables/{prepared['a']}/")
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    stream_open(page)
    mine = page.locator("#turn.turn--mine")
    mine.wait_for()
    move = page.locator("#actions button[type=submit]:not([disabled]),"
                        " #my-hand .card-button:not([disabled])").first
    # A deal may leave her a second decision (All-fours: she begs, then...): she moves
    # until the turn is another's.
    for _ in range(6):
        version = page.locator("#turn").get_attribute("data-version")
        move.click(position={"x": 6, "y": 14})
        page.wait_for_function(
            "v => !document.querySelector('#turn.turn--mine')"
            " || document.querySelector('#turn').dataset.version !== v", arg=version)
        if mine.count() == 0:
            break
    mine.wait_for(state="detached")
    # The header's count drops at once: Table A no longer waits on her.
    page.locator(".turn-count[data-count='1']").wait_for(timeout=5_000)
    following = page.get_by_role("link", name="Partie suivante")
    inside(page, following, PHONE)
    following.click()
    page.wait_for_url(f"{address}/jouer/tables/{prepared['b']}/")
    no_trouble(page, problems, PHONE)

    # On a laptop the header's line holds the bell and the count too.
    page, problems = signed_in(browser, site, "alice", DESKTOP)
    page.goto(f"{address}/avis/")
    stream_open(page)
    inside(page, page.locator("#notice-bell"), DESKTOP)
    inside(page, page.locator("#turn-count"), DESKTOP)
    one_tidy_line(page, DESKTOP)
    assert re.search(r"\b1\b", page.locator("#turn-count").inner_text())
    page.screenshot(path=str(screenshots / "notices-desktop.png"))
    no_trouble(page, problems, DESKTOP)
