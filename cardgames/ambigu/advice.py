"""The maître's appraisal of an Ambigu decision (``Game.appraise``): what it plays, and the
deal's mean result for the seat after each option it weighs, in jetons, from the seat's
view only.

A value is the seat's expected result of the whole deal, as the deal's ``scores`` count
it: what it has already put in (ante, battez, vade and renvis, the dealer's payment when
nobody opened) taken off what it can expect from here, winning the pots and the
combination the others pay, or paying the winner's combination.

- At the renvis the maître's own search (``search.renvis``: its weighted chance ``w`` of
  holding the best hand against what each opponent showed) prices every line on the pot:
  checking or calling wins it with chance ``w``, folding gives it up, and a raise of
  ``r`` is a call plus what it wins or loses against the hands that call it: above the
  maître's raising line ``t``, 2r(w − t) times the chance e^(−r/r*) that a raise of r is
  called (r* the maître's own raise, where that gain peaks); below it, those who call
  hold better and every jeton of the raise costs 2(t − w).
- Elsewhere (speeches, exchanges, keeping one's discard out of the stock) the maître
  plays set rules, so the appraisal plays the deal out: the hidden hands and the stock
  are dealt from the unseen cards, again and again (``SAMPLES``), every player exchanges
  as a sound player does (``strength.keep_for_exchange``), opens and follows a vade on
  the hand's percentile like the habitué, says "battez" on two promising cards; the
  best hand at the end takes the pots and its combination. The same imagined deals
  value every option of the decision.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..core import fits, to_json
from . import search
from .game import PIPS, UNANSWERED_VADE_FROM_DEALER, classify
from .strength import keep_for_exchange, percentile
from .tactics import two_card_promise, unseen_cards

# Imagined deals per decision outside the renvis: with 200, two appraisals of one decision
# differ by about 0.7 jeton on the gap between two options (measured), and a decision
# costs under 100 ms.
SAMPLES = 200
OPENS_AT = 0.55  # the habitué's opening percentile (tactics.speech2): others open so
FOLLOWS_AT = 0.42  # ... and follow a vade so
BATTEZ_AT, LAST_BATTEZ_AT = 0.6, 0.3  # two cards' promise to say "battez" (tactics.speech1)
DEALER_PAYS = 2  # jetons the dealer puts in the poule when nobody opens
# A loss smaller than this, in jetons, is not marked by a game review: the smallest vade,
# and about three times the noise the imagined deals leave on the gap between two options,
# so a decision marked costs a real stake and is not an accident of the sampling.
REVIEW_THRESHOLD = 2.0


def appraise(view: dict, rng, also: dict | None = None) -> dict | None:
    """The maître's action, each option it weighed with the deal's mean result in jetons
    (``also`` among them), and that result for its own action; None without a choice."""
    legal = view.get("legal_actions") or []
    if not legal or (len(legal) == 1 and not ({"min", "choose"} & set(legal[0]))):
        return None
    if also is not None and not any(fits(entry, also) for entry in legal):
        raise ValueError(f"not a legal action here: {also!r}")
    if view["phase"] == "renvis":
        win, action = search.renvis(view, rng)
        options = renvis_values(view, win, [action, also])
    else:
        action = search.choose(view, rng)
        options = imagined_values(view, rng, [action, also])
    sunk = put_in(view)
    values, by_cards = {}, {}
    for choice, value in options:
        values.setdefault(
            to_json(choice), {"action": choice, "value": round(float(value - sunk), 2)}
        )
        by_cards.setdefault(_same(choice), values[to_json(choice)]["value"])
    for asked in (action, also):  # an exchange named in another order is the same option
        if asked is not None and to_json(asked) not in values:
            values[to_json(asked)] = {"action": asked, "value": by_cards[_same(asked)]}
    points = values[to_json(action)]["value"]
    return {
        "action": action,
        "values": list(values.values()),
        "reason": {"code": "advice.expected_points", "points": points, "unit": "jetons"},
    }


# ----- hands, remembered: the imagined deals meet the same hands again and again -----------------
@lru_cache(maxsize=1 << 16)
def _key(hand: tuple) -> tuple:
    return search.combo_key(hand)


@lru_cache(maxsize=1 << 16)
def _kept(hand: tuple) -> tuple:
    return tuple(keep_for_exchange(list(hand))) if hand else ()


@lru_cache(maxsize=1 << 16)
def _percentile(hand: tuple) -> float:
    return percentile(hand)


@lru_cache(maxsize=1 << 16)
def _value(hand: tuple, fredon_prime: bool) -> int:
    combo = classify(hand, fredon_prime)
    return combo.value if combo else 0


def strength(hand) -> float:
    """The hand's percentile among random hands (``strength.percentile``)."""
    return _percentile(tuple(sorted(hand)))


