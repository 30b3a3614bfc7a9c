"""A cross-encoder for the second stage (issue 34): (idea, book text) → relevance, fine-tuned from all-MiniLM-L6-v2.

`bash encoder/run.sh --cross-encoder <step> ...`, on the candidates `npm run bench:quality -- --split all
--models shipped --skip-keyword --candidates FILE` writes (the second stage's first 50 books of every request, and
the books' texts):

- `train`: fine-tunes BertForSequenceClassification (one logit) from the base model's weights on the **train split**
  only, minus `--holdout` requests kept aside to fit the blend. Per request and idea (`--pairs idea`) or per request
  with its ideas joined (`--pairs joined`): a group of the answer and `--negatives` wrong books drawn from the second
  stage's own first `--depth` candidates (hard negatives: what the re-ranking must tell apart), trained by softmax
  cross-entropy over the group (the answer must out-score its near misses). Seeded: same data and seed, same weights.
- `score`: scores the first `--k` candidates of the holdout or the dev split (`--split validation`).
- `evaluate`: fits the blend (logistic regression of "is the answer" on the cross-encoder's score and the second
  stage's total) on the holdout's scores, re-orders the dev split's first K by it and prints Recall@1/@10, MRR@10
  with and without, with paired bootstrap intervals (the same requests resampled for both).
- `export`: int8 ONNX (as export.py does for the bi-encoder) with config and tokenizer files for transformers.js,
  and the int8 vs fp32 check on fixed pairs.

The dev split is only ever scored and measured, never trained on or fitted to.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

from .base_model import default_base
from .candidates import read_candidates_file

TEXT_CHARS = 1200  # more than max_length tokens ever read: the tokenizer truncates the rest


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="encoder/run.sh --cross-encoder", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="step", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--candidates", type=Path, required=True, help="JSONL from bench:quality --candidates")
    common.add_argument("--pairs", choices=["idea", "joined"], default="idea")
    common.add_argument("--holdout", type=int, default=300, help="train-split requests kept out of training, to fit the blend")
    common.add_argument("--seed", type=int, default=42)
    common.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    common.add_argument("--max-length", type=int, default=128)
    t = sub.add_parser("train", parents=[common])
    t.add_argument("--out", type=Path, required=True)
    t.add_argument("--base", default=None)
    t.add_argument("--negatives", type=int, default=3)
    t.add_argument("--depth", type=int, default=30)
    t.add_argument("--groups", type=int, default=8, help="groups (answer + negatives) per step")
    t.add_argument("--lr", type=float, default=4e-5)
    t.add_argument("--epochs", type=int, default=1)
    t.add_argument("--limit", type=int, default=None, help="first N training requests (timing runs)")
    t.add_argument("--max-steps", type=int, default=None)
    t.add_argument("--skip-steps", type=int, default=0,
                   help="with --base a model this command trained (same seed): go on with the rest of its epoch")
    t.add_argument("--max-minutes", type=float, default=None,
                   help="stop after the step that passes this much time (the shared machine's budget); saved as is")
    s = sub.add_parser("score", parents=[common])
    s.add_argument("--model", type=Path, required=True, help="the trained folder, or an int8 ONNX folder with --onnx")
    s.add_argument("--onnx", action="store_true", help="score with the exported int8 file (onnxruntime)")
    s.add_argument("--split", choices=["holdout", "validation"], required=True)
    s.add_argument("--k", type=int, default=30)
    s.add_argument("--out", type=Path, required=True)
    e = sub.add_parser("evaluate", parents=[common])
    e.add_argument("--holdout-scores", type=Path, required=True)
    e.add_argument("--dev-scores", type=Path, required=True)
    e.add_argument("--k", type=int, default=30)
    e.add_argument("--blend-out", type=Path, default=None, help="write the fitted blend (JSON)")
    x = sub.add_parser("export", parents=[common])
    x.add_argument("--model", type=Path, required=True)
    x.add_argument("--out", type=Path, required=True)
    return p.parse_args(argv)


def read_candidates(path: Path) -> tuple[list[dict], dict[str, str]]:
    """The request lines, and each book's text as the cross-encoder reads it, by the bench's book id."""
    requests, books = read_candidates_file(path)
    return requests, {i: f"{b['title']}. {b['description']}"[:TEXT_CHARS] for i, b in books.items()}


def split_train(requests: list[dict], holdout: int, seed: int) -> tuple[list[dict], list[dict]]:
    """The train split's requests, seeded shuffle: (training, holdout). Never a dev request."""
    train = [r for r in requests if r["split"] == "train"]
    order = sorted(train, key=lambda r: r["request"])
    random.Random(seed).shuffle(order)
    return order[holdout:], order[:holdout]


