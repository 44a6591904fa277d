"""
Django settings for Taverne.

One file, driven by environment variables. With no variable set, everything
is embedded (SQLite, in-memory channel layer, local-memory cache, immediate
tasks) so that one can clone the repository, run `make run` and play.
Production switches each backend on with its own variable: DATABASE_URL,
REDIS_URL, and TAVERNE_ENV=production for the security settings.
"""

import json
import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name, default=None):
    return os.environ.get(name, default)


def envbool(name, default):
    """Read "1"/"0", "true"/"false", "yes"/"no", "on"/"off"."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def envint(name, default):
    return int(os.environ.get(name, default))


def envlist(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def parse_database_url(url):
    """Turn postgres://user:password@host:port/name into a DATABASES entry."""
    # Here, not at the top: psycopg's pool is only imported when PostgreSQL is used.
    from taverne.pool import check_connection

    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql"):
        raise ValueError(f"DATABASE_URL: unsupported scheme {parts.scheme!r}")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        # psycopg's connection pool replaces persistent connections: Django
        # refuses CONN_MAX_AGE > 0 together with the pool.
        "CONN_MAX_AGE": 0,
        # A connection PostgreSQL dropped in a restart is thrown away when taken, instead
        # of failing the request that took it: the pool's `check` (with the pool, Django
        # reads CONN_HEALTH_CHECKS as psycopg's own check; ours also has the pool check
        # its other idle connections at once, taverne/pool.py says why).
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {
            "pool": {
                "check": check_connection,
                # Seconds a request waits for a connection before it fails (503,
                # taverne/unavailable.py): psycopg's 30 held requests for as long while
                # the database was down.
                "timeout": envint("DATABASE_POOL_TIMEOUT", 5),
            }
        },
    }


def parse_site_url(url):
    """Check SITE_URL, the site's address: a scheme and a host (a port if need be), nothing
    after them; returned without its trailing slash."""
    parts = urlsplit(url.strip())
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username is not None
    ):
        raise ImproperlyConfigured(
            f"SITE_URL must be the site's address, e.g. https://taverne.example, not {url!r}."
        )
    return f"{parts.scheme}://{parts.netloc}"


# Production is explicit (TAVERNE_ENV=production) or implied by DEBUG=0: a
# server that does not debug must also be a server that is safe to expose.
PRODUCTION = env("TAVERNE_ENV", "development") == "production"
DEBUG = envbool("DEBUG", not PRODUCTION)
PRODUCTION = PRODUCTION or not DEBUG

# The development key is public; production refuses to start with it.
DEV_SECRET_KEY = "django-insecure-taverne-development-key-never-use-in-production"
SECRET_KEY = env("SECRET_KEY", DEV_SECRET_KEY)
if PRODUCTION and SECRET_KEY == DEV_SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set in the environment in production.")

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # daphne first: its runserver replaces Django's, so development serves
    # websockets through the same ASGI application as production.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # whitenoise's runserver_nostatic: development serves static files the
    # way production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "reversion",
    "allauth",
    "allauth.account",
    # The site-wide records (taverne/models.py: the ledger of e-mails sent).
    "taverne",
    "accounts",
    "rules",
    "play",
    "economy",
    "ratings",
    # Following and blocking players (friends/: « Mes amis »).
    "friends",
    # What a player is told outside a table: the bell, the account stream, push and
    # e-mail (notices/).
    "notices",
    # Web Push, a room of the notices with its own models and migrations (label "push").
    "notices.push",
    # Seeks (quick pairing) and challenges by name (pairing/).
    "pairing",
    # The HTTP API (/api/v1/, docs/api.md); ninja serves its docs page's scripts from its
    # static files, so the site's CSP holds there too.
    "ninja",
    "api",
    "corsheaders",
]

