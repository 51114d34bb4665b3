"""The embedder interface."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engram.embed.vectors import Vector


class EmbeddingError(Exception):
    """An embedder could not produce vectors (after its retries)."""


class Embedder(Protocol):
    """Turns texts into unit-length vectors: dense float32 arrays, or `Sparse` vectors when
    `sparse` is true.

    `model_id` names the vector space: two vectors are comparable only when their model ids are
    equal, so an id must change whenever the mapping from text to vector changes.
    """

    model_id: str
    sparse: bool

    @property
    def dims(self) -> int:
        """The vector width (0 while a remote model has not answered yet)."""
        ...

    def embed(self, texts: Sequence[str]) -> Sequence[Vector]:
        """One unit vector per text (a zero vector for an empty text)."""
        ...
