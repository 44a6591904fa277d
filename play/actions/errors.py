"""What an action function answers: a refusal (``ServiceError``) or what a move did."""

from __future__ import annotations

from dataclasses import dataclass

from play.models import Game


class ServiceError(Exception):
    """A refused request: `code` is stable (docs/protocol.md lists them), `fr`/`en` say why."""

    def __init__(self, code: str, fr: str, en: str | None = None, rule: str = ""):
        self.code = code
        self.fr = fr
        self.en = en or fr
        self.rule = rule
        super().__init__(f"{code}: {fr}")

    def message(self, lang: str = "fr") -> str:
        return self.en if lang == "en" else self.fr

    def as_dict(self, lang: str = "fr") -> dict:
        data = {"type": "error", "code": self.code, "message": self.message(lang)}
        if self.rule:
            data["rule"] = self.rule
        return data

@dataclass
class ActResult:
    game: Game
    version: int
    duplicate: bool = False
