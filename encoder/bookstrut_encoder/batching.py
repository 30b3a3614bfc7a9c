"""Batches for in-batch negatives that never hold the same book twice.

MultipleNegativesRankingLoss treats every other positive (and negative) in a batch as wrong for an anchor. If one
book were in a batch twice (a request's joined ideas and one of its single ideas, or two requests with the same
answer), the loss would push an anchor away from its own answer. So a batch takes a pair only when none of the
pair's books (its answer, and its hard negative if any) is already in it; a pair that does not fit waits for the
next batch.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from .records import Pair


def pair_books(pair: Pair) -> set[str]:
    return {pair.answer_key} | ({pair.negative_key} if pair.negative_key else set())


def batches(pairs: Sequence[Pair], batch_size: int, rng: random.Random) -> Iterator[list[Pair]]:
    """One epoch: every pair exactly once, shuffled, in batches of `batch_size` without a repeated book. The last
    batch may be smaller; a pair whose books clash with everything left still gets a batch of its own."""
    waiting = list(range(len(pairs)))
    rng.shuffle(waiting)
    while waiting:
        batch: list[int] = []
        seen: set[str] = set()
        deferred: list[int] = []
        for i in waiting:
            books = pair_books(pairs[i])
            if len(batch) < batch_size and not books & seen:
                batch.append(i)
                seen |= books
            else:
                deferred.append(i)
        waiting = deferred
        yield [pairs[i] for i in batch]



def epoch_batches(pairs: Sequence[Pair], batch_size: int, seed: int, epoch: int) -> list[list[Pair]]:
    """The batches of one epoch, planned up front: the learning-rate schedule needs the exact step count (clashes
    can add a batch or two), and a fixed seed gives the same order on every run."""
    return list(batches(pairs, batch_size, random.Random(f"{seed}:{epoch}")))