def queries_of(request: dict, pairs: str) -> list[str]:
    return request["ideas"] if pairs == "idea" else ["; ".join(request["ideas"])]


def training_groups(requests, books, args) -> list[list[tuple[str, str]]]:
    """Per request and query (idea or joined ideas): [answer pair, negative pairs...]."""
    rng = random.Random(args.seed)
    groups = []
    for r in requests:
        answers = [b for b in r["relevant"] if b in books]
        if not answers:
            continue
        wrong = [c["id"] for c in r["candidates"][: args.depth] if c["id"] not in r["relevant"] and c["id"] in books]
        if len(wrong) < args.negatives:
            continue
        for q in queries_of(r, args.pairs):
            picked = rng.sample(wrong, args.negatives)
            groups.append([(q, books[answers[0]])] + [(q, books[b]) for b in picked])
    rng.shuffle(groups)
    return groups


def set_threads(n: int) -> None:
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "RAYON_NUM_THREADS"):
        os.environ[var] = str(n)


def train(args) -> None:
    import numpy as np
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    requests, books = read_candidates(args.candidates)
    training, _ = split_train(requests, args.holdout, args.seed)
    if args.limit:
        training = training[: args.limit]
    groups = training_groups(training, books, args)
    base = args.base or default_base()
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForSequenceClassification.from_pretrained(base, num_labels=1)
    model.train()
    steps_per_epoch = (len(groups) + args.groups - 1) // args.groups
    total = steps_per_epoch * args.epochs - args.skip_steps
    if args.max_steps:
        total = min(total, args.max_steps)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    schedule = get_linear_schedule_with_warmup(optimizer, int(0.1 * total), total)
    size = 1 + args.negatives
    print(f"cross-encoder: {len(training)} requests, {len(groups)} groups of {size}, {total} steps of {args.groups} "
          f"groups, {args.pairs} pairs, max_length {args.max_length}, {args.threads} threads", file=sys.stderr)
    started, step = time.time(), 0
    for epoch in range(args.epochs):
        order = list(range(len(groups)))
        random.Random(args.seed + epoch).shuffle(order)
        if epoch == 0:
            order = order[args.skip_steps * args.groups:]
        for i in range(0, len(order), args.groups):
            if step >= total or (args.max_minutes and time.time() - started > 60 * args.max_minutes):
                break
            batch = [groups[j] for j in order[i: i + args.groups]]
            pairs = [p for g in batch for p in g]
            enc = tokenizer([q for q, _ in pairs], [t for _, t in pairs], padding=True, truncation="only_second",
                            max_length=args.max_length, return_tensors="pt")
            logits = model(**enc).logits.view(len(batch), size)
            loss = torch.nn.functional.cross_entropy(logits, torch.zeros(len(batch), dtype=torch.long))
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
            step += 1
            if step % 20 == 0 or step == total:
                rate = (time.time() - started) / step
                print(f"  step {step}/{total} loss {loss.item():.3f} ({rate:.2f} s/step, ~{(total - step) * rate / 60:.0f} min left)",
                      file=sys.stderr, flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(args.out)
    tokenizer.save_pretrained(args.out)
    (args.out / "training.json").write_text(json.dumps({
        "data": "reddit-tomt-books-dev train split only, minus the holdout; candidates from bench:quality --candidates",
        "requests": len(training), "holdout": args.holdout, "groups": len(groups), "group_size": size,
        "pairs": args.pairs, "negatives_from_depth": args.depth, "steps": step, "groups_per_step": args.groups,
        "lr": args.lr, "epochs": args.epochs, "skipped_steps": args.skip_steps, "base_folder": str(args.base or ""), "max_length": args.max_length, "seed": args.seed,
        "threads": args.threads, "minutes": round((time.time() - started) / 60, 1),
    }, indent=2))
    print(f"cross-encoder: trained in {(time.time() - started) / 60:.1f} min → {args.out}", file=sys.stderr)


class TorchScorer:
    def __init__(self, folder: Path, max_length: int):
        import torch
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        self.torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(folder)
        self.model = AutoModelForSequenceClassification.from_pretrained(folder).eval()
        self.max_length = max_length

    def __call__(self, pairs: list[tuple[str, str]]) -> list[float]:
        enc = self.tokenizer([q for q, _ in pairs], [t for _, t in pairs], padding=True, truncation="only_second",
                             max_length=self.max_length, return_tensors="pt")
        with self.torch.no_grad():
            return self.model(**enc).logits.view(-1).tolist()


class OnnxScorer:
    """The int8 file through onnxruntime and its own tokenizer.json, as the app reads it."""

    def __init__(self, folder: Path, max_length: int, threads: int):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        self.session = ort.InferenceSession(str(folder / "onnx" / "model_quantized.onnx"), options,
                                            providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length, strategy="only_second")
        self.tokenizer.enable_padding()
        self.inputs = {i.name for i in self.session.get_inputs()}

    def __call__(self, pairs: list[tuple[str, str]]) -> list[float]:
        import numpy as np

        enc = self.tokenizer.encode_batch(pairs)
        feed = {
            "input_ids": np.array([e.ids for e in enc], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in enc], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in enc], dtype=np.int64),
        }
        return self.session.run(None, {k: v for k, v in feed.items() if k in self.inputs})[0].reshape(-1).tolist()


