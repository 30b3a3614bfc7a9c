"""The records the encoder's data is made of (books, readers' requests, training pairs) and the title rule that
identifies a book across sources. Their own module, so that `data.py` (loading) and `self_supervised.py` (pseudo-ideas)
both import them without importing each other."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# How the ideas of one request are joined into a single anchor. A separator that is not sentence punctuation keeps
# three clipped phrases from reading like one run-on sentence.
IDEA_JOINER = "; "



@dataclass(frozen=True)
class Book:
    key: str
    title: str
    description: str

    @property
    def text(self) -> str:
        """The text a book is embedded as: the title leads the description, as in the app's first passage."""
        title, description = self.title.strip(), self.description.strip()
        if not description:
            return title
        return f"{title}. {description}" if title else description


@dataclass(frozen=True)
class Query:
    id: str
    split: str
    ideas: tuple[str, ...]
    answer: str


@dataclass(frozen=True)
class Pair:
    """One training example. `answer_key` identifies the positive, so a batch can avoid holding it twice; `request`
    is the reader's request it came from (tomt pairs only), so a ranking of that request can give its negative."""

    anchor: str
    positive: str
    answer_key: str
    kind: str
    negative: str | None = None
    negative_key: str | None = None
    request: str | None = None


def normalise_title(title: str) -> str:
    """Title identity across sources, the same rule as the app's bench (`tomt-data.ts` normaliseTitle):
    case, punctuation and "(Series, #1)" suffixes ignored."""
    title = unicodedata.normalize("NFKC", title).lower()
    title = re.sub(r"\([^)]*\)", "", title)
    kept = "".join(
        c for c in title if c == "_" or c.isspace() or unicodedata.category(c)[0] in ("L", "N")
    )
    return " ".join(kept.split())
