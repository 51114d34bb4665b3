"""The PostgreSQL store's schema as an ordered list of migrations, recorded in `_migrations`
as SQLite's are. The tables and columns are SQLite's (`store/sqlite/schema.py`), so rows copy
across unchanged; `pos` columns keep the order rows were written in, as SQLite's rowid does.
Text compared or sorted (ids, ISO moments, names) uses the "C" collation: byte order, as in
SQLite, whatever the server's locale."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engram.store.postgres.connection import PgConnection


def _run(conn: PgConnection, script: str) -> None:
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def m001_schema(conn: PgConnection) -> None:
    _run(
        conn,
        """
        CREATE TABLE facts (
            pos BIGSERIAL UNIQUE,
            id TEXT COLLATE "C" PRIMARY KEY,
            content TEXT NOT NULL,
            content_hash BYTEA NOT NULL,
            scope TEXT NOT NULL CHECK (scope IN ('agent', 'user', 'run')),
            scope_key TEXT COLLATE "C" NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'superseded', 'archived', 'deleted')),
            confidence DOUBLE PRECISION NOT NULL DEFAULT 0.8,
            importance DOUBLE PRECISION NOT NULL DEFAULT 1.0,
            source TEXT,
            tags TEXT NOT NULL DEFAULT '[]',
            metadata TEXT NOT NULL DEFAULT '{}',
            created_at TEXT COLLATE "C" NOT NULL,
            valid_from TEXT COLLATE "C" NOT NULL,
            valid_to TEXT COLLATE "C",
            terms TEXT NOT NULL DEFAULT '',
            kind TEXT NOT NULL DEFAULT 'fact' CHECK (kind IN ('fact', 'event'))
        );
        CREATE INDEX facts_dedup ON facts (scope, scope_key, content_hash);
        CREATE INDEX facts_scope ON facts (scope, scope_key, status);
        CREATE TABLE edges (
            src TEXT COLLATE "C" NOT NULL REFERENCES facts (id),
            relation TEXT NOT NULL,
            dst TEXT COLLATE "C" NOT NULL REFERENCES facts (id),
            created_at TEXT NOT NULL,
            PRIMARY KEY (src, relation, dst)
        );
        CREATE INDEX edges_dst ON edges (dst, relation);
        CREATE TABLE vectors (
            fact_id TEXT COLLATE "C" NOT NULL REFERENCES facts (id),
            model TEXT NOT NULL,
            vector BYTEA NOT NULL,
            PRIMARY KEY (fact_id, model)
        );
        CREATE TABLE events (
            seq BIGSERIAL PRIMARY KEY,
            at TEXT COLLATE "C" NOT NULL,
            kind TEXT NOT NULL,
            fact_id TEXT COLLATE "C",
            detail TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX events_fact ON events (fact_id);
        CREATE INDEX events_kind ON events (kind, seq);
        CREATE TABLE pins (
            fact_id TEXT COLLATE "C" PRIMARY KEY REFERENCES facts (id),
            pinned_at TEXT NOT NULL
        );
        CREATE TABLE duplicates (
            pos BIGSERIAL PRIMARY KEY,
            fact_id TEXT COLLATE "C" NOT NULL REFERENCES facts (id),
            at TEXT NOT NULL,
            content TEXT NOT NULL,
            source TEXT,
            tags TEXT NOT NULL DEFAULT '[]',
            metadata TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX duplicates_fact ON duplicates (fact_id);
        CREATE TABLE nodes (
            id BIGSERIAL PRIMARY KEY,
            name TEXT COLLATE "C" NOT NULL,
            norm TEXT COLLATE "C" NOT NULL,
            stem TEXT COLLATE "C" NOT NULL,
            type TEXT NOT NULL,
            attrs TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL,
            merged_into BIGINT REFERENCES nodes (id),
            UNIQUE (norm, type)
        );
        CREATE INDEX nodes_stem ON nodes (stem);
        CREATE TABLE aliases (
            norm TEXT COLLATE "C" NOT NULL,
            type TEXT NOT NULL,
            node BIGINT NOT NULL REFERENCES nodes (id),
            alias TEXT NOT NULL,
            PRIMARY KEY (norm, type)
        );
        CREATE TABLE relations (
            id BIGSERIAL PRIMARY KEY,
            src BIGINT NOT NULL REFERENCES nodes (id),
            relation TEXT NOT NULL,
            dst BIGINT NOT NULL REFERENCES nodes (id),
            confidence DOUBLE PRECISION NOT NULL DEFAULT 0.8,
            fact_id TEXT,
            valid_from TEXT COLLATE "C" NOT NULL,
            valid_to TEXT COLLATE "C",
            created_at TEXT NOT NULL
        );
        CREATE INDEX relations_src ON relations (src, relation);
        CREATE INDEX relations_dst ON relations (dst, relation);
        CREATE TABLE graph_events (
            seq BIGSERIAL PRIMARY KEY,
            at TEXT NOT NULL,
            kind TEXT NOT NULL,
            detail TEXT NOT NULL DEFAULT '{}'
        )
        """,
    )


MIGRATIONS: list[Callable[[PgConnection], None]] = [m001_schema]


def unknown_migration(conn: PgConnection) -> str | None:
    """A migration the database records that this code does not know: it was written by a
    newer Engram."""
    if conn.execute("SELECT to_regclass('_migrations')").fetchone()[0] is None:  # type: ignore[index]
        return None
    known = {migration.__name__ for migration in MIGRATIONS}
    for (name,) in conn.execute("SELECT name FROM _migrations ORDER BY name"):
        if name not in known:
            return f"migration {name}"
    return None


def migrate(conn: PgConnection) -> list[str]:
    """Apply the migrations not yet recorded, each in its own transaction; returns the names
    applied. Called under the migration lock, so two processes never apply one twice."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at DOUBLE "
        "PRECISION NOT NULL)"
    )
    done = {name for (name,) in conn.execute("SELECT name FROM _migrations")}
    applied: list[str] = []
    for migration in MIGRATIONS:
        if migration.__name__ in done:
            continue
        conn.execute("BEGIN")
        try:
            migration(conn)
            conn.execute("INSERT INTO _migrations VALUES (?, ?)", (migration.__name__, time.time()))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        applied.append(migration.__name__)
    return applied
