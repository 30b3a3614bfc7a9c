"""Progress lines on stderr, each with the time since start: training runs for minutes and is watched in a terminal
or a CI log, where a timestamp per line says where the time went."""

from __future__ import annotations

import sys
import time

_started = time.monotonic()


def log(message: str) -> None:
    elapsed = time.monotonic() - _started
    print(f"[encoder {int(elapsed // 60):3d}:{int(elapsed % 60):02d}] {message}", file=sys.stderr, flush=True)
