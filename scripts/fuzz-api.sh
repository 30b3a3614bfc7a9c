#!/usr/bin/env bash
# Fuzzes the running API from its own OpenAPI document with schemathesis (PyPI), in a cached virtualenv.
#
#   bash scripts/fuzz-api.sh [BASE_URL]        # default http://127.0.0.1:3000
#
# Every check runs except positive_data_acceptance: some schema-valid requests are refused on purpose
# (a wrong one-time code, passwords that do not match, an address with no account), with a 4xx.
set -euo pipefail
BASE_URL="${1:-http://127.0.0.1:3000}"
VENV="${BOOKSTRUT_ST_VENV:-$HOME/.cache/bookstrut/venv-schemathesis}"
if [ ! -x "$VENV/bin/st" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "schemathesis==4.*"
fi
exec "$VENV/bin/st" run "$BASE_URL/api/docs/json" --max-examples "${FUZZ_EXAMPLES:-50}" --checks all \
  --exclude-checks positive_data_acceptance --seed "${FUZZ_SEED:-20261122}"
