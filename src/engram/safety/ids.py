"""A memory's id as reports name it: an id is a file name, and a file may be named after a key
or an override to smuggle it into a skip line, a dry run or an import report."""

from __future__ import annotations

from engram.safety.scan import masked

UNSAFE_ID = "[unsafe id]"


def masked_id(memory_id: str) -> str:
    """The id, or `[unsafe id]` when it is itself a secret or an injection."""
    return masked(memory_id, UNSAFE_ID)
