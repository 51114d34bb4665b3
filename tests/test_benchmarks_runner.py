"""`python -m benchmarks`: arguments, where reports go, and the summary of targets.

Each test runs the real entry point in a subprocess, in a copy of the runner whose `classifier`
benchmark is a fake that returns at once — so nothing real is measured, and the committed
report is never touched.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import common

RUNNER = ["__init__.py", "__main__.py", "runner.py", "report.py", "charts.py", "common.py"]
FAKE = """
import os
from pathlib import Path

from benchmarks.common import Target, chart, point, table


def run() -> str:
    Path("ran").write_text("yes", encoding="utf-8")
    if os.environ.get("FAKE_CHART"):
        chart("latency", "fake", "size", "ms", log_x=True)
        for size, ms in ((10, 1.0), (100, 2.5)):
            point("latency", "fake p50", size, ms)
    return table(["check", "value", "target"], [
        ["fast enough", "1.5 ms", Target(1.5, "<=", 2, shown="≤ 2 ms", name="fast check")],
        ["big enough", "3", Target(3, ">=", 5)],
        ["exact", "0", Target(0, "==", 0, shown="0", measured="none")],
        ["no target here", "7", ""],
    ])
"""
OLD_LATENCY = {
    "name": "latency", "seconds": 3.0, "text": "old latency table", "charts": {},
    "tables": [{"headers": ["files", "target"], "rows": [["100", "≤ 3× ✘"]],
                "targets": [{"name": "load at 100 files", "column": "target", "value": 9.0,
                             "op": "<=", "threshold": 3, "target": "≤ 3×",
                             "measured": "9.00×"}]}],
}  # fmt: skip
OLD_HOOKS = {"name": "hooks", "seconds": 1.0, "text": "saved before targets",
             "tables": [{"headers": ["turn"], "rows": [["1"]]}]}  # fmt: skip


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    """A copy of the runner with a fake `classifier`, and a committed report to keep."""
    source = Path(common.__file__).parent
    package = tmp_path / "benchmarks"
    package.mkdir()
    for name in RUNNER:
        shutil.copy(source / name, package / name)
    (package / "classifier.py").write_text(FAKE, encoding="utf-8")
    results = package / "results"
    results.mkdir()
    old = {"machine": {"date": "2026-01-01T00:00:00+00:00", "cpus": 2, "python": "3.11",
                       "platform": "test", "quick": False},
           "benchmarks": [OLD_LATENCY, OLD_HOOKS]}  # fmt: skip
    (results / "report.json").write_text(json.dumps(old), encoding="utf-8")
    (results / "report.md").write_text("committed\n", encoding="utf-8")
    return tmp_path


def run(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ENGRAM_BENCH")}
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *args],
        cwd=folder, capture_output=True, text=True, env={**clean, **env}, timeout=60,
    )  # fmt: skip


def run_folders(folder: Path) -> list[Path]:
    runs = folder / "benchmarks" / "runs"
    return sorted(runs.iterdir()) if runs.is_dir() else []


def summary_rows(markdown: str) -> dict[str, list[str]]:
    """The summary table's rows by their `what` cell."""
    block = markdown.split("## Summary", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip("|").split(" | ") for line in block.splitlines() if line.startswith("| ")]
    return {cells[1].strip(): [c.strip() for c in cells] for cells in rows[1:]}


