"""The in-memory search index of one store and one embedding model.

SQLite is the source of truth; this index is derived from it. A new process loads it from its
snapshot next to the database (`snapshot.py`), or builds it from SQLite when there is none,
then keeps it current from the change log (`events`), so writes by other processes (hooks,
subagents, the MCP server) are seen on the next search (`indexing.py`). Rows are addressed by
position; per-fact attributes live in numpy arrays so filters and scores are vector operations.

Memory stays small at 100k facts: BM25 postings are typed arrays per term (8 bytes a posting)
and sparse vectors sit in one CSR-style triple of arrays. A sparse vector shares its features
with the BM25 terms (words and word pairs), so its cosine can only be non-zero for a fact that
BM25 also matched; search computes it for exactly those facts.

What a snapshot brings is used where it lies (a memory map), without decoding it up front:
postings stay sorted arrays searched by bisection (`Postings`), ids and tags one block each,
decoded one at a time (`Ids`, `Tags`). What is indexed after the load is kept beside them.
"""

from __future__ import annotations

import heapq
import json
import math
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, Literal

import numpy as np

from engram.embed.vectors import Sparse, Vector, sparse_dots

STATUS_CODES = {"active": 0, "superseded": 1, "archived": 2, "deleted": 3}
KIND_CODES = {"fact": 0, "event": 1}
GONE = 4  # erased by nuke
SCOPE_CODES = {"agent": 0, "user": 1, "run": 2}
K1, B = 1.2, 0.75
POOL_POSTINGS = 600  # postings absorb pools to find the facts most like a new one
# A fact of at most this many distinct terms whose rare terms left room among its candidates
# also gets the shortest facts holding its rarest common term (`top_matches`): its subject, as
# often as not ("user"). Not for longer facts: their rare words find what they are about, and
# a sentence of an abstract compared with the shortest facts that share "patients" with it
# only risks a wrong verdict (tried on every fact, with shortness also breaking ties, three of
# SciFact's pieces absorbed into one key were read as updates of unrelated sentences).
SHORT_FACT = 6
MAX_POSTINGS = 20_000  # a term in more facts than this says nothing about which facts are alike
# A topic's words come in runs: the turns of the conversation about the cocktails, the pieces of
# the abstract about a protein, all say "cocktail" or its name, while a filler word of the query
# ("upcoming", "make") is spread evenly. A term's weight gains its share of `clustering` (how
# much more often than by chance its facts lie within CLUSTER_WINDOW positions of each other):
# CLUSTER_WEIGHT in the sparse query vector and a group's words (`SearchIndex.weight`),
# BM25_CLUSTER_WEIGHT in BM25. Chosen offline on LongMemEval's even-numbered dev questions (turn
# recall@10 0.846 → 0.897 at window 5, weights 1 and 0.5; 0.859 with BM25's at 0 or the window
# at 3, 0.897 at 10) and SciFact's dev claims 1–300 (fact store nDCG@10 0.656 → 0.672);
# confirmed on the odd-numbered questions (0.851 → 0.857) and claims 301–809 (0.701 → 0.704).
# BM25's share then lowered to 0.4 on LoCoMo's dev conversations, where at 0.5 BM25 alone
# overtook the hybrid (recall@10 0.677 / 0.674; at 0.4 0.675 / 0.676), the even-numbered
# questions and claims 1–300 unchanged.
CLUSTER_WINDOW = 5
CLUSTER_WEIGHT, BM25_CLUSTER_WEIGHT = 1.0, 0.4
# A term so common that chance alone would put this share of its gaps within the window says
# nothing by how it lies (two facts of three, a word in every other fact).
CLUSTER_CHANCE = 0.5
# Per-fact attribute arrays: name -> dtype (a snapshot stores them under the same names).
ATTRIBUTES = {
    "status": np.int8, "scope": np.int8, "scope_key": np.int32, "importance": np.float32,
    "confidence": np.float32, "created": np.float64, "kind": np.int8, "valid_from": np.float64,
    "valid_to": np.float64, "length": np.float32, "vector_start": np.int64,
    "vector_count": np.int32,
}  # fmt: skip
NO_TAGS: frozenset[str] = frozenset()


