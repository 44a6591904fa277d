"""No page breaks its own Content Security Policy: the home page, the lobby, the rules, my
games, the profile (its API tokens), the API's docs page, a practice table of each game
started with « Jouer maintenant » (a few moves played), a table filled with bots from its
waiting room (htmx-boosted forms), a table for chips after caving, the history, a player's
page, a leaderboard, and the 403 page of a form failing the CSRF check log no console
error, load no resource that fails and fire no ``securitypolicyviolation`` event (htmx's
own indicator <style> was one: base.html turns it off). Server and browser:
tests/play/conftest.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.play.conftest import BROWSER_PASSWORD, needs_chromium, prepared_site

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    needs_chromium,
]

# Run before any script of every page: report each CSP violation to the test, which
# keeps them across navigations.
REPORT_VIOLATIONS = """
document.addEventListener('securitypolicyviolation', (e) => {
  window.reportViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`
    + ` at ${e.sourceFile || location.pathname}:${e.lineNumber} « ${e.sample} »`);
});
"""

# The server's database is prepared with what the pages need: the rules pages (they live
# in the database), Alice and Bob with écus, and a Ramponneau table for chips where Bob has
# caved already: the hand starts when Alice caves.
PREPARE = """
import sys
import config.settings as s
s.DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": sys.argv[1],
               "OPTIONS": {"timeout": 20}}}
s.PLAY_WAITING_TABLES_PER_PLAYER = 1000  # one server for the module's many tables
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from allauth.account.models import EmailAddress
from accounts.models import User
from economy import ledger
from economy.chips.caves import do_cave
from economy.models import Currency
from play.actions import do_create_table
for name in ("alice", "bob"):
    user = User.objects.create_user(name, f"{name}@example.com", sys.argv[2],
                                    display_name=name.capitalize())
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
    ledger.post(user, Currency.ECUS, 1000, reason="adjustment", key=f"hygiene-{name}")
table = do_create_table(None, "ramponneau", seat_count=2, name="Au Chat qui pelote",
                        options={"small_blind": 1, "big_blind": 2})
do_cave(table, User.objects.get(username="bob"), 100, request_key="hygiene-bob")
print(table.pk)
"""


@pytest.fixture(scope="module")
def server_with_rules(tmp_path_factory):
    with prepared_site(tmp_path_factory.mktemp("hygiene"), PREPARE,
                       args=(BROWSER_PASSWORD,)) as (address, printed):
        yield address, int(printed.split()[-1])


@pytest.fixture
def watched(ui, browser, server_with_rules):
    """Alice's page, with every console error and CSP violation written down."""
    page = ui.log_in(browser, server_with_rules[0], "alice")
    problems = []
    page.context.expose_function("reportViolation", lambda text: problems.append(text))
    page.context.add_init_script(REPORT_VIOLATIONS)
    page.on("console", lambda m: problems.append(f"console: {m.text}")
            if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
    # A resource that fails says which (its console line does not); the form refused on
    # purpose is left out.
    page.on("response", lambda r: problems.append(f"{r.status}: {r.url}")
            if r.status >= 400 and REFUSED not in r.url else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    yield page, problems
    page.context.close()


# The form whose CSRF check fails on purpose: its 403 is the answer expected.
REFUSED = "/i18n/setlang/"


def take_turns(page, ui, turns):
    """Take the first action allowed (or the first card), ``turns`` times, bots between."""
    done = 0
    for _ in range(400):
        if done >= turns or page.locator("#turn.turn--over").count():
            return
        if page.locator("#turn.turn--mine").count() == 0:
            page.wait_for_timeout(50)
            continue
        button = page.locator("#actions button[name=action_json]:enabled")
        card = page.locator("#my-hand button.card-button[type=submit]")
        if ui.click_and_wait(page, button.first if button.count() else card.first):
            done += 1


def test_it_breaks_no_content_security_policy_on_any_page(watched, ui, server_with_rules):
    page, problems = watched
    server, chip_table = server_with_rules

    for path in ("/", "/jouer/", "/regles/", "/regles/ascenseur/", "/jouer/mes-parties/",
                 "/jouer/historique/", "/joueurs/alice/", "/joueurs/classement/ascenseur/",
                 "/compte/profil/", "/api/v1/docs"):
        page.goto(f"{server}{path}")
        page.wait_for_load_state("load")
        page.wait_for_timeout(200)
        assert problems == [], path

    for slug in ("ascenseur", "ambigu", "ramponneau", "all-fours", "remigio"):
        page.goto(f"{server}/jouer/")
        page.click(f"#jeu-{slug} button:has-text('Jouer maintenant')")
        page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
        page.wait_for_function("() => document.documentElement.classList.contains('live')")
        take_turns(page, ui, 3)
        page.wait_for_timeout(300)
        assert problems == [], f"a table of {slug} starting"

    # A table filled from its waiting room: the bots' forms are boosted by htmx, and the
    # last one starts the game.
    page.goto(f"{server}/jouer/creer/ascenseur/")
    page.select_option("select[name=seat_count]", "3")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    for _ in range(2):
        ui.add_bot(page)
    page.wait_for_selector("#table-board .felt")
    take_turns(page, ui, 3)
    page.wait_for_timeout(300)
    assert problems == [], "a table filled with bots from its waiting room"

    page.goto(f"{server}/jouer/tables/{chip_table}/")
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    page.click("#cave-panel button:has-text('Caver')")
    page.wait_for_selector("#table-board .felt")
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    take_turns(page, ui, 2)
    page.wait_for_timeout(300)
    assert problems == [], "a table for chips, after caving"

    # A form sent without its CSRF cookie: the site's 403 page, under the same policy.
    page.context.clear_cookies(name="csrftoken")
    with page.expect_response(lambda r: REFUSED in r.url) as refused:
        page.click(".language-form button[type=submit]")
    assert refused.value.status == 403
    page.wait_for_load_state("load")
    assert "Accès refusé" in page.locator("main h1").inner_text()
    assert problems == [], "the 403 page"
