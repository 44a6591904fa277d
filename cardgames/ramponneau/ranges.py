"""What each opponent may hold: ranges read from position and the public betting.

Before the flop a range is a weight per starting-hand class ("AKs": 1.0, "72o": 0.0),
taken as the top part of one of two orders of the 169 classes (``tables.py``): the play
order for opening and calling, the all-in order for shoves. Its width follows from the
opponent's position and what they did: an open from the button is wide, a 4-bet narrow,
an all-in for 100 big blinds over a small open wider than a sane 4-bet would be (players
who move in that deep without need are loose, which is what a seat can assume without
having watched them). Once the table has watched a player (``view["stats"]``, read by
``reads.py``), what it saw takes over: an all-in's width is the frequency that player
moved in with (never narrower than the push-or-fold equilibrium), an open's and a
re-raise's are scaled to how often it opens and re-raises.

After the flop a range is a weight per two-card combination. Each betting action the
opponent took on each street multiplies it by how likely a typical player is to take that
action with that combination, judged by its strength on that street's board (``scores``):
calls keep the hands that beat the price, bets and raises keep strong hands, draws and a
few bluffs, checks keep most hands but fewer of the strongest. The same model predicts how
often a range folds to a bet, which is what makes bluffs and value bets comparable. A
player the table watched bet, raise or fold to bets more or less often than the typical
player moves these lines by the difference (``Habits``).
"""

from __future__ import annotations

import math
from bisect import bisect_left

from .. import poker
from . import reads, tables
from .situation import Spot

CLASS_INDEX = {name: i for i, name in enumerate(poker.CLASS_NAMES)}
COMBO_CLASS = [CLASS_INDEX[poker.hand_class(c)] for c in poker.HOLE_COMBOS]
ORDERS = {"play": tables.PLAY_ORDER, "allin": tables.ALLIN_ORDER}


def _decoded(table: dict[str, str]) -> dict[str, tuple[float, ...]]:
    return {name: tuple(int(x) / 1000 for x in row.split()) for name, row in table.items()}


TOP_TABLES = {"play": _decoded(tables.VERSUS_PLAY_TOP), "allin": _decoded(tables.VERSUS_ALLIN_TOP)}
VERSUS_RANDOM = _decoded(tables.VERSUS_RANDOM)

# Opening widths (share of all hands) by how many seats speak after the opener.
OPEN_WIDTH = {1: 0.45, 2: 0.45, 3: 0.28, 4: 0.21, 5: 0.17, 6: 0.14, 7: 0.12, 8: 0.11, 9: 0.1}
HEADS_UP_OPEN = 0.8
# Opponents at a tavern open somewhat wider than a careful player does.
LOOSENESS = 1.0
# Widths assumed for an all-in far deeper than needed (no earlier raise), by seats behind.
OVERSHOVE = {0: 0.55, 1: 0.55, 2: 0.45, 3: 0.35, 4: 0.35}


# ----- widths and class ranges before the flop ------------------------------------------------
def open_width(behind: int, dealt: int) -> float:
    """The share of hands a sound player opens with ``behind`` seats left to speak."""
    if dealt == 2:
        return HEADS_UP_OPEN
    return OPEN_WIDTH.get(behind, 0.1)


def push_width(depth_bb: float, behind: int) -> float:
    """Roughly the push-or-fold (Nash) range of an unopened all-in of ``depth_bb``."""
    width = min(1.0, 5.5 / max(depth_bb, 1.0))
    return width * 0.62 ** max(0, behind - 1)


def shove_width(depth_bb: float, behind: int) -> float:
    """The range assumed for an unopened all-in at this depth from this seat."""
    return max(push_width(depth_bb, behind), OVERSHOVE.get(behind, 0.28))


def usual_open_rate(dealt: int) -> float:
    """How often a sound player opens when the pot comes to it unopened, over the seats."""
    if dealt == 2:
        return HEADS_UP_OPEN
    widths = [open_width(behind, dealt) for behind in range(1, dealt)]
    return sum(widths) / len(widths)


