"""A refused request, worded in the reader's language when it is shown.

Action functions raise a ``Refusal`` subclass with a stable ``code`` (for clients and
tests) and a message marked for translation (``gettext_lazy``) with its parameters:

    raise ServiceError("table_full", _("La table est complète."))
    raise ServiceError("bad_amount", _("Entre %(low)s et %(high)s."), low=10, high=100)

The message is French in the source and translated by gettext like every other text of
the site; ``message(lang)`` words it for a reader, in a view, a socket or an e-mail.
"""

from __future__ import annotations

from contextlib import nullcontext

from django.utils import translation


class Refusal(Exception):
    """``code`` is stable; ``message(lang)`` says why; ``rule`` names a game rule broken."""

    def __init__(self, code: str, message, rule: str = "", **params):
        self.code = code
        self.template = message
        self.params = params
        self.rule = rule
        super().__init__(f"{code}: {self.message()}")

    def message(self, lang: str | None = None) -> str:
        """The reason, in ``lang`` (or the active language)."""
        with translation.override(lang) if lang else nullcontext():
            # A template with parameters is formatted as it is: an ``ngettext_lazy`` naming
            # its count parameter chooses its plural only then.
            return self.template % self.params if self.params else str(self.template)

    def as_dict(self, lang: str | None = None) -> dict:
        data = {"type": "error", "code": self.code, "message": self.message(lang)}
        if self.rule:
            data["rule"] = self.rule
        return data
