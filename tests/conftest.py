"""
Fixtures shared by every test: the players alice, bob and charlie.

alice and bob have verified their e-mail address (level 1); charlie has not
(level 0). All three have the password PASSWORD.

It also sorts the tests into CI's two runs (README, "Continuous integration"): the run on
the embedded backends takes everything; the run on PostgreSQL and Redis takes the tests
marked ``backend``, which this file adds to every quick test that opens the test database
(pytest-django's ``db``, ``transactional_db`` or the ``django_db`` mark, directly or
through a fixture such as ``alice``). A test that reaches the backends another way (a
daphne of its own on ``DATABASE_URL``) carries the mark itself, slow or not. The other
long checks marked ``slow`` (whole games, every step of many archives, selfplay chunks)
test the rules and the pages, not the backends: they run once, on the embedded backends.
So do the quick tests of a module marked ``embedded_only``: they read the rules and render
the pages through the database (whole games played to check every frame, every example of
the encyclopedia), and what they test does not change with it.
"""

from urllib.parse import urlsplit

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings as django_settings
from django.core.cache import cache
from django.utils import translation

PASSWORD = "taverne-test-password"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if any(item.get_closest_marker(mark) for mark in ("slow", "backend", "embedded_only")):
            continue
        # pytest-django's helper is in the closure of every test that asks for the database
        # by a fixture; the mark asks for it when the test runs
        if "_django_db_helper" in item.fixturenames or item.get_closest_marker("django_db"):
            item.add_marker(pytest.mark.backend)


def create_player(username, verified):
    from accounts.models import User

    email = f"{username}@example.com"
    user = User.objects.create_user(
        username=username,
        email=email,
        password=PASSWORD,
        display_name=username.capitalize(),
    )
    EmailAddress.objects.create(user=user, email=email, primary=True, verified=verified)
    return user


@pytest.fixture
def alice(db):
    return create_player("alice", verified=True)


@pytest.fixture
def bob(db):
    return create_player("bob", verified=True)


@pytest.fixture
def charlie(db):
    return create_player("charlie", verified=False)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The real hasher is slow on purpose; tests create and check many passwords.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _sandbox_secret(settings):
    # Tests run with DEBUG off, where the sandbox refuses the public development secret
    # (economy.E001): they get one of their own, as a staging site would.
    settings.PAYMENTS = {**settings.PAYMENTS, "SANDBOX_WEBHOOK_SECRET": "whsec_tests_only"}


@pytest.fixture(autouse=True)
def _think_in_the_test(settings):
    # The bots think in the test's own thread: a pool of processes per test would cost
    # seconds. tests/play/test_thinking.py starts one where it tests one.
    settings.THINKING_PROCESSES = 0


@pytest.fixture(autouse=True)
def _tasks_run_at_once(settings):
    # Queued tasks (every e-mail, taverne/mail.py) run at once after their commit, as
    # embedded: with DATABASE_URL they would wait in PostgreSQL for a db_worker that no
    # test runs. A test of the queue itself chooses its backend.
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    # The reviews of finished games too (embedded they run in a thread of their own).
    settings.REVIEWS_IN_A_THREAD = False


@pytest.fixture(autouse=True)
def _fresh_cache(settings, worker_id):
    """Start every test with an empty cache: allauth keeps its rate limits there.

    With Redis, clearing flushes the whole database, so each xdist worker gets
    its own Redis database and does not wipe another worker's counters.
    """
    if django_settings.REDIS_URL:
        index = 0 if worker_id == "master" else int(worker_id.removeprefix("gw"))
        location = urlsplit(django_settings.REDIS_URL)._replace(path=f"/{1 + index % 15}")
        settings.CACHES = {
            "default": {**django_settings.CACHES["default"], "LOCATION": location.geturl()}
        }
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _site_language():
    """End every test in the site's language: a page requested in English leaves English
    active in the thread (LocaleMiddleware activates it for the request), and the next
    test's words would come out in English."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _ledgers_balance(request):
    """After every test that touched the database: every balance equals its entries.

    The economy's invariant (docs/economy.md), checked on whatever each test left
    behind, so the whole suite doubles as a run of `verify_ledgers`.
    """
    yield
    if "_django_db_helper" not in request.fixturenames:
        return
    from economy.ledger import verify

    try:
        mismatches = verify()
    except Exception:  # a test that broke its own connection on purpose: nothing to check
        return
    assert mismatches == [], [str(m) for m in mismatches]


@pytest.fixture(autouse=True)
def _fresh_glossary_copy():
    """No test sees the glossary another test's database held: the copy each process keeps
    for the tables (rules.glossary) outlives a rolled-back test otherwise."""
    from rules import glossary

    glossary.forget()
    yield
    glossary.forget()


@pytest.fixture(autouse=True)
def _default_language():
    """Every test ends in the site's default language: a request in English (the test
    client runs LocaleMiddleware in the test's thread) would leave English active for the
    next test of the worker, whose French words would then read in English."""
    yield
    from django.utils import translation

    translation.deactivate()
