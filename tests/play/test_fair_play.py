"""Fair play: a finished game shows each viewer only what the rules revealed to them.

For random finished games of the five games, the archive page is rendered at every step
(sampled in the quick run for the long games; the long run's longest games at every step of
their beginning and end and at each deal's end) for each participant and for a spectator;
every card the HTML names (SVG labels, French and English names, card codes) must be one
that viewer could see at the table at that step or earlier: the reveal policy
(docs/engine.md) turns face up only cards that were on the table for everyone. No page,
socket frame or hand history may hold a deck order.
"""

from __future__ import annotations

import io
import json
import random
import re
import tomllib
import zipfile

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from cardgames import CHANCE, replay
from cardgames.core import concrete
from cardgames.selfplay import cards_in
from play.actions import do_act, do_create_table, do_join, games
from play.models import Game, Participant, Seat, Table
from play.presentation.words import card_name
from tests.conftest import create_player

# The rules and the pages, through the database: once, on the embedded backends
# (tests/conftest.py).
pytestmark = pytest.mark.embedded_only

RANKS = "A23456789TJQK"
SUITS = "cdhs"
FACES = [r + s for r in RANKS for s in SUITS] + ["Xr", "Xb"]
# A deck order "appears" when this many of its cards show up in a row, in its order: a
# hand or a board is at most five cards dealt together, a deck order is longer.
DECK_RUN = 8


def face(card: str) -> str:
    return card.split(".", 1)[0]


# Every way a page names a card: its French and English names (SVG labels, log
# sentences), and its code in quotes or between tags (JSON, data attributes). One
# regular expression each, built from the names, so scanning a page stays fast.
def _names_in(lang: str) -> dict:
    with translation.override(lang):
        return {card_name(f).lower(): f for f in FACES}


NAME_TO_FACE = {**_names_in("fr"), **_names_in("en")}
NAME_RE = re.compile(
    r"(?<![\w'’])("
    + "|".join(re.escape(n) for n in sorted(NAME_TO_FACE, key=len, reverse=True))
    + r")(?![\w])"
)
CODE_RE = re.compile(
    r"""(?:["'>]|&quot;|&#x27;)((?:[A2-9TJQK][cdhs]|X[rb])(?:\.\d+)?)(?=["'<]|&quot;|&#x27;)"""
)
# SVG drawing data names no card and is most of a page's bytes.
DRAWING_RE = re.compile(r'\sd="[^"]*"')


def cards_named(text: str) -> list[str]:
    """The card faces a page or frame names, in the order they appear."""
    text = DRAWING_RE.sub("", text)
    found = [(m.start(), NAME_TO_FACE[m.group(1)]) for m in NAME_RE.finditer(text.lower())]
    found += [(m.start(), face(m.group(1))) for m in CODE_RE.finditer(text)]
    return [card for _, card in sorted(found)]


def deck_orders(game: Game) -> list[list[str]]:
    return [
        [face(c) for c in a.action["deck"]]
        for a in game.actions.filter(source="chance").order_by("seq")
        if a.action.get("deck")
    ]


def holds_a_deck_order(named: list[str], decks: list[list[str]]) -> bool:
    """Whether DECK_RUN consecutive cards of a deck appear consecutively, in order."""
    runs = set()
    for deck in decks:
        for i in range(len(deck) - DECK_RUN + 1):
            runs.add(tuple(deck[i : i + DECK_RUN]))
    return any(tuple(named[i : i + DECK_RUN]) in runs for i in range(len(named) - DECK_RUN + 1))


# ----- finished games, played through the services ----------------------------------------

SETUPS = {
    # slug: (seats, options)
    "ramponneau": (3, {}),
    "ambigu": (3, {}),
    "all-fours": (2, {}),
    "remigio": (3, {"max_rounds": 1}),
    "ascenseur": (3, {}),
}


def players(count):
    names = ("alice", "bob", "charlie", "dave", "edgar", "fanny", "gus")
    return [create_player(name, verified=True) for name in names[:count]]


def play_finished_games(slug, users, rng, hands=1):
    """Finished games of ``slug`` at practice tables of humans only (one table for a
    chained game, one per game otherwise), played with random legal moves."""
    seats, options = SETUPS[slug]
    finished = []
    while len(finished) < hands:
        table = do_create_table(users[0], slug, seat_count=seats, options=options,
                                practice=True)
        for user in users[1:seats]:
            do_join(table, user)
        finished += play_table(table, rng, hands - len(finished))
    return finished


