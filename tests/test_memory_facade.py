"""`engram.Memory`: mem0's method names and result shapes over the fact store.

The examples follow mem0's documented quick start (messages, ids, metadata, filters)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engram import EngramError, Memory
from engram.config import load_config
from engram.store import MemoryStore

MOVIE_CHAT = [
    {"role": "user", "content": "I'm planning to watch a movie tonight. Any recommendations?"},
    {"role": "assistant", "content": "How about thriller movies? They can be quite engaging."},
    {"role": "user", "content": "I'm not a big fan of thriller movies but I love sci-fi movies."},
    {"role": "assistant", "content": "Got it! I'll suggest sci-fi movies in the future."},
]


@pytest.fixture
def m(tmp_path: Path) -> Memory:
    store = MemoryStore.open(tmp_path / "m.db", config=load_config(None, env={}))
    memory = Memory(store=store)
    yield memory
    memory.close()


def test_add_remembers_the_users_statements_not_questions_or_the_assistant(m: Memory) -> None:
    result = m.add(MOVIE_CHAT, user_id="alice", metadata={"category": "movie_recommendations"})
    memories = [r["memory"] for r in result["results"]]
    assert memories == [
        "I'm planning to watch a movie tonight.",
        "I'm not a big fan of thriller movies but I love sci-fi movies.",
    ]
    assert {r["event"] for r in result["results"]} == {"ADD"}


def test_add_without_inference_stores_every_message_as_given(m: Memory) -> None:
    result = m.add(MOVIE_CHAT, user_id="alice", infer=False)
    assert [r["memory"] for r in result["results"]] == [msg["content"] for msg in MOVIE_CHAT]


def test_an_event_keeps_the_role_of_its_message(m: Memory) -> None:
    m.add(MOVIE_CHAT, user_id="alice", metadata={"category": "movies"}, infer=False)
    stored = m.get_all(user_id="alice")["results"]
    roles = {r["memory"]: r["metadata"].get("role") for r in stored}
    assert roles[MOVIE_CHAT[1]["content"]] == "assistant"
    assert roles[MOVIE_CHAT[2]["content"]] == "user"
    assert all(r["metadata"]["category"] == "movies" for r in stored)


def test_the_users_own_words_rank_above_the_assistants_reply(m: Memory) -> None:
    m.add(MOVIE_CHAT, user_id="alice", infer=False)
    hits = m.search("sci-fi movies", user_id="alice")["results"]
    assert hits[0]["memory"] == MOVIE_CHAT[2]["content"]


def test_search_grouped_by_session_returns_one_memory_per_session(m: Memory) -> None:
    m.add(MOVIE_CHAT, user_id="alice", metadata={"session_id": "monday"}, infer=False)
    later = [{"role": "user", "content": "The sci-fi movie festival starts on Friday."}]
    m.add(later, user_id="alice", metadata={"session_id": "friday"}, infer=False)
    plain = m.search("sci-fi movies", user_id="alice")["results"]
    assert len(plain) > 2
    grouped = m.search("sci-fi movies", user_id="alice", group_by="session_id")["results"]
    best = {r["metadata"]["session_id"]: r["memory"] for r in grouped}
    assert len(grouped) == 2 and best["monday"] == MOVIE_CHAT[2]["content"]  # its best memory


def test_a_new_value_is_an_update_of_the_same_memory_id(m: Memory) -> None:
    first = m.add("I live in Lisbon.", user_id="alice")["results"][0]
    second = m.add("I live in Porto now.", user_id="alice")["results"][0]
    assert second["event"] == "UPDATE" and second["id"] == first["id"]
    assert second["previous_memory"] == "I live in Lisbon."
    assert m.get(first["id"])["memory"] == "I live in Porto now."


def test_a_repeat_is_no_new_memory(m: Memory) -> None:
    first = m.add("I love sci-fi movies.", user_id="alice")["results"][0]
    again = m.add("I love sci-fi movies.", user_id="alice")["results"][0]
    assert again == {"id": first["id"], "memory": "I love sci-fi movies.", "event": "NONE"}


def test_a_refused_input_is_reported_without_its_text(m: Memory) -> None:
    key = "AKIA" + "Q7XK2M4PLR9TWB3N"
    result = m.add(f"My AWS key is {key}.", user_id="alice")["results"][0]
    assert result["event"] == "NONE" and result["id"] is None
    assert key not in str(result) and "secret" in result["reason"]


def test_search_finds_the_users_memories_with_mem0s_fields(m: Memory) -> None:
    m.add(MOVIE_CHAT, user_id="alice", metadata={"category": "movie_recommendations"})
    m.add("I love sci-fi movies too.", user_id="bob")
    hits = m.search("what movies do I like?", user_id="alice")["results"]
    assert hits and all(h["user_id"] == "alice" for h in hits)
    assert set(hits[0]) >= {"id", "memory", "score", "metadata", "created_at", "updated_at"}
    assert hits[0]["metadata"] == {"category": "movie_recommendations"}


def test_ids_in_filters_are_the_same_as_id_arguments(m: Memory) -> None:
    m.add("I love sci-fi movies.", user_id="alice")
    m.add("I love sci-fi movies.", user_id="bob")
    by_filter = m.search("sci-fi", filters={"user_id": "alice"})["results"]
    by_argument = m.search("sci-fi", user_id="alice")["results"]
    assert [h["id"] for h in by_filter] == [h["id"] for h in by_argument]
    assert len(by_filter) == 1


def test_a_memory_carries_user_agent_and_run_ids_and_reads_match_all_given(m: Memory) -> None:
    m.add("I prefer window seats.", user_id="alice", agent_id="travel", run_id="trip-1")
    m.add("I prefer aisle seats.", user_id="alice", agent_id="travel", run_id="trip-2")
    assert len(m.get_all(user_id="alice")["results"]) == 2
    only = m.get_all(user_id="alice", run_id="trip-1")["results"]
    assert [r["memory"] for r in only] == ["I prefer window seats."]
    assert only[0]["agent_id"] == "travel" and only[0]["run_id"] == "trip-1"


def test_one_users_fact_never_replaces_anothers(m: Memory) -> None:
    m.add("I live in Lisbon.", user_id="alice")
    m.add("I live in Porto now.", user_id="bob")
    assert [r["memory"] for r in m.get_all(user_id="alice")["results"]] == ["I live in Lisbon."]


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({"priority": 3}, ["Call the bank."]),
        ({"priority": {"gte": 5}}, ["Renew the passport.", "Pay the rent."]),
        ({"priority": {"in": [1, 3]}}, ["Call the bank."]),
        ({"priority": {"ne": 3}}, ["Renew the passport.", "Pay the rent."]),
        ({"due": {"lt": "2026-06-01"}}, ["Pay the rent."]),
        ({"topic": {"icontains": "MONEY"}}, ["Call the bank.", "Pay the rent."]),
        (
            {"OR": [{"priority": 3}, {"due": {"gte": "2026-07-01"}}]},
            ["Renew the passport.", "Call the bank."],
        ),
        ({"NOT": [{"topic": "money"}]}, ["Renew the passport."]),
        ({"due": "*"}, ["Renew the passport.", "Pay the rent."]),
    ],
)
def test_metadata_filters_compare_values_numbers_and_dates(
    m: Memory, filters: dict[str, object], expected: list[str]
) -> None:
    m.add(
        "Pay the rent.",
        user_id="u",
        metadata={"priority": 9, "due": "2026-05-01", "topic": "money"},
    )
    m.add("Call the bank.", user_id="u", metadata={"priority": 3, "topic": "money"})
    m.add(
        "Renew the passport.",
        user_id="u",
        metadata={"priority": 5, "due": "2026-08-15", "topic": "papers"},
    )
    found = [r["memory"] for r in m.get_all(user_id="u", filters=filters)["results"]]
    assert found == expected  # newest first


def test_an_unknown_filter_operator_is_an_error_that_names_it(m: Memory) -> None:
    with pytest.raises(EngramError, match="'between'"):
        m.search("x", user_id="u", filters={"priority": {"between": [1, 2]}})


def test_update_keeps_the_id_and_history_lists_every_version_oldest_first(m: Memory) -> None:
    memory_id = m.add("I live in Lisbon.", user_id="alice")["results"][0]["id"]
    assert m.update(memory_id, "I live in Braga.") == {"message": "Memory updated successfully!"}
    assert m.get(memory_id)["memory"] == "I live in Braga."
    history = m.history(memory_id)
    assert [(h["event"], h["old_memory"], h["new_memory"]) for h in history] == [
        ("ADD", None, "I live in Lisbon."),
        ("UPDATE", "I live in Lisbon.", "I live in Braga."),
    ]
    assert {h["memory_id"] for h in history} == {memory_id}


def test_delete_hides_a_memory_and_history_ends_with_the_deletion(m: Memory) -> None:
    memory_id = m.add("I live in Lisbon.", user_id="alice")["results"][0]["id"]
    assert m.delete(memory_id) == {"message": "Memory deleted successfully!"}
    assert m.get(memory_id) is None
    assert m.get_all(user_id="alice") == {"results": []}
    assert m.history(memory_id)[-1]["event"] == "DELETE"


def test_delete_all_deletes_only_the_memories_of_the_given_ids(m: Memory) -> None:
    m.add("I live in Lisbon.", user_id="alice")
    m.add("I live in Porto.", user_id="bob")
    m.delete_all(user_id="alice")
    assert m.get_all(user_id="alice") == {"results": []}
    assert len(m.get_all(user_id="bob")["results"]) == 1


def test_reset_erases_everything_after_a_backup(m: Memory) -> None:
    m.add("I live in Lisbon.", user_id="alice")
    result = m.reset()
    assert Path(result["backup"]).exists()
    assert m.get_all(user_id="alice") == {"results": []}


@pytest.mark.parametrize("call", ["add", "delete_all"])
def test_writing_needs_an_id(m: Memory, call: str) -> None:
    with pytest.raises(EngramError, match="user_id, agent_id or run_id"):
        m.add("I live in Lisbon.") if call == "add" else m.delete_all()


def test_an_unknown_id_is_an_error_in_library_terms(m: Memory) -> None:
    with pytest.raises(EngramError, match="no memory with id 'nope'") as raised:
        m.update("nope", "text")
    assert "--" not in str(raised.value)


def test_memory_files_are_memory_file_records() -> None:
    from engram import MemoryFile, parse_memory

    record = parse_memory("---\ntype: rule\n---\nAlways run the tests.\n", path="r.md")
    assert isinstance(record, MemoryFile)


QUICK_START = """
from engram import Memory

