"""All-fours (Seven Up), with its bot.

``game`` holds the rules (the ``Game`` and its pure helpers); ``bot`` decides from a
seat's view and imports the rules, never the reverse: this package puts them together.
"""

from .bot import choose as _bot
from .game import GAME

GAME.bot = _bot

__all__ = ["GAME"]
