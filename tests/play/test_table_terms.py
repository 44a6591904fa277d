"""Game terms at the table carry their glossary definition (hover and keyboard focus) and
link to their glossary entry, looked up without a query per frame."""

import re
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.template import Context, Template
from django.utils import translation

from play.actions import do_play_now
from play.presentation.table import render_table_fragments
from play.presentation.view import view_for
from rules import glossary
from rules.models import GlossaryTerm, Status

TEMPLATES = Path(settings.BASE_DIR) / "templates" / "play"
CSS = (Path(settings.BASE_DIR) / "static" / "play" / "play.css").read_text()
VADE = "À l'Ambigu, la mise d'ouverture de la deuxième phase, de deux à quatre jetons."


def add_term(slug, term, text, language="fr", **fields):
    return GlossaryTerm.objects.create(
        slug=slug, term=term, language=language, definition=text, text=text,
        status=Status.PUBLISHED, **fields
    )


def render(source, **context) -> str:
    return Template("{% load terms %}" + source).render(Context(context))


def test_a_term_links_to_its_glossary_page_with_its_definition_as_description(db):
    add_term("vade", "Vade", VADE)

    html = render('{% term "vade" %}Vade{% endterm %}')

    link = re.search(r'<a class="table-term__link" href="/regles/glossaire/vade/" '
                     r'aria-describedby="([\w-]+)">Vade</a>', html)
    assert link
    tip = re.search(rf'<span class="table-term__tip" role="tooltip" id="{link.group(1)}">'
                    r"(.*?)</span></span>$", html)
    assert tip
    assert tip.group(1).startswith('<strong>Vade</strong><span class="visually-hidden"> : </span>')
    assert "la mise d&#x27;ouverture de la deuxième phase" in tip.group(1)
    assert "title=" not in html and "style=" not in html


def test_terms_are_looked_up_without_a_query_per_render(db, django_assert_num_queries):
    for slug, term in (("poule", "Poule"), ("batterie", "Batterie"), ("vade", "Vade")):
        add_term(slug, term, f"La définition de {term.lower()}.")
    source = ('{% term "poule" %}Poule{% endterm %} {% term "batterie" %}Batterie{% endterm %}'
              ' {% term "vade" %}Vade{% endterm %} {% term "vade" %}vade{% endterm %}')

    with django_assert_num_queries(1):  # the first frame reads the glossary once
        first = render(source)
    with django_assert_num_queries(0):  # and no frame after it reads it again
        for _ in range(20):
            assert render(source) == first
        with translation.override("en"):
            render(source)


