"""The cross-encoder's files for transformers.js: fp32 ONNX (output `logits`), int8 as export.py quantizes the
bi-encoder, config and tokenizer files, and the check that int8 agrees with fp32 on fixed (idea, book) pairs."""

from __future__ import annotations

import json
import shutil
import warnings
from pathlib import Path

from .export import INPUTS, OPSET, quantize, write_tokenizer_files

# (idea, book text, the pair it must out-score): the int8 file must keep the fp32 model's order on each, and its
# logits must stay close. Also the fixtures of the TypeScript scorer test.
CHECK_PAIRS = [
    ("a creature made from dead body parts",
     "Frankenstein. Victor Frankenstein, a young scientist, builds a creature from parts of corpses and brings it to life.",
     "The Hungry Caterpillar. A very hungry caterpillar eats through a week of food and becomes a butterfly."),
    ("a boy wizard goes to a school of magic",
     "Harry Potter and the Philosopher's Stone. An orphan boy learns he is a wizard and goes to Hogwarts School of Witchcraft and Wizardry.",
     "Pride and Prejudice. Elizabeth Bennet and Mr Darcy misjudge each other in Regency England."),
    ("a whale hunt led by an obsessed captain",
     "Moby-Dick. Captain Ahab leads the whaler Pequod on a hunt for the white whale that took his leg.",
     "The Martian. An astronaut stranded on Mars grows potatoes to survive."),
    ("a girl falls down a rabbit hole into a strange world",
     "Alice's Adventures in Wonderland. Alice follows a white rabbit down a hole into a land of talking animals and a mad tea party.",
     "Dune. A noble family takes over the desert planet Arrakis, source of the spice."),
    # longer than 128 tokens: the book's text is cut, [SEP] kept (the TypeScript scorer must cut it the same way)
    ("a lighthouse keeper on a remote island",
     "The Light Between Oceans. " + "A lighthouse keeper and his wife live alone on a remote island off Australia. " * 12,
     "Charlotte's Web. A pig named Wilbur is saved by a clever spider who writes words in her web."),
]
MAX_DIFF = 0.25  # largest |int8 − fp32| logit allowed on the check pairs (the 2026-11-27 model: 0.054)
# A (right, wrong) pair whose fp32 logits are this close is a tie the quantizer may break either way (a barely trained
# model has only such pairs): its order is not checked.
ORDER_MARGIN = 0.1


def _export_fp32(model_dir: Path, out: Path) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(model_dir)
    model = AutoModelForSequenceClassification.from_pretrained(model_dir, attn_implementation="eager").eval()

    class Logits(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.inner(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).logits

    dummy = tokenizer(["an idea", "a second idea"], ["a book text", "another, longer book text for the batch"],
                      padding=True, return_tensors="pt")
    axes = {n: {0: "batch_size", 1: "sequence_length"} for n in INPUTS}
    axes["logits"] = {0: "batch_size"}
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore", torch.jit.TracerWarning)
        warnings.filterwarnings("ignore", message="Exporting aten::index operator")
        torch.onnx.export(Logits(model), tuple(dummy[n] for n in INPUTS), str(out), input_names=INPUTS,
                          output_names=["logits"], dynamic_axes=axes, opset_version=OPSET, do_constant_folding=True,
                          dynamo=False)


def _logits(onnx_file: Path, model_dir: Path, pairs: list[tuple[str, str]]) -> list[float]:
    import numpy as np
    import onnxruntime as ort
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(model_dir)
    enc = tokenizer([q for q, _ in pairs], [t for _, t in pairs], padding=True, truncation="only_second",
                    max_length=128, return_tensors="np")
    session = ort.InferenceSession(str(onnx_file), providers=["CPUExecutionProvider"])
    return session.run(None, {n: enc[n].astype(np.int64) for n in INPUTS})[0].reshape(-1).tolist()


def check(fp32: Path, int8: Path, model_dir: Path) -> dict:
    """int8 vs fp32 logits on CHECK_PAIRS: the largest difference, and whether int8 orders every (right, wrong) pair
    as fp32 does. How many pairs fp32 itself gets right is reported, not gated: that is the model's quality, which
    the dev split measures, not the quantizer's."""
    pairs = [(q, t) for q, right, wrong in CHECK_PAIRS for t in (right, wrong)]
    a, b = _logits(fp32, model_dir, pairs), _logits(int8, model_dir, pairs)
    diff = max(abs(x - y) for x, y in zip(a, b))
    n = len(CHECK_PAIRS)
    ordered = all((a[2 * i] > a[2 * i + 1]) == (b[2 * i] > b[2 * i + 1])
                  for i in range(n) if abs(a[2 * i] - a[2 * i + 1]) >= ORDER_MARGIN)
    right_first = sum(a[2 * i] > a[2 * i + 1] for i in range(n))
    return {"fp32": a, "int8": b, "max_abs_diff": diff, "order_kept": ordered, "fp32_right_first": right_first,
            "passed": diff <= MAX_DIFF and ordered}


def export(args) -> None:
    out: Path = args.out
    work = out / "_work"
    (out / "onnx").mkdir(parents=True, exist_ok=True)
    work.mkdir(exist_ok=True)
    fp32 = work / "model.onnx"
    _export_fp32(args.model, fp32)
    quantize(fp32, out / "onnx" / "model_quantized.onnx")
    shutil.copy(args.model / "config.json", out / "config.json")
    write_tokenizer_files(str(args.model), args.model, out)
    result = check(fp32, out / "onnx" / "model_quantized.onnx", args.model)
    (out / "check.json").write_text(json.dumps({"pairs": CHECK_PAIRS, **result}, indent=2))
    shutil.rmtree(work)
    print(f"cross-encoder export: int8 vs fp32 max |Δlogit| {result['max_abs_diff']:.3f}, order of the check pairs "
          f"kept {result['order_kept']} → {'passed' if result['passed'] else 'FAILED'} (fp32 puts the right book "
          f"first on {result['fp32_right_first']} of {len(CHECK_PAIRS)}); {out}")
    if not result["passed"]:
        raise SystemExit(3)