class Live:
    """The facts a search may return: a mask over index positions, the same as bytes (read one
    position at a time far faster than the array), and how many are set. Absorb adds the facts
    of a batch to it as they are placed, and takes out those they supersede."""

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

    def discard(self, position: int) -> None:
        if position < len(self.mask) and self.mask[position]:
            self.mask[position] = False
            self.flags[position] = 0
            self.count -= 1


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


class Strings:
    """Strings stored as one block of UTF-8 and the offsets of their ends (`ends[i]` is where
    string i ends, string i starts where i − 1 ended): the form a snapshot keeps terms, ids
    and tag names in. Nothing is decoded until asked for."""

    def __init__(self, blob: bytes | np.ndarray = b"", ends: np.ndarray | None = None) -> None:
        self.blob = blob.data if isinstance(blob, np.ndarray) else memoryview(blob)
        self.ends = np.zeros(0, dtype=np.int64) if ends is None else ends
        self._ends = _items(self.ends, "q")

    @classmethod
    def of(cls, values: Sequence[str]) -> Strings:
        encoded = [value.encode("utf-8") for value in values]
        ends = np.cumsum([len(e) for e in encoded], dtype=np.int64) if encoded else None
        return cls(b"".join(encoded), ends)

    def __len__(self) -> int:
        return len(self._ends)

    def raw(self, i: int) -> bytes:
        return bytes(self.blob[self._ends[i - 1] if i else 0 : self._ends[i]])

    def __getitem__(self, i: int) -> str:
        return self.raw(i).decode("utf-8")

    def all(self) -> list[str]:
        if not len(self):
            return []
        raw = np.frombuffer(self.blob, dtype=np.uint8)
        if (raw == 10).any():  # a line break: one string at a time (ids and terms hold none)
            return [self[i] for i in range(len(self))]
        # one decode: a line break after each string, then split
        return np.insert(raw, self.ends[:-1], 10).tobytes().decode("utf-8").split("\n")


class Postings:
    """Term → positions of the facts that have it and its count in each.

    `base` holds the postings a snapshot brought: terms sorted (as UTF-8 bytes, found by
    bisection), the postings of term i at `docs[starts[i] : starts[i + 1]]`. `added` holds,
    per term, what was indexed since (positions after the base's). A term's postings are its
    base ones followed by its added ones, in position order either way."""

    def __init__(
        self,
        terms: Strings | None = None,
        starts: np.ndarray | None = None,
        docs: np.ndarray | None = None,
        tfs: np.ndarray | None = None,
    ) -> None:
        self.terms = terms or Strings()
        self.starts = np.zeros(1, dtype=np.int64) if starts is None else starts
        self._starts = _items(self.starts, "q")
        self.docs = np.zeros(0, dtype=np.int32) if docs is None else docs
        self.tfs = np.zeros(0, dtype=np.float32) if tfs is None else tfs
        self.added: dict[str, tuple[array[int], array[float]]] = {}
        self._rows: dict[str, int] = {}  # term -> its row in the base (-1: none), as looked up

    def row(self, term: str) -> int:
        """The term's row in the base, or -1."""
        if not len(self.terms):
            return -1
        found = self._rows.get(term)
        if found is None:
            key, terms = term.encode("utf-8"), self.terms
            at = bisect_left(range(len(terms)), key, key=terms.raw)
            found = at if at < len(terms) and terms.raw(at) == key else -1
            self._rows[term] = found
        return found

    def add(self, term: str, position: int, count: int) -> None:
        entry = self.added.get(term)
        if entry is None:
            entry = self.added[term] = (array("i"), array("f"))
        entry[0].append(position)
        entry[1].append(count)

    def __contains__(self, term: str) -> bool:
        return term in self.added or self.row(term) >= 0

    def __iter__(self) -> Iterator[str]:
        """Every term (decoding the whole base: for tests and the snapshot writer)."""
        yield from self.terms.all()
        yield from (term for term in self.added if self.row(term) < 0)

    def frequency(self, term: str) -> int:
        """How many facts have the term (its document frequency)."""
        row = self.row(term)
        base = self._starts[row + 1] - self._starts[row] if row >= 0 else 0
        entry = self.added.get(term)
        return base + (len(entry[0]) if entry is not None else 0)

    def arrays(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """Positions and counts of a term (fresh arrays: the added ones may grow later)."""
        row = self.row(term)
        entry = self.added.get(term)
        if row < 0 and entry is None:
            return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.float32)
        docs = np.frombuffer(entry[0], dtype=np.int32) if entry else np.zeros(0, np.int32)
        tfs = np.frombuffer(entry[1], dtype=np.float32) if entry else np.zeros(0, np.float32)
        if row < 0:
            return docs.copy(), tfs.copy()
        start, end = self._starts[row], self._starts[row + 1]
        if entry is None:
            return self.docs[start:end], self.tfs[start:end]
        return (
            np.concatenate((self.docs[start:end], docs)),
            np.concatenate((self.tfs[start:end], tfs)),
        )

    def positions(self, term: str) -> list[int]:
        """The positions of the facts that have the term, as Python ints (for set operations)."""
        row = self.row(term)
        out: list[int] = []
        if row >= 0:
            out = self.docs[self._starts[row] : self._starts[row + 1]].tolist()
        entry = self.added.get(term)
        if entry is not None:
            out += entry[0]
        return out


