"""Several processes absorbing into one store at once lose nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

WORKER = """
import json, sys
from engram.config import load_config
from engram.store import MemoryStore
path, worker = sys.argv[1], int(sys.argv[2])
store = MemoryStore.open(path, config=load_config(None, env={}))
outcomes = []
for batch in range(5):
    facts = [f"Worker {worker} batch {batch} notes item {n} about service{worker}x{batch}x{n}."
             for n in range(10)]
    outcomes += [o.outcome for o in store.absorb(facts, scope="run", scope_key=f"w{worker}")]
print(json.dumps(outcomes))
"""


def test_four_processes_absorb_into_one_store_without_losing_writes(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(db), str(n)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        results.append(json.loads(out))
    assert [len(r) for r in results] == [50, 50, 50, 50]
    from engram.config import load_config
    from engram.store import MemoryStore

    with MemoryStore.open(db, config=load_config(None, env={})) as store:
        stats = store.stats()
        absorbed = store._backend._conn.execute(
            "SELECT COUNT(*) FROM events WHERE kind = 'absorbed'"
        )
        assert absorbed.fetchone()[0] == stats["facts"]
        stored = sum(1 for r in results for o in r if o != "duplicate")
        assert stats["facts"] == stored
        assert store._backend._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
