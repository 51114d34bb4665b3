"""An SQLite store file: the connection, its storage faults as one-line errors naming the
file, the schema check on opening, and write transactions."""

from __future__ import annotations

import errno
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from engram.errors import (
    StoreCorrupt,
    StoreError,
    StoreFull,
    StoreLocked,
    StoreReadOnly,
    StoreTooNew,
)
from engram.store.db import LOCK_TIMEOUT_S
from engram.store.sqlite.schema import MIGRATIONS, migrate

# SQLite's primary result codes (the low byte of `sqlite_errorcode`) that mean the file, its
# folder or its disk is the problem, not the statement.
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 5, 6, 8, 10, 11, 13, 14, 26
_PERM = 3
_OS_CODES = {errno.ENOSPC: _FULL, errno.EDQUOT: _FULL, errno.EROFS: _READONLY, errno.EIO: _IOERR}


def storage_fault(exc: BaseException, path: Path) -> StoreError | None:
    """The one-line error a storage fault of the store at `path` is reported with; None for
    any other error (a bug keeps its traceback)."""
    if isinstance(exc, sqlite3.Error):
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
        text = str(exc)
    elif isinstance(exc, OSError):
        code = _OS_CODES.get(exc.errno or 0, _CANTOPEN)
        text = exc.strerror or str(exc)
    else:
        return None
    if code in (_BUSY, _LOCKED):
        return StoreLocked(
            f"the memory store {path} is locked by another process; try again, or raise "
            "memory.lock_timeout_s"
        )
    # The store's own statements name only tables and columns its schema has: a missing one
    # means the file was changed by something else.
    damaged = isinstance(exc, sqlite3.OperationalError) and text.startswith(
        ("no such table", "no such column")
    )
    if code in (_CORRUPT, _NOTADB) or damaged:
        return StoreCorrupt(
            f"{path} is damaged or is not an Engram store ({text}); restore it from a backup "
            "(memory.db.backup-*), or move it aside to start an empty one"
        )
    if code == _FULL:
        return StoreFull(
            f"the disk holding {path} is full; nothing was written: free some space and try again"
        )
    if code in (_READONLY, _CANTOPEN, _PERM):
        return StoreReadOnly(_not_writable(path, text))
    if code == _IOERR:
        return StoreError(
            f"a disk error stopped Engram using {path} ({text}); check the disk, then try again"
        )
    return None


def _not_writable(path: Path, text: str) -> str:
    """Which of the file and its folder cannot be written, and the fix."""
    fix = "or point memory.db (or $ENGRAM_DB) at another file"
    if path.exists() and not os.access(path, os.W_OK):
        return f"the memory store {path} is read-only; make it writable (chmod u+w), {fix}"
    folder = path.parent
    if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
        return (
            f"the folder of the memory store {path} is read-only; make it writable (SQLite keeps "
            f"its journal beside the file), {fix}"
        )
    return f"cannot open or write the memory store {path} ({text}); check its permissions, {fix}"


class StoreConnection(sqlite3.Connection):
    """A connection to the store whose storage faults come out as one-line `StoreError`s
    naming the file, wherever the statement ran (CLI, MCP tool, hook)."""

    path: Path = Path("memory.db")
    lock_timeout: float = LOCK_TIMEOUT_S

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        try:
            return super().execute(sql, parameters)
        except sqlite3.Error as exc:
            fault = storage_fault(exc, self.path)
            if fault is None:
                raise
            raise fault from None

    def executemany(self, sql: str, parameters: Any, /) -> sqlite3.Cursor:
        try:
            return super().executemany(sql, parameters)
        except sqlite3.Error as exc:
            fault = storage_fault(exc, self.path)
            if fault is None:
                raise
            raise fault from None


def in_memory(path: Path) -> bool:
    """SQLite's name for a database held in memory, gone when it closes."""
    return str(path) == ":memory:"


def connect(path: Path, lock_timeout: float = LOCK_TIMEOUT_S) -> StoreConnection:
    """WAL and a busy timeout, so hooks, subagents and an MCP server share one file safely.
    A lock held by another process is waited for at most `lock_timeout` seconds. A new file
    is made readable by this user alone (the facts are personal; SQLite gives its journal
    files the same mode); an existing one keeps the mode its owner gave it."""
    if not path.exists() and not in_memory(path):
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except OSError:
            pass  # made meanwhile by another process, or SQLite says below why it cannot be
    conn = _sqlite_connection(path, path, lock_timeout)
    try:
        execute_within(conn, "PRAGMA journal_mode=WAL", lock_timeout)
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute(f"PRAGMA busy_timeout={int(lock_timeout * 1000)}")
        # Reads through a memory map and a 32 MB page cache: absorb looks up candidate facts
        # scattered over the whole file (both are allocated only as pages are used).
        conn.execute("PRAGMA mmap_size=268435456")
        conn.execute("PRAGMA cache_size=-32768")
    except BaseException:
        conn.close()
        raise
    return conn


