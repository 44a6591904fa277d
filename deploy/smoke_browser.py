"""A browser plays a deal through the production site of this machine (after `make prod`):
Debian's Chromium, driven by Playwright, through nginx's TLS (self-signed: its errors are
ignored) and websockets. A demo player is made first if missing, with a verified address.

    .venv/bin/python -m deploy.smoke_browser [--game all-fours] [--timeout 300]

Run by deploy/smoke.sh after its curl checks; exits 1 when the deal does not finish.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update"]
DEMO = "demo"
# The choices that move an all-fours deal on (as tests/play/test_browser_games.py plays).
PREFER = ("Je mendie", "Refaire", "Je garde")


def load_env(path: Path) -> None:
    """var/prod/env into this process's environment (the site's settings)."""
    for line in path.read_text().splitlines():
        if line and not line.startswith("#") and "=" in line:
            name, value = line.split("=", 1)
            os.environ[name] = value.strip('"')


def make_demo_player() -> str:
    """The demo player, verified, with a fresh password each run (returned)."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from allauth.account.models import EmailAddress

    from accounts.models import User

    password = secrets.token_urlsafe(16)
    user = User.objects.filter(username=DEMO).first()
    if user is None:
        user = User.objects.create_user(DEMO, f"{DEMO}@example.com", password,
                                        display_name="Démo")
        EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
    else:
        user.set_password(password)
        user.save(update_fields=["password"])
    return password


def my_turn(page) -> bool:
    return page.locator("#turn.turn--mine").count() > 0


def act(page) -> bool:
    """One move if it is ours: cards to choose, else the first button, else the first card."""
    if not my_turn(page):
        return False
    picker = page.locator("#my-hand .card-picker")
    if picker.count():
        boxes = page.locator("#my-hand .card-choice__box")
        for index in range(int(picker.get_attribute("data-low") or 0)):
            boxes.nth(index).check()
        target = page.locator("#my-hand form button[type=submit]").last
    else:
        buttons = page.locator("#actions button[name=action_json]:enabled")
        for text in PREFER:
            preferred = buttons.filter(has_text=text)
            if preferred.count():
                buttons = preferred
                break
        cards = page.locator("#my-hand button.card-button[type=submit]")
        target = buttons.first if buttons.count() else cards.first if cards.count() else None
    if target is None:
        return False
    try:
        target.click(timeout=2_000, position={"x": 6, "y": 14})
    except Exception:  # the fragment was swapped under the click: look again
        return False
    page.wait_for_timeout(200)
    return True


def finished(page) -> bool:
    """All-fours: the deal's sheet (High, Low, Jack, Game) is on the board, or the game over."""
    return page.locator("#table-board .deal-sheet__table tbody tr, #turn.turn--over").count() > 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all-fours")
    parser.add_argument("--timeout", type=float, default=300)
    options = parser.parse_args(argv)
    load_env(ROOT / "var" / "prod" / "env")
    password = make_demo_player()
    site = os.environ["SITE_URL"]

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(ignore_https_errors=True, locale="fr-FR",
                                      reduced_motion="reduce")
        context.set_default_timeout(20_000)
        page = context.new_page()
        page.goto(f"{site}/compte/login/")
        page.fill("input[name=login]", DEMO)
        page.fill("input[name=password]", password)
        page.click("main form button[type=submit]")
        page.wait_for_url(lambda url: "/compte/login/" not in url)
        print(f"browser: logged in as {DEMO}")
        page.goto(f"{site}/jouer/")
        page.click(f"#jeu-{options.game} button:has-text('Jouer maintenant')")
        page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
        page.wait_for_function("() => document.documentElement.classList.contains('live')")
        print(f"browser: {page.url}, the socket is live (wss through nginx)")
        moves = 0
        end = time.monotonic() + options.timeout
        while time.monotonic() < end and not finished(page):
            if act(page):
                moves += 1
            else:
                page.wait_for_timeout(100)
        done = finished(page)
        page.screenshot(path=str(ROOT / "var" / "prod" / "log" / "smoke-browser.png"),
                        full_page=True)
        browser.close()
    print(f"browser: {moves} moves played, deal {'finished' if done else 'NOT finished'}")
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main())
