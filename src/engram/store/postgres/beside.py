"""A statement run on a second connection by a thread of its own while the store's connection
goes on: the server then works on both at once (a search's HNSW leg beside its lexical one), on
a machine's second core.

The connection is borrowed from the store's pool for the one statement, set up as the store's
own connection was, and given back at once, so an open store holds one connection between
searches. When the process holds every connection of the pool the statement is not waited for:
its result says so (None), and the caller runs it on its own connection, as it does inside a
transaction.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engram.store.postgres.connection import PgConnection

TAKE_S = 0.5  # the longest wait for the pool to open a new connection


class Beside:
    """The thread that runs a store's statements on borrowed connections (thread-safe: the MCP
    server runs its tools in several threads; their statements take turns on this one)."""

    def __init__(self, conn: PgConnection, session: Sequence[tuple[str, str]] = ()) -> None:
        self._conn = conn
        self._session = tuple(session)  # the settings the store's connection was given
        self._lock = threading.Lock()
        self._worker: ThreadPoolExecutor | None = None
        self._closed = False

    def submit(self, statement: str, args: Sequence[Any]) -> Future[list[Any] | None] | None:
        """The statement's rows, to come (None then: no connection could be borrowed); None
        at once when the store is closed."""
        with self._lock:
            if self._closed:
                return None
            if self._worker is None:
                self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="engram-pg")
            return self._worker.submit(self._run, statement, args)

    def _run(self, statement: str, args: Sequence[Any]) -> list[Any] | None:
        side = self._conn.spare(TAKE_S)
        if side is None:
            return None
        try:
            for name, value in self._session:
                side.set(name, value)
            return list(side.execute(statement, args).fetchall())
        finally:
            side.close()  # a broken connection is dropped by the pool, and replaced

    def close(self) -> None:
        """Wait for the statements under way; none is run after."""
        with self._lock:
            self._closed = True
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.shutdown()
