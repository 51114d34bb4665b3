"""A store written before the tokenizer read accents and Japanese words as it does now gets
its index terms made again when it is opened: its facts are found as new ones are."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from engram.config import load_config
from engram.embed.hashed import SparseEmbedder
from engram.embed.vectors import to_bytes
from engram.store import MemoryStore
from engram.text.tokenize import terms_of

JAPANESE = "このプロジェクトではDockerを使っています。"
SPANISH = "Mi hermana Lucía vive en Madrid."
ENGLISH = "Kafka runs on three brokers."
# what the tokenizer made of them before: no Latin word inside Japanese, accents kept
OLD_TERMS = {JAPANESE: "プロジェクト 使", SPANISH: "herman lucí viv madr"}
MIGRATION = {"sqlite": "m010_terms_of_unaccented_and_japanese_words",
             "postgresql": "m007_terms_of_unaccented_and_japanese_words"}  # fmt: skip


def _as_written_before(where: str | Path) -> None:
    """The facts' terms as the tokenizer before made them, its migration not yet applied."""
    if isinstance(where, Path):
        with sqlite3.connect(where) as conn:
            for content, terms in OLD_TERMS.items():
                conn.execute("UPDATE facts SET terms = ? WHERE content = ?", (terms, content))
            conn.execute("DELETE FROM _migrations WHERE name = ?", (MIGRATION["sqlite"],))
        return
    import psycopg

    embedder = SparseEmbedder()
    with psycopg.connect(where, autocommit=True) as conn:
        for content, terms in OLD_TERMS.items():
            conn.execute("UPDATE facts SET terms = %s WHERE content = %s", (terms, content))
            old = to_bytes(embedder.from_terms(terms.split()))  # the vector of those terms
            conn.execute(
                "UPDATE vectors SET vector = %s FROM facts WHERE vectors.fact_id = facts.id "
                "AND facts.content = %s AND vectors.model = %s",
                (old, content, embedder.model_id),
            )
        conn.execute("DELETE FROM _migrations WHERE name = %s", (MIGRATION["postgresql"],))


def test_a_store_of_the_tokenizer_before_is_searched_as_a_new_one(
    store_location: str | Path,
) -> None:
    config = load_config(None, env={})
    with MemoryStore.open(store_location, config=config) as store:
        store.absorb([JAPANESE, SPANISH, ENGLISH], scope="agent")
    _as_written_before(store_location)
    with MemoryStore.open(store_location, config=config) as store:
        assert [h.fact.content for h in store.search("Docker")] == [JAPANESE]
        assert [h.fact.content for h in store.search("Lucia")] == [SPANISH]
        stored = store._backend.terms_of_facts(f.id for f in store.list())
        by_content = {f.content: stored[f.id] for f in store.list()}
    assert by_content == {text: terms_of(text) for text in (JAPANESE, SPANISH, ENGLISH)}


def test_postgresql_keeps_the_offline_vector_of_the_terms_made_again(postgres_url: str) -> None:
    from tests.pgserver import empty

    empty(postgres_url)
    config = load_config(None, env={})
    with MemoryStore.open(postgres_url, config=config) as store:
        store.absorb([JAPANESE], scope="agent")
    _as_written_before(postgres_url)
    with MemoryStore.open(postgres_url, config=config) as store:
        [fact] = store.list()
        embedder = SparseEmbedder()
        [(blob,)] = store._backend._conn.execute(
            "SELECT vector FROM vectors WHERE fact_id = ? AND model = ?",
            (fact.id, embedder.model_id),
        ).fetchall()
    assert bytes(blob) == to_bytes(embedder.from_terms(terms_of(JAPANESE)))


def test_rebuild_makes_again_the_terms_an_older_engram_wrote_after_the_upgrade(
    store_location: str | Path,
) -> None:
    config = load_config(None, env={})
    with MemoryStore.open(store_location, config=config) as store:
        store.absorb([JAPANESE, ENGLISH], scope="agent")
        [fact] = [f for f in store.list() if f.content == JAPANESE]
        with store._write():  # as an older process, open across the upgrade, wrote it
            store._backend.set_terms([(OLD_TERMS[JAPANESE], fact.id)])
        store._index = None
        assert store.search("Docker") == []
        store.rebuild()
        assert [h.fact.content for h in store.search("Docker")] == [JAPANESE]
