"""The Remigio meld solver: the best arrangement of a hand into melds.

Cards use the multi-deck notation of ``cards.py``: ``"Th.1"`` and ``"Th.2"`` are the two
tens of hearts of a two-deck game, ``"Xr.1"`` and ``"Xb.1"`` the red and black jokers of
deck 1. The solver only looks at faces (rank and suit); the copy suffix keeps every
physical card distinct.

A meld holds at least three cards: a run (one suit, consecutive ranks; the ace below the
two or above the king, and K-A-2 when ``Rules.wrap``) or a group (three or four cards of
one rank; suits may repeat unless ``Rules.distinct_group_suits``). Jokers stand for any
card, but no meld may hold more jokers than natural cards.

``best_arrangement(cards, rules)`` returns the melds and the leftover cards whose value
(jokers included) is the lowest possible. The search is exact:

- each rank holding two natural cards or more may give some of them to groups; every way
  of doing so is enumerated (few per hand), with the joker counts each group can take;
- what is left of each suit goes to runs: a memoised search over the suit's ranks, lowest
  rank first, where the lowest card either stays out or starts a run; it returns, for
  every number ``u`` of jokers the suit's runs absorb, the least value left over;
- the groups' and suits' tables are combined by a min-plus convolution over the joker
  count, and the jokers not absorbed count at their value.

Aces that may be high are placed low or high (each copy); with K-A-2 runs the ranks form a
cycle, and since a hand of at most 13 cards always leaves a gap between two ranks that no
run crosses, cutting the cycle at each of the 13 gaps and keeping the best is exact.
"""

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
_CACHE_LIMIT = 200_000


def _line_memo(vals: tuple, jokers: int) -> dict:
    """The memo of one kind of line; all are dropped together past a size bound, so a
    long-running server does not grow without limit."""
    key = (vals, jokers)
    memo = _LINE_MEMOS.get(key)
    if memo is None:
        if sum(len(m) for m in _LINE_MEMOS.values()) > _CACHE_LIMIT:
            _LINE_MEMOS.clear()
        memo = _LINE_MEMOS[key] = {}
    elif len(memo) > _CACHE_LIMIT:
        _LINE_MEMOS.clear()
        memo = _LINE_MEMOS[key] = {}
    return memo


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
    if len(_SUIT_CACHE) > _CACHE_LIMIT:
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
    if len(_GROUP_CACHE) > _CACHE_LIMIT:
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
        suits = base
        if removals:
            rows = {}
            for r, removal in removals:
                for s in range(4):
                    if removal[s]:
                        row = rows.get(s)
                        if row is None:
                            row = rows[s] = list(base[s])
                        row[r] -= removal[s]
            if rows:
                suits = [tuple(rows[s]) if s in rows else base[s] for s in range(4)]
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
            combined = 0
            m = mask
            shift = 0
            while m:
                if m & 1:
                    combined |= rmask << shift
                m >>= 1
                shift += 1
            combined &= limit
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


# ----- rebuilding the melds of the best count ------------------------------------------


def _split_runs(counts, vals, jokers, memo, u, target):
    """The runs (start, naturals positions, jokers) and leftover positions reaching target."""
    runs, left = [], []
    counts = tuple(counts)
    size = len(counts)
    while True:
        p = 0
        while p < size and not counts[p]:
            p += 1
        if p == size:
            return runs, left
        first = list(counts)
        first[p] -= 1
        if _line(tuple(first), vals, jokers, memo)[u] + vals[p] == target:
            left.append(p)
            target -= vals[p]
            counts = tuple(first)
            continue
        stack = [(p, 1, 0, first, [p])]
        found = None
        while stack and found is None:
            last, naturals, gaps, current, members = stack.pop()
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
                sub = _line(tuple(after), vals, jokers, memo) if low <= high else None
                for j in range(low, min(high, u) + 1):
                    if sub[u - j] == target:
                        found = (members + [q], j, tuple(after), g)
                        break
                if found:
                    break
                stack.append((q, n, g, after, members + [q]))
        members, j, counts, g = found
        runs.append((members, j, g))
        u -= j


def _render_run(members, jokers_used, gaps, size, take_natural, take_joker):
    """Run cards in rank order, jokers in the gaps, then above (or below) the ends."""
    extra = jokers_used - gaps
    above = min(extra, size - 1 - members[-1])
    below = extra - above
    out = [take_joker() for _ in range(below)]
    for a, b in zip(members, members[1:], strict=False):
        out.append(take_natural(a))
        out.extend(take_joker() for _ in range(b - a - 1))
    out.append(take_natural(members[-1]))
    out.extend(take_joker() for _ in range(above))
    return out


