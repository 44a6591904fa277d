import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User

REPO = Path(__file__).resolve().parents[2]


def test_it_creates_the_demo_players_and_the_editor(settings, db):
    settings.EMBEDDED = True

    call_command("load_demo")
    call_command("load_demo")  # idempotent

    users = {u.username: u for u in User.objects.all()}
    assert set(users) == {"alice", "bob", "charlie", "edith"}
    assert all(user.level == 1 for user in users.values())
    assert users["alice"].check_password("taverne-demo")
    assert users["edith"].is_staff
    assert users["edith"].groups.filter(name="Éditeurs").exists()


def test_it_refuses_outside_the_embedded_mode(settings, db):
    settings.EMBEDDED = False

    with pytest.raises(CommandError, match="Refusing"):
        call_command("load_demo")

    assert not User.objects.exists()


def test_it_refuses_under_production_settings():
    env = {
        **os.environ,
        "TAVERNE_ENV": "production",
        "DEBUG": "0",
        "SECRET_KEY": "x" * 64,
        "ALLOWED_HOSTS": "taverne.example",
        "SITE_URL": "https://taverne.example",
    }

    result = subprocess.run(
        [sys.executable, "manage.py", "load_demo"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode != 0
    assert "Refusing to create demo accounts" in result.stderr


def test_setup_embedded_runs_the_listed_commands(settings, db):
    settings.EMBEDDED = True
    settings.EMBEDDED_SETUP_COMMANDS = ["load_demo"]

    call_command("setup_embedded")

    assert User.objects.filter(username="edith").exists()
