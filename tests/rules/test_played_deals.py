"""The fully played deal of every game page (``type: partie``): replayed by the engine move
by move, every card and score checked, shown step by step without JavaScript."""

import re
from html import unescape

import pytest

from rules import examples, markup
from tests.rules.test_examples import GAMES, PAGES, TERMS


def played_deal(slug, language="fr"):
    """The body of the ``type: partie`` block of a shipped page."""
    blocks = re.findall(r"```exemple\n(.*?)```", PAGES[language][slug].body, re.S)
    found = [b for b in blocks if "type: partie" in b]
    assert len(found) == 1, f"{slug} ({language}) plays one whole deal"
    return found[0]


def check(text):
    return examples.check(examples.parse(text))


@pytest.mark.parametrize("slug", GAMES)
def test_it_replays_the_played_deal_through_the_engine(slug):
    verdict = check(played_deal(slug))

    moves = [line for line in played_deal(slug).splitlines() if line.startswith("coup:")]
    steps = [step for part in verdict.parts for step in part.steps]
    assert len(steps) >= len(moves)  # every move is told, plus the deal and the scoring
    assert verdict.claims and all(claim.ok for claim in verdict.claims)


@pytest.mark.parametrize("slug", GAMES)
def test_a_wrong_final_score_is_caught(slug):
    text = played_deal(slug)
    key = re.search(r"^(gains|points|marque): (\w+) (-?\d+)", text, re.M)
    wrong = text.replace(key.group(0), f"{key.group(1)}: {key.group(2)} {int(key.group(3)) + 1}")

    with pytest.raises(examples.ExampleError, match="le moteur trouve"):
        check(wrong)


@pytest.mark.parametrize(
    ("slug", "move", "illegal", "rule"),
    [
        # Bruno still holds a heart: he must follow suit, not throw a club.
        ("all-fours", "coup: Bruno 2h", "coup: Bruno Qc", "fournir"),
        # Anne holds the nine of clubs: she must follow clubs.
        ("ascenseur", "coup: Anne 9c", "coup: Anne 4h", "refusé"),
        # A raise to 30 is less than the minimum (a raise adds at least the big blind).
        ("ramponneau", "coup: D relance à 60", "coup: D relance à 30", "relance"),
        # Nobody has opened a vade yet: Bruno cannot follow one.
        ("ambigu", "coup: Anne vade 3", "coup: Anne suit", "refusé"),
        # Anne cannot go out by throwing the six: her other ten cards do not meld.
        ("remigio", "ferme en jetant 2c", "ferme en jetant 6h", "refusé"),
    ],
)
def test_an_illegal_move_in_a_played_deal_is_refused(slug, move, illegal, rule):
    text = played_deal(slug)
    assert move in text

    with pytest.raises(examples.ExampleError, match=rule):
        check(text.replace(move, illegal, 1))


def test_a_card_that_is_no_longer_in_the_pack_cannot_be_dealt():
    text = played_deal("remigio").replace("pioche 6h", "pioche 3h")  # Anne's own card

    with pytest.raises(examples.ExampleError):
        check(text)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_deal_reads_step_by_step_without_javascript(language):
    html = markup.render(
        f"```exemple\n{played_deal('all-fours', language)}```", language=language
    ).html

    assert html.count('<details class="rules-deal__part"') == 8  # the deal, six tricks, the points
    assert '<details class="rules-deal__part" open>' in html  # the first stretch is open
    assert re.search(r'<ol class="rules-deal__steps" start="\d+">', html)
    assert "<script" not in html and "style=" not in html
    said = {"fr": "Anne joue l'as de cœur.", "en": "Anne plays the ace of hearts."}
    assert said[language] in unescape(html)


def test_a_game_page_without_a_played_deal_is_refused():
    body = PAGES["fr"]["ambigu"].body
    without = body.replace(f"```exemple\n{played_deal('ambigu')}```", "")
    errors = markup.render(without, terms=TERMS["fr"], game_page=True).errors

    assert errors == [
        "Une page de jeu déroule une partie complète : il manque un exemple « type : partie »."
    ]
