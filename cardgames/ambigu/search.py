"""The maître of Ambigu: its chances judged against what each opponent has shown.

At the renvis, the cards the seat has not seen are dealt to the opponents still in, again
and again, and each imagined deal is weighted by how well it explains what they did: how
many cards each exchanged (read through ``strength.Tables.rank_given_exchange``: a player
who stood pat likely holds a prime or better, one who drew a card a point or a sequence
draw), who opened the vade, who raised last and who put in more than the vade. The
weighted share of deals in which the seat's hand beats every opponent's (ties to the
player nearer the dealer's right, as the engine settles them) is its chance, and it raises
a likely winner and calls when the pot pays for the chance.

At the second speech it opens the vade only with a near-certain winner and follows a vade
with a hand in the better half: opening tells the table what one holds, and players who
follow only with a good hand make an opened vade cost more than it brings (measured
against threshold players, 500 duplicate deals: opening from the top 40 % of hands
-0.08 jetons a deal, from the top 10 % +0.38, only the top 2 % +0.77, never +0.83; following
from the top half rather than the top 40 % +0.1).

Exchanges and the first speech are the habitué's: keeping the combination one holds wins more
showdowns than chasing the best completion (measured: a maître that chased won a
showdown in 6 % of its deals against threshold players, 9 % once it kept its hand).
"""

from __future__ import annotations

from ..budget import Budget
from . import tactics
from .game import classify
from .strength import percentile, showdown_percentile, tables

# The work budget: imagined deals at the renvis, not a clock, so the chance (and the
# decision) is the same on a busy server as on a quiet one (``cardgames.budget``). A deal's
# cost grows with the opponents still in (one hand each to classify and weigh), from 1 to
# 5, but even 200 deals against five cost about 20 ms of CPU on a quiet machine, and
# fewer deals would blur the chance exactly where the field is widest: so deals, not hands.
SAMPLES = 200
RAISE_AT = 0.55
RERAISE_AT = 0.72
BIG_AT = 0.85
FOLLOWED, CALLED, RAISED = 1.0, 1.0, 3.0
PRIOR_SHARE = 0.25  # how much of an exchange count's evidence is left to chance
AVERAGE_PAYMENT = 2  # a winning combination's value, roughly, that a loser pays
OPEN_AT = 0.98  # the hand's percentile among random hands to open the vade
FOLLOW_AT = 0.5  # ... to follow a vade
FOLLOW_CHEAP_AT = 0.4  # ... to follow a vade worth at most a third of the pot


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
    budget = Budget(SAMPLES)
    while budget.left():
        budget.spend()
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


def speech2(view) -> dict:
    """Open the vade only with a near-certain winner; follow with the better half."""
    legal = view["legal_actions"]
    strength = percentile(view["hand"])
    vade = tactics.template(legal, "vade")
    if vade:
        if strength >= OPEN_AT:
            return {"type": "vade", "amount": vade["min"]}
        return {"type": "pass"}
    pot = view["poule"] + view["batterie"] + view["renvis"]
    wanted = FOLLOW_CHEAP_AT if view["vade"] * 3 <= pot else FOLLOW_AT
    if strength >= wanted:
        for kind in ("follow", "tapis"):
            if tactics.template(legal, kind):
                return {"type": kind}
    return {"type": "pass"}


def renvis(view, rng) -> tuple[float, dict]:
    """The seat's weighted chance of holding the best hand (``equity``) and the renvis
    action it leads to: the maître's play and what its appraisal weighs (``advice``)."""
    win = equity(view, rng)
    bonus = winning_bonus(view)
    return win, tactics.renvis(view, win, RAISE_AT, RERAISE_AT, BIG_AT, bonus)


def choose(view, rng) -> dict:
    """The maître's action."""
    phase = view["phase"]
    if phase == "speech2":
        return speech2(view)
    if phase == "renvis":
        return renvis(view, rng)[1]
    return tactics.play(view, rng, "habitue")
