"""The second stage's model: a learned Strut score per (idea, book), trained on readers' real requests.

`bash encoder/run.sh --second-stage --rows FILE` (the rows from `npm run bench:quality -- --split all
--second-stage-model none --second-stage-rows FILE`): by default a logistic regression (scikit-learn) of "this book
is the one the reader meant" on idea-score-v1's six signals of those second-stage.ts computes, over the first stage's
best TRAINING_DEPTH books of every train-split request: the product's model. Refuses rows of any request outside the
train split: the dev split only measures.

Measured and not shipped (docs/experiments.md, "Learning to rank"): `--model listwise` (a linear score per pair
trained by a listwise loss over the books' totals), `--model trees` (LightGBM gradient-boosted trees per pair, monotone
in the cosine and the words), `--features` (any of the signals in ALL_FEATURES), `--lambdamart` (a book-level LambdaMART
ranker, compared only: the product needs per-idea scores it can show). The last two need lightgbm in the venv.

It prints a 5-fold cross-validation on the train split (requests kept whole in one fold): the ranking by the learned
scores against the first stage's own order. Writes the model description (JSON; default
services/search/models/second-stage/<version>.json) and fixtures (every signal of some rows and the scores Python
gives them) for the TypeScript test that both agree.
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

# The signals second-stage.ts computes (SECOND_STAGE_FEATURES), in its order: the rows' columns after the label.
ALL_FEATURES = ["cosine", "lexical", "cosineGap", "titleShare", "cosineLexical", "ideaTerms", "otherCosineMean",
                "otherCosineMin", "otherLexicalMean", "cosineRank", "lexicalRank", "ideaBestCosine",
                "requestCosine", "requestCosineGap", "requestRank", "readerCosine", "readerOtherMean", "readerCount"]
# Signals a score may only rise with (+1) or fall with (−1), all else equal (--model trees: LightGBM's monotone
# constraints): a closer passage or more shared words never lower an idea's score, so the scores keep explaining the
# order. Raising the cosine raises cosine, cosineGap and cosineLexical and never raises cosineRank.
MONOTONE = {"cosine": 1, "lexical": 1, "cosineGap": 1, "cosineLexical": 1, "cosineRank": -1, "lexicalRank": -1,
            "requestCosine": 1, "requestCosineGap": 1, "requestRank": -1, "readerCosine": 1, "readerOtherMean": 1}
# idea-score-v1's signals (the default of --features for --model logistic)
V1_FEATURES = ALL_FEATURES[:6]
BONUS_WEIGHT = 0.5  # strut-score.ts BONUS_WEIGHT: the total is Σ scores + 0.5 × the weakest
MODELS_DIR = REPO / "services" / "search" / "models" / "second-stage"  # <version>.json
FIXTURES_OUT = REPO / "services" / "search" / "src" / "test" / "second-stage-fixtures.json"


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="encoder/run.sh --second-stage", description=__doc__.split("\n")[0])
    p.add_argument("--rows", type=Path, required=True, help="CSV from bench:quality --second-stage-rows")
    p.add_argument("--out", type=Path, default=None, help="default: services/search/models/second-stage/<version>.json")
    p.add_argument("--fixtures", type=Path, default=FIXTURES_OUT)
    p.add_argument("--model", choices=["logistic", "listwise", "trees"], default="logistic",
                   help="logistic regression per pair; a linear score per pair trained by a listwise loss over the books' totals; or LightGBM gradient-boosted trees (binary log-loss, per pair)")
    p.add_argument("--features", default=None,
                   help="comma-separated signals the model reads (default: idea-score-v1's six for logistic, all for trees)")
    p.add_argument("--version", default=None, help="the model's version (default idea-score-v1, idea-score-listwise or idea-score-trees, by --model)")
    p.add_argument("--c", type=float, default=1.0, help="inverse L2 strength of the logistic regression")
    p.add_argument("--trees", type=int, default=300, help="boosting rounds (--model trees)")
    p.add_argument("--leaves", type=int, default=15, help="leaves per tree (--model trees)")
    p.add_argument("--learning-rate", type=float, default=0.05, help="(--model trees)")
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--lambdamart", action="store_true",
                   help="also cross-validate a book-level LambdaMART ranker over the same signals (compared only)")
    p.add_argument("--about-precision", type=float, default=0.3,
                   help="share of the pairs scoring 70+ that must name the reader's book (cross-validated)")
    p.add_argument("--data", type=Path, default=default_data_dir())
    return p.parse_args(argv)


def load_rows(file: Path):
    """The rows' requests, idea positions, labels and every signal (ALL_FEATURES order)."""
    with file.open() as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != ["request", "idea", "answer", *ALL_FEATURES]:
            sys.exit(f"{file}: expected the columns request, idea, answer, {', '.join(ALL_FEATURES)}")
        rows = list(reader)
    requests = np.array([r["request"] for r in rows])
    ideas = np.array([int(r["idea"]) for r in rows])
    y = np.array([int(r["answer"]) for r in rows])
    x = np.array([[float(r[k]) for k in ALL_FEATURES] for r in rows])
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


