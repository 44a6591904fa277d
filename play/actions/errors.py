"""What an action function answers: a refusal (``ServiceError``) or what a move did."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import lazy
from django.utils.translation import get_language

from play.models import Game
from taverne.refusals import Refusal


class ServiceError(Refusal):
    """A refused request at a table: ``code`` is stable (docs/protocol.md lists them)."""


def engine_words(refusal):
    """An engine's refusal (``IllegalAction``, ``BadOptions``) in the reader's language,
    from the French and English sentences the engine gives."""
    return lazy(lambda: refusal.en if (get_language() or "fr").startswith("en") else refusal.fr,
                str)()


@dataclass
class ActResult:
    game: Game
    version: int
    duplicate: bool = False
