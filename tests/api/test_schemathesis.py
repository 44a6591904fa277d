"""Schemathesis against the API, in process, on real tables: scenarios of a few calls made
from the OpenAPI document (as the server serves it), by alice or bob, on their tables and
games, and legal moves read from the views so that games go on. No answer may be a 500,
none may differ from what the document says (status, content type, body: the views
included), and a request the document allows is never refused as ill-formed
(``bad_request``, ``malformed``): what the game refuses then (``illegal``, ``table_full``,
``not_seated``...) is the game's answer.

Bounded by work, not by the clock: one Hypothesis run of ``SCENARIOS`` scenarios of at
most ``STEPS`` calls each (generation only: no shrinking, no example database), each
rolled back to the fixtures' tables, about 15 s on an idle two-core machine. (A wall-clock
stop would make a loaded machine's run draw less for a prefix it drew more for before,
which Hypothesis refuses as a flaky strategy.) Marked ``slow``:
``make test-all`` and CI run it, ``make test`` does not; it stays out of the PostgreSQL
run (no ``backend`` mark: it tests the API's document, not the database).
"""

import random

import hypothesis
import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, Phase, given
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from accounts.tokens import do_create_token
from cardgames.core import concrete
from cardgames.registry import slugs
from economy import interface as economy
from play.actions import do_add_bot, do_create_table, do_join, do_resign
from play.models import Game, Table

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

SCENARIOS = 70
STEPS = 5
# The refusals the schema alone decides: a request the document allows never meets them.
ILL_FORMED = {"bad_request", "malformed"}


def accepts_what_the_document_allows(ctx, response, case):
    """A check of schemathesis: a valid request is not refused as ill-formed."""
    if response.status_code == 400 and response.json().get("code") in ILL_FORMED:
        raise AssertionError(
            f"{case.method} {case.formatted_path} refused as {response.json()['code']}: "
            f"{response.json().get('detail')}; body {case.body!r}, query {case.query!r}")


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, accepts_what_the_document_allows]


@pytest.fixture
def wsgi_app():
    """Django's WSGI application, its requests kept in the test's transaction as the test
    client keeps them (the connection is not closed at the end of each)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield get_wsgi_application()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(alice, bob, settings):
    """alice's and bob's tokens and their tables: All Fours being played by the two of
    them, a Ramponneau hand for écus, an Ascenseur waiting for players, one resigned (its
    game archived), and bob's unlisted Remigio that alice is not invited to."""
    settings.API_REQUESTS_PER_MINUTE = 100_000
    settings.API_FAILED_AUTH_PER_MINUTE = 0  # its requests without a token are many
    playing = do_create_table(alice, "all-fours", seat_count=2)
    do_join(playing, bob)
    cash = do_create_table(alice, "ramponneau", seat_count=2,
                           options={"small_blind": 2, "big_blind": 4, "rake_percent": 0})
    economy.cave_in(cash, alice, 200, request_key="a", post_now=False, may_sit=True)
    economy.cave_in(cash, bob, 200, request_key="b", post_now=False, may_sit=True)
    waiting = do_create_table(alice, "ascenseur", seat_count=3)
    over = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(over, bob)
    do_add_bot(over, alice)
    do_resign(Table.objects.get(pk=over.pk), bob)
    hidden = do_create_table(bob, "remigio", seat_count=3, visibility="unlisted")
    return {
        "tokens": [do_create_token(user, "schemathesis", ("play", "tables")).secret
                   for user in (alice, bob)],
        "tables": [playing.pk, cash.pk, waiting.pk, over.pk, hidden.pk],
        "played": [playing.pk, cash.pk],
        "games": list(Game.objects.values_list("pk", flat=True)),
    }


def test_the_api_answers_as_its_document_says_on_real_tables(world, wsgi_app):
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", wsgi_app)
    operations = sorted((result.ok() for result in schema.get_all_operations()),
                        key=lambda operation: operation.label)
    by_label = {operation.label: operation for operation in operations}
    state, act = (by_label["GET /api/v1/tables/{table_id}"],
                  by_label["POST /api/v1/tables/{table_id}/act"])
    answered, ran = set(), []

    def call(case):
        response = case.call()
        case.validate_response(response, checks=CHECKS)
        answered.add((case.operation.label, response.status_code,
                      response.json().get("code") if response.status_code >= 400 else ""))
        return response

    def any_call(data, headers):
        operation = data.draw(st.sampled_from(operations))
        ids = {"table_id": st.sampled_from(world["tables"]),
               "game_id": st.sampled_from(world["games"]), "position": st.integers(0, 3),
               # to follow or block: the other player, oneself, nobody
               "username": st.sampled_from(["alice", "bob", "zorro"]),
               # a seek or challenge the calls before may have made, or none
               "seek_id": st.integers(1, 4), "challenge_id": st.integers(1, 4)}
        path = {p.name: data.draw(ids[p.name]) for p in operation.path_parameters.items}
        case = data.draw(operation.as_strategy(path_parameters=path, headers=headers))
        if operation.label == "POST /api/v1/tables" and data.draw(st.booleans()):
            # a game that exists, as the engine makes it by default: a table is made
            case.body = {"game": data.draw(st.sampled_from(slugs())),
                         "visibility": case.body.get("visibility", "public")}
        call(case)

    def a_legal_move(data, headers):
        """Reads the view of a table being played and plays one of its legal actions."""
        table_id = data.draw(st.sampled_from(world["played"]))
        view = call(data.draw(state.as_strategy(path_parameters={"table_id": table_id},
                                                headers=headers, query={}))).json()
        if not view["view"]["legal_actions"]:
            return
        entry = data.draw(st.sampled_from(view["view"]["legal_actions"]))
        action = concrete(entry, random.Random(data.draw(st.integers(0, 2**16))))
        body = {"action": action, "game_id": view["game_id"], "version": view["version"]}
        call(data.draw(act.as_strategy(path_parameters={"table_id": table_id},
                                       headers=headers, body=body)))

    @hypothesis.settings(max_examples=SCENARIOS, deadline=None, database=None,
                         phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def scenario(data):
        ran.append(True)
        with transaction.atomic():
            for _ in range(data.draw(st.integers(1, STEPS))):
                token = data.draw(st.sampled_from(world["tokens"]))
                step = data.draw(st.sampled_from([any_call, any_call, a_legal_move]))
                step(data, {"Authorization": f"Bearer {token}"})
            transaction.set_rollback(True)

    scenario()

    assert len(ran) >= SCENARIOS
    # the run met the games, not only refusals: a seat's view read, a move played
    assert {("GET /api/v1/tables/{table_id}", 200, ""),
            ("POST /api/v1/tables/{table_id}/act", 200, "")} <= answered

