# shellcheck shell=bash
# Local service bootstrap for tests and development on a Debian 12 machine without systemd.
#
#   source scripts/lib/services.sh
#   ensure_postgres && ensure_redis && ensure_chromium && ensure_node_modules
#
# Every function is idempotent and returns at once when its thing is already there. When something
# must be installed and we are not root (or have no apt-get), the function prints the exact commands
# to run and returns non-zero; callers exit on that (scripts/test.sh does).
# Commands follow ../shared/KNOWN-TO-WORK.md (policy-rc.d refuses apt's own service start, so both
# servers are started by hand).

SERVICES_PG_VERSION="${SERVICES_PG_VERSION:-15}"
SERVICES_PG_CLUSTER="${SERVICES_PG_CLUSTER:-main}"
SERVICES_PG_PORT="${SERVICES_PG_PORT:-5432}"
SERVICES_REDIS_PORT="${SERVICES_REDIS_PORT:-6379}"

_svc_log() { printf '[services] %s\n' "$*" >&2; }

_svc_is_root() { [ "$(id -u)" = 0 ]; }

_svc_can_apt() { _svc_is_root && command -v apt-get >/dev/null 2>&1; }

# Prints what a human has to run, then fails. $1 = what is missing, rest = commands.
_svc_manual() {
  local what="$1"
  shift
  _svc_log "ERROR: $what is not available and this user cannot install or start it (needs root and apt-get). Run:"
  local cmd
  for cmd in "$@"; do printf '    %s\n' "$cmd" >&2; done
  return 1
}

# apt-get update at most once per script run (the flag is exported so child scripts skip it too).
_svc_apt_update_once() {
  if [ "${BOOKSTRUT_APT_UPDATED:-}" = 1 ]; then return 0; fi
  _svc_log "apt-get update"
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq >&2 || return 1
  export BOOKSTRUT_APT_UPDATED=1
}

_svc_apt_install() {
  _svc_apt_update_once || return 1
  _svc_log "apt-get install -y $*"
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$@" >&2
}

# ---------------------------------------------------------------- PostgreSQL

_svc_pg_ready() {
  command -v pg_isready >/dev/null 2>&1 &&
    pg_isready -q -h 127.0.0.1 -p "$SERVICES_PG_PORT" >/dev/null 2>&1
}

# The server package, the Debian wrappers and the cluster all have to exist: the PG binaries alone
# (e.g. left by a client-only install) are not enough.
_svc_pg_installed() {
  command -v pg_ctlcluster >/dev/null 2>&1 &&
    [ -x "/usr/lib/postgresql/$SERVICES_PG_VERSION/bin/postgres" ] &&
    [ -f "/etc/postgresql/$SERVICES_PG_VERSION/$SERVICES_PG_CLUSTER/postgresql.conf" ]
}

