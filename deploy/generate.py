"""Write the configurations of deploy/topology.py, or check the committed ones.

    python -m deploy.generate            # rewrite the committed files
    python -m deploy.generate --check    # exit 1 naming each file that differs
    python -m deploy.generate --local-nginx var/prod/nginx.conf
                                         # this machine's nginx.conf (make prod)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from deploy import topology
from deploy.renderers import compose, nginx, supervisord, systemd

HERE = Path(__file__).resolve().parent


def outputs() -> dict[Path, str]:
    """Every committed file generated from the topology, by path."""
    files = {
        HERE / "supervisord.conf": supervisord.render(),
        HERE / "compose.yaml": compose.render(),
        HERE / "nginx" / "host.conf": nginx.host(),
        HERE / "nginx" / "compose.conf": nginx.compose(),
    }
    for name, text in systemd.render().items():
        files[HERE / "systemd" / name] = text
    return files


def stale() -> list[Path]:
    return [path for path, text in outputs().items()
            if not path.exists() or path.read_text() != text]


def write() -> None:
    for path, text in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="fail when a committed file differs from the topology")
    parser.add_argument("--local-nginx", metavar="PATH",
                        help="write this machine's nginx.conf (read var/prod/env first)")
    options = parser.parse_args(argv)
    if options.local_nginx:
        target = Path(options.local_nginx).resolve()
        target.write_text(nginx.local(
            var=str(target.parent),
            https_port=int(os.environ.get("PROD_HTTPS_PORT", "8443")),
            daphne_processes=int(os.environ.get("DAPHNE_PROCESSES",
                                                topology.DAPHNE_PROCESSES)),
        ))
        return 0
    if options.check:
        differing = stale()
        for path in differing:
            print(f"{os.path.relpath(path, HERE.parent)} differs from deploy/topology.py: "
                  "run python -m deploy.generate", file=sys.stderr)
        return 1 if differing else 0
    write()
    return 0


if __name__ == "__main__":
    sys.exit(main())
