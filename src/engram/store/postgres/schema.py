"""The PostgreSQL store's schema as an ordered list of migrations, recorded in `_migrations`
as SQLite's are. The tables and columns are SQLite's (`store/sqlite/schema.py`), so rows copy
across unchanged; `pos` columns keep the order rows were written in, as SQLite's rowid does.
What search in the database adds — the full-text column and its statistics (m002), pgvector's
column (m003) — is derived from those rows and never copied.
Text compared or sorted (ids, ISO moments, names) uses the "C" collation: byte order, as in
SQLite, whatever the server's locale."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from engram.errors import StoreReadOnly

if TYPE_CHECKING:
    from engram.store.postgres.connection import PgConnection


def _run(conn: PgConnection, script: str) -> None:
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def applied(conn: PgConnection, name: str) -> bool:
    row = conn.execute("SELECT 1 FROM _migrations WHERE name = ?", (name,)).fetchone()
    return row is not None


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


def m002_full_text_search(conn: PgConnection) -> None:
    """Search in the database: each fact's index terms as a tsvector with a GIN index (the
    lexical leg's candidates), and the statistics BM25 scores them with, kept by triggers in
    the same transaction as the rows they count.

    The terms are the tokenizer's (`engram.text.tokenize`): Snowball stems of English, Spanish
    or Russian chosen by each fact's detected language — the stemmers PostgreSQL's `english`,
    `spanish` and `russian` configurations use — and kanji bigrams and katakana words for
    Japanese. They are stored as lexemes as they are (`array_to_tsvector`, the `simple`
    configuration's job without its parser), so a query matches the same facts on both
    backends and the same BM25 scores them.

    The GIN index takes each fact's terms at once (`fastupdate = off`): with the default
    pending list, every search would read through the facts written since the last vacuum
    (about 500 pages after a 100,000-fact copy: 9.9 ms of a search's lexical statement, 0.9 ms
    without).

    `term_stats`: how many facts (rows, any status) hold each term, as the in-memory index's
    postings count them. `fact_counts`: facts and their summed term count by scope, key and
    status (the number of facts a filter searches, the average length)."""
    _run(
        conn,
        """
        ALTER TABLE facts ADD COLUMN lexemes tsvector GENERATED ALWAYS AS
            (array_to_tsvector(array_remove(string_to_array(terms, ' '), ''))) STORED;
        CREATE INDEX facts_lexemes ON facts USING gin (lexemes) WITH (fastupdate = off);
        CREATE TABLE term_stats (
            term TEXT COLLATE "C" PRIMARY KEY,
            facts BIGINT NOT NULL
        );
        CREATE TABLE fact_counts (
            scope TEXT NOT NULL,
            scope_key TEXT COLLATE "C" NOT NULL,
            status TEXT NOT NULL,
            facts BIGINT NOT NULL,
            length BIGINT NOT NULL,
            PRIMARY KEY (scope, scope_key, status)
        );
        """,
    )
    recount(conn)
    # One statement (its body holds semicolons): what a row adds to the statistics, and what
    # it takes away. Writers hold the store's write lock, so the counters never race.
    conn.execute(
        """
        CREATE FUNCTION engram_count_fact() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('engram.counting', true) = 'off' THEN
                RETURN NULL;  -- a bulk copy: `recount` counts every row once it is done
            END IF;
            IF TG_OP IN ('UPDATE', 'DELETE') THEN
                UPDATE term_stats SET facts = facts - 1
                    WHERE term = ANY (tsvector_to_array(OLD.lexemes));
                UPDATE fact_counts SET facts = facts - 1, length = length
                    - cardinality(array_remove(string_to_array(OLD.terms, ' '), ''))
                    WHERE (scope, scope_key, status) = (OLD.scope, OLD.scope_key, OLD.status);
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN
                INSERT INTO term_stats
                    SELECT term, 1 FROM unnest(tsvector_to_array(NEW.lexemes)) AS term
                    ON CONFLICT (term) DO UPDATE SET facts = term_stats.facts + 1;
                INSERT INTO fact_counts VALUES (NEW.scope, NEW.scope_key, NEW.status, 1,
                    cardinality(array_remove(string_to_array(NEW.terms, ' '), '')))
                    ON CONFLICT (scope, scope_key, status) DO UPDATE SET
                        facts = fact_counts.facts + 1,
                        length = fact_counts.length + EXCLUDED.length;
            END IF;
            RETURN NULL;
        END $$
        """
    )
    _run(
        conn,
        """
        CREATE TRIGGER facts_counted_in AFTER INSERT OR DELETE ON facts
            FOR EACH ROW EXECUTE FUNCTION engram_count_fact();
        CREATE TRIGGER facts_counted_again AFTER UPDATE OF terms, status, scope, scope_key
            ON facts FOR EACH ROW
            WHEN ((OLD.terms, OLD.status, OLD.scope, OLD.scope_key)
                  IS DISTINCT FROM (NEW.terms, NEW.status, NEW.scope, NEW.scope_key))
            EXECUTE FUNCTION engram_count_fact()
        """,
    )


def recount(conn: PgConnection) -> None:
    """The search statistics counted again from every row (after a bulk copy, which the
    triggers leave to this)."""
    _run(
        conn,
        """
        DELETE FROM term_stats;
        DELETE FROM fact_counts;
        INSERT INTO term_stats
            SELECT term, COUNT(*) FROM facts, unnest(tsvector_to_array(lexemes)) AS term
            GROUP BY term;
        INSERT INTO fact_counts
            SELECT scope, scope_key, status, COUNT(*),
                   SUM(cardinality(array_remove(string_to_array(terms, ' '), '')))
            FROM facts GROUP BY scope, scope_key, status
        """,
    )


def m003_pgvector(conn: PgConnection) -> bool:
    """pgvector for the vector leg of dense embedding models: `vectors.embedding` holds each
    dense vector as pgvector's `vector` (an HNSW index per model is made when a store first
    searches with it: `search.py`). Applied once the server has the `vector` extension (and
    this role may create it); until then the migration is tried again at each open and dense
    vectors are scored exactly, in memory. Sparse vectors (the offline embedder's) are scored
    on the full-text candidates either way."""
    import psycopg

    from engram.errors import StoreError

    if conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone() is None:
        available = "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"
        if conn.execute(available).fetchone() is None:
            return False
        conn.execute("SAVEPOINT vector_extension")
        try:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        except (StoreError, psycopg.Error):  # no privilege to: exact scoring, as without it
            conn.execute("ROLLBACK TO SAVEPOINT vector_extension")
            return False
    conn.execute("ALTER TABLE vectors ADD COLUMN embedding vector")
    fill_embeddings(conn)
    return True


def fill_embeddings(conn: PgConnection) -> None:
    """`vectors.embedding` of the dense vectors that have none (written before the extension
    was there, or copied in by `engram memory migrate`)."""
    from engram.embed.vectors import SPARSE_MAGIC, from_bytes
    from engram.store.postgres.search import vector_text

    rows = conn.execute(
        "SELECT fact_id, model, vector FROM vectors WHERE embedding IS NULL"
    ).fetchall()
    dense = [
        (vector_text(from_bytes(bytes(blob))), fact_id, model)  # type: ignore[arg-type]
        for fact_id, model, blob in rows
        if bytes(blob[:4]) != SPARSE_MAGIC
    ]
    if dense:
        conn.executemany(
            "UPDATE vectors SET embedding = ?::vector WHERE fact_id = ? AND model = ?", dense
        )


def m004_event_sequence(conn: PgConnection) -> None:
    """The events of a scope and key in the order they were written: a search reads the
    turns next to a hit (`neighbouring_events`)."""
    conn.execute("CREATE INDEX IF NOT EXISTS facts_sequence ON facts (scope, scope_key, kind, pos)")


def m005_vectors_inline(conn: PgConnection) -> bool:
    """A dense vector's pgvector form stays in its row, its byte form goes out of it: a row
    holds both, over PostgreSQL's 2 kB limit for a 384-dimension model, and the server moved
    the pgvector form into the TOAST table, so that every cosine a search read from a row
    cost an extra index lookup (the 40 nearest facts and the best lexical ones: ~1 ms). Only
    rows written from then on are laid out so: `engram memory rebuild` rewrites the others.
    Applied after m003 (without pgvector there is no such column), by the owner of the table:
    a role that may only write its rows uses the store as it is until the owner opens it."""
    if not applied(conn, "m003_pgvector"):
        return False
    try:
        conn.execute(
            "ALTER TABLE vectors ALTER COLUMN embedding SET STORAGE MAIN, "
            "ALTER COLUMN vector SET STORAGE EXTERNAL"
        )
    except StoreReadOnly:
        return False
    return True


def m006_verdict_seals(conn: PgConnection) -> None:
    """Each fact's sealed safety verdict (`Fact.checked`), as SQLite's m008."""
    conn.execute("ALTER TABLE facts ADD COLUMN checked TEXT NOT NULL DEFAULT ''")


def m007_terms_of_unaccented_and_japanese_words(conn: PgConnection) -> None:
    """As SQLite's m010: the index terms of each fact whose text is not plain ASCII made
    again (the statistics follow by trigger), and the offline embedder's vector of each, which
    is made from them."""
    from engram.embed.hashed import SparseEmbedder
    from engram.embed.vectors import to_bytes
    from engram.store.rows import terms_made_again

    rows = conn.execute("SELECT id, content, terms FROM facts WHERE content <> ''").fetchall()
    changed = terms_made_again(row for row in rows if not row[1].isascii())
    if not changed:
        return
    conn.executemany("UPDATE facts SET terms = ? WHERE id = ?", changed)
    sparse = SparseEmbedder()
    conn.executemany(
        "UPDATE vectors SET vector = ? WHERE fact_id = ? AND model = ?",
        [
            (to_bytes(sparse.from_terms(made.split())), fact_id, sparse.model_id)
            for made, fact_id in changed
        ],
    )


# A migration that returns False does not apply yet (its prerequisite is missing): it is not
# recorded, and tried again at the next open.
MIGRATIONS: list[Callable[[PgConnection], bool | None]] = [
    m001_schema,
    m002_full_text_search,
    m003_pgvector,
    m004_event_sequence,
    m005_vectors_inline,
    m006_verdict_seals,
    m007_terms_of_unaccented_and_japanese_words,
]


def _has_migrations_table(conn: PgConnection) -> bool:
    return conn.execute("SELECT to_regclass('_migrations')").fetchone()[0] is not None  # type: ignore[index]


def unknown_migration(conn: PgConnection) -> str | None:
    """A migration the database records that this code does not know: it was written by a
    newer Engram."""
    if not _has_migrations_table(conn):
        return None
    known = {migration.__name__ for migration in MIGRATIONS}
    for (name,) in conn.execute("SELECT name FROM _migrations ORDER BY name"):
        if name not in known:
            return f"migration {name}"
    return None


def migrate(conn: PgConnection) -> list[str]:
    """Apply the migrations not yet recorded, each in its own transaction; returns the names
    applied. Called under the migration lock, so two processes never apply one twice."""
    # asked first: CREATE TABLE IF NOT EXISTS needs the right to create, which a role that
    # only reads (an auditor, a dashboard) has not
    if not _has_migrations_table(conn):
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
            try:
                skipped = migration(conn) is False
            except StoreReadOnly:
                raise StoreReadOnly(
                    f"the memory store {conn.location} needs an upgrade of its tables "
                    f"({migration.__name__}) that only their owner may make; open it once as "
                    "the role that created it, then every role can use it"
                ) from None
            if skipped:
                conn.execute("ROLLBACK")
                continue
            conn.execute("INSERT INTO _migrations VALUES (?, ?)", (migration.__name__, time.time()))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        applied.append(migration.__name__)
    return applied
