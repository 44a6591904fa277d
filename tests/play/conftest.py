"""Fixtures of the browser tests: a real daphne server and Debian's Chromium.

The server is a real daphne process (websockets included) started against its own
SQLite file, so it needs neither the test database of pytest-django nor Redis. The
browser is Debian's Chromium driven by Playwright; no browser is ever downloaded.
"""

from __future__ import annotations

import atexit
import fcntl
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
BROWSER_PASSWORD = "taverne-browser-test"
ROOT = Path(__file__).resolve().parents[2]
# A machine without Chromium skips the browser tests; CI (TAVERNE_REQUIRE_BROWSER=1, set by
# .ci/run after it installed Chromium) fails them instead: a browser test never silently
# skips there.
BROWSER_REQUIRED = bool(os.environ.get("TAVERNE_REQUIRE_BROWSER"))
needs_chromium = pytest.mark.skipif(
    not Path(CHROMIUM).exists() and not BROWSER_REQUIRED,
    reason=f"{CHROMIUM} is missing (apt-get install -y chromium); CI installs it",
)

# Run in the server's own process: point the settings at a file database before Django
# reads them, migrate, create the players, then serve with daphne. Bots move at once and
# the in-process scheduler looks at the clock often, so a whole game fits in a test.
SERVER = """
import os, sys
import config.settings as s
if sys.argv[1] != "-":  # "-": the database of DATABASE_URL
    # The embedded settings' SQLite (writers queue at BEGIN IMMEDIATE, WAL), in a file of
    # the test's: two requests writing at once must not fail to upgrade a read lock.
    s.DATABASES = {"default": {**s.DATABASES["default"], "NAME": sys.argv[1]}}
s.PLAY_BOT_DELAY = 0
# One server serves a whole module of tests, where alice opens many tables: the cap on
# waiting tables a player may keep open (tested in tests/play/test_tables_nobody_blocks.py)
# would refuse the fourth.
s.PLAY_WAITING_TABLES_PER_PLAYER = 1000
s.PLAY_INPROCESS_SCHEDULER = True
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from allauth.account.models import EmailAddress
from accounts.models import User
for name in sys.argv[4].split(",") if len(sys.argv) > 4 else ("alice", "bob"):
    if User.objects.filter(username=name).exists():  # a restarted server
        continue
    user = User.objects.create_user(name, f"{name}@example.com", sys.argv[3],
                                    display_name=name.capitalize())
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
# The rules pages and the glossary, whose definitions the tables show on their terms (a copy
# of the migrated template holds them already).
from rules.models import GlossaryTerm
if not GlossaryTerm.objects.exists():
    call_command("load_content", verbosity=0)
from daphne.cli import CommandLineInterface
CommandLineInterface().run(["-b", "127.0.0.1", "-p", sys.argv[2], "config.asgi:application"])
"""


# A migrated database holding the shipped rules pages and glossary (load_content), built
# once per run and copied for each server: building takes seconds, a copy milliseconds.
TEMPLATE = """
import sys
import config.settings as s
s.DATABASES = {"default": {**s.DATABASES["default"], "NAME": sys.argv[1]}}
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("load_content", verbosity=0)
# The whole database in its one file, whatever the copy is opened with (WAL again).
from django.db import connection
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode=DELETE")
connection.close()
"""

def _template_folder() -> Path:
    """Where this run keeps its templates: one folder shared by the run's xdist workers
    (a template is built once per run, not once per worker), a folder of this process's
    own otherwise. Shared folders of runs older than a day are removed."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        folder = Path(tempfile.mkdtemp(prefix="taverne-templates-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        return folder
    base = Path(tempfile.gettempdir())
    for old in base.glob("taverne-templates-run-*"):
        if time.time() - old.stat().st_mtime > 86_400:
            shutil.rmtree(old, ignore_errors=True)
    folder = base / f"taverne-templates-run-{run}"
    folder.mkdir(exist_ok=True)
    return folder


def site_env() -> dict:
    """The environment of a server's process: the embedded backends, this checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env |= {"DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT)}
    return env


