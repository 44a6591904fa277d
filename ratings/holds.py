"""Pairs of accounts staff hold out of the leaderboards (``HeldPair``), and releasing them.

Staff hold a pair from the one-way pairs' report (ratings/pairs.py, in the admin): both
accounts leave every leaderboard (neither ranks, whoever of the two gained: a one-way
flow may be the winner's gain or the loser's sandbagging, and staff judge which) until
staff release the pair. Their ratings and games are untouched: holding hides a ranking,
it punishes no result. One hold open per pair at a time; a released hold is kept, with
who held and released it and why.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ratings.models import HeldPair
from taverne.refusals import Refusal


class HoldError(Refusal):
    """A hold refused (the same account twice, a pair already held)."""


def ordered(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def do_hold_pair(a, b, game_slug: str, reason: str, by) -> HeldPair:
    """Hold accounts ``a`` and ``b`` out of the leaderboards (refused if already held)."""
    first, second = ordered(getattr(a, "pk", a), getattr(b, "pk", b))
    if first == second:
        raise HoldError("yourself", _("Une paire se fait de deux comptes différents."))
    try:
        with transaction.atomic():
            return HeldPair.objects.create(first_id=first, second_id=second,
                                           game_slug=game_slug, reason=reason,
                                           held_by=by)
    except IntegrityError:  # the open hold of this pair (the constraint decides, race-free)
        raise HoldError("already_held",
                        _("Ces deux comptes sont déjà tenus hors des classements.")) from None


def do_release_pair(hold: HeldPair, by, note: str = "") -> bool:
    """Release a held pair: both accounts rank again. False if it was already released."""
    with transaction.atomic():
        locked = HeldPair.objects.select_for_update().get(pk=hold.pk)
        if locked.released_at is not None:
            return False
        locked.released_at = timezone.now()
        locked.released_by = by
        if note:
            locked.note = f"{locked.note}\n{note}".strip()
        locked.save(update_fields=["released_at", "released_by", "note"])
        return True


def open_holds():
    return HeldPair.objects.filter(released_at__isnull=True)


def held(user_field: str = "user"):
    """An expression, true for a row whose ``user_field`` is an account of an open hold
    (the leaderboards exclude them)."""
    account = OuterRef(user_field)
    return Exists(open_holds().filter(Q(first=account) | Q(second=account)))


def held_pairs() -> set[tuple[int, int]]:
    """The pairs held now, as (smaller id, larger id)."""
    return set(open_holds().values_list("first_id", "second_id"))
