#!/usr/bin/env bash
# The split stack without Docker (issue 50): the topology of docker-compose.yml as local processes.
#
#   npm run stack                      # start everything, print the address, Ctrl-C stops it all
#   npm run stack -- start --detach    # start and return (stop later with: npm run stack -- stop)
#   npm run stack -- stop | status
#   npm run stack -- kill api1         # kill -9 one part (api1, api2, workers, redis); `start-part api1` brings it back
#
# Parts, each on its own port and data folder under STACK_DIR (default ./data/stack), never the shared 5432/6379:
#   PostgreSQL 15 server   STACK_PORT+3   (initdb under STACK_DIR/postgres, trust on 127.0.0.1 only)
#   Redis 7 server         STACK_PORT+4   (append-only, noeviction: BullMQ's queues survive a restart)
#   ClickHouse server      STACK_PORT+5 HTTP, +6 native, +7 interserver (Debian's clickhouse-server 18.16)
#   api1, api2             STACK_PORT+1, +2  (RUN_WORKERS=false, TRUST_PROXY=127.0.0.1: only the balancer's hop)
#   workers                one process (node workers/dist/main.js): queues, ingest, ranking, mail
#   HAProxy                STACK_PORT (default 8080): least connections, health checks every second, resends a
#                          request whose connection failed on the other replica, replaces X-Forwarded-For
# and the demo catalogue: STACK_BOOKS (default 300) books of ../shared/data/goodreads-books-mix (else the twelve
# classics) with covers, or the file STACK_CATALOGUE names (`none`: no import), imported with their vectors before
# the replicas start. Every process's pid is in STACK_DIR/run/, its log in STACK_DIR/logs/. Other settings:
# STACK_CLIENT_DIST (the client build the replicas serve), MODELS_DIR, LOG_LEVEL (default warn), and any app
# variable (SEARCH_RATE_LIMIT_ANON, EVENTS_RATE_LIMIT_ANON, …) passed through from the shell.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/lib/services.sh
source scripts/lib/services.sh

STACK_DIR="$(mkdir -p "${STACK_DIR:-$ROOT/data/stack}" && cd "${STACK_DIR:-$ROOT/data/stack}" && pwd)"
RUN="$STACK_DIR/run"
LOGS="$STACK_DIR/logs"
mkdir -p "$RUN" "$LOGS"

say() { printf '[stack] %s\n' "$*" >&2; }
die() {
  printf '[stack] ERROR: %s\n' "$*" >&2
  exit 1
}
is_root() { [ "$(id -u)" = 0 ]; }

# ------------------------------------------------------------------ ports (kept in run/ports for stop and restarts)

if [ -f "$RUN/ports" ] && [ "${1:-start}" != start ]; then
  # shellcheck source=/dev/null
  source "$RUN/ports"
else
  STACK_PORT="${STACK_PORT:-8080}"
  STACK_NAME="${STACK_NAME:-stack-$STACK_PORT}"
fi
LB_PORT=$STACK_PORT
API1_PORT=$((STACK_PORT + 1))
API2_PORT=$((STACK_PORT + 2))
PG_PORT=$((STACK_PORT + 3))
REDIS_PORT=$((STACK_PORT + 4))
CH_HTTP_PORT=$((STACK_PORT + 5))
CH_TCP_PORT=$((STACK_PORT + 6))
CH_INTER_PORT=$((STACK_PORT + 7))
DB_NAME=bookstrut

# PostgreSQL refuses to run as root: as root its cluster runs as the postgres user, in a folder that user can
# enter (STACK_DIR when it can, else /var/lib/bookstrut-stack/, as the one-process mode does for a private clone).
pg_dir() {
  if ! is_root; then
    echo "$STACK_DIR/postgres"
  elif su -s /bin/sh postgres -c "test -x '$STACK_DIR' && test -r '$STACK_DIR'" 2>/dev/null; then
    echo "$STACK_DIR/postgres"
  else
    echo "/var/lib/bookstrut-stack/$(printf '%s' "$STACK_DIR" | cksum | cut -d' ' -f1)/postgres"
  fi
}
as_pg() { if is_root; then su -s /bin/sh postgres -c "$*"; else sh -c "$*"; fi; }
PG_BIN="/usr/lib/postgresql/${SERVICES_PG_VERSION}/bin"

