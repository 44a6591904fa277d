"""« Mon historique » in a real browser, on a phone (390×844) and a laptop (1280×800):
five hands of Ramponneau at a practice table make one line, the session, with its net
result, beside a game of All-fours; the session opens on its hands, each with its replay.
Every line fits the screen's width, and the pages log no console error. (Each hand was a
line of its own: two minutes of poker filled three pages.) Server and browser:
tests/play/conftest.py.
"""

from __future__ import annotations

import pytest

from tests.play.conftest import BROWSER_PASSWORD, DESKTOP, PHONE, needs_chromium, prepared_site

pytestmark = [
    needs_chromium,
    pytest.mark.slow,
]

# Alice and Bob play five hands of Ramponneau (check or call, to the showdown), then a game
# of All-fours that ends at once; the script prints alice's net result of the session.
PREPARE = """
import sys
import random
import config.settings as s
s.DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": sys.argv[1],
               "OPTIONS": {"timeout": 20}}}
s.PLAY_INPROCESS_SCHEDULER = False
import django
django.setup()
from django.core.management import call_command
from django.utils import timezone
call_command("migrate", verbosity=0)
from allauth.account.models import EmailAddress
from accounts.models import User
from play.actions import do_act, do_create_table, do_join, games
from play.models import Game

games.system_random = random.Random(3)
users = []
for name in ("alice", "bob"):
    user = User.objects.create_user(name, f"{name}@example.com", sys.argv[2],
                                    display_name=name.capitalize())
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
    users.append(user)


def calm(legal):
    by_type = {a["type"]: a for a in legal}
    if "check" in by_type:
        return {"type": "check"}
    if "call" in by_type:
        return {"type": "call", "amount": by_type["call"]["amount"]}
    return next(a for a in legal if a["type"] != "fold")


table = do_create_table(users[0], "ramponneau", seat_count=2, practice=True)
do_join(table, users[1])
while table.games.filter(status=Game.Status.FINISHED).count() < 5:
    game = table.current_game()
    do_act(game, users[game.state["actor"]], calm(table.engine.legal_actions(game.state)),
           game.version)
hands = table.games.filter(status=Game.Status.FINISHED)
points = do_create_table(users[0], "all-fours", seat_count=2)
do_join(points, users[1])
game = points.current_game()
game.status, game.finished_at = "finished", timezone.now()
game.result = {"scores": [7, 3], "winners": [0]}
game.save()
print(table.pk, sum(g.result["scores"][0] for g in hands))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The server's address, the poker table's id and alice's net result there."""
    with prepared_site(tmp_path_factory.mktemp("history"), PREPARE,
                       args=(BROWSER_PASSWORD,)) as (server, printed):
        table, net = printed.split()
        yield server, int(table), int(net)


FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_a_poker_session_is_one_line_of_the_history_and_opens_on_its_hands(
    ui, browser, site, screenshots
):
    server, table, net = site
    expected = ("+" if net > 0 else "−" if net < 0 else "") + f"{abs(net)} jeton"
    problems = []
    for size in (PHONE, DESKTOP):
        width, height = size
        page = ui.log_in(browser, server, "alice", size=size)
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))

        page.goto(f"{server}/jouer/historique/")
        page.screenshot(path=str(screenshots / f"history-{width}.png"), full_page=True)
        lines = page.locator("tr.finished-game")
        assert lines.count() == 2  # the session and the game of All-fours
        session = page.locator("tr.finished-game--session")
        assert session.count() == 1
        text = session.inner_text()
        assert "Ramponneau" in text and expected in text and "Voir les 5 mains" in text
        assert page.evaluate(FITS), "the history is wider than the screen"
        for index in range(lines.count()):
            box = lines.nth(index).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        box = session.bounding_box()
        assert box["y"] + box["height"] <= height, "the session is below the first screen"

        session.get_by_role("link", name="Voir les 5 mains").click()
        page.wait_for_url(f"**/jouer/historique/tables/{table}/")
        page.screenshot(path=str(screenshots / f"history-session-{width}.png"),
                        full_page=True)
        assert page.locator(".session-summary").inner_text().count(expected) == 1
        hands = page.locator(".session-hands tbody tr")
        assert hands.count() == 5
        assert page.evaluate(FITS), "the session's page is wider than the screen"
        replay = hands.first.get_by_role("link", name="Revoir la main")
        assert replay.bounding_box()["x"] + replay.bounding_box()["width"] <= width
        replay.click()
        page.wait_for_url("**/jouer/parties/*/")
        assert "Aucune carte en main" not in page.content()
        assert problems == [], problems
        page.context.close()
