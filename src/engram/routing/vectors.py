"""Routing by meaning as well as words (`load.vectors`): a signal that scores each related
memory by how close the task's embedding comes to the closest passage of the memory's body.

It only re-ranks what the words already found (SPEC A3: vectors never admit): `route` passes
it the memories that share a query term and multiplies an admitted score by
`1 + VECTOR_WEIGHT * cosine`. A body is cut into passages (paragraphs, long ones at sentence
ends) because a sentence model reads only its first few hundred words and one paragraph can
answer a task that the rest of the memory does not mention. The passage vectors are kept in the
scope's index (`MemoryIndex.passage_vectors`) under the model's id and the file's hash, so a
memory is embedded again only after it changes or under another model.

Only an approved, safe, unchanged memory is read (`guarded_text`, as the pack reads it); any
other scores 0 here and is reported by the pack as it always is.
"""

from __future__ import annotations

import sqlite3

import numpy as np

from engram.errors import EngramError
from engram.files.body import visible_body
from engram.files.guard import body_of, guarded_text
from engram.store.split import split_facts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from engram.embed.base import Embedder
    from engram.files.index import MemoryIndex, Progress
    from engram.routing.route import Candidate

# Measured on SciFact (5,183 abstracts as memory files, all-MiniLM-L6-v2): over train claims
# 1–300, the dev split, nDCG@10 0.664 without vectors and 0.687 / 0.693 / 0.697 / 0.702 /
# 0.705 / 0.704 at weights 0.5 / 1 / 2 / 4 / 6 / 10; claims 301–809 were kept for the report.
VECTOR_WEIGHT = 6.0
PASSAGE_CHARS = 500  # about the 128–256 word pieces a small sentence model reads
MAX_PASSAGES = 32  # a longer body is embedded by its first passages only
PREPARE_BATCH = 64  # memories embedded (and their vectors saved) at a time by `prepare`


def passages(summary: str, body: str) -> list[str]:
    """The texts a memory is embedded as: its summary with the opening of the body, then the
    rest of the body a paragraph (or a piece of one) at a time."""
    text = f"{summary}. {body}" if summary and body.strip() else summary or body
    pieces = split_facts(text, limit=PASSAGE_CHARS)
    return [piece[: PASSAGE_CHARS * 2] for piece in pieces[:MAX_PASSAGES]] or [summary]


class VectorSignal:
    """A routing signal (`route.Signal`) backed by an embedder; `problem` says why it gave no
    scores (the embedder failed), for the pack's notes."""

    weight = VECTOR_WEIGHT

    def __init__(self, embedder: Embedder, indexes: Sequence[MemoryIndex], max_bytes: int) -> None:
        if embedder.sparse:
            raise EngramError(
                "load.vectors needs a dense embedder, not the offline hashed one",
                hint='set [embed] provider = "onnx" (pip install "engram[onnx]") or "openai"',
            )
        self.embedder = embedder
        self.indexes = {index.root.scope: index for index in indexes}
        self.max_bytes = max_bytes
        self.problem = ""

    def __call__(self, query: str, pool: Sequence[Candidate]) -> dict[str, float]:
        from engram.embed.base import EmbeddingError

        self.problem = ""
        try:
            return self._similarities(query, pool)
        except (EmbeddingError, EngramError, OSError) as exc:
            self.problem = str(exc) or type(exc).__name__
            return {}

    def _similarities(self, query: str, pool: Sequence[Candidate]) -> dict[str, float]:
        if not pool:
            return {}
        wanted = np.asarray(self.embedder.embed([query])[0], dtype=np.float32)
        dims = len(wanted)
        scores: dict[str, float] = {}
        for scope, index in self.indexes.items():
            here = [c for c in pool if c.row.scope == scope]
            if not here:
                continue
            for candidate, matrix in self._vectors(index, here, dims):
                if len(matrix):
                    scores[candidate.key] = max(0.0, float((matrix @ wanted).max()))
        return scores

    def prepare(self, progress: Progress | None = None) -> int:
        """Embed every memory whose passage vectors are missing or out of date (what
        `engram reindex` does with `load.vectors` on, so that no load pays for it); returns
        how many memories were looked at. `progress(done, total)` is called as they are."""
        from engram.routing.route import Candidate

        dims = len(np.asarray(self.embedder.embed(["dimensions"])[0]))
        rows = {scope: list(index.all_docs()) for scope, index in self.indexes.items()}
        total, done = sum(map(len, rows.values())), 0
        for scope, index in self.indexes.items():
            for start in range(0, len(rows[scope]), PREPARE_BATCH):
                batch = rows[scope][start : start + PREPARE_BATCH]
                self._vectors(index, [Candidate(row) for row in batch], dims)
                done += len(batch)
                if progress is not None:
                    progress(done, total)
        return total

    def _vectors(
        self, index: MemoryIndex, candidates: list[Candidate], dims: int
    ) -> list[tuple[Candidate, np.ndarray]]:
        """Each candidate's passage vectors (n × dims), from the index or embedded now."""
        model = self.embedder.model_id
        stored = index.passage_vectors((c.row.path for c in candidates), model)
        found: list[tuple[Candidate, np.ndarray]] = []
        missing: list[tuple[Candidate, list[str]]] = []
        for candidate in candidates:
            sha, blob = stored.get(candidate.row.path, ("", b""))
            if sha == candidate.row.sha256 and blob and len(blob) % (4 * dims) == 0:
                found.append((candidate, np.frombuffer(blob, dtype=np.float32).reshape(-1, dims)))
                continue
            text, _ = guarded_text(candidate.row, index.root.path, self.max_bytes)
            if text is not None:
                missing.append((candidate, passages(candidate.row.summary, _body(text))))
        if not missing:
            return found
        texts = [text for _, pieces in missing for text in pieces]
        vectors = np.asarray(self.embedder.embed(texts), dtype=np.float32).reshape(-1, dims)
        rows = []
        start = 0
        for candidate, pieces in missing:
            matrix = vectors[start : start + len(pieces)]
            start += len(pieces)
            found.append((candidate, matrix))
            rows.append((candidate.row.path, candidate.row.sha256, matrix.tobytes()))
        try:
            index.save_passage_vectors(model, rows)
        except sqlite3.Error:
            pass  # a locked or read-only index: the vectors are embedded again next time
        return found


def _body(text: str) -> str:
    return visible_body(body_of(text))