pid_of() { cat "$RUN/$1.pid" 2>/dev/null || true; }
alive() {
  local pid
  pid="$(pid_of "$1")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

# ------------------------------------------------------------------ what the stack needs installed

ensure_installed() {
  local missing=()
  [ -x "$PG_BIN/postgres" ] || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  [ -x /usr/sbin/clickhouse-server ] || missing+=(clickhouse-server)
  command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
  if [ "${#missing[@]}" -gt 0 ]; then
    _svc_can_apt || die "missing ${missing[*]}: apt-get update && apt-get install -y ${missing[*]}"
    _svc_apt_install "${missing[@]}" || die "apt-get install ${missing[*]} failed"
  fi
  ensure_node_modules "$ROOT" || die "npm ci failed"
  if [ ! -f services/api/dist/server.js ] || [ ! -f workers/dist/main.js ] || [ ! -f client/dist/index.html ]; then
    say "building (npm run build)"
    npm run build --silent >&2 || die "npm run build failed"
  fi
}

wait_until() { # SECONDS WHAT CMD...
  local limit=$1 what=$2 deadline
  shift 2
  deadline=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.3
  done
  say "$what ready"
}

# ------------------------------------------------------------------ stores

start_postgres() {
  local dir
  dir="$(pg_dir)"
  if [ ! -f "$dir/PG_VERSION" ]; then
    say "initdb $dir"
    mkdir -p "$dir"
    if is_root; then chown postgres: "$dir" "$(dirname "$dir")"; fi
    chmod 700 "$dir"
    as_pg "'$PG_BIN/initdb' -D '$dir' -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8" >"$LOGS/initdb.log" 2>&1 ||
      die "initdb failed (see $LOGS/initdb.log)"
  fi
  local log="$dir/server.log"
  as_pg "'$PG_BIN/pg_ctl' -D '$dir' -l '$log' -w -t 60 -o \"-p $PG_PORT -c listen_addresses=127.0.0.1 -k '$dir' -c fsync=off\" start" >/dev/null ||
    die "postgres did not start (see $log)"
  head -1 "$dir/postmaster.pid" >"$RUN/postgres.pid"
  echo "$dir" >"$RUN/postgres.dir"
  say "postgres on 127.0.0.1:$PG_PORT ($dir)"
}

start_redis() {
  mkdir -p "$STACK_DIR/redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$STACK_DIR/redis" \
    --appendonly yes --appendfsync everysec --save '' --maxmemory-policy noeviction \
    --pidfile "$RUN/redis.pid" --logfile "$LOGS/redis.log" || die "redis-server did not start"
  wait_until 15 "redis on 127.0.0.1:$REDIS_PORT" redis_ping || die "redis did not answer (see $LOGS/redis.log)"
}
redis_ping() { [ "$(redis-cli -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }

# ClickHouse 18.16 with a configuration of its own: its ports, its folders, the package's users (default, no
# password, loopback only).
start_clickhouse() {
  local dir="$STACK_DIR/clickhouse"
  mkdir -p "$dir/data" "$dir/tmp" "$dir/user_files" "$dir/format_schemas"
  cat >"$dir/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>$LOGS/clickhouse.log</log><errorlog>$LOGS/clickhouse.err.log</errorlog><size>10M</size><count>2</count></logger>
  <http_port>$CH_HTTP_PORT</http_port>
  <tcp_port>$CH_TCP_PORT</tcp_port>
  <interserver_http_port>$CH_INTER_PORT</interserver_http_port>
  <listen_host>127.0.0.1</listen_host>
  <max_concurrent_queries>100</max_concurrent_queries>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <mark_cache_size>268435456</mark_cache_size>
  <path>$dir/data/</path>
  <tmp_path>$dir/tmp/</tmp_path>
  <user_files_path>$dir/user_files/</user_files_path>
  <format_schema_path>$dir/format_schemas/</format_schema_path>
  <users_config>/etc/clickhouse-server/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
</yandex>
XML
  (setsid /usr/sbin/clickhouse-server --config-file="$dir/config.xml" >>"$LOGS/clickhouse.out" 2>&1 </dev/null &
    echo $! >"$RUN/clickhouse.pid")
  wait_until 60 "clickhouse on 127.0.0.1:$CH_HTTP_PORT" clickhouse_ping ||
    die "clickhouse-server did not answer (see $LOGS/clickhouse.err.log)"
  curl -fsS "http://127.0.0.1:$CH_HTTP_PORT/" --data-binary "CREATE DATABASE IF NOT EXISTS $DB_NAME" >/dev/null
}
clickhouse_ping() { [ "$(curl -fsS --max-time 2 "http://127.0.0.1:$CH_HTTP_PORT/ping" 2>/dev/null)" = "Ok." ]; }

# ------------------------------------------------------------------ the app's processes

# What every app process is given (docker-compose.yml's x-app-env, with this stack's addresses).
app_env() {
  export NODE_ENV=production LOG_LEVEL="${LOG_LEVEL:-warn}" HOST=127.0.0.1 RUN_WORKERS=false
  export DATA_DIR="$STACK_DIR/data" REDIS_PREFIX="${REDIS_PREFIX:-bookstrut}"
  export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/$DB_NAME"
  export REDIS_URL="redis://127.0.0.1:$REDIS_PORT" EMBEDDED_REDIS=false
  export CLICKHOUSE_URL="http://default@127.0.0.1:$CH_HTTP_PORT/$DB_NAME"
  export PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:$LB_PORT}"
  # Only the balancer's hop is trusted: an X-Forwarded-For a client wrote itself never becomes its address.
  export TRUST_PROXY=127.0.0.1
  if [ -n "${STACK_CLIENT_DIST:-}" ]; then export CLIENT_DIST="$STACK_CLIENT_DIST"; fi
  if [ -z "${MODELS_DIR:-}" ] && [ ! -d "$ROOT/../shared/models" ] && [ -d /work/shared/models ]; then
    export MODELS_DIR=/work/shared/models
  fi
  mkdir -p "$DATA_DIR"
}

api_port() { case "$1" in api1) echo "$API1_PORT" ;; api2) echo "$API2_PORT" ;; *) die "no api called $1" ;; esac; }
api_healthy() { curl -fsS --max-time 2 "http://127.0.0.1:$1/api/v1/health" 2>/dev/null | grep -q '"success":true'; }

# start_node NAME SCRIPT [PORT]: in its own session, so Ctrl-C reaches this script alone and it stops them in order.
start_node() {
  local name=$1 script=$2 port=${3:-}
  (
    app_env
    if [ -n "$port" ]; then export PORT="$port"; fi
    setsid node "$script" >>"$LOGS/$name.log" 2>&1 </dev/null &
    echo $! >"$RUN/$name.pid"
  )
}

start_api() {
  local name=$1 port
  port="$(api_port "$name")"
  start_node "$name" services/api/dist/server.js "$port"
  local deadline=$((SECONDS + 180))
  until api_healthy "$port"; do
    alive "$name" || {
      tail -n 30 "$LOGS/$name.log" >&2
      die "$name exited (its log above)"
    }
    [ "$SECONDS" -lt "$deadline" ] || die "$name was not healthy within 180 s (see $LOGS/$name.log)"
    sleep 0.5
  done
  say "$name on 127.0.0.1:$port"
}

start_workers() {
  start_node workers workers/dist/main.js
  sleep 1
  alive workers || {
    tail -n 30 "$LOGS/workers.log" >&2
    die "the workers exited (their log above)"
  }
  say "workers running"
}

# The balancer: least connections; a replica is out after 3 failed health checks 1 s apart and back after 1; a
# request whose connection could not be made (a replica just killed, not yet seen by the checks) is sent to the
# other replica; the client's address replaces any X-Forwarded-For it sent (see SECURITY.md).
start_haproxy() {
  cat >"$STACK_DIR/haproxy.cfg" <<CFG
global
  maxconn 4096
  pidfile $RUN/haproxy.pid

defaults
  mode http
  option http-keep-alive
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503

frontend web
  bind 127.0.0.1:$LB_PORT
  http-request del-header Forwarded
  http-request set-header X-Forwarded-For %[src]
  default_backend api

backend api
  balance leastconn
  option httpchk GET /api/v1/health
  # 503 is a replica up without Redis or PostgreSQL: it still serves what needs neither (docs/operations.md, "When
  # Redis is down"), so it stays in; a dead or hung one fails the check. Three misses 1 s apart, 3 s each, so a
  # replica slowed by a busy machine (another starting beside it) is not taken out with the rest.
  http-check expect rstatus ^(200|503)$
  timeout check 3s
  default-server inter 1s fall 3 rise 1 on-marked-down shutdown-sessions
  http-response set-header X-Served-By %s
  server api1 127.0.0.1:$API1_PORT check
  server api2 127.0.0.1:$API2_PORT check
CFG
  haproxy -c -q -f "$STACK_DIR/haproxy.cfg" || die "haproxy rejected $STACK_DIR/haproxy.cfg"
  haproxy -D -f "$STACK_DIR/haproxy.cfg" >>"$LOGS/haproxy.log" 2>&1 || die "haproxy did not start"
  wait_until 20 "haproxy on 127.0.0.1:$LB_PORT" api_healthy "$LB_PORT" || die "the balancer does not answer"
}

# ------------------------------------------------------------------ the demo catalogue

import_catalogue() {
  local file="${STACK_CATALOGUE:-}"
  [ "$file" = none ] && return 0
  (
    app_env
    if [ -z "$file" ]; then
      local source="$ROOT/../shared/data/goodreads-books-mix/books.jsonl"
      [ -f "$source" ] || source="$ROOT/data-samples/classics.jsonl"
      local books="${STACK_BOOKS:-300}" audio=0
      if command -v espeak-ng >/dev/null && command -v sox >/dev/null && command -v lame >/dev/null; then
        audio=$((books < 60 ? books : 60))
      fi
      file="$(node --conditions=source --import tsx scripts/demo-media.ts --source "$source" --limit "$books" \
        --audio "$audio" 2>>"$LOGS/import.log")"
    fi
    say "importing $file with its vectors"
    node services/api/dist/cli/catalog-import.js "$file" --wait >>"$LOGS/import.log" 2>&1 ||
      die "the catalogue import failed (see $LOGS/import.log)"
    node services/api/dist/cli/content-seed.js >>"$LOGS/import.log" 2>&1 || say "WARNING: content-seed failed"
  )
}

# ------------------------------------------------------------------ stop

# stop_pid NAME SIGNAL SECONDS: signal, wait, then SIGKILL.
stop_pid() {
  local name=$1 signal=$2 limit=$3 pid
  pid="$(pid_of "$name")"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "-$signal" "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + limit))
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$RUN/$name.pid"
}

# In order: the balancer (no new requests), the replicas (they finish theirs), the workers (their batches), then
# the stores they used.
stop_all() {
  stop_pid haproxy TERM 5
  stop_pid api1 TERM 20 &
  stop_pid api2 TERM 20 &
  wait
  stop_pid workers TERM 30
  stop_pid clickhouse TERM 30
  if alive redis; then redis-cli -p "$REDIS_PORT" shutdown >/dev/null 2>&1 || true; fi
  stop_pid redis TERM 10
  if [ -f "$RUN/postgres.dir" ]; then
    as_pg "'$PG_BIN/pg_ctl' -D '$(cat "$RUN/postgres.dir")' -m fast -w stop" >/dev/null 2>&1 || true
  fi
  stop_pid postgres TERM 10
  rm -f "$RUN/ports" "$RUN/postgres.dir"
  say "stopped"
}

status() {
  local name
  for name in postgres redis clickhouse api1 api2 workers haproxy; do
    if alive "$name"; then echo "$name running (pid $(pid_of "$name"))"; else echo "$name stopped"; fi
  done
  echo "balancer: http://127.0.0.1:$LB_PORT"
}

start_part() {
  case "$1" in
    api1 | api2) start_api "$1" ;;
    workers) start_workers ;;
    redis) start_redis ;;
    *) die "start-part: api1, api2, workers or redis" ;;
  esac
}

