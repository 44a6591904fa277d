"""The rules markup: Markdown plus cards, glossary links and engine-checked examples.

- ``[[Th 9h 8h]]``: inline SVG cards (each named in the page's language for screen readers);
  in plain text "10♥ 9♥ 8♥".
- ``{{tricon}}`` or ``{{tricon|tricons}}``: a link to a glossary term (by slug, term or
  variant); besides, the first occurrence of every glossary term on a page is linked.
- ````` ```exemple ````` blocks: worked examples checked by the engines (``rules.examples``);
  ````` ```options ````` blocks: a game's table options, read from the engine.

Raw HTML is not allowed: it is shown as text. ``render()`` returns the HTML, the plain
text (search, feeds), the table of contents and the list of errors (French, for editors).
docs/rules.md is the editors' guide.
"""

from __future__ import annotations

import html as html_module
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field

import markdown
from django.utils.html import escape, strip_tags
from django.utils.text import Truncator
from django.utils.translation import override, pgettext, pgettext_lazy
from markdown.extensions.toc import slugify_unicode
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from cardgames.cards import is_card
from cardgames.registry import SLUGS
from play.presentation import words
from play.presentation.card_svg import card_svg
from rules import examples

# The sections every game page has, in the page's language (``render`` runs inside its
# override): for each, the beginnings of a level-2 title accepted, separated by "|" (a
# heading may say more: "Marque et gains"), and the section's name in an error.
# Translators: the beginnings are compared without case or accents.
GAME_SECTIONS = (
    (
        pgettext_lazy("débuts de titre de section acceptés", "but du jeu"),
        pgettext_lazy("section de page de jeu", "But du jeu"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "matériel"),
        pgettext_lazy("section de page de jeu", "Matériel"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "donne"),
        pgettext_lazy("section de page de jeu", "Donne"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "déroulement"),
        pgettext_lazy("section de page de jeu", "Déroulement"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "marque|gains"),
        pgettext_lazy("section de page de jeu", "Marque / Gains"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "fin de partie"),
        pgettext_lazy("section de page de jeu", "Fin de partie"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "stratégie|conseils"),
        pgettext_lazy("section de page de jeu", "Stratégie"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "variantes"),
        pgettext_lazy("section de page de jeu", "Variantes"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "histoire"),
        pgettext_lazy("section de page de jeu", "Histoire"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "sources"),
        pgettext_lazy("section de page de jeu", "Sources"),
    ),
    (
        pgettext_lazy("débuts de titre de section acceptés", "règles de la maison"),
        pgettext_lazy("section de page de jeu", "Règles de la maison"),
    ),
)
# A game page plays one whole deal through, move by move.
PLAYED_DEAL_KIND = "partie"
TIP_LENGTH = 240
MIN_EXAMPLES = 5
SKIP_LINKING = {"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "th", "figcaption"}
SKIP_CLASSES = ("rules-example", "glossary-term")


@dataclass(frozen=True)
class Term:
    """What the markup needs to know of a glossary term (``definition``: plain text, shown
    when the reader hovers or focuses the term)."""

    slug: str
    term: str
    variants: tuple[str, ...] = ()
    url: str = ""
    definition: str = ""

    @property
    def forms(self) -> tuple[str, ...]:
        return (self.term, *self.variants)


@dataclass
class Rendered:
    html: str = ""
    text: str = ""
    toc: list = field(default_factory=list)  # [{"id", "title", "level"}]
    errors: list = field(default_factory=list)
    examples: int = 0
    terms: set = field(default_factory=set)  # slugs of the glossary terms linked

    @property
    def ok(self) -> bool:
        return not self.errors


# ----- cards --------------------------------------------------------------------------------


def cards_html(codes: list[str]) -> str:
    inner = "".join(card_svg(code, extra_class="playing-card--inline") for code in codes)
    label = ", ".join(words.card_name(c) for c in codes)
    return f'<span class="inline-cards" role="group" aria-label="{escape(label)}">{inner}</span>'


class CardPattern(InlineProcessor):
    """``[[Th 9h]]``."""

    def __init__(self, md, state):
        super().__init__(r"\[\[([^\[\]\n]+)\]\]", md)
        self.state = state

    def handleMatch(self, m, data):
        tokens = m.group(1).split()
        codes = []
        for token in tokens:
            code = token[0].upper() + token[1:].lower() if token[0] not in "xX" else "X" + token[1:]
            if not is_card(code):
                self.state.errors.append(
                    f"Carte inconnue « {token} » dans « {m.group(0)} » "
                    "(rangs A 2…9 T J Q K, couleurs c d h s : Th, 9h, As)."
                )
                return m.group(0), m.start(0), m.end(0)
            codes.append(code)
        if self.state.plain:
            html = " ".join(examples.card_short(c) for c in codes)
        else:
            html = cards_html(codes)
        return self.md.htmlStash.store(html), m.start(0), m.end(0)


# ----- glossary links -----------------------------------------------------------------------


def term_element(term: Term, text: str, state) -> etree.Element:
    """The link to a term, with its definition beside it for hover and keyboard focus.

    The definition is a sibling of the link (``aria-describedby``), shown by CSS when the
    wrapper is hovered or holds the focus: no script, no inline style (the site's CSP)."""
    state.tips += 1
    tip_id = f"glossaire-{term.slug}-{state.tips}"
    wrapper = etree.Element("span", {"class": "glossary-term"})
    link = etree.SubElement(wrapper, "a", {"href": term.url, "class": "glossary-link"})
    link.text = text
    if term.definition:
        link.set("aria-describedby", tip_id)
        tip = etree.SubElement(
            wrapper, "span", {"class": "glossary-tip", "role": "tooltip", "id": tip_id}
        )
        # The term on its own line above its definition; a colon for screen readers only.
        name = etree.SubElement(tip, "strong")
        name.text = term.term
        colon = etree.SubElement(tip, "span", {"class": "visually-hidden"})
        colon.text = pgettext("deux-points à la française", " : ")
        colon.tail = Truncator(term.definition).chars(TIP_LENGTH)
    return wrapper


class GlossaryPattern(InlineProcessor):
    """``{{tricon}}`` / ``{{tricon|tricons}}``: an explicit link to a glossary term."""

    def __init__(self, md, state):
        super().__init__(r"\{\{([^{}|\n]+)(?:\|([^{}\n]+))?\}\}", md)
        self.state = state

    def handleMatch(self, m, data):
        wanted, shown = m.group(1).strip(), (m.group(2) or m.group(1)).strip()
        term = self.state.lookup(wanted)
        if term is None:
            self.state.errors.append(
                f"Terme du glossaire inconnu : « {wanted} » dans « {m.group(0)} »."
            )
            return shown, m.start(0), m.end(0)
        self.state.linked.add(term.slug)
        if self.state.plain or term.slug == self.state.self_slug:
            return shown, m.start(0), m.end(0)
        return term_element(term, shown, self.state), m.start(0), m.end(0)


class AutoLinkTerms(Treeprocessor):
    """Links the first occurrence of each glossary term not linked yet on the page."""

    def __init__(self, md, state):
        super().__init__(md)
        self.state = state

    def run(self, root):
        state = self.state
        if state.plain or not state.autolink or not state.terms:
            return
        forms = {}
        for term in state.terms:
            for form in term.forms:
                if form and term.slug != state.self_slug:
                    forms.setdefault(form.lower(), term)
        if not forms:
            return
        alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE)
        self._walk(root, pattern, forms)

    def _link(self, text, pattern, forms):
        """Split ``text`` around the first term still to link: (before, element, after) or None."""
        for m in pattern.finditer(text):
            term = forms[m.group(1).lower()]
            if term.slug in self.state.linked:
                continue
            self.state.linked.add(term.slug)
            link = term_element(term, m.group(1), self.state)
            return text[: m.start()], link, text[m.end() :]
        return None

    def _walk(self, element, pattern, forms):
        classes = element.get("class", "")
        if element.tag in SKIP_LINKING or any(c in classes for c in SKIP_CLASSES):
            return
        if element.text:
            found = self._link(element.text, pattern, forms)
            if found:
                before, link, after = found
                element.text = before
                link.tail = after
                element.insert(0, link)
        for child in list(element):
            self._walk(child, pattern, forms)
            if child.tail:
                found = self._link(child.tail, pattern, forms)
                while found:
                    before, link, after = found
                    child.tail = before
                    link.tail = after
                    element.insert(list(element).index(child) + 1, link)
                    child = link
                    found = self._link(after, pattern, forms)


