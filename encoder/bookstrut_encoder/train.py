"""The training loop: MultipleNegativesRankingLoss (in-batch negatives) in a plain PyTorch loop.

SentenceTransformerTrainer would need the `datasets` package; a loop around the library's loss is all this needs.
The validation requests pick the checkpoint: evaluated at every epoch's end (and every `eval_every` steps if set),
the best by MRR@10 is kept in memory and restored at the end.
"""

from __future__ import annotations

import time
from contextlib import nullcontext
from dataclasses import dataclass, field

import torch
from sentence_transformers import SentenceTransformer
from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss
from transformers import get_linear_schedule_with_warmup

from .batching import epoch_batches
from .records import Pair
from .evaluate import Evaluator, Figures
from .log import log

try:
    # On a CPU, embedding anchors (short) and books (long) in one padded forward pass costs more than two passes:
    # every short anchor would be padded to the longest book. The library merges the columns unless told not to.
    from sentence_transformers.base.losses.merged_forward import column_merging_disabled
except ImportError:  # an older or newer library without merging: nothing to switch off
    column_merging_disabled = nullcontext


@dataclass(frozen=True)
class Settings:
    epochs: int
    batch_size: int
    lr: float
    seed: int
    max_steps: int | None
    eval_every: int | None
    max_seq_length: int
    # publish the last step's weights, not the best validated ones (the validation split is bench:quality's dev split)
    keep_last: bool = False
    warmup_ratio: float = 0.1
    weight_decay: float = 0.01
    # MNRL's default: cosine similarities x 20 before the softmax (temperature 0.05)
    scale: float = 20.0
    max_grad_norm: float = 1.0


@dataclass(frozen=True)
class Evaluation:
    step: int
    epoch: float
    figures: Figures


@dataclass
class Result:
    steps: int
    seconds: float
    """wall time of the whole loop, validation included"""
    validation_seconds: float
    best: Evaluation
    evaluations: list[Evaluation] = field(default_factory=list)
    mean_loss_per_epoch: list[float] = field(default_factory=list)
    pairs_trained_on: dict[str, int] = field(default_factory=dict)


def _features(model: SentenceTransformer, batch: list[Pair]) -> list[dict]:
    columns = [[p.anchor for p in batch], [p.positive for p in batch]]
    if batch[0].negative is not None:
        columns.append([p.negative or "" for p in batch])
    return [model.preprocess(texts) for texts in columns]


def _snapshot(model: SentenceTransformer) -> dict[str, torch.Tensor]:
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def is_best_so_far(figures: Figures, kept: Figures | None) -> bool:
    return kept is None or figures.mrr_at_10 > kept.mrr_at_10


def replaces_kept(figures: Figures, kept: Figures | None, last_step: bool, keep_last: bool) -> bool:
    """Whether a validated checkpoint replaces the one kept so far: the first always; a better MRR@10 always; the
    last step's with keep_last, however it validates."""
    return is_best_so_far(figures, kept) or (keep_last and last_step)


def train(model: SentenceTransformer, pairs: list[Pair], evaluator: Evaluator, settings: Settings) -> Result:
    """Trains `model` in place and leaves it holding the best checkpoint's weights."""
    torch.manual_seed(settings.seed)
    model.max_seq_length = settings.max_seq_length
    loss_fn = MultipleNegativesRankingLoss(model, scale=settings.scale)
    plan = [epoch_batches(pairs, settings.batch_size, settings.seed, e) for e in range(settings.epochs)]
    total = sum(len(batches) for batches in plan)
    if settings.max_steps is not None:
        total = min(total, settings.max_steps)
    optimizer = torch.optim.AdamW(model.parameters(), lr=settings.lr, weight_decay=settings.weight_decay)
    scheduler = get_linear_schedule_with_warmup(optimizer, int(total * settings.warmup_ratio), total)
    log(f"training: {len(pairs)} pairs, {total} steps of {settings.batch_size} over {settings.epochs} epoch(s)")

    evaluations: list[Evaluation] = []
    best: tuple[Evaluation, dict[str, torch.Tensor]] | None = None
    losses: list[float] = []
    trained_on: dict[str, int] = {}
    step = 0
    validation_seconds = 0.0
    started = time.monotonic()

    def evaluate(epoch: float) -> None:
        nonlocal best, validation_seconds
        t = time.monotonic()
        figures = evaluator(model)
        evaluation = Evaluation(step, round(epoch, 3), figures)
        evaluations.append(evaluation)
        kept = best[0].figures if best else None
        better = is_best_so_far(figures, kept)
        if replaces_kept(figures, kept, step == total, settings.keep_last):
            best = (evaluation, _snapshot(model))
        validation_seconds += time.monotonic() - t
        log(f"validation at step {step}: {figures}{'  (best so far)' if better else ''}  [{time.monotonic() - t:.0f} s]")

    model.train()
    for epoch, batches in enumerate(plan):
        epoch_losses: list[float] = []
        for i, batch in enumerate(batches):
            if step >= total:
                break
            with column_merging_disabled():
                loss = loss_fn(_features(model, batch), None)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), settings.max_grad_norm)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad(set_to_none=True)
            step += 1
            epoch_losses.append(loss.item())
            for p in batch:
                trained_on[p.kind] = trained_on.get(p.kind, 0) + 1
            if step % 10 == 0 or step == total:
                per_step = (time.monotonic() - started - validation_seconds) / step
                recent = sum(epoch_losses[-10:]) / len(epoch_losses[-10:])
                log(f"step {step}/{total}  loss {recent:.4f}  {per_step:.1f} s/step  ~{(total - step) * per_step / 60:.0f} min left")
            at_epoch_end = i == len(batches) - 1
            if step == total or at_epoch_end or (settings.eval_every and step % settings.eval_every == 0):
                evaluate(epoch + (i + 1) / len(batches))
        if epoch_losses:
            losses.append(sum(epoch_losses) / len(epoch_losses))
        if step >= total:
            break

    assert best is not None, "training ran no step"
    model.load_state_dict(best[1])
    model.eval()
    log(f"{'kept (the last)' if settings.keep_last else 'best'} checkpoint: step {best[0].step} ({best[0].figures})")
    log(f"pairs trained on: {', '.join(f'{kind} {n}' for kind, n in trained_on.items())}")
    return Result(step, time.monotonic() - started, validation_seconds, best[0], evaluations, losses, trained_on)
