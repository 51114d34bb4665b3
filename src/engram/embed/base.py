"""The embedder interface."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np


class EmbeddingError(Exception):
    """An embedder could not produce vectors (after its retries)."""


class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of `dims` dimensions.

    `model_id` names the vector space: two vectors are comparable only when their model ids are
    equal, so an id must change whenever the mapping from text to vector changes.
    """

    model_id: str
    dims: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """A (len(texts), dims) float32 array of unit vectors (zero rows for empty texts)."""
        ...
