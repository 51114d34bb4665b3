"""The search index's snapshot next to the database: a new store answers from it as from an
index rebuilt from every row, catches up with what was written since, and never trusts a
damaged, foreign or outdated one, nor one that holds erased words."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engram.config import load_config
from engram.embed.vectors import Sparse, Vector
from engram.store import MemoryStore, indexing, snapshot
from engram.store.index import SearchIndex

NAMES = ["Ivan", "Maria", "Olga", "Pedro", "Kenji"]
WORDS = (
    "kafka broker cluster deploy schema migration replica backup restore latency queue "
    "offset partition consumer producer ledger invoice refund gateway token rotation "
    "canary rollout alert pager runbook incident storage volume snapshot index"
).split()
PRIVATE = "Masha Petrova studies the violin at the Kazan conservatory."
NOW = datetime.now(UTC) + timedelta(days=1)
QUERIES: list[dict[str, Any]] = [
    {"query": "kafka broker partition"},
    {"query": "schema migration rollout", "scope": "user"},
    {"query": "deploy cluster canary", "tags": ["team"]},
    {"query": "ivan ledger refund", "mode": "full_history"},
    {"query": "invoice gateway", "scope": "agent", "scope_key": "k1", "mode": "latest"},
]


@pytest.fixture(autouse=True)
def small_stores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Snapshots for stores of a few dozen facts, rewritten 10 log entries behind."""
    monkeypatch.setattr(indexing, "MIN_FACTS", 20)
    monkeypatch.setattr(indexing, "STALE_ENTRIES", 10)


def open_store(path: Path) -> MemoryStore:
    return MemoryStore.open(path, config=load_config(None, env={}))