def test_help_prints_usage_and_runs_nothing(bench: Path) -> None:
    done = run(bench, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m benchmarks")
    assert "--quick" in done.stdout and "--save" in done.stdout
    assert "classifier" in done.stdout and "longmemeval" in done.stdout
    assert not (bench / "ran").exists()
    assert run_folders(bench) == []


def test_bad_arguments_exit_2_with_usage(bench: Path) -> None:
    unknown = run(bench, "classifer")
    assert unknown.returncode == 2
    assert "usage: python -m benchmarks" in unknown.stderr
    assert "unknown benchmark classifer" in unknown.stderr
    quick_save = run(bench, "--quick", "--save", "classifier")
    assert quick_save.returncode == 2
    assert "--save" in quick_save.stderr
    assert not (bench / "ran").exists()


def test_a_terminal_shows_a_bar_of_the_benchmarks_unless_quiet(bench: Path) -> None:
    from tests.terminal import on_terminal

    command = [sys.executable, "-m", "benchmarks", "classifier"]
    code, out, err = on_terminal(command, cwd=bench)
    assert code == 0, err
    assert re.search(r"\rclassifier: +0%\| +\| 0/1 ", err), err
    assert "## classifier" in out and "classifier:" not in out
    code, out, err = on_terminal([*command, "--quiet"], cwd=bench)
    assert code == 0 and err == ""
    assert "## classifier" in out


def test_a_run_writes_a_run_folder_with_the_summary(bench: Path) -> None:
    committed = (bench / "benchmarks" / "results" / "report.json").read_bytes()
    done = run(bench, "classifier")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar when stderr is not a terminal
    [folder] = run_folders(bench)
    markdown = (folder / "report.md").read_text(encoding="utf-8")
    assert markdown.index("## Summary") < markdown.index("## classifier")
    assert "**2 of 3 targets met; missed in classifier.**" in markdown
    rows = summary_rows(markdown)
    assert rows["fast check"] == ["classifier", "fast check", "1.5", "≤ 2 ms", "✔"]
    assert rows["big enough"] == ["classifier", "big enough", "3", "≥ 5", "✘"]
    assert rows["exact"] == ["classifier", "exact", "none", "0", "✔"]
    assert "no target here" not in rows
    assert "| ≥ 5 ✘    |" in markdown  # the table shows the verdict too
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert [b["name"] for b in report["benchmarks"]] == ["classifier"]
    assert "2 of 3 targets met" in done.stdout and "took " in done.stdout
    assert (bench / "benchmarks" / "results" / "report.json").read_bytes() == committed
    assert (bench / "benchmarks" / "results" / "report.md").read_text() == "committed\n"


def test_save_replaces_only_the_sections_run(bench: Path) -> None:
    done = run(bench, "--save", "classifier")
    assert done.returncode == 0, done.stderr
    assert run_folders(bench) == []
    results = bench / "benchmarks" / "results"
    report = json.loads((results / "report.json").read_text(encoding="utf-8"))
    names = [b["name"] for b in report["benchmarks"]]
    assert names == ["latency", "hooks", "classifier"]  # report order
    assert report["benchmarks"][0] == OLD_LATENCY
    assert report["machine"]["date"] == "2026-01-01T00:00:00+00:00"
    assert list(report["machine"]["updated"]) == ["classifier"]
    markdown = (results / "report.md").read_text(encoding="utf-8")
    assert "**2 of 4 targets met; missed in latency, classifier.**" in markdown
    assert summary_rows(markdown)["load at 100 files"][-1] == "✘"
    assert "run them again with `--save`): hooks." in markdown


def test_charts_are_skipped_with_a_note_without_matplotlib(bench: Path) -> None:
    blocker = bench / "no-matplotlib" / "matplotlib"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text("raise ImportError('blocked for the test')\n")
    done = run(bench, "classifier", FAKE_CHART="1", PYTHONPATH=str(blocker.parent))
    assert done.returncode == 0, done.stderr
    assert "charts skipped: matplotlib is not installed" in done.stdout
    [folder] = run_folders(bench)
    assert not list(folder.glob("*.svg"))
    assert "charts skipped" in (folder / "report.md").read_text(encoding="utf-8")


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="the bench extra")
def test_charts_are_drawn_and_linked(bench: Path) -> None:
    done = run(bench, "classifier", FAKE_CHART="1")
    assert done.returncode == 0, done.stderr
    [folder] = run_folders(bench)
    assert (folder / "latency.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    markdown = (folder / "report.md").read_text(encoding="utf-8")
    assert "![latency against size](latency.svg)" in markdown
    assert not (folder / "quality.svg").exists()  # no quality figures were recorded


def test_a_target_cell_records_its_comparison() -> None:
    common.TABLES.clear()
    text = common.table(
        ["what", "target"],
        [["p50", common.Target(2.0, "<=", 2, shown="≤ 2 ms")],
         ["recall", common.Target(0.5, ">=", 0.6)]],
    )  # fmt: skip
    assert "≤ 2 ms ✔" in text and "≥ 0.6 ✘" in text
    recorded = common.TABLES[-1]["targets"]
    assert recorded == [
        {"name": "p50", "column": "target", "value": 2.0, "op": "<=", "threshold": 2,
         "target": "≤ 2 ms", "measured": "2"},
        {"name": "recall", "column": "target", "value": 0.5, "op": ">=", "threshold": 0.6,
         "target": "≥ 0.6", "measured": "0.5"},
    ]  # fmt: skip
    common.TABLES.clear()
    with pytest.raises(ValueError, match="operator"):
        common.Target(1, "<", 2)


def test_onnx_rows_are_skipped_with_a_note_without_onnxruntime(bench: Path) -> None:
    blocker = bench / "no-onnxruntime" / "onnxruntime"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text("raise ImportError('blocked for the test')\n")
    check = "from benchmarks.common import onnx_missing; print(onnx_missing())"
    done = subprocess.run(
        [sys.executable, "-c", check], cwd=bench, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(blocker.parent)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "onnx rows skipped: onnxruntime is not installed (`pip install -e '.[onnx]'` installs it)"
    )


@pytest.mark.skipif(importlib.util.find_spec("onnxruntime") is None, reason="the onnx extra")
def test_onnx_rows_run_when_onnxruntime_imports() -> None:
    assert common.onnx_missing() == ""
    assert common.store_config("onnx")["embed.provider"] == "onnx"
