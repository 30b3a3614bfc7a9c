#!/usr/bin/env bash
# The README's first command on a fresh clone, as a new user runs it:
#
#   bash scripts/tests/first-run.test.sh
#
# For each of two clones of this repository's HEAD — one in a world-readable folder, one in a private folder
# (mode 700 under $HOME: /root for root, where the embedded PostgreSQL's `postgres` user cannot enter) — with no
# node_modules and no data/: runs `npm run demo` in its own process group, waits until /api/v1/health is healthy,
# prints the time to the first page and to every book searchable (issue 48), checks that the home page (in
# chromium) and an idea search list imported books, stops it with SIGINT as a Ctrl-C would, checks that nothing is
# left running (no node, postgres or redis-server of that clone, nothing on its ports)
# and that the log holds no npm warning about our configuration, no stack trace and no connection object;
# then starts it a second time and checks the same.
#
# The clones use the twelve classics of data-samples/ (no ../shared beside them), MODELS_DIR from the
# environment, and ports of their own. Needs what the demo needs (redis-server; run as root it installs it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MODELS="${MODELS_DIR:-$ROOT/../shared/models}"
[ -d "$MODELS" ] || MODELS=/work/shared/models
[ -d "$MODELS" ] || {
  echo "first-run: no model files (set MODELS_DIR)" >&2
  exit 1
}
MODELS="$(cd "$MODELS" && pwd)"
START_TIMEOUT="${FIRST_RUN_TIMEOUT:-900}"