def fresh_database(path: Path) -> str:
    """A migrated SQLite database at ``path`` (a copy of the run's template)."""
    global _templates_folder
    if _templates_folder is None:
        _templates_folder = _template_folder()
    template = _templates_folder / "site.sqlite3"
    # One worker builds it while the others wait on the lock, then all copy it.
    with open(_templates_folder / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not template.exists():
            building = template.with_suffix(".building")
            building.unlink(missing_ok=True)
            subprocess.run([sys.executable, "-c", TEMPLATE, str(building)], cwd=ROOT,
                           env=site_env(), check=True, capture_output=True, text=True)
            building.rename(template)
    shutil.copyfile(template, path)
    return str(path)


_templates_folder: Path | None = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(process, port, log_path, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"daphne stopped: {Path(log_path).read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    process.kill()
    pytest.fail("daphne did not start")


# The start of a ``prepared_site`` script whose players are signed in: the settings on the
# script's SQLite file, Django set up, and ``sign_in(names)``, which makes each player
# (verified e-mail) with a session of their own, so a browser's page starts with its
# cookie (hashing a password takes seconds; logging in is tested elsewhere). The script
# goes on after it with its own imports and tables.
SIGNED_IN_SCRIPT = r"""
import json
import sys

import config.settings as s
s.DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": sys.argv[1],
               "OPTIONS": {"timeout": 20}}}
s.PLAY_INPROCESS_SCHEDULER = False
import django
django.setup()
from allauth.account.models import EmailAddress
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import User


def sign_in(names):
    users, sessions = {}, {}
    for name in names:
        users[name] = User.objects.create_user(name, f"{name}@example.com", None,
                                               display_name=name.capitalize())
        EmailAddress.objects.create(user=users[name], email=users[name].email,
                                    primary=True, verified=True)
        session = SessionStore()
        session[SESSION_KEY] = str(users[name].pk)
        session[BACKEND_SESSION_KEY] = s.AUTHENTICATION_BACKENDS[0]
        session[HASH_SESSION_KEY] = users[name].get_session_auth_hash()
        session.create()
        sessions[name] = session.session_key
    return users, sessions
"""


def start_daphne(database: str, port: int, log_path, users=("alice", "bob"), keep_db_url=False):
    """A daphne process serving config.asgi on ``port`` ("-" as database: DATABASE_URL's;
    a SQLite file that does not exist yet starts as a copy of the migrated template)."""
    if database != "-" and not Path(database).exists():
        fresh_database(Path(database))
    drop = ("REDIS_URL",) if keep_db_url else ("DATABASE_URL", "REDIS_URL")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env["SITE_URL"] = f"http://127.0.0.1:{port}"  # its links name it, as `make run` does
    env["PYTHONPATH"] = str(ROOT)
    log = open(log_path, "a")
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, database, str(port), BROWSER_PASSWORD, ",".join(users)],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    log.close()
    wait_for_port(process, port, log_path)
    return process


def stop_process(process) -> None:
    # A test's server holds nothing worth a graceful end: daphne waits for its open
    # sockets to close before it exits, and a test is done with them.
    process.kill()
    process.wait(timeout=10)


QUIET_MAIL = """
import config.settings as _settings
_settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
"""

# The scripts name their own SQLite file: they are given the site's way of writing to it
# (config/settings.py), or the review thread a finished practice game starts and the
# script's next move each hold a read and wait for the other's write ("database is
# locked" at once, whatever the timeout).
SITE_SQLITE = """
import django as _django
_django_setup = _django.setup


def _setup_as_the_site(*args, **kwargs):
    for _database in _settings.DATABASES.values():
        if _database["ENGINE"].endswith("sqlite3"):
            _options = _database.setdefault("OPTIONS", {})
            _options.setdefault("transaction_mode", "IMMEDIATE")
            _options.setdefault("init_command",
                                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    return _django_setup(*args, **kwargs)


_django.setup = _setup_as_the_site
"""


@contextmanager
def prepared_site(folder: Path, prepare: str | None, args=(), users=("alice", "bob")):
    """A daphne serving a SQLite database that the script ``prepare`` filled first (run
    with the database's path and ``args``, on a copy of the template): yields (its address,
    what the script printed). For the tests whose pages need more than the demo players
    (positions, tables, écus)."""
    database = fresh_database(folder / "db.sqlite3")
    printed = ""
    if prepare:
        # What the script prints is read back (table ids): the e-mails its moves send
        # (turn e-mails are on by default) go to memory, not to the console's stdout.
        prepare = QUIET_MAIL + SITE_SQLITE + prepare
        printed = subprocess.run([sys.executable, "-c", prepare, database, *args], cwd=ROOT,
                                 env=site_env(), check=True, capture_output=True,
                                 text=True).stdout
    port = free_port()
    process = start_daphne(database, port, folder / "daphne.log", users=users)
    try:
        yield f"http://127.0.0.1:{port}", printed
    finally:
        stop_process(process)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser")
    port = free_port()
    process = start_daphne(str(folder / "db.sqlite3"), port, folder / "daphne.log")
    yield f"http://127.0.0.1:{port}"
    stop_process(process)


# Once per module, not per test process: Playwright's sync API keeps its event loop
# running in the test's thread while it lives, and the socket tests between two browser
# modules call asyncio.run(), which refuses to run inside a running loop.
@pytest.fixture(scope="module")
def chromium():
    """Debian's Chromium, started once for a module's tests."""
    if BROWSER_REQUIRED:
        assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: the browser tests need it"
        from playwright import sync_api
    else:
        sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser(chromium):
    """The browser of one test: the windows (contexts) it opens close when it ends, so no
    page of an earlier test keeps a socket open to a server that is gone."""
    yield chromium
    for context in list(chromium.contexts):
        context.close()


@pytest.fixture
def screenshots(tmp_path) -> Path:
    """Where the phone-size screenshots go (TAVERNE_SCREENSHOTS to keep them)."""
    folder = Path(os.environ.get("TAVERNE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


PHONE = (390, 844)
DESKTOP = (1280, 800)


def log_in(browser, server, name, size=PHONE, motion=True):
    """A logged-in page, on a phone-sized screen unless told: the table must be playable
    there. ``motion=False``: the browser asks for reduced motion (no card flying in, so a
    click never waits for a card to come to rest: for tests that play many moves)."""
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, locale="fr-FR", device_scale_factor=1,
        reduced_motion="no-preference" if motion else "reduce",
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{server}/compte/login/")
    page.fill("input[name=login]", name)
    page.fill("input[name=password]", BROWSER_PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(lambda url: "/compte/login/" not in url)
    return page


def drawn_box(page, selector) -> dict:
    """The bounding box of ``selector``'s first element once drawn: a frame of the socket
    may swap the element between a wait and the measure, so it is measured again."""
    locator = page.locator(selector).first
    for _ in range(20):
        locator.wait_for(state="visible")
        box = locator.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(100)
    raise AssertionError(f"{selector} has no box")


def version_of(page) -> str:
    return page.evaluate(
        "() => { const v = document.querySelector('#actions input[name=version],"
        " #my-hand input[name=version]'); return v ? v.value : ''; }"
    )


def click_and_wait(page, locator, timeout=10_000) -> bool:
    """Click an action and wait until the server's answer redrew the page; False if stale."""
    before = version_of(page)
    try:
        # On a phone a hand's cards overlap: a card's middle lies under the next card, so
        # a card is tapped on its visible left edge, as a player does.
        card = locator.evaluate("e => e.matches('.card-button, .card-choice')", timeout=2_000)
        locator.click(timeout=2_000, position={"x": 6, "y": 14} if card else None)
    except Exception:  # the fragment was swapped under the click: look again
        return False
    try:
        page.wait_for_function(
            "v => { const t = document.querySelector('#turn');"
            " const i = document.querySelector('#actions input[name=version],"
            " #my-hand input[name=version]');"
            " return !t || !t.classList.contains('turn--mine') || !i || i.value !== v; }",
            arg=before, timeout=timeout,
        )
    except Exception:
        return False
    return True


def add_bot(page) -> None:
    """The host clicks « Ajouter un automate » in the waiting room and waits until the
    server answered and the page shows its answer (the boosted form swaps the page).

    A click can be lost when the page is swapped between the button's press and its
    release (the socket's frame, or the previous form's answer, redraws the waiting room
    under the pointer): the browser then fires no click at all. A player clicks again, and
    so does this helper, but only when no request left: never a second bot by mistake."""
    for _ in range(3):
        page.wait_for_function("() => document.documentElement.classList.contains('live')")
        try:
            with page.expect_request(
                lambda r: r.method == "POST" and r.url.endswith("/automate/"), timeout=5_000
            ) as posted:
                page.click(".bot-form button[type=submit]")
        except Exception:  # the click fell between two drawings of the waiting room
            continue
        response = posted.value.response()
        assert response is not None and response.status in (200, 302), response
        # the page the form's answer redirects to, drawn into the body by htmx
        page.wait_for_function("() => !document.querySelector('.htmx-request')")
        page.wait_for_load_state("load")
        return
    raise AssertionError("« Ajouter un automate » never sent its form")


@pytest.fixture
def ui():
    """The helpers above, for the test modules (conftest is not importable as a module)."""
    import types

    return types.SimpleNamespace(
        log_in=log_in, click_and_wait=click_and_wait, add_bot=add_bot, version_of=version_of,
        needs_chromium=needs_chromium, start_daphne=start_daphne, free_port=free_port,
        password=BROWSER_PASSWORD,
    )


# CSP violations a page meets, kept for the test to read (``window.__cspViolations``).
WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));
"""


def signed_in(browser, site, name, size=PHONE):
    """``name``'s page at ``size``, signed in by the session a prepared site's script
    printed (``site`` is (address, {"sessions": {name: key}})); its console errors and
    CSP violations noted. Returns (page, problems)."""
    address, prepared = site
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale="fr-FR", device_scale_factor=1,
                                  reduced_motion="reduce")
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": prepared["sessions"][name],
                          "url": address}])
    page = context.new_page()
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(WATCH_CSP)
    return page, problems