class Ids:
    """Fact ids by position, and the position of an id. A snapshot's ids stay one block
    (`Strings`) with the order that sorts them, so a position is found by bisection; the ids
    indexed since are a list and a dict."""

    def __init__(self, base: Strings | None = None, order: np.ndarray | None = None) -> None:
        self.base = base or Strings()
        self.order = np.zeros(0, dtype=np.int32) if order is None else order
        self._order = _items(self.order, "i")
        self.added: list[str] = []
        self.where: dict[str, int] = {}  # id -> position, for the ids added

    def __len__(self) -> int:
        return len(self.base) + len(self.added)

    def __getitem__(self, position: int) -> str:
        first = len(self.base)
        return self.base[position] if position < first else self.added[position - first]

    def __iter__(self) -> Iterator[str]:
        for position in range(len(self)):
            yield self[position]

    def append(self, fact_id: str) -> int:
        position = len(self)
        self.added.append(fact_id)
        self.where[fact_id] = position
        return position

    def find(self, fact_id: str) -> int | None:
        position = self.where.get(fact_id)
        if position is None and len(self.base):
            key, order, raw = fact_id.encode("utf-8"), self._order, self.base.raw
            at = bisect_left(range(len(order)), key, key=lambda i: raw(order[i]))
            if at < len(order) and raw(order[at]) == key:
                position = order[at]
        return position


class Positions:
    """`index.position[fact_id]`: the position of an indexed fact (a mapping over `Ids`)."""

    def __init__(self, ids: Ids) -> None:
        self.ids = ids

    def get(self, fact_id: str, default: int | None = None) -> int | None:
        found = self.ids.find(fact_id)
        return default if found is None else found

    def __getitem__(self, fact_id: str) -> int:
        found = self.ids.find(fact_id)
        if found is None:
            raise KeyError(fact_id)
        return found

    def __contains__(self, fact_id: object) -> bool:
        return isinstance(fact_id, str) and self.ids.find(fact_id) is not None


