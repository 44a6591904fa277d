"""The Ramponneau bot: three levels, each deciding from its seat's view only.

- ``debutant`` (``debutant.py``): a loose, friendly beginner who thinks in made hands;
- ``habitue`` (``habitue.py``): starting-hand points and equity against random hands,
  opening by position, calling all-ins by pot odds against the range their player's
  observed frequency implies, betting medium hands and draws, and a regular's
  adjustments to the players the table watched (``exploits.py``);
- ``maitre`` (``preflop.py`` and ``postflop.py``): ranges read from position, the
  public betting and the table's statistics (``ranges.py``, ``reads.py``), equity
  against them, expected values of checking, calling, betting and raising, mixed bluffs
  and semi-bluffs.

At the showdown every level mucks whenever the engine lets it (the engine offers the
muck only to a hand already beaten) and shows otherwise. Whatever a level returns is
checked against the legal actions; a level's mistake falls back to checking or folding
rather than reaching the engine.
"""

from __future__ import annotations

from .debutant import decide_debutant
from .habitue import chen_score, decide_habitue
from .postflop import decide_postflop
from .preflop import decide_preflop
from .situation import Spot

__all__ = ["chen_score", "decide"]


def _maitre(spot: Spot, rng) -> dict:
    if spot.street == 0:
        return decide_preflop(spot, rng)
    return decide_postflop(spot, rng)


LEVELS = {"debutant": decide_debutant, "habitue": decide_habitue, "maitre": _maitre}


def is_legal(action: dict, legal: list[dict]) -> bool:
    """Whether ``action`` is one of ``legal`` (a raise template takes any amount in it)."""
    for entry in legal:
        if entry["type"] != action.get("type"):
            continue
        if "min" in entry:
            amount = action.get("amount")
            return isinstance(amount, int) and entry["min"] <= amount <= entry["max"]
        return action == entry or (
            entry["type"] == "call"
            and set(action) == {"type", "amount"}
            and action["amount"] == entry["amount"]
        )
    return False


def decide(view: dict, rng, level: str = "habitue") -> dict:
    """The action of the bot at ``level`` for the seat whose view this is."""
    legal = view["legal_actions"]
    types = {entry["type"] for entry in legal}
    if "muck" in types:
        return {"type": "muck"}
    if "show" in types:
        return {"type": "show"}
    spot = Spot(view)
    action = LEVELS.get(level, decide_habitue)(spot, rng)
    if is_legal(action, legal):
        return action
    return spot.fold()
