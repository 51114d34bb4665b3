"""The offline default embedder: hashed, sublinear TF features of stemmed words and character
trigrams, L2-normalised.

- Features: the same multilingual terms the BM25 index uses (stemmed en/es/ru, Japanese
  bigrams) plus character trigrams of each word, at a lower weight, so inflections the stemmer
  misses and typos still overlap.
- Hashing: BLAKE2b of the feature's UTF-8 bytes picks a bucket and a sign. The hash is part of
  the model id's contract and never changes (Python's `hash()` would change every run).
- No IDF: document frequencies change as facts arrive, and baking them into stored vectors
  would make old and new vectors drift apart under one model id. Stop words are removed instead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from hashlib import blake2b

import numpy as np

from engram.text.tokenize import terms_of

TRIGRAM_WEIGHT = 0.35


@lru_cache(maxsize=1 << 18)
def _bucket(feature: str, dims: int) -> tuple[int, float]:
    digest = blake2b(feature.encode("utf-8"), digest_size=8).digest()
    value = int.from_bytes(digest, "little")
    return value % dims, (1.0 if value >> 63 else -1.0)


def features(text: str) -> dict[str, float]:
    """Weighted features of a text: stemmed terms (1.0) and their character trigrams."""
    counts: dict[str, float] = {}
    for term in terms_of(text):
        counts["w:" + term] = counts.get("w:" + term, 0.0) + 1.0
        padded = f"#{term}#"
        if len(padded) > 4:
            for i in range(len(padded) - 2):
                gram = "c:" + padded[i : i + 3]
                counts[gram] = counts.get(gram, 0.0) + TRIGRAM_WEIGHT
    return counts


class HashedEmbedder:
    """Offline, deterministic, dependency-light (numpy only) embedder."""

    def __init__(self, dims: int = 256) -> None:
        self.dims = dims
        self.model_id = f"engram-hashed-tf-v1-{dims}"

    def embed_one(self, text: str) -> np.ndarray:
        vector = np.zeros(self.dims, dtype=np.float32)
        for feature, weight in features(text).items():
            index, sign = _bucket(feature, self.dims)
            vector[index] += sign * (1.0 + math.log(weight)) if weight >= 1 else sign * weight
        norm = float(np.linalg.norm(vector))
        return vector / norm if norm else vector

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        for row, text in enumerate(texts):
            out[row] = self.embed_one(text)
        return out
