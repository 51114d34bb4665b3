"""A search answers the question a user asks of what is true now: a version replaced by a newer
one stands for it, the turns of another conversation lend a turn nothing, and a question that
names only a stretch of time is answered by what happened in it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from engram.store import MemoryStore


def days_ago(days: int) -> str:
    return (datetime.now(UTC) - timedelta(days=days)).isoformat()


def contents(store: MemoryStore, query: str, **options: object) -> list[str]:
    return [hit.fact.content for hit in store.search(query, **options)]  # type: ignore[arg-type]


def three_events(store: MemoryStore) -> None:
    """A turn of four months ago, then two of the last week."""
    store.absorb(
        [
            {"content": "We talked about the garden fence.", "valid_from": days_ago(120)},
            {"content": "I started pottery classes on Mondays.", "valid_from": days_ago(3)},
            {"content": "Bought new tomato seeds for spring.", "valid_from": days_ago(5)},
        ],
        scope="user", scope_key="me", kind="event",
    )  # fmt: skip


def test_a_replaced_version_that_matches_the_question_stands_for_the_value_now(
    store: MemoryStore,
) -> None:
    store.absorb(["I live in Lisbon."], scope="user", scope_key="me")
    [moved] = store.absorb(["I moved to Porto now."], scope="user", scope_key="me")
    assert moved.outcome == "supersede"
    assert contents(store, "where do I live", scope="user") == ["I moved to Porto now."]
    # the history still holds what was said
    assert "I live in Lisbon." in contents(store, "where do I live", mode="full_history")


def test_the_value_now_outranks_another_fact_the_question_barely_matches(
    store: MemoryStore,
) -> None:
    store.absorb(["Alice drives a Honda Civic."], scope="user", scope_key="alice")
    store.absorb(
        ["Alice switched from the Honda Civic to a Tesla Model 3.",
         "Alice works at Siemens as an engineer."],
        scope="user", scope_key="alice",
    )  # fmt: skip
    found = contents(store, "what car does Alice drive", scope="user")
    assert found[0] == "Alice switched from the Honda Civic to a Tesla Model 3."
    assert "Alice drives a Honda Civic." not in found


def test_a_replaced_version_of_another_tag_answers_nothing(store: MemoryStore) -> None:
    store.absorb([{"content": "I live in Lisbon.", "tags": ["home"]}], scope="user")
    store.absorb(["I moved to Porto now."], scope="user")
    assert contents(store, "where do I live", tags=["home"]) == []


def test_turns_of_another_session_lend_a_turn_nothing(store: MemoryStore) -> None:
    turns = [
        ("I run 25 km every week along the river.", "s1"),
        ("I started learning Japanese on Tuesdays.", "s2"),
        ("My sister Ana is visiting in June.", "s3"),
    ]
    store.absorb(
        [{"content": text, "metadata": {"session_id": session}} for text, session in turns],
        scope="user", scope_key="me", kind="event",
    )  # fmt: skip
    expected = ["I run 25 km every week along the river."]
    assert contents(store, "how many km do I run") == expected
    assert contents(store, "how many km do I run", group_by="session_id") == expected


def test_the_next_turn_of_the_same_session_still_gains_from_its_question(
    store: MemoryStore,
) -> None:
    turns = ["Tim: How long have you been surfing?", "Ana: Five years, since college."]
    store.absorb(
        [{"content": text, "metadata": {"session_id": "s1"}} for text in turns],
        scope="user", scope_key="me", kind="event",
    )  # fmt: skip
    assert contents(store, "how long surfing", mode="full_history") == turns


def test_a_question_that_names_only_a_stretch_of_time_gets_what_happened_in_it(
    store: MemoryStore,
) -> None:
    three_events(store)
    recent = ["I started pottery classes on Mondays.", "Bought new tomato seeds for spring."]
    assert contents(store, "the last two weeks") == recent
    assert contents(store, "за последние две недели") == recent


def test_a_neighbours_share_counts_less_outside_the_stretch_of_time_asked_about(
    store: MemoryStore,
) -> None:
    three_events(store)
    hits = {h.fact.content: h for h in store.search("pottery classes in the last two weeks")}
    fence, seeds = (
        hits["We talked about the garden fence."],
        hits["Bought new tomato seeds for spring."],
    )
    assert fence.score < seeds.score
