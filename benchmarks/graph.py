"""Entity-graph query latency on a generated graph of 5,420 interconnected entities.

The graph grows by preferential attachment (Barabási–Albert, two edges per new node), which
gives the heavy-tailed degree distribution of real contact graphs: most people know a few
entities, a few hubs (big companies, cities, popular technologies) touch hundreds. Types:
50 % people, 20 % companies, 10 % technologies, 7 % projects, 5 % products, 5 % locations,
3 % roles; a relation is chosen from the pair of types (person→company works_at,
company→location located_in, person→technology uses, …). Queries start from random nodes and
follow every relation (either direction) with the default caps (100 paths, 10,000 visited).
Target: 3-hop p50 ≤ 0.5 ms with the default caps.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from benchmarks.common import WORK, Target, chart, point, quick, table

ENTITIES = 5_420
TYPES = [("person", 50), ("company", 20), ("technology", 10), ("project", 7), ("product", 5),
         ("location", 5), ("role", 3)]  # fmt: skip
RELATION = {
    ("person", "company"): "works_at", ("company", "location"): "located_in",
    ("person", "technology"): "uses", ("company", "technology"): "uses",
    ("person", "role"): "holds_role", ("person", "location"): "located_in",
    ("project", "company"): "part_of", ("product", "company"): "produced_by",
    ("person", "project"): "member_of", ("company", "company"): "invested_in",
}  # fmt: skip


def build(path: Path, seed: int = 11) -> tuple[int, int]:
    from engram.config import load_config
    from engram.store import MemoryStore

    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    rng = random.Random(seed)
    kinds = [t for t, weight in TYPES for _ in range(weight)]
    with MemoryStore.open(path, config=load_config(None, env={})) as store:
        graph = store.graph
        nodes, targets, edges = [], [], 0
        with store._write():
            for n in range(ENTITIES):
                kind = rng.choice(kinds)
                node = graph._ensure(f"{kind}-{n}", kind, [], {})
                picks = (
                    {id(o): o for o in (rng.choice(targets) for _ in range(2))} if targets else {}
                )
                for other in picks.values():
                    first, second = (
                        (node, other) if (node.type, other.type) in RELATION else (other, node)
                    )
                    relation = RELATION.get((first.type, second.type), "related_to")
                    graph._relate(first, relation, second, "2026-01-01", 0.8, None)
                    edges += 1
                    targets.append(other)
                nodes.append(node)
                targets.append(node)
    return len(nodes), edges


def run(samples: int = 300) -> str:
    samples = 60 if quick() else samples
    from engram.config import load_config
    from engram.store import MemoryStore

    path = WORK / "graph.db"
    path.parent.mkdir(parents=True, exist_ok=True)
    count, _ = build(path)
    rng = random.Random(5)
    rows = []
    chart("latency", f"entity graph, {ENTITIES:,} entities", "hops", "p50 ms", log_y=True)
    with MemoryStore.open(path, config=load_config(None, env={})) as store:
        graph = store.graph
        current = graph.store._backend._conn.execute(
            "SELECT COUNT(*) FROM relations WHERE valid_to IS NULL"
        )
        live_edges = current.fetchone()[0]
        graph.query(1, hops=1)  # load the adjacency once
        for hops, cap in ((1, 100), (2, 100), (3, 100), (4, 100), (3, 10_000), (4, 10_000)):
            times, found = [], []
            for _ in range(samples):
                start = rng.randint(1, count)
                began = time.perf_counter()
                paths = graph.query(start, hops=hops, max_paths=cap)
                times.append((time.perf_counter() - began) * 1000)
                found.append(len(paths))
            times.sort()
            p50, p99 = statistics.median(times), times[int(len(times) * 0.99) - 1]
            target: Target | str = ""
            if (hops, cap) == (3, 100):
                target = Target(round(p50, 3), "<=", 0.5, shown="p50 ≤ 0.5 ms",
                                measured=f"{p50:.3f} ms", name="3-hop query p50")  # fmt: skip
            rows.append([hops, f"{cap:,}", f"{p50:.3f}", f"{p99:.3f}",
                         f"{statistics.mean(found):.0f}", target])  # fmt: skip
            point("latency", f"max {cap:,} paths", hops, p50)
    text = table(["hops", "max paths", "p50 ms", "p99 ms", "paths returned (mean)", "target"], rows)
    return text + f"\n\n{count:,} entities, {live_edges:,} current edges"


if __name__ == "__main__":
    print(run())
