"""Poker hand evaluation for Ramponneau (Texas Hold'em): 5 to 7 cards, pure Python, fast.

``evaluate(cards)`` returns a ``HandValue``, an ``int`` whose order is the order of the
hands (``a > b``: a wins, equal values split) with a ``category`` and its deciding ranks
(``summary``: the data the site words, "full aux rois par les dames"). The hot paths return
plain ints:

- ``evaluate_fast(cards)``: one hand of 5, 6 or 7 cards;
- ``evaluate_holes(board, holes)``: many hole-card pairs on one board (the board's part
  of the work is done once), the entry point of the bot's Monte Carlo simulations;
- ``equity(hole, board, opponents, trials, rng)``: that simulation.

Cards are the engine's two-character ids ("Ah", "Td") or their indices in ``CARDS``.

How it is fast: every card has an integer key, and the sum of a hand's keys holds two
things at once. Its low 32 bits are the ranks written in base 5 (one digit per rank, the
number of cards of that rank), which a dict built at import maps to the value of the best
non-flush hand. Above them sit four 4-bit suit counters, each started at 3, so that a suit
with five cards or more sets that counter's top bit: one ``&`` tells whether a flush is
possible. Flushes (about 3 % of 7-card hands) go through a 13-bit rank-mask table that
also knows straight flushes. Building the tables takes a fraction of a second at import.

Values: ``category << 20`` plus up to five 4-bit ranks (2 = 0 ... ace = 12), the ranks that
decide between hands of the same category, most significant first.
"""

from __future__ import annotations

from itertools import combinations, compress
from operator import itemgetter

RANK_ORDER = "23456789TJQKA"  # rank index 0..12, ace high
SUIT_ORDER = "cdhs"
CARDS = tuple(r + s for s in SUIT_ORDER for r in RANK_ORDER)

CATEGORIES = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

_SUIT_SHIFT = 32
_RANK_MASK = (1 << _SUIT_SHIFT) - 1
_OFFSET = 0x3333 << _SUIT_SHIFT  # each suit counter starts at 3: 5 cards reach 8
_FLUSH_TEST = 0x8888 << _SUIT_SHIFT

# Card keys, by id and by index (a dict lookup by a str costs the same as by an int).
KEY: dict = {}
_RANK_BIT: dict = {}
_SUIT_OF: dict = {}
for _index, _card in enumerate(CARDS):
    _r, _s = RANK_ORDER.index(_card[0]), SUIT_ORDER.index(_card[1])
    KEY[_card] = KEY[_index] = 5**_r + (1 << (_SUIT_SHIFT + 4 * _s))
    _RANK_BIT[_card] = _RANK_BIT[_index] = 1 << _r
    _SUIT_OF[_card] = _SUIT_OF[_index] = _s


def _value(category: int, ranks) -> int:
    value = category
    ranks = list(ranks)[:5]
    for r in ranks:
        value = (value << 4) | r
    return value << (4 * (5 - len(ranks)))


def _straight_high(mask: int) -> int:
    """The top rank of the best straight in a rank mask, or -1 (the wheel's top is the 5)."""
    for high in range(12, 3, -1):
        run = 0b11111 << (high - 4)
        if mask & run == run:
            return high
    wheel = (1 << 12) | 0b1111
    return 3 if mask & wheel == wheel else -1


_STRAIGHT = [_straight_high(m) for m in range(1 << 13)]


def _bits_desc(mask: int) -> list[int]:
    return [r for r in range(12, -1, -1) if mask >> r & 1]


def _flush_table() -> list[int]:
    table = [0] * (1 << 13)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            high = _STRAIGHT[mask]
            if high >= 0:
                table[mask] = _value(STRAIGHT_FLUSH, [high])
            else:
                table[mask] = _value(FLUSH, _bits_desc(mask)[:5])
    return table


