"""A heuristic Ambigu bot: it decides from the seat's view only.

It measures a hand by its percentile among random four-card hands (a table sampled once
with a fixed seed), keeps the cards whose random completions score best when it
exchanges, says "battez" on a promising pair of cards, opens and follows a vade on
strength, and in the renvis weighs its chance of holding the best hand (the percentile
raised to the number of opponents) against the price of staying in.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from itertools import combinations

from .game import DECK, PIPS, classify

_TABLE: list[tuple] = []
SAMPLES_PER_KEEP = 18


def _table() -> list[tuple]:
    """Sorted strength keys of random four-card hands (sampled once, fixed seed)."""
    if not _TABLE:
        rng = random.Random(20240607)
        deck = list(DECK)
        keys = [classify(rng.sample(deck, 4)).key for _ in range(6000)]
        _TABLE.extend(sorted(keys))
    return _TABLE


def percentile(hand) -> float:
    """Share of random four-card hands weaker than ``hand``'s best combination."""
    table = _table()
    combo = classify(hand)
    if combo is None:
        return 0.0
    return bisect_left(table, combo.key) / len(table)


def _unseen(view) -> list[str]:
    seen = set(view["hand"] or ()) | set(view["my_discards"] or ())
    for cards in view["revealed"]:
        if cards:
            seen.update(cards)
    return [c for c in DECK if c not in seen]


def best_keep(hand, low: int, high: int, unseen, rng, samples: int = SAMPLES_PER_KEEP):
    """The cards to discard (``low`` to ``high`` of them) whose completion scores best."""
    best, best_score = None, -1.0
    for count in range(low, high + 1):
        for discard in combinations(hand, count):
            kept = [c for c in hand if c not in discard]
            fill = 4 - len(kept)
            if fill == 0:
                score = percentile(kept)
            else:
                total = 0.0
                for _ in range(samples):
                    total += percentile(kept + rng.sample(unseen, fill))
                score = total / samples
                score -= 0.002 * count  # ties: prefer keeping what one has
            if score > best_score:
                best, best_score = list(discard), score
    return best, best_score


def _two_card_promise(hand) -> float:
    """How promising the first two cards are (0..1)."""
    a, b = hand
    pa, pb = PIPS[a[0]], PIPS[b[0]]
    if pa == pb:
        return 0.9
    if a[1] == b[1]:
        return 0.8 if abs(pa - pb) <= 2 else 0.6
    return min(0.55, (pa + pb) / 36)


def _template(legal, kind):
    for entry in legal:
        if entry["type"] == kind:
            return entry
    return None


def bot_action(view, rng, level: str = "habitue") -> dict:
    legal = view["legal_actions"]
    phase = view["phase"]
    me = view["you"]
    hand = view["hand"]
    stack = view["stacks"][me]
    options = view["options"]
    types = {entry["type"] for entry in legal}

    if phase == "speech1":
        recave = _template(legal, "recave")
        if recave and stack < options["cave"] // 2:
            return {"type": "recave", "amount": recave["max"]}
        promise = _two_card_promise(hand)
        last_chance = view["exchange_rounds"] >= options["exchange_rounds"]
        if "battez" in types and (promise >= 0.6 or (last_chance and promise >= 0.3)):
            return {"type": "battez"}
        return {"type": "pass"}

    if phase in ("exchange1", "exchange2"):
        entry = legal[0]
        low, high = entry["choose"]
        discard, _ = best_keep(hand, low, high, _unseen(view), rng)
        return {"type": "exchange", "cards": discard}

    if phase == "keep":
        return {"type": "keep"}

    strength = percentile(hand)
    opponents = sum(1 for s in view["order"] if s != me and not view["folded"][s])
    win = strength ** max(1, opponents)

    if phase == "speech2":
        vade = _template(legal, "vade")
        if vade:
            if strength >= 0.55:
                size = 2 + (strength >= 0.8) + (strength >= 0.93)
                return {"type": "vade", "amount": max(vade["min"], min(size, vade["max"]))}
            return {"type": "pass"}
        # facing a vade: following is cheap next to the poule and batterie, and the
        # exchange that follows can still mend the hand
        pot = view["poule"] + view["batterie"] + view["renvis"]
        price = view["vade"]
        threshold = 0.3 if price * 3 <= pot else 0.42
        if strength >= threshold:
            if "follow" in types:
                return {"type": "follow"}
            if "tapis" in types:
                return {"type": "tapis"}
        return {"type": "pass"}

    if phase == "renvis":
        to_call = view["to_call"]
        pot = view["poule"] + view["batterie"] + view["renvis"]
        renvi = _template(legal, "renvi")
        if renvi and win >= 0.55:
            wanted = max(renvi["min"], int(pot * (0.4 + win)))
            if view["last_raiser"] is not None and win < 0.8:
                wanted = renvi["min"]
            if win < 0.7 and to_call > 0:
                wanted = 0  # strong enough to call, not to raise again
            if wanted:
                return {"type": "renvi", "amount": min(wanted, renvi["max"])}
        if to_call == 0:
            return {"type": "check"}
        odds = to_call / (pot + to_call)
        if win >= odds * 1.15 or strength >= 0.92:
            if "call" in types:
                return {"type": "call"}
            return {"type": "tapis"}
        return {"type": "fold"}

    return dict(legal[0])
