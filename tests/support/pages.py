"""Reading a page as its reader does: the text without tags, entities or extra spaces."""

import html
import re

from django.utils.html import strip_tags


def text_of(page) -> str:
    """The visible words of a response or an HTML string, whitespace folded to one space."""
    if not isinstance(page, str):
        page = page.content.decode()
    page = re.sub(r"<(script|style|head)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(strip_tags(page))).strip()
