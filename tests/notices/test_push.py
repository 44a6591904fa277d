"""Web Push end to end: a notice kept in a transaction reaches a stand-in push service on
this machine after the commit, encrypted for the device and signed with the site's VAPID
key; the test decrypts it with the device's keys (tests/notices/push_service.py)."""

import time

import pytest
from django.db import transaction

from notices.interface import notify
from notices.push.keys import new_key_pair
from notices.push.models import PushSent, PushSubscription
from notices.push.sender import send_push
from tests.notices.push_service import Device, PushService, vapid_claims

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def vapid(settings):
    pair = new_key_pair()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = pair["public"], pair["private"]
    settings.VAPID_SUBJECT = "mailto:taverne@example.org"
    settings.SITE_URL = "https://taverne.example"
    return pair


@pytest.fixture
def service():
    service = PushService().start()
    yield service
    service.stop()


def subscribe(user, device):
    info = device.subscription()
    return PushSubscription.objects.create(user=user, endpoint=info["endpoint"],
                                           p256dh=info["keys"]["p256dh"],
                                           auth=info["keys"]["auth"])


def test_a_turn_reaches_the_players_phone_encrypted_and_signed_after_commit(
        vapid, service, alice, bob):
    phone = Device(f"{service.origin}/push/alice-phone")
    subscribe(alice, phone)
    subscribe(bob, Device(f"{service.origin}/push/bob-phone"))
    with transaction.atomic():
        notify(alice.pk, "your_turn", url="/jouer/tables/7/", table=7, table_name="Chez Alice")
        assert service.received == []  # nothing leaves before the commit
    [push] = service.received
    assert push.path == "/push/alice-phone"
    assert push.headers["ttl"] == "86400"
    claims = vapid_claims(push, vapid["public"])
    assert claims["aud"] == service.origin
    assert claims["sub"] == "mailto:taverne@example.org"
    assert claims["exp"] > time.time()
    message = phone.read(push)
    assert message["title"] == "À vous de jouer"
    assert message["body"] == "C'est votre tour : Chez Alice."
    assert message["url"] == "https://taverne.example/jouer/tables/7/"
    device = PushSubscription.objects.get(user=alice)
    assert device.last_success_at is not None and device.failures == 0


def test_a_push_is_worded_in_the_players_language(vapid, service, alice):
    alice.preferred_language = "en"
    alice.save(update_fields=["preferred_language"])
    phone = Device(f"{service.origin}/push/1")
    subscribe(alice, phone)
    notify(alice.pk, "challenge", url="/jouer/defis/", by="bob")
    message = phone.read(service.received[0])
    assert (message["title"], message["body"]) == ("A challenge", "bob challenges you.")


def test_every_device_of_the_player_is_reached(vapid, service, alice):
    phone, laptop = Device(f"{service.origin}/push/phone"), Device(f"{service.origin}/push/pc")
    subscribe(alice, phone)
    subscribe(alice, laptop)
    notify(alice.pk, "game_over", url="/jouer/tables/3/")
    assert sorted(r.path for r in service.received) == ["/push/pc", "/push/phone"]
    assert PushSent.objects.get().devices == 2


def test_a_device_the_push_service_forgot_is_deleted(vapid, service, alice):
    service.status = 410
    subscribe(alice, Device(f"{service.origin}/push/gone"))
    notify(alice.pk, "your_turn", url="/jouer/tables/7/")
    assert len(service.received) == 1
    assert not PushSubscription.objects.exists()


def test_a_failing_push_service_is_counted_and_the_device_kept(vapid, service, alice):
    service.status = 500
    subscribe(alice, Device(f"{service.origin}/push/busy"))
    notify(alice.pk, "your_turn", url="/jouer/tables/7/")
    device = PushSubscription.objects.get()
    assert device.failures == 1 and device.last_failure_at is not None


def test_an_unreachable_push_service_never_fails_the_delivery(vapid, alice):
    subscribe(alice, Device("http://127.0.0.1:9/push/nobody"))  # nothing listens there
    notify(alice.pk, "your_turn", url="/jouer/tables/7/")
    assert PushSubscription.objects.get().failures == 1


def test_a_notice_is_pushed_once_even_when_delivered_twice(vapid, service, alice):
    subscribe(alice, Device(f"{service.origin}/push/1"))
    notice = notify(alice.pk, "paired", url="/jouer/tables/9/")
    assert send_push(notice) == 0
    assert len(service.received) == 1


def test_nothing_is_pushed_without_vapid_keys(settings, service, alice):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    subscribe(alice, Device(f"{service.origin}/push/1"))
    notify(alice.pk, "your_turn", url="/jouer/tables/7/")
    assert service.received == [] and not PushSent.objects.exists()


def test_a_rolled_back_notice_is_never_pushed(vapid, service, alice):
    subscribe(alice, Device(f"{service.origin}/push/1"))
    with pytest.raises(RuntimeError), transaction.atomic():
        notify(alice.pk, "your_turn", url="/jouer/tables/7/")
        raise RuntimeError
    assert service.received == []


def test_a_kind_the_player_turned_off_wakes_no_device(vapid, service, alice):
    alice.push_challenge = False
    alice.save(update_fields=["push_challenge"])
    phone = Device(f"{service.origin}/push/phone")
    subscribe(alice, phone)
    notify(alice.pk, "challenge", url="/jouer/defis/", by="bob")
    assert service.received == []
    notify(alice.pk, "paired", url="/jouer/tables/3/", table_name="Chez Bob")
    assert phone.read(service.received[0])["title"] == "Adversaire trouvé"
    assert PushSent.objects.count() == 1  # the challenge was never pushed
