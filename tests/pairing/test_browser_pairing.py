"""Finding someone to play with, in the browser at phone size: alice seeks a two-player
All-fours game from the lobby and waits on her seek's page; bob sees her seek appear in
the lobby (live) and clicks « Jouer »; both land at the same table. Then alice challenges
bob from his page, bob finds the challenge on his lobby (live) and accepts; both land at
the new table. Buttons inside the screen, no sideways scroll, no console error, no CSP
violation.

One server for the module (tests/play/conftest.py), alice and bob signed in by PREPARE.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.play import conftest as play
from tests.play.conftest import (
    BROWSER_PASSWORD,
    PHONE,
    SIGNED_IN_SCRIPT,
    needs_chromium,
    prepared_site,
    signed_in,
)

# The browser's fixtures, shared with play's browser tests.
chromium, browser, screenshots = play.chromium, play.browser, play.screenshots

pytestmark = [pytest.mark.slow, needs_chromium]

PREPARE = SIGNED_IN_SCRIPT + r"""
users, sessions = sign_in(("alice", "bob"))
print(json.dumps({"sessions": sessions}))
"""


TABLE = re.compile(r".*/jouer/tables/(\d+)/$")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pairing")
    with prepared_site(folder, PREPARE, args=(BROWSER_PASSWORD,)) as (address, printed):
        yield address, json.loads(printed.strip().splitlines()[-1])




def inside(locator, size=PHONE):
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size[1], box


def no_trouble(page, problems, size=PHONE):
    sideways = page.evaluate("document.documentElement.scrollWidth") - size[0]
    assert sideways <= 0, f"the page scrolls sideways by {sideways} px"
    assert page.evaluate("window.__cspViolations") == []
    assert problems == []


def table_of(page) -> str:
    page.wait_for_url(TABLE, timeout=20_000)
    return TABLE.match(page.url).group(1)


def test_two_players_seeking_from_the_lobby_land_at_the_same_table(browser, site,
                                                                  screenshots):
    address, _ = site
    alice, alice_problems = signed_in(browser, site, "alice")
    alice.goto(f"{address}/jouer/")
    section = alice.locator("#jeu-all-fours")
    opener = section.get_by_text("Chercher des adversaires")
    inside(opener)
    opener.click()
    section.get_by_label("Nombre de joueurs").select_option("2")
    submit = section.get_by_role("button", name="Chercher", exact=True)
    inside(submit)
    alice.screenshot(path=screenshots / "pairing-seek-form.png", full_page=False)
    submit.click()
    alice.wait_for_url(re.compile(r".*/jouer/recherche/\d+/$"))
    cancel = alice.get_by_role("button", name="Annuler la recherche")
    inside(cancel)
    alice.screenshot(path=screenshots / "pairing-seek-waiting.png")
    no_trouble(alice, alice_problems)

    bob, bob_problems = signed_in(browser, site, "bob")
    bob.goto(f"{address}/jouer/")
    seek = bob.locator("#jeu-all-fours .open-seek", has_text="Alice")
    seek.wait_for()
    join = seek.get_by_role("button", name="Jouer")
    inside(join)
    bob.screenshot(path=screenshots / "pairing-lobby-open-seek.png")
    no_trouble(bob, bob_problems)
    join.click()

    assert table_of(bob) == table_of(alice)
    assert alice_problems == [] and bob_problems == []
    alice.context.close()
    bob.context.close()


def test_a_challenge_from_alices_page_accepted_by_bob_seats_them_both(browser, site,
                                                                     screenshots):
    address, _ = site
    alice, alice_problems = signed_in(browser, site, "alice")
    alice.goto(f"{address}/joueurs/bob/")
    challenge = alice.get_by_role("link", name="Défier")
    inside(challenge)
    challenge.click()
    alice.get_by_label("Jeu").select_option("all-fours")
    alice.get_by_label("Amicale (non classée)").check()
    send = alice.get_by_role("button", name="Envoyer le défi")
    inside(send)
    send.click()
    alice.wait_for_url(re.compile(r".*/defis/\d+/$"))
    alice.get_by_text("Bob : n'a pas encore répondu").wait_for()
    inside(alice.get_by_role("button", name="Annuler le défi"))
    alice.screenshot(path=screenshots / "pairing-challenge-sent.png")
    no_trouble(alice, alice_problems)

    bob, bob_problems = signed_in(browser, site, "bob")
    bob.goto(f"{address}/jouer/")
    received = bob.locator(".incoming-challenge", has_text="Alice")
    received.wait_for()
    accept = received.get_by_role("button", name="Accepter")
    inside(accept)
    inside(received.get_by_role("button", name="Refuser"))
    bob.screenshot(path=screenshots / "pairing-challenge-received.png")
    no_trouble(bob, bob_problems)
    accept.click()

    assert table_of(bob) == table_of(alice)
    assert alice_problems == [] and bob_problems == []