def _arrange(cards, rules: Rules) -> Arrangement:
    counts, jokers = _parse(cards)
    total, plan = _search(counts, jokers, rules)
    mask, removals, suits = plan
    pools: dict = {}
    joker_pool = []
    for c in sorted(cards, reverse=True):
        if c[0] == "X":
            joker_pool.append(c)
        else:
            pools.setdefault((SUIT_INDEX[c[1]], RANK_INDEX[c[0]]), []).append(c)
    # Split the jokers used between the groups and each suit's runs.
    active = [s for s in range(4) if any(suits[s])]
    tables = [[0 if mask >> u & 1 else INF for u in range(jokers + 1)]]
    for s in active:
        tables.append(_convolve(tables[-1], _suit_table(suits[s], jokers, rules), jokers))
    final = tables[-1]
    used = min(range(jokers + 1), key=lambda u: (final[u] + rules.joker_value * (jokers - u), -u))
    shares = {}
    u = used
    for index in range(len(active), 0, -1):
        s = active[index - 1]
        suit_table = _suit_table(suits[s], jokers, rules)
        previous = tables[index - 1]
        for k in range(u + 1):
            if previous[u - k] < INF and previous[u - k] + suit_table[k] == tables[index][u]:
                shares[s] = k
                u -= k
                break
    group_jokers = u
    melds = []
    leftover = []

    def take_joker():
        return joker_pool.pop()

    # Groups: spread group_jokers over the ranks' group choices.
    rank_entries = []
    for r, removal in removals:
        column = (counts[0][r], counts[1][r], counts[2][r], counts[3][r])
        rank_entries.append((r, _group_options(column, jokers, rules)[removal][1]))
    remaining = group_jokers

    def spread(i, left):
        if i == len(rank_entries):
            return [] if left == 0 else None
        for t, groups in rank_entries[i][1].items():
            if t <= left:
                rest = spread(i + 1, left - t)
                if rest is not None:
                    return [groups] + rest
        return None

    for (r, _), groups in zip(rank_entries, spread(0, remaining) or [], strict=False):
        for shape, j in groups:
            meld = []
            for s in range(4):
                for _ in range(shape[s]):
                    meld.append(pools[(s, r)].pop())
            meld.extend(take_joker() for _ in range(j))
            melds.append(tuple(meld))
    # Runs, suit by suit.
    for s in active:
        u_s = shares.get(s, 0)
        target = _suit_table(suits[s], jokers, rules)[u_s]
        for line_counts, vals, ranks in _suit_lines(suits[s], rules):
            memo = _line_memo(vals, jokers)
            if _line(line_counts, vals, jokers, memo)[u_s] == target:
                runs, left = _split_runs(line_counts, vals, jokers, memo, u_s, target)
                for members, j, g in runs:
                    meld = _render_run(
                        members,
                        j,
                        g,
                        len(line_counts),
                        lambda p, s=s, ranks=ranks: pools[(s, ranks[p])].pop(),
                        take_joker,
                    )
                    melds.append(tuple(meld))
                leftover.extend(pools[(s, ranks[p])].pop() for p in left)
                break
    leftover.extend(joker_pool)
    count = sum(rules.value(c) for c in leftover)
    assert count == total, (cards, count, total)
    return Arrangement(tuple(melds), tuple(leftover), total, not leftover)


_ARRANGEMENTS: dict = {}


def best_arrangement(cards, rules: Rules = DEFAULT_RULES) -> Arrangement:
    """The melds and leftover cards of ``cards`` with the lowest leftover count."""
    key = (tuple(sorted(cards)), rules)
    found = _ARRANGEMENTS.get(key)
    if found is None:
        if len(_ARRANGEMENTS) > 50_000:
            _ARRANGEMENTS.clear()
        found = _ARRANGEMENTS[key] = _arrange(key[0], rules)
    return found


def clear_caches() -> None:
    """Forget every memoised table (benchmarks measure the solver cold with it)."""
    _LINE_MEMOS.clear()
    _SUIT_CACHE.clear()
    _GROUP_CACHE.clear()
    _ARRANGEMENTS.clear()
