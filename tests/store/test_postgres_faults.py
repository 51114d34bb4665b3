"""What goes wrong with a PostgreSQL store is one line naming the database, exit 2 from the
CLI, and nothing half written: a write lock held too long, a database a newer Engram wrote."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engram.cli import main
from engram.config import load_config
from engram.errors import StoreTooNew
from engram.store import MemoryStore
from tests.pgserver import empty


@pytest.fixture
def url(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    empty(postgres_url)
    monkeypatch.setenv("ENGRAM_DB", postgres_url)
    return postgres_url


def _absorb(capsys: pytest.CaptureFixture[str], fact: str) -> tuple[int, str]:
    code = main(["memory", "absorb", "--scope", "user", fact])
    return code, capsys.readouterr().err


def test_a_write_lock_held_by_another_writer_is_waited_for_only_lock_timeout_s(
    url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg

    from engram.store.postgres.connection import WRITE_LOCK

    assert _absorb(capsys, "Staging runs on port 8080 behind nginx.")[0] == 0
    monkeypatch.setenv("ENGRAM_MEMORY_LOCK_TIMEOUT_S", "1")
    with psycopg.connect(url) as other:
        other.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
        started = time.monotonic()
        code, err = _absorb(capsys, "Production runs on port 443 behind envoy.")
        waited = time.monotonic() - started
    assert code == 2 and waited < 6
    assert err.splitlines()[0] == (
        f"engram: error: the memory store {url} is locked by another writer for over 1 s; try "
        "again, or raise memory.lock_timeout_s"
    )
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        assert [f.content for f in store.list()] == ["Staging runs on port 8080 behind nginx."]


def test_a_database_a_newer_engram_wrote_is_refused_and_left_unchanged(url: str) -> None:
    import psycopg

    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        store.absorb(["Staging runs on port 8080 behind nginx."], scope="user")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO _migrations VALUES ('m999_from_the_future', 0)")
    try:
        with pytest.raises(StoreTooNew, match="m999_from_the_future"):
            MemoryStore.open(url, config=load_config(None, env={}))
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT COUNT(*) FROM facts").fetchone() == (1,)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DELETE FROM _migrations WHERE name = 'm999_from_the_future'")


def test_stats_name_the_backend_and_no_snapshot_file(url: str, tmp_path: Path) -> None:
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        store.absorb(["Staging runs on port 8080 behind nginx."], scope="user")
        stats = store.stats()
    assert stats["backend"] == "postgresql" and stats["path"] == url
    assert stats["index_path"] is None and stats["bytes"] > 0
    assert stats["vector_search"] == "exact (sparse vectors, scored on the full-text candidates)"


def test_a_process_that_holds_every_pooled_connection_is_told_so(url: str) -> None:
    from engram.errors import StoreError
    from engram.store.postgres import connection

    config = load_config(None, env={"ENGRAM_MEMORY_LOCK_TIMEOUT_S": "1"})
    with MemoryStore.open(url, config=config):
        pool = connection._POOLS[url]
        held = []
        while pool.get_stats()["pool_size"] < pool.max_size or pool.get_stats()["pool_available"]:
            held.append(pool.getconn(timeout=5))
        try:
            with pytest.raises(StoreError, match=r"all 8 connections this process may open"):
                MemoryStore.open(url, config=config)
        finally:
            for conn in held:
                pool.putconn(conn)


def test_connections_the_server_ended_while_pooled_are_replaced_without_an_error(
    url: str,
) -> None:
    import psycopg

    config = load_config(None, env={})
    stores = [MemoryStore.open(url, config=config) for _ in range(3)]  # three pooled connections
    for store in stores:
        store.close()
    with psycopg.connect(url, autocommit=True) as admin:  # a server restart, an idle timeout
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    with MemoryStore.open(url, config=config) as store:
        assert store.count() == 0


def test_a_url_with_a_wrong_connect_timeout_is_reported_at_once(
    url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong = url + ("&" if "?" in url else "?") + "connect_timeout=abc"
    monkeypatch.setenv("ENGRAM_DB", wrong)
    started = time.monotonic()
    code = main(["memory", "search", "staging"])
    err = capsys.readouterr().err
    assert code == 2 and time.monotonic() - started < 5
    assert "connect_timeout" in err and len(err.strip().splitlines()) <= 2
