"""A stand-in for a game's maître (``Game.appraiser``), for the tests of the site's plumbing
(the « Conseil » button, the game review): deterministic and instant, unlike the real
searches, which the engine tests and the browser tests use.

The stand-in always prefers the last of the seat's legal moves (a bid: the highest; a
card: the last in the hand's order), values it 1 and every other move 0, and gives the
reason ``reason`` (or agrees with the move it is asked about: ``agree``; or fails:
``fail``). It records each view it was given (``views``), so that a test can check
it saw only its seat's view.
"""

from __future__ import annotations

from cardgames.core import concrete, to_json

EXACT_BID = {"code": "advice.exact_bid", "chance": 0.72}


class StandInMaitre:
    def __init__(self, reason=None, best=None, agree=False, fail=False):
        self.reason = dict(reason or EXACT_BID)
        self.best = best  # a function of the view choosing the action, else the last legal
        self.agree = agree  # the move a review asks about is always the best
        self.fail = fail  # raise, as a broken search would
        self.views = []

    def __call__(self, view, rng, also=None):
        self.views.append(view)
        if self.fail:
            raise RuntimeError("the stand-in maître fails, as asked")
        legal = [concrete(entry, pick_low=True) for entry in view.get("legal_actions") or []]
        if not legal:
            return None
        best = self.best(view) if self.best is not None else legal[-1]
        if self.agree and also is not None:
            best = also
        weighed = {to_json(action): action for action in [*legal, best]}
        if also is not None:
            weighed.setdefault(to_json(also), also)
        return {
            "action": best,
            "values": [{"action": action, "value": 1.0 if key == to_json(best) else 0.0}
                       for key, action in weighed.items()],
            "reason": dict(self.reason),
        }


def install(monkeypatch, engine, maitre=None, threshold=0.5) -> StandInMaitre:
    """Give ``engine`` the stand-in maître (restored after the test)."""
    maitre = maitre or StandInMaitre()
    monkeypatch.setattr(engine, "appraiser", maitre)
    monkeypatch.setattr(engine, "review_threshold", threshold)
    return maitre