def _same(action: dict) -> str:
    """An action as compared: the cards of an exchange in any order."""
    if "cards" in action:
        return to_json(action | {"cards": sorted(action["cards"])})
    return to_json(action)


# ----- money -------------------------------------------------------------------------------------
def put_in(view) -> int:
    """What the seat has put in this deal so far (its result if it won nothing more)."""
    me = view["you"]
    sunk = view["options"]["ante"] + view["bets"][me]
    if view["battez"] == me:
        sunk += view["options"]["battez_stake"]
    if view["dealer"] == me:
        sunk += view["dealer_paid"]
    return sunk


def pot(view) -> int:
    return view["poule"] + view["batterie"] + view["renvis"]


def combination_value(view, hand) -> int:
    return _value(tuple(sorted(hand)), view["options"]["fredon_prime"])


def payers(view, live: list[int]) -> int:
    """How many pay the winner's combination when the seat wins with ``live`` still in."""
    rule = view["options"]["combination_payers"]
    if rule == "all":
        return len(view["order"]) - 1
    return len(live) - 1 if rule == "remaining" else 0


def pays(view, still_in: bool) -> bool:
    """Whether the seat pays the winner's combination when it loses."""
    rule = view["options"]["combination_payers"]
    return rule == "all" or (rule == "remaining" and still_in)


# ----- the renvis: the maître's search ------------------------------------------------------------
def renvis_values(view, win: float, wanted) -> list[tuple[dict, float]]:
    me, legal = view["you"], view["legal_actions"]
    live = [s for s in view["order"] if not view["folded"][s]]
    bonus = payers(view, live) * ((view["combination"] or {}).get("value", 0))
    paying = search.AVERAGE_PAYMENT if pays(view, True) else 0
    to_call, stack = view["to_call"], view["stacks"][me]

    def showdown(cost):
        return win * (pot(view) + cost + bonus) - cost - (1 - win) * paying

    options = []
    for entry in legal:
        kind = entry["type"]
        if kind == "fold":
            options.append(({"type": "fold"}, -search.AVERAGE_PAYMENT if pays(view, False) else 0))
        elif kind in ("check", "call", "tapis"):
            cost = {"check": 0, "call": to_call, "tapis": stack}[kind]
            options.append(({"type": kind}, showdown(cost)))
        elif kind == "renvi":
            amounts = {a["amount"] for a in wanted if a is not None and a["type"] == "renvi"}
            amounts.add(_maitre_renvi(view, win, entry))
            for amount in sorted(amounts):
                options.append(
                    ({"type": "renvi", "amount": amount}, _renvi(view, win, amount, showdown))
                )
    return options


def _maitre_renvi(view, win: float, entry: dict) -> int:
    """The amount the maître raises by when it raises (``tactics.renvis``)."""
    share = 1.2 if win >= search.BIG_AT else (0.3 + win) / 2
    amount = max(entry["min"], view["to_call"] + int(pot(view) * share))
    return min(amount, entry["max"])


def _renvi(view, win: float, amount: int, showdown) -> float:
    to_call = view["to_call"]
    line = search.RAISE_AT if to_call == 0 and view["last_raiser"] is None else search.RERAISE_AT
    entry = next(e for e in view["legal_actions"] if e["type"] == "renvi")
    best = max(1, _maitre_renvi(view, win, entry) - to_call)
    raised = amount - to_call
    if win >= line:
        return showdown(to_call) + 2 * raised * (win - line) * math.exp(-raised / best)
    return showdown(to_call) + 2 * raised * (win - line)


