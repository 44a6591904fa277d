"""What the fully played deals (``type: partie``) of every game share.

A played deal is written as its moves, in order, one per line: ``coup: Anne passe``, and
``donne: Anne 7h 2c, Bruno 9s 4d`` where the cards each player receives are told. The
game's checker replays the moves through the engine, one engine action at a time, so every
card, bid and score is the engine's. When the engine asks chance for a shuffle, the
checker orders the pack so that the cards the text names come out where the text says
(``arrange``), the other cards after them in a fixed order.
"""

from __future__ import annotations

from cardgames import CHANCE
from rules.examples.base import Example, ExampleError, Position, cards, fold, integer, names

MOVE_KEYS = ("coup", "donne")


def moves(example: Example) -> list[tuple[str, str]]:
    """The ``coup`` and ``donne`` lines in order: [("coup", "Anne passe"), ...]."""
    found = [(k, value) for k, _, value in example.lines if k in MOVE_KEYS]
    if not found:
        raise ExampleError("une partie commentée donne ses coups : « coup : Anne passe ».")
    return found


def players(example: Example, low: int, high: int) -> list[str]:
    found = names(example.need("joueurs"))
    if len(set(found)) != len(found):
        raise ExampleError("deux joueurs portent le même nom.")
    if not low <= len(found) <= high:
        raise ExampleError(f"il faut de {low} à {high} joueurs ici, pas {len(found)}.")
    return found


def who(text: str, seats: list[str]) -> tuple[str, str]:
    """ "Anne mise 50" → ("Anne", "mise 50"), the name checked against the players."""
    name, _, rest = text.strip().partition(" ")
    if name not in seats:
        raise ExampleError(f"« {text} » : {name} n'est pas un des joueurs.")
    return name, rest.strip()


def dealt(text: str, seats: list[str], *, copies: bool = False) -> dict[str, list[str]]:
    """ "Anne 7h 2c, Bruno 9s 4d" → {"Anne": ["7h", "2c"], "Bruno": ["9s", "4d"]}."""
    found: dict[str, list[str]] = {}
    for chunk in filter(None, (c.strip() for c in text.split(","))):
        name, rest = who(chunk, seats)
        if name in found:
            raise ExampleError(f"« {text} » : {name} est nommé deux fois.")
        found[name] = [c[:2] for c in cards(rest, copies=True)] if copies else cards(rest)
    return found


def arrange(pool: list[str], wanted: list[str], *, copies: bool = False) -> list[str]:
    """``pool`` in an order where ``wanted`` comes first, in that order.

    With ``copies`` (several packs), ``wanted`` holds faces ("Th") and the first copy of
    each face still in the pool is taken."""
    rest = sorted(pool)
    first = []
    for card in wanted:
        if copies:
            match = next((c for c in rest if c[:2] == card), None)
        else:
            match = card if card in rest else None
        if match is None:
            raise ExampleError(
                f"la carte « {card} » n'est plus à distribuer à ce moment de la partie "
                "(déjà servie, jouée ou écartée)."
            )
        rest.remove(match)
        first.append(match)
    return first + rest


def split_receipt(text: str, verb: str) -> tuple[str, list[str]]:
    """ "écarte 3c 4d, reçoit 8h 9h" → ("écarte 3c 4d", ["8h", "9h"]) for verb "recoit"."""
    head, sep, tail = text.partition(",")
    if not sep:
        return text, []
    tail = tail.strip()
    word, _, rest = tail.partition(" ")
    if fold(word) != verb:
        raise ExampleError(f"« {text} » : après la virgule, écrire « {verb} … ».")
    return head.strip(), rest.split()


def score_claim(text: str, seats: list[str]) -> dict[str, int]:
    """ "Anne 12, Bruno -6" → {"Anne": 12, "Bruno": -6}."""
    found = {}
    for chunk in filter(None, (c.strip() for c in text.split(","))):
        name, rest = who(chunk, seats)
        found[name] = integer(rest.replace("+", ""), name)
    return found


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "−")


def claim_scores(verdict, label, key: str, text: str, engine: dict[str, int], seats) -> None:
    """Check a "Anne 12, Bruno -6" line against the engine, every player named."""
    claimed = score_claim(text, seats)
    engine_text = ", ".join(f"{n} {engine[n]}" for n in seats)
    shown = ", ".join(f"{n} {signed(engine[n])}" for n in seats)
    ok = set(claimed) == set(seats) and all(claimed[n] == engine[n] for n in seats)
    verdict.claim(label, text, engine_text, ok, shown=shown)



def at_random(pool: list[str], wanted: list, rng, *, copies: bool = False) -> list[str]:
    """``pool`` in an order where each card of ``wanted`` comes out where ``wanted`` puts
    it, a ``None`` there and every card after it being drawn at random (``rng``): a
    practice table deals what an example does not fix as chance would.

    With ``copies`` (several packs), ``wanted`` holds faces ("Th") and a copy of each
    face still in the pool is taken."""
    rest = list(pool)
    fixed = []
    for card in wanted:
        if card is None:
            fixed.append(None)
            continue
        match = next((c for c in rest if c[:2] == card), None) if copies else card
        if match not in rest:
            raise ExampleError(f"la carte « {card} » n'est plus à distribuer ici.")
        rest.remove(match)
        fixed.append(match)
    rng.shuffle(rest)
    return [rest.pop() if card is None else card for card in fixed] + rest


class Opening:
    """The start of a practice game at an example's position, built action by action: each
    goes through the engine (which refuses what the rules refuse) and is kept, so the
    table's log replays to the position."""

    def __init__(self, game, seats: int, options: dict, carry: dict | None = None):
        self.game, self.seats, self.options, self.carry = game, seats, options, carry
        self.state = game.new(seats, options, carry)
        self.actions: list[dict] = []

    def apply(self, action: dict) -> dict:
        self.state = self.game.apply(self.state, action)
        self.actions.append(action)
        return self.state

    def deal(self, wanted: list, rng, *, copies: bool = False) -> dict:
        """Chance's deal: ``wanted``'s cards where it puts them, the others at random."""
        pool = self.game.chance_cards(self.state)
        return self.apply({"type": "deal", "deck": at_random(pool, wanted, rng, copies=copies)})

    def bot(self, rng) -> dict:
        """The move a bot (habitué) would make for the seat to act, or chance's shuffle."""
        if self.state["actor"] == CHANCE:
            return self.deal([], rng)
        view = self.game.view(self.state, self.state["actor"])
        return self.apply(self.game.bot_action(view, rng))

    def position(self) -> Position:
        """The position reached: the reader is the seat to act."""
        seat = self.state["actor"]
        if not isinstance(seat, int):
            raise ExampleError("à cette position, aucun joueur n'a la parole.")
        return Position(
            self.game.slug, self.seats, dict(self.state["options"]), self.carry,
            list(self.actions), seat,
        )
