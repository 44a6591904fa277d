"""The maître's words: each reason of the shared vocabulary (``ADVICE_REASONS``) worded once
for every game, in good French first (numbers as French writes them, plurals from two on)
and in English; the move named as the table's buttons name it."""

from __future__ import annotations

import pytest
from django.utils import translation

from cardgames.core import ADVICE_REASONS
from cardgames.registry import get_game
from play.presentation.advice import (
    DID,
    WOULD,
    WOULD_HAVE,
    advice_sentence,
    decision_sentence,
    loss_text,
    move_text,
    reason_text,
)

SAMPLES = {
    "advice.bid_tricks": {"bid": 3, "tricks": 2.8},
    "advice.exact_bid": {"chance": 0.72},
    "advice.expected_points": {"points": 3.5, "unit": "points"},
    "advice.win_chance": {"chance": 0.64},
    "advice.equity": {"equity": 0.48, "pot_odds": 0.25},
    "advice.meld": {"cards": ["7h", "8h", "9h"], "count": 3},
}


@pytest.mark.parametrize(("reason", "french"), [
    ({"code": "advice.exact_bid", "chance": 0.72},
     "72 % de chances de faire juste votre annonce"),
    ({"code": "advice.bid_tricks", "bid": 3, "tricks": 2.8},
     "il compte faire 2,8 levées en moyenne"),
    ({"code": "advice.bid_tricks", "bid": 1, "tricks": 1.5},
     "il compte faire 1,5 levée en moyenne"),
    ({"code": "advice.expected_points", "points": 3.5, "unit": "points"},
     "en moyenne +3,5 points sur la donne"),
    ({"code": "advice.expected_points", "points": -1.24, "unit": "points"},
     "en moyenne \u22121,2 point sur la donne"),
    ({"code": "advice.expected_points", "points": 12.6, "unit": "jetons"},
     "en moyenne +13 jetons sur la donne"),
    ({"code": "advice.win_chance", "chance": 0.637},
     "64 % de chances de gagner la partie"),
    ({"code": "advice.equity", "equity": 0.48, "pot_odds": 0.25},
     "48 % du pot en moyenne à l'abattage, quand la cote du pot en demande 25 %"),
    ({"code": "advice.equity", "equity": 0.48, "pot_odds": None},
     "48 % du pot en moyenne à l'abattage"),
    ({"code": "advice.meld", "cards": ["7h", "8h", "9h"], "count": 3},
     "il vise le sept de cœur, le huit de cœur et le neuf de cœur, et ne garderait que "
     "3 points hors combinaison"),
    ({"code": "advice.meld", "cards": ["As", "Ac"], "count": 1},
     "il vise l'as de pique et l'as de trèfle, et ne garderait que 1 point hors "
     "combinaison"),
    ({"code": "advice.meld", "cards": [["Kc", "Ks"], ["Th", "Ts", "Xb"]], "count": 27},
     "il vise (roi de trèfle, roi de pique) et (dix de cœur, dix de pique, joker noir), et "
     "ne garderait que 27 points hors combinaison"),
    ({"code": "advice.meld", "cards": [], "count": 12},
     "il ne garderait que 12 points hors combinaison"),
    ({"code": "advice.expected_points", "points": -0.74, "unit": "jetons"},
     "en moyenne \u22120,7 jeton sur la donne"),
])
def test_each_reason_is_worded_in_good_french(reason, french):
    assert reason_text(reason) == french


def test_every_reason_the_engines_may_give_has_its_words():
    assert set(SAMPLES) == set(ADVICE_REASONS)
    for code, params in SAMPLES.items():
        assert set(params) == set(ADVICE_REASONS[code])
        assert reason_text({"code": code, **params}), code
        with translation.override("en"):
            assert reason_text({"code": code, **params}), code


def test_a_reason_prefixed_with_its_games_slug_is_worded_the_same():
    assert reason_text({"code": "ascenseur.advice.exact_bid", "chance": 0.5}) == (
        "50 % de chances de faire juste votre annonce")


def test_a_reason_this_site_cannot_word_leaves_the_sentence_at_the_move():
    engine = get_game("ascenseur")
    appraisal = {"action": {"type": "play", "card": "Jc"},
                 "reason": {"code": "advice.unheard_of", "x": 1}}

    assert advice_sentence(engine, appraisal) == "Le maître jouerait le valet de trèfle."


def test_the_conseil_names_the_move_as_the_table_does():
    ascenseur, ramponneau = get_game("ascenseur"), get_game("ramponneau")

    assert advice_sentence(ascenseur, {
        "action": {"type": "play", "card": "Jc"},
        "reason": {"code": "advice.exact_bid", "chance": 0.72},
    }) == "Le maître jouerait le valet de trèfle : 72 % de chances de faire juste votre annonce."
    assert advice_sentence(ascenseur, {
        "action": {"type": "bid", "tricks": 3},
        "reason": {"code": "advice.bid_tricks", "bid": 3, "tricks": 2.8},
    }) == "Le maître annoncerait 3 levées : il compte faire 2,8 levées en moyenne."
    assert move_text(ascenseur, {"type": "bid", "tricks": 0}, WOULD) == (
        "Le maître annoncerait 0 levée")
    assert move_text(ascenseur, {"type": "play", "card": "As"}, DID) == (
        "Vous avez joué l'as de pique")
    # a move the sentence has no verb of its own for: the button's words
    assert move_text(ramponneau, {"type": "check"}, WOULD) == "Le maître choisirait « Parole »"
    assert move_text(ramponneau, {"type": "raise", "amount": 40}, WOULD_HAVE) == (
        "le maître aurait choisi « Relancer à 40 »")


def test_a_review_line_says_what_was_played_and_what_the_maitre_would_have_played():
    engine = get_game("ascenseur")
    decision = {"step": 12, "played": {"type": "play", "card": "Th"},
                "best": {"type": "play", "card": "Jc"},
                "reason": {"code": "advice.exact_bid", "chance": 0.72}, "loss": 4.23}

    assert decision_sentence(engine, decision) == (
        "Vous avez joué le dix de cœur ; le maître aurait joué le valet de trèfle (72 % de "
        "chances de faire juste votre annonce).")
    assert loss_text("points", 4.23) == "Perte estimée : 4,2 points."
    assert loss_text("points", 1.0) == "Perte estimée : 1,0 point."
    assert loss_text("chips", 40) == "Perte estimée : 40 jetons."
    assert loss_text("win_chance", 0.12) == "Perte estimée : 12 % de chances de gagner."


def test_the_maitres_words_in_english():
    engine = get_game("ascenseur")
    with translation.override("en"):
        assert advice_sentence(engine, {
            "action": {"type": "play", "card": "Jc"},
            "reason": {"code": "advice.exact_bid", "chance": 0.72},
        }) == "The master would play the jack of clubs: a 72% chance of making exactly your bid."
        assert reason_text({"code": "advice.bid_tricks", "bid": 1, "tricks": 1.0}) == (
            "it expects to take 1.0 tricks on average")
        assert loss_text("points", 1.0) == "Estimated loss: 1.0 points."
