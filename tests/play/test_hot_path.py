"""The hot path of a move: a handful of queries, a snapshot built from memory, and a
table read at move 10,000 as cheaply as at move 10 (docs/performance.md has the figures)."""

import random

import pytest
from django.db import connection
from django.db.models.signals import post_save, pre_save
from django.test.utils import CaptureQueriesContext

from cardgames.core import concrete
from play.actions import ServiceError, do_act, do_create_table, do_join
from play.models import Action, Game, Seat
from play.presentation.view import view_from_snapshot
from play.queries import LOG_LINES, load_snapshot
from play.snapshots import snapshots
from tests.play.presence import seat_sockets_closed, seat_sockets_open

pytestmark = pytest.mark.django_db(transaction=True)

# SQLite's BEGIN IMMEDIATE and COMMIT are captured as statements; they are not queries.
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE")


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def table(alice, bob, charlie):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_join(table, charlie)
    # Everyone is at the table (no turn e-mail to send): the common path.
    seat_sockets_open(Seat.objects.filter(table=table))
    snapshots.forget(table.pk)
    return table


def actor_and_move(table, alice, bob, charlie):
    game = table.current_game()
    user = {0: alice, 1: bob, 2: charlie}[game.state["actor"]]
    return game, user, table.engine.legal_actions(game.state)[0]


def test_a_move_takes_at_most_five_queries(table, alice, bob, charlie):
    snapshots.get(table.pk)  # this process serves the table, as a daphne process would
    game, user, action = actor_and_move(table, alice, bob, charlie)

    with CaptureQueriesContext(connection) as queries:
        result = do_act(game.pk, user, action, game.version, client_id="one")

    statements = [q["sql"] for q in queries if not q["sql"].startswith(TRANSACTION_CONTROL)]
    assert not result.duplicate
    # lock the game, read the seats, insert the action, save the game, step the table's
    # sequence (the frames' ``sequence``); an action sent for the current version is no
    # resend: its id is not looked for
    assert len(statements) <= 5, [sql[:80] for sql in statements]
    assert not any("client_id" in sql.split("WHERE")[-1] for sql in statements
                   if sql.startswith("SELECT"))


def test_an_id_reused_at_a_later_turn_is_refused_and_its_resend_is_a_duplicate(
        table, alice, bob, charlie):
    game, user, first = actor_and_move(table, alice, bob, charlie)
    do_act(game.pk, user, first, game.version, client_id="mine")
    while True:  # until the same player is to act again
        game, next_user, action = actor_and_move(table, alice, bob, charlie)
        if next_user == user and game.pk == table.current_game().pk:
            break
        do_act(game.pk, next_user, action, game.version)
    legal = table.engine.legal_actions(game.state)
    other = next(a for a in legal if a != first)

    with pytest.raises(ServiceError) as refused:
        do_act(game.pk, user, other, game.version, client_id="mine")

    assert refused.value.code == "id_reused"
    game.refresh_from_db()
    assert game.actions.filter(client_id="mine").count() == 1
    version = game.version
    if first in legal:  # the first action again, under its id: the resend of it
        assert do_act(game.pk, user, first, version, client_id="mine").duplicate
        game.refresh_from_db()
        assert game.version == version


def test_the_snapshot_after_a_move_comes_from_memory_and_matches_the_database(
    table, alice, bob, charlie
):
    snapshots.get(table.pk)
    for _ in range(4):
        game, user, action = actor_and_move(table, alice, bob, charlie)
        do_act(game.pk, user, action, game.version)
        # a reader words the log in French: the next snapshot carries those sentences
        view_from_snapshot(snapshots.peek(table.pk), alice, "fr")

    game = table.current_game()
    cached = snapshots.peek(table.pk, (game.pk, game.version))
    read = load_snapshot(table.pk)
    assert cached is not None and cached is not read
    assert cached.key == read.key == (game.pk, game.version)
    assert cached.game.state == read.game.state
    assert cached.log == read.log
    assert [s.pk for s in cached.seats] == [s.pk for s in read.seats]
    for lang in ("fr", "en"):
        assert (view_from_snapshot(cached, bob, lang)["log"]
                == view_from_snapshot(read, bob, lang)["log"])


def test_a_stale_snapshot_never_serves_a_newer_version(table, alice, bob, charlie):
    snapshots.get(table.pk)
    game = table.current_game()

    assert snapshots.peek(table.pk, (game.pk, game.version + 1)) is None
    assert snapshots.peek(table.pk, (game.pk + 1, game.version)) is None
    assert snapshots.peek(table.pk, (game.pk, game.version)) is not None


