"""Browser apps of other origins: the API answers them CORS headers when their origin is
listed (API_CORS_ORIGINS), on /api/ only, and never with credentials: a token, not the
session cookie, is what opens the API."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

APP = "https://app.example"


@pytest.fixture(autouse=True)
def _listed_origin(settings):
    settings.CORS_ALLOWED_ORIGINS = [APP]


def test_a_listed_origin_gets_the_header_on_the_api_and_not_on_the_site(alice, api_as):
    api = api_as(alice)
    headers = {**api.headers, "Origin": APP}

    on_api = api.client.get("/api/v1/account", headers=headers)
    on_site = Client().get("/", headers={"Origin": APP})

    assert on_api.status_code == 200
    assert on_api["Access-Control-Allow-Origin"] == APP
    assert "Retry-After" in on_api["Access-Control-Expose-Headers"]
    assert "Access-Control-Allow-Credentials" not in on_api
    assert on_site.status_code == 200
    assert "Access-Control-Allow-Origin" not in on_site


def test_an_unlisted_origin_gets_no_header(alice, api_as):
    api = api_as(alice)

    answer = api.client.get("/api/v1/account",
                            headers={**api.headers, "Origin": "https://evil.example"})

    assert "Access-Control-Allow-Origin" not in answer


def test_the_preflight_of_a_listed_origin_allows_the_authorization_header():
    answer = Client().options("/api/v1/tables/1/act", headers={
        "Origin": APP, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type"})

    assert answer.status_code == 200
    assert answer["Access-Control-Allow-Origin"] == APP
    assert "authorization" in answer["Access-Control-Allow-Headers"]
    assert "POST" in answer["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Credentials" not in answer


def test_a_session_cookie_from_a_listed_origin_opens_nothing(client, alice):
    client.force_login(alice)

    answer = client.get("/api/v1/account", headers={"Origin": APP})

    assert answer.status_code == 401
    assert answer.json()["code"] == "not_authenticated"
    assert "Access-Control-Allow-Credentials" not in answer