def book_of_rows(requests: np.ndarray, ideas: np.ndarray) -> np.ndarray:
    """Each row's book (a running number): a book is consecutive rows of one request with rising idea positions."""
    new_book = np.ones(len(requests), dtype=bool)
    new_book[1:] = (requests[1:] != requests[:-1]) | (ideas[1:] <= ideas[:-1])
    return np.cumsum(new_book) - 1


def import_lightgbm():
    """LightGBM, for the measured-and-not-shipped models (--model trees, --lambdamart): not in the encoder's lock
    file, so that the product's trainer does not rebuild a 3.7 GB venv for it."""
    try:
        import lightgbm
    except ImportError:
        sys.exit("--model trees and --lambdamart need lightgbm: install lightgbm==4.7.0 into the venv "
                 "(checked with its numpy 2.4.6, scipy 1.17.1 and scikit-learn 1.9.1)")
    return lightgbm


class ListwiseLogit:
    """A linear score per (idea, book) pair, z = w · x + bias, trained so that each request's books ranked by their
    total Σ_ideas z put its answer first: the softmax over the request's listed books of their totals (a conditional
    logit, as a listwise ranking loss), L2-regularised. Then z is calibrated as log-odds per pair (a logistic fit of
    the labels on z), so the shown scores' 70 is placed as for the logistic model."""

    def __init__(self, c: float):
        self.c = c

    def fit(self, x, y, requests, books):
        from scipy.optimize import minimize
        from sklearn.preprocessing import StandardScaler

        scaler = StandardScaler().fit(x)
        xs = scaler.transform(x)
        _, book = np.unique(books, return_inverse=True)
        summed = np.zeros((book.max() + 1, x.shape[1]))
        np.add.at(summed, book, xs)
        book_label = np.zeros(book.max() + 1)
        np.maximum.at(book_label, book, y)
        book_request = np.zeros(book.max() + 1, dtype=object)
        book_request[book] = requests
        _, req = np.unique(book_request.astype(str), return_inverse=True)
        answered = np.zeros(req.max() + 1, dtype=bool)
        answered[req[book_label > 0]] = True
        keep = answered[req]  # requests whose answer is listed: the others teach no order
        summed, book_label, req = summed[keep], book_label[keep], np.unique(req[keep], return_inverse=True)[1]
        n_req = req.max() + 1
        lam = 1 / (self.c * n_req)

        def loss(w):
            s = summed @ w
            top = np.full(n_req, -np.inf)
            np.maximum.at(top, req, s)
            e = np.exp(s - top[req])
            norm = np.zeros(n_req)
            np.add.at(norm, req, e)
            p = e / norm[req]
            value = (np.log(norm) + top).sum() - s[book_label > 0].sum()
            grad = summed.T @ p - summed[book_label > 0].sum(0)
            return value / n_req + lam * w @ w, grad / n_req + 2 * lam * w

        w = minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B").x
        raw = xs @ w
        platt = LogisticRegression(C=1e6, max_iter=1000).fit(raw[:, None], y)
        a, b = float(platt.coef_[0, 0]), float(platt.intercept_[0])
        self.coef_ = (a * w / scaler.scale_)[None, :]
        self.intercept_ = np.array([b - float((a * w * scaler.mean_ / scaler.scale_).sum())])
        return self

    def decision_function(self, x):
        return x @ self.coef_[0] + self.intercept_[0]


