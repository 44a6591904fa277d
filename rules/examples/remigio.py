"""Remigio's examples: a hand's melds and count, a closing, five pairs."""

from __future__ import annotations

import math

from cardgames import melds
from cardgames.remigio import game as remigio
from rules.examples.base import (
    Example,
    ExampleError,
    Verdict,
    boolean,
    card_short,
    cards,
    fold,
    integer,
    options_for,
)

CLOSING_NAMES = {
    "plain": "simple",
    "couleur": "couleur",
    "sequence": "suite à la couleur",
    "remigio": "Remigio",
}
CLOSING_ALIASES = {
    "simple": "plain",
    "fermeture": "plain",
    "fermeture simple": "plain",
    "couleur": "couleur",
    "sequence": "sequence",
    "suite a la couleur": "sequence",
    "suite": "sequence",
    "remigio": "remigio",
    "aucune": None,
    "impossible": None,
}


def _remigio_rules(example: Example):
    options = options_for(example, remigio.GAME)
    return options, melds.Rules.from_options(options)


def _remigio_hand(text: str, size: int | None = 10) -> list[str]:
    hand = cards(text, copies=True)
    if size and len(hand) != size:
        raise ExampleError(f"une main de Remigio compte {size} cartes ici, pas {len(hand)}.")
    if any(int(c.split(".")[1]) > 3 for c in hand):
        raise ExampleError(
            "trois paquets au plus : une même carte ne peut pas figurer quatre fois."
        )
    return hand


def check_remigio_hand(example: Example) -> Verdict:
    _, rules = _remigio_rules(example)
    hand = _remigio_hand(example.need("main"), None)
    best = melds.best_arrangement(hand, rules)
    verdict = Verdict(rows=[("Main", hand)])
    for meld in best.melds:
        verdict.rows.append(("Combinaison", list(meld)))
    if best.leftover:
        verdict.rows.append(("Cartes isolées", list(best.leftover)))
    verdict.claim("compte", example.need("compte"), best.count)
    # The melds the text names must be real melds, and leave the cards it says.
    pool = sorted(c[:2] for c in hand)
    named = []
    for text in filter(None, (m.strip() for m in example.get("combinaisons", "").split("|"))):
        meld = cards(text, copies=True)
        ok = melds.is_valid_meld(meld, rules)
        verdict.claim(
            "combinaison",
            " ".join(card_short(c) for c in meld),
            "valide" if ok else "pas une combinaison",
            ok,
        )
        named += [c[:2] for c in meld]
    left = [c[:2] for c in cards(example.get("reste", ""), copies=True)]
    if example.get("combinaisons") is not None or example.get("reste") is not None:
        ok = sorted(named + left) == pool
        verdict.claim(
            "combinaisons et reste",
            "toute la main",
            "toute la main" if ok else "les cartes ne correspondent pas à la main",
            ok,
        )
        value = sum(rules.value(c) for c in left)
        verdict.claim("valeur du reste", example.need("compte"), value)
    return verdict


def check_remigio_closing(example: Example) -> Verdict:
    options, rules = _remigio_rules(example)
    hand = _remigio_hand(example.need("main"))
    kind = remigio.closing_kind(hand, rules, options["special"])
    verdict = Verdict(rows=[("Main", hand)])
    claimed = fold(example.need("fermeture"))
    if claimed not in CLOSING_ALIASES:
        raise ExampleError("fermeture : simple, couleur, suite à la couleur, Remigio ou aucune.")
    verdict.claim(
        "fermeture",
        example.need("fermeture"),
        CLOSING_NAMES[kind] if kind else "aucune",
        CLOSING_ALIASES[claimed] == kind,
    )
    if kind is None:
        return verdict
    mult = remigio.multiplier(kind, hand)
    if example.get("multiplicateur") is not None:
        verdict.claim("multiplicateur", example.get("multiplicateur"), mult)
    if example.get("compte adverse") is not None:
        count = integer(example.get("compte adverse"), "compte adverse")
        verdict.claim("points", example.need("points"), count * mult)
    return verdict


def check_remigio_five_pairs(example: Example) -> Verdict:
    options, _ = _remigio_rules(example)
    hand = _remigio_hand(example.need("main"))
    found = remigio.has_five_pairs(hand, options["five_pairs"])
    verdict = Verdict(rows=[("Main", hand)])
    verdict.claim(
        "cinq paires",
        "oui" if boolean(example.need("cinq paires"), "cinq paires") else "non",
        "oui" if found else "non",
    )
    if found and example.get("compte adverse") is not None:
        count = integer(example.get("compte adverse"), "compte adverse")
        verdict.claim("points", example.need("points"), math.ceil(count / 2))
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {
    "main": check_remigio_hand,
    "fermeture": check_remigio_closing,
    "cinq paires": check_remigio_five_pairs,
}
