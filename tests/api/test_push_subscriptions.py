"""A program subscribes a device to Web Push (docs/api.md, "Push"): each endpoint, each
refusal in the API's shape, changing nothing."""

from urllib.parse import quote

import pytest

from notices.push.keys import new_key_pair
from notices.push.models import PushSubscription
from tests.notices.push_service import Device

pytestmark = pytest.mark.django_db

ENDPOINT = "https://push.example.net/send/abc"


@pytest.fixture(autouse=True)
def vapid(settings):
    pair = new_key_pair()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = pair["public"], pair["private"]
    return pair


def test_a_program_subscribes_lists_and_unsubscribes_a_device(alice, api_as, vapid):
    api = api_as(alice)
    body = Device(ENDPOINT).subscription() | {"expirationTime": None}

    answer = api.post("/account/push-subscriptions", body)

    assert answer.status_code == 201 and answer.json()["endpoint"] == ENDPOINT
    listed = api.get("/account/push-subscriptions").json()
    assert listed["public_key"] == vapid["public"]
    assert [d["endpoint"] for d in listed["devices"]] == [ENDPOINT]
    assert api.post("/account/push-subscriptions", body).status_code == 201  # again: one row
    assert PushSubscription.objects.filter(user=alice).count() == 1
    assert api.delete(f"/account/push-subscriptions?endpoint={quote(ENDPOINT)}"
                      ).status_code == 204
    assert not PushSubscription.objects.exists()


def test_unsubscribing_another_players_device_changes_nothing(alice, bob, api_as):
    api_as(bob).post("/account/push-subscriptions", Device(ENDPOINT).subscription())
    answer = api_as(alice).delete(f"/account/push-subscriptions?endpoint={quote(ENDPOINT)}")
    assert answer.status_code == 204
    assert PushSubscription.objects.get().user == bob


@pytest.mark.parametrize("change", [
    {"endpoint": "http://push.example.net/send/abc"},
    {"endpoint": "not a url"},
    {"keys": {"p256dh": "c2hvcnQ", "auth": Device(ENDPOINT).subscription()["keys"]["auth"]}},
    {"keys": {"p256dh": Device(ENDPOINT).p256dh, "auth": "!!!"}},
])
def test_a_bad_subscription_is_refused_and_changes_nothing(alice, api_as, change):
    body = Device(ENDPOINT).subscription() | change
    answer = api_as(alice).post("/account/push-subscriptions", body)
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_subscription"
    assert "https" in answer.json()["message"]
    assert not PushSubscription.objects.exists()


def test_an_unknown_field_is_refused(alice, api_as):
    body = Device(ENDPOINT).subscription() | {"topic": "x"}
    answer = api_as(alice).post("/account/push-subscriptions", body)
    assert answer.status_code == 400 and answer.json()["code"] == "malformed"


def test_a_site_without_vapid_keys_refuses_subscriptions(alice, api_as, settings):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    answer = api_as(alice).post("/account/push-subscriptions", Device(ENDPOINT).subscription())
    assert answer.status_code == 409 and answer.json()["code"] == "push_unavailable"
    assert not PushSubscription.objects.exists()


def test_a_token_without_the_tables_scope_cannot_subscribe(alice, api_as):
    answer = api_as(alice, scopes=("play",)).post("/account/push-subscriptions",
                                                  Device(ENDPOINT).subscription())
    assert answer.status_code == 403 and answer.json()["code"] == "scope_missing"
