"""Which backend serves a store: a path is an SQLite file; with no path, the store is found
as the CLI finds it (`$ENGRAM_DB`, the config, the per-user default)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engram.config import Config
    from engram.store.backend import Backend


def open_backend(where: str | Path | None, config: Config) -> Backend:
    """The backend of the store at `where`, opened (created, and its schema brought up to
    date, if needed)."""
    from engram.store.db import resolve_db
    from engram.store.sqlite import SqliteBackend

    path = Path(where) if where is not None else resolve_db(None, config)
    return SqliteBackend.open(path, config["memory.lock_timeout_s"])
