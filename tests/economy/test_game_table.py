"""The economy's game table (economy/games.py) is the only place the economy names a game,
and every game it plays for écus says how its chips are read (``Game.chips``)."""

import re
from pathlib import Path

from cardgames import SLUGS, get_game
from economy import games

ROOT = Path(__file__).resolve().parents[2]


def test_every_chip_game_is_a_chained_game_whose_engine_declares_its_chips():
    chip_games = [slug for slug, game in games.GAMES.items() if game.chips]
    assert chip_games
    for slug in chip_games:
        engine = get_game(slug)
        assert engine.chained and engine.chips is not None, slug
        low, high = games.chip_tables(slug).cave_units
        assert 1 <= low <= high, slug
    assert games.chip_tables(games.tavern_game()).taverns


def test_a_game_missing_from_the_table_has_no_chips_and_no_limit():
    assert games.entry("no-such-game") == games.EconomyGame()
    assert not games.is_chip_game("no-such-game")
    assert games.daily_hands("no-such-game") is None


def test_no_game_slug_appears_in_the_economy_but_in_its_game_table():
    quoted_slug = re.compile("[\"'](" + "|".join(re.escape(s) for s in SLUGS) + ")[\"']")
    files = [p for p in (ROOT / "economy").rglob("*.py")
             if p.name != "games.py" and "migrations" not in p.parts]
    files += list((ROOT / "templates" / "economy").rglob("*.html"))
    named = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in files
             for m in quoted_slug.finditer(p.read_text(encoding="utf-8"))]
    assert named == []