def _nonflush_value(counts: list[int], mask: int) -> int:
    quads = trips = -1
    trips2 = -1
    pairs: list[int] = []
    for r in range(12, -1, -1):
        c = counts[r]
        if c == 4:
            quads = r
        elif c == 3:
            if trips < 0:
                trips = r
            elif trips2 < 0:
                trips2 = r
        elif c == 2:
            pairs.append(r)
    if quads >= 0:
        return _value(QUADS, [quads] + _bits_desc(mask & ~(1 << quads))[:1])
    if trips >= 0 and (trips2 >= 0 or pairs):
        return _value(FULL_HOUSE, [trips, max(trips2, pairs[0] if pairs else -1)])
    high = _STRAIGHT[mask]
    if high >= 0:
        return _value(STRAIGHT, [high])
    if trips >= 0:
        return _value(TRIPS, [trips] + _bits_desc(mask & ~(1 << trips))[:2])
    if len(pairs) >= 2:
        top, second = pairs[0], pairs[1]
        return _value(TWO_PAIR, [top, second] + _bits_desc(mask & ~(1 << top) & ~(1 << second))[:1])
    if pairs:
        return _value(PAIR, [pairs[0]] + _bits_desc(mask & ~(1 << pairs[0]))[:3])
    return _value(HIGH_CARD, _bits_desc(mask)[:5])


def _nonflush_table() -> dict[int, int]:
    """Every multiset of 5 to 7 ranks (at most 4 of a rank), keyed by its base-5 sum."""
    table: dict[int, int] = {}
    counts = [0] * 13

    def walk(rank: int, left: int, key: int, mask: int, total: int) -> None:
        if rank < 0:
            if total >= 5:
                table[key] = _nonflush_value(counts, mask)
            return
        for c in range(min(4, left) + 1):
            counts[rank] = c
            walk(
                rank - 1, left - c, key + c * 5**rank, mask | (1 << rank) if c else mask, total + c
            )
        counts[rank] = 0

    walk(12, 7, 0, 0, 0)
    return table


_FLUSH = _flush_table()
_NONFLUSH = _nonflush_table()


def _flush_value(cards, total: int) -> int:
    counters = total >> _SUIT_SHIFT
    suit = 0
    while not (counters >> (4 * suit)) & 8:
        suit += 1
    mask = 0
    for c in cards:
        if _SUIT_OF[c] == suit:
            mask |= _RANK_BIT[c]
    # Five suited cards leave at most two others among seven: never enough for a full
    # house or four of a kind, so the flush (or straight flush) is the hand.
    return _FLUSH[mask]


def evaluate_fast(
    cards, _key=KEY, _table=_NONFLUSH, _test=_FLUSH_TEST, _mask=_RANK_MASK, _offset=_OFFSET
) -> int:
    """The value of the best five-card hand among 5 to 7 cards, as a plain int."""
    # Defaults bind the tables as locals; seven cards (the usual case) are unrolled.
    if len(cards) == 7:
        a, b, c, d, e, f, g = cards
        total = _offset + _key[a] + _key[b] + _key[c] + _key[d] + _key[e] + _key[f] + _key[g]
    else:
        total = _offset
        for c in cards:
            total += _key[c]
    if total & _test:
        return _flush_value(cards, total)
    return _table[total & _mask]


def board_key(board) -> int:
    """The partial key of shared cards, for ``evaluate_holes`` and simulations."""
    return sum(map(KEY.__getitem__, board), _OFFSET)


def evaluate_holes(board, holes) -> list[int]:
    """Values of ``board + hole`` for many holes: the board's key is summed once."""
    base = board_key(board)
    key = KEY
    nonflush = _NONFLUSH
    out = []
    append = out.append
    for a, b in holes:
        total = base + key[a] + key[b]
        if total & _FLUSH_TEST:
            append(_flush_value((*board, a, b), total))
        else:
            append(nonflush[total & _RANK_MASK])
    return out


def evaluate_many(hands) -> list[int]:
    """Values of many complete hands (5 to 7 cards each)."""
    key = KEY.__getitem__
    nonflush = _NONFLUSH
    out = []
    append = out.append
    for hand in hands:
        total = sum(map(key, hand), _OFFSET)
        if total & _FLUSH_TEST:
            append(_flush_value(hand, total))
        else:
            append(nonflush[total & _RANK_MASK])
    return out


