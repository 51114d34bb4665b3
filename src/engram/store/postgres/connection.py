"""A PostgreSQL store: connections from a pool, the server's errors as one-line `StoreError`s
naming the database (never its password), and write transactions.

Writers take one transaction-scoped advisory lock: like SQLite's single writer, one absorb
batch or lifecycle change runs at a time, so the change log's sequence numbers are handed out
in commit order (the search index catches up by "every entry after the last one seen") and two
agents absorbing the same fact at once give one fact and one duplicate, not two facts."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from engram.errors import (
    StoreCorrupt,
    StoreError,
    StoreFull,
    StoreLocked,
    StoreReadOnly,
)
from engram.store.opening import redacted

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

WRITE_LOCK = 0x656E6772616D  # "engram": the advisory lock every write transaction holds
MIGRATION_LOCK = WRITE_LOCK + 1  # held while a process brings the schema up to date

_POOLS: dict[str, ConnectionPool] = {}
_POOLS_LOCK = threading.Lock()
# The settings of each pooled connection's session (they last as long as it does, from one
# store that takes it to the next): a setting is sent only when it would change.
_SETTINGS: WeakKeyDictionary[Any, dict[str, str]] = WeakKeyDictionary()


def fault(exc: BaseException, location: str, lock_timeout: float) -> StoreError | None:
    """The one-line error a server error is reported with; None for any other error (a bug
    keeps its traceback)."""
    import psycopg
    from psycopg import errors

    if not isinstance(exc, psycopg.Error):
        return None
    text = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    if isinstance(exc, errors.LockNotAvailable | errors.DeadlockDetected | errors.QueryCanceled):
        return StoreLocked(
            f"the memory store {location} is locked by another writer for over "
            f"{lock_timeout:g} s; try again, or raise memory.lock_timeout_s"
        )
    if isinstance(exc, errors.DiskFull | errors.OutOfMemory):
        return StoreFull(
            f"the database server of {location} is out of space ({text}); nothing was "
            "written: free some space and try again"
        )
    if isinstance(exc, errors.UndefinedTable | errors.UndefinedColumn):
        return StoreCorrupt(
            f"{location} is damaged or is not an Engram store ({text}); restore it from a "
            "backup, or point memory.db at another database"
        )
    # (no schema to create in: the role may not use the schema the store is in)
    denied = errors.InsufficientPrivilege | errors.ReadOnlySqlTransaction | errors.InvalidSchemaName
    if isinstance(exc, denied):
        return StoreReadOnly(
            f"cannot write the memory store {location} ({text}); grant this role write "
            "access, or point memory.db at another database"
        )
    # PostgreSQL's text and JSON cannot hold a NUL, which an SQLite store written before NUL
    # was refused may (a migrate of it ends here; psycopg refuses the text, the server the JSON)
    if isinstance(exc, errors.UntranslatableCharacter) or "NUL (0x00)" in text:
        return StoreError(
            f"the memory store {location} cannot hold a NUL character, which a text given to "
            f"it holds ({text}); nothing was written: erase or update the facts that hold one "
            "first"
        )
    if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
        return StoreError(
            f"cannot reach the memory store {location} ({text}); check that the server runs "
            "and the URL (host, port, user, database) is right"
        )
    return None


def _pool(url: str) -> ConnectionPool:
    """One pool a database URL and process: stores opened one after another (an MCP server,
    a test run) reuse connections instead of logging in again."""
    from psycopg_pool import ConnectionPool

    with _POOLS_LOCK:
        pool = _POOLS.get(url)
        if pool is None or pool.closed:
            import psycopg

            # One plain connection first: a wrong URL or a server that is down is reported at
            # once, not after the pool has retried for its whole timeout. A timeout the URL
            # names is left to it, so that a wrong one is reported too (overridden here, the
            # first connection passed and the pool retried with the wrong one for 10 s).
            from psycopg.conninfo import conninfo_to_dict

            if "connect_timeout" in conninfo_to_dict(url):
                psycopg.connect(url).close()
            else:
                psycopg.connect(url, connect_timeout=10).close()
            # a connection the server dropped is replaced quietly: the store reports the
            # failure that reaches it in one line, and the pool's own warning would be a second
            logging.getLogger("psycopg.pool").addHandler(logging.NullHandler())
            pool = ConnectionPool(
                url,
                min_size=0,
                max_size=8,
                kwargs={"autocommit": True},
                open=True,
                name="engram",
            )
            _POOLS[url] = pool
        return pool


class PgConnection:
    """One pooled connection held by a store while it is open. Statements are written with
    `?` marks, like SQLite's, so both backends share most of their SQL; the server's errors
    come out as one-line `StoreError`s."""

    def __init__(self, url: str, lock_timeout: float, wait: float | None = None) -> None:
        """`wait`: how long to wait for a connection of the pool (default: the lock timeout)."""
        self.url = url
        self.location = redacted(url)
        self.lock_timeout = lock_timeout

        try:
            self._pool = _pool(url)
            self._raw: psycopg.Connection[Any] = self._live(lock_timeout if wait is None else wait)
        except Exception as exc:
            raise self._fault(exc) from None
        self._returned = False
        try:
            self.set("lock_timeout", str(int(lock_timeout * 1000)))
        except BaseException:
            self.close()  # a connection the server ended while it sat in the pool: given back
            raise

    def _live(self, wait: float) -> psycopg.Connection[Any]:
        """A connection of the pool that still answers. One the server ended while it sat in
        the pool (a restart, an idle timeout) is given back, which drops it, and the next one
        taken: each was an error otherwise, though the server was up again. (The pool's own
        `check` sleeps a second and more after each dead one.)"""
        import psycopg

        for _ in range(self._pool.max_size):
            raw = self._pool.getconn(timeout=wait)
            try:
                raw.execute("")  # an empty statement: one round trip
            except psycopg.OperationalError:
                self._pool.putconn(raw)
                continue
            return raw
        return self._pool.getconn(timeout=wait)

    def set(self, name: str, value: str) -> None:
        """`SET name = value` for the session, outside any transaction (a rollback would undo
        it), unless the connection has it already."""
        held = _SETTINGS.setdefault(self._raw, {})
        if held.get(name) != value:
            self.execute(f"SET {name} = {value}")
            held[name] = value

    def spare(self, wait: float) -> PgConnection | None:
        """Another connection of this one's pool when one is free or can still be made,
        waiting at most `wait` seconds; None when the process holds them all (a caller that
        can do without one does not wait for one to come back)."""
        if self._pool_taken():
            return None
        try:
            return PgConnection(self.url, self.lock_timeout, wait)
        except StoreError:
            return None

    def _pool_taken(self) -> bool:
        """Whether this process holds every connection its pool may open."""
        stats = self._pool.get_stats()
        return stats.get("pool_available", 0) == 0 and stats["pool_size"] >= self._pool.max_size

    def _fault(self, exc: BaseException) -> StoreError:
        from psycopg_pool import PoolTimeout

        if isinstance(exc, PoolTimeout):  # only `getconn` times out: the pool is there
            text = (str(exc).splitlines() or [""])[0]
            if self._pool_taken():
                return StoreError(
                    f"all {self._pool.max_size} connections this process may open to the "
                    f"memory store {self.location} are in use ({text}); close the stores it no "
                    "longer uses, or open fewer at once"
                )
            return StoreError(
                f"cannot reach the memory store {self.location} ({text}); check that the "
                "server runs and the URL (host, port, user, database) is right"
            )
        found = fault(exc, self.location, self.lock_timeout)
        if found is None:
            raise exc
        return found

    @staticmethod
    def _sql(statement: str) -> str:
        return statement.replace("%", "%%").replace("?", "%s")

    def execute(self, statement: str, parameters: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        try:
            return self._raw.execute(self._sql(statement), tuple(parameters) or None)
        except Exception as exc:
            raise self._fault(exc) from None

    def executemany(self, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            with self._raw.cursor() as cursor:
                cursor.executemany(self._sql(statement), rows)
        except Exception as exc:
            raise self._fault(exc) from None

    @property
    def in_transaction(self) -> bool:
        from psycopg.pq import TransactionStatus

        return self._raw.info.transaction_status != TransactionStatus.IDLE

    def close(self) -> None:
        """Give the connection back to the pool (once: closing again does nothing)."""
        import psycopg

        if self._returned:
            return
        self._returned = True
        if self.in_transaction:
            try:
                self._raw.rollback()
            except psycopg.Error:
                pass
        self._pool.putconn(self._raw)


class Transaction:
    """BEGIN, the write lock (waited for at most the lock timeout), … COMMIT. `on_failure`
    runs after a rollback (the store drops its in-memory index there)."""

    def __init__(self, conn: PgConnection, on_failure: Callable[[], None]) -> None:
        self.conn = conn
        self.on_failure = on_failure

    def __enter__(self) -> None:
        self.conn.execute("BEGIN")
        try:
            self.conn.execute("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK,))
        except BaseException:
            self._roll_back()
            raise

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if kind is None:
            try:
                self.conn.execute("COMMIT")
                return
            except BaseException:
                self._roll_back()
                raise
        self._roll_back()

    def _roll_back(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")
        self.on_failure()
