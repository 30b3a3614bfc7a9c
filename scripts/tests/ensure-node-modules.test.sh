#!/usr/bin/env bash
# ensure_node_modules under `set -euo pipefail`, as scripts/demo.sh calls it: a lock file that `npm ci` refuses
# must lead to the `npm install --no-save` fallback (not end the script), and a failed install must come back
# as a return code the caller can act on.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/lib/services.sh
source "$HERE/../lib/services.sh"

fail() { echo "FAIL: $*" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A project whose lock file lacks its one dependency: `npm ci` answers EUSAGE.
project="$work/out-of-sync"
mkdir -p "$project"
cat >"$project/package.json" <<'JSON'
{ "name": "lock-test", "version": "1.0.0", "private": true, "dependencies": { "is-number": "7.0.0" } }
JSON
cat >"$project/package-lock.json" <<'JSON'
{ "name": "lock-test", "version": "1.0.0", "lockfileVersion": 3, "requires": true,
  "packages": { "": { "name": "lock-test", "version": "1.0.0" } } }
JSON
lock_before="$(cat "$project/package-lock.json")"
ensure_node_modules "$project" 2>"$work/log"
grep -q EUSAGE "$work/log" || fail "npm ci did not refuse the lock file (the case under test did not happen)"
grep -q 'falling back to npm install --no-save' "$work/log" || fail "the fallback did not run"
[ -f "$project/node_modules/is-number/package.json" ] || fail "is-number was not installed by the fallback"
[ "$(cat "$project/package-lock.json")" = "$lock_before" ] || fail "the fallback rewrote package-lock.json"
echo "ok - a lock file npm ci refuses falls back to npm install --no-save under set -e"

# A project npm cannot install at all: the caller gets a non-zero status and goes on.
broken="$work/broken"
mkdir -p "$broken"
echo '{ "name": "broken", "version": "1.0.0", "dependencies": { "is-number": "999.0.0" } }' >"$broken/package.json"
echo '{ "name": "broken", "lockfileVersion": 3, "packages": { "": { "dependencies": { "is-number": "999.0.0" } } } }' \
  >"$broken/package-lock.json"
status=0
ensure_node_modules "$broken" 2>"$work/log2" || status=$?
[ "$status" -ne 0 ] || fail "a failed install returned 0"
grep -q 'installing npm packages failed' "$work/log2" || fail "a failed install printed no error line"
echo "ok - a failed install returns non-zero to a set -e caller, with one error line"