def play_table(table, rng, hands):
    by_seat = {s.position: s.user for s in table.seats.select_related("user")}
    engine = table.engine
    for _ in range(20_000):
        done = list(table.games.filter(status=Game.Status.FINISHED).order_by("number"))
        table.refresh_from_db()
        if len(done) >= hands or (done and not engine.chained):
            return done[:hands]
        if table.status == Table.Status.FINISHED:  # chips ran out: the session is over
            return done
        game = table.current_game()
        actor = game.state["actor"]
        assert actor not in (None, CHANCE)
        action = concrete(rng.choice(engine.legal_actions(game.state)), rng)
        do_act(game, by_seat[actor], action, game.version)
    raise AssertionError("the games did not end")


def allowed_by_step(game: Game, viewer):
    """For each step, the faces ``viewer`` could see at the table at that step or before.

    That is the whole allowance, reveal policy included: whatever the rules turn face up
    after a deal (a showdown, the count, the tricks) was on the table for that viewer
    when it happened, so it is in here too, while a card nobody showed never is."""
    table = game.table
    engine = table.engine
    actions = [a.action for a in game.actions.order_by("seq")]
    state = engine.new(table.seat_count, game.state["options"], game.carry_in)
    seen: set[str] = set()
    allowed = []
    for step in range(len(actions) + 1):
        if step:
            state = engine.apply(state, actions[step - 1])
        # What the table showed this viewer then: its view (which selfplay proves holds
        # no card hidden from it).
        seen |= {face(c) for c in cards_in(engine.view(state, viewer))}
        allowed.append(set(seen))
    assert replay(engine, table.seat_count, game.state["options"], game.carry_in,
                  actions) == game.state
    return allowed


# The long run looks at every step of a game up to this many; in a longer one, at every
# step of its first and last EVERY_STEP // 2 and at every deal's end between: a long game
# (an Ascenseur of three, 33 deals; a round of Remigio) repeats in its middle the same
# kinds of step its beginning and end show, with more cards.
EVERY_STEP = 300


def steps_to_check(game: Game, rng, every_step: bool) -> list[int]:
    total = game.version
    if total <= (EVERY_STEP if every_step else 150):
        return list(range(total + 1))
    # Every step that ends a deal (where hands are revealed), and a random sample.
    engine = game.table.engine
    actions = [a.action for a in game.actions.order_by("seq")]
    state = engine.new(game.table.seat_count, game.state["options"], game.carry_in)
    ends = []
    for step, action in enumerate(actions, 1):
        state = engine.apply(state, action)
        if engine.revealed_hands(state):
            ends.append(step)
    if every_step:
        half = EVERY_STEP // 2
        return sorted({*range(half + 1), *range(total - half, total + 1), *ends})
    # The quick run looks at some of the deal ends and a random sample of steps.
    ends = rng.sample(ends, min(len(ends), 8))
    return sorted({0, total, *ends, *rng.sample(range(total + 1), 20)})


def viewers_of(game: Game, spectator):
    rows = list(game.participants.select_related("user"))
    return [(row.user, row.position) for row in rows] + [(spectator, None)]


def check_archive_pages(game: Game, spectator, rng, every_step=False):
    decks = deck_orders(game)
    steps = steps_to_check(game, rng, every_step)
    for user, seat in viewers_of(game, spectator):
        allowed = allowed_by_step(game, seat)
        client = Client()
        client.force_login(user)
        if seat is None:  # practice tables are unlisted: the spectator was invited
            token = game.table.invite_token
            client.get(reverse("play:archive", args=[game.pk]) + f"?invitation={token}")
        for step in steps:
            # French and English names alike: each viewer reads one language per step.
            lang = ("fr", "en")[(step + (seat or 0)) % 2]
            client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
            response = client.get(reverse("play:archive", args=[game.pk]) + f"?etape={step}")
            assert response.headers["Content-Language"] == lang
            assert response.status_code == 200
            page = response.content.decode()
            named = cards_named(page)
            unseen = set(named) - allowed[step]
            assert not unseen, (
                f"{game.table.game_slug} step {step}, seat {seat}, {lang}: "
                f"the archive shows {sorted(unseen)} that this viewer never saw"
            )
            assert not holds_a_deck_order(named, decks), "a deck order is on the page"


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture(autouse=True)
def _reproducible_deals(monkeypatch, request):
    """The server shuffles with SystemRandom; these tests deal from a generator seeded by
    the test's name, so every run checks the same games."""
    monkeypatch.setattr(games, "system_random", random.Random(request.node.name))


