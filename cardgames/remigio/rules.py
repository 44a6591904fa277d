"""Remigio's rules as pure data and functions: the closings (which hands close, how, and
what they multiply), five pairs, and the game's declared actions, options, messages and
refusals. ``game`` (the ``Game`` and its moves) builds on them and re-exports the names
others import.
"""

from __future__ import annotations

from ..core import IllegalAction, Option
from ..melds import RANK_INDEX, Rules, can_close, is_valid_meld, leftover_count

TURN_LIMIT = 1000  # turns in one round before it is declared void (endless discard swaps)

KINDS = {
    # kind: (multiplier with a joker, multiplier without)
    "remigio": (8, 10),
    "sequence": (5, 6),
    "couleur": (3, 4),
    "plain": (1, 2),
}

# The keys of each action besides "type"; any other key is refused (core.Game.check_keys).
# "seat" is optional: when given, it must be the actor's (refused as remigio.turn).
ACTION_KEYS = {
    "deal": ("deck",),
    "draw": ("from", "seat"),
    "discard": ("card", "seat"),
    "close": ("card", "seat"),
}

OPTIONS = (
    # "elimination": the last one in wins; "payment": chips paid to each round's winner.
    Option("scoring", "elimination", choices=("elimination", "payment")),
    # The score that eliminates, or the target in payment.
    Option("limit", 500, choices=(100, 200, 300, 500, 1000)),
    # Stop with two players left (the lowest score wins).
    Option("last_two", False, kind="bool"),
    # "standard": ace 1, joker 20; "high": ace 11, joker 25.
    Option("values", "standard", choices=("standard", "high")),
    # King-ace-two runs.
    Option("wrap", False, kind="bool"),
    # Suits in a group of three or four: "repeat" (may repeat) or "distinct".
    Option("group_suits", "repeat", choices=("repeat", "distinct")),
    # A couleur or a Remigio closes "free" (without melds) or must also be "melded".
    Option("special", "free", choices=("free", "melded")),
    # Five pairs dealt win: "wild" (a joker may pair), "natural" (natural pairs), "off".
    Option("five_pairs", "wild", choices=("wild", "natural", "off")),
    Option("two_players", False, kind="bool"),
    # Stock rebuilds before a void round; most rounds in the match (0: no limit).
    Option("rebuilds", 2, kind="int", minimum=0, maximum=5),
    Option("max_rounds", 0, kind="int", minimum=0, maximum=100),
)

# What the log says (``describe``): each code with its parameters. Seats: ``seat`` (who
# acts), ``dealer``, ``winner``; ``round`` is the round's number; ``kind`` a closing
# ("remigio", "sequence", "couleur", "plain") and ``multiplier`` what it multiplies.
MESSAGES = {
    "remigio.deal": ("dealer", "round"),
    "remigio.deal-five-pairs": ("dealer", "round", "winner"),
    "remigio.rebuild": (),
    "remigio.draw": ("seat",),
    "remigio.take": ("seat", "card"),
    "remigio.discard": ("seat", "card"),
    "remigio.discard-void": ("seat", "card"),
    "remigio.close": ("seat", "card", "kind", "multiplier"),
}

REFUSALS = (
    "remigio.over",
    "remigio.turn",
    "remigio.chance",
    "remigio.draw-first",
    "remigio.discard-now",
    "remigio.draw-source",
    "remigio.not-in-hand",
    "remigio.close-melds",
)


def _refuse(rule, **params):
    raise IllegalAction(f"remigio.{rule}", **params)


def face(card: str) -> str:
    """The card without its deck-copy suffix ("Th.2" → "Th")."""
    return card[:2]


def closing_kind(hand, rules: Rules, special: str = "free") -> str | None:
    """The best closing a ten-card hand makes ("remigio", "sequence", "couleur", "plain"),
    or None when it cannot close."""
    naturals = [c for c in hand if c[0] != "X"]
    jokers = len(hand) - len(naturals)
    melded = None
    if naturals and jokers <= len(naturals):
        if len({c[0] for c in naturals}) == 1:
            melded = can_close(hand, rules)
            if special == "free" or melded:
                return "remigio"
        if len({c[1] for c in naturals}) == 1:
            if is_valid_meld(hand, rules):
                return "sequence"
            if melded is None:
                melded = can_close(hand, rules)
            if special == "free" or melded:
                return "couleur"
    if melded is None:
        melded = can_close(hand, rules)
    return "plain" if melded else None


