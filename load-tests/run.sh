#!/usr/bin/env bash
# Runs a k6 script against a running BookStrut API.
#
#   load-tests/run.sh                                  # auth-and-health.js against 127.0.0.1:3000
#   BASE_URL=http://host:3000 LOAD_EMAIL=… LOAD_PASSWORD=… load-tests/run.sh [script.js] [k6 run args…]
#
# k6 is taken from $K6, then PATH, then ~/go/bin; when none exists it is built once with
# `go install go.k6.io/k6@v1.8.1` (~6 min on 2 cores; the binary is reused afterwards).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
K6_VERSION="${K6_VERSION:-v1.8.1}"
export BASE_URL="${BASE_URL:-http://127.0.0.1:3000}"

find_k6() {
  if [ -n "${K6:-}" ] && [ -x "$K6" ]; then echo "$K6"; return; fi
  if command -v k6 >/dev/null 2>&1; then command -v k6; return; fi
  local gobin
  gobin="$(go env GOBIN 2>/dev/null || true)"
  [ -n "$gobin" ] || gobin="$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"
  for candidate in "$gobin/k6" "$HOME/go/bin/k6"; do
    if [ -x "$candidate" ]; then echo "$candidate"; return; fi
  done
  if ! command -v go >/dev/null 2>&1; then
    echo "run.sh: k6 not found and Go is not installed. Install k6 (https://grafana.com/docs/k6/latest/set-up/install-k6/)" >&2
    echo "        or Go, then: go install go.k6.io/k6@$K6_VERSION" >&2
    return 1
  fi
  echo "run.sh: building k6 $K6_VERSION with go install (~6 min, once)…" >&2
  go install "go.k6.io/k6@$K6_VERSION" >&2
  echo "$gobin/k6"
}

script="auth-and-health.js"
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then
  script="$1"
  shift
fi
[ -f "$script" ] || script="$HERE/$script"

k6_bin="$(find_k6)"

# Fail fast with a readable message instead of a run full of connection errors.
health_url="$BASE_URL/api/v1/health"
if command -v curl >/dev/null 2>&1; then
  up() { curl -s -o /dev/null -m 5 "$health_url"; }
elif command -v node >/dev/null 2>&1; then
  up() { node -e "fetch(process.argv[1]).then(()=>process.exit(0),()=>process.exit(1))" "$health_url"; }
else
  up() { true; }
fi
if ! up; then
  echo "run.sh: $health_url does not answer; start the API first (npm start)" >&2
  exit 1
fi

echo "run.sh: $("$k6_bin" version | head -n1) → $script against $BASE_URL" >&2
exec "$k6_bin" run --no-usage-report -e BASE_URL="$BASE_URL" "$script" "$@"