MIDDLEWARE = [
    # First: the probes /sante/ and /pret/ of the process manager and the proxy, which
    # reach each daphne process on 127.0.0.1 over plain HTTP (config/probes.py says why).
    "config.probes.ProbesMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Browser apps of other origins (API_CORS_ORIGINS) on /api/ only: before anything that
    # answers on its own (503, whitenoise, common), so its answers carry the headers too.
    "corsheaders.middleware.CorsMiddleware",
    # PostgreSQL or Redis down: a view answers 503 and Retry-After, not 500
    # (taverne/unavailable.py; config/urls.py's handler500 covers the middleware below).
    "taverne.unavailable.UnavailableMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions (the chosen language is stored there), before common.
    "django.middleware.locale.LocaleMiddleware",
    # After locale (its words are the request's language): under /api/, an unknown path or a
    # method not allowed answers in the API's error shape, not an HTML page (docs/api.md).
    "api.middleware.ErrorShapeMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication: a player with no language cookie reads their profile's.
    "accounts.middleware.PreferredLanguageMiddleware",
    # After authentication: when a player was last here (the lobby's "en ligne").
    "accounts.middleware.LastSeenMiddleware",
    # Sets the device cookie a sign-up or sign-in asked for (accounts/origins.py).
    "accounts.origins.DeviceCookieMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # "Mes parties" count in the header, the four-colour deck choice.
                "play.web.context_processors.play",
                # The bell's unread count in the header.
                "notices.web.context",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# Database: SQLite unless DATABASE_URL says otherwise.
DATABASE_URL = env("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {"default": parse_database_url(DATABASE_URL)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            # Keep each thread's connection: every socket message runs in a worker
            # thread, and opening SQLite anew (with its pragmas) each time cost more
            # than the query. PostgreSQL gets the same from its connection pool.
            "CONN_MAX_AGE": 600,
            # A kept connection is checked before the first query of a request.
            "CONN_HEALTH_CHECKS": True,
            # The server writes from its socket handlers and its move scheduler at once:
            # writers queue at BEGIN (IMMEDIATE) instead of failing to upgrade a read
            # lock, and the write-ahead log lets readers go on during a write and
            # commits skip the wait for the disk (synchronous=NORMAL).
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "timeout": 20,
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Channel layer and cache: in-process unless REDIS_URL is given. Several
# daphne processes need Redis to hear each other's table broadcasts, and to
# share the login rate limits kept in the cache.
REDIS_URL = env("REDIS_URL")
if REDIS_URL:
    from redis.asyncio.retry import Retry as AsyncRetry
    from redis.backoff import ExponentialWithJitterBackoff
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.retry import Retry

    # After a Redis restart every pooled connection is dead, and redis-py 8 no longer
    # notices it before use (RESP3's maintenance notifications skip the pool's check,
    # redis/redis-py#4128): each client retries a command whose connection was closed on a
    # new one, at once then after a short wait (Redis still starting). Only a closed
    # connection: a timeout is not retried, so Redis unreachable still fails within the
    # timeouts below, and a command the server may have run is not sent twice.
    def redis_retry(retry_class):
        return retry_class(ExponentialWithJitterBackoff(base=0.05, cap=0.5), retries=2,
                           supported_errors=(RedisConnectionError,))

    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # redis-py 8 changed two defaults the layer relies on: a 5 s socket timeout
            # aborts the layer's blocking 5 s BZPOPMIN and kills idle consumers
            # (django/channels_redis#422), and pools stop at 100 connections, which
            # hundreds of sockets joining their groups at once exceed. Redis unreachable, a
            # broadcast gives up within 2 s rather than the system's TCP timeout.
            "CONFIG": {
                "hosts": [
                    {"address": REDIS_URL, "socket_timeout": 15, "max_connections": 2000,
                     "socket_connect_timeout": 2, "retry": redis_retry(AsyncRetry)}
                ],
                # A group forgets a member this long after it joined. Each process renews
                # its live sockets' membership every PLAY_SOCKET_RECHECK_SECONDS
                # (play/socket/watch.py), so only a killed process's channels drop out:
                # within a minute, not the layer's default day of notices piling up
                # for nobody ("over capacity").
                "group_expiry": envint("CHANNEL_GROUP_EXPIRY", 60),
            },
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # Tests and parallel test workers share one Redis: keep them apart.
            "KEY_PREFIX": env("CACHE_KEY_PREFIX", "taverne"),
            # Redis unreachable: the request fails within seconds (503,
            # taverne/unavailable.py) instead of waiting on the system's TCP timeout.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2,
                        "retry": redis_retry(Retry)},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Background tasks: every e-mail (receipts, turn e-mails, allauth's confirmations and
# password resets) is a task, never sent inside a request or a socket message, so a mail
# server down never fails a page. Embedded: run at once. With a real database, tasks are
# queued in it, with the change that caused them, and run by `python manage.py db_worker`
# (ours, play/management/commands/db_worker.py: django-tasks-db's worker that outlives a
# database restart). The app is installed in every mode so that its table and migrations
# are the same everywhere.
INSTALLED_APPS.append("django_tasks_db")
if DATABASE_URL:
    TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
else:
    TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
# A task still marked running this many seconds after a worker claimed it was cut off
# (its worker killed): it is queued again (taverne/task_recovery.py). An e-mail takes at
# most EMAIL_TIMEOUT (10 s) per try.
TASK_LEASE_SECONDS = envint("TASK_LEASE_SECONDS", 900)

# Play platform (docs/protocol.md, docs/architecture.md). Bots wait PLAY_BOT_DELAY
# seconds so a human sees their moves arrive one by one. The move timers and bots are
# run by a loop inside the server process when there is no Redis (the in-memory channel
# layer only reaches the sockets of its own process), by `manage.py play_worker`
# otherwise; PLAY_INPROCESS_SCHEDULER forces either way.
PLAY_BOT_DELAY = float(env("PLAY_BOT_DELAY", "0.8"))
# The processes the maîtres and the appraisals think in (play/thinking.py), beside each
# server and worker process: by default one per core, at most four; 0 thinks in the
# calling thread (the test suite sets it, and starts a pool only where it tests one).
THINKING_PROCESSES = envint("THINKING_PROCESSES", min(4, os.cpu_count() or 1))
# « Conseil » at practice tables (play/actions/advice.py): the maître's answers a player may
# ask for in a minute (an answer already given for the position is free).
ADVICE_PER_MINUTE = envint("ADVICE_PER_MINUTE", 10)
# The review of a finished practice or casual game (play/actions/reviews.py). Embedded, the
# immediate task backend would compute it inside the move that ended the game, holding the
# server's database thread: it runs in a thread of its own there. A review still pending
# this long after it was queued (its process stopped) is queued again by the scheduler.
REVIEWS_IN_A_THREAD = envbool("REVIEWS_IN_A_THREAD", not DATABASE_URL)
REVIEW_LEASE_SECONDS = envint("REVIEW_LEASE_SECONDS", 1800)
PLAY_INPROCESS_SCHEDULER = envbool("PLAY_INPROCESS_SCHEDULER", not REDIS_URL)
# Table sockets a player may hold and open (play/socket/limits.py, docs/protocol.md
# "Limits"): a few per table (tabs, a phone), a few dozen in all, so many a minute.
SOCKETS_PER_TABLE = envint("SOCKETS_PER_TABLE", 6)
SOCKETS_PER_PLAYER = envint("SOCKETS_PER_PLAYER", 40)
SOCKETS_OPENED_PER_MINUTE = envint("SOCKETS_OPENED_PER_MINUTE", 120)
# Chat lines a player may post a minute, all tables together (besides 5 per 10 seconds at
# one table: play/actions/chat.py).
CHAT_LINES_PER_MINUTE = envint("CHAT_LINES_PER_MINUTE", 12)
# Tables nobody can block (docs/protocol.md, "Waiting tables"): a player has at most
# PLAY_WAITING_TABLES_PER_PLAYER tables waiting for players at once (their tavern tables
# aside), and a table that waits unchanged for PLAY_WAITING_TABLE_HOURS (live) or
# PLAY_WAITING_CORRESPONDENCE_HOURS (correspondence, whose players come by once a day)
# closes, its players paid out at a chip table. The scheduler's loop closes them.
PLAY_WAITING_TABLES_PER_PLAYER = envint("PLAY_WAITING_TABLES_PER_PLAYER", 3)
PLAY_WAITING_TABLE_HOURS = envint("PLAY_WAITING_TABLE_HOURS", 24)
PLAY_WAITING_CORRESPONDENCE_HOURS = envint("PLAY_WAITING_CORRESPONDENCE_HOURS", 7 * 24)
# Notices at least once and presence (docs/protocol.md, play/socket/watch.py): every
# PLAY_SOCKET_RECHECK_SECONDS each process re-reads its tables' sequences (one query) and
# beats for its sockets; a socket whose process stopped beating counts as gone
# PLAY_PRESENCE_SECONDS later (six beats by default).
PLAY_SOCKET_RECHECK_SECONDS = float(env("PLAY_SOCKET_RECHECK_SECONDS", "5"))
if env("PLAY_PRESENCE_SECONDS"):  # else six beats, whatever the period (presence.py)
    PLAY_PRESENCE_SECONDS = float(env("PLAY_PRESENCE_SECONDS"))
# The site's address and name. Every absolute URL the site builds (e-mails, the invitation
# link, the payment provider's return page) starts with SITE_URL, never with the Host of
# a request (taverne/site.py says why). `make run` passes the address it serves; the
# default is that of a plain `manage.py runserver`. Production must say it.
SITE_URL = env("SITE_URL", "")
if not SITE_URL and PRODUCTION:
    raise ImproperlyConfigured(
        "SITE_URL must be set in production: the address players reach the site at, "
        "e.g. SITE_URL=https://taverne.example (every link in e-mails is built from it)."
    )
SITE_URL = parse_site_url(SITE_URL or "http://127.0.0.1:8000")
SITE_NAME = env("SITE_NAME", "Taverne")

# Embedded: the zero-configuration mode of `make run`, the only one where
# demo accounts with public passwords may be created.
EMBEDDED = not DATABASE_URL and not PRODUCTION

# Commands run by `manage.py setup_embedded` (hence `make run`), in order.
# Other apps append their loaders here, e.g. "load_content".
EMBEDDED_SETUP_COMMANDS = [
    "migrate",
    "load_demo",
    # The rules pages and glossary shipped in rules/content/ (production: run it after
    # migrate on each deploy; it never overwrites an editor's change, see docs/rules.md).
    "load_content",
    # The VAPID pair of Web Push, made once (below, VAPID_KEYS_FILE).
    "vapid_keys",
]

# Web Push (notices/push/, docs/architecture.md "Notices"): the VAPID pair the site signs
# its pushes with, base64url (the private key's 32 raw bytes; the public key's uncompressed
# point, which the pages hand to the browser), and the contact push services may write to.
# Production sets both keys (`manage.py vapid_keys --print` makes a pair); without them
# nothing is pushed and no page offers it. Embedded, `make run` writes a pair once to
# VAPID_KEYS_FILE (never committed: var/ is ignored), read here when the environment gives
# none.
VAPID_PUBLIC_KEY = env("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = env("VAPID_PRIVATE_KEY", "")
VAPID_KEYS_FILE = Path(env("VAPID_KEYS_FILE", str(BASE_DIR / "var" / "vapid-keys.json")))
if EMBEDDED and not (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY):
    try:
        _vapid = json.loads(VAPID_KEYS_FILE.read_text())
        VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY = _vapid["public"], _vapid["private"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
VAPID_SUBJECT = env("VAPID_SUBJECT", "")  # else mailto: the site's sender address
# Seconds a push service keeps a push for a phone that is off (a turn waits days).
PUSH_TTL_SECONDS = envint("PUSH_TTL_SECONDS", 24 * 3600)
# The daily digest (notices/digest.py): the worker's scheduler queues it once a day at this
# hour, server time (TIME_ZONE), or at its first pass after it; `manage.py send_digests`
# sends it by hand (docs/operations.md).
NOTICES_DIGEST_HOUR = envint("NOTICES_DIGEST_HOUR", 7)

# Accounts
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
# allauth merges this with its other built-in limits (signup, password
# reset...). Stated here because the login limit is part of our contract and
# is tested: 5 failed logins a minute per IP, 5 per 5 minutes per account.
ACCOUNT_RATE_LIMITS = {"login_failed": "5/m/ip,5/5m/key"}
# Behind a reverse proxy every request comes from the proxy's address, so limits per
# address would lock everyone out together. The client's address is then the one the
# proxies appended to X-Forwarded-For: TRUSTED_PROXY_COUNT says how many proxies there are
# (1 for deploy/'s nginx). 0, the default, reads the connection's own address. allauth's
# limits and the site's own (accounts.adapter.AccountAdapter.get_client_ip) read it alike.
# deploy/'s nginx replaces X-Forwarded-For with the one address it saw, so what the limits
# read (the last entry) is also what daphne --proxy-headers reads (the first) for its logs
# and REMOTE_ADDR: a client cannot slip in an address of its choosing (deploy/topology.py).
TRUSTED_PROXY_COUNT = envint("TRUSTED_PROXY_COUNT", 0)
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT
# allauth's e-mails link with SITE_URL and greet with SITE_NAME (their subjects start
# with "[SITE_NAME] "), not with the request's host.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# The sign-up form refuses a visitor whose address made this many accounts in the last
# 24 hours (accounts/origins.py; 0: no limit). Throw-away accounts are how écus are
# farmed and dumped to another player (docs/economy.md, "Honest chips").
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm"}
SIGNUPS_PER_ADDRESS_PER_DAY = envint("SIGNUPS_PER_ADDRESS_PER_DAY", 3)
# Visitors who play against bots without an account become guests (accounts/guests.py):
# at most this many new guests per IP address and period (count, seconds).
GUESTS_PER_IP = (10, 3600)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "Taverne <taverne@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# The economy's settings (docs/economy.md explains them; economy/conf.py reads them).
# What it does with each game (chips, cave bounds, free hands a day) is its game table,
# economy/games.py.
ECONOMY = {
    # Écus given once to each player, when their e-mail address is verified.
    "STARTING_ECUS": envint("STARTING_ECUS", 1000),
    # The days of the daily hand allowance run midnight to midnight in this zone.
    "HAND_DAY_TIMEZONE": "Europe/Paris",
    # A deck of cards, bought with tokens, opens one tavern table of one's own.
    "CARD_DECK_PRICE_TOKENS": envint("CARD_DECK_PRICE_TOKENS", 50),
    # The house's own tables, kept open for écus day and night (economy/chips/house.py,
    # docs/economy.md "The house taverns"). At each stake the house keeps at least one
    # table with a free seat, and opens another as one fills. ``stakes`` are the engine's
    # options that make the stake (shown in the lobby), ``options`` the rest (the rake,
    # which goes to the house's account). The stakes suit the purses: a level I player
    # starts with STARTING_ECUS écus, and caves at most a fifth of them at 1/2; the rules
    # warn such a player that 10/20 blinds are too dear. A key names its stake for good:
    # the tables opened at it carry it. HOUSE_TAVERNS=0: none.
    "HOUSE_TAVERNS": (
        {"key": "ramponneau-1-2", "game": "ramponneau", "name": "Chez Gus", "seats": 6,
         "stakes": {"small_blind": 1, "big_blind": 2},
         "options": {"rake_percent": 5, "rake_cap": 4}},
        {"key": "ramponneau-5-10", "game": "ramponneau", "name": "À la Cour de Bohême",
         "seats": 6, "stakes": {"small_blind": 5, "big_blind": 10},
         "options": {"rake_percent": 5, "rake_cap": 20}},
        {"key": "ramponneau-10-20", "game": "ramponneau", "name": "Chez Ramponneau",
         "seats": 6, "stakes": {"small_blind": 10, "big_blind": 20},
         "options": {"rake_percent": 5, "rake_cap": 40}},
        {"key": "ambigu-1", "game": "ambigu", "name": "Au Petit Ambigu", "seats": 4,
         "stakes": {"ante": 1}},
        {"key": "ambigu-2", "game": "ambigu", "name": "Au Grand Ambigu", "seats": 4,
         "stakes": {"ante": 2}},
    ) if envbool("HOUSE_TAVERNS", True) else (),
    # The account the house's rake is credited to: a user row nobody signs in as
    # (inactive, no password), created when first needed. Its name is reserved.
    "HOUSE_ACCOUNT": "taverne",
}
# Payments: "sandbox" (a local checkout page sending signed webhooks; no money moves)
# unless PAYMENT_PROVIDER=stripe with its keys. The sandbox lets the buyer choose
# "paid": production switches it off unless PAYMENT_SANDBOX_ALLOWED=1 (a staging site).
PAYMENTS = {
    "PROVIDER": env("PAYMENT_PROVIDER", "sandbox"),
    "SANDBOX_ALLOWED": envbool("PAYMENT_SANDBOX_ALLOWED", not PRODUCTION),
    # Empty: the public development secret (economy/payments/sandbox.py), refused
    # outside DEBUG (economy.E001).
    "SANDBOX_WEBHOOK_SECRET": env("SANDBOX_WEBHOOK_SECRET", ""),
    "WEBHOOK_TOLERANCE": 300,  # seconds: older signed events are refused as stale
    "STRIPE_SECRET_KEY": env("STRIPE_SECRET_KEY", ""),
    "STRIPE_WEBHOOK_SECRET": env("STRIPE_WEBHOOK_SECRET", ""),
}

# E-mail (Django 6.1's MAILERS). Development prints mails on the console;
# production sends them by SMTP (EMAIL_HOST, default localhost:25), since
# `check --deploy` rightly refuses a console mailer there.
if PRODUCTION or env("EMAIL_HOST"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": env("EMAIL_HOST", "localhost"),
                "port": envint("EMAIL_PORT", 25),
                "username": env("EMAIL_HOST_USER", ""),
                "password": env("EMAIL_HOST_PASSWORD", ""),
                "use_tls": envbool("EMAIL_USE_TLS", False),
                "timeout": envint("EMAIL_TIMEOUT", 10),
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}

# Internationalisation: French first, English through the locale/ catalogue.
# The HTTP API (docs/api.md): requests a minute per account, all its tokens together
# (api/limits.py); and requests a minute with a missing, unknown, revoked or expired token
# per address, beyond which the address is refused until the next minute (0: no limit).
API_REQUESTS_PER_MINUTE = envint("API_REQUESTS_PER_MINUTE", 120)
API_FAILED_AUTH_PER_MINUTE = envint("API_FAILED_AUTH_PER_MINUTE", 20)
# Browser apps served from other sites may call the API: their origins, comma-separated
# ("https://app.example,http://localhost:5173"; none by default). Only /api/, and only
# with a bearer token: no credentials (cookies) cross origins, and the API never reads
# the session cookie anyway (docs/api.md, "Browser apps").
CORS_ALLOWED_ORIGINS = envlist("API_CORS_ORIGINS", [])
CORS_URLS_REGEX = r"^/api/"
CORS_ALLOW_CREDENTIALS = False
CORS_EXPOSE_HEADERS = ["Retry-After"]

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

# Static files, served by whitenoise in every mode. Production serves the
# compressed, hashed copies made by `python manage.py collectstatic`.
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Content Security Policy: scripts and styles only from our origin or with
# the per-request nonce, so an injected <script> does not run. CSP level 3
# browsers let 'self' cover ws:// and wss:// to our own host; the explicit
# entries below are for the others.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [
        CSP.SELF,
        # Production sockets go through the proxy on 443; development servers
        # listen on any port.
        *(
            f"wss://{host}" if PRODUCTION else f"{scheme}://{host}:*"
            for host in ALLOWED_HOSTS
            # Wildcards, subdomain patterns and IPv6 literals are not CSP sources.
            if not host.startswith((".", "*", "["))
            for scheme in (("wss",) if PRODUCTION else ("ws", "wss"))
        ),
    ],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
X_FRAME_OPTIONS = "DENY"
# A form refused by the CSRF check gets the site's 403 page, in the visitor's language.
CSRF_FAILURE_VIEW = "config.views.csrf_failure"

# Production security: HTTPS everywhere, behind a reverse proxy that terminates TLS and
# says so with X-Forwarded-Proto (deploy/'s nginx sets it; daphne --proxy-headers reads it
# too). The site builds no link from the Host header (taverne/site.py): USE_X_FORWARDED_HOST
# stays off, the proxy passes the visitor's Host as it came.
if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"

# Observability (docs/operations.md: logs, metrics, alerts, errors). Logs go to the standard
# error stream: JSON lines in production (one object per line, for the log collector), text
# in development; LOG_FORMAT=json|text overrides. The request, move and task lines are on
# by default with JSON only (the console of `make run` and the test runs stay quiet);
# LOG_EVENTS overrides.
LOG_FORMAT = env("LOG_FORMAT", "text" if DEBUG else "json")
LOG_LEVEL = env("LOG_LEVEL", "INFO").upper()
LOG_EVENTS = envbool("LOG_EVENTS", LOG_FORMAT == "json")
from taverne.observability.logs import logging_config  # noqa: E402

LOGGING = logging_config(LOG_FORMAT, LOG_LEVEL, LOG_EVENTS)
INSTALLED_APPS.append("taverne.observability")  # logs and counts every task run
# First: it times the whole answer and gives every line logged meanwhile its request id.
MIDDLEWARE.insert(0, "taverne.observability.requests.RequestLogMiddleware")
# Prometheus scrapes /metrics: from an address of METRICS_ALLOWED_IPS reaching a daphne
# process directly (not through the proxy), or from anywhere with the bearer token
# METRICS_TOKEN. Several processes share their metrics through PROMETHEUS_MULTIPROC_DIR
# (read by prometheus-client itself; taverne/observability/metrics.py).
METRICS_TOKEN = env("METRICS_TOKEN", "")
METRICS_ALLOWED_IPS = envlist("METRICS_ALLOWED_IPS", ["127.0.0.1", "::1"])
# A scraper on this host speaks plain HTTP to a daphne port: no redirect to HTTPS there
# (added to the exemptions set above, if any).
SECURE_REDIRECT_EXEMPT = [*globals().get("SECURE_REDIRECT_EXEMPT", []), r"^metrics$"]
# Errors to Sentry (or a service speaking its protocol) only when SENTRY_DSN is set;
# nothing personal or secret is sent (taverne/observability/errors.py).
SENTRY_DSN = env("SENTRY_DSN", "")
if SENTRY_DSN:
    from taverne.observability.errors import start_error_tracker  # noqa: E402

    start_error_tracker(SENTRY_DSN, environment=env("SENTRY_ENVIRONMENT", "production"),
                        release=env("SENTRY_RELEASE"))
