"""Game terms at the table, with their glossary definition on hover and keyboard focus.

    {% load terms %}
    {% term "vade" %}Vade{% endterm %}

renders the words between the tags as a link to the term's glossary page, followed by its
definition in a tooltip: a sibling the link names with ``aria-describedby``, shown by CSS
when the term is hovered or holds the focus (static/play/play.css; no script, no inline
style: the site's CSP). A slug the glossary does not hold (not loaded, unpublished)
leaves the words as they are.

The lookup is ``rules.glossary.tip``: no query in a frame (a copy per process).
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import pgettext

from rules import glossary

register = template.Library()

# How many tooltips this rendering has numbered: their ids are unique in a page.
COUNTER = "play.terms.count"


class TermNode(template.Node):
    def __init__(self, slug, nodelist):
        self.slug = slug
        self.nodelist = nodelist

    def render(self, context):
        words = self.nodelist.render(context)
        slug = self.slug.resolve(context)
        found = glossary.tip(str(slug)) if slug else None
        if found is None:
            return words
        # The whole rendering's first level: an included template pushes its own.
        shared = context.render_context.dicts[0]
        count = shared[COUNTER] = shared.get(COUNTER, 0) + 1
        tip_id = f"terme-{found.slug}-{count}"
        return format_html(
            '<span class="table-term"><a class="table-term__link" href="{url}" '
            'aria-describedby="{id}">{words}</a><span class="table-term__tip" role="tooltip" '
            'id="{id}"><strong>{term}</strong><span class="visually-hidden">{colon}</span>'
            "{definition}</span></span>",
            url=found.url,
            id=tip_id,
            words=words,
            term=found.term,
            colon=pgettext("deux-points à la française", " : "),
            definition=found.definition,
        )


@register.tag
def term(parser, token):
    """``{% term "slug" %}words{% endterm %}``: the words, linked to the glossary term."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError(
            f"{bits[0]} takes one argument, the term's slug: {{% term \"vade\" %}}"
        )
    nodelist = parser.parse(("endterm",))
    parser.delete_first_token()
    return TermNode(parser.compile_filter(bits[1]), nodelist)