say() { printf '[first-run] %s\n' "$*"; }
fail() {
  printf '[first-run] FAIL: %s\n' "$*" >&2
  exit 1
}
# The log without the request lines, for a failure report.
show_log() { grep -vE '"msg":"(incoming request|request completed)"' "$1" | tail -n "${2:-60}" >&2; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Processes whose command line or working folder is inside $1 (node, npm, bash, postgres, redis-server).
processes_of() {
  local dir="$1" pid cwd cmd
  for pid in $(ls /proc | grep -E '^[0-9]+$'); do
    [ "$pid" = "$$" ] && continue
    cwd="$(readlink "/proc/$pid/cwd" 2>/dev/null || true)"
    cmd="$({ tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null || true)" # the process may be gone meanwhile
    if [[ "$cwd" == "$dir"* || "$cmd" == *"$dir"* ]]; then echo "$pid ${cmd:0:120}"; fi
  done
}

CLEANUP=()
# Last registered, first done: a clone's database folder outside it is found through the clone, so it goes first.
cleanup() {
  local i
  for ((i = ${#CLEANUP[@]} - 1; i >= 0; i--)); do eval "${CLEANUP[$i]}" || true; done
}
trap cleanup EXIT

# start_demo CLONE LOG -> sets DEMO_PGID; the demo runs in its own session, like a terminal's foreground job.
start_demo() {
  local clone="$1" log="$2"
  (cd "$clone" && exec setsid env MODELS_DIR="$MODELS" DEMO_BOOKS=12 PORT="$PORT" EMBEDDED_PG_PORT="$PG_PORT" \
    REDIS_URL="redis://127.0.0.1:$REDIS_PORT" LOG_LEVEL=info npm run demo) >"$log" 2>&1 </dev/null &
  DEMO_PGID=$!
  CLEANUP+=("kill -KILL -- -$DEMO_PGID 2>/dev/null")
}

wait_healthy() {
  local log="$1" deadline=$((SECONDS + START_TIMEOUT))
  until curl -fsS "http://127.0.0.1:$PORT/api/v1/health" 2>/dev/null | grep -q '"success":true'; do
    if ! kill -0 "$DEMO_PGID" 2>/dev/null; then
      show_log "$log"
      fail "the demo exited before it was healthy (log above)"
    fi
    [ "$SECONDS" -lt "$deadline" ] || {
      show_log "$log"
      fail "not healthy within ${START_TIMEOUT}s"
    }
    sleep 2
  done
}

stop_demo() {
  local clone="$1" log="$2"
  kill -INT -- "-$DEMO_PGID"
  local deadline=$((SECONDS + 60))
  while kill -0 "$DEMO_PGID" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fail "still running 60 s after SIGINT"
    sleep 0.5
  done
  sleep 1
  local left
  left="$(processes_of "$clone")"
  [ -z "$left" ] || fail "left running after SIGINT: $left"
  local port
  for port in "$PORT" "$PG_PORT" "$REDIS_PORT"; do
    if listening "$port"; then fail "something still listens on port $port after SIGINT"; fi
  done
  local cluster="$clone/data/postgres"
  [ -f "$clone/data/postgres.location" ] && cluster="$(head -n1 "$clone/data/postgres.location")"
  [ ! -f "$cluster/postmaster.pid" ] || fail "PostgreSQL did not shut down cleanly ($cluster/postmaster.pid is left)"
  grep -q 'BookStrut stopped' "$log" || fail "the log has no 'BookStrut stopped' line"
}

check_log() {
  local log="$1"
  if grep -nE 'Unknown project config|EBADENGINE|not yet covered by allowScripts' "$log"; then
    fail "npm warned about our configuration (above)"
  fi
  if grep -nE '^\s+at .+\(.+:[0-9]+:[0-9]+\)|idle database connection lost|_connectionCallback|secretKey' "$log"; then
    fail "the log holds a stack trace or a connection object (above)"
  fi
}

# wait_first_page STARTED: until the home page answers 200; prints the seconds since STARTED (issue 48's figure).
wait_first_page() {
  local started="$1" deadline=$((SECONDS + START_TIMEOUT))
  until curl -fsS -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fail "no home page within ${START_TIMEOUT}s"
    sleep 1
  done
  say "$2: first page after $((SECONDS - started)) s"
}

# wait_all_searchable CLONE STARTED NAME: until every book has its idea-search vectors (npm run embeddings:status
# in the clone: "serving MODEL  N/N books embedded"); prints the seconds since STARTED. The app computes them while
# it serves (scripts/demo.sh), so this comes after the first page.
wait_all_searchable() {
  local clone="$1" started="$2" name="$3" deadline=$((SECONDS + START_TIMEOUT)) line=''
  while :; do
    line="$(cd "$clone" && EMBEDDED_PG_PORT="$PG_PORT" MODELS_DIR="$MODELS" \
      node services/api/dist/cli/embeddings-status.js 2>/dev/null | head -n1 || true)"
    if [[ "$line" =~ ([0-9]+)/([0-9]+)\ books ]] && [ "${BASH_REMATCH[2]}" -gt 0 ] &&
      [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]; then
      say "$name: every book searchable after $((SECONDS - started)) s (${line//  / })"
      return 0
    fi
    [ "$SECONDS" -lt "$deadline" ] || fail "not every book searchable within ${START_TIMEOUT}s (last: $line)"
    sleep 2
  done
}

# first_run NAME PARENT: clone into PARENT/bookstrut and run the journey twice.
first_run() {
  local name="$1" parent="$2"
  local clone="$parent/bookstrut"
  PORT="$(free_port)" PG_PORT="$(free_port)" REDIS_PORT="$(free_port)"
  git clone --quiet "$ROOT" "$clone"
  CLEANUP+=("[ -f '$clone/data/postgres.location' ] && rm -rf \"\$(head -n1 '$clone/data/postgres.location')\"")
  local run log started
  for run in 1 2; do
    log="$parent/demo-$run.log"
    started=$SECONDS
    say "$name, run $run: npm run demo in $clone (port $PORT)"
    start_demo "$clone" "$log"
    wait_healthy "$log"
    say "$name, run $run: healthy after $((SECONDS - started)) s"
    wait_first_page "$started" "$name, run $run"
    wait_all_searchable "$clone" "$started" "$name, run $run"
    node "$ROOT/scripts/tests/first-run-check.mjs" "http://127.0.0.1:$PORT" || {
      show_log "$log"
      fail "$name, run $run: the home page or idea search does not list the imported books"
    }
    stop_demo "$clone" "$log"
    check_log "$log"
    say "$name, run $run: stopped cleanly after SIGINT"
  done
}

readable="$(mktemp -d)"
chmod 755 "$readable"
CLEANUP+=("rm -rf '$readable'")
first_run "readable folder" "$readable"

private="$(mktemp -d "$HOME/.bookstrut-first-run.XXXXXX")"
chmod 700 "$private"
CLEANUP+=("rm -rf '$private'")
first_run "private folder ($(stat -c '%a %U' "$private"))" "$private"

say "ok: both clones start, serve the imported books, stop cleanly and start again"
