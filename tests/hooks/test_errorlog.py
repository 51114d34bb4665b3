"""The hooks' error log: one entry an error, its first line the one `doctor` shows."""

from __future__ import annotations

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
