"""Why a table played for écus deals no hand, in the reader's words.

The view's ``waiting`` (docs/protocol.md) holds the economy's reasons as data: how many
players are still to sit down, and what each seated player lacks (economy/chips/
waiting.py). Each becomes one sentence naming the player ("Bob n'a pas assez d'écus pour
la cave minimale (40 écus).") or speaking to the reader about their own seat, so a
waiting table always says who or what it waits for.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def _seats_taken(taken: int, total: int) -> str:
    if taken == 0:
        return _("aucune place n'est prise")
    return ngettext(
        "%(taken)s place sur %(total)s est prise",
        "%(taken)s places sur %(total)s sont prises",
        taken,
    ) % {"taken": taken, "total": total}


def _players_missing(needed: int, taken: int, total: int) -> str:
    missing = ngettext("Il manque un joueur", "Il manque %(n)s joueurs", needed) % {
        "n": needed}
    # Translators: "Il manque un joueur" : "1 place sur 3 est prise".
    return _("%(missing)s : %(seats)s.") % {"missing": missing,
                                          "seats": _seats_taken(taken, total)}


def _yours(reason: str, cave_min: int) -> str:
    if reason == "not_caved":
        return _("Vous n'avez pas encore cavé : choisissez vos jetons dans le panneau "
                 "« Cave ».")
    if reason == "not_enough_ecus":
        return ngettext(
            "Vous n'avez pas assez d'écus pour la cave minimale (%(n)s écu).",
            "Vous n'avez pas assez d'écus pour la cave minimale (%(n)s écus).",
            cave_min,
        ) % {"n": cave_min}
    if reason == "must_recave":
        return _("Vous n'avez plus assez de jetons : recavez pour recevoir des cartes.")
    if reason == "standing":
        return _("Vous ne recevez pas de cartes : « Se rasseoir » vous remet dans le jeu.")
    if reason == "no_hands":
        return _("Vous n'avez plus de main pour aujourd'hui : un paquet de mains vous remet "
                 "dans le jeu.")
    if reason == "level":
        return _("Vérifiez d'abord votre adresse e-mail pour recevoir des cartes.")
    if reason == "leaving":
        return _("Vous ramassez vos gains et quittez la table.")
    return ""


def _theirs(reason: str, name: str, cave_min: int) -> str:
    if reason == "not_caved":
        return _("%(name)s n'a pas encore cavé.") % {"name": name}
    if reason == "not_enough_ecus":
        return ngettext(
            "%(name)s n'a pas assez d'écus pour la cave minimale (%(n)s écu).",
            "%(name)s n'a pas assez d'écus pour la cave minimale (%(n)s écus).",
            cave_min,
        ) % {"name": name, "n": cave_min}
    if reason == "must_recave":
        return _("%(name)s n'a plus assez de jetons pour recevoir des cartes.") % {
            "name": name}
    if reason == "standing":
        return _("%(name)s a choisi de ne pas recevoir de cartes pour l'instant.") % {
            "name": name}
    if reason == "no_hands":
        return _("%(name)s n'a plus de main pour aujourd'hui.") % {"name": name}
    if reason == "level":
        return _("%(name)s doit d'abord vérifier son adresse e-mail.") % {"name": name}
    if reason == "leaving":
        return _("%(name)s ramasse ses gains et quitte la table.") % {"name": name}
    return ""


def waiting_lines(view: dict, names: list[str], taken: int, you) -> list[str]:
    """What a waiting chip table (``waiting.cave_min`` set) lacks, one sentence each (the
    reader's own seat first); [] at any other table."""
    waiting = view.get("waiting")
    if not isinstance(waiting, dict) or waiting.get("cave_min") is None:
        # not a chip table: its page shows its free and kept places itself
        return []
    lines = []
    needed = waiting.get("players_needed") or 0
    if needed:
        lines.append(_players_missing(needed, taken, len(names)))
    cave_min = waiting.get("cave_min") or 0
    # the reader's own seat first: what they can do something about
    missing_now = sorted(waiting.get("missing") or [],
                         key=lambda m: m.get("position") != you if isinstance(m, dict) else 1)
    for missing in missing_now:
        if not isinstance(missing, dict):
            continue
        position, reason = missing.get("position"), missing.get("reason", "")
        if not (isinstance(position, int) and 0 <= position < len(names)):
            continue
        line = (_yours(reason, cave_min) if position == you
                else _theirs(reason, names[position], cave_min))
        if line:
            lines.append(line)
    if not lines:  # two can play: the deal is on its way
        lines.append(_("La donne va commencer."))
    return lines
