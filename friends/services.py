"""Following and blocking: every change here, each one transaction with both players' rows
locked in a fixed order (a follow and a block between the same two never cross), each
idempotent (following twice follows once; unblocking nobody changes nothing).

A refusal is a ``FriendsError`` and changes nothing: oneself, a guest, an unknown name,
or following across a block.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.guests import is_guest
from friends.models import Block, Follow
from taverne.refusals import Refusal

NAME_SHOWN = 40  # characters of an unknown name said back in a refusal

SIGN_UP_FOR_FRIENDS = _("Créez un compte pour suivre ou bloquer des joueurs.")
NOBODY = _("Aucun joueur ne s'appelle « %(name)s ».")
A_GUEST = _("Ce joueur est un invité, sans compte : on ne peut ni le suivre ni le bloquer.")
FOLLOW_YOURSELF = _("Vous ne pouvez pas vous suivre vous-même.")
BLOCK_YOURSELF = _("Vous ne pouvez pas vous bloquer vous-même.")
YOU_BLOCKED = _("Vous avez bloqué %(name)s : débloquez ce joueur avant de le suivre.")
BLOCKED_YOU = _("Vous ne pouvez pas suivre ce joueur.")


class FriendsError(Refusal):
    """A refused follow or block: ``code`` is stable (docs/api.md lists them)."""


def _player(user, username: str, yourself):
    """The account named ``username`` that ``user`` may follow or block (refusals
    otherwise)."""
    if is_guest(user) or not getattr(user, "is_authenticated", False):
        raise FriendsError("account_required", SIGN_UP_FOR_FRIENDS)
    name = (username or "").strip()
    other = get_user_model().objects.filter(username=name, is_active=True).first()
    if other is None:
        raise FriendsError("not_found", NOBODY, name=name[:NAME_SHOWN])
    if other.pk == user.pk:
        raise FriendsError("yourself", yourself)
    if other.is_guest:
        raise FriendsError("guest_player", A_GUEST)
    return other


def _lock(user, other) -> None:
    """Both players' rows, the smaller id first: two changes between the same pair wait
    for each other, never for a lock the other holds."""
    list(get_user_model().objects.select_for_update().filter(pk__in=(user.pk, other.pk))
         .order_by("pk").values_list("pk", flat=True))


def do_follow(user, username: str) -> Follow:
    """``user`` follows ``username`` (already following: the same row). Refused while a
    block stands between them, either way."""
    other = _player(user, username, FOLLOW_YOURSELF)
    with transaction.atomic():
        _lock(user, other)
        if Block.objects.filter(blocker=user, blocked=other).exists():
            raise FriendsError("blocked", YOU_BLOCKED, name=other.public_name)
        if Block.objects.filter(blocker=other, blocked=user).exists():
            raise FriendsError("blocked", BLOCKED_YOU)
        follow, _created = Follow.objects.get_or_create(follower=user, followed=other)
    return follow


def do_unfollow(user, username: str) -> bool:
    """``user`` no longer follows ``username``; False when they did not."""
    other = _player(user, username, FOLLOW_YOURSELF)
    with transaction.atomic():
        _lock(user, other)
        deleted, _rows = Follow.objects.filter(follower=user, followed=other).delete()
    return bool(deleted)


def do_block(user, username: str) -> Block:
    """``user`` blocks ``username`` (already blocked: the same row); any follow between
    them, either way, ends."""
    other = _player(user, username, BLOCK_YOURSELF)
    with transaction.atomic():
        _lock(user, other)
        Follow.objects.filter(Q(follower=user, followed=other)
                              | Q(follower=other, followed=user)).delete()
        block, _created = Block.objects.get_or_create(blocker=user, blocked=other)
    return block


def do_unblock(user, username: str) -> bool:
    """``user`` lifts their block of ``username`` (a block the other made stays); False
    when there was none."""
    other = _player(user, username, BLOCK_YOURSELF)
    with transaction.atomic():
        _lock(user, other)
        deleted, _rows = Block.objects.filter(blocker=user, blocked=other).delete()
    return bool(deleted)
