"""LoCoMo evidence recall: each dialogue turn absorbed as one event (scope `agent`, keyed by
conversation: events are stored as they are, never merged), each question searched within its
conversation; recall@k is the share of a question's evidence turns found in the top k, averaged
over the questions that have evidence (category 5, adversarial, has none). Reported for BM25
only, vectors only and the hybrid. Target: the hybrid's recall@10 at least BM25's.
"""

from __future__ import annotations

import json
import shutil
import time

from benchmarks.common import WORK, Target, chart, data_dir, point, quick, table

HYBRID = "hybrid 0.7/0.3"
VARIANTS = {"BM25 only": (0.0, 1.0), "vectors only": (1.0, 0.0), HYBRID: (0.7, 0.3)}


def build(store: object, conversations: list[dict]) -> dict[str, str]:
    """Absorb every turn; returns fact id -> dia_id."""
    from engram.store import MemoryStore

    assert isinstance(store, MemoryStore)
    ids: dict[str, str] = {}
    for conv in conversations:
        talk = conv["conversation"]
        sessions = sorted(
            (k for k in talk if k.startswith("session_") and not k.endswith("date_time")),
            key=lambda k: int(k.split("_")[1]),
        )
        for session in sessions:
            when = talk.get(f"{session}_date_time", "")
            turns = talk[session]
            texts = [f"{t['speaker']} ({when}): {t['text']}" for t in turns]
            outcomes = store.absorb(
                [{"content": text[:500], "metadata": {"dia_id": t["dia_id"]}}
                 for text, t in zip(texts, turns, strict=True)],
                scope="agent", scope_key=conv["sample_id"], kind="event",
            )  # fmt: skip
            for outcome, turn in zip(outcomes, turns, strict=True):
                if outcome.id and outcome.outcome != "duplicate":
                    ids[outcome.id] = turn["dia_id"]
    return ids


def run() -> str:
    from engram.config import load_config
    from engram.store import MemoryStore

    path = data_dir() / "locomo" / "locomo_dev.json"
    if not path.exists():
        return f"skipped: no LoCoMo data at {path}"
    conversations = json.loads(path.read_text())
    if quick():
        conversations = conversations[:2]
    folder = WORK / "locomo"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    store = MemoryStore.open(folder / "memory.db", config=load_config(None, env={}))
    start = time.perf_counter()
    ids = build(store, conversations)
    absorb_s = time.perf_counter() - start
    questions = [(conv["sample_id"], qa) for conv in conversations for qa in conv["qa"]
                 if qa.get("evidence") and qa.get("category") != 5]  # fmt: skip
    chart("quality", f"LoCoMo, {len(conversations)} dev conversations", "", "evidence recall")
    recall: dict[str, tuple[float, float]] = {}
    for name, weights in VARIANTS.items():
        r5 = r10 = 0.0
        for key, qa in questions:
            hits = store.search(qa["question"], top_k=10, scope="agent", scope_key=key,
                                mode="full_history", weights=weights)  # fmt: skip
            found = [ids.get(h.fact.id) for h in hits]
            evidence = set(qa["evidence"])
            r5 += len(evidence & set(found[:5])) / len(evidence)
            r10 += len(evidence & set(found[:10])) / len(evidence)
        recall[name] = round(r5 / len(questions), 3), round(r10 / len(questions), 3)
        point("quality", "R@5", name, recall[name][0])
        point("quality", "R@10", name, recall[name][1])
    bm25 = recall["BM25 only"][1]
    rows: list[list[object]] = []
    for name, (r5, r10) in recall.items():
        target = "" if name != HYBRID else Target(
            r10, ">=", bm25, shown=f"R@10 ≥ BM25's {bm25:.3f}", measured=f"{r10:.3f}",
            name="hybrid recall@10",
        )  # fmt: skip
        rows.append([name, f"{r5:.3f}", f"{r10:.3f}", target])
    hidden = store.stats()["by_status"].get("superseded", 0)
    rows.append(["turns stored / hidden", len(ids), hidden, ""])
    rows.append(["questions", len(questions), f"absorb {absorb_s:.1f} s", ""])
    store.close()
    headers = [f"LoCoMo ({len(conversations)} dev conversations)", "R@5", "R@10", "target"]
    return table(headers, rows)


if __name__ == "__main__":
    print(run())
