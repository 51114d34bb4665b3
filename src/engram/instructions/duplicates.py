"""Near-duplicate memories: the same words, found through the routing index.

A memory's terms are what routing indexes of its body (the text agents are shown, stemmed):
what it says, not the tags, triggers or id inferred for it, which differ with the file it came
from. A candidate is
compared with the memories that share its terms — read from the index's postings, so only
memories with something in common are looked at — and with the candidates planned before it in
the same run. The similarity is the Jaccard index of the two term sets; at or above
`THRESHOLD` the candidate is a near-duplicate of that memory and is reported, not created.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from engram.files.body import first_prose_line, visible_body
from engram.files.index import FIELDS, MemoryIndex, field_counts
from engram.files.model import MemoryFile

THRESHOLD = 0.8
CONTENT = FIELDS.index("content")


@dataclass(frozen=True)
class Match:
    """The memory a candidate repeats (its id, or the planned id of one in this run) and how
    alike their terms are (0–1)."""

    id: str
    similarity: float
    planned: bool = False


def memory_terms(memory: MemoryFile) -> frozenset[str]:
    """The terms routing indexes of a memory's body (as `MemoryIndex` does), as one set."""
    shown = visible_body(memory.body)
    terms = field_counts(memory, shown, memory.summary or first_prose_line(shown))
    return frozenset(terms[CONTENT])


class NearDuplicates:
    """Finds the closest existing or already planned memory of a candidate."""

    def __init__(self, indexes: list[MemoryIndex], threshold: float = THRESHOLD) -> None:
        self.indexes = indexes
        self.threshold = threshold
        self._planned: dict[str, frozenset[str]] = {}
        self._postings: dict[str, set[str]] = {}

    def add(self, memory_id: str, terms: frozenset[str]) -> None:
        """Count a planned memory in, so later candidates are compared with it too."""
        self._planned[memory_id] = terms
        for term in terms:
            self._postings.setdefault(term, set()).add(memory_id)

    def match(self, terms: frozenset[str], exclude: frozenset[str] = frozenset()) -> Match | None:
        """The most similar memory at or above the threshold, or None; memories in `exclude`
        (those the source being imported made before) are not compared."""
        if not terms:
            return None
        best: Match | None = None
        for found in (*self._indexed(terms, exclude), self._in_plan(terms)):
            if found and found.similarity >= self.threshold:
                if best is None or found.similarity > best.similarity:
                    best = found
        return best

    def _indexed(self, terms: frozenset[str], exclude: frozenset[str]) -> list[Match | None]:
        out: list[Match | None] = []
        for index in self.indexes:
            shared: Counter[int] = Counter()
            for postings in index.postings(terms).values():
                shared.update(doc for doc, tfs in postings if tfs[CONTENT])
            if exclude:
                rows = index.docs(list(shared))
                for doc in [d for d in shared if d in rows and rows[d].id in exclude]:
                    del shared[doc]
            # Every memory holding enough of the terms to reach the threshold (Jaccard is at
            # most shared / |terms|) is compared: many may hold them all (every short memory's
            # words are in longer ones), and the one of the same size can be any of them.
            need = _needed(len(terms), self.threshold)
            pool = [doc for doc, n in shared.items() if n >= need]
            sizes = index.term_counts(pool, body_only=True)
            scored = [(_jaccard(shared[d], len(terms), sizes.get(d, 0)), d) for d in pool]
            if not scored:
                out.append(None)
                continue
            similarity, doc = max(scored)
            row = index.docs([doc]).get(doc)
            out.append(Match(row.id, similarity) if row else None)
        return out

    def _in_plan(self, terms: frozenset[str]) -> Match | None:
        """The closest planned memory among those that can reach the threshold. A memory with
        Jaccard similarity t to `terms` shares at least t·|terms| of them, so it holds one of
        any |terms| − ⌈t·|terms|⌉ + 1 of them: only the postings of that many rarest terms are
        read (reading every term's postings made a plan of 10,000 sections quadratic)."""
        if not self._planned:
            return None
        need = len(terms) - _needed(len(terms), self.threshold) + 1
        rarest = sorted(terms, key=lambda term: (len(self._postings.get(term, ())), term))
        candidates: set[str] = set()
        for term in rarest[:need]:
            candidates.update(self._postings.get(term, ()))
        scored = [
            (_jaccard(len(terms & self._planned[mid]), len(terms), len(self._planned[mid])), mid)
            for mid in candidates
        ]
        if not scored:
            return None
        similarity, mid = max(scored)
        return Match(mid, similarity, planned=True)


def _needed(size: int, threshold: float) -> int:
    """How many of `size` terms a memory must hold to reach the threshold (similarities are
    rounded to 3 places before the threshold is compared)."""
    return math.ceil((threshold - 0.0005) * size)


def _jaccard(shared: int, size_a: int, size_b: int) -> float:
    union = size_a + size_b - shared
    return round(shared / union, 3) if union else 0.0
