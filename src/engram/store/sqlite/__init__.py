"""The SQLite backend: the store in one local file."""

from engram.store.sqlite.backend import SqliteBackend

__all__ = ["SqliteBackend"]
