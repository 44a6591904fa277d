"""L'Ascenseur's examples: the bids (the dealer's constraint), a deal's score, a trick."""

from __future__ import annotations

from cardgames import CHANCE, IllegalAction
from cardgames.ascenseur import game as ascenseur
from rules.examples.base import (
    NOBODY,
    SUIT_NAMES_FR,
    Example,
    ExampleError,
    Verdict,
    boolean,
    card_short,
    cards,
    fold,
    integer,
    options_for,
    suit,
)


def check_ascenseur_bids(example: Example) -> Verdict:
    game = ascenseur.GAME
    options = options_for(example, game)
    seats = integer(example.get("joueurs", "4"), "joueurs")
    if not game.min_seats <= seats <= game.max_seats:
        raise ExampleError(f"l'Ascenseur se joue de {game.min_seats} à {game.max_seats}.")
    number = integer(example.need("donne"), "donne")
    sizes = ascenseur.deal_sizes(seats)
    if not 1 <= number <= len(sizes):
        raise ExampleError(f"à {seats} joueurs, la partie compte {len(sizes)} donnes.")
    bids = [integer(b, "annonces") for b in example.need("annonces").split()]
    if len(bids) != seats - 1:
        raise ExampleError(
            f"il faut les annonces des {seats - 1} joueurs qui parlent avant le donneur."
        )
    # The engine deals every deal from a fixed pack and plays the earlier ones by default.
    state = game.new(seats, options)
    deck = {"type": "deal", "deck": sorted(ascenseur.DECK)}
    while state["deal"] < number - 1:
        state = game.apply(state, deck if state["actor"] == CHANCE else game.default_action(state))
    state = game.apply(state, deck)
    verdict = Verdict()
    verdict.facts.append(("Cartes par joueur", str(state["size"])))
    if example.get("cartes") is not None:
        verdict.claim("cartes", example.get("cartes"), state["size"])
    if example.get("atout") is not None:
        verdict.claim(
            "atout",
            "oui" if boolean(example.get("atout"), "atout") else "non",
            "oui" if state["trump"] else "non",
        )
    if state["turnup"]:
        verdict.rows.append(("Retourne", [state["turnup"]]))
    for i, bid in enumerate(bids, 1):
        try:
            state = game.apply(state, {"type": "bid", "tricks": bid})
        except IllegalAction as refusal:
            raise ExampleError(
                f"annonce {i} ({bid}) refusée par le moteur : {refusal.fr}"
            ) from None
    if state["actor"] != state["dealer"]:
        raise ExampleError("après ces annonces, ce n'est pas au donneur de parler.")
    allowed = [a["tricks"] for a in game.legal_actions(state)]
    forbidden = [k for k in range(state["size"] + 1) if k not in allowed]
    engine = " ".join(map(str, forbidden)) or "aucune"
    verdict.facts.append(("Annonces permises au donneur", " ".join(map(str, allowed))))
    claimed = example.need("interdite")
    verdict.claim(
        "interdite",
        claimed,
        engine,
        fold(claimed) in NOBODY and not forbidden or fold(claimed) == fold(engine),
    )
    return verdict


def check_ascenseur_score(example: Example) -> Verdict:
    options = options_for(example, ascenseur.GAME)
    bid = integer(example.need("annonce"), "annonce")
    won = integer(example.need("levées"), "levées")
    points = ascenseur.deal_points(bid, won, options["scoring"])
    verdict = Verdict()
    verdict.facts.append(("Annonce / levées", f"{bid} / {won}"))
    verdict.claim("points", example.need("points").replace("−", "-"), f"{points}")
    return verdict


def check_ascenseur_trick(example: Example) -> Verdict:
    options = options_for(example, ascenseur.GAME)
    trump = suit(example.need("atout"))
    trick = cards(example.need("levée"))
    hand = cards(example.need("main"))
    if set(trick) & set(hand):
        raise ExampleError("une carte est à la fois dans la levée et dans la main.")
    allowed = ascenseur.playable(hand, trick, trump, options)
    verdict = Verdict(rows=[("Levée en cours", trick), ("Main", hand)])
    verdict.facts.append(("Atout", SUIT_NAMES_FR[trump] if trump else "sans atout"))
    claimed = cards(example.need("permises"))
    verdict.claim(
        "permises",
        " ".join(card_short(c) for c in claimed),
        " ".join(card_short(c) for c in allowed),
        sorted(claimed) == sorted(allowed),
    )
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {
    "annonces": check_ascenseur_bids,
    "marque": check_ascenseur_score,
    "levee": check_ascenseur_trick,
}
