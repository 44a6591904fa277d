"""Dealing the cards a seat cannot see, consistently with what it has seen.

The bots that search (the "maître" level) play many imagined deals out. Each imagined deal
gives the cards hidden from the bot's seat to their possible holders (the other hands, the
stock, a discard pile put aside...) so that every holder gets exactly the number of cards
the view says it holds and no holder gets a card the play has ruled out (a suit it showed
void in, a card above one it was forced to beat). Games describe the constraints; this
module only deals.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

Holder = Hashable
Allowed = Callable[[Holder, str], bool]

RETRIES = 12


def deal_hidden(
    cards: list[str],
    sizes: dict[Holder, int],
    rng,
    allowed: Allowed | None = None,
) -> dict[Holder, list[str]]:
    """Give ``cards`` to the holders, ``sizes[holder]`` cards each, at random.

    ``allowed(holder, card)`` says whether the play so far lets ``holder`` hold ``card``.
    The most constrained cards are placed first, each to a holder drawn in proportion to
    the room it has left, which keeps the deal close to uniform over the consistent ones.
    When the constraints cannot all be met (a few retries fail, e.g. a view the rules
    could not produce), the last cards go wherever there is room: a bot must still decide.
    The sizes must add up to the number of cards.
    """
    if sum(sizes.values()) != len(cards):
        raise ValueError(f"{len(cards)} cards for holders of sizes {sizes}")
    holders = [h for h, n in sizes.items() if n > 0]
    if allowed is None or len(holders) <= 1:
        return _uniform(cards, sizes, rng)
    eligible = {card: [h for h in holders if allowed(h, card)] for card in cards}
    order = sorted(cards, key=lambda c: (len(eligible[c]), rng.random()))
    for attempt in range(RETRIES + 1):
        relaxed = attempt == RETRIES
        dealt = _greedy(order, eligible, sizes, holders, rng, relaxed)
        if dealt is not None:
            return dealt
        rng.shuffle(order)
        order.sort(key=lambda c: len(eligible[c]))
    raise AssertionError("unreachable: the relaxed deal always succeeds")


def _uniform(cards, sizes, rng) -> dict:
    pool = list(cards)
    rng.shuffle(pool)
    dealt, start = {}, 0
    for holder, size in sizes.items():
        dealt[holder] = pool[start : start + size]
        start += size
    return dealt


def _greedy(order, eligible, sizes, holders, rng, relaxed: bool) -> dict | None:
    room = dict(sizes)
    dealt = {h: [] for h in sizes}
    for card in order:
        options = [h for h in eligible[card] if room[h] > 0]
        if not options:
            if not relaxed:
                return None
            options = [h for h in holders if room[h] > 0]
        pick = rng.random() * sum(room[h] for h in options)
        for holder in options:
            pick -= room[holder]
            if pick < 0:
                break
        dealt[holder].append(card)
        room[holder] -= 1
    return dealt