def top(width: float, order: str = "play") -> dict[str, float]:
    """The top ``width`` of an order as class weights (the last class in part)."""
    room = max(0.0, min(1.0, width)) * len(poker.HOLE_COMBOS)
    weights = {}
    for name in ORDERS[order]:
        if room <= 0:
            break
        size = len(poker.CLASS_COMBOS[name])
        weights[name] = min(1.0, room / size)
        room -= size
    return weights


def rank_share(name: str, order: str = "play") -> float:
    """Where a class sits in an order: the share of all hands ranked above it, plus half
    its own (0 for aces, nearly 1 for the worst hand)."""
    return _SHARES[order][name]


def _shares(order) -> dict[str, float]:
    shares, seen = {}, 0
    total = len(poker.HOLE_COMBOS)
    for name in order:
        size = len(poker.CLASS_COMBOS[name])
        shares[name] = (seen + size / 2) / total
        seen += size
    return shares


_SHARES = {key: _shares(order) for key, order in ORDERS.items()}


def equity_against_top(name: str, width: float, order: str = "play") -> float:
    """All-in equity of class ``name`` against the top ``width`` of an order (tables)."""
    widths = tables.WIDTHS
    row = TOP_TABLES[order][name]
    width = max(widths[0], min(1.0, width))
    at = bisect_left(widths, width)
    if widths[at] == width:
        return row[at]
    low, high = widths[at - 1], widths[at]
    part = (width - low) / (high - low)
    return row[at - 1] + part * (row[at] - row[at - 1])


def capped(weights: dict[str, float], width: float, keep: float, order="play") -> dict:
    """``weights`` with the top ``width`` of an order cut to ``keep``: a range that
    would have raised its best hands rather than called."""
    best = top(width, order)
    return {name: w * (1 - best.get(name, 0.0) * (1 - keep)) for name, w in weights.items()}


# ----- reading the betting before the flop ---------------------------------------------------
def preflop_raises(spot: Spot) -> list[dict]:
    """The raises before the flop, each with the range assumed for it: ``width`` of the
    ``order``, the chances of the raiser's the table saw behind that width (``seen``), and
    the history entry's ``seat``, ``amount``, ``all_in``."""
    raises: list[dict] = []
    level = spot.bb
    for entry in spot.actions(0):
        if entry["type"] != "raise":
            continue
        width, seen = _raise_width(spot, entry, raises, level)
        order = "allin" if entry.get("all_in") or raises else "play"
        raises.append(dict(entry, width=width, order=order, seen=seen))
        level = entry["amount"]
    return raises


def preflop_range(spot: Spot, seat: int) -> dict[str, float]:
    """Class weights for ``seat`` from its preflop actions so far (all hands if none)."""
    raises = 0
    widths: list[float] = []
    weights: dict[str, float] | None = None
    read = iter(preflop_raises(spot))
    for entry in spot.actions(0):
        kind = entry["type"]
        if kind == "raise":
            assumed = next(read)
            if entry["seat"] == seat:
                weights = top(assumed["width"], assumed["order"])
            widths.append(assumed["width"])
            raises += 1
        elif entry["seat"] == seat and kind == "call":
            weights = _call_range(spot, seat, raises, widths)
        elif entry["seat"] == seat and kind == "check":
            weights = capped(top(1.0), 0.12, 0.3)
    return top(1.0) if weights is None else weights


