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


def test_a_copy_into_a_store_that_holds_only_a_graph_is_refused_and_changes_nothing(
    tmp_path: Path,
) -> None:
    with _open(tmp_path / "a.db") as a, _open(tmp_path / "b.db") as b:
        a.absorb(["Anna Petrova lives in Kazan."], scope="user")
        a.graph.add("Acme", "company")
        b.graph.add("Globex", "company")
        with pytest.raises(EngramError, match="already holds an entity graph or a change log"):
            a.copy_to(tmp_path / "b.db")
        assert [n.name for n in b.graph.list()] == ["Globex"] and not b.has_facts()


def test_migrate_into_a_store_whose_facts_were_all_nuked_exits_2_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engram.cli import main

    with _open(tmp_path / "a.db") as a, _open(tmp_path / "b.db") as b:
        a.absorb(["Anna Petrova lives in Kazan."], scope="user")
        b.absorb(["Boris Ivanov lives in Omsk."], scope="user")
        b.nuke("user", all_keys=True, confirm=True)  # its change log stays
    code = main(["memory", "--db", str(tmp_path / "a.db"), "migrate", "--to",
                 str(tmp_path / "b.db")])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and "unexpected" not in err
    assert err.startswith(f"engram: error: the memory store {tmp_path / 'b.db'} already holds")


def test_a_store_is_never_copied_into_itself(tmp_path: Path) -> None:
    with _open(tmp_path / "a.db") as a, pytest.raises(EngramError, match="this store itself"):
        a.copy_to(tmp_path / "a.db")


def test_a_database_is_never_copied_into_itself_and_its_password_is_not_shown(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from engram.cli import main

    empty(postgres_url)
    url = postgres_url.replace("://engram@", "://engram:Sup3rS3cretPw@")  # the server trusts
    with _open(url) as shared:
        shared.absorb(["Anna Petrova lives in Kazan."], scope="user")
    code = main(["memory", "--db", url, "migrate", "--to", url])
    out, err = capsys.readouterr()
    assert code == 2 and "Sup3rS3cretPw" not in out + err
    assert err.startswith(f"engram: error: {url.replace('Sup3rS3cretPw', '***')} is this store")


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


def _migrate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from engram.cli import main

    code = main(["memory", "migrate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _local(tmp_path: Path) -> Path:
    with _open(tmp_path / "local.db") as local:
        local.absorb(["Anna Petrova lives in Kazan."], scope="user")
    return tmp_path / "local.db"


def test_migrate_never_writes_into_a_database_of_another_program(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    other = tmp_path / "app.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE users (name TEXT)")
    before = other.read_bytes()
    code, _, err = _migrate(capsys, "--from", str(_local(tmp_path)), "--to", str(other))
    assert code == 2 and "app.db: not a new, empty store" in err
    assert other.read_bytes() == before


def test_migrate_from_a_missing_store_is_an_error_and_creates_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing, out = tmp_path / "nope.db", tmp_path / "out.db"
    code, _, err = _migrate(capsys, "--from", str(missing), "--to", str(out))
    assert code == 2 and err.startswith(f"engram: error: {missing}: no such store\n")
    assert not missing.exists() and not out.exists()


def test_migrate_into_a_missing_folder_is_an_error_and_creates_no_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "nonexist" / "x.db"
    code, _, err = _migrate(capsys, "--from", str(_local(tmp_path)), "--to", str(out))
    assert code == 2 and "the folder" in err and "does not exist" in err
    assert not out.parent.exists()


def test_a_migrate_that_fails_on_a_locked_source_leaves_no_new_target_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    source, out = _local(tmp_path), tmp_path / "out.db"
    monkeypatch.setenv("ENGRAM_MEMORY_LOCK_TIMEOUT_S", "0.2")
    holder = sqlite3.connect(source, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the store
    try:
        code, _, err = _migrate(capsys, "--from", str(source), "--to", str(out))
    finally:
        holder.close()
    assert code == 2 and "unexpected" not in err
    assert not out.exists() and not Path(f"{out}-wal").exists()


def test_a_source_holding_a_nul_postgresql_cannot_take_is_one_line_and_copies_nothing(
    postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.store.conftest import plant

    empty(postgres_url)
    source = _local(tmp_path)
    with _open(source) as local:  # written before a NUL was refused
        plant(local, "Anna Petrova lives in \x00 Kazan.")
    code, _, err = _migrate(capsys, "--from", str(source), "--to", postgres_url)
    assert code == 2 and "unexpected" not in err and "NUL character" in err
    assert len(err.splitlines()) == 1
    with _open(postgres_url) as shared:
        assert not shared.has_facts()


def test_ctrl_c_during_migrate_leaves_no_target_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from engram.store import transfer

    def interrupted(*args: object, **kw: object) -> None:
        raise KeyboardInterrupt

    source, out = _local(tmp_path), tmp_path / "out.db"
    monkeypatch.setattr(transfer, "copy_store", interrupted)
    code, _, err = _migrate(capsys, "--from", str(source), "--to", str(out))
    assert code == 130 and err == "engram: interrupted; nothing was changed\n"
    assert not out.exists() and not Path(f"{out}-wal").exists()


def test_a_libpq_keyword_string_is_refused_without_printing_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    to = "host=/tmp dbname=mem password=Sup3rS3cretPw"
    code, out, err = _migrate(capsys, "--from", str(_local(tmp_path)), "--to", to)
    assert code == 2 and "libpq keyword string" in err
    assert "Sup3rS3cretPw" not in out + err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["local.db"]


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://engram@/mem?host=/tmp/none&foo=bar&password=Sup3rS3cretPw",
        "postgresql://engram:Sup3r%ZZ@localhost/mem",
        "POSTGRESQL://engram@/mem?host=/tmp/none&foo=bar&password=Sup3rS3cretPw",
    ],
)
def test_a_url_libpq_cannot_read_is_one_line_with_its_password_masked(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _migrate(capsys, "--from", str(_local(tmp_path)), "--to", url)
    assert code == 2 and "not a valid PostgreSQL URL" in err
    assert "Sup3r" not in out + err and "unexpected" not in err
    assert len(err.splitlines()) == 2  # the error and its hint


def test_a_password_in_the_query_string_is_masked_in_the_store_location() -> None:
    from engram.store.opening import redacted

    url = "postgresql://engram@/mem?host=/tmp/sock&port=55432&password=Sup3rS3cretPw"
    assert redacted(url) == "postgresql://engram@/mem?host=/tmp/sock&port=55432&password=***"


def test_a_store_in_a_read_only_folder_can_be_migrated_and_is_left_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from engram.store import transfer

    source, out = _local(tmp_path), tmp_path / "copy" / "out.db"
    out.parent.mkdir()
    before = sorted(p.name for p in tmp_path.iterdir())
    read_only = {source.parent}  # SQLite can keep no journal there
    real = transfer._writable_folder
    monkeypatch.setattr(transfer, "_writable_folder", lambda f: f not in read_only and real(f))
    code, out_text, err = _migrate(capsys, "--from", str(source), "--to", str(out))
    assert code == 0, err
    assert f"copied {source} to {out}" in out_text
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    with _open(out) as copy:
        assert [f.content for f in copy.list()] == ["Anna Petrova lives in Kazan."]
