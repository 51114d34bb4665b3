"""Bad and odd inputs to absorb and search end in a clear error, never a traceback."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from engram.cli import main
from engram.errors import EngramError
from engram.store import MemoryStore


def test_text_that_is_not_utf8_is_rejected_with_a_reason(store: MemoryStore) -> None:
    outcomes = store.absorb(
        [
            "Anna lives in \ud800 Boston.",
            {"content": "Anna lives in Boston now.", "metadata": {"x": "\udcff"}},
            {"content": "Anna is happy today.", "tags": ["\udcff"]},
            "Anna lives in Boston.",
        ],
        scope="agent",
    )
    assert [o.outcome for o in outcomes] == ["rejected", "rejected", "rejected", "new"]
    assert "not UTF-8" in outcomes[0].reason


@pytest.mark.parametrize("option", ["scope_key", "source"])
def test_a_key_or_source_that_is_not_utf8_is_refused(store: MemoryStore, option: str) -> None:
    with pytest.raises(EngramError, match="not UTF-8"):
        store.absorb(["Anna lives in Boston."], scope="agent", **{option: "\udcff"})  # type: ignore[arg-type]


def test_deeply_nested_json_on_stdin_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "cli.db"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("[" * 100_000 + "]" * 100_000))
    assert main(["memory", "absorb", "--scope", "agent"]) == 2
    err = capsys.readouterr().err
    assert "nested too deeply" in err and "Traceback" not in err


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"])
def test_dates_at_the_ends_of_the_calendar_are_refused_cleanly(
    store: MemoryStore, when: str
) -> None:
    store.absorb(["Anna lives in Boston."], scope="agent")
    with pytest.raises(EngramError, match="as_of must be an ISO date"):
        store.search("Anna", as_of=when)


def test_a_query_that_is_not_text_is_refused(store: MemoryStore) -> None:
    with pytest.raises(EngramError, match="query must be text"):
        store.search(None)  # type: ignore[arg-type]


def test_valid_from_in_any_zone_is_stored_in_utc(store: MemoryStore) -> None:
    [stored] = store.absorb(
        [{"content": "Anna lives in Boston.", "valid_from": "2026-01-01T09:00:00+09:00"}],
        scope="user",
    )
    fact = store.get(stored.id or "")
    assert fact is not None and not isinstance(fact, list)
    assert fact.valid_from == "2026-01-01T00:00:00+00:00"
