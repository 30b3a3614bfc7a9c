#!/usr/bin/env bash
# CI phase: fuzzes the built API from its own OpenAPI document with schemathesis (PyPI), on a scratch database,
# as an admin and anonymously, and fails on any 5xx or any answer that breaks the document.
#
#   npm run build && bash scripts/fuzz-ci.sh
#
# Needs PostgreSQL at TEST_DATABASE_URL (an admin connection, default postgres://postgres@127.0.0.1:5432/postgres)
# and Redis at REDIS_URL (default redis://127.0.0.1:6379), like the test suites. It starts
# `node services/api/dist/server.js` on a free port with a fresh database, its own Redis prefix and a temporary
# DATA_DIR, makes an admin with the admin:create CLI, runs `st` twice (as that admin, then without a token) and
# always tears everything down: the server, the database, the Redis keys and the folder.
#
# Payments run against our Stripe stand-in (services/api/src/test/stripe-stand-in.ts) on loopback.
# Reproducible: a fixed seed, a pinned schemathesis, no example database, one worker. About 2.5 minutes on
# two cores (plus the schemathesis install the first time, cached under ~/.cache/bookstrut). Knobs: FUZZ_SEED,
# FUZZ_EXAMPLES (cases per operation in the fuzzing phase, default 50), FUZZ_PASS_TIMEOUT (seconds, a guard
# against a hung pass), FUZZ_REPORT_DIR (JUnit reports and the server log; default test-results/fuzz).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ST_VERSION=4.32.5
VENV="${BOOKSTRUT_ST_VENV:-$HOME/.cache/bookstrut/schemathesis-$ST_VERSION}"
SEED="${FUZZ_SEED:-20261122}"
EXAMPLES="${FUZZ_EXAMPLES:-50}"
# A guard, not a budget: st's own --max-time would repeat fuzzing until it is spent, so the amount of testing
# would depend on the machine's speed. The work is bounded by the examples; a hung pass is stopped here.
PASS_TIMEOUT="${FUZZ_PASS_TIMEOUT:-600}"
REPORT_DIR="${FUZZ_REPORT_DIR:-$ROOT/test-results/fuzz}"
ADMIN_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
# Idea search reads local model files, as in scripts/test.sh (never downloaded).
if [ -z "${MODELS_DIR:-}" ] && [ ! -d "$ROOT/../shared/models" ] && [ -d /work/shared/models ]; then
  export MODELS_DIR=/work/shared/models
fi

log() { printf '[fuzz] %s\n' "$*" >&2; }

# ------------------------------------------------------------------ schemathesis, cached
ensure_schemathesis() {
  [ -x "$VENV/bin/st" ] && return
  log "installing schemathesis $ST_VERSION into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "schemathesis==$ST_VERSION"
}

# ------------------------------------------------------------------ scratch stores
free_port() {
  node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })'
}

# The scratch database's URL: the admin URL with another database name (the app creates it on start).
database_url() {
  node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' \
    "$ADMIN_URL" "$1"
}

drop_database() {
  node --input-type=module -e '
    import pg from "pg"
    const c = new pg.Client({ connectionString: process.argv[1] })
    await c.connect()
    await c.query(`drop database if exists "${process.argv[2]}" with (force)`)
    await c.end()' "$ADMIN_URL" "$1"
}

# Removes every Redis key of this run (rate-limit counters, queues), so runs never see each other's counts.
drop_redis_keys() {
  node --input-type=module -e '
    import { Redis } from "ioredis"
    const r = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
    await r.connect()
    for await (const keys of r.scanStream({ match: `${process.argv[1]}:*`, count: 500 }))
      if (keys.length) await r.unlink(...keys)
    await r.quit()' "$1"
}

# ------------------------------------------------------------------ the app under test
RUN_ID="fuzz$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')"
DB_NAME="bookstrut_$RUN_ID"
WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/bookstrut-fuzz.XXXXXX")"
SERVER_LOG="$WORK_DIR/server.log"
SERVER_PID=""
APP_ENV=()

# The app's configuration, as env(1) arguments. Not exported: st and the helpers must not see it.
# PASSWORD_HASH_COST=12: sign-up and sign-in are fuzzed hundreds of times; the production cost (15) would spend
# the run hashing, not testing. The rules under test do not depend on the cost.
# TRUST_PROXY=true: scripts/lib/fuzz_hooks.py gives every request its own X-Forwarded-For address, so that per-IP
# rate limits do not answer most sign-in, code and sign-up cases with 429 (a documented answer, but one that
# leaves the logic behind it untested). Per-account limits still apply.
app_env() {
  APP_ENV=(
    DATABASE_URL="$(database_url "$DB_NAME")" REDIS_PREFIX="$RUN_ID" EMBEDDED_REDIS=false
    PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$WORK_DIR/data" LOG_LEVEL=warn NODE_ENV=production
    PASSWORD_HASH_COST=12 TRUST_PROXY=true
    STRIPE_API_BASE="$STRIPE_API_BASE" STRIPE_SECRET_KEY="$STRIPE_SECRET_KEY" STRIPE_WEBHOOK_SECRET="whsec_fuzz$RUN_ID"
  )
}