# ----- elsewhere: imagined deals -----------------------------------------------------------------
class Deal:
    """One imagined deal: every live hand (the opponents' dealt from the unseen cards), the
    stock, the cards thrown since, and the jetons put in from now on."""

    def __init__(self, view, cards: list[str], rng):
        self.view, self.rng = view, rng
        self.me = view["you"]
        self.hands: dict[int, list[str]] = {}
        at = 0
        for seat in view["order"]:
            if view["folded"][seat]:
                continue
            if seat == self.me:
                self.hands[seat] = list(view["hand"])
            else:
                size = view["hand_sizes"][seat]
                self.hands[seat] = cards[at : at + size]
                at += size
        self.stock = cards[at:]
        self.thrown: list[str] = []
        self.cost = 0  # the seat's jetons put in from now on
        self.added = 0  # the others' jetons put in from now on

    def copy(self) -> Deal:
        other = object.__new__(Deal)
        other.__dict__ = dict(self.__dict__)
        other.hands = {s: list(h) for s, h in self.hands.items()}
        other.stock, other.thrown = list(self.stock), list(self.thrown)
        return other

    def draw(self, count: int, seat: int | None = None) -> list[str]:
        """``count`` cards from the stock: the seat's own from its bottom, the others' from
        its top, so that what the seat chooses does not change what the others draw (the
        options of a decision then differ by the seat's own cards only)."""
        if len(self.stock) < count:  # the stock runs out: the discards are shuffled in
            self.rng.shuffle(self.thrown)
            self.stock = self.thrown + self.stock
            self.thrown = []
        if seat == self.me:
            taken = self.stock[len(self.stock) - count :] if count else []
            self.stock = self.stock[: len(self.stock) - len(taken)]
        else:
            taken, self.stock = self.stock[:count], self.stock[count:]
        return taken

    def exchange(self, seat: int, discard=None, least: int = 0) -> None:
        """``seat`` throws ``discard`` (by default what a sound player throws) and draws."""
        hand = self.hands[seat]
        if discard is None:
            kept = _kept(tuple(sorted(hand)))
            discard = sorted((c for c in hand if c not in kept), key=lambda c: PIPS[c[0]])
            while len(discard) < least:
                discard.append(min((c for c in hand if c not in discard), key=lambda c: PIPS[c[0]]))
        self.hands[seat] = [c for c in hand if c not in discard] + self.draw(len(discard), seat)
        self.thrown += discard

    def exchanges(self, seats, least: int = 0) -> None:
        for seat in seats:
            if seat in self.hands:
                self.exchange(seat, least=least)

    def deal_two(self) -> None:
        for seat in self.view["order"]:
            if seat in self.hands:
                self.hands[seat] = self.hands[seat] + self.draw(2, seat)

    def fold(self, seat: int) -> None:
        self.hands.pop(seat, None)

    def result(self, me_in: bool = True) -> float:
        """The seat's jetons from now on once the hands still in are compared."""
        view = self.view
        live = [s for s in self.hands if s != self.me or me_in]
        best = max(
            live, key=lambda s: (_key(tuple(sorted(self.hands[s]))), search.tie_order(view, s))
        )
        if best == self.me:
            won = pot(view) + self.cost + self.added
            return won + payers(view, live) * combination_value(view, self.hands[best]) - self.cost
        paid = combination_value(view, self.hands[best]) if pays(view, me_in) else 0
        return -paid - self.cost


def likelihood(view, deal) -> float:
    """How well the imagined hands explain what each opponent did this deal: passing the
    first speech on two cards that did not promise, opening or following a vade on a hand
    above the line a sound player draws, passing before a vade on one below it; once a
    player has exchanged for the renvis, the maître's own reading (``search.hand_weight``:
    the cards exchanged, staying in). What contradicts a hand keeps ``LEAK`` of its
    weight: players do not all play by the lines."""
    me, phase, opener = view["you"], view["phase"], view["opener"]
    order, weight = view["order"], 1.0
    second = view["phase_number"] == 2
    for seat, hand in deal.hands.items():
        if seat == me:
            continue
        before_me = order.index(seat) < order.index(me)
        if phase == "speech1" and before_me:
            weight *= _fits(two_card_promise(hand) < BATTEZ_AT)
        elif second and phase != "speech2" and before_me:
            weight *= search.hand_weight(view, seat, hand)
        elif second or phase == "speech2":
            shown = strength(hand)
            if seat == opener:
                weight *= _fits(shown >= OPENS_AT)
            elif view["bets"][seat] > 0:
                weight *= _fits(shown >= FOLLOWS_AT)
            elif _passed_first(view, seat, before_me):
                weight *= _fits(shown < OPENS_AT)
    return weight


