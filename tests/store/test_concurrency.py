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


def test_four_processes_absorb_into_one_store_without_losing_writes(
    store_location: str | Path,
) -> None:
    db = store_location
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
        if store.path is not None:  # an SQLite file
            assert store._backend._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


SAME_FACTS = """
import json, sys, time
from pathlib import Path
from engram.config import load_config
from engram.store import MemoryStore
where, start = sys.argv[1], Path(sys.argv[2])
store = MemoryStore.open(where, config=load_config(None, env={}))
store.index()
while not start.exists():
    time.sleep(0.001)
outcomes = []
for n in range(20):
    fact = f"Olga Petrova reviews the release checklist of service number {n} on Fridays."
    outcomes.append(store.absorb([fact], scope="user", scope_key=f"team{n}")[0].outcome)
print(json.dumps(outcomes))
"""


def test_two_writers_absorbing_the_same_fact_at_once_store_it_once(
    store_location: str | Path, tmp_path: Path
) -> None:
    start = tmp_path / "start"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", SAME_FACTS, str(store_location), str(start)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    start.touch()
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        results.append(json.loads(out))
    assert [sorted(pair) for pair in zip(*results, strict=True)] == [["duplicate", "new"]] * 20
    from engram.config import load_config
    from engram.store import MemoryStore

    with MemoryStore.open(store_location, config=load_config(None, env={})) as store:
        assert store.count(scope="user") == 20
