"""The site words everything the engines say: every log message, refusal and option each
game declares has its wording, and the log of a played game reads as sentences in French
and in English (no code, no placeholder left)."""

import random

import pytest
from django.utils import translation

from cardgames import CHANCE, SLUGS, get_game
from cardgames.core import OPTION_REFUSALS, SHARED_REFUSALS, concrete
from play.presentation.games import game_name, presenter
from play.presentation.messages import refusal_entry, sentences

NAMES = ["Alice", "Bob", "Chloé", "Hugo", "Yves", "Émile", "Denis", "Odile"]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_games_name_is_found_in_the_catalogue_by_the_engines_name(slug):
    # The presentation marks the name for the catalogue; the lookup uses the engine's name.
    for language in ("fr", "en"):
        with translation.override(language):
            assert game_name(slug) == str(presenter(slug).NAME)


def test_an_english_reader_reads_a_games_english_name():
    assert game_name("ascenseur") == "L'Ascenseur"
    with translation.override("en"):
        assert game_name("ascenseur") == "L'Ascenseur (Oh Hell)"
        assert game_name("ramponneau") == "Ramponneau (Texas Hold'em)"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_message_a_game_declares_has_its_wording(slug):
    game = get_game(slug)

    assert set(game.messages) - set(presenter(slug).MESSAGES) == set()


@pytest.mark.parametrize("slug", SLUGS)
def test_every_refusal_a_game_declares_has_its_wording(slug):
    game = get_game(slug)
    codes = [*game.refusals, *(f"{slug}.{code}" for code in SHARED_REFUSALS), *OPTION_REFUSALS]

    assert [code for code in codes if refusal_entry(slug, code) is None] == []


@pytest.mark.parametrize("slug", SLUGS)
def test_every_option_a_game_declares_has_its_label(slug):
    game = get_game(slug)

    assert [o.key for o in game.options if o.key not in presenter(slug).OPTIONS] == []


def played_messages(slug: str, seed: int, moves: int = 400) -> list[dict]:
    """The log messages of a game played at random, as the engine describes its moves."""
    game = get_game(slug)
    rng = random.Random(seed)
    state = game.new(game.default_seats, {})
    messages = []
    for _ in range(moves):
        actor = game.actor(state)
        if actor is None:
            break
        if actor == CHANCE:
            action = game.chance_action(state, rng)
        else:
            action = concrete(rng.choice(game.legal_actions(state)), rng)
        messages.append(game.describe(state, action))
        state = game.apply(state, action)
    return messages


@pytest.mark.parametrize("slug", SLUGS)
def test_a_played_games_log_reads_as_sentences_in_french_and_in_english(slug):
    messages = played_messages(slug, seed=3)
    names = NAMES[: get_game(slug).default_seats]

    french = sentences(slug, messages, names)
    with translation.override("en"):
        english = sentences(slug, messages, names)

    for said in (*french, *english):
        assert said and "%(" not in said and f"{slug}." not in said, said
    assert french != english