class HandValue(int):
    """A hand's value: an int (compare with ``<``, ``==``) that also names its hand."""

    __slots__ = ()

    @property
    def category(self) -> str:
        return CATEGORIES[self >> 20]

    @property
    def ranks(self) -> list[str]:
        """The deciding ranks, most significant first ("A", "K", ...)."""
        return [RANK_ORDER[r] for r in decode(self)[1]]

    def summary(self) -> dict:
        return summary(self)

    def __repr__(self) -> str:
        return f"HandValue({int(self)}, {self.category}, {''.join(self.ranks)})"


_SIGNIFICANT = (5, 4, 3, 3, 1, 5, 2, 2, 1)  # how many ranks each category keeps


def decode(value: int) -> tuple[int, list[int]]:
    """(category, deciding rank indices) of a value."""
    category = value >> 20
    ranks = [(value >> (16 - 4 * i)) & 15 for i in range(_SIGNIFICANT[category])]
    return category, ranks


def summary(value: int) -> dict:
    """A hand as data for the site to word: its category and deciding ranks, most
    significant first ({"category": "full_house", "ranks": ["K", "Q"]})."""
    category, ranks = decode(value)
    return {"category": CATEGORIES[category], "ranks": [RANK_ORDER[r] for r in ranks]}


def evaluate(cards) -> HandValue:
    """The best five-card hand among 5 to 7 distinct cards."""
    cards = list(cards)
    if not 5 <= len(cards) <= 7:
        raise ValueError("evaluate needs 5 to 7 cards")
    if len(set(cards)) != len(cards) or any(c not in KEY for c in cards):
        raise ValueError(f"not distinct cards: {cards}")
    return HandValue(evaluate_fast(cards))


def evaluate5_slow(cards) -> int:
    """A plain five-card evaluator, written for clarity: the reference the tests use."""
    ranks = sorted((RANK_ORDER.index(c[0]) for c in cards), reverse=True)
    suits = {c[1] for c in cards}
    counts = {r: ranks.count(r) for r in ranks}
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    distinct = sorted(counts, reverse=True)
    straight = -1
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            straight = 3
    flush = len(suits) == 1
    if straight >= 0 and flush:
        return _value(STRAIGHT_FLUSH, [straight])
    shape = [c for _, c in groups]
    order = [r for r, _ in groups]
    if shape[0] == 4:
        return _value(QUADS, order)
    if shape[:2] == [3, 2]:
        return _value(FULL_HOUSE, order)
    if flush:
        return _value(FLUSH, ranks)
    if straight >= 0:
        return _value(STRAIGHT, [straight])
    if shape[0] == 3:
        return _value(TRIPS, order)
    if shape[:2] == [2, 2]:
        return _value(TWO_PAIR, order)
    if shape[0] == 2:
        return _value(PAIR, order)
    return _value(HIGH_CARD, ranks)


def evaluate_slow(cards) -> int:
    """The best of every five-card subset: slow and obviously right."""
    return max(evaluate5_slow(five) for five in combinations(cards, 5))


