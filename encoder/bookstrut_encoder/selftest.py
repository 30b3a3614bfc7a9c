"""`bash encoder/run.sh --selftest` (a phase of scripts/test.sh): the catalogue self-supervision, checked on the real
shared data, then trained on in a real run of the pipeline (tiny: 4 requests, 3 steps), in ~30 s.

Each check raises AssertionError with what went wrong; the exit code is 0 only when all pass.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

from . import hard_negatives, self_supervised
from .cosine_scale import fit_cosine_scale
from .batching import epoch_batches, pair_books
from .cli import default_data_dir
from .data import (
    GOODREADS_FILE,
    IDEA_JOINER,
    Dataset,
    load_dataset,
    load_queries,
    normalise_title,
    read_jsonl,
    train_fold_of,
)
from .evaluate import Figures
from .records import Book
from .train import replaces_kept

CHECKS: list[Callable[[Path], None]] = []


def check(fn: Callable[[Path], None]) -> Callable[[Path], None]:
    CHECKS.append(fn)
    return fn


@cache
def dataset(data_dir: Path, seed: int, n: int) -> Dataset:
    return load_dataset(data_dir, limit=None, seed=seed, catalogue_file=None, self_supervised=n)


def ict(dataset: Dataset) -> list:
    return [p for p in dataset.pairs if p.kind == self_supervised.KIND]


@check
def sentences_split_at_sentence_ends_only(_: Path) -> None:
    text = 'Mr. Darcy meets J. R. R. Tolkien in St. Petersburg. "Why?" she asks! Then 3 ships sail… And they wait.'
    got = self_supervised.sentences(text)
    want = ["Mr. Darcy meets J. R. R. Tolkien in St. Petersburg.", '"Why?" she asks!', "Then 3 ships sail…", "And they wait."]
    assert got == want, got


@check
def train_fold_keeps_only_its_requests(data_dir: Path) -> None:
    # bench:quality --train-fold runs the other folds' requests: tomt-data.test.ts pins the same ids to the same folds
    assert [train_fold_of(i, 2) for i in ("emgkyy", "j70s6v", "hnr912")] == [1, 1, 0]
    assert [train_fold_of(i, 3) for i in ("emgkyy", "j70s6v", "cu9j19")] == [2, 1, 0]
    whole = dataset(data_dir, 42, 0)
    folds = [
        load_dataset(data_dir, limit=None, seed=42, catalogue_file=None, train_fold=(k, 2)) for k in (0, 1)
    ]
    ids = [{q.id for q in f.train_queries} for f in folds]
    assert not ids[0] & ids[1] and ids[0] | ids[1] == {q.id for q in whole.train_queries}, "two folds: a partition"
    assert 0.4 < len(ids[0]) / len(whole.train_queries) < 0.6, f"fold 0 holds {len(ids[0])} requests"
    for f, own in zip(folds, ids):
        assert {p.request for p in f.pairs if p.request} <= own, "a fold trains on its own requests only"
        assert f.validation_queries == whole.validation_queries, "every fold validates on the whole dev split"


@check
def pairs_are_reader_sized_and_reproducible(data_dir: Path) -> None:
    a = dataset(data_dir, 42, 3000)
    pairs = ict(a)
    assert len(pairs) == 3000, f"asked for 3000 self-supervised pairs, got {len(pairs)}"
    assert a.self_supervised["pairs"] == 3000 and len(a.self_supervised_ids) == 3000, a.self_supervised
    counts = {n: 0 for n in (1, 2, 3)}
    for p in pairs:
        ideas = p.anchor.split(IDEA_JOINER)
        assert len(ideas) in counts, f"{len(ideas)} ideas: {p.anchor!r}"
        counts[len(ideas)] += 1
        for idea in ideas:
            n = len(idea.split())
            assert self_supervised.MIN_IDEA_WORDS <= n <= self_supervised.MAX_IDEA_WORDS, f"{n} words: {idea!r}"
    assert min(counts.values()) > 300, f"1, 2 and 3 ideas should all be common: {counts}"
    # ICT: the pseudo-ideas leave the positive, except in ~KEEP_RATE of the pairs
    inside = sum(1 for p in pairs if any(i in p.positive for i in p.anchor.split(IDEA_JOINER)))
    kept = a.self_supervised["kept_in_positive"]
    assert 0.05 < kept / len(pairs) < 0.15, f"{kept} of {len(pairs)} kept their ideas in the positive"
    assert kept <= inside <= kept + len(pairs) // 50, f"{inside} positives hold an idea, {kept} were meant to"

    again = load_dataset(data_dir, limit=None, seed=42, catalogue_file=None, self_supervised=3000)
    assert ict(again) == pairs, "the same seed must give the same pairs"
    other = dataset(data_dir, 7, 3000)
    assert ict(other) != pairs, "another seed should give other pairs"
    off = dataset(data_dir, 42, 0)
    assert not ict(off) and off.pairs == a.pairs[: len(off.pairs)], "--self-supervised 0 adds nothing"


@check
def never_a_validation_answer_or_its_edition(data_dir: Path) -> None:
    a = dataset(data_dir, 42, 100_000)
    validation = {q.answer for q in load_queries(data_dir) if q.split == "validation"}
    held_titles = {normalise_title(a.books[k].title) for k in validation}
    goodreads = {r["id"]: r for r in read_jsonl(data_dir / GOODREADS_FILE)}
    used = [goodreads[i] for i in a.self_supervised_ids]
    assert len(used) > 4000, f"only {len(used)} catalogue books made a pair"
    leaked = [r["title"] for r in used if normalise_title(r["title"]) in held_titles]
    assert not leaked, f"validation answers (or editions) trained on: {leaked[:5]}"
    assert not {p.answer_key for p in ict(a)} & validation
    skipped = a.self_supervised["skipped"]["validation_answer_or_edition"]
    assert skipped > 0, "the catalogue has editions of validation answers: some must have been skipped"


@check
def real_ideas_take_precedence(data_dir: Path) -> None:
    rows = read_jsonl(data_dir / GOODREADS_FILE)
    baseline = dataset(data_dir, 42, 100_000)
    chosen = set(baseline.self_supervised_ids)
    listed = [r for r in rows if r["id"] in chosen][:3]
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "pairs.jsonl"
        lines = [{"anchor": "an idea; another; a third", "positive": f"{r['title']}. {r['description']}"} for r in listed]
        file.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
        a = load_dataset(data_dir, limit=None, seed=42, catalogue_file=file, self_supervised=100_000)
    assert sum(1 for p in a.pairs if p.kind == "catalogue") == 3
    assert not {r["id"] for r in listed} & set(a.self_supervised_ids), "a listed book also got pseudo-ideas"
    assert len(a.self_supervised_ids) == len(chosen) - 3
    assert a.self_supervised["skipped"]["has_real_ideas"] == 3, a.self_supervised["skipped"]


@check
def batches_mix_both_kinds_and_never_repeat_a_book(data_dir: Path) -> None:
    a = dataset(data_dir, 42, 3000)
    plan = epoch_batches(a.pairs, 32, 42, 0)
    assert sum(len(b) for b in plan) == len(a.pairs)
    for batch in plan:
        books = [k for p in batch for k in pair_books(p)]
        assert len(books) == len(set(books)), f"a book twice in one batch: {books}"
    mixed = sum(1 for b in plan if {p.kind for p in b} >= {"self_supervised", "tomt_joined"})
    assert mixed / len(plan) > 0.9, f"only {mixed} of {len(plan)} batches hold both kinds"


@check
def ranked_negatives_come_from_train_requests_and_are_never_the_answer(data_dir: Path) -> None:
    """`--negatives-from`: a pair of a ranked train request takes a wrong book of that ranking, never its answer, an
    edition of it or a validation answer; other pairs are left as they were; a file with a validation request is
    refused."""
    a = dataset(data_dir, 42, 3000)
    held_out = {q.answer for q in a.validation_queries}
    q = a.train_queries[0]
    answer = a.books[q.answer]
    edition = Book("another-edition", f"{answer.title} (Anniversary Edition, #1)", "Another printing.")
    candidates = [b for b in a.pool if b.key not in held_out] + [edition]
    wrong = [b.key for b in candidates if b.key != q.answer][:3]
    ranking = [q.answer, edition.key, next(iter(held_out)), *wrong]
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "candidates.jsonl"
        # the bench names books by its database ids, and gives each one's key in a book line
        line = {"request": q.id, "split": "train", "candidates": [{"id": f"pool-{k}"} for k in ranking]}
        books = [json.dumps({"book": f"pool-{k}", "key": k, "title": "", "description": ""}) for k in ranking]
        file.write_text("\n".join([json.dumps(line), *books]) + "\n")
        rankings = hard_negatives.read_rankings(file)
        assert rankings == {q.id: ranking}, rankings
        pairs, taken = hard_negatives.from_rankings(a.pairs, rankings, candidates, a.self_supervised_books | a.books, 42)
        own = [p for p in pairs if p.request == q.id]
        assert taken == len(own) >= 1, (taken, len(own))
        assert all(p.negative_key in wrong for p in own), [p.negative_key for p in own]
        assert all(p.negative is None for p in pairs if p.request != q.id), "a pair without a ranking got a negative"
        for refused, text in [
            ("only train requests", "\n".join([json.dumps(line | {"split": "validation"}), *books])),
            ("carry no `key`", "\n".join([json.dumps(line), *(b.replace('"key"', '"id"') for b in books)])),
        ]:
            file.write_text(text + "\n")
            try:
                hard_negatives.read_rankings(file)
            except ValueError as e:
                assert refused in str(e), e
            else:
                raise AssertionError(f"read a file it must refuse ({refused})")


@check
def keep_last_publishes_the_last_step_however_it_validates(_: Path) -> None:
    def figures(mrr: float) -> Figures:
        return Figures(recall_at_1=0.1, recall_at_10=0.3, mrr_at_10=mrr, queries=233, pool=9542)

    good, worse = figures(0.232), figures(0.216)
    assert replaces_kept(good, None, last_step=False, keep_last=False), "the first checkpoint is always kept"
    assert replaces_kept(good, worse, last_step=False, keep_last=False), "a better one replaces it"
    assert not replaces_kept(worse, good, last_step=True, keep_last=False), "by default the best validated one stays"
    assert replaces_kept(worse, good, last_step=True, keep_last=True), "--keep last: the last step's, however it validates"
    assert not replaces_kept(worse, good, last_step=False, keep_last=True), "--keep last: not an earlier, worse one"


@check
def the_cosine_scale_maps_a_model_onto_the_base_model(_: Path) -> None:
    """A model whose cosines are the base model's, halved and raised by 0.2, gets the map back: 2 × cosine - 0.4;
    a collapsed one (every cosine alike, nothing to map) is refused."""
    import torch

    base = torch.rand(300, 700, generator=torch.Generator().manual_seed(1)) ** 3 * 0.8 - 0.1
    scale = fit_cosine_scale(base, base * 0.5 + 0.2)
    assert abs(scale["slope"] - 2) < 1e-3 and abs(scale["offset"] + 0.4) < 1e-3, scale
    try:
        fit_cosine_scale(base, torch.full_like(base, 0.9))
    except ValueError:
        pass
    else:
        raise AssertionError("a collapsed model got a scale")


@check
def a_tiny_run_trains_on_them(data_dir: Path) -> None:
    """The real pipeline (training, export, int8 check, publishing) on 4 requests and 4 self-supervised pairs: 20
    pairs, one epoch in batches of 8 (4 or 5 of them: a request's 4 pairs share its book, so each goes in another
    batch; --max-steps only guards), so every pair is trained on; the card and manifest say so."""
    with tempfile.TemporaryDirectory(prefix="bookstrut-selftest-") as tmp:
        args = ["--limit", "4", "--self-supervised", "4", "--batch-size", "8", "--max-steps", "8"]
        args += ["--threads", "1", "--max-seq-length", "64", "--out", f"{tmp}/out", "--data-dir", str(data_dir)]
        env = {**os.environ, "DATA_DIR": tmp}
        run = subprocess.run(
            [sys.executable, "-m", "bookstrut_encoder", *args], env=env, capture_output=True, text=True, timeout=600
        )
        assert run.returncode == 0, f"exit {run.returncode}:\n{run.stderr[-3000:]}"
        published = Path(run.stdout.strip().splitlines()[-1])
        card = json.loads((published / "card.json").read_text())
        manifest = json.loads((published / "manifest.json").read_text())
        markdown = (published / "model-card.md").read_text()
    assert card["passed"] and card["hyperparameters"]["self_supervised"] == 4
    assert manifest["pair_counts"]["self_supervised"] == 4, manifest["pair_counts"]
    assert len(manifest["self_supervised_book_ids"]) == 4
    assert manifest["self_supervised"]["pairs"] == 4 and card["data"]["self_supervised"]["pairs"] == 4
    trained = card["training"]["pairs_trained_on"]
    assert trained.get("self_supervised") == 4, f"pairs trained on: {trained}"
    assert sum(trained.values()) == manifest["pairs_total"], (trained, manifest["pairs_total"])
    assert "catalogue books without ideas): 4 from goodreads-books-mix" in markdown, markdown
    assert "self_supervised 4" in markdown, "the model card lists the pairs trained on"
    assert card["cosine_scale"]["slope"] > 0 and "## Cosine scale" in markdown, card.get("cosine_scale")


@check
def the_cross_encoder_trains_on_train_requests_and_exports_int8(_: Path) -> None:
    """cross_encoder.py on a tiny candidates file (the check pairs' books): a validation request is never in a
    training group, and a 2-step run exports an int8 file that agrees with fp32 (the export's own gate)."""
    from .cross_encoder import read_candidates, split_train, training_groups
    from .cross_encoder_export import CHECK_PAIRS, MAX_DIFF

    with tempfile.TemporaryDirectory(prefix="bookstrut-selftest-xenc-") as tmp:
        texts = [t for _, right, wrong in CHECK_PAIRS for t in (right, wrong)]
        books = [{"book": f"b{i}", "title": t.split(". ")[0], "description": t.split(". ", 1)[1]} for i, t in enumerate(texts)]
        candidates = [{"id": f"b{i}", "total": 100.0 - i, "ideas": [50.0], "firstRank": i + 1} for i in range(len(texts))]
        requests = [
            {"request": f"r{n}", "split": "train" if n < len(CHECK_PAIRS) - 1 else "validation", "ideas": [idea],
             "relevant": [f"b{2 * n}"], "answerRank": 2 * n + 1, "candidates": candidates}
            for n, (idea, _, _) in enumerate(CHECK_PAIRS)
        ]
        file = Path(tmp) / "candidates.jsonl"
        file.write_text("\n".join(json.dumps(row) for row in requests + books) + "\n")
        read, texts_by_id = read_candidates(file)
        training, holdout = split_train(read, 0, 42)
        assert holdout == [] and {r["split"] for r in training} == {"train"}, training
        args = type("Args", (), {"seed": 42, "depth": 30, "negatives": 3, "pairs": "idea"})()
        groups = training_groups(training, texts_by_id, args)
        assert len(groups) == len(CHECK_PAIRS) - 1 and all(len(g) == 4 for g in groups), groups
        assert all(g[0][0] != CHECK_PAIRS[-1][0] for g in groups), "a validation idea was trained on"
        common = ["--candidates", str(file), "--pairs", "idea", "--holdout", "0", "--threads", "1", "--max-length", "64"]
        for step in (["train", "--out", f"{tmp}/model", "--groups", "2", "--max-steps", "2"],
                     ["export", "--model", f"{tmp}/model", "--out", f"{tmp}/int8"]):
            run = subprocess.run([sys.executable, "-m", "bookstrut_encoder.cross_encoder", step[0], *common, *step[1:]],
                                 capture_output=True, text=True, timeout=600)
            assert run.returncode == 0, f"{step[0]}: exit {run.returncode}:\n{run.stdout}{run.stderr[-3000:]}"
        result = json.loads((Path(tmp) / "int8" / "check.json").read_text())
        assert (Path(tmp) / "int8" / "onnx" / "model_quantized.onnx").is_file()
        assert result["passed"] and result["order_kept"] and result["max_abs_diff"] <= MAX_DIFF, result
        assert len(result["int8"]) == 2 * len(CHECK_PAIRS), result


def main() -> int:
    data_dir = default_data_dir()
    failed = 0
    for fn in CHECKS:
        try:
            fn(data_dir)
            print(f"ok    {fn.__name__}")
        except AssertionError as e:
            failed += 1
            print(f"FAIL  {fn.__name__}: {e}")
    print(f"encoder selftest: {len(CHECKS) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
