"""From a finished game to the places OpenSkill rates: pure functions, no database.

A game's engine reports its end as ``result`` (docs/engine.md): ``scores`` per seat and
``winners``; All-fours at four also plays in partnerships (its view's ``sides``: seats 0
and 2 against 1 and 3, each partner credited with the side's score). A place is a team
(one seat, or a side) and its rank, 0 first, equal ranks for a tie:

- the winners come first;
- the others follow by score, higher first, lower first where the game says
  ``lower_is_better`` (Remigio's elimination scoring, where points are penalties);
- a seat that resigned comes last whatever its score (its whole side with it); a game
  resigned before it could be scored ranks the others first, together.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Standing:
    teams: list[list[int]]  # seats, team by team
    ranks: list[int]  # one per team: 0 first, equal on a tie


def teams_of(seat_count: int, sides: list | None) -> list[list[int]]:
    """One team per side when the game plays in partnerships, else one per seat."""
    if sides and all(isinstance(side, list) for side in sides):
        seats = sorted(seat for side in sides for seat in side)
        if seats == list(range(seat_count)):
            return [list(side) for side in sides]
    return [[seat] for seat in range(seat_count)]


def standing(seat_count: int, result: dict, sides: list | None = None,
             resigned=()) -> Standing | None:
    """The teams and their ranks, or None when the result cannot rank anybody."""
    scores = result.get("scores")
    if scores is None and resigned:
        # Resigned before the game could be scored: the others share first place.
        scores = [0] * seat_count
    if not isinstance(scores, list) or len(scores) != seat_count:
        return None
    winners = set(result.get("winners") or ())
    resigned = set(resigned or ())
    lower_is_better = bool(result.get("lower_is_better"))
    teams = teams_of(seat_count, sides)

    def key(team):
        gave_up = any(seat in resigned for seat in team)
        won = any(seat in winners for seat in team) and not gave_up
        score = max(scores[seat] for seat in team)
        return (1 if gave_up else 0, 0 if won else 1, score if lower_is_better else -score)

    keys = [key(team) for team in teams]
    order = sorted(set(keys))
    return Standing(teams=teams, ranks=[order.index(k) for k in keys])