def texts(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [
        f"{rng.choice(NAMES)} noted that {' '.join(rng.choices(WORDS, k=rng.randint(6, 12)))} "
        f"({seed}-{n})."
        for n in range(count)
    ]


def filled(path: Path, seed: int = 1) -> None:
    with open_store(path) as store:
        store.absorb(texts(30, seed), scope="agent", scope_key="k1")
        store.absorb(texts(30, seed + 1), scope="user", scope_key="ivan", tags=["team"])


def answers(store: MemoryStore) -> list[list[tuple[str, float]]]:
    # one moment for every search: freshness decay counts from it
    return [[(hit.fact.id, hit.score) for hit in store.search(**q, now=NOW)] for q in QUERIES]


def state(index: SearchIndex) -> dict[str, Any]:
    """Everything the index holds, as plain values."""
    n = index.size
    out: dict[str, Any] = {
        name: getattr(index, name)[:n].tolist()
        for name in ("status", "scope", "scope_key", "importance", "confidence", "created",
                     "kind", "valid_from", "valid_to", "length")
    }  # fmt: skip
    out["ids"] = list(index.ids)
    out["tags"] = [sorted(tags) for tags in index.tags]
    out["keys"] = index.keys
    out["total_length"] = index.total_length
    out["postings"] = {
        term: tuple(a.tolist() for a in index.term_arrays(term)) for term in index.postings
    }
    out["vectors"] = [plain(index.vector_at(p)) for p in range(n)]
    return out


def plain(vector: Vector | None) -> object:
    if isinstance(vector, Sparse):
        return vector.ids.tolist(), vector.weights.tolist()
    return None if vector is None else vector.tolist()


def rebuilt(path: Path, tmp_path: Path) -> tuple[list[list[tuple[str, float]]], dict[str, Any]]:
    """Answers and index of a copy of the database without a snapshot: built from the rows."""
    copy = tmp_path / "copy" / path.name
    copy.parent.mkdir(exist_ok=True)
    shutil.copy(path, copy)
    snapshot.discard(snapshot.snapshot_path(copy))
    with open_store(copy) as store:
        return answers(store), state(store.index())


@contextmanager
def never_built(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail if the index is built from the rows instead of loaded from the snapshot."""

    def refuse(store: MemoryStore, seq: int) -> SearchIndex:
        raise AssertionError("the index was rebuilt from the rows")

    with monkeypatch.context() as patch:
        patch.setattr(indexing, "_built", refuse)
        yield


def stamp(path: Path) -> int:
    header, _ = snapshot.read_header(snapshot.snapshot_path(path))
    return int(header["last_seq"])


def test_a_new_store_answers_from_the_snapshot_as_a_rebuilt_index_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "memory.db"
    filled(path)
    assert snapshot.snapshot_path(path).is_file()
    with never_built(monkeypatch), open_store(path) as store:
        got, index = answers(store), state(store.index())
    expected, expected_index = rebuilt(path, tmp_path)
    assert all(got) and got == expected
    assert index == expected_index


def test_another_process_answers_from_the_snapshot_alike(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    filled(path)
    command = [sys.executable, "-m", "engram", "memory", "--db", str(path), "search"]
    done = subprocess.run(
        [*command, "kafka broker partition", "--json"], capture_output=True, text=True, check=True
    )
    hits = json.loads(done.stdout)["hits"]
    with open_store(path) as store:
        expected = [h.fact.id for h in store.search("kafka broker partition")]
    assert [h["id"] for h in hits] == expected


def test_a_snapshot_behind_the_log_is_caught_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "memory.db"
    filled(path)
    before = stamp(path)
    with open_store(path) as writer:
        ids = [o.id for o in writer.absorb(texts(3, 9), scope="agent", scope_key="k1")]
        assert all(ids)
        writer.boost(str(ids[0]))
        writer.delete(str(ids[1]))
        writer.update(str(ids[2]), "Ivan noted that the kafka ledger moved to a new cluster.")
        writer.absorb(
            [{"content": texts(30, 1)[0], "tags": ["moved"]}], scope="agent", scope_key="k1"
        )
    assert stamp(path) == before  # fewer entries than STALE_ENTRIES: not rewritten
    with never_built(monkeypatch), open_store(path) as store:
        got, index = answers(store), state(store.index())
    expected, expected_index = rebuilt(path, tmp_path)
    assert got == expected and index == expected_index


def test_a_snapshot_far_behind_is_rewritten_by_the_reader(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    filled(path)
    before = stamp(path)
    with open_store(path) as writer:
        writer.absorb(texts(12, 7), scope="agent", scope_key="k2")
    with open_store(path) as reader:
        reader.search("kafka")
        seq = reader.index().last_seq
    assert stamp(path) == seq > before


def damage(kind: str, path: Path, tmp_path: Path) -> None:
    """Spoil the snapshot of the store at `path` in one of many ways."""
    file = snapshot.snapshot_path(path)
    data = bytearray(file.read_bytes())
    if kind == "flipped byte":
        data[len(data) // 2] ^= 0xFF
        file.write_bytes(bytes(data))
    elif kind == "cut short":
        file.write_bytes(bytes(data[: len(data) // 2]))
    elif kind == "empty":
        file.write_bytes(b"")
    elif kind == "not a snapshot":
        file.write_bytes(b"SQLite format 3\0" * 100)
    elif kind in ("another model", "another schema", "another format"):
        with open_store(path) as store:
            index = store.index()
            stamp_: dict[str, Any] = {"schema": store._backend.schema_version()}
            stamp_.update(last_seq=index.last_seq, entry=indexing._entry(store, index.last_seq))
            if kind == "another model":
                index.model_id = "engram-sparse-tf-v0"
            elif kind == "another schema":
                stamp_["schema"] += 1
            snapshot.write(index, file, stamp_)
            index.snapshot_seq = index.last_seq  # keep it: closing would not write again
        if kind == "another format":
            data = bytearray(file.read_bytes())
            data[8] += 1
            file.write_bytes(bytes(data))
    elif kind == "another database":
        other = tmp_path / "other" / "memory.db"
        other.parent.mkdir()
        filled(other, seed=5)
        shutil.copy(snapshot.snapshot_path(other), file)
    elif kind == "newer than the database":  # the database restored from an older backup
        backup = tmp_path / "backup.db"
        shutil.copy(path, backup)
        with open_store(backup) as store:
            backed_up = store.index().last_seq
        with open_store(path) as store:
            store.absorb(texts(15, 8), scope="agent", scope_key="k1")
        assert stamp(path) > backed_up
        kept = file.read_bytes()
        shutil.copy(backup, path)
        file.write_bytes(kept)
    else:
        raise ValueError(kind)


@pytest.mark.parametrize(
    "kind",
    ["flipped byte", "cut short", "empty", "not a snapshot", "another model", "another schema",
     "another format", "another database", "newer than the database"],
)  # fmt: skip
def test_a_damaged_or_foreign_snapshot_is_ignored_and_rebuilt(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "memory.db"
    filled(path)
    damage(kind, path, tmp_path)
    built: list[int] = []
    build = indexing._built

    def spy(store: MemoryStore, seq: int) -> SearchIndex:
        built.append(seq)
        return build(store, seq)

    monkeypatch.setattr(indexing, "_built", spy)
    with open_store(path) as store:
        got = answers(store)
        seq = store.index().last_seq
    assert built == [seq]
    expected, _ = rebuilt(path, tmp_path)
    assert got == expected
    assert stamp(path) == seq  # written again, sound
    with never_built(monkeypatch), open_store(path) as store:
        assert answers(store) == expected


@pytest.mark.parametrize("how", ["erase", "nuke"])
def test_erased_words_never_come_back_from_a_stale_snapshot(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "memory.db"
    filled(path)
    with open_store(path) as store:
        [outcome] = store.absorb([PRIVATE], scope="user", scope_key="masha")
        indexing.save_if_behind(store, store.index(), 0)
    file = snapshot.snapshot_path(path)
    stale = file.read_bytes()
    assert b"conservatori" in stale  # the stemmed word is in the snapshot's terms
    with open_store(path) as store:
        assert store.search("violin conservatory")
        if how == "erase":
            store.erase(str(outcome.id))
        else:
            store.nuke("user", "masha", confirm=True)
        assert not file.exists()  # removed with the words
        assert store.search("violin conservatory", mode="full_history") == []
    file.write_bytes(stale)  # as if another process had written it just before the erase
    with open_store(path) as store:
        assert store.search("violin conservatory", mode="full_history") == []
        assert "conservatori" not in store.index().postings
    for written in (file.read_bytes(), path.read_bytes()):
        assert b"conservatori" not in written and b"Masha" not in written


def test_a_dry_run_never_reaches_the_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    filled(path)
    with open_store(path) as store:
        store.absorb(["Zanzibar ferries leave at noon daily."], scope="agent", dry_run=True)
        store.absorb(texts(12, 4), scope="agent", scope_key="k1")  # enough to rewrite it
    assert b"zanzibar" not in snapshot.snapshot_path(path).read_bytes()


def test_small_stores_keep_no_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    with open_store(path) as store:
        store.absorb(texts(5, 1), scope="agent")
        assert store.search("kafka broker")
    assert not snapshot.snapshot_path(path).exists()


def test_stats_report_the_snapshot_size(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    filled(path)
    with open_store(path) as store:
        stats = store.stats()
    file = snapshot.snapshot_path(path)
    assert stats["index_path"] == str(file) and stats["index_bytes"] == file.stat().st_size > 0


def test_a_snapshot_round_trips_every_kind_of_value(tmp_path: Path) -> None:
    """Tags changed after the save, scope keys, a dense model's vectors."""
    path = tmp_path / "memory.db"

    class Dense:
        model_id, dims, sparse = "test-dense-3", 3, False

        def embed(self, texts: list[str]) -> list[np.ndarray]:
            out = []
            for text in texts:
                v = np.array([len(text) % 7 + 1, text.count("a") + 1, 1.0], dtype=np.float32)
                out.append(v / np.linalg.norm(v))
            return out

    config = load_config(None, env={})
    opened: Callable[[], MemoryStore] = lambda: MemoryStore.open(  # noqa: E731
        path, config=config, embedder=Dense()
    )
    with opened() as store:
        store.absorb(texts(25, 3), scope="run", scope_key="r-1", tags=["a", "b"])
        store.absorb(texts(5, 4), scope="agent", scope_key="")
    with opened() as store:
        store.absorb([{"content": texts(25, 3)[0], "tags": ["c"]}], scope="run", scope_key="r-1")
        got, index = answers(store), state(store.index())
    copy = tmp_path / "copy.db"
    shutil.copy(path, copy)
    with MemoryStore.open(copy, config=config, embedder=Dense()) as store:
        assert answers(store) == got
        expected = state(store.index())
    assert index["tags"] == expected["tags"] and ["a", "b", "c"] in index["tags"]
    assert index == expected


def test_a_write_removes_temporaries_left_by_a_killed_writer(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    target = snapshot.snapshot_path(path)
    abandoned = target.with_name(f"{target.name}.tmp-{done.stdout.strip()}")
    under_way = target.with_name(f"{target.name}.tmp-{os.getppid()}")
    for leftover in (abandoned, under_way):
        leftover.write_bytes(b"half a snapshot")
    filled(path)
    assert target.is_file() and not abandoned.exists() and under_way.exists()