class Learner:
    """Fits the chosen kind of model on some rows and gives its log-odds (decision_function) for new rows."""

    def __init__(self, args: argparse.Namespace, requests: np.ndarray, ideas: np.ndarray, names: list[str]):
        self.args = args
        self.names = names
        self.requests = requests
        self.books = book_of_rows(requests, ideas)

    def fit(self, x, y, rows=None):
        a = self.args
        rows = np.arange(len(y)) if rows is None else rows
        if a.model == "logistic":
            return LogisticRegression(C=a.c, max_iter=2000).fit(x, y)
        if a.model == "listwise":
            return ListwiseLogit(a.c).fit(x, y, self.requests[rows], self.books[rows])
        lgb = import_lightgbm()
        # Single-threaded and deterministic: the machine is shared, and a re-run must give the same trees.
        return lgb.LGBMClassifier(n_estimators=a.trees, num_leaves=a.leaves, learning_rate=a.learning_rate,
                                  min_child_samples=50, subsample=1.0, colsample_bytree=1.0, reg_lambda=1.0,
                                  monotone_constraints=[MONOTONE.get(f, 0) for f in self.names],
                                  random_state=a.seed, n_jobs=1, deterministic=True, verbose=-1).fit(x, y)

    def logit(self, model, x) -> np.ndarray:
        if self.args.model in ("logistic", "listwise"):
            return model.decision_function(x)
        return model.predict(x, raw_score=True)


def cross_validate(requests, ideas, y, x, learner: Learner, about_precision: float) -> dict[str, dict[str, float]]:
    """The first stage's order and, per slope, the order of the shown scores' totals, over 5 folds of requests."""
    z = np.zeros(len(y))
    for train, test in GroupKFold(n_splits=5).split(x, y, groups=requests):
        z[test] = learner.logit(learner.fit(x[train], y[train], train), x[test])
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
    lgb = import_lightgbm()
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
                               min_child_samples=20, random_state=seed, n_jobs=1, verbose=-1)
        model.fit(bx[train], by[train], group=sizes)
        scores = model.predict(bx[test])
        for req in dict.fromkeys(bg[test]):
            mask = bg[test] == req
            order = np.argsort(-scores[mask], kind="stable")
            out[req] = [int(v) for v in by[test][mask][order]]
    return metrics(out)


def flat_trees(booster) -> list[dict[str, list]]:
    """LightGBM's trees as second-stage-trees.ts reads them: per tree, flat node arrays in preorder (root 0, children
    after their parent), feature −1 at a leaf."""
    out = []
    for info in booster.dump_model()["tree_info"]:
        t = {"feature": [], "threshold": [], "left": [], "right": [], "value": []}

        def visit(node) -> int:
            i = len(t["feature"])
            for k in t:
                t[k].append(0)
            if "leaf_value" in node:
                t["feature"][i], t["value"][i] = -1, float(node["leaf_value"])
                return i
            if node["decision_type"] != "<=":
                sys.exit(f"unexpected split {node['decision_type']}: only numerical splits are evaluated")
            t["feature"][i], t["threshold"][i] = int(node["split_feature"]), float(node["threshold"])
            t["left"][i] = visit(node["left_child"])
            t["right"][i] = visit(node["right_child"])
            return i

        visit(info["tree_structure"])
        out.append(t)
    return out


