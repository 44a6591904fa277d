"""The websocket protocol's message checks and limits (docs/protocol.md describes it).

Pure functions and a token bucket: the consumer calls `parse_message` on every text
frame and turns a `ProtocolError` into a structured error message, never a crash.
"""

from __future__ import annotations

import json
import time

MAX_MESSAGE_BYTES = 8 * 1024
RATE_PER_SECOND = 10
BURST = 20
MAX_CLIENT_ID = 64

MESSAGE_TYPES = ("act", "chat", "sync", "ping", "mute")

ERRORS = {
    "too_large": (
        f"Message trop long (au plus {MAX_MESSAGE_BYTES} octets).",
        f"Message too large (at most {MAX_MESSAGE_BYTES} bytes).",
    ),
    "rate_limited": (
        "Trop de messages : ralentissez.",
        "Too many messages: slow down.",
    ),
    "bad_json": ("Ce message n'est pas du JSON valide.", "This message is not valid JSON."),
    "bad_message": ("Message mal formé.", "Malformed message."),
    "unknown_type": ("Type de message inconnu.", "Unknown message type."),
    "binary_unsupported": (
        "Seuls les messages texte (JSON) sont acceptés.",
        "Only text (JSON) messages are accepted.",
    ),
}


class ProtocolError(Exception):
    def __init__(self, code: str, detail: str = ""):
        self.code = code
        self.detail = detail
        super().__init__(code)

    def as_dict(self, lang: str = "fr") -> dict:
        fr, en = ERRORS[self.code]
        message = en if lang == "en" else fr
        if self.detail:
            message = f"{message} ({self.detail})"
        return {"type": "error", "code": self.code, "message": message}


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


def _int(value, field):
    # The htmx ws extension sends form fields as strings.
    if isinstance(value, bool):
        raise ProtocolError("bad_message", f"{field}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise ProtocolError("bad_message", f"{field}")


def parse_message(text: str) -> dict:
    """Check a client frame; returns a normalised message or raises ProtocolError."""
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode()) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json") from None
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
            action = json.loads(raw)
        except ValueError:
            raise ProtocolError("bad_message", "action_json") from None
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
    game_id = data.get("game_id")
    if game_id not in (None, ""):
        game_id = _int(game_id, "game_id")
    else:
        game_id = None
    return {
        "type": "act",
        "action": action,
        "version": version,
        "id": client_id,
        "game_id": game_id,
    }
