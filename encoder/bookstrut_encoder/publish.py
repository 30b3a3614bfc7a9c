"""Version folders under `<out>/`: written elsewhere, then renamed into place in one step.

The app picks the newest passing version by name, so a version must never be seen half-written: everything is
written into a hidden `.tmp-*` folder on the same filesystem, and `os.rename` makes it appear complete. A model
that fails its check is renamed to a hidden `.failed-<version>` folder instead (kept for inspection; never a
version the app could pick).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path


def staging_dir(out_root: Path) -> Path:
    out_root.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=".tmp-", dir=out_root))


def version_id(model_file: Path, now: datetime | None = None) -> str:
    """`2026-11-23T0612Z-1a2b3c4d`: sorts by time; the suffix (sha256 of the int8 file) tells models apart."""
    now = now or datetime.now(timezone.utc)
    digest = hashlib.sha256(model_file.read_bytes()).hexdigest()[:8]
    return f"{now.strftime('%Y-%m-%dT%H%MZ')}-{digest}"


def publish(staging: Path, out_root: Path, version: str, passed: bool) -> Path:
    target = out_root / (version if passed else f".failed-{version}")
    if target.exists():
        raise FileExistsError(f"{target} already exists")
    staging.chmod(0o755)  # mkdtemp makes it private; the app may run as another user
    os.rename(staging, target)
    return target


def discard(staging: Path) -> None:
    shutil.rmtree(staging, ignore_errors=True)
