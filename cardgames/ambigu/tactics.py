"""The habitué's and the débutant's Ambigu, shared with the maître for what it does alike.

They differ in two places: exchanges (the débutant tries every way of keeping cards and
completes them at random, chasing the best mean; the habitué keeps what it holds: a prime
or better whole, else the cards of its combination or a pair) and the renvis (the
débutant weighs its hand against random hands, which makes it bet a point like a flush;
the habitué against the hands players show down after exchanging, and expects more from
the last player who raised).
"""

from __future__ import annotations

from itertools import combinations

from .game import DECK, PIPS
from .strength import keep_for_exchange, percentile, showdown_percentile

COMPLETIONS = 3  # random completions tried for each way of keeping cards (the débutant: p99 ≤ 5 ms)
RAISE_AT = 0.6  # chance of holding the best hand to open the renvis
RERAISE_AT = 0.78  # ... and to raise again over a raise
RAISER_FLOOR = 0.6  # a raiser's hand is taken to be above this showdown percentile


def unseen_cards(view) -> list[str]:
    seen = set(view["hand"] or ()) | set(view["my_discards"] or ())
    for cards in view["revealed"]:
        if cards:
            seen.update(cards)
    return [c for c in DECK if c not in seen]


def best_keep(hand, low: int, high: int, unseen, rng, samples: int = COMPLETIONS):
    """The cards to discard (``low`` to ``high`` of them) whose completion scores best."""
    best, best_score = None, -1.0
    for count in range(low, high + 1):
        for discard in combinations(hand, count):
            kept = [c for c in hand if c not in discard]
            fill = 4 - len(kept)
            if fill == 3 and len(hand) == 4:
                continue  # four cards always hold a point: keeping one card never pays
            if fill == 0:
                score = percentile(kept)
            elif fill == 4:
                score = 0.5  # a fresh hand is a random hand
            else:
                total = sum(percentile(kept + rng.sample(unseen, fill)) for _ in range(samples))
                score = total / samples - 0.002 * count  # ties: keep what one has
            if score > best_score:
                best, best_score = list(discard), score
    return best, best_score


def two_card_promise(hand) -> float:
    """How promising the first two cards are (0..1)."""
    a, b = hand
    pa, pb = PIPS[a[0]], PIPS[b[0]]
    if pa == pb:
        return 0.9
    if a[1] == b[1]:
        return 0.8 if abs(pa - pb) <= 2 else 0.6
    return min(0.55, (pa + pb) / 36)


def template(legal, kind):
    for entry in legal:
        if entry["type"] == kind:
            return entry
    return None


def speech1(view) -> dict:
    legal, options = view["legal_actions"], view["options"]
    stack = view["stacks"][view["you"]]
    recave = template(legal, "recave")
    if recave and stack < options["cave"] // 2:
        return {"type": "recave", "amount": recave["max"]}
    promise = two_card_promise(view["hand"])
    last_chance = view["exchange_rounds"] >= options["exchange_rounds"]
    if template(legal, "battez") and (promise >= 0.6 or (last_chance and promise >= 0.3)):
        return {"type": "battez"}
    return {"type": "pass"}


def speech2(view, strength: float) -> dict:
    legal = view["legal_actions"]
    vade = template(legal, "vade")
    if vade:
        if strength >= 0.55:
            size = 2 + (strength >= 0.8) + (strength >= 0.93)
            return {"type": "vade", "amount": max(vade["min"], min(size, vade["max"]))}
        return {"type": "pass"}
    # facing a vade: following is cheap next to the poule and batterie, and the
    # exchange that follows can still mend the hand
    pot = view["poule"] + view["batterie"] + view["renvis"]
    threshold = 0.3 if view["vade"] * 3 <= pot else 0.42
    if strength >= threshold:
        for kind in ("follow", "tapis"):
            if template(legal, kind):
                return {"type": kind}
    return {"type": "pass"}


def renvis(
    view, win: float, raise_at: float, reraise_at: float, big_at: float = 2.0, bonus: float = 0
) -> dict:
    """Raise a likely winner, call when the pot pays for the chance, else check or fold.

    From ``big_at`` on, the raise is the size of the pot and more: a near-sure winner is
    worth all the chips the others will put in. ``bonus`` is what winning brings besides
    the pot (the combination paid by the others), counted in the price of a call.
    """
    legal = view["legal_actions"]
    to_call = view["to_call"]
    pot = view["poule"] + view["batterie"] + view["renvis"]
    renvi = template(legal, "renvi")
    wanted = raise_at if to_call == 0 and view["last_raiser"] is None else reraise_at
    if renvi and win >= wanted:
        share = 1.2 if win >= big_at else (0.3 + win) / 2
        amount = max(renvi["min"], to_call + int(pot * share))
        return {"type": "renvi", "amount": min(amount, renvi["max"])}
    if to_call == 0:
        return {"type": "check"}
    if win >= to_call / (pot + to_call + bonus):
        return {"type": "call"} if template(legal, "call") else {"type": "tapis"}
    return {"type": "fold"}


def live_opponents(view) -> list[int]:
    me = view["you"]
    return [s for s in view["order"] if s != me and not view["folded"][s]]


def habitue_win(view) -> float:
    """Chance of the best hand against the live opponents' exchanged hands."""
    strength = showdown_percentile(view["hand"])
    win = 1.0
    for seat in live_opponents(view):
        if seat == view["last_raiser"]:
            win *= max(0.0, strength - RAISER_FLOOR) / (1 - RAISER_FLOOR)
        else:
            win *= strength
    return win


def exchange(view, rng, loose: bool) -> dict:
    """The débutant's exchange chases the best completion; the others keep what they hold."""
    low, high = view["legal_actions"][0]["choose"]
    hand = view["hand"]
    if loose:
        discard, _ = best_keep(hand, low, high, unseen_cards(view), rng)
        return {"type": "exchange", "cards": discard}
    kept = keep_for_exchange(hand)
    drop = sorted((c for c in hand if c not in kept), key=lambda c: PIPS[c[0]])
    while len(drop) < low:
        drop.append(min((c for c in hand if c not in drop), key=lambda c: PIPS[c[0]]))
    return {"type": "exchange", "cards": drop[:high]}


def play(view, rng, level: str) -> dict:
    """The débutant and the habitué; they differ in exchanges and in the renvis."""
    phase, loose = view["phase"], level == "debutant"
    if phase == "speech1":
        return speech1(view)
    if phase in ("exchange1", "exchange2"):
        return exchange(view, rng, loose)
    if phase == "keep":
        return {"type": "keep"}
    strength = percentile(view["hand"])
    if phase == "speech2":
        return speech2(view, strength)
    if phase == "renvis":
        if loose:
            win = strength ** max(1, len(live_opponents(view)))
            return renvis(view, win, 0.55, 0.8)
        return renvis(view, habitue_win(view), RAISE_AT, RERAISE_AT)
    return dict(view["legal_actions"][0])
