"""Hard negatives (`--hard-negatives`): for each training pair, a book the base model ranks high for the anchor that
is not the answer. In-batch negatives are random books, mostly easy to tell apart; a near miss teaches the finer
distinctions a reader's half-remembered plot needs.

Candidates are the validation pool's books minus every validation answer: the validation requests never reach
training, and neither do their answers in the role of "wrong book" (that would push the model away from them).
"""

from __future__ import annotations

import random
from dataclasses import replace

import torch
from sentence_transformers import SentenceTransformer

from .records import Book, Pair, normalise_title
from .evaluate import encode

# Where a negative is drawn from: among the base model's first TOP_K wrong books, at random. The very first wrong
# book is too often a near-duplicate of the answer (another edition, the same series) to be taught as "wrong".
TOP_K = 10


def mine(
    model: SentenceTransformer,
    pairs: list[Pair],
    candidates: list[Book],
    candidate_vectors: torch.Tensor,
    answers: dict[str, Book],
    seed: int,
) -> list[Pair]:
    """The pairs with a `negative` each. `candidate_vectors` are the base model's vectors of `candidates`;
    `answers` gives the answer books' titles, so another edition of the answer is never its negative."""
    rng = random.Random(seed)
    titles = [normalise_title(b.title) for b in candidates]
    anchor_vectors = encode(model, [p.anchor for p in pairs])
    # Ranking every anchor against every candidate at once is a 7k x 9k matrix: fine in memory (~250 MB as float32).
    top = (anchor_vectors @ candidate_vectors.T).topk(min(TOP_K * 3, len(candidates)), dim=1).indices
    answer_titles = {key: normalise_title(b.title) for key, b in answers.items()}
    mined = []
    for pair, ranked in zip(pairs, top.tolist()):
        answer_title = answer_titles.get(pair.answer_key)
        wrong = [
            i
            for i in ranked
            if candidates[i].key != pair.answer_key
            and titles[i] != answer_title
            # a catalogue pair's positive is a bare description: the same book may be in the pool with its title
            and pair.positive not in (candidates[i].text, candidates[i].description.strip())
        ][:TOP_K]
        if not wrong:  # a tiny pool (smoke runs): fall back to any other book
            wrong = [i for i in range(len(candidates)) if candidates[i].key != pair.answer_key]
        pick = candidates[rng.choice(wrong)]
        mined.append(replace(pair, negative=pick.text, negative_key=pick.key))
    return mined