class Tags:
    """The tags of each fact by position. A snapshot's are codes into `names`, those of fact
    p at `codes[ends[p - 1] : ends[p]]`; tags set since (new facts, changed tags) are kept as
    frozensets beside them. Iterating decodes every position once, then keeps the list."""

    def __init__(
        self,
        names: Sequence[str] = (),
        ends: np.ndarray | None = None,
        codes: np.ndarray | None = None,
    ) -> None:
        self.names = list(names)
        self.ends = np.zeros(0, dtype=np.int64) if ends is None else ends
        self.codes = np.zeros(0, dtype=np.int32) if codes is None else codes
        self.base = len(self.ends)
        self.changed: dict[int, frozenset[str]] = {}
        self.added: list[frozenset[str]] = []
        self._decoded: list[frozenset[str]] | None = None if self.base else []

    def __len__(self) -> int:
        return self.base + len(self.added)

    def __getitem__(self, position: int) -> frozenset[str]:
        if self._decoded is not None and position < self.base:
            return self._decoded[position]
        if position >= self.base:
            return self.added[position - self.base]
        if position in self.changed:
            return self.changed[position]
        start = int(self.ends[position - 1]) if position else 0
        end = int(self.ends[position])
        if start == end:
            return NO_TAGS
        return frozenset(self.names[c] for c in self.codes[start:end].tolist())

    def __setitem__(self, position: int, tags: frozenset[str]) -> None:
        if position >= self.base:
            self.added[position - self.base] = tags
        elif self._decoded is not None:
            self._decoded[position] = tags
        else:
            self.changed[position] = tags

    def append(self, tags: frozenset[str]) -> None:
        self.added.append(tags)

    def __iter__(self) -> Iterator[frozenset[str]]:
        if self._decoded is None:
            self._decoded = [self[p] for p in range(self.base)]
            self.changed.clear()
        yield from self._decoded
        yield from self.added


