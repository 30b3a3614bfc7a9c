"""The publishing gate: the int8 file must embed like the fp32 PyTorch model it came from.

Both sides embed a fixed sentence set (`encoder/check-sentences.txt`) the way the app does: mean pooling over the
attention mask, then L2 normalisation. The int8 side reads the published folder only (its tokenizer.json and
onnx/model_quantized.onnx), so a wrong tokenizer file fails the check as surely as a bad quantization.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnxruntime as ort
from sentence_transformers import SentenceTransformer
from tokenizers import Tokenizer

from .data import sha256_file
from .evaluate import encode
from .export import INPUTS, MODEL_MAX_LENGTH

MIN_COSINE = 0.98
SENTENCES_FILE = Path(__file__).resolve().parent.parent / "check-sentences.txt"


def load_sentences(path: Path = SENTENCES_FILE) -> list[str]:
    """One sentence per line; blank lines and lines starting with # are skipped."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def embed_int8(model_dir: Path, sentences: list[str], threads: int) -> np.ndarray:
    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.enable_truncation(MODEL_MAX_LENGTH)  # what transformers.js applies from tokenizer_config.json
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    encodings = tokenizer.encode_batch(sentences)
    feeds = {
        "input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
        "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
        "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64),
    }
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    session = ort.InferenceSession(
        str(model_dir / "onnx" / "model_quantized.onnx"), options, providers=["CPUExecutionProvider"]
    )
    hidden = session.run(None, {n: feeds[n] for n in INPUTS})[0]
    mask = feeds["attention_mask"][..., None].astype(np.float32)
    pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
    return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)


def cosine_check(model: SentenceTransformer, model_dir: Path, threads: int) -> dict:
    """Per-sentence cosine between the fp32 and the int8 embedding; passes when every one is ≥ MIN_COSINE."""
    sentences = load_sentences()
    trained_length = model.max_seq_length
    model.max_seq_length = MODEL_MAX_LENGTH  # read as much of each sentence as the published model will
    try:
        reference = encode(model, sentences).numpy()
    finally:
        model.max_seq_length = trained_length
    cosines = (reference * embed_int8(model_dir, sentences, threads)).sum(axis=1)
    worst = np.argsort(cosines)[:3]
    return {
        "sentences": len(sentences),
        "sentences_file": f"encoder/{SENTENCES_FILE.name}",
        "sentences_sha256": sha256_file(SENTENCES_FILE),
        "min": round(float(cosines.min()), 4),
        "mean": round(float(cosines.mean()), 4),
        "threshold": MIN_COSINE,
        "passed": bool(cosines.min() >= MIN_COSINE),
        "worst": [{"sentence": sentences[i], "cosine": round(float(cosines[i]), 4)} for i in worst],
    }
