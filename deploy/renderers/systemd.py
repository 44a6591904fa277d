"""systemd units for a real host: the checkout in /srv/taverne with its virtualenv, run as
the user taverne, its settings in /etc/taverne/env (the variables of the README's
"Production"); PostgreSQL, Redis and nginx are Debian's own services (nginx with
deploy/nginx/host.conf in /etc/nginx/sites-enabled/).

`systemctl enable --now taverne.target` starts everything; taverne-release.service (build
and release steps: static files, migrations, the rules pages) runs once before the
processes start, and again by hand on each deploy (docs/operations.md, "Deploying").
"""

from __future__ import annotations

import shlex

from deploy import topology
from deploy.renderers import HEADER

ROOT = "/srv/taverne"
ENV_FILE = "/etc/taverne/env"
EXECUTABLES = {"python": f"{ROOT}/.venv/bin/python", "daphne": f"{ROOT}/.venv/bin/daphne"}
SERVICES = "postgresql.service redis-server.service"
TARGET = "taverne.target"


def unit_name(process: topology.Process) -> str:
    return f"taverne-{process.name}@.service" if process.per_port else (
        f"taverne-{process.name}.service")


def _command(argv) -> str:
    first, *rest = argv
    return shlex.join([EXECUTABLES.get(first, first), *rest])


# The processes' shared metrics (docs/operations.md, "Metrics"): made empty by the release
# unit at its first start after boot (/run is emptied at boot), kept while they run.
METRICS = "taverne-metrics"


def _common_service() -> str:
    # The topology's proxy settings; a value in the environment file wins over them.
    proxy = "".join(f"Environment={name}={value}\n"
                    for name, value in {**topology.PROXY_ENVIRONMENT,
                                        "PROMETHEUS_MULTIPROC_DIR": f"/run/{METRICS}"}.items())
    return f"""User=taverne
Group=taverne
WorkingDirectory={ROOT}
Environment=PYTHONUNBUFFERED=1
{proxy}EnvironmentFile={ENV_FILE}
"""


def _process_unit(process: topology.Process) -> str:
    restart = process.restart
    command = process.command("%i") if process.per_port else process.argv
    described = f"Taverne {process.name}" + (" on port %i" if process.per_port else "")
    probe = ""
    if process.per_port:
        # Started means answering: a rolling restart waits for this before the next one.
        probe = (
            "ExecStartPost=/usr/bin/curl --silent --fail --retry 30 --retry-connrefused "
            f"--retry-delay 1 --max-time 60 http://127.0.0.1:%i{topology.LIVENESS_PATH}\n"
        )
    return f"""# {HEADER}
[Unit]
Description={described}
PartOf={TARGET}
Wants=taverne-release.service {SERVICES}
After=taverne-release.service {SERVICES} network-online.target
StartLimitIntervalSec={restart.start_limit_interval}
StartLimitBurst={restart.retries}

[Service]
Type=exec
{_common_service()}ExecStart={_command(command)}
{probe}Restart=always
RestartSec={restart.delay}
KillSignal=SIG{restart.stop_signal}
TimeoutStopSec={restart.stop_wait}

[Install]
WantedBy={TARGET}
"""


def _release_unit() -> str:
    steps = "".join(
        f"ExecStart={_command(step)}\n"
        for step in (*topology.BUILD_STEPS, *topology.RELEASE_STEPS)
    )
    return f"""# {HEADER}
[Unit]
Description=Taverne release steps (static files, migrations, rules pages): once per deploy
Wants={SERVICES}
After={SERVICES} network-online.target

[Service]
Type=oneshot
# Done once for this boot: restarting a process does not migrate again. A deploy runs
# `systemctl restart taverne-release` first, then restarts the processes one at a time.
RemainAfterExit=yes
RuntimeDirectory={METRICS}
RuntimeDirectoryPreserve=yes
{_common_service()}{steps}
[Install]
WantedBy={TARGET}
"""


def _target() -> str:
    wanted = []
    for process in topology.processes():
        if process.per_port:
            name = unit_name(process)
            wanted += [name.replace("@", f"@{port}") for port in topology.daphne_ports()]
        else:
            wanted.append(unit_name(process))
    return f"""# {HEADER}
[Unit]
Description=Taverne: daphne processes, play_worker and the task worker
Wants=taverne-release.service {" ".join(wanted)}
After=taverne-release.service

[Install]
WantedBy=multi-user.target
"""


def render() -> dict[str, str]:
    """Unit file name -> text."""
    units = {TARGET: _target(), "taverne-release.service": _release_unit()}
    for process in topology.processes():
        units[unit_name(process)] = _process_unit(process)
    return units