def test_a_frame_of_the_table_reads_no_glossary(alice, django_assert_num_queries, settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    for slug, term in (("poule", "Poule"), ("batterie", "Batterie"), ("renvi", "Renvi"),
                       ("donneur", "Donneur"), ("vade", "Vade"), ("talon", "Talon")):
        add_term(slug, term, f"La définition de {term.lower()}.")
    table = do_play_now(alice, "ambigu")
    game = table.current_game()
    view = view_for(game, alice)
    render_table_fragments(table, game, alice, view, previous=None)

    with django_assert_num_queries(0):
        html = render_table_fragments(table, game, alice, view, previous=None)

    assert 'href="/regles/glossaire/poule/"' in html and "La définition de poule." in html
    # every description points to one tooltip of its own in the frame
    described = re.findall(r'aria-describedby="(terme-[\w-]+)"', html)
    assert len(described) >= 4 and len(set(described)) == len(described)
    for tip_id in described:
        assert html.count(f'id="{tip_id}"') == 1


def test_a_saved_term_is_read_again(db, django_assert_num_queries):
    term = add_term("poule", "Poule", "L'ancienne définition.")
    assert "L&#x27;ancienne définition." in render('{% term "poule" %}Poule{% endterm %}')

    term.text = "La nouvelle définition."
    term.save()

    with django_assert_num_queries(1):
        html = render('{% term "poule" %}Poule{% endterm %}')
    assert "La nouvelle définition." in html and "ancienne" not in html


def test_a_term_saved_by_another_process_is_seen_once_the_shared_stamp_is_looked_at(
    db, monkeypatch, django_assert_num_queries
):
    add_term("poule", "Poule", "L'ancienne définition.")
    render('{% term "poule" %}Poule{% endterm %}')
    # another process saves the term: the row changes and the shared stamp goes
    GlossaryTerm.objects.filter(slug="poule").update(text="La nouvelle définition.")

    assert "ancienne" in render('{% term "poule" %}Poule{% endterm %}')  # trusted a while
    monkeypatch.setattr(glossary, "STAMP_SECONDS", 0)
    with django_assert_num_queries(0):  # the stamp is looked at, unchanged: no query
        assert "ancienne" in render('{% term "poule" %}Poule{% endterm %}')
    cache.delete(glossary.STAMP_KEY)
    with django_assert_num_queries(1):
        assert "La nouvelle définition." in render('{% term "poule" %}Poule{% endterm %}')


def test_a_term_speaks_the_readers_language_else_french(db):
    add_term("vade", "Vade", VADE)
    add_term("vade", "Vade", "At Ambigu, the opening bet of the second phase.", language="en")
    add_term("poule", "Poule", "Le pot commun des mises de participation.")

    with translation.override("en"):
        html = render('{% term "vade" %}Vade{% endterm %} {% term "poule" %}Pool{% endterm %}')

    assert "the opening bet of the second phase" in html
    assert "Le pot commun des mises de participation." in html  # not translated yet


def test_an_unpublished_or_unknown_term_leaves_the_words_alone(db):
    add_term("poule", "Poule", "Brouillon.", language="fr").__class__.objects.filter(
        slug="poule").update(status=Status.DRAFT)
    glossary.forget()

    assert render('{% term "poule" %}Poule{% endterm %}') == "Poule"
    assert render('{% term "nulle-part" %}<b>mot</b>{% endterm %}') == "<b>mot</b>"


def test_a_long_definition_is_shortened_in_the_tooltip(db):
    add_term("poule", "Poule", "mot " * 200)

    html = render('{% term "poule" %}Poule{% endterm %}')

    assert "…" in html and html.count("mot") < 80


def test_the_definition_shows_on_hover_and_on_keyboard_focus():
    assert ".table-term:hover > .table-term__tip" in CSS
    assert ".table-term:focus-within > .table-term__tip" in CSS
    assert re.search(r"\.table-term__tip \{ display: none; \}", CSS)


def test_every_term_at_the_table_is_in_the_glossary():
    content = Path(settings.BASE_DIR) / "rules" / "content"
    used = set()
    for path in TEMPLATES.glob("**/*.html"):
        used |= set(re.findall(r'\{% term "([\w-]+)" %\}', path.read_text()))

    assert {"poule", "batterie", "renvi", "vade", "tapis", "blinde", "atout"} <= used
    for slug in used:
        assert (content / "glossaire" / f"{slug}.md").exists(), slug
        assert (content / "en" / "glossaire" / f"{slug}.md").exists(), slug


def test_a_frame_rendered_in_the_event_loop_never_reads_the_glossary(db):
    # Socket frames are rendered in the event loop, where Django refuses queries: once
    # the copy is due for a refresh, such a frame must use it as it is (or nothing),
    # not read it (a refusal there silently stopped a table's live updates).
    import asyncio

    from rules import glossary

    add_term("poule", "Poule", "L'enjeu commun.")
    glossary.forget()
    assert asyncio.run(_lookup_in_a_loop()) is None  # no copy yet: the words alone
    assert glossary.tip("poule") is not None  # a thread reads it
    glossary._copy._checked_at = float("-inf")  # due for a refresh
    assert asyncio.run(_lookup_in_a_loop()).term == "Poule"  # the copy as it is


async def _lookup_in_a_loop():
    from rules import glossary

    return glossary.tip("poule")
