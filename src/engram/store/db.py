"""Where the store lives (a file or a database URL) and the timestamps it records (ISO 8601,
UTC). How a file is opened is `sqlite/connection.py`."""

from __future__ import annotations

import os
import re
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from engram.errors import EngramError

if TYPE_CHECKING:
    from engram.config import Config


URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
# A libpq keyword string (`host=… dbname=… password=…`) names a server, never a file: opened
# as a path it would become a local store named after the connection (and its password). Its
# first keyword is what comes before its first "=" (a set, not a pattern: compiling one of
# them all cost every command that opens a store most of a millisecond).
LIBPQ_KEYWORDS = frozenset(
    """host hostaddr port dbname user password passfile require_auth channel_binding
    connect_timeout client_encoding options application_name fallback_application_name
    keepalives keepalives_idle keepalives_interval keepalives_count tcp_user_timeout
    replication gssencmode gssdelegation sslmode sslnegotiation requiressl sslcompression
    sslcert sslkey sslpassword sslcertmode sslrootcert sslcrl sslcrldir sslsni requirepeer
    ssl_min_protocol_version ssl_max_protocol_version krbsrvname gsslib service
    target_session_attrs load_balance_hosts""".split()
)


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "engram" / "memory.db"


def is_url(where: str | Path) -> bool:
    """Whether a store location is a database URL (`scheme://…`) rather than a file path."""
    return isinstance(where, str) and URL.match(where) is not None


def _libpq_keyword_string(where: str) -> bool:
    """Whether the text opens as a libpq keyword string: a keyword, then "="."""
    keyword, equals, _ = where.partition("=")
    return bool(equals) and keyword.strip() in LIBPQ_KEYWORDS


def refuse_libpq_keywords(where: str | Path, name: str) -> None:
    """A libpq keyword string given as a store location is refused without echoing it (it may
    hold a password); `name` is where it was given (`--db`, `$ENGRAM_DB`, `--to` …)."""
    if isinstance(where, str) and _libpq_keyword_string(where):
        raise EngramError(
            f"{name}: a libpq keyword string is not a store location",
            hint="give the database as a URL: postgresql://USER:PASSWORD@HOST:PORT/DATABASE",
        )


def resolve_db(
    flag: str | None = None, config: Config | None = None, *, start: Path | None = None
) -> Path | str:
    """--db (relative to `start`, the folder the command runs as if started in), else
    $ENGRAM_DB / `memory.db` in the config (relative to the config file that set it), else
    the per-user default. A database URL (`postgresql://…`) is returned as it is."""
    from engram.paths import setting_path

    if flag is not None and not flag.strip():
        # `--db "$UNSET"`: the default store would be the one nuked or deleted from
        raise EngramError(
            "--db is empty", hint="name a store file or a postgresql:// URL, or leave --db out"
        )
    if flag:
        refuse_libpq_keywords(flag, "--db")
        if is_url(flag):
            return flag
        path = Path(flag).expanduser()
        return start / path if start is not None and not path.is_absolute() else path
    if config is not None and config["memory.db"]:
        origin = config.sources.get("memory.db")
        refuse_libpq_keywords(
            str(config["memory.db"]), f"memory.db ({origin})" if origin else "memory.db"
        )
        if is_url(str(config["memory.db"])):
            return str(config["memory.db"])
        return setting_path(config, "memory.db")
    if os.environ.get("ENGRAM_DB"):
        refuse_libpq_keywords(os.environ["ENGRAM_DB"], "$ENGRAM_DB")
        if is_url(os.environ["ENGRAM_DB"]):
            return os.environ["ENGRAM_DB"]
        return Path(os.environ["ENGRAM_DB"]).expanduser()
    return default_db_path()


def refuse_missing_folder(path: Path) -> None:
    """A store file that is not there yet is made only in a folder that exists: a mistyped
    folder in --db, $ENGRAM_DB or memory.db is named, not made with an empty store in it (as
    sqlite3 and `memory migrate --to` refuse it). The per-user default's folder is Engram's
    own, made on first use."""
    from engram.errors import StoreError

    if path.exists() or path.parent.is_dir() or path == default_db_path():
        return
    raise StoreError(
        f"no folder {path.parent} for the new memory store {path}",
        hint="create the folder first (mkdir -p), or check --db, $ENGRAM_DB and memory.db "
        "in engram.toml",
    )


LOCK_TIMEOUT_S = 10.0  # `memory.lock_timeout_s`: the longest wait for another process's lock


MAX_ROWS = 2**63 - 1  # the largest LIMIT or OFFSET a database takes (a 64-bit integer)


def rows_bound(value: int) -> int:
    """A limit or offset as a database takes it: one past 64 bits means every row."""
    return min(value, MAX_ROWS)


def days_of(iso: str) -> float:
    """Days since the epoch of a stored moment. One that is no ISO time (a row written past
    the store, which `unsafe.fact_reason` withholds) reads as the epoch: an error would
    stop every search, and its message would show the value."""
    try:
        return datetime.fromisoformat(iso).timestamp() / 86400.0
    except (TypeError, ValueError):
        return 0.0


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
