"""The websocket protocol's message checks and limits (docs/protocol.md describes it).

Pure functions and a token bucket: the consumer calls `parse_message` on every text
frame and turns a `ProtocolError` into a structured error message, never a crash.
"""

from __future__ import annotations

import json
import math
import re
import time
from contextlib import nullcontext

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from taverne.unavailable import MESSAGE as UNAVAILABLE_MESSAGE
from taverne.unavailable import RETRY_AFTER as UNAVAILABLE_RETRY_AFTER
from taverne.unavailable import is_unavailable

# The protocol's version, in every ``state`` frame (the first frame of a connection is
# always one): 2 since every view has every platform key and ``waiting`` its reasons; 3
# since an ``act`` must name its game (``game_id``) and one sent for a hand that has ended
# is refused as ``game_over``, not ``stale``.
PROTOCOL_VERSION = 3

MAX_MESSAGE_BYTES = 8 * 1024
RATE_PER_SECOND = 10
BURST = 20
MAX_CLIENT_ID = 64

MESSAGE_TYPES = ("act", "chat", "sync", "ping", "mute", "resign", "abort", "come_back",
                 "rematch", "decline_rematch")

# ASCII digits only: str.isdigit() also accepts "²" or "١", which int() then refuses or
# reads; 18 digits keep the number inside a PostgreSQL bigint.
_DIGITS = re.compile(r"[0-9]{1,18}")

# Each error's stable code (for programs) and its message (for people, translated).
ERRORS = {
    "too_large": _("Message trop long (au plus %(limit)s octets)."),
    "rate_limited": _("Trop de messages : ralentissez."),
    "bad_json": _("Ce message n'est pas du JSON valide."),
    "bad_message": _("Message mal formé."),
    "unknown_type": _("Type de message inconnu."),
    "binary_unsupported": _("Seuls les messages texte (JSON) sont acceptés."),
    "server_error": _("Erreur du serveur : le message n'a pas été traité."),
    "unavailable": UNAVAILABLE_MESSAGE,
}


def state_frame(view: dict, sequence: int) -> dict:
    """The ``state`` frame of a view at the table's ``sequence``: the socket sends it, the
    HTTP API answers it."""
    return {"type": "state", "protocol": PROTOCOL_VERSION, "version": view["version"],
            "game_id": view["game_id"], "sequence": sequence, "view": view}


class ProtocolError(Exception):
    def __init__(self, code: str, detail: str = "", retry_after: float | None = None):
        self.code = code
        self.detail = detail
        self.retry_after = retry_after  # seconds until the limit lets a message through
        super().__init__(code)

    @classmethod
    def for_failure(cls, error: BaseException) -> ProtocolError:
        """What a message that failed unexpectedly is answered: ``unavailable`` (try
        again in ``retry_after`` seconds) while PostgreSQL or Redis is down,
        ``server_error`` for anything else."""
        if is_unavailable(error):
            return cls("unavailable", retry_after=UNAVAILABLE_RETRY_AFTER)
        return cls("server_error")

    def as_dict(self, lang: str | None = None) -> dict:
        """The error frame, its message in ``lang`` (or the active language)."""
        with translation.override(lang) if lang else nullcontext():
            message = str(ERRORS[self.code]) % {"limit": MAX_MESSAGE_BYTES}
        if self.detail:
            message = f"{message} ({self.detail})"
        error = {"type": "error", "code": self.code, "message": message}
        if self.retry_after is not None:
            error["retry_after"] = self.retry_after
        return error


class TokenBucket:
    """`rate` tokens a second, at most `burst` saved up; each message takes one."""

    def __init__(self, rate=RATE_PER_SECOND, burst=BURST, clock=time.monotonic):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.updated = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def retry_after(self) -> float:
        """Seconds until the next message may pass (rounded up to the hundredth)."""
        missing = max(0.0, 1 - self.tokens)
        return math.ceil(missing / self.rate * 100) / 100


def _int(value, field):
    # The htmx ws extension sends form fields as strings.
    if isinstance(value, bool):
        raise ProtocolError("bad_message", f"{field}")
    if isinstance(value, int):
        if abs(value) >= 10**18:
            raise ProtocolError("bad_message", f"{field}")
        return value
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        return int(value.strip())
    raise ProtocolError("bad_message", f"{field}")


def _refuse_constant(name):
    # json.loads calls this for NaN, Infinity and -Infinity: not JSON, and not storable.
    raise ValueError(f"{name} is not allowed")


def _loads(text: str):
    return json.loads(text, parse_constant=_refuse_constant)


def _check_strings(value, depth: int = 0) -> None:
    """Refuse any string (key or value, at any depth) the database cannot store: a lone
    surrogate (not encodable as UTF-8) or a NUL character (refused by PostgreSQL)."""
    if depth > 64:
        raise ProtocolError("bad_message", "too deep")
    if isinstance(value, str):
        if "\x00" in value:
            raise ProtocolError("bad_message", "NUL character")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ProtocolError("bad_message", "invalid character") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_strings(key, depth + 1)
            _check_strings(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_strings(item, depth + 1)


def parse_message(text: str) -> dict:
    """Check a client frame; returns a normalised message or raises ProtocolError."""
    if len(text) > MAX_MESSAGE_BYTES or (
        len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES
    ):
        raise ProtocolError("too_large")
    try:
        data = _loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json") from None
    _check_strings(data)
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "object expected")
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        raise ProtocolError("unknown_type", str(kind)[:40] if kind is not None else "type")
    if kind == "act":
        return _parse_act(data)
    if kind == "chat":
        text = data.get("text")
        if not isinstance(text, str):
            raise ProtocolError("bad_message", "text")
        return {"type": "chat", "text": text}
    if kind == "mute":
        muted = data.get("muted", True)
        if isinstance(muted, str):
            muted = muted.lower() in ("1", "true", "on", "yes")
        return {"type": "mute", "muted": bool(muted)}
    return {"type": kind}


def _parse_act(data: dict) -> dict:
    action = data.get("action")
    if action is None and "action_json" in data:
        raw = data["action_json"]
        if not isinstance(raw, str):
            raise ProtocolError("bad_message", "action_json")
        try:
            action = _loads(raw)
        except (ValueError, RecursionError):
            raise ProtocolError("bad_message", "action_json") from None
        _check_strings(action)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ProtocolError("bad_message", "action")
    if "version" not in data:
        raise ProtocolError("bad_message", "version")
    version = _int(data["version"], "version")
    client_id = data.get("id", "")
    if client_id is None:
        client_id = ""
    if isinstance(client_id, int) and not isinstance(client_id, bool):
        client_id = str(client_id)
    if not isinstance(client_id, str) or len(client_id) > MAX_CLIENT_ID:
        raise ProtocolError("bad_message", "id")
    # A move names its game: versions start again at each hand of a cash table, so a
    # version alone could land in a later hand.
    if data.get("game_id") in (None, ""):
        raise ProtocolError("bad_message", "game_id")
    game_id = _int(data["game_id"], "game_id")
    return {
        "type": "act",
        "action": action,
        "version": version,
        "id": client_id,
        "game_id": game_id,
    }