# Ensures PostgreSQL answers on 127.0.0.1:5432 with trust auth for local TCP (user postgres).
ensure_postgres() {
  if _svc_pg_ready; then return 0; fi
  local v="$SERVICES_PG_VERSION" c="$SERVICES_PG_CLUSTER"
  local hba="/etc/postgresql/$v/$c/pg_hba.conf"
  local manual=(
    "apt-get update && apt-get install -y postgresql"
    "sed -i -E 's/^(host\\s+all\\s+all\\s+(127\\.0\\.0\\.1\\/32|::1\\/128)\\s+)scram-sha-256/\\1trust/' $hba"
    "pg_ctlcluster --skip-systemctl-redirect $v $c start"
  )
  if ! _svc_can_apt; then
    _svc_manual "PostgreSQL $v on 127.0.0.1:$SERVICES_PG_PORT" "${manual[@]}"
    return 1
  fi

  if ! _svc_pg_installed; then
    _svc_apt_install postgresql || return 1
    # The package was there already but its cluster was dropped: apt does not recreate it.
    if [ ! -f "/etc/postgresql/$v/$c/postgresql.conf" ]; then
      _svc_log "creating cluster $v/$c"
      pg_createcluster "$v" "$c" >&2 || return 1
    fi
  fi

  # Trust on loopback TCP so tests connect as postgres without a password (idempotent).
  if grep -qE '^host\s+all\s+all\s+(127\.0\.0\.1/32|::1/128)\s+scram-sha-256' "$hba"; then
    sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)scram-sha-256/\1trust/' "$hba"
  fi

  if pg_ctlcluster "$v" "$c" status >/dev/null 2>&1; then
    _svc_log "postgres $v/$c is running but not answering yet; reloading"
    pg_ctlcluster --skip-systemctl-redirect "$v" "$c" reload >&2 || true
  else
    _svc_log "starting postgres $v/$c"
    pg_ctlcluster --skip-systemctl-redirect "$v" "$c" start >&2 || {
      _svc_log "ERROR: postgres failed to start; see /var/log/postgresql/postgresql-$v-$c.log"
      tail -n 20 "/var/log/postgresql/postgresql-$v-$c.log" >&2 2>/dev/null || true
      return 1
    }
  fi

  for _ in $(seq 1 60); do
    if _svc_pg_ready; then
      if ! psql -w -h 127.0.0.1 -p "$SERVICES_PG_PORT" -U postgres -Atqc 'select 1' >/dev/null 2>&1; then
        _svc_log "ERROR: postgres answers but user postgres cannot log in without a password; check $hba"
        return 1
      fi
      _svc_log "postgres ready on 127.0.0.1:$SERVICES_PG_PORT"
      return 0
    fi
    sleep 0.5
  done
  _svc_log "ERROR: postgres did not become ready within 30 s"
  return 1
}

# ---------------------------------------------------------------- Redis

_svc_redis_ping() {
  if command -v redis-cli >/dev/null 2>&1; then
    [ "$(redis-cli -h 127.0.0.1 -p "$SERVICES_REDIS_PORT" ping 2>/dev/null)" = PONG ]
    return
  fi
  # No redis-cli (e.g. a server started elsewhere): speak RESP over bash's /dev/tcp.
  local line=''
  { exec 3<>"/dev/tcp/127.0.0.1/$SERVICES_REDIS_PORT"; } 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  IFS= read -r -t 2 line <&3 || true
  exec 3>&-
  [ "${line%$'\r'}" = '+PONG' ]
}

# Ensures a Redis answers PONG on 127.0.0.1:6379 (no persistence: it is a test/dev server).
ensure_redis() {
  if _svc_redis_ping; then return 0; fi
  if ! command -v redis-server >/dev/null 2>&1; then
    if ! _svc_can_apt; then
      _svc_manual "Redis on 127.0.0.1:$SERVICES_REDIS_PORT" \
        "apt-get update && apt-get install -y redis-server" \
        "redis-server --daemonize yes --bind 127.0.0.1 --port $SERVICES_REDIS_PORT --save '' --appendonly no --logfile /var/log/redis/redis-server.log"
      return 1
    fi
    _svc_apt_install redis-server || return 1
  fi

  local logdir=/var/log/redis
  if ! { mkdir -p "$logdir" && [ -w "$logdir" ]; } 2>/dev/null; then
    logdir="${TMPDIR:-/tmp}/bookstrut-redis"
    mkdir -p "$logdir"
  fi
  _svc_log "starting redis-server on 127.0.0.1:$SERVICES_REDIS_PORT (log $logdir/redis-server.log)"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$SERVICES_REDIS_PORT" \
    --save '' --appendonly no --dir "${TMPDIR:-/tmp}" \
    --logfile "$logdir/redis-server.log" >&2 || return 1

  for _ in $(seq 1 60); do
    if _svc_redis_ping; then
      _svc_log "redis ready on 127.0.0.1:$SERVICES_REDIS_PORT"
      return 0
    fi
    sleep 0.25
  done
  _svc_log "ERROR: redis did not answer PONG within 15 s; see $logdir/redis-server.log"
  return 1
}

# ---------------------------------------------------------------- Chromium

