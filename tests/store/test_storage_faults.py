"""Storage faults of the fact store end in one line naming the file, exit 2, nothing half
written: a damaged, read-only, full, locked or newer file."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from engram.cli import main
from engram.config import load_config
from engram.errors import StoreFull, StoreLocked, StoreReadOnly
from engram.store import MemoryStore

FACT = "The deploy script lives in tools/deploy.sh and needs Docker."


def skip_unless_modes_bind(folder: Path) -> None:
    """File modes bind neither root (with its usual capabilities) nor Windows."""
    probe = folder / "probe"
    probe.write_text("x")
    probe.chmod(0o444)
    try:
        probe.open("w").close()
    except PermissionError:
        return
    finally:
        probe.chmod(0o644)
        probe.unlink()
    pytest.skip("file modes do not bind this user")


@pytest.fixture(autouse=True)
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "store" / "memory.db"
    monkeypatch.setenv("ENGRAM_DB", str(path))
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def absorb(capsys: pytest.CaptureFixture[str], fact: str = FACT) -> tuple[int, str, str]:
    # absorb makes the store file, not a folder of $ENGRAM_DB that is not there
    Path(os.environ["ENGRAM_DB"]).parent.mkdir(exist_ok=True)
    return run(capsys, "memory", "absorb", "--scope", "agent", fact)


def one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_a_corrupt_store_is_one_line_naming_the_file(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db.parent.mkdir()
    db.write_bytes(b"SQLite format 3\0" + os.urandom(4000))
    code, out, err = run(capsys, "memory", "search", "deploy")
    line = one_line(err)
    assert code == 2 and out == ""
    assert str(db) in line and "damaged" in line and "backup" in line


def test_a_store_with_a_newer_schema_is_refused_and_left_unchanged(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert absorb(capsys)[0] == 0
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO _migrations VALUES ('m999_from_the_future', 0)")
    before = db.read_bytes()
    code, _, err = absorb(capsys, "Staging runs on port 8080 behind nginx.")
    line = one_line(err)
    assert code == 2 and str(db) in line and "newer Engram" in line and "m999" in line
    assert db.read_bytes() == before


def test_a_schema_version_above_the_known_one_is_refused(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert absorb(capsys)[0] == 0
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 999")
    code, _, err = run(capsys, "memory", "list")
    assert code == 2 and "schema version 999" in one_line(err)


def test_a_lock_held_by_another_process_is_waited_for_only_lock_timeout_s(
    db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert absorb(capsys)[0] == 0
    monkeypatch.setenv("ENGRAM_MEMORY_LOCK_TIMEOUT_S", "1")
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        code, _, err = absorb(capsys, "Staging runs on port 8080 behind nginx.")
        waited = time.monotonic() - started
    finally:
        other.execute("ROLLBACK")
        other.close()
    line = one_line(err)
    assert code == 2 and waited < 6
    assert line.endswith(
        f"the memory store {db} is locked by another process; try again, or raise "
        "memory.lock_timeout_s"
    )


def test_a_store_told_locked_at_once_while_it_turns_to_wal_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite may say "locked" without waiting while other processes create the same file
    from engram.store.sqlite.connection import StoreConnection

    execute = StoreConnection.execute
    refused: list[str] = []

    def locked_once(self: StoreConnection, sql: str, parameters: object = (), /) -> object:
        if sql == "PRAGMA journal_mode=WAL" and not refused:
            refused.append(sql)
            raise StoreLocked("locked")
        return execute(self, sql, parameters)

    monkeypatch.setattr(StoreConnection, "execute", locked_once)
    with MemoryStore.open(tmp_path / "new.db") as store:
        store.absorb(["Staging runs on port 8080 behind nginx."], scope="agent")
        assert store.count() == 1
    assert refused


def test_a_full_disk_rolls_the_batch_back_with_one_line(tmp_path: Path) -> None:
    with MemoryStore.open(tmp_path / "full.db", config=load_config(None, env={})) as store:
        store.absorb([FACT], scope="agent")
        pages = store._backend._conn.execute("PRAGMA page_count").fetchone()[0]
        store._backend._conn.execute(f"PRAGMA max_page_count = {pages}")  # a disk with no room left
        facts = [f"Service number {n} listens on port {9000 + n} in staging." for n in range(300)]
        with pytest.raises(StoreFull) as caught:
            store.absorb(facts, scope="agent")
        assert "full" in str(caught.value) and str(tmp_path / "full.db") in str(caught.value)
        assert store.stats()["facts"] == 1
        assert store._backend._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_write_refused_as_read_only_is_one_line(tmp_path: Path) -> None:
    with MemoryStore.open(tmp_path / "ro.db", config=load_config(None, env={})) as store:
        store._backend._conn.execute("PRAGMA query_only = ON")  # SQLite's own read-only refusal
        with pytest.raises(StoreReadOnly) as caught:
            store.absorb([FACT], scope="agent")
        assert "\n" not in str(caught.value) and str(tmp_path / "ro.db") in str(caught.value)


def test_a_read_only_store_file_is_one_line_naming_it(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    skip_unless_modes_bind(tmp_path)
    assert absorb(capsys)[0] == 0
    db.chmod(0o444)
    try:
        code, _, err = absorb(capsys, "Staging runs on port 8080 behind nginx.")
    finally:
        db.chmod(0o644)
    line = one_line(err)
    assert code == 2 and str(db) in line and "read-only" in line


def test_a_read_only_folder_is_one_line_naming_the_store(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    skip_unless_modes_bind(tmp_path)
    db.parent.mkdir()
    db.parent.chmod(0o555)
    try:
        code, _, err = absorb(capsys)
    finally:
        db.parent.chmod(0o755)
    line = one_line(err)
    assert code == 2 and str(db) in line and "read-only" in line


@contextmanager
def read_only(*paths: Path) -> Iterator[None]:
    """The files and folders made read-only (0444 / 0555) for the block, then writable again."""
    for path in paths:
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        yield
    finally:
        for path in paths:
            path.chmod(0o755 if path.is_dir() else 0o644)


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (("memory", "search", "deploy", "script"), "tools/deploy.sh"),
        (("memory", "list"), "tools/deploy.sh"),
        (("memory", "stats"), "facts           1"),
        (("memory", "digest"), "tools/deploy.sh"),
        (("memory", "todo", "list"), "no open TODOs"),
        (("memory", "graph", "list"), "no nodes"),
        (("profile", "show"), "## Profile"),
        (("memory", "absorb", "--dry-run", "Deploys now run from tools/ship.sh."), "dry run"),
        (("memory", "gc", "--dry-run"), "dry run"),
        (("memory", "distill", "--dry-run"), "dry run"),
    ],
)
def test_a_reading_command_works_on_a_store_in_a_read_only_folder(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], shown: str
) -> None:
    skip_unless_modes_bind(tmp_path)
    assert absorb(capsys)[0] == 0
    with read_only(db, db.parent):
        code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "") and shown in out
    assert sorted(p.name for p in db.parent.iterdir()) == ["memory.db"]  # nothing written


def test_a_search_works_on_a_read_only_store_file_in_a_writable_folder(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    skip_unless_modes_bind(tmp_path)
    assert absorb(capsys)[0] == 0
    with read_only(db):
        code, out, err = run(capsys, "memory", "search", "deploy")
    assert (code, err) == (0, "") and "tools/deploy.sh" in out


@pytest.mark.parametrize(
    "argv",
    [
        ("memory", "absorb", "Staging runs on port 8080 behind nginx."),
        ("memory", "graph", "add", "Acme"),
        ("memory", "delete", "--scope", "agent", "--all-keys", "--yes"),
    ],
)
def test_a_writing_command_on_a_read_only_folder_is_one_line_and_writes_nothing(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    skip_unless_modes_bind(tmp_path)
    assert absorb(capsys)[0] == 0
    before = db.read_bytes()
    with read_only(db, db.parent):
        code, _, err = run(capsys, *argv)
    line = one_line(err)
    assert code == 2 and str(db) in line and "read-only" in line
    assert db.read_bytes() == before


def test_a_read_only_folder_whose_wal_holds_writes_is_refused_naming_it(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opened without locks, the writes in the -wal would be missed: a store read wrong."""
    skip_unless_modes_bind(tmp_path)
    assert absorb(capsys)[0] == 0
    copy = tmp_path / "copy" / "memory.db"
    copy.parent.mkdir()
    with MemoryStore.open(db, config=load_config(None, env={})) as store:
        store._backend._conn.execute("PRAGMA wal_autocheckpoint=0")
        store.absorb(["Staging runs on port 8080 behind nginx."], scope="agent")
        for name in ("memory.db", "memory.db-wal"):
            (copy.parent / name).write_bytes((db.parent / name).read_bytes())
    monkeypatch.setenv("ENGRAM_DB", str(copy))
    with read_only(copy, copy.parent / "memory.db-wal", copy.parent):
        code, out, err = run(capsys, "memory", "search", "staging")
    line = one_line(err)
    assert code == 2 and out == "" and str(copy) in line and "memory.db-wal" in line


