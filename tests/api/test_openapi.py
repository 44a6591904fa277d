"""The OpenAPI document: served, and committed as docs/openapi.json exactly as the code
makes it (``manage.py api_openapi`` writes it again)."""

import json
import random
import re

import pytest
from django.core.management import CommandError, call_command
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from api.openapi import COMMITTED, document_text
from cardgames.core import CHANCE, concrete
from cardgames.registry import get_game


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


def test_every_script_of_the_docs_page_carries_the_csp_nonce(client, db):
    response = client.get("/api/v1/docs")
    policy = response.headers["Content-Security-Policy"]
    nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
    scripts = re.findall(r"<script\b[^>]*>", response.content.decode())

    assert len(scripts) == 3  # the settings (data), swagger-ui's bundle and its start
    assert all(f'nonce="{nonce}"' in tag for tag in scripts), scripts


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


def without_null_defaults(value):
    """A schema as the document gives it: ninja leaves out a ``default`` of null."""
    if isinstance(value, dict):
        return {k: without_null_defaults(v) for k, v in value.items()
                if not (k == "default" and v is None)}
    if isinstance(value, list):
        return [without_null_defaults(v) for v in value]
    if isinstance(value, str):
        return value.replace("#/$defs/", "#/components/schemas/")
    return value


def test_a_states_view_is_one_of_the_games_socket_views():
    schemas = document()["components"]["schemas"]
    view = schemas["State"]["properties"]["view"]
    docs = COMMITTED.parent / "schemas" / "views"

    assert view["discriminator"]["propertyName"] == "game_slug"
    named = {ref["$ref"].rsplit("/", 1)[1] for ref in view["oneOf"]}
    assert len(named) == 5
    for path in sorted(docs.glob("*.json")):
        socket = without_null_defaults(json.loads(path.read_text(encoding="utf-8")))
        definitions = socket.pop("$defs")
        socket.pop("$schema")
        assert socket["title"] in named, path.name
        assert schemas[socket["title"]] == socket, path.name
        for name, definition in definitions.items():
            assert schemas[name] == definition, (path.name, name)


def archive_views(slug, rng):
    """The archive's view of ``slug``'s game, a seat's and a spectator's, at some steps of a
    random game of the engine."""
    game = get_game(slug)
    options = game.random_options(rng)
    state = game.new(game.seat_range(options)[0], options)
    for step in range(120):
        if game.actor(state) is None:
            break
        if step % 15 == 0:
            yield game.archive_view(state, 0)
            yield game.archive_view(state, None)
        if game.actor(state) == CHANCE:
            state = game.apply(state, game.chance_action(state, rng))
        else:
            state = game.apply(state, concrete(rng.choice(game.legal_actions(state)), rng))
    yield game.archive_view(state, 0)


@pytest.mark.parametrize("slug", ["ascenseur", "all-fours", "ramponneau", "ambigu",
                                  "remigio"])
def test_an_archives_view_is_one_of_the_games_archive_views(slug):
    whole = document()
    view = whole["components"]["schemas"]["Archive"]["properties"]["view"]
    assert view["discriminator"]["propertyName"] == "game"
    validator = Draft202012Validator({**view, "components": whole["components"]})

    shown = 0
    for archived in archive_views(slug, random.Random(slug)):
        error = best_match(validator.iter_errors(json.loads(json.dumps(archived))))
        assert error is None, (slug, error.message, list(error.absolute_path))
        shown += 1
    assert shown >= 3
