"""What an action function answers: a refusal (``ServiceError``) or what a move did."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import lazy

from play.models import Game
from taverne.refusals import Refusal

# How an engine's refusal (its game and its message: a code and parameters) becomes a
# sentence in the active language. The presentation words it (play/presentation/messages.py)
# and registers itself when play starts (play/apps.py): the action functions sit below the
# presentation and never import it.
_engine_wording: Callable[[str, dict], str] | None = None


class ServiceError(Refusal):
    """A refused request at a table: ``code`` is stable (docs/protocol.md lists them)."""


def word_engine_refusals_with(wording: Callable[[str, dict], str]) -> None:
    global _engine_wording
    _engine_wording = wording


def _engine_sentence(slug: str, message: dict) -> str:
    if _engine_wording is None:
        raise RuntimeError("no wording of engine refusals: play registers one when it starts")
    return _engine_wording(slug, message)


def engine_words(slug: str, refusal):
    """An engine's refusal (``IllegalAction``, ``BadOptions``: a code and its parameters),
    worded for ``slug``'s game in the reader's language when it is shown."""
    return lazy(_engine_sentence, str)(slug, refusal.message)


@dataclass
class ActResult:
    game: Game
    version: int
    duplicate: bool = False
