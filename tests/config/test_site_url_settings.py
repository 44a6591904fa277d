"""SITE_URL, the site's address: checked when the settings load, required in production,
given by `make run` from the address it serves; and ``absolute_url``, the one way the site
builds a full link from it."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import parse_site_url
from taverne.site import absolute_url, site_domain

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("given, kept", [
    ("https://taverne.example", "https://taverne.example"),
    ("https://taverne.example/", "https://taverne.example"),
    ("http://127.0.0.1:8105", "http://127.0.0.1:8105"),
    (" https://taverne.example:8443 ", "https://taverne.example:8443"),
])
def test_it_keeps_a_site_url_without_its_trailing_slash(given, kept):
    assert parse_site_url(given) == kept


@pytest.mark.parametrize("wrong", [
    "taverne.example", "127.0.0.1:8000", "ftp://taverne.example", "https://",
    "https://taverne.example/jouer/", "https://taverne.example/?a=1",
    "https://user:secret@taverne.example",
])
def test_it_refuses_a_site_url_that_is_not_an_address(wrong):
    with pytest.raises(ImproperlyConfigured, match="SITE_URL"):
        parse_site_url(wrong)


def run_settings(**env_vars):
    env = {k: v for k, v in os.environ.items() if k != "SITE_URL"} | env_vars
    return subprocess.run(
        [sys.executable, "-c", "import config.settings as s; print(s.SITE_URL)"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=60,
    )


def test_production_refuses_to_start_without_site_url():
    result = run_settings(TAVERNE_ENV="production", SECRET_KEY=secrets.token_urlsafe(64),
                          ALLOWED_HOSTS="taverne.example")

    assert result.returncode != 0
    assert "ImproperlyConfigured: SITE_URL must be set in production" in result.stderr


def test_production_starts_with_its_site_url():
    result = run_settings(TAVERNE_ENV="production", SECRET_KEY=secrets.token_urlsafe(64),
                          ALLOWED_HOSTS="taverne.example", SITE_URL="https://taverne.example/")

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "https://taverne.example"


def test_development_defaults_to_the_address_of_runserver():
    result = run_settings()

    assert result.stdout.strip() == "http://127.0.0.1:8000"


# What a `make test` running these tests passes down to the make they start.
FROM_A_PARENT_MAKE = ("SITE_URL", "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")


def make_run(*args, **env_vars):
    """The command with which `make run` would start the server (make -n: nothing runs)."""
    env = {k: v for k, v in os.environ.items() if k not in FROM_A_PARENT_MAKE} | env_vars
    result = subprocess.run(["make", "-n", "--no-print-directory", "run", *args], cwd=REPO,
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    [server] = [line for line in result.stdout.splitlines() if "runserver" in line]
    return server


def test_make_run_builds_links_from_the_address_it_serves():
    assert make_run("PORT=8105") == (
        "SITE_URL='http://127.0.0.1:8105' .venv/bin/python manage.py runserver 127.0.0.1:8105"
    )


def test_make_run_on_every_interface_links_to_this_machine():
    assert make_run("HOST=0.0.0.0").startswith("SITE_URL='http://127.0.0.1:8000' ")


def test_make_run_keeps_a_site_url_given_by_the_user():
    assert make_run("PORT=8105", SITE_URL="http://my-machine.lan:8105").startswith(
        "SITE_URL='http://my-machine.lan:8105' "
    )
    assert make_run("SITE_URL=https://taverne.example").startswith(
        "SITE_URL='https://taverne.example' "
    )


def test_absolute_url_puts_a_path_of_the_site_after_site_url(settings):
    settings.SITE_URL = "https://taverne.example:8443"

    assert absolute_url("/jouer/") == "https://taverne.example:8443/jouer/"
    assert site_domain() == "taverne.example:8443"


@pytest.mark.parametrize("not_a_path", ["jouer/", "//evil.example/", "https://evil.example/"])
def test_absolute_url_refuses_what_is_not_a_path_of_the_site(not_a_path):
    with pytest.raises(ValueError):
        absolute_url(not_a_path)
