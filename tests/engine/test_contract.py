"""The engine contract itself: the library imports nothing from Django or the site; the
registry, cards.py and core.py."""

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import SLUGS, available_games, get_game, register, slugs, unregister
from cardgames.cards import (
    base,
    card_name,
    cards_text,
    deck40,
    deck52,
    is_card,
    is_joker,
    multi_deck,
    rank,
    suit,
    suit_name,
)
from cardgames.core import (
    BadOptions,
    Game,
    IllegalAction,
    Option,
    clone,
    concrete,
    from_json,
    to_json,
)
from cardgames.registry import UnknownGame

ENGINE = Path(__file__).resolve().parents[2] / "cardgames"
FORBIDDEN = ("django", "channels", "daphne", "asgiref")
# The site's packages: the library could be published without them.
SITE = ("play", "rules", "accounts", "economy", "config")


def engine_modules():
    return sorted(ENGINE.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# ----- no Django ------------------------------------------------------------------------------
@pytest.mark.parametrize("path", engine_modules(), ids=module_name)
def test_engine_sources_import_no_django_or_channels(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # relative imports must stay inside cardgames
                depth = len(path.relative_to(ENGINE).parts)
                assert node.level <= depth, f"{path.name} imports from outside cardgames"
                continue
            names = [node.module or ""]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top not in FORBIDDEN + SITE, f"{path.name} imports {name}"


def test_importing_every_engine_module_loads_no_django():
    modules = [module_name(p) for p in engine_modules() if p.stem != "__main__"]
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules"
        f" if m.split('.')[0] in {FORBIDDEN + SITE!r})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ENGINE.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


# ----- the registry -------------------------------------------------------------------------
def test_the_registry_lists_the_five_games():
    assert SLUGS == ("ambigu", "ascenseur", "ramponneau", "all-fours", "remigio")


def test_the_registry_finds_a_game_by_slug_and_refuses_unknown_ones():
    game = get_game("ascenseur")
    assert isinstance(game, Game) and game.slug == "ascenseur"
    assert "ascenseur" in available_games()
    assert set(available_games()) <= set(SLUGS)
    with pytest.raises(UnknownGame):
        get_game("belote")


def test_a_game_from_elsewhere_is_registered_after_the_house_games_and_removed_again():
    register("duel", "tests.games.duel")
    try:
        assert slugs() == SLUGS + ("duel",)
        assert get_game("duel").slug == "duel"
        with pytest.raises(ValueError):
            register("duel", "somewhere.else")
    finally:
        unregister("duel")
    assert slugs() == SLUGS


def test_a_house_game_cannot_be_replaced_or_unregistered():
    with pytest.raises(ValueError):
        register("ambigu", "tests.games.duel")
    with pytest.raises(ValueError):
        unregister("ambigu")


@pytest.mark.parametrize("slug", list(available_games()))
def test_every_available_game_declares_its_identity(slug):
    game = get_game(slug)
    assert game.slug == slug and game.name_fr and game.name_en
    assert game.min_seats <= game.default_seats <= game.max_seats
    state = game.new(game.default_seats, {})
    assert {"game", "seats", "options", "actor", "result"} <= set(state)
    assert from_json(to_json(state)) == state


# ----- cards.py -------------------------------------------------------------------------------
def test_cards_are_two_characters_rank_then_suit():
    deck = deck52()
    assert len(deck) == len(set(deck)) == 52
    assert all(len(c) == 2 and c[0] in "A23456789TJQK" and c[1] in "cdhs" for c in deck)
    assert (rank("Th"), suit("Th"), base("Th.2")) == ("T", "h", "Th")
    assert len(deck40()) == 40 and not any(rank(c) in "JQK" for c in deck40())


def test_french_and_english_card_names_come_from_cards_py():
    assert card_name("Th") == "dix de cœur"
    assert card_name("Th", "en") == "ten of hearts"
    assert card_name("As") == "as de pique"
    assert card_name("Qd") == "dame de carreau" and card_name("Jc") == "valet de trèfle"
    assert card_name("Kh.2") == "roi de cœur"
    assert card_name("Xr.1") == "joker rouge" and card_name("Xb.1", "en") == "black joker"
    assert cards_text(["As", "Th"]) == "as de pique, dix de cœur"
    assert suit_name("h") == "cœur" and suit_name("s", "en") == "spades"
    assert card_name("Th", "de") == "dix de cœur"  # unknown languages fall back to French


def test_card_ids_are_recognised_and_every_physical_card_is_unique():
    for good in ("Th", "2c", "As.1", "Xr.1", "Xb.2"):
        assert is_card(good)
    for bad in ("", "T", "1h", "Tx", "Th.a", "Th.", "Xg.1", "Thh", 7, None):
        assert not is_card(bad)
    two = multi_deck(2)
    assert len(two) == len(set(two)) == 108
    assert sum(is_joker(c) for c in two) == 4


# ----- core.py ---------------------------------------------------------------------------------
CHOICE = Option(
    "speed",
    "Vitesse",
    "Speed",
    "slow",
    choices=(("slow", "lent", "slow"), ("fast", "rapide", "fast")),
)
FLAG = Option("flag", "Drapeau", "Flag", False, kind="bool")
COUNT = Option("count", "Nombre", "Count", 3, kind="int", minimum=1, maximum=5)


def test_an_option_accepts_its_values_and_refuses_others():
    assert CHOICE.check("fast") == "fast" and CHOICE.values() == ["slow", "fast"]
    assert FLAG.check(True) is True and FLAG.values() == [False, True]
    assert COUNT.check(5) == 5 and COUNT.values() == [1, 2, 3, 4, 5]
    for option, bad in (
        (CHOICE, "medium"),
        (FLAG, 1),
        (FLAG, "yes"),
        (COUNT, 6),
        (COUNT, True),
        (COUNT, "3"),
    ):
        with pytest.raises(BadOptions) as refused:
            option.check(bad)
        assert refused.value.fr and refused.value.en


def test_resolve_options_fills_defaults_and_refuses_unknown_keys():
    game = Game(slug="test", name_fr="Essai", name_en="Test", options=(CHOICE, FLAG, COUNT))
    assert game.resolve_options({}) == {"speed": "slow", "flag": False, "count": 3}
    assert game.resolve_options({"count": 4})["count"] == 4
    with pytest.raises(BadOptions) as refused:
        game.resolve_options({"colour": "red"})
    assert "colour" in refused.value.fr and "colour" in refused.value.en
    with pytest.raises(BadOptions):
        game.resolve_options({"count": 9})
    drawn = game.random_options(random.Random(1))
    assert set(drawn) == {"speed", "flag", "count"}


def test_seat_counts_are_checked():
    game = Game(slug="test", name_fr="Essai", name_en="Test", min_seats=2, max_seats=4)
    game.check_seats(3, {})
    for bad in (1, 5, "3", 2.0):
        with pytest.raises(BadOptions):
            game.check_seats(bad, {})


def test_concrete_fills_templates():
    rng = random.Random(3)
    raise_entry = {"type": "raise", "min": 100, "max": 980}
    assert concrete(raise_entry, pick_low=True) == {"type": "raise", "amount": 100}
    drawn = concrete(raise_entry, rng)
    assert set(drawn) == {"type", "amount"} and 100 <= drawn["amount"] <= 980
    discard = {"type": "discard", "choose": [2, 3], "from": ["Ah", "Kh", "Qh", "Jh"]}
    assert concrete(discard, pick_low=True) == {"type": "discard", "cards": ["Ah", "Kh"]}
    chosen = concrete(discard, rng)["cards"]
    assert 2 <= len(chosen) <= 3 and len(set(chosen)) == len(chosen)
    assert set(chosen) <= set(discard["from"])
    plain = {"type": "bid", "tricks": 2}
    copy = concrete(plain)
    assert copy == plain and copy is not plain


def test_clone_is_a_deep_independent_copy():
    state = {"hands": [["Ah", "Kh"], []], "scores": [1, -2], "result": None, "ok": True}
    copy = clone(state)
    assert copy == state
    copy["hands"][0].append("Qh")
    assert state["hands"][0] == ["Ah", "Kh"]


def test_states_round_trip_through_json():
    state = {"game": "x", "actor": "chance", "hands": [["Th"]], "n": 3, "none": None}
    assert from_json(to_json(state)) == state
    assert to_json(state) == to_json(dict(reversed(state.items())))  # keys sorted


def test_illegal_action_names_its_rule_in_french_and_english():
    refusal = IllegalAction("game.rule", "Règle.", "Rule.")
    assert refusal.rule == "game.rule" and refusal.message() == "Règle."
    assert refusal.message("en") == "Rule."
    assert refusal.as_dict() == {"rule": "game.rule", "fr": "Règle.", "en": "Rule."}
    assert IllegalAction("r", "seulement").en == "seulement"


def test_every_bot_level_has_a_label_in_both_languages():
    from cardgames.core import BOT_LEVEL_LABELS, BOT_LEVELS, DEFAULT_BOT_LEVEL

    assert set(BOT_LEVEL_LABELS) == set(BOT_LEVELS) and DEFAULT_BOT_LEVEL in BOT_LEVELS
    assert all(fr and en for fr, en in BOT_LEVEL_LABELS.values())
