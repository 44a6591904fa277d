"""Two players, two browsers, one Ascenseur table: a complete deal through the interface.

Alice opens a table from the lobby, Bob joins it from his lobby, Alice seats two bots,
and both play the first deal (one card each) and the second by clicking the buttons and
cards of the live page; the scores must then be updated on both screens.

The server is a real daphne process (websockets included) started by the fixture against
its own SQLite file, so it needs neither the test database of pytest-django nor Redis.
The browser is Debian's Chromium driven by Playwright; no browser is ever downloaded.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
PASSWORD = "taverne-browser-test"
ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason=f"{CHROMIUM} is missing (apt-get install -y chromium); CI installs it",
    ),
]

# Run in the server's own process: point the settings at a file database before Django
# reads them, migrate, create the two players, then serve with daphne.
SERVER = """
import os, sys
import config.settings as s
s.DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": sys.argv[1],
               "OPTIONS": {"timeout": 20}}}
s.PLAY_BOT_DELAY = 0.2
s.PLAY_INPROCESS_SCHEDULER = True
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from allauth.account.models import EmailAddress
from accounts.models import User
for name in ("alice", "bob"):
    user = User.objects.create_user(name, f"{name}@example.com", sys.argv[3],
                                    display_name=name.capitalize())
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
from daphne.cli import CommandLineInterface
CommandLineInterface().run(["-b", "127.0.0.1", "-p", sys.argv[2], "config.asgi:application"])
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env["PYTHONPATH"] = str(ROOT)
    log = open(folder / "daphne.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(folder / "db.sqlite3"), str(port), PASSWORD],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"daphne stopped: {(folder / 'daphne.log').read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.2)
    else:
        process.kill()
        pytest.fail("daphne did not start")
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def log_in(browser, server, name):
    # A phone-sized screen: the table must be playable there.
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", device_scale_factor=1
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{server}/compte/login/")
    page.fill("input[name=login]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(lambda url: "/compte/login/" not in url)
    return page


def take_a_turn(page) -> bool:
    """If it is this player's turn, bid or play the first thing allowed; True if acted."""
    if page.locator("#turn.turn--mine").count() == 0:
        return False
    bid = page.locator("#actions button[name=action_json]:enabled")
    card = page.locator("#my-hand button.card-button[type=submit]")
    try:
        if bid.count():
            bid.first.click(timeout=2_000)
        elif card.count():
            card.first.click(timeout=2_000)
        else:
            return False
    except Exception:  # the fragment was swapped under the click: look again
        return False
    # wait for the server's answer to redraw the turn banner
    page.wait_for_timeout(150)
    return True


def deal_number(page) -> int:
    text = page.locator("#table-board .felt__line").first.inner_text()
    found = re.search(r"Donne (\d+) sur", text)
    return int(found.group(1)) if found else 0


def scores(page) -> list[int]:
    cells = page.locator("#scores td").all_inner_texts()
    return [int(c.strip().replace("−", "-")) for c in cells]


def play_until_deal(pages, number, timeout=90):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if all(deal_number(p) >= number for p in pages):
            return
        acted = False
        for page in pages:
            acted = take_a_turn(page) or acted
        if not acted:
            pages[0].wait_for_timeout(150)
    raise AssertionError(f"deal {number} never came: {[deal_number(p) for p in pages]}")


def test_alice_and_bob_play_the_first_deals_of_an_ascenseur(server, browser, tmp_path):
    alice = log_in(browser, server, "alice")
    bob = log_in(browser, server, "bob")

    # Alice opens a four-seat table from the lobby.
    alice.goto(f"{server}/jouer/")
    alice.click("#jeu-ascenseur a:has-text('Ouvrir une table')")
    alice.fill("input[name=name]", "La table du navigateur")
    alice.select_option("select[name=seat_count]", "4")
    alice.select_option("select[name=live_seconds]", "120")
    alice.click("main form button[type=submit]")
    alice.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    table_url = alice.url
    assert "En attente de joueurs" in alice.locator("#table-board").inner_text()

    # Bob finds it in his lobby and sits down.
    bob.goto(f"{server}/jouer/")
    row = bob.locator(".open-table", has_text="La table du navigateur")
    row.locator("button:has-text('Rejoindre')").click()
    bob.wait_for_url(table_url)
    assert "Bob" in bob.locator("#table-board .seats").inner_text()

    # Alice fills the two last seats with bots; the deal starts.
    alice.goto(table_url)
    for bots in (1, 2):
        alice.click("#table-board button:has-text('Ajouter un automate')")
        alice.locator("#table-board .seats .badge--bot").nth(bots - 1).wait_for()
    alice.wait_for_selector("#table-board .felt")
    bob.wait_for_selector("#table-board .felt")  # Bob's page updated itself, live
    assert deal_number(alice) == 1 and deal_number(bob) == 1

    # Each sees one card in hand, their own.
    alice_cards = alice.locator("#my-hand svg[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    bob_cards = bob.locator("#my-hand svg[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert len(alice_cards) == 1 and len(bob_cards) == 1
    assert alice_cards[0] not in bob.locator("#my-hand").inner_html()
    shots = Path(os.environ.get("TAVERNE_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    alice.screenshot(path=str(shots / "ascenseur-table-phone.png"), full_page=True)

    # The first deal, played through the buttons and cards of both pages.
    play_until_deal([alice, bob], 2)
    for page in (alice, bob):
        first = scores(page)
        assert len(first) == 4
        # exact-bid scoring: a made bid scores 10 and more, a missed one loses 5 a trick,
        # so after a deal nobody is at 0
        assert all(s != 0 for s in first), first
    assert scores(alice) == scores(bob)
    assert "Donne 2 sur" in alice.locator("#game-log").inner_text() or deal_number(alice) == 2

    # And the second deal (two cards each) to the end as well.
    after_first = scores(alice)
    play_until_deal([alice, bob], 3)
    assert scores(alice) != after_first
    assert scores(alice) == scores(bob)
    alice.screenshot(path=str(shots / "ascenseur-after-two-deals.png"), full_page=True)