# ----- example and options blocks -------------------------------------------------------------


class ExampleBlocks(Preprocessor):
    """````` ```exemple ````` and ````` ```options ````` fences, replaced by their rendering."""

    FENCE = re.compile(r"^\s*```\s*([\w-]+)?\s*$")

    def __init__(self, md, state):
        super().__init__(md)
        self.state = state

    def run(self, lines):
        out = []
        i = 0
        while i < len(lines):
            m = self.FENCE.match(lines[i])
            if not m:
                out.append(lines[i])
                i += 1
                continue
            kind = (m.group(1) or "").lower()
            start = i
            i += 1
            body = []
            while i < len(lines) and not self.FENCE.match(lines[i]):
                body.append(lines[i])
                i += 1
            if i >= len(lines):
                self.state.errors.append(
                    f"Ligne {start + 1} : le bloc « ``` » n'est jamais refermé."
                )
                break
            i += 1  # the closing fence
            out += ["", self.md.htmlStash.store(self._block(kind, "\n".join(body), start + 1)), ""]
        return out

    def _block(self, kind, body, line):
        state = self.state
        if kind == "options":
            game = examples.fold(
                examples.Example(
                    "",
                    "",
                    "",
                    [
                        (examples.fold(k), k, v.strip())
                        for k, _, v in (ln.partition(":") for ln in body.splitlines() if ":" in ln)
                    ],
                ).get("jeu", "")
            )
            if game not in SLUGS:
                state.errors.append(f"Ligne {line} : bloc d'options sans « jeu : … » connu.")
                return ""
            html, text = examples.options_html(game)
            return text if state.plain else html
        if kind not in ("exemple", "example"):
            code = f"<pre><code>{escape(body)}</code></pre>"
            return body if state.plain else code
        state.example_count += 1
        number = state.example_count
        try:
            example = examples.parse(body)
            state.kinds.append(example.kind)
            verdict = examples.check(example)
        except examples.ExampleError as error:
            message = f"Exemple {number} (ligne {line}) : {error}"
            state.errors.append(message)
            return message if state.plain else examples.error_html(message)
        if state.plain:
            return examples.render_text(example, verdict, number)
        try_slug = state.page_slug if examples.can_try(example) else None
        return examples.render_html(example, verdict, number, try_slug)


