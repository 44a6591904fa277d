"""Every worked example of the shipped pages is confirmed by the engines; wrong claims fail."""

import pytest

from rules import content_files, examples, markup

TERMS = [
    markup.Term(
        f.slug,
        f.fields["term"],
        tuple(v.strip() for v in f.fields["variants"].split(",") if v.strip()),
        f"/regles/glossaire/{f.slug}/",
    )
    for f in content_files.glossary()
]
PAGES = {f.slug: f for f in content_files.pages()}


@pytest.mark.parametrize("slug", ["ambigu", "ascenseur", "ramponneau", "all-fours", "remigio"])
def test_every_example_of_the_page_is_confirmed_by_the_engine(slug):
    rendered = markup.render(PAGES[slug].body, terms=TERMS, game_page=True)

    assert rendered.errors == []
    assert rendered.examples >= markup.MIN_EXAMPLES
    assert "la table de jeu le rejoue" in rendered.html


def test_every_published_example_is_still_confirmed(content):
    from rules import services

    for page in content:
        assert services.render_page_body(page.body, page.slug).errors == [], page.slug


def test_the_seeds_worked_examples_are_there():
    assert "annonces: 3 0 5\ninterdite: 2" in PAGES["ascenseur"].body
    assert "pot: 390 pour A B C, gagné par C" in PAGES["ramponneau"].body
    assert "pot: 60 pour A B, gagné par A" in PAGES["ramponneau"].body
    assert "A mise 50" in PAGES["ramponneau"].body


def check(text):
    return examples.check(examples.parse(text))


def test_a_wrong_combination_value_is_caught():
    with pytest.raises(examples.ExampleError, match="le moteur trouve « 7 »"):
        check(
            "jeu: ambigu\ntype: combinaison\nmain: Th Td Tc 9s\n"
            "combinaison: tricon avec grande prime\nvaleur: 8"
        )


def test_a_wrong_forbidden_bid_is_caught():
    with pytest.raises(examples.ExampleError, match="interdite"):
        check(
            "jeu: ascenseur\ntype: annonces\njoueurs: 4\ndonne: 10\nannonces: 3 0 5\ninterdite: 3"
        )


def test_a_wrong_side_pot_is_caught():
    body = PAGES["ramponneau"].body
    start = body.index("titre: Un tapis à la rivière")
    block = body[body.rindex("```exemple", 0, start) + 10 : body.index("```", start)]
    check(block)  # as shipped: right
    with pytest.raises(examples.ExampleError, match="pot"):
        check(block.replace("pot: 60 pour A B, gagné par A", "pot: 60 pour A B, gagné par B"))


def test_a_wrong_all_fours_point_is_caught():
    text = """jeu: all-fours\ntype: donne\njoueurs: Anne Bruno\natout: cœur
pli: Anne Ah, Bruno 2h\npli: Anne Kc, Bruno Qc\npli: Anne Tc, Bruno Jh\npli: Bruno 4d, Anne 5d
pli: Anne 9s, Bruno 7s\npli: Anne 3h, Bruno Td\nhigh: Anne\nlow: Anne\njack: Bruno\ngame: Anne"""
    with pytest.raises(examples.ExampleError, match="Low"):
        check(text)


def test_an_illegal_card_is_refused_with_the_rule():
    # Bruno holds the three of clubs: he must follow clubs, not trump.
    text = """jeu: all-fours\ntype: donne\njoueurs: Anne Bruno\natout: cœur
pli: Anne Ac, Bruno 2h\npli: Bruno 3c, Anne 4c\nhigh: Bruno\nlow: Bruno\njack: personne
game: Anne"""
    with pytest.raises(examples.ExampleError, match="Bruno ne peut pas jouer le deux de cœur"):
        check(text)


def test_a_wrong_remigio_count_is_caught():
    with pytest.raises(examples.ExampleError, match="compte"):
        check("jeu: remigio\ntype: main\nmain: 7h 8h 9h Ks Kd Kc 5c 2d 3d Xr\ncompte: 0")


def test_a_meld_with_too_many_jokers_is_refused():
    with pytest.raises(examples.ExampleError, match="pas une combinaison"):
        check("jeu: remigio\ntype: main\nmain: 7h Xr Xb\ncombinaisons: 7h Xr Xb\ncompte: 0")


def test_unknown_game_and_bad_cards_are_explained():
    with pytest.raises(examples.ExampleError, match="jeu inconnu"):
        check("jeu: belote\ntype: main")
    with pytest.raises(examples.ExampleError, match="n'est pas une carte"):
        check("jeu: ambigu\ntype: combinaison\nmain: Zz 9s\ncombinaison: point")
