"""Skill ratings: one OpenSkill (Weng-Lin) rating per player and game.

Play tells this app a game has finished (``ratings.interface.rate_finished_game``);
nothing here imports play: it reads only the game it is given.
"""
