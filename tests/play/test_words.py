"""The table's words in good French and in English: the article of each card, elision
before a name or a rank, plurals chosen by ngettext (French takes the singular for 0 and
1, English only for 1), lists joined as each language joins them."""

import pytest
from django.utils import translation

from play.presentation import words
from play.presentation.games.ramponneau import hand_words
from play.presentation.labels import value_label
from play.presentation.messages import say

NAMES = ["Alice", "Bob", "Chloé", "Hugo"]


@pytest.mark.parametrize(
    ("name", "of"),
    [
        ("Alice", "d'Alice"),
        ("Ernest", "d'Ernest"),
        ("Émile", "d'Émile"),
        ("Hortense", "d'Hortense"),  # h muet
        ("Yves", "d'Yves"),  # y before a consonant: a vowel
        ("Bob", "de Bob"),
        ("Yann", "de Yann"),  # y before a vowel: a consonant
        ("Hugo", "de Hugo"),  # h aspiré by usage
        ("42", "de 42"),
    ],
)
def test_a_name_after_de_is_elided_before_a_vowel_sound(name, of):
    assert words.of_name(name) == of


def test_in_english_a_name_after_de_is_a_possessive():
    with translation.override("en"):
        assert words.of_name("Alice") == "Alice's"
        assert words.of_name("Bob") == "Bob's"


@pytest.mark.parametrize(
    ("code", "name", "the", "of_the"),
    [
        ("As", "as de pique", "l'as de pique", "de l'as de pique"),
        ("8h", "huit de cœur", "le huit de cœur", "du huit de cœur"),
        ("Qc", "dame de trèfle", "la dame de trèfle", "de la dame de trèfle"),
        ("Td.2", "dix de carreau", "le dix de carreau", "du dix de carreau"),
        ("Xr.1", "joker rouge", "le joker rouge", "du joker rouge"),
    ],
)
def test_a_card_takes_the_article_of_its_rank(code, name, the, of_the):
    assert words.card(code, "name") == name
    assert words.card(code) == the
    assert words.card(code, "of_the") == of_the


def test_in_english_a_card_is_the_rank_of_the_suit():
    with translation.override("en"):
        assert words.card("Qc", "name") == "queen of clubs"
        assert words.card("As") == "the ace of spades"
        assert words.card("8h", "of_the") == "the eight of hearts"


def test_cards_are_listed_with_a_final_and():
    assert words.cards(["As", "Th", "Qc"]) == "l'as de pique, le dix de cœur et la dame de trèfle"
    assert words.cards(["As"]) == "l'as de pique"
    with translation.override("en"):
        assert words.cards(["As", "Th"]) == "the ace of spades and the ten of hearts"


@pytest.mark.parametrize(
    ("tricks", "french", "english"),
    [
        (0, "Chloé annonce 0 levée.", "Chloé bids 0 tricks."),
        (1, "Chloé annonce 1 levée.", "Chloé bids 1 trick."),
        (2, "Chloé annonce 2 levées.", "Chloé bids 2 tricks."),
    ],
)
def test_a_count_takes_the_singular_for_zero_and_one_in_french_only(tricks, french, english):
    message = {"code": "ascenseur.bid", "seat": 2, "tricks": tricks}

    assert say("ascenseur", message, NAMES) == french
    with translation.override("en"):
        assert say("ascenseur", message, NAMES) == english


def test_a_button_counts_tricks_like_the_log():
    assert [value_label("tricks", n) for n in (0, 1, 2)] == ["0 levée", "1 levée", "2 levées"]
    with translation.override("en"):
        assert [value_label("tricks", n) for n in (0, 1)] == ["0 tricks", "1 trick"]


@pytest.mark.parametrize(
    ("card", "french", "english"),
    [
        ("Qc", "Hugo se défausse de la dame de trèfle.", "Hugo discards the queen of clubs."),
        ("As", "Hugo se défausse de l'as de pique.", "Hugo discards the ace of spades."),
        ("8h", "Hugo se défausse du huit de cœur.", "Hugo discards the eight of hearts."),
    ],
)
def test_a_card_after_de_takes_its_contracted_article(card, french, english):
    message = {"code": "remigio.discard", "seat": 3, "card": card}

    assert say("remigio", message, NAMES) == french
    with translation.override("en"):
        assert say("remigio", message, NAMES) == english


@pytest.mark.parametrize(
    ("summary", "french", "english"),
    [
        ({"category": "pair", "ranks": ["A", "K", "Q", "J"]}, "paire d'as", "pair of aces"),
        ({"category": "three_of_a_kind", "ranks": ["K", "9", "2"]}, "brelan de rois",
         "three kings"),
        ({"category": "four_of_a_kind", "ranks": ["8", "2"]}, "carré de huit", "four eights"),
        ({"category": "full_house", "ranks": ["Q", "4"]}, "full aux dames par les quatre",
         "full house, queens full of fours"),
    ],
)
def test_a_poker_hand_elides_before_aces_and_not_before_eights(summary, french, english):
    assert hand_words(summary) == french
    with translation.override("en"):
        assert hand_words(summary) == english
