"""Splitting long id lists for SQL `IN (…)` clauses."""

from __future__ import annotations

TYPE_CHECKING = False  # `typing` is not imported on the query path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import TypeVar

    T = TypeVar("T")
CHUNK = 900  # stay under SQLite's historic limit of 999 bound parameters


def chunks(items: Sequence[T], size: int = CHUNK) -> Iterator[tuple[list[T], str]]:
    """Successive slices of `items`, each with its `?,?,…` placeholder list."""
    for start in range(0, len(items), size):
        chunk = list(items[start : start + size])
        yield chunk, ",".join("?" * len(chunk))
