"""Fact-store speed: search p50/p99 at 1k, 10k and 100k facts (warm, in process), one cold
`engram memory search` process at 10k, and absorb throughput with the offline embedder.

Facts are generated: 8–20 words drawn from the SciFact corpus by their frequency (so posting
lists have a realistic, Zipf-like spread), plus a name and a number, which keeps them distinct.
Without the data a synthetic Zipf vocabulary is used.
"""

from __future__ import annotations

import json
import random
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from benchmarks.common import WORK, Target, chart, data_dir, engram_command, point, quick, table

SIZES = (1_000, 10_000, 100_000)
QUERIES = 200
NAMES = ["Ivan", "Maria", "Olga", "Pedro", "Ana", "Kenji", "Yuki", "Sergei", "Lucia", "Omar"]


def vocabulary() -> tuple[list[str], list[int]]:
    path = data_dir() / "scifact" / "corpus.jsonl"
    counts: Counter[str] = Counter()
    if path.exists():
        with path.open(encoding="utf-8") as handle:
            for n, line in enumerate(handle):
                if n >= 2000:
                    break
                counts.update(re.findall(r"[a-z]{3,}", json.loads(line)["text"].lower()))
    if not counts:
        counts = Counter({f"term{n}": 100_000 // (n + 1) for n in range(20_000)})
    words, weights = zip(*counts.most_common(30_000), strict=True)
    return list(words), list(weights)


def facts(count: int, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    words, weights = vocabulary()
    out = []
    for n in range(count):
        body = " ".join(rng.choices(words, weights, k=rng.randint(8, 20)))
        out.append(f"{rng.choice(NAMES)} noted that {body} ({n}).")
    return out


def queries(count: int, seed: int = 5) -> list[str]:
    rng = random.Random(seed)
    words, weights = vocabulary()
    return [" ".join(rng.choices(words[:5000], weights[:5000], k=rng.randint(3, 6)))
            for _ in range(count)]  # fmt: skip


def build(size: int) -> tuple[Path, float]:
    """A store of `size` facts (reused between runs); returns its path and absorb facts/s."""
    from engram.config import load_config
    from engram.store import MemoryStore

    path = WORK / f"store-{size}.db"
    marker = path.with_suffix(".done")
    if marker.exists():
        return path, float(marker.read_text())
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    texts = facts(size)
    with MemoryStore.open(path, config=load_config(None, env={})) as store:
        start = time.perf_counter()
        for begin in range(0, size, 1000):
            store.absorb(texts[begin : begin + 1000], scope="agent", scope_key=f"k{begin % 7}")
        rate = size / (time.perf_counter() - start)
    marker.write_text(f"{rate:.1f}")
    return path, rate


def run() -> str:
    from engram.config import load_config
    from engram.store import MemoryStore

    rows = []
    cold = ""
    chart("latency", "fact search (warm, in process)", "facts", "ms", log_x=True)
    for size in SIZES[:2] if quick() else SIZES:
        path, rate = build(size)
        with MemoryStore.open(path, config=load_config(None, env={})) as store:
            store.search("warm up the index")
            times = []
            for query in queries(QUERIES):
                start = time.perf_counter()
                store.search(query, top_k=10)
                times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p50, p99 = statistics.median(times), times[int(len(times) * 0.99) - 1]
        limit = {10_000: 2, 100_000: 10}.get(size)
        target: Target | str = ""
        if limit is not None:
            target = Target(
                round(p50, 2),
                "<=",
                limit,
                shown=f"p50 ≤ {limit} ms",
                measured=f"{p50:.2f} ms",
                name=f"fact search p50 at {size:,} facts",
            )
        rows.append([f"{size:,}", f"{p50:.2f}", f"{p99:.2f}", f"{rate:,.0f}", target])
        point("latency", "search p50", size, p50)
        point("latency", "search p99", size, p99)
        if size == 10_000:
            command = [*engram_command(), "memory", "--db", str(path), "search", "protein cells"]
            subprocess.run(command, capture_output=True, check=True)
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True)
            cold = f"{(time.perf_counter() - start) * 1000:.0f} ms"
    text = table(["facts", "search p50 ms", "search p99 ms", "absorb facts/s", "target"], rows)
    return (
        text
        + f"\n\ncold `engram memory search` process at 10,000 facts: {cold}"
        + (f"\n(python {sys.version.split()[0]}; absorb in batches of 1,000, offline embedder)")
    )


if __name__ == "__main__":
    print(run())