def _raise_width(spot: Spot, entry: dict, before: list[dict], level: int) -> tuple[float, int]:
    """The width assumed for a raise, given the raises ``before`` it, and how many of the
    raiser's chances the table saw behind that width (0: an assumption alone)."""
    depth = entry["amount"] / spot.bb
    behind = spot.behind_preflop(entry["seat"])
    if not before:
        if entry.get("all_in") and depth > 6:
            # What the table saw of this player's unopened all-ins, from the loose
            # overshove assumed of a stranger, never below the equilibrium (reads.py).
            assumed = shove_width(depth, behind)
            return reads.open_shove_width(spot.view, entry["seat"], assumed, depth, behind)
        width = LOOSENESS * open_width(behind, len(spot.order))
        usual = usual_open_rate(len(spot.order))
        width *= reads.open_scale(spot.view, entry["seat"], usual)
        return max(0.02, min(0.95, width)), reads.seen(spot.view, entry["seat"], "open_chances")
    if len(before) == 1:
        three = max(0.03, min(0.1, 0.2 * before[0]["width"]))
        if entry.get("all_in"):
            # Moving in over an open: short, it is a restealing range; deep and many
            # times the open, the loose overshove; either read against what the table
            # saw of this player's all-ins over a raise.
            assumed = three
            if depth <= 25:
                assumed = max(three, min(0.3, 3.0 / depth))
            elif entry["amount"] >= 8 * level:
                assumed = max(three, 0.3)
            return reads.reshove_width(spot.view, entry["seat"], assumed)
        # A player the table saw re-raise often re-raises wide.
        return reads.reraise_width(spot.view, entry["seat"], three)
    if len(before) == 2:
        return (0.06 if entry.get("all_in") else 0.035), 0
    return 0.03, 0


# Re-shoving 100 big blinds over an open is rare in sound play: what a stranger is assumed
# to do, until the table sees otherwise.
RESHOVE_PRIOR = 0.03
THREAT = 0.35  # below this chance of an all-in answer, an open is an ordinary open


def reshove_threat(spot: Spot) -> tuple[float, float]:
    """For an open from ``spot.me`` in an unopened pot: the chance that someone left to
    speak moves all in over it, by what the table saw of them, and the range of the
    likeliest one (its width of the all-in order)."""
    speaking = spot.preflop_sequence()
    after = speaking[speaking.index(spot.me) + 1 :]
    none, widest = 1.0, 0.0
    for seat in after:
        if spot.view["folded"][seat] or not spot.stacks[seat]:
            continue
        counts = reads.seat_stats(spot.view, seat)
        chance = reads.rate(counts, "reshoves", "faced_raise", RESHOVE_PRIOR)
        none *= 1.0 - chance
        widest = max(widest, chance)
    return 1.0 - none, widest


def open_against_shoves(spot: Spot, name: str, amount: float) -> float | None:
    """Against players who move all in over most opens: the chips an open to ``amount``
    is worth (against folding now), counting the all-in answer as called when the hand's
    equity pays for it and folded otherwise; ``None`` when the threat is small and an
    open is an ordinary open."""
    chance, width = reshove_threat(spot)
    if chance < THREAT:
        return None
    put = max(amount, spot.bb) - spot.bet
    deep = spot.effective()  # all either of us has: what a shove and its call put in
    final = spot.pot - spot.bet - spot.bb + 2 * deep  # the blinds of the others too
    equity = equity_against_top(name, width, "allin")
    answered = max(-put, equity * final - (deep - spot.bet))
    # Unanswered, an open takes the blinds often enough to be worth about half the pot.
    return chance * answered + (1.0 - chance) * 0.5 * spot.pot


def _call_range(spot, seat, raises, widths) -> dict[str, float]:
    if raises == 0:
        width = 0.6 if seat == spot.view["small_blind_seat"] else 0.45
        return capped(top(width), 0.04, 0.35)
    raiser = widths[-1]
    if raises == 1:
        if seat == spot.view["big_blind_seat"]:
            width = min(0.65, 1.6 * raiser + 0.1)
        else:
            width = min(0.3, raiser)
        return capped(top(width), 0.25 * raiser, 0.4)
    return capped(top(min(0.2, 2 * raiser), "allin"), 0.4 * raiser, 0.5, "allin")


# ----- after the flop: combinations scored on a board ----------------------------------------
def _straight_outs_table() -> list[int]:
    straight = poker._STRAIGHT
    table = [0] * (1 << 13)
    for mask in range(1 << 13):
        if straight[mask] < 0:
            table[mask] = sum(1 for r in range(13) if straight[mask | 1 << r] >= 0)
    return table


STRAIGHT_OUTS = _straight_outs_table()
RANK_BIT = {c: 1 << poker.RANK_ORDER.index(c[0]) for c in poker.CARDS}


