"""All-fours (Seven Up), with its bot and the maître's appraisal.

``game`` holds the rules (the ``Game`` and its pure helpers); ``bot`` decides from a
seat's view and ``advice`` appraises a decision, both importing the rules, never the
reverse: this package puts them together.
"""

from . import advice as _advice
from .bot import choose as _bot
from .game import GAME

GAME.bot = _bot
GAME.appraiser = _advice.appraise
GAME.review_threshold = _advice.REVIEW_THRESHOLD
GAME.appraisal_unit = "win_chance"

__all__ = ["GAME"]
