"""The store's schema as an ordered list of small migrations, recorded in `_migrations`.

All SQL that creates tables lives here; the statements that read and write each table live in
`facts.py` (facts, vectors, edges, events).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path


def _run(conn: sqlite3.Connection, script: str) -> None:
    """Run statements one by one (executescript would commit the migration's transaction).

    Statements are split on semicolons, so comments in the scripts must not contain one.
    """
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def m001_facts(conn: sqlite3.Connection) -> None:
    _run(
        conn,
        """
        CREATE TABLE facts (
            id TEXT PRIMARY KEY,                 -- time-ordered, e.g. f_0193a4c2e1f0_5b1d9a3c
            content TEXT NOT NULL,
            content_hash TEXT NOT NULL,          -- sha256 of NFKC + casefold + single spaces
            scope TEXT NOT NULL CHECK (scope IN ('agent', 'user', 'run')),
            scope_key TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'superseded', 'archived')),
            confidence REAL NOT NULL DEFAULT 0.8,
            importance REAL NOT NULL DEFAULT 1.0,
            source TEXT,
            tags TEXT NOT NULL DEFAULT '[]',     -- JSON list
            metadata TEXT NOT NULL DEFAULT '{}', -- JSON object
            created_at TEXT NOT NULL,            -- ISO 8601, UTC
            valid_from TEXT NOT NULL,
            valid_to TEXT,                       -- set when a newer version supersedes it
            terms TEXT NOT NULL DEFAULT ''       -- stemmed index terms, space-separated
        );
        CREATE INDEX facts_dedup ON facts (scope, scope_key, content_hash);
        CREATE INDEX facts_scope ON facts (scope, scope_key, status);

        -- Typed, directed edges between facts: supersedes, contradicts, related_to, or any
        -- relation a user links. `src` is the newer or the linking fact.
        CREATE TABLE edges (
            src TEXT NOT NULL REFERENCES facts (id),
            relation TEXT NOT NULL,
            dst TEXT NOT NULL REFERENCES facts (id),
            created_at TEXT NOT NULL,
            PRIMARY KEY (src, relation, dst)
        );
        CREATE INDEX edges_dst ON edges (dst, relation);

        -- One vector per fact and embedding model: vectors of different models never meet.
        CREATE TABLE vectors (
            fact_id TEXT NOT NULL REFERENCES facts (id),
            model TEXT NOT NULL,
            vector BLOB NOT NULL,                -- float32, little-endian, unit length
            PRIMARY KEY (fact_id, model)
        );

        -- The change log: every event that touched a fact, in order.
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            kind TEXT NOT NULL,                  -- absorbed, superseded, boosted, linked, ...
            fact_id TEXT,
            detail TEXT NOT NULL DEFAULT '{}'    -- JSON
        );
        CREATE INDEX events_fact ON events (fact_id);
        """,
    )


def m002_entity_graph(conn: sqlite3.Connection) -> None:
    _run(
        conn,
        """
        -- Entities: people, companies, places… One row per (normalised name, type).
        CREATE TABLE nodes (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            norm TEXT NOT NULL,                  -- NFKC + casefold + single spaces
            stem TEXT NOT NULL,                  -- words stemmed, for inflected look-ups
            type TEXT NOT NULL,
            attrs TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL,
            merged_into INTEGER REFERENCES nodes (id),
            UNIQUE (norm, type)
        );
        CREATE INDEX nodes_stem ON nodes (stem);
        CREATE TABLE aliases (
            norm TEXT NOT NULL,
            type TEXT NOT NULL,
            node INTEGER NOT NULL REFERENCES nodes (id),
            alias TEXT NOT NULL,
            PRIMARY KEY (norm, type)
        );
        -- Typed, directed relations between entities, valid from one date to another: a
        -- changed job ends the old works_at edge instead of deleting it.
        CREATE TABLE relations (
            id INTEGER PRIMARY KEY,
            src INTEGER NOT NULL REFERENCES nodes (id),
            relation TEXT NOT NULL,
            dst INTEGER NOT NULL REFERENCES nodes (id),
            confidence REAL NOT NULL DEFAULT 0.8,
            fact_id TEXT,
            valid_from TEXT NOT NULL,
            valid_to TEXT,
            created_at TEXT NOT NULL
        );
        CREATE INDEX relations_src ON relations (src, relation);
        CREATE INDEX relations_dst ON relations (dst, relation);
        CREATE TABLE graph_events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            kind TEXT NOT NULL,                  -- node_added, related, closed, merged, ...
            detail TEXT NOT NULL DEFAULT '{}'
        );
        """,
    )


def m003_pins(conn: sqlite3.Connection) -> None:
    _run(
        conn,
        """
        -- Facts pinned into the profile. Pinning is a record of its own, so a fact is never
        -- rewritten to pin it: unpinning deletes the pin row and logs an event.
        CREATE TABLE pins (
            fact_id TEXT PRIMARY KEY REFERENCES facts (id),
            pinned_at TEXT NOT NULL
        )
        """,
    )


def m004_events_and_duplicates(conn: sqlite3.Connection) -> None:
    _run(
        conn,
        """
        -- A fact states something about a subject and may be superseded, an event (a dialogue
        -- turn, a message, a log line) records that something happened and is never merged.
        ALTER TABLE facts ADD COLUMN kind TEXT NOT NULL DEFAULT 'fact'
            CHECK (kind IN ('fact', 'event'));

        -- What each duplicate brought: its wording, source, tags and metadata stay attached to
        -- the fact it repeated, so nothing that pointed at the input is lost.
        CREATE TABLE duplicates (
            fact_id TEXT NOT NULL REFERENCES facts (id),
            at TEXT NOT NULL,
            content TEXT NOT NULL,
            source TEXT,
            tags TEXT NOT NULL DEFAULT '[]',
            metadata TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX duplicates_fact ON duplicates (fact_id)
        """,
    )


def m005_deleted_status(conn: sqlite3.Connection) -> None:
    """Facts may be `deleted`. SQLite cannot change a CHECK constraint in place, so the facts
    table is rebuilt (foreign keys are off while migrating, see `migrate`)."""
    _run(
        conn,
        """
        CREATE TABLE facts_new (
            id TEXT PRIMARY KEY,
            content TEXT NOT NULL,               -- empty once erased
            content_hash TEXT NOT NULL,
            scope TEXT NOT NULL CHECK (scope IN ('agent', 'user', 'run')),
            scope_key TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'superseded', 'archived', 'deleted')),
            confidence REAL NOT NULL DEFAULT 0.8,
            importance REAL NOT NULL DEFAULT 1.0,
            source TEXT,
            tags TEXT NOT NULL DEFAULT '[]',
            metadata TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL,
            valid_from TEXT NOT NULL,
            valid_to TEXT,
            terms TEXT NOT NULL DEFAULT '',
            kind TEXT NOT NULL DEFAULT 'fact' CHECK (kind IN ('fact', 'event'))
        );
        INSERT INTO facts_new (id, content, content_hash, scope, scope_key, status, confidence,
            importance, source, tags, metadata, created_at, valid_from, valid_to, terms, kind)
        SELECT id, content, content_hash, scope, scope_key, status, confidence,
            importance, source, tags, metadata, created_at, valid_from, valid_to, terms, kind
        FROM facts ORDER BY rowid;
        DROP TABLE facts;
        ALTER TABLE facts_new RENAME TO facts;
        CREATE INDEX facts_dedup ON facts (scope, scope_key, content_hash);
        CREATE INDEX facts_scope ON facts (scope, scope_key, status)
        """,
    )


def m006_compact_hashes_and_vectors(conn: sqlite3.Connection) -> None:
    """About 130 bytes a fact less, nothing lost: a content hash is kept as its 32 bytes, not
    64 hex digits (in each fact and again in the dedup index), and `vectors` is keyed by
    (fact_id, model) alone — without a rowid, its key is not stored a second time in an index
    of its own."""
    conn.execute("DROP INDEX facts_dedup")  # rebuilt once below, not row by row
    rows = conn.execute(
        "SELECT rowid, content_hash FROM facts WHERE typeof(content_hash) = 'text' "
        "AND length(content_hash) = 64"
    ).fetchall()
    conn.executemany(
        "UPDATE facts SET content_hash = ? WHERE rowid = ?",
        [(bytes.fromhex(digest), rowid) for rowid, digest in rows],
    )
    _run(
        conn,
        """
        CREATE INDEX facts_dedup ON facts (scope, scope_key, content_hash);
        CREATE TABLE vectors_new (
            fact_id TEXT NOT NULL REFERENCES facts (id),
            model TEXT NOT NULL,
            vector BLOB NOT NULL,                -- float32, little-endian, unit length
            PRIMARY KEY (fact_id, model)
        ) WITHOUT ROWID;
        INSERT INTO vectors_new (fact_id, model, vector)
        SELECT fact_id, model, vector FROM vectors ORDER BY fact_id, model;
        DROP TABLE vectors;
        ALTER TABLE vectors_new RENAME TO vectors
        """,
    )


def m007_event_sequence(conn: sqlite3.Connection) -> None:
    """The events of a scope and key in the order they were written (the index holds the
    rowid): a search reads the turns next to a hit (`neighbouring_events`)."""
    conn.execute("CREATE INDEX IF NOT EXISTS facts_sequence ON facts (scope, scope_key, kind)")


def m008_verdict_seals(conn: sqlite3.Connection) -> None:
    """Each fact's sealed safety verdict (`Fact.checked`): a fact written since is shown
    without being scanned again while its texts, the scanner and this user's key are the
    ones it was sealed with. '' for the facts written before: they are scanned when shown."""
    conn.execute("ALTER TABLE facts ADD COLUMN checked TEXT NOT NULL DEFAULT ''")


def m009_derived_sparse_vectors(conn: sqlite3.Connection) -> None:
    """About 300 bytes a fact less, nothing lost: the offline embedder's sparse vectors are
    made from each fact's index terms as the search index is built (`hashed.from_terms`, the
    same to the bit), so the ones stored before go. The model id is written out: it names
    the vectors this version stopped storing, whatever a later embedder is called."""
    conn.execute("DELETE FROM vectors WHERE model = 'engram-sparse-tf-v1'")


def m010_terms_of_unaccented_and_japanese_words(conn: sqlite3.Connection) -> None:
    """Each fact's index terms made again where the tokenizer now reads its text otherwise:
    Latin words are stemmed without their accents, and Japanese text gives its words in
    hiragana and the Latin words and numbers written inside it. Only texts that are not plain
    ASCII can change (the index is built from the terms anew: the schema changed)."""
    from engram.store.rows import terms_made_again

    rows = conn.execute("SELECT id, content, terms FROM facts WHERE content != ''").fetchall()
    changed = terms_made_again(row for row in rows if not row[1].isascii())
    conn.executemany("UPDATE facts SET terms = ? WHERE id = ?", changed)


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    m001_facts,
    m002_entity_graph,
    m003_pins,
    m004_events_and_duplicates,
    m005_deleted_status,
    m006_compact_hashes_and_vectors,
    m007_event_sequence,
    m008_verdict_seals,
    m009_derived_sparse_vectors,
    m010_terms_of_unaccented_and_japanese_words,
]


def upgrade_due(path: Path) -> bool:
    """Whether the store file at `path` has migrations still to apply, read without writing
    (False when it cannot be read: opening the store then says what is wrong)."""
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            return bool(_due(_recorded(conn)))
        finally:
            conn.close()
    except sqlite3.Error:
        return False


def _recorded(conn: sqlite3.Connection) -> set[str]:
    """The names of the migrations the store records as applied."""
    return {name for (name,) in conn.execute("SELECT name FROM _migrations")}


def _due(done: set[str]) -> list[str]:
    """The names of the migrations not among `done`, in order."""
    return [migration.__name__ for migration in MIGRATIONS if migration.__name__ not in done]


def migrate(conn: sqlite3.Connection) -> list[str]:
    """Apply the migrations not yet recorded; returns the names applied."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)"
    )
    done = _recorded(conn)
    applied: list[str] = []
    if not _due(done):
        return applied
    # A migration may rebuild a table that others reference (SQLite changes a CHECK constraint
    # no other way): foreign keys are off while migrating, as SQLite's own procedure for such a
    # change asks (the pragma is a no-op inside a transaction). A rebuild copies every row
    # with its id, so no reference breaks.
    enforced = conn.execute("PRAGMA foreign_keys").fetchone()[0]
    conn.execute("PRAGMA foreign_keys=OFF")
    try:
        _apply_all(conn, done, applied)
    finally:
        conn.execute(f"PRAGMA foreign_keys={'ON' if enforced else 'OFF'}")
    return applied


def _apply_all(conn: sqlite3.Connection, done: set[str], applied: list[str]) -> None:
    for migration in MIGRATIONS:
        if migration.__name__ in done:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute(
                "SELECT 1 FROM _migrations WHERE name = ?", (migration.__name__,)
            ).fetchone():
                conn.execute("COMMIT")  # another process applied it meanwhile
                continue
            migration(conn)
            conn.execute("INSERT INTO _migrations VALUES (?, ?)", (migration.__name__, time.time()))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        applied.append(migration.__name__)
