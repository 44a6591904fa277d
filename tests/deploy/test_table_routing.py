"""nginx keeps each table's sockets on one daphne process (deploy/renderers/nginx.py):
the generated configuration, run by Debian's nginx in front of stand-in processes that
answer with their name."""

from __future__ import annotations

import http.client
import shutil
import socket
import ssl
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from deploy.renderers import nginx

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
pytestmark = pytest.mark.skipif(not shutil.which("openssl") or not shutil.which(NGINX),
                                reason="nginx or openssl is missing")
TABLES = range(1, 61)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stand_in(name):
    """A process that answers every request with its name."""

    class Answer(BaseHTTPRequestHandler):
        def do_GET(self):
            body = name.encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def proxy(tmp_path):
    """nginx with the generated site in front of three stand-ins: (https port, stand-ins)."""
    servers = {name: stand_in(name) for name in ("one", "two", "three")}
    for folder in ("log", "nginx", "tls"):
        (tmp_path / folder).mkdir()
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-keyout", tmp_path / "tls/site.key",
         "-out", tmp_path / "tls/site.crt"], check=True, capture_output=True)
    port = free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(nginx.local(str(tmp_path), port, 3,
                                ports=[s.server_address[1] for s in servers.values()]))
    process = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(tmp_path)],
                               stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            assert process.poll() is None, process.stderr.read().decode()
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)
    yield port, servers
    process.kill()
    process.wait()
    for server in servers.values():
        server.shutdown()


def routes(port, paths):
    """{path: the name of the process that answered it}, over one kept-alive connection
    (a TLS handshake per request would cost more than the test)."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    connection = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=5)
    answered = {}
    for path in paths:
        connection.request("GET", path)
        answered[path] = connection.getresponse().read().decode()
    connection.close()
    return answered


def served_by_table(port, query=""):
    paths = {f"/ws/tables/{table}/{query}": table for table in TABLES}
    return {paths[path]: name for path, name in routes(port, paths).items()}


def test_a_tables_sockets_all_reach_one_process_and_the_tables_spread_over_all(proxy):
    port, servers = proxy
    first = served_by_table(port)
    again = served_by_table(port, "?format=html")

    assert first == again  # every seat of a table, every time: the same process
    assert set(first.values()) == set(servers)  # and every process serves some tables


def test_a_process_down_moves_only_its_own_tables(proxy):
    port, servers = proxy
    before = served_by_table(port)
    servers["two"].shutdown()
    servers["two"].server_close()

    after = served_by_table(port)

    assert "two" not in after.values()
    assert all(after[t] == before[t] for t in TABLES if before[t] != "two")
