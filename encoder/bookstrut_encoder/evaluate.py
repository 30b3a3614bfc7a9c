"""Retrieval figures on the validation requests: how often the answer is found in a pool of books.

Each idea of a request is embedded on its own (as the app embeds what a reader types) and a book's score is the mean
cosine of the ideas to the book's text (title + description, one vector). That is simpler than the app's ranking
(description passages, Strut scores), which `npm run bench:quality` measures on the published int8 model; here it
only has to tell checkpoints apart, cheaply and the same way every time.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
from sentence_transformers import SentenceTransformer

from .records import Book, Query

ENCODE_BATCH = 64


@dataclass(frozen=True)
class Figures:
    recall_at_1: float
    recall_at_10: float
    mrr_at_10: float
    queries: int
    pool: int

    def as_dict(self) -> dict:
        return {k: round(v, 4) if isinstance(v, float) else v for k, v in asdict(self).items()}

    def __str__(self) -> str:
        return f"R@1 {self.recall_at_1:.3f}  R@10 {self.recall_at_10:.3f}  MRR@10 {self.mrr_at_10:.3f}"


def encode(model: SentenceTransformer, texts: list[str]) -> torch.Tensor:
    """Unit-length vectors in eval mode (no dropout); the caller's train/eval mode is restored."""
    was_training = model.training
    model.eval()
    try:
        with torch.inference_mode():
            return model.encode(
                texts,
                batch_size=ENCODE_BATCH,
                normalize_embeddings=True,
                convert_to_tensor=True,
                show_progress_bar=False,
            )
    finally:
        model.train(was_training)


def answer_ranks(scores: torch.Tensor, answers: torch.Tensor) -> torch.Tensor:
    """1-based rank of each query's answer; a tie counts against the answer (no lucky ordering)."""
    answer_scores = scores.gather(1, answers[:, None])
    return (scores >= answer_scores).sum(dim=1)


def figures_from_ranks(ranks: torch.Tensor, pool_size: int) -> Figures:
    ranks = ranks.float()
    return Figures(
        recall_at_1=float((ranks <= 1).float().mean()),
        recall_at_10=float((ranks <= 10).float().mean()),
        mrr_at_10=float(torch.where(ranks <= 10, 1.0 / ranks, torch.zeros_like(ranks)).mean()),
        queries=len(ranks),
        pool=pool_size,
    )


def pool_cache_key(model_identity: str, max_seq_length: int, pool: list[Book]) -> str:
    """Changes with the model's weights, how much of a text it reads and every text of the pool."""
    digest = hashlib.sha256(f"{model_identity}\n{max_seq_length}\n".encode())
    for book in pool:
        digest.update(book.text.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


class Evaluator:
    """Scores a model on fixed validation requests against a fixed pool. The pool's vectors can be kept
    (`last_pool_vectors`) so hard-negative mining can reuse the base model's pass over the pool."""

    def __init__(self, queries: list[Query], pool: list[Book]):
        self.queries = queries
        self.pool = pool
        slot = {b.key: i for i, b in enumerate(pool)}
        missing = [q.id for q in queries if q.answer not in slot]
        if missing:
            raise ValueError(f"validation answers missing from the pool: {missing[:5]}")
        self.answers = torch.tensor([slot[q.answer] for q in queries])
        self.ideas = [idea for q in queries for idea in q.ideas]
        self.idea_counts = torch.tensor([len(q.ideas) for q in queries])
        self.last_pool_vectors: torch.Tensor | None = None
        # every validation idea's cosine to every pool book (ideas × pool), of the last model scored
        self.last_idea_scores: torch.Tensor | None = None

    def __call__(self, model: SentenceTransformer, cache: Path | None = None) -> Figures:
        """`cache`: a file for the pool's vectors, for a model that is the same on every run (the base model):
        embedding ~9,500 books takes minutes on two cores, the same minutes each time."""
        if cache is not None and cache.is_file():
            pool_vectors = torch.load(cache)
        else:
            pool_vectors = encode(model, [b.text for b in self.pool])
            if cache is not None:
                cache.parent.mkdir(parents=True, exist_ok=True)
                torch.save(pool_vectors, cache.with_suffix(".tmp"))
                cache.with_suffix(".tmp").replace(cache)  # whole or absent, never half-written
        self.last_pool_vectors = pool_vectors
        idea_scores = self.last_idea_scores = encode(model, self.ideas) @ pool_vectors.T
        # mean over each request's ideas: split the idea rows by request and average them
        per_query = torch.stack([s.mean(dim=0) for s in idea_scores.split(self.idea_counts.tolist())])
        return figures_from_ranks(answer_ranks(per_query, self.answers), len(self.pool))
