"""« Essayer cette position » in a browser, at phone size: from the Ramponneau rules page,
one click on an example's button lands on a practice table where it is the reader's turn,
with no console error, failing resource or Content Security Policy violation. Server and
browser: tests/play/conftest.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.play.conftest import BROWSER_PASSWORD, needs_chromium, prepared_site
from tests.play.test_browser_hygiene import REPORT_VIOLATIONS

pytestmark = [pytest.mark.slow, needs_chromium]

# The rules pages live in the database: the server's is prepared with them and Alice.
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
user = User.objects.create_user("alice", "alice@example.com", sys.argv[2], display_name="Alice")
EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
"""


@pytest.fixture(scope="module")
def server_with_rules(tmp_path_factory):
    with prepared_site(tmp_path_factory.mktemp("try-position"), PREPARE,
                       args=(BROWSER_PASSWORD,)) as (address, _printed):
        yield address


def test_one_click_on_an_example_lands_at_a_table_where_it_is_your_turn(
    ui, browser, server_with_rules, screenshots
):
    page = ui.log_in(browser, server_with_rules, "alice")
    problems = []
    page.context.expose_function("reportViolation", lambda text: problems.append(text))
    page.context.add_init_script(REPORT_VIOLATIONS)
    page.on("console", lambda m: problems.append(f"console: {m.text}")
            if m.type == "error" else None)
    page.on("response", lambda r: problems.append(f"{r.status}: {r.url}")
            if r.status >= 400 else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))

    page.goto(f"{server_with_rules}/regles/ramponneau/")
    example = page.locator("figure.rules-example", has_text="B relance à 300")
    button = example.get_by_role("button", name="Essayer cette position")
    button.scroll_into_view_if_needed()
    page.screenshot(path=str(Path(screenshots) / "try-position-example-phone.png"))
    button.click()

    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    assert page.locator("#turn.turn--mine").count() == 1
    # A, facing B's raise to 300 at the turn: 250 to call, four cards on the board.
    assert page.locator("#actions button:enabled", has_text="250").count() >= 1
    page.screenshot(path=str(Path(screenshots) / "try-position-table-phone.png"))
    page.wait_for_timeout(300)
    assert problems == []
    page.context.close()
