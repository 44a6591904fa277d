"""A player's life around a game, in a real browser: resign a practice game (from the
game's menu, confirmed), find it in the history, ask for a rematch. Any console error or
Content-Security-Policy violation fails the test."""

from __future__ import annotations

import re

import pytest

from tests.play.conftest import DESKTOP, PHONE, needs_chromium

pytestmark = [
    pytest.mark.slow,
    needs_chromium,
]

WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));
"""


def watched(page) -> list:
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(WATCH_CSP)
    return problems


def resign(page):
    """« Partie ⋯ », « Abandonner », then « Oui, abandonner » in its dialog."""
    page.click(".game-menu__button")
    page.locator("#game-menu button", has_text="Abandonner").click()
    page.locator("#confirm-resign button[type=submit]").click()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_player_resigns_a_practice_game_and_finds_it_in_the_history(
    size, browser, server, ui, screenshots
):
    page = ui.log_in(browser, server, "alice", size=size)
    problems = watched(page)
    page.goto(f"{server}/jouer/")
    page.click("#jeu-all-fours button:has-text('Jouer maintenant')")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    table_url = page.url
    page.wait_for_function("() => document.documentElement.classList.contains('live')")

    resign(page)
    page.wait_for_selector("#turn.turn--over")
    assert page.url == table_url
    assert "abandon" in page.locator("#turn").inner_text()
    page.screenshot(path=str(screenshots / f"resigned-{size[0]}.png"))

    page.goto(f"{server}/jouer/historique/")
    row = page.locator("main table tbody tr").first
    assert "All-fours" in row.inner_text() and "Abandon" in row.inner_text()
    sideways = page.evaluate("document.documentElement.scrollWidth") - size[0]
    assert sideways <= 0, f"the history scrolls sideways by {sideways} px"
    row.locator("a").last.click()  # the replay
    page.wait_for_url(re.compile(r"/jouer/parties/\d+/"))

    problems += page.evaluate("window.__cspViolations")
    assert problems == [], problems
    page.context.close()


def test_revanche_after_a_practice_game_deals_a_new_one(browser, server, ui):
    page = ui.log_in(browser, server, "alice", size=PHONE)
    problems = watched(page)
    page.goto(f"{server}/jouer/")
    page.click("#jeu-ascenseur button:has-text('Jouer maintenant')")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    first = page.url
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    resign(page)
    page.wait_for_selector("#turn.turn--over")

    page.locator(".game-result button", has_text="Revanche").click()
    page.wait_for_url(lambda url: url != first and re.search(r"/jouer/tables/\d+/$", url))
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    assert page.locator("#my-hand").count() == 1  # dealt at once: only bots to ask
    assert not page.locator("#turn.turn--over").count()

    problems += page.evaluate("window.__cspViolations")
    assert problems == [], problems
    page.context.close()