def equity(hole, board, opponents: int, trials: int, rng, dead=()) -> float:
    """Share of the pot ``hole`` wins against ``opponents`` random hands, by simulation.

    Ties count as the fraction of the pot won. ``dead`` cards are out of the deck (cards
    the player saw mucked or shown do not matter here, so callers rarely need it).
    """
    known = set(hole) | set(board) | set(dead)
    deck = [c for c in CARDS if c not in known]
    missing = 5 - len(board)
    need = missing + 2 * opponents
    key = KEY
    nonflush = _NONFLUSH
    base = board_key(board)
    hole_key = key[hole[0]] + key[hole[1]]
    sample = rng.sample
    won = 0.0
    board = tuple(board)
    hole = tuple(hole)
    for _ in range(trials):
        drawn = sample(deck, need)
        runout = drawn[:missing]
        total = base
        for c in runout:
            total += key[c]
        full_board = board + tuple(runout)
        mine = total + hole_key
        mine = (
            _flush_value(full_board + hole, mine)
            if mine & _FLUSH_TEST
            else nonflush[mine & _RANK_MASK]
        )
        best = -1
        ties = 1
        for i in range(missing, need, 2):
            a, b = drawn[i], drawn[i + 1]
            theirs = total + key[a] + key[b]
            theirs = (
                _flush_value(full_board + (a, b), theirs)
                if theirs & _FLUSH_TEST
                else nonflush[theirs & _RANK_MASK]
            )
            if theirs > best:
                best, ties = theirs, 1
            elif theirs == best:
                ties += 1
        if mine > best:
            won += 1.0
        elif mine == best:
            won += 1.0 / (ties + 1)
    return won / trials if trials else 0.0


# ----- ranges: hole-card classes and showdowns against weighted combinations ---------------
#
# Ramponneau's stronger bots reason about what an opponent may hold as a weight on each of
# the 1,326 two-card combinations. The helpers below enumerate them, name their starting-hand
# class ("AKs", "T9o", "77"), and compare one hand with all of them at once on sampled
# runouts, so that any number of weightings (an opponent's range now, the same range after
# a call...) is scored from one pass of evaluations.

HOLE_COMBOS: tuple[tuple[str, str], ...] = tuple(combinations(CARDS, 2))


def hand_class(hole) -> str:
    """The starting-hand class of two cards: "AA", "AKs" (suited), "T9o" (offsuit)."""
    a, b = hole
    ra, rb = RANK_ORDER.index(a[0]), RANK_ORDER.index(b[0])
    if ra < rb:
        a, b, ra, rb = b, a, rb, ra
    if ra == rb:
        return a[0] + b[0]
    return a[0] + b[0] + ("s" if a[1] == b[1] else "o")


def _class_names() -> tuple[str, ...]:
    names = []
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            pair = RANK_ORDER[high] + RANK_ORDER[low]
            names += [pair] if high == low else [pair + "s", pair + "o"]
    return tuple(names)


CLASS_NAMES: tuple[str, ...] = _class_names()  # the 169 classes, AA first
CLASS_COMBOS: dict[str, tuple[tuple[str, str], ...]] = {name: () for name in CLASS_NAMES}
for _combo in HOLE_COMBOS:
    _name = hand_class(_combo)
    CLASS_COMBOS[_name] = CLASS_COMBOS[_name] + (_combo,)


def runouts(known, board, count: int, rng) -> list[tuple[str, ...]]:
    """Up to ``count`` ways to complete ``board`` to five cards, avoiding ``known`` cards.

    On the turn every river is listed (at most ``count`` of them, sampled when fewer); on
    the river the one runout is the empty one; on the flop the turn cards are taken in a
    shuffled round (each turn card once before any twice: less noise than drawing both
    cards at random) with a random river; before the flop five cards are drawn at random.
    """
    missing = 5 - len(board)
    if missing == 0:
        return [()]
    dead = set(known) | set(board)
    deck = [c for c in CARDS if c not in dead]
    if missing == 1:
        if count >= len(deck):
            return [(c,) for c in deck]
        return [(c,) for c in rng.sample(deck, count)]
    if missing == 2:
        turns = rng.sample(deck, len(deck))
        outs = []
        for i in range(count):
            turn = turns[i % len(turns)]
            river = turn
            while river == turn:
                river = deck[rng.randrange(len(deck))]
            outs.append((turn, river))
        return outs
    return [tuple(rng.sample(deck, missing)) for _ in range(count)]


