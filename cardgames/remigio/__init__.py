"""Remigio: the South American rummy, with its bot.

``game`` holds the rules (the ``Game`` and its pure helpers); ``bot`` decides from a
seat's view and imports the rules, never the reverse: this package puts them together.
"""

from .advice import REVIEW_THRESHOLD
from .advice import appraise as _appraise
from .bot import choose as _bot
from .game import GAME

GAME.bot = _bot
GAME.appraiser = _appraise
GAME.review_threshold = REVIEW_THRESHOLD
GAME.appraisal_unit = "points"

__all__ = ["GAME"]