def main(argv: list[str]) -> None:
    args = parse_args(argv)
    requests, ideas, y, x_all = load_rows(args.rows)
    check_train_split(requests, args.data)
    names = args.features.split(",") if args.features else (V1_FEATURES if args.model == "logistic" else ALL_FEATURES)
    if unknown := [f for f in names if f not in ALL_FEATURES]:
        sys.exit(f"unknown features {unknown}: choose among {', '.join(ALL_FEATURES)}")
    x = x_all[:, [ALL_FEATURES.index(f) for f in names]]
    learner = Learner(args, requests, ideas, names)
    version = args.version or {"logistic": "idea-score-v1", "listwise": "idea-score-listwise", "trees": "idea-score-trees"}[args.model]
    args.out = args.out or MODELS_DIR / f"{version}.json"
    n_requests = len(set(requests))
    print(f"second stage ({args.model}, {len(names)} signals: {', '.join(names)}): {len(y)} (idea, book) rows of "
          f"{n_requests} train requests, {int(y.sum())} of the answer")
    cv = cross_validate(requests, ideas, y, x, learner, args.about_precision)
    z_about = cv["about_70"]["z_about"]
    for name, m in cv.items():
        print(f"  5-fold CV, {name}: " + ", ".join(f"{k} {v:.3f}" for k, v in m.items()))
    slope = max(SLOPES, key=lambda s: (cv[f"shown_slope_{s}"]["mrr_at_10"], -s))
    print(f"  slope chosen by CV MRR@10: {slope}")
    if args.lambdamart:
        lm = lambdamart_cv(requests, ideas, y, x, args.seed)
        if lm is not None:
            cv["lambdamart_book_level"] = lm
            print("  5-fold CV, LambdaMART (lightgbm, book-level; not exported): "
                  + ", ".join(f"{k} {v:.3f}" for k, v in lm.items()))
    model = learner.fit(x, y)
    description = {"version": version, "features": names}
    if args.model in ("logistic", "listwise"):
        weights = [float(w) for w in model.coef_[0]]
        print("  weights: " + ", ".join(f"{k} {w:.3f}" for k, w in zip(names, weights))
              + f", bias {float(model.intercept_[0]):.3f}")
        description |= {
            "kind": ("logistic regression" if args.model == "logistic" else "linear, trained by a listwise loss over each request's books' totals, then calibrated as log-odds per pair") + ": z = bias + Σ weights × features (log-odds), Strut score = 100 × σ(shown.slope × z + shown.offset); 70 where the train split's cross-validated pairs reach about_precision",
            "weights": weights, "bias": float(model.intercept_[0])}
        trained = {"c": args.c, "scikit_learn": sklearn.__version__}
    else:
        lgb = import_lightgbm()
        description |= {
            "model": "trees",
            "kind": "LightGBM gradient-boosted trees (binary log-loss per (idea, book) pair): z = bias + Σ leaves (log-odds), Strut score = 100 × σ(shown.slope × z + shown.offset); 70 where the train split's cross-validated pairs reach about_precision",
            "bias": 0.0, "trees": flat_trees(model.booster_)}
        trained = {"trees": args.trees, "leaves": args.leaves, "learning_rate": args.learning_rate,
                   "lightgbm": lgb.__version__}
    description |= {
        "about_precision": args.about_precision,
        "shown": {"slope": slope, "offset": ABOUT_LOGIT - slope * z_about},
        "trained_on": {
            "data": "reddit-tomt-books-dev, train split only (first-stage top 100 per request)",
            "rows": int(len(y)),
            "requests": n_requests,
            "answer_rows": int(y.sum()),
            **trained,
        },
        "cross_validation": cv,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text((json.dumps(description, separators=(",", ":")) if args.model == "trees" else json.dumps(description, indent=2)) + "\n")
    # Fixtures: a spread of real rows (about 12, and the first 6 answer rows) with Python's scores. The features are
    # the full rows (every signal), as second-stage.ts computes them.
    picked = sorted(set(range(0, len(y), max(1, len(y) // 12))) | set(np.flatnonzero(y)[:6].tolist()))
    rounded = np.round(x_all[picked], 6)
    scores = shown(learner.logit(model, rounded[:, [ALL_FEATURES.index(f) for f in names]]), slope, z_about)
    fixtures = [{"features": [float(v) for v in row], "score": float(sc)} for row, sc in zip(rounded, scores)]
    args.fixtures.parent.mkdir(parents=True, exist_ok=True)
    args.fixtures.write_text(json.dumps({"model": args.out.name, "cases": fixtures}, indent=2) + "\n")
    print(f"  wrote {args.out} and {len(fixtures)} fixtures to {args.fixtures}")


if __name__ == "__main__":
    main(sys.argv[1:])
