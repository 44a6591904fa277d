"""Ambigu: the vying game of Louis XIV's court, with its bot.

``game`` holds the rules (the ``Game`` and its pure helpers); ``bot`` decides from a
seat's view and imports the rules, never the reverse; ``chips`` says how a cash table
reads and writes its jetons: this package puts them together.
"""

from .advice import REVIEW_THRESHOLD
from .advice import appraise as _appraise
from .bot import bot_action as _bot
from .chips import AmbiguChips
from .game import GAME

GAME.bot = _bot
GAME.appraiser = _appraise
GAME.review_threshold = REVIEW_THRESHOLD
GAME.appraisal_unit = "jetons"
GAME.chips = AmbiguChips(GAME)

__all__ = ["GAME"]