def _draw_reader(board):
    """A function telling, for a combination, (flush draw?, straight outs it adds)."""
    suits = {s: sum(1 for c in board if c[1] == s) for s in "cdhs"}
    board_mask = 0
    for c in board:
        board_mask |= RANK_BIT[c]
    board_outs = STRAIGHT_OUTS[board_mask]

    def read(a, b):
        flush = suits[a[1]] + (b[1] == a[1]) == 3 or (b[1] != a[1] and suits[b[1]] == 3)
        outs = STRAIGHT_OUTS[board_mask | RANK_BIT[a] | RANK_BIT[b]] - board_outs
        return flush, outs

    return read


def _made_shares(values) -> list[float]:
    """Each value's share of the values below it (ties half), by one sort."""
    ordered = sorted(values)
    n = len(ordered)
    share = {}
    start = 0
    for i in range(1, n + 1):
        if i == n or ordered[i] != ordered[start]:
            share[ordered[start]] = (start + (i - start) / 2) / n
            start = i
    return [share[v] for v in values]


def reading(board, combos) -> tuple[list[float], list[bool]]:
    """How strong each combination is on ``board`` (0 to 1), and which hold a draw.

    The made hand counts as the share of all combinations it beats (ties half); on the
    flop and turn a flush draw or an open-ended straight draw lifts a weak hand to where a
    player would treat it (worth a call, sometimes a bet), a gutshot a little.
    """
    made = _made_shares(poker.evaluate_holes(board, combos))
    if len(board) == 5:
        return made, [False] * len(combos)
    flop = len(board) == 3
    read = _draw_reader(board)
    strengths, drawing = [], []
    for (a, b), strength in zip(combos, made, strict=True):
        flush, outs = read(a, b)
        if not flush and not outs:
            strengths.append(strength)
            drawing.append(False)
            continue
        draw = (0.62 if flop else 0.55) if flush else 0.0
        if outs >= 2:
            draw = max(draw, 0.58 if flop else 0.5) + (0.1 if flush else 0.0)
        elif outs == 1:
            draw = max(draw, strength + 0.06)
        strengths.append(max(strength, min(0.95, draw)))
        drawing.append(flush or outs >= 2)
    return strengths, drawing


def scores(board, combos) -> list[float]:
    """How strong each combination is on ``board``, from 0 to 1 (see ``reading``)."""
    return reading(board, combos)[0]


def draws(board, combos) -> list[bool]:
    """Which combinations hold a flush draw or an open-ended straight draw."""
    if len(board) >= 5:
        return [False] * len(combos)
    read = _draw_reader(board)
    found = []
    for a, b in combos:
        flush, outs = read(a, b)
        found.append(flush or outs >= 2)
    return found


def logit(strength: float) -> float:
    """Strength on the log-odds scale, where the top of the scale spreads out: a set
    (0.99) and top pair (0.93) are as far apart as top pair and a weak pair (0.6)."""
    strength = min(0.999, max(0.001, strength))
    return math.log(strength / (1.0 - strength))


SOFTNESS = 0.45  # how gradually a player's choice changes with strength, in log-odds


def _chances(logits, line: float) -> list[float]:
    """The chance each combination is on the strong side of ``line`` (a strength)."""
    edge = logit(line)
    exp = math.exp
    scale = 1.0 / SOFTNESS
    # Log-odds are clamped to about ±7, so the exponent stays far from overflowing.
    return [1.0 / (1.0 + exp((edge - x) * scale)) for x in logits]


def call_threshold(fraction: float) -> float:
    """The strength a typical player wants to call a bet of ``fraction`` of the pot: the
    top 63 % of hands against a third of the pot, half against the pot, then fast fewer
    (a tenth against ten times the pot: nobody calls off a stack with a weak pair)."""
    if fraction <= 1.0:
        return 0.3 + 0.2 * fraction
    return 1.0 - 0.5 / fraction**0.8


