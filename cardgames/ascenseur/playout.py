"""A fast L'Ascenseur deal for imagined hands: a simple bid-seeking card play, played out.

The maître's search plays hundreds of imagined deals a decision, so the deal here is not
the engine's (no state copies, no checks): hands are plain lists and the rules are the
engine's pure helpers ``playable`` and ``trick_winner``. The card play is what a sensible
player does without counting cards: win a trick while the bid is not made (the cheapest
sure winner when last, the strongest card otherwise), else duck under the best card with
the highest card that loses. The débutant plays it as its own card play.
"""

from __future__ import annotations

from .game import POWER, playable, trick_winner


def beats(card: str, best: str, trump: str | None) -> bool:
    """Does ``card`` take the trick from ``best`` (the trick's winning card so far)?"""
    if card[1] == best[1]:
        return POWER[card] > POWER[best]
    return card[1] == trump


def winning_card(trick: list[str], trump: str | None) -> str:
    best = trick[0]
    for card in trick[1:]:
        if beats(card, best, trump):
            best = card
    return best


def strength(card: str, trump: str | None) -> tuple:
    return (card[1] == trump, POWER[card])


def simple_card(legal: list[str], trick: list[str], trump, need: int, last: bool) -> str:
    """The bid-seeking card: ``need`` is the tricks still wanted (0 or less: none)."""
    if len(legal) == 1:
        return legal[0]
    if not trick:
        if need > 0:
            return max(legal, key=lambda c: strength(c, trump))
        plain = [c for c in legal if c[1] != trump] or legal
        return min(plain, key=lambda c: POWER[c])
    best = winning_card(trick, trump)
    winners = [c for c in legal if beats(c, best, trump)]
    if need > 0:
        if not winners:
            return min(legal, key=lambda c: strength(c, trump))
        if last:
            return min(winners, key=lambda c: strength(c, trump))
        return max(winners, key=lambda c: strength(c, trump))
    losers = [c for c in legal if c not in winners]
    if losers:
        return max(losers, key=lambda c: strength(c, trump))
    if last:
        return max(winners, key=lambda c: strength(c, trump))
    return min(winners, key=lambda c: strength(c, trump))


def play_out(hands, trick, leader, won, bids, trump, options, seats) -> list[int]:
    """Tricks won by each seat once the deal is played to its end by ``simple_card``.

    ``hands`` (lists, consumed), ``trick`` (the cards of the trick under way, led by
    ``leader``, possibly complete) and ``won`` (tricks already taken, updated) describe
    the deal now.
    """
    trick = list(trick)
    actor = (leader + len(trick)) % seats
    while True:
        if len(trick) == seats:  # a trick completed by the move being tried
            leader = trick_winner(trick, leader, trump, seats)
            won[leader] += 1
            trick = []
            actor = leader
        hand = hands[actor]
        if not hand and not trick:
            return won
        legal = playable(hand, trick, trump, options)
        need = bids[actor] - won[actor]
        card = simple_card(legal, trick, trump, need, len(trick) == seats - 1)
        hand.remove(card)
        trick.append(card)
        actor = (actor + 1) % seats
