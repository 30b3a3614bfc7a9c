"""From the trained model to the files transformers.js loads: fp32 ONNX, int8 ONNX, config and tokenizer files.

Follows the recipe of the shared base models (`../shared/models/_convert/`, `.../all-MiniLM-L6-v2/SOURCE.md`), so a
trained model and the base model it replaces are built, quantized and loaded the same way.
"""

from __future__ import annotations

import json
import shutil
import warnings
from pathlib import Path

import numpy as np
import onnxruntime as ort
import torch
from onnxruntime.quantization import QuantType, quantize_dynamic
from sentence_transformers import SentenceTransformer
from transformers import AutoModel, AutoTokenizer

from .log import log

OPSET = 14
INPUTS = ["input_ids", "attention_mask", "token_type_ids"]
OUTPUT = "last_hidden_state"
# What transformers.js truncates to (tokenizer_config.json). The model trains on 128 tokens, like its base; 256 is
# the base model's published limit, kept so a trained model reads a description exactly as the base one did.
MODEL_MAX_LENGTH = 256
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json")


class _LastHiddenState(torch.nn.Module):
    """BertModel returns a ModelOutput; the ONNX graph should have exactly one named output."""

    def __init__(self, bert: torch.nn.Module):
        super().__init__()
        self.bert = bert

    def forward(self, input_ids, attention_mask, token_type_ids):
        return self.bert(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
        ).last_hidden_state


def save_transformer(model: SentenceTransformer, out: Path) -> None:
    """The encoder's weights and config (the transformer module only: pooling and normalising happen in the app)."""
    model[0].auto_model.save_pretrained(out)
    model.tokenizer.save_pretrained(out)


def export_onnx(hf_dir: Path, out: Path) -> float:
    """fp32 ONNX with dynamic batch and sequence axes. Returns the largest difference to PyTorch on non-padding
    positions of a batch shape other than the one traced (proof that the axes really are dynamic)."""
    tokenizer = AutoTokenizer.from_pretrained(hf_dir)
    # eager attention: the SDPA path traces into ops that opset 14 exports less faithfully
    bert = AutoModel.from_pretrained(hf_dir, attn_implementation="eager").eval()
    if bert.config.model_type != "bert":
        raise ValueError(f"export expects a BERT encoder (inputs {INPUTS}), got {bert.config.model_type}")
    dummy = tokenizer(
        ["hello world, this is a test", "a second, slightly longer sentence for the dummy batch"],
        padding=True,
        return_tensors="pt",
    )
    axes = {name: {0: "batch_size", 1: "sequence_length"} for name in [*INPUTS, OUTPUT]}
    with torch.no_grad(), warnings.catch_warnings():
        # The tracer warns about a Python-side shape test in transformers' mask code and about advanced indexing.
        # Neither matters for this graph, which is checked against PyTorch on other batch shapes below.
        warnings.simplefilter("ignore", torch.jit.TracerWarning)
        warnings.filterwarnings("ignore", message="Exporting aten::index operator")
        torch.onnx.export(
            _LastHiddenState(bert),
            tuple(dummy[n] for n in INPUTS),
            str(out),
            input_names=INPUTS,
            output_names=[OUTPUT],
            dynamic_axes=axes,
            opset_version=OPSET,
            do_constant_folding=True,
            dynamo=False,
        )
    probe = tokenizer(
        ["short", "a much longer sentence about a dragon, a castle and many other things", "a third"],
        padding=True,
        return_tensors="pt",
    )
    session = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    onnx_out = session.run(None, {n: probe[n].numpy() for n in INPUTS})[0]
    # A freshly loaded reference: the traced module no longer computes what it did before the export (its outputs
    # drift by ~1.0 afterwards), so comparing against it would blame a correct graph.
    reference = AutoModel.from_pretrained(hf_dir).eval()
    with torch.no_grad():
        torch_out = reference(**{n: probe[n] for n in INPUTS}).last_hidden_state.numpy()
    mask = probe["attention_mask"].numpy()[..., None].astype(bool)
    return float(np.abs((onnx_out - torch_out) * mask).max())


def quantize(fp32: Path, out: Path) -> None:
    """Dynamic int8, per-channel, reduced range: the settings that keep MiniLM at cosine ≥ 0.99 on CPUs without
    VNNI (full 8-bit range overflows there and fell to 0.947; see the base model's SOURCE.md)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    quantize_dynamic(str(fp32), str(out), weight_type=QuantType.QInt8, per_channel=True, reduce_range=True)


def write_tokenizer_files(base: str, hf_dir: Path, out: Path) -> None:
    """tokenizer.json, tokenizer_config.json, special_tokens_map.json as `_convert/fix_tok.py` writes them.

    Training never changes the tokenizer, so the base model's own files are the source when the base is a local
    folder (the files the base model is already served with); otherwise the tokenizer as transformers saved it.
    """
    base_dir = Path(base)
    src = base_dir if (base_dir / "tokenizer.json").is_file() else hf_dir
    tok = json.loads((src / "tokenizer.json").read_text(encoding="utf-8"))
    # The base's tokenizer.json bakes in truncation and fixed padding to 128: transformers.js would pad every
    # input to 128 tokens and cut at 128 regardless of model_max_length.
    tok["truncation"] = None
    tok["padding"] = None
    (out / "tokenizer.json").write_text(json.dumps(tok, ensure_ascii=False), encoding="utf-8")

    config = json.loads((src / "tokenizer_config.json").read_text(encoding="utf-8"))
    config["model_max_length"] = MODEL_MAX_LENGTH
    # paths of the machine that trained it: meaningless (and misleading) on another
    for key in ("name_or_path", "special_tokens_map_file", "is_local", "local_files_only"):
        config.pop(key, None)
    (out / "tokenizer_config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")

    if (src / "special_tokens_map.json").is_file():
        shutil.copy(src / "special_tokens_map.json", out / "special_tokens_map.json")
    else:  # transformers 5 no longer writes this file; the tokenizer still knows its special tokens
        special = AutoTokenizer.from_pretrained(hf_dir).special_tokens_map
        (out / "special_tokens_map.json").write_text(json.dumps(special, indent=2), encoding="utf-8")


def build_model_folder(model: SentenceTransformer, base: str, work: Path, out: Path) -> dict:
    """Writes `out/config.json`, the tokenizer files and `out/onnx/model_quantized.onnx`. `work` holds the
    intermediate fp32 files, which are not published (size). Returns facts for the model card."""
    hf_dir = work / "hf"
    save_transformer(model, hf_dir)
    fp32 = work / "model.onnx"
    log("export: fp32 ONNX")
    max_diff = export_onnx(hf_dir, fp32)
    log(f"export: fp32 ONNX vs PyTorch max abs difference {max_diff:.2e}")
    quantized = out / "onnx" / "model_quantized.onnx"
    log("export: int8")
    quantize(fp32, quantized)
    shutil.copy(hf_dir / "config.json", out / "config.json")
    write_tokenizer_files(base, hf_dir, out)
    return {
        "opset": OPSET,
        "inputs": INPUTS,
        "output": OUTPUT,
        "fp32_onnx_vs_pytorch_max_abs_diff": max_diff,
        "quantization": "onnxruntime quantize_dynamic(weight_type=QInt8, per_channel=True, reduce_range=True)",
        "model_max_length": MODEL_MAX_LENGTH,
        "int8_bytes": quantized.stat().st_size,
    }
