"""The fault run's proxy: Debian's nginx with the configuration `make prod` runs
(deploy/renderers/nginx.py), in front of the two daphne processes. Some tables' seats
connect through it, so each of those tables lives on the one process its id hashes to;
the daphne the run kills is the one serving most of them, and the access log, which
names the process behind each request, shows where their sockets went after the kill.
"""

from __future__ import annotations

import re
import shutil
import ssl
import subprocess
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from deploy.renderers import nginx
from faults.services import ProcessSpec

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# One access log line: the request, its status, and the process that answered it.
LOG_LINE = re.compile(r'"GET (?P<path>\S+) [^"]*" (?P<status>\d{3}) .* upstream=(?P<up>.*)$')


def available() -> bool:
    return Path(NGINX).exists() and shutil.which("openssl") is not None


def client_ssl() -> ssl.SSLContext:
    """The proxy's certificate is made for the run: trusted without a check."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    return context


class Proxy:
    """nginx on ``port``, its files under ``folder``/proxy, in front of ``web_ports``."""

    def __init__(self, folder: Path, port: int, web_ports: list[int]):
        self.var = folder / "proxy"
        self.port = port
        self.web_ports = web_ports
        self.log = self.var / "log" / "nginx-access.log"
        self.ssl = client_ssl()

    def prepare(self) -> None:
        for sub in ("log", "nginx", "tls"):
            (self.var / sub).mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=127.0.0.1", "-keyout", self.var / "tls/site.key",
             "-out", self.var / "tls/site.crt"], check=True, capture_output=True)
        (self.var / "nginx.conf").write_text(
            nginx.local(str(self.var), self.port, len(self.web_ports), ports=self.web_ports))

    def spec(self) -> ProcessSpec:
        return ProcessSpec("nginx", [NGINX, "-c", str(self.var / "nginx.conf"),
                                     "-p", str(self.var)], self.port)

    def socket_url(self, table_id: int) -> str:
        return f"wss://127.0.0.1:{self.port}/ws/tables/{table_id}/"

    def upstream_of(self, table_id: int) -> int | None:
        """The port of the process the proxy sends ``table_id``'s sockets to now: a plain
        request on the table's socket path (answered 404 by the process, logged with it)."""
        mark = uuid.uuid4().hex
        path = f"/ws/tables/{table_id}/?route={mark}"
        try:
            urllib.request.urlopen(f"https://127.0.0.1:{self.port}{path}", timeout=5,
                                   context=self.ssl).close()
        except urllib.error.HTTPError:
            pass  # the 404 expected: the process answered
        except (urllib.error.URLError, OSError):
            return None
        for line in reversed(self.lines()):
            found = LOG_LINE.search(line)
            if found and found["path"] == path:
                return last_port(found["up"])
        return None

    def sockets_of(self, table_id: int) -> list[int]:
        """The ports of the processes that served ``table_id``'s sockets, in the order the
        sockets closed (nginx writes a socket's line when it closes)."""
        prefix = f"/ws/tables/{table_id}/"
        ports = []
        for line in self.lines():
            found = LOG_LINE.search(line)
            if found and found["status"] == "101" and found["path"].split("?")[0] == prefix:
                ports.append(last_port(found["up"]))
        return ports

    def lines(self) -> list[str]:
        try:
            return self.log.read_text(errors="replace").splitlines()
        except FileNotFoundError:
            return []


def last_port(upstreams: str) -> int | None:
    """``127.0.0.1:8001, 127.0.0.1:8002`` (a refused first try): the one that answered."""
    last = upstreams.split(",")[-1].strip()
    port = last.rsplit(":", 1)[-1]
    return int(port) if port.isdigit() else None
