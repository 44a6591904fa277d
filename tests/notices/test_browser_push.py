"""The site as an app, in the browser on a phone: the manifest is linked and the service
worker registers at the root with no console error or CSP violation; a correspondence
table offers push only once the player has made a move there (never on a first visit),
and « Oui, me prévenir » asks the permission, subscribes with the site's VAPID key and
posts the subscription; « Non merci » is remembered on the device.

Headless Chromium reaches no real push service, so the page's ``pushManager.subscribe``
is replaced (an init script) by one that answers a subscription of a stand-in endpoint
with real keys: what is tested is the page's part, up to the row the server keeps. The
push itself, encrypted and decrypted, is tests/notices/test_push.py's.

One server for the module (tests/play/conftest.py), with a VAPID pair in its environment.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from notices.push.keys import new_key_pair
from tests.notices.push_service import Device
from tests.play import conftest as play
from tests.play.conftest import (
    BROWSER_PASSWORD,
    DESKTOP,
    PHONE,
    SIGNED_IN_SCRIPT,
    needs_chromium,
    prepared_site,
)

# The browser's fixtures, shared with play's browser tests.
chromium, browser, screenshots = play.chromium, play.browser, play.screenshots

pytestmark = [pytest.mark.slow, needs_chromium]

PREPARE = SIGNED_IN_SCRIPT + r"""
from datetime import timedelta

from django.utils import timezone

from play.actions import do_create_table, do_join
from play.models import Game

users, sessions = sign_in(("alice", "bob"))
table = do_create_table(users["alice"], "all-fours", seat_count=2, visibility="public",
                        pace="correspondence", move_seconds=2 * 86400)
do_join(table, users["bob"])
game = Game.objects.get(table=table, status="playing")
actor = table.seats.get(position=game.actor).user.username
print(json.dumps({"table": table.pk, "sessions": sessions, "actor": actor}))
"""

WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));
"""

