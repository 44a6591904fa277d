"""The pairing's events on the account stream (``/ws/account/``), as pydantic models:
``manage.py protocol_schema`` writes their JSON Schemas to docs/schemas/account/
(challenge.json, paired.json), and the tests check what pairing/services.py announces
against those files (docs/protocol.md, "The account stream: challenge and paired")."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Pace = Literal["live", "correspondence"]
Reason = Literal["later", "too_fast", "not_this_game"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Challenged(_Strict):
    username: str
    display_name: str
    answer: Literal["pending", "accepted", "declined"]
    reason: Reason | None = Field(description="Why they declined (declined only).")


class Challenge(_Strict):
    """A challenge as ``GET /api/v1/challenges`` lists it."""

    id: int
    challenger: str = Field(description="The challenger's username.")
    challenger_name: str
    to: list[Challenged] = Field(min_length=1, max_length=5)
    game: str
    seats: int
    options: dict[str, Any]
    pace: Pace
    move_seconds: int
    rated: bool
    status: Literal["open", "accepted", "declined", "cancelled", "expired"]
    created_at: str
    expires_at: str
    table: int | None = Field(description="The table it opened (everyone accepted).")
    url: str = Field(description="The challenge's page, or its table's once open.")


class ChallengeEvent(_Strict):
    """To the challenger and every player challenged, after the change's commit."""

    type: Literal["challenge"]
    action: Literal["received", "accepted", "declined", "cancelled", "expired"]
    challenge: Challenge
    by: str | None = Field(None, description="Who accepted or declined (username).")
    reason: Reason | None = Field(None, description="Why (declined only).")


class PairedEvent(_Strict):
    """To each player of a seek that met its players: the table is open, dealt."""

    type: Literal["paired"]
    table: int
    url: str = Field(description="The table's page.")
    seek: int = Field(description="That player's seek.")
    game: str


PAIRING_EVENTS = {"challenge": ChallengeEvent, "paired": PairedEvent}
