"""Every worked example of the shipped pages is confirmed by the engines; wrong claims fail."""

import pytest

from rules import content_files, examples, markup

GAMES = ["ambigu", "ascenseur", "ramponneau", "all-fours", "remigio"]
LANGUAGES = ["fr", "en"]


def glossary(language):
    return [
        markup.Term(
            f.slug,
            f.fields["term"],
            tuple(v.strip() for v in f.fields["variants"].split(",") if v.strip()),
            f"/regles/glossaire/{f.slug}/",
        )
        for f in content_files.glossary(language=language)
    ]


TERMS = {language: glossary(language) for language in LANGUAGES}
PAGES = {
    language: {f.slug: f for f in content_files.pages(language=language)} for language in LANGUAGES
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", GAMES)
def test_every_example_of_the_page_is_confirmed_by_the_engine(slug, language):
    rendered = markup.render(
        PAGES[language][slug].body, terms=TERMS[language], game_page=True, language=language
    )

    assert rendered.errors == []
    assert rendered.examples >= markup.MIN_EXAMPLES
    wording = {"fr": "la table de jeu le rejoue", "en": "the game table replays it"}
    assert wording[language] in rendered.html


@pytest.mark.parametrize("slug", GAMES)
def test_the_english_page_keeps_the_french_pages_checked_examples(slug):
    def kinds(language):
        return sorted(
            line.split(":", 1)[1].strip()
            for line in PAGES[language][slug].body.splitlines()
            if line.startswith("type:")
        )

    assert kinds("en") == kinds("fr")


def test_every_published_example_is_still_confirmed(content):
    from rules import services

    for page in content:
        rendered = services.render_page_body(
            page.body, page.slug, page.language, players_note=page.fiche_players
        )
        assert rendered.errors == [], (page.slug, page.language)


def test_the_seeds_worked_examples_are_there():
    body = PAGES["fr"]
    assert "annonces: 3 0 5\ninterdite: 2" in body["ascenseur"].body
    assert "pot: 390 pour A B C, gagné par C" in body["ramponneau"].body
    assert "pot: 60 pour A B, gagné par A" in body["ramponneau"].body
    assert "A mise 50" in body["ramponneau"].body


def check(text):
    return examples.check(examples.parse(text))


def block(slug, title, language="fr"):
    """The example block of a shipped page whose caption is ``title``."""
    body = PAGES[language][slug].body
    start = body.index(f"titre: {title}")
    return body[body.rindex("```exemple", 0, start) + 10 : body.index("```", start)]


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
    text = block("ramponneau", "Un tapis à la rivière")
    check(text)  # as shipped: right
    with pytest.raises(examples.ExampleError, match="pot"):
        check(text.replace("pot: 60 pour A B, gagné par A", "pot: 60 pour A B, gagné par B"))


def test_an_all_in_that_nobody_goes_past_opens_no_side_pot():
    text = block("ramponneau", "Deux tapis, mais un seul pot secondaire")
    check(text)
    with pytest.raises(examples.ExampleError, match="pas de tel pot"):
        check(text + "\npot: 0 pour A D, gagné par A")


def test_the_minimum_raise_follows_the_largest_raise_of_the_round():
    text = block("ramponneau", "Un petit tapis ne fait pas baisser la relance minimale")
    check(text)
    with pytest.raises(examples.ExampleError, match="relance minimale"):
        check(text.replace("relance minimale: 430", "relance minimale: 260"))


def test_a_wrong_all_fours_point_is_caught():
    text = """jeu: all-fours\ntype: donne\njoueurs: Anne Bruno\natout: cœur
pli: Anne Ah, Bruno 2h\npli: Anne Kc, Bruno Qc\npli: Anne Tc, Bruno Jh\npli: Bruno 4d, Anne 5d
pli: Anne 9s, Bruno 7s\npli: Anne 3h, Bruno Td\nhigh: Anne\nlow: Anne\njack: Bruno\ngame: Anne"""
    with pytest.raises(examples.ExampleError, match="Bas"):
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


def test_an_example_reads_in_the_language_of_its_page():
    text = block("ambigu", "Trois dix et un neuf de pique")
    french = markup.render(f"```exemple\n{text}\n```", language="fr").html
    english = markup.render(f"```exemple\n{text}\n```", language="en").html

    assert "Exemple 1" in french and "tricon avec grande prime" in french
    assert "Example 1" in english and "tricon with great prime" in english
    assert "Checked example" in english and "Exemple" not in english
    assert 'aria-label="ten of hearts"' in english
