"""Events (dialogue turns, messages, log lines) are stored as they are and never merged."""

from __future__ import annotations

import json
import sys
from io import StringIO
from pathlib import Path

import pytest

from engram.cli import main
from engram.config import load_config
from engram.errors import EngramError
from engram.store import MemoryStore

TURNS = [
    "Tim (4:21 pm on 16 July, 2023): Wow! How long have you been surfing?",
    "Tim (1:10 pm on 2 December, 2023): How long have you been surfing?",
    "John: It has really helped me out.",
    "John: Your help really helps.",
    "Bye!",
    "ok",
]


def test_every_event_is_stored_even_when_it_reads_like_another(store: MemoryStore) -> None:
    outcomes = store.absorb(TURNS, scope="agent", scope_key="chat", kind="event")
    assert [o.outcome for o in outcomes] == ["new"] * len(TURNS)
    assert len(store.list(scope="agent", scope_key="chat", limit=100)) == len(TURNS)
    assert {f.kind for f in store.list(scope="agent")} == {"event"}


def test_an_event_is_a_duplicate_only_when_its_text_is_exactly_the_same(
    store: MemoryStore,
) -> None:
    def event(text: str, key: str = "r1") -> tuple[str, str | None]:
        [outcome] = store.absorb([text], scope="run", scope_key=key, kind="event")
        return outcome.outcome, outcome.id

    _, first = event("Deploy finished at 14:02.")
    assert event("Deploy finished at 14:02.") == ("duplicate", first)
    assert event("DEPLOY finished at 14:02.")[0] == "new"
    assert event("Deploy finished at 14:02.", key="r2")[0] == "new"


def test_an_event_needs_only_a_letter_or_a_digit(store: MemoryStore) -> None:
    outcomes = store.absorb(["Bye!", "42", "...", "  "], scope="agent", kind="event")
    assert [o.outcome for o in outcomes] == ["new", "new", "rejected", "rejected"]


def test_a_fact_never_supersedes_an_event(store: MemoryStore) -> None:
    [event] = store.absorb(["Alice: I live in Berlin."], scope="user", kind="event")
    [fact] = store.absorb(["Alice: I live in Munich."], scope="user")
    assert fact.outcome == "new" and fact.related_ids == []
    found = store.get(event.id)
    assert found is not None and not isinstance(found, list) and found.status == "active"


def test_secrets_are_rejected_in_events_too(store: MemoryStore) -> None:
    [outcome] = store.absorb(["bot: the key is AKIAABCDEFGHIJKLMNOP"], scope="run", kind="event")
    assert outcome.outcome == "rejected" and "secret" in outcome.reason


def test_an_unknown_kind_is_refused(store: MemoryStore) -> None:
    with pytest.raises(EngramError, match="unknown kind 'note'"):
        store.absorb(["Some fact that is long enough."], scope="agent", kind="note")


def test_cli_absorbs_events_from_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "cli.db"))
    lines = "\n".join(json.dumps({"content": t}) for t in TURNS[:4])
    monkeypatch.setattr(sys, "stdin", StringIO(lines))
    code = main(["memory", "absorb", "--scope", "agent", "--key", "chat", "--kind", "event"])
    out = capsys.readouterr().out
    assert code == 0 and out.splitlines()[-1] == "4 new"


def test_within_one_batch_only_the_exact_same_event_is_a_repeat(store: MemoryStore) -> None:
    outcomes = store.absorb(
        ["Deploy finished.", "DEPLOY finished.", "Deploy finished."], scope="run", kind="event"
    )
    assert [o.outcome for o in outcomes] == ["new", "new", "duplicate"]
    assert outcomes[2].id == outcomes[0].id


def test_plain_text_on_stdin_is_one_event_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "cli.db"))
    text = "Tim: Hi there.\nAnna: Hello! How are you?\nTim: Fine. I moved to Denver. It is cold.\n"
    monkeypatch.setattr(sys, "stdin", StringIO(text))
    assert main(["memory", "absorb", "--scope", "run", "--key", "d", "--kind", "event"]) == 0
    capsys.readouterr()
    assert main(["memory", "list", "--scope", "run", "--json"]) == 0
    stored = {f["content"] for f in json.loads(capsys.readouterr().out)["facts"]}
    assert stored == set(text.splitlines())


