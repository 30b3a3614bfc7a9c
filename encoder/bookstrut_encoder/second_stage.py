"""The second stage's model: a learned Strut score per (idea, book), trained on readers' real requests.

`bash encoder/run.sh --second-stage --rows FILE` (the rows from `npm run bench:quality -- --split train
--second-stage-rows FILE`): a logistic regression (scikit-learn) of "this book is the one the reader meant" on the
features services/search/src/second-stage.ts computes, over the first stage's best TRAINING_DEPTH books of every
train-split request. Its probability × 100 is the Strut score the product shows, so the scores are calibrated on the
train split by construction. Refuses rows of any request outside the train split: the dev split only measures.

It prints a 5-fold cross-validation on the train split (requests kept whole in one fold): the ranking by the learned
scores against the first stage's own order, and, when lightgbm is importable, a LambdaMART ranker over the same
signals per book (compared only; the product needs per-idea scores it can show). Writes the model description (JSON)
and fixtures (features and the scores Python gives them) for the TypeScript test that both agree.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

import numpy as np
import sklearn
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from .cli import REPO, default_data_dir

FEATURES = ["cosine", "lexical", "cosineGap", "titleShare", "cosineLexical", "ideaTerms"]
BONUS_WEIGHT = 0.5  # strut-score.ts BONUS_WEIGHT: the total is Σ scores + 0.5 × the weakest
MODEL_OUT = REPO / "services" / "search" / "models" / "second-stage" / "idea-score-v1.json"
FIXTURES_OUT = REPO / "services" / "search" / "src" / "test" / "second-stage-fixtures.json"


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="encoder/run.sh --second-stage", description=__doc__.split("\n")[0])
    p.add_argument("--rows", type=Path, required=True, help="CSV from bench:quality --second-stage-rows")
    p.add_argument("--out", type=Path, default=MODEL_OUT)
    p.add_argument("--fixtures", type=Path, default=FIXTURES_OUT)
    p.add_argument("--c", type=float, default=1.0, help="inverse L2 strength of the logistic regression")
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--about-precision", type=float, default=0.3,
                   help="share of the pairs scoring 70+ that must name the reader's book (cross-validated)")
    p.add_argument("--data", type=Path, default=default_data_dir())
    return p.parse_args(argv)


def load_rows(file: Path):
    with file.open() as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != ["request", "idea", "answer", *FEATURES]:
            sys.exit(f"{file}: expected the columns request, idea, answer, {', '.join(FEATURES)}")
        rows = list(reader)
    requests = np.array([r["request"] for r in rows])
    ideas = np.array([int(r["idea"]) for r in rows])
    y = np.array([int(r["answer"]) for r in rows])
    x = np.array([[float(r[k]) for k in FEATURES] for r in rows])
    return requests, ideas, y, x


def check_train_split(requests: np.ndarray, data: Path) -> None:
    """Every request must be of the train split of reddit-tomt-books-dev."""
    split = {}
    with (data / "reddit-tomt-books-dev" / "queries_ideas.jsonl").open() as f:
        for line in f:
            q = json.loads(line)
            split[q["id"]] = q["split"]
    outside = sorted({r for r in requests if split.get(r) != "train"})
    if outside:
        sys.exit(f"{len(outside)} requests are not of the train split (e.g. {outside[:3]}): refusing to train on them")


def books_of(requests, ideas, y, scores):
    """Per request, its books in first-stage order: (total of the scores as the product sums them, is answer)."""
    out: dict[str, list[tuple[float, int]]] = {}
    i = 0
    n = len(requests)
    while i < n:
        req = requests[i]
        book: list[float] = []
        label = y[i]
        j = i
        while j < n and requests[j] == req and (j == i or ideas[j] > ideas[j - 1]):
            book.append(scores[j])
            j += 1
        total = sum(book) + BONUS_WEIGHT * min(book)
        out.setdefault(req, []).append((total, int(label)))
        i = j
    return out


def metrics(ranked_by_request: dict[str, list[int]]) -> dict[str, float]:
    """Recall@1, Recall@10, MRR@10 over requests, from each request's labels in ranked order."""
    r1 = r10 = mrr = 0.0
    for labels in ranked_by_request.values():
        rank = next((k + 1 for k, lab in enumerate(labels) if lab), None)
        if rank is not None:
            r1 += rank == 1
            r10 += rank <= 10
            mrr += 1 / rank if rank <= 10 else 0
    n = len(ranked_by_request)
    return {"recall_at_1": r1 / n, "recall_at_10": r10 / n, "mrr_at_10": mrr / n}