class SearchIndex:
    def __init__(self, model_id: str, dims: int, sparse: bool = False) -> None:
        self.model_id = model_id
        self.sparse = sparse
        self.dims = 1 if sparse else max(dims, 1)
        self.ids = Ids()
        self.position = Positions(self.ids)
        self.keys: dict[str, int] = {}  # scope_key -> small int
        self.tags = Tags()
        self.postings = Postings()
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
        # sparse models: the vector of position p is vector_ids/weights[start : start + count]
        self.vector_start = np.zeros(0, dtype=np.int64)
        self.vector_count = np.zeros(0, dtype=np.int32)
        self.vector_ids = np.zeros(0, dtype=np.uint32)
        self.vector_weights = np.zeros(0, dtype=np.float32)
        self.vector_used = 0  # entries of vector_ids/weights in use
        self.total_length = 0.0
        self.last_seq = 0  # the change log is folded in up to here
        self.snapshot_seq = -1  # the stamp of the snapshot on disk this index knows of
        self.erased = 0  # positions erased in place: their postings remain, so never saved

    # -- growth --------------------------------------------------------------------------
    def _grow(self, needed: int) -> None:
        if needed <= self.capacity:
            return
        capacity = max(1024, self.capacity * 2, needed)
        for name in ATTRIBUTES:
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
            self.tags.append(row.tags)
            for term, count in Counter(row.terms).items():
                self.postings.add(term, at, count)
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
        if self.tags[at] != row.tags:
            self.tags[at] = row.tags
        if row.vector is not None:
            self._set_vector(at, row.vector)

    def _set_vector(self, at: int, vector: Vector) -> None:
        if isinstance(vector, Sparse):
            if self.sparse and not self.vector_count[at]:
                count, used = len(vector.ids), self.vector_used
                if used + count > len(self.vector_ids):
                    room = max(2 * len(self.vector_ids), used + count, 4096)
                    self.vector_ids = _resized(self.vector_ids, room, used)
                    self.vector_weights = _resized(self.vector_weights, room, used)
                self.vector_ids[used : used + count] = vector.ids
                self.vector_weights[used : used + count] = vector.weights
                self.vector_start[at] = used
                self.vector_count[at] = count
                self.vector_used = used + count
        elif not self.sparse and vector.shape[0] == self.dims:
            self.vectors[at] = vector

    def erase(self, fact_id: str) -> None:
        at = self.position.get(fact_id)
        if at is not None:
            self.status[at] = GONE
            self.vector_count[at] = 0
            if not self.sparse:
                self.vectors[at] = 0
            self.erased += 1

    # -- queries -------------------------------------------------------------------------
    def term_arrays(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """Positions and frequencies of a term (fresh views: the arrays may grow later)."""
        return self.postings.arrays(term)

    def document_frequency(self, term: str) -> int:
        return self.postings.frequency(term)

    def idf(self, term: str, live: int) -> float:
        """BM25's idf of a term among `live` facts (its document frequency capped at that)."""
        df = min(self.document_frequency(term), live)
        return float(np.log(1.0 + (live - df + 0.5) / (df + 0.5)))

    def weight(self, term: str, live: int) -> float:
        """A query term's weight in the sparse query vector and a group's words: its idf,
        raised by CLUSTER_WEIGHT of its `clustering` (a topic's word over a filler word)."""
        return self.idf(term, live) * (1.0 + CLUSTER_WEIGHT * self.clustering(term))

    def clustering(self, term: str) -> float:
        """`clustering` of the positions of the facts holding the term, among all indexed."""
        docs, _ = self.term_arrays(term)
        return clustering(docs, self.size)

    def counts_at(self, terms: Iterable[str], positions: np.ndarray) -> list[dict[str, int]]:
        """How often the facts at `positions` hold each of `terms`: one dict a position, of
        the terms it holds (postings are in position order: one bisection a term)."""
        out: list[dict[str, int]] = [{} for _ in range(len(positions))]
        for term in terms:
            docs, tfs = self.term_arrays(term)
            if not len(docs) or not len(positions):
                continue
            at = np.minimum(np.searchsorted(docs, positions), len(docs) - 1)
            for i in np.nonzero(docs[at] == positions)[0].tolist():
                out[i][term] = int(tfs[at[i]])
        return out

    def bm25(
        self, terms: list[str], mask: np.ndarray, counted: np.ndarray | None = None
    ) -> np.ndarray:
        """BM25 of every indexed fact for these query terms (0 where the mask is False), each
        term's rarity counted among the `counted` facts (default: the mask's)."""
        scores = np.zeros(self.size, dtype=np.float32)
        counted = mask if counted is None else counted
        live = int(counted.sum())
        if not live or not terms:
            return scores
        avg = self.total_length / max(self.size, 1) or 1.0
        lengths = self.length[: self.size]
        for term, weight in Counter(terms).items():
            docs, tfs = self.term_arrays(term)
            if not len(docs):
                continue
            # (a word only the replaced versions hold is as rare as their count of it)
            df = int(counted[docs].sum()) or int(mask[docs].sum())
            if not df:
                continue
            idf = np.log(1.0 + (live - df + 0.5) / (df + 0.5))
            idf *= 1.0 + BM25_CLUSTER_WEIGHT * clustering(docs, self.size)
            norm = K1 * (1.0 - B + B * lengths[docs] / avg)
            scores[docs] += weight * idf * tfs * (K1 + 1.0) / (tfs + norm)
        scores[~mask] = 0
        return scores

    def top_matches(
        self,
        terms: list[str],
        live: Live | None,
        k: int,
        rarest: int = 4,
        pool: int = POOL_POSTINGS,
    ) -> list[int]:
        """Positions of the k facts among the `live` ones (None: all) that best match the
        `rarest` rarest terms of `terms`.

        This is how absorb finds the few stored facts most like a new one, and the rare words
        (names, ids, values) are what find them. The pool of facts is the union of the
        postings of the rare terms (up to `pool` postings in all); when even the rarest term is
        common ("Kenji" and "Park" in a store of people), the k shortest facts that have the
        two rarest terms both (`_shortest_holding`). A short fact whose pool left room also
        gets the shortest facts holding the rarest term the pool could not hold (SHORT_FACT).
        Each pooled fact scores the idf of the pooled terms it has (facts are
        short: no length normalisation; more common terms would barely move the score). Set
        operations run in C, so the cost follows the
        postings of a few terms, never the size of the index."""
        if (self.size if live is None else live.count) == 0 or not terms:
            return []
        counts = Counter(terms)
        frequency = {t: self.document_frequency(t) for t in counts}
        chosen = sorted((t for t in counts if frequency[t]), key=frequency.__getitem__)
        chosen = [t for t in chosen[:rarest] if frequency[t] <= MAX_POSTINGS]
        if not chosen:
            return []
        members: dict[str, set[int]] = {}
        budget = pool
        for term in chosen:
            if frequency[term] > budget:
                break
            budget -= frequency[term]
            members[term] = set(self.postings.positions(term))
        left_out = [t for t in chosen if t not in members]
        if not members:
            # even the rarest term is common: the facts holding the two rarest both
            members = dict.fromkeys(chosen[:2], self._shortest_holding(chosen[:2], live, k))
            left_out = []
        # Rank by how many of the pooled terms a fact has, then score the front of that
        # ranking exactly by idf.
        flags = None if live is None else live.flags
        front = []
        for doc in _by_count(members.values()):
            if flags is None or flags[doc]:
                front.append(doc)
                if len(front) >= 3 * k:
                    break
        if len(front) < k and left_out and len(counts) <= SHORT_FACT:
            # Room is left, and in a short fact a term the pool could not hold may be the one
            # word it shares with a stored one, its subject ("The user is 35": "35" pools a
            # fact about day 35, "user" is in hundreds): its shortest facts join the front.
            held = self._shortest_holding(left_out[:1], live, k - len(front))
            members[left_out[0]] = held
            front += [doc for doc in sorted(held, reverse=True) if doc not in front]
        weights = []
        for term, found in members.items():
            df = frequency[term]
            weights.append((rare_idf(self.size, df) * counts[term], found))
        scored = [(sum(idf for idf, found in weights if doc in found), doc) for doc in front]
        return [doc for score, doc in heapq.nlargest(k, scored) if score > 0]

    def _shortest_holding(self, terms: list[str], live: Live | None, n: int) -> set[int]:
        """Positions of the n shortest `live` facts that hold all of `terms`, the newest first
        among equally short ones: of many facts that share only common words with a new one,
        the shortest are the most like it ("The user is 35" among a key's hundreds of facts
        about the user: "The user is 34"), as BM25 weighs a match in a short text more.
        Postings are in position order and without repeats: numpy intersects and sorts them
        in C, so only the n chosen become Python ints."""
        both = self.postings.arrays(terms[0])[0]
        for term in terms[1:]:
            both = np.intersect1d(both, self.postings.arrays(term)[0], assume_unique=True)
        if live is not None:
            both = both[both < len(live.mask)]
            both = both[live.mask[both]]
        order = np.lexsort((-both, self.length[both]))[:n]
        return set(both[order].tolist())

    def matches_among(self, terms: list[str], live: Live, k: int) -> list[int]:
        """Positions of the k `live` facts that best match `terms`, each term weighed by how
        rare it is among the live facts alone (`rare_idf` of its live postings).

        For a scope and key that hold few facts in a store that holds many: a word most facts
        of the store say ("user", "пользователь") is too common for `top_matches` to pool,
        yet it may be the one word an update shares with the fact it updates ("The user is
        34" / "The user is 35"), and among this key's facts it is rare. The cost is one
        vector gather per term, over the term's postings."""
        counts = Counter(terms)
        mask = live.mask
        scores: dict[int, float] = {}
        for term, count in counts.items():
            docs, _ = self.term_arrays(term)
            docs = docs[docs < len(mask)]
            held = docs[mask[docs]]
            if not len(held):
                continue
            weight = rare_idf(live.count, len(held)) * count
            for doc in held.tolist():
                scores[doc] = scores.get(doc, 0.0) + weight
        best = heapq.nlargest(k, scores.items(), key=lambda item: (item[1], item[0]))
        return [doc for doc, score in best if score > 0]

    def vector_at(self, position: int) -> Vector | None:
        if not self.sparse:
            return self.vectors[position] if position < self.size else None
        count = int(self.vector_count[position])
        if not count:
            return None
        start = int(self.vector_start[position])
        ids = self.vector_ids[start : start + count].copy()
        weights = self.vector_weights[start : start + count].copy()
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
        return sparse_dots(query, self.vector_ids[gather], self.vector_weights[gather], counts)


def clustering(positions: np.ndarray, size: int, window: int = CLUSTER_WINDOW) -> float:
    """How much more often than by chance the sorted `positions` (of `size`) lie within
    `window` of the one before: 0 for a term spread evenly (or held by one fact), 1 for one
    whose facts all come in runs. The share of gaps of at most `window` is measured against
    what positions drawn at random would give (chance: 1 − (1 − n / size) ** window), as the
    share of what chance leaves that it takes; 0 when chance alone puts CLUSTER_CHANCE of the
    gaps within the window (a word that common says nothing by how it lies)."""
    held = len(positions)
    if held < 2 or size <= held:
        return 0.0
    chance = 1.0 - (1.0 - held / size) ** window
    if chance >= CLUSTER_CHANCE:
        return 0.0
    near = float(np.count_nonzero(np.diff(positions) <= window)) / (held - 1)
    return max(0.0, (near - chance) / (1.0 - chance))


def rare_idf(facts: int, holding: int) -> float:
    """The idf absorb ranks a stored fact's rare terms by, among `facts` facts of which
    `holding` hold the term (the in-memory index and a database that searches itself alike)."""
    return math.log(1.0 + (facts - holding + 0.5) / (holding + 0.5))


def _by_count(sets: Collection[set[int]]) -> Iterable[int]:
    """The members of the sets, those in the most sets first, ties in the order they first
    appear (the order of `Counter.most_common`). Without a member in two sets — the usual
    case: one set, the same set twice, or sets apart — that is the sets one after the other,
    read lazily, so a caller that wants the first few reads only those."""
    distinct = list({id(found): found for found in sets}.values())
    shared = any(not a.isdisjoint(b) for i, a in enumerate(distinct) for b in distinct[i + 1 :])
    if not shared:
        return chain.from_iterable(distinct)
    tally: Counter[int] = Counter()
    for found in sets:
        tally.update(found)
    return (doc for doc, _ in tally.most_common())


def _items(values: np.ndarray, code: Literal["q", "i"]) -> memoryview[int]:
    """The array as a memoryview of `code` ("q": int64, "i": int32): its items are Python
    ints, read one at a time many times faster than numpy's."""
    dtype = np.int64 if code == "q" else np.int32
    return np.ascontiguousarray(values, dtype=dtype).data.cast("B").cast(code)


def _resized(values: np.ndarray, size: int, used: int) -> np.ndarray:
    grown = np.zeros(size, dtype=values.dtype)
    grown[:used] = values[:used]
    return grown


def row_from_db(values: Sequence[Any], vector: Vector | None) -> Row:
    """An index Row from the values of `facts.INDEX_COLUMNS` and the fact's vector."""
    (fact_id, scope, key, status, importance, confidence, created, tags, terms, kind,
     valid_from, valid_to) = values  # fmt: skip
    return Row(
        id=fact_id, scope=scope, scope_key=key, status=status, importance=importance,
        confidence=confidence, created=_days(created),
        tags=NO_TAGS if tags == "[]" else frozenset(json.loads(tags)),
        terms=terms.split(), vector=vector, kind=kind, valid_from=_days(valid_from),
        valid_to=float("inf") if valid_to is None else _days(valid_to),
    )  # fmt: skip


def _days(iso: str) -> float:
    from engram.store.db import days_of

    return days_of(iso)  # a malformed time reads as the epoch, never as an error
