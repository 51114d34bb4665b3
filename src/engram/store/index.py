"""The in-memory search index of one store and one embedding model.

SQLite is the source of truth; this index is rebuilt from it when a `MemoryStore` first
searches, then kept current from the change log (`events`), so writes by other processes
(hooks, subagents, the MCP server) are seen on the next search. Rows are addressed by position;
per-fact attributes live in numpy arrays so filters and scores are vector operations.

Memory stays small at 100k facts: BM25 postings are typed `array`s per term (8 bytes a
posting) and sparse vectors sit in one CSR-style triple of arrays. A sparse vector shares its
features with the BM25 terms (words and word pairs), so its cosine can only be non-zero for a
fact that BM25 also matched; search computes it for exactly those facts.
"""

from __future__ import annotations

import heapq
import json
import math
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engram.embed.vectors import Sparse, Vector

STATUS_CODES = {"active": 0, "superseded": 1, "archived": 2, "deleted": 3}
KIND_CODES = {"fact": 0, "event": 1}
GONE = 4  # erased by nuke
SCOPE_CODES = {"agent": 0, "user": 1, "run": 2}
K1, B = 1.2, 0.75
POOL_POSTINGS = 600  # postings absorb pools to find the facts most like a new one
MAX_POSTINGS = 20_000  # a term in more facts than this says nothing about which facts are alike


class Live:
    """The facts a search may return: a mask over index positions, the same as bytes (read one
    position at a time far faster than the array), and how many are set. Absorb adds the facts
    of a batch to it as they are placed."""

    def __init__(self, mask: np.ndarray) -> None:
        self.mask = np.array(mask, dtype=np.bool_)
        self.flags = bytearray(self.mask.tobytes())
        self.count = int(self.mask.sum())

    def add(self, position: int) -> None:
        if position >= len(self.mask):
            grown = np.zeros(max(2 * len(self.mask), position + 1, 1024), dtype=np.bool_)
            grown[: len(self.mask)] = self.mask
            self.mask = grown
            self.flags.extend(bytes(len(grown) - len(self.flags)))
        if not self.mask[position]:
            self.mask[position] = True
            self.flags[position] = 1
            self.count += 1


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
    kind: str = "fact"
    valid_from: float = 0.0  # days since the epoch
    valid_to: float = float("inf")  # days since the epoch; inf while it is still true


