"""Term weights that favour a topic's words: words whose facts come in runs (`index.clustering`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engram.config import load_config
from engram.store import MemoryStore
from engram.store.index import SearchIndex, clustering

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india"]


def test_a_term_spread_evenly_is_not_clustered() -> None:
    assert clustering(np.arange(0, 1000, 50), 1000) == 0.0


def test_a_rare_term_whose_facts_come_in_one_run_is_clustered() -> None:
    assert clustering(np.arange(400, 410), 1000) == pytest.approx(1.0)


def test_a_word_in_most_of_a_few_facts_is_not_a_run() -> None:
    assert clustering(np.array([0, 1]), 3) == 0.0


def test_a_term_held_by_one_fact_is_not_clustered() -> None:
    assert clustering(np.array([7]), 1000) == 0.0


def test_a_word_in_every_fact_is_not_clustered() -> None:
    assert clustering(np.arange(100), 100) == 0.0


def test_a_word_so_common_its_gaps_are_short_by_chance_is_not_clustered() -> None:
    # in a fifth of the facts, at random: most of its gaps are short because it is everywhere
    positions = np.sort(np.random.default_rng(0).choice(1000, 200, replace=False))
    assert clustering(positions, 1000) == 0.0


def test_a_word_placed_at_random_is_barely_clustered() -> None:
    positions = np.sort(np.random.default_rng(0).choice(1000, 50, replace=False))
    assert clustering(positions, 1000) < 0.15


def index_of(texts: list[str]) -> SearchIndex:
    from engram.store.index import Row
    from engram.text.tokenize import terms_of

    index = SearchIndex("test", 1, sparse=True)
    for n, text in enumerate(texts):
        index.upsert(Row(f"f{n}", "user", "", "active", 1.0, 0.8, 0.0, frozenset(),
                         terms_of(text), None))  # fmt: skip
    return index


def filler(n: int) -> str:
    return f"{WORDS[n % len(WORDS)]} {WORDS[(n * 7 + 3) % len(WORDS)]} report {n}"


def chat() -> list[str]:
    """Sixty lines: "cocktail" in a run of three, "upcoming" in three lines far apart."""
    texts = [filler(n) for n in range(60)]
    for at in (30, 31, 32):
        texts[at] = f"a cocktail with gin, line {at}"
    for at in (5, 25, 50):
        texts[at] = f"an upcoming visit, line {at}"
    return texts


def test_a_clustered_term_weighs_more_than_an_even_one_of_the_same_frequency() -> None:
    index = index_of(chat())
    assert index.idf("cocktail", index.size) == index.idf("upcom", index.size)
    assert index.weight("cocktail", index.size) > index.weight("upcom", index.size)


def test_bm25_scores_a_topic_word_in_a_run_above_an_even_one() -> None:
    index = index_of(chat())
    scores = index.bm25(["cocktail", "upcom"], np.ones(index.size, dtype=bool))
    assert scores[30] > scores[25]


def test_search_scores_the_topic_word_in_a_run_above_an_even_one(tmp_path: Path) -> None:
    with MemoryStore.open(tmp_path / "m.db", config=load_config(None, env={})) as store:
        store.absorb(chat(), scope="user")
        hits = store.search("an upcoming cocktail", top_k=6)
    best = {word: max(h.score for h in hits if word in h.fact.content)
            for word in ("cocktail", "upcoming")}  # fmt: skip
    assert best["cocktail"] > best["upcoming"]
