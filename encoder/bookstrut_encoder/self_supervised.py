"""Catalogue self-supervision (`--self-supervised N`): the Inverse Cloze Task of Lee et al. 2019 (ORQA), adapted to
how readers write ideas, for the catalogue's books that carry no ideas.

ICT takes a sentence out of a passage and trains the sentence (the pseudo-query) to find the passage it came from.
Here, for a book of goodreads-books-mix (the product's demo catalogue):
- the anchor is 1-3 pseudo-ideas (as many as a reader types, each count equally likely), joined with IDEA_JOINER as
  real ideas are. A pseudo-idea is a sentence of the description, or when the sentence is longer than a reader's
  idea, one of its clauses, cut after MAX_IDEA_WORDS words: the tomt ideas are clipped phrases of at most 13 words
  (median 11). Marketing sentences ("a New York Times bestseller") are never picked: no reader remembers a book by
  them.
- the positive is the title + the description without those sentences, so the model must match the idea to the
  rest of the story, not to the same words. In KEEP_RATE of the pairs the sentences stay in (Lee et al. keep 10 %),
  so the model still learns that shared words count.

Which books: never a validation request's answer nor another edition of one (the same normalised title, or the same
opening of the description), as for hard negatives, so nothing of the validation split reaches training; never a
book that has real ideas (a `--catalogue-pairs` listing or an `ideas` field): real ideas take precedence. A book
needs at least two sentences and one that makes a pseudo-idea, and MIN_REST_WORDS must stay in the positive.

Everything is drawn from `random.Random(f"{seed}:{book id}")`: a book's pair does not depend on which other books
were chosen, and the same seed gives the same pairs.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from .records import IDEA_JOINER, Book, Pair, normalise_title

KIND = "self_supervised"
KEEP_RATE = 0.1
MAX_IDEA_WORDS = 13
MIN_IDEA_WORDS = 4
IDEA_COUNTS = (1, 2, 3)
MIN_REST_WORDS = 10
# Descriptions of editions of the same book share their opening (reissues add a line at the end).
DESCRIPTION_PREFIX = 80

# A sentence ends at . ! ? or … (with closing quotes or brackets), before whitespace and a capital, digit or quote.
_BOUNDARY = re.compile(r"[.!?…]+[\"'”’)\]]*\s+(?=[\"'“‘(\[]?[A-Z0-9])")
# Words before a full stop that does not end a sentence ("Mr. Darcy", "St. Petersburg", "J. R. R. Tolkien").
_ABBREVIATIONS = {
    *("mr", "mrs", "ms", "dr", "st", "mt", "ft", "jr", "sr", "prof", "rev", "gen", "col", "capt", "lt", "sgt"),
    *("vs", "no", "vol", "co", "inc", "ltd"),
}
_CLAUSE = re.compile(r"\s*[,;:]\s+|\s+[—–-]{1,2}\s+|—")
_MARKETING = re.compile(
    r"best-?sell|award|prize|acclaim|new york times|#\s?1\b|author of|edition|in print|copies|translated into|"
    r"praise|review|critics|now a major|this book|this novel|readers?\b",
    re.IGNORECASE,
)


def sentences(text: str) -> list[str]:
    out: list[str] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        before = text[start : m.start()].split()
        last = before[-1] if before else ""
        if text[m.start()] == "." and (last.lower() in _ABBREVIATIONS or re.fullmatch(r"[A-Z]", last)):
            continue
        out.append(text[start : m.end()].strip())
        start = m.end()
    tail = text[start:].strip()
    if tail:
        out.append(tail)
    return out


def pseudo_idea(sentence: str, rng: random.Random) -> str | None:
    """A reader-sized piece of one sentence, or None when the sentence makes no idea."""
    if _MARKETING.search(sentence):
        return None
    words = sentence.split()
    if len(words) > MAX_IDEA_WORDS:
        clauses = [c.split() for c in _CLAUSE.split(sentence)]
        clauses = [c for c in clauses if len(c) >= MIN_IDEA_WORDS]
        if clauses:
            words = rng.choice(clauses)
        words = words[:MAX_IDEA_WORDS]
    if len(words) < MIN_IDEA_WORDS:
        return None
    # the joiner inside an idea would read as two ideas
    return " ".join(words).replace(IDEA_JOINER, ", ").rstrip(",;:—–-").strip()


def ict_pair(book: Book, key: str, seed: int) -> tuple[Pair, bool] | None:
    """The book's pair and whether its pseudo-ideas were kept in the positive; None if the book makes none."""
    rng = random.Random(f"{seed}:{book.key}")
    parts = sentences(book.description)
    if len(parts) < 2:
        return None
    candidates = [(i, idea) for i, s in enumerate(parts) if (idea := pseudo_idea(s, rng))]
    count = min(rng.choice(IDEA_COUNTS), len(candidates), len(parts) - 1)
    if count == 0:
        return None
    picked = rng.sample(candidates, count)  # in random order: readers list ideas in no particular order
    keep = rng.random() < KEEP_RATE
    removed = {i for i, _ in picked}
    rest = parts if keep else [s for i, s in enumerate(parts) if i not in removed]
    if len(" ".join(rest).split()) < MIN_REST_WORDS:  # a title and a stray word are no passage to find
        return None
    positive = Book(book.key, book.title, " ".join(rest)).text
    return Pair(IDEA_JOINER.join(idea for _, idea in picked), positive, key, KIND), keep


