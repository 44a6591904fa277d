"""What an action function answers: a refusal (``ServiceError``) or what a move did."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import lazy

from play.models import Game
from play.presentation.messages import refusal as refusal_sentence
from taverne.refusals import Refusal


class ServiceError(Refusal):
    """A refused request at a table: ``code`` is stable (docs/protocol.md lists them)."""


def engine_words(slug: str, refusal):
    """An engine's refusal (``IllegalAction``, ``BadOptions``: a code and its parameters),
    worded for ``slug``'s game in the reader's language when it is shown."""
    message = refusal.message
    return lazy(lambda: refusal_sentence(slug, message), str)()


@dataclass
class ActResult:
    game: Game
    version: int
    duplicate: bool = False
