"""Worked examples inside the rules text, checked by the games' engines.

An example is a fenced block of ``key: value`` lines in the markup::

    ```exemple
    jeu: ambigu
    type: combinaison
    main: Th Td Tc 9s
    combinaison: tricon avec grande prime
    valeur: 7
    ```

``jeu`` and ``type`` choose a checker: each game has its module here,
``rules/examples/<game>.py`` (the slug, ``_`` for ``-``), whose ``KINDS`` maps each
``type`` to a checker. The other lines give the cards and what the text CLAIMS about them;
the checker asks the engine (``cardgames``) and compares. A claim the engine disagrees
with, a card that does not exist or a line the checker does not understand is an
``ExampleError``: the editor sees it in the preview and cannot publish. docs/rules.md lists
every kind of example and its keys.
"""

from __future__ import annotations

import importlib
import random

from cardgames import IllegalAction
from cardgames.registry import SLUGS
from rules.examples.base import (
    Example,
    ExampleError,
    Position,
    Verdict,
    card_fr,
    card_short,
    fold,
    refusal_fr,
)
from rules.examples.render import error_html, options_html, render_html, render_text

__all__ = [
    "Example",
    "ExampleError",
    "Position",
    "Verdict",
    "card_fr",
    "card_short",
    "can_try",
    "check",
    "checkers",
    "error_html",
    "fold",
    "options_html",
    "parse",
    "position",
    "positions",
    "render_html",
    "render_text",
]


def checkers(slug: str) -> dict:
    """A game's kinds of example and their checkers: its module's ``KINDS``."""
    if slug not in SLUGS:
        return {}
    return importlib.import_module(f"rules.examples.{slug.replace('-', '_')}").KINDS


def positions(slug: str) -> dict:
    """A game's kinds of example that are a position to act in (a bid to choose, a card
    to play, a bet to make), each with the start of a practice game there: its module's
    ``POSITIONS``."""
    if slug not in SLUGS:
        return {}
    module = importlib.import_module(f"rules.examples.{slug.replace('-', '_')}")
    return getattr(module, "POSITIONS", {})


def position(example: Example, rng) -> Position:
    """The start of a practice game at the example's position, the cards it does not fix
    drawn with ``rng``; the example is checked first. ExampleError when it is no position
    to act in."""
    build = positions(example.game).get(example.kind)
    if build is None:
        raise ExampleError("cet exemple n'est pas une position à jouer.")
    check(example)
    try:
        return build(example, rng)
    except ExampleError:
        raise
    except IllegalAction as refusal:
        raise ExampleError(
            f"le moteur refuse : {refusal_fr(example.game, refusal)}"
        ) from None
    except Exception as error:  # an engine that changed under the example: say so
        raise ExampleError(
            f"la position n'a pas pu être construite ({type(error).__name__} : {error})."
        ) from error


def can_try(example: Example) -> bool:
    """Whether the page offers « Essayer cette position » for this (checked) example: a
    kind that is a position, and a position the engine reaches (tried with a fixed draw)."""
    if example.kind not in positions(example.game):
        return False
    try:
        position(example, random.Random(0))
    except ExampleError:
        return False
    return True


def parse(text: str) -> Example:
    """The ``key: value`` lines of a block (blank lines and lines starting with # ignored)."""
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        if not sep or not key.strip():
            raise ExampleError(
                f"ligne {number} : « {stripped} » n'a pas la forme « clé : valeur »."
            )
        lines.append((fold(key), key.strip(), value.strip()))
    example = Example("", "", "", lines)
    game = fold(example.need("jeu"))
    if game not in SLUGS:
        known = ", ".join(sorted(SLUGS))
        raise ExampleError(f"jeu inconnu « {game} » (jeux connus : {known}).")
    kind = fold(example.need("type"))
    if kind not in checkers(game):
        known = ", ".join(sorted(checkers(game)))
        raise ExampleError(f"type d'exemple « {kind} » inconnu pour ce jeu (types : {known}).")
    example.game, example.kind = game, kind
    example.title = example.get("titre", "")
    return example


def check(example: Example) -> Verdict:
    """Ask the engine; raises ExampleError on a malformed example or a claim it refutes."""
    try:
        verdict = checkers(example.game)[example.kind](example)
    except ExampleError:
        raise
    except IllegalAction as refusal:
        raise ExampleError(
            f"le moteur refuse : {refusal_fr(example.game, refusal)}"
        ) from None
    except Exception as error:  # an engine that changed under the example: say so, do not crash
        raise ExampleError(
            f"le vérificateur a échoué ({type(error).__name__} : {error})."
        ) from error
    errors = verdict.errors
    if errors:
        raise ExampleError(" ".join(errors))
    return verdict
