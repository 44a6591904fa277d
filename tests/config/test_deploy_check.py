import os
import secrets
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


PRODUCTION = {
    "TAVERNE_ENV": "production",
    "DEBUG": "0",
    "ALLOWED_HOSTS": "taverne.example",
    "CSRF_TRUSTED_ORIGINS": "https://taverne.example",
    "SITE_URL": "https://taverne.example",
    "TRUSTED_PROXY_COUNT": "1",
}


def check_deploy(**changes):
    env = {**os.environ, **PRODUCTION, "SECRET_KEY": secrets.token_urlsafe(64), **changes}
    for name in [name for name, value in env.items() if value is None]:
        del env[name]
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_passes_without_warning_under_production_settings():
    result = check_deploy()

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stderr


def test_check_deploy_warns_when_the_proxy_hides_every_visitors_address():
    result = check_deploy(TRUSTED_PROXY_COUNT=None)

    assert result.returncode != 0
    assert "accounts.W001" in result.stderr


def test_check_deploy_refuses_a_staging_sandbox_without_its_own_secret():
    refused = check_deploy(PAYMENT_SANDBOX_ALLOWED="1", SANDBOX_WEBHOOK_SECRET=None)
    accepted = check_deploy(PAYMENT_SANDBOX_ALLOWED="1",
                            SANDBOX_WEBHOOK_SECRET=secrets.token_urlsafe(32))

    assert refused.returncode != 0 and "economy.E001" in refused.stderr
    assert accepted.returncode == 0, accepted.stderr


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
