"""The training and validation data, read from the shared data folder at run time (never copied into the repo).

- reddit-tomt-books-dev: real "which book is this?" requests with their answers. The TRAIN split becomes training
  pairs; the VALIDATION split is only ever used to evaluate checkpoints (see `evaluate.py`).
- goodreads-books-mix: distractor books for the validation pool, catalogue pairs when a book carries `ideas`, and
  self-supervised pairs for the books that do not (`self_supervised.py`).
- an optional JSONL of catalogue pairs exported from our own database (`--catalogue-pairs`).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import self_supervised
from .records import IDEA_JOINER, Book, Pair, Query, normalise_title

__all__ = ["IDEA_JOINER", "Book", "Pair", "Query", "normalise_title"]  # re-exported: the records of the data

TOMT_DIR = "reddit-tomt-books-dev"
GOODREADS_FILE = "goodreads-books-mix/books.jsonl"
CORPUS_FILE = f"{TOMT_DIR}/corpus.jsonl"
QUERIES_FILE = f"{TOMT_DIR}/queries_ideas.jsonl"


@dataclass
class Dataset:
    train_queries: list[Query]
    validation_queries: list[Query]
    pairs: list[Pair]
    pool: list[Book]
    books: dict[str, Book]
    files: dict[str, str]
    notes: list[str] = field(default_factory=list)
    catalogue_source: str = "none"
    # `--self-supervised`: the pairs' books by answer key (for hard-negative mining), their catalogue ids, a summary
    self_supervised_books: dict[str, Book] = field(default_factory=dict)
    self_supervised_ids: list[str] = field(default_factory=list)
    self_supervised: dict = field(default_factory=dict)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def load_queries(data_dir: Path) -> list[Query]:
    queries = []
    for row in read_jsonl(data_dir / QUERIES_FILE):
        ideas = tuple(i.strip() for i in row["ideas"] if i.strip())
        if ideas and row["relevant"]:
            queries.append(Query(row["id"], row["split"], ideas, row["relevant"][0]))
    return queries


def tomt_pairs(queries: list[Query], books: dict[str, Book]) -> list[Pair]:
    """Per request: (the ideas joined → the answer) and (each single idea → the answer). A request with one idea
    gives one pair: its joined form is the same text."""
    pairs = []
    for q in queries:
        answer = books[q.answer].text
        pairs.append(Pair(IDEA_JOINER.join(q.ideas), answer, q.answer, "tomt_joined", request=q.id))
        if len(q.ideas) > 1:
            pairs.extend(Pair(idea, answer, q.answer, "tomt_single_idea", request=q.id) for idea in q.ideas)
    return pairs


def catalogue_pairs_from_file(path: Path) -> list[Pair]:
    """Lines `{"anchor": "...", "positive": "..."}` (an approved listing's three ideas → its description)."""
    pairs = []
    for n, row in enumerate(read_jsonl(path), 1):
        anchor, positive = str(row.get("anchor", "")).strip(), str(row.get("positive", "")).strip()
        if not anchor or not positive:
            raise ValueError(f"{path}:{n}: needs a non-empty anchor and positive")
        # The description is the answer's identity here: two listings with the same blurb are the same answer.
        key = "catalogue:" + hashlib.sha1(positive.encode()).hexdigest()[:16]
        pairs.append(Pair(anchor, positive, key, "catalogue"))
    return pairs


def catalogue_pairs_from_goodreads(rows: list[dict]) -> list[Pair]:
    """The same kind of pair from goodreads-books-mix, for the books that carry an `ideas` field."""
    pairs = []
    for row in rows:
        ideas = [i.strip() for i in row.get("ideas") or [] if isinstance(i, str) and i.strip()]
        if ideas and row.get("description", "").strip():
            pairs.append(Pair(IDEA_JOINER.join(ideas), row["description"].strip(), row["id"], "catalogue"))
    return pairs


def covered_by_catalogue_pairs(pairs: list[Pair], goodreads: list[dict]) -> set[str]:
    """The goodreads books a `--catalogue-pairs` file already has real ideas for: those whose description is a
    pair's positive, or its end (`npm run encoder:pairs` writes "title. description", with the app's title)."""
    by_description = {r["description"].strip(): r["id"] for r in goodreads if r.get("description", "").strip()}
    covered = set()
    for p in pairs:
        # the positive itself, and what follows each ". " in it: one of them is the description if any is
        tails = [p.positive] + [p.positive[m.end() :] for m in re.finditer(r"\. ", p.positive)]
        covered.update(by_description[t] for t in tails if t in by_description)
    return covered


def validation_pool(corpus: list[Book], goodreads: list[dict]) -> list[Book]:
    """The tomt corpus (every answer is in it) plus each goodreads book whose normalised title is not a corpus title:
    the "harder pool" of the dataset's SOURCE.md, the same one `npm run bench:quality` ranks in."""
    corpus_titles = {normalise_title(b.title) for b in corpus}
    distractors = [
        Book(r["id"], r["title"], r["description"])
        for r in goodreads
        if normalise_title(r["title"]) not in corpus_titles
    ]
    return corpus + distractors


def shrink_pool(pool: list[Book], keep: set[str], extra: int, seed: int) -> list[Book]:
    """A small pool for smoke runs (`--limit`): the answers that must be there plus `extra` others, chosen by seed."""
    others = [b for b in pool if b.key not in keep]
    chosen = {b.key for b in random.Random(seed).sample(others, min(extra, len(others)))}
    return [b for b in pool if b.key in keep or b.key in chosen]


def train_fold_of(request_id: str, folds: int) -> int:
    """The fold (0 … folds−1) a train request falls in: a hash of its id, so bench:quality (tomt-data.ts
    trainFoldOf) splits the train split the same way to measure a fold's model on the requests it never saw."""
    return int(hashlib.sha256(request_id.encode("utf-8")).hexdigest()[:8], 16) % folds


def load_dataset(
    data_dir: Path,
    *,
    limit: int | None,
    seed: int,
    catalogue_file: Path | None,
    self_supervised: int = 0,
    train_fold: tuple[int, int] | None = None,
) -> Dataset:
    used = [QUERIES_FILE, CORPUS_FILE, GOODREADS_FILE]
    corpus = [Book(r["id"], r["title"], r["description"]) for r in read_jsonl(data_dir / CORPUS_FILE)]
    books = {b.key: b for b in corpus}
    goodreads = read_jsonl(data_dir / GOODREADS_FILE)
    queries = load_queries(data_dir)
    train = [q for q in queries if q.split == "train"]
    validation = [q for q in queries if q.split == "validation"]
    notes: list[str] = []
    if train_fold is not None:
        fold, folds = train_fold
        train = [q for q in train if train_fold_of(q.id, folds) == fold]
        notes.append(f"--train-fold {fold}/{folds}: {len(train)} train requests of that fold only")

    pool = validation_pool(corpus, goodreads)
    if limit is not None:
        train, validation = train[:limit], validation[:limit]
        pool = shrink_pool(pool, {q.answer for q in validation}, limit, seed)
        notes.append(f"--limit {limit}: first {limit} train and validation requests, a {len(pool)}-book pool")

    pairs = tomt_pairs(train, books)
    if catalogue_file is not None:
        catalogue = catalogue_pairs_from_file(catalogue_file)
        source = f"file {catalogue_file.name}"
        files = {str(catalogue_file): sha256_file(catalogue_file)}
    else:
        catalogue = catalogue_pairs_from_goodreads(goodreads)
        source = "goodreads-books-mix ideas"
        files = {}
        if not catalogue:
            source = "none"
            notes.append(
                "no catalogue pairs: no --catalogue-pairs file was given and no book in "
                "goodreads-books-mix/books.jsonl carries an `ideas` field"
            )
    if limit is not None:
        catalogue = catalogue[:limit]
    pairs.extend(catalogue)

    dataset = Dataset(train, validation, pairs, pool, books, {}, notes, source)
    if self_supervised > 0:
        add_self_supervised(dataset, corpus, goodreads, queries, catalogue, self_supervised, limit, seed)
    dataset.files = {name: sha256_file(data_dir / name) for name in used} | files
    return dataset


def add_self_supervised(
    dataset: Dataset,
    corpus: list[Book],
    goodreads: list[dict],
    queries: list[Query],
    catalogue: list[Pair],
    cap: int,
    limit: int | None,
    seed: int,
) -> None:
    """ICT pairs (`self_supervised.py`) for the catalogue books without real ideas. Held out: the answers of the
    whole validation split, even when `--limit` validates on a few of them."""
    held_out = {q.answer for q in queries if q.split == "validation"}
    covered = covered_by_catalogue_pairs(catalogue, goodreads)
    built = self_supervised.build(goodreads, corpus, held_out, covered, min(cap, limit or cap), seed)
    dataset.pairs.extend(built.pairs)
    dataset.self_supervised_books = built.books
    dataset.self_supervised_ids = built.book_ids
    dataset.self_supervised = built.summary
    dataset.notes.append(
        f"self-supervised: {len(built.pairs)} pairs (inverse cloze task) from goodreads-books-mix books without ideas "
        f"(asked for {cap}{f', --limit {limit}' if limit is not None and limit < cap else ''}; "
        f"{built.summary['eligible']} books eligible)"
    )
