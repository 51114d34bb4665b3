"""The hooks' error log: one entry an error, its first line the one `doctor` shows."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from engram.hooks import errorlog
from engram.hooks.errorlog import last_errors, log_error


@pytest.fixture(autouse=True)
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ENGRAM_STATE_DIR", str(tmp_path))
    return tmp_path


def test_a_message_of_several_lines_is_one_entry() -> None:
    log_error("claude", "UserPromptSubmit", ValueError("first\nsecond\u2028third\x85fourth"))
    assert len(last_errors()) == 1
    assert last_errors()[0].endswith("ValueError: first second third fourth")


def test_a_trace_with_other_line_breaks_stays_inside_its_entry() -> None:
    log_error("codex", "", RuntimeError("boom"), trace="line\u2028more\x0bstill")
    log_error("codex", "", RuntimeError("later"), trace="t")
    assert [line.rsplit(": ", 1)[1] for line in last_errors()] == ["boom", "later"]


def test_a_full_log_keeps_whole_entries_of_its_newer_half(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(errorlog, "MAX_BYTES", 2000)
    for n in range(40):
        log_error("gemini", "BeforeAgent", KeyError(f"e{n}"), trace="trace line\n" * 3)
    heads = errorlog.log_path().read_text(encoding="utf-8").split("\n")
    entries = [line for line in heads if line and not line.startswith(" ")]
    assert all(" host=gemini event=BeforeAgent KeyError: " in line for line in entries)
    assert last_errors(1)[0].endswith("KeyError: 'e39'")


def test_a_full_disk_while_the_log_is_cut_keeps_the_old_log_and_the_new_entry(
    state: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for n in range(20):
        log_error("gemini", "BeforeAgent", KeyError(f"e{n}"), trace="trace line\n" * 3)
    old = errorlog.log_path().read_bytes()
    monkeypatch.setattr(errorlog, "MAX_BYTES", len(old) - 1)  # the next error cuts it

    def no_room(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def rewrite_on_a_full_disk(self: Path, *args: object, **kwargs: object) -> None:
        self.open("w").close()  # opened for writing, so emptied, then no room for the text
        no_room()

    monkeypatch.setattr(Path, "write_text", rewrite_on_a_full_disk)
    monkeypatch.setattr(Path, "write_bytes", rewrite_on_a_full_disk)
    monkeypatch.setattr(os, "write", no_room)
    log_error("gemini", "BeforeAgent", KeyError("new"), trace="t")
    assert errorlog.log_path().read_bytes().startswith(old)
    assert last_errors(1)[0].endswith("KeyError: 'new'")
    assert [p.name for p in state.iterdir()] == ["hooks.log"]


def test_a_huge_error_is_logged_in_a_bounded_entry() -> None:
    log_error("claude", "UserPromptSubmit", ValueError("x" * 1_000_000), trace="y" * 1_000_000)
    size = errorlog.log_path().stat().st_size
    assert size < errorlog.MAX_MESSAGE + errorlog.MAX_TRACE + 500
    assert last_errors(1)[0].endswith("… (1,000,000 characters)")


def test_a_long_trace_keeps_its_end_where_the_failing_call_is() -> None:
    trace = "\n".join(f"frame {n}" for n in range(5000))
    log_error("codex", "", RuntimeError("boom"), trace=trace)
    text = errorlog.log_path().read_text(encoding="utf-8")
    assert "frame 4999" in text and "frame 0\n" not in text
    assert "characters left out" in text


def two_projects(tmp_path: Path) -> tuple[Path, Path]:
    from engram.files.authoring import init_workspace

    for name in ("a", "b"):
        init_workspace(tmp_path / name)
    return tmp_path / "a", tmp_path / "b"


def doctor(capsys: pytest.CaptureFixture[str], project: Path, *flags: str) -> tuple[int, str]:
    from engram.cli import main

    code = main(["-C", str(project), "doctor", *flags])
    return code, capsys.readouterr().out


def test_a_hook_error_is_logged_with_the_folder_the_hook_ran_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.hooks.helpers import call_raw

    a, b = two_projects(tmp_path)
    monkeypatch.chdir(a)  # hosts start hooks in the project folder
    call_raw(monkeypatch, capsys, "claude", "not json")
    assert last_errors(folder=a) and not last_errors(folder=b)


def test_doctor_shows_a_hook_error_only_in_the_project_it_happened_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = two_projects(tmp_path)
    log_error("claude", "UserPromptSubmit", ValueError("boom"), trace="t", folder=a / "src")
    assert doctor(capsys, b) == (0, "no problems found\n")
    code, out = doctor(capsys, a)
    assert code == 1 and out.rstrip().endswith("ValueError: boom")


def test_doctor_leaves_out_a_hook_error_older_than_a_week(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import time

    a, _ = two_projects(tmp_path)
    old = time.strftime(errorlog.STAMP, time.localtime(time.time() - 8 * 86400))
    entry = f'{old} dir="{a}" host=claude event=? ValueError: long fixed\n    t\n'
    errorlog.log_path().write_text(entry, encoding="utf-8")
    assert doctor(capsys, a) == (0, "no problems found\n")


def test_an_error_of_an_older_log_that_names_no_folder_is_shown_in_every_project(
    tmp_path: Path,
) -> None:
    import time

    a, b = two_projects(tmp_path)
    now = time.strftime(errorlog.STAMP)
    errorlog.log_path().write_text(f"{now} host=codex event=? KeyError: 'x'\n    t\n")
    assert (
        last_errors(folder=a, days=7)
        == last_errors(folder=b, days=7)
        == [f"{now} host=codex event=? KeyError: 'x'"]
    )


def test_doctor_clear_hook_errors_forgets_this_projects_errors_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = two_projects(tmp_path)
    log_error("claude", "UserPromptSubmit", ValueError("in a"), trace="t", folder=a)
    log_error("claude", "UserPromptSubmit", ValueError("in b"), trace="t", folder=b)
    assert doctor(capsys, a, "--clear-hook-errors") == (0, "no problems found\n")
    assert doctor(capsys, a) == (0, "no problems found\n")
    assert [line.rsplit(": ", 1)[1] for line in last_errors()] == ["in b"]