def showdowns(hole, board, combos, outs) -> list[tuple]:
    """For each runout of ``outs``, which of ``combos`` ``hole`` beats, ties, or cannot meet.

    Returns one record per runout: three getters (``operator.itemgetter``) of the indices
    into ``combos`` of the combinations beaten (including those blocked by the runout's
    cards), tied, and blocked. ``range_equity`` turns records and weights into an equity.
    ``combos`` must avoid ``hole`` and ``board``.
    """
    key = KEY
    nonflush = _NONFLUSH
    rank_keys = [(key[a] + key[b]) & _RANK_MASK for a, b in combos]
    holders: dict[str, list[int]] = {}
    # For each suit, the combinations holding it and the ranks they hold in it.
    suited: list[list[tuple[int, int]]] = [[] for _ in SUIT_ORDER]
    for i, (a, b) in enumerate(combos):
        holders.setdefault(a, []).append(i)
        holders.setdefault(b, []).append(i)
        for suit in {_SUIT_OF[a], _SUIT_OF[b]}:
            ranks = sum(_RANK_BIT[c] for c in (a, b) if _SUIT_OF[c] == suit)
            suited[suit].append((i, ranks))
    indices = range(len(combos))
    board = tuple(board)
    hole = tuple(hole)
    records = []
    for out in outs:
        full = board + tuple(out)
        base = sum(map(key.__getitem__, full), _OFFSET)
        mine = base + key[hole[0]] + key[hole[1]]
        if mine & _FLUSH_TEST:
            mine = _flush_value(full + hole, mine)
        else:
            mine = nonflush[mine & _RANK_MASK]
        # Ranks and suits add separately (the base-5 rank digits cannot carry into the
        # suit counters): every combination's rank part first, all in C, then the few
        # that may hold a flush. A combination holding a runout card gets a nonsense key
        # (None, or another hand's value): it is counted as blocked below.
        values = list(map(nonflush.get, map((base & _RANK_MASK).__add__, rank_keys)))
        for suit in _flush_suits(base):
            # Five cards of a suit among seven leave no room for a full house or four of
            # a kind: the flush (or straight flush) is the hand, read from the rank mask.
            on_board = sum(_RANK_BIT[c] for c in full if _SUIT_OF[c] == suit)
            if on_board.bit_count() >= 5:  # every hand holds at least the board's flush
                flush = _FLUSH[on_board]
                values = [max(v, flush) if v is not None else v for v in values]
            for i, ranks in suited[suit]:
                mask = on_board | ranks
                if mask.bit_count() >= 5:
                    values[i] = _FLUSH[mask]
        blocked = sorted({i for c in out for i in holders.get(c, ())})
        for i in blocked:
            values[i] = -2
        beaten = list(compress(indices, map(mine.__gt__, values)))
        tied = list(compress(indices, map(mine.__eq__, values)))
        records.append((_getter(beaten), _getter(tied), _getter(blocked)))
    return records


def _flush_suits(board_total: int) -> list[int]:
    """The suits two more cards can make a flush in, from a board's summed keys (three
    of the suit on the board: its counter, started at 3, stands at 6 or more)."""
    counters = board_total >> _SUIT_SHIFT
    return [suit for suit in range(4) if (counters >> (4 * suit)) & 15 >= 6]


def _getter(indices):
    """An itemgetter that always returns a tuple (itemgetter of one index returns the item)."""
    if not indices:
        return lambda weights: ()
    if len(indices) == 1:
        only = indices[0]
        return lambda weights: (weights[only],)
    return itemgetter(*indices)


def range_equity(records, weightings) -> float:
    """Equity of the hand ``showdowns`` scored, against one weighting per opponent.

    Each weighting is a list of non-negative weights, one per combination given to
    ``showdowns``. Against several opponents the shares won against each are multiplied
    runout by runout (the opponents' hands are taken as independent given the board, which
    ignores the cards they block from each other): a close and fast approximation.
    """
    totals = [sum(w) for w in weightings]
    equity = 0.0
    counted = 0
    for beaten, tied, blocked in records:
        share = 1.0
        for weights, total in zip(weightings, totals, strict=True):
            lost = sum(blocked(weights))
            live = total - lost
            if live <= 0:
                continue
            share *= (sum(beaten(weights)) - lost + 0.5 * sum(tied(weights))) / live
        equity += share
        counted += 1
    return equity / counted if counted else 0.0
