"""The lobby's life in a real browser, on a phone (390×844) and a laptop (1280×800): Bob
opens a public table and fills it with bots; Alice finds the game under « Parties en
cours » with its players and a « Regarder » link that opens it, and the count of players
online. Nothing on the lobby is wider than the screen; any console error or
Content-Security-Policy violation fails the test. Server and browser:
tests/play/conftest.py."""

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


LIVE = "() => document.documentElement.classList.contains('live')"


def watched(page) -> list:
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(WATCH_CSP)
    return problems


def open_a_table_with_bots(page, server, ui, name) -> str:
    """Bob opens a public three-seat Ascenseur table and fills it with bots: a game in
    progress. Returns the table's path."""
    page.goto(f"{server}/jouer/creer/ascenseur/")
    page.fill("input[name=name]", name)
    page.select_option("select[name=seat_count]", "3")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    for seats in (2, 3):
        ui.add_bot(page)
        page.wait_for_selector(f"#table-board .seat:not(.seat--free) >> nth={seats - 1}")
    page.wait_for_selector("#table-board .felt")
    return re.search(r"/jouer/tables/\d+/", page.url).group(0)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_lobby_shows_games_to_watch_and_players_online_at_every_size(
    size, browser, server, ui, screenshots
):
    bobs = ui.log_in(browser, server, "bob", size=size)
    name = f"Chez Bob {size[0]}"
    path = open_a_table_with_bots(bobs, server, ui, name)
    page = ui.log_in(browser, server, "alice", size=size)
    problems = watched(page)

    page.goto(f"{server}/jouer/")
    page.wait_for_load_state("load")

    game = page.locator("#en-cours li", has_text=name)
    assert game.count() == 1
    assert "Bob" in game.inner_text() and "L'Ascenseur" in game.inner_text().replace("’", "'")
    online = page.locator(".online-count").inner_text()
    assert re.search(r"\d+ joueurs en ligne", online), online
    sideways = page.evaluate("document.documentElement.scrollWidth") - size[0]
    wide = page.evaluate(
        "w => [...document.querySelectorAll('main *')].filter(e =>"
        " e.getBoundingClientRect().right > w + 0.5 || e.getBoundingClientRect().left < -0.5)"
        ".slice(0, 5).map(e => e.tagName + '.' + e.className)", size[0])
    page.screenshot(path=str(screenshots / f"lobby-{'phone' if size == PHONE else 'desktop'}.png"),
                    full_page=True)
    assert sideways <= 0 and wide == [], f"{size}: wider than the screen: {wide}"

    game.get_by_role("link", name="Regarder").click()
    page.wait_for_url(re.compile(re.escape(path) + "$"))
    page.wait_for_function(LIVE)
    page.wait_for_selector("#table-board .felt")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__cspViolations") == []
    assert problems == []
    bobs.context.close()
    page.context.close()
