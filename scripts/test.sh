#!/usr/bin/env bash
# The one command that installs what the tests need and runs every check:
#
#   bash scripts/test.sh
#
# 1. PostgreSQL, Redis, chromium and a ClickHouse server (apt, as root; started by hand: no systemd here), node_modules (npm ci),
#    the idea encoder's Python venv (encoder/run.sh --setup-only, from PyPI; reused under ~/.cache/bookstrut)
# 2. npm run build, then npm run lint in the background (beside the suites; its result is reported last)
# 3. every workspace's vitest suite, the shell scripts' tests, then the client's end-to-end suite (chromium)
# 4. one summary line: "vitest: N passed, M failed, K skipped"
#
# Tests get an admin URL and create their own databases from it:
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   REDIS_URL=redis://127.0.0.1:6379
# Build, lint and every suite run even when an earlier one failed, so one run reports all failures;
# the exit code is non-zero if anything failed or no test ran. Each vitest run also writes
# test-results/<workspace>.json (read by scripts/vitest-summary.mjs).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
# shellcheck source=scripts/lib/services.sh
source scripts/lib/services.sh

RESULTS_DIR="$ROOT/test-results"
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"

# Idea search tests use local sentence-embedding model files and never download one: ../shared/models beside
# the repository (the config default), else MODELS_DIR; a CI clone elsewhere on a development machine finds
# them at /work/shared/models.
if [ -z "${MODELS_DIR:-}" ] && [ ! -d "$ROOT/../shared/models" ] && [ -d /work/shared/models ]; then
  export MODELS_DIR=/work/shared/models
fi
# The encoder test trains on ../shared/data/reddit-tomt-books-dev (never copied into the repository).
if [ -z "${SHARED_DATA_DIR:-}" ] && [ ! -d "$ROOT/../shared/data" ] && [ -d /work/shared/data ]; then
  export SHARED_DATA_DIR=/work/shared/data
fi

failed_phases=()
timing_lines=()
run_start=$(date +%s%N)

_elapsed() { # nanosecond start -> "12.3s"
  local ns=$(($(date +%s%N) - $1))
  printf '%d.%ds' $((ns / 1000000000)) $((ns / 100000000 % 10))
}

# phase NAME CMD... : runs CMD with stdin closed, prints its duration, records a failure.
phase() {
  local name="$1"
  shift
  local start rc took
  printf '\n\033[1m==> %s\033[0m\n' "$name"
  start=$(date +%s%N)
  "$@" </dev/null
  rc=$?
  took=$(_elapsed "$start")
  if [ "$rc" -eq 0 ]; then
    printf '==> %s: ok (%s)\n' "$name" "$took"
    timing_lines+=("$(printf '%-28s %-6s %s' "$name" ok "$took")")
  else
    printf '==> %s: FAILED, exit %d (%s)\n' "$name" "$rc" "$took"
    timing_lines+=("$(printf '%-28s %-6s %s' "$name" FAILED "$took")")
    failed_phases+=("$name")
  fi
  return "$rc"
}

print_timings() {
  printf '\n==> timings (total %s)\n' "$(_elapsed "$run_start")"
  local line
  for line in "${timing_lines[@]}"; do printf '    %s\n' "$line"; done
}

abort() {
  # Background phases (encoder venv, lint) would go on after we exit.
  local job
  for job in $(jobs -p); do kill "$job" 2>/dev/null; done
  print_timings
  printf '\ntest.sh: %s failed; nothing else can run without it.\n' "$1" >&2
  exit 1
}

# ------------------------------------------------------------------ 1. prerequisites
phase postgres ensure_postgres || abort postgres
phase redis ensure_redis || abort redis
phase chromium ensure_chromium || abort chromium
# The analytics store's contract suite also runs against a ClickHouse server when one answers (the app and every
# other test use the embedded chDB); without one that suite is skipped with its reason printed.
optional_clickhouse() {
  if ensure_clickhouse; then
    export TEST_CLICKHOUSE_URL="${TEST_CLICKHOUSE_URL:-http://127.0.0.1:8123}"
  else
    echo "no ClickHouse server: its contract tests will be skipped (the chDB ones run)"
  fi
}
phase clickhouse optional_clickhouse
phase node_modules ensure_node_modules || abort node_modules
# The idea encoder's Python environment (torch, sentence-transformers, onnx; from PyPI the first time, then
# reused): mostly downloads, so it is made beside the build and awaited before the suites.
ENCODER_LOG="$(mktemp)"
ENCODER_START=$(date +%s%N)
(bash encoder/run.sh --setup-only >"$ENCODER_LOG" 2>&1 </dev/null) &
ENCODER_PID=$!
finish_encoder_venv() {
  wait "$ENCODER_PID"
  local rc=$?
  cat "$ENCODER_LOG"
  rm -f "$ENCODER_LOG"
  printf '(started %s ago)\n' "$(_elapsed "$ENCODER_START")"
  return "$rc"
}

