"""The production topology, described once.

`python -m deploy.generate` turns it into supervisord's configuration (what `make prod` runs
on this machine), a Compose file and systemd units for real hosts, and nginx's site; its
`--check` fails when a committed file differs from what this description gives.

    nginx (TLS, websockets) ──▶ daphne × N (127.0.0.1:8001..) ──▶ PostgreSQL
                                play_worker (timers, bots)     ──▶ Redis (channel layer,
                                task worker (queued e-mails)        cache, rate limits)

The visitor's address crosses the proxy in one way only: nginx *replaces* X-Forwarded-For
with the address it saw and sets X-Forwarded-Proto; daphne runs with --proxy-headers, so its
access log and Django's REMOTE_ADDR hold that address (daphne reads the header's first
entry), and the limits per address read the same one through TRUSTED_PROXY_COUNT=1 (the
last entry; config/settings.py). Were nginx to append instead, a client could choose the
first entry. A second proxy in front (a CDN) means TRUSTED_PROXY_COUNT=2 and nginx's
real_ip module, not this file's defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# How many daphne processes, unless DAPHNE_PROCESSES says otherwise (`make prod`); one per
# core is the rule (docs/operations.md, "Sizing"). They listen on 8001, 8002...
DAPHNE_PROCESSES = 2
DAPHNE_FIRST_PORT = 8001

# The two workers' commands, each named here only: a renamed or wrapped command is a
# change of this one line. "python" and "daphne" are the virtualenv's.
PLAY_WORKER = ("python", "manage.py", "play_worker")
# The task worker's fixed id: started again after a KILL, it readies the task it was
# killed in (taverne/task_recovery.py). One process per id: a second task worker needs
# its own.
TASK_WORKER = ("python", "manage.py", "db_worker", "--worker-id", "task-worker")

# Run on each deploy before new processes start, in this order, once: static files (hashed
# names, so old pages keep theirs), then migrations (which must suit the code still
# running until its restart: docs/operations.md, "Rolling restart"), then the rules pages.
BUILD_STEPS = (("python", "manage.py", "collectstatic", "--noinput"),)
RELEASE_STEPS = (
    ("python", "manage.py", "migrate", "--noinput"),
    ("python", "manage.py", "load_content"),
)

# The settings every process of the topology shares besides the secrets: the proxy above.
PROXY_ENVIRONMENT = {"TRUSTED_PROXY_COUNT": "1"}

# The probes (config/probes.py): the process answers; it can serve (database, Redis, workers).
LIVENESS_PATH = "/sante/"
READINESS_PATH = "/pret/"

PORT = "{port}"  # in a command: the port of this daphne process


@dataclass(frozen=True)
class Restart:
    """How a process is stopped and brought back, in every process manager."""

    stop_signal: str = "TERM"
    # Between TERM and KILL: daphne closes its sockets (clients reconnect to another
    # process), a worker finishes the move or task in hand.
    stop_wait: int = 30
    # Up this long, a start counts as a success (supervisord's startsecs).
    started_after: int = 3
    # Failed starts in a row before the manager gives up and says so (supervisord waits
    # 1 s, 2 s, 3 s... between them; systemd counts them within start_limit_interval).
    retries: int = 10
    start_limit_interval: int = 120
    delay: int = 2  # seconds before bringing back a process that stopped


@dataclass(frozen=True)
class Process:
    """One kind of long-running process of the site. ``per_port``: one copy per daphne port
    (the command holds PORT), probed on that port."""

    name: str
    argv: tuple[str, ...]
    per_port: bool = False
    restart: Restart = field(default_factory=Restart)

    def command(self, port: int | None = None) -> tuple[str, ...]:
        return tuple(arg.replace(PORT, str(port)) for arg in self.argv)


# How long daphne lets a socket's handshake wait for the application's answer. Its
# default, 5 s, is the database pool's wait (DATABASE_POOL_TIMEOUT): with PostgreSQL down,
# daphne would drop the connection just as the site answers ``unavailable``
# (play/socket/outages.py).
WEBSOCKET_CONNECT_TIMEOUT = "15"


def daphne(bind: str) -> Process:
    return Process(
        "daphne",
        ("daphne", "-b", bind, "-p", PORT, "--proxy-headers",
         "--websocket_connect_timeout", WEBSOCKET_CONNECT_TIMEOUT, "config.asgi:application"),
        per_port=True,
    )


def processes(bind: str = "127.0.0.1") -> list[Process]:
    """The site's own processes; ``bind``: where daphne listens (0.0.0.0 in a container)."""
    return [
        daphne(bind),
        Process("play-worker", PLAY_WORKER),
        Process("task-worker", TASK_WORKER),
    ]


def daphne_ports(count: int = DAPHNE_PROCESSES) -> list[int]:
    return [DAPHNE_FIRST_PORT + index for index in range(count)]


def instances(count: int = DAPHNE_PROCESSES, bind: str = "127.0.0.1") -> dict[str, tuple]:
    """Every running process by name (daphne-8001, daphne-8002, play-worker...) and its
    command: what each generated configuration must start."""
    running = {}
    for process in processes(bind):
        if process.per_port:
            for port in daphne_ports(count):
                running[f"{process.name}-{port}"] = process.command(port)
        else:
            running[process.name] = process.command()
    return running