def _description_key(description: str) -> str:
    return normalise_title(description)[:DESCRIPTION_PREFIX]


@dataclass
class SelfSupervised:
    pairs: list[Pair]
    """Pair answer key → the book, for the hard-negative miner's "another edition of the answer" rule."""
    books: dict[str, Book]
    book_ids: list[str]
    summary: dict = field(default_factory=dict)


def build(
    goodreads: list[dict],
    corpus: list[Book],
    held_out: set[str],
    covered: set[str],
    cap: int,
    seed: int,
) -> SelfSupervised:
    """Up to `cap` pairs from `goodreads` rows, chosen by seed among the books that make one. `held_out` are corpus
    ids whose books (and editions) must not be trained on; `covered` are goodreads ids that have real ideas.

    A pair's answer key is the tomt corpus id when the book is also a tomt book (same normalised title), otherwise its
    catalogue id: the keys the validation pool (the hard negatives' candidates) uses for the same books, so batching
    never puts a book beside itself, as a tomt answer or as another pair's hard negative."""
    corpus_by_title: dict[str, str] = {}
    for b in corpus:
        corpus_by_title.setdefault(normalise_title(b.title), b.key)
    held = [b for b in corpus if b.key in held_out]
    held_titles = {normalise_title(b.title) for b in held}
    held_descriptions = {_description_key(b.description) for b in held if b.description.strip()}

    skipped = {"validation_answer_or_edition": 0, "has_real_ideas": 0, "no_pseudo_idea": 0}
    made: list[tuple[str, Book, Pair, bool]] = []
    for row in goodreads:
        book = Book(row["id"], row["title"], row.get("description") or "")
        title = normalise_title(book.title)
        if title in held_titles or _description_key(book.description) in held_descriptions:
            skipped["validation_answer_or_edition"] += 1
            continue
        if book.key in covered or row.get("ideas"):
            skipped["has_real_ideas"] += 1
            continue
        key = corpus_by_title.get(title, book.key)
        built = ict_pair(book, key, seed)
        if built is None:
            skipped["no_pseudo_idea"] += 1
            continue
        made.append((key, book, *built))

    eligible = len(made)
    if eligible > cap:
        chosen = set(random.Random(f"{seed}:self-supervised").sample(range(len(made)), cap))
        made = [m for i, m in enumerate(made) if i in chosen]
    pairs = [pair for _, _, pair, _ in made]
    ideas: dict[str, int] = {}
    for p in pairs:
        n = str(len(p.anchor.split(IDEA_JOINER)))
        ideas[n] = ideas.get(n, 0) + 1
    summary = {
        "method": "inverse cloze task: 1-3 clauses of a book's description → its title + the rest of the description",
        "source": "goodreads-books-mix",
        "requested": cap,
        "pairs": len(pairs),
        "eligible": eligible,
        "catalogue_books": len(goodreads),
        "skipped": skipped,
        "ideas_per_anchor": dict(sorted(ideas.items())),
        "kept_in_positive": sum(1 for *_, keep in made if keep),
        "keep_rate": KEEP_RATE,
        "max_idea_words": MAX_IDEA_WORDS,
    }
    return SelfSupervised(
        pairs,
        {key: book for key, book, _, _ in made},
        [book.key for _, book, _, _ in made],
        summary,
    )
