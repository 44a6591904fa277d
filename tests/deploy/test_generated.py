"""The configurations of deploy/ say what deploy/topology.py says.

supervisord's (what `make prod` runs here), the Compose file and the systemd units for
real hosts, nginx's sites: generated from the one topology, checked here without running
them (no image can be pulled on this machine; deploy/smoke.sh runs supervisord's).
"""

import configparser
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from deploy import generate, topology
from deploy.renderers import nginx, supervisord

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
EXPECTED = topology.instances()  # daphne-8001, daphne-8002, play-worker, task-worker


def without_executable_path(command) -> tuple[str, ...]:
    """`/srv/taverne/.venv/bin/python manage.py play_worker` reads as the topology's
    `python manage.py play_worker`."""
    first, *rest = command
    return (Path(first).name, *rest)


def supervisord_programs() -> dict[str, tuple]:
    """The processes supervisord starts with the default environment of `make prod`."""
    parser = configparser.RawConfigParser()
    parser.read(DEPLOY / "supervisord.conf")
    running = {}
    for section in parser.sections():
        if not section.startswith("program:"):
            continue
        program = parser[section]
        first = int(program.get("numprocs_start", "0"))
        count = program.get("numprocs", "1").replace(
            "%(ENV_DAPHNE_PROCESSES)s", str(topology.DAPHNE_PROCESSES))
        for number in range(first, first + int(count)):
            name = program.get("process_name", section.removeprefix("program:"))
            name = name.replace("%(process_num)d", str(number))
            command = program["command"].replace("%(process_num)d", str(number))
            running[name] = without_executable_path(shlex.split(command))
    return running


def compose_services() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]


def systemd_units() -> dict[str, configparser.RawConfigParser]:
    units = {}
    for path in (DEPLOY / "systemd").iterdir():
        parser = configparser.RawConfigParser(strict=False)
        parser.optionxform = str
        parser.read(path)
        units[path.name] = parser
    return units


def test_the_committed_files_are_what_the_topology_generates():
    result = subprocess.run([sys.executable, "-m", "deploy.generate", "--check"],
                            cwd=REPO, capture_output=True, text=True, timeout=60)

    assert result.returncode == 0, result.stderr


def test_the_check_names_a_file_edited_by_hand(tmp_path, monkeypatch):
    edited = tmp_path / "supervisord.conf"
    edited.write_text(supervisord.render() + "\n[program:extra]\ncommand=true\n")
    monkeypatch.setattr(generate, "outputs", lambda: {edited: supervisord.render()})

    assert generate.stale() == [edited]
    assert generate.main(["--check"]) == 1


def test_supervisord_starts_every_process_with_the_topologys_command():
    programs = supervisord_programs()

    for name, command in EXPECTED.items():
        assert programs[name] == command
    # And what a real host has as services: Redis, the mail sink, nginx.
    assert {"redis", "mail-sink", "nginx"} <= set(programs)


def test_supervisord_restarts_the_sites_processes_and_stops_them_gently():
    parser = configparser.RawConfigParser()
    parser.read(DEPLOY / "supervisord.conf")

    for name in ("daphne", "play-worker", "task-worker"):
        program = parser[f"program:{name}"]
        assert program["autorestart"] == "true"
        assert program["stopsignal"] == "TERM"
        assert int(program["stopwaitsecs"]) >= 10
        assert int(program["startretries"]) > 1
        # Started by deploy/prod.sh after the migrations, never before them.
        assert program["autostart"] == "false"


def test_compose_runs_every_process_with_the_topologys_command_after_the_release():
    services = compose_services()

    for name, command in topology.instances(bind="0.0.0.0").items():
        service = services[name]
        assert tuple(service["command"]) == command
        assert service["depends_on"]["release"]["condition"] == (
            "service_completed_successfully")
        assert service["restart"] == "unless-stopped"
        assert service["environment"]["TRUSTED_PROXY_COUNT"] == "1"
    assert "migrate --noinput" in services["release"]["command"][-1]
    assert services["redis"]["command"] == [
        "redis-server", "--save", "", "--appendonly", "no"]


