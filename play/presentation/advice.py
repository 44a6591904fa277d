"""The maître's words: the « Conseil » sentence and the lines of a game's review.

An appraisal is data (``Game.appraise``: the action the maître would play, and a reason
from the shared vocabulary ``cardgames.core.ADVICE_REASONS``): it is worded here, in the
reader's language, each reason once for every game. The move is named as the table's
buttons name it (``action_label``), with its own verb where the sentence needs one
(« le maître jouerait le valet de trèfle », « vous avez annoncé 2 levées »). Numbers are
written as the reader's language writes them (« 2,8 levées », « 64 % »).
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext

from cardgames.cards import is_card
from play.models import Game, GameReview
from play.presentation.labels import action_label
from play.presentation.words import card, card_name, cards, join_and

# The three ways a sentence names a move: what the maître would do (the Conseil), what
# the player did, and what the maître would have done (a review's line).
WOULD, DID, WOULD_HAVE = "would", "did", "would_have"


def decimal(value: float, places: int = 1) -> str:
    """« 2,8 » in French, "2.8" in English."""
    return number_format(round(float(value), places), decimal_pos=places, use_l10n=True)


def signed(value: float, places: int = 1) -> str:
    """« +3,5 », « −1,2 » (a real minus sign), « 0,0 »."""
    text = decimal(abs(value), places)
    if round(float(value), places) > 0:
        return f"+{text}"
    if round(float(value), places) < 0:
        return f"\u2212{text}"
    return text


def percent(chance) -> str:
    """A chance (0..1) as a whole percentage: « 64 % »."""
    return _("%(n)s %%") % {"n": round(100 * float(chance))}


def _count(value: float) -> int:
    """The count a decimal amount takes its plural from: French writes « 1,5 levée »
    (singular below two); English catalogues give both forms in the plural."""
    return int(abs(float(value)))


def amount(value: float, unit: str, sign: bool = False) -> str:
    """An amount in the game's unit: « 3,5 points », « +1,2 point »; chips are counted
    whole from ten on (« 40 jetons », « −0,7 jeton »)."""
    chips = unit in ("jetons", "chips")
    if chips and abs(float(value)) >= 10:
        text = signed(value, 0) if sign else decimal(value, 0)
        return ngettext("%(n)s jeton", "%(n)s jetons", abs(round(float(value)))) % {"n": text}
    text = signed(value) if sign else decimal(value)
    if chips:
        return npgettext("nombre décimal", "%(n)s jeton", "%(n)s jetons",
                         _count(value)) % {"n": text}
    return npgettext("nombre décimal", "%(n)s point", "%(n)s points",
                     _count(value)) % {"n": text}


def melds_text(aimed) -> str:
    """The meld, or melds, a reason aims at: one (a list of cards) as « le sept de cœur, le
    huit de cœur et le neuf de cœur »; several (a list of lists) each in brackets, « (roi
    de trèfle, roi de pique) et (dix de cœur, dix de pique) »."""
    if not isinstance(aimed, list):
        return ""
    if all(isinstance(card, str) for card in aimed):
        return cards([card for card in aimed if is_card(card)])
    groups = [[card_name(c) for c in meld if is_card(c)] for meld in aimed
              if isinstance(meld, list)]
    return join_and(pgettext("cartes d'une combinaison visée", "(%(cards)s)")
                    % {"cards": ", ".join(group)} for group in groups if group)


def loss_text(unit: str, loss: float) -> str:
    """What a decision cost against the maître's, in the game's unit (``appraisal_unit``)."""
    if unit == "win_chance":
        what = _("%(percent)s de chances de gagner") % {"percent": percent(loss)}
    else:
        what = amount(loss, unit)
    return _("Perte estimée : %(loss)s.") % {"loss": what}


def reason_code(reason) -> str:
    """The shared code of a reason (``advice.exact_bid``), whether the engine prefixed it
    with its slug or not."""
    code = str((reason or {}).get("code") or "")
    at = code.find("advice.")
    return code[at:] if at >= 0 else code


def reason_text(reason) -> str:
    """The reason of an appraisal as the end of a sentence (no capital, no stop): « 72 %
    de chances de faire juste votre annonce »; empty for a reason this site cannot word."""
    if not isinstance(reason, dict):
        return ""
    code = reason_code(reason)
    try:
        if code == "advice.exact_bid":
            return _("%(percent)s de chances de faire juste votre annonce") % {
                "percent": percent(reason["chance"])}
        if code == "advice.bid_tricks":
            return ngettext("il compte faire %(tricks)s levée en moyenne",
                            "il compte faire %(tricks)s levées en moyenne",
                            _count(reason["tricks"])) % {"tricks": decimal(reason["tricks"])}
        if code == "advice.expected_points":
            return _("en moyenne %(amount)s sur la donne") % {
                "amount": amount(reason["points"], str(reason.get("unit") or "points"),
                                 sign=True)}
        if code == "advice.win_chance":
            return _("%(percent)s de chances de gagner la partie") % {
                "percent": percent(reason["chance"])}
        if code == "advice.equity":
            if reason.get("pot_odds") is None:
                return _("%(percent)s du pot en moyenne à l'abattage") % {
                    "percent": percent(reason["equity"])}
            return _("%(percent)s du pot en moyenne à l'abattage, quand la cote du pot "
                     "en demande %(odds)s") % {"percent": percent(reason["equity"]),
                                               "odds": percent(reason["pot_odds"])}
        if code == "advice.meld":
            count = int(reason["count"])
            aimed = melds_text(reason.get("cards"))
            if not aimed:
                return ngettext("il ne garderait que %(count)s point hors combinaison",
                                "il ne garderait que %(count)s points hors combinaison",
                                count) % {"count": count}
            return ngettext(
                "il vise %(cards)s, et ne garderait que %(count)s point hors combinaison",
                "il vise %(cards)s, et ne garderait que %(count)s points hors combinaison",
                count,
            ) % {"cards": aimed, "count": count}
    except (KeyError, TypeError, ValueError):
        return ""
    return ""


def move_text(engine, action: dict, form: str) -> str:
    """A move in a sentence: what the maître would do (``WOULD``, at the start of the
    sentence), what the player did (``DID``, at the start) or what the maître would have
    done (``WOULD_HAVE``, after a semicolon)."""
    kind = action.get("type")
    keys = set(action) - {"type"}
    if keys == {"card"} and kind in ("play", "discard") and is_card(action["card"]):
        the_card = card(action["card"])
        if kind == "play":
            text = {WOULD: _("Le maître jouerait %(card)s"),
                    DID: _("Vous avez joué %(card)s"),
                    WOULD_HAVE: _("le maître aurait joué %(card)s")}[form]
        else:
            text = {WOULD: _("Le maître jetterait %(card)s"),
                    DID: _("Vous avez jeté %(card)s"),
                    WOULD_HAVE: _("le maître aurait jeté %(card)s")}[form]
        return text % {"card": the_card}
    if kind == "bid" and keys == {"tricks"} and type(action["tricks"]) is int:
        n = action["tricks"]
        text = {
            WOULD: ngettext("Le maître annoncerait %(n)s levée",
                            "Le maître annoncerait %(n)s levées", n),
            DID: ngettext("Vous avez annoncé %(n)s levée", "Vous avez annoncé %(n)s levées", n),
            WOULD_HAVE: ngettext("le maître aurait annoncé %(n)s levée",
                                 "le maître aurait annoncé %(n)s levées", n),
        }[form]
        return text % {"n": n}
    label = action_label(engine, action)
    text = {WOULD: _("Le maître choisirait « %(label)s »"),
            DID: _("Vous avez choisi « %(label)s »"),
            WOULD_HAVE: _("le maître aurait choisi « %(label)s »")}[form]
    return text % {"label": label}


def advice_sentence(engine, appraisal: dict) -> str:
    """The Conseil in one sentence: « Le maître jouerait le valet de trèfle : 72 % de
    chances de faire juste votre annonce. »"""
    move = move_text(engine, appraisal["action"], WOULD)
    why = reason_text(appraisal.get("reason"))
    if not why:
        return _("%(move)s.") % {"move": move}
    return pgettext("conseil du maître : le coup, puis sa raison",
                    "%(move)s : %(reason)s.") % {"move": move, "reason": why}


def decision_sentence(engine, decision: dict) -> str:
    """A review's line: « Vous avez joué le dix de cœur ; le maître aurait joué le valet de
    trèfle (72 % de chances de faire juste votre annonce). »"""
    yours = move_text(engine, decision["played"], DID)
    masters = move_text(engine, decision["best"], WOULD_HAVE)
    why = reason_text(decision.get("reason"))
    if not why:
        return pgettext("revue : votre coup ; celui du maître",
                        "%(yours)s ; %(masters)s.") % {"yours": yours, "masters": masters}
    return pgettext("revue : votre coup ; celui du maître (sa raison)",
                    "%(yours)s ; %(masters)s (%(reason)s).") % {
        "yours": yours, "masters": masters, "reason": why}


def review_lines(engine, decisions: list[dict], step: int | None = None) -> list[dict]:
    """A review's marked decisions in the order of the game, each with the archive's step
    where the seat had to decide (``at``: the position before its move), its sentence and
    its cost; ``current`` for the one the page stands on."""
    lines = []
    for decision in sorted(decisions, key=lambda d: d["step"]):
        at = decision["step"] - 1
        lines.append({
            "at": at,
            "text": decision_sentence(engine, decision),
            "loss": loss_text(engine.appraisal_unit, decision["loss"]),
            "current": step is not None and step in (at, decision["step"]),
        })
    return lines


# A pending review's panel asks for itself again every 3 s this many times at most (five
# minutes): a review stuck longer (no worker running) waits for a reload.
REVIEW_TRIES = 100


def review_panel(game: Game, seat: int | None, step: int | None = None,
                 tries: int = 0) -> dict | None:
    """The replay page's review for the player of ``seat`` (None: a spectator, who gets
    none): pending, failed, or its lines; None when there is none or nothing was marked.
    ``here``: the line of the step the page stands on, if it is a marked decision;
    ``tries``: how many times the page already asked for a pending one."""
    if seat is None:
        return None
    row = GameReview.objects.filter(game=game, position=seat).first()
    if row is None:
        return None
    if row.status == GameReview.Status.PENDING:
        return {"pending": True, "url": reverse("play:review", args=[game.pk]),
                "next_try": tries + 1 if tries < REVIEW_TRIES else None}
    if row.status == GameReview.Status.FAILED:
        return {"failed": True}
    if not row.decisions:
        return None
    lines = review_lines(game.table.engine, row.decisions, step)
    return {"lines": lines, "here": next((line for line in lines if line["current"]), None)}
