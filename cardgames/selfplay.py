"""Play many complete games and check the engine contract at every step.

    python -m cardgames.selfplay GAME --games N --seed S [--bots] [--bot-seats 0,2]
                                   [--seats K] [--export-phh DIR]

Random legal actions (or the game's bots) drive the games; chance deals with a
``random.Random`` seeded from ``--seed`` so a run is reproducible. That seed is for tests
and benchmarks only: the server shuffles with ``secrets.SystemRandom``.

At every step: the state survives a JSON round trip; ``apply`` leaves its input unchanged;
a bogus action is refused with ``IllegalAction``, and so is the chosen action with an
unknown key added; no view (each seat's and the spectator's)
shows a card hidden from it, and no archive view (the reveal policy) shows a card hidden
from it or reveals a hand nobody saw played or shown; the actor's view carries its legal
actions; the game's own
invariants hold (card and chip conservation, score rules); every action has a log message
(a code the game declares, with its declared parameters). At the end of each game the log
replays to the same state.
The last line printed is a JSON summary; the exit status is 1 if anything was violated.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time

from .core import CHANCE, Game, IllegalAction, concrete, from_json, replay, to_json
from .registry import get_game

try:  # the checker serialises every view of every step: orjson does it several times faster
    import orjson
except ImportError:  # the library needs nothing beyond the standard library
    orjson = None

BOGUS_ACTION = {"type": "__not_an_action__"}
# Added to the chosen action, which must then be refused: actions carry exactly their keys.
EXTRA_KEY = "__unknown_key__"
MAX_STEPS_PER_GAME = 200_000
# Chained games (cash tables) start a fresh table after this many hands, so one run
# covers several seat counts and option sets instead of one long session.
MAX_CHAIN = 25


class Violation(Exception):
    pass


# A card id as it appears in JSON text: the checker scans the serialised view with one
# regular expression instead of walking it, which is many times faster.
CARD_IN_JSON = re.compile(r'"((?:[A2-9TJQK][cdhs]|X[rb])(?:\.\d+)?)"')


def serialised(view: dict) -> bytes:
    """The view as JSON bytes; raises if it is not JSON data (non-string keys become strings,
    as the standard library writes them)."""
    if orjson is not None:
        return orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS)
    return json.dumps(view).encode()


def cards_in(view: dict) -> set[str]:
    """Every string in a JSON value that is a card id."""
    return set(CARD_IN_JSON.findall(serialised(view).decode()))


def check_views(game: Game, state: dict, actor) -> set[str]:
    """Every seat's view and the spectator's: none shows a card hidden from it, and the
    actor's carries its legal actions. Returns the cards the spectator's view shows."""
    spectator_hidden = game.hidden_cards(state, None)
    spectator_sees: set[str] = set()
    for seat in [*range(state["seats"]), None]:
        view = game.view(state, seat)
        hidden = spectator_hidden if seat is None else game.hidden_cards(state, seat)
        if seat is not None and not hidden <= spectator_hidden:
            raise Violation(
                f"seat {seat} is hidden cards a spectator sees: {hidden - spectator_hidden}"
            )
        shown = cards_in(view)  # cards_in also proves the view serialises
        leaked = shown & hidden
        if leaked:
            raise Violation(f"view of seat {seat} shows hidden cards {sorted(leaked)}")
        if seat is None:
            spectator_sees = shown
        elif seat == actor:
            if view.get("legal_actions") != game.legal_actions(state):
                raise Violation(f"view of the actor {seat} lacks its legal actions")
    return spectator_sees


def round_trip(state: dict) -> dict:
    """The state written as JSON and read back. orjson is stricter than the engine's own
    ``to_json`` (no integer beyond 64 bits, no key that is not a string), never looser."""
    if orjson is not None:
        return orjson.loads(orjson.dumps(state))
    return from_json(to_json(state))


def check_message(game: Game, message, action) -> None:
    """The log message of an action: a declared code with exactly its declared parameters,
    as JSON data (the site words it)."""
    if not isinstance(message, dict) or message.get("code") not in game.messages:
        raise Violation(f"no declared message for {action}: {message!r}")
    params = set(message) - {"code"}
    if params != set(game.messages[message["code"]]):
        raise Violation(f"message {message['code']} has parameters {sorted(params)}")
    if from_json(to_json(message)) != message:
        raise Violation(f"message {message['code']} is not plain JSON data")


def face(card: str) -> str:
    """A card without its deck copy ("Th.2" -> "Th"): what a name or a picture shows."""
    return card.split(".", 1)[0]


def check_archive(game: Game, state: dict, public: set[str], spectator_sees: set[str]) -> None:
    """The reveal policy: an archive view shows no card hidden from its viewer, and the
    hands it reveals were all seen face up by everyone since the last shuffle (``public``
    holds the faces a spectator saw before this step, ``spectator_sees`` the cards of the
    spectator's view now)."""
    revealed = game.revealed_hands(state)
    shown = {face(c) for cards in revealed.values() for c in cards}
    unseen = shown - public - {face(c) for c in spectator_sees}
    if unseen:
        raise Violation(f"revealed cards nobody saw face up: {sorted(unseen)}")
    for seat in [*range(state["seats"]), None]:
        view = game.archive_view(state, seat)
        if "legal_actions" in view:
            raise Violation("an archive view offers legal actions")
        leaked = cards_in(view) & game.archive_hidden_cards(state, seat)
        if leaked:
            raise Violation(f"archive view of seat {seat} shows hidden cards {sorted(leaked)}")


def choose(game: Game, state: dict, actor, rng, bot_seats: set[int]) -> dict:
    if actor == CHANCE:
        return game.chance_action(state, rng)
    if actor in bot_seats:
        return game.bot_action(game.view(state, actor), rng)
    legal = game.legal_actions(state)
    if not legal:
        raise Violation(f"seat {actor} must act but has no legal action")
    return concrete(rng.choice(legal), rng)


def play_game(game: Game, seats: int, options: dict, carry, rng, bot_seats: set[int]) -> tuple:
    """One complete game with every check; returns the final state and the log."""
    state = game.new(seats, options, carry)
    log = []
    public: set[str] = set()  # faces a spectator saw since the last shuffle
    for _ in range(MAX_STEPS_PER_GAME):
        # Kept to prove below that apply left its input alone: comparing two dicts is
        # much cheaper than serialising the state a second time, and as exact.
        before = round_trip(state)
        if before != state:
            raise Violation("state changed through a JSON round trip")
        broken = game.check_invariants(state)
        if broken:
            raise Violation(f"invariants broken: {broken}")
        actor = game.actor(state)
        spectator_sees = check_views(game, state, actor)
        if actor is None or game.revealed_hands(state):
            check_archive(game, state, public, spectator_sees)
        if actor is None:
            break
        if actor == CHANCE:
            public = set()
        else:
            public.update(face(c) for c in spectator_sees)
        try:
            game.apply(state, BOGUS_ACTION)
        except IllegalAction:
            pass
        else:
            raise Violation("a bogus action was accepted")
        action = choose(game, state, actor, rng, bot_seats)
        try:  # cheap: engines check the keys before copying anything
            game.apply(state, {**action, EXTRA_KEY: 0})
        except IllegalAction:
            pass
        else:
            raise Violation(f"an action with an unknown key was accepted: {action}")
        check_message(game, game.describe(state, action), action)
        try:
            new_state = game.apply(state, action)
        except IllegalAction as refusal:
            raise Violation(
                f"a legal action was refused: {action} ({refusal.rule} {refusal.params})"
            ) from refusal
        if state != before:
            raise Violation(f"apply changed its input state on {action}")
        log.append(action)
        state = new_state
    else:
        raise Violation(f"no end after {MAX_STEPS_PER_GAME} steps")
    if game.result(state) is None:
        raise Violation("the game is over but has no result")
    if replay(game, seats, options, carry, log) != state:
        raise Violation("replaying the log does not give the final state")
    return state, log


def run(
    slug: str,
    games: int,
    seed: int,
    bot_seats: set[int] | None = None,
    all_bots: bool = False,
    seats: int | None = None,
    export_phh: str | None = None,
    on_game=None,
) -> dict:
    """``games`` complete games checked at every step; the summary (module docstring).
    ``on_game(state)``, if given, sees each game's final state (a test collects what the
    games reached)."""
    game = get_game(slug)
    rng = random.Random(seed)
    summary = {
        "game": slug,
        "games": games,
        "seed": seed,
        "actions": 0,
        "violations": 0,
        "first_violations": [],
        "wins_by_seat": {},
        "games_by_seat_count": {},
    }
    if export_phh:
        os.makedirs(export_phh, exist_ok=True)
    started = time.perf_counter()
    carry = None
    options = seat_count = None
    chain = 0
    for number in range(games):
        if carry is None:
            options = game.random_options(rng)
            low, high = game.seat_range(options)
            seat_count = seats or rng.randint(low, high)
        playing_bots = set(range(seat_count)) if all_bots else set(bot_seats or ())
        try:
            state, log = play_game(game, seat_count, options, carry, rng, playing_bots)
        except Violation as violation:
            summary["violations"] += 1
            if len(summary["first_violations"]) < 5:
                summary["first_violations"].append(f"game {number}: {violation}")
            carry = None
            chain = 0
            continue
        summary["actions"] += len(log)
        if on_game is not None:
            on_game(state)
        key = str(seat_count)
        summary["games_by_seat_count"][key] = summary["games_by_seat_count"].get(key, 0) + 1
        for seat in game.result(state).get("winners", []):
            summary["wins_by_seat"][str(seat)] = summary["wins_by_seat"].get(str(seat), 0) + 1
        if export_phh and hasattr(game, "export_phh"):
            path = os.path.join(export_phh, f"{number:05d}.phh")
            with open(path, "w", encoding="utf-8") as out:
                out.write(game.export_phh(seat_count, options, carry, log))
        chain += 1
        carry = game.carry(state) if game.chained and chain < MAX_CHAIN else None
        if carry is None:
            chain = 0
    seconds = time.perf_counter() - started
    summary["seconds"] = round(seconds, 3)
    summary["checked_actions_per_second"] = round(summary["actions"] / seconds) if seconds else None
    return summary


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cardgames.selfplay", description=__doc__.split("\n")[0]
    )
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--bots", action="store_true", help="every seat is played by the game's bot"
    )
    parser.add_argument("--bot-seats", default="", help="comma-separated seats played by the bot")
    parser.add_argument("--seats", type=int, default=None, help="fix the number of seats")
    parser.add_argument(
        "--export-phh", default=None, metavar="DIR", help="write one PHH file per hand"
    )
    args = parser.parse_args(argv)
    bot_seats = {int(s) for s in args.bot_seats.split(",") if s.strip()}
    summary = run(
        args.game, args.games, args.seed, bot_seats, args.bots, args.seats, args.export_phh
    )
    for line in summary["first_violations"]:
        print("VIOLATION", line, file=sys.stderr)
    print(json.dumps(summary, sort_keys=True))
    return 1 if summary["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
