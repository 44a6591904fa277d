#!/usr/bin/env bash
# The production site on this machine, behind its own nginx (docs/operations.md, "Deploying").
#
#   deploy/prod.sh deps      the Debian packages it needs (make prod-deps)
#   deploy/prod.sh up        bring it up, or deploy the checkout's code to it (make prod)
#   deploy/prod.sh restart   release steps, then restart the processes one at a time
#   deploy/prod.sh stop      stop every process it started (make prod-stop)
#
# Everything it writes lives under var/prod/ (git-ignored): the settings with their
# generated secrets (var/prod/env, kept across runs: edit it to change a setting), the
# self-signed certificate, nginx's configuration, pid files, logs. PostgreSQL is Debian's
# system service: its cluster is started if it is down, never restarted or stopped.
set -euo pipefail
cd "$(dirname "$0")/.."

ROOT=$(pwd)
VAR="$ROOT/var/prod"
ENV_FILE="$VAR/env"
PY="$ROOT/.venv/bin/python"
SUPERVISORCTL=("$ROOT/.venv/bin/supervisorctl" -c "$ROOT/deploy/supervisord.conf")
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

say() { echo "prod: $*"; }
fail() { echo "prod: $*" >&2; exit 1; }

deps() {
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    # The mail sink (python3-aiosmtpd) stands for the SMTP server of a real host.
    $SUDO apt-get install -y -qq postgresql redis-server nginx openssl curl python3-aiosmtpd
}

