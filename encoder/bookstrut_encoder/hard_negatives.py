"""Hard negatives (`--hard-negatives`): for each training pair, a book the base model ranks high for the anchor that
is not the answer. In-batch negatives are random books, mostly easy to tell apart; a near miss teaches the finer
distinctions a reader's half-remembered plot needs. `--negatives-from FILE` takes the tomt pairs' negatives from the
product's own ranking of their request instead (a second round: what the served search gets wrong), and the other
pairs' from the base model as above.

Candidates are the validation pool's books minus every validation answer: the validation requests never reach
training, and neither do their answers in the role of "wrong book" (that would push the model away from them).
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import torch
from sentence_transformers import SentenceTransformer

from .candidates import read_candidates_file
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


def read_rankings(path: Path) -> dict[str, list[str]]:
    """Each request's ranked books from a `npm run bench:quality -- --split train --candidates FILE` file: the
    product's own search (first stage, then second stage) over the validation pool, as book keys (the data files'
    ids: the file names books by the bench database's ids, and gives each one's key in its book line). Only train
    requests may be in it: a validation request's ranking would carry the dev split's requests into training."""
    requests, books = read_candidates_file(path)
    for r in requests:
        if r.get("split") != "train":
            raise ValueError(
                f"{path}: request {r['request']} is from the {r.get('split')!r} split; only train requests may give "
                "negatives (write the file with bench:quality --split train)"
            )
    if any("key" not in b for b in books.values()):
        raise ValueError(f"{path}: its book lines carry no `key` (written by an older bench:quality): write it again")
    return {r["request"]: [books[c["id"]]["key"] for c in r["candidates"]] for r in requests}


def from_rankings(
    pairs: list[Pair],
    rankings: dict[str, list[str]],
    candidates: list[Book],
    answers: dict[str, Book],
    seed: int,
) -> tuple[list[Pair], int]:
    """The pairs with the negative of their request's ranking where there is one: a book the product itself listed
    above or near the answer, drawn like `mine` from its first TOP_K wrong books. `candidates` are the books a negative
    may be (the pool without the validation answers); other pairs keep what they had. Returns the pairs and how many
    took a negative from the rankings."""
    rng = random.Random(seed)
    by_key = {b.key: b for b in candidates}
    titles = {b.key: normalise_title(b.title) for b in candidates}
    answer_titles = {key: normalise_title(b.title) for key, b in answers.items()}
    out, taken = [], 0
    for pair in pairs:
        ranked = rankings.get(pair.request or "")
        wrong = [
            by_key[key]
            for key in ranked or []
            if key in by_key and key != pair.answer_key and titles[key] != answer_titles.get(pair.answer_key)
        ][:TOP_K]
        if not wrong:
            out.append(pair)
            continue
        pick = rng.choice(wrong)
        out.append(replace(pair, negative=pick.text, negative_key=pick.key))
        taken += 1
    return out, taken
