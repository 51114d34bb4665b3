"""The report's charts, drawn with matplotlib (the optional `bench` extra) from the chart data
each benchmark recorded in the report: `latency.svg` (latency against size) and `quality.svg`
(retrieval quality beside BM25, vector-only and published baselines), one panel per benchmark.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

FIGURES = {
    "latency": "latency against size",
    "quality": "retrieval quality beside its baselines",
}
MISSING = "charts skipped: matplotlib is not installed (`pip install -e '.[bench]'` installs it)"


def panels(report: dict[str, Any], figure: str) -> list[dict[str, Any]]:
    """The benchmarks' panels of one figure, in report order; panels with no points left out."""
    found = []
    for bench in report["benchmarks"]:
        panel = bench.get("charts", {}).get(figure)
        if panel and panel["points"]:
            found.append(panel)
    return found


def draw(report: dict[str, Any], folder: Path) -> tuple[list[Path], str]:
    """Write `<figure>.svg` for each figure with data; the files, and a one-line note when
    matplotlib is missing (nothing is drawn then)."""
    wanted = {figure: panels(report, figure) for figure in FIGURES}
    wanted = {figure: found for figure, found in wanted.items() if found}
    if not wanted:
        return [], ""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        return [], MISSING
    import matplotlib

    # Stable SVG text from one run to the next: fixed ids, no date, text left as text.
    matplotlib.rcParams["svg.hashsalt"] = "engram-benchmarks"
    matplotlib.rcParams["svg.fonttype"] = "none"
    written = []
    for figure, found in wanted.items():
        columns = 2 if len(found) in (2, 4) else min(3, len(found))
        rows = -(-len(found) // columns)
        canvas = Figure(figsize=(4.6 * columns, 3.6 * rows), layout="constrained")
        axes = canvas.subplots(rows, columns, squeeze=False).ravel()
        for ax, panel in zip(axes, found, strict=False):
            plot(ax, panel)
        for ax in axes[len(found) :]:
            ax.set_visible(False)
        canvas.suptitle(f"Engram: {FIGURES[figure]}" + quick_note(report), fontsize=11)
        path = folder / f"{figure}.svg"
        canvas.savefig(path, format="svg", metadata={"Date": None})
        written.append(path)
    return written, ""


def quick_note(report: dict[str, Any]) -> str:
    return "\n(a quick run: smaller sizes)" if report["machine"].get("quick") else ""


def plot(ax: Any, panel: dict[str, Any]) -> None:
    """Lines when x is a number (a size), grouped bars when x names a system or variant."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    series: dict[str, list[tuple[Any, float]]] = {}
    for p in panel["points"]:
        series.setdefault(p["series"], []).append((p["x"], p["y"]))
    numeric = all(isinstance(x, int | float) for pts in series.values() for x, _ in pts)
    if numeric:
        for name, pts in series.items():
            pts.sort()
            ax.plot([x for x, _ in pts], [y for _, y in pts], marker="o", label=name)
        if panel.get("log_x"):
            ax.set_xscale("log")
        else:
            ax.xaxis.set_major_locator(MaxNLocator(nbins=5, integer=True))
            ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))
        if panel.get("log_y"):
            ax.set_yscale("log")
        else:
            ax.set_ylim(bottom=0)  # from zero, so a change looks its size
        ax.grid(True, alpha=0.3)
    else:
        groups = list(dict.fromkeys(x for pts in series.values() for x, _ in pts))
        width = 0.8 / len(series)
        for n, (name, pts) in enumerate(series.items()):
            values = dict(pts)
            at = [i for i, g in enumerate(groups) if g in values]
            bars = ax.bar([i + (n - (len(series) - 1) / 2) * width for i in at],
                          [values[groups[i]] for i in at], width, label=name)  # fmt: skip
            ax.bar_label(bars, fmt="%.3g", fontsize=7)
        ax.set_xticks(range(len(groups)), [str(g) for g in groups], rotation=20, ha="right")
        ax.grid(True, axis="y", alpha=0.3)
        if all(0 <= p["y"] <= 1 for p in panel["points"]):
            ax.set_ylim(0, 1.08)  # shares and scores: the whole scale, so gaps look their size
    ax.set_title(panel["title"], fontsize=10)
    ax.set_xlabel(panel["x"])
    ax.set_ylabel(panel["y"])
    if len(series) > 1:
        ax.legend(fontsize=8)
