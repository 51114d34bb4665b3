"""Reliability: many writers at once, and kill -9 in the middle of a batch.

- Concurrency: 8 processes absorb 500 facts each into one store at the same moment, while hook
  processes and an MCP server work on it too → every outcome is recorded, no process fails.
- Crash safety: a process absorbing a large batch is killed with SIGKILL at a random moment,
  20 times → the file opens, `PRAGMA integrity_check` is ok, every batch is all-or-nothing, and
  the change log and the vectors agree with the facts.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import WORK, Target, quick, table

WRITER = """
import json, sys
from engram.config import load_config
from engram.store import MemoryStore
path, worker, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
store = MemoryStore.open(path, config=load_config(None, env={}))
facts = [f"Worker {worker} recorded measurement {n} of probe p{worker}x{n} at site s{n % 17}."
         for n in range(count)]
outcomes = []
for start in range(0, count, 100):
    outcomes += [o.outcome for o in store.absorb(facts[start:start + 100], scope="run",
                                                 scope_key=f"w{worker}")]
print(json.dumps(outcomes))
"""

BATCHER = """
import random, sys
from engram.config import load_config
from engram.store import MemoryStore
path, seed, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
words = [f"w{n}" for n in range(5000)]
store = MemoryStore.open(path, config=load_config(None, env={}))
for batch in range(1000):
    tag = f"batch-{seed}-{batch}"
    facts = [{"content": " ".join(rng.choices(words, k=12)) + f" item {n}.", "tags": [tag]}
             for n in range(size)]
    store.absorb(facts, scope="agent", scope_key=tag)
    print(tag, flush=True)
"""


def concurrency(processes: int = 8, per: int = 500, path: Path | None = None) -> dict[str, int]:
    """Writers, hooks and an MCP server on one store at once; returns counts."""
    path = path or WORK / "concurrency.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "ENGRAM_DB": str(path)}
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(n), str(per)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(processes)
    ]
    # An idle MCP server holding the store open (its stdin stays open until it is killed).
    mcp = subprocess.Popen(
        [sys.executable, "-m", "engram", "mcp", "--db", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    hook_errors = 0
    payload = json.dumps(
        {
            "session_id": "s",
            "cwd": str(WORK),
            "hook_event_name": "SessionStart",
            "source": "startup",
        }
    )
    while any(w.poll() is None for w in writers):
        done = subprocess.run(
            [sys.executable, "-m", "engram", "hook", "--host", "claude"],
            input=payload,
            capture_output=True,
            text=True,
            env=env,
        )
        hook_errors += done.returncode != 0 or done.stdout.strip()[:1] != "{"
    outcomes, failures = 0, 0
    for writer in writers:
        out, err = writer.communicate()
        if writer.returncode != 0:
            failures += 1
            sys.stderr.write(err[-2000:])
            continue
        outcomes += len(json.loads(out))
    mcp.kill()
    mcp.communicate()
    from engram.config import load_config
    from engram.store import MemoryStore

    with MemoryStore.open(path, config=load_config(None, env={})) as store:
        rows = store.stats()["facts"]
        ok = store._backend._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    return {
        "outcomes": outcomes,
        "expected": processes * per,
        "failed_processes": failures,
        "hook_errors": hook_errors,
        "facts": rows,
        "integrity_ok": int(ok),
    }


def crash_loop(iterations: int = 20, batch: int = 200, path: Path | None = None) -> dict[str, int]:
    """Kill a batch writer with SIGKILL at random moments; check the file after each kill."""
    from engram.config import load_config
    from engram.store import MemoryStore

    path = path or WORK / "crash.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    problems = 0
    for seed in range(iterations):
        proc = subprocess.Popen(
            [sys.executable, "-c", BATCHER, str(path), str(seed), str(batch)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.6, 2.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        with MemoryStore.open(path, config=load_config(None, env={})) as store:
            conn = store._backend._conn
            if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                problems += 1
            sizes = conn.execute(
                "SELECT value, COUNT(*) FROM facts, json_each(facts.tags) GROUP BY value"
            ).fetchall()
            problems += sum(1 for _, n in sizes if n not in (0, batch))
            facts = conn.execute("SELECT COUNT(*) FROM facts").fetchone()[0]
            absorbed = conn.execute(
                "SELECT COUNT(*) FROM events WHERE kind = 'absorbed'"
            ).fetchone()[0]
            vectors = conn.execute("SELECT COUNT(*) FROM vectors").fetchone()[0]
            # the offline model's vectors are made from the terms as the index is built: none
            # is stored, and the index holds one for every fact
            stored = 0 if store._derives_vectors() else facts
            index = store.index()
            problems += (facts != absorbed) + (vectors != stored)
            problems += index.size != facts
            problems += int((index.vector_count[: index.size] == 0).sum())
    with MemoryStore.open(path, config=load_config(None, env={})) as store:
        facts = store.stats()["facts"]
    return {"kills": iterations, "problems": problems, "facts": facts}


def run() -> str:
    procs, per, kills = (4, 200, 3) if quick() else (8, 500, 20)
    result = concurrency(procs, per)
    crashed = crash_loop(kills)
    # Every shortfall counts: a missing outcome, a failed writer or hook, a broken file.
    faults = (result["expected"] - result["outcomes"] + result["failed_processes"]
              + result["hook_errors"] + (1 - result["integrity_ok"]))  # fmt: skip
    rows = [
        [
            f"{procs} writers × {per} facts, with hooks and an MCP server",
            f"{result['outcomes']:,} outcomes",
            f"expected {result['expected']:,}; failed processes {result['failed_processes']}; "
            f"hook errors {result['hook_errors']}; "
            f"integrity {'ok' if result['integrity_ok'] else 'BROKEN'}",
            Target(faults, "==", 0, shown="0 faults", measured=f"{faults} faults",
                   name=f"{procs} concurrent writers with hooks and an MCP server"),
        ],
        [
            f"kill -9 during batch absorb × {crashed['kills']}",
            f"{crashed['problems']} problems",
            f"{crashed['facts']:,} facts survived, every batch whole",
            Target(crashed["problems"], "==", 0, shown="0 problems",
                   measured=f"{crashed['problems']} problems",
                   name=f"kill -9 during batch absorb × {crashed['kills']}"),
        ],
    ]  # fmt: skip
    return table(["reliability", "result", "detail", "target"], rows)


if __name__ == "__main__":
    print(run())
