"""Vectors as the store keeps them: dense (numpy float32) or sparse (feature ids + weights).

Stored form: a dense vector is its float32 bytes; a sparse one is `b"SPV1"`, the count, the
uint32 feature ids and the float32 weights, all little-endian.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SPARSE_MAGIC = b"SPV1"


@dataclass(frozen=True)
class Sparse:
    """A unit-length sparse vector: sorted, unique feature ids with their weights."""

    ids: np.ndarray  # uint32
    weights: np.ndarray  # float32

    def dot(self, other: Sparse) -> float:
        if not len(self.ids) or not len(other.ids):
            return 0.0
        # Both id lists are sorted: find each of mine among theirs.
        at = np.minimum(np.searchsorted(other.ids, self.ids), len(other.ids) - 1)
        shared = other.ids[at] == self.ids
        return float(self.weights[shared] @ other.weights[at[shared]])


Vector = np.ndarray | Sparse


def to_bytes(vector: Vector) -> bytes:
    if isinstance(vector, Sparse):
        count = np.array([len(vector.ids)], dtype="<u4").tobytes()
        return (
            SPARSE_MAGIC
            + count
            + vector.ids.astype("<u4").tobytes()
            + vector.weights.astype("<f4").tobytes()
        )
    return np.asarray(vector, dtype="<f4").tobytes()


def from_bytes(blob: bytes) -> Vector:
    if blob[:4] == SPARSE_MAGIC:
        count = int(np.frombuffer(blob, dtype="<u4", count=1, offset=4)[0])
        ids = np.frombuffer(blob, dtype="<u4", count=count, offset=8)
        weights = np.frombuffer(blob, dtype="<f4", count=count, offset=8 + 4 * count)
        return Sparse(ids, weights)
    return np.frombuffer(blob, dtype="<f4")


def similarity(a: Vector | None, b: Vector | None) -> float:
    """Cosine of two unit vectors of the same model (0 when either is missing)."""
    if a is None or b is None:
        return 0.0
    if isinstance(a, Sparse) and isinstance(b, Sparse):
        return a.dot(b)
    if isinstance(a, Sparse) or isinstance(b, Sparse):
        return 0.0
    return float(np.asarray(a) @ np.asarray(b))


def sparse_dots(
    query: Sparse, ids: np.ndarray, weights: np.ndarray, counts: np.ndarray
) -> np.ndarray:
    """The query's dot product with each of several sparse vectors laid end to end: `ids` and
    `weights` hold them one after another, `counts` how many entries each has. One lookup of
    every id among the query's (sorted) ids, then a sum per vector."""
    out = np.zeros(len(counts), dtype=np.float32)
    if not len(ids) or not len(query.ids):
        return out
    order = np.argsort(query.ids)
    qids, qweights = query.ids[order], query.weights[order]
    slot = np.clip(np.searchsorted(qids, ids), 0, len(qids) - 1)
    products = np.where(qids[slot] == ids, qweights[slot] * weights, 0.0)
    owner = np.repeat(np.arange(len(counts)), counts)
    np.add.at(out, owner, products)
    return out
