"""The protocol's JSON Schemas (docs/schemas/) are the ones play/socket/schema.py makes,
docs/protocol.md cannot drift from them, and every game's engine keeps to them."""

import ast
import json
import random
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from cardgames.core import CHANCE, concrete
from cardgames.registry import get_game
from economy.models import TableBankroll
from play.actions import do_create_table, do_join
from play.presentation.view import view_for
from play.presentation.waiting import waiting_lines
from play.socket.protocol import PROTOCOL_VERSION
from play.socket.schema import (
    CLIENT_MESSAGES,
    GAME_KEYS,
    LEGAL_ACTIONS,
    PLATFORM_KEYS,
    SERVER_MESSAGES,
)

DOCS = Path(settings.BASE_DIR) / "docs"
PROTOCOL_DOC = (DOCS / "protocol.md").read_text(encoding="utf-8")


def schema(name: str) -> dict:
    return json.loads((DOCS / "schemas" / name).read_text(encoding="utf-8"))


SERVER = Draft202012Validator(schema("server.json"))
CLIENT = Draft202012Validator(schema("client.json"))
WAITING = Draft202012Validator({"$ref": "#/$defs/Waiting", "$defs": schema("server.json")["$defs"]})


def errors_of(validator, value) -> str | None:
    error = best_match(validator.iter_errors(value))
    return None if error is None else f"{error.message} at {list(error.absolute_path)}"


def test_the_committed_schemas_and_the_doc_are_the_ones_the_code_makes():
    call_command("protocol_schema", "--check")


def test_the_state_schema_names_the_protocol_version_frames_carry():
    state = schema("server/state.json")
    assert state["properties"]["protocol"]["const"] == PROTOCOL_VERSION == 3
    assert "protocol" in state["required"]


def test_every_platform_key_is_required_in_every_games_view():
    for slug in GAME_KEYS:
        view = schema(f"views/{slug}.json")
        assert set(PLATFORM_KEYS) <= set(view["required"])
        assert view["additionalProperties"] is False


def json_blocks(text: str) -> list:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_every_json_example_of_the_doc_is_valid():
    blocks = json_blocks(PROTOCOL_DOC)
    assert len(blocks) >= 5
    for block in blocks:
        if "type" not in block:  # the waiting example
            assert errors_of(WAITING, block) is None, block
            continue
        found = [errors_of(SERVER, block), errors_of(CLIENT, block)]
        assert None in found, (block, found)


def test_every_message_the_doc_writes_inline_is_valid():
    kinds = set(SERVER_MESSAGES) | set(CLIENT_MESSAGES)
    checked = 0
    for span in re.findall(r"`(\{[^`]*\})`", PROTOCOL_DOC):
        try:
            message = json.loads(span)
        except ValueError:
            continue  # a sketch: `{"type": "raise", "amount": x}`
        if message.get("type") not in kinds:
            continue  # an entry of legal_actions or an action (checked below)
        found = [errors_of(SERVER, message), errors_of(CLIENT, message)]
        assert None in found, (span, found)
        checked += 1
    assert checked >= 10


def test_the_docs_examples_of_legal_actions_are_each_games_entries():
    rows = re.findall(r"^\| `([a-z-]+)`(?: \([^)]*\))? \| (.*?) \|", PROTOCOL_DOC, re.M)
    games = {slug: cells for slug, cells in rows if slug in GAME_KEYS}
    assert set(games) == set(GAME_KEYS)
    for slug, cells in games.items():
        entries = Draft202012Validator(schema(f"legal_actions/{slug}.json"))
        for span in re.findall(r"`(\{[^`]*\})`", cells):
            if "..." in span:
                continue
            assert errors_of(entries, json.loads(span)) is None, (slug, span)


def test_the_docs_bot_is_python():
    bot = re.search(r"```python\n(.*?)```", PROTOCOL_DOC, re.S).group(1)
    ast.parse(bot)


@pytest.mark.parametrize("slug", list(GAME_KEYS))
def test_every_engine_view_and_legal_action_keeps_to_the_schema(slug):
    """Random games of the engine alone (quick, so they reach rarer entries too): the
    actor's and the spectator's views have only the game's and the platform's keys, every
    entry of legal_actions is one of the game's."""
    game = get_game(slug)
    entries = Draft202012Validator(schema(f"legal_actions/{slug}.json"))
    allowed = set(GAME_KEYS[slug]) | set(PLATFORM_KEYS)
    rng = random.Random(slug)
    seen, steps = set(), 0
    while steps < 800 and len(seen) < len(LEGAL_ACTIONS[slug]):
        options = game.random_options(rng)
        low, high = game.seat_range(options)
        state = game.new(rng.randint(low, high), options)
        while (actor := game.actor(state)) is not None and steps < 800:
            steps += 1
            for seat in {actor if actor != CHANCE else 0, None}:
                assert set(game.view(state, seat)) <= allowed
            if actor == CHANCE:
                state = game.apply(state, game.chance_action(state, rng))
                continue
            legal = game.legal_actions(state)
            for entry in legal:
                assert errors_of(entries, entry) is None, (slug, entry)
                seen.add(entry["type"])
            state = game.apply(state, concrete(rng.choice(legal), rng))
    assert len(seen) * 2 >= len(LEGAL_ACTIONS[slug])  # most of its entries, at least


@pytest.mark.django_db
def test_a_table_whose_player_went_bust_says_so(alice, bob):
    table = do_create_table(alice, "ramponneau", seat_count=3,
                            options={"small_blind": 2, "big_blind": 4, "rake_percent": 0})
    do_join(table, bob)
    # what a player who lost every chip at the last hand leaves: a bankroll at 0, playing
    TableBankroll.objects.create(table=table, user=bob, reserve=0,
                                 status=TableBankroll.Status.PLAYING)

    view = view_for(None, alice, table=table)

    assert view["waiting"]["reasons"] == ["cave_needed", "players_busted"]
    assert view["waiting"]["missing"][1] == {"position": 1, "reason": "must_recave",
                                             "busted": True}
    assert errors_of(WAITING, view["waiting"]) is None
    assert "Bob n'a plus assez de jetons pour recevoir des cartes." in waiting_lines(
        view, ["Alice", "Bob", None], 2, 0)


@pytest.mark.django_db
def test_a_waiting_table_not_played_for_ecus_has_every_key_and_no_sentence(alice):
    table = do_create_table(alice, "ascenseur", seat_count=3)

    view = view_for(None, alice, table=table)

    assert {"game": view["game"], "seats": view["seats"], "actor": view["actor"],
            "you": view["you"], "result": view["result"],
            "legal_actions": view["legal_actions"], "rematch": view["rematch"]} == {
        "game": "ascenseur", "seats": 3, "actor": None, "you": 0, "result": None,
        "legal_actions": [], "rematch": None}
    assert view["waiting"]["reasons"] == ["seats_free"]
    frame = {"type": "state", "protocol": 3, "sequence": table.sequence, "version": 0,
             "game_id": None, "view": view}
    assert errors_of(SERVER, frame) is None
    assert waiting_lines(view, ["Alice", None, None], 1, 0) == []
