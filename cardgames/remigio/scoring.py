"""The end of a Remigio round: the hands counted, the score sheet (or the chips), who is
out and whether the match is over. A part of the ``Game`` in ``game``.
"""

from __future__ import annotations

from ..core import CHANCE
from ..melds import best_arrangement
from .rules import KINDS, face, multiplier


class Scoring:
    """Scoring: methods of the game's ``Game`` (a mixin)."""

    def _end_round(self, s, closer, kind):
        """Score the round in ``s`` (already a fresh dict) and set up the next deal."""
        seats = s["seats"]
        if kind in KINDS:
            mult = multiplier(kind, s["hands"][closer])
        elif kind == "five_pairs":
            mult = 0.5
        else:
            mult = 0
        shown, points = self._count_hands(s, closer, kind, mult)
        gained = self._score_round(s, closer, points)
        s["last"] = {
            "round": s["round"],
            "closer": closer,
            "kind": kind,
            "multiplier": mult,
            "hands": shown,
            "discard": face(s["pile"][-1]) if kind in KINDS else None,
        }
        s["history"] = s["history"] + [gained]
        s["hands"] = [[] for _ in range(seats)]
        s["stock"] = []
        s["pile"] = []
        s["drawn"] = None
        s["taken"] = None
        s["turn"] = None
        winners = self._match_winners(s, closer)
        if winners is not None:
            options = s["options"]
            s["phase"] = "over"
            s["actor"] = None
            s["result"] = {
                "scores": list(s["scores"]),
                "winners": winners,
                "scoring": options["scoring"],
                "lower_is_better": options["scoring"] == "elimination",
                "eliminated": [seat for seat in range(seats) if s["out"][seat]],
                "chips": list(s["chips"]),
                "rounds": s["round"],
            }
            return s
        s["round"] += 1
        s["dealer"] = self._next_in(s, s["dealer"])
        s["phase"] = "deal"
        s["actor"] = CHANCE
        return s

    def _count_hands(self, s, closer, kind, mult) -> tuple[list, list]:
        """Each hand laid down for the count (faces), and the points each seat loses."""
        rules = self.rules(s)
        seats = s["seats"]
        shown = [None] * seats
        points = [0] * seats
        for seat in range(seats):
            hand = s["hands"][seat]
            if not hand:
                continue
            if seat == closer and kind in ("couleur", "remigio"):
                arrangement = {"melds": [sorted(hand)], "leftover": [], "count": 0}
            else:
                arrangement = best_arrangement(hand, rules).as_dict()
            count = 0 if seat == closer else arrangement["count"]
            if closer is not None and seat != closer:
                points[seat] = -(-count // 2) if kind == "five_pairs" else count * mult
            shown[seat] = {
                "melds": [[face(c) for c in meld] for meld in arrangement["melds"]],
                "leftover": [face(c) for c in arrangement["leftover"]],
                "count": count,
                "points": points[seat],
            }
        return shown, points

    @staticmethod
    def _score_round(s, closer, points) -> list:
        """The round's points on the score sheet (and chips in payment); what each gained."""
        seats = s["seats"]
        scores = s["scores"] = list(s["scores"])
        chips = s["chips"] = list(s["chips"])
        s["out"] = list(s["out"])
        gained = [0] * seats
        if s["options"]["scoring"] == "elimination":
            for seat in range(seats):
                scores[seat] += points[seat]
                gained[seat] = points[seat]
        elif closer is not None:
            total = sum(points)
            scores[closer] += total
            gained[closer] = total
            for seat in range(seats):
                chips[seat] -= points[seat]
            chips[closer] += total
        return gained

    def _match_winners(self, s, closer) -> list | None:
        """Who is out after the round (in ``s["out"]``), and the match's winners if it is
        over."""
        options, seats, scores, out = s["options"], s["seats"], s["scores"], s["out"]
        winners = None
        if options["scoring"] == "elimination":
            for seat in range(seats):
                if not out[seat] and scores[seat] >= options["limit"]:
                    out[seat] = True
            left = [seat for seat in range(seats) if not out[seat]]
            if len(left) == 1:
                winners = left
            elif len(left) == 2 and options["last_two"] and seats > 2:
                winners = self._lowest(scores, left)
        elif closer is not None and scores[closer] >= options["limit"]:
            winners = [closer]
        if winners is None and options["max_rounds"] and s["round"] >= options["max_rounds"]:
            left = [seat for seat in range(seats) if not out[seat]]
            if options["scoring"] == "elimination":
                winners = self._lowest(scores, left)
            else:
                top = max(scores[seat] for seat in left)
                winners = [seat for seat in left if scores[seat] == top]
        return winners

    @staticmethod
    def _lowest(scores, seats):
        low = min(scores[seat] for seat in seats)
        return [seat for seat in seats if scores[seat] == low]
