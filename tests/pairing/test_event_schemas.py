"""What the pairing announces on the account stream keeps to the JSON Schemas committed in
docs/schemas/account/ (challenge.json, paired.json), every action of a challenge."""

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone
from jsonschema import Draft202012Validator

from notices import interface as notices
from pairing.services import (
    do_accept,
    do_cancel_challenge,
    do_challenge,
    do_decline,
    do_seek,
    do_sweep,
)
from tests.conftest import create_player

pytestmark = pytest.mark.django_db

SCHEMAS = Path(settings.BASE_DIR) / "docs" / "schemas" / "account"


@pytest.fixture(autouse=True)
def _no_clock(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def announced(monkeypatch):
    events = []
    original = notices.announce_each  # ``announce`` goes through it too

    def keep(sent):
        sent = list(sent)
        events.extend({"type": event, **payload} for _, event, payload in sent)
        original(sent)

    monkeypatch.setattr(notices, "announce_each", keep)
    return events


def check(events, kind):
    validator = Draft202012Validator(json.loads((SCHEMAS / f"{kind}.json").read_text()))
    mine = [event for event in events if event["type"] == kind]
    assert mine, f"no {kind} event announced"
    for event in mine:
        errors = [f"{e.message} at {list(e.absolute_path)}"
                  for e in validator.iter_errors(event)]
        assert not errors, (event, errors)
    return mine


def test_the_paired_events_keep_to_their_schema(alice, bob, announced):
    do_seek(alice, "all-fours", seat_count=2)
    do_seek(bob, "all-fours", seat_count=2)

    paired = check(announced, "paired")
    assert len(paired) == 2 and paired[0]["table"] == paired[1]["table"]


def test_every_challenge_event_keeps_to_its_schema(alice, bob, announced):
    dave = create_player("dave", verified=True)
    accepted = do_challenge(alice, ["bob", "dave"], "all-fours", seat_count=None,
                            pace="correspondence", move_seconds=86400)
    do_accept(bob, accepted.pk)
    do_accept(dave, accepted.pk)
    declined = do_challenge(alice, "bob", "all-fours")
    do_decline(bob, declined.pk, "too_fast")
    cancelled = do_challenge(alice, "bob", "all-fours")
    do_cancel_challenge(alice, cancelled.pk)
    do_challenge(alice, "bob", "all-fours")
    do_sweep(timezone.now() + timedelta(minutes=5))

    events = check(announced, "challenge")
    assert {e["action"] for e in events} == {"received", "accepted", "declined",
                                             "cancelled", "expired"}
    opened = [e for e in events if e["challenge"]["table"] is not None]
    assert opened and opened[-1]["challenge"]["status"] == "accepted"
    assert any(e.get("reason") == "too_fast" for e in events)