# ------------------------------------------------------------------ 2. build and lint
phase build npm run build
# Lint (tsc and ESLint, one core each, no waiting on I/O) runs beside the test suites, which spend much of their
# time waiting on PostgreSQL, Redis and the browser; its output is printed, and its result counted, at the end.
LINT_LOG="$(mktemp)"
LINT_START=$(date +%s%N)
(npm run lint >"$LINT_LOG" 2>&1 </dev/null) &
LINT_PID=$!

# ------------------------------------------------------------------ 3. test suites
phase "encoder venv" finish_encoder_venv || abort "encoder venv"
# The encoder's training data (catalogue self-supervision) and a tiny real training run (~30 s).
phase "encoder selftest" bash encoder/run.sh --selftest
rm -rf "$RESULTS_DIR"
mkdir -p "$RESULTS_DIR"
# .ci/run starts its other steps (first run, fuzzing: they need the build) beside the suites from here.
if [ -n "${TEST_SH_SUITES_STARTED:-}" ]; then touch "$TEST_SH_SUITES_STARTED"; fi

# Workspaces (in the root package.json's order) that declare a "test" script: the packages, the client and the
# benches' own tests (bench/: the found-it simulation, the tomt data's folds).
mapfile -t test_workspaces < <(node -e '
  const { readFileSync } = require("node:fs")
  for (const ws of JSON.parse(readFileSync("package.json", "utf8")).workspaces ?? []) {
    try {
      if (JSON.parse(readFileSync(ws + "/package.json", "utf8")).scripts?.test) console.log(ws)
    } catch {}
  }')

# vitest_report NAME : the reporter arguments writing test-results/NAME.json (absolute: npm -w runs
# the script inside the workspace folder).
vitest_report() {
  printf '%s\n' --reporter=default --reporter=json "--outputFile=$RESULTS_DIR/$1.json"
}

# run_suite NAME CMD... : a suite whose exit was 0 but wrote no report still counts as failed.
run_suite() {
  local name="$1"
  shift
  "$@" || return
  [ -s "$RESULTS_DIR/$name.json" ] || {
    echo "test.sh: $name wrote no JSON report to $RESULTS_DIR/$name.json" >&2
    return 1
  }
}

if [ "${#test_workspaces[@]}" -eq 0 ]; then
  echo 'test.sh: no workspace declares a "test" script' >&2
  failed_phases+=("no test suites")
fi
for ws in "${test_workspaces[@]}"; do
  name="${ws//\//-}"
  mapfile -t args < <(vitest_report "$name")
  phase "test $ws" run_suite "$name" npm test -w "$ws" -- "${args[@]}"
done

# Shell scripts' own tests (scripts/tests/*.test.sh). The first-run test starts the whole app from fresh clones and
# the stack test the split stack (scripts/stack.sh): both run in .ci/run beside this script, not here.
script_tests() {
  local t rc=0
  for t in scripts/tests/*.test.sh; do
    case "$(basename "$t")" in first-run.test.sh | stack.test.sh) continue ;; esac
    echo "--- $t"
    bash "$t" || rc=1
  done
  return "$rc"
}
phase "script tests" script_tests

if node -e 'process.exit(require("./client/package.json").scripts?.e2e ? 0 : 1)' 2>/dev/null; then
  mapfile -t args < <(vitest_report client-e2e)
  phase "e2e client" run_suite client-e2e npm run e2e -w client -- "${args[@]}"
else
  echo 'test.sh: client has no "e2e" script' >&2
  failed_phases+=("e2e client (missing)")
fi

# ------------------------------------------------------------------ lint, started beside the suites
finish_lint() {
  printf '%s\n' "--- npm run lint (started after the build, $(_elapsed "$LINT_START") ago)"
  wait "$LINT_PID"
  local rc=$?
  cat "$LINT_LOG"
  rm -f "$LINT_LOG"
  return "$rc"
}
phase lint finish_lint

# ------------------------------------------------------------------ 4. summary
print_timings
printf '\n'
shopt -s nullglob
reports=("$RESULTS_DIR"/*.json)
node scripts/vitest-summary.mjs "${reports[@]}" || failed_phases+=("vitest summary")

if [ "${#failed_phases[@]}" -gt 0 ]; then
  printf '\ntest.sh: FAILED: %s\n' "$(
    IFS=,
    echo "${failed_phases[*]}"
  )" >&2
  exit 1
fi
printf '\ntest.sh: all checks passed\n'
