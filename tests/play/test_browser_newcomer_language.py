"""A newcomer's first hour, in a browser (issue #29, points 1, 2, 7 and the visitor's lobby):
an English reader stays in English from the home page to the table and after signing up;
a guest who signs up is signed in at once and back at their table with their hand, a bot
having played for them, visibly, while they filled the form; « Essayer cette position »
works for a visitor as a guest; the visitor's lobby has its button to play bots at once.

One server for the module (the rules pages are in its database); each test is a new
visitor. No console error, failed resource or CSP violation on the way. Server and
browser: tests/play/conftest.py; the rest of these behaviours (e-mails, the login that
resumes a position, refusals) is tested without a browser in tests/play/test_newcomer.py.
"""

from __future__ import annotations

import re

import pytest

from tests.play.conftest import DESKTOP, PHONE, needs_chromium, prepared_site
from tests.play.test_browser_hygiene import REPORT_VIOLATIONS

pytestmark = [pytest.mark.slow, needs_chromium]

TABLE_URL = re.compile(r"/jouer/tables/(\d+)/$")
PASSWORD = "un-mot-de-passe-solide-42"

# Words of the French interface that an English reader must not meet at the table.
FRENCH_AT_THE_TABLE = ("Vous jouez en invité", "créez un compte", "Annoncer", "Mes parties",
                       "S'inscrire", "Journal de la partie", "Abandonner", "Invité ")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("newcomer")
    with prepared_site(folder, None, users=("alice",)) as (address, _printed):
        yield address


