"""What the other rooms ask of friends and blocks (reads only): play's chat, the players'
pages, and the challenges and pairing to come, which refuse across a block."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Q

from friends.models import Block, Follow


def _id(user) -> int | None:
    return getattr(user, "pk", user)


def is_blocked(a, b) -> bool:
    """Whether either of ``a`` and ``b`` (users or ids) blocked the other."""
    a, b = _id(a), _id(b)
    if a is None or b is None or a == b:
        return False
    return Block.objects.filter(Q(blocker_id=a, blocked_id=b)
                                | Q(blocker_id=b, blocked_id=a)).exists()


def follows(a, b) -> bool:
    """Whether ``a`` follows ``b`` (users or ids)."""
    a, b = _id(a), _id(b)
    return a is not None and b is not None and Follow.objects.filter(
        follower_id=a, followed_id=b).exists()


def blocks(a, b) -> bool:
    """Whether ``a`` blocked ``b`` (users or ids): the block ``a`` may lift."""
    a, b = _id(a), _id(b)
    return a is not None and b is not None and Block.objects.filter(
        blocker_id=a, blocked_id=b).exists()


def followed_by(user) -> list:
    """The players ``user`` follows, by name, each with ``since`` (when they started)."""
    rows = Follow.objects.filter(follower=user).select_related("followed")
    return _by_name([_since(row.followed, row.created_at) for row in rows])


def blocked_by(user) -> list:
    """The players ``user`` blocked, by name, each with ``since``."""
    rows = Block.objects.filter(blocker=user).select_related("blocked")
    return _by_name([_since(row.blocked, row.created_at) for row in rows])


def silenced(author_ids: Iterable[int]) -> dict[int, set[int]]:
    """For each of ``author_ids`` blocked by or blocking somebody, the users who must not
    read them (a block silences both ways): one query."""
    authors = set(author_ids)
    if not authors:
        return {}
    found = defaultdict(set)
    pairs = Block.objects.filter(Q(blocker_id__in=authors) | Q(blocked_id__in=authors))
    for blocker, blocked in pairs.values_list("blocker_id", "blocked_id"):
        if blocker in authors:
            found[blocker].add(blocked)
        if blocked in authors:
            found[blocked].add(blocker)
    return dict(found)


def _since(user, moment):
    user.since = moment
    return user


def _by_name(users: list) -> list:
    return sorted(users, key=lambda user: (user.public_name.casefold(), user.pk))