def test_json_lines_of_strings_are_one_item_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "cli.db"))
    monkeypatch.setattr(sys, "stdin", StringIO('"Tim: Hi there."\n"Anna: Hello, Tim."\n'))
    assert main(["memory", "absorb", "--scope", "run", "--kind", "event"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 new"


def test_a_long_message_and_an_emoji_are_events_too(store: MemoryStore) -> None:
    long = "Tim: " + "the ferry was late again, " * 60
    outcomes = store.absorb([long, "👍"], scope="run", kind="event")
    assert [o.outcome for o in outcomes] == ["new", "new"]


def test_the_same_words_on_another_day_are_another_event(store: MemoryStore) -> None:
    outcomes = store.absorb(
        [
            {"content": "Tim: Thanks!", "valid_from": "2023-05-01", "metadata": {"turn": 1}},
            {"content": "Tim: Thanks!", "valid_from": "2023-06-01", "metadata": {"turn": 5}},
            {"content": "Tim: Thanks!", "valid_from": "2023-06-01", "metadata": {"turn": 5}},
        ],
        scope="agent",
        kind="event",
    )
    assert [o.outcome for o in outcomes] == ["new", "new", "duplicate"]


SURFING = [
    "Tim: I spent the weekend fixing my bike.",
    "Tim: How long have you been surfing?",
    "Ana: Five years, since college.",
    "Tim: Nice. I went to a pottery class on Monday.",
]


def test_the_turn_after_a_matching_one_is_found_through_it(store: MemoryStore) -> None:
    store.absorb(SURFING, scope="agent", scope_key="chat", kind="event")
    hits = store.search("how long surfing", scope="agent", scope_key="chat", mode="full_history")
    found = [h.content for h in hits]
    assert found[:1] == [SURFING[1]]
    assert SURFING[2] in found
    answer = next(h for h in hits if h.content == SURFING[2])
    assert answer.bm25 == 0.0 and answer.context > 0


def test_turns_up_to_two_places_from_a_match_are_brought_in(store: MemoryStore) -> None:
    turns = ["A: surfing lessons?", "B: lunch later", "C: the weather is grey", "D: bye"]
    store.absorb(turns, scope="agent", scope_key="chat", kind="event")
    hits = store.search("surfing", scope="agent", scope_key="chat", mode="full_history")
    assert [h.content for h in hits] == turns[:3]
    match, beside, two_away = hits
    assert beside.score == pytest.approx(0.5 * match.score)
    assert two_away.score == pytest.approx(0.25 * match.score)


# a long reply cut into pieces puts the answer two events after the question
PLANS = [
    "Ana: What are your plans for the long weekend?",
    "Tim: Good question, let me think.",
    "Tim: A road trip to Big Sur with friends.",
    "Ana: Sounds great.",
]


def test_an_answer_two_turns_after_the_question_gains_a_quarter_of_its_score(
    store: MemoryStore,
) -> None:
    store.absorb(PLANS, scope="agent", scope_key="chat", kind="event")
    hits = store.search("plans long weekend", scope="agent", scope_key="chat",
                        mode="full_history")  # fmt: skip
    question = hits[0]
    answer = next(h for h in hits if h.content == PLANS[2])
    assert question.content == PLANS[0]
    assert answer.bm25 == 0.0 and answer.context == pytest.approx(0.25 * question.score)


def test_the_events_beside_a_hit_count_when_they_give_more(store: MemoryStore) -> None:
    turns = ["A: surfing lessons?", "B: surfing gear", "C: surfing, finally"]
    store.absorb(turns, scope="agent", scope_key="chat", kind="event")
    hits = {h.content: h for h in store.search("surfing", scope="agent", scope_key="chat",
                                               mode="full_history")}  # fmt: skip
    first, middle = hits[turns[0]], hits[turns[1]]
    # the first turn's neighbour gives half its score, more than a quarter of the third's
    assert first.context == pytest.approx(0.5 * (middle.score - middle.context))


def chat_turn(role: str, text: str) -> dict[str, object]:
    return {"content": text, "metadata": {"role": role}}


def test_an_assistant_reply_keeps_half_the_share_its_neighbour_gives(
    store: MemoryStore,
) -> None:
    turns = [chat_turn("user", "I go surfing every weekend."),
             chat_turn("assistant", "That sounds like a lot of fun!")]  # fmt: skip
    store.absorb(turns, scope="user", scope_key="chat", kind="event")
    hits = store.search("surfing", scope="user", scope_key="chat", mode="full_history")
    statement, reply = hits
    assert reply.context == pytest.approx(0.5 * 0.5 * statement.score)


def test_a_users_turn_keeps_the_whole_share_an_assistant_reply_gives(
    store: MemoryStore,
) -> None:
    turns = [chat_turn("assistant", "Surfing is fun: how often do you go?"),
             chat_turn("user", "Every weekend, since college.")]  # fmt: skip
    store.absorb(turns, scope="user", scope_key="chat", kind="event")
    hits = store.search("surfing", scope="user", scope_key="chat", mode="full_history")
    question, answer = hits
    assert answer.context == pytest.approx(0.5 * question.score)


def test_with_an_assistant_weight_of_one_a_reply_keeps_the_whole_share(tmp_path: Path) -> None:
    config = load_config(None, env={"ENGRAM_MEMORY_ASSISTANT_WEIGHT": "1"})
    turns = [chat_turn("user", "I go surfing every weekend."),
             chat_turn("assistant", "That sounds like a lot of fun!")]  # fmt: skip
    with MemoryStore.open(tmp_path / "m.db", config=config) as store:
        store.absorb(turns, scope="user", scope_key="chat", kind="event")
        statement, reply = store.search("surfing", scope="user", scope_key="chat",
                                        mode="full_history")  # fmt: skip
    assert reply.context == pytest.approx(0.5 * statement.score)


def test_a_far_context_weight_of_zero_brings_in_only_the_turns_beside(tmp_path: Path) -> None:
    config = load_config(None, env={"ENGRAM_MEMORY_FAR_CONTEXT_WEIGHT": "0"})
    with MemoryStore.open(tmp_path / "m.db", config=config) as store:
        store.absorb(PLANS, scope="agent", scope_key="chat", kind="event")
        hits = store.search("plans long weekend", scope="agent", scope_key="chat",
                            mode="full_history")  # fmt: skip
    assert PLANS[2] not in [h.content for h in hits]


def test_neighbours_are_turns_of_the_same_key_only(store: MemoryStore) -> None:
    store.absorb(["Tim: How long have you been surfing?"], scope="agent", scope_key="one",
                 kind="event")  # fmt: skip
    store.absorb(["Ana: Five years, since college."], scope="agent", scope_key="two",
                 kind="event")  # fmt: skip
    hits = store.search("how long surfing", scope="agent", mode="full_history")
    assert [h.content for h in hits] == ["Tim: How long have you been surfing?"]


def test_facts_are_scored_on_their_own(store: MemoryStore) -> None:
    store.absorb(["Tim surfs every weekend.", "Ana likes pottery."], scope="agent")
    hits = store.search("surfing", scope="agent")
    assert [h.content for h in hits] == ["Tim surfs every weekend."]
    assert hits[0].context == 0.0


def test_a_neighbour_the_filters_leave_out_is_not_brought_in(store: MemoryStore) -> None:
    store.absorb(SURFING[1:2], scope="agent", scope_key="chat", kind="event", tags=["surf"])
    store.absorb(SURFING[2:3], scope="agent", scope_key="chat", kind="event")
    hits = store.search("how long surfing", scope="agent", tags=["surf"], mode="full_history")
    assert [h.content for h in hits] == [SURFING[1]]
    deleted = store.search("how long surfing", scope="agent", mode="full_history")
    assert SURFING[2] in [h.content for h in deleted]


def test_the_same_words_in_another_session_are_another_event(store: MemoryStore) -> None:
    def turns(session: str) -> list[dict[str, object]]:
        return [{"content": "User: Yes, book it.", "metadata": {"session_id": session}}]

    [first] = store.absorb(turns("s1"), scope="agent", scope_key="chat", kind="event")
    [other] = store.absorb(turns("s2"), scope="agent", scope_key="chat", kind="event")
    [again] = store.absorb(turns("s2"), scope="agent", scope_key="chat", kind="event")
    assert (first.outcome, other.outcome) == ("new", "new") and first.id != other.id
    assert (again.outcome, again.id) == ("duplicate", other.id)
    assert "metadata" in again.reason
