"""Which backend serves a store: a path is an SQLite file, a `postgresql://` URL a PostgreSQL
database (with the `engram[postgres]` extra installed); with no location the store is found as
the CLI finds it (`$ENGRAM_DB`, the config, the per-user default). A URL this build cannot
serve is a one-line error, never a local folder named after it."""

from __future__ import annotations

import re
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from engram.errors import EngramError

if TYPE_CHECKING:
    from engram.config import Config
    from engram.store.backend import Backend

POSTGRES_SCHEMES = ("postgresql", "postgres")


def open_backend(where: str | Path | None, config: Config, *, read_only: bool = False) -> Backend:
    """The backend of the store at `where`, opened (created, and its schema brought up to
    date, if needed). `read_only` opens an SQLite file for reading alone, as it is; a
    database server decides by its own grants what a user may write."""
    from engram.store.db import is_url, refuse_libpq_keywords, resolve_db

    location = where if where is not None else resolve_db(None, config)
    refuse_libpq_keywords(location, "memory store")
    timeout = float(config["memory.lock_timeout_s"])
    if isinstance(location, str) and is_url(location):
        return _open_url(location, timeout, read_only)
    from engram.store.sqlite import SqliteBackend

    return SqliteBackend.open(Path(location), timeout, read_only=read_only)


def _open_url(url: str, lock_timeout: float, read_only: bool = False) -> Backend:
    scheme = url.split("://", 1)[0].lower()
    if scheme == "sqlite":  # sqlite:///absolute/path or sqlite://relative/path
        from engram.store.sqlite import SqliteBackend

        return SqliteBackend.open(Path(url.split("://", 1)[1]), lock_timeout, read_only=read_only)
    if scheme not in POSTGRES_SCHEMES:
        raise EngramError(
            f"memory store {redacted(url)}: Engram cannot serve a {scheme}:// database",
            hint="use a file path, or a postgresql:// URL",
        )
    if find_spec("psycopg") is None or find_spec("psycopg_pool") is None:
        raise EngramError(
            f"memory store {redacted(url)}: this installation has no PostgreSQL support",
            hint="install it with: pip install 'engram[postgres]'",
        )
    from engram.store.postgres import PostgresBackend

    url = scheme + url[len(scheme) :]  # libpq reads only lower-case schemes
    _check_conninfo(url)
    return PostgresBackend.open(url, lock_timeout)


def _check_conninfo(url: str) -> None:
    """A URL libpq cannot parse (an unknown query parameter, a bad percent escape) as one
    line naming it, its password masked even where the parser's message quotes it."""
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict

    try:
        conninfo_to_dict(url)
    except ProgrammingError as exc:
        reason = (str(exc).splitlines() or [""])[0]
        for secret in _passwords(url):
            reason = reason.replace(secret, "***")
        raise EngramError(
            f"memory store {redacted(url)}: not a valid PostgreSQL URL ({reason})",
            hint="postgresql://USER:PASSWORD@HOST:PORT/DATABASE, with libpq's query "
            "parameters only (host, port, sslmode …) and %XX escapes of two hex digits",
        ) from None


_QUERY_PASSWORD = re.compile(r"(?i)([?&]password=)([^&#]*)")


def _passwords(url: str) -> list[str]:
    """The password of a URL as written, in its user part and in its query string."""
    found = [m.group(2) for m in _QUERY_PASSWORD.finditer(url) if m.group(2)]
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    return ([password] if password else []) + found


def redacted(url: str) -> str:
    """The URL with its password replaced by ***, to name the database in messages: the
    password of the user part and a `password=` query parameter alike."""
    out = _QUERY_PASSWORD.sub(lambda m: m.group(1) + ("***" if m.group(2) else ""), url)
    try:
        password = urlsplit(out).password
    except ValueError:
        password = None
    if password:
        out = out.replace(f":{password}@", ":***@", 1)
    return out
