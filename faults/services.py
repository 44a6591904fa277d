"""What the fault run starts and breaks: its own PostgreSQL cluster, its own Redis and the
site's processes (daphne, play_worker, db_worker), each recorded by pid so that it can be
killed, restarted and, at the end, stopped without touching anything else on the machine.

Nothing here imports Django: the site runs in the processes started, never in this one.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def newest_postgres() -> Path:
    """Debian's newest PostgreSQL binaries (15 here; CI installs what Debian ships)."""
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                      else 0)
    return versions[-1].parent if versions else Path("/usr/lib/postgresql/15/bin")


PG_BIN = newest_postgres()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def wait_until(test, timeout: float, every: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(every)
    return test()


def as_postgres(*argv, check=True, timeout=120) -> subprocess.CompletedProcess:
    """A PostgreSQL tool run as the cluster's owner: the postgres user when the run is
    root (the server refuses to run as root), else whoever runs it."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    done = subprocess.run([*prefix, *map(str, argv)], capture_output=True, text=True,
                          timeout=timeout)
    if check and done.returncode:
        raise RuntimeError(f"{Path(str(argv[0])).name} failed ({done.returncode}): "
                           f"{(done.stderr or done.stdout)[-1500:]}")
    return done


class PostgresCluster:
    """A throw-away cluster in ``folder`` on ``port``: never Debian's 15/main, which other
    sessions use, so it may be restarted at will."""

    def __init__(self, folder: Path, port: int):
        self.port = port
        self.data = folder / "pgdata"
        self.sockets = folder / "pgsock"
        self.log = self.data / "server.log"  # inside the data folder: postgres writes it
        for path in (self.data, self.sockets):
            path.mkdir(mode=0o700)
            if os.geteuid() == 0:
                shutil.chown(path, "postgres", "postgres")

    @property
    def url(self) -> str:
        return f"postgres://taverne:taverne@127.0.0.1:{self.port}/taverne"

    def start(self) -> None:
        as_postgres(PG_BIN / "initdb", "-D", self.data, "-U", "postgres", "-A", "trust",
                    "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
        # fsync off: the run restarts the server cleanly (a fast shutdown), never crashes
        # it, and the shared machine's disk is slow.
        self.options = (f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 "
                        "-c fsync=off -c max_connections=200")
        self.resume()
        self.psql("CREATE ROLE taverne LOGIN CREATEDB PASSWORD 'taverne'")
        self.psql("CREATE DATABASE taverne OWNER taverne")

    def psql(self, sql: str) -> str:
        return as_postgres(PG_BIN / "psql", "-h", self.sockets, "-p", self.port, "-U",
                           "postgres", "-v", "ON_ERROR_STOP=1", "-qtA", "-c", sql).stdout

    def resume(self) -> None:
        as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-l", self.log, "-o", self.options,
                    "-w", "-t", "60", "start")

    def halt(self) -> None:
        """``pg_ctl stop -m fast``: every open connection is cut, and the server stays
        down until ``resume``."""
        as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "-t", "60",
                    "stop")

    def restart(self) -> float:
        """``pg_ctl restart -m fast``: every open connection is cut. Answers the seconds
        it took."""
        began = time.monotonic()
        as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-l", self.log, "-m", "fast", "-w",
                    "-t", "60", "restart")
        return time.monotonic() - began

    def postmaster_pid(self) -> int | None:
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def stop(self) -> None:
        pid = self.postmaster_pid()
        if pid is None:
            return
        as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "-t", "30",
                    "stop", check=False)
        if _alive(pid):  # pg_ctl failed: the postmaster this run started, by its pid
            os.kill(pid, signal.SIGKILL)


class RedisServer:
    """A Redis of the run's own, without persistence (the channel layer and cache need
    none): a restart empties it, as a real outage of an unpersisted Redis does."""

    def __init__(self, folder: Path, port: int):
        self.folder = folder
        self.port = port
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = open(self.folder / "redis.log", "a")
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--daemonize", "no"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        log.close()
        if not wait_until(self.ping, 20):
            raise RuntimeError(f"redis-server on port {self.port} did not answer")

    def ping(self) -> bool:
        answer = subprocess.run(["redis-cli", "-p", str(self.port), "ping"],
                                capture_output=True, text=True)
        return answer.stdout.strip() == "PONG"

    def shutdown(self) -> None:
        """``SHUTDOWN NOSAVE``, as an outage: everything it held is gone."""
        subprocess.run(["redis-cli", "-p", str(self.port), "shutdown", "nosave"],
                       capture_output=True)
        _reap(self.process, 10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.shutdown()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _reap(process: subprocess.Popen | None, timeout: float) -> None:
    """Wait for ``process`` to end; SIGKILL its process group (started with a session
    of its own, so the group is only it and its children) when it does not."""
    if process is None:
        return
    try:
        process.wait(timeout=timeout)
        return
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=10)


# ----- the site's processes -----------------------------------------------------------


@dataclass
class ProcessSpec:
    """One process of the site's topology: a name, its command, and the port it serves
    (daphne) so that it counts as started when the port answers."""

    name: str
    argv: list[str]
    port: int | None = None


@dataclass
class Supervised:
    spec: ProcessSpec
    process: subprocess.Popen | None = None
    killed_on_purpose: bool = False
    deaths: list[dict] = field(default_factory=list)  # exits nobody asked for
    restarts: int = 0


def topology(python: str, daphne: str, web_ports: list[int], play_workers: int = 2
             ) -> tuple[list[ProcessSpec], str]:
    """The production processes and where their commands come from: deploy/topology.py
    when this checkout has it (the configuration `make prod` runs), else the README's
    ("Production"). A daphne per port, the move scheduler ``play_workers`` times (each
    game is taken by one), the task worker once."""
    try:
        from deploy import topology as deployed
    except ImportError:
        return readme_topology(python, daphne, web_ports, play_workers), "README"
    local = {"python": python, "daphne": daphne}
    specs = []
    for process in deployed.processes("127.0.0.1"):
        argv = [local.get(arg, arg) for arg in process.command()]
        if process.per_port:
            specs += [ProcessSpec(f"daphne-{i + 1}",
                                  [local.get(a, a) for a in process.command(port)], port)
                      for i, port in enumerate(web_ports)]
        elif "play_worker" in argv:
            specs += [ProcessSpec(f"play_worker-{i + 1}", argv) for i in range(play_workers)]
        elif "db_worker" in argv:
            specs.append(ProcessSpec("db_worker", [*argv, *NO_RELOAD]))
        else:
            specs.append(ProcessSpec(process.name, argv))
    return specs, "deploy/topology.py"


# DEBUG is on without TAVERNE_ENV, and db_worker's autoreloader would then run the worker
# in a child process that exits and comes back on its own: the run wants the worker.
NO_RELOAD = ["--no-reload"]


def readme_topology(python: str, daphne: str, web_ports: list[int], play_workers: int
                    ) -> list[ProcessSpec]:
    specs = [ProcessSpec(f"daphne-{i + 1}", [daphne, "-b", "127.0.0.1", "-p", str(port),
                                             "config.asgi:application"], port)
             for i, port in enumerate(web_ports)]
    specs += [ProcessSpec(f"play_worker-{i + 1}", [python, "manage.py", "play_worker"])
              for i in range(play_workers)]
    specs.append(ProcessSpec("db_worker", [python, "manage.py", "db_worker", *NO_RELOAD]))
    return specs


class Supervisor:
    """Starts the site's processes, kills and restarts them on demand, and notices the
    ones that die on their own (restarted at once, and counted)."""

    def __init__(self, specs: list[ProcessSpec], env: dict, logs: Path, say):
        self.env = env
        self.logs = logs
        self.say = say
        self.procs = {spec.name: Supervised(spec) for spec in specs}

    def start_all(self) -> None:
        for name in self.procs:
            self.start(name, wait=False)
        for name in self.procs:
            self.wait_ready(name)

    def start(self, name: str, wait: bool = True) -> None:
        entry = self.procs[name]
        log = open(self.logs / f"{name}.log", "a")
        entry.process = subprocess.Popen(entry.spec.argv, cwd=ROOT, env=self.env, stdout=log,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        entry.killed_on_purpose = False
        if wait:
            self.wait_ready(name)

    def wait_ready(self, name: str, timeout: float = 90) -> None:
        entry = self.procs[name]
        if entry.spec.port is None:
            return
        if not wait_until(lambda: port_open(entry.spec.port) or entry.process.poll() is not None,
                          timeout):
            raise RuntimeError(f"{name} did not open port {entry.spec.port}")
        if entry.process.poll() is not None:
            raise RuntimeError(f"{name} exited with {entry.process.returncode} at start: "
                               f"see {self.logs / (name + '.log')}")

    def kill(self, name: str) -> None:
        """SIGKILL: no handler runs, no ``disconnect``, no cleanup (a crash, an OOM kill)."""
        entry = self.procs[name]
        entry.killed_on_purpose = True
        os.killpg(entry.process.pid, signal.SIGKILL)
        entry.process.wait(timeout=10)

    def restart(self, name: str) -> None:
        self.procs[name].restarts += 1
        self.start(name)

    def check_deaths(self, elapsed: float) -> list[str]:
        """Processes that exited without being killed by the run: recorded and started
        again (a process manager's restart policy would do the same)."""
        died = []
        for name, entry in self.procs.items():
            if entry.process is None or entry.killed_on_purpose:
                continue
            code = entry.process.poll()
            if code is None:
                continue
            entry.deaths.append({"at_s": round(elapsed, 1), "exit_code": code,
                                 "log_tail": tail(self.logs / f"{name}.log", 6)})
            self.say(f"{name} died on its own (exit {code}): restarting it")
            died.append(name)
            self.restart(name)
        return died

    def stop_all(self) -> None:
        for entry in self.procs.values():
            if entry.process is not None and entry.process.poll() is None:
                try:
                    os.killpg(entry.process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for entry in self.procs.values():
            _reap(entry.process, 10)

    def pids(self) -> dict[str, int | None]:
        return {name: e.process.pid if e.process else None for name, e in self.procs.items()}


def tail(path: Path, lines: int) -> list[str]:
    try:
        return path.read_text(errors="replace").splitlines()[-lines:]
    except OSError:
        return []