def execute_within(conn: sqlite3.Connection, sql: str, timeout: float) -> None:
    """Run `sql`, waiting at most `timeout` seconds in all for a lock another process holds.
    SQLite can answer "locked" before its busy handler waited the whole timeout (a snapshot
    gone stale under WAL, or a new file other processes are creating at the same moment):
    the statement is tried again with what is left of the wait."""
    deadline = time.monotonic() + timeout
    retried = False
    try:
        while True:
            try:
                conn.execute(sql)
                return
            except StoreLocked:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise
            time.sleep(min(0.05, left))
            left = max(deadline - time.monotonic(), 0.0)
            conn.execute(f"PRAGMA busy_timeout={int(left * 1000)}")
            retried = True
    finally:
        if retried:
            conn.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")


def open_db(path: Path, lock_timeout: float = LOCK_TIMEOUT_S) -> StoreConnection:
    """Create the folder, open the file and bring its schema up to date; a storage fault (a
    damaged, read-only, full, locked or newer file) is a one-line `StoreError`, and nothing
    is written to a file this version does not know."""
    conn: StoreConnection | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        refuse_foreign(path)
        conn = connect(path, lock_timeout)
        newer = unknown_migration(conn)
        if newer is not None:
            raise _too_new(path, newer)
        if migrate(conn):
            # The schema version in the file's header too, where any SQLite tool reads it.
            conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        return conn
    except (sqlite3.Error, OSError) as exc:
        if conn is not None:
            conn.close()
        fault = storage_fault(exc, path)
        if fault is None:
            raise
        raise fault from None
    except BaseException:
        if conn is not None:
            conn.close()
        raise


def _too_new(path: Path, newer: str) -> StoreTooNew:
    return StoreTooNew(
        f"the memory store {path} was written by a newer Engram (it has {newer}); "
        "upgrade Engram to use it: this version never uses or downgrades it"
    )


def refuse_foreign(path: Path) -> None:
    """Refuse another program's database before anything is written to it: opening it as a
    store would switch it to WAL and create Engram's tables beside its own (a mistyped --db is
    enough). Its tables are read through a read-only connection; a file that cannot be read
    that way is left to the opening, which reports what is wrong with it."""
    from engram.store.sqlite.files import table_names

    if path.is_dir():  # SQLite calls it a disk I/O error, which sends one to check the disk
        raise StoreError(
            f"{path} is a folder, not a memory store file; point memory.db (or $ENGRAM_DB, "
            f"--db) at a file, such as {path / 'memory.db'}"
        )
    if not path.is_file() or path.stat().st_size == 0:
        return  # a new or empty file becomes a store
    names = table_names(path)
    if names is None or "_migrations" in names:  # every store records its migrations
        return
    if any(not name.startswith("sqlite_") for name in names):
        raise StoreCorrupt(
            f"{path} is not an Engram store (it holds another program's tables) and was left "
            "as it is; point memory.db (or $ENGRAM_DB, --db) at another file"
        )


def unknown_migration(conn: sqlite3.Connection) -> str | None:
    """A migration the file records (or a schema version it declares) that this code does not
    know: the file was written by a newer Engram."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > len(MIGRATIONS):
        return f"schema version {version}"
    if not conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'"
    ).fetchone():
        return None
    known = {migration.__name__ for migration in MIGRATIONS}
    for (name,) in conn.execute("SELECT name FROM _migrations ORDER BY name"):
        if name not in known:
            return f"migration {name}"
    return None


class Transaction:
    """BEGIN IMMEDIATE … COMMIT; a write lock held by another process is waited for at most
    the connection's lock timeout in all. `on_failure` runs after a rollback (the store drops
    its in-memory index there)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, on_failure: object = None) -> None:
        self.conn = conn
        self.path = path
        self.on_failure = on_failure

    def __enter__(self) -> None:
        timeout = float(getattr(self.conn, "lock_timeout", LOCK_TIMEOUT_S))
        execute_within(self.conn, "BEGIN IMMEDIATE", timeout)

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
        if self.conn.in_transaction:  # SQLite may have rolled back already (a full disk)
            self.conn.execute("ROLLBACK")
        if callable(self.on_failure):
            self.on_failure()


