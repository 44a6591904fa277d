"""L'Ascenseur baselines for the arena, independent of the game's bot (own seat's view only).

- ``heuristic``: bids by counting honours and trumps, then plays for its exact bid: while
  the bid is not made it wins tricks (the cheapest winner when last to play, its best card
  otherwise), once made it ducks under the trick with its highest losing card;
- ``sampler``: the same card play; its bid is the one with the best mean score over 10
  deals of the unseen cards to the other hands (uniformly, the hands' sizes kept), each
  played out by that card play for every seat;
- ``sampler_mode``: the same card play and the same 10 sampled deals, each played out once
  for every legal bid; it bids the trick count it makes (takes exactly, playing for it)
  most often, the better mean score between bids made equally often.
"""

from __future__ import annotations

from cardgames.ascenseur.game import DECK, POWER, deal_points, playable, trick_winner

SAMPLES = 10
HONOURS = {"A": 1.0, "K": 0.6, "Q": 0.25}


def _beats(card, best, trump) -> bool:
    return POWER[card] > POWER[best] if card[1] == best[1] else card[1] == trump


def _rank(card, trump) -> tuple:
    return (card[1] == trump, POWER[card])


def count_bid(hand, trump, size) -> float:
    """Honours count, trumps count more; a long suit without trumps makes extra tricks."""
    value = 0.0
    for card in hand:
        if card[1] == trump:
            value += 0.9 if POWER[card] >= POWER["Tc"] else 0.4
        else:
            value += HONOURS.get(card[0], 0.0)
    return min(value, size)


def exact_card(legal, trick, trump, need: int, last: bool) -> str:
    if len(legal) == 1:
        return legal[0]
    if not trick:
        if need > 0:
            return max(legal, key=lambda c: _rank(c, trump))
        return min(legal, key=lambda c: _rank(c, trump))
    best = trick[0]
    for card in trick[1:]:
        if _beats(card, best, trump):
            best = card
    winners = [c for c in legal if _beats(c, best, trump)]
    losers = [c for c in legal if c not in winners]
    if need > 0:
        if winners:
            pick = min if last else max
            return pick(winners, key=lambda c: _rank(c, trump))
        return min(legal, key=lambda c: _rank(c, trump))
    if losers:
        return max(losers, key=lambda c: _rank(c, trump))
    return min(winners, key=lambda c: _rank(c, trump))


def _closest(legal_bids, wanted) -> int:
    return min(legal_bids, key=lambda k: (abs(k - wanted), k))


def heuristic(view, rng) -> dict:
    legal = view["legal_actions"]
    if view["phase"] == "bid":
        wanted = count_bid(view["hand"], view["trump"], view["size"])
        return {"type": "bid", "tricks": _closest([a["tricks"] for a in legal], wanted)}
    me = view["you"]
    need = view["bids"][me] - view["won"][me]
    last = len(view["trick"]) == view["seats"] - 1
    card = exact_card([a["card"] for a in legal], view["trick"], view["trump"], need, last)
    return {"type": "play", "card": card}


def _play_deal(hands, bids, leader, trump, options, seats) -> list[int]:
    won = [0] * seats
    trick: list[str] = []
    actor = leader
    while hands[actor]:
        legal = playable(hands[actor], trick, trump, options)
        card = exact_card(legal, trick, trump, bids[actor] - won[actor], len(trick) == seats - 1)
        hands[actor].remove(card)
        trick.append(card)
        if len(trick) == seats:
            leader = trick_winner(trick, leader, trump, seats)
            won[leader] += 1
            trick, actor = [], leader
        else:
            actor = (actor + 1) % seats
    return won


def _sampled_outcomes(view, rng) -> dict[int, list[int]]:
    """Per legal bid, the tricks the seat takes in each of ``SAMPLES`` deals of the unseen
    cards, every seat playing ``exact_card`` for its bid (the others' bids as made, or
    counted from their sampled hands)."""
    me, seats, trump, size = view["you"], view["seats"], view["trump"], view["size"]
    seen = set(view["hand"]) | ({view["turnup"]} if view["turnup"] else set())
    unseen = [c for c in DECK if c not in seen]
    legal = [a["tricks"] for a in view["legal_actions"]]
    outcomes = {bid: [] for bid in legal}
    leader = (view["dealer"] + 1) % seats
    for _ in range(SAMPLES):
        rng.shuffle(unseen)
        hands, start = [], 0
        for seat in range(seats):
            if seat == me:
                hands.append(list(view["hand"]))
            else:
                hands.append(unseen[start : start + size])
                start += size
        bids = [
            b if b is not None else round(count_bid(hands[s], trump, size))
            for s, b in enumerate(view["bids"])
        ]
        for bid in legal:
            bids[me] = bid
            won = _play_deal([list(h) for h in hands], bids, leader, trump, view["options"], seats)
            outcomes[bid].append(won[me])
    return outcomes


def _sampled_bid(view, rng) -> int:
    scoring = view["options"]["scoring"]
    outcomes = _sampled_outcomes(view, rng)
    totals = {k: sum(deal_points(k, won, scoring) for won in wons) for k, wons in outcomes.items()}
    return max(outcomes, key=lambda k: (totals[k], -k))


def _mode_bid(view, rng) -> int:
    scoring = view["options"]["scoring"]
    outcomes = _sampled_outcomes(view, rng)
    made = {k: sum(won == k for won in wons) for k, wons in outcomes.items()}
    totals = {k: sum(deal_points(k, won, scoring) for won in wons) for k, wons in outcomes.items()}
    return max(outcomes, key=lambda k: (made[k], totals[k], -k))


def sampler(view, rng) -> dict:
    if view["phase"] == "bid":
        return {"type": "bid", "tricks": _sampled_bid(view, rng)}
    return heuristic(view, rng)


def sampler_mode(view, rng) -> dict:
    if view["phase"] == "bid":
        return {"type": "bid", "tricks": _mode_bid(view, rng)}
    return heuristic(view, rng)


KINDS = {"heuristic": heuristic, "sampler": sampler, "sampler_mode": sampler_mode}
