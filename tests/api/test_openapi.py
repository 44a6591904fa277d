"""The OpenAPI document: served, and committed as docs/openapi.json exactly as the code
makes it (``manage.py api_openapi`` writes it again)."""

import json

import pytest
from django.core.management import CommandError, call_command

from api.openapi import COMMITTED, document_text


def test_the_committed_openapi_is_the_generated_one():
    assert COMMITTED.read_text(encoding="utf-8") == document_text(), (
        "docs/openapi.json is out of date: run `python manage.py api_openapi`"
    )


def test_the_check_fails_when_the_committed_copy_differs(monkeypatch, tmp_path):
    stale = tmp_path / "openapi.json"
    stale.write_text("{}\n", encoding="utf-8")
    monkeypatch.setattr("api.management.commands.api_openapi.COMMITTED", stale)

    with pytest.raises(CommandError):
        call_command("api_openapi", "--check")

    call_command("api_openapi")
    call_command("api_openapi", "--check")
    assert json.loads(stale.read_text())["info"]["title"] == "Taverne"


def test_it_serves_the_document_and_its_docs_page(client, db):
    document = client.get("/api/v1/openapi.json")
    docs = client.get("/api/v1/docs")

    assert document.status_code == 200
    paths = document.json()["paths"]
    assert "/api/v1/tables/{table_id}" in paths and "/api/v1/archives/{game_id}" in paths
    assert document.json()["components"]["securitySchemes"]["TokenAuth"]["scheme"] == "bearer"
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content


# ----- what the document says the server accepts and answers ----------------------------


def document() -> dict:
    return json.loads(document_text())


def parameter(operation: dict, name: str) -> dict:
    return next(p for p in operation["parameters"] if p["name"] == name)["schema"]


def test_the_document_says_the_bounds_the_server_keeps():
    paths, schemas = document()["paths"], document()["components"]["schemas"]
    table = schemas["TableIn"]["properties"]

    assert table["game"]["minLength"] == 1
    assert table["seats"]["anyOf"][0]["minimum"] == 1
    assert table["move_seconds"]["enum"] == [30, 60, 120, *(d * 86400 for d in
                                                            (1, 2, 3, 5, 7, 10, 14))]
    assert schemas["CaveIn"]["properties"]["amount"]["minimum"] == 1
    assert schemas["JoinIn"]["properties"]["position"]["anyOf"][0]["minimum"] == 0
    assert schemas["BotIn"]["properties"]["position"]["anyOf"][0]["minimum"] == 0
    step = parameter(paths["/api/v1/archives/{game_id}"]["get"], "step")
    assert step["anyOf"][0]["minimum"] == 0
    for path in ("/api/v1/tables/{table_id}/bots/{position}",
                 "/api/v1/tables/{table_id}/seats/{position}"):
        assert parameter(paths[path]["delete"], "position")["minimum"] == 0
