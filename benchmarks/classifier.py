"""Accuracy of the offline absorb classifier on a labelled set of fact pairs.

`benchmarks/data/classify_pairs.jsonl` holds pairs written for this purpose in English, Russian
and Spanish: an existing fact, a new one, and the outcome a careful person would choose. Each
pair runs through the real pipeline: the old fact is absorbed into an empty store, then the new
one, and the outcome is compared with the label.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from pathlib import Path

from benchmarks.common import table

PAIRS = Path(__file__).parent / "data" / "classify_pairs.jsonl"


def evaluate() -> tuple[Counter[str], Counter[str], list[dict[str, str]]]:
    from engram.config import load_config
    from engram.store import MemoryStore

    total: Counter[str] = Counter()
    right: Counter[str] = Counter()
    misses = []
    config = load_config(None, env={})
    with tempfile.TemporaryDirectory() as folder:
        store = MemoryStore.open(Path(folder) / "pairs.db", config=config)
        for n, line in enumerate(PAIRS.read_text(encoding="utf-8").splitlines()):
            pair = json.loads(line)
            key = f"pair-{n}"
            store.absorb([pair["old"]], scope="agent", scope_key=key)
            got = store.absorb([pair["new"]], scope="agent", scope_key=key)[0].outcome
            total[pair["label"]] += 1
            if got == pair["label"]:
                right[pair["label"]] += 1
            else:
                misses.append({**pair, "got": got})
        store.close()
    return total, right, misses


def run() -> str:
    total, right, misses = evaluate()
    rows = [[label, total[label], f"{right[label] / total[label]:.2f}"] for label in sorted(total)]
    rows.append(["all", sum(total.values()), f"{sum(right.values()) / sum(total.values()):.2f}"])
    text = table(["outcome", "pairs", "accuracy"], rows)
    if misses:
        text += "\n\nmisses:\n" + "\n".join(
            f"- [{m['lang']}] {m['label']} → {m['got']}: {m['old']} | {m['new']}" for m in misses
        )
    return text


if __name__ == "__main__":
    print(run())
