"""Errors go to an error tracker only when SENTRY_DSN is set, and nothing secret goes with
them: cookies, credentials, tokens in URLs, cards."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sentry_sdk
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator
from django.test import Client
from sentry_sdk.transport import Transport

from config.asgi import application
from taverne.observability.errors import start_error_tracker
from taverne.observability.privacy import scrub

ROOT = Path(__file__).resolve().parents[2]


class Recorder(Transport):
    """Keeps the events instead of sending them: no network."""

    def __init__(self, options=None):
        super().__init__(options)
        self.events = []

    def capture_envelope(self, envelope):
        for item in envelope.items:
            if item.type == "event":
                self.events.append(item.payload.json)


@pytest.fixture
def tracker(settings):
    settings.ROOT_URLCONF = "tests.observability.error_urls"
    recorder = Recorder()
    start_error_tracker("https://public@errors.example.invalid/1", environment="tests",
                        transport=recorder)
    yield recorder
    # Off again for the other tests, as with no DSN.
    sentry_sdk.get_client().close()
    sentry_sdk.get_global_scope().set_client(None)


def test_without_a_dsn_no_error_tracker_is_started():
    assert not sentry_sdk.get_client().is_active()


def test_with_a_dsn_the_settings_start_it():
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); import sentry_sdk; "
         "client = sentry_sdk.get_client(); "
         "print(client.is_active(), client.should_send_default_pii())"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
             "SENTRY_DSN": "https://public@errors.example.invalid/1"},
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "False"]


@pytest.mark.django_db(transaction=True)  # the view's thread reads the session
def test_an_error_in_a_view_is_reported_without_anything_secret(tracker, alice, settings):
    # The in-process scheduler's first pass writes (house tables, sweeps) while the request
    # writes last_seen: on the test's shared in-memory SQLite that is "table is locked".
    settings.PLAY_INPROCESS_SCHEDULER = False
    client = Client()
    client.force_login(alice)
    session = client.cookies["sessionid"].value
    # Through the ASGI application, as daphne serves it (where the tracker reads the URL
    # and the headers).
    communicator = HttpCommunicator(
        application, "GET", "/donne-cassee/?token=s3cr3t-token&lang=fr",
        headers=[(b"host", b"localhost"), (b"cookie", f"sessionid={session}".encode()),
                 (b"authorization", b"Bearer tav_personal_token_123"),
                 (b"x-forwarded-for", b"198.51.100.4")],
    )
    response = async_to_sync(communicator.get_response)(timeout=30)

    assert response["status"] == 500
    # reported once or twice (the view's exception, Django's log line of the 500): each
    # without a secret
    text = json.dumps(tracker.events)
    event = next(e for e in tracker.events if "url" in e.get("request", {}))
    assert event["exception"]["values"][0]["type"] == "RuntimeError"
    assert "the deal broke" in event["exception"]["values"][0]["value"]
    assert event["request"]["url"].endswith("/donne-cassee/")
    assert "lang=fr" in event["request"]["query_string"]
    for secret in ("s3cr3t-token", "tav_personal_token_123", "198.51.100.4", session,
                   "Ah", "Kd", "Th.2", "alice"):
        assert secret not in text, secret
    assert not [e for e in tracker.events if "cookies" in e.get("request", {})]


def test_a_logged_error_is_reported_too(tracker, db):
    import logging

    try:
        raise ValueError("a bot crashed")
    except ValueError:
        logging.getLogger("play.clock.scheduler").exception("scheduled move failed for game 7")

    [event] = tracker.events
    assert event["logentry"]["message"].startswith("scheduled move failed")


def test_a_secret_url_argument_is_filtered(tracker, db):
    from taverne.observability.errors import _url_without_secrets

    assert _url_without_secrets(
        "https://taverne.example/jouer/invitation/abc123def/?token=x&lang=en"
    ) == "https://taverne.example/jouer/invitation/[Filtered]/?token=%5BFiltered%5D&lang=en"


def test_card_lists_and_secret_keys_are_filtered_anywhere():
    event = {
        "extra": {"state": {"deck": ["Ah", "2c"]}, "seen": ["Qs", "Jh.1", "Xr.1"],
                  "note": "bot held Ah Kd 7c then", "password": "hunter2", "count": 3},
        "breadcrumbs": {"values": [{"message": "cards ['Ah', 'Kd', '7c']"}]},
    }

    scrubbed = json.dumps(scrub(event))

    for secret in ("Ah", "2c", "Qs", "Jh.1", "Xr.1", "Kd", "7c", "hunter2"):
        assert secret not in scrubbed, secret
    assert '"count": 3' in scrubbed and "bot held" in scrubbed
