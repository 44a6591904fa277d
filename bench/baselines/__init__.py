"""Independent baseline players for the bot arena (bench/arena.py), one module per game.

Each module exports ``KINDS``: name -> ``(view, rng) -> action``, deciding from
one seat's view only.
"""
