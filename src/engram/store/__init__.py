"""The fact store (SPEC Part B): a SQLite knowledge base of small, self-contained facts."""

from engram.store.model import Fact, Hit, Outcome
from engram.store.store import MemoryStore

__all__ = ["Fact", "Hit", "MemoryStore", "Outcome"]
