import os
import secrets
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_check_deploy_passes_without_warning_under_production_settings():
    env = {
        **os.environ,
        "TAVERNE_ENV": "production",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "ALLOWED_HOSTS": "taverne.example",
        "CSRF_TRUSTED_ORIGINS": "https://taverne.example",
        "SITE_URL": "https://taverne.example",
    }

    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stderr


def test_production_refuses_the_development_secret_key():
    env = {**os.environ, "TAVERNE_ENV": "production", "ALLOWED_HOSTS": "taverne.example"}
    env.pop("SECRET_KEY", None)

    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
