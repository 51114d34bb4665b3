"""Where the store lives and how it is opened: the file, the connection, write transactions,
and the timestamps it records (ISO 8601, UTC)."""

from __future__ import annotations

import os
import sqlite3
import time
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from engram.errors import EngramError

if TYPE_CHECKING:
    from engram.config import Config


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "engram" / "memory.db"


def resolve_db(flag: str | None = None, config: Config | None = None) -> Path:
    """--db, else $ENGRAM_DB / `memory.db` in the config, else the per-user default."""
    if flag:
        return Path(flag).expanduser()
    if config is not None and config["memory.db"]:
        return Path(config["memory.db"]).expanduser()
    if os.environ.get("ENGRAM_DB"):
        return Path(os.environ["ENGRAM_DB"]).expanduser()
    return default_db_path()


def connect(path: Path) -> sqlite3.Connection:
    """WAL and a busy timeout, so hooks, subagents and an MCP server share one file safely."""
    conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=30000")
    # Reads through a memory map and a 32 MB page cache: absorb looks up candidate facts
    # scattered over the whole file (both are allocated only as pages are used).
    conn.execute("PRAGMA mmap_size=268435456")
    conn.execute("PRAGMA cache_size=-32768")
    return conn


class Transaction:
    """BEGIN IMMEDIATE … COMMIT, retried while another process holds the write lock;
    `on_failure` runs after a rollback (the store drops its in-memory index there)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, on_failure: object = None) -> None:
        self.conn = conn
        self.path = path
        self.on_failure = on_failure

    def __enter__(self) -> None:
        for attempt in range(50):
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                time.sleep(min(0.05 * (attempt + 1), 0.5))
        raise EngramError(f"{self.path}: the store stayed locked by another process")

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if kind is None:
            self.conn.execute("COMMIT")
            return
        self.conn.execute("ROLLBACK")
        if callable(self.on_failure):
            self.on_failure()


def days_of(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp() / 86400.0


def days(value: str | date | None, *, end: bool = False) -> float | None:
    if value is None:
        return None
    return days_of(iso_end(value) if end else iso_start(value))


def checked_day(value: str | date | None, name: str, *, end: bool = False) -> float | None:
    """A date filter given by the user, as days since the epoch: an EngramError naming the
    option, not a traceback, when it is no ISO date."""
    if value is None:
        return None
    try:
        return days(value, end=end)
    except (ValueError, TypeError, OverflowError):
        raise EngramError(
            f"{name} must be an ISO date or date-time, got {value!r}",
            hint="e.g. 2026-03-01 or 2026-03-01T14:00",
        ) from None


def iso_start(value: str | date) -> str:
    """An ISO moment in UTC (a date means its start, no zone means UTC): stored moments compare
    as text, so every one of them is written in the same zone."""
    text = value.isoformat() if isinstance(value, date) else str(value)
    moment = datetime.fromisoformat(text)
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return moment.isoformat()


def iso_end(value: str | date) -> str:
    text = value.isoformat() if isinstance(value, date) else str(value)
    if len(text) == 10:  # a whole day: up to its last moment
        text += "T23:59:59.999+00:00"
    return iso_start(text)
