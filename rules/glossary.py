"""The glossary as the other apps show it: one term's name, address and definition, by slug,
in the reader's language (French where the term is not translated yet).

    from rules import glossary
    glossary.tip("vade")  # Tip(slug, term, url, definition), or None

This is the rules' one door for play (the table shows each game's terms with their
definitions): play imports nothing else of the rules (import-linter, pyproject.toml).

The table renders a frame for every move (play/snapshots.py), so a lookup never reaches
the database: the published terms of every language are read in one query into a copy
kept by the process, and read again only when the glossary changes. A term saved or
deleted in this process drops the copy at once (signals connected by ``rules.apps``); one
saved in another process deletes the shared stamp (``STAMP_KEY``, in the cache every
process shares), which each process looks at no more than once every ``STAMP_SECONDS``.
"""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from django.utils.text import Truncator
from django.utils.translation import get_language

# The shared stamp: deleted when a term changes, set again by the next process to look.
STAMP_KEY = "rules:glossary-stamp"
# How long a process trusts its copy before it looks at the shared stamp again.
STAMP_SECONDS = 10.0
# A tooltip is a reminder, not the entry: longer definitions are cut (as in the rules).
TIP_LENGTH = 240
SOURCE_LANGUAGE = "fr"


@dataclass(frozen=True)
class Tip:
    slug: str
    term: str  # the term as the glossary names it (« Vade »)
    url: str  # its page: rules:term
    definition: str  # plain text, shortened to TIP_LENGTH characters


def tip(slug: str, language: str | None = None) -> Tip | None:
    """The published term ``slug`` in ``language`` (default: the active one), else in
    French; None when the glossary has no such term. No query once the copy is read."""
    by_language = _copy.tips()
    language = (language or get_language() or SOURCE_LANGUAGE)[:2]
    own = by_language.get(language, {}).get(slug)
    return own if own is not None else by_language.get(SOURCE_LANGUAGE, {}).get(slug)


def forget() -> None:
    """Drop this process's copy (a term changed here); the next lookup reads it again."""
    _copy.forget()


def term_changed(**kwargs) -> None:
    """A term was saved or deleted: this process forgets its copy now, the others when
    they see the shared stamp gone (once the change is committed)."""
    forget()
    transaction.on_commit(_committed)


def _committed() -> None:
    forget()  # a lookup between the save and the commit may have read the old terms
    cache.delete(STAMP_KEY)


def _shared_stamp() -> str:
    stamp = cache.get(STAMP_KEY)
    if stamp is None:
        cache.add(STAMP_KEY, uuid.uuid4().hex, timeout=None)
        stamp = cache.get(STAMP_KEY)
    return stamp or ""


def _read() -> dict[str, dict[str, Tip]]:
    """Every published term, by language then slug: one query."""
    from rules.models import GlossaryTerm, Status

    rows = GlossaryTerm.objects.filter(status=Status.PUBLISHED).only(
        "slug", "language", "term", "text", "definition"
    )
    by_language: dict[str, dict[str, Tip]] = {code: {} for code, _ in settings.LANGUAGES}
    for row in rows:
        definition = row.text or row.definition
        by_language.setdefault(row.language, {})[row.slug] = Tip(
            slug=row.slug,
            term=row.term,
            url=reverse("rules:term", args=[row.slug]),
            definition=Truncator(" ".join(definition.split())).chars(TIP_LENGTH),
        )
    return by_language


def _in_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class _Copy:
    """This process's copy of the published terms, and the shared stamp it was read under."""

    def __init__(self):
        self._lock = threading.Lock()
        self._tips: dict | None = None
        self._stamp: str | None = None
        self._checked_at = float("-inf")

    def tips(self) -> dict[str, dict[str, Tip]]:
        tips = self._tips
        if tips is not None and time.monotonic() - self._checked_at < STAMP_SECONDS:
            return tips
        if _in_event_loop():
            # A socket frame rendered in the event loop (play/socket/consumer.py) may not
            # touch the database or the cache: it uses the copy it has, however old, and
            # the next lookup from a thread (a page, a socket's connect) reads it again.
            return tips if tips is not None else {}
        stamp = _shared_stamp()
        with self._lock:
            if self._tips is None or stamp != self._stamp:
                self._tips, self._stamp = _read(), stamp
            self._checked_at = time.monotonic()
            return self._tips

    def forget(self) -> None:
        with self._lock:
            self._tips = None


_copy = _Copy()