def test_systemd_has_a_unit_for_every_process_with_the_topologys_command():
    units = systemd_units()
    wanted = units["taverne.target"]["Unit"]["Wants"].split()

    for name, command in EXPECTED.items():
        if name.startswith("daphne-"):
            port = name.removeprefix("daphne-")
            assert f"taverne-daphne@{port}.service" in wanted
            unit = units["taverne-daphne@.service"]
            exec_start = unit["Service"]["ExecStart"].replace("%i", port)
        else:
            assert f"taverne-{name}.service" in wanted
            unit = units[f"taverne-{name}.service"]
            exec_start = unit["Service"]["ExecStart"]
        assert without_executable_path(shlex.split(exec_start)) == command
        assert unit["Service"]["Restart"] == "always"
        assert unit["Service"]["KillSignal"] == "SIGTERM"
        assert "taverne-release.service" in unit["Unit"]["After"]


def test_systemd_releases_once_before_the_processes():
    release = systemd_units()["taverne-release.service"]["Service"]

    assert release["Type"] == "oneshot"
    assert release["RemainAfterExit"] == "yes"


@pytest.mark.parametrize("site", [nginx.host(), nginx.compose(),
                                  nginx.local("/var/prod", 8443, 3)])
def test_nginx_passes_websockets_and_the_visitors_address(site):
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in site
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in site
    assert "proxy_set_header Upgrade $http_upgrade;" in site
    assert "ssl_certificate " in site


def test_nginx_sends_to_every_daphne_process():
    # once among the pages' servers, once among the tables' (hashed by table)
    assert nginx.local("/var/prod", 8443, 3).count("server 127.0.0.1:80") == 2 * 3
    for port in topology.daphne_ports():
        assert f"server 127.0.0.1:{port} " in nginx.host()
        assert f"server daphne-{port}:{port} " in nginx.compose()


def test_every_daphne_process_reads_the_proxy_headers():
    for command in topology.instances().values():
        if command[0] == "daphne":
            assert "--proxy-headers" in command


def test_every_configuration_trusts_one_proxy_as_nginx_sends_one_address():
    parser = configparser.RawConfigParser()
    parser.read(DEPLOY / "supervisord.conf")
    units = [path.read_text() for path in (DEPLOY / "systemd").glob("*.service")]

    assert 'TRUSTED_PROXY_COUNT="1"' in parser["supervisord"]["environment"]
    assert all("Environment=TRUSTED_PROXY_COUNT=1\n" in unit for unit in units)
    for name in topology.instances():
        assert compose_services()[name]["environment"]["TRUSTED_PROXY_COUNT"] == "1"


def test_the_processes_of_a_host_share_one_directory_of_metrics():
    parser = configparser.RawConfigParser()
    parser.read(DEPLOY / "supervisord.conf")
    units = systemd_units()

    assert "PROMETHEUS_MULTIPROC_DIR=" in parser["supervisord"]["environment"]
    for path in (DEPLOY / "systemd").glob("*.service"):
        assert "Environment=PROMETHEUS_MULTIPROC_DIR=/run/taverne-metrics\n" in path.read_text()
    # Made by the release, before the processes, and not emptied while they run.
    assert units["taverne-release.service"]["Service"]["RuntimeDirectory"] == "taverne-metrics"
    assert units["taverne-release.service"]["Service"]["RuntimeDirectoryPreserve"] == "yes"


SYSTEMD_ANALYZE = "/usr/bin/systemd-analyze"


@pytest.mark.skipif(not Path(SYSTEMD_ANALYZE).exists(), reason="systemd-analyze is missing")
def test_systemd_reads_every_unit_without_a_warning(tmp_path):
    """systemd's own parser reads the units: an unknown key, a misspelt value or a signal
    it does not know is a warning there, and is ignored on a real host. The units name
    /srv/taverne and curl, which this machine lacks: they point at stand-ins here."""
    app = tmp_path / "app"
    (app / ".venv" / "bin").mkdir(parents=True)
    stand_ins = [app / ".venv" / "bin" / "python", app / ".venv" / "bin" / "daphne",
                 tmp_path / "curl"]
    for program in stand_ins:
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
    units = tmp_path / "units"
    units.mkdir()
    names = []
    for unit in sorted((DEPLOY / "systemd").iterdir()):
        text = unit.read_text().replace("/srv/taverne", str(app))
        text = text.replace("/usr/bin/curl", str(tmp_path / "curl"))
        (units / unit.name).write_text(text)
        names.append(unit.name.replace("@.service", "@8001.service"))
    assert "/usr/bin/curl" in (DEPLOY / "systemd" / "taverne-daphne@.service").read_text()
    checked = subprocess.run([SYSTEMD_ANALYZE, "verify", "--man=no", *names], cwd=units,
                             capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and checked.stdout + checked.stderr == "", (
        checked.stdout + checked.stderr)