class SearchIndex:
    def __init__(self, model_id: str, dims: int, sparse: bool = False) -> None:
        self.model_id = model_id
        self.sparse = sparse
        self.dims = 1 if sparse else max(dims, 1)
        self.ids: list[str] = []
        self.position: dict[str, int] = {}
        self.keys: dict[str, int] = {}  # scope_key -> small int
        self.tags: list[frozenset[str]] = []
        self.postings: dict[str, tuple[array[int], array[float]]] = {}
        self.capacity = 0
        self.size = 0
        self.status = np.zeros(0, dtype=np.int8)
        self.scope = np.zeros(0, dtype=np.int8)
        self.scope_key = np.zeros(0, dtype=np.int32)
        self.importance = np.zeros(0, dtype=np.float32)
        self.confidence = np.zeros(0, dtype=np.float32)
        self.created = np.zeros(0, dtype=np.float64)
        self.kind = np.zeros(0, dtype=np.int8)
        self.valid_from = np.zeros(0, dtype=np.float64)
        self.valid_to = np.zeros(0, dtype=np.float64)
        self.length = np.zeros(0, dtype=np.float32)
        self.vectors = np.zeros((0, self.dims), dtype=np.float32)  # dense models
        # sparse models: the vector of position p is ids/weights[start[p] : start[p] + count[p]]
        self.vector_start = np.zeros(0, dtype=np.int64)
        self.vector_count = np.zeros(0, dtype=np.int32)
        self.vector_ids: array[int] = array("I")
        self.vector_weights: array[float] = array("f")
        self.total_length = 0.0
        self.last_seq = 0

    # -- growth --------------------------------------------------------------------------
    def _grow(self, needed: int) -> None:
        if needed <= self.capacity:
            return
        capacity = max(1024, self.capacity * 2, needed)
        for name in ("status", "scope", "scope_key", "importance", "confidence", "created",
                     "kind", "valid_from", "valid_to", "length", "vector_start",
                     "vector_count"):  # fmt: skip
            old = getattr(self, name)
            new = np.zeros(capacity, dtype=old.dtype)
            new[: self.size] = old[: self.size]
            setattr(self, name, new)
        if not self.sparse:
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
                entry = self.postings.get(term)
                if entry is None:
                    entry = self.postings[term] = (array("i"), array("f"))
                entry[0].append(at)
                entry[1].append(count)
            self.length[at] = len(row.terms)
            self.total_length += len(row.terms)
            self.scope[at] = SCOPE_CODES[row.scope]
            self.scope_key[at] = self.key_code(row.scope_key)
            self.created[at] = row.created
            self.kind[at] = KIND_CODES[row.kind]
        self.valid_from[at] = row.valid_from
        self.valid_to[at] = row.valid_to
        self.status[at] = STATUS_CODES[row.status]
        self.importance[at] = row.importance
        self.confidence[at] = row.confidence
        self.tags[at] = row.tags
        if row.vector is not None:
            self._set_vector(at, row.vector)

    def _set_vector(self, at: int, vector: Vector) -> None:
        if isinstance(vector, Sparse):
            if self.sparse and not self.vector_count[at]:
                self.vector_start[at] = len(self.vector_ids)
                self.vector_count[at] = len(vector.ids)
                self.vector_ids.extend(vector.ids.tolist())
                self.vector_weights.extend(vector.weights.tolist())
        elif not self.sparse and vector.shape[0] == self.dims:
            self.vectors[at] = vector

    def erase(self, fact_id: str) -> None:
        at = self.position.get(fact_id)
        if at is not None:
            self.status[at] = GONE
            self.vector_count[at] = 0
            if not self.sparse:
                self.vectors[at] = 0

    # -- queries -------------------------------------------------------------------------
    def term_arrays(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """Positions and frequencies of a term (fresh views: the arrays may grow later)."""
        entry = self.postings.get(term)
        if entry is None:
            return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.float32)
        return np.frombuffer(entry[0], dtype=np.int32), np.frombuffer(entry[1], dtype=np.float32)

    def document_frequency(self, term: str) -> int:
        entry = self.postings.get(term)
        return 0 if entry is None else len(entry[0])

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

    def top_matches(
        self, terms: list[str], live: Live | None, k: int, rarest: int = 4
    ) -> list[int]:
        """Positions of the k facts among the `live` ones (None: all) that best match the
        `rarest` rarest terms of `terms`.

        This is how absorb finds the few stored facts most like a new one, and the rare words
        (names, ids, values) are what find them. The pool of facts is the union of the
        postings of the rare terms (up to POOL_POSTINGS in all); when even the rarest term is
        common ("Kenji" and "Park" in a store of people), the facts that have the two rarest
        terms both. Each pooled fact scores the idf of the pooled terms it has (facts are
        short: no length normalisation; more common terms would barely move the score). Set
        operations run in C, so the cost follows the
        postings of a few terms, never the size of the index."""
        if (self.size if live is None else live.count) == 0 or not terms:
            return []
        counts = Counter(terms)
        chosen = sorted((t for t in counts if t in self.postings), key=self.document_frequency)
        chosen = [t for t in chosen[:rarest] if self.document_frequency(t) <= MAX_POSTINGS]
        if not chosen:
            return []
        members: dict[str, set[int]] = {}
        pool: set[int] = set()
        budget = POOL_POSTINGS
        for term in chosen:
            docs = self.postings[term][0]
            if len(docs) > budget:
                break
            budget -= len(docs)
            members[term] = set(docs)
            pool |= members[term]
        if not pool:
            pool = set(self.postings[chosen[0]][0])
            for term in chosen[1:2]:
                pool.intersection_update(self.postings[term][0])
            members = dict.fromkeys(chosen[:2], pool)
        # Rank by how many of the pooled terms a fact has (counted in C), then score the
        # front of that ranking exactly by idf.
        tally: Counter[int] = Counter()
        for found in members.values():
            tally.update(found)
        flags = None if live is None else live.flags
        front = []
        for doc, _ in tally.most_common():
            if flags is None or flags[doc]:
                front.append(doc)
                if len(front) >= 3 * k:
                    break
        weights = []
        for term, found in members.items():
            df = self.document_frequency(term)
            idf = math.log(1.0 + (self.size - df + 0.5) / (df + 0.5))
            weights.append((idf * counts[term], found))
        scored = [(sum(idf for idf, found in weights if doc in found), doc) for doc in front]
        return [doc for score, doc in heapq.nlargest(k, scored) if score > 0]

    def vector_at(self, position: int) -> Vector | None:
        if not self.sparse:
            return self.vectors[position] if position < self.size else None
        count = int(self.vector_count[position])
        if not count:
            return None
        start = int(self.vector_start[position])
        ids = np.frombuffer(self.vector_ids, dtype=np.uint32)[start : start + count].copy()
        weights = np.frombuffer(self.vector_weights, dtype=np.float32)[start : start + count].copy()
        return Sparse(ids, weights)

    def dense_cosine(self, query: np.ndarray) -> np.ndarray:
        scores: np.ndarray = self.vectors[: self.size] @ query
        return scores

    def sparse_cosine(self, query: Sparse, positions: np.ndarray) -> np.ndarray:
        """Cosine of the query with the facts at `positions` (one value per position)."""
        out = np.zeros(len(positions), dtype=np.float32)
        if not len(positions) or not len(query.ids):
            return out
        counts = self.vector_count[positions].astype(np.int64)
        total = int(counts.sum())
        if not total:
            return out
        starts = self.vector_start[positions]
        offsets = np.repeat(starts - np.concatenate(([0], np.cumsum(counts)[:-1])), counts)
        gather = offsets + np.arange(total)
        ids = np.frombuffer(self.vector_ids, dtype=np.uint32)[gather]
        weights = np.frombuffer(self.vector_weights, dtype=np.float32)[gather]
        order = np.argsort(query.ids)
        qids, qweights = query.ids[order], query.weights[order]
        slot = np.clip(np.searchsorted(qids, ids), 0, len(qids) - 1)
        products = np.where(qids[slot] == ids, qweights[slot] * weights, 0.0)
        owner = np.repeat(np.arange(len(positions)), counts)
        np.add.at(out, owner, products)
        return out


def row_from_db(values: Sequence[Any], vector: Vector | None) -> Row:
    """An index Row from the values of `facts.INDEX_COLUMNS` and the fact's vector."""
    (fact_id, scope, key, status, importance, confidence, created, tags, terms, kind,
     valid_from, valid_to) = values  # fmt: skip
    return Row(
        id=fact_id, scope=scope, scope_key=key, status=status, importance=importance,
        confidence=confidence, created=_days(created), tags=frozenset(json.loads(tags)),
        terms=terms.split(), vector=vector, kind=kind, valid_from=_days(valid_from),
        valid_to=float("inf") if valid_to is None else _days(valid_to),
    )  # fmt: skip


def _days(iso: str) -> float:
    from datetime import datetime

    return datetime.fromisoformat(iso).timestamp() / 86400.0
