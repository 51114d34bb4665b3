"""The benchmark report: one JSON document (the machine, then each benchmark's text, tables,
targets and chart data), rendered as Markdown that opens with every target met or missed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks import charts
from benchmarks.common import met

Report = dict[str, Any]


def new(entries: list[dict[str, Any]], facts: dict[str, Any], order: list[str]) -> Report:
    """A report of these benchmarks only."""
    return {"machine": facts, "benchmarks": ordered(entries, order)}


def merge(
    old: Report, entries: list[dict[str, Any]], facts: dict[str, Any], order: list[str]
) -> Report:
    """The committed report with these benchmarks run again: the others keep their figures,
    and the machine line says which were run again, and when."""
    machine = dict(old["machine"])
    updated = dict(machine.get("updated", {}))
    for entry in entries:
        updated[entry["name"]] = facts["date"]
    machine["updated"] = updated
    names = {e["name"] for e in entries}
    kept = [b for b in old["benchmarks"] if b["name"] not in names]
    return {"machine": machine, "benchmarks": ordered([*kept, *entries], order)}


def ordered(entries: list[dict[str, Any]], order: list[str]) -> list[dict[str, Any]]:
    return sorted(entries, key=lambda b: order.index(b["name"]) if b["name"] in order else 99)


def targets(report: Report) -> list[dict[str, Any]]:
    """Every target of every table, each with `met` computed from its comparison."""
    out = []
    for bench in report["benchmarks"]:
        for table in bench.get("tables", []):
            for target in table.get("targets", []):
                verdict = met(target["value"], target["op"], target["threshold"])
                out.append({**target, "benchmark": bench["name"], "met": verdict})
    return out


def unsummarised(report: Report) -> list[str]:
    """Benchmarks saved before tables recorded their targets: their verdicts are unknown."""
    return [b["name"] for b in report["benchmarks"]
            if any("targets" not in t for t in b.get("tables", []))]  # fmt: skip


def verdict_line(report: Report) -> str:
    found = targets(report)
    if not found:
        return "no targets in these benchmarks"
    missed = [t for t in found if not t["met"]]
    line = f"{len(found) - len(missed)} of {len(found)} targets met"
    if missed:
        names = sorted({t["benchmark"] for t in missed}, key=[t["benchmark"] for t in found].index)
        line += f"; missed in {', '.join(names)}"
    return line


def summary(report: Report) -> str:
    """The Markdown summary: a count, then one row per target, ✔ or ✘."""
    found = targets(report)
    lines = ["## Summary", "", f"**{verdict_line(report)}.**"]
    if found:
        lines += ["", "| benchmark | what | measured | target | |", "|---|---|---|---|---|"]
        lines += [
            f"| {t['benchmark']} | {cell(t['name'])} | {cell(t['measured'])} | "
            f"{cell(t['target'])} | {'✔' if t['met'] else '✘'} |"
            for t in found
        ]
    old = unsummarised(report)
    if old:
        lines += ["", f"Not in the summary (saved before targets were recorded; run them again "
                      f"with `--save`): {', '.join(old)}."]  # fmt: skip
    return "\n".join(lines)


def cell(text: object) -> str:
    return str(text).replace("|", "\\|")


def markdown(report: Report, drawn: list[Path], note: str = "") -> str:
    """The report as Markdown: the machine, the summary, the charts, each benchmark's tables."""
    facts = report["machine"]
    head = (
        f"# Engram benchmarks\n\n{facts['date']} · {facts['cpus']} CPUs · Python "
        f"{facts['python']} · {facts['platform']}" + (" · quick run" if facts["quick"] else "")
    )
    if "seconds" in facts and not facts.get("updated"):
        head += f" · {facts['seconds']:.0f} s"
    if facts.get("updated"):
        head += "\n\nrun again since: " + ", ".join(
            f"{name} ({date})" for name, date in facts["updated"].items()
        )
    parts = [head, summary(report)]
    if drawn:
        images = [f"![{charts.FIGURES.get(p.stem, p.stem)}]({p.name})" for p in drawn]
        parts.append("## Charts\n\n" + "\n\n".join(images))
    elif note:
        parts.append(f"## Charts\n\n{note}")
    parts += [f"## {b['name']}\n\n{b['text']}\n\n({b['seconds']:.0f} s)"
              for b in report["benchmarks"]]  # fmt: skip
    return "\n\n".join(parts) + "\n"


def write(report: Report, folder: Path) -> tuple[list[Path], str]:
    """Write report.json, the charts and report.md into folder; the files written and a note
    when charts could not be drawn."""
    folder.mkdir(parents=True, exist_ok=True)
    drawn, note = charts.draw(report, folder)
    (folder / "report.json").write_text(
        json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (folder / "report.md").write_text(markdown(report, drawn, note), encoding="utf-8")
    return [folder / "report.md", folder / "report.json", *drawn], note
