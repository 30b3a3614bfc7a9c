"""The file `npm run bench:quality -- --candidates FILE` writes (bench/src/quality/candidates.ts):
one JSON line per request run (its split, ideas, answer ids and the product's first 50 books) and one per book
listed anywhere (its title and description, and `key`, its id in the data's own files). The cross-encoder trains on
it (`cross_encoder.py`); `--negatives-from` draws hard negatives from it (`hard_negatives.py`)."""

from __future__ import annotations

import json
from pathlib import Path


def read_candidates_file(path: Path) -> tuple[list[dict], dict[str, dict]]:
    """The request lines in file order, and the book lines by the bench's book id."""
    requests, books = [], {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if "book" in row:
            books[row["book"]] = row
        else:
            requests.append(row)
    return requests, books
