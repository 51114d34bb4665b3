"""The optional model paths, against a local server that speaks the OpenAI API."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from engram.config import load_config
from engram.embed.base import EmbeddingError
from engram.embed.openai import OpenAIEmbedder
from engram.llm import ChatModel
from engram.store import MemoryStore
from tests.store.fake_openai import FakeOpenAI, fake_openai


def open_store(tmp_path: Path, fake: FakeOpenAI, **settings: str) -> MemoryStore:
    env = {
        "ENGRAM_CONFIG_DIR": str(tmp_path / "none"),
        "ENGRAM_LLM_BASE_URL": fake.url,
        "ENGRAM_LLM_API_KEY": "test-key",
        "ENGRAM_LLM_MODEL": "fake-chat",
        **settings,
    }
    return MemoryStore.open(tmp_path / "m.db", config=load_config(None, env=env))


def test_the_model_classifies_when_configured(tmp_path: Path) -> None:
    answer = '{"verdict": "contradict", "candidate": "c1", "reason": "opposite claims"}'
    with fake_openai(FakeOpenAI(chat=lambda body: answer)) as fake:
        store = open_store(tmp_path, fake, ENGRAM_EMBED_PROVIDER="offline")
        store.absorb(["The cache is shared between all tenants."], scope="agent")
        [outcome] = store.absorb(
            ["The cache is shared between tenants of one region."], scope="agent"
        )
    assert (outcome.outcome, outcome.reason) == ("contradict", "model: opposite claims")
    _path, body = next(r for r in fake.requests if r[0].endswith("/chat/completions"))
    assert (
        body["model"] == "fake-chat"
        and "NEW: The cache is shared" in body["messages"][1]["content"]
    )


def test_a_failing_model_falls_back_to_the_offline_classifier(tmp_path: Path) -> None:
    with fake_openai(FakeOpenAI(fail=100, fail_status=500)) as fake:
        store = open_store(tmp_path, fake, ENGRAM_EMBED_PROVIDER="offline")
        store.absorb(["Feature flags are enabled in production."], scope="agent")
        [outcome] = store.absorb(["Feature flags are disabled in production."], scope="agent")
    assert outcome.outcome == "contradict" and "offline; the model failed" in outcome.reason
    assert store.stats()["facts"] == 2


def test_a_malformed_model_answer_falls_back_too(tmp_path: Path) -> None:
    with fake_openai(FakeOpenAI(chat=lambda body: "I think it is new")) as fake:
        store = open_store(tmp_path, fake, ENGRAM_EMBED_PROVIDER="offline")
        store.absorb(["Feature flags are enabled in production."], scope="agent")
        [outcome] = store.absorb(["Feature flags are disabled in production."], scope="agent")
    assert outcome.outcome == "contradict"


def test_embeddings_are_batched_and_normalised(tmp_path: Path) -> None:
    with fake_openai() as fake:
        embedder = OpenAIEmbedder(fake.url, "k", "fake-embed")
        vectors = embedder.embed([f"text number {n}" for n in range(70)])
    assert len(vectors) == 70 and embedder.model_id == "openai:fake-embed"
    assert all(np.linalg.norm(v) == pytest.approx(1.0, abs=1e-5) for v in vectors)
    assert [len(body["input"]) for _, body in fake.requests] == [64, 6]


def test_transient_errors_are_retried(tmp_path: Path) -> None:
    with fake_openai(FakeOpenAI(fail=2, fail_status=503)) as fake:
        embedder = OpenAIEmbedder(fake.url, "k", "fake-embed")
        assert len(embedder.embed(["one text"])) == 1
    assert len(fake.requests) == 3


def test_a_lasting_embedding_failure_is_an_error_not_a_model_switch(tmp_path: Path) -> None:
    with fake_openai(FakeOpenAI(fail=100)) as fake:
        embedder = OpenAIEmbedder(fake.url, "k", "fake-embed", retries=1)
        with pytest.raises(EmbeddingError):
            embedder.embed(["one text"])
        assert embedder.model_id == "openai:fake-embed"


def test_absorb_keeps_facts_when_embeddings_fail_and_rebuild_fills_them(tmp_path: Path) -> None:
    with fake_openai(FakeOpenAI(fail=100)) as fake:
        store = open_store(tmp_path, fake, ENGRAM_LLM_MODEL="")
        store.embedder.retries = 0  # type: ignore[attr-defined]
        [outcome] = store.absorb(["Kafka runs on three brokers in production."], scope="agent")
        assert outcome.outcome == "new"
        assert store.stats()["missing_vectors"] == 1
        assert [h.fact.content for h in store.search("kafka brokers")] == [
            "Kafka runs on three brokers in production."
        ]  # lexical results still come back
        fake.fail = 0
        assert store.rebuild() == 1
        assert store.stats()["vectors_by_model"] == {"openai:text-embedding-3-small": 1}


def test_rerank_reorders_the_top_results(tmp_path: Path) -> None:
    facts = [
        "Kafka consumers commit offsets after each batch.",
        "Kafka brokers keep data for seven days.",
    ]
    with fake_openai() as fake:
        store = open_store(
            tmp_path,
            fake,
            ENGRAM_EMBED_PROVIDER="offline",
            ENGRAM_MEMORY_RERANK="true",
            ENGRAM_MEMORY_LLM_CLASSIFY="false",
        )
        ids = [store.absorb([f], scope="run", scope_key=str(n))[0].id for n, f in enumerate(facts)]
        plain = [h.fact.id for h in store.search("kafka consumers offsets")]
        fake.chat = lambda body: json.dumps({"order": list(reversed(plain))})
        reranked = [h.fact.id for h in store.search("kafka consumers offsets")]
    assert set(ids) == set(plain) and reranked == list(reversed(plain))


def test_rerank_failure_keeps_the_order(tmp_path: Path) -> None:
    with fake_openai() as fake:
        store = open_store(
            tmp_path,
            fake,
            ENGRAM_EMBED_PROVIDER="offline",
            ENGRAM_MEMORY_RERANK="true",
            ENGRAM_MEMORY_LLM_CLASSIFY="false",
        )
        for n, fact in enumerate(
            [
                "Kafka consumers commit offsets after each batch.",
                "Kafka brokers keep data for seven days.",
            ]
        ):
            store.absorb([fact], scope="run", scope_key=str(n))
        fake.fail = 100
        store.chat = ChatModel(fake.url, "k", "fake-chat", retries=0)
        hits = store.search("kafka consumers offsets")
    assert hits[0].fact.content.startswith("Kafka consumers")


def model_answering(verdict: str) -> FakeOpenAI:
    return FakeOpenAI(chat=lambda body: json.dumps({"verdict": verdict, "candidate": "c1"}))


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        ("Alice lives in Paris.", "Bob lives in Paris.", "duplicate"),
        ("Alice's phone number is 555-0101.", "Bob's phone number is 555-0199.", "supersede"),
        ("Ticket 3 is assigned to Person146.", "Ticket 43 is assigned to Person628.", "supersede"),
        ("Staging keeps logs for 30 days.", "Production keeps logs for 90 days.", "supersede"),
        ("Tim: I moved to Denver.", "Anna: I moved to Denver.", "duplicate"),
        ("The upload limit is 10 MB.", "The upload limit is 20 MB.", "duplicate"),
    ],
)
def test_a_model_never_merges_what_the_word_rules_tell_apart(
    tmp_path: Path, old: str, new: str, verdict: str
) -> None:
    with fake_openai(model_answering(verdict)) as fake:
        store = open_store(tmp_path, fake, ENGRAM_EMBED_PROVIDER="offline")
        store.absorb([old], scope="agent")
        [outcome] = store.absorb([new], scope="agent")
        hits = {hit.fact.content for hit in store.search(new, top_k=5)}
    assert outcome.outcome == "related" and outcome.reason.startswith("model: ")
    assert hits == {old, new}


def test_a_model_may_merge_a_rewording_the_word_rules_miss(tmp_path: Path) -> None:
    with fake_openai(model_answering("duplicate")) as fake:
        store = open_store(tmp_path, fake, ENGRAM_EMBED_PROVIDER="offline")
        store.absorb(["The user's laptop is slow."], scope="agent")
        [outcome] = store.absorb(["The user's laptop runs sluggishly."], scope="agent")
    assert outcome.outcome == "duplicate" and store.stats()["facts"] == 1


def test_a_model_may_replace_a_value_of_the_same_subject(tmp_path: Path) -> None:
    with fake_openai(model_answering("supersede")) as fake:
        store = open_store(tmp_path, fake, ENGRAM_EMBED_PROVIDER="offline")
        store.absorb(["Alice lives in Berlin."], scope="agent")
        [outcome] = store.absorb(["Alice has settled down in Munich."], scope="agent")
    assert outcome.outcome == "supersede"