# ------------------------------------------------------------------ main

command="${1:-start}"
case "$command" in
  start)
    detach=false
    [ "${2:-}" = --detach ] && detach=true
    for name in postgres redis clickhouse api1 api2 workers haproxy; do
      alive "$name" && die "$name of a stack in $STACK_DIR is running: npm run stack -- stop first"
    done
    ensure_installed
    printf 'STACK_PORT=%s\nSTACK_NAME=%s\n' "$STACK_PORT" "$STACK_NAME" >"$RUN/ports"
    started=false
    trap '[ "$started" = true ] || { say "the start failed: stopping what it started"; stop_all; }' EXIT
    start_postgres
    start_redis
    start_clickhouse
    import_catalogue
    # api1 first: it runs the migrations (under PostgreSQL's advisory lock), so api2 starts against a migrated
    # database the way a replica joins a running deployment.
    start_api api1
    start_api api2
    start_workers
    start_haproxy
    started=true
    say "BookStrut (split stack) at http://127.0.0.1:$LB_PORT (logs in $LOGS)"
    if [ "$detach" = false ]; then
      trap 'trap - EXIT; stop_all; exit 0' INT TERM
      say "Ctrl-C stops everything"
      while :; do sleep 1; done
    fi
    ;;
  stop) stop_all ;;
  status) status ;;
  kill)
    [ -n "${2:-}" ] || die "kill: which part?"
    pid="$(pid_of "$2")"
    [ -n "$pid" ] || die "$2 is not running"
    kill -KILL "$pid"
    rm -f "$RUN/$2.pid"
    say "killed $2 (pid $pid) with SIGKILL"
    ;;
  stop-part)
    [ -n "${2:-}" ] || die "stop-part: which part?"
    if [ "$2" = redis ]; then redis-cli -p "$REDIS_PORT" shutdown >/dev/null 2>&1 || true; fi
    stop_pid "$2" TERM 30
    ;;
  start-part) start_part "${2:-}" ;;
  *) die "usage: stack.sh [start [--detach] | stop | status | kill PART | stop-part PART | start-part PART]" ;;
esac
