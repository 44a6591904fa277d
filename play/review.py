"""The maître's review of a finished game: each human seat's own decisions, appraised
from what that seat saw when it made them.

The log is the game: it is replayed from the start, and before each move a reviewed seat
made itself (not the clock's, not a bot's standing in), the engine's view of that seat at
that moment (``Game.view(state_before, seat)``: its hand, what the table showed, never a
hidden card) goes to the maître with the move actually played (``Game.appraise(view, rng,
also=move)``, through play/thinking.py). The decisions where the maître's best expects
more than the move played by over the game's ``review_threshold`` are kept, the worst
``REVIEW_DECISIONS`` of each seat. Nothing here writes: play/actions/reviews.py keeps
what this returns.

A review names cards (the move played, the maître's, the meld it aimed at): each
decision kept is checked against the cards hidden from its seat at that moment
(``Game.hidden_cards``), and one naming any is dropped, so that a faulty appraiser
cannot make a review show what the archive's rules hide.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from cardgames.cards import is_card
from cardgames.core import CHANCE, fits, to_json
from play import thinking
from play.models import Action, Game

log = logging.getLogger(__name__)

# The decisions a review keeps per seat: the worst few, for a player to learn from.
REVIEW_DECISIONS = 5


@dataclass
class SeatReview:
    """What the review found at one seat: the decisions marked (worst first) and how many
    the maître weighed."""

    decisions: list[dict] = field(default_factory=list)
    appraised: int = 0


def reviewed_moves(game: Game) -> list[tuple[int, int | None, str, dict]]:
    """The game's log, oldest first, as (seq, seat, source, action); the platform's lines
    (a resignation, a return) are left out, as a replay leaves them."""
    rows = game.actions.order_by("seq").values_list("seq", "seat", "source", "action")
    return [row for row in rows if row[2] != Action.Source.PLATFORM]


def has_a_choice(view: dict) -> bool:
    """Whether the seat of ``view`` had more than one move (one legal concrete action
    leaves nothing to appraise)."""
    legal = view.get("legal_actions") or []
    if len(legal) > 1:
        return True
    return any(("min" in entry and entry.get("min") != entry.get("max")) or "choose" in entry
               for entry in legal)


def cards_named(value) -> set[str]:
    """Every card id inside a decision's data (actions, reasons: nested lists and dicts)."""
    if isinstance(value, str):
        return {value} if is_card(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_named(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(cards_named(v) for v in value)) if value else set()
    return set()


def _value_of(appraisal: dict, action: dict) -> float | None:
    for entry in appraisal.get("values") or []:
        if isinstance(entry, dict) and to_json(entry.get("action")) == to_json(action):
            return float(entry["value"])
    return None


def judge(engine, appraisal: dict | None, played: dict) -> dict | None:
    """A decision as the review keeps it, or None when the maître's expected result beats
    the move played by no more than the appraisal's ``threshold`` (where the table sets
    it: Ramponneau's big blind), else the game's ``review_threshold``."""
    if not appraisal or not appraisal.get("values"):
        return None
    best = appraisal.get("action")
    if not isinstance(best, dict) or fits(best, played):
        return None
    played_value = _value_of(appraisal, played)
    if played_value is None:
        return None  # the appraiser did not weigh the move played: nothing to compare
    best_value = _value_of(appraisal, best)
    if best_value is None:
        best_value = max(float(e["value"]) for e in appraisal["values"])
    loss = best_value - played_value
    if loss <= float(appraisal.get("threshold", engine.review_threshold)):
        return None
    return {
        "played": played,
        "best": best,
        "reason": appraisal.get("reason") or {},
        "loss": round(loss, 4),
        "played_value": round(played_value, 4),
        "best_value": round(best_value, 4),
    }


def review_game(game: Game, positions, appraise: Callable | None = None) -> dict[int, SeatReview]:
    """Each of ``positions``' review of ``game`` (finished), from one replay of its log.

    ``appraise(slug, view, also)``: the maître (``thinking.appraisal`` unless a test
    gives its own)."""
    table = game.table
    options = (game.state or {}).get("options", table.options)
    return review_moves(table.engine, table.seat_count, options, game.carry_in,
                        reviewed_moves(game), positions, appraise)


def review_moves(engine, seats: int, options: dict, carry, moves, positions,
                 appraise: Callable | None = None) -> dict[int, SeatReview]:
    """The reviews of ``positions`` from a game's log, ``moves``: (seq, seat, source,
    action), oldest first, without the platform's lines. The log is replayed once, the
    decisions to weigh gathered with what their seat saw; then they are appraised side by
    side, one per process of the thinking pool."""
    positions = set(positions)
    asked = []
    state = engine.new(seats, options, carry)
    for seq, seat, source, action in moves:
        if (seat in positions and source == Action.Source.PLAYER
                and engine.actor(state) == seat and state["actor"] != CHANCE):
            view = engine.view(state, seat)
            if has_a_choice(view):
                asked.append(Asked(seq, seat, view, action, engine.hidden_cards(state, seat)))
        state = engine.apply(state, action)
    found = {position: SeatReview() for position in positions}
    appraisals = _appraise_all(engine.slug, asked, appraise)
    for ask, appraisal in zip(asked, appraisals, strict=True):
        if appraisal is None:
            continue
        review = found[ask.seat]
        review.appraised += 1
        decision = judge(engine, appraisal, ask.action)
        if decision is None:
            continue
        if cards_named(decision) & ask.hidden:
            log.error("%s: the appraisal of game step %s named cards hidden from seat %s; "
                      "left out of the review", engine.slug, ask.seq, ask.seat)
            continue
        review.decisions.append({"step": ask.seq, **decision})
    for review in found.values():
        review.decisions.sort(key=lambda d: (-d["loss"], d["step"]))
        del review.decisions[REVIEW_DECISIONS:]
    return found


@dataclass(frozen=True)
class Asked:
    """A decision to appraise: the move played at ``seq`` by ``seat``, the seat's view
    just before it, and the cards hidden from the seat then."""

    seq: int
    seat: int
    view: dict
    action: dict
    hidden: frozenset | set


def _appraise_all(slug: str, asked: list[Asked], appraise: Callable | None) -> list:
    """Each decision's appraisal, in order: through ``thinking.appraisal`` from as many
    threads as the pool has processes, each waiting for its own (one at a time when
    there is no pool, or a test's ``appraise``)."""
    if appraise is not None or thinking.processes() <= 1 or len(asked) <= 1:
        appraise = appraise or thinking.appraisal
        return [appraise(slug, ask.view, ask.action) for ask in asked]
    with ThreadPoolExecutor(max_workers=min(thinking.processes(), len(asked))) as threads:
        return list(threads.map(lambda ask: thinking.appraisal(slug, ask.view, ask.action),
                                asked))
