"""Écus within a newcomer's reach, in a real browser, on a phone (390×844) and a laptop
(1280×800): the house's own tables are in the lobby, where a verified player sits and
caves in one click without buying anything (bots never sit there); the cash games'
leaderboard ranks settled results only and says what its figure is; « Ma taverne »'s form
reads like the site's other forms and refuses an empty name in French; « Ramasser ses
gains » during a hand says that it waits for the hand's end, then what it paid; a hand
between two players at a table of six shows their two seats, and counts the empty places
in one line. Any console error or Content-Security-Policy violation fails
a test. Server and browser: tests/play/conftest.py (its fixtures imported below)."""

from __future__ import annotations

import re

import pytest

from tests.play import conftest as play
from tests.play.conftest import (
    BROWSER_PASSWORD,
    DESKTOP,
    PHONE,
    log_in,
    needs_chromium,
    prepared_site,
)

# The browser's fixtures, shared with play's browser tests.
chromium, browser, screenshots = play.chromium, play.browser, play.screenshots

pytestmark = [
    pytest.mark.slow,
    needs_chromium,
]

# Alice and Bob verified (1000 écus each, granted at verification), Charlie not; Alice has
# a deck of cards (« Ma taverne » offers her its form). Two tables nobody keeps, six places
# each: « Chez Bob », where Bob has caved, and « Au Chat », where both caved 20 écus and
# nobody left.
PREPARE = """
import sys
import config.settings as s
s.DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": sys.argv[1],
               "OPTIONS": {"timeout": 20}}}
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from allauth.account.models import EmailAddress
from accounts.models import User
from economy import ledger
from economy.chips.caves import do_cave
from economy.chips.taverns import do_buy_card_deck
from economy.models import Currency
from play.actions import do_create_table
users = {}
for name, verified in (("alice", True), ("bob", True), ("charlie", False)):
    user = User.objects.create_user(name, f"{name}@example.com", sys.argv[2],
                                    display_name=name.capitalize())
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=verified)
    users[name] = user
ledger.post(users["alice"], Currency.TOKENS, 100, reason="adjustment", key="house-tokens")
do_buy_card_deck(users["alice"], "house-deck")
blinds = {"small_blind": 1, "big_blind": 2}
duel = do_create_table(None, "ramponneau", seat_count=6, name="Chez Bob", options=blinds)
do_cave(duel, users["bob"], 40, request_key="duel-bob")
chat = do_create_table(None, "ramponneau", seat_count=6, name="Au Chat", options=blinds)
for name in ("alice", "bob"):
    do_cave(chat, users[name], 20, request_key=f"chat-{name}")
print(duel.pk)
"""

WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));
"""
LIVE = "() => document.documentElement.classList.contains('live')"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with prepared_site(tmp_path_factory.mktemp("house-taverns"), PREPARE,
                       args=(BROWSER_PASSWORD,)) as (address, printed):
        yield address, int(printed.split()[-1])


def player(browser, server, name, size):
    """``name`` signed in at ``size``, every console error and CSP violation written down."""
    page = log_in(browser, server, name, size=size)
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(WATCH_CSP)
    page.problems = problems
    return page


def clean(page) -> None:
    violations = page.evaluate("() => window.__cspViolations || []")
    assert page.problems == [] and violations == [], (page.problems, violations)


def within_the_screen(page, size) -> None:
    """Nothing of the page's main part is wider than the screen."""
    wide = page.evaluate(
        "w => [...document.querySelectorAll('main *')].filter(e =>"
        " e.getBoundingClientRect().right > w + 0.5 || e.getBoundingClientRect().left < -0.5)"
        ".slice(0, 5).map(e => e.tagName + '.' + e.className)", size[0])
    assert wide == [], f"{size}: wider than the screen: {wide}"


def in_view(page, locator, size) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size[1]


def test_a_verified_player_sits_at_a_house_table_from_the_lobby_in_one_click(
    browser, site, screenshots
):
    server, _ = site
    seated = []
    for name, size in (("alice", PHONE), ("bob", DESKTOP)):
        page = player(browser, server, name, size)
        page.goto(f"{server}/jouer/")
        house = page.locator("#jeu-ramponneau .house-table")
        # A few stakes, the smallest first, each with its table's free seats and its cave.
        assert house.count() >= 3, page.locator("#jeu-ramponneau").inner_text()
        small = house.first
        assert re.search(r"Petite blinde : 1\b.*Grosse blinde : 2\b", small.inner_text(),
                         re.S), small.inner_text()
        assert "de 20 à 200 écus" in small.inner_text()
        # The seed's warning: 10/20 blinds are too dear for a level I player.
        assert "trop chères pour un niveau I" in page.locator("#jeu-ramponneau").inner_text()
        assert page.locator("#jeu-ambigu .house-table").count() >= 2
        within_the_screen(page, size)
        page.screenshot(path=str(screenshots / f"house-lobby-{size[0]}.png"), full_page=True)

        small.locator("button", has_text="S'asseoir").click()  # the one click

        page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
        page.wait_for_function(LIVE)
        assert page.locator("#table-board .seat--you").count() == 1
        seated.append((page, size))
    # Both at the same house table: the hand is dealt, with their own chips.
    assert seated[0][0].url == seated[1][0].url
    for page, size in seated:
        page.wait_for_selector("#my-hand svg", timeout=10_000)
        # Bots never sit at écus tables: no button offers one.
        assert page.locator(".bot-form").count() == 0
        page.screenshot(path=str(screenshots / f"house-table-{size[0]}.png"))
        clean(page)