# How many finished games each quick run checks, and the moves they must include so
# that the hidden cards the policy cares about come up: folded hands, écarts, All-fours
# discards after running the pack, Remigio's draws from the stock.
QUICK = {
    "ramponneau": (3, {"fold"}),
    "ambigu": (3, {"exchange"}),
    "all-fours": (1, {"play"}),  # discards after running the pack: the long test below
    "remigio": (1, {"draw"}),
    "ascenseur": (1, {"play"}),
}


@pytest.mark.parametrize("slug", sorted(SETUPS))
def test_the_archive_shows_each_viewer_only_what_they_saw_or_the_rules_revealed(db, slug):
    rng = random.Random(f"fair-play-{slug}")
    seats, _ = SETUPS[slug]
    users = players(seats + 1)
    hands, must_include = QUICK[slug]
    games = play_finished_games(slug, users[:seats], rng, hands=hands)
    played = {a.action["type"] for game in games for a in game.actions.all()}
    assert must_include <= played, f"the sample lacks {must_include - played}"
    for game in games:
        check_archive_pages(game, users[seats], rng)


# What the long runs must also meet (a quick run is too short to count on it).
LONG_MUST_INCLUDE = {"all-fours": {"discard"}}


@pytest.mark.slow
@pytest.mark.parametrize("slug", sorted(SETUPS))
def test_every_step_of_many_archives_is_fair(db, slug):
    rng = random.Random(f"fair-play-long-{slug}")
    seats, _ = SETUPS[slug]
    users = players(seats + 1)
    hands = {"ramponneau": 10, "ambigu": 8, "all-fours": 3}.get(slug, 1)
    games = play_finished_games(slug, users[:seats], rng, hands=hands)
    played = {a.action["type"] for game in games for a in game.actions.all()}
    assert QUICK[slug][1] | LONG_MUST_INCLUDE.get(slug, set()) <= played
    for game in games:
        check_archive_pages(game, users[seats], rng, every_step=True)


# ----- Ramponneau: the policy by name ------------------------------------------------


def ramponneau_hand(alice, bob, charlie, actions_for):
    """One Ramponneau hand at a practice table of three, the deck fixed by the test."""
    table = do_create_table(alice, "ramponneau", seat_count=3, practice=True)
    do_join(table, bob)
    do_join(table, charlie)
    game = table.current_game()
    users = {s.position: s.user for s in table.seats.select_related("user")}
    for action in actions_for(game):
        game.refresh_from_db()
        do_act(game, users[game.state["actor"]], action, game.version)
    game.refresh_from_db()
    return table, game


def fold_to_the_big_blind(game):
    # Seat 0 is the button at a fresh table: seat 1 posts the small blind, seat 2 the
    # big one; the button speaks first before the flop, then the small blind.
    return [{"type": "fold"}, {"type": "fold"}]


def test_a_folded_hand_stays_hidden_from_everyone_but_its_owner(db, alice, bob, charlie):
    dave = create_player("dave", verified=True)
    table, game = ramponneau_hand(alice, bob, charlie, fold_to_the_big_blind)
    assert game.status == Game.Status.FINISHED
    holes = game.state["hole"]
    pages = {}
    for user in (alice, bob, charlie, dave):
        client = Client()
        client.force_login(user)
        pages[user.username] = client.get(reverse("play:archive", args=[game.pk])).content.decode()

    for seat, user in enumerate((alice, bob, charlie)):
        for other, hole in enumerate(holes):
            for card in hole:
                assert (card_name(card) in pages[user.username]) == (other == seat)
    for hole in holes:
        for card in hole:
            assert card_name(card) not in pages["dave"]


