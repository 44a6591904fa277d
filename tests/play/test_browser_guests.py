"""A visitor, no account: one click on the home page deals a practice game against bots,
played through a whole deal on a phone; one click on a rules page lands at a table on a
laptop. No console error, no failed resource, no CSP violation on the way. Server and
browser: tests/play/conftest.py."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.play.conftest import DESKTOP, PHONE, drawn_box, needs_chromium, prepared_site

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    needs_chromium,
]

# Reports each CSP violation to the test (as tests/play/test_browser_hygiene.py does).
REPORT_VIOLATIONS = """
document.addEventListener('securitypolicyviolation', (e) => {
  window.reportViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`
    + ` at ${e.sourceFile || location.pathname}:${e.lineNumber} « ${e.sample} »`);
});
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with prepared_site(tmp_path_factory.mktemp("guests"), None, users=("alice",)) as (
            address, _printed):
        yield address


def visitor(browser, size):
    """A browser with no account, every console error, failed resource and CSP violation
    written down."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale="fr-FR", device_scale_factor=1)
    context.set_default_timeout(15_000)
    problems = []
    context.expose_function("reportViolation", lambda text: problems.append(text))
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    page.on("console", lambda m: problems.append(f"console: {m.text}")
            if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
    page.on("response", lambda r: problems.append(f"{r.status}: {r.url}")
            if r.status >= 400 else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    return page, problems


def deal_number(page) -> int:
    line = page.locator("#table-board .felt__line").first
    found = re.search(r"Donne (\d+) sur", line.inner_text()) if line.count() else None
    return int(found.group(1)) if found else 0


def take_a_turn(page, ui) -> bool:
    """If it is the player's turn, bid or play the first thing allowed; True if acted."""
    if page.locator("#turn.turn--mine").count() == 0:
        return False
    bid = page.locator("#actions button[name=action_json]:enabled")
    card = page.locator("#my-hand button.card-button[type=submit]")
    if bid.count():
        return ui.click_and_wait(page, bid.first)
    if card.count():
        return ui.click_and_wait(page, card.first)
    return False


def test_a_visitor_plays_a_deal_from_the_home_page_on_a_phone(browser, site, ui, screenshots):
    page, problems = visitor(browser, PHONE)
    page.goto(f"{site}/")
    assert "Jouer sans compte" in page.locator(".try-games").inner_text()

    page.click(".try-games button[data-game=ascenseur]")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    page.wait_for_selector("#table-board .felt")
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    banner = page.locator(".guest-banner").inner_text()
    assert "Vous jouez en invité" in banner and "créez un compte" in banner
    assert deal_number(page) == 1
    # The reminder is one line at a table: the hand is still in the first screen (once
    # dealt: the first frame may show the table before its deal).
    page.wait_for_selector("#my-hand .playing-card")
    hand = drawn_box(page, "#my-hand")
    assert hand["y"] + 40 < PHONE[1]
    page.screenshot(path=str(screenshots / "guest-table-phone.png"), full_page=True)

    # The first deal (one card each: a bid, a card) to its end; the second one is dealt.
    end = time.monotonic() + 90
    while deal_number(page) < 2:
        assert time.monotonic() < end, "the first deal did not end"
        if not take_a_turn(page, ui):
            page.wait_for_timeout(50)
    assert "Donne 2 sur" in page.locator("#table-board").inner_text()
    page.wait_for_timeout(300)
    assert problems == []
    page.context.close()


def test_a_visitor_lands_at_a_table_from_a_rules_page_on_a_laptop(browser, site, screenshots):
    page, problems = visitor(browser, DESKTOP)
    page.goto(f"{site}/regles/all-fours/")

    page.click("button:has-text('Essayer contre des robots, sans compte')")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    page.wait_for_selector("#table-board .felt")
    page.wait_for_function("() => document.documentElement.classList.contains('live')")

    assert page.locator("#my-hand").count() == 1
    assert "All-fours" in page.title()
    page.screenshot(path=str(screenshots / "guest-rules-table-desktop.png"), full_page=True)
    page.wait_for_timeout(300)
    assert problems == []
    page.context.close()


def test_a_table_whose_socket_an_outage_refused_opens_again_by_itself(browser, site):
    # The server answers a socket opened while PostgreSQL or Redis is down with
    # `unavailable` and close 4503 (docs/protocol.md); htmx's extension would leave the
    # page dead after that code: the page itself opens the socket again.
    page, problems = visitor(browser, DESKTOP)
    openings = []

    def outage_then_back(socket):
        openings.append(socket.url)
        if len(openings) == 1:
            socket.send('<div id="table-error" hx-swap-oob="true">Service momentanément '
                        'indisponible : réessayez dans un instant.</div>')
            socket.close(code=4503, reason="")
        else:
            socket.connect_to_server()

    page.route_web_socket(re.compile(r"/ws/tables/\d+/"), outage_then_back)
    page.goto(f"{site}/regles/all-fours/")
    page.click("button:has-text('Essayer contre des robots, sans compte')")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))

    page.wait_for_function("() => document.documentElement.classList.contains('live')",
                           timeout=10_000)
    page.wait_for_selector("#my-hand .playing-card")
    assert len(openings) == 2
    page.wait_for_timeout(300)
    assert problems == []
    page.context.close()