def score(args) -> None:
    import torch

    torch.set_num_threads(args.threads)
    requests, books = read_candidates(args.candidates)
    if args.split == "holdout":
        _, chosen = split_train(requests, args.holdout, args.seed)
    else:
        chosen = [r for r in requests if r["split"] == "validation"]
    scorer = OnnxScorer(args.model, args.max_length, args.threads) if args.onnx else TorchScorer(args.model, args.max_length)
    out, started = {}, time.time()
    for n, r in enumerate(chosen):
        ids = [c["id"] for c in r["candidates"][: args.k]]
        queries = queries_of(r, args.pairs)
        pairs = [(q, books.get(b, "")) for b in ids for q in queries]
        logits = []
        for i in range(0, len(pairs), 32):
            logits += scorer(pairs[i: i + 32])
        out[r["request"]] = {b: logits[j * len(queries): (j + 1) * len(queries)] for j, b in enumerate(ids)}
        if (n + 1) % 25 == 0:
            print(f"  scored {n + 1}/{len(chosen)} requests ({(time.time() - started) / (n + 1):.2f} s each)",
                  file=sys.stderr, flush=True)
    args.out.write_text(json.dumps(out))
    print(f"cross-encoder: {len(chosen)} {args.split} requests × {args.k} books scored in "
          f"{(time.time() - started) / 60:.1f} min → {args.out}", file=sys.stderr)


def features(candidate: dict, logits: list[float], k: int) -> list[float]:
    """The blend's signals for one candidate: the cross-encoder's mean and weakest logit over the ideas, the second
    stage's total (per 100)."""
    return [sum(logits) / len(logits), min(logits), candidate["total"] / 100]


def ranks_with(requests, scores, k, order_of) -> list[int | None]:
    """Each request's answer rank (1-based; None beyond the listing) when its first K are re-ordered by order_of."""
    out = []
    for r in requests:
        cands = r["candidates"][:k]
        s = scores[r["request"]]
        keyed = sorted(range(len(cands)), key=lambda i: (-order_of(i, cands[i], s[cands[i]["id"]]), i))
        top = [cands[i]["id"] for i in keyed]
        hit = next((n + 1 for n, b in enumerate(top) if b in r["relevant"]), None)
        out.append(hit if hit is not None else (r["answerRank"] if r["answerRank"] and r["answerRank"] > k else None))
    return out


