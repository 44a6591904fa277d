"""Ambigu at the table: stacks, the poule and batterie, the phases and the showdown's
payments; the words of its log, its refusals, its combinations and its options."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import (
    gettext_lazy,
    ngettext,
    ngettext_lazy,
    npgettext_lazy,
    pgettext,
    pgettext_lazy,
)

from play.presentation import words
from play.presentation.board import per_seat
from play.presentation.options import OptionWords, chips

NAME = pgettext_lazy("nom du jeu", "Ambigu")
OF_NAME = pgettext_lazy("nom du jeu après « de »", "de l'Ambigu")

# The combinations, by the engine's category (cardgames/ambigu/game.py CATEGORIES).
COMBINATIONS = {
    "point": pgettext_lazy("combinaison de l'Ambigu", "point"),
    "prime": pgettext_lazy("combinaison de l'Ambigu", "prime"),
    "grande-prime": pgettext_lazy("combinaison de l'Ambigu", "grande prime"),
    "sequence": pgettext_lazy("combinaison de l'Ambigu", "séquence"),
    "tricon": pgettext_lazy("combinaison de l'Ambigu", "tricon"),
    "flux": pgettext_lazy("combinaison de l'Ambigu", "flux"),
    "tricon-prime": pgettext_lazy("combinaison de l'Ambigu", "tricon avec prime"),
    "tricon-grande-prime": pgettext_lazy("combinaison de l'Ambigu", "tricon avec grande prime"),
    "flux-sequence": pgettext_lazy("combinaison de l'Ambigu", "flux avec séquence"),
    "fredon": pgettext_lazy("combinaison de l'Ambigu", "fredon"),
}


def combination_name(combination) -> str:
    """A combination (the engine's ``as_dict``, or its category) in words: « tricon »."""
    category = combination.get("category") if isinstance(combination, dict) else combination
    return str(COMBINATIONS.get(category, category or ""))


def _draws(p) -> str:
    """« Alice : sept, Bob : as » (ranks only: the draw's suits stay hidden)."""
    return ", ".join(
        pgettext("tirage pour la donne", "%(seat)s : %(rank)s")
        % {"seat": p.name(seat), "rank": words.rank_name(rank)}
        for seat, rank in p["draws"]
    )


# Translators: %(seat)s and %(dealer)s are players' names; %(amount)s, %(stake)s and
# %(count)s are numbers of chips or cards.
MESSAGES = {
    "ambigu.draw": lambda p: _("Tirage pour la donne (%(draws)s) ; %(dealer)s donne.") % {
        **p, "draws": _draws(p)},
    "ambigu.deal": gettext_lazy("%(dealer)s bat les cartes et en donne deux à chacun."),
    "ambigu.deal2": gettext_lazy(
        "%(dealer)s bat le talon et donne encore deux cartes à chacun."
    ),
    "ambigu.shuffle-exchange": gettext_lazy("%(dealer)s bat le talon pour les écarts."),
    "ambigu.refill": gettext_lazy("%(dealer)s refait un talon avec les écarts battus."),
    "ambigu.pass": gettext_lazy("%(seat)s passe."),
    "ambigu.pass-out": gettext_lazy("%(seat)s passe et quitte le coup."),
    "ambigu.battez": ngettext_lazy(
        "%(seat)s dit « battez » et met %(stake)s jeton à la batterie.",
        "%(seat)s dit « battez » et met %(stake)s jetons à la batterie.",
        "stake",
    ),
    "ambigu.recave": ngettext_lazy(
        "%(seat)s se recave de %(amount)s jeton.",
        "%(seat)s se recave de %(amount)s jetons.",
        "amount",
    ),
    "ambigu.exchange": npgettext_lazy(
        "Ambigu : échange des cartes",
        "%(seat)s écarte %(count)s carte.",
        "%(seat)s écarte %(count)s cartes.",
        "count",
    ),
    "ambigu.stand-pat": gettext_lazy("%(seat)s se tient à ses cartes."),
    "ambigu.mix": gettext_lazy("%(seat)s laisse mêler son écart au nouveau talon."),
    "ambigu.keep": gettext_lazy("%(seat)s refuse de mêler son écart au nouveau talon."),
    "ambigu.vade": ngettext_lazy(
        "%(seat)s ouvre : va de %(amount)s jeton.",
        "%(seat)s ouvre : va de %(amount)s jetons.",
        "amount",
    ),
    "ambigu.follow": ngettext_lazy(
        "%(seat)s suit la vade de %(amount)s jeton.",
        "%(seat)s suit la vade de %(amount)s jetons.",
        "amount",
    ),
    "ambigu.tapis": gettext_lazy("%(seat)s fait tapis."),
    "ambigu.check": gettext_lazy("%(seat)s tient sans renvier."),
    "ambigu.call": gettext_lazy("%(seat)s tient le renvi."),
    "ambigu.fold": pgettext_lazy("Ambigu : aux renvis", "%(seat)s passe et quitte le coup."),
    "ambigu.renvi": ngettext_lazy(
        "%(seat)s renvie de %(amount)s jeton.",
        "%(seat)s renvie de %(amount)s jetons.",
        "amount",
    ),
    "ambigu.renvi-tapis": ngettext_lazy(
        "%(seat)s renvie de %(amount)s jeton (tapis).",
        "%(seat)s renvie de %(amount)s jetons (tapis).",
        "amount",
    ),
}

REFUSALS = {
    "ambigu.over": gettext_lazy("La donne est terminée."),
    "ambigu.chance": gettext_lazy("C'est au hasard de battre les cartes."),
    "ambigu.phase": gettext_lazy("Aucune action n'est possible maintenant."),
    "ambigu.wrong-action": gettext_lazy("L'action « %(kind)s » n'est pas permise maintenant."),
    "ambigu.battez-stake": ngettext_lazy(
        "Il faut %(stake)s jeton pour la batterie.",
        "Il faut %(stake)s jetons pour la batterie.",
        "stake",
    ),
    "ambigu.recave": gettext_lazy(
        "On ne se recave qu'une fois par donne, après la première donne de la table, avant "
        "la troisième carte."
    ),
    "ambigu.recave-amount": ngettext_lazy(
        "La recave ne peut porter la cave au-delà de %(cave)s jeton.",
        "La recave ne peut porter la cave au-delà de %(cave)s jetons.",
        "cave",
    ),
    "ambigu.exchange-cards": gettext_lazy(
        "On n'écarte que des cartes de sa main, chacune une fois."
    ),
    "ambigu.exchange-count": ngettext_lazy(
        "On écarte ici de %(low)s à %(high)s carte.",
        "On écarte ici de %(low)s à %(high)s cartes.",
        "high",
    ),
    "ambigu.vade-once": gettext_lazy("La vade est déjà ouverte : on suit ou on passe."),
    "ambigu.vade-amount": ngettext_lazy(
        "La vade est de %(low)s à %(high)s jeton, dans la limite de sa cave.",
        "La vade est de %(low)s à %(high)s jetons, dans la limite de sa cave.",
        "high",
    ),
    "ambigu.no-vade": gettext_lazy("Personne n'a ouvert de vade."),
    "ambigu.follow": gettext_lazy("Pas assez de jetons pour suivre : faites tapis."),
    "ambigu.tapis": gettext_lazy("Le tapis est pour qui ne peut pas suivre en entier."),
    "ambigu.check": gettext_lazy("Il y a une enchère à tenir : tenez, renviez ou passez."),
    "ambigu.fold": gettext_lazy("Rien à tenir : on ne passe pas, on parle."),
    "ambigu.call": gettext_lazy("Rien à tenir, ou pas assez de jetons : faites tapis."),
    "ambigu.renvi-alone": gettext_lazy("Personne ne peut plus tenir un renvi."),
    "ambigu.renvi-amount": ngettext_lazy(
        "Un renvi met de %(low)s à %(high)s jeton.",
        "Un renvi met de %(low)s à %(high)s jetons.",
        "high",
    ),
    "ambigu.carry": gettext_lazy("Report invalide : une cave par place."),
}

OPTIONS = {
    "cave": OptionWords(
        gettext_lazy("Cave de départ (jetons)"),
        help=gettext_lazy("Jetons de chacun à la première donne ; plafond d'une recave."),
        choices=chips,
    ),
    "ante": OptionWords(gettext_lazy("Ante à la poule"), choices=chips),
    "battez_stake": OptionWords(gettext_lazy("Mise de « battez » à la batterie"), choices=chips),
    "no_opening": OptionWords(
        gettext_lazy("Si personne n'ouvre de vade"),
        choices={
            "dealer-pays": gettext_lazy(
                "le donneur met 2 jetons à la poule, on garde ses cartes et on passe aux renvis"
            ),
            "abandon": gettext_lazy(
                "la donne s'arrête, poule et batterie restent pour la suivante"
            ),
        },
    ),
    "exchange_min": OptionWords(
        gettext_lazy("Écart de la deuxième phase"),
        choices={
            0: gettext_lazy("de 0 à 4 cartes (on peut se tenir)"),
            1: gettext_lazy("de 1 à 4 cartes (obligatoire)"),
        },
    ),
    "exchange_rounds": OptionWords(
        gettext_lazy("Tours d'échange permis en première phase"),
        help=gettext_lazy(
            "Si tout le monde passe encore après le dernier, la donne est abandonnée."
        ),
    ),
    "combination_payers": OptionWords(
        gettext_lazy("Qui paie la combinaison gagnante"),
        choices={
            "all": gettext_lazy("tous les autres joueurs de la donne"),
            "remaining": gettext_lazy("seulement ceux restés jusqu'à la fin"),
            "none": gettext_lazy("personne"),
        },
    ),
    "fredon_prime": OptionWords(
        gettext_lazy("Le fredon compte aussi sa prime"),
        help=gettext_lazy("Fredon payé 10 ou 11 jetons au lieu de 8."),
    ),
    "refuse_discard": OptionWords(
        gettext_lazy("On peut refuser de mêler son écart au nouveau talon")
    ),
    "auto_recave": OptionWords(
        gettext_lazy("Un joueur décavé se recave de la cave de départ"),
        help=gettext_lazy("Sinon il ne reçoit pas de cartes tant qu'il n'a pas de jetons."),
    ),
}

# Where this game names an action differently from the shared words.
TYPE_LABELS = {
    "recave": gettext_lazy("Se recaver de"),
    "vade": gettext_lazy("Ouvrir la vade de"),
    "renvi": gettext_lazy("Renvier de"),
    "call": gettext_lazy("Tenir le renvi"),
    "check": gettext_lazy("Tenir sans renvier"),
    "fold": gettext_lazy("Passer"),
    "keep": gettext_lazy("Garder mon écart"),
    "pass": gettext_lazy("Passer"),
}


def number_label(kind, key, n) -> str | None:
    """Jetons are what a vade, a renvi and a recave count: « 2 jetons »."""
    if key == "amount":
        return ngettext("%(n)s jeton", "%(n)s jetons", n) % {"n": n}
    return None


def action_label(action) -> str | None:
    """« Se recaver de 2 jetons », « Ouvrir la vade de 3 jetons »."""
    amount = action.get("amount")
    if action.get("type") in ("recave", "vade", "renvi") and isinstance(amount, int):
        return f"{TYPE_LABELS[action['type']]} {number_label(action['type'], 'amount', amount)}"
    return None


PHASES = {
    "draw": gettext_lazy("Tirage de la donne"),
    "deal": gettext_lazy("Donne"),
    "speech1": gettext_lazy("Première phase : passer ou « battez »"),
    "exchange1": gettext_lazy("Première phase : écart"),
    "shuffle": gettext_lazy("On bat les cartes"),
    "keep": gettext_lazy("Garder son écart ?"),
    "speech2": gettext_lazy("Deuxième phase : la vade"),
    "exchange2": gettext_lazy("Deuxième phase : écart"),
    "renvis": gettext_lazy("Troisième phase : les renvis"),
    "over": gettext_lazy("Coup terminé"),
}
OUTCOMES = {
    "showdown": gettext_lazy("abattage"),
    "last-in": gettext_lazy("tous les autres ont passé"),
    "vade": gettext_lazy("vade sans réponse"),
    "abandoned": gettext_lazy("coup abandonné, tout est reporté"),
}


def board(view, names) -> dict:
    seats = view.get("seats") or len(names)
    phase = view.get("phase")
    combination = view.get("combination")
    result = view.get("result") or {}
    return {
        "rows": _rows(view, names, seats, result),
        "phase_name": str(PHASES.get(phase, phase or "")),
        "speech": _speech(phase, view.get("round")),
        "poule": view.get("poule", 0),
        "batterie": view.get("batterie", 0),
        "renvis": view.get("renvis", 0),
        "vade": view.get("vade", 0),
        "high_bet": view.get("high_bet", 0),
        "to_call": view.get("to_call", 0),
        "stock_size": view.get("stock_size"),
        "combination": combination_name(combination) if combination else "",
        "combination_value": combination.get("value") if isinstance(combination, dict) else None,
        "my_discards": view.get("my_discards") or [],
        "over": phase == "over",
    } | _result(result, names, seats)


def _speech(phase, round_number) -> str:
    if phase not in ("speech1", "speech2", "renvis") or not round_number:
        return ""
    if phase == "speech2":
        return _("tour de parole %(n)s sur 2") % {"n": round_number}
    return _("tour de parole %(n)s") % {"n": round_number}


def _rows(view, names, seats, result) -> list[dict]:
    stacks = per_seat(view, seats, "stacks")
    bets = per_seat(view, seats, "bets")
    folded = per_seat(view, seats, "folded")
    allin = per_seat(view, seats, "allin")
    sizes = per_seat(view, seats, "hand_sizes")
    exchanged = per_seat(view, seats, "exchanged")
    revealed = per_seat(view, seats, "revealed")
    return [
        {
            "name": names[s],
            "stack": stacks[s],
            "bet": bets[s] or 0,
            "folded": bool(folded[s]),
            "allin": bool(allin[s]),
            "cards": sizes[s],
            "exchanged": exchanged[s] or 0,
            "revealed": revealed[s] if isinstance(revealed[s], list) else [],
            "dealer": s == view.get("dealer"),
            "battez": s == view.get("battez"),
            "opener": s == view.get("opener"),
            "winner": s in (result.get("winners") or []),
            "score": (result.get("scores") or [None] * seats)[s] if result else None,
            "you": s == view.get("you"),
        }
        for s in range(seats)
    ]


def _result(result, names, seats) -> dict:
    """How a finished deal ended: its outcome, the winning combination, who paid whom."""
    winner_combination = result.get("combination")
    return {
        "outcome": str(OUTCOMES.get(result.get("outcome"), result.get("outcome") or "")),
        "winner_combination": (
            combination_name(winner_combination) if winner_combination else ""
        ),
        "winner_combination_value": (
            winner_combination.get("value") if isinstance(winner_combination, dict) else None
        ),
        "payments": [
            {"payer": names[p], "payee": names[q], "amount": n}
            for p, q, n in result.get("payments") or []
            if 0 <= p < seats and 0 <= q < seats and n  # an unpaid combination is a debt
        ],
        "poule_won": result.get("poule_won"),
        "batterie_won": result.get("batterie_won"),
        "poule_carried": result.get("poule_carried"),
        "debts": [
            {"debtor": names[d[0]], "creditor": names[d[1]], "amount": d[2]}
            for d in result.get("debts") or []
            if isinstance(d, (list, tuple)) and len(d) == 3
        ],
    }


FOLDED_WORD = gettext_lazy("passé")


def seat_notes(view, seat) -> list[str]:
    """Ambigu's seats also say who called « battez », who opened the vade, and how many
    cards each changed at the exchange."""
    notes = []
    if seat == view.get("battez"):
        notes.append(_("battez"))
    if seat == view.get("opener"):
        notes.append(_("vade"))
    changed = (view.get("exchanged") or [])[seat:seat + 1]
    if changed and changed[0]:
        notes.append(ngettext("%(n)s changée", "%(n)s changées", changed[0]) % {"n": changed[0]})
    return notes