def test_a_player_who_left_keeps_their_cards_and_the_newcomer_gets_none(
    db, alice, bob, charlie
):
    table, game = ramponneau_hand(alice, bob, charlie, fold_to_the_big_blind)
    bob_cards = game.state["hole"][1]
    # Bob's place goes to dave after the hand (as at a cash table between hands).
    dave = create_player("dave", verified=True)
    Seat.objects.filter(table=table, user=bob).delete()
    Seat.objects.create(table=table, position=1, user=dave)

    as_bob, as_dave = Client(), Client()
    as_bob.force_login(bob)
    as_dave.force_login(dave)
    bob_page = as_bob.get(reverse("play:archive", args=[game.pk])).content.decode()
    dave_page = as_dave.get(reverse("play:archive", args=[game.pk])).content.decode()

    assert all(card_name(c) in bob_page for c in bob_cards)
    assert not any(card_name(c) in dave_page for c in bob_cards)
    assert "Bob" in dave_page  # the archive names who played, not who sits there now
    assert Participant.objects.get(game=game, position=1).user == bob


def test_the_archive_names_players_by_the_seat_they_held_not_by_todays_seat_list(
    db, alice, bob, charlie
):
    # The review's case: bob leaves and nobody takes his place; today's seats are alice
    # and charlie, whom a list read in order would put at places 0 and 1.
    table, game = ramponneau_hand(alice, bob, charlie, fold_to_the_big_blind)
    bob_cards, charlie_cards = game.state["hole"][1], game.state["hole"][2]
    Seat.objects.filter(table=table, user=bob).delete()

    as_charlie = Client()
    as_charlie.force_login(charlie)
    page = as_charlie.get(reverse("play:archive", args=[game.pk])).content.decode()

    assert all(card_name(c) in page for c in charlie_cards)
    assert not any(card_name(c) in page for c in bob_cards)
    assert "depuis votre place (Charlie)" in page
    assert "Bob se couche." in page and "Alice se couche." in page
    assert not re.search(r"\?\s+se couche", page)


def test_a_game_being_played_is_refused_and_a_private_one_is_not_found(db, alice, bob, charlie):
    table = do_create_table(alice, "ramponneau", seat_count=3, practice=True)
    do_join(table, bob)
    do_join(table, charlie)
    game = table.current_game()
    dave = create_player("dave", verified=True)
    as_alice, as_dave = Client(), Client()
    as_alice.force_login(alice)
    as_dave.force_login(dave)

    assert as_alice.get(reverse("play:archive", args=[game.pk])).status_code == 403
    # A practice table is unlisted: an outsider gets what a missing game gives.
    missing = as_dave.get(reverse("play:archive", args=[10**9]))
    refused = as_dave.get(reverse("play:archive", args=[game.pk]))
    assert refused.status_code == missing.status_code == 404


# ----- hand histories --------------------------------------------------------------


def load_phh(text):
    pokerkit = pytest.importorskip("pokerkit")
    meta = tomllib.loads(text)

    def rake(amount, state):
        if meta["_no_flop_no_drop"] and not any(state.board_cards):
            return 0, amount
        raked = amount * meta["_rake_percent"] // 100
        return raked, amount - raked

    return meta, pokerkit.HandHistory.loads(text, rake=rake)


