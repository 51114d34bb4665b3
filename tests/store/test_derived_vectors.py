"""The offline embedder's vectors follow from a fact's index terms: a store that searches in
memory makes them as it builds its index and never writes them to its database."""

from __future__ import annotations

import math
import sqlite3
from collections import Counter
from itertools import pairwise
from pathlib import Path

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from engram.config import load_config
from engram.embed.hashed import PAIR_WEIGHT, SparseEmbedder, feature_id
from engram.embed.vectors import to_bytes
from engram.store import MemoryStore
from engram.store.sqlite.schema import m009_derived_sparse_vectors
from engram.text.tokenize import cached_terms

FACTS = [
    "Kafka runs on three brokers in production.",
    "The staging Kafka cluster has one broker.",
    "Redis caches the web sessions for a day.",
    "Ivan rotates the Kafka credentials every month.",
]
WORDS = st.sampled_from("kafka broker redis cache ivan month day web session the".split())


def reference(terms: list[str]) -> dict[int, float]:
    """The documented features, weighed as the model's docstring says: each word 1 + log of
    its count, each adjacent pair 0.5 a time (1 + log once that reaches 1), unit length."""
    features: Counter[str] = Counter()
    for term in terms:
        features["w:" + term] += 1.0
    for left, right in pairwise(terms):
        features[f"p:{left} {right}"] += PAIR_WEIGHT
    weights: dict[int, float] = {}
    for name, count in features.items():
        value = 1.0 + math.log(count) if count >= 1 else count
        weights[feature_id(name)] = weights.get(feature_id(name), 0.0) + value
    norm = math.sqrt(sum(v * v for v in weights.values()))
    return {fid: value / norm for fid, value in weights.items()}


@given(st.lists(WORDS, min_size=1, max_size=12))
def test_a_vector_made_from_terms_is_the_documented_one(terms: list[str]) -> None:
    vector = SparseEmbedder().from_terms(terms)
    expected = reference(terms)
    assert vector.ids.tolist() == sorted(expected)
    assert np.allclose(vector.weights, [expected[i] for i in sorted(expected)], atol=1e-6)


def test_a_vector_made_from_terms_is_the_texts_to_the_bit() -> None:
    embedder = SparseEmbedder()
    for text in FACTS:
        made, embedded = embedder.from_terms(list(cached_terms(text))), embedder.embed_one(text)
        assert made.ids.tobytes() == embedded.ids.tobytes()
        assert made.weights.tobytes() == embedded.weights.tobytes()


def stored_vectors(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT fact_id, model FROM vectors").fetchall()


def cosines(path: Path, query: str) -> list[tuple[str, float]]:
    with MemoryStore.open(path, config=load_config(None, env={})) as store:
        return [(hit.fact.content, hit.cosine) for hit in store.search(query)]


def test_absorb_writes_no_offline_vector_and_stats_miss_none(tmp_path: Path) -> None:
    with MemoryStore.open(tmp_path / "m.db", config=load_config(None, env={})) as store:
        store.absorb(FACTS, scope="agent")
        stats = store.stats()
    assert stored_vectors(tmp_path / "m.db") == []
    assert stats["missing_vectors"] == 0 and stats["vectors_by_model"] == {}


def test_an_index_built_from_the_rows_scores_as_the_one_absorb_filled(tmp_path: Path) -> None:
    with MemoryStore.open(tmp_path / "m.db", config=load_config(None, env={})) as store:
        store.absorb(FACTS, scope="agent")
        in_process = [(hit.fact.content, hit.cosine) for hit in store.search("kafka brokers")]
    rebuilt = cosines(tmp_path / "m.db", "kafka brokers")  # a new process builds from the rows
    assert rebuilt == in_process and all(cosine > 0 for _, cosine in rebuilt)


def test_vectors_stored_before_are_dropped_and_the_scores_stay(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with MemoryStore.open(path, config=load_config(None, env={})) as store:
        store.absorb(FACTS, scope="agent")
        embedder = SparseEmbedder()
        with store._write():  # as an Engram that stored them wrote them
            for fact in store.list():
                blob = to_bytes(embedder.embed_one(fact.content))
                store._backend.put_vector(fact.id, embedder.model_id, blob)
                store._backend.put_vector(fact.id, "another-model", b"\x00" * 16)
    before = cosines(path, "kafka brokers")
    with sqlite3.connect(path) as conn:
        m009_derived_sparse_vectors(conn)
    assert {model for _, model in stored_vectors(path)} == {"another-model"}
    assert cosines(path, "kafka brokers") == before


def test_rebuild_drops_the_offline_vectors_a_store_kept(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with MemoryStore.open(path, config=load_config(None, env={})) as store:
        store.absorb(FACTS, scope="agent")
        fact = store.list()[0]
        embedder = SparseEmbedder()
        with store._write():
            store._backend.put_vector(
                fact.id, embedder.model_id, to_bytes(embedder.embed_one(fact.content))
            )
        before = [(hit.fact.content, hit.cosine) for hit in store.search("kafka brokers")]
        assert store.rebuild() == len(FACTS)
        assert stored_vectors(path) == []
        assert [(hit.fact.content, hit.cosine) for hit in store.search("kafka brokers")] == before