def open_read_only(path: Path, lock_timeout: float = LOCK_TIMEOUT_S) -> StoreConnection:
    """The store at `path` opened for reading alone, for a command that only reads, when it
    cannot be opened for writing (a read-only file, folder or mount). Nothing is created or
    written: no folder, no file, no migration; a write that slips through is refused by
    SQLite itself (`query_only`) as a one-line StoreReadOnly.

    SQLite reads a WAL store through its `-shm` file, which it must create when no process
    has the store open. `mode=ro` is tried first: it shares the locks of any writer, so it is
    right even while another process writes. Where the `-shm` cannot be created, the file is
    opened as immutable (no locks, no `-shm`) only when nothing can be writing it: no `-wal`
    holds writes not yet in the file, and the folder can be written by nobody (a read-only
    mount, or no write bit at all), so no writer can make the `-wal` it would need."""
    try:
        refuse_foreign(path)
        conn = _connect_read_only(path, lock_timeout, immutable=False)
        try:
            _first_read(conn)
        except StoreReadOnly:
            conn.close()
            _require_no_writer(path)
            conn = _connect_read_only(path, lock_timeout, immutable=True)
        try:
            _check_schema_read_only(conn, path)
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute(f"PRAGMA busy_timeout={int(lock_timeout * 1000)}")
            conn.execute("PRAGMA query_only=ON")
        except BaseException:
            conn.close()
            raise
        return conn
    except (sqlite3.Error, OSError) as exc:
        fault = storage_fault(exc, path)
        if fault is None:
            raise
        raise fault from None


def _connect_read_only(path: Path, lock_timeout: float, *, immutable: bool) -> StoreConnection:
    uri = f"{path.resolve().as_uri()}?mode=ro" + ("&immutable=1" if immutable else "")
    return _sqlite_connection(uri, path, lock_timeout, uri=True)


def _sqlite_connection(
    target: str | Path, path: Path, lock_timeout: float, *, uri: bool = False
) -> StoreConnection:
    """A StoreConnection to `target` (the file, or with `uri` a `file:` URI of it), in
    autocommit mode (transactions are begun explicitly) and shared across threads (the MCP
    server's)."""
    conn = sqlite3.connect(
        target,
        uri=uri,
        timeout=lock_timeout,
        isolation_level=None,
        check_same_thread=False,
        factory=StoreConnection,
    )
    conn.path, conn.lock_timeout = path, lock_timeout
    return conn


def _first_read(conn: StoreConnection) -> None:
    # SQLite opens the -shm (and fails to, in a read-only folder) at the first read
    conn.execute("SELECT count(*) FROM sqlite_master").fetchone()


def _require_no_writer(path: Path) -> None:
    """Refuse (StoreReadOnly) to read `path` without locks when a writer could exist."""
    wal = path.with_name(path.name + "-wal")
    fix = "or copy the file into a folder you can write and point --db at the copy"
    if wal.exists() and wal.stat().st_size > 0:
        raise StoreReadOnly(
            f"the memory store {path} cannot be read: its folder is read-only and {wal.name} "
            f"holds writes SQLite cannot read without a -shm file beside it; open it once where "
            f"it can be written, {fix}"
        )
    if not _nobody_writes(path.parent):
        raise StoreReadOnly(
            f"the memory store {path} cannot be read safely: its folder is read-only to you but "
            f"writable by its owner or group, and SQLite needs a -shm file beside the store to "
            f"read it while another process may write; make the folder writable, {fix}"
        )


def _nobody_writes(folder: Path) -> bool:
    """Whether no process (root aside) can create a file in `folder`: a read-only mount, or a
    folder with no write bit for anyone."""
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return True
        return not folder.stat().st_mode & 0o222
    except (OSError, AttributeError):  # no statvfs (Windows): assume a writer may exist
        return False


def _check_schema_read_only(conn: StoreConnection, path: Path) -> None:
    """The schema this version reads, without bringing it up to date (that is a write)."""
    newer = unknown_migration(conn)
    if newer is not None:
        raise _too_new(path, newer)
    if pending_migrations(conn):
        raise StoreReadOnly(
            f"the memory store {path} is read-only and was written by an older Engram; open "
            "it once where it can be written (any `engram memory` command brings it up to "
            "date), or point memory.db (or $ENGRAM_DB) at another file"
        )


def pending_migrations(conn: sqlite3.Connection) -> list[str]:
    """The migrations this version knows that the file does not record (all of them for a
    file without the `_migrations` table)."""
    if not conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'"
    ).fetchone():
        return [migration.__name__ for migration in MIGRATIONS]
    done = {name for (name,) in conn.execute("SELECT name FROM _migrations")}
    return [m.__name__ for m in MIGRATIONS if m.__name__ not in done]
