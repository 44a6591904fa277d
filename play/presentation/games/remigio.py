"""Remigio at the table: counts and scores, the discard pile, the last round's hands; the
hand arranged in melds; the words of its log, its refusals and its options."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from play.presentation.board import per_seat
from play.presentation.labels import action_json
from play.presentation.options import OptionWords
from play.presentation.words import card_name

NAME = pgettext_lazy("nom du jeu", "Remigio")
OF_NAME = pgettext_lazy("nom du jeu après « de »", "du Remigio")

# Where this game names an action differently from the shared words.
TYPE_LABELS = {"discard": gettext_lazy("Jeter")}

# How a round ends: the closings (with what they multiply), five pairs dealt, a void round.
KINDS = {
    "remigio": pgettext_lazy("fermeture au Remigio", "Remigio"),
    "sequence": pgettext_lazy("fermeture au Remigio", "séquence"),
    "couleur": pgettext_lazy("fermeture au Remigio", "couleur"),
    "plain": pgettext_lazy("fermeture au Remigio", "fermeture"),
    "five_pairs": pgettext_lazy("fermeture au Remigio", "cinq paires"),
    "void": pgettext_lazy("fermeture au Remigio", "coup nul"),
}

# Translators: %(seat)s, %(dealer)s and %(winner)s are players' names; %(card)s is a card
# with its article (« la dame de trèfle »), %(of_card)s the same after « de » (« de la
# dame de trèfle », « du sept de cœur »); %(kind)s is a closing (« séquence »).
MESSAGES = {
    "remigio.deal": gettext_lazy("Coup %(round)s : %(dealer)s distribue dix cartes à chacun."),
    "remigio.deal-five-pairs": gettext_lazy(
        "Coup %(round)s : %(dealer)s distribue dix cartes à chacun ; %(winner)s a reçu cinq "
        "paires et gagne le coup."
    ),
    "remigio.rebuild": gettext_lazy(
        "La pioche est épuisée : la défausse est battue pour la refaire."
    ),
    "remigio.draw": gettext_lazy("%(seat)s pioche une carte."),
    "remigio.take": gettext_lazy("%(seat)s prend %(card)s dans la défausse."),
    "remigio.discard": gettext_lazy("%(seat)s se défausse %(of_card)s."),
    "remigio.discard-void": gettext_lazy(
        "%(seat)s se défausse %(of_card)s. Coup nul : personne ne marque."
    ),
    "remigio.close": lambda p: _(
        "%(seat)s se défausse %(of_card)s et ferme (%(kind)s, ×%(multiplier)s) !"
    ) % {**p, "kind": kind_name(p["kind"])},
}

REFUSALS = {
    "remigio.over": gettext_lazy("La partie est terminée."),
    "remigio.turn": gettext_lazy("Ce n'est pas votre tour."),
    "remigio.chance": gettext_lazy("Les cartes doivent d'abord être battues."),
    "remigio.draw-first": gettext_lazy(
        "Il faut d'abord prendre une carte, à la pioche ou à la défausse."
    ),
    "remigio.discard-now": gettext_lazy("Il faut maintenant vous défausser d'une carte."),
    "remigio.draw-source": gettext_lazy(
        "On prend la carte du dessus de la pioche ou de la défausse."
    ),
    "remigio.not-in-hand": gettext_lazy("Cette carte n'est pas dans votre main."),
    "remigio.close-melds": gettext_lazy(
        "Pour fermer, les dix cartes gardées doivent toutes former des combinaisons."
    ),
}

OPTIONS = {
    "scoring": OptionWords(
        gettext_lazy("Marque"),
        choices={
            "elimination": gettext_lazy("Élimination (le dernier en jeu gagne)"),
            "payment": gettext_lazy("Paiement au gagnant (jetons)"),
        },
    ),
    "limit": OptionWords(gettext_lazy("Score d'élimination, ou à atteindre en paiement")),
    "last_two": OptionWords(
        gettext_lazy("Arrêter à deux joueurs (le moins de points gagne)")
    ),
    "values": OptionWords(
        gettext_lazy("Valeur de l'as et du joker"),
        choices={
            "standard": gettext_lazy("As 1, joker 20"),
            "high": gettext_lazy("As 11, joker 25"),
        },
    ),
    "wrap": OptionWords(gettext_lazy("Suite roi-as-deux permise")),
    "group_suits": OptionWords(
        gettext_lazy("Couleurs dans un brelan ou un carré"),
        choices={
            "repeat": gettext_lazy("Peuvent se répéter"),
            "distinct": gettext_lazy("Toutes différentes"),
        },
    ),
    "special": OptionWords(
        gettext_lazy("Couleur et Remigio"),
        choices={
            "free": gettext_lazy("Ferment sans combinaisons"),
            "melded": gettext_lazy("Doivent aussi former des combinaisons"),
        },
    ),
    "five_pairs": OptionWords(
        gettext_lazy("Cinq paires servies"),
        choices={
            "wild": gettext_lazy("Gagnent, un joker peut compléter une paire"),
            "natural": gettext_lazy("Gagnent, paires naturelles seulement"),
            "off": gettext_lazy("Ne comptent pas"),
        },
    ),
    "two_players": OptionWords(gettext_lazy("Permettre deux joueurs")),
    "rebuilds": OptionWords(gettext_lazy("Pioches refaites avant le coup nul")),
    "max_rounds": OptionWords(gettext_lazy("Nombre maximal de coups (0 : sans limite)")),
}


def action_label(action):
    if action.get("type") == "draw":
        return str(_("Piocher au talon") if action.get("from") == "stock"
                   else _("Prendre la défausse"))
    return None


def kind_name(kind: str) -> str:
    return str(KINDS.get(kind, kind))


def hand(view, legal, my_turn) -> dict:
    """The hand arranged in the solver's melds, each card a discard button on its turn.

    The page lets the player regroup the cards (static/play/table.js keeps that
    arrangement in the page); the server only ever needs the discard or the closing.
    """
    hand = list(view.get("hand") or [])
    proposed = view.get("proposed") if isinstance(view.get("proposed"), dict) else {}
    discards = {a["card"] for a in legal if a.get("type") == "discard"} if my_turn else set()
    closings = {c["card"]: c for c in view.get("closings") or []} if my_turn else {}
    drawn = view.get("drawn")

    def entry(code):
        card = {
            "code": code,
            "name": card_name(code),
            "drawn": code == drawn,
            "discard_json": action_json({"type": "discard", "card": code})
            if code in discards else "",
        }
        closing = closings.get(code)
        if closing:
            card["close_json"] = action_json({"type": "close", "card": code})
            card["close_label"] = _("Je ferme ×%(n)s") % {"n": closing.get("multiplier", 1)}
            card["close_title"] = _("Jeter %(card)s et fermer : %(kind)s, ×%(n)s") % {
                "card": card_name(code),
                "kind": kind_name(closing.get("kind", "plain")),
                "n": closing.get("multiplier", 1),
            }
        return card

    groups, placed = [], set()
    for meld in proposed.get("melds") or []:
        cards = [c for c in meld if c in hand and c not in placed]
        placed.update(cards)
        if cards:
            groups.append({"meld": True, "cards": [entry(c) for c in cards]})
    rest = [c for c in hand if c not in placed]
    if rest:
        groups.append({"meld": False, "cards": [entry(c) for c in rest]})
    return {
        "mode": "remigio",
        "groups": groups,
        "count": proposed.get("count"),
        "can_close": bool(proposed.get("can_close")),
        "discarding": bool(discards),
        "closing": bool(closings),
    }


PHASE_NAMES = {
    "draw": gettext_lazy("Piocher : au talon ou à la défausse"),
    "discard": gettext_lazy("Jeter une carte, ou fermer"),
    "over": gettext_lazy("Partie terminée"),
}


def _last_round(last, names, seats) -> dict:
    """The round just closed: who closed, how, and each hand's melds and count."""
    hands = []
    for s, record in enumerate(last.get("hands") or []):
        if not isinstance(record, dict) or s >= seats:
            continue
        hands.append({
            "name": names[s],
            "closer": s == last.get("closer"),
            "melds": record.get("melds") or [],
            "leftover": record.get("leftover") or [],
            "count": record.get("count", 0),
            "points": record.get("points", 0),
        })
    closer = last.get("closer")
    return {
        "number": last.get("round"),
        "closer": names[closer] if isinstance(closer, int) and 0 <= closer < seats else "",
        "kind": kind_name(last.get("kind", "")),
        "multiplier": last.get("multiplier"),
        "halved": last.get("kind") == "five_pairs",
        "void": last.get("kind") == "void",
        "discard": last.get("discard"),
        "hands": hands,
    }


