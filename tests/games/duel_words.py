"""The duel's words (tests/games/duel.py): what a game's presentation module holds. A game
of the test tree is not translated, so its sentences are plain functions of the
message's parameters in words."""

MESSAGES = {
    "duel.deal": lambda p: "Deux cartes à chacun.",
    "duel.play": lambda p: f"{p['seat']} joue {p['card']}.",
}
REFUSALS = {
    "duel.over": lambda p: "La partie est finie.",
    "duel.deal-first": lambda p: "Il faut d'abord donner.",
    "duel.own-card": lambda p: "Jouez une carte de votre main.",
}
