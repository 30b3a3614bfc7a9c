"""The cosine scale: a trained model's cosines put on the base model's scale (the app's `CosineScale`, strut-score.ts).

The app turns cosines into Strut scores with a curve, a relevance floor and a lexical weight that were fitted to the
base model's cosines. A trained encoder spreads its cosines otherwise (one trained with hard negatives put an answer
book's about 0.15 higher, so the base curve listed every book at full score). The card therefore carries a linear map,
`slope × cosine + offset`, under which the trained model's cosines fall where the base model's do.

It is fitted on the validation requests: both models score every idea against every book of the validation pool, and
the map matches quantiles of the two distributions (QUANTILES, least squares). The quantiles are of all pairs, not of
the answers: they say how far above the crowd of unrelated books a cosine is, which is what the floor and the curve
read; a model that finds the answers better then shows it as higher Strut scores for them.
"""

from __future__ import annotations

import numpy as np
import torch

# From the median pair to the top 0.05 %: the body of the distribution and the upper tail, where the relevance floor
# and the steep part of the curve lie (the floor keeps about 0.5 % of the books per idea).
QUANTILES = (0.5, 0.75, 0.9, 0.95, 0.99, 0.995, 0.999, 0.9995)
# Pairs the quantiles are read from: a fixed sample keeps the fit cheap and the same on every run.
MAX_PAIRS = 2_000_000
SEED = 7


def _sample(scores: torch.Tensor) -> np.ndarray:
    flat = scores.flatten().float().numpy()
    if len(flat) <= MAX_PAIRS:
        return flat
    picked = np.random.default_rng(SEED).choice(len(flat), MAX_PAIRS, replace=False)
    return flat[picked]


def fit_cosine_scale(base_scores: torch.Tensor, trained_scores: torch.Tensor) -> dict:
    """`slope` and `offset` of the map from the trained model's cosines onto the base model's, and how it was fitted.

    Both arguments are the same ideas × books matrix of cosines, one per model."""
    if base_scores.shape != trained_scores.shape:
        raise ValueError(f"score matrices differ: {tuple(base_scores.shape)} vs {tuple(trained_scores.shape)}")
    base_q = np.quantile(_sample(base_scores), QUANTILES)
    trained_q = np.quantile(_sample(trained_scores), QUANTILES)
    if np.ptp(trained_q) < 1e-6:
        raise ValueError("the trained model gives every pair the same cosine: it has collapsed, there is nothing to map")
    slope, offset = np.polyfit(trained_q, base_q, 1)
    return {
        "slope": round(float(slope), 4),
        "offset": round(float(offset), 4),
        "method": (
            "least squares between the quantiles of the two models' cosines, every validation idea against every "
            "validation pool book (title + description)"
        ),
        "quantiles": list(QUANTILES),
        "base_cosines": [round(float(x), 4) for x in base_q],
        "trained_cosines": [round(float(x), 4) for x in trained_q],
        "pairs": int(base_scores.numel()),
    }