# ----- addresses in links and images ---------------------------------------------------------

# Editors' links and images may point to the web (http, https), to an e-mail address
# (mailto) or to the site itself (a path, a fragment, a query). Anything else (javascript:,
# data:, vbscript:, another host without a scheme "//host") could run or smuggle content
# in a reader's page; the CSP would stop most of it, but the markup must not rely on that.
SAFE_SCHEMES = ("http", "https", "mailto")
_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*):")
# What browsers drop from a URL before reading it: ASCII controls and whitespace anywhere.
_IGNORED_IN_URLS = re.compile(r"[\x00-\x20\x7f]+")


def safe_url(url: str) -> bool:
    """Whether a link or image address is one the markup accepts (see SAFE_SCHEMES)."""
    # Entities first: "&#106;avascript:" is "javascript:" to a browser.
    cleaned = _IGNORED_IN_URLS.sub("", html_module.unescape(url or "")).lower()
    cleaned = cleaned.replace("\\", "/")  # browsers read "\\host" as "//host"
    if cleaned.startswith("//"):
        return False
    match = _SCHEME.match(cleaned)
    return match is None or match.group(1) in SAFE_SCHEMES


class RefuseUnsafeUrls(Treeprocessor):
    """Turns a link to an unsafe address into plain text and drops such an image (its
    alternative text stays), with an error for the editor."""

    def __init__(self, md, state):
        super().__init__(md)
        self.state = state

    def run(self, root):
        for parent in root.iter():
            for element in list(parent):
                if element.tag == "a" and not safe_url(element.get("href", "")):
                    self._refuse(element.get("href", ""))
                    element.tag = "span"
                    element.attrib.clear()
                elif element.tag == "img" and not safe_url(element.get("src", "")):
                    self._refuse(element.get("src", ""))
                    replacement = etree.Element("span")
                    replacement.text = element.get("alt", "")
                    replacement.tail = element.tail
                    parent.insert(list(parent).index(element), replacement)
                    parent.remove(element)

    def _refuse(self, url):
        shown = url if len(url) <= 60 else url[:57] + "..."
        self.state.errors.append(
            f"Adresse refusée : « {shown} ». Un lien ou une image ne peut mener qu'à une "
            "adresse http, https, mailto ou à une page du site."
        )


# ----- the renderer ---------------------------------------------------------------------------


class _State:
    def __init__(self, terms, self_slug, plain, autolink, page_slug=None):
        self.terms = list(terms)
        self.self_slug = self_slug
        self.page_slug = page_slug  # a rules page's: its examples may offer a position
        self.plain = plain
        self.autolink = autolink
        self.errors: list[str] = []
        self.linked: set[str] = set()
        self.example_count = 0
        self.kinds: list[str] = []  # the kind of each example, checked or not
        self.tips = 0
        self._index = {}
        for term in self.terms:
            for key in (term.slug, *term.forms):
                self._index.setdefault(examples.fold(key), term)

    def lookup(self, text):
        return self._index.get(examples.fold(text))


