"""Rebuilding the melds of the best count: which cards go to which group and run."""

from __future__ import annotations

from .count import (
    _GROUP_CACHE,
    _LINE_MEMOS,
    _SUIT_CACHE,
    CACHE_LIMIT,
    DEFAULT_RULES,
    INF,
    MAX_RUN,
    RANK_INDEX,
    SUIT_INDEX,
    Arrangement,
    Rules,
    _convolve,
    _group_options,
    _line,
    _line_memo,
    _parse,
    _search,
    _suit_lines,
    _suit_table,
)

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
    active = [s for s in range(4) if any(suits[s])]
    shares, group_jokers = _joker_shares(mask, suits, active, jokers, rules)
    melds = _group_melds(counts, removals, group_jokers, jokers, rules, pools, joker_pool)
    leftover = []
    for s in active:
        runs, left = _suit_runs(suits[s], s, shares.get(s, 0), jokers, rules, pools, joker_pool)
        melds += runs
        leftover += left
    leftover.extend(joker_pool)
    count = sum(rules.value(c) for c in leftover)
    assert count == total, (cards, count, total)
    return Arrangement(tuple(melds), tuple(leftover), total, not leftover)


def _joker_shares(mask, suits, active, jokers, rules) -> tuple[dict, int]:
    """How many jokers each suit's runs use, and how many are left for the groups."""
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
    return shares, u


def _group_melds(counts, removals, group_jokers, jokers, rules, pools, joker_pool) -> list:
    """The groups (same rank), with ``group_jokers`` jokers spread over them."""
    rank_entries = []
    for r, removal in removals:
        column = (counts[0][r], counts[1][r], counts[2][r], counts[3][r])
        rank_entries.append((r, _group_options(column, jokers, rules)[removal][1]))

    def spread(i, left):
        if i == len(rank_entries):
            return [] if left == 0 else None
        for t, groups in rank_entries[i][1].items():
            if t <= left:
                rest = spread(i + 1, left - t)
                if rest is not None:
                    return [groups] + rest
        return None

    melds = []
    for (r, _), groups in zip(rank_entries, spread(0, group_jokers) or [], strict=False):
        for shape, j in groups:
            meld = []
            for s in range(4):
                for _ in range(shape[s]):
                    meld.append(pools[(s, r)].pop())
            meld.extend(joker_pool.pop() for _ in range(j))
            melds.append(tuple(meld))
    return melds


def _suit_runs(suit_counts, s, share, jokers, rules, pools, joker_pool) -> tuple[list, list]:
    """One suit's runs using ``share`` jokers, and the cards of that suit left over."""
    target = _suit_table(suit_counts, jokers, rules)[share]
    for line_counts, vals, ranks in _suit_lines(suit_counts, rules):
        memo = _line_memo(vals, jokers)
        if _line(line_counts, vals, jokers, memo)[share] != target:
            continue
        runs, left = _split_runs(line_counts, vals, jokers, memo, share, target)
        melds = [
            tuple(
                _render_run(
                    members, j, g, len(line_counts),
                    lambda p, ranks=ranks: pools[(s, ranks[p])].pop(),
                    joker_pool.pop,
                )
            )
            for members, j, g in runs
        ]
        return melds, [pools[(s, ranks[p])].pop() for p in left]
    return [], []


_ARRANGEMENTS: dict = {}


def best_arrangement(cards, rules: Rules = DEFAULT_RULES) -> Arrangement:
    """The melds and leftover cards of ``cards`` with the lowest leftover count."""
    key = (tuple(sorted(cards)), rules)
    found = _ARRANGEMENTS.get(key)
    if found is None:
        if len(_ARRANGEMENTS) >= CACHE_LIMIT:
            _ARRANGEMENTS.clear()
        found = _ARRANGEMENTS[key] = _arrange(key[0], rules)
    return found


def clear_caches() -> None:
    """Forget every memoised table (benchmarks measure the solver cold with it)."""
    _LINE_MEMOS.clear()
    _SUIT_CACHE.clear()
    _GROUP_CACHE.clear()
    _ARRANGEMENTS.clear()