m = Memory()
messages = [
    {"role": "user", "content": "I'm planning to watch a movie tonight. Any recommendations?"},
    {"role": "assistant", "content": "How about thriller movies? They can be quite engaging."},
    {"role": "user", "content": "I'm not a big fan of thriller movies but I love sci-fi movies."},
    {"role": "assistant", "content": "Got it! I'll avoid thrillers and suggest sci-fi movies."},
]
result = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"})
result = m.add(messages, user_id="alice", agent_id="movie-assistant", run_id="session-001",
               metadata={"category": "movie_recommendations"})
all_memories = m.get_all(user_id="alice")
memory_id = all_memories["results"][0]["id"]
specific_memory = m.get(memory_id)
related_memories = m.search(query="What do you know about me?", user_id="alice")
result = m.update(memory_id=memory_id, data="I love India, it is my favorite country.")
history = m.history(memory_id=memory_id)
m.delete(memory_id=memory_id)
m.delete_all(user_id="alice")
m.reset()
print(len(all_memories["results"]), specific_memory["memory"], history[-1]["new_memory"])
"""


def test_mem0s_quick_start_runs_with_only_the_import_line_changed(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "ENGRAM_DB": str(tmp_path / "quick.db"), "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", QUICK_START],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    count, *_ = done.stdout.split()
    assert int(count) == 4  # two statements, once for alice and once for alice in session-001
    assert "I love India, it is my favorite country." in done.stdout
