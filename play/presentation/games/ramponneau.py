"""Ramponneau at the table: stacks, bets, the board, the pots; amounts on a slider with an
all-in button; the words of its log (poker hands named), its refusals and its options."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from play.presentation import words
from play.presentation.board import names_of, per_seat
from play.presentation.labels import action_json, type_label
from play.presentation.options import OptionWords

NAME = pgettext_lazy("nom du jeu", "Ramponneau")
OF_NAME = pgettext_lazy("nom du jeu après « de »", "du Ramponneau")

# A poker hand by category; %(rank)s is the top rank (« as »), %(ranks)s and %(second)s
# the deciding ranks in the plural (« rois », « dames »), %(of_ranks)s the first after
# « de » (« d'as », « de rois »).
HANDS = {
    "high_card": pgettext_lazy("main de poker", "hauteur %(rank)s"),
    "pair": pgettext_lazy("main de poker", "paire %(of_ranks)s"),
    "two_pair": pgettext_lazy("main de poker", "double paire %(ranks)s et %(second)s"),
    "three_of_a_kind": pgettext_lazy("main de poker", "brelan %(of_ranks)s"),
    "straight": pgettext_lazy("main de poker", "quinte hauteur %(rank)s"),
    "flush": pgettext_lazy("main de poker", "couleur hauteur %(rank)s"),
    "full_house": pgettext_lazy("main de poker", "full aux %(ranks)s par les %(second)s"),
    "four_of_a_kind": pgettext_lazy("main de poker", "carré %(of_ranks)s"),
    "straight_flush": pgettext_lazy("main de poker", "quinte flush hauteur %(rank)s"),
}


def hand_words(summary) -> str:
    """A hand from its summary (``poker.summary``): « full aux rois par les dames »."""
    if not isinstance(summary, dict) or summary.get("category") not in HANDS:
        return ""
    ranks = summary.get("ranks") or ["A"]
    return str(HANDS[summary["category"]]) % {
        "rank": words.rank_name(ranks[0]),
        "ranks": words.rank_plural(ranks[0]),
        "of_ranks": words.of_ranks(ranks[0]),
        "second": words.rank_plural(ranks[1]) if len(ranks) > 1 else "",
    }


# Translators: %(seat)s is a player's name, %(amount)s a number of chips; %(cards)s the
# cards shown, %(hand)s the poker hand they make.
MESSAGES = {
    "ramponneau.deal": gettext_lazy("Les cartes sont battues et distribuées."),
    "ramponneau.fold": gettext_lazy("%(seat)s se couche."),
    "ramponneau.check": gettext_lazy("%(seat)s dit parole."),
    "ramponneau.call": gettext_lazy("%(seat)s suit %(amount)s."),
    "ramponneau.call-all-in": gettext_lazy("%(seat)s suit %(amount)s et fait tapis."),
    "ramponneau.bet": gettext_lazy("%(seat)s mise %(amount)s."),
    "ramponneau.bet-all-in": gettext_lazy("%(seat)s mise %(amount)s (tapis)."),
    "ramponneau.raise": gettext_lazy("%(seat)s relance à %(amount)s."),
    "ramponneau.raise-all-in": gettext_lazy("%(seat)s relance à %(amount)s (tapis)."),
    "ramponneau.show": lambda p: _("%(seat)s montre %(cards)s : %(hand)s.") % {
        **p, "hand": hand_words(p["hand"])},
    "ramponneau.muck": gettext_lazy("%(seat)s jette ses cartes sans les montrer."),
}


REFUSALS = {
    "ramponneau.over": gettext_lazy("La main est terminée."),
    "ramponneau.deal-first": gettext_lazy("Il faut d'abord battre et donner."),
    "ramponneau.showdown": gettext_lazy("À l'abattage, on montre ou on jette ses cartes."),
    "ramponneau.fold-free": gettext_lazy(
        "Personne n'a misé : dites parole plutôt que de vous coucher."
    ),
    "ramponneau.check-facing-bet": gettext_lazy(
        "Impossible de dire parole face à une mise : suivez, relancez ou couchez-vous."
    ),
    "ramponneau.call-nothing": gettext_lazy("Il n'y a rien à suivre."),
    "ramponneau.call-amount": ngettext_lazy(
        "Suivre coûte %(amount)s jeton.", "Suivre coûte %(amount)s jetons.", "amount"
    ),
    "ramponneau.bet-not-raise": gettext_lazy(
        "Personne n'a encore misé : c'est une mise, pas une relance."
    ),
    "ramponneau.raise-not-bet": gettext_lazy("Une mise est déjà faite : on relance."),
    "ramponneau.no-reopen": gettext_lazy(
        "Vous ne pouvez pas relancer ici (tapis incomplet, ou plus personne à relancer) : "
        "suivez ou couchez-vous."
    ),
    "ramponneau.amount": gettext_lazy("Il faut un montant entier de jetons."),
    "ramponneau.over-stack": ngettext_lazy(
        "Vous n'avez que %(amount)s jeton en tout.",
        "Vous n'avez que %(amount)s jetons en tout.",
        "amount",
    ),
    "ramponneau.min-bet": gettext_lazy("La mise minimale est de %(amount)s (la grosse blinde)."),
    "ramponneau.min-raise": gettext_lazy(
        "Une relance doit porter la mise à %(amount)s au moins : elle égale au moins la mise "
        "ou la relance précédente."
    ),
    "ramponneau.unknown": gettext_lazy("Action inconnue : « %(kind)s »."),
    "ramponneau.blinds": gettext_lazy(
        "La grosse blinde ne peut pas être plus petite que la petite."
    ),
    "ramponneau.stacks": gettext_lazy("Il faut une cave valable pour chaque place."),
    "ramponneau.players": gettext_lazy(
        "Il faut au moins deux joueurs avec des jetons pour donner une main."
    ),
}

OPTIONS = {
    "small_blind": OptionWords(gettext_lazy("Petite blinde")),
    "big_blind": OptionWords(gettext_lazy("Grosse blinde")),
    "starting_stack": OptionWords(
        gettext_lazy("Cave par défaut (en grosses blindes)"),
        help=gettext_lazy(
            "Pour une table sans cave enregistrée : chaque joueur reçoit ce nombre de "
            "grosses blindes."
        ),
    ),
    "rake_percent": OptionWords(
        gettext_lazy("Prélèvement du tavernier (pour cent de chaque pot)"),
        summary=lambda n: _("Prélèvement : %(n)s %% de chaque pot") % {"n": n},
    ),
    "rake_cap": OptionWords(
        gettext_lazy("Plafond du prélèvement par main (0 : aucun)"),
        summary=lambda n: (ngettext("Plafond du prélèvement : %(n)s jeton par main",
                                    "Plafond du prélèvement : %(n)s jetons par main", n)
                           % {"n": n} if n else _("Prélèvement sans plafond")),
    ),
    "no_flop_no_drop": OptionWords(gettext_lazy("Pas de prélèvement sans flop")),
}

# Where this game names an action differently from the shared words.
TYPE_LABELS = {
    "raise": gettext_lazy("Relancer à"),
    "bet": gettext_lazy("Miser"),
    "check": gettext_lazy("Parole"),
}


# Every bet is a slider, even a range of a few chips: it steps by the big blind, while
# its number box takes any legal amount. All-in is a bet or raise to the whole stack
# (cardgames/ramponneau/game.py), offered as its own button beside the quick bets.
AMOUNTS_ON_A_SLIDER = True

QUICK_BETS = {
    "min": (gettext_lazy("Minimum (%(n)s)"), gettext_lazy("%(action)s %(n)s : le minimum")),
    "half": (gettext_lazy("½ pot (%(n)s)"), gettext_lazy("%(action)s %(n)s : la moitié du pot")),
    "pot": (gettext_lazy("Pot (%(n)s)"), gettext_lazy("%(action)s %(n)s : le pot")),
}


def amount_extras(base, low, high, view=None) -> dict:
    extras = {"allin": {"label": _("Tapis (%(n)s)") % {"n": high},
                        "action_json": action_json({**base, "amount": high})}}
    view = view or {}
    big_blind = (view.get("blinds") or [0, 0])[-1]
    if isinstance(big_blind, int) and big_blind > 0:
        extras["slider_step"] = big_blind
    quick = quick_bets(base, low, high, view)
    if quick:
        kind = base.get("type")
        extras["quick_bets"] = quick
        extras["quick_title"] = _("Relance rapide") if kind == "raise" else _("Mise rapide")
    return extras


def quick_amounts(low, high, view) -> dict[str, int]:
    """The quick bets' totals (what the bet or raise brings the player's bet to): the
    minimum, half the pot and the pot, clamped to the legal ``low``..``high``. The pot is
    counted after the player's call (a pot-sized raise calls, then bets the pot).
    A quick bet equal to an earlier one, or to the whole stack (the all-in button), is left
    out."""
    you = view.get("you")
    bets = view.get("bets") or []
    if not isinstance(you, int) or not 0 <= you < len(bets):
        return {}
    top = max(bets)
    pot_after_call = view.get("total_pot", 0) + (top - bets[you])
    wanted = {"min": low, "half": top + pot_after_call // 2, "pot": top + pot_after_call}
    amounts: dict[str, int] = {}
    for kind, amount in wanted.items():
        amount = max(low, min(high, amount))
        if amount != high and amount not in amounts.values():
            amounts[kind] = amount
    return amounts


def quick_bets(base, low, high, view) -> list[dict]:
    """Buttons for the quick bets, each the exact action the engine accepts."""
    action = type_label(base.get("type", ""), "ramponneau")
    buttons = []
    for kind, amount in quick_amounts(low, high, view).items():
        label, spoken = QUICK_BETS[kind]
        buttons.append({
            "kind": kind,
            "amount": amount,
            "label": str(label) % {"n": amount},
            "aria_label": str(spoken) % {"action": action, "n": amount},
            "action_json": action_json({**base, "amount": amount}),
        })
    return buttons


def action_label(action):
    if action.get("type") == "call":
        return _("Suivre %(n)s") % {"n": action.get("amount")}
    return None


STREETS = {
    "preflop": gettext_lazy("Avant le flop"), "flop": gettext_lazy("Flop"),
    "turn": gettext_lazy("Tournant"), "river": gettext_lazy("Rivière"),
    "showdown": gettext_lazy("Abattage"), "over": gettext_lazy("Coup terminé"),
}


def board(view, names) -> dict:
    seats = view.get("seats") or len(names)
    pots = []
    for i, pot in enumerate(view.get("pots") or view.get("awards") or []):
        pots.append({
            "label": _("Pot principal") if i == 0 else _("Pot annexe %(n)s") % {"n": i},
            "amount": pot.get("amount", 0),
            "eligible": names_of(pot.get("eligible"), names),
            "winners": names_of(pot.get("winners"), names),
        })
    return {
        "rows": [_row(view, names, s, seats) for s in range(seats)],
        "street": str(STREETS.get(view.get("street"), view.get("street") or "")),
        "board_cards": view.get("board") or [],
        "total_pot": view.get("total_pot", view.get("pot", 0)),
        # One pot in play is the total beside the board: listed, it would only push the
        # buttons down. Side pots, and who won what, are listed.
        "pots": pots if len(pots) > 1 or any(p["winners"] for p in pots) else [],
        "blinds": view.get("blinds") or [],
        "hand_name": hand_words(view.get("hand_value")),
        "to_call": view.get("to_call") or 0,
        "call_text": call_text(view, names),
        "rake": view.get("rake") or 0,
        "over": view.get("street") == "over",
    }


def call_text(view, names) -> str:
    """What calling costs now, said on the board all through a betting round: the reader's
    own amount (« 40 à suivre », « Rien à suivre »), or for a spectator or a player out of
    the hand, the amount of the player to act (« Bob : 40 à suivre »)."""
    seats = view.get("seats") or len(names)
    you, actor = view.get("you"), view.get("actor")
    folded = per_seat(view, seats, "folded")
    if "to_call" in view and isinstance(you, int) and not folded[you]:
        amount = view["to_call"]
        return _("%(n)s à suivre") % {"n": amount} if amount else _("Rien à suivre")
    bets, stacks = per_seat(view, seats, "bets"), per_seat(view, seats, "stacks")
    betting = view.get("street") in ("preflop", "flop", "turn", "river")
    if not betting or not isinstance(actor, int) or not 0 <= actor < seats:
        return ""  # between rounds, at the showdown: nothing to call
    if bets[actor] is None or stacks[actor] is None:
        return ""
    amount = min(max(b or 0 for b in bets) - bets[actor], stacks[actor])
    if not amount:
        return _("%(name)s : rien à suivre") % {"name": names[actor]}
    return _("%(name)s : %(n)s à suivre") % {"name": names[actor], "n": amount}


def _row(view, names, s, seats) -> dict:
    """One seat at the table: chips, bet, the marks of the button and blinds, its cards
    if shown, what it won."""
    def at(key):
        return per_seat(view, seats, key)[s]

    won = 0
    for pot in view.get("awards") or []:
        for seat, share in zip(pot.get("winners") or [], pot.get("shares") or [], strict=False):
            won += share if seat == s else 0
    marks = []
    if s == view.get("button"):
        marks.append(_("bouton"))
    if s == view.get("small_blind_seat"):
        marks.append(_("petite blinde"))
    if s == view.get("big_blind_seat"):
        marks.append(_("grosse blinde"))
    return {
        "name": names[s],
        "stack": at("stacks"),
        "bet": at("bets") or 0,
        "folded": bool(at("folded")),
        "all_in": bool(at("all_in")),
        "mucked": bool(at("mucked")),
        "out": at("dealt_in") is False,
        "shown": at("shown") or [],
        "shown_name": hand_words((view.get("shown_hands") or {}).get(str(s))),
        "won": won,
        "marks": marks,
        "you": s == view.get("you"),
        "actor": s == view.get("actor"),
    }


def seat_notes(view, seat) -> list[str]:
    """The blinds, a seat sitting this hand out or that mucked, and what it won."""
    notes = []
    if seat == view.get("small_blind_seat"):
        notes.append(_("petite blinde"))
    if seat == view.get("big_blind_seat"):
        notes.append(_("grosse blinde"))
    if (view.get("dealt_in") or [None] * (seat + 1))[seat] is False:
        notes.append(_("absent du coup"))
    elif (view.get("mucked") or [None] * (seat + 1))[seat]:
        notes.append(_("main jetée"))
    won = sum(share for pot in view.get("awards") or []
              for winner, share in zip(pot.get("winners") or [], pot.get("shares") or [],
                                       strict=False) if winner == seat)
    if won:
        notes.append(_("gagne %(n)s") % {"n": won})
    return notes
