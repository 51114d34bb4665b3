"""The in-memory search index of one store and one embedding model.

SQLite is the source of truth; this index is rebuilt from it when a `MemoryStore` first
searches, then kept current from the change log (`events`), so writes by other processes
(hooks, subagents, the MCP server) are seen on the next search. Rows are addressed by position;
per-fact attributes live in numpy arrays so filters and scores are vector operations.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engram.embed.vectors import Sparse, Vector

STATUS_CODES = {"active": 0, "superseded": 1, "archived": 2}
GONE = 3  # erased by nuke
SCOPE_CODES = {"agent": 0, "user": 1, "run": 2}
K1, B = 1.2, 0.75


@dataclass
class Row:
    """What the index needs of a fact."""

    id: str
    scope: str
    scope_key: str
    status: str
    importance: float
    confidence: float
    created: float  # days since the epoch
    tags: frozenset[str]
    terms: list[str]
    vector: Vector | None


class SearchIndex:
    def __init__(self, model_id: str, dims: int, sparse: bool = False) -> None:
        self.model_id = model_id
        self.sparse = sparse
        self.dims = 1 if sparse else dims  # the dense matrix is unused for sparse models
        # sparse models: feature id -> [(position, weight)], and numpy copies of them
        self.features: dict[int, list[tuple[int, float]]] = {}
        self._feature_arrays: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self.has_vector: set[int] = set()
        self.ids: list[str] = []
        self.position: dict[str, int] = {}
        self.keys: dict[str, int] = {}  # scope_key -> small int
        self.tags: list[frozenset[str]] = []
        self.postings: dict[str, list[tuple[int, int]]] = {}
        self._arrays: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.capacity = 0
        self.size = 0
        self.status = np.zeros(0, dtype=np.int8)
        self.scope = np.zeros(0, dtype=np.int8)
        self.scope_key = np.zeros(0, dtype=np.int32)
        self.importance = np.zeros(0, dtype=np.float32)
        self.confidence = np.zeros(0, dtype=np.float32)
        self.created = np.zeros(0, dtype=np.float64)
        self.length = np.zeros(0, dtype=np.float32)
        self.vectors = np.zeros((0, self.dims), dtype=np.float32)
        self.total_length = 0.0
        self.last_seq = 0

    # -- growth --------------------------------------------------------------------------
    def _grow(self, needed: int) -> None:
        if needed <= self.capacity:
            return
        capacity = max(1024, self.capacity * 2, needed)
        for name in (
            "status",
            "scope",
            "scope_key",
            "importance",
            "confidence",
            "created",
            "length",
        ):
            old = getattr(self, name)
            new = np.zeros(capacity, dtype=old.dtype)
            new[: self.size] = old[: self.size]
            setattr(self, name, new)
        vectors = np.zeros((capacity, self.dims), dtype=np.float32)
        vectors[: self.size] = self.vectors[: self.size]
        self.vectors = vectors
        self.capacity = capacity

    def key_code(self, scope_key: str) -> int:
        return self.keys.setdefault(scope_key, len(self.keys))

    # -- updates -------------------------------------------------------------------------
    def upsert(self, row: Row) -> None:
        """Add a fact, or update the mutable attributes of one already indexed."""
        at = self.position.get(row.id)
        if at is None:
            at = self.size
            self._grow(at + 1)
            self.size += 1
            self.ids.append(row.id)
            self.position[row.id] = at
            self.tags.append(row.tags)
            for term, count in Counter(row.terms).items():
                self.postings.setdefault(term, []).append((at, count))
                self._arrays.pop(term, None)
            self.length[at] = len(row.terms)
            self.total_length += len(row.terms)
            self.scope[at] = SCOPE_CODES[row.scope]
            self.scope_key[at] = self.key_code(row.scope_key)
            self.created[at] = row.created
        self.status[at] = STATUS_CODES[row.status]
        self.importance[at] = row.importance
        self.confidence[at] = row.confidence
        self.tags[at] = row.tags
        if row.vector is not None and at not in self.has_vector:
            self.has_vector.add(at)
            if isinstance(row.vector, Sparse):
                for fid, weight in zip(
                    row.vector.ids.tolist(), row.vector.weights.tolist(), strict=True
                ):
                    self.features.setdefault(fid, []).append((at, weight))
                    self._feature_arrays.pop(fid, None)
            else:
                self.vectors[at] = row.vector

    def erase(self, fact_id: str) -> None:
        at = self.position.get(fact_id)
        if at is not None:
            self.status[at] = GONE
            self.vectors[at] = 0

    # -- queries -------------------------------------------------------------------------
    def term_arrays(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        cached = self._arrays.get(term)
        if cached is None:
            pairs = self.postings.get(term, [])
            docs = np.fromiter((d for d, _ in pairs), dtype=np.int64, count=len(pairs))
            tfs = np.fromiter((t for _, t in pairs), dtype=np.float32, count=len(pairs))
            cached = self._arrays[term] = (docs, tfs)
        return cached

    def bm25(self, terms: list[str], mask: np.ndarray) -> np.ndarray:
        """BM25 of every indexed fact for these query terms (0 where the mask is False)."""
        scores = np.zeros(self.size, dtype=np.float32)
        live = int(mask.sum())
        if not live or not terms:
            return scores
        avg = self.total_length / max(self.size, 1) or 1.0
        lengths = self.length[: self.size]
        for term, weight in Counter(terms).items():
            docs, tfs = self.term_arrays(term)
            if not len(docs):
                continue
            df = int(mask[docs].sum())
            if not df:
                continue
            idf = np.log(1.0 + (live - df + 0.5) / (df + 0.5))
            norm = K1 * (1.0 - B + B * lengths[docs] / avg)
            scores[docs] += weight * idf * tfs * (K1 + 1.0) / (tfs + norm)
        scores[~mask] = 0
        return scores

    def cosine(self, query: Vector, *, idf: bool = False) -> np.ndarray:
        """Cosine of every indexed fact with the query vector. For sparse models `idf=True`
        weighs the query's features by their inverse document frequency first (stored vectors
        carry none, so they never drift as facts arrive)."""
        if not isinstance(query, Sparse):
            dense: np.ndarray = self.vectors[: self.size] @ query
            return dense
        scores = np.zeros(self.size, dtype=np.float32)
        weights = query.weights.astype(np.float64)
        arrays = [self.feature_arrays(int(fid)) for fid in query.ids.tolist()]
        if idf:
            n = len(self.has_vector) or 1
            df = np.array([len(a[0]) for a in arrays], dtype=np.float64)
            weights = weights * np.log(1.0 + (n - df + 0.5) / (df + 0.5))
            norm = float(np.linalg.norm(weights))
            weights = weights / norm if norm else weights
        for (positions, values), weight in zip(arrays, weights.tolist(), strict=True):
            if len(positions):
                scores[positions] += weight * values
        return scores

    def feature_arrays(self, fid: int) -> tuple[np.ndarray, np.ndarray]:
        cached = self._feature_arrays.get(fid)
        if cached is None:
            pairs = self.features.get(fid, [])
            positions = np.fromiter((p for p, _ in pairs), dtype=np.int64, count=len(pairs))
            values = np.fromiter((w for _, w in pairs), dtype=np.float32, count=len(pairs))
            cached = self._feature_arrays[fid] = (positions, values)
        return cached


def row_from_db(values: Sequence[Any], vector: Vector | None) -> Row:
    """An index Row from (id, scope, scope_key, status, importance, confidence, created_at,
    tags, terms) and the fact's vector blob."""
    from datetime import datetime

    fact_id, scope, key, status, importance, confidence, created, tags, terms = values
    days = datetime.fromisoformat(created).timestamp() / 86400.0
    return Row(
        id=fact_id,
        scope=scope,
        scope_key=key,
        status=status,
        importance=importance,
        confidence=confidence,
        created=days,
        tags=frozenset(json.loads(tags)),
        terms=terms.split(),
        vector=vector,
    )