def visitor(browser, size, locale="fr-FR"):
    """A browser with no account (its Accept-Language from ``locale``), every console
    error, failed resource and CSP violation written down."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale=locale, device_scale_factor=1)
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


def at_the_table(page) -> int:
    """Wait for the table page, live and dealt; its id."""
    page.wait_for_url(TABLE_URL)
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    page.wait_for_selector("#my-hand .playing-card")
    return int(TABLE_URL.search(page.url).group(1))


def in_first_screen(page, selector, size) -> None:
    # The socket's frames swap the element: measured once it is drawn again.
    box = None
    for _ in range(10):
        page.locator(selector).first.wait_for(state="visible")
        box = page.locator(selector).first.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(100)
    assert box is not None, selector
    assert 0 <= box["x"] and box["x"] + box["width"] <= size[0] + 1, (selector, box)
    assert box["y"] + 20 < size[1], (selector, box)


def sign_up(page, name, email) -> None:
    page.fill("input[name=email]", email)
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")


def test_an_english_reader_stays_in_english_at_the_table_and_after_signing_up(
    browser, site, ui, screenshots
):
    page, problems = visitor(browser, PHONE, locale="en-US")
    page.goto(f"{site}/")
    assert "Play without an account" in page.locator(".try-games").inner_text()

    page.click(".try-games button[data-game=ascenseur]")
    table = at_the_table(page)
    # The page, its menu, the guest's banner and the buttons, in English.
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "My games" in page.locator(".site-nav").inner_text()
    assert "You are playing as a guest (Guest " in page.locator(".guest-banner").inner_text()
    page.wait_for_selector("#turn.turn--mine")
    assert "Bid" in page.locator("#actions").inner_text()
    # A frame of the socket (the player's bid, then the bots'), in English too.
    page.wait_for_function("() => document.querySelectorAll('#game-log li').length > 0")
    assert ui.click_and_wait(page, page.locator("#actions button[name=action_json]:enabled")
                             .first)
    page.wait_for_function(
        "() => /Guest \\d+ bids/.test(document.querySelector('#game-log').textContent)")
    words = page.locator("main").inner_text()
    assert [w for w in FRENCH_AT_THE_TABLE if w in words] == []
    page.wait_for_selector("#my-hand")  # between two frames of the socket, it is redrawn
    in_first_screen(page, "#my-hand", PHONE)
    page.screenshot(path=str(screenshots / "english-guest-table-phone.png"))

    # Signed up from the banner, the account keeps the language read: the table, then
    # the profile, say it.
    page.click(".guest-banner a")
    assert page.evaluate("document.documentElement.lang") == "en"
    sign_up(page, "dora", "dora@example.com")
    assert at_the_table(page) == table
    assert page.evaluate("document.documentElement.lang") == "en"
    words = page.locator("main").inner_text()
    assert [w for w in FRENCH_AT_THE_TABLE if w in words] == []
    page.goto(f"{site}/compte/profil/")
    assert page.locator("select[name=preferred_language]").input_value() == "en"
    page.wait_for_timeout(300)
    assert problems == []
    page.context.close()


def test_a_guest_who_signs_up_is_back_at_their_table_with_their_hand(
    browser, site, screenshots
):
    page, problems = visitor(browser, DESKTOP)
    page.goto(f"{site}/")
    page.click(".try-games button[data-game=all-fours]")
    table = at_the_table(page)

    page.click(".guest-banner a:has-text('créez un compte')")
    page.wait_for_selector("input[name=username]")
    # The form says what becomes of the game meanwhile.
    assert "un automate joue à votre place" in page.locator("main").inner_text()
    sign_up(page, "emile", "emile@example.com")

    # Signed in at once (no waiting for the e-mail's link), back at the same table, the
    # seat and the hand his; the log says a bot played for him while he signed up.
    assert at_the_table(page) == table
    nav = page.locator(".site-nav").inner_text()
    assert "Mon compte" in nav and "S'inscrire" not in nav
    assert page.locator(".guest-banner").count() == 0
    assert "confirmez votre adresse" in page.locator(".messages").inner_text()
    you = page.locator(".seat--you")
    assert you.locator(".seat__name").inner_text() == "emile"
    assert "absent" not in you.inner_text()
    assert "crée son compte" in page.locator("#game-log").inner_text()
    assert page.locator("button:has-text('Je reviens')").count() == 0
    in_first_screen(page, "#my-hand", DESKTOP)
    page.screenshot(path=str(screenshots / "signed-up-table-desktop.png"))
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.wait_for_timeout(200)
    in_first_screen(page, "#my-hand", PHONE)
    page.screenshot(path=str(screenshots / "signed-up-table-phone.png"))
    page.wait_for_timeout(300)
    assert problems == []
    page.context.close()


def test_a_visitor_tries_a_position_of_the_rules_as_a_guest(browser, site, screenshots):
    page, problems = visitor(browser, PHONE)
    # The first reading of a rules page renders it (its examples drawn) for the cache: on
    # a busy machine that takes more than the default 15 s.
    page.goto(f"{site}/regles/ramponneau/", timeout=60_000)
    example = page.locator("figure.rules-example", has_text="B relance à 300")
    button = example.get_by_role("button", name="Essayer cette position")
    button.scroll_into_view_if_needed()
    button.click()

    # At the table, a guest, at the example's position: A faces B's raise to 300.
    page.wait_for_url(TABLE_URL)
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    assert page.locator("#turn.turn--mine").count() == 1
    call = page.locator("#actions button:enabled", has_text="250")
    assert call.count() >= 1
    assert "Vous jouez en invité" in page.locator(".guest-banner").inner_text()
    in_first_screen(page, "#actions button:enabled:has-text('250')", PHONE)
    page.screenshot(path=str(screenshots / "guest-try-position-phone.png"))
    page.wait_for_timeout(300)
    assert problems == []
    page.context.close()


def test_the_visitors_lobby_deals_a_game_against_bots_in_one_click(browser, site, screenshots):
    page, problems = visitor(browser, PHONE)
    page.goto(f"{site}/jouer/")
    # Each game's section has the button the lead promises, in the screen's width.
    for size in (DESKTOP, PHONE):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for slug in ("ambigu", "ascenseur", "ramponneau", "all-fours", "remigio"):
            button = page.locator(f"#jeu-{slug} button:has-text('sans compte')")
            assert button.count() == 1, slug
            box = button.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
    first = page.locator("#jeu-ambigu button:has-text('sans compte')")
    first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "visitor-lobby-phone.png"))

    first.click()
    at_the_table(page)
    assert "Ambigu" in page.title()
    assert "Vous jouez en invité" in page.locator(".guest-banner").inner_text()
    page.wait_for_timeout(300)
    assert problems == []
    page.context.close()