check_deps() {
    local missing=()
    for command in nginx redis-server openssl curl pg_lsclusters; do
        command -v "$command" >/dev/null || missing+=("$command")
    done
    /usr/bin/python3 -c "import aiosmtpd" 2>/dev/null || missing+=("python3-aiosmtpd")
    [ -x "$PY" ] || missing+=(".venv (make run or make test builds it)")
    if [ ${#missing[@]} -gt 0 ]; then
        fail "missing: ${missing[*]}. Run: make prod-deps"
    fi
}

# The settings of the site, written once with fresh secrets; a value given in the
# environment of the first `make prod` (PROD_HTTPS_PORT=9443 make prod) is kept there.
write_env() {
    [ -f "$ENV_FILE" ] && return
    local secret password https_port
    secret=$("$PY" -c "import secrets; print(secrets.token_urlsafe(50))")
    password=$("$PY" -c "import secrets; print(secrets.token_hex(16))")
    https_port=${PROD_HTTPS_PORT:-8443}
    umask 077
    cat >"$ENV_FILE" <<ENV
# The production site of this machine (deploy/prod.sh wrote it; edit, then make prod-stop
# and make prod). The README's "Production" lists every variable.
TAVERNE_ENV=production
SECRET_KEY=$secret
SITE_URL=https://127.0.0.1:$https_port
# An address only: browsers keep no HSTS for one, so http://localhost:8000 (make run)
# is not turned to HTTPS afterwards.
ALLOWED_HOSTS=127.0.0.1
CSRF_TRUSTED_ORIGINS=https://127.0.0.1:$https_port
PROD_DB_NAME=${PROD_DB_NAME:-taverne_prod}
PROD_DB_USER=${PROD_DB_USER:-taverne_prod}
PROD_DB_PASSWORD=$password
PROD_PG_PORT=${PROD_PG_PORT:-5432}
DATABASE_URL=postgres://${PROD_DB_USER:-taverne_prod}:$password@127.0.0.1:${PROD_PG_PORT:-5432}/${PROD_DB_NAME:-taverne_prod}
PROD_REDIS_PORT=${PROD_REDIS_PORT:-6380}
REDIS_URL=redis://127.0.0.1:${PROD_REDIS_PORT:-6380}/0
# The mail sink under supervisord: each e-mail is written to var/prod/log/mail-sink.log.
PROD_MAIL_PORT=${PROD_MAIL_PORT:-2525}
EMAIL_HOST=127.0.0.1
EMAIL_PORT=${PROD_MAIL_PORT:-2525}
DEFAULT_FROM_EMAIL="Taverne <taverne@127.0.0.1>"
PROD_HTTPS_PORT=$https_port
DAPHNE_PROCESSES=${DAPHNE_PROCESSES:-2}
ENV
    say "wrote $ENV_FILE (a new SECRET_KEY and database password)"
}

load_env() {
    # The proxy's settings are the topology's (TRUSTED_PROXY_COUNT with nginx's headers and
    # daphne's --proxy-headers); supervisord passes them to its processes too.
    eval "$("$PY" -c 'from deploy.topology import PROXY_ENVIRONMENT as e
for name, value in e.items(): print(f"export {name}={value}")')"
    set -a
    # shellcheck disable=SC1090
    . "$ENV_FILE"
    set +a
}

write_certificate() {
    [ -f "$VAR/tls/site.crt" ] && return
    openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/CN=127.0.0.1" \
        -addext "subjectAltName=IP:127.0.0.1" \
        -keyout "$VAR/tls/site.key" -out "$VAR/tls/site.crt" 2>/dev/null
    chmod 600 "$VAR/tls/site.key"
    say "made a self-signed certificate for 127.0.0.1 ($VAR/tls/site.crt)"
}

# Debian's cluster tools, as .ci/run uses them: another pg_ctl may be first on PATH.
ensure_database() {
    local version port
    version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
    if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main"' | grep -q .; then
        $SUDO pg_createcluster "$version" main
    fi
    port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
    [ "$port" = "${PROD_PG_PORT:-5432}" ] || fail "the cluster $version/main listens on $port, DATABASE_URL says ${PROD_PG_PORT:-5432}"
    # Started if down; never restarted: other sites may use the same cluster.
    $SUDO pg_ctlcluster "$version" main status >/dev/null || $SUDO pg_ctlcluster "$version" main start
    psql_as_postgres() {
        $SUDO runuser -u postgres -- "/usr/lib/postgresql/$version/bin/psql" \
            -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"
    }
    for _ in $(seq 30); do
        psql_as_postgres -c "SELECT 1" >/dev/null 2>&1 && break
        sleep 1
    done
    # The role is this site's own: its password is the one var/prod/env holds.
    psql_as_postgres -v role="$PROD_DB_USER" -v password="$PROD_DB_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'role')
    WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'role') \gexec
ALTER ROLE :"role" PASSWORD :'password';
SQL
    if [ -z "$(psql_as_postgres -v name="$PROD_DB_NAME" <<<"SELECT 1 FROM pg_database WHERE datname = :'name'")" ]; then
        psql_as_postgres -c "CREATE DATABASE \"$PROD_DB_NAME\" OWNER \"$PROD_DB_USER\""
        say "created the database $PROD_DB_NAME"
    fi
}

# Build and release steps, once, before any new process starts (deploy/topology.py):
# static files, migrations, the rules pages. The deploy check first: a wrong setting
# stops the deploy before anything changes.
release() {
    "$PY" manage.py check --deploy --fail-level WARNING
    "$PY" -m deploy.release
    "$PY" -m deploy.generate --local-nginx "$VAR/nginx.conf"
}

running() {
    [ -f "$VAR/supervisord.pid" ] && kill -0 "$(cat "$VAR/supervisord.pid")" 2>/dev/null
}

wait_for() {  # URL [seconds]
    local url=$1 seconds=${2:-90}
    for _ in $(seq "$seconds"); do
        if [ "$(curl -ks -o /dev/null -w '%{http_code}' --max-time 5 "$url")" = 200 ]; then
            return 0
        fi
        sleep 1
    done
    return 1
}

daphne_ports() {
    "$PY" -c "from deploy import topology as t; print(*t.daphne_ports($DAPHNE_PROCESSES))"
}

up() {
    check_deps
    mkdir -p "$VAR"/{log,redis,tls,nginx}
    write_env
    load_env
    write_certificate
    ensure_database
    if running; then
        say "already running: deploying the checkout's code with a rolling restart"
        restart
        return
    fi
    say "starting supervisord (deploy/supervisord.conf): Redis and the mail sink first"
    "$ROOT/.venv/bin/supervisord" -c "$ROOT/deploy/supervisord.conf"
    for _ in $(seq 30); do
        redis-cli -p "$PROD_REDIS_PORT" ping >/dev/null 2>&1 && break
        sleep 1
    done
    release
    # The processes' shared metrics start empty, as they all start together.
    rm -rf "$VAR/metrics" && mkdir -p "$VAR/metrics"
    say "starting the site's processes and nginx"
    "${SUPERVISORCTL[@]}" start 'site:*'
    if ! wait_for "https://127.0.0.1:$PROD_HTTPS_PORT/pret/" 120; then
        "${SUPERVISORCTL[@]}" status || true
        curl -ks "https://127.0.0.1:$PROD_HTTPS_PORT/pret/" || true
        fail "https://127.0.0.1:$PROD_HTTPS_PORT/pret/ did not answer 200 (logs: $VAR/log/)"
    fi
    "${SUPERVISORCTL[@]}" status
    say "up: https://127.0.0.1:$PROD_HTTPS_PORT/ (self-signed certificate; logs in $VAR/log/)"
}

# One daphne process at a time: nginx sends its requests to the others meanwhile, its
# sockets reconnect to them. Then the workers, then nginx reads its configuration again.
restart() {
    running || fail "not running: make prod"
    release
    mkdir -p "$VAR/metrics"
    # A process that stopped (a failed start, a deploy interrupted) comes up first.
    "${SUPERVISORCTL[@]}" start 'site:*' >/dev/null || true
    local port
    for port in $(daphne_ports); do
        say "restarting daphne-$port"
        "${SUPERVISORCTL[@]}" restart "site:daphne-$port"
        wait_for "http://127.0.0.1:$port/pret/" 60 || fail "daphne-$port is not ready (/pret/)"
        # nginx left the process alone after a refused connection (fail_timeout=5s,
        # deploy/renderers/nginx.py): it must take requests again before the next stops.
        sleep 6
    done
    "${SUPERVISORCTL[@]}" restart site:play-worker site:task-worker
    # nginx reads its configuration again, rendered anew by the release.
    "${SUPERVISORCTL[@]}" signal HUP site:nginx
    wait_for "https://127.0.0.1:$PROD_HTTPS_PORT/pret/" 60 || fail "/pret/ is not ready"
    "${SUPERVISORCTL[@]}" status
    say "restarted"
}

stop() {
    if ! running; then
        say "not running"
        return
    fi
    load_env
    local pid
    pid=$(cat "$VAR/supervisord.pid")
    "${SUPERVISORCTL[@]}" shutdown
    for _ in $(seq 60); do
        kill -0 "$pid" 2>/dev/null || { say "stopped"; return; }
        sleep 1
    done
    fail "supervisord ($pid) still runs after 60 s"
}

case "${1:-}" in
    deps) deps ;;
    up) up ;;
    restart) load_env; restart ;;
    stop) stop ;;
    *) echo "usage: $0 deps|up|restart|stop" >&2; exit 2 ;;
esac
