"""Shared helpers: where the data sets are, timing of whole processes, table printing."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WORK = REPO / "benchmarks" / ".work"


def data_dir() -> Path:
    """The shared data sets: $ENGRAM_DATA_DIR, else `../shared/data` beside the repository."""
    return Path(os.environ.get("ENGRAM_DATA_DIR") or REPO.parent / "shared" / "data")


def wall_ms(
    command: Sequence[str], runs: int, cwd: Path | None = None, stdin: str | None = None
) -> float:
    """Median wall time of a whole process, in milliseconds (one warm-up run first)."""
    subprocess.run(command, cwd=cwd, capture_output=True, check=True, input=stdin, text=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, capture_output=True, check=True, input=stdin, text=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def engram_command() -> list[str]:
    """The installed console script, as a user (or a hook) runs it."""
    script = Path(sys.executable).with_name("engram")
    return [str(script)] if script.exists() else [sys.executable, "-m", "engram"]


def reference_ms() -> float:
    """Milliseconds a fixed pure-Python loop takes (best of five): how fast this machine ran
    Python at the time, since shared machines vary by tens of per cent from minute to minute."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        sum(i * i for i in range(200_000))
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


TABLES: list[dict[str, object]] = []  # every table printed, for the JSON report


def quick() -> bool:
    """`python -m benchmarks --quick`: smaller sizes, for a run under two minutes."""
    return os.environ.get("ENGRAM_BENCH_QUICK") == "1"


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    TABLES.append(
        {"headers": [str(h) for h in headers], "rows": [[str(c) for c in r] for r in rows]}
    )
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
             for row in cells]  # fmt: skip
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)
