"""`PostgresBackend`: the store in a PostgreSQL database that a team's agents share. It runs
the SQLite backend's statements where the dialects agree (the class attributes below say the
rest), on a pooled connection, under one write lock (see `connection.py`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from engram.errors import EngramError, StoreError, StoreTooNew
from engram.store.backend import Pending
from engram.store.postgres.beside import Beside
from engram.store.postgres.connection import (
    MIGRATION_LOCK,
    PgConnection,
    Transaction,
    fault,
)
from engram.store.postgres.schema import (
    MIGRATIONS,
    applied,
    fill_embeddings,
    migrate,
    recount,
    unknown_migration,
)
from engram.store.postgres.search import SearchTables, vector_text
from engram.store.sqlite.facts import FactTables
from engram.store.sqlite.graph import GraphTables

_PUT_EMBEDDING = (
    "INSERT INTO vectors (fact_id, model, vector, embedding) VALUES (?, ?, ?, ?::vector) "
    "ON CONFLICT (fact_id, model) DO UPDATE SET vector = EXCLUDED.vector, "
    "embedding = EXCLUDED.embedding"
)


class PostgresBackend(SearchTables, FactTables, GraphTables):
    engine = "postgresql"
    _conn: PgConnection

    _ROWID = "pos"
    _DEDUP_INDEX = ""
    _INSERT_EDGE = "INSERT INTO edges VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"
    _PUT_VECTOR = (
        "INSERT INTO vectors VALUES (?, ?, ?) "
        "ON CONFLICT (fact_id, model) DO UPDATE SET vector = EXCLUDED.vector"
    )
    _INSERT_PIN = "INSERT INTO pins VALUES (?, ?) ON CONFLICT DO NOTHING"
    _HAS_TAG = "jsonb_exists(facts.tags::jsonb, ?)"
    _TAG_COUNTS = (
        "SELECT value, COUNT(*) FROM facts, jsonb_array_elements_text(facts.tags::jsonb) "
        "AS value GROUP BY value ORDER BY COUNT(*) DESC, value LIMIT 20"
    )
    _CONTACT = "(metadata::jsonb ->> 'contact')"
    _DROP_SOURCE = (
        "UPDATE events SET detail = (detail::jsonb - 'source')::text "
        "WHERE fact_id IN ({marks}) AND jsonb_exists(detail::jsonb, 'source')"
    )
    _LIKE = "ILIKE"
    _INSERT_ALIAS = "INSERT INTO aliases VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"

    def __init__(
        self,
        conn: PgConnection,
        has_vectors: bool = False,
        session: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self._conn = conn
        self._beside = Beside(conn, session)
        self.file: Path | None = None
        self.location = conn.location
        self.has_vectors = has_vectors
        self._hnsw: set[tuple[str, int]] = set()

    @classmethod
    def open(cls, url: str, lock_timeout: float) -> PostgresBackend:
        """Connect and bring the schema up to date (one process at a time does that); a
        database a newer Engram wrote is refused, untouched."""
        conn = PgConnection(url, lock_timeout)
        try:
            conn.execute("SELECT pg_advisory_lock(?)", (MIGRATION_LOCK,))
            try:
                newer = unknown_migration(conn)
                if newer is not None:
                    raise StoreTooNew(
                        f"the memory store {conn.location} was written by a newer Engram (it "
                        f"has {newer}); upgrade Engram to use it: this version never uses or "
                        "downgrades it"
                    )
                migrate(conn)
                has_vectors = applied(conn, "m003_pgvector")
            finally:
                conn.execute("SELECT pg_advisory_unlock(?)", (MIGRATION_LOCK,))
            session: tuple[tuple[str, str], ...] = ()
            if has_vectors and _iterative_scan(conn):
                # With filters (a scope, a key) the HNSW index is read on until enough facts
                # pass them. Set for the session, outside any transaction, so that no
                # rollback undoes it.
                session = (("hnsw.iterative_scan", "relaxed_order"),)
            for name, value in session:
                conn.set(name, value)
        except BaseException:
            conn.close()
            raise
        return cls(conn, has_vectors, session)

    # -- dense vectors also as pgvector's type, when the server has it ----------------------
    @staticmethod
    def _embedding_row(row: tuple[str, str, bytes]) -> tuple[str, str, bytes, str | None]:
        from engram.embed.vectors import SPARSE_MAGIC, from_bytes

        fact_id, model, blob = row
        if blob[:4] == SPARSE_MAGIC:
            return fact_id, model, blob, None
        return fact_id, model, blob, vector_text(from_bytes(blob))  # type: ignore[arg-type]

    def put_vector(self, fact_id: str, model: str, vector: bytes) -> None:
        if not self.has_vectors:
            super().put_vector(fact_id, model, vector)
            return
        self._conn.execute(_PUT_EMBEDDING, self._embedding_row((fact_id, model, vector)))

    def write_pending(self, pending: Pending) -> None:
        vectors = list(pending.vectors) if self.has_vectors else []
        if vectors:
            pending.vectors.clear()
        super().write_pending(pending)  # the facts first: a vector refers to its fact
        if vectors:
            self._conn.executemany(_PUT_EMBEDDING, [self._embedding_row(v) for v in vectors])

    def insert_rows(self, table: str, columns: str, rows: Sequence[tuple[Any, ...]]) -> None:
        if table == "facts":
            # a copy counts the search statistics once, at the end (`after_copy`), not a row
            # at a time; for this transaction only
            self._conn.execute("SET LOCAL engram.counting = 'off'")
        super().insert_rows(table, columns, rows)

    def searches_vectors(self, dense: bool) -> bool:
        return self.has_vectors or not dense

    def _inserted_id(self, statement: str, parameters: Sequence[Any]) -> int:
        row = self._conn.execute(statement + " RETURNING id", parameters).fetchone()
        return int(row[0]) if row else 0

    def after_copy(self) -> None:
        """Serial columns continue after the largest id copied in; dense vectors get their
        pgvector form."""
        recount(self._conn)
        if self.has_vectors:
            fill_embeddings(self._conn)
        # the planner's statistics of the rows just copied, before the first search plans on
        # none (and scans every fact for a full-text match)
        self._conn.execute("ANALYZE facts, vectors, term_stats, fact_counts")
        for table, column in (
            ("facts", "pos"), ("events", "seq"), ("duplicates", "pos"), ("nodes", "id"),
            ("relations", "id"), ("graph_events", "seq"),
        ):  # fmt: skip
            self._conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
            )

    def transaction(self, on_failure: Callable[[], None]) -> AbstractContextManager[None]:
        return Transaction(self._conn, on_failure)

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    def close(self) -> None:
        try:
            self._beside.close()
        finally:
            self._conn.close()

    def fault(self, exc: BaseException) -> StoreError | None:
        return fault(exc, self.location, self._conn.lock_timeout)

    def size_bytes(self) -> int:
        row = self._conn.execute("SELECT pg_database_size(current_database())").fetchone()
        return int(row[0]) if row else 0

    def schema_version(self) -> int:
        return len(MIGRATIONS)

    def vector_search(self, dense: bool, model: str = "") -> str:
        if not dense:
            return "exact (sparse vectors, scored on the full-text candidates)"
        if not self.has_vectors:
            return "exact (in memory: the server has no pgvector)"
        if self.has_hnsw_index(model):
            return "pgvector (HNSW)"
        return "pgvector, without an HNSW index yet (a scan of the vectors)"

    def overwriting(self) -> AbstractContextManager[None]:
        # The server reclaims a deleted row's space at its next VACUUM; there is no page of
        # this process's own to overwrite.
        return nullcontext()

    def backup(self, stamp: str) -> str:
        """A copy of the whole store in an SQLite file in the per-user data folder (the
        server's own backups are pg_dump's job; this one is what a nuke erases)."""
        from engram.store.db import default_db_path
        from engram.store.transfer import copy_to_file

        base = f"postgresql.backup-{stamp}"
        folder = default_db_path().parent
        for attempt in range(1000):
            path = folder / (f"{base}.db" if not attempt else f"{base}-{attempt}.db")
            if not path.exists():
                with self.transaction(lambda: None):  # writers wait: a copy of one moment
                    return str(copy_to_file(self, path))
        raise EngramError(f"no free backup name in {folder}", hint="remove old backups")

    def discard_backup(self, name: str) -> None:
        for suffix in ("", "-journal", "-wal", "-shm"):
            Path(f"{name}{suffix}").unlink(missing_ok=True)


def _iterative_scan(conn: PgConnection) -> bool:
    """Whether the server's pgvector has the iterative index scan."""
    row = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
    return has_iterative_scan(str(row[0]) if row else None)


def has_iterative_scan(version: str | None) -> bool:
    """pgvector has the iterative index scan from 0.8 on; an older one refuses the setting's
    name once its library is loaded."""
    parts = version.split(".") if version else []
    numbers = tuple(int(part) for part in parts if part.isdigit())
    return numbers >= (0, 8)