def ranked(books: dict[str, list[tuple[float, int]]], learned: bool) -> dict[str, list[int]]:
    """Labels in the learned order (stable: ties keep the first stage's order), or in the first stage's own order."""
    if not learned:
        return {r: [lab for _, lab in b] for r, b in books.items()}
    return {r: [lab for _, lab in sorted(b, key=lambda t: -t[0])] for r, b in books.items()}


# The score shown is 100 × σ(slope × (z − z_about) + ABOUT_LOGIT), z the model's log-odds that the idea points to the
# book. z_about is where the cross-validated predictions reach the precision asked (--about-precision: of the (idea,
# book) pairs at or above it, that share name exactly the reader's book; even odds are out of reach, since one idea
# alone rarely singles out a book among thousands), and shows as 70, the score that must mean "this idea is about this
# book". The slope (how steeply scores spread around it) is chosen by the cross-validated MRR@10 of the totals' ranking.
ABOUT_LOGIT = float(np.log(0.7 / 0.3))
SLOPES = [0.25, 0.35, 0.5, 0.7, 1.0]


def shown(z: np.ndarray, slope: float, z_about: float = 0.0) -> np.ndarray:
    return 100 / (1 + np.exp(-(slope * (z - z_about) + ABOUT_LOGIT)))


def about_threshold(z: np.ndarray, y: np.ndarray, precision: float) -> float:
    """The lowest log-odds above which the pairs reach `precision` (at least 20 of them), from the top down."""
    order = np.argsort(-z)
    hits = np.cumsum(y[order])
    counts = np.arange(1, len(z) + 1)
    ok = np.flatnonzero((hits / counts >= precision) & (counts >= 20))
    return float(z[order][ok[-1]]) if len(ok) else float(z.max())


def fit(x, y, c: float) -> LogisticRegression:
    return LogisticRegression(C=c, max_iter=2000).fit(x, y)


def cross_validate(requests, ideas, y, x, c: float, about_precision: float) -> dict[str, dict[str, float]]:
    """The first stage's order and, per slope, the order of the shown scores' totals, over 5 folds of requests."""
    z = np.zeros(len(y))
    for train, test in GroupKFold(n_splits=5).split(x, y, groups=requests):
        z[test] = fit(x[train], y[train], c).decision_function(x[test])
    out = {"first_stage": metrics(ranked(books_of(requests, ideas, y, z), learned=False))}
    out["probability_x100"] = metrics(ranked(books_of(requests, ideas, y, 100 / (1 + np.exp(-z))), learned=True))
    z_about = about_threshold(z, y, about_precision)
    for slope in SLOPES:
        scores = shown(z, slope, z_about)
        out[f"shown_slope_{slope}"] = metrics(ranked(books_of(requests, ideas, y, scores), learned=True))
    about = z >= z_about
    out["about_70"] = {"z_about": z_about, "probability": float(1 / (1 + np.exp(-z_about))),
                       "pairs": int(about.sum()), "precision": float(y[about].mean()) if about.any() else 0.0}
    return out


