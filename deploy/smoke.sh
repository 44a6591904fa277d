#!/usr/bin/env bash
# The production site of this machine, end to end, outside the test suite (too heavy for
# it): make prod, then through nginx on https://127.0.0.1:$PROD_HTTPS_PORT: /pret/, the
# home page, a guest's practice table, the client's address as daphne logged it (proxy
# headers), a rolling restart that loses no request, a browser playing a deal; then
# make prod-stop.
#
#   deploy/smoke.sh                  everything above
#   SMOKE_KEEP=1 deploy/smoke.sh     leave the site running afterwards
#   SMOKE_BROWSER=0 deploy/smoke.sh  without the browser
set -euo pipefail
cd "$(dirname "$0")/.."

VAR=var/prod
# Requests come from 127.0.0.2 (all of 127.0.0.0/8 is this machine): nginx connects to
# daphne from 127.0.0.1, so seeing 127.0.0.2 in daphne's log proves the proxy headers.
CLIENT=127.0.0.2
JAR=$(mktemp)
trap 'rm -f "$JAR"' EXIT

step() { echo "smoke: $*"; }
fail() { echo "smoke: FAILED: $*" >&2; exit 1; }

stop_site() {
    [ "${SMOKE_KEEP:-}" = 1 ] || make --no-print-directory prod-stop
}
trap 'rm -f "$JAR"; stop_site' EXIT

make --no-print-directory prod
set -a; . "$VAR/env"; set +a
SITE="https://127.0.0.1:$PROD_HTTPS_PORT"
get() { curl -sk --interface "$CLIENT" -b "$JAR" -c "$JAR" --max-time 20 "$@"; }

step "GET /pret/"
ready=$(get -w '\n%{http_code}' "$SITE/pret/" --interface 127.0.0.1)
echo "$ready"
[ "$(tail -n 1 <<<"$ready")" = 200 ] || fail "/pret/ did not answer 200"

step "GET / from $CLIENT"
home=$(get -w '\n%{http_code}' "$SITE/")
[ "$(tail -n 1 <<<"$home")" = 200 ] || fail "the home page did not answer 200"
grep -q "Bienvenue à la Taverne" <<<"$home" || fail "the home page is not Taverne's"
step "home page: 200, « Bienvenue à la Taverne »"

step "POST /jouer/essayer/ambigu/ (a guest's practice game against bots)"
token=$(grep -o 'name="csrfmiddlewaretoken" value="[^"]*"' <<<"$home" | head -n 1 | cut -d'"' -f4)
table=$(get -o /dev/null -w '%{redirect_url}' -e "$SITE/" \
    --data-urlencode "csrfmiddlewaretoken=$token" "$SITE/jouer/essayer/ambigu/")
[[ "$table" == "$SITE/jouer/tables/"* ]] || fail "no table to go to (got '$table')"
page=$(get -w '\n%{http_code}' "$table")
[ "$(tail -n 1 <<<"$page")" = 200 ] || fail "the table page $table did not answer 200"
step "table page: 200 at $table"

step "daphne's access log: the client's address through the proxy headers"
# The table is new (its number never served before), so the line is this run's.
path=${table#"$SITE"}
seen=$(grep -h "^$CLIENT:[0-9]* .*\"GET $path\"" "$VAR"/log/daphne-*.log || true)
[ -n "$seen" ] || fail "no daphne log line shows $CLIENT asking for $path: proxy headers lost"
echo "$seen"

step "supervisord brings back a daphne process killed with SIGKILL"
SUPERVISORCTL=(.venv/bin/supervisorctl -c deploy/supervisord.conf)
killed=$("${SUPERVISORCTL[@]}" pid site:daphne-8001)
kill -9 "$killed"
for _ in $(seq 60); do
    now=$("${SUPERVISORCTL[@]}" pid site:daphne-8001 || true)
    if [ "$now" != "$killed" ] && [ "$now" != 0 ] \
        && [ "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8001/pret/)" = 200 ]; then
        break
    fi
    sleep 1
done
[ "$now" != "$killed" ] && [ "$now" != 0 ] || fail "daphne-8001 did not come back"
step "daphne-8001: pid $killed killed, pid $now answers /pret/"

step "rolling restart (make prod-restart) while a client keeps asking"
codes=$(mktemp)
(
    while [ ! -f "$codes.done" ]; do
        get -o /dev/null -w '%{http_code} %{time_total}s\n' "$SITE/regles/" >>"$codes" || true
        sleep 0.2
    done
) &
make --no-print-directory prod-restart >"$VAR/log/smoke-restart.log" 2>&1 \
    || { touch "$codes.done"; fail "make prod-restart failed (see $VAR/log/smoke-restart.log)"; }
touch "$codes.done"
wait
total=$(wc -l <"$codes")
failed=$(grep -vc '^200 ' "$codes" || true)
step "requests during the restart: $total, not 200: $failed"
grep -v '^200 ' "$codes" || true
rm -f "$codes" "$codes.done"
[ "$total" -gt 0 ] && [ "$failed" = 0 ] || fail "requests failed during the rolling restart"

if [ "${SMOKE_BROWSER:-1}" = 1 ] && ! .venv/bin/python -c "import playwright" 2>/dev/null; then
    step "no Playwright in .venv (requirements-dev.txt: make test installs it): no browser"
elif [ "${SMOKE_BROWSER:-1}" = 1 ]; then
    step "a browser plays a deal of all-fours against bots (deploy/smoke_browser.py)"
    .venv/bin/python -m deploy.smoke_browser || fail "the browser did not finish its deal"
fi

step "OK"
