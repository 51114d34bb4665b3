"""The offline default embedder: a sparse TF vector of stemmed words and word pairs.

Chosen by measurement on the LoCoMo dev conversations (evidence recall@10, each turn a fact):
BM25 alone 0.621; dense hashed vectors of words and character trigrams made the 0.7/0.3 hybrid
*worse* than BM25 at 256 dimensions (0.608) and only matched it at 1,024–2,048, which are too
slow to scan at 100k facts. Keeping the features sparse removes hash collisions and lets search
touch only the facts that share a feature: vectors alone reach 0.620 and the hybrid 0.627.

- Features: the multilingual stemmed terms of the BM25 index (en/es/ru stems, Japanese
  bigrams) at weight 1, and adjacent word pairs at weight 0.5 — the pairs add phrase evidence
  BM25 does not have.
- Weights: sublinear term frequency (1 + log tf), then unit length.
- Feature ids: the first 4 bytes of BLAKE2b of the feature; stable forever (part of the model
  id's contract), unlike Python's per-process `hash()`.
- No IDF in a fact's vector (it changes as facts arrive); search weighs the query's features
  by IDF at query time instead.
- A fact's vector is a function of its index terms alone (`from_terms`), which the store keeps
  with every fact: a store that searches in memory derives the vectors from those terms when it
  builds its index and never writes them to its database (they were a quarter of its bytes).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import pairwise

import numpy as np

try:
    # `hashlib.blake2b` is this same function: importing hashlib first loads OpenSSL's bindings,
    # about 3 ms of every search and absorb process, which use no other hash.
    from _blake2 import blake2b
except ImportError:  # an interpreter without the module keeps hashlib's
    from hashlib import blake2b

from engram.embed.vectors import Sparse
from engram.text.tokenize import cached_terms

PAIR_WEIGHT = 0.5


@lru_cache(maxsize=1 << 18)
def feature_id(feature: str) -> int:
    return int.from_bytes(blake2b(feature.encode("utf-8"), digest_size=4).digest(), "little")


def features(text: str) -> dict[str, float]:
    """Weighted features: stemmed terms (1.0 each) and adjacent term pairs (0.5 each)."""
    return term_features(cached_terms(text))


def term_features(terms: Sequence[str]) -> dict[str, float]:
    """`features` of a text whose index terms are `terms`."""
    counts: dict[str, float] = {}
    for term in terms:
        counts["w:" + term] = counts.get("w:" + term, 0.0) + 1.0
    for left, right in pairwise(terms):
        pair = f"p:{left} {right}"
        counts[pair] = counts.get(pair, 0.0) + PAIR_WEIGHT
    return counts


class SparseEmbedder:
    """Offline, deterministic embedder producing sparse unit vectors."""

    model_id = "engram-sparse-tf-v1"
    dims = 1 << 32
    sparse = True

    def embed_one(self, text: str) -> Sparse:
        return self.from_terms(cached_terms(text))

    def from_terms(self, terms: Sequence[str]) -> Sparse:
        """The vector of a text whose index terms (`cached_terms`) are `terms`, as `embed_one`
        makes it. A store builds its index with this for every fact, so it counts with
        `Counter` and hashes a word pair without the cache: pairs seldom repeat."""
        weights: dict[int, float] = {}
        for term, count in Counter(terms).items():
            fid = feature_id("w:" + term)
            weights[fid] = weights.get(fid, 0.0) + 1.0 + math.log(count)
        for pair, count in Counter([f"p:{a} {b}" for a, b in pairwise(terms)]).items():
            fid = feature_id.__wrapped__(pair)
            share = count * PAIR_WEIGHT
            weights[fid] = weights.get(fid, 0.0) + (1.0 + math.log(share) if share >= 1 else share)
        order = sorted(weights)
        ids = np.array(order, dtype=np.uint32)
        values = np.array([weights[i] for i in order], dtype=np.float32)
        norm = math.sqrt(sum(v * v for v in weights.values()))
        return Sparse(ids, values / np.float32(norm) if norm else values)

    def embed(self, texts: Sequence[str]) -> list[Sparse]:
        return [self.embed_one(text) for text in texts]

    def query_vector(self, text: str, idf: Callable[[str], float]) -> Sparse:
        """The query's vector with each feature weighted by inverse document frequency
        (`idf(term)`; a word pair takes the larger idf of its two words, since a pair is at
        least as rare as either word)."""
        weights: dict[int, float] = {}
        for feature, count in features(text).items():
            kind, _, name = feature.partition(":")
            rarity = max(idf(w) for w in name.split(" ")) if kind == "p" else idf(name)
            value = (1.0 + math.log(count) if count >= 1 else count) * rarity
            fid = feature_id(feature)
            weights[fid] = weights.get(fid, 0.0) + value
        ids = np.array(sorted(weights), dtype=np.uint32)
        values = np.array([weights[i] for i in sorted(weights)], dtype=np.float32)
        norm = float(np.linalg.norm(values))
        return Sparse(ids, values / norm if norm else values)
