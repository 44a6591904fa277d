"""The table as players expect it, in a real browser: on a phone (390×844) and a laptop
(1280×800), for each of the five games, Alice plays a whole deal against bots through the
page, and at every one of her turns her hand and her first button are inside the first
screen, the page scrolled to the top. Any console error or Content-Security-Policy
violation fails the test. One screenshot per game and size goes to TAVERNE_SCREENSHOTS
(docs/screenshots/ in the README are made that way: docs/screenshots/README.md).
"""

from __future__ import annotations

import re
import time

import pytest

from tests.play.conftest import DESKTOP, PHONE, needs_chromium
from tests.play.test_browser_games import act

pytestmark = [
    pytest.mark.slow,
    needs_chromium,
]

# When a deal (a hand, a round) is over, for each game, as the page shows it.
DEAL_OVER = {
    "ascenseur": "() => document.querySelector('#table-board .felt__line')"
                 "?.innerText.includes('Donne 2 sur')",
    # A chained game shows the hand just over once the next one is dealt; a hand that ends
    # the game (Alice, calling everything, may lose all her chips at once) ends the page.
    "ramponneau": "() => !!document.querySelector('.previous-hand, #turn.turn--over')",
    "ambigu": "() => !!document.querySelector('.previous-hand, #turn.turn--over')",
    "all-fours": "() => document.querySelectorAll('.deal-sheet__table tbody tr').length > 0"
                 " || !!document.querySelector('#turn.turn--over')",
    "remigio": "() => !!document.querySelector('.round-result')",
}
# Buttons Alice prefers when she has them: keep the deal going without folding at once.
PREFER = ("Parole", "Suivre", "Tenir", "Battez", "Piocher au talon", "Je garde", "Montrer")

WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));
"""


def inside_first_screen(page, selector, size) -> tuple[bool, dict | None]:
    """Whether the element lies wholly inside the first screen (the page at its top)."""
    width, height = size
    box = None
    for _ in range(20):  # a frame may be swapping the element right now
        box = page.locator(selector).first.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(50)
    inside = (box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height
              and box["x"] >= 0 and box["x"] + box["width"] <= width)
    return inside, box


def take_turn(page, ui) -> bool:
    return act(page, ui, prefer=PREFER)  # the games' browser tests' own turn-taker


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("slug", ["ascenseur", "ramponneau", "ambigu", "all-fours", "remigio"])
def test_the_hand_and_the_buttons_are_in_the_first_screen_at_every_turn(
    slug, size, browser, server, ui, screenshots
):
    page = ui.log_in(browser, server, "alice", size=size)
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(WATCH_CSP)
    page.goto(f"{server}/jouer/")
    page.click(f"#jeu-{slug} button:has-text('Jouer maintenant')")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    page.wait_for_function("() => document.documentElement.classList.contains('live')")

    # Until the deal is over and Alice's screen was checked at least once (bots can end
    # a deal before her first turn: then the next one counts).
    turns, checked, shot, end = 0, 0, False, time.monotonic() + 180
    while checked == 0 or not page.evaluate(DEAL_OVER[slug]):
        if time.monotonic() >= end:
            page.screenshot(path=str(screenshots / f"table-{slug}-{size[0]}-stuck.png"),
                            full_page=True)
            turn = page.locator("#turn").inner_text() if page.locator("#turn").count() else ""
            raise AssertionError(f"{slug}: the deal did not end in time; the turn line "
                                 f"says {turn!r} after {turns} turns of Alice's")
        if not page.locator("#turn.turn--mine").count():
            page.wait_for_timeout(50)
            continue
        page.evaluate("window.scrollTo(0, 0)")
        has_cards = page.locator("#my-hand .playing-card").count() > 0
        legal = page.locator(
            "button[name=action_json]:enabled, #my-hand .card-picker, #my-hand .close-button"
        )
        if not (has_cards and legal.count()):
            page.wait_for_timeout(50)  # between two frames of the same turn
            continue
        # Measured at rest: a card being dealt in is still on its way.
        page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running')",
            timeout=3_000)
        hand_ok, hand = inside_first_screen(page, "#my-hand", size)
        button_ok, button = inside_first_screen(
            page, "button[name=action_json]:enabled, #my-hand .card-choice", size)
        if not (hand_ok and button_ok):
            page.screenshot(path=str(screenshots / f"table-{slug}-{size[0]}-too-low.png"))
        assert hand_ok, f"{slug} {size}: the hand is not in the first screen: {hand}"
        assert button_ok, f"{slug} {size}: the first action is not in the first screen: {button}"
        checked += 1
        sideways = page.evaluate("document.documentElement.scrollWidth") - size[0]
        wide = page.evaluate(
            "w => [...document.querySelectorAll('body *')].filter(e =>"
            " e.getBoundingClientRect().right > w && !e.closest('.site-nav'))"
            ".slice(0, 5).map(e => e.tagName + '.' + e.className)", size[0])
        assert sideways <= 0, f"{slug} {size}: the page scrolls sideways by {sideways} px: {wide}"
        if not shot:
            name = "phone" if size == PHONE else "desktop"
            page.screenshot(path=str(screenshots / f"table-{slug}-{name}.png"))
            shot = True
        turns += take_turn(page, ui)
    assert turns > 0 and checked > 0, f"{slug}: Alice never played"
    # The deal just over is summed up under the buttons: it fits the screen's width too.
    page.wait_for_timeout(300)
    sideways = page.evaluate("document.documentElement.scrollWidth") - size[0]
    wide = page.evaluate(
        "w => [...document.querySelectorAll('body *')].filter(e =>"
        " e.getBoundingClientRect().right > w && !e.closest('.site-nav'))"
        ".slice(0, 6).map(e => e.tagName + '.' + e.className)", size[0])
    assert sideways <= 0, (
        f"{slug} {size}: after the deal the page is {sideways} px too wide: {wide}")
    # The log and the chat: folded drawers under the table on a phone, open beside it on a
    # laptop; a tap opens one.
    drawers = page.locator("[data-drawer]")
    assert drawers.count() >= 2
    opened = drawers.evaluate_all("els => els.map(d => d.open)")
    if size == PHONE:
        assert not any(opened), opened
        assert not page.locator("#game-log").is_visible()
        page.locator("[data-drawer] > summary", has_text="Journal").click()
        assert page.locator("#game-log").is_visible()
    else:
        assert all(opened) and page.locator("#game-log").is_visible(), opened
    motion = page.evaluate("window.taverneMotion")
    if slug == "ramponneau":  # the blinds and the bets go to the pot
        assert motion.get("chips", 0) >= 1, motion
    if slug == "all-fours":  # a trick taken goes to the seat that took it
        assert motion.get("gathered", 0) >= 1, motion
    problems += page.evaluate("window.__cspViolations")
    assert problems == [], problems
    page.context.close()


def test_a_keyboard_player_plays_a_whole_deal_and_hears_the_others_moves(
    browser, server, ui
):
    page = ui.log_in(browser, server, "alice", size=DESKTOP)
    page.goto(f"{server}/jouer/")
    page.click("#jeu-ascenseur button:has-text('Jouer maintenant')")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    page.wait_for_function("() => document.documentElement.classList.contains('live')")

    # Second Tab: the link to the hand; from there, Tab reaches the first card or button.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Aller à votre main"
    page.keyboard.press("Enter")
    # On the hand (or on its first button, if a frame redrew the hand meanwhile).
    assert page.evaluate("() => !!document.activeElement.closest('#my-hand, #actions')")

    on_an_action = ("() => { const a = document.activeElement;"
                    " return !!a && a.matches('button[name=action_json]:enabled'); }")
    moves, end = 0, time.monotonic() + 120
    while "Donne 2 sur" not in page.locator("#table-board .felt__line").inner_text():
        assert time.monotonic() < end, "the deal did not end in time"
        if not page.locator("#turn.turn--mine").count():
            page.wait_for_timeout(50)
            continue
        for _ in range(15):  # from the hand (or a button kept in focus) to an action
            if page.evaluate(on_an_action):
                break
            page.keyboard.press("Tab")
        assert page.evaluate(on_an_action), "Tab never reached a legal action"
        before = ui.version_of(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            "v => { const i = document.querySelector('#actions input[name=version],"
            " #my-hand input[name=version]'); return !i || i.value !== v; }", arg=before)
        moves += 1
        # The focus stays in the play area after the frame that answered the move.
        assert page.evaluate(
            "() => !!document.activeElement.closest('#my-hand, #actions')"), "focus lost"
    assert moves >= 2  # a bid and a card, at least
    announced = page.locator("#log-announcer").inner_text()
    assert announced.strip(), "the other players' moves were never announced"

    # Motion: the second deal's cards were dealt in, the seats that played flashed.
    motion = page.evaluate("window.taverneMotion")
    assert motion["dealt"] >= 1 and motion["played"] >= 2, motion
    assert motion["sounds"] == 0  # sounds are off until the player turns them on
    animation = ("() => { const li = document.createElement('li');"
                 " li.className = 'card-row__item motion-dealt';"
                 " document.querySelector('#my-hand').appendChild(li);"
                 " const name = getComputedStyle(li).animationName; li.remove(); return name; }")
    assert page.evaluate(animation) == "dealt-in"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(animation) == "none"
    page.context.close()


def test_a_player_who_turns_the_sounds_on_hears_the_table(browser, server, ui):
    page = ui.log_in(browser, server, "alice", size=PHONE)
    page.goto(f"{server}/jouer/")
    page.click("#jeu-ascenseur button:has-text('Jouer maintenant')")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    page.click("button:has-text('Activer les sons')")
    page.wait_for_selector(".table-page[data-sounds=on]")
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    page.click("body")  # the gesture browsers want before a page makes sound
    end = time.monotonic() + 60
    while not page.evaluate("window.taverneMotion.sounds > 0"):
        assert time.monotonic() < end, "no sound was played"
        if page.locator("#turn.turn--mine").count():
            take_turn(page, ui)  # each move brings frames: a seat played, a turn came
        page.wait_for_timeout(100)
    page.context.close()
