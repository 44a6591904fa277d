"""Whether a name may be shown as a player's: not another player's, a bot's or the site's
to a reader's eye (taverne/names.py says when two names are the same)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from taverne.names import has_invisible_characters, is_reserved, name_key

INVISIBLE = _("Ce nom contient des caractères invisibles : retirez-les.")
EMPTY = _("Un nom compte au moins une lettre ou un chiffre.")
RESERVED = _("Ce nom est réservé aux automates et à la maison : choisissez-en un autre.")
TAKEN = _("Ce nom est déjà pris, ou se lit comme celui d'un autre joueur : choisissez-en "
          "un autre.")


def check_name(name: str, user: User | None = None) -> None:
    """Refuse (ValidationError, in French first) a name ``user`` may not show: invisible
    characters, a reserved name, or one that reads as another player's."""
    if has_invisible_characters(name):
        raise ValidationError(INVISIBLE, code="invisible")
    key = name_key(name)
    if not key:
        raise ValidationError(EMPTY, code="empty")
    if is_reserved(name):
        raise ValidationError(RESERVED, code="reserved")
    others = User.objects.filter(name_key=key)
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    if others.exists():
        raise ValidationError(TAKEN, code="taken")
