"""Friends in the browser, on a phone and on a laptop: alice follows bob from his page,
finds him online at a table in « Mes amis » (the header's menu on a phone, its line on a
laptop) and clicks « Regarder »; she blocks charlie after the confirmation and finds him
in her list with « Débloquer ». The list and its buttons stay inside the screen; no
console error and no CSP violation on the way.

One server for the module, prepared by ``PREPARE``: bob and charlie play All-fours at a
public table (its clock held), bob seen a moment ago. Server and browser:
tests/play/conftest.py.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.play.conftest import (
    BROWSER_PASSWORD,
    DESKTOP,
    PHONE,
    SIGNED_IN_SCRIPT,
    needs_chromium,
    prepared_site,
    signed_in,
)

pytestmark = [
    pytest.mark.slow,
    needs_chromium,
]

PREPARE = SIGNED_IN_SCRIPT + r"""
from datetime import timedelta

from django.utils import timezone

from play.actions import do_create_table, do_join
from play.models import Game

users, sessions = sign_in(("alice", "bob", "charlie"))
table = do_create_table(users["bob"], "all-fours", seat_count=2, visibility="public")
do_join(table, users["charlie"])
# No clock runs out while the tests look at the table; bob was on the site a moment ago.
Game.objects.filter(table=table, status="playing").update(
    deadline=timezone.now() + timedelta(hours=2))
User.objects.filter(username="bob").update(last_seen_at=timezone.now())
print(json.dumps({"table": table.pk, "sessions": sessions}))
"""



@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The module's server, bob's table and the players' sessions."""
    folder = tmp_path_factory.mktemp("friends")
    with prepared_site(folder, PREPARE, args=(BROWSER_PASSWORD,),
                       users=("alice", "bob", "charlie")) as (address, printed):
        yield address, json.loads(printed.strip().splitlines()[-1])




def inside(page, locator, size):
    """The element is wholly inside the screen's width, and in the first screen once
    scrolled to."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size[1], box


def no_trouble(page, problems, size):
    sideways = page.evaluate("document.documentElement.scrollWidth") - size[0]
    assert sideways <= 0, f"the page scrolls sideways by {sideways} px"
    assert page.evaluate("window.__cspViolations") == []
    assert problems == []


def test_alice_follows_bob_finds_him_at_his_table_and_watches_it(browser, site,
                                                                 screenshots):
    address, prepared = site
    table_url = re.compile(re.escape(f"{address}/jouer/tables/{prepared['table']}/") + "$")

    # On a phone: bob's page, « Suivre », then « Mes amis » from the header's menu.
    page, problems = signed_in(browser, site, "alice", PHONE)
    page.goto(f"{address}/joueurs/bob/")
    page.get_by_role("button", name="Suivre", exact=True).click()
    page.get_by_text("Vous suivez Bob.").wait_for()
    assert page.get_by_role("button", name="Ne plus suivre").is_visible()

    page.get_by_role("button", name="Menu").click()
    page.get_by_role("link", name="Mes amis").click()
    page.wait_for_url(f"{address}/amis/")
    friend = page.locator(".friends-list li", has_text="Bob")
    assert "en ligne" in friend.inner_text()
    assert "All-fours" in friend.inner_text()
    watch = friend.get_by_role("link", name="Regarder")
    inside(page, page.locator(".friends-list").first, PHONE)
    inside(page, watch, PHONE)
    page.screenshot(path=str(screenshots / "friends-phone.png"), full_page=True)
    no_trouble(page, problems, PHONE)

    watch.click()
    page.wait_for_url(table_url)
    no_trouble(page, problems, PHONE)

    # On a laptop: « Mes amis » is in the header's line; charlie is blocked, after the
    # confirmation, and listed with « Débloquer ».
    page, problems = signed_in(browser, site, "alice", DESKTOP)
    page.goto(f"{address}/joueurs/charlie/")
    page.get_by_role("button", name="Bloquer", exact=True).click()
    confirm = page.get_by_role("dialog")
    confirm.get_by_text("Bloquer Charlie ?").wait_for()
    inside(page, confirm, DESKTOP)
    confirm.get_by_role("button", name="Oui, bloquer").click()
    page.get_by_text("Vous avez bloqué Charlie :").wait_for()
    assert page.get_by_role("button", name="Débloquer").is_visible()

    page.get_by_role("link", name="Mes amis").click()
    page.wait_for_url(f"{address}/amis/")
    friend = page.locator(".friends-list li", has_text="Bob")
    assert "en ligne" in friend.inner_text()
    blocked = page.locator(".blocked-list li", has_text="Charlie")
    inside(page, friend.get_by_role("link", name="Regarder"), DESKTOP)
    inside(page, blocked.get_by_role("button", name="Débloquer"), DESKTOP)
    page.screenshot(path=str(screenshots / "friends-desktop.png"), full_page=True)
    no_trouble(page, problems, DESKTOP)

    friend.get_by_role("link", name="Regarder").click()
    page.wait_for_url(table_url)
    no_trouble(page, problems, DESKTOP)