def call_chances(logits, fraction: float, shift: float = 0.0) -> list[float]:
    """How likely a typical player calls (or raises) a bet of ``fraction`` of the pot
    with each combination (``logits``: their strengths through ``logit``); ``shift``
    raises the strength it wants (a player seen folding more than most: ``Habits``)."""
    return _chances(logits, min(0.98, max(0.05, call_threshold(fraction) + shift)))


def bet_chances(
    logits, is_draw, fraction: float, raised: int, street: int, continuing=False, shift=0.0
):
    """How likely a typical player bets ``fraction`` of the pot with each combination,
    after ``raised`` bets and raises in the street: strong hands, some draws, a few
    bluffs (fewer on the turn and river, where most players bet for value); many more
    bluffs for a ``continuing`` bet (the flop bet of the player who raised before it);
    raises, and raises of raises, far stronger. ``shift`` raises the strength it bets
    (a player seen betting less often than most: ``Habits``)."""
    step = min(raised, 2)
    line = (0.7, 0.9, 0.96)[step] + 0.03 * fraction / (1 + fraction)
    line = min(0.98, max(0.3, line + shift))
    first = 0.45 if continuing else (0.12 if street == 1 else 0.06)
    bluff = (first, 0.03, 0.01)[step]
    drawing = (0.4 if street == 1 else 0.25, 0.15, 0.05)[step]
    return [
        max(chance, drawing if d else bluff)
        for chance, d in zip(_chances(logits, line), is_draw, strict=True)
    ]


def check_chances(logits) -> list[float]:
    """How likely a typical player checks each combination: most, but fewer strong ones."""
    return [1.0 - 0.7 * c for c in _chances(logits, 0.8)]


COMBO_CLASS_NAME = {combo: poker.hand_class(combo) for combo in poker.HOLE_COMBOS}
BOARD_SIZES = (0, 3, 4, 5)


# Some players bet, call and raise with little regard to their cards. They are few, but a
# model of sane ranges alone misses them entirely: every improbable bet (a huge raise the
# sane model keeps for the nuts) makes them likelier. Each range is a mixture of the sane
# model and such a wild player, weighted by how well each explains the actions seen.
WILD_PRIOR = 0.05
WILD_CHANCES = {"check": 0.35, "call": 0.35, "bet": 0.35, "raise": 0.3}
WILD_CONTINUES = 0.6  # how often a wild player calls or raises a bet


# What the model's typical player does, in the terms of the table's statistics; a player
# the table watched doing otherwise moves the model's lines by SWAY of the difference.
TYPICAL_BETS = 0.45  # bets when nobody has bet, after the flop
TYPICAL_RAISES = 0.12  # raises a bet
TYPICAL_FOLDS = 0.4  # folds to a bet
SWAY = 0.6


class Habits:
    """How far a watched player's betting strays from the model's typical player: shifts
    of the strength lines it bets, raises and calls with (all 0 for a stranger)."""

    def __init__(self, view: dict, seat: int):
        self.bet = self.raise_ = self.call = 0.0
        counts = reads.seat_stats(view, seat)
        if reads.watched(view, seat, "bets", "checks"):
            seen = counts["bets"] + counts["checks"]
            often = (counts["bets"] + reads.PRIOR * TYPICAL_BETS) / (seen + reads.PRIOR)
            self.bet = max(-0.3, min(0.2, SWAY * (TYPICAL_BETS - often)))
        if reads.watched(view, seat, "faced_bet"):
            raises = reads.rate(counts, "raises", "faced_bet", TYPICAL_RAISES)
            self.raise_ = max(-0.3, min(0.05, SWAY * (TYPICAL_RAISES - raises)))
            folds = reads.rate(counts, "folded_to_bet", "faced_bet", TYPICAL_FOLDS)
            self.call = max(-0.3, min(0.3, SWAY * (folds - TYPICAL_FOLDS)))

    def line(self, raised: int) -> float:
        return self.bet if raised == 0 else self.raise_


