"""Search on a backend that finds its candidates itself (PostgreSQL: full-text search with a GIN
index, pgvector): the candidates come from the database, and this module gives them the same
two legs the in-memory index gives every fact — BM25 over the stored terms and the cosine of the
query vector — so `MemoryStore.search` fuses, decays, weighs and groups them with the same code
on both backends.

What the in-memory index counts over the facts a filter selects, the database keeps in tables:
how many facts hold each term, how many facts a scope, key and status have and their summed
length. When every fact holding a query term is among the candidates (a key's facts, a rare
word), a term's document frequency is counted on them exactly, as in memory; when a query's
words are too common for that, the rarest of them choose the candidates and the store-wide
frequency, scaled to the filter's share of the store, stands in for the filter's.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from engram.embed.vectors import SPARSE_MAGIC, Sparse, sparse_dots, to_bytes
from engram.store.backend import CorpusStats, SearchesInDatabase, SearchFilter
from engram.store.db import days_of
from engram.store.index import K1, B
from engram.store.ranking import SPARSE_POOL, top

if TYPE_CHECKING:
    from engram.embed.base import Embedder
    from engram.store.model import Fact


@dataclass
class Legs:
    """The candidates of one search and each leg's score of them (0: no match, or filtered
    out), by position in `ids`; `terms` holds each candidate's stored terms, `facts` those
    candidates already read whole (the best of both legs, when the vectors are dense)."""

    ids: list[str]
    cosine: np.ndarray
    lexical: np.ndarray
    terms: dict[str, list[str]]
    facts: dict[str, Fact] = field(default_factory=dict)
    rarity: dict[str, float] = field(default_factory=dict)  # query term -> count · idf


@dataclass(frozen=True)
class Filters:
    """What `MemoryStore.search` selects: the read mode, scope and key, when the fact was
    recorded (`since`/`until`, days since the epoch), the moment it must be true at (`at`,
    days; None: the mode's statuses decide), and tags it must all have."""

    mode: str
    scope: str | None
    scope_key: str | None
    since: float | None
    until: float | None
    at: float | None
    tags: tuple[str, ...]
    replaced: bool = False  # the versions superseded by `at` are candidates too

    def database_filter(self) -> SearchFilter:
        """The statuses, scope and key the database selects by."""
        if self.at is not None:  # valid at a moment whatever the status, never archived
            statuses: tuple[str, ...] = ("active", "superseded")
        elif self.mode == "latest":
            statuses = ("active", "archived")
        else:
            statuses = ("active", "superseded", "archived")
        return SearchFilter(statuses, self.scope, self.scope_key)

    def counted_filter(self, now: bool) -> SearchFilter:
        """The facts BM25 counts as searched: those of `database_filter`, except that what is
        true now (`now`: the default mode's question) is the active facts (a version
        superseded from a future date is rare)."""
        where = self.database_filter()
        if now:
            return SearchFilter(("active",), where.scope, where.scope_key)
        return where


def can_search(backend: object, embedder: Embedder) -> bool:
    """Whether the backend finds candidates for this embedder's vectors: sparse vectors are
    scored on the lexical candidates, dense ones need the backend's vector index."""
    if not isinstance(backend, SearchesInDatabase):
        return False
    return backend.searches_vectors(dense=not getattr(embedder, "sparse", False))


def legs(
    backend: SearchesInDatabase,
    embedder: Embedder,
    query: str,
    query_terms: list[str],
    filters: Filters,
    now_moment: bool,
    reach: int,
) -> Legs:
    """The candidates and their legs (see the module docstring)."""
    from engram.embed.base import EmbeddingError

    where = filters.database_filter()
    sparse = bool(getattr(embedder, "sparse", False))
    model = embedder.model_id
    dense: np.ndarray | None = None
    if not sparse:
        try:
            dense = np.asarray(embedder.embed([query])[0], dtype=np.float32)
        except EmbeddingError:
            dense = None  # lexical results still come back
    # the database looks for the nearest vectors while the lexical leg is found and scored
    nearest = backend.nearest_beside(model, dense, where, reach) if dense is not None else None
    stats = backend.corpus_stats(query_terms, filters.counted_filter(now_moment))
    query_vector: Any = dense
    if sparse and hasattr(embedder, "query_vector"):
        try:
            query_vector = embedder.query_vector(query, _idf(stats))
        except EmbeddingError:
            query_vector = None
    # sparse vectors come with the lexical candidates; dense ones are scored by the database
    found = backend.lexical_candidates(query_terms, where, stats, model if sparse else None)
    rows = list(found.rows)
    near: dict[str, float] = {}
    if nearest is not None:
        seen = {values[0] for values, _ in rows}
        for values, score in nearest():
            near[str(values[0])] = score
            if values[0] not in seen:
                rows.append((values, None))
    count = len(rows)
    ids = [str(values[0]) for values, _ in rows]
    terms = {str(values[0]): str(values[8]).split() for values, _ in rows}
    mask = _mask(rows, filters)
    counted = mask
    if filters.replaced:  # the replaced versions are scored, weighed as the facts true now are
        counted = mask & np.array([values[3] != "superseded" or not _gone(values, filters)
                                   for values, _ in rows], dtype=np.bool_)  # fmt: skip
    lexical = _bm25(query_terms, [terms[i] for i in ids], mask, stats, found.complete, counted)
    cosine = np.zeros(count, dtype=np.float32)
    facts: dict[str, Fact] = {}
    if dense is not None:
        # The nearest facts have their cosine; the best lexical ones are asked for theirs.
        # Together they hold every fact `MemoryStore._scored` fuses (the best of each leg),
        # so they are read whole in the same statement.
        best = [ids[p] for p in top(lexical, reach) if lexical[p] > 0]
        kept = [i for i, p in zip(ids, mask, strict=True) if p and i in near]
        wanted = list(dict.fromkeys(kept + best))
        facts, cosines = backend.facts_and_cosines(model, dense, wanted, kept)
        near.update(cosines)
        cosine = np.array([near.get(i, 0.0) for i in ids], dtype=np.float32)
        cosine = np.clip(cosine, 0.0, None)
    elif isinstance(query_vector, Sparse):
        # as in memory: the sparse cosine of the best lexical candidates
        matched = top(lexical, SPARSE_POOL)
        matched = matched[lexical[matched] > 0]
        blobs = [rows[p][1] for p in matched]
        derive = getattr(embedder, "from_terms", None)
        if derive is not None:
            # a fact copied from a store that made its vectors from the terms came without one
            blobs = [
                to_bytes(derive(terms[ids[p]])) if blob is None else blob
                for p, blob in zip(matched, blobs, strict=True)
            ]
        cosine[matched] = np.clip(_sparse_cosine(query_vector, blobs), 0.0, None)
    cosine[~mask] = 0
    idf = _idf(stats)
    rarity = {term: count * idf(term) for term, count in Counter(query_terms).items()}
    return Legs(ids, cosine, lexical, terms, facts, rarity)


def _idf(stats: CorpusStats) -> Any:
    live = stats.total

    def idf(term: str) -> float:
        df = min(stats.frequency.get(term, 0), live)
        return float(np.log(1.0 + (live - df + 0.5) / (df + 0.5)))

    return idf


def _mask(rows: Sequence[tuple[Sequence[Any], Any]], filters: Filters) -> np.ndarray:
    """The store's own filters on the candidates, as `MemoryStore._mask` applies them."""
    wanted = set(filters.tags)
    if not wanted and filters.since is None and filters.until is None and filters.at is None:
        return np.ones(len(rows), dtype=np.bool_)  # no filter of the store's own: all pass
    return np.fromiter(
        (_selected(values, filters, wanted) for values, _ in rows), dtype=np.bool_, count=len(rows)
    )


def _selected(values: Sequence[Any], filters: Filters, wanted: set[str]) -> bool:
    created, tags, valid_from, valid_to = values[6], values[7], values[10], values[11]
    if filters.since is not None and days_of(created) < filters.since:
        return False
    if filters.until is not None and days_of(created) > filters.until:
        return False
    if wanted and not wanted <= set(json.loads(tags)):
        return False
    if filters.at is None:
        return True
    if filters.replaced and values[3] == "superseded" and _gone(values, filters):
        return True  # replaced by then: it stands for its successor
    return days_of(valid_from) <= filters.at and (
        valid_to is None or filters.at < days_of(valid_to)
    )


def _gone(values: Sequence[Any], filters: Filters) -> bool:
    """Whether a candidate's version was replaced by the moment the search asks of."""
    valid_to = values[11]
    return filters.at is not None and valid_to is not None and days_of(valid_to) <= filters.at


def _bm25(
    query_terms: list[str],
    terms: list[list[str]],
    mask: np.ndarray,
    stats: CorpusStats,
    complete: bool,
    counted: np.ndarray | None = None,
) -> np.ndarray:
    """BM25 of each candidate, as `SearchIndex.bm25` scores a fact (each term's rarity from
    the `counted` candidates, default the mask's)."""
    counted = mask if counted is None else counted
    scores = np.zeros(len(terms), dtype=np.float32)
    live = stats.live
    if not live or not query_terms or not len(terms):
        return scores
    avg = stats.total_length / max(stats.total, 1) or 1.0
    lengths = np.array([len(t) for t in terms], dtype=np.float32)
    share = live / max(stats.total, 1)
    for term, weight in Counter(query_terms).items():
        counts = np.array([t.count(term) for t in terms], dtype=np.float32)
        docs = np.nonzero((counts > 0) & mask)[0]
        # (a word only the replaced versions hold is as rare as their count of it)
        df = int(np.count_nonzero((counts > 0) & counted)) or len(docs)
        if not df:
            continue
        if not complete:  # the candidates are some of the facts holding it
            df = max(df, min(live, round(stats.frequency.get(term, 0) * share)))
        # the same expression, in the same types, as SearchIndex.bm25
        idf = np.log(1.0 + (live - df + 0.5) / (df + 0.5))
        tfs = counts[docs]
        norm = K1 * (1.0 - B + B * lengths[docs] / avg)
        scores[docs] += weight * idf * tfs * (K1 + 1.0) / (tfs + norm)
    return scores


def _sparse_cosine(query: Sparse, blobs: Sequence[Any]) -> np.ndarray:
    """The query's cosine with each stored sparse vector (0 for a missing or dense one): the
    vectors' ids and weights cut out of their stored bytes (`vectors.to_bytes`) into two
    arrays, then one lookup of every id among the query's."""
    out = np.zeros(len(blobs), dtype=np.float32)
    if not len(blobs) or not len(query.ids):
        return out
    ids, weights, counts = [], [], []
    for blob in blobs:
        raw = bytes(blob) if blob is not None else b""
        if raw[:4] != SPARSE_MAGIC:
            counts.append(0)
            continue
        count = int.from_bytes(raw[4:8], "little")
        ids.append(raw[8 : 8 + 4 * count])
        weights.append(raw[8 + 4 * count : 8 + 8 * count])
        counts.append(count)
    if not ids:
        return out
    found = np.frombuffer(b"".join(ids), dtype="<u4")
    values = np.frombuffer(b"".join(weights), dtype="<f4")
    return sparse_dots(query, found, values, np.asarray(counts, dtype=np.int64))