def _passed_first(view, seat: int, before_me: bool) -> bool:
    """Did ``seat`` pass before anyone opened the vade?"""
    order, opener = view["order"], view["opener"]
    if opener is None:
        return before_me
    return order.index(seat) < order.index(opener)


LEAK = 0.1  # the weight left to a hand that contradicts what its player did


def _fits(agrees: bool) -> float:
    return 1.0 if agrees else LEAK


def after(view, seats_from: int) -> list[int]:
    """The seats after ``seats_from`` in the order of play, to the end of the order."""
    order = view["order"]
    return order[order.index(seats_from) + 1 :]


def around(view, start: int, stop: int) -> list[int]:
    """The seats from ``start`` (excluded) round to ``stop`` (excluded), in order of play."""
    order = view["order"]
    i, seats = order.index(start), []
    for step in range(1, len(order)):
        seat = order[(i + step) % len(order)]
        if seat == stop:
            break
        seats.append(seat)
    return seats


def imagined_values(view, rng, wanted) -> list[tuple[dict, float]]:
    """Each option's mean result from now on over the same imagined deals."""
    plans = PLANS[view["phase"]](view, wanted)
    unseen = unseen_cards(view)
    totals, weights = [0.0] * len(plans), 0.0
    for _ in range(SAMPLES):
        cards = list(unseen)
        rng.shuffle(cards)
        deal = Deal(view, cards, rng)
        weight = likelihood(view, deal)
        weights += weight
        for i, (_, plan) in enumerate(plans):
            totals[i] += weight * plan(deal.copy())
    options = [(action, total / weights) for (action, _), total in zip(plans, totals, strict=True)]
    recave = next((e for e in view["legal_actions"] if e["type"] == "recave"), None)
    if recave:  # a recave changes nothing of the deal: worth the best play after it
        best = max(value for _, value in options)
        for action in [{"type": "recave", "amount": recave["max"]}, *wanted]:
            if action is not None and action["type"] == "recave":
                options.append((action, best))
    return options


# ----- the plans of each phase: option -> its result on an imagined deal --------------------------
def speech1_plans(view, wanted):
    me, options = view["you"], view["options"]
    last = view["exchange_rounds"] >= options["exchange_rounds"]
    stake = options["battez_stake"]

    def battez(deal):
        deal.cost += stake
        return _second_phase(deal)

    def passing(deal):
        for seat in after(view, me):
            if two_card_promise(deal.hands[seat]) >= (LAST_BATTEZ_AT if last else BATTEZ_AT):
                deal.added += stake  # somebody else says "battez"
                return _second_phase(deal)
        if last:
            return 0.0  # everybody passed the last time: the deal is abandoned
        deal.exchanges(view["order"])
        return _second_phase(deal)

    plans = [({"type": "pass"}, passing)]
    if any(e["type"] == "battez" for e in view["legal_actions"]):
        plans.append(({"type": "battez"}, battez))
    return plans


def _second_phase(deal) -> float:
    """Two more cards each, the second exchange for everybody, the showdown."""
    deal.deal_two()
    deal.exchanges(deal.view["order"], deal.view["options"]["exchange_min"])
    return deal.result()


def exchange_plans(view, wanted):
    hand = list(view["hand"])
    legal = view["legal_actions"][0]
    low, high = legal["choose"]
    kept = keep_for_exchange(hand)
    sound = sorted((c for c in hand if c not in kept), key=lambda c: PIPS[c[0]])
    # The actions asked about first, so that the values name them as they were given.
    choices = [a["cards"] for a in wanted if a is not None and a["type"] == "exchange"]
    choices += [sound, [], hand] if view["phase"] == "exchange2" else _subsets(hand)
    plans, seen = [], set()
    for cards in choices:
        key = tuple(sorted(cards))
        if key in seen or not low <= len(cards) <= high:
            continue
        seen.add(key)
        plans.append(({"type": "exchange", "cards": list(cards)}, _exchanging(view, list(cards))))
    return plans


def _subsets(hand) -> list[list[str]]:
    found = [[]]
    for card in hand:
        found += [subset + [card] for subset in found]
    return found


def _exchanging(view, cards):
    me = view["you"]

    def plan(deal):
        deal.exchange(me, cards)
        return _rest_of_exchange(deal)

    return plan


