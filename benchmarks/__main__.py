"""Run the benchmarks and write one report.

    python -m benchmarks                  # everything (about 10 minutes on 2 cores)
    python -m benchmarks --quick          # smaller sizes, under two minutes
    python -m benchmarks latency scifact  # some of them (the others keep their last figures)

Each benchmark prints its table; the whole run is also written to
`benchmarks/results/report.md` and `benchmarks/results/report.json`, with the machine's facts
(CPU count, Python version) and the date.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results"


def benchmarks() -> dict[str, object]:
    from benchmarks import (
        absorb,
        classifier,
        crash,
        faults,
        graph,
        hooks,
        latency,
        locomo,
        longmemeval,
        mcp,
        safety,
        scifact,
        store,
    )  # fmt: skip

    return {
        "latency": latency.run, "hooks": hooks.run, "store": store.run, "graph": graph.run,
        "mcp": mcp.run, "scifact": scifact.run, "locomo": locomo.run,
        "longmemeval": longmemeval.run, "classifier": classifier.run, "absorb": absorb.run,
        "safety": safety.run,
        "crash": crash.run, "faults": faults.run,
    }  # fmt: skip


def progress(done: int, total: int, name: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {name:<12}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def main(argv: list[str]) -> None:
    from benchmarks import common

    quick = "--quick" in argv
    names = [a for a in argv if not a.startswith("--")]
    if quick:
        os.environ["ENGRAM_BENCH_QUICK"] = "1"
    available = benchmarks()
    unknown = [n for n in names if n not in available]
    if unknown:
        sys.exit(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(available)}")
    chosen = names or list(available)
    facts = {"date": datetime.now(UTC).isoformat(timespec="seconds"), "cpus": os.cpu_count(),
             "python": platform.python_version(), "platform": platform.platform(),
             "quick": quick}  # fmt: skip
    report: dict[str, Any] = {"machine": facts, "benchmarks": []}
    previous = RESULTS / "report.json"
    if names and not quick and previous.is_file():
        # Some benchmarks of a full report: the others keep their last figures.
        report = json.loads(previous.read_text(encoding="utf-8"))
        report["machine"].setdefault("updated", {})
    for n, name in enumerate(chosen):
        progress(n, len(chosen), name)
        common.TABLES.clear()
        start = time.perf_counter()
        text = available[name]()  # type: ignore[operator]
        seconds = time.perf_counter() - start
        print(f"\n## {name}\n\n{text}\n\n({seconds:.0f} s)", flush=True)
        entry = {"name": name, "seconds": round(seconds, 1), "tables": list(common.TABLES),
                 "text": text}  # fmt: skip
        others = [b for b in report["benchmarks"] if b["name"] != name]
        report["benchmarks"] = [*others, entry]
        if "updated" in report["machine"]:
            report["machine"]["updated"][name] = facts["date"]
    order = list(available)
    report["benchmarks"].sort(key=lambda b: order.index(b["name"]) if b["name"] in order else 99)
    progress(len(chosen), len(chosen), "done")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "report.md").write_text(markdown_of(report), encoding="utf-8")
    (RESULTS / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"\nwrote {RESULTS / 'report.md'} and {RESULTS / 'report.json'}")


def markdown_of(report: dict[str, Any]) -> str:
    """The report as Markdown: the machine, then each benchmark's tables and its run time."""
    facts = report["machine"]
    head = (
        f"# Engram benchmarks\n\n{facts['date']} · {facts['cpus']} CPUs · Python "
        f"{facts['python']} · {facts['platform']}" + (" · quick run" if facts["quick"] else "")
    )
    if facts.get("updated"):
        head += "\n\nrun again since: " + ", ".join(
            f"{name} ({date})" for name, date in facts["updated"].items()
        )
    parts = [head] + [f"## {b['name']}\n\n{b['text']}\n\n({b['seconds']:.0f} s)"
                      for b in report["benchmarks"]]  # fmt: skip
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    main(sys.argv[1:])
