"""A word-level comparison of two revisions of a page, for the history.

One column that wraps (it fits a phone and a laptop alike, nothing is clipped): for each
field that changed, the changed lines with the words taken out in ``<del>`` and the words
put in in ``<ins>``, two unchanged lines around each change, and the runs of unchanged
lines folded into "N lignes inchangées". Screen readers hear "supprimé" and "ajouté".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

TOKEN = re.compile(r"\s+|\w+|[^\w\s]", re.UNICODE)
CONTEXT = 2


@dataclass
class Line:
    kind: str  # "same", "changed", "deleted", "inserted", "gap"
    html: SafeString
    number: int | None = None  # the line's number in the newer text


@dataclass
class FieldDiff:
    label: str
    lines: list = field(default_factory=list)


def _marked(tag: str, text: str) -> str:
    if not text:
        return ""
    said = _("supprimé : ") if tag == "del" else _("ajouté : ")
    return f'<{tag}><span class="visually-hidden">{escape(said)}</span>{escape(text)}</{tag}>'


def words(old: str, new: str) -> SafeString:
    """``new`` with the words that differ from ``old`` marked in <del> and <ins>."""
    a, b = TOKEN.findall(old), TOKEN.findall(new)
    out = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(escape("".join(a[i1:i2])))
            continue
        out.append(_marked("del", "".join(a[i1:i2])))
        out.append(_marked("ins", "".join(b[j1:j2])))
    return mark_safe("".join(out))


def _gap(count: int) -> Line:
    text = ngettext("%(count)s ligne inchangée", "%(count)s lignes inchangées", count) % {
        "count": count
    }
    return Line("gap", mark_safe(escape(text)))


def _same(lines: list[str], start: int, first: bool, last: bool) -> list[Line]:
    """Unchanged lines: only the context next to a change, the rest folded."""
    keep_head = 0 if first else CONTEXT
    keep_tail = 0 if last else CONTEXT
    if len(lines) <= keep_head + keep_tail + 1:
        return [Line("same", escape(t), start + i) for i, t in enumerate(lines)]
    head = [Line("same", escape(t), start + i) for i, t in enumerate(lines[:keep_head])]
    tail_start = len(lines) - keep_tail
    tail = [Line("same", escape(lines[i]), start + i) for i in range(tail_start, len(lines))]
    return head + [_gap(len(lines) - keep_head - keep_tail)] + tail


def text_lines(old: str, new: str) -> list[Line]:
    """The changed lines of a text, word by word, with their context."""
    a, b = (old or "").splitlines(), (new or "").splitlines()
    opcodes = SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    out: list[Line] = []
    for index, (op, i1, i2, j1, j2) in enumerate(opcodes):
        if op == "equal":
            first, last = index == 0, index == len(opcodes) - 1
            out += _same(b[j1:j2], j1 + 1, first, last)
        elif op == "replace" and i2 - i1 == j2 - j1:
            out += [
                Line("changed", words(a[i1 + k], b[j1 + k]), j1 + k + 1) for k in range(i2 - i1)
            ]
        elif op == "replace":
            out.append(Line("changed", words("\n".join(a[i1:i2]), "\n".join(b[j1:j2])), j1 + 1))
        elif op == "delete":
            out += [Line("deleted", mark_safe(_marked("del", t))) for t in a[i1:i2]]
        else:
            out += [
                Line("inserted", mark_safe(_marked("ins", t)), j1 + k + 1)
                for k, t in enumerate(b[j1:j2])
            ]
    return out


def compare(fields: list[tuple[str, str]], old: dict, new: dict) -> list[FieldDiff]:
    """For each (name, label) whose value changed, its lines compared word by word."""
    found = []
    for name, label in fields:
        before, after = str(old.get(name) or ""), str(new.get(name) or "")
        if before != after:
            found.append(FieldDiff(str(label), text_lines(before, after)))
    return found
