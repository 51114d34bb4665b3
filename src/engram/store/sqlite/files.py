"""Looking at an SQLite file without opening it as a store: its tables, read only (is it a new
or empty Engram store, or another program's database?), and a snapshot of a store that sits in
a read-only folder, where SQLite can keep no journal."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path


def _read_only_uri(path: Path) -> str:
    # immutable: nobody can be writing a file whose folder takes no journal
    return f"{path.resolve().as_uri()}?mode=ro&immutable=1"


def table_names(path: Path) -> set[str] | None:
    """The tables of the SQLite database at `path`, read without changing the file; None when
    it is no SQLite database."""
    query = "SELECT name FROM sqlite_master WHERE type = 'table'"
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            return {row[0] for row in db.execute(query)}
    except sqlite3.Error:
        return None


def snapshot(path: Path, copy: Path) -> None:
    """Copy the database at `path` into a new file `copy` through a read-only connection
    (sqlite3.Error when it cannot be read)."""
    source = closing(sqlite3.connect(_read_only_uri(path), uri=True))
    with source as old, closing(sqlite3.connect(copy)) as new:
        old.backup(new)
