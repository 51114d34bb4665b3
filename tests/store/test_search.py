"""Hybrid search, read modes, filters, decay, boost, links, stats, nuke (SPEC B2, B4, B7, B11)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engram.config import load_config
from engram.errors import EngramError
from engram.store import MemoryStore
from engram.store import ranking as store_module


def backdate(store: MemoryStore, fact_id: str, days: int) -> None:
    when = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="milliseconds")
    store._backend._conn.execute(
        "UPDATE facts SET created_at = ?, valid_from = ? WHERE id = ?", (when, when, fact_id)
    )
    store._index = None  # the test changed rows behind the store's back


def test_hits_carry_their_score_parts(store: MemoryStore) -> None:
    store.absorb(["Kafka consumers commit offsets after processing each batch."], scope="agent")
    [hit] = store.search("kafka offsets")
    assert hit.cosine > 0 and hit.bm25 == 1.0 and hit.decay == pytest.approx(1.0)
    expected = (0.7 * hit.cosine + 0.3 * hit.bm25) * hit.decay * (0.9 + 0.1 * 0.8)
    assert hit.score == pytest.approx(expected, rel=1e-5)


def said(role: str, text: str) -> dict[str, object]:
    return {"content": text, "metadata": {"role": role}}


def test_an_assistant_reply_keeps_half_its_score(store: MemoryStore) -> None:
    text = "Kafka consumers commit offsets after processing each batch."
    store.absorb([said("assistant", text)], scope="agent", kind="event")
    [hit] = store.search("kafka offsets")
    expected = (0.7 * hit.cosine + 0.3 * hit.bm25) * hit.decay * (0.9 + 0.1 * 0.8) * 0.5
    assert hit.score == pytest.approx(expected, rel=1e-5)


CAT_CHAT = [
    said("user", "I adopted a cat named Luna last spring."),
    # the reply repeats more of the question's words than the statement it answers
    said("assistant", "Adopting a cat like Luna in spring is lovely: when you adopt a cat, "
         "give Luna a quiet room."),
]  # fmt: skip


def test_the_users_statement_ranks_above_a_closer_assistant_reply(store: MemoryStore) -> None:
    store.absorb(CAT_CHAT, scope="user", kind="event")
    hits = store.search("when did I adopt my cat Luna")
    assert [h.fact.metadata["role"] for h in hits] == ["user", "assistant"]


def test_with_an_assistant_weight_of_one_the_closer_reply_ranks_first(tmp_path: Path) -> None:
    config = load_config(None, env={"ENGRAM_MEMORY_ASSISTANT_WEIGHT": "1"})
    with MemoryStore.open(tmp_path / "m.db", config=config) as store:
        store.absorb(CAT_CHAT, scope="user", kind="event")
        hits = store.search("when did I adopt my cat Luna")
    assert [h.fact.metadata["role"] for h in hits] == ["assistant", "user"]


def test_an_assistant_weight_of_one_makes_no_difference(tmp_path: Path) -> None:
    config = load_config(None, env={"ENGRAM_MEMORY_ASSISTANT_WEIGHT": "1"})
    with MemoryStore.open(tmp_path / "m.db", config=config) as store:
        text = "Kafka consumers commit offsets after processing each batch."
        store.absorb([said("assistant", text)], scope="agent", kind="event")
        [hit] = store.search("kafka offsets")
    expected = (0.7 * hit.cosine + 0.3 * hit.bm25) * hit.decay * (0.9 + 0.1 * 0.8)
    assert hit.score == pytest.approx(expected, rel=1e-5)


def test_the_weakest_candidate_keeps_a_share_of_bm25(store: MemoryStore) -> None:
    store.absorb(
        [
            "Kafka consumers commit offsets after each batch of records.",
            "Kafka brokers run on three nodes in the main cluster.",
        ],
        scope="agent",
    )
    hits = store.search("kafka consumers offsets")
    assert len(hits) == 2 and hits[-1].bm25 > 0


def test_scope_and_key_filters(store: MemoryStore) -> None:
    store.absorb(["Ivan prefers calls after eleven in the morning."], scope="user", scope_key="a")
    store.absorb(
        ["Olga prefers calls after eleven in the morning too."], scope="user", scope_key="b"
    )
    store.absorb(["Calls after eleven are cheaper on the new plan."], scope="agent")
    assert {h.fact.scope_key for h in store.search("calls after eleven", scope="user")} == {
        "a",
        "b",
    }
    assert [h.fact.scope_key for h in store.search("calls", scope="user", scope_key="b")] == ["b"]


def test_tag_filter_requires_every_tag(store: MemoryStore) -> None:
    store.absorb(
        [
            {"content": "Deploys need a green CI run first.", "tags": ["deploy", "ci"]},
            {"content": "Deploys happen on Tuesdays only.", "tags": ["deploy"]},
        ],
        scope="agent",
    )
    assert len(store.search("deploys", tags=["deploy"])) == 2
    assert [h.fact.tags for h in store.search("deploys", tags=["deploy", "ci"])] == [
        ["deploy", "ci"]
    ]


def test_one_tag_given_as_a_string_filters_by_that_tag(store: MemoryStore) -> None:
    store.absorb(["Deploys need a green CI run first."], scope="agent", tags="deploy")
    assert len(store.search("deploys", tags="deploy")) == 1
    assert len(store.list(tags="deploy")) == 1 and store.count(tags="deploy") == 1


def test_tags_that_are_not_a_list_of_text_are_an_error(store: MemoryStore) -> None:
    with pytest.raises(EngramError, match="tags must be"):
        store.search("deploys", tags=5)  # type: ignore[arg-type]
    with pytest.raises(EngramError, match="tags must be"):
        store.list(tags=[1])  # type: ignore[list-item]


def test_active_mode_hides_superseded_versions_and_full_history_shows_them(
    store: MemoryStore,
) -> None:
    store.absorb(["The API rate limit is 100 requests per minute."], scope="agent")
    store.absorb(["The API rate limit is 250 requests per minute."], scope="agent")
    assert [h.fact.content for h in store.search("api rate limit")] == [
        "The API rate limit is 250 requests per minute."
    ]
    assert len(store.search("api rate limit", mode="full_history")) == 2


def test_decay_lowers_old_facts_linearly_with_a_floor(store: MemoryStore) -> None:
    ids = [
        store.absorb([text], scope="run", scope_key=f"run-{n}")[0].id
        for n, text in enumerate(
            [
                "Grafana dashboards live in the observability folder.",
                "Grafana dashboards are reviewed by the observability team.",
                "Grafana dashboards use the dark theme by default.",
            ]
        )
    ]
    backdate(store, ids[1], 30)
    backdate(store, ids[2], 400)
    decay = {h.fact.id: h.decay for h in store.search("grafana dashboards")}
    assert decay[ids[0]] == pytest.approx(1.0, abs=1e-3)
    assert decay[ids[1]] == pytest.approx(0.7, abs=1e-2)
    assert decay[ids[2]] == 0.5


def test_decay_never_hides_an_exact_match_of_a_name_or_url(store: MemoryStore) -> None:
    ids = [
        o.id
        for o in store.absorb(
            [
                "The status page is https://status.example.com/acme for customers.",
                "The status page was redesigned with a new status colour scheme.",
            ],
            scope="agent",
        )
    ]
    backdate(store, ids[0], 300)
    hits = store.search("https://status.example.com/acme status page")
    assert hits[0].fact.id == ids[0] and hits[0].decay == 1.0


def test_since_and_until_filter_by_creation_date(store: MemoryStore) -> None:
    ids = [
        store.absorb([text], scope="run", scope_key=text[-9:])[0].id
        for text in (
            "Kafka retention is seven days on prod.",
            "Kafka retention is one day on staging.",
        )
    ]
    backdate(store, ids[0], 40)
    since = (datetime.now(UTC) - timedelta(days=10)).date().isoformat()
    assert [h.fact.id for h in store.search("kafka retention", since=since)] == [ids[1]]
    assert [h.fact.id for h in store.search("kafka retention", until=since)] == [ids[0]]


def test_boost_visibly_helps(store: MemoryStore) -> None:
    ids = [
        store.absorb([text], scope="run", scope_key=text[-20:])[0].id
        for text in (
            "Redis keys expire after an hour by default.",
            "Redis keys expire after a week by default.",
        )
    ]
    first = store.search("redis keys expire")[0].fact.id
    other = ids[1] if first == ids[0] else ids[0]
    store.boost(other)
    store.boost(other)
    assert store.search("redis keys expire")[0].fact.id == other


def test_boost_is_bounded(store: MemoryStore) -> None:
    fact_id = store.absorb(["Redis keys expire after one hour."], scope="agent")[0].id
    assert fact_id
    for _ in range(20):
        fact = store.boost(fact_id)
    assert fact.importance == 5.0


@pytest.mark.parametrize("amount", [-10, 0, float("nan"), "1", True])
def test_boost_by_an_amount_that_is_no_positive_number_is_refused(
    store: MemoryStore, amount: object
) -> None:
    fact_id = store.absorb(["Redis keys expire after one hour."], scope="agent")[0].id
    assert fact_id
    with pytest.raises(EngramError, match="amount must be a number above 0"):
        store.boost(fact_id, amount)  # type: ignore[arg-type]
    fact = store.get(fact_id)
    assert fact is not None and not isinstance(fact, list) and fact.importance == 1.0


def test_boost_by_a_huge_amount_stops_at_the_bound(store: MemoryStore) -> None:
    fact_id = store.absorb(["Redis keys expire after one hour."], scope="agent")[0].id
    assert fact_id
    assert store.boost(fact_id, 10**400).importance == 5.0


def test_boosting_a_deleted_fact_is_refused(store: MemoryStore) -> None:
    fact_id = store.absorb(["Redis keys expire after one hour."], scope="agent")[0].id
    assert fact_id
    store.delete(fact_id)
    with pytest.raises(EngramError, match="is deleted") as raised:
        store.boost(fact_id)
    assert "absorb its text again" in (raised.value.hint or "")


def test_boosting_an_old_version_is_refused_naming_the_current_one(store: MemoryStore) -> None:
    """Its importance would never be seen: search and the digest show the current version."""
    old = store.absorb(["The billing service is deployed on Fridays."], scope="agent")[0].id
    assert old
    new = store.update(old, "The billing service is deployed on Thursdays.").id
    with pytest.raises(EngramError, match=f"is an old version, superseded by {new}") as raised:
        store.boost(old)
    assert raised.value.hint == "boost the current version instead"
    history = store.get(old, mode="full_history")
    assert isinstance(history, list) and [f.importance for f in history] == [1.0, 1.0]


def test_writes_by_another_process_are_seen_on_the_next_search(tmp_path: Path) -> None:
    config = load_config(None, env={})
    with (
        MemoryStore.open(tmp_path / "m.db", config=config) as reader,
        MemoryStore.open(tmp_path / "m.db", config=config) as writer,
    ):
        assert reader.search("kafka") == []
        writer.absorb(["Kafka runs on three brokers."], scope="agent")
        assert [h.fact.content for h in reader.search("kafka")] == ["Kafka runs on three brokers."]


def test_vectors_of_another_model_are_never_compared(tmp_path: Path) -> None:
    config = load_config(None, env={})
    with MemoryStore.open(tmp_path / "m.db", config=config) as first:
        first.absorb(["Kafka runs on three brokers in production."], scope="agent")

    class OtherModel:
        model_id, dims, sparse = "other-model-4", 4, False

        def embed(self, texts: list[str]) -> list[np.ndarray]:
            return [np.array([0.5, 0.5, 0.5, 0.5], dtype=np.float32) for _ in texts]

    with MemoryStore.open(tmp_path / "m.db", config=config, embedder=OtherModel()) as second:
        [hit] = second.search("kafka brokers")
        assert hit.cosine == 0 and hit.bm25 == 1.0  # lexical only: no vector of this model
        assert second.stats()["missing_vectors"] == 1
        assert second.rebuild() == 1
        # (the offline model's vectors are made from the terms, never stored)
        assert second.stats()["vectors_by_model"] == {"other-model-4": 1}
        assert second.search("kafka brokers")[0].cosine == pytest.approx(1.0)


def test_get_modes(store: MemoryStore) -> None:
    old = store.absorb(["The API rate limit is 100 requests per minute."], scope="agent")[0]
    new = store.absorb(["The API rate limit is 250 requests per minute."], scope="agent")[0]
    assert old.id and new.id
    store._backend._conn.execute("UPDATE facts SET status = 'archived' WHERE id = ?", (new.id,))
    assert store.get(old.id, mode="active") is None
    latest = store.get(old.id, mode="latest")
    assert latest is not None and not isinstance(latest, list) and latest.id == new.id
    with pytest.raises(EngramError, match="unknown mode"):
        store.get(old.id, mode="newest")


def test_list_as_of_answers_what_was_true_then(store: MemoryStore) -> None:
    old = store.absorb(["The API rate limit is 100 requests per minute."], scope="agent")[0]
    assert old.id
    backdate(store, old.id, 30)
    store.absorb(["The API rate limit is 250 requests per minute."], scope="agent")
    then = (datetime.now(UTC) - timedelta(days=10)).date().isoformat()
    assert [f.content for f in store.list(as_of=then)] == [
        "The API rate limit is 100 requests per minute."
    ]
    assert [f.content for f in store.list()] == ["The API rate limit is 250 requests per minute."]


def test_link_adds_a_typed_edge_and_checks_its_ends(store: MemoryStore) -> None:
    a, b = (
        o.id
        for o in store.absorb(
            [
                "The outage started with a full disk on db-2.",
                "Disk alerts on db-2 were muted last week.",
            ],
            scope="run",
            scope_key="incident-7",
        )
    )
    assert a and b
    store.link(a, b, "caused_by")
    assert (a, "caused_by", b) in store.edges(a)
    with pytest.raises(EngramError, match="no fact with id"):
        store.link(a, "f_missing", "caused_by")
    with pytest.raises(EngramError, match="invalid relation"):
        store.link(a, b, "Caused By!")


def test_stats_counts_by_scope_status_and_tag(store: MemoryStore) -> None:
    store.absorb(
        [{"content": "Deploys need a green CI run first.", "tags": ["deploy"]}], scope="agent"
    )
    store.absorb(["Ivan likes tea in the afternoon meetings."], scope="user", scope_key="ivan")
    stats = store.stats()
    assert stats["facts"] == 2 and stats["by_scope"] == {"agent": 1, "user": 1}
    assert stats["by_tag"] == {"deploy": 1} and stats["missing_vectors"] == 0


def test_nuke_needs_confirmation(store: MemoryStore) -> None:
    store.absorb(["Ivan likes tea in the afternoon meetings."], scope="user", scope_key="ivan")
    with pytest.raises(EngramError, match="explicit confirmation"):
        store.nuke("user", "ivan")
    assert store.stats()["facts"] == 1


@pytest.mark.sqlite_only
def test_nuke_erases_a_scope_completely_after_a_backup(store: MemoryStore) -> None:
    secret_ish = "Ivan's daughter Masha studies violin at the Kazan conservatory."
    store.absorb([secret_ish], scope="user", scope_key="ivan")
    store.absorb(["Kafka runs on three brokers in production."], scope="agent")
    result = store.nuke("user", "ivan", confirm=True)
    assert result["erased"] == 1 and Path(result["backup"]).exists()
    assert store.search("daughter violin") == [] and store.stats()["facts"] == 1
    assert b"conservatory" not in store.path.read_bytes()
    assert b"conservatory" in Path(result["backup"]).read_bytes()


def test_search_score_constants_are_the_documented_ones() -> None:
    assert (store_module.COSINE_WEIGHT, store_module.BM25_WEIGHT) == (0.7, 0.3)
    assert (store_module.DECAY_PER_DAY, store_module.DECAY_FLOOR) == (0.01, 0.5)


def conversation(store: MemoryStore) -> None:
    """Three sessions: the first says a lot about the kitchen, the others once each."""
    turns = [("s1", f"We talked about the kitchen renovation, part {n}.") for n in range(12)]
    turns += [("s2", "The kitchen renovation budget is 20,000 euros."), ("s3", "Kitchen tiles.")]
    facts = [{"content": text, "metadata": {"session_id": session}} for session, text in turns]
    store.absorb(facts, scope="user", scope_key="chat", kind="event")


def test_group_by_returns_the_best_hit_of_each_session(store: MemoryStore) -> None:
    conversation(store)
    hits = store.search("kitchen renovation", top_k=3, group_by="session_id")
    assert sorted(h.fact.metadata["session_id"] for h in hits) == ["s1", "s2", "s3"]


def test_group_by_reaches_past_the_pool_a_plain_search_reads(store: MemoryStore) -> None:
    conversation(store)
    plain = store.search("kitchen renovation", top_k=3)
    assert {h.fact.metadata["session_id"] for h in plain} == {"s1"}  # one session crowds out
    grouped = store.search("kitchen renovation", top_k=3, group_by="session_id")
    assert len(grouped) == 3


def test_facts_without_the_group_key_are_groups_of_their_own(store: MemoryStore) -> None:
    store.absorb(
        [
            {"content": "Deploys run from the main branch.", "metadata": {"session_id": "a"}},
            {"content": "Deploys need a passing build.", "metadata": {"session_id": "a"}},
            "Deploys pause on Fridays.",
            "Deploys are announced in the release channel.",
        ],
        scope="agent",
        kind="event",
    )
    hits = store.search("deploys", top_k=10, group_by="session_id")
    assert len(hits) == 3


def abstracts(store: MemoryStore) -> None:
    """Two documents cut into facts: one says "solar panel" twice, the other once, a little
    more directly than either of the first one's pieces."""
    pieces = [
        ("a", "Solar panel output falls by a tenth in the dusty season of the year."),
        ("a", "Cleaning each solar panel every week restores most of the lost output."),
        ("b", "Solar panel output is what this short note is about."),
    ]
    store.absorb(
        [{"content": text, "metadata": {"doc": doc}} for doc, text in pieces], scope="agent"
    )


