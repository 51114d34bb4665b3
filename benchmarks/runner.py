"""The benchmark runner behind `python -m benchmarks`: which benchmarks to run, in what order,
with what sizes, and where their report goes."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks import report as reports
from engram.cli.progress import Bar

HERE = Path(__file__).parent
RESULTS = HERE / "results"  # the committed report, written only with --save
RUNS = HERE / "runs"  # one git-ignored folder per run

# Report order; each is the module `benchmarks.<name>` with a `run() -> str`.
SECTIONS = {
    "latency": "`engram load` process time at 100 / 1,000 / 10,000 memory files",
    "hooks": "a Claude `UserPromptSubmit` hook process at 1,000 files",
    "store": "fact search p50/p99 at 1k / 10k / 100k facts, a cold search process",
    "graph": "entity-graph queries of 1–4 hops over 5,420 entities",
    "mcp": "`engram mcp`: time to the initialize answer, memory_search over stdio",
    "ui": "`engram ui` in headless chromium: first page at 10k facts / 1k files, API latency",
    "scifact": "SciFact nDCG@10: routing, the fact store (offline and onnx), BM25",
    "locomo": "LoCoMo evidence recall@5/@10: BM25, vectors, hybrid (offline and onnx)",
    "longmemeval": "LongMemEval_S session and turn recall, by type (offline and onnx)",
    "classifier": "the absorb classifier on held-out labelled pairs",
    "absorb": "facts wrongly hidden by absorb, absorb rate as a key grows to 100k",
    "safety": "secret and prompt-injection scanners: recall and false positives",
    "instructions": "`engram import` of 257 Cursor rule files; routing; export round trip",
    "crash": "concurrent writers, and kill -9 in the middle of a batch",
    "postgres": "the PostgreSQL backend: search at 100k facts, 8 writers, LoCoMo vs SQLite",
    "faults": "the reliability fault list through the real CLI",
}

USAGE_EXAMPLES = """\
examples:
  python -m benchmarks --quick            smaller sizes, about two minutes
  python -m benchmarks latency scifact    only these (full sizes)
  python -m benchmarks --save graph       run graph and update its part of the committed report

A run writes report.md, report.json and the charts to benchmarks/runs/<UTC time>/; --save
writes them to benchmarks/results/ instead (a full run replaces that report, some benchmarks
replace only their sections). The data sets are read from $ENGRAM_DATA_DIR, else ../shared/data
beside the repository.
"""


def parser() -> argparse.ArgumentParser:
    sections = "\n".join(f"  {name:<12} {what}" for name, what in SECTIONS.items())
    return argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Run Engram's benchmarks, print each table and write one report that opens "
        "with every target met (✔) or missed (✘).",
        epilog=f"benchmarks, in report order:\n{sections}\n\n{USAGE_EXAMPLES}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def parse(argv: list[str]) -> argparse.Namespace:
    cli = parser()
    cli.add_argument("names", nargs="*", metavar="NAME", help="benchmarks to run (default: all)")
    cli.add_argument(
        "--quick", action="store_true", help="smaller sizes: the whole run in about two minutes"
    )
    cli.add_argument(
        "--save",
        action="store_true",
        help="update the committed report in benchmarks/results/ instead of writing a run folder "
        "(not with --quick: the committed report holds full-size figures)",
    )
    cli.add_argument(
        "-q", "--quiet", action="store_true", help="no progress bar (drawn only on a terminal)"
    )
    args = cli.parse_args(argv)
    unknown = [n for n in args.names if n not in SECTIONS]
    if unknown:
        cli.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    if args.save and args.quick:
        cli.error("--save records full-size figures; run without --quick to save")
    return args


def duration(seconds: float) -> str:
    """`1 min 43 s`, `12 s`."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s" if minutes else f"{rest} s"


def section(name: str) -> Callable[[], str]:
    """The benchmark's `run`, imported only when it runs (so `--help` imports none)."""
    run: Callable[[], str] = importlib.import_module(f"benchmarks.{name}").run
    return run


def run_one(name: str) -> dict[str, Any]:
    """Run one benchmark; its report entry: text, tables (with targets), chart data, time."""
    from benchmarks import common

    common.TABLES.clear()
    common.CHARTS.clear()
    start = time.perf_counter()
    text = section(name)()
    seconds = time.perf_counter() - start
    return {"name": name, "seconds": round(seconds, 1), "tables": list(common.TABLES),
            "charts": dict(common.CHARTS), "text": text}  # fmt: skip


def run_folder(now: datetime) -> Path:
    """A new folder under benchmarks/runs named for the UTC time (a suffix if taken)."""
    stamp = now.strftime("%Y-%m-%dT%H-%M-%SZ")
    RUNS.mkdir(parents=True, exist_ok=True)
    for n in range(1, 100):
        folder = RUNS / (stamp if n == 1 else f"{stamp}-{n}")
        try:
            folder.mkdir()
            return folder
        except FileExistsError:
            continue
    raise RuntimeError(f"no free run folder for {stamp} in {RUNS}")


def main(argv: list[str]) -> int:
    args = parse(argv)
    if args.quick:
        os.environ["ENGRAM_BENCH_QUICK"] = "1"
    chosen = list(dict.fromkeys(args.names)) or list(SECTIONS)
    now = datetime.now(UTC)
    facts = {"date": now.isoformat(timespec="seconds"), "cpus": os.cpu_count(),
             "python": platform.python_version(), "platform": platform.platform(),
             "quick": args.quick}  # fmt: skip
    began = time.perf_counter()
    entries = []
    with Bar("benchmarks", quiet=args.quiet, unit="benchmark") as bar:
        for n, name in enumerate(chosen):
            bar.describe(name)  # the benchmark now running
            bar(n, len(chosen))
            entry = run_one(name)
            bar.write(f"\n## {name}\n\n{entry['text']}\n\n({entry['seconds']:.0f} s)")
            entries.append(entry)
            bar(n + 1, len(chosen))
    facts["seconds"] = round(time.perf_counter() - began, 1)

    previous = RESULTS / "report.json"
    if args.save and args.names and previous.is_file():
        # Some benchmarks of the committed report: the others keep their last figures.
        old = json.loads(previous.read_text(encoding="utf-8"))
        report = reports.merge(old, entries, facts, order=list(SECTIONS))
    else:
        report = reports.new(entries, facts, order=list(SECTIONS))
    folder = RESULTS if args.save else run_folder(now)
    written, note = reports.write(report, folder)
    print(f"\n{reports.verdict_line(report)}")
    if note:
        print(note)
    took = duration(time.perf_counter() - began)
    print(f"took {took}; wrote {', '.join(str(p) for p in written)}")
    return 0