def metrics(ranks: list[int | None]) -> dict[str, list[float]]:
    return {
        "recall_at_1": [1.0 if r == 1 else 0.0 for r in ranks],
        "recall_at_10": [1.0 if r is not None and r <= 10 else 0.0 for r in ranks],
        "mrr_at_10": [1.0 / r if r is not None and r <= 10 else 0.0 for r in ranks],
    }


def bootstrap(values, seed, resamples=1000):
    import numpy as np

    v = np.asarray(values)
    rng = np.random.default_rng(seed)
    means = v[rng.integers(0, len(v), size=(resamples, len(v)))].mean(axis=1)
    return float(v.mean()), float(np.quantile(means, 0.025)), float(np.quantile(means, 0.975))


def evaluate(args) -> None:
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    requests, _ = read_candidates(args.candidates)
    _, holdout = split_train(requests, args.holdout, args.seed)
    dev = [r for r in requests if r["split"] == "validation"]
    hold_scores = json.loads(args.holdout_scores.read_text())
    dev_scores = json.loads(args.dev_scores.read_text())
    x, y = [], []
    for r in holdout:
        for c in r["candidates"][: args.k]:
            x.append(features(c, hold_scores[r["request"]][c["id"]], args.k))
            y.append(1 if c["id"] in r["relevant"] else 0)
    blend = LogisticRegression(C=1.0, max_iter=1000).fit(np.array(x), np.array(y))
    w, b = blend.coef_[0].tolist(), float(blend.intercept_[0])
    print(f"blend (fitted on {len(holdout)} holdout requests, {sum(y)} answers among their first {args.k}): "
          f"weights {['%.3f' % v for v in w]} (ce mean, ce min, total/100), bias {b:.3f}")
    if args.blend_out:
        args.blend_out.write_text(json.dumps({"features": ["ceMean", "ceMin", "total100"], "weights": w, "bias": b,
                                              "k": args.k}, indent=2))
    modes = {
        "second stage (idea-score-v1)": lambda i, c, s: -i,  # the listing's own order
        "cross-encoder alone": lambda i, c, s: sum(s) / len(s),
        "blend": lambda i, c, s: float(np.dot(w, features(c, s, args.k)) + b),
    }
    for name, data in (("holdout", (holdout, hold_scores)), ("dev", (dev, dev_scores))):
        reqs, scores = data
        first = [min((c["firstRank"] or 10**6) for c in r["candidates"] if c["id"] in r["relevant"])
                 if any(c["id"] in r["relevant"] for c in r["candidates"]) else None for r in reqs]
        results = {"first stage": metrics([f if f and f <= 10**5 else None for f in first])}
        for mode, order in modes.items():
            results[mode] = metrics(ranks_with(reqs, scores, args.k, order))
        print(f"\n{name}: {len(reqs)} requests, first {args.k} re-ordered; "
              f"answer among them: {sum(1 for r in reqs if r['answerRank'] and r['answerRank'] <= args.k)}")
        print(f"  {'mode':34}{'Recall@1':>24}{'Recall@10':>24}{'MRR@10':>24}")
        for mode, m in results.items():
            cells = "".join(f"{'%.3f [%.3f, %.3f]' % bootstrap(m[k], args.seed):>24}" for k in m)
            print(f"  {mode:34}{cells}")
        base = results["second stage (idea-score-v1)"]
        for mode in ("cross-encoder alone", "blend"):
            cells = "".join(
                f"{'%+.3f [%+.3f, %+.3f]' % bootstrap(np.array(results[mode][k]) - np.array(base[k]), args.seed):>24}"
                for k in base)
            print(f"  {mode + ' − idea-score-v1':34}{cells}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    set_threads(args.threads)
    if args.step == "train":
        train(args)
    elif args.step == "score":
        score(args)
    elif args.step == "evaluate":
        evaluate(args)
    else:
        from .cross_encoder_export import export

        export(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
