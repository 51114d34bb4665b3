"""Which store a location opens: a path is an SQLite file, a postgresql:// URL a database on a
server; a URL this build cannot serve is a one-line error that creates nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engram.config import load_config
from engram.errors import EngramError, StoreError
from engram.store import MemoryStore
from engram.store.db import resolve_db


def _open(where: str) -> MemoryStore:
    return MemoryStore.open(where, config=load_config(None, env={}))


def test_an_unknown_scheme_is_an_error_naming_it_and_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EngramError, match=r"cannot serve a mysql:// database"):
        _open("mysql://me:secret@db.example/memory")
    assert list(tmp_path.iterdir()) == []


def test_a_password_in_the_url_never_shows_in_the_error(tmp_path: Path) -> None:
    with pytest.raises(EngramError) as raised:
        _open("mysql://me:hunter2@db.example/memory")
    assert "hunter2" not in str(raised.value) and "me:***@db.example" in str(raised.value)


def test_a_postgresql_url_without_the_extra_names_the_extra_and_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import engram.store.opening as opening

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(opening, "find_spec", lambda name: None)
    with pytest.raises(EngramError, match=r"engram\[postgres\]"):
        _open("postgresql://me@localhost/memory")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "keywords",
    [
        "user=auditor dbname=memory host=127.0.0.1 port=5432",
        "host=/run/postgresql dbname=memory password=hunter2",
        "  dbname = memory",
        "connect_timeout=5 host=db.internal dbname=memory password=hunter2",
        "application_name=engram host=db.internal password=hunter2",
    ],
)
def test_a_libpq_keyword_string_is_refused_without_echoing_it_and_creates_nothing(
    keywords: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EngramError, match="libpq keyword string is not a store location") as raised:
        _open(keywords)
    assert "hunter2" not in str(raised.value) and "postgresql://" in raised.value.hint
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["host", "hostname=x.db", "notes/host=1.db", "dbname"])
def test_a_file_name_that_only_looks_like_a_libpq_keyword_is_a_file(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path(name).parent.mkdir(parents=True, exist_ok=True)
    _open(name).close()
    assert Path(name).is_file()


def test_a_libpq_keyword_string_in_the_environment_is_refused_in_one_line_with_exit_2(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engram", "memory", "stats"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "ENGRAM_DB": "dbname=memory password=hunter2"},
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "memory.db (env ENGRAM_DB): a libpq keyword string is not" in done.stderr
    assert "hunter2" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_server_that_does_not_answer_is_one_line_naming_the_database() -> None:
    with socket_bound() as port, pytest.raises(StoreError, match=rf"reach .*:{port}/memory"):
        _open(f"postgresql://me:hunter2@127.0.0.1:{port}/memory")


def test_a_url_in_the_environment_or_the_flag_is_kept_as_a_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url = "postgresql://team@db.internal:5432/memory"
    assert resolve_db(url, None) == url
    monkeypatch.setenv("ENGRAM_DB", url)
    assert resolve_db(None, None) == url
    monkeypatch.setenv("ENGRAM_DB", "~/memory.db")
    assert isinstance(resolve_db(None, None), Path)


def test_the_cli_reports_an_unservable_url_in_one_line_with_exit_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engram", "memory", "--db", "mysql://db.example/x", "stats"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    error, hint = done.stderr.strip().splitlines()
    assert error == (
        "engram: error: memory store mysql://db.example/x: Engram cannot serve a mysql:// database"
    )
    assert hint.startswith("engram: hint:") and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


class socket_bound:
    """A local port that is bound but never accepts a connection (nothing listens)."""

    def __enter__(self) -> int:
        import socket

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        return int(self.sock.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        self.sock.close()


def test_the_cli_absorbs_into_and_searches_a_postgresql_store(
    postgres_url: str, tmp_path: Path
) -> None:
    from tests.pgserver import empty

    empty(postgres_url)

    def engram(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "engram", "memory", "--db", postgres_url, *args],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=True,
        )
        return done.stdout

    engram("absorb", "--scope", "user", "Olga Petrova leads the data platform team.")
    assert "Olga Petrova" in engram("search", "who leads data platform")
    assert "postgresql" in engram("stats", "--json") and list(tmp_path.iterdir()) == []


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_new_store_and_its_journal_are_readable_by_their_owner_alone(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    with _open(str(path)) as store:
        store.absorb(["Anna's phone number is 555-0101."], scope="user", scope_key="anna")
        files = [p for p in tmp_path.iterdir() if p.name.startswith("memory.db")]
        assert {p.stat().st_mode & 0o777 for p in files} == {0o600}


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_an_existing_store_keeps_the_mode_its_owner_gave_it(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    _open(str(path)).close()
    path.chmod(0o640)  # shared with a group on purpose
    _open(str(path)).close()
    assert path.stat().st_mode & 0o777 == 0o640


def test_memory_is_a_store_in_memory_that_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with _open(":memory:") as store:
        store.absorb(["Alice lives in Paris now."], scope="agent")
        assert [hit.fact.content for hit in store.search("Alice")] == ["Alice lives in Paris now."]
    assert list(tmp_path.iterdir()) == []
    with _open(":memory:") as store:
        assert store.search("Alice") == []  # gone when it closed
