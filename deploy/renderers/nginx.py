"""nginx, which terminates TLS in front of the daphne processes: one site, three homes (this
machine's `make prod`, the Compose file, a real host's /etc/nginx/sites-enabled/).

Static files are whitenoise's (hashed names, compressed copies, far-future cache headers,
the same in every mode): nginx only proxies, so there is no second copy of staticfiles/ to
keep in step, and a container of nginx needs none of the site's files.
"""

from __future__ import annotations

from deploy import topology
from deploy.renderers import HEADER

# The upstream of the tables' sockets (/ws/tables/<id>/): the same processes, hashed.
TABLES_UPSTREAM = "taverne_tables"


def site(
    servers: list[str],
    listen: list[str],
    server_name: str,
    certificate: str,
    key: str,
    http_redirect: list[str] = (),
) -> str:
    upstream = "\n".join(
        # Refused once, a process is left alone 5 s: a restarting daphne costs no request
        # (nginx retries a refused connection on the next server).
        f"    server {server} max_fails=1 fail_timeout=5s;" for server in servers
    )
    listens = "\n".join(f"    listen {address} ssl http2;" for address in listen)
    text = f"""# {HEADER}
upstream taverne {{
{upstream}
}}

# A table's sockets go to one process, chosen by the table's id on a consistent hash
# ring: its moves fan out inside that process, and Redis carries only what crosses
# processes (docs/operations.md, "Routing"). A process down, its tables' sockets go to the
# next on the ring; back, only those tables return to it.
upstream {TABLES_UPSTREAM} {{
    hash $table_id consistent;
{upstream}
}}

map $http_upgrade $connection_upgrade {{
    default upgrade;
    ''      close;
}}

server {{
{listens}
    server_name {server_name};
    ssl_certificate {certificate};
    ssl_certificate_key {key};
    client_max_body_size 2m;

    proxy_http_version 1.1;
    proxy_set_header Host $host;
    # Replaced, not appended: daphne --proxy-headers reads the first address of the list,
    # the limits per address the last (TRUSTED_PROXY_COUNT=1). One address: both read the
    # visitor's, and a client cannot choose it (deploy/topology.py).
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    # Websockets (/ws/...): the upgrade passes through; a table stays open for hours.
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_read_timeout 1h;

    location / {{
        proxy_pass http://taverne;
    }}

    location ~ ^/ws/tables/(?<table_id>[0-9]+)/ {{
        proxy_pass http://{TABLES_UPSTREAM};
    }}

    # Readiness says which component is down: for this machine's probes and monitoring.
    location = {topology.READINESS_PATH} {{
        allow 127.0.0.1;
        allow ::1;
        deny all;
        proxy_pass http://taverne;
    }}
}}
"""
    if http_redirect:
        redirects = "\n".join(f"    listen {address};" for address in http_redirect)
        text += f"""
server {{
{redirects}
    server_name {server_name};
    return 301 https://$host$request_uri;
}}
"""
    return text


def local(var: str, https_port: int, daphne_processes: int, ports=None) -> str:
    """The whole nginx.conf of `make prod`: its own pid, logs and temporary files under
    ``var`` (var/prod/), not the system's /etc/nginx; in the foreground, under supervisord.
    ``ports``: the daphne processes' own (the topology's by default)."""
    ports = ports or topology.daphne_ports(daphne_processes)
    served = site(
        servers=[f"127.0.0.1:{port}" for port in ports],
        listen=[f"127.0.0.1:{https_port}"],
        server_name="127.0.0.1",
        certificate=f"{var}/tls/site.crt",
        key=f"{var}/tls/site.key",
    )
    indented = "".join(f"    {line}\n" if line else "\n" for line in served.splitlines())
    return f"""# {HEADER}
daemon off;
worker_processes 1;
pid {var}/nginx.pid;
error_log {var}/log/nginx-error.log warn;

events {{
    worker_connections 1024;
}}

http {{
    # Which process served each request: a table's sockets, one process (the fault run
    # reads it to see a killed process's tables move, faults/routing.py).
    log_format taverne '$remote_addr [$time_local] "$request" $status $body_bytes_sent '
                       '$request_time upstream=$upstream_addr';
    access_log {var}/log/nginx-access.log taverne;
    client_body_temp_path {var}/nginx/body;
    proxy_temp_path {var}/nginx/proxy;
    fastcgi_temp_path {var}/nginx/fastcgi;
    uwsgi_temp_path {var}/nginx/uwsgi;
    scgi_temp_path {var}/nginx/scgi;
    types {{
        text/html html;
    }}
    default_type application/octet-stream;

{indented}}}
"""


def host() -> str:
    """A real host's site, for /etc/nginx/sites-enabled/ (Debian's nginx.service)."""
    return site(
        servers=[f"127.0.0.1:{port}" for port in topology.daphne_ports()],
        listen=["443", "[::]:443"],
        server_name="taverne.example",
        certificate="/etc/letsencrypt/live/taverne.example/fullchain.pem",
        key="/etc/letsencrypt/live/taverne.example/privkey.pem",
        http_redirect=["80", "[::]:80"],
    )


def compose() -> str:
    """The Compose file's nginx container: the daphne services by name."""
    return site(
        servers=[f"daphne-{port}:{port}" for port in topology.daphne_ports()],
        listen=["443"],
        server_name="_",
        certificate="/etc/nginx/tls/site.crt",
        key="/etc/nginx/tls/site.key",
        http_redirect=["80"],
    )
