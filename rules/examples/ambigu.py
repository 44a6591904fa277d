"""Ambigu's examples: a hand's combination and value, a showdown."""

from __future__ import annotations

from cardgames.ambigu import game as ambigu
from rules.examples.base import Example, ExampleError, Verdict, card_short, cards, options_for


def _ambigu_hand(text: str) -> list[str]:
    hand = cards(text)
    if not 2 <= len(hand) <= 4:
        raise ExampleError("une main d'Ambigu compte de deux à quatre cartes.")
    for c in hand:
        if c[0] in "JQKX":
            raise ExampleError(f"le jeu de l'Ambigu n'a pas de figures : « {c} ».")
    return hand


def check_ambigu_combination(example: Example) -> Verdict:
    options = options_for(example, ambigu.GAME)
    hand = _ambigu_hand(example.need("main"))
    found = ambigu.classify(hand, fredon_prime=options["fredon_prime"])
    verdict = Verdict(rows=[("Main", hand)])
    if found is None:
        verdict.facts.append(("Combinaison", "aucune"))
        verdict.claim("combinaison", example.need("combinaison"), "aucune")
        return verdict
    verdict.claim("combinaison", example.need("combinaison"), found.name_fr)
    if example.get("hauteur") is not None:
        verdict.claim("hauteur", example.get("hauteur"), found.height[0])
    if example.get("valeur") is not None:
        verdict.claim("valeur", example.get("valeur"), f"{found.value}")
    verdict.facts.append(("Cartes de la combinaison", " ".join(card_short(c) for c in found.cards)))
    return verdict


def check_ambigu_showdown(example: Example) -> Verdict:
    options = options_for(example, ambigu.GAME)
    players = example.prefixed("main")
    if len(players) < 2:
        raise ExampleError("un abattage demande au moins deux lignes « main Nom : … ».")
    verdict = Verdict()
    best = None
    used: set[str] = set()
    for name, text in players:
        hand = _ambigu_hand(text)
        if used & set(hand):
            raise ExampleError(f"une carte de {name} est déjà dans une autre main.")
        used |= set(hand)
        found = ambigu.classify(hand, fredon_prime=options["fredon_prime"])
        label = f"{found.name_fr}, hauteur {found.height[0]}" if found else "aucune"
        verdict.rows.append((f"{name} — {label}", hand))
        key = found.key if found else (0,)
        if best is None or key > best[0]:  # ties go to the first named: nearest the dealer's right
            best = (key, name)
    verdict.claim("gagnant", example.need("gagnant"), best[1])
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {"combinaison": check_ambigu_combination, "abattage": check_ambigu_showdown}