# Payments on, against our Stripe stand-in (Stripe's HTTP API on loopback): unconfigured, every payment call
# answers the spec's 503 "Payment system is not properly configured", which says nothing about the code behind it.
STANDIN_PID=""
start_stripe_stand_in() {
  local fifo="$WORK_DIR/stand-in.out" line
  mkfifo "$fifo"
  node --conditions=source --import tsx services/api/src/test/serve-stripe-stand-in.ts >"$fifo" &
  STANDIN_PID=$!
  read -r -t 60 line <"$fifo" || {
    log 'the Stripe stand-in did not start'
    return 1
  }
  STRIPE_API_BASE="${line%% *}"
  STRIPE_SECRET_KEY="${line#* }"
}

cleanup() {
  local rc=$?
  if [ -n "$STANDIN_PID" ]; then kill "$STANDIN_PID" 2>/dev/null || true; fi
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    # closeWithGrace gives the app 10 s; then it is killed.
    for _ in $(seq 1 120); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  mkdir -p "$REPORT_DIR"
  [ -f "$SERVER_LOG" ] && cp "$SERVER_LOG" "$REPORT_DIR/server.log"
  drop_database "$DB_NAME" || log "could not drop database $DB_NAME"
  drop_redis_keys "$RUN_ID" || log "could not remove the Redis keys $RUN_ID:*"
  rm -rf "$WORK_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start_server() {
  [ -f services/api/dist/server.js ] || {
    log 'services/api/dist/server.js is missing: run npm run build first'
    return 1
  }
  PORT="$(free_port)"
  BASE_URL="http://127.0.0.1:$PORT"
  log "starting the API at $BASE_URL (database $DB_NAME)"
  app_env
  # env execs node, so $! is the server itself (a shell function here would leave node behind when killed).
  env "${APP_ENV[@]}" node services/api/dist/server.js >"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 120); do
    curl -fsS "$BASE_URL/api/v1/health" >/dev/null 2>&1 && return
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.5
  done
  log 'the API did not become healthy; its log:'
  cat "$SERVER_LOG" >&2
  return 1
}

# Prints a session token of a fresh admin (admin routes are fuzzed too; an admin passes every owner check).
admin_token() {
  local email="fuzz-admin@example.com" password
  password="$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
  env "${APP_ENV[@]}" node services/api/dist/cli/admin-create.js "$email" --password "$password" >/dev/null
  curl -fsS -X POST "$BASE_URL/api/v1/login-user" -H 'content-type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).data.token))'
}

# ------------------------------------------------------------------ the fuzzer
# Every check runs but one, wrong for this API by design:
# - positive_data_acceptance: a request the document allows may still be refused by a rule no schema can say:
#   a wrong or expired one-time code, passwords that do not match, an id that names nothing (404), another
#   person's id (403), a rate limit (429). Each such refusal is a documented 4xx.
# The stateful phase is not run: the document has no links between operations for it to follow.
EXCLUDED_CHECKS=positive_data_acceptance

# run_st NAME ARGS... : one pass over the document; a JUnit report per pass. One worker: the machine is small,
# and concurrent workers made hypothesis crash inside CPython 3.11's ast module ("AST constructor recursion
# depth mismatch"), a failure of the tool, not of the API.
# st's own output goes to REPORT_DIR/NAME.log and is printed whole only when the pass fails: its closing banner
# is pytest's ("== 2 warnings in 49.74s =="), and CI reads such a line at the end of a run as a test runner's
# verdict on the whole run. On success one line says how many cases ran.
run_st() {
  local name="$1" rc=0
  shift
  log "schemathesis pass: $name"
  SCHEMATHESIS_HOOKS="$ROOT/scripts/lib/fuzz_hooks.py" timeout "$PASS_TIMEOUT" "$VENV/bin/st" run "$BASE_URL/api/docs/json" \
    --checks all --exclude-checks "$EXCLUDED_CHECKS" \
    --phases examples,coverage,fuzzing \
    --seed "$SEED" --max-examples "$EXAMPLES" \
    --generation-database none --workers 1 --request-timeout 20 --no-color \
    --report junit --report-junit-path "$REPORT_DIR/$name.xml" \
    "$@" >"$REPORT_DIR/$name.log" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    cat "$REPORT_DIR/$name.log" >&2
    log "schemathesis pass $name failed (exit $rc)"
    return "$rc"
  fi
  log "schemathesis pass $name: $(grep -E '^[[:space:]]*[0-9]+ generated' "$REPORT_DIR/$name.log" | tr -s ' ' | sed 's/^ //')"
}

main() {
  ensure_schemathesis
  rm -rf "$REPORT_DIR"
  mkdir -p "$REPORT_DIR"
  start_stripe_stand_in
  start_server
  local token status=0
  token="$(admin_token)"
  # As the admin: every operation but logout, which would end the session the rest of the pass needs.
  run_st admin -H "Authorization: Bearer $token" --exclude-path /api/v1/logout/user || status=1
  # Anonymous: every operation again, refusals (401) included, and logout.
  run_st anonymous || status=1
  if [ "$status" -ne 0 ]; then
    log "failures above; reports and the server log are in $REPORT_DIR"
    return 1
  fi
  if grep -q '"level":50' "$SERVER_LOG"; then
    log "the server logged errors during the run (see $REPORT_DIR/server.log)"
    return 1
  fi
  log 'no failures'
}

main