def _markdown(state):
    md = markdown.Markdown(
        extensions=["tables", "sane_lists", "toc"],
        extension_configs={"toc": {"slugify": slugify_unicode, "toc_depth": "2-3"}},
        output_format="html",
    )
    # No raw HTML from editors: it is shown as text.
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    md.preprocessors.register(ExampleBlocks(md, state), "rules_examples", 25)
    md.inlinePatterns.register(CardPattern(md, state), "rules_cards", 175)
    md.inlinePatterns.register(GlossaryPattern(md, state), "rules_glossary", 174)
    md.treeprocessors.register(AutoLinkTerms(md, state), "rules_autolink", 15)
    # After the inline patterns (20) made the links; before serialisation.
    md.treeprocessors.register(RefuseUnsafeUrls(md, state), "rules_safe_urls", 14)
    return md


def _toc(tokens):
    flat = []

    def walk(items):
        for item in items:
            flat.append(
                {"id": item["id"], "title": strip_tags(item["name"]), "level": item["level"]}
            )
            walk(item.get("children", []))

    walk(tokens)
    return flat


def render(
    source: str,
    *,
    terms=(),
    self_slug: str | None = None,
    game_page: bool = False,
    autolink: bool = True,
    language: str = "fr",
    page_slug: str | None = None,
) -> Rendered:
    """Render rules markup in ``language`` (the examples' captions, the cards' names...);
    ``game_page`` also checks the skeleton, the five examples and the played deal. Errors
    are in French, for editors. ``page_slug``: the rules page rendered, whose examples
    that are positions to act in get « Essayer cette position »."""
    with override(language):
        state = _State(terms, self_slug, plain=False, autolink=autolink, page_slug=page_slug)
        md = _markdown(state)
        html = md.convert(source or "")
        result = Rendered(
            html=html,
            toc=_toc(md.toc_tokens),
            errors=state.errors,
            examples=state.example_count,
            terms=set(state.linked),
        )
        plain_state = _State(terms, self_slug, plain=True, autolink=False)
        text = _markdown(plain_state).convert(source or "")
    result.text = re.sub(r"\n{3,}", "\n\n", _unescape(strip_tags(text))).strip()
    if game_page:
        with override(language):
            result.errors += skeleton_errors(result.toc, state.example_count)
        if PLAYED_DEAL_KIND not in state.kinds:
            result.errors.append(
                "Une page de jeu déroule une partie complète : il manque un exemple "
                f"« type : {PLAYED_DEAL_KIND} »."
            )
    return result


def _unescape(text: str) -> str:
    return html_module.unescape(text)


def skeleton_errors(toc, example_count: int) -> list[str]:
    """What a game page lacks: a section of the common skeleton (named in the active
    language, the page's), or examples."""
    titles = [examples.fold(item["title"]) for item in toc if item["level"] == 2]
    errors = []
    for beginnings, name in GAME_SECTIONS:
        accepted = [examples.fold(a) for a in str(beginnings).split("|")]
        if not any(t.startswith(a) for t in titles for a in accepted):
            errors.append(f"Section manquante : « {name} » (un titre de niveau 2, « ## {name} »).")
    if example_count < MIN_EXAMPLES:
        errors.append(
            f"Une page de jeu compte au moins {MIN_EXAMPLES} exemples vérifiés ; "
            f"celle-ci en a {example_count}."
        )
    return errors


def example_source(source: str, number: int) -> str | None:
    """The text of the ``number``-th example block of the markup (1 first), counted as
    the page numbers them, or None."""
    found = 0
    lines = (source or "").splitlines()
    i = 0
    while i < len(lines):
        m = ExampleBlocks.FENCE.match(lines[i])
        i += 1
        if not m:
            continue
        body = []
        while i < len(lines) and not ExampleBlocks.FENCE.match(lines[i]):
            body.append(lines[i])
            i += 1
        if i >= len(lines):
            return None
        i += 1
        if (m.group(1) or "").lower() in ("exemple", "example"):
            found += 1
            if found == number:
                return "\n".join(body)
    return None


def plain_text(source: str, terms=()) -> str:
    """The markup as plain text: cards as 10♥, examples as their verdicts."""
    state = _State(terms, None, plain=True, autolink=False)
    text = _markdown(state).convert(source or "")
    return re.sub(r"\n{3,}", "\n\n", _unescape(strip_tags(text))).strip()
