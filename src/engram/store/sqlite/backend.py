"""`SqliteBackend`: the store in one SQLite file (WAL, so hooks, subagents and an MCP server
share it), with the search index's snapshot next to it."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from engram.errors import EngramError, StoreError
from engram.store.sqlite.connection import (
    StoreConnection,
    Transaction,
    in_memory,
    open_db,
    open_read_only,
    storage_fault,
)
from engram.store.sqlite.facts import FactTables
from engram.store.sqlite.graph import GraphTables
from engram.store.sqlite.schema import MIGRATIONS


class SqliteBackend(FactTables, GraphTables):
    engine = "sqlite"
    _conn: StoreConnection

    def __init__(self, conn: StoreConnection, path: Path) -> None:
        self._conn = conn
        # (":memory:" is SQLite's database in memory: no file, so no snapshot beside one)
        self.file: Path | None = None if in_memory(path) else path
        self.location = str(path)

    @classmethod
    def open(cls, path: Path, lock_timeout: float, *, read_only: bool = False) -> SqliteBackend:
        """Create the folder and the file if needed and bring its schema up to date; with
        `read_only`, open the file as it is for reading alone (`open_read_only`)."""
        if read_only:
            return cls(open_read_only(path, lock_timeout), path)
        return cls(open_db(path, lock_timeout), path)

    def transaction(self, on_failure: Callable[[], None]) -> AbstractContextManager[None]:
        return Transaction(self._conn, Path(self.location), on_failure)

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    def close(self) -> None:
        self._conn.close()

    def fault(self, exc: BaseException) -> StoreError | None:
        """What a statement did not report (a damaged page read while iterating rows), as the
        one-line error naming the file; None for anything else."""
        if not isinstance(exc, sqlite3.Error):
            return None
        return storage_fault(exc, Path(self.location))

    def size_bytes(self) -> int:
        path = Path(self.location)
        return path.stat().st_size if path.exists() else 0

    def schema_version(self) -> int:
        return len(MIGRATIONS)

    def vector_search(self, dense: bool, model: str = "") -> str:
        return "exact (in memory)"

    def backup(self, stamp: str) -> str:
        """A copy of the whole file under a name no other backup has (created exclusively, so
        two nukes in the same instant never share one), readable by this user only."""
        source = Path(self.location)
        base = f"{source.name}.backup-{stamp}"
        for attempt in range(1000):
            path = source.with_name(base if not attempt else f"{base}-{attempt}")
            try:
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            except FileExistsError:
                continue
            except OSError as exc:
                raise EngramError(
                    f"cannot write the backup {path}: {exc.strerror}",
                    hint="check the folder's permissions and free space; nothing was erased",
                ) from None
            break
        else:
            raise EngramError(f"no free backup name next to {source}", hint="remove old backups")
        target = sqlite3.connect(path)
        try:
            self._conn.backup(target)
        except sqlite3.Error as exc:
            target.close()
            self.discard_backup(str(path))
            raise EngramError(
                f"cannot write the backup {path}: {exc}",
                hint="check the folder's permissions and free space; nothing was erased",
            ) from None
        target.close()
        return str(path)

    def discard_backup(self, name: str) -> None:
        for suffix in ("", "-journal", "-wal", "-shm"):
            Path(f"{name}{suffix}").unlink(missing_ok=True)
