#!/usr/bin/env bash
# Keeps load-tests/idea-search.js working: runs it briefly, at a low rate, against the built app.
#
#   npm run build && bash scripts/tests/k6-idea-search.test.sh
#
# Starts the built api (services/api/dist/server.js) on a scratch database of the test PostgreSQL
# (TEST_DATABASE_URL's server), a Redis key prefix of its own and a scratch DATA_DIR, imports the twelve classics of
# data-samples/ with their idea vectors (catalog:import --wait), runs the k6 script for LOAD_DURATION (15s) at
# LOAD_RATE (3) searches a second through load-tests/run.sh (which finds k6 or builds it), and fails when a threshold
# fails (any failed request or check; p95 over LOAD_IDEA_P95_MS 3000, LOAD_FRESH_P95_MS 5000, LOAD_KEYWORD_P95_MS
# 3000). Not K6_* names: k6 reads K6_DURATION and friends as its own options (one VU instead of the scenario).
# Everything it made is removed on exit. Needs MODELS_DIR (the embedding model), Redis at REDIS_URL.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ADMIN_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
MODELS="${MODELS_DIR:-$ROOT/../shared/models}"
say() { printf '[k6-idea-search] %s\n' "$*"; }
fail() {
  printf '[k6-idea-search] FAIL: %s\n' "$*" >&2
  exit 1
}

[ -f "$ROOT/services/api/dist/server.js" ] || fail "no built api: run npm run build first"
[ -d "$MODELS" ] || fail "no model files at $MODELS (set MODELS_DIR)"
MODELS="$(cd "$MODELS" && pwd)"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
PORT="$(free_port)"
NAME="k6_idea_search_$$"
DATA="$(mktemp -d)"
LOG="$DATA/api.log"
APP_PID=""
cleanup() {
  if [ -n "$APP_PID" ]; then
    kill -TERM "$APP_PID" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$APP_PID" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$APP_PID" 2>/dev/null || true
  fi
  (cd "$ROOT" && node -e '
    const pg = require("pg"); const c = new pg.Client(process.argv[1]);
    c.connect().then(() => c.query(`DROP DATABASE IF EXISTS "${process.argv[2]}" WITH (FORCE)`)).finally(() => c.end())
  ' "$ADMIN_URL" "$NAME") >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT

# The scratch database's URL: the admin URL with another database name.
DATABASE_URL="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$ADMIN_URL" "$NAME")"
export DATABASE_URL DATA_DIR="$DATA" MODELS_DIR="$MODELS" PORT REDIS_PREFIX="k6-idea-$$" LOG_LEVEL=warn \
  NODE_ENV=production SEARCH_RATE_LIMIT_ANON=1000000 SEARCH_RATE_LIMIT_USER=1000000
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"

say "importing the classics into $NAME (vectors included)"
(cd "$ROOT" && node services/api/dist/cli/catalog-import.js data-samples/classics.jsonl --wait) >"$DATA/import.log" 2>&1 ||
  {
    tail -n 40 "$DATA/import.log" >&2
    fail "catalog:import failed (log above)"
  }

say "starting the built api on port $PORT"
(cd "$ROOT" && exec node services/api/dist/server.js) >"$LOG" 2>&1 &
APP_PID=$!
deadline=$((SECONDS + 180))
until curl -fsS "http://127.0.0.1:$PORT/api/v1/health" 2>/dev/null | grep -q '"success":true'; do
  kill -0 "$APP_PID" 2>/dev/null || {
    tail -n 40 "$LOG" >&2
    fail "the api exited (log above)"
  }
  [ "$SECONDS" -lt "$deadline" ] || fail "the api was not healthy within 180 s"
  sleep 1
done

# The first idea search loads the query embedder (seconds): done before measuring, as a deployment warms up.
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/v1/search/podcast?firstField=a%20whale%20hunt&secondField=a%20proud%20captain&thirdField=life%20at%20sea" ||
  fail "the warm-up idea search failed"

# This run proves the script and the api work together (no failed request, every check); its latency thresholds
# are loose because CI shares its machine: the figures that matter come from load-tests/README.md's runs.
say "k6: idea-search.js for ${LOAD_DURATION:-15s} at ${LOAD_RATE:-3}/s"
status=0
BASE_URL="http://127.0.0.1:$PORT" DURATION="${LOAD_DURATION:-15s}" RATE="${LOAD_RATE:-3}" \
  IDEA_P95_MS="${LOAD_IDEA_P95_MS:-3000}" FRESH_P95_MS="${LOAD_FRESH_P95_MS:-5000}" \
  KEYWORD_P95_MS="${LOAD_KEYWORD_P95_MS:-3000}" \
  bash "$ROOT/load-tests/run.sh" idea-search.js --quiet || status=$?
if [ "$status" -ne 0 ]; then
  grep -vE '"msg":"(incoming request|request completed)"' "$LOG" | tail -n 30 >&2 || true
  fail "k6 exited $status (99: a threshold failed)"
fi
say "thresholds held"
