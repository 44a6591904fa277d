"""The site words everything the engines say: every log message, refusal and option each
game declares has its wording, and the log of a played game reads as sentences in French
and in English (no code, no placeholder left)."""

import random
import re

import pytest
from django.utils import translation

from cardgames import CHANCE, SLUGS, get_game
from cardgames.core import OPTION_REFUSALS, SHARED_REFUSALS, concrete
from play.presentation.games import game_name, game_of_name, presenter
from play.presentation.messages import refusal, refusal_entry, say, sentences

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


# ----- every sentence of the log, with every card and every kind of name ---------------

# Names that take « d' » after « de » (a vowel, an accented vowel, a y before a consonant)
# and names that keep « de » (a consonant; Hugo's h is aspirated by usage).
VOWEL_NAMES = ("Alice", "Émile", "Yves")
CONSONANT_NAMES = ("Bob", "Hugo")
SEATED = (*VOWEL_NAMES, *CONSONANT_NAMES)
COUNTS = (0, 1, 2, 12)
# Where a game's message carries ranks rather than cards (Ambigu's draw shows no suit).
RANK_DRAWS = {"ambigu"}


def deck_of(slug: str) -> list[str]:
    game = get_game(slug)
    return list(game.chance_cards(game.new(game.default_seats, {})))


def values_of(slug: str, key: str, deck: list[str]) -> list:
    """Every value a message's parameter may take, as the engine gives it."""
    from cardgames.poker import CATEGORIES
    from cardgames.remigio.rules import KINDS
    from play.presentation.messages import CARD_KEYS, SEAT_KEYS, SUIT_KEYS

    seats = range(len(SEATED))
    if key in SEAT_KEYS:
        return list(seats)
    if key in CARD_KEYS:
        return deck
    if key == "cards":  # every card, in lists of two (hole cards), one and three
        return [deck[i : i + 2] for i in range(0, len(deck), 2)] + [deck[:1], deck[:3]]
    if key in SUIT_KEYS:
        return list("cdhs")
    if key == "draws":  # each seat draws, every card (or rank) drawn by someone
        faces = [c[0] for c in deck] if slug in RANK_DRAWS else deck
        return [[[s, faces[(i + s) % len(faces)]] for s in seats] for i in range(len(faces))]
    if key == "side":
        return [[s] for s in seats] + [[s, (s + 2) % len(SEATED)] for s in seats]
    if key == "hand":
        ranks = "AKQJT98765432"
        return [
            {"category": category, "ranks": [rank, ranks[(i + 1) % len(ranks)], "2"]}
            for category in CATEGORIES
            for i, rank in enumerate(ranks)
        ]
    if key == "kind":
        return list(KINDS)
    return list(COUNTS)  # amounts, counts, numbers of tricks, rounds, multipliers


def every_message(slug: str):
    """Each message a game declares, with each value of each parameter at least once, and
    each card (or list, hand, draw) said by every seated name."""
    deck = deck_of(slug)
    for code, keys in get_game(slug).messages.items():
        values = {key: values_of(slug, key, deck) for key in keys}
        longest = max((len(v) for k, v in values.items() if k not in ("seat",)), default=1)
        for seat in range(len(SEATED)):
            for i in range(longest):
                message = {"code": code}
                for j, key in enumerate(keys):
                    options = values[key]
                    if options == list(range(len(SEATED))):  # a seat: the others turn round
                        message[key] = (seat + j) % len(SEATED)
                    else:
                        message[key] = options[i % len(options)]
                yield message


ELIDED_BEFORE_VOWEL = re.compile(r"\b(de|le|la|que|ne|se|je) [aeiouyàâéèêëîïôœûAEIOUYÀÂÉÈÊÎÔŒÛ]")
# An article after « de » or « à » not contracted (« de le » for « du »), contracted twice
# (« du la »), or of the wrong gender (« le dame », « la roi »), or not elided (« du as »).
CONTRACTED = re.compile(
    r"\b(?:de|à) (?:le|les|du|de)\b|\b(?:du|au) (?:le|la|les|l'|du|de)\b"
    r"|\b(?:le|du|au|un) dames?\b"
    r"|\b(?:la|une) (?:as|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|valet|roi|joker)\b"
    r"|\b(?:du|au) [aeiouyàâéèêîôœû]"
)
FRENCH_PLURAL_AFTER_ONE = re.compile(r"(?<![\d.,×])[01] ([a-zéèêàç]+[sx])\b")
ENGLISH_PLURAL_AFTER_ONE = re.compile(r"(?<![\d.,×])1 (chips|cards|tricks|points|tokens)\b")
ENGLISH_SINGULAR_AFTER_MANY = re.compile(
    r"(?<![\d.,×])(0|[2-9]|\d\d+) (chip|card|trick|point|token)\b"
)
INVARIABLE = {"as", "trois", "six", "dix", "deux"}