class Field:
    """Every live opponent's range after the flop, as weights on the combinations that
    avoid the seat's own cards and the board (``combos``).

    ``strengths[street]`` scores those combinations on the board of each street so far
    (as log-odds, ``logit``), ``now`` on the current board; ``sane[seat]`` is the range
    the sane model gives an opponent, ``wild[seat]`` the share of the wild player in the
    mixture, ``weights[seat]`` the mixture, normalised.
    """

    def __init__(self, spot: Spot):
        known = set(spot.hole) | set(spot.board)
        self.combos = [c for c in poker.HOLE_COMBOS if c[0] not in known and c[1] not in known]
        self.strengths = {}
        self.drawing = {}
        for street in range(1, spot.street + 1):
            board = spot.board[: BOARD_SIZES[street]]
            strengths, self.drawing[street] = reading(board, self.combos)
            self.strengths[street] = [logit(x) for x in strengths]
        self.now = self.strengths[spot.street]
        self.is_draw = self.drawing[spot.street]
        names = [COMBO_CLASS_NAME[c] for c in self.combos]
        self.preflop_raiser = spot.last_aggressor(0)
        steps = [e for e in spot.replay() if e["street"] != "preflop"]
        self.sane, self.wild, self.weights = {}, {}, {}
        self.habits = {seat: Habits(spot.view, seat) for seat in spot.opponents}
        for seat in spot.opponents:
            classes = preflop_range(spot, seat)
            weights = [classes.get(name, 0.0) for name in names]
            sane, wild = 1.0 - WILD_PRIOR, WILD_PRIOR
            for entry in steps:
                if entry["seat"] == seat:
                    weights, likelihood = self._after(weights, entry)
                    sane *= likelihood
                    wild *= WILD_CHANCES.get(entry["type"], 1.0)
            self.sane[seat] = _normalised(weights)
            self.wild[seat] = wild / (sane + wild)
            self.weights[seat] = self._mixed(self.sane[seat], self.wild[seat], 1.0)

    def _mixed(self, sane, wild_share, wild_weight) -> list[float]:
        uniform = wild_share * wild_weight / len(self.combos)
        return [(1.0 - wild_share) * w + uniform for w in sane]

    def _after(self, weights, entry) -> tuple[list[float], float]:
        """The range once its owner took ``entry`` (a postflop action), and how likely
        the sane model found that action."""
        street = STREET_NUMBER[entry["street"]]
        strengths = self.strengths[street]
        kind = entry["type"]
        habits = self.habits[entry["seat"]]
        if kind == "check":
            chances = check_chances(strengths)
        elif kind == "call":
            chances = call_chances(strengths, entry["fraction"], habits.call)
        elif kind in ("bet", "raise"):
            continuing = street == 1 and entry["seat"] == self.preflop_raiser
            chances = bet_chances(
                strengths,
                self.drawing[street],
                entry["fraction"],
                entry["raised"],
                street,
                continuing,
                habits.line(entry["raised"]),
            )
        else:
            return weights, 1.0
        narrowed = [w * c for w, c in zip(weights, chances, strict=True)]
        total, before = sum(narrowed), sum(weights)
        likelihood = total / before if before > 0 else 1.0
        # A range the model finds nearly impossible is the model's mistake, not the
        # opponent's: keep a trace of the old one rather than divide by nothing.
        if total < 0.02 * before:
            narrowed = [n + 0.02 * w for n, w in zip(narrowed, weights, strict=True)]
        return narrowed, likelihood

    def fold_share(self, seat: int, fraction: float) -> tuple[float, list[float]]:
        """How often ``seat`` folds to a bet of ``fraction`` of the pot, and the range it
        continues with (weighted by how often each combination continues)."""
        sane = self.sane[seat]
        calls = call_chances(self.now, fraction, self.habits[seat].call)
        kept = [w * c for w, c in zip(sane, calls, strict=True)]
        wild = self.wild[seat]
        folds = (1.0 - wild) * (1.0 - sum(kept)) + wild * (1.0 - WILD_CONTINUES)
        return folds, self._mixed(kept, wild, WILD_CONTINUES)


def _normalised(weights: list[float]) -> list[float]:
    total = sum(weights)
    if total <= 0:
        return [1.0 / len(weights)] * len(weights)
    return [w / total for w in weights]


STREET_NUMBER = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}
