"""The fact store (SPEC Part B): a SQLite knowledge base of small, self-contained facts.

The names below load on first use, so importing one light module of the package (the fact
splitter, say, which `load.vectors` uses on the load path) does not import the whole store."""

from __future__ import annotations

TYPE_CHECKING = False  # `typing` stays unloaded; type checkers read True
__all__ = ["Fact", "Hit", "MemoryStore", "Outcome"]

_WHERE = {
    "Fact": "engram.store.model",
    "Hit": "engram.store.model",
    "Outcome": "engram.store.model",
    "MemoryStore": "engram.store.store",
}

if TYPE_CHECKING:
    from typing import Any

    from engram.store.model import Fact, Hit, Outcome
    from engram.store.store import MemoryStore


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        from importlib import import_module

        value = getattr(import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'engram.store' has no attribute {name!r}")
