"""Whether a name may be shown as a player's: not another player's, a bot's or the site's
to a reader's eye (taverne/names.py says when two names are the same, and which words
are the house's)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from taverne.names import has_invisible_characters, name_key, name_skeleton, reserved_word

INVISIBLE = _("Ce nom contient des caractères invisibles : retirez-les.")
EMPTY = _("Un nom compte au moins une lettre ou un chiffre.")
RESERVED = _("Ce nom contient « %(word)s », un mot réservé à la maison et à ses "
             "automates : choisissez-en un autre.")
TAKEN = _("Ce nom est déjà pris, ou se lit comme celui d'un autre joueur : choisissez-en "
          "un autre.")


def check_name(name: str, user: User | None = None) -> None:
    """Refuse (ValidationError, in French first) a name ``user`` may not show: invisible
    characters, a word of the house's (« invité », « admin », a bot's name...), or one
    that reads as another player's (the same key or the same UTS #39 skeleton)."""
    if has_invisible_characters(name):
        raise ValidationError(INVISIBLE, code="invisible")
    key = name_key(name)
    if not key:
        raise ValidationError(EMPTY, code="empty")
    word = reserved_word(name)
    if word is not None:
        raise ValidationError(RESERVED, code="reserved", params={"word": word})
    others = User.objects.filter(Q(name_key=key) | Q(name_skeleton=name_skeleton(name)))
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    if others.exists():
        raise ValidationError(TAKEN, code="taken")
