"""LongMemEval_S slice: session recall and knowledge updates.

For each question a fresh store absorbs its ~50 haystack sessions in date order, every turn a
fact (long turns split at sentence ends) tagged with its session. Each fact is valid from its
session's date and the question is searched as of the question's date, so freshness decay sees
the conversation's own time line; the ranked facts give a ranked list of sessions.

Reported: any@5 (an answer session in the top 5) and all@5 (every answer session in the top 5),
searching all versions; and, for knowledge-update questions, how often the newest answer session
ranks above the older ones with the default `active` search (the superseded value should lose).
"""

from __future__ import annotations

import gzip
import json
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchmarks.common import chart, data_dir, point, quick, table

# A quick run asks the first question of each of these kinds (about 4 s a question).
QUICK_KINDS = ("knowledge-update", "multi-session", "single-session-user")


def when(text: str) -> str:
    """LongMemEval's "2023/05/21 (Sun) 12:29" as ISO 8601."""
    day, _, clock = text.partition(") ")
    return day.split(" (")[0].replace("/", "-") + "T" + (clock or "00:00") + ":00+00:00"


def session_ranking(store: Any, question: str, mode: str, now: str) -> list[str]:
    from datetime import datetime

    hits = store.search(question, top_k=60, mode=mode, now=datetime.fromisoformat(now))
    ranked: list[str] = []
    for hit in hits:
        session = hit.fact.metadata.get("session")
        if session not in ranked:
            ranked.append(session)
    return ranked


def absorb_haystack(store: Any, item: dict[str, Any]) -> None:
    from engram.store.split import split_facts

    order = sorted(range(len(item["haystack_sessions"])), key=lambda i: item["haystack_dates"][i])
    for index in order:
        session = item["haystack_session_ids"][index]
        said = when(item["haystack_dates"][index])
        facts = []
        for turn in item["haystack_sessions"][index]:
            for piece in split_facts(f"{turn['role']}: {turn['content']}"):
                facts.append(
                    {"content": piece[:500], "metadata": {"session": session}, "valid_from": said}
                )
        store.absorb(facts, scope="user", scope_key=item["question_id"], kind="event")


def run() -> str:
    from engram.config import load_config
    from engram.store import MemoryStore

    path = data_dir() / "longmemeval" / "longmemeval_s_dev.jsonl.gz"
    if not path.exists():
        return f"skipped: no LongMemEval data at {path}"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        items = [json.loads(line) for line in handle]
    if quick():
        items = [next(i for i in items if i["question_type"] == kind) for kind in QUICK_KINDS]
    stats: dict[str, list[float]] = defaultdict(list)
    config = load_config(None, env={})
    with tempfile.TemporaryDirectory() as folder:
        for n, item in enumerate(items):
            with MemoryStore.open(Path(folder) / f"q{n}.db", config=config) as store:
                absorb_haystack(store, item)
                answers = set(item["answer_session_ids"])
                asked = when(item["question_date"])
                ranked = session_ranking(store, item["question"], "full_history", asked)
                stats["any@5"].append(float(bool(answers & set(ranked[:5]))))
                stats["all@5"].append(float(answers <= set(ranked[:5])))
                if item["question_type"] == "knowledge-update" and len(answers) > 1:
                    dated = sorted(
                        answers,
                        key=lambda s: item["haystack_dates"][item["haystack_session_ids"].index(s)],
                    )
                    latest, older = dated[-1], dated[:-1]
                    active = session_ranking(store, item["question"], "active", asked)
                    ok = latest in active and all(
                        o not in active or active.index(latest) < active.index(o) for o in older
                    )
                    stats["knowledge update"].append(float(ok))
    rows = [
        [name, f"{sum(values) / len(values):.3f}", len(values)] for name, values in stats.items()
    ]
    chart("quality", f"LongMemEval_S, {len(items)} questions", "", "share of questions")
    for name, values in stats.items():
        point("quality", "share", name, sum(values) / len(values))
    return table([f"LongMemEval_S ({len(items)} questions)", "value", "questions"], rows)


if __name__ == "__main__":
    print(run())
