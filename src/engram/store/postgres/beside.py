"""A second connection for one statement at a time, run by a thread of its own while the store's
connection goes on: the server then works on both at once (a search's HNSW leg beside its
lexical one), on a machine's second core.

The connection is taken from the store's pool without waiting for one another store holds, set
up as the store's own connection was, kept while the store is open and given back when it
closes. When none can be had, `submit` answers None and the caller runs the statement on its
own connection, as it would inside a transaction; it asks the pool again `RETRY_S` later. One
that failed (a server that restarted) is dropped, so the next statement takes a new one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engram.store.postgres.connection import PgConnection

TAKE_S = 0.5  # the longest wait for the pool to open a new connection
RETRY_S = 30.0  # after the pool had none to spare, how long to run on one connection


class Beside:
    """A store's second connection and the thread that runs statements on it (thread-safe:
    stores serve the MCP server's tools from several threads)."""

    def __init__(self, conn: PgConnection, session: Sequence[str] = ()) -> None:
        self._conn = conn
        self._session = tuple(session)  # statements that set the store's connection up
        self._lock = threading.Lock()
        self._side: PgConnection | None = None
        self._worker: ThreadPoolExecutor | None = None
        self._retry_at = 0.0
        self._closed = False

    def submit(self, statement: str, args: Sequence[Any]) -> Future[list[Any]] | None:
        """The statement's rows, to come, from the second connection; None when there is
        none to run it on (the caller runs it on its own)."""
        with self._lock:
            side = None if self._closed else self._connection()
            if side is None:
                return None
            if self._worker is None:
                self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="engram-pg")
            return self._worker.submit(lambda: list(side.execute(statement, args).fetchall()))

    def _connection(self) -> PgConnection | None:
        """The second connection, taken from the pool if need be (the lock is held)."""
        if self._side is not None or time.monotonic() < self._retry_at:
            return self._side
        side = self._conn.spare(TAKE_S)
        if side is not None:
            try:
                for statement in self._session:
                    side.execute(statement)
            except BaseException:
                side.close()
                raise
        else:
            self._retry_at = time.monotonic() + RETRY_S
        self._side = side
        return side

    def drop(self) -> None:
        """Give back a connection a statement failed on (the pool replaces a broken one); the
        next statement takes another."""
        self._give_back(closing=False)

    def close(self) -> None:
        """Give the connection back for good."""
        self._give_back(closing=True)

    def _give_back(self, closing: bool) -> None:
        # the statements already handed to the thread run first: none may run on a
        # connection once the pool has it back (another store may hold it by then)
        with self._lock:
            self._closed = self._closed or closing
            worker, self._worker = self._worker, None
            side, self._side = self._side, None
        if worker is not None:
            worker.shutdown()
        if side is not None:
            side.close()
