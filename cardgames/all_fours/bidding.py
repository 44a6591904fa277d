"""The habitué's stand or beg (eldest) and give or run (dealer), by a weighed sum of what the
seat sees of its hand in the turned suit and of the score.

``estimate.stand_value`` counts the points a hand expects with the turned suit as trump;
alone it ranks hands well but weighs High and Low too lightly against what begging or
running brings (a gift point, a new suit where the hand may do better, the dealer's
chance of a scoring turn-up). The weights below were fitted (least squares) on
counterfactual deals: at each of about 140,000 decisions of the habitué, heads-up against
the ``heuristic`` baseline and against the débutant, both answers were played to the end
of the deal by the same players on the same cards, and the target was the difference in
the seat's chance of winning the game (``estimate.win_chance`` of the score the deal
left). A positive sum means standing (giving) is worth more than begging (running).
The deals and the fit: ``bench/all_fours_counterfactual.py``.

Held out, the fit changed about one decision in eight and gained about 0.2-0.4 % of games
on the eldest's side and 0.7-0.8 % on the dealer's, where a gift or a run is a point.
"""

from __future__ import annotations

from .estimate import seat_unseen, stand_value_of_view
from .game import CARD_POINTS, POWER, side_of

# bias, stand_value, trumps held, top trump, lowest trump (powers / 12; none: -1/12 and
# 13/12), trump Jack, trump ten, plain card points but tens (/ 10), my side's score and the
# best other side's (/ 6), plain suits held; then three flags for the end of the race,
# which a straight sum of scores cannot see: my side at 6 holding a sure High (standing
# wins the game, while a run may give the dealer a scoring turn-up first), my side at 6,
# the other side at 6.
STAND_WEIGHTS = (
    0.0292, 0.0288, 0.0326, 0.0740, -0.0767, 0.0579, 0.0437, -0.0642, -0.0225, 0.0368, -0.0143,
    0.1612, -0.0091, 0.0178,
)  # fmt: skip
GIVE_WEIGHTS = (
    -0.0135, 0.0361, 0.0273, 0.1670, -0.1629, 0.1068, 0.0758, -0.0600, 0.0608, -0.0729, -0.0218,
    -0.0161, -0.0370, 0.0,
)  # fmt: skip


def features(view: dict) -> list[float]:
    """What the weights multiply: the seat's hand in the turned suit, and the score."""
    suit, hand = view["turnup"][1], view["hand"]
    ranks = sorted(POWER[c[0]] for c in hand if c[1] == suit)
    plain = [c for c in hand if c[1] != suit]
    scores, n = view["scores"], view["seats"]
    mine = side_of(view["you"], n)
    theirs = max((s for side, s in enumerate(scores) if side != mine), default=0)
    unseen_top = max((POWER[c[0]] for c in seat_unseen(view) if c[1] == suit), default=-1)
    sure_high = bool(ranks) and ranks[-1] > unseen_top
    return [
        1.0,
        stand_value_of_view(view),
        len(ranks),
        (ranks[-1] if ranks else -1) / 12,
        (ranks[0] if ranks else 13) / 12,
        float("J" + suit in hand),
        float("T" + suit in hand),
        sum(CARD_POINTS.get(c[0], 0) for c in plain if c[0] != "T") / 10,
        scores[mine] / 6,
        theirs / 6,
        len({c[1] for c in plain}),
        float(scores[mine] == 6 and sure_high),
        float(scores[mine] == 6),
        float(theirs == 6),
    ]


def _sum(weights, view) -> float:
    return sum(w * x for w, x in zip(weights, features(view), strict=True))


def should_stand(view: dict) -> bool:
    return _sum(STAND_WEIGHTS, view) >= 0


def should_give(view: dict) -> bool:
    """Give the point, unless it is barred or would leave the eldest a point from the game."""
    eldest_side = side_of(view["eldest"], view["seats"])
    dear = view["scores"][eldest_side] + 2 >= view["target"]
    return view["gift_allowed"] and not dear and _sum(GIVE_WEIGHTS, view) >= 0
