"""Where accounts come from: at most SIGNUPS_PER_ADDRESS_PER_DAY accounts a day from one
address, and the browser's device cookie, kept hashed, at sign-up and sign-in."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import DeviceSeen, SignupOrigin, User
from accounts.origins import DEVICE_COOKIE_NAME
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def sign_up(client, name, **headers):
    return client.post("/compte/signup/", {
        "username": name, "email": f"{name}@example.com",
        "password1": "un-mot-de-passe-solide", "password2": "un-mot-de-passe-solide",
    }, **headers)


def test_it_refuses_a_fourth_account_from_one_address_in_a_day(client, settings):
    settings.SIGNUPS_PER_ADDRESS_PER_DAY = 3
    for name in ("dora", "emile", "fanny"):
        assert sign_up(client, name).status_code == 302
    refused = sign_up(client, "irene")
    assert refused.status_code == 200
    assert "Trop de comptes ont été créés depuis votre adresse aujourd&#x27;hui" in (
        refused.content.decode())
    assert not User.objects.filter(username="irene").exists()
    assert SignupOrigin.objects.filter(address="127.0.0.1").count() == 3
    # Another address may; and the same one the next day.
    other = sign_up(client, "irene", REMOTE_ADDR="10.0.0.7")
    assert other.status_code == 302, other.context["form"].errors
    SignupOrigin.objects.update(created_at=timezone.now() - timedelta(days=1, minutes=1))
    assert sign_up(client, "henri").status_code == 302


def test_the_limit_reads_the_visitors_address_behind_the_proxy(client, settings):
    settings.SIGNUPS_PER_ADDRESS_PER_DAY = 1
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    assert sign_up(client, "dora", HTTP_X_FORWARDED_FOR="203.0.113.5").status_code == 302
    assert SignupOrigin.objects.get(user__username="dora").address == "203.0.113.5"
    # Behind the same proxy, another visitor is not refused for the first one's account.
    assert sign_up(client, "emile", HTTP_X_FORWARDED_FOR="203.0.113.6").status_code == 302
    assert sign_up(client, "fanny", HTTP_X_FORWARDED_FOR="203.0.113.5").status_code == 200


def test_sign_up_and_sign_in_remember_the_browser_by_a_hash_of_its_cookie(bob):
    browser = Client()
    sign_up(browser, "dora")
    token = browser.cookies[DEVICE_COOKIE_NAME].value
    dora = User.objects.get(username="dora")
    device = DeviceSeen.objects.get(user=dora).device
    assert token not in device and len(device) == 64
    # bob signs in on the same browser: the same device, no new cookie.
    response = browser.post("/compte/login/", {"login": "bob", "password": PASSWORD})
    assert response.status_code == 302
    assert DEVICE_COOKIE_NAME not in response.cookies
    assert DeviceSeen.objects.get(user=bob).device == device
    # Elsewhere, another device.
    other = Client()
    other.post("/compte/login/", {"login": "bob", "password": PASSWORD})
    assert DeviceSeen.objects.filter(user=bob).count() == 2


def test_a_visitor_who_never_signs_in_gets_no_device_cookie(client):
    assert DEVICE_COOKIE_NAME not in client.get("/").cookies
