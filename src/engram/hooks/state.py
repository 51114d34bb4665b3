"""Per-session delivery state: which memory keys a hook already injected in a session.

One small SQLite file in the user's state folder, keyed by host + workspace + session. WAL mode
and a busy timeout let several hook processes (a prompt hook and a subagent hook, say) write at
once, and a body is claimed in one write transaction before it is injected, so hook calls of
one session running together never inject the same body twice; sessions untouched for two weeks
are dropped whenever a session starts.
"""

from __future__ import annotations

import os
import time

# The C module the `sqlite3` package wraps: the package adds DB-API date adapters that nothing
# here binds, and imports `datetime` for them, which a load or a hook otherwise never needs.
try:
    import _sqlite3 as sqlite3
except ImportError:  # pragma: no cover - an interpreter whose sqlite3 is built otherwise
    import sqlite3  # type: ignore[no-redef,unused-ignore]

from engram.paths import is_folder, state_dir, state_folder
from engram.plain import Plain

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS delivered (
    host TEXT NOT NULL, workspace TEXT NOT NULL, session TEXT NOT NULL, key TEXT NOT NULL,
    PRIMARY KEY (host, workspace, session, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sessions (
    host TEXT NOT NULL, workspace TEXT NOT NULL, session TEXT NOT NULL, seen REAL NOT NULL,
    PRIMARY KEY (host, workspace, session)
) WITHOUT ROWID;
"""
__all__ = ["DeliveryState", "SessionSeen", "recent_sessions", "state_dir"]
KEEP_SECONDS = 14 * 24 * 3600


class DeliveryState:
    """The delivered set of one (host, workspace, session)."""

    def __init__(self, host: str, workspace: str, session: str, folder: Path | None = None):
        # The folder as a string (see `engram.paths`); made on first use.
        where = state_folder() if folder is None else os.fspath(folder)
        if not is_folder(where):
            from pathlib import Path

            Path(where).mkdir(parents=True, exist_ok=True)
        path = os.path.join(where, "hooks.sqlite")
        opened = _identity(path)
        try:
            self.conn = _open(path)
        except sqlite3.DatabaseError as exc:
            if exc.sqlite_errorcode not in DAMAGED:
                raise
            # The file only remembers what was delivered: kept, a damaged one would stop every
            # hook of every session from injecting anything, while a fresh one costs at most one
            # more delivery of each memory. The old one stays beside it for a look.
            _set_aside(path, opened)
            self.conn = _open(path)
        self.id = (host, workspace, session)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> DeliveryState:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def delivered(self) -> set[str]:
        rows = self.conn.execute(
            "SELECT key FROM delivered WHERE host = ? AND workspace = ? AND session = ?", self.id
        )
        return {str(key) for (key,) in rows}

    def add(self, keys: Iterable[str]) -> None:
        self.claim(keys)

    def claim(self, keys: Iterable[str]) -> set[str]:
        """Record `keys` as delivered and return the ones that were not yet. The check and the
        insert are one write transaction, so of several hook calls claiming a key at once
        exactly one gets it (and injects the body); the others see it as already loaded."""
        claimed: set[str] = set()
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            for key in dict.fromkeys(keys):
                inserted = self.conn.execute(
                    "INSERT OR IGNORE INTO delivered VALUES (?, ?, ?, ?)", (*self.id, key)
                )
                if inserted.rowcount == 1:
                    claimed.add(key)
            self._touch()
        return claimed

    def release(self, keys: Iterable[str]) -> None:
        """Undo a claim whose text never reached the host, so a later call delivers it."""
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.executemany(
                "DELETE FROM delivered"
                " WHERE host = ? AND workspace = ? AND session = ? AND key = ?",
                [(*self.id, key) for key in keys],
            )

    def reset(self) -> None:
        """Forget what was delivered (a new session, a resume or a compaction)."""
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute(
                "DELETE FROM delivered WHERE host = ? AND workspace = ? AND session = ?", self.id
            )
            self._touch()

    def forget_old(self, now: float | None = None) -> int:
        """Drop sessions not seen for two weeks; returns how many."""
        cutoff = (now or time.time()) - KEEP_SECONDS
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            old = self.conn.execute(
                "SELECT host, workspace, session FROM sessions WHERE seen < ?", (cutoff,)
            ).fetchall()
            for ident in old:
                self.conn.execute(
                    "DELETE FROM delivered WHERE host = ? AND workspace = ? AND session = ?", ident
                )
            self.conn.execute("DELETE FROM sessions WHERE seen < ?", (cutoff,))
        return len(old)

    def _touch(self) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO sessions VALUES (?, ?, ?, ?)", (*self.id, time.time())
        )


DAMAGED = (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT)


def _open(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=10, isolation_level=None)
    try:
        # Switching a new file to WAL takes an exclusive lock that SQLite does not wait for,
        # so hooks starting together on a fresh machine retry briefly.
        for attempt in range(20):
            try:
                conn.execute("PRAGMA journal_mode=WAL")
                # No flush to disk, neither at a commit nor when the last connection closes
                # and folds the log into the file: a hook runs on every prompt, and a flush
                # can cost it milliseconds on a laptop's disk. A crash of the process loses
                # nothing; a power cut or a crash of the system may forget the last deliveries
                # (delivered once more) or damage the file, which is then set aside and begun
                # anew (`DAMAGED`): the file only says what was already injected.
                conn.execute("PRAGMA synchronous=OFF")
                conn.executescript(SCHEMA)
                break
            except sqlite3.OperationalError:
                if attempt == 19:
                    raise
                time.sleep(0.02 * (attempt + 1))
    except BaseException:
        conn.close()
        raise
    return conn


def _identity(path: str | Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _set_aside(name: str, opened: tuple[int, int] | None) -> None:
    """Move the damaged state file `opened` to `hooks.sqlite.damaged` (replacing an older
    one), with its journal files. When a hook running alongside set it aside first and made a
    new one, the new one stays."""
    from pathlib import Path

    path = Path(name)
    if opened is not None and _identity(path) != opened:
        return
    try:
        os.replace(path, path.with_name(path.name + ".damaged"))
    except FileNotFoundError:
        return
    for suffix in ("-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


class SessionSeen(Plain):
    """One hook session as the UI's overview lists it: where, when last, how much delivered."""

    __slots__ = ("delivered", "host", "seen", "session", "workspace")

    def __init__(self, host: str, workspace: str, session: str, seen: float, delivered: int):
        self.host = host
        self.workspace = workspace
        self.session = session
        self.seen = seen  # seconds since the epoch
        self.delivered = delivered  # memory bodies injected in the session

    def to_json(self) -> dict[str, object]:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(self.seen))
        return {"host": self.host, "workspace": self.workspace, "session": self.session,
                "seen": stamp, "delivered": self.delivered}  # fmt: skip


def recent_sessions(limit: int = 10, folder: Path | None = None) -> list[SessionSeen]:
    """The hook sessions seen last, newest first, with how many bodies each delivered. Reads
    the state file without creating or changing it ([] when there is none)."""
    path = (folder or state_dir()) / "hooks.sqlite"
    if not path.exists():
        return []
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=2)
        try:
            rows = conn.execute(
                "SELECT s.host, s.workspace, s.session, s.seen, COUNT(d.key) FROM sessions s "
                "LEFT JOIN delivered d ON d.host = s.host AND d.workspace = s.workspace "
                "AND d.session = s.session GROUP BY s.host, s.workspace, s.session "
                "ORDER BY s.seen DESC LIMIT ?",
                (limit,),
            ).fetchall()
        finally:
            conn.close()
    except sqlite3.Error:
        return []  # busy or damaged: the overview goes without it, the hooks are unaffected
    return [SessionSeen(str(h), str(w), str(s), float(t), int(n)) for h, w, s, t, n in rows]
