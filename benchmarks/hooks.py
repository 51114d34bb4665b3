"""Wall time of one Claude Code `UserPromptSubmit` hook call at 1,000 memory files.

The hook runs as the host runs it: the command `engram hooks install` writes (a `/bin/sh` guard
that starts `engram hook --host claude` with this interpreter), given to a shell and fed the
host's JSON on stdin. Bare `python -c pass` is timed beside it, the two taking turns so that
both are measured in the same seconds. Target: ≤ 3.5×.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.common import (
    WORK,
    Process,
    Target,
    engram_command,
    quick,
    startup_note,
    table,
    wall_ms,
)
from benchmarks.latency import QUERIES, compile_package, generate
from engram.hooks.launcher import hook_command

TARGET = 3.5


def run(runs: int = 15, size: int = 1000) -> str:
    runs = 3 if quick() else runs
    compile_package()
    folder = WORK / f"ws-{size}"
    if not (folder / ".agents" / ".engram" / "rules").is_dir():
        shutil.rmtree(folder, ignore_errors=True)
        generate(folder, size)
    state = Path(tempfile.mkdtemp(prefix="engram-bench-state-"))
    # keep the user's hook state out of it, and give it back after: a benchmark run after this
    # one would seal facts with a key that is then deleted, and time scans no user pays for
    before = os.environ.get("ENGRAM_STATE_DIR")
    os.environ["ENGRAM_STATE_DIR"] = str(state)
    try:
        # the command `hooks install` writes into the host's settings, which the host hands to
        # a shell
        command = ["/bin/sh", "-c", hook_command("claude", sys.executable)]
        # The index is sealed with the state folder's key: build it under this state folder
        # first, so the table measures prompts, not the one-off first build.
        subprocess.run([*engram_command(), "load", "warm up"], cwd=folder, capture_output=True)
        # bare start and the hook on each prompt take turns (see `wall_ms`)
        processes = [Process([sys.executable, "-c", "pass"])]
        processes += [Process(command, folder, _prompt(folder, query)) for query in QUERIES]
        bare, *hooks = wall_ms(processes, runs)
        rows = []
        for turn, (query, ms) in enumerate(zip(QUERIES, hooks, strict=True)):
            rows.append([turn + 1, query, f"{ms:.1f}", f"{ms / bare:.2f}×", ""])
        median = sorted(float(r[2]) for r in rows)[len(rows) // 2]
        ratio = median / bare
        target = Target(
            round(ratio, 2),
            "<=",
            TARGET,
            shown=f"≤ {TARGET}×",
            measured=f"{ratio:.2f}×",
            name=f"Claude prompt hook at {size:,} files, × `python -c pass`",
        )
        rows.append(["", "median", f"{median:.1f}", f"{ratio:.2f}×", target])
        rows.append(["", "python -c pass", f"{bare:.1f}", "", ""])
    finally:
        shutil.rmtree(state, ignore_errors=True)
        if before is None:
            del os.environ["ENGRAM_STATE_DIR"]
        else:
            os.environ["ENGRAM_STATE_DIR"] = before
    note = startup_note()
    text = table(["turn", f"UserPromptSubmit at {size} files", "ms", "ratio", "target"], rows)
    return (note + "\n\n" if note else "") + text


def _prompt(folder: Path, query: str) -> str:
    """The JSON Claude Code sends a `UserPromptSubmit` hook for a prompt."""
    event = {"session_id": "bench", "transcript_path": "/tmp/t.jsonl", "cwd": str(folder),
             "permission_mode": "default", "hook_event_name": "UserPromptSubmit",
             "prompt": query}  # fmt: skip
    return json.dumps(event)


if __name__ == "__main__":
    print(run())
