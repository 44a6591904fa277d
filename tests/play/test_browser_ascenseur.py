"""Two players, two browsers, one Ascenseur table played to the end through the interface.

Alice opens a table from the lobby, Bob joins it from his lobby, Alice seats four bots,
and both play every deal (6 seats: 15 deals, 1 card up to 8 and back down) by clicking
the buttons and cards of the live page; the scores after a deal and the final scores
must be the same on both screens. Six seats rather than four: the same path through the
page in 64 cards of Alice's instead of 169 (an eight-card hand still overlaps its cards
on a phone, where a lifted card once hid the next one's corner). Server and browser:
tests/play/conftest.py.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.play.conftest import needs_chromium

pytestmark = [
    needs_chromium,
]


@pytest.fixture
def log_in(ui, browser, server):
    return lambda name: ui.log_in(browser, server, name, motion=False)


def take_a_turn(page, ui) -> bool:
    """If it is this player's turn, bid or play the first thing allowed; True if acted."""
    if page.locator("#turn.turn--mine").count() == 0:
        return False
    bid = page.locator("#actions button[name=action_json]:enabled")
    card = page.locator("#my-hand button.card-button[type=submit]")
    if bid.count():
        return ui.click_and_wait(page, bid.first)
    if card.count():
        return ui.click_and_wait(page, card.first)
    return False


def deal_number(page) -> int:
    text = page.locator("#table-board .felt__line").first.inner_text()
    found = re.search(r"Donne (\d+) sur", text)
    return int(found.group(1)) if found else 0


def scores(page) -> list[int]:
    cells = page.locator("#scores td").all_inner_texts()
    return [int(c.strip().replace("−", "-")) for c in cells]


def play_until(pages, ui, done, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if all(done(p) for p in pages):
            return
        acted = False
        for page in pages:
            acted = take_a_turn(page, ui) or acted
        if not acted:
            pages[0].wait_for_timeout(50)
    raise AssertionError(f"never done: deals {[deal_number(p) for p in pages]}")


def play_until_deal(pages, ui, number, timeout=90):
    play_until(pages, ui, lambda p: deal_number(p) >= number, timeout)


def game_over(page) -> bool:
    return page.locator("#turn.turn--over").count() > 0


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


# A whole game through two browsers (slow); the smoke tests of test_browser_games.py
# stay in `make test`.
@pytest.mark.slow
def test_alice_and_bob_play_an_ascenseur_to_the_end(server, log_in, ui, screenshots):
    alice = log_in("alice")
    bob = log_in("bob")

    # Alice opens a six-seat table from the lobby.
    alice.goto(f"{server}/jouer/")
    alice.click("#jeu-ascenseur a:has-text('Ouvrir une table')")
    alice.fill("input[name=name]", "La table du navigateur")
    alice.select_option("select[name=seat_count]", "6")
    alice.select_option("select[name=live_seconds]", "120")
    alice.click("main form button[type=submit]")
    alice.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    table_url = alice.url
    assert "En attente de joueurs" in alice.locator("#table-board").inner_text()

    # Bob finds it in his lobby and sits down.
    bob.goto(f"{server}/jouer/")
    row = bob.locator(".open-table", has_text="La table du navigateur")
    row.locator("button:has-text('Rejoindre')").click()
    bob.wait_for_url(table_url)
    assert "Bob" in bob.locator("#table-board .ring").inner_text()

    # Alice fills the four last seats with bots; the deal starts.
    alice.goto(table_url)
    for bots in (1, 2, 3, 4):
        alice.click("#table-board button:has-text('Ajouter un automate')")
        alice.locator("#table-board .ring .badge--bot").nth(bots - 1).wait_for()
    alice.wait_for_selector("#table-board .felt")
    bob.wait_for_selector("#table-board .felt")  # Bob's page updated itself, live
    assert deal_number(alice) == 1 and deal_number(bob) == 1

    # Each sees one card in hand, their own.
    alice_cards = alice.locator("#my-hand svg[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    bob_cards = bob.locator("#my-hand svg[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert len(alice_cards) == 1 and len(bob_cards) == 1
    assert alice_cards[0] not in bob.locator("#my-hand").inner_html()
    shots = screenshots
    alice.screenshot(path=str(shots / "ascenseur-table-phone.png"), full_page=True)

    # The first deal, played through the buttons and cards of both pages.
    play_until_deal([alice, bob], ui, 2)
    for page in (alice, bob):
        first = scores(page)
        assert len(first) == 6
        # exact-bid scoring: a made bid scores 10 and more, a missed one loses 5 a trick,
        # so after a deal nobody is at 0
        assert all(s != 0 for s in first), first
    assert scores(alice) == scores(bob)
    assert "Donne 2 sur" in alice.locator("#game-log").text_content() or deal_number(alice) == 2

    # And the second deal (two cards each) to the end as well.
    after_first = scores(alice)
    play_until_deal([alice, bob], ui, 3)
    assert scores(alice) != after_first
    assert scores(alice) == scores(bob)
    alice.screenshot(path=str(shots / "ascenseur-after-two-deals.png"), full_page=True)

    # The last deal's sheet under the buttons never widens the phone's page.
    assert page_width(alice) <= 390, page_width(alice)

    # Every other deal, up to 8 cards each and back down to one: 15 deals in all. (A
    # card lifted under the pointer once covered the next card's corner, so a tap there
    # missed and the clock played for the player: the game took ten minutes.)
    play_until([alice, bob], ui, game_over, timeout=480)
    for page in (alice, bob):
        assert "Partie terminée" in page.locator("#turn").inner_text()
        assert "Gagnant" in page.locator("#turn").inner_text()
        assert page.locator("#scores .badge--turn").count() >= 1  # the winner, marked
        assert "temps écoulé" not in page.locator("#game-log").text_content().lower()
    final = scores(alice)
    assert final == scores(bob) and len(final) == 6
    history = alice.locator("#table-board .score-sheet tbody tr").count()
    assert history == 15
    alice.screenshot(path=str(shots / "ascenseur-final-phone.png"), full_page=True)