def lambdamart_cv(requests, ideas, y, x, seed: int) -> dict[str, float] | None:
    """LambdaMART over book-level signals (each idea's features, their min and max), the same folds: compared only."""
    try:
        import lightgbm as lgb
    except ImportError:
        return None
    # Book rows: consecutive (idea 0, 1, 2) rows of a request are one book.
    books, labels, groups = [], [], []
    i, n = 0, len(requests)
    while i < n:
        j = i + 1
        while j < n and requests[j] == requests[i] and ideas[j] > ideas[j - 1]:
            j += 1
        per_idea = x[i:j]
        padded = np.vstack([per_idea, np.repeat(per_idea[-1:], 3 - len(per_idea), axis=0)])
        books.append(np.concatenate([padded.flatten(), per_idea.min(0), per_idea.max(0)]))
        labels.append(y[i])
        groups.append(requests[i])
        i = j
    bx, by, bg = np.array(books), np.array(labels), np.array(groups)
    out: dict[str, list[int]] = {}
    for train, test in GroupKFold(n_splits=5).split(bx, by, groups=bg):
        sizes = [int(s) for s in np.unique(bg[train], return_counts=True)[1][np.argsort(np.unique(bg[train], return_index=True)[1])]]
        model = lgb.LGBMRanker(objective="lambdarank", n_estimators=200, learning_rate=0.05, num_leaves=15,
                               min_child_samples=20, random_state=seed, verbose=-1)
        model.fit(bx[train], by[train], group=sizes)
        scores = model.predict(bx[test])
        for req in dict.fromkeys(bg[test]):
            mask = bg[test] == req
            order = np.argsort(-scores[mask], kind="stable")
            out[req] = [int(v) for v in by[test][mask][order]]
    return metrics(out)


def main(argv: list[str]) -> None:
    args = parse_args(argv)
    requests, ideas, y, x = load_rows(args.rows)
    check_train_split(requests, args.data)
    n_requests = len(set(requests))
    print(f"second stage: {len(y)} (idea, book) rows of {n_requests} train requests, {int(y.sum())} of the answer")
    cv = cross_validate(requests, ideas, y, x, args.c, args.about_precision)
    z_about = cv["about_70"]["z_about"]
    for name, m in cv.items():
        print(f"  5-fold CV, {name}: " + ", ".join(f"{k} {v:.3f}" for k, v in m.items()))
    slope = max(SLOPES, key=lambda s: (cv[f"shown_slope_{s}"]["mrr_at_10"], -s))
    print(f"  slope chosen by CV MRR@10: {slope}")
    lm = lambdamart_cv(requests, ideas, y, x, args.seed)
    if lm is not None:
        print("  5-fold CV, LambdaMART (lightgbm, book-level; not exported): "
              + ", ".join(f"{k} {v:.3f}" for k, v in lm.items()))
    model = fit(x, y, args.c)
    weights = [float(w) for w in model.coef_[0]]
    bias = float(model.intercept_[0])
    print("  weights: " + ", ".join(f"{k} {w:.3f}" for k, w in zip(FEATURES, weights)) + f", bias {bias:.3f}")
    description = {
        "version": "idea-score-v1",
        "kind": "logistic regression: z = bias + Σ weights × features (log-odds), Strut score = 100 × σ(shown.slope × z + shown.offset); 70 where the train split's cross-validated pairs reach about_precision",
        "about_precision": args.about_precision,
        "features": FEATURES,
        "weights": weights,
        "bias": bias,
        "shown": {"slope": slope, "offset": ABOUT_LOGIT - slope * z_about},
        "trained_on": {
            "data": "reddit-tomt-books-dev, train split only (first-stage top 100 per request)",
            "rows": int(len(y)),
            "requests": n_requests,
            "answer_rows": int(y.sum()),
            "c": args.c,
            "scikit_learn": sklearn.__version__,
        },
        "cross_validation": cv | ({"lambdamart_book_level": lm} if lm else {}),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(description, indent=2) + "\n")
    # Fixtures: a spread of real rows (every 997th, and every answer row up to 10) with Python's scores.
    picked = sorted(set(range(0, len(y), max(1, len(y) // 12))) | set(np.flatnonzero(y)[:6].tolist()))
    fixtures = [
        {"features": [round(float(v), 6) for v in x[k]],
         "score": float(shown(model.decision_function(np.round(x[k : k + 1], 6)), slope, z_about)[0])}
        for k in picked
    ]
    args.fixtures.parent.mkdir(parents=True, exist_ok=True)
    args.fixtures.write_text(json.dumps({"model": args.out.name, "cases": fixtures}, indent=2) + "\n")
    print(f"  wrote {args.out} and {len(fixtures)} fixtures to {args.fixtures}")


if __name__ == "__main__":
    main(sys.argv[1:])