def _rest_of_exchange(deal) -> float:
    """The players after the seat exchange; then, in the first phase, the second."""
    view = deal.view
    if view["phase_number"] == 1:
        deal.exchanges(after(view, view["you"]))
        return _second_phase(deal)
    deal.exchanges(after(view, view["you"]), view["options"]["exchange_min"])
    return deal.result()


def keep_plans(view, wanted):
    me = view["you"]
    need = (2 if view["phase_number"] == 1 else 4) - len(view["hand"])

    def refill(mixed: bool):
        def plan(deal):
            if mixed:  # one's own discards go back into the stock with the others'
                deal.stock += list(view["my_discards"] or [])
                deal.rng.shuffle(deal.stock)
            deal.hands[me] = deal.hands[me] + deal.draw(need, me)
            return _rest_of_exchange(deal)

        return plan

    return [({"type": "keep"}, refill(False)), ({"type": "mix"}, refill(True))]


def speech2_plans(view, wanted):
    legal = view["legal_actions"]
    vade = next((e for e in legal if e["type"] == "vade"), None)
    if vade:
        amounts = {vade["min"], vade["max"]}
        amounts.update(a["amount"] for a in wanted if a is not None and a["type"] == "vade")
        plans = [({"type": "pass"}, _not_opening)]
        plans += [({"type": "vade", "amount": a}, _opening(a)) for a in sorted(amounts)]
        return plans
    plans = [({"type": "pass"}, _following(False))]
    for kind in ("follow", "tapis"):
        if any(e["type"] == kind for e in legal):
            plans.append(({"type": kind}, _following(True)))
    return plans


def _answers(deal, seats, amount: int) -> None:
    """Each of ``seats`` follows a vade of ``amount`` with a hand above ``FOLLOWS_AT``."""
    for seat in seats:
        if seat not in deal.hands or seat == deal.me:
            continue
        if strength(deal.hands[seat]) >= FOLLOWS_AT:
            deal.added += min(amount, deal.view["stacks"][seat])
        else:
            deal.fold(seat)


def _opening(amount: int):
    def plan(deal):
        view, me = deal.view, deal.me
        deal.cost += amount
        _answers(deal, around(view, me, me), amount)
        if len(deal.hands) == 1:  # unanswered: the vade back, the batterie, the dealer pays
            return view["batterie"] + (UNANSWERED_VADE_FROM_DEALER if view["dealer"] != me else 0)
        deal.exchanges(view["order"], view["options"]["exchange_min"])
        return deal.result()

    return plan


def _not_opening(deal) -> float:
    view, me = deal.view, deal.me
    for seat in after(view, me):
        if strength(deal.hands[seat]) >= OPENS_AT:  # somebody opens after the seat
            amount = 2
            deal.added += amount
            _answers(deal, [s for s in around(view, seat, seat) if s != me], amount)
            if strength(deal.hands[me]) < search.FOLLOW_AT:
                return _folded(deal)
            deal.cost += amount
            deal.exchanges(view["order"], view["options"]["exchange_min"])
            return deal.result()
    if view["options"]["no_opening"] == "abandon":
        return 0.0
    if view["dealer"] == me:
        deal.cost += DEALER_PAYS
    else:
        deal.added += DEALER_PAYS
    return deal.result()  # straight to the renvis, without a second exchange


def _following(follows: bool):
    def plan(deal):
        view, me = deal.view, deal.me
        if follows:
            deal.cost += min(view["vade"], view["stacks"][me])
        _answers(deal, around(view, me, view["opener"]), view["vade"])
        if not follows:
            return _folded(deal)
        deal.exchanges(view["order"], view["options"]["exchange_min"])
        return deal.result()

    return plan


def _folded(deal) -> float:
    """The seat gives the deal up: it still pays the winner's combination if the table's
    rule makes everyone dealt in pay."""
    deal.fold(deal.me)
    if len(deal.hands) > 1:
        deal.exchanges(deal.view["order"], deal.view["options"]["exchange_min"])
    return deal.result(me_in=False) if deal.hands else -deal.cost


PLANS = {
    "speech1": speech1_plans,
    "exchange1": exchange_plans,
    "exchange2": exchange_plans,
    "keep": keep_plans,
    "speech2": speech2_plans,
}
