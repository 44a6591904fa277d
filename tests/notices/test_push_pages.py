"""The site as an app on a phone, without a browser: the manifest, the service worker, the
page's door to subscribe a device, and when a table offers push."""

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from notices.push.keys import new_key_pair
from notices.push.models import PushSubscription
from play.actions import do_act, do_create_guest, do_create_table, do_join
from play.models import Table
from tests.notices.push_service import Device

pytestmark = pytest.mark.django_db

ENDPOINT = "https://push.example.net/send/abc"


@pytest.fixture(autouse=True)
def vapid(settings):
    pair = new_key_pair()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = pair["public"], pair["private"]
    return pair


def signed_in(user, csrf=False):
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(user)
    return client


def test_the_manifest_makes_the_site_installable(client):
    answer = client.get("/manifest.webmanifest")
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/jouer/mes-parties/"
    assert manifest["theme_color"] == "#3b2414"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert icon["src"].startswith(settings.STATIC_URL)
        body = Path(finders.find(icon["src"].removeprefix(settings.STATIC_URL))).read_bytes()
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        size = int(icon["sizes"].split("x")[0])
        assert int.from_bytes(body[16:20], "big") == int.from_bytes(body[20:24], "big") == size


def test_every_page_links_the_manifest_and_the_theme_colour(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#3b2414">' in page


def test_the_service_worker_is_served_at_the_root_and_caches_nothing(client):
    answer = client.get("/sw.js")
    assert answer["Content-Type"].startswith("application/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert "no-cache" in answer["Cache-Control"]
    script = answer.content.decode()
    assert "showNotification" in script and "notificationclick" in script
    assert "caches." not in script and "fetch" not in script


def test_a_page_subscribes_this_device_with_its_csrf_token(alice):
    client = signed_in(alice, csrf=True)
    token = client.get("/jouer/").cookies["csrftoken"].value
    body = json.dumps(Device(ENDPOINT).subscription())
    refused = client.post("/notifications-push/abonnement/", body,
                          content_type="application/json")
    assert refused.status_code == 403 and not PushSubscription.objects.exists()
    answer = client.post("/notifications-push/abonnement/", body,
                         content_type="application/json", headers={"X-CSRFToken": token})
    assert answer.status_code == 201
    assert PushSubscription.objects.get().user == alice


def test_a_device_moves_to_the_player_who_subscribes_it_last(alice, bob):
    body = json.dumps(Device(ENDPOINT).subscription())
    signed_in(alice).post("/notifications-push/abonnement/", body,
                          content_type="application/json")
    signed_in(bob).post("/notifications-push/abonnement/", body, content_type="application/json")
    assert PushSubscription.objects.get().user == bob


def test_a_page_unsubscribes_this_device(alice):
    client = signed_in(alice)
    client.post("/notifications-push/abonnement/", json.dumps(Device(ENDPOINT).subscription()),
                content_type="application/json")
    answer = client.post("/notifications-push/desabonnement/",
                         json.dumps({"endpoint": ENDPOINT}), content_type="application/json")
    assert answer.json() == {"subscribed": False}
    assert not PushSubscription.objects.exists()


def test_a_bad_subscription_from_a_page_gets_a_french_reason(alice):
    answer = signed_in(alice).post("/notifications-push/abonnement/", "[1, 2]",
                                   content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_subscription"
    assert answer.json()["message"].startswith("Abonnement aux notifications invalide")


def test_a_guest_is_refused_push():
    guest = do_create_guest()
    answer = signed_in(guest).post("/notifications-push/abonnement/",
                                   json.dumps(Device(ENDPOINT).subscription()),
                                   content_type="application/json")
    assert answer.status_code == 403 and answer.json()["code"] == "account_required"
    assert not PushSubscription.objects.exists()


def correspondence_table(alice, bob):
    table = do_create_table(alice, "all-fours", seat_count=2, visibility="public",
                            pace="correspondence", move_seconds=2 * 86400)
    do_join(table, bob)
    return Table.objects.get(pk=table.pk)


def offer(client, table):
    page = client.get(table.get_absolute_url()).content.decode()
    if 'id="push-offer"' not in page:
        return None
    return "data-moved" in page.split('id="push-offer"', 1)[1].split(">", 1)[0]


def test_a_correspondence_table_offers_push_only_once_the_player_has_moved(alice, bob):
    table = correspondence_table(alice, bob)
    game = table.current_game()
    actor = alice if table.seats.get(position=game.actor).user == alice else bob
    client = signed_in(actor)
    assert offer(client, table) is False  # offered only once a move is sent on the page
    do_act(game, actor, table.engine.default_action(game.state), game.version)
    assert offer(client, table) is True


def test_a_live_table_never_offers_push(alice, bob):
    table = do_create_table(alice, "all-fours", seat_count=2, visibility="public")
    do_join(table, bob)
    assert offer(signed_in(alice), table) is None


def test_no_offer_when_the_site_does_not_push(alice, bob, settings):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    assert offer(signed_in(alice), correspondence_table(alice, bob)) is None


FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"


def a_device(user, endpoint=ENDPOINT, user_agent=FIREFOX_ANDROID):
    keys = Device(endpoint).subscription()["keys"]
    return PushSubscription.objects.create(user=user, endpoint=endpoint, p256dh=keys["p256dh"],
                                           auth=keys["auth"], user_agent=user_agent)


def test_the_profile_sets_email_and_push_per_kind(alice):
    client = signed_in(alice)
    page = client.get("/compte/profil/").content.decode()
    table = page.split('id="notice-choices"', 1)[1].split("</table>", 1)[0]
    assert "par e-mail" in table and "sur mes appareils" in table
    for field in ("notify_your_turn", "push_your_turn", "email_challenge", "push_challenge",
                  "email_paired", "push_paired", "email_game_over", "push_game_over"):
        assert f'name="{field}"' in table
    client.post("/compte/profil/", {
        "display_name": "", "preferred_language": "fr", "notify_by_email": "on",
        "notify_your_turn": "on", "email_challenge": "on", "email_paired": "on",
        "email_game_over": "on", "push_your_turn": "on", "push_paired": "on"})
    alice.refresh_from_db()
    assert alice.push_your_turn and alice.push_paired
    assert not alice.push_challenge and not alice.push_game_over
    assert alice.email_challenge and alice.email_game_over


def test_the_profile_lists_my_devices_in_words(alice, bob):
    a_device(alice)
    a_device(bob, "https://push.example.net/send/bob", "Mozilla/5.0 (iPhone) Safari/604.1")
    page = signed_in(alice).get("/compte/profil/").content.decode()
    devices = page.split('id="push-devices"', 1)[1].split("</section>", 1)[0]
    assert "Firefox sur Android" in devices and "depuis le" in devices
    assert "aucune notification reçue pour l'instant" in devices
    assert "iPhone" not in devices  # bob's
    assert devices.count("Retirer") == 1


def test_removing_a_device_from_the_profile_forgets_it(alice):
    device = a_device(alice)
    client = signed_in(alice, csrf=True)
    token = client.get("/compte/profil/").cookies["csrftoken"].value
    url = f"/notifications-push/appareils/{device.pk}/retirer/"
    assert client.post(url).status_code == 403  # no CSRF token
    answer = client.post(url, {"csrfmiddlewaretoken": token}, follow=True)
    assert not PushSubscription.objects.exists()
    assert "Appareil retiré : Firefox sur Android" in answer.content.decode()


def test_nobody_removes_another_players_device(alice, bob):
    device = a_device(bob)
    answer = signed_in(alice).post(f"/notifications-push/appareils/{device.pk}/retirer/",
                                   follow=True)
    assert "pas (ou plus) parmi les vôtres" in answer.content.decode()
    assert PushSubscription.objects.filter(pk=device.pk).exists()
