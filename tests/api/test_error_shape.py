"""Every answer under /api/ is JSON in the error shape, whoever answers: an unknown path,
a method the path does not take, a body over the upload limit."""

import logging

import pytest

from play.actions import do_create_table
from play.models import Seat, Table

pytestmark = pytest.mark.django_db


def is_the_error_shape(response, code):
    body = response.json()
    return (response["Content-Type"].startswith("application/json")
            and body["type"] == "error"
            and body["code"] == code and bool(body["message"]))


@pytest.mark.parametrize("path", ["/api/v1/nothing-here", "/api/v1/tables/1/nope",
                                  "/api/v2/tables", "/api/"])
def test_an_unknown_path_under_the_api_is_not_found_in_json(alice, api_as, path):
    api = api_as(alice)

    response = api.client.get(path, headers=api.headers)

    assert response.status_code == 404
    assert is_the_error_shape(response, "not_found")


def test_the_sites_other_unknown_pages_stay_html_pages(client, db):
    page = client.get("/nulle-part/")
    api = client.get("/api/v1/nulle-part")

    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    assert api.status_code == 404 and is_the_error_shape(api, "not_found")


def test_an_unknown_path_answers_in_english_when_asked(client, db):
    response = client.get("/api/v1/nothing-here", headers={"Accept-Language": "en"})

    assert response.json()["message"] == "This address does not exist."


def test_a_method_the_path_does_not_take_is_405_with_the_methods_it_takes(alice, api_as):
    api = api_as(alice)

    response = api.client.delete("/api/v1/tables", headers=api.headers)

    assert response.status_code == 405
    assert is_the_error_shape(response, "method_not_allowed")
    assert response["Allow"] == "GET, POST"
    assert "DELETE" in response.json()["message"]


def test_a_put_on_a_tables_join_changes_nothing(alice, bob, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    api = api_as(bob)

    response = api.client.put(f"/api/v1/tables/{table.pk}/join", {},
                              content_type="application/json", headers=api.headers)

    assert response.status_code == 405
    assert is_the_error_shape(response, "method_not_allowed")
    assert response["Allow"] == "POST"
    assert not Seat.objects.filter(user=bob).exists()


def test_a_body_over_the_upload_limit_is_413_too_large_logged_as_a_warning(
    alice, api_as, settings, caplog
):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    api = api_as(alice)
    api.client.raise_request_exception = False

    with caplog.at_level(logging.WARNING):
        response = api.post("/tables", {"game": "ascenseur", "name": "x" * 2000})

    assert response.status_code == 413
    assert is_the_error_shape(response, "too_large")
    assert not Table.objects.exists()
    mine = [r for r in caplog.records if "too large" in r.getMessage().lower()]
    assert mine and all(r.levelno == logging.WARNING for r in mine)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
