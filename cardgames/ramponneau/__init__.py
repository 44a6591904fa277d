"""Ramponneau: tavern no-limit Texas hold'em, with its bot and PHH hand histories.

``game`` holds the rules (the ``Game`` and its pure helpers); ``bot`` decides from a
seat's view and imports the rules, never the reverse; ``chips`` says how a cash table
reads and writes its chips: this package puts them together.
"""

from .advice import REVIEW_THRESHOLD
from .advice import appraise as _appraise
from .bot import decide as _bot
from .chips import RamponneauChips
from .game import GAME

GAME.bot = _bot
GAME.appraiser = _appraise
GAME.review_threshold = REVIEW_THRESHOLD
GAME.appraisal_unit = "chips"
GAME.chips = RamponneauChips(GAME)

__all__ = ["GAME"]
