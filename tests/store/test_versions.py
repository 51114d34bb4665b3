"""Versions on valid time: duplicates keep what they brought, updates are placed by when they
became true, and search answers "what was true then"."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from engram.cli import main
from engram.errors import EngramError
from engram.store import MemoryStore


def test_a_duplicate_keeps_its_wording_source_and_metadata(store: MemoryStore) -> None:
    [first] = store.absorb(
        [{"content": "Diego leads the platform team.", "metadata": {"msg": 1}}],
        scope="agent",
        source="standup",
    )
    [again] = store.absorb(
        [{"content": "The platform team is led by Diego.", "metadata": {"msg": 7}}],
        scope="agent",
        source="retro",
    )
    assert (again.outcome, again.id) == ("duplicate", first.id)
    fact = store.get(first.id)
    assert fact is not None and not isinstance(fact, list)
    [copy] = fact.duplicates
    assert (copy["content"], copy["source"], copy["metadata"]) == (
        "The platform team is led by Diego.",
        "retro",
        {"msg": 7},
    )
    assert fact.to_json()["duplicates"] == [copy]


def test_a_duplicate_adds_its_tags_to_the_fact_it_repeats(store: MemoryStore) -> None:
    [first] = store.absorb(["The billing service is written in Go."], scope="agent")
    store.absorb(["The billing service is written in Go."], scope="agent", tags=["billing"])
    assert [h.id for h in store.search("billing service", tags=["billing"])] == [first.id]


def test_an_exact_repeat_with_nothing_new_records_no_copy(store: MemoryStore) -> None:
    [first] = store.absorb(["The billing service is written in Go."], scope="agent")
    store.absorb(["The billing service is written in Go."], scope="agent")
    fact = store.get(first.id)
    assert fact is not None and not isinstance(fact, list) and fact.duplicates == []


def test_repeating_an_old_value_asserts_it_again(store: MemoryStore) -> None:
    store.absorb(["Alice lives in Paris."], scope="user")
    store.absorb(["Alice lives in Berlin."], scope="user")
    [back] = store.absorb(["Alice lives in Paris."], scope="user")
    assert back.outcome == "supersede"
    assert [h.content for h in store.search("where does Alice live")] == ["Alice lives in Paris."]


def test_an_old_value_absorbed_late_takes_its_place_in_the_history(store: MemoryStore) -> None:
    [munich] = store.absorb(
        [{"content": "Alice lives in Munich.", "valid_from": "2024-05-01"}], scope="user"
    )
    [berlin] = store.absorb(
        [{"content": "Alice lives in Berlin.", "valid_from": "2023-01-01"}], scope="user"
    )
    assert berlin.outcome == "supersede" and "earlier version" in berlin.reason
    history = store.get(munich.id, mode="full_history")
    assert isinstance(history, list)
    assert [(f.content, f.status) for f in history] == [
        ("Alice lives in Berlin.", "superseded"),
        ("Alice lives in Munich.", "active"),
    ]
    assert history[0].valid_to == history[1].valid_from


def test_as_of_answers_what_was_true_then(store: MemoryStore) -> None:
    store.absorb([{"content": "Alice lives in Berlin.", "valid_from": "2023-01-01"}], scope="user")
    store.absorb([{"content": "Alice lives in Munich.", "valid_from": "2024-05-01"}], scope="user")
    then = [h.content for h in store.search("Alice lives", as_of="2023-06-30")]
    now = [h.content for h in store.search("Alice lives")]
    before = store.search("Alice lives", as_of="2022-12-31")
    assert (then, now, before) == (["Alice lives in Berlin."], ["Alice lives in Munich."], [])


def test_the_latest_of_several_matching_records_ranks_first(store: MemoryStore) -> None:
    store.absorb(
        [
            {"content": "Alice: I live in Munich now, near the park.", "valid_from": "2024-02-01"},
            {"content": "Alice: I live in Berlin with my sister.", "valid_from": "2023-01-01"},
            {"content": "Bob: I live in Lisbon.", "valid_from": "2022-01-01"},
        ],
        scope="user",
        scope_key="chat",
        kind="event",
    )
    hits = store.search("where does Alice live", as_of="2024-06-01")
    assert hits[0].content.startswith("Alice: I live in Munich")
    earlier = store.search("where does Alice live", as_of="2023-06-01")
    assert earlier[0].content.startswith("Alice: I live in Berlin")


@pytest.mark.parametrize("option", ["as_of", "since", "until"])
def test_a_bad_date_names_the_option(store: MemoryStore, option: str) -> None:
    store.absorb(["Alice lives in Berlin."], scope="user")
    with pytest.raises(EngramError, match=f"{option} must be an ISO date"):
        store.search("Alice", **{option: "yesterday"})  # type: ignore[arg-type]


def test_cli_search_as_of(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "cli.db"))
    facts = [
        '{"content": "Alice lives in Berlin.", "valid_from": "2023-01-01"}',
        '{"content": "Alice lives in Munich.", "valid_from": "2024-05-01"}',
    ]
    for line in facts:
        monkeypatch.setattr(sys, "stdin", io.StringIO(line))
        assert main(["memory", "absorb", "--scope", "user"]) == 0
    capsys.readouterr()
    assert main(["memory", "search", "Alice", "--as-of", "2023-03-01"]) == 0
    assert "Alice lives in Berlin." in capsys.readouterr().out
    assert main(["memory", "search", "Alice", "--as-of", "someday"]) == 2
    assert "as_of must be an ISO date" in capsys.readouterr().err


def test_a_value_replaced_from_a_future_date_stays_until_then(store: MemoryStore) -> None:
    store.absorb(["The API rate limit is 100 requests per minute."], scope="agent")
    [later] = store.absorb(
        [{"content": "The API rate limit is now 500 requests per minute.",
          "valid_from": "2999-07-01"}],
        scope="agent",
    )  # fmt: skip
    assert later.outcome == "supersede"
    assert [h.content for h in store.search("API rate limit")] == [
        "The API rate limit is 100 requests per minute."
    ]
    future = store.search("API rate limit", as_of="2999-08-01")
    assert [h.content for h in future] == ["The API rate limit is now 500 requests per minute."]


def test_a_duplicate_known_from_earlier_moves_valid_from_back(store: MemoryStore) -> None:
    [first] = store.absorb(["Anna lives in Boston."], scope="user")
    store.absorb([{"content": "Anna lives in Boston.", "valid_from": "2020-01-01"}], scope="user")
    assert [h.id for h in store.search("Anna Boston", as_of="2021-01-01")] == [first.id]


def test_a_far_weaker_newer_hit_keeps_its_place(store: MemoryStore) -> None:
    store.absorb(
        [
            {"content": "Alice: I live in Berlin.", "valid_from": "2023-01-01"},
            {"content": "Bob: the band we saw on Friday played for three hours and the crowd "
             "sang every chorus, Alice said she would live there if she could.",
             "valid_from": "2024-01-01"},
        ],
        scope="user",
        kind="event",
    )  # fmt: skip
    assert store.search("where does Alice live")[0].content == "Alice: I live in Berlin."
