"""`engram load` process wall time on generated workspaces of 100, 1,000 and 10,000 files.

Each workspace is generated from the real Cursor rule files in the shared data (their text is
split into sections and recombined, so vocabulary and lengths are realistic); without the data
a synthetic vocabulary is used. The index is built from nothing three times (reported as the
cold build, the median in wall time and in CPU time a file: the CPU time grows less than the
wall time when other processes share the machine), then `engram load "<task>"` is timed as
a whole process — what a hook pays on every prompt — beside bare `python -c pass`, the two
taking turns so that both are measured in the same seconds. Targets: ≤3× bare at 1,000 files, ≤6× at
10,000; a cold build of at most 1 ms of CPU a file from 1,000 files up.
"""

from __future__ import annotations

import random
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import (
    WORK,
    Process,
    Target,
    chart,
    data_dir,
    engram_command,
    point,
    quick,
    startup_note,
    table,
    wall_ms,
)

QUERIES = [
    "add a react component with typescript props",
    "write pytest tests for the fastapi endpoint",
    "deploy the docker image",
    "fix flaky cypress e2e test",
]
SIZES = (100, 1000, 10000)
TYPES = ("rules", "skills", "knowledge")


def _sections() -> list[str]:
    folder = data_dir() / "cursorrules" / "rules"
    chunks: list[str] = []
    for path in sorted(folder.glob("*.mdc")):
        text = path.read_text(encoding="utf-8", errors="replace")
        text = re.sub(r"^---\n.*?\n---\n", "", text, flags=re.S)
        chunks.extend(c.strip() for c in re.split(r"\n(?=#+ )", text) if len(c.strip()) > 80)
    if chunks:
        return chunks
    rng = random.Random(7)
    words = [f"term{n}" for n in range(5000)]
    return [" ".join(rng.choice(words) for _ in range(120)) for _ in range(2000)]


def generate(folder: Path, count: int, seed: int = 1) -> None:
    """Write `count` memory files under folder/.agents/.engram."""
    rng = random.Random(seed)
    sections = _sections()
    root = folder / ".agents" / ".engram"
    for kind in TYPES:
        (root / kind).mkdir(parents=True, exist_ok=True)
    for n in range(count):
        body = "\n\n".join(rng.sample(sections, 2))
        words = re.findall(r"[a-z]{4,}", body.lower())
        tags = sorted(set(rng.sample(words, min(3, len(words))))) if words else []
        kind = TYPES[n % 3]
        directive = re.sub(r"\s+", " ", body.split("\n")[0].lstrip("# "))[:90]
        text = (
            f"---\nid: mem-{n:05}\ntype: {kind.rstrip('s') if kind != 'knowledge' else kind}\n"
            f'tags: [{", ".join(tags)}]\ndirective: "{directive.replace(chr(34), "")}"\n---\n'
            f"{body}\n"
        )
        (root / kind / f"mem-{n:05}.md").write_text(text, encoding="utf-8")


def compile_package() -> None:
    """Write the package's bytecode, as `pip install` does: an editable checkout run with
    PYTHONDONTWRITEBYTECODE would otherwise recompile every module on every start."""
    import compileall

    import engram

    compileall.compile_dir(Path(engram.__file__).parent, quiet=1)


def cold_build(command: list[str], folder: Path, size: int, times: int = 3) -> tuple[float, float]:
    """The median wall ms and CPU ms a file of `times` first loads, each from no index: one
    build is at the mercy of whatever else the machine does in that second."""
    walls, cpus = [], []
    for _ in range(times):
        shutil.rmtree(folder / ".agents" / ".engram" / ".cache", ignore_errors=True)
        start, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([*command, "load", QUERIES[0]], cwd=folder, capture_output=True, check=True)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return sorted(walls)[times // 2], sorted(cpus)[times // 2] / size


def run(runs: int = 15, sizes: tuple[int, ...] = SIZES) -> str:
    if quick():
        runs, sizes = 7, (100, 1000)
    compile_package()
    command = engram_command()
    chart("latency", "`engram load` process", "memory files", "ms", log_x=True)
    rows = []
    for size in sizes:
        folder = WORK / f"ws-{size}"
        if not (folder / ".agents" / ".engram" / "rules").is_dir():
            shutil.rmtree(folder, ignore_errors=True)
            generate(folder, size)
        build, cpu = cold_build(command, folder, size)
        build_target = (
            Target(round(cpu, 2), "<=", 1, shown="≤ 1 ms", measured=f"{cpu:.2f} ms",
                   name=f"cold build at {size:,} files, CPU a file")
            if size >= 1000 else ""
        )  # fmt: skip
        # bare start and a load of each query take turns (see `wall_ms`)
        processes = [Process([sys.executable, "-c", "pass"])]
        processes += [Process([*command, "load", q], folder) for q in QUERIES]
        bare, *loads = wall_ms(processes, max(5, runs // 2))
        load = sorted(loads)[len(loads) // 2]
        limit = 3 if size <= 1000 else 6
        ratio = load / bare
        target = Target(round(ratio, 2), "<=", limit, shown=f"≤ {limit}×", measured=f"{ratio:.2f}×",
                        name=f"`engram load` at {size:,} files, × `python -c pass`")  # fmt: skip
        rows.append([size, f"{build:.0f}", f"{cpu:.2f}", build_target, f"{bare:.1f}",
                     f"{load:.1f}", f"{ratio:.2f}×", target])  # fmt: skip
        point("latency", "engram load", size, load)
        point("latency", "python -c pass", size, bare)
    note = startup_note()
    return (note + "\n\n" if note else "") + table(
        [
            "files",
            "cold build ms",
            "cold build CPU ms a file",
            "build target",
            "python -c pass ms",
            "engram load ms",
            "ratio",
            "target",
        ],
        rows,
    )


if __name__ == "__main__":
    print(run())