def multiplier(kind: str, hand) -> int:
    with_joker, without = KINDS[kind]
    return with_joker if any(c[0] == "X" for c in hand) else without


def has_five_pairs(hand, mode: str) -> bool:
    """Ten cards that split into five pairs of one rank (a joker may pair a card in "wild")."""
    if mode == "off" or len(hand) != 10:
        return False
    counts: dict = {}
    jokers = 0
    for c in hand:
        if c[0] == "X":
            jokers += 1
        else:
            counts[c[0]] = counts.get(c[0], 0) + 1
    odd = sum(1 for n in counts.values() if n % 2)
    if mode == "natural":
        return jokers == 0 and odd == 0
    # each joker pairs one natural card: the odd ranks need one, the rest go two by two
    return odd <= jokers <= 10 - jokers


def _partner_table(hand, rules: Rules):
    """For each natural card (by index), the natural cards it could share a meld with."""
    jokers = 0
    by_rank: dict = {}
    by_suit: dict = {}
    for i, c in enumerate(hand):
        if c[0] == "X":
            jokers += 1
        else:
            by_rank.setdefault(c[0], []).append(i)
            by_suit.setdefault(c[1], []).append((RANK_INDEX[c[0]], i))
    reach = jokers + 1
    partners = {}
    for members in by_suit.values():
        for r, i in members:
            mine = [k for k in by_rank[hand[i][0]] if k != i]
            for r2, k in members:
                if r2 == r:
                    continue
                d = abs(r - r2)
                if rules.wrap:
                    d = min(d, 13 - d)
                elif rules.ace_high and (r == 0 or r2 == 0):
                    d = min(d, 13 - max(r, r2))
                if d <= reach:
                    mine.append(k)
            partners[i] = mine
    return partners


_CLOSINGS: dict = {}

_RULES: dict = {}


def _one_shape(counts: dict, key: str) -> bool:
    """True when removing one card of ``key`` leaves all naturals on one suit (or rank)."""
    return len(counts) == 1 or (len(counts) == 2 and counts.get(key) == 1)


def closing_discards(hand, rules: Rules, special: str = "free") -> list:
    """For an eleven-card hand: [(discard, kind, multiplier)] for every discard that closes.

    Cheap tests first: a natural card with no possible meld partner rules out every other
    discard; and a closing discard leaves the rest melded, so the eleven cards' best count
    cannot exceed the value of that discard.
    """
    key = (tuple(sorted(hand)), rules, special)
    found = _CLOSINGS.get(key)
    if found is not None:
        return found
    hand = key[0]
    partners = _partner_table(hand, rules)
    isolated = {i for i, mine in partners.items() if not mine}
    sole = {mine[0] for mine in partners.values() if len(set(mine)) == 1}
    suits: dict = {}
    ranks: dict = {}
    for c in hand:
        if c[0] != "X":
            suits[c[1]] = suits.get(c[1], 0) + 1
            ranks[c[0]] = ranks.get(c[0], 0) + 1
    bound = None
    found = []
    done: dict = {}
    for i, card in enumerate(hand):
        if card[:2] in done:  # a duplicate face closes the same way
            if done[card[:2]]:
                found.append((card,) + done[card[:2]])
            continue
        result = None
        joker = card[0] == "X"
        shaped = not joker and (_one_shape(suits, card[1]) or _one_shape(ranks, card[0]))
        if joker:
            shaped = len(suits) == 1 or len(ranks) == 1
        possible = shaped or not (isolated - {i} or i in sole)
        if possible and not shaped:
            if bound is None:
                bound = leftover_count(hand, rules)
            possible = rules.value(card) >= bound
        if possible:
            rest = hand[:i] + hand[i + 1 :]
            kind = closing_kind(rest, rules, special)
            if kind:
                result = (kind, multiplier(kind, rest))
                found.append((card,) + result)
        done[card[:2]] = result
    if len(_CLOSINGS) > 50_000:
        _CLOSINGS.clear()
    _CLOSINGS[key] = found
    return found
