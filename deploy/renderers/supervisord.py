"""supervisord's configuration: what `make prod` runs on this machine (deploy/prod.sh).

Paths are relative to this file's folder (supervisord's %(here)s), so the committed file
runs from any checkout; the varying numbers come from the environment deploy/prod.sh
exports from var/prod/env (%(ENV_...)s): how many daphne processes, the private Redis's
and the mail sink's ports.

Beside the site's processes it runs what a real host has as system services: a private
Redis and nginx of its own (under var/prod/, not the system's), and a mail sink standing
for the SMTP server production settings expect (Debian's aiosmtpd, which writes each
e-mail to its log). PostgreSQL stays Debian's service: deploy/prod.sh starts its cluster if
it is down, and never restarts it.
"""

from __future__ import annotations

import shlex

from deploy import topology
from deploy.renderers import HEADER

ROOT = "%(here)s/.."
VAR = f"{ROOT}/var/prod"
METRICS = f"{VAR}/metrics"
EXECUTABLES = {"python": f"{ROOT}/.venv/bin/python", "daphne": f"{ROOT}/.venv/bin/daphne"}

# What a real host has as system services, here under supervisord, started first.
LOCAL_SERVICES = {
    "redis": (
        # The channel layer, the cache and the rate limits: nothing to keep across a
        # restart (docs/operations.md, "Backups"), so no snapshot and no append-only file.
        "redis-server", "--bind", "127.0.0.1", "--port", "%(ENV_PROD_REDIS_PORT)s",
        "--save", "", "--appendonly", "no", "--dir", f"{VAR}/redis",
    ),
    "mail-sink": (
        "/usr/bin/python3", "-m", "aiosmtpd", "--nosetuid",
        "--listen", "127.0.0.1:%(ENV_PROD_MAIL_PORT)s",
    ),
}
NGINX = ("nginx", "-e", f"{VAR}/log/nginx-error.log", "-p", f"{VAR}/nginx/",
         "-c", f"{VAR}/nginx.conf")


def _command(argv) -> str:
    first, *rest = argv
    return shlex.join([EXECUTABLES.get(first, first), *rest])


def _program(name: str, argv, priority: int, restart: topology.Restart, autostart: bool,
             **extra) -> str:
    lines = [
        f"[program:{name}]",
        f"command={_command(argv)}",
        f"directory={ROOT}",
        f"priority={priority}",
        f"autostart={str(autostart).lower()}",
        "autorestart=true",
        f"startsecs={restart.started_after}",
        f"startretries={restart.retries}",
        f"stopsignal={restart.stop_signal}",
        f"stopwaitsecs={restart.stop_wait}",
        # The signal reaches the whole process group: nothing is left behind.
        "stopasgroup=true",
        "killasgroup=true",
        "redirect_stderr=true",
        f"stdout_logfile={VAR}/log/{extra.pop('log', name)}.log",
        "stdout_logfile_maxbytes=20MB",
        "stdout_logfile_backups=5",
    ]
    lines += [f"{key}={value}" for key, value in extra.items()]
    return "\n".join(lines) + "\n"


def render() -> str:
    environment = ",".join(
        f'{name}="{value}"'
        for name, value in {
            "PYTHONUNBUFFERED": "1",
            **topology.PROXY_ENVIRONMENT,
            # One directory for every process's metrics (docs/operations.md, "Metrics"),
            # emptied by deploy/prod.sh before the site's processes start together.
            "PROMETHEUS_MULTIPROC_DIR": METRICS,
        }.items()
    )
    parts = [f"""; {HEADER}
; `make prod` starts it (deploy/prod.sh), `make prod-stop` stops it, `make prod-restart`
; restarts the daphne processes one at a time. By hand, with var/prod/env exported:
;   .venv/bin/supervisorctl -c deploy/supervisord.conf status

[supervisord]
logfile={VAR}/log/supervisord.log
pidfile={VAR}/supervisord.pid
childlogdir={VAR}/log
directory={ROOT}
; Python's output reaches the logs line by line, not when a buffer fills; the proxy's
; settings are the topology's (deploy/topology.py, PROXY_ENVIRONMENT); the processes share
; one directory of metrics.
environment={environment}

[unix_http_server]
file={VAR}/supervisor.sock
chmod=0700

[supervisorctl]
serverurl=unix://{VAR}/supervisor.sock

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface
"""]
    # Only the services start with supervisord: the release steps need Redis (the rules
    # pages clear the cache), and the site's processes and nginx start after them
    # (deploy/prod.sh: `supervisorctl start site:*`), so migrations always come first.
    services = topology.Restart(stop_wait=10)
    for name, argv in LOCAL_SERVICES.items():
        parts.append(_program(name, argv, 10, services, autostart=True))
    for process in topology.processes():
        if process.per_port:
            # One program, one copy per port: process_num is the port (daphne-8001...).
            parts.append(_program(
                process.name, process.command("%(process_num)d"), 20, process.restart,
                autostart=False,
                log=f"{process.name}-%(process_num)d",
                process_name=f"{process.name}-%(process_num)d",
                numprocs="%(ENV_DAPHNE_PROCESSES)s",
                numprocs_start=topology.DAPHNE_FIRST_PORT,
            ))
        else:
            parts.append(_program(process.name, process.argv, 20, process.restart,
                                  autostart=False))
    # QUIT: nginx finishes the requests in hand before it stops.
    parts.append(_program("nginx", NGINX, 30, topology.Restart(stop_signal="QUIT", stop_wait=10),
                          autostart=False))
    site = ",".join([process.name for process in topology.processes()] + ["nginx"])
    parts.append(f"[group:site]\nprograms={site}\n")
    return "\n".join(parts)