def test_hand_histories_hold_only_what_the_player_saw_and_replay_in_pokerkit(db):
    rng = random.Random("phh")
    alice, bob, charlie, dave = players(4)
    games = play_finished_games("ramponneau", [alice, bob, charlie], rng, hands=15)
    table = games[0].table
    shown_any = mucked_or_folded = False
    for game in games:
        state = game.state
        decks = deck_orders(game)
        for seat, user in enumerate((alice, bob, charlie)):
            client = Client()
            client.force_login(user)
            response = client.get(reverse("play:hand_history", args=[game.pk]))
            if seat not in state["order"]:
                assert response.status_code == 404
                continue
            assert response.status_code == 200
            text = response.content.decode()
            meta, history = load_phh(text)
            *_, final = history
            order = state["order"]
            assert list(final.stacks) == [state["stacks"][s] for s in order]
            assert meta["finishing_stacks"] == [state["stacks"][s] for s in order]
            assert meta["_rake"] == state["rake"]
            named = set(cards_named(text.replace("[", '"').replace(",", '"')))
            for other in order:
                visible = other == seat or state["shown"][other]
                shown_any |= other != seat and state["shown"][other]
                mucked_or_folded |= not state["shown"][other]
                for card in state["hole"][other]:
                    assert (card in text) == visible, (seat, other, card)
            assert named <= {face(c) for c in state["board"]} | {
                c for s in order if s == seat or state["shown"][s] for c in state["hole"][s]
            }
            assert not holds_a_deck_order(re.findall(r"[A2-9TJQK][cdhs]", text), decks)
        as_dave = Client()
        as_dave.force_login(dave)
        assert as_dave.get(reverse("play:hand_history", args=[game.pk])).status_code == 404
    assert shown_any and mucked_or_folded  # the sample covers both cases

    client = Client()
    client.force_login(bob)
    response = client.get(reverse("play:session_hand_histories", args=[table.pk]))
    assert response.status_code == 200
    with zipfile.ZipFile(io.BytesIO(response.content)) as bundle:
        names = bundle.namelist()
        dealt = [g for g in table.games.filter(status=Game.Status.FINISHED)
                 if 1 in g.state["order"]]
        assert len(names) == len(dealt)
        for name in names:
            meta, history = load_phh(bundle.read(name).decode())
            *_, final = history
            assert list(final.stacks) == meta["finishing_stacks"]
    outsider = Client()
    outsider.force_login(dave)
    assert outsider.get(
        reverse("play:session_hand_histories", args=[table.pk])
    ).status_code == 404


# ----- socket frames ---------------------------------------------------------------


def seen_at_table(table, seat):
    """For each (game id, version) of the table, the faces ``seat`` saw up to then,
    across the table's games in order (a player remembers the previous hands)."""
    seen: set[str] = set()
    by_version = {}
    for game in table.games.order_by("number"):
        allowed = allowed_by_step(game, seat)
        for version, faces in enumerate(allowed):
            seen |= faces
            by_version[(game.pk, version)] = set(seen)
    return by_version, seen


@pytest.mark.django_db(transaction=True)
def test_socket_frames_carry_no_card_their_reader_never_saw_and_no_deck_order(settings):
    from asgiref.sync import async_to_sync
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    alice, bob, charlie, dave = players(4)
    table = do_create_table(alice, "ramponneau", seat_count=3, practice=True)
    do_join(table, bob)
    do_join(table, charlie)
    by_seat = {0: alice, 1: bob, 2: charlie}
    readers = [(alice, 0, ""), (bob, 1, "format=html"), (charlie, 2, ""),
               (dave, None, f"invitation={table.invite_token}")]
    rng = random.Random("sockets")

    def cookie(user):
        client = Client()
        client.force_login(user)
        return client.cookies["sessionid"].value

    def next_move():
        game = table.current_game()
        finished = table.games.filter(status=Game.Status.FINISHED).count()
        if finished >= 6:
            return False
        engine = table.engine
        action = concrete(rng.choice(engine.legal_actions(game.state)), rng)
        do_act(game, by_seat[game.state["actor"]], action, game.version)
        return True

    async def session():
        sockets = []
        for user, _seat, query in readers:
            headers = [(b"origin", b"http://localhost"),
                       (b"cookie", f"sessionid={await database_sync_to_async(cookie)(user)}"
                        .encode())]
            socket = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/?{query}",
                                           headers=headers)
            connected, _ = await socket.connect()
            assert connected
            sockets.append(socket)
        frames = [[] for _ in sockets]

        async def drain():
            for i, socket in enumerate(sockets):
                while not await socket.receive_nothing(timeout=0.2):
                    frames[i].append(await socket.receive_from())

        while await database_sync_to_async(next_move)():
            await drain()
        await drain()
        for socket in sockets:
            await socket.disconnect()
        return frames

    frames = async_to_sync(session)()
    decks = [deck for game in table.games.all() for deck in deck_orders(game)]
    for (user, seat, _query), received in zip(readers, frames, strict=True):
        by_version, everything = seen_at_table(table, seat)
        assert received, f"{user} received nothing"
        for frame in received:
            named = cards_named(frame)
            allowed = everything
            if frame.startswith("{"):
                data = json.loads(frame)
                if data.get("type") == "state":
                    allowed = by_version[(data["game_id"], data["version"])]
            assert set(named) <= allowed, (user.username, sorted(set(named) - allowed))
            assert not holds_a_deck_order(named, decks)