def test_a_locked_store_is_a_tool_error_of_the_mcp_server(tmp_path: Path) -> None:
    from engram.mcp.server import build_server
    from tests.mcp.test_server import call

    path = tmp_path / "mcp.db"
    config = load_config(None, env={"ENGRAM_MEMORY_LOCK_TIMEOUT_S": "0"})
    with MemoryStore.open(path, config=config) as store:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            result = call(build_server(store, cwd=tmp_path), "memory_absorb",
                          {"facts": [FACT], "scope": "agent"})  # fmt: skip
        finally:
            other.execute("ROLLBACK")
            other.close()
    assert result.is_error
    assert result.content[0].text.endswith(
        f"the memory store {path} is locked by another process; try again, or raise "
        "memory.lock_timeout_s"
    )


def test_a_hook_logs_a_corrupt_store_and_answers_empty(
    project: Path, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engram.hooks.errorlog import log_path
    from engram.hooks.run import run_hook

    db.parent.mkdir()
    db.write_bytes(b"SQLite format 3\0" + os.urandom(4000))
    payload = {"hook_event_name": "SessionStart", "session_id": "s1", "cwd": str(project)}
    assert run_hook("claude", json.dumps(payload)) == "{}"
    assert f"StoreCorrupt: {db} is damaged" in log_path().read_text(encoding="utf-8")


def test_the_lock_timeout_is_a_setting_with_a_default_of_ten_seconds() -> None:
    assert load_config(None, env={})["memory.lock_timeout_s"] == 10


def test_a_missing_table_is_reported_as_damage(tmp_path: Path) -> None:
    from engram.config import load_config
    from engram.errors import StoreCorrupt
    from engram.store import MemoryStore

    db = tmp_path / "m.db"
    with MemoryStore.open(db, config=load_config(None, env={})) as store:
        store.absorb(["Kafka runs on three brokers."], scope="agent")
    conn = sqlite3.connect(db)
    conn.execute("DROP TABLE vectors")
    conn.commit()
    conn.close()
    with (
        pytest.raises(StoreCorrupt, match="damaged"),
        MemoryStore.open(db, config=load_config(None, env={})) as store,
    ):
        store.search("Kafka brokers")


def test_a_fact_row_with_broken_json_is_reported_as_damage(tmp_path: Path) -> None:
    from engram.config import load_config
    from engram.errors import StoreCorrupt
    from engram.store import MemoryStore

    db = tmp_path / "m.db"
    with MemoryStore.open(db, config=load_config(None, env={})) as store:
        store.absorb(["Kafka runs on three brokers."], scope="agent")
    conn = sqlite3.connect(db)
    conn.execute("UPDATE facts SET metadata = '{bad json'")
    conn.commit()
    conn.close()
    with (
        pytest.raises(StoreCorrupt, match="metadata are not JSON"),
        MemoryStore.open(db, config=load_config(None, env={})) as store,
    ):
        store.list()


def test_a_nuke_stopped_by_a_lock_leaves_no_backup_behind(tmp_path: Path) -> None:
    from engram.errors import StoreLocked
    from engram.store import MemoryStore

    db = tmp_path / "m.db"
    config = load_config(None, env={"ENGRAM_MEMORY_LOCK_TIMEOUT_S": "1"})
    with MemoryStore.open(db, config=config) as store:
        store.absorb(["Kafka runs on three brokers."], scope="run", scope_key="r1")
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreLocked):
                store.nuke("run", "r1", confirm=True)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
    assert not list(tmp_path.glob("m.db.backup-*"))


def test_another_programs_database_is_refused_and_left_unchanged(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db.parent.mkdir()
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE bookmarks (url TEXT)")
        conn.execute("INSERT INTO bookmarks VALUES ('https://example.com')")
    conn.close()
    before = db.read_bytes()
    code, out, err = run(capsys, "memory", "stats")
    line = one_line(err)
    assert code == 2 and out == ""
    assert str(db) in line and "not an Engram store" in line
    assert db.read_bytes() == before


def test_migrating_from_another_programs_database_leaves_it_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE bookmarks (url TEXT)")
    conn.close()
    before = other.read_bytes()
    code, _, err = run(
        capsys, "memory", "migrate", "--from", str(other), "--to", str(tmp_path / "new.db")
    )
    assert code == 2 and "not an Engram store" in one_line(err)
    assert other.read_bytes() == before and not (tmp_path / "new.db").exists()


def test_a_folder_given_as_the_store_is_named_as_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "memory", "--db", str(tmp_path), "absorb", "Alice lives in Berlin.")
    line = one_line(err)
    assert code == 2 and "is a folder, not a memory store file" in line and "disk" not in line
