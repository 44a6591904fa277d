"""One line telling a notice, in the active language: the bell's list (notices/web.py) and
the daily digest (notices/digest.py) read it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from notices.models import Kind, Notice
from taverne.games import game_name


def describe(notice: Notice) -> str:
    """One line of the list, in the reader's language."""
    data = notice.data or {}
    table = data.get("table_name") or (game_name(data["game_slug"]) if data.get("game_slug")
                                        else "")
    if notice.kind == Kind.YOUR_TURN:
        return _("À vous de jouer à la table « %(table)s ».") % {"table": table}
    if notice.kind == Kind.GAME_OVER:
        if data.get("won"):
            return _("Vous avez gagné à la table « %(table)s ».") % {"table": table}
        return _("La partie à la table « %(table)s » est terminée.") % {"table": table}
    if notice.kind == Kind.PAIRED:
        return _("Adversaire trouvé : la table « %(table)s » vous attend.") % {"table": table}
    who = data.get("from_name") or data.get("from")
    if who:
        return _("%(name)s vous défie.") % {"name": who}
    return _("Vous avez reçu un défi.")
