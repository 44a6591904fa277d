"""Run the build and release steps of deploy/topology.py in order, with this Python:
what `make prod` and `make prod-restart` do once before new processes start."""

from __future__ import annotations

import subprocess
import sys

from deploy import topology


def main() -> int:
    for step in (*topology.BUILD_STEPS, *topology.RELEASE_STEPS):
        command = [sys.executable if step[0] == "python" else step[0], *step[1:]]
        print("release:", " ".join(step[1:]), flush=True)
        if subprocess.run(command, stdin=subprocess.DEVNULL).returncode != 0:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
