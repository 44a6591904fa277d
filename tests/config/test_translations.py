"""The English translation is complete, compiled, and what English readers see; the
French catalogue of plural entries is up to date.

The catalogue is refreshed with
``manage.py makemessages -l en --ignore=.venv --ignore=staticfiles --ignore=cardgames``
(the engines hold no words: the site words their messages), the French plural entries
with ``bin/french-plurals``, and both are compiled with
``manage.py compilemessages --ignore=.venv``.
"""

import ast
import gettext
import importlib.machinery
import re
import types
from pathlib import Path

import pytest

from play.actions import do_create_table

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale" / "en" / "LC_MESSAGES"
FRENCH_LOCALE = ROOT / "locale" / "fr" / "LC_MESSAGES"


def _unquote(line: str) -> str:
    return ast.literal_eval(line)


def po_entries(path=LOCALE / "django.po"):
    """The live entries of a .po file: dicts of flags, msgctxt, msgid, msgid_plural, msgstr."""
    entries, entry, field = [], None, None
    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line or line.startswith("#~"):
            if entry is not None:
                entries.append(entry)
            entry, field = None, None
            continue
        if entry is None:
            entry = {"flags": set(), "msgctxt": None, "msgid": "", "msgid_plural": None,
                     "msgstr": {}}
        if line.startswith("#,"):
            entry["flags"] |= {f.strip() for f in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if isinstance(field, tuple):
                entry["msgstr"][field[1]] += _unquote(line)
            else:
                entry[field] += _unquote(line)
        else:
            keyword, _, value = line.partition(" ")
            match = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
            if match:
                field = ("msgstr", int(match.group(1)))
                entry["msgstr"][field[1]] = _unquote(value)
            elif keyword == "msgstr":
                field = ("msgstr", 0)
                entry["msgstr"][0] = _unquote(value)
            else:
                field = keyword
                entry[field] = _unquote(value)
    return [e for e in entries if e["msgid"]]  # not the header


ENTRIES = po_entries()


def _label(entry):
    return f"{entry['msgctxt'] + ' | ' if entry['msgctxt'] else ''}{entry['msgid']!r}"


def test_the_catalogue_has_entries():
    assert len(ENTRIES) > 300


def test_no_entry_is_left_untranslated():
    empty = [_label(e) for e in ENTRIES if not e["msgstr"] or not all(e["msgstr"].values())]
    assert empty == []


def test_no_entry_is_fuzzy():
    assert [_label(e) for e in ENTRIES if "fuzzy" in e["flags"]] == []


def test_no_msgid_appears_twice():
    keys = [(e["msgctxt"], e["msgid"]) for e in ENTRIES]
    assert len(keys) == len(set(keys))


def test_placeholders_are_kept():
    pattern = re.compile(r"%\(\w+\)[sd]|%%")
    wrong = []
    for e in ENTRIES:
        for n, text in e["msgstr"].items():
            source = e["msgid_plural"] if n and e["msgid_plural"] else e["msgid"]
            wanted = set(pattern.findall(source))
            if e["msgid_plural"]:  # the singular may spell the number out
                wanted |= set(pattern.findall(e["msgid"]))
                if not set(pattern.findall(text)) <= wanted:
                    wrong.append(_label(e))
            elif set(pattern.findall(text)) != wanted:
                wrong.append(_label(e))
    assert wrong == []


def _stale(locale: Path) -> list[str]:
    """The entries of the locale's .po file that its .mo file lacks or says otherwise."""
    with open(locale / "django.mo", "rb") as mo:
        catalog = gettext.GNUTranslations(mo)._catalog
    stale = []
    for e in po_entries(locale / "django.po"):
        key = f"{e['msgctxt']}\x04{e['msgid']}" if e["msgctxt"] else e["msgid"]
        if e["msgid_plural"]:
            found = [catalog.get((key, n)) for n in sorted(e["msgstr"])]
            if found != [e["msgstr"][n] for n in sorted(e["msgstr"])]:
                stale.append(_label(e))
        elif catalog.get(key) != e["msgstr"][0]:
            stale.append(_label(e))
    return stale


@pytest.mark.parametrize("locale", [LOCALE, FRENCH_LOCALE], ids=["en", "fr"])
def test_the_compiled_catalogue_is_up_to_date(locale):
    assert _stale(locale) == [], "run: manage.py compilemessages --ignore=.venv"


def _french_plurals():
    """bin/french-plurals, the script that writes the French catalogue, as a module."""
    loader = importlib.machinery.SourceFileLoader(
        "french_plurals", str(ROOT / "bin" / "french-plurals")
    )
    module = types.ModuleType(loader.name)
    module.__file__ = loader.path
    loader.exec_module(module)
    return module


def test_the_french_catalogue_holds_every_plural_entry_of_the_english_one():
    written = (FRENCH_LOCALE / "django.po").read_text(encoding="utf-8")
    assert written == _french_plurals().catalogue(), "run: bin/french-plurals"


# ----- pages in English -------------------------------------------------------------------


@pytest.fixture
def english(client, db):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    return client


def _text(response) -> str:
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="en">' in html
    return html


# Interface words of the French site that must not be left on an English page.
FRENCH = ["Règles", "Jouer", "Mes parties", "Mon compte", "Déconnexion", "Connexion",
          "Langue", "Changer", "jetons", "Jetons", "Salle de jeu", "Aucun", "Votre main"]


def _no_french(html: str) -> None:
    # The rules texts and glossary entries stay French by design, marked lang="fr".
    outside = re.sub(r'<(?!html\b)(\w+)[^>]*\blang="fr"[^>]*>.*?</\1>', "", html, flags=re.S)
    for word in FRENCH:
        assert not re.search(rf">[^<]*\b{word}\b[^<]*<", outside), word


def test_the_home_page_in_english(english):
    html = _text(english.get("/"))
    assert "Welcome to the Tavern" in html
    assert "Rules" in html and "Play" in html and "Log in" in html
    _no_french(html)


def test_the_lobby_in_english(english):
    html = _text(english.get("/jouer/"))
    assert "Card room" in html
    assert "No open table for now." in html
    _no_french(html)


def test_the_rules_index_in_english(english):
    html = _text(english.get("/regles/"))
    assert "Rules of the games" in html
    assert "Search the rules" in html
    _no_french(html)


def test_the_profile_and_shop_in_english(english, alice):
    english.force_login(alice)
    html = _text(english.get("/compte/profil/"))
    assert "My profile" in html
    assert "My purse" in html
    assert "gold tokens" in html
    assert "My transactions" in html
    _no_french(html)

    html = _text(english.get("/compte/jetons/"))
    assert "Premium access" in html
    assert "Hand packs" in html
    _no_french(html)


def test_the_create_form_in_english(english, alice):
    english.force_login(alice)
    html = _text(english.get("/jouer/creer/ascenseur/"))
    assert "Table rules" in html
    assert "Who may come" in html
    assert "Open the table" in html
    _no_french(html)


def test_a_table_page_in_english_names_its_cards_in_english(english, alice, bob):
    english.force_login(alice)
    table = do_create_table(alice, "ascenseur", seat_count=3)
    html = _text(english.get(table.get_absolute_url()))
    assert "Chat" in html and "Your message" in html
    assert "Waiting for players" in html
    _no_french(html)

    response = english.post("/jouer/maintenant/remigio/")
    html = _text(english.get(response["Location"]))
    assert re.search(r'aria-label="(ace|two|three|four|five|six|seven|eight|nine|ten|jack|'
                     r'queen|king) of (clubs|diamonds|hearts|spades)"', html)
    assert not re.search(r'aria-label="[^"]* de (trèfle|carreau|cœur|pique)"', html)
    _no_french(html)


def test_the_same_table_stays_french_in_french(client, alice):
    client.force_login(alice)
    response = client.post("/jouer/maintenant/remigio/")
    html = client.get(response["Location"]).content.decode()
    assert '<html lang="fr">' in html
    assert "Votre main" in html
    assert re.search(r'aria-label="[^"]* de (trèfle|carreau|cœur|pique)"', html)


BRACKETED_PLURAL = re.compile(r"\w\((?:s|x|es|e)\)")


def test_it_never_writes_a_plural_in_brackets():
    # « 2 carte(s) »: a count chooses its form through ngettext or blocktranslate count.
    texts = [text for e in ENTRIES
             for text in (e["msgid"], e["msgid_plural"] or "", *e["msgstr"].values())]
    texts += [path.read_text(encoding="utf-8") for path in (ROOT / "templates").rglob("*.html")]

    assert [m.group(0) for text in texts for m in BRACKETED_PLURAL.finditer(text)] == []