def bad_forms(sentence: str, language: str) -> list[str]:
    """What is wrong with a sentence a player reads (nothing, when it is right)."""
    wrong = []
    if not sentence or sentence[0].islower():
        wrong.append("no capital first")
    for mark in ("(s)", "(x)", "(es)", "  ", "%(", "{", "}", " ,", " ."):
        if mark in sentence:
            wrong.append(f"« {mark} »")
    if language == "fr":
        wrong += [f"« {m.group(0)} »" for m in ELIDED_BEFORE_VOWEL.finditer(sentence)]
        wrong += [f"« {m.group(0)} »" for m in CONTRACTED.finditer(sentence)]
        wrong += [
            f"« {m.group(0)} »"
            for m in FRENCH_PLURAL_AFTER_ONE.finditer(sentence)
            if m.group(1) not in INVARIABLE
        ]
    else:
        wrong += [f"« {m.group(0)} »" for m in ENGLISH_PLURAL_AFTER_ONE.finditer(sentence)]
        wrong += [f"« {m.group(0)} »" for m in ENGLISH_SINGULAR_AFTER_MANY.finditer(sentence)]
    return wrong


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("slug", SLUGS)
def test_it_words_every_log_message_with_every_card_and_name_in_good_form(slug, language):
    wrong = {}
    said = set()
    with translation.override(language):
        for message in every_message(slug):
            sentence = say(slug, message, SEATED)
            said.add(message["code"])
            problems = bad_forms(sentence, language)
            if problems:
                wrong.setdefault(sentence, problems)

    assert said == set(get_game(slug).messages)
    assert dict(list(wrong.items())[:20]) == {}, f"{len(wrong)} sentences are wrong"


@pytest.mark.parametrize(
    "sentence",
    [
        "Alice joue le dame de trèfle.",
        "Alice prend la roi de pique.",
        "Bob se défausse du la dame de pique.",
        "Bob se défausse de le sept de pique.",
        "Bob se défausse du as de pique.",
        "Bob joue le as de cœur.",
        "Hugo se défausse du dame de carreau.",
        "Au tour de Alice.",
        "Au tour de Émile.",
        "1 places prises sur 4.",
        "Vous avez 1 jeton(s).",
        "Choisissez 2 carte(s).",
        "0 jeu(x) en réserve.",
        "Alice  passe.",
        "%(seat)s passe.",
        "alice passe.",
    ],
)
def test_it_finds_the_bad_french_players_reported(sentence):
    assert bad_forms(sentence, "fr") != []


@pytest.mark.parametrize(
    "sentence",
    ["Alice joue la dame de trèfle.", "Au tour d'Émile.", "Au tour de Hugo.",
     "1 place prise sur 4.", "0 jeu en réserve.", "Bob se défausse de l'as de pique."],
)
def test_it_lets_good_french_through(sentence):
    assert bad_forms(sentence, "fr") == []


def refusal_parameters(slug: str, count: int, card: str, suit: str) -> dict:
    """Every parameter a refusal may name, each filled (a refusal formats those it names)."""
    return {
        "game": slug, "kind": "jouer", "field": "type", "unknown": ["x"], "keys": ["x"],
        "option": "x", "value": "x", "card": card, "suit": suit, "led": suit,
        **{key: count for key in ("size", "tricks", "low", "high", "amount", "stake",
                                  "cave", "count")},
    }


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("slug", SLUGS)
def test_it_words_every_refusal_with_every_count_and_card_in_good_form(slug, language):
    game = get_game(slug)
    codes = [*game.refusals, *(f"{slug}.{code}" for code in SHARED_REFUSALS), *OPTION_REFUSALS]
    deck = deck_of(slug)
    wrong = {}
    with translation.override(language):
        for code in codes:
            for i, card in enumerate(deck):
                params = refusal_parameters(slug, COUNTS[i % len(COUNTS)], card, "cdhs"[i % 4])
                sentence = refusal(slug, {"code": code, **params})
                problems = bad_forms(sentence, language)
                if problems:
                    wrong.setdefault(sentence, problems)

    assert dict(list(wrong.items())[:20]) == {}, f"{len(wrong)} sentences are wrong"


@pytest.mark.parametrize(
    ("slug", "french", "english"),
    [
        ("ambigu", "de l'Ambigu", "Ambigu"),
        ("ascenseur", "de l'Ascenseur", "L'Ascenseur (Oh Hell)"),
        ("ramponneau", "du Ramponneau", "Ramponneau (Texas Hold'em)"),
        ("all-fours", "du All-fours", "All-fours"),
        ("remigio", "du Remigio", "Remigio"),
    ],
)
def test_it_names_a_game_after_de_with_its_article(slug, french, english):
    assert game_of_name(slug) == french
    with translation.override("en"):
        assert game_of_name(slug) == english


def test_it_elides_the_name_of_a_game_without_its_own_words():
    assert game_of_name("ecarte") == "d'ecarte"
    assert game_of_name("piquet") == "de piquet"


def test_it_says_how_many_players_a_game_takes_without_a_bare_name():
    message = {"code": "options.seats", "game": "ambigu", "low": 2, "high": 6}

    assert refusal("ambigu", message) == "Une table de l'Ambigu réunit de 2 à 6 joueurs."


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("slug", SLUGS)
def test_it_labels_every_button_with_a_card_or_a_count_in_good_form(slug, language):
    from play.presentation.labels import action_label

    game = get_game(slug)
    deck = deck_of(slug)
    actions = [{"type": kind, "card": card} for kind in ("play", "discard") for card in deck]
    actions += [{"type": kind, "cards": deck[i : i + 2]} for kind in ("discard", "exchange")
                for i in range(0, len(deck), 2)]
    actions += [{"type": "bid", "tricks": n} for n in COUNTS]
    with translation.override(language):
        wrong = {label: bad_forms(label, language) for label in
                 (action_label(game, action) for action in actions)}

    assert {label: problems for label, problems in wrong.items() if problems} == {}