def test_the_cash_game_leaderboard_ranks_settled_results_only(browser, site):
    server, _ = site
    for size in (PHONE, DESKTOP):
        page = player(browser, server, "alice", size)
        page.goto(f"{server}/joueurs/classement/ramponneau/")
        lead = page.locator("main .lead").inner_text()
        # Alice and Bob caved 20 écus at « Au Chat » and are still there: nothing settled.
        assert page.locator(".leaderboard__row").count() == 0
        assert "quittées" in lead and "20 mains" in lead, lead
        within_the_screen(page, size)
        clean(page)


def test_the_tavern_form_reads_like_the_sites_forms_and_refuses_an_empty_name(
    browser, site, screenshots
):
    server, _ = site
    for size in (PHONE, DESKTOP):
        page = player(browser, server, "alice", size)
        page.goto(f"{server}/jouer/ma-taverne/")
        form = page.locator("form.tavern-form")
        # Each field under its label, as wide as the site's other fields.
        name = form.locator("input[name=name]")
        label = form.locator("label[for=id_name]")
        under, box = label.bounding_box(), name.bounding_box()
        assert under["y"] + under["height"] <= box["y"] + 1
        wide = min(0.8 * form.bounding_box()["width"], 28 * 16 - 1)  # max-width: 28rem
        big = form.locator("select[name=big_blind]")
        assert box["width"] >= wide and big.bounding_box()["width"] >= wide

        form.locator("button[type=submit]").click()
        page.wait_for_load_state("load")

        error = page.locator("form.tavern-form .errorlist")
        assert "Donnez un nom à votre table" in error.first.inner_text()
        assert in_view(page, error.first, size), "the refusal is out of sight"
        within_the_screen(page, size)
        page.screenshot(path=str(screenshots / f"tavern-form-{size[0]}.png"), full_page=True)
        clean(page)


def test_a_heads_up_hand_shows_two_seats_and_cashing_out_says_it_waits_then_what_it_paid(
    browser, site, screenshots
):
    server, duel = site
    alice = player(browser, server, "alice", PHONE)
    alice.goto(f"{server}/jouer/tables/{duel}/")
    alice.locator("#cave-panel input[name=amount]").fill("40")
    alice.locator("#cave-panel button", has_text="Caver").click()
    alice.wait_for_selector("#my-hand svg")
    bob = player(browser, server, "bob", DESKTOP)
    bob.goto(f"{server}/jouer/tables/{duel}/")
    bob.wait_for_function(LIVE)
    for page in (alice, bob):  # a heads-up hand: two seats, the four empty places counted
        assert page.locator("#table-board .seat:not(.seat--count)").count() == 2
        assert page.locator("#table-board .seat--count").inner_text() == "4 places libres"

    alice.locator("#cave-panel button", has_text="Ramasser ses gains").click()

    pending = alice.locator("#cave-panel [role=status]", has_text="fin de la main")
    pending.wait_for()
    assert in_view(alice, pending, PHONE), "the answer is out of sight where she tapped"
    alice.screenshot(path=str(screenshots / "cash-out-pending-390.png"))
    # The hand ends: whoever is to act folds.
    for _ in range(40):
        if alice.locator("#cave-panel", has_text="Gains ramassés").count():
            break
        for page in (alice, bob):
            fold = page.locator("#actions button[name=action_json][value*='\"fold\"']")
            if page.locator("#turn.turn--mine").count() and fold.count():
                fold.first.click()
        alice.wait_for_timeout(250)
    paid = alice.locator("#cave-panel [role=status]", has_text="Gains ramassés")
    paid.wait_for(timeout=10_000)
    assert re.search(r"Gains ramassés : \d+ écus", paid.inner_text()), paid.inner_text()
    alice.screenshot(path=str(screenshots / "cash-out-paid-390.png"))
    for page in (alice, bob):
        clean(page)