# The end-to-end suite drives /usr/bin/chromium through playwright-core (never a downloaded browser).
ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  if ! _svc_can_apt; then
    _svc_manual "chromium (/usr/bin/chromium)" "apt-get update && apt-get install -y chromium"
    return 1
  fi
  _svc_apt_install chromium || return 1
  [ -x /usr/bin/chromium ] || {
    _svc_log "ERROR: chromium installed but /usr/bin/chromium is missing"
    return 1
  }
}

# ---------------------------------------------------------------- node_modules

# npm ci when node_modules is missing or package-lock.json changed since the last install
# (npm writes node_modules/.package-lock.json on every install). ROOT defaults to this repository.
# Safe under `set -euo pipefail`: a failed install is reported by the return code, never by ending the caller.
ensure_node_modules() {
  local root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
  local hidden="$root/node_modules/.package-lock.json"
  if [ -d "$root/node_modules" ] && [ -f "$hidden" ] && ! [ "$root/package-lock.json" -nt "$hidden" ]; then
    return 0
  fi
  if ! command -v npm >/dev/null 2>&1; then
    _svc_manual "npm (Node 20)" "apt-get install -y nodejs npm   # or install Node 20 from nodejs.org"
    return 1
  fi
  # onnxruntime-node's install script would otherwise download CUDA libraries we never use (and fails
  # where that download is blocked); it reads this variable (npm no longer accepts it in .npmrc).
  export ONNXRUNTIME_NODE_INSTALL=skip
  _svc_log "npm ci (node_modules missing or older than package-lock.json)"
  local out rc=0
  out="$(mktemp)"
  # `|| rc=$?` keeps errexit from ending the caller; the subshell hands back npm's status, not tee's.
  (cd "$root" && npm ci --no-audit --no-fund 2>&1 | tee "$out" >&2; exit "${PIPESTATUS[0]}") || rc=$?
  if [ "$rc" -ne 0 ] && grep -q 'EUSAGE' "$out"; then
    # `npm ci` refuses a lock file out of step with package.json (for example one written by an older npm
    # without other platforms' optional packages). Install from it without rewriting it instead.
    _svc_log "WARNING: npm ci rejected package-lock.json (above); falling back to npm install --no-save"
    rc=0
    (cd "$root" && npm install --no-save --no-audit --no-fund) >&2 || rc=$?
  fi
  rm -f "$out"
  if [ "$rc" -ne 0 ]; then _svc_log "ERROR: installing npm packages failed (exit $rc, above)"; fi
  return "$rc"
}

# ---------------------------------------------------------------- ClickHouse server

_svc_clickhouse_ping() { [ "$(curl -fsS --max-time 2 http://127.0.0.1:8123/ping 2>/dev/null)" = "Ok." ]; }

# Ensures a ClickHouse server answers on 127.0.0.1:8123 (Debian's clickhouse-server, 18.16: the only server
# package here) for the analytics store's server-path contract tests. The app itself defaults to chDB.
ensure_clickhouse() {
  if _svc_clickhouse_ping; then return 0; fi
  local start="su -s /bin/sh clickhouse -c 'exec /usr/sbin/clickhouse-server --config-file=/etc/clickhouse-server/config.xml'"
  if [ ! -x /usr/sbin/clickhouse-server ]; then
    if ! _svc_can_apt; then
      _svc_manual "ClickHouse server on 127.0.0.1:8123" "apt-get update && apt-get install -y clickhouse-server" "$start &"
      return 1
    fi
    _svc_apt_install clickhouse-server || return 1
  fi
  _svc_log "starting clickhouse-server on 127.0.0.1:8123"
  mkdir -p /var/log/clickhouse-server && chown clickhouse: /var/log/clickhouse-server 2>/dev/null || true
  (setsid su -s /bin/sh clickhouse -c 'exec /usr/sbin/clickhouse-server --config-file=/etc/clickhouse-server/config.xml' \
    >/dev/null 2>&1 </dev/null &)
  for _ in $(seq 1 120); do
    if _svc_clickhouse_ping; then
      _svc_log "clickhouse ready on 127.0.0.1:8123"
      return 0
    fi
    sleep 0.5
  done
  _svc_log "ERROR: clickhouse-server did not answer within 60 s; see /var/log/clickhouse-server/"
  return 1
}