# No push service in headless Chromium: subscribe() answers a stand-in subscription (the
# key it was given is kept, to check it is the site's).
FAKE_SUBSCRIBE = """
PushManager.prototype.subscribe = function (options) {
  window.__pushKey = btoa(String.fromCharCode.apply(null,
      new Uint8Array(options.applicationServerKey)));
  var json = %s;
  return Promise.resolve({endpoint: json.endpoint, toJSON: function () { return json; }});
};
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("push")
    pair = new_key_pair()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VAPID_PUBLIC_KEY", pair["public"])
        patch.setenv("VAPID_PRIVATE_KEY", pair["private"])
        with prepared_site(folder, PREPARE, args=(BROWSER_PASSWORD,),
                           users=("alice", "bob")) as (address, printed):
            yield (address, json.loads(printed.strip().splitlines()[-1]), pair,
                   folder / "db.sqlite3")


def open_page(browser, site, name, size, notifications=False, device=None):
    address, prepared, _, _ = site
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale="fr-FR", device_scale_factor=1,
                                  reduced_motion="reduce")
    context.set_default_timeout(15_000)
    if notifications:
        context.grant_permissions(["notifications"], origin=address)
    context.add_cookies([{"name": "sessionid", "value": prepared["sessions"][name],
                          "url": address}])
    page = context.new_page()
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(WATCH_CSP)
    if device is not None:
        page.add_init_script(FAKE_SUBSCRIBE % json.dumps(device.subscription()))
    return page, problems


def no_trouble(page, problems, size):
    sideways = page.evaluate("document.documentElement.scrollWidth") - size[0]
    assert sideways <= 0, f"the page scrolls sideways by {sideways} px"
    assert page.evaluate("window.__cspViolations") == []
    assert problems == []


def inside(locator, size):
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size[1], box


def inside_width(locator, size):
    box = locator.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0], box


def devices(database) -> list[tuple[str, str]]:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT u.username, s.endpoint FROM push_pushsubscription s "
                          "JOIN accounts_user u ON u.id = s.user_id").fetchall()


def test_after_a_first_correspondence_move_the_phone_is_offered_push_refusals_stick(
        browser, site, screenshots):
    address, prepared, pair, database = site
    actor = prepared["actor"]
    table_url = f"{address}/jouer/tables/{prepared['table']}/"
    device = Device("https://push.example.net/send/browser-phone")
    page, problems = open_page(browser, site, actor, PHONE, notifications=True, device=device)

    # A first visit: the app's manifest, its service worker at the root; no offer.
    page.goto(f"{address}/")
    assert page.locator('link[rel="manifest"]').get_attribute("href") == "/manifest.webmanifest"
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{address}/"
    page.goto(table_url)
    offer = page.locator("#push-offer")
    page.locator("#actions button[name=action_json]:enabled").first.wait_for()
    assert not offer.is_visible()

    # The player's first move by correspondence: the offer, inside the phone's screen.
    page.locator("#actions button[name=action_json]:enabled").first.click()
    offer.get_by_text("Être prévenu sur ce téléphone quand c'est votre tour ?").wait_for()
    inside(offer, PHONE)
    page.screenshot(path=str(screenshots / "push-offer-phone.png"))

    offer.get_by_role("button", name="Oui, me prévenir").click()
    offer.get_by_text("C'est noté : ce téléphone vous préviendra.").wait_for()
    sent_key = page.evaluate("window.__pushKey")
    assert sent_key.rstrip("=").replace("+", "-").replace("/", "_") == pair["public"]
    assert devices(database) == [(actor, device.endpoint)]
    offer.wait_for(state="hidden")
    no_trouble(page, problems, PHONE)

    # The profile: a box per kind and way, held in the phone's width; the device listed
    # in words, and « Retirer » forgets it.
    page.goto(f"{address}/compte/profil/")
    choices = page.locator("#notice-choices table")
    inside_width(choices, PHONE)
    for box in choices.locator("input[type=checkbox]").all():
        inside_width(box, PHONE)
    listed = page.locator("#push-devices li")
    assert listed.count() == 1 and "Chrome sur Linux" in listed.inner_text()
    page.screenshot(path=str(screenshots / "profile-notices-phone.png"), full_page=True)
    listed.get_by_role("button", name="Retirer").click()
    page.get_by_text("Appareil retiré : Chrome sur Linux").wait_for()
    assert devices(database) == []
    no_trouble(page, problems, PHONE)
    page.context.close()

    # The player who moved, on another device: offered at once; « Non merci » sticks.
    page, problems = open_page(browser, site, actor, PHONE)
    page.goto(table_url)
    offer = page.locator("#push-offer")
    offer.get_by_role("button", name="Non merci").click()
    assert not offer.is_visible()
    page.reload()
    page.locator("html.live").wait_for(state="attached")
    page.wait_for_timeout(300)  # the offer would show as the script runs
    assert not offer.is_visible()
    no_trouble(page, problems, PHONE)
    page.context.close()

    # Their opponent, who has not moved yet, on a laptop: no offer.
    other = "bob" if actor == "alice" else "alice"
    page, problems = open_page(browser, site, other, DESKTOP)
    page.goto(table_url)
    page.locator("html.live").wait_for(state="attached")
    page.wait_for_timeout(300)
    assert page.locator("#push-offer").count() == 1
    assert not page.locator("#push-offer").is_visible()
    no_trouble(page, problems, DESKTOP)
    page.goto(f"{address}/compte/profil/")
    choices = page.locator("#notice-choices table")
    inside_width(choices, DESKTOP)
    head = choices.locator("thead th")
    assert head.nth(1).bounding_box()["y"] == head.nth(2).bounding_box()["y"]
    page.screenshot(path=str(screenshots / "profile-notices-desktop.png"), full_page=True)
    no_trouble(page, problems, DESKTOP)
    page.context.close()
