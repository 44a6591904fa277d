"""The maître in a real browser, on a phone (390×844) and a laptop (1280×800), with
L'Ascenseur's real appraisal: at a practice table Alice clicks « Conseil » and reads the
maître's sentence under her buttons (in the screen, over none of her controls, in a live
region), which goes once she bids; on the replay of a practice game she played badly and
resigned, the review lists her marked decisions, and one of them opens its step, which
says what the maître would have played. No console error, no CSP violation. Server and
browser: tests/play/conftest.py.
"""

from __future__ import annotations

import json

import pytest

from tests.play.conftest import (
    DESKTOP,
    PHONE,
    SIGNED_IN_SCRIPT,
    drawn_box,
    needs_chromium,
    prepared_site,
    signed_in,
)

pytestmark = [needs_chromium]

# Two practice tables of L'Ascenseur against bots: at the first Alice is to bid with a
# choice to make; at the second she bid as high as she could and played her first card,
# eight times, then resigned, and the maître reviewed it (here, in the script's process).
PREPARE = SIGNED_IN_SCRIPT + r"""
import random

from django.conf import settings

settings.PLAY_BOT_DELAY = 0
settings.THINKING_PROCESSES = 0
settings.REVIEWS_IN_A_THREAD = False  # the review computed here, before the server starts
from cardgames.core import concrete
from play.actions import do_act, do_play_now, do_resign, games
from play.clock.scheduler import run_due
from play.models import GameReview

games.system_random = random.Random(7)
users, sessions = sign_in(["alice"])
alice = users["alice"]


def to_a_choice(table):
    while True:
        game = table.current_game()
        if game.actor != 0:
            run_due()
            continue
        legal = table.engine.legal_actions(game.state)
        if len(legal) > 1:
            return game
        do_act(game, alice, legal[0], game.version)


asking = do_play_now(alice, "ascenseur")
game = to_a_choice(asking)
assert game.state["phase"] == "bid", game.state["phase"]

reviewed = do_play_now(alice, "ascenseur")
for _ in range(8):
    game = to_a_choice(reviewed)
    legal = reviewed.engine.legal_actions(game.state)
    move = legal[-1] if legal[0]["type"] == "bid" else concrete(legal[0])
    do_act(game, alice, move, game.version)
finished = do_resign(reviewed, alice)
review = GameReview.objects.get(game=finished, position=0)
assert review.status == "done" and review.decisions, (review.status, review.decisions)
print(json.dumps({"sessions": sessions, "asking": asking.pk, "reviewed": finished.pk,
                  "marked": [d["step"] - 1 for d in review.decisions]}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with prepared_site(tmp_path_factory.mktemp("advice"), PREPARE,
                       users=("alice",)) as (address, printed):
        yield address, json.loads(printed.strip().splitlines()[-1])


def _name(size) -> str:
    return "phone" if size == PHONE else "desktop"


def _inside(box, size) -> bool:
    width, height = size
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width
            and box["y"] + box["height"] <= height)


def _overlaps(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


CONTROLS = """
() => [...document.querySelectorAll('#my-hand button, #actions button')]
  .filter(b => b.offsetParent !== null)
  .map(b => { const r = b.getBoundingClientRect();
              return {x: r.x, y: r.y, width: r.width, height: r.height,
                      text: b.textContent.trim()}; })
"""


def test_the_conseil_button_shows_the_maitres_sentence_under_the_controls(
        browser, site, screenshots):
    address, prepared = site
    for size in (PHONE, DESKTOP):
        page, problems = signed_in(browser, site, "alice", size=size)
        page.goto(f"{address}/jouer/tables/{prepared['asking']}/")
        page.wait_for_function("() => document.documentElement.classList.contains('live')")
        button = page.get_by_role("button", name="Conseil")
        assert button.is_visible()

        button.click()
        answer = page.locator("#advice .advice__answer")
        answer.wait_for(state="visible", timeout=20_000)

        text = answer.inner_text()
        page.screenshot(path=str(screenshots / f"advice-{_name(size)}.png"))
        assert text.startswith("Le maître annoncerait "), text
        assert "levée" in text and "en moyenne" in text and text.endswith("."), text
        live = page.locator("#advice")
        assert live.get_attribute("aria-live") == "polite"
        assert live.get_attribute("role") == "status"
        box = drawn_box(page, "#advice .advice__answer")
        assert _inside(box, size), (size, box)
        for control in page.evaluate(CONTROLS):
            assert not _overlaps(box, control), (size, control)
        if size == DESKTOP:
            # Alice bids: the game moves on, and the sentence, answering the position she
            # left, goes (the bots play at once: it may be her turn again already).
            page.locator("#actions .action-group button:not([disabled])").first.click()
            page.wait_for_function(
                "() => !document.querySelector('#advice .advice__answer')")
        assert problems == [], problems
        assert page.evaluate("() => window.__cspViolations") == []
        page.context.close()


def test_the_replay_of_a_finished_game_shows_its_review_to_its_player(
        browser, site, screenshots):
    address, prepared = site
    marked = sorted(prepared["marked"])
    for size in (PHONE, DESKTOP):
        width = size[0]
        page, problems = signed_in(browser, site, "alice", size=size)
        page.goto(f"{address}/jouer/parties/{prepared['reviewed']}/")

        review = page.locator("#game-review")
        review.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / f"review-{_name(size)}.png"))
        assert review.is_visible()
        assert "La revue du maître" in review.inner_text()
        items = page.locator("#game-review .review__item")
        assert items.count() == len(marked)
        first = items.first.inner_text()
        assert "Vous avez " in first and "le maître aurait " in first, first
        assert "Perte estimée : " in first and "point" in first, first
        box = items.first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")

        items.first.get_by_role("link").click()
        page.wait_for_url(f"**/jouer/parties/{prepared['reviewed']}/?etape={marked[0]}")
        here = page.locator(".review-here")
        assert here.is_visible()
        assert "Le maître aurait joué autrement" in here.inner_text()
        assert page.locator("#game-review [aria-current=step]").count() == 1
        assert problems == [], problems
        assert page.evaluate("() => window.__cspViolations") == []
        page.context.close()
