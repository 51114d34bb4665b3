"""Embedders, keyed by model id: vectors of different model ids are never compared."""

from engram.embed.base import Embedder, EmbeddingError

__all__ = ["Embedder", "EmbeddingError"]
