"""Shared helpers: where the data sets are, timing of whole processes, table printing."""

from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engram.config import Config

REPO = Path(__file__).resolve().parent.parent
WORK = REPO / "benchmarks" / ".work"


def data_dir() -> Path:
    """The shared data sets: $ENGRAM_DATA_DIR, else `../shared/data` beside the repository."""
    return Path(os.environ.get("ENGRAM_DATA_DIR") or REPO.parent / "shared" / "data")


@dataclass(frozen=True)
class Process:
    """One whole process to time: its command line, folder and standard input."""

    command: Sequence[str]
    cwd: Path | None = None
    stdin: str | None = None

    def run(self) -> None:
        subprocess.run(
            self.command, cwd=self.cwd, capture_output=True, check=True, input=self.stdin, text=True
        )


def wall_ms(processes: Sequence[Process], rounds: int) -> list[float]:
    """The median wall time of each process, in milliseconds, after one warm-up run of each.

    The processes take turns, one run of each a round, so that a ratio between two of them
    (a command to bare `python -c pass`) compares runs made in the same seconds: a shared
    machine's speed drifts by half over a minute, and two medians taken a minute apart would
    measure the drift as much as the command."""
    for process in processes:
        process.run()
    times: list[list[float]] = [[] for _ in processes]
    for _ in range(rounds):
        for process, taken in zip(processes, times, strict=True):
            start = time.perf_counter()
            process.run()
            taken.append((time.perf_counter() - start) * 1000)
    return [statistics.median(taken) for taken in times]


def engram_command() -> list[str]:
    """The installed console script, as a user (or a hook) runs it."""
    script = Path(sys.executable).with_name("engram")
    return [str(script)] if script.exists() else [sys.executable, "-m", "engram"]


def startup_note() -> str:
    """A warning when a bare start of this interpreter imports modules from outside the
    standard library (a site-packages .pth file can, at every start): `python -c pass` is then
    slower than on a user's machine and every ratio to it looks better than it is. Empty when
    the start is clean, as in a virtual environment."""
    code = "import sys; print(' '.join(sorted(sys.modules)))"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    ours = ("__main__", "_distutils_hack")  # the script itself; setuptools' shim of distutils
    extra = sorted(
        m for m in found.stdout.split() if m.split(".")[0] not in sys.stdlib_module_names
        and m not in ours
    )  # fmt: skip
    if not extra:
        return ""
    return (
        f"note: a bare start of this interpreter imports {', '.join(extra)} (a .pth file in its "
        "site-packages), so the ratios to `python -c pass` are flattered: run the benchmarks "
        "from a virtual environment for figures that hold elsewhere"
    )


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
CHARTS: dict[str, dict[str, object]] = {}  # the current benchmark's chart, for the JSON report

OPERATORS = {"<=": "≤", ">=": "≥", "==": "="}


@dataclass(frozen=True)
class Target:
    """A table cell that states a target: what was measured, how it must compare, and with
    what. It prints as the target with ✔ or ✘; the report's summary reads the comparison
    from the JSON, so a verdict is never written by hand.

    `shown` is the target as printed (default: the operator and the threshold), `measured`
    the value as the summary prints it (default: the value), `name` what the summary calls
    the row (default: the row's first cell).
    """

    value: float
    op: str
    threshold: float
    shown: str = ""
    measured: str = ""
    name: str = ""

    def __post_init__(self) -> None:
        if self.op not in OPERATORS:
            raise ValueError(f"target operator must be one of {', '.join(OPERATORS)}")

    @property
    def met(self) -> bool:
        return met(self.value, self.op, self.threshold)

    def __str__(self) -> str:
        shown = self.shown or f"{OPERATORS[self.op]} {self.threshold:g}"
        return f"{shown} {'✔' if self.met else '✘'}"


def met(value: float, op: str, threshold: float) -> bool:
    """Whether `value op threshold` holds (op: <=, >= or ==)."""
    if op == "<=":
        return value <= threshold
    if op == ">=":
        return value >= threshold
    return value == threshold


ONNX_MISSING = "onnx rows skipped: {} is not installed (`pip install -e '.[onnx]'` installs it)"


def onnx_missing() -> str:
    """Empty when the local sentence model (`[embed] provider = "onnx"`) can run, else the
    one-line note a benchmark prints in place of its onnx rows."""
    for module in ("onnxruntime", "tokenizers"):
        try:
            importlib.import_module(module)
        except ImportError:
            return ONNX_MISSING.format(module)
    return ""


def store_config(provider: str = "offline") -> Config:
    """A fact store's configuration with this embedder (`offline` or `onnx`) and every other
    setting at its default."""
    from engram.config import load_config

    return load_config(None, env={"ENGRAM_EMBED_PROVIDER": provider})


def quick() -> bool:
    """`python -m benchmarks --quick`: smaller sizes, for a run under two minutes."""
    return os.environ.get("ENGRAM_BENCH_QUICK") == "1"


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """The rows as a Markdown table; also recorded, with every target's comparison, for the
    JSON report."""
    targets = []
    for row in rows:
        for column, cell in enumerate(row):
            if isinstance(cell, Target):
                name = cell.name or " ".join(str(row[0]).split()) or str(headers[0])
                measured = cell.measured or f"{cell.value:g}"
                shown = str(cell).rsplit(" ", 1)[0]
                targets.append({"name": name, "column": str(headers[column]), "value": cell.value,
                                "op": cell.op, "threshold": cell.threshold, "target": shown,
                                "measured": measured})  # fmt: skip
    TABLES.append({"headers": [str(h) for h in headers],
                   "rows": [[str(c) for c in r] for r in rows], "targets": targets})  # fmt: skip
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
             for row in cells]  # fmt: skip
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def chart(
    figure: str, title: str, x_label: str, y_label: str, log_x: bool = False, log_y: bool = False
) -> None:
    """Declare the current benchmark's panel in the report's `figure` chart ("latency" or
    "quality"); its figures are added with `point`."""
    CHARTS[figure] = {"title": title, "x": x_label, "y": y_label, "log_x": log_x,
                      "log_y": log_y, "points": []}  # fmt: skip


def point(figure: str, series: str, x: float | str, y: float) -> None:
    """One figure for a chart: a point of a line (numeric x) or a bar of a group (text x)."""
    points = CHARTS[figure]["points"]
    assert isinstance(points, list)
    points.append({"series": series, "x": x, "y": y})
