"""Ambigu baseline for the arena, independent of the game's bot (own seat's view only).

``threshold``: every decision by the class of its combination.
- first speech: "battez" on a pair or two cards of a suit;
- exchanges: stand pat with a prime or better; with a point keep the point's cards, with a
  pair (two cards of one rank) keep the pair, else keep the highest card;
- second speech: open (a vade of 2, 3 with a tricon or better) with a prime or better;
  follow a vade with a point of 15 pips or better;
- renvis: raise by half the pot with a tricon or better, call with a prime or better (with
  a point only when the call is under a quarter of the pot), else check or fold.
"""

from __future__ import annotations

from cardgames.ambigu.game import PIPS, classify

PRIME, TRICON = 2, 5  # combination ranks (point 1 ... fredon 10)
GOOD_POINT = 15


def _entry(legal, kind):
    return next((a for a in legal if a["type"] == kind), None)


def _rank_and_height(hand) -> tuple[int, int]:
    combo = classify(hand)
    return (combo.rank, combo.height[0]) if combo else (0, 0)


def _exchange(hand, low: int, high: int) -> list[str]:
    combo = classify(hand)
    if combo and combo.rank >= PRIME and len(hand) == 4:
        keep = list(hand)
    elif combo:
        keep = list(combo.cards)
    else:
        ranks = {}
        for card in hand:
            ranks.setdefault(card[0], []).append(card)
        pairs = [cards for cards in ranks.values() if len(cards) >= 2]
        keep = pairs[0] if pairs else [max(hand, key=lambda c: PIPS[c[0]])]
    drop = [c for c in hand if c not in keep]
    drop.sort(key=lambda c: PIPS[c[0]])
    if len(drop) < low:
        rest = sorted(keep, key=lambda c: PIPS[c[0]])
        drop += rest[: low - len(drop)]
    return drop[:high]


def _renvis(view, rank: int, height: int) -> dict:
    legal = view["legal_actions"]
    pot = view["poule"] + view["batterie"] + view["renvis"]
    renvi, to_call = _entry(legal, "renvi"), view["to_call"]
    if renvi and rank >= TRICON:
        amount = max(renvi["min"], to_call + pot // 2)
        return {"type": "renvi", "amount": min(amount, renvi["max"])}
    if to_call == 0:
        return {"type": "check"}
    if rank >= PRIME or (rank == 1 and height >= GOOD_POINT and 4 * to_call < pot):
        return dict(_entry(legal, "call") or _entry(legal, "tapis"))
    return {"type": "fold"}


def threshold(view, rng) -> dict:
    legal, phase, hand = view["legal_actions"], view["phase"], view["hand"]
    if phase == "speech1":
        paired = hand[0][0] == hand[1][0] or hand[0][1] == hand[1][1]
        return {"type": "battez"} if paired and _entry(legal, "battez") else {"type": "pass"}
    if phase in ("exchange1", "exchange2"):
        low, high = legal[0]["choose"]
        return {"type": "exchange", "cards": _exchange(hand, low, high)}
    if phase == "keep":
        return {"type": "mix"}
    rank, height = _rank_and_height(hand)
    if phase == "speech2":
        vade = _entry(legal, "vade")
        if vade:
            if rank < PRIME:
                return {"type": "pass"}
            size = 3 if rank >= TRICON else 2
            return {"type": "vade", "amount": max(vade["min"], min(size, vade["max"]))}
        if rank >= PRIME or (rank == 1 and height >= GOOD_POINT):
            return dict(_entry(legal, "follow") or _entry(legal, "tapis") or legal[0])
        return {"type": "pass"}
    if phase == "renvis":
        return _renvis(view, rank, height)
    return dict(legal[0])


KINDS = {"threshold": threshold}
