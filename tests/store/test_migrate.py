"""Moving a store between backends: `MemoryStore.copy_to` and `engram memory migrate` copy
every row (facts, versions, duplicates, vectors, change log, pins, the entity graph) and check
the counts; the copy answers as the original did."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engram.config import load_config
from engram.errors import EngramError
from engram.store import MemoryStore
from engram.store.profile import pin
from tests.pgserver import empty


def _open(where: str | Path) -> MemoryStore:
    return MemoryStore.open(where, config=load_config(None, env={}))


def _fill(store: MemoryStore, tmp_path: Path) -> None:
    store.absorb(["Anna Petrova lives in Kazan.", "Anna Petrova lives in Kazan."], scope="user")
    store.absorb(["Anna Petrova moved to Moscow in 2026."], scope="user")
    store.absorb(["Deploys need a green CI run first."], scope="agent", tags=["deploy"])
    first = store.list(scope="agent")[0].id
    pin(store, first, tmp_path / "profile.md")
    store.graph.add("Acme", "company")
    store.graph.add_related("Anna Petrova", "person", relate=("works_at", "Acme"))
    store.graph.merge("Anna Petrova", store.graph.add("A. Petrova", "person"))


def _answers(store: MemoryStore) -> tuple[object, ...]:
    hits = [(h.fact.id, round(h.score, 6)) for h in store.search("where does Anna live")]
    facts = [(f.id, f.status, f.tags) for f in store.list(status=None)]
    history = [store.history(f.id) for f in store.list(status=None)]
    people = [p.end.name for p in store.graph.query("Acme", ["works_at"])]
    return hits, facts, history, people, store.edges(facts[0][0])


def test_a_store_copied_to_postgresql_and_back_answers_the_same(
    postgres_url: str, tmp_path: Path
) -> None:
    empty(postgres_url)
    with _open(tmp_path / "local.db") as local:
        _fill(local, tmp_path)
        before = _answers(local)
        copied = local.copy_to(postgres_url)
    assert copied["rows"]["facts"] == 3 and copied["rows"]["duplicates"] == 0
    assert copied["rows"]["pins"] == 1 and copied["rows"]["nodes"] == 3
    assert copied["rows"]["relations"] == 1 and copied["rows"]["events"] >= 5
    with _open(postgres_url) as shared:
        assert _answers(shared) == before
        shared.absorb(["Boris Ivanov leads the platform team."], scope="user")  # ids go on
        back = shared.copy_to(tmp_path / "back.db")
    assert back["rows"]["facts"] == 4
    with _open(tmp_path / "back.db") as again:
        assert again.count(status=None) == 4
        assert [p.end.name for p in again.graph.query("Acme", ["works_at"])] == ["Anna Petrova"]


def test_a_copy_into_a_store_that_holds_facts_is_refused_and_changes_nothing(
    tmp_path: Path,
) -> None:
    with _open(tmp_path / "a.db") as a, _open(tmp_path / "b.db") as b:
        a.absorb(["Anna Petrova lives in Kazan."], scope="user")
        b.absorb(["Boris Ivanov lives in Omsk."], scope="user")
        with pytest.raises(EngramError, match="already holds facts"):
            a.copy_to(tmp_path / "b.db")
        assert [f.content for f in b.list()] == ["Boris Ivanov lives in Omsk."]


def test_a_store_is_never_copied_into_itself(tmp_path: Path) -> None:
    with _open(tmp_path / "a.db") as a, pytest.raises(EngramError, match="this store itself"):
        a.copy_to(tmp_path / "a.db")


def test_memory_migrate_copies_a_file_into_postgresql_and_reports_the_counts(
    postgres_url: str, tmp_path: Path
) -> None:
    empty(postgres_url)
    with _open(tmp_path / "local.db") as local:
        local.absorb(["Anna Petrova lives in Kazan.", "Boris Ivanov leads QA."], scope="user")
    done = subprocess.run(
        [sys.executable, "-m", "engram", "memory", "migrate", "--from",
         str(tmp_path / "local.db"), "--to", postgres_url, "--json"],
        capture_output=True, text=True, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["rows"]["facts"] == 2 and report["to"] == postgres_url
    with _open(postgres_url) as shared:
        assert shared.search("who leads QA")[0].fact.content == "Boris Ivanov leads QA."