def test_a_group_scores_its_best_hit_and_half_its_second(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("engram.store.store.GROUP_TERMS_WEIGHT", 0.0)  # its words spread aside
    abstracts(store)
    plain = store.search("solar panel output", top_k=10)
    grouped = store.search("solar panel output", top_k=10, group_by="doc")
    for group in grouped:
        own = [h.score for h in plain if h.fact.metadata["doc"] == group.fact.metadata["doc"]]
        assert group.fact.id == next(
            h.fact.id for h in plain if h.fact.metadata["doc"] == group.fact.metadata["doc"]
        )  # the group's best hit stands for it
        expected = own[0] + store_module.GROUP_SHARE * (own[1] if len(own) > 1 else 0.0)
        assert group.score == pytest.approx(expected, rel=1e-6)
    assert [g.score for g in grouped] == sorted((g.score for g in grouped), reverse=True)


def test_a_document_matched_twice_outranks_one_stray_match(store: MemoryStore) -> None:
    abstracts(store)
    plain = store.search("solar panel output", top_k=10)
    assert plain[0].fact.metadata["doc"] == "b"  # the single piece is the best fact
    grouped = store.search("solar panel output", top_k=10, group_by="doc")
    assert [g.fact.metadata["doc"] for g in grouped] == ["a", "b"]


def inverter_pieces(store: MemoryStore) -> None:
    """Document a in two pieces (a title, then its body) holding all four words of "solar
    inverter fault alarm" between them; b one piece holding three."""
    pieces = [
        ("a", "Solar inverters: a field study of the year."),
        ("a", "Fault alarms were rare in the first year."),
        ("b", "Inverter fault alarms on the roof."),
        ("c", "Solar farms grow."),
    ]
    store.absorb(
        [{"content": text, "metadata": {"doc": doc}} for doc, text in pieces], scope="agent"
    )


def test_the_words_a_document_spreads_over_its_pieces_count_for_it(store: MemoryStore) -> None:
    inverter_pieces(store)
    plain = store.search("solar inverter fault alarm", top_k=10)
    assert plain[0].fact.metadata["doc"] == "b"  # the one piece that holds three of the words
    grouped = store.search("solar inverter fault alarm", top_k=10, group_by="doc")
    assert [g.fact.metadata["doc"] for g in grouped] == ["a", "b", "c"]  # a holds all four


def test_the_offline_embedders_cosine_counts_a_documents_words_too(store: MemoryStore) -> None:
    # its features are the words BM25 reads: a piece without the title's words misses them too
    inverter_pieces(store)
    vectors = (1.0, 0.0)
    plain = store.search("solar inverter fault alarm", top_k=10, weights=vectors)
    assert plain[0].fact.metadata["doc"] == "b"
    grouped = store.search("solar inverter fault alarm", top_k=10, weights=vectors, group_by="doc")
    assert grouped[0].fact.metadata["doc"] == "a"


def grouped_hit(fact_id: str, kind: str, group: str, score: float) -> Any:
    from engram.store.model import Fact, Hit

    fact = Fact(id=fact_id, content="", scope="user", kind=kind, metadata={"session": group})
    return Hit(fact, score, 0.0, 0.0, 1.0)


@pytest.mark.parametrize("kind", ["fact", "event"])
def test_only_a_documents_facts_count_its_words_together(kind: str) -> None:
    # a conversation's session ranges over many things: its turns (events) gain nothing for
    # the words spread over them, while a document's pieces (facts) do
    hits = [
        grouped_hit("s1-a", kind, "s1", 0.5),
        grouped_hit("s2-a", kind, "s2", 0.4),
        grouped_hit("s2-b", kind, "s2", 0.2),
    ]
    counts = {"s1-a": {"kitchen": 1}, "s2-a": {"kitchen": 1}, "s2-b": {"tile": 1}}
    rarity = {"kitchen": 1.0, "tile": 2.0}
    plain = store_module.best_per_group(hits, "session")
    worded = store_module.best_per_group(hits, "session", counts=counts, rarity=rarity, weight=1)
    before = {hit.fact.id: hit.score for hit in plain}
    gained = {hit.fact.id: round(hit.score - before[hit.fact.id], 6) for hit in worded}
    if kind == "event":
        assert gained == {"s2-a": 0.0, "s1-a": 0.0}
    else:  # s2 holds both words: the best group's BM25, so the whole weight; s1 its share
        share = store_module.group_bm25({"kitchen": 1}, rarity) / store_module.group_bm25(
            {"kitchen": 1, "tile": 1}, rarity
        )
        assert gained == {"s2-a": 1.0, "s1-a": round(share, 6)}


def test_a_words_count_saturates_over_a_groups_facts() -> None:
    # a word said in every piece of a long document does not outweigh a rarer word said once
    rarity = {"common": 1.0, "rare": 2.5}
    assert store_module.group_bm25({"common": 40}, rarity) < store_module.group_bm25(
        {"rare": 1}, rarity
    )


def test_the_words_of_a_request_do_not_choose_the_results(store: MemoryStore) -> None:
    turns = [
        "I'm not sure which laptop to choose, any suggestions?",
        "I took a mixology class and made two classic cocktails there.",
    ]
    store.absorb(turns, scope="user", kind="event")
    best, *_ = store.search("I'm not sure which cocktail to choose. Any suggestions?")
    assert best.fact.content == turns[1]  # the topic, not the asking
    best, *_ = store.search("any suggestions?")  # a request alone still finds requests
    assert best.fact.content == turns[0]


class Asked:
    """A dense embedder that keeps the texts it was asked to embed: one axis, "cocktail"."""

    model_id = "asked:1"
    sparse = False
    dims = 2

    def __init__(self) -> None:
        self.texts: list[str] = []

    def embed(self, texts: list[str]) -> list[np.ndarray]:
        self.texts += texts
        return [
            np.array([1.0, 0.0] if "cocktail" in text else [0.6, 0.8], dtype=np.float32)
            for text in texts
        ]


def test_a_sentence_models_query_vector_leaves_the_asking_out(tmp_path: Path) -> None:
    embedder = Asked()
    with MemoryStore.open(tmp_path / "m.db", config=load_config(None, env={}),
                          embedder=embedder) as store:  # fmt: skip
        store.absorb(["I took a mixology class and made two cocktails."], scope="user")
        embedder.texts.clear()
        store.search("Do you think a cocktail would suit the party? Any suggestions?")
        store.search("any suggestions?")  # a request alone is still what it asks
    assert embedder.texts == ["Do you a cocktail would suit the party? Any ?", "any suggestions?"]


@pytest.mark.parametrize(
    ("query", "wording"),
    [
        ("I'm not sure which cocktail to choose, any ideas?", "I'm not which cocktail to , any ?"),
        ("¿Me recomiendas un restaurante en Madrid?", "¿Me un restaurante en Madrid?"),
        ("Посоветуй мне книгу про Рим", "мне книгу про Рим"),
        ("What should I serve for dinner?", "What should I serve for dinner?"),
        ("Any tips or suggestions?", "Any tips or suggestions?"),  # all it says
        # what someone else advised is what the query is about
        ("What does Joanna recommend?", "What does Joanna recommend?"),
    ],
)
def test_the_topic_wording_of_a_query(query: str, wording: str) -> None:
    assert store_module.topic_wording(query) == wording


def session_hits(kind: str) -> list[Any]:
    """s1 touched the topic once, strongly; s2 came back to it four times."""
    scores = {"s1": [0.55, 0.1], "s2": [0.45, 0.2, 0.2, 0.2, 0.2]}
    return [
        grouped_hit(f"{group}-{n}", kind, group, score)
        for group, own in scores.items()
        for n, score in enumerate(own)
    ]


def test_a_session_that_keeps_coming_back_to_the_topic_ranks_first() -> None:
    grouped = store_module.best_per_group(session_hits("event"), "session")
    # each further hit at half the share of the one before, for three hits after the best
    assert [(g.fact.id, round(g.score, 6)) for g in grouped] == [
        ("s2-0", round(0.45 + 0.2 * (0.5 + 0.25 + 0.125), 6)),
        ("s1-0", 0.6),
    ]


def test_a_documents_pieces_count_their_second_hit_only() -> None:
    grouped = store_module.best_per_group(session_hits("fact"), "session")
    assert [(g.fact.id, round(g.score, 6)) for g in grouped] == [("s1-0", 0.6), ("s2-0", 0.55)]


def test_a_word_said_in_many_pieces_counts_little_more_than_once() -> None:
    # what a group's words add is how many of the query's words its pieces hold between them
    rarity = {"kitchen": 1.0, "tile": 1.0}
    once = store_module.group_bm25({"kitchen": 1}, rarity)
    assert store_module.group_bm25({"kitchen": 4}, rarity) < 1.25 * once
    assert store_module.group_bm25({"kitchen": 4}, rarity) < store_module.group_bm25(
        {"kitchen": 1, "tile": 1}, rarity
    )


def test_the_words_that_name_a_time_rank_by_time_not_by_matching(store: MemoryStore) -> None:
    facts = [
        "The league changed its rules every year, for years.",
        "My cousin's wedding was lovely.",
    ]
    store.absorb(facts, scope="user")
    best, *_ = store.search("the weddings I attended this year")
    assert best.fact.content == facts[1]  # "this year" is when, not what


def test_the_words_that_name_a_time_weigh_in_neither_leg(
    store: MemoryStore,
) -> None:
    facts = ["Three months of planning trips, in the past.", "The trip to Big Sur."]
    store.absorb(facts, scope="user")
    best, *_ = store.search("the trips in the past three months")
    assert best.fact.content == facts[1]  # "the past three months" says when, not what


def test_rank_fusion_scores_first_place_in_both_lists_as_one(store: MemoryStore) -> None:
    store.absorb(
        ["Kafka consumers commit offsets.", "Kafka brokers run on three nodes."], scope="agent"
    )
    best, *_ = store.search("kafka consumers commit offsets", fusion="rrf")
    assert best.fact.content == "Kafka consumers commit offsets."
    assert best.score == pytest.approx(best.decay * (0.9 + 0.1 * 0.8), rel=1e-5)


def test_an_unknown_fusion_is_an_error(store: MemoryStore) -> None:
    with pytest.raises(EngramError, match="unknown fusion 'max'"):
        store.search("anything", fusion="max")


PLANT_FACTS = [
    # the older fact matches more of the query's words
    {"content": "I bought a fern and a monstera plant for the living room.",
     "valid_from": "2023-02-10"},
    {"content": "I bought a cactus plant for my desk.", "valid_from": "2023-05-20"},
]  # fmt: skip
# every version in order of score (the default modes put the latest of similar facts first),
# read on 1 June 2023
BY_SCORE: dict[str, Any] = {"mode": "full_history", "now": datetime(2023, 6, 1, tzinfo=UTC)}


def test_a_query_naming_a_stretch_of_time_ranks_the_facts_from_it_first(
    store: MemoryStore,
) -> None:
    store.absorb(PLANT_FACTS, scope="user", kind="event")
    hits = store.search("plant I bought for the room in the last month", **BY_SCORE)
    assert [h.fact.content for h in hits] == [c["content"] for c in PLANT_FACTS[::-1]]


def test_the_same_query_without_the_time_ranks_by_relevance(store: MemoryStore) -> None:
    store.absorb(PLANT_FACTS, scope="user", kind="event")
    hits = store.search("plant I bought for the room", **BY_SCORE)
    assert hits[0].fact.content == PLANT_FACTS[0]["content"]


def test_a_fact_outside_the_named_time_keeps_half_its_score(store: MemoryStore) -> None:
    store.absorb(PLANT_FACTS[:1], scope="user", kind="event")
    [hit] = store.search("fern monstera plant in the last month", **BY_SCORE)
    expected = (0.7 * hit.cosine + 0.3 * hit.bm25) * hit.decay * (0.9 + 0.1 * 0.8) * 0.5
    assert hit.score == pytest.approx(expected, rel=1e-5)


def test_time_words_can_be_turned_off(tmp_path: Path) -> None:
    config = load_config(None, env={"ENGRAM_MEMORY_TIME_WORDS": "false"})
    with MemoryStore.open(tmp_path / "m.db", config=config) as store:
        store.absorb(PLANT_FACTS, scope="user", kind="event")
        hits = store.search("plant I bought for the room in the last month", **BY_SCORE)
    assert hits[0].fact.content == PLANT_FACTS[0]["content"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"top_k": 0}, "top_k must be at least 1"),
        ({"top_k": -5}, "top_k must be at least 1"),
        ({"group_by": ""}, "group_by must name a metadata key"),
        ({"group_by": 5}, "group_by must name a metadata key"),
    ],
)
def test_a_search_asked_for_nothing_is_told_so(
    store: MemoryStore, arguments: dict[str, object], message: str
) -> None:
    with pytest.raises(EngramError, match=message):
        store.search("kafka", **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("arguments", [{"limit": -1}, {"offset": -3}, {"limit": 2.5}])
def test_a_list_with_a_negative_or_broken_bound_is_refused(
    store: MemoryStore, arguments: dict[str, object]
) -> None:
    with pytest.raises(EngramError, match="must be a whole number of 0 or more"):
        store.list(**arguments)  # type: ignore[arg-type]


def test_a_one_word_query_finds_a_spanish_fact_stemmed_in_spanish(store: MemoryStore) -> None:
    store.absorb(["Mi hermana Lucía vive en Madrid con sus hijos."], scope="user")
    for query in ("Madrid", "hermana", "hijos"):
        assert [h.fact.content for h in store.search(query)] == [
            "Mi hermana Lucía vive en Madrid con sus hijos."
        ], query


def test_a_spanish_question_finds_an_english_fact_by_its_name(store: MemoryStore) -> None:
    store.absorb(["Anna lives in Madrid."], scope="user")
    assert [h.fact.content for h in store.search("¿Quién vive en Madrid?")] == [
        "Anna lives in Madrid."
    ]


def test_an_unaccented_query_finds_the_accented_name(store: MemoryStore) -> None:
    store.absorb(["Mi hermana Lucía vive en Madrid con sus hijos."], scope="user")
    assert len(store.search("Lucia")) == 1


def test_japanese_facts_are_found_by_their_hiragana_and_latin_words(store: MemoryStore) -> None:
    store.absorb(["私はみかんが好きです。", "田中さんはGoogleで働いています。"], scope="user")
    assert [h.fact.content for h in store.search("みかん")] == ["私はみかんが好きです。"]
    assert [h.fact.content for h in store.search("Google")] == ["田中さんはGoogleで働いています。"]


def test_a_russian_name_is_found_in_another_case(store: MemoryStore) -> None:
    store.absorb(["Кот Павла болеет.", "Алексей — муж Ольги."], scope="user")
    assert [h.fact.content for h in store.search("Павел")] == ["Кот Павла болеет."]
    assert [h.fact.content for h in store.search("Алексея")] == ["Алексей — муж Ольги."]


@pytest.mark.sqlite_only
def test_a_latin_word_a_fact_holds_is_not_looked_up_in_the_other_language(
    store: MemoryStore,
) -> None:
    store.absorb(["The data team meets daily.", "Los datos se guardan en S3."], scope="agent")
    assert [h.fact.content for h in store.search("data")] == ["The data team meets daily."]
