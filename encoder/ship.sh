#!/usr/bin/env bash
# bash encoder/ship.sh PUBLISHED_FOLDER [NAME]
# Copies a model that `npm run encoder:train` published (DATA_DIR/models/bookstrut/idea-encoder/<version>/) into the
# repository as the shipped idea encoder, services/search/models/bookstrut/NAME/ (default idea-encoder-v1): what
# EMBEDDING_MODEL=auto serves on a fresh clone (services/search/src/model-registry.ts). Only the files the app loads
# and the record of how the model was made are copied. A shipped name is never reused: vectors are stored under the
# model's id, so new weights under an old name would mix two models' vectors; ship a new model as -v2 and set
# SHIPPED_MODEL to it. Only a model `auto` may serve is copied; services/search/src/model-registry.test.ts checks the
# shipped folder.
set -euo pipefail

source="${1:?usage: bash encoder/ship.sh PUBLISHED_FOLDER [NAME]}"
name="${2:-idea-encoder-v1}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="$repo/services/search/models/bookstrut/$name"
# MODEL_FILES of services/search/src/model-registry.ts, and the record of how the model was made
files=(config.json tokenizer.json tokenizer_config.json special_tokens_map.json onnx/model_quantized.onnx
  manifest.json card.json model-card.md)

for f in "${files[@]}"; do
  [[ -f "$source/$f" ]] || { echo "ship: $source/$f is missing: not a published model" >&2 && exit 1; }
done
# what `auto` serves (model-registry.ts servableCard): passed, no smoke run, with its cosine scale
node -e '
  const card = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))
  if (card.passed !== true || card.smoke_run || !card.cosine_scale) {
    console.error(`ship: ${process.argv[1]}: not servable (passed ${card.passed}, smoke run ${!!card.smoke_run}, cosine scale ${!!card.cosine_scale})`)
    process.exit(1)
  }' "$source/card.json"
if [[ -e "$target" ]]; then
  echo "ship: $target exists; a shipped name is never reused (ship as a new name, e.g. idea-encoder-v2)" >&2
  exit 1
fi
mkdir -p "$target/onnx"
for f in "${files[@]}"; do cp "$source/$f" "$target/$f"; done
echo "$target"
