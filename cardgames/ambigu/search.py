"""The maître of Ambigu: its chances judged against what each opponent has shown.

At the renvis, the cards the seat has not seen are dealt to the opponents still in, again
and again, and each imagined deal is weighted by how well it explains what they did: how
many cards each exchanged (read through ``strength.Tables.rank_given_exchange``: a player
who stood pat likely holds a prime or better, one who drew a card a point or a sequence
draw), who opened the vade, who raised last and who put in more than the vade. The
weighted share of deals in which the seat's hand beats every opponent's (ties to the
player nearer the dealer's right, as the engine settles them) is its chance, and it raises
a likely winner and calls when the pot pays for the chance.

Exchanges keep the cards whose random completions most often make the best hand at the
table (the chance of beating each live opponent's exchanged hand, to the power of their
number), which favours drawing to a flush or a tricon against several opponents.
"""

from __future__ import annotations

import time
from itertools import combinations

from . import tactics
from .game import classify
from .strength import showdown_percentile, tables

SAMPLES = 200
TIME_BUDGET = 0.05
COMPLETIONS = 16
RAISE_AT = 0.55
RERAISE_AT = 0.72
BIG_AT = 0.85
FOLLOWED, CALLED, RAISED = 1.0, 1.0, 3.0
PRIOR_SHARE = 0.25  # how much of an exchange count's evidence is left to chance
AVERAGE_PAYMENT = 2  # a winning combination's value, roughly, that a loser pays


def combo_key(hand) -> tuple:
    combo = classify(hand)
    return combo.key if combo else (0,)


def tie_order(view, seat) -> int:
    """Higher for the seat nearer the dealer's right: it wins ties."""
    return -((seat - view["dealer"] - 1) % view["seats"])


def hand_weight(view, seat: int, hand) -> float:
    """How well ``hand`` explains what ``seat`` did this deal."""
    table = tables()
    key = combo_key(hand)
    rank = key[0]
    exchanged = view["exchanged"][seat]
    weight = 1.0
    if exchanged <= 2 and table.rank_prior[rank] > 0:
        shown = table.rank_given_exchange[exchanged][rank]
        weight = ((1 - PRIOR_SHARE) * shown + PRIOR_SHARE * table.rank_prior[rank]) / (
            table.rank_prior[rank]
        )
    # staying in says something, raising more: each is a power on the hand's percentile
    eagerness = FOLLOWED if view["opener"] is not None else 0.0
    if seat == view["last_raiser"]:
        eagerness += RAISED
    elif view["bets"][seat] > view["vade"]:
        eagerness += CALLED
    if eagerness:
        weight *= max(showdown_percentile(hand), 0.01) ** eagerness
    return weight


def equity(view, rng) -> float:
    """Weighted chance that the seat's hand beats every live opponent's."""
    me = view["you"]
    opponents = tactics.live_opponents(view)
    if not opponents:
        return 1.0
    unseen = tactics.unseen_cards(view)
    mine = (combo_key(view["hand"]), tie_order(view, me))
    wins = total = 0.0
    deadline = time.perf_counter() + TIME_BUDGET
    for done in range(SAMPLES):
        if done >= 20 and time.perf_counter() > deadline:
            break
        cards = rng.sample(unseen, 4 * len(opponents))
        weight, best = 1.0, None
        for i, seat in enumerate(opponents):
            hand = cards[4 * i : 4 * i + 4]
            weight *= hand_weight(view, seat, hand)
            theirs = (combo_key(hand), tie_order(view, seat))
            best = theirs if best is None else max(best, theirs)
        total += weight
        wins += weight * (mine > best)
    return wins / total if total else 0.5


def best_exchange(view, rng) -> list[str]:
    """The discard whose completions most often beat every live opponent's hand."""
    low, high = view["legal_actions"][0]["choose"]
    hand = view["hand"]
    unseen = tactics.unseen_cards(view)
    rivals = max(1, len(tactics.live_opponents(view)))
    best, best_score = [], -1.0
    for count in range(low, high + 1):
        for discard in combinations(hand, count):
            kept = [c for c in hand if c not in discard]
            fill = 4 - len(kept)
            tries = COMPLETIONS if fill else 1
            score = 0.0
            for _ in range(tries):
                final = kept + rng.sample(unseen, fill) if fill else kept
                if len(final) == 4:
                    score += showdown_percentile(final) ** rivals
                else:  # a first-phase exchange: two cards, judged by their promise
                    score += tactics.two_card_promise(final) ** rivals
            score = score / tries - 0.001 * count
            if score > best_score:
                best, best_score = list(discard), score
    return best


def winning_bonus(view) -> float:
    """What winning the deal brings besides the pot: the others pay the seat's combination
    (the table's ``combination_payers`` say who), and it pays nobody's."""
    rule = view["options"]["combination_payers"]
    if rule == "none":
        return 0.0
    me = view["you"]
    payers = (
        tactics.live_opponents(view)
        if rule == "remaining"
        else [s for s in view["order"] if s != me]
    )
    mine = (view["combination"] or {}).get("value", 0)
    return len(payers) * mine + AVERAGE_PAYMENT


def choose(view, rng) -> dict:
    """The maître's action."""
    phase = view["phase"]
    if phase in ("exchange1", "exchange2"):
        return {"type": "exchange", "cards": best_exchange(view, rng)}
    if phase == "renvis":
        win = equity(view, rng)
        bonus = winning_bonus(view)
        return tactics.renvis(view, win, RAISE_AT, RERAISE_AT, BIG_AT, bonus)
    return tactics.play(view, rng, "habitue")
