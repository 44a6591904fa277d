"""Counting: the least value a hand leaves out of melds (see the package's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

INF = 10**9
RANK_INDEX = {r: i for i, r in enumerate("A23456789TJQK")}  # A = 0 ... K = 12
SUIT_INDEX = {s: i for i, s in enumerate("cdhs")}
MAX_RUN = 13


@dataclass(frozen=True)
class Rules:
    """What the solver and the engine agree on: which melds exist and what cards are worth."""

    ace_high: bool = True  # Q-K-A as well as A-2-3
    wrap: bool = False  # K-A-2 (and longer runs through it)
    distinct_group_suits: bool = False  # a group may not repeat a suit
    ace_value: int = 1
    joker_value: int = 20
    max_group: int = 4

    @classmethod
    def from_options(cls, options: dict) -> Rules:
        high = options.get("values") == "high"
        return cls(
            ace_high=True,
            wrap=bool(options.get("wrap", False)),
            distinct_group_suits=options.get("group_suits") == "distinct",
            ace_value=11 if high else 1,
            joker_value=25 if high else 20,
        )

    def value(self, card: str) -> int:
        """Points of a card left unmelded."""
        r = card[0]
        if r == "X":
            return self.joker_value
        if r == "A":
            return self.ace_value
        return min(RANK_INDEX[r] + 1, 10)

    def rank_values(self) -> tuple[int, ...]:
        return (self.ace_value, *[min(i + 1, 10) for i in range(1, 13)])


DEFAULT_RULES = Rules()


@dataclass(frozen=True)
class Arrangement:
    melds: tuple[tuple[str, ...], ...]
    leftover: tuple[str, ...]
    count: int
    can_close: bool

    def as_dict(self) -> dict:
        return {
            "melds": [list(m) for m in self.melds],
            "leftover": list(self.leftover),
            "count": self.count,
            "can_close": self.can_close,
        }


# ----- a meld checked directly (used by the engine and the tests) ----------------------


def is_valid_meld(cards, rules: Rules = DEFAULT_RULES) -> bool:
    """True when ``cards`` (ids) form one group or one run under ``rules``."""
    naturals = [c for c in cards if c[0] != "X"]
    jokers = len(cards) - len(naturals)
    size = len(cards)
    if size < 3 or jokers > len(naturals):
        return False
    ranks = [RANK_INDEX[c[0]] for c in naturals]
    suits = [c[1] for c in naturals]
    if len(set(ranks)) == 1:
        if size <= rules.max_group and (
            not rules.distinct_group_suits or len(set(suits)) == len(suits)
        ):
            return True
    if len(set(suits)) != 1 or len(set(ranks)) != len(ranks) or size > MAX_RUN:
        return False
    if rules.wrap:
        for start in range(13):
            if all((r - start) % 13 < size for r in ranks):
                return True
        return False
    top = 14 if rules.ace_high else 13
    for start in range(0, top - size + 1):
        window = range(start, start + size)
        if all(r in window or (r == 0 and rules.ace_high and 13 in window) for r in ranks):
            return True
    return False


# ----- runs in one suit ---------------------------------------------------------------

_LINE_MEMOS: dict = {}
_SUIT_CACHE: dict = {}
_GROUP_CACHE: dict = {}
# Entries each memo holds before it is emptied (the line memos together), so that a
# long-running process (play_worker plays every bot's move) stays flat: an entry costs
# about 0.4 kB and a game of Remigio adds some 2,000 to each, so the four memos and the
# arrangements (arrange.py) hold at most ~4 MB, a game's worth (what a bot's search
# reuses is its own turn's hands). At 200,000 they grew by ~3 MB a game for hours
# (issue 33) for no speed: hands seldom recur across games.
CACHE_LIMIT = 2_000


def _line_memo(vals: tuple, jokers: int) -> dict:
    """The memo of one kind of line; all are dropped together past CACHE_LIMIT entries."""
    if sum(map(len, _LINE_MEMOS.values())) >= CACHE_LIMIT:
        _LINE_MEMOS.clear()
    return _LINE_MEMOS.setdefault((vals, jokers), {})


def _line(counts: tuple, vals: tuple, jokers: int, memo: dict) -> tuple:
    """Least leftover value of the cards on a line of ranks, for each joker count used.

    ``counts[p]`` cards at position ``p``; runs are intervals of the line of at most
    ``MAX_RUN`` cards. Entry ``u`` of the result: exactly ``u`` jokers absorbed by runs.
    """
    found = memo.get(counts)
    if found is not None:
        return found
    size = len(counts)
    p = 0
    while p < size and not counts[p]:
        p += 1
    if p == size:
        found = (0,) + (INF,) * jokers
        memo[counts] = found
        return found
    first = list(counts)
    first[p] -= 1
    value = vals[p]
    best = [x + value for x in _line(tuple(first), vals, jokers, memo)]
    # Runs whose lowest natural card is this copy at p: extend by naturals above it,
    # each gap costing a joker.
    stack = [(p, 1, 0, first)]
    while stack:
        last, naturals, gaps, current = stack.pop()
        reach = min(size - 1, last + 1 + jokers - gaps)
        for q in range(last + 1, reach + 1):
            if not current[q]:
                continue
            n = naturals + 1
            g = gaps + q - last - 1
            after = current[:]
            after[q] -= 1
            low = max(g, 3 - n)
            high = min(n, jokers, g + p + size - 1 - q, MAX_RUN - n)
            if low <= high:
                sub = _line(tuple(after), vals, jokers, memo)
                for j in range(low, high + 1):
                    for u in range(j, jokers + 1):
                        x = sub[u - j]
                        if x < best[u]:
                            best[u] = x
            stack.append((q, n, g, after))
    found = tuple(best)
    memo[counts] = found
    return found


def _suit_lines(counts13: tuple, rules: Rules):
    """The lines to solve for one suit: (counts, values, positions → rank) variants.

    The suit's best table is the entry-wise minimum over the variants.
    """
    vals = rules.rank_values()
    if rules.wrap:
        for cut in range(13):
            order = [(cut + i) % 13 for i in range(13)]
            yield (
                tuple(counts13[r] for r in order),
                tuple(vals[r] for r in order),
                tuple(order),
            )
    elif rules.ace_high:
        aces = counts13[0]
        line_vals = vals + (vals[0],)
        ranks = tuple(range(13)) + (0,)
        for high in range(aces + 1):
            yield (aces - high, *counts13[1:], high), line_vals, ranks
    else:
        yield counts13, vals, tuple(range(13))


def _suit_table(counts13: tuple, jokers: int, rules: Rules) -> tuple:
    key = (counts13, jokers, rules)
    found = _SUIT_CACHE.get(key)
    if found is not None:
        return found
    best = None
    for counts, vals, _ in _suit_lines(counts13, rules):
        table = _line(counts, vals, jokers, _line_memo(vals, jokers))
        best = table if best is None else tuple(map(min, best, table))
    if len(_SUIT_CACHE) >= CACHE_LIMIT:
        _SUIT_CACHE.clear()
    _SUIT_CACHE[key] = best
    return best


# ----- groups of one rank -------------------------------------------------------------


def _group_shapes(available: tuple, rules: Rules) -> list[tuple]:
    """Every single group of natural cards (as a per-suit count vector) one can take."""
    shapes = []
    cap = 1 if rules.distinct_group_suits else 4

    def build(suit, taken):
        if suit == 4:
            n = sum(taken)
            if 2 <= n <= rules.max_group:
                shapes.append(tuple(taken))
            return
        for k in range(min(available[suit], cap) + 1):
            taken.append(k)
            build(suit + 1, taken)
            taken.pop()

    build(0, [])
    return shapes


def _joker_range(n: int, rules: Rules) -> tuple[int, int]:
    """Jokers a group of ``n`` naturals can hold."""
    return max(0, 3 - n), min(n, rules.max_group - n)


def _group_options(available: tuple, jokers: int, rules: Rules) -> dict:
    """For one rank: removal vector → {jokers used: list of (shape, jokers) groups}."""
    key = (available, jokers, rules)
    found = _GROUP_CACHE.get(key)
    if found is not None:
        return found
    shapes = _group_shapes(available, rules)
    options: dict = {}

    def walk(start, left, chosen, removal, need):
        entry = options.setdefault(removal, {})
        # every way of spreading the extra jokers over the chosen groups
        ranges = [_joker_range(sum(s), rules) for s in chosen]
        spare = sum(h - lo for lo, h in ranges)
        for total in range(need, min(jokers, need + spare) + 1):
            if total in entry:
                continue
            extra = total - need
            groups = []
            for shape, (lo, h) in zip(chosen, ranges, strict=True):
                add = min(extra, h - lo)
                extra -= add
                groups.append((shape, lo + add))
            entry[total] = groups
        for i in range(start, len(shapes)):
            shape = shapes[i]
            lo = _joker_range(sum(shape), rules)[0]
            if need + lo > jokers or any(a > b for a, b in zip(shape, left, strict=True)):
                continue
            walk(
                i,
                tuple(b - a for a, b in zip(shape, left, strict=True)),
                chosen + [shape],
                tuple(a + b for a, b in zip(shape, removal, strict=True)),
                need + lo,
            )

    walk(0, available, [], (0, 0, 0, 0), 0)
    found = {
        removal: (sum(1 << t for t in entry), entry) for removal, entry in options.items() if entry
    }
    if len(_GROUP_CACHE) >= CACHE_LIMIT:
        _GROUP_CACHE.clear()
    _GROUP_CACHE[key] = found
    return found


# ----- the whole hand -----------------------------------------------------------------


def _parse(cards):
    counts = [[0] * 13 for _ in range(4)]
    jokers = 0
    for c in cards:
        if c[0] == "X":
            jokers += 1
        else:
            counts[SUIT_INDEX[c[1]]][RANK_INDEX[c[0]]] += 1
    return counts, jokers


def _convolve(table_a, table_b, jokers):
    out = [INF] * (jokers + 1)
    for i, a in enumerate(table_a):
        if a >= INF:
            continue
        for k in range(jokers + 1 - i):
            b = table_b[k]
            if a + b < out[i + k]:
                out[i + k] = a + b
    return out


def _suits_after(base, removals):
    """The per-suit rank counts once the groups in ``removals`` are taken out."""
    if not removals:
        return base
    rows = {}
    for r, removal in removals:
        for s in range(4):
            if removal[s]:
                row = rows.get(s)
                if row is None:
                    row = rows[s] = list(base[s])
                row[r] -= removal[s]
    if not rows:
        return base
    return [tuple(rows[s]) if s in rows else base[s] for s in range(4)]


def _shifted_union(mask: int, rmask: int, limit: int) -> int:
    """Joker counts reachable: each count u in ``mask`` plus each count in ``rmask``."""
    combined = 0
    shift = 0
    while mask:
        if mask & 1:
            combined |= rmask << shift
        mask >>= 1
        shift += 1
    return combined & limit


def _search(counts, jokers, rules):
    """The least count, and the choices reaching it (groups taken, what is left per suit)."""
    group_ranks = []
    for r in range(13):
        column = (counts[0][r], counts[1][r], counts[2][r], counts[3][r])
        if sum(column) >= 2:
            options = _group_options(column, jokers, rules)
            choices = [(removal, mask) for removal, (mask, _) in options.items()]
            if len(choices) > 1:
                group_ranks.append((r, choices))
    joker_value = rules.joker_value
    base = [tuple(row) for row in counts]
    active = [s for s in range(4) if any(counts[s])]
    best = [INF, None]

    def evaluate(mask, removals):
        suits = _suits_after(base, removals)
        if jokers == 0:
            total = 0
            for s in active:
                total += _suit_table(suits[s], 0, rules)[0]
            if total < best[0]:
                best[0] = total
                best[1] = (mask, list(removals), suits)
            return
        table = [0 if mask >> u & 1 else INF for u in range(jokers + 1)]
        for s in active:
            table = _convolve(table, _suit_table(suits[s], jokers, rules), jokers)
        for u, x in enumerate(table):
            total = x + joker_value * (jokers - u)
            if total < best[0]:
                best[0] = total
                best[1] = (mask, list(removals), suits)

    limit = (1 << (jokers + 1)) - 1

    def walk(i, mask, removals):
        if i == len(group_ranks):
            evaluate(mask, removals)
            return
        r, choices = group_ranks[i]
        for removal, rmask in choices:
            if not any(removal):
                walk(i + 1, mask, removals)
                continue
            combined = _shifted_union(mask, rmask, limit)
            if combined:
                removals.append((r, removal))
                walk(i + 1, combined, removals)
                removals.pop()

    walk(0, 1, [])
    return best[0], best[1]


def leftover_count(cards, rules: Rules = DEFAULT_RULES) -> int:
    """The least value of the cards left out of melds (jokers included)."""
    counts, jokers = _parse(cards)
    return _search(counts, jokers, rules)[0]


def can_close(cards, rules: Rules = DEFAULT_RULES) -> bool:
    """True when every card of ``cards`` can be melded."""
    return leftover_count(cards, rules) == 0
