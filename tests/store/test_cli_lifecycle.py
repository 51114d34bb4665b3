"""`engram memory update | delete | nuke` through the real entry point."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from engram.cli import main
from engram.store import MemoryStore

TEA = "Ivan Petrov drinks green tea in the morning meetings."
COFFEE = "Ivan Petrov drinks black coffee in the morning meetings."


class Terminal(io.StringIO):
    """Standard input as a terminal someone types `text` into (then Ctrl-D)."""

    def isatty(self) -> bool:
        return True


class Interrupted:
    """A terminal where the user presses Ctrl-C at the prompt."""

    def isatty(self) -> bool:
        return True

    def readline(self) -> str:
        raise KeyboardInterrupt


@pytest.fixture(autouse=True)
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cli.db"
    MemoryStore.open(path).close()  # an empty store: a command other than absorb makes none
    monkeypatch.setenv("ENGRAM_DB", str(path))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no terminal unless a test gives one
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["memory", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def absorb(capsys: pytest.CaptureFixture[str], text: str, key: str = "ivan") -> str:
    code, out, _ = run(capsys, "absorb", "--scope", "user", "--key", key, "--json", text)
    assert code == 0
    return str(json.loads(out)["outcomes"][0]["id"])


def error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("engram:")]


# -- update --------------------------------------------------------------------------------
def test_update_prints_the_new_version(capsys: pytest.CaptureFixture[str]) -> None:
    old = absorb(capsys, TEA)
    code, out, _ = run(capsys, "update", old, COFFEE, "--json")
    new = json.loads(out)
    assert code == 0 and new["content"] == COFFEE and new["id"] != old
    code, out, _ = run(capsys, "get", new["id"], "--mode", "full_history", "--json")
    assert [f["status"] for f in json.loads(out)["facts"]] == ["superseded", "active"]


def test_update_replaces_the_metadata_with_a_json_object(
    capsys: pytest.CaptureFixture[str],
) -> None:
    old = absorb(capsys, TEA)
    code, out, _ = run(capsys, "update", old, COFFEE, "--metadata", '{"checked": true}', "--json")
    assert code == 0 and json.loads(out)["metadata"] == {"checked": True}


def test_update_with_broken_metadata_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    old = absorb(capsys, TEA)
    code, _, err = run(capsys, "update", old, COFFEE, "--metadata", "{oops")
    assert code == 2 and error_lines(err)[0].startswith("engram: error: --metadata is not JSON")


def test_update_to_a_secret_exits_2_and_writes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    old = absorb(capsys, TEA)
    token = "ghp_" + "a1B2c3D4e5" * 3 + "a1B2c3"
    code, _, err = run(capsys, "update", old, f"The deploy key {token} lives in the vault.")
    assert code == 2 and "secret in content" in err and token not in err
    code, out, _ = run(capsys, "get", old, "--json")
    assert json.loads(out)["facts"][0]["content"] == TEA


# -- delete --------------------------------------------------------------------------------
def test_delete_hides_the_fact_from_list_and_search(capsys: pytest.CaptureFixture[str]) -> None:
    fact_id = absorb(capsys, TEA)
    code, out, _ = run(capsys, "delete", fact_id, "--json")
    assert code == 0 and json.loads(out) == {"deleted": [fact_id]}
    assert run(capsys, "list")[1] == "no facts\n"
    assert run(capsys, "search", "green tea")[1] == "no results\n"
    assert fact_id in run(capsys, "list", "--status", "deleted")[1]


def test_deleting_twice_exits_2_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    fact_id = absorb(capsys, TEA)
    run(capsys, "delete", fact_id)
    code, _, err = run(capsys, "delete", fact_id)
    assert code == 2 and error_lines(err)[0] == f"engram: error: fact {fact_id} is already deleted"


def test_deleting_an_unknown_id_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "delete", "f_nope")
    assert code == 2 and "no fact with id 'f_nope'" in err


def test_erase_needs_a_confirmation_without_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fact_id = absorb(capsys, TEA)
    code, _, err = run(capsys, "delete", fact_id, "--erase")
    assert code == 2 and "--yes" in err and "nothing was erased" in err
    assert TEA in run(capsys, "list")[1]


def test_erase_with_yes_removes_the_text(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    fact_id = absorb(capsys, TEA)
    code, out, _ = run(capsys, "delete", fact_id, "--erase", "--yes", "--json")
    assert code == 0 and json.loads(out) == {"erased": [fact_id], "derived": []}
    wal = db.with_name("cli.db-wal")
    assert b"green tea" not in db.read_bytes() + (wal.read_bytes() if wal.exists() else b"")


def test_erase_asks_and_a_typed_answer_confirms(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fact_id = absorb(capsys, TEA)
    monkeypatch.setattr(sys, "stdin", Terminal("erase\n"))
    code, out, err = run(capsys, "delete", fact_id, "--erase")
    assert code == 0 and "type 'erase' to confirm" in err and out.startswith("erased the text")


def test_delete_of_a_scope_needs_a_key_or_all_keys(capsys: pytest.CaptureFixture[str]) -> None:
    absorb(capsys, TEA)
    code, _, err = run(capsys, "delete", "--scope", "user", "--yes")
    assert code == 2 and "--all-keys" in err
    assert TEA in run(capsys, "list")[1]


def test_delete_of_a_scope_and_key(capsys: pytest.CaptureFixture[str]) -> None:
    gone = absorb(capsys, TEA)
    kept = absorb(capsys, "Olga Petrova flies to Kazan every second Monday.", key="olga")
    code, out, _ = run(capsys, "delete", "--scope", "user", "--key", "ivan", "--yes", "--json")
    assert code == 0 and json.loads(out) == {"deleted": [gone]}
    assert kept in run(capsys, "list")[1]


def test_delete_of_a_scope_with_all_keys(capsys: pytest.CaptureFixture[str]) -> None:
    absorb(capsys, TEA)
    absorb(capsys, "Olga Petrova flies to Kazan every second Monday.", key="olga")
    code, out, _ = run(capsys, "delete", "--scope", "user", "--all-keys", "--yes")
    assert code == 0 and out == "deleted 2 facts of user (every key)\n"


def test_delete_of_a_scope_with_stdin_closed_asks_for_yes_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    absorb(capsys, TEA)
    monkeypatch.setattr(sys, "stdin", None)  # what Python sets when fd 0 is closed (`<&-`)
    code, _, err = run(capsys, "delete", "--scope", "user", "--key", "ivan")
    assert code == 2 and len(error_lines(err)) == 1 and "--yes" in err
    assert TEA in run(capsys, "list")[1]


def test_delete_help_shows_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["memory", "delete", "--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and "engram memory delete ID --erase" in out


# -- nuke ----------------------------------------------------------------------------------
def test_nuke_without_a_key_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    absorb(capsys, TEA)
    code, _, err = run(capsys, "nuke", "--scope", "user", "--yes")
    assert code == 2 and "--key K, or --all-keys" in err
    assert TEA in run(capsys, "list")[1]


def test_nuke_with_all_keys_erases_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    absorb(capsys, TEA)
    absorb(capsys, "Olga Petrova flies to Kazan every second Monday.", key="olga")
    code, out, _ = run(capsys, "nuke", "--scope", "user", "--all-keys", "--yes", "--json")
    result = json.loads(out)
    assert code == 0 and result["erased"] == 2 and Path(result["backup"]).exists()


def test_nuke_with_nothing_to_erase_writes_no_backup(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    absorb(capsys, TEA)
    code, out, _ = run(capsys, "nuke", "--scope", "user", "--key", "olga", "--yes")
    assert code == 0 and "nothing erased, no backup written" in out
    assert not list(db.parent.glob("*.backup-*"))


def test_end_of_input_at_the_prompt_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    absorb(capsys, TEA)
    monkeypatch.setattr(sys, "stdin", Terminal(""))
    code, _, err = run(capsys, "nuke", "--scope", "user", "--key", "ivan")
    assert code == 2 and "Traceback" not in err
    assert error_lines(err) == [
        "engram: error: no answer (end of input): nothing was erased; type 'user' or pass --yes"
    ]
    assert TEA in run(capsys, "list")[1]


def test_ctrl_c_at_the_prompt_is_one_line_and_exit_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    absorb(capsys, TEA)
    monkeypatch.setattr(sys, "stdin", Interrupted())
    code, _, err = run(capsys, "nuke", "--scope", "user", "--key", "ivan")
    assert code == 130 and error_lines(err) == ["engram: cancelled: nothing was erased"]
    assert TEA in run(capsys, "list")[1]


def test_a_wrong_answer_at_the_prompt_erases_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    absorb(capsys, TEA)
    monkeypatch.setattr(sys, "stdin", Terminal("yes\n"))
    code, _, err = run(capsys, "nuke", "--scope", "user", "--key", "ivan")
    assert code == 2 and "not confirmed: nothing was erased" in err
    assert TEA in run(capsys, "list")[1]


def test_update_with_too_deeply_nested_metadata_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fact_id = absorb(capsys, TEA)
    deep = '{"a":' * 3000 + "1" + "}" * 3000
    assert main(["memory", "update", fact_id, COFFEE, "--metadata", deep]) == 2
    err = capsys.readouterr().err
    assert "nested too deeply" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["get", "\udcff"], "fact id"),
        (["get", "\udcff", "--history"], "fact id"),
        (["delete", "\udcff"], "fact id"),
        (["delete", "\udcff", "--erase", "--yes"], "fact id"),
        (["update", "\udcff", TEA], "fact id"),
        (["boost", "\udcff"], "fact id"),
        (["link", "\udcff", "f_x", "related_to"], "fact id"),
        (["restore", "\udcff"], "fact id"),
        (["todo", "done", "\udcff"], "fact id"),
        (["list", "--key", "\udcff"], "scope key"),
        (["list", "--tag", "\udcff"], "tag"),
        (["delete", "--scope", "run", "--key", "\udcff", "--yes"], "scope key"),
        (["nuke", "--scope", "run", "--key", "\udcff", "--yes"], "scope key"),
    ],
)
def test_an_id_or_key_of_bytes_that_are_not_utf8_exits_2_naming_it(
    capsys: pytest.CaptureFixture[str], argv: list[str], field: str
) -> None:
    """A command line of undecodable bytes reaches Python as lone surrogates."""
    run(capsys, "absorb", TEA)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "unexpected" not in err
    assert err.splitlines()[0] == (
        f"engram: error: {field} holds bytes that are not UTF-8 text; send it as UTF-8"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--db", "", "nuke", "--scope", "user", "--all-keys", "--yes"],
        ["--db", " ", "delete", "--scope", "user", "--all-keys", "--yes"],
        ["migrate", "--to", ""],
        ["migrate", "--from", "", "--to", "{tmp}/copy.db"],
    ],
)
def test_an_empty_store_name_is_refused_not_read_as_the_default_store(
    capsys: pytest.CaptureFixture[str], argv: list[str], tmp_path: Path
) -> None:
    """`--db "$UNSET"` must not fall back to $ENGRAM_DB or the per-user store."""
    run(capsys, "absorb", "--scope", "user", "--key", "ivan", TEA)
    code, out, err = run(capsys, *(arg.format(tmp=tmp_path) for arg in argv))
    assert code == 2 and out == "" and "is empty" in err.splitlines()[0]
    assert json.loads(run(capsys, "list", "--json")[1])["total"] == 1


def test_restore_brings_a_deleted_fact_back_to_list_and_search(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fact_id = absorb(capsys, TEA)
    run(capsys, "delete", fact_id)
    code, out, _ = run(capsys, "restore", fact_id, "--json")
    assert code == 0 and json.loads(out) == {"restored": [fact_id]}
    assert TEA in run(capsys, "list")[1]
    assert fact_id in run(capsys, "search", "green tea")[1]


def test_restore_undoes_a_delete_of_a_whole_scope_fact_by_fact(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ivan = absorb(capsys, TEA)
    olga = absorb(capsys, "Olga Petrova flies to Kazan every second Monday.", key="olga")
    run(capsys, "delete", "--scope", "user", "--all-keys", "--yes")
    for fact_id in (ivan, olga):
        assert run(capsys, "restore", fact_id)[0] == 0
    listed = run(capsys, "list")[1]
    assert ivan in listed and olga in listed


def test_restore_of_an_erased_fact_says_its_text_is_gone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fact_id = absorb(capsys, TEA)
    run(capsys, "delete", fact_id, "--erase", "--yes")
    code, _, err = run(capsys, "restore", fact_id)
    assert code == 2 and error_lines(err)[0] == (
        f"engram: error: fact {fact_id} was erased: its text is gone for good"
    )
    assert run(capsys, "list", "--status", "active")[1] == "no facts\n"


def test_restore_of_an_active_fact_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    fact_id = absorb(capsys, TEA)
    code, _, err = run(capsys, "restore", fact_id)
    assert code == 2 and "is active, not archived" in err
