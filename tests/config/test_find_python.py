import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bin" / "find-python"


def find_python(**env):
    return subprocess.run(
        ["sh", str(SCRIPT)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_it_honours_python_when_recent_enough():
    result = find_python(PYTHON=sys.executable)

    assert result.returncode == 0
    assert result.stdout.strip() == sys.executable


def test_it_refuses_a_python_that_does_not_run():
    result = find_python(PYTHON="/nonexistent/python3")

    assert result.returncode != 0
    assert "not a working Python 3.12" in result.stderr
