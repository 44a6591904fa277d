"""The topology as a Compose file, for hosts that run containers.

Untested by running: no image can be pulled on the machine the project is built on, so
`tests/deploy/test_generated.py` checks what the file says (every process, the same
commands, the release before them) and `make prod` runs the same topology under
supervisord. The site's image is built from deploy/Dockerfile; its settings come from
deploy/taverne.env (the README's "Production" variables, written by the operator),
the database's password from POSTGRES_PASSWORD in the shell or a .env file.
"""

from __future__ import annotations

import json

from deploy import topology
from deploy.renderers import HEADER

IMAGE = "taverne:latest"
PASSWORD = "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
DATABASE_URL = f"postgres://taverne:{PASSWORD}@postgres:5432/taverne"
REDIS_URL = "redis://redis:6379/0"


def _python_probe(port: int, path: str) -> list[str]:
    # The slim Python image has no curl.
    return ["CMD", "python", "-c",
            f"import urllib.request; urllib.request.urlopen('http://127.0.0.1:{port}{path}')"]


def _app(command, depends_on, **extra) -> dict:
    restart = topology.Restart()
    return {
        "image": IMAGE,
        "build": {"context": "..", "dockerfile": "deploy/Dockerfile"},
        "command": list(command),
        "env_file": ["taverne.env"],
        "environment": {
            "DATABASE_URL": DATABASE_URL,
            "REDIS_URL": REDIS_URL,
            **topology.PROXY_ENVIRONMENT,
        },
        "depends_on": depends_on,
        # Docker waits longer between restarts of a process that keeps failing.
        "restart": "unless-stopped",
        "stop_signal": f"SIG{restart.stop_signal}",
        "stop_grace_period": f"{restart.stop_wait}s",
        **extra,
    }


def services() -> dict:
    after_release = {"release": {"condition": "service_completed_successfully"}}
    found = {
        "postgres": {
            "image": "postgres:15",
            "environment": {"POSTGRES_DB": "taverne", "POSTGRES_USER": "taverne",
                            "POSTGRES_PASSWORD": PASSWORD},
            "volumes": ["postgres:/var/lib/postgresql/data"],
            "healthcheck": {"test": ["CMD", "pg_isready", "-U", "taverne"],
                            "interval": "5s", "retries": 12},
            "restart": "unless-stopped",
        },
        "redis": {
            # Channel layer, cache, rate limits: nothing to keep (docs/operations.md).
            "image": "redis:7",
            "command": ["redis-server", "--save", "", "--appendonly", "no"],
            "healthcheck": {"test": ["CMD", "redis-cli", "ping"], "interval": "5s",
                            "retries": 12},
            "restart": "unless-stopped",
        },
        "release": {
            # Once, before the site's processes start: migrations, then the rules pages
            # (static files are collected into the image when it is built).
            **_app(["sh", "-c", " && ".join(
                " ".join(step) for step in topology.RELEASE_STEPS)],
                {"postgres": {"condition": "service_healthy"},
                 "redis": {"condition": "service_healthy"}}),
            "restart": "no",
        },
    }
    for name, command in topology.instances(bind="0.0.0.0").items():
        extra = {}
        if name.startswith("daphne-"):
            port = int(name.removeprefix("daphne-"))
            extra["healthcheck"] = {"test": _python_probe(port, topology.LIVENESS_PATH),
                                    "interval": "10s", "retries": 3}
        found[name] = _app(command, after_release, **extra)
    found["nginx"] = {
        "image": "nginx:1.27",
        "ports": ["443:443", "80:80"],
        "volumes": ["./nginx/compose.conf:/etc/nginx/conf.d/default.conf:ro",
                    "./tls:/etc/nginx/tls:ro"],
        "depends_on": {name: {"condition": "service_healthy"}
                       for name in topology.instances() if name.startswith("daphne-")},
        "restart": "unless-stopped",
    }
    return found


def document() -> dict:
    return {
        "name": "taverne",
        "services": services(),
        "volumes": {"postgres": {}},
    }


def _yaml(value, indent: int = 0) -> str:
    """YAML of plain dicts, lists and strings (JSON strings are YAML's double-quoted
    scalars), enough for this file without a YAML library in production."""
    pad = "  " * indent
    lines = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | list) and item:
                lines.append(f"{pad}{key}:\n{_yaml(item, indent + 1)}")
            else:
                lines.append(f"{pad}{key}: {_scalar(item)}")
    else:
        for item in value:
            if isinstance(item, dict | list) and item:
                lines.append(f"{pad}-\n{_yaml(item, indent + 1)}")
            else:
                lines.append(f"{pad}- {_scalar(item)}")
    return "\n".join(lines)


def _scalar(value) -> str:
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value))


def render() -> str:
    return (
        f"# {HEADER}\n"
        "# Images cannot be pulled where Taverne is built: this file is checked by\n"
        "# tests/deploy/test_generated.py, not run there. `make prod` runs the same topology.\n"
        "# Build and start: docker compose -f deploy/compose.yaml up --build -d\n"
        f"{_yaml(document())}\n"
    )