def board(view, names) -> dict:
    seats = view.get("seats") or len(names)
    counts = per_seat(view, seats, "hand_counts")
    scores = per_seat(view, seats, "scores")
    chips = per_seat(view, seats, "chips")
    out = per_seat(view, seats, "out")
    options = view.get("options") or {}
    payment = options.get("scoring") == "payment"
    last = view.get("last_round") if isinstance(view.get("last_round"), dict) else None
    ended = _last_round(last, names, seats) if last else None
    return {
        "rows": [
            {
                "name": names[s],
                "cards": counts[s],
                "score": scores[s],
                "chips": chips[s],
                "out": bool(out[s]),
                "dealer": s == view.get("dealer"),
                "you": s == view.get("you"),
                "actor": s == view.get("actor"),
            }
            for s in range(seats)
        ],
        "payment": payment,
        "limit": options.get("limit"),
        "discard_top": view.get("discard_top"),
        "stock_count": view.get("stock_count"),
        "pile_count": view.get("pile_count"),
        "drawn": view.get("drawn"),
        "taken": view.get("taken"),
        "phase_name": str(PHASE_NAMES.get(view.get("phase"), "")),
        "round": view.get("round"),
        "last_round": ended,
        # The round just ended, shown under the buttons (templates/play/_table.html).
        "previous_deal": ended,
        "previous_deal_template": "play/games/remigio_result.html",
        # Its buttons are drawn above the hand (static/play/play.css), so « Conseil » goes
        # below the hand, where it cannot push the hand out of the first screen.
        "actions_above_hand": True,
        "history": [
            {"number": i, "points": list(zip(names, row, strict=False))}
            for i, row in enumerate(view.get("history") or [], start=1)
            if isinstance(row, list)
        ][::-1][:10],
    }


def seat_notes(view, seat) -> list[str]:
    """Each seat's chips (payment scoring) or points (elimination)."""
    payment = (view.get("options") or {}).get("scoring") == "payment"
    values = view.get("chips" if payment else "scores") or []
    if seat >= len(values) or values[seat] is None:
        return []
    if payment:
        return [ngettext("%(n)s jeton", "%(n)s jetons", values[seat]) % {"n": values[seat]}]
    return [ngettext("%(n)s point", "%(n)s points", values[seat]) % {"n": values[seat]}]