def test_a_move_announced_seconds_late_is_still_served_from_memory(
    table, alice, bob, charlie
):
    # A process behind its sockets (a queue of broadcasts) must not read the table back
    # once per socket because the snapshot of the move it made is a few seconds old.
    snapshots.get(table.pk)  # this process serves the table, as a daphne process would
    game, user, action = actor_and_move(table, alice, bob, charlie)
    do_act(game.pk, user, action, game.version)
    game.refresh_from_db()
    cached = snapshots.peek(table.pk, (game.pk, game.version))
    cached.loaded_at -= 5  # the broadcast reaches the sockets 5 s after the move

    with CaptureQueriesContext(connection) as queries:
        assert snapshots.peek(table.pk, (game.pk, game.version)) is cached
        assert snapshots.at_least(table.pk, cached.sequence) is cached
    assert len(queries) == 0
    assert snapshots.peek(table.pk) is None  # asked as it is now: presence read again

    cached.loaded_at -= snapshots.VERSIONED_MAX_AGE  # a presence notice lost long ago
    assert snapshots.peek(table.pk, (game.pk, game.version)) is None
    assert snapshots.peek_at_least(table.pk, cached.sequence) is None


def _grow_log(game, moves):
    """Append ``moves`` log rows to a game, as if that many actions had been played."""
    Action.objects.bulk_create(
        Action(game=game, seq=game.version + n, source=Action.Source.PLAYER,
               action={"type": "bid", "tricks": 0}, message={"code": "ascenseur.bid",
                                                            "seat": 0, "tricks": 0})
        for n in range(1, moves + 1)
    )
    game.version += moves
    game.save(update_fields=["version"])


def _reading(table):
    with CaptureQueriesContext(connection) as queries:
        snapshot = load_snapshot(table.pk)
    return snapshot, [q["sql"] for q in queries]


def test_a_table_at_move_ten_thousand_reads_as_much_as_at_move_ten(table, alice):
    game = table.current_game()
    _grow_log(game, 10)
    early, early_queries = _reading(table)

    _grow_log(game, 10_000)
    late, late_queries = _reading(table)

    assert len(late_queries) == len(early_queries)
    assert len(late.log) == LOG_LINES
    assert len(early.log) == min(LOG_LINES, game.actions.filter(seq__lte=early.key[1]).count())
    # The log is read newest first with a limit: the database returns LOG_LINES rows.
    log_query = next(q for q in late_queries if "message" in q and "ORDER BY" in q)
    assert f"LIMIT {LOG_LINES}" in log_query


def test_a_move_that_read_the_seats_before_a_player_left_does_not_show_them_back(
    table, alice, bob
):
    from play.actions.lookups import seats_by_position
    from play.models import Table

    game = table.current_game()
    before = snapshots.get(table.pk)
    moving = Table.objects.get(pk=table.pk)
    seats = [seat for _, seat in sorted(seats_by_position(moving).items())]  # all connected
    seat_sockets_closed(Seat.objects.filter(table=table, user=bob))  # bob's socket closes
    snapshots.forget(table.pk)  # ``presence``: the table's connections read it again
    snapshots.get(table.pk)

    snapshots.advance(moving, game, seats, [], previous_key=before.key)  # the move commits

    seating = view_from_snapshot(snapshots.peek(table.pk), alice, "fr")["seating"]
    assert [p["connected"] for p in seating] == [True, False, True]


def test_the_moves_models_have_no_save_signals():
    # A move writes its log line and its game by SQL written once (play/actions/compiled.py),
    # which sends no signal: a receiver added to these models would silently miss moves.
    for model in (Game, Action):
        assert not pre_save.has_listeners(model) and not post_save.has_listeners(model)


@pytest.mark.parametrize("slug", ["ascenseur", "all-fours", "ambigu", "remigio", "ramponneau"])
def test_every_column_a_move_changes_reaches_the_database(slug, alice, bob, charlie):
    """After each move, the game's row holds what the move left in memory: a column the
    move changed but the compiled update does not write would differ."""
    rng = random.Random(f"columns-{slug}")
    seats = 2 if slug == "all-fours" else 3
    table = do_create_table(alice, slug, seat_count=seats, practice=True,
                            options={"max_rounds": 1} if slug == "remigio" else {})
    for user in (bob, charlie)[:seats - 1]:
        do_join(table, user)
    by_seat = {s.position: s.user for s in Seat.objects.filter(table=table).select_related("user")}
    columns = [f.attname for f in Game._meta.concrete_fields]
    for _ in range(40):
        game = table.current_game()
        if game.status != Game.Status.PLAYING:
            break
        action = concrete(rng.choice(table.engine.legal_actions(game.state)), rng)
        moved = do_act(game.pk, by_seat[game.state["actor"]], action, game.version).game
        stored = Game.objects.filter(pk=moved.pk).values(*columns).get()
        assert stored == {c: getattr(moved, c) for c in columns}
        assert Action.objects.filter(game=moved, seq=moved.version).exists()
