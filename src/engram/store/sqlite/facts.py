"""SQL for the fact store's tables in an SQLite file: facts, duplicates, edges, vectors, the
change log (events) and pins, in one place."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Protocol

from engram.sqlchunks import CHUNK, chunks
from engram.store.backend import FactFilter, Pending, StoreCounts
from engram.store.model import Fact
from engram.store.rows import (
    FACT_COLUMNS,
    INDEX_COLUMNS,
    duplicate_from_row,
    event_key,
    event_row,
    fact_from_row,
    fact_row,
    hash_text,
    stored_hash,
)

INSERT_FACT = (
    f"INSERT INTO facts ({FACT_COLUMNS}, terms) "
    f"VALUES ({', '.join('?' * (FACT_COLUMNS.count(',') + 2))})"
)
INSERT_EVENT = "INSERT INTO events (at, kind, fact_id, detail) VALUES (?, ?, ?, ?)"
INSERT_DUPLICATE = (
    "INSERT INTO duplicates (fact_id, at, content, source, tags, metadata) "
    "VALUES (?, ?, ?, ?, ?, ?)"
)


def _scoped(scope: str, scope_key: str | None) -> tuple[str, tuple[str, ...]]:
    if scope_key is None:
        return "scope = ?", (scope,)
    return "scope = ? AND scope_key = ?", (scope, scope_key)


def _in_scopes(scopes: Sequence[str], scope_key: str | None) -> tuple[str, tuple[str, ...]]:
    """The facts of any of `scopes`, and of that key alone when one is given."""
    where = f"scope IN ({','.join('?' * len(scopes))})"
    if scope_key is None:
        return where, tuple(scopes)
    return f"{where} AND scope_key = ?", (*scopes, scope_key)


class Statements(Protocol):
    """What the shared statements run on: an SQLite connection, or the PostgreSQL backend's
    connection, which takes the same `?` marks."""

    def execute(self, sql: str, parameters: Any = (), /) -> Any: ...
    def executemany(self, sql: str, parameters: Any, /) -> Any: ...


class FactTables:
    """The fact store's statements, on `self._conn`, in SQLite's dialect. The class
    attributes are the phrases another dialect says differently (the PostgreSQL backend
    overrides them)."""

    _conn: Statements
    _ROWID = "rowid"  # the column that keeps the order rows were written in
    _DEDUP_INDEX = " INDEXED BY facts_dedup"
    _INSERT_EDGE = "INSERT OR IGNORE INTO edges VALUES (?, ?, ?, ?)"
    _PUT_VECTOR = "INSERT OR REPLACE INTO vectors VALUES (?, ?, ?)"
    _INSERT_PIN = "INSERT OR IGNORE INTO pins VALUES (?, ?)"
    _HAS_TAG = "EXISTS (SELECT 1 FROM json_each(facts.tags) WHERE value = ?)"
    _TAG_COUNTS = (
        "SELECT value, COUNT(*) FROM facts, json_each(facts.tags) "
        "GROUP BY value ORDER BY COUNT(*) DESC, value LIMIT 20"
    )
    _CONTACT = "json_extract(metadata, '$.contact')"
    _DROP_SOURCE = (
        "UPDATE events SET detail = json_remove(detail, '$.source') "
        "WHERE fact_id IN ({marks}) AND json_extract(detail, '$.source') IS NOT NULL"
    )

    # -- facts ---------------------------------------------------------------------------
    def get_facts(self, ids: Iterable[str]) -> dict[str, Fact]:
        """Facts by id, each with the duplicates that were merged into it."""
        wanted = list(dict.fromkeys(ids))
        found: dict[str, Fact] = {}
        for chunk, marks in chunks(wanted):
            for row in self._conn.execute(
                f"SELECT {FACT_COLUMNS} FROM facts WHERE id IN ({marks})", chunk
            ):
                found[row[0]] = fact_from_row(row)
        self._attach_duplicates(found)
        return found

    def _attach_duplicates(self, facts: dict[str, Fact]) -> None:
        """Give each fact (by id) the duplicates that were merged into it, oldest first."""
        for chunk, marks in chunks(list(facts)):
            for fact_id, *copy in self._conn.execute(
                "SELECT fact_id, at, content, source, tags, metadata FROM duplicates "
                f"WHERE fact_id IN ({marks}) ORDER BY {self._ROWID}",
                chunk,
            ):
                facts[fact_id].duplicates.append(duplicate_from_row(copy))

    def terms_of_facts(self, ids: Iterable[str]) -> dict[str, list[str]]:
        """The stored index terms of each fact, by id."""
        found: dict[str, list[str]] = {}
        for chunk, marks in chunks(list(ids)):
            for fact_id, terms in self._conn.execute(
                f"SELECT id, terms FROM facts WHERE id IN ({marks})", chunk
            ):
                found[fact_id] = terms.split()
        return found

    def contents_of(self, ids: Iterable[str]) -> dict[str, str]:
        """The text of each fact, by id."""
        found: dict[str, str] = {}
        for chunk, marks in chunks(list(ids)):
            found.update(
                self._conn.execute(f"SELECT id, content FROM facts WHERE id IN ({marks})", chunk)
            )
        return found

    def find_repeats(
        self, scope: str, scope_key: str, items: Sequence[tuple[str, str]], kind: str
    ) -> dict[str, str]:
        """The active facts that (content hash, content) inputs repeat in this scope and key:
        a fact repeats one with the same text after normalisation (keyed by hash), an event the
        same record (`rows.event_key`, with its valid_from and without, for an input that says
        no time). A superseded fact with the same text is no duplicate: repeating an old value
        asserts it again."""
        hashes = list(dict.fromkeys(digest for digest, _ in items))
        found: dict[str, str] = {}
        for chunk, marks in chunks(hashes):
            # The planner would pick the (scope, scope_key, status) index and scan every
            # active fact of the key; the hash index finds the rows at once.
            rows = self._conn.execute(
                f"SELECT content_hash, id, content, valid_from, metadata "
                f"FROM facts{self._DEDUP_INDEX} "
                f"WHERE scope = ? AND scope_key = ? AND content_hash IN ({marks}) "
                "AND status = 'active' AND kind = ? ORDER BY created_at",
                (scope, scope_key, *map(stored_hash, chunk), kind),
            )
            for digest, fact_id, content, valid_from, metadata in rows:  # the newest wins
                if kind == "fact":
                    found[hash_text(digest)] = str(fact_id)
                else:
                    told = json.loads(metadata)
                    found[event_key(content, told, None)] = str(fact_id)
                    found[event_key(content, told, valid_from)] = str(fact_id)
        return found

    def insert_fact(self, fact: Fact, terms: str) -> None:
        self._conn.execute(INSERT_FACT, fact_row(fact, terms))

    def write_pending(self, pending: Pending) -> None:
        for statement, rows in (
            (INSERT_FACT, pending.facts),
            (self._PUT_VECTOR, pending.vectors),
            (INSERT_EVENT, pending.events),
            (self._INSERT_EDGE, pending.edges),
        ):
            if rows:
                self._conn.executemany(statement, rows)
                rows.clear()

    def add_duplicate(
        self,
        fact_id: str,
        at: str,
        content: str,
        source: str | None,
        tags: Sequence[str],
        metadata: dict[str, Any],
    ) -> None:
        """Keep what a duplicate brought, attached to the fact it repeated."""
        self._conn.execute(
            INSERT_DUPLICATE,
            (
                fact_id,
                at,
                content,
                source,
                json.dumps(list(tags), ensure_ascii=False),
                json.dumps(metadata, ensure_ascii=False, sort_keys=True),
            ),
        )

    def set_checked(self, fact_id: str, seal: str) -> None:
        """Record a fact's sealed safety verdict (`Fact.checked`)."""
        self._conn.execute("UPDATE facts SET checked = ? WHERE id = ?", (seal, fact_id))

    def add_tags(self, fact_id: str, tags: Sequence[str]) -> bool:
        """Add tags a duplicate brought to the fact it repeated; True if any was new."""
        row = self._conn.execute("SELECT tags FROM facts WHERE id = ?", (fact_id,)).fetchone()
        if row is None:
            return False
        current = json.loads(row[0])
        merged = list(dict.fromkeys([*current, *tags]))
        if merged == current:
            return False
        self._conn.execute(
            "UPDATE facts SET tags = ? WHERE id = ?",
            (json.dumps(merged, ensure_ascii=False), fact_id),
        )
        return True

    def set_status(self, fact_id: str, status: str, valid_to: str | None = None) -> None:
        self._conn.execute(
            "UPDATE facts SET status = ?, valid_to = COALESCE(?, valid_to) WHERE id = ?",
            (status, valid_to, fact_id),
        )

    def set_valid_from(self, fact_id: str, valid_from: str) -> None:
        self._conn.execute("UPDATE facts SET valid_from = ? WHERE id = ?", (valid_from, fact_id))

    def set_importance(self, fact_id: str, importance: float) -> None:
        self._conn.execute("UPDATE facts SET importance = ? WHERE id = ?", (importance, fact_id))

    def is_active(self, fact_id: str) -> bool:
        row = self._conn.execute(
            "SELECT 1 FROM facts WHERE id = ? AND status = 'active'", (fact_id,)
        ).fetchone()
        return row is not None

    def swap_status(self, fact_id: str, was: str, status: str) -> bool:
        """Set a fact's status to `status` if it is still `was`; False if it changed meanwhile
        (a delete, and the undo of one, under another process's writes)."""
        changed = self._conn.execute(
            "UPDATE facts SET status = ? WHERE id = ? AND status = ?", (status, fact_id, was)
        ).rowcount
        return bool(changed)

    def _where(self, where: FactFilter) -> tuple[str, list[Any]]:
        """The WHERE clause (and its arguments) of `list_facts` and `count_facts`."""
        parts, args = ["1 = 1"], []
        if where.scope is not None:
            parts.append("scope = ?")
            args.append(where.scope)
        if where.scope_key is not None:
            parts.append("scope_key = ?")
            args.append(where.scope_key)
        if where.as_of is not None:
            parts.append(
                "valid_from <= ? AND (valid_to IS NULL OR valid_to > ?) "
                "AND status NOT IN ('archived', 'deleted')"
            )
            args += [where.as_of, where.as_of]
        elif where.status is not None:
            parts.append("status = ?")
            args.append(where.status)
        for tag in where.tags:
            parts.append(self._HAS_TAG)
            args.append(tag)
        return " AND ".join(parts), args

    def list_facts(self, where: FactFilter, limit: int, offset: int) -> list[Fact]:
        """Facts newest first, each with its duplicates, as `get_facts` gives them."""
        clause, args = self._where(where)
        rows = self._conn.execute(
            f"SELECT {FACT_COLUMNS} FROM facts WHERE {clause} "
            f"ORDER BY created_at DESC, {self._ROWID} DESC LIMIT ? OFFSET ?",
            (*args, limit, offset),
        )
        facts = {fact.id: fact for fact in map(fact_from_row, rows)}
        self._attach_duplicates(facts)
        return list(facts.values())

    def count_facts(self, where: FactFilter) -> int:
        clause, args = self._where(where)
        row = self._conn.execute(f"SELECT COUNT(*) FROM facts WHERE {clause}", args).fetchone()
        return int(row[0])

    def has_facts(self) -> bool:
        return self._conn.execute("SELECT 1 FROM facts LIMIT 1").fetchone() is not None

    def ids_and_contents(self) -> list[tuple[str, str]]:
        """Every fact's id and text, in the order they were written."""
        rows = self._conn.execute(f"SELECT id, content FROM facts ORDER BY {self._ROWID}")
        return [(str(fact_id), str(content)) for fact_id, content in rows]

    def active_with_terms(
        self, scope: str | None = None, kind: str | None = None, scope_key: str | None = None
    ) -> list[tuple[Fact, list[str]]]:
        """Active facts (of a scope, kind and key, when given) with their index terms, oldest
        first."""
        parts, args = ["status = 'active'"], []
        for column, value in (("scope", scope), ("kind", kind), ("scope_key", scope_key)):
            if value is not None:
                parts.append(f"{column} = ?")
                args.append(value)
        rows = self._conn.execute(
            f"SELECT {FACT_COLUMNS}, terms FROM facts WHERE {' AND '.join(parts)} "
            "ORDER BY created_at, id",
            args,
        )
        return [(fact_from_row(row), str(row[-1]).split()) for row in rows]

    def latest_contact(self, scope: str, scope_key: str, contact: str) -> tuple[str, str] | None:
        """The id and content hash (hex) of the active fact holding a contact's record."""
        row = self._conn.execute(
            "SELECT id, content_hash FROM facts "
            "WHERE status = 'active' AND scope = ? AND scope_key = ? "
            f"AND {self._CONTACT} = ? ORDER BY created_at DESC LIMIT 1",
            (scope, scope_key, contact),
        ).fetchone()
        return None if row is None else (str(row[0]), hash_text(row[1]))

    def open_todos(
        self, scopes: Sequence[str], limit: int, scope_key: str | None = None
    ) -> list[Fact]:
        """Active facts tagged `todo` and not `done`, newest first."""
        where, args = _in_scopes(scopes, scope_key)
        rows = self._conn.execute(
            f"SELECT {FACT_COLUMNS} FROM facts WHERE status = 'active' AND {where} "
            f"AND {self._HAS_TAG} AND NOT {self._HAS_TAG} "
            "ORDER BY created_at DESC, id DESC LIMIT ?",
            (*args, "todo", "done", limit),
        )
        return [fact_from_row(row) for row in rows]

    def important_facts(
        self, scopes: Sequence[str], limit: int, scope_key: str | None = None
    ) -> list[Fact]:
        """Active facts (not events, not TODOs) by importance, then confidence, newest id."""
        where, args = _in_scopes(scopes, scope_key)
        rows = self._conn.execute(
            f"SELECT {FACT_COLUMNS} FROM facts WHERE status = 'active' AND {where} "
            f"AND kind = 'fact' AND NOT {self._HAS_TAG} "
            "ORDER BY importance DESC, confidence DESC, id DESC LIMIT ?",
            (*args, "todo", limit),
        )
        return [fact_from_row(row) for row in rows]

    def recent_facts(
        self, scopes: Sequence[str], limit: int, scope_key: str | None = None
    ) -> list[Fact]:
        """Active facts (not events), newest first."""
        where, args = _in_scopes(scopes, scope_key)
        rows = self._conn.execute(
            f"SELECT {FACT_COLUMNS} FROM facts WHERE status = 'active' AND {where} "
            "AND kind = 'fact' ORDER BY created_at DESC, id DESC LIMIT ?",
            (*args, limit),
        )
        return [fact_from_row(row) for row in rows]

    def counts(self) -> StoreCounts:
        def rows(query: str) -> list[Any]:
            return list(self._conn.execute(query).fetchall())

        kinds = "('gc', 'distill', 'rebuilt')"
        oldest, newest = rows("SELECT MIN(created_at), MAX(created_at) FROM facts")[0]
        return StoreCounts(
            by_scope=dict(rows("SELECT scope, COUNT(*) FROM facts GROUP BY scope")),
            by_status=dict(
                rows("SELECT status, COUNT(*) FROM facts GROUP BY status ORDER BY status")
            ),
            by_tag=dict(rows(self._TAG_COUNTS)),
            vectors_by_model=dict(rows("SELECT model, COUNT(*) FROM vectors GROUP BY model")),
            oldest=oldest,
            newest=newest,
            last=dict(
                rows(f"SELECT kind, MAX(at) FROM events WHERE kind IN {kinds} GROUP BY kind")
            ),
        )

    # -- edges, vectors, the change log --------------------------------------------------
    def add_edge(self, src: str, relation: str, dst: str, at: str) -> None:
        self._conn.execute(self._INSERT_EDGE, (src, relation, dst, at))

    def remove_edge(self, src: str, relation: str, dst: str) -> None:
        self._conn.execute(
            "DELETE FROM edges WHERE src = ? AND relation = ? AND dst = ?", (src, relation, dst)
        )

    def edges_of(self, fact_id: str) -> list[tuple[str, str, str]]:
        """(src, relation, dst) of every edge touching a fact, in the order they were made
        (without an order each backend gave them in the order of the index it read)."""
        return [
            (str(s), str(r), str(d))
            for s, r, d in self._conn.execute(
                "SELECT src, relation, dst FROM edges WHERE src = ? OR dst = ? "
                "ORDER BY created_at, src, relation, dst",
                (fact_id, fact_id),
            )
        ]

    def neighbouring_events(self, ids: Sequence[str]) -> dict[str, tuple[str | None, str | None]]:
        """For each event among `ids`, the events written just before and after it in its
        scope and key (None at either end; erased ones are skipped). Facts are left out:
        only events — turns of a conversation, lines of a log — have an order that means
        something."""
        near = (
            "(SELECT n.id FROM facts n WHERE n.scope = f.scope AND n.scope_key = f.scope_key "
            "AND n.kind = 'event' AND n.status != 'deleted' AND n.{rowid} {op} f.{rowid} "
            "ORDER BY n.{rowid} {order} LIMIT 1)"
        )
        before = near.format(rowid=self._ROWID, op="<", order="DESC")
        after = near.format(rowid=self._ROWID, op=">", order="ASC")
        found: dict[str, tuple[str | None, str | None]] = {}
        for chunk, marks in chunks(list(dict.fromkeys(ids))):
            for fact_id, prev, following in self._conn.execute(
                f"SELECT f.id, {before}, {after} FROM facts f "
                f"WHERE f.kind = 'event' AND f.id IN ({marks})",
                chunk,
            ):
                found[str(fact_id)] = (prev, following)
        return found

    def newer_version(self, fact_id: str) -> str | None:
        row = self._conn.execute(
            "SELECT src FROM edges WHERE dst = ? AND relation = 'supersedes' LIMIT 1", (fact_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    def older_version(self, fact_id: str) -> str | None:
        row = self._conn.execute(
            "SELECT dst FROM edges WHERE src = ? AND relation = 'supersedes' LIMIT 1", (fact_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    def derived_from(self, ids: Sequence[str], relations: Sequence[str]) -> set[str]:
        """The facts with an edge of one of `relations` to one of `ids`."""
        rel_marks = ", ".join("?" * len(relations))
        return {
            str(src)
            for chunk, marks in chunks(list(ids))
            for (src,) in self._conn.execute(
                f"SELECT src FROM edges WHERE dst IN ({marks}) AND relation IN ({rel_marks})",
                (*chunk, *relations),
            )
        }

    def put_vector(self, fact_id: str, model: str, vector: bytes) -> None:
        self._conn.execute(self._PUT_VECTOR, (fact_id, model, vector))

    def drop_vectors(self, model: str) -> None:
        """Remove every stored vector of `model`."""
        self._conn.execute("DELETE FROM vectors WHERE model = ?", (model,))

    def set_terms(self, rows: Sequence[tuple[str, str]]) -> None:
        """Store facts' index terms anew, each row (terms, id)."""
        self._conn.executemany("UPDATE facts SET terms = ? WHERE id = ?", rows)

    def log_event(self, at: str, kind: str, fact_id: str | None, **detail: Any) -> None:
        self._conn.execute(INSERT_EVENT, event_row(at, kind, fact_id, **detail))

    def log_events(self, rows: Sequence[tuple[Any, ...]]) -> None:
        self._conn.executemany(INSERT_EVENT, rows)

    def history(self, fact_id: str) -> list[tuple[int, str, str, str]]:
        """(seq, at, kind, detail as JSON) of one fact's change log, oldest first."""
        rows = self._conn.execute(
            "SELECT seq, at, kind, detail FROM events WHERE fact_id = ? ORDER BY seq", (fact_id,)
        )
        return [(int(seq), str(at), str(kind), str(detail)) for seq, at, kind, detail in rows]

    def last_event_at(self, fact_id: str) -> str | None:
        row = self._conn.execute(
            "SELECT MAX(at) FROM events WHERE fact_id = ?", (fact_id,)
        ).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    # -- what the search index is built and kept current from -------------------------------
    def last_seq(self) -> int:
        row = self._conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()
        return int(row[0])

    def event_entry(self, seq: int) -> list[Any] | None:
        """What identifies the change-log entry `seq` of this database (time, kind, fact)."""
        row = self._conn.execute(
            "SELECT at, kind, fact_id FROM events WHERE seq = ?", (seq,)
        ).fetchone()
        return None if row is None else [row[0], row[1], row[2]]

    def any_event_after(self, seq: int, kinds: Sequence[str]) -> bool:
        marks = ", ".join("?" * len(kinds))
        query = f"SELECT 1 FROM events WHERE seq > ? AND kind IN ({marks}) LIMIT 1"
        return self._conn.execute(query, (seq, *kinds)).fetchone() is not None

    def changed_since(self, seq: int) -> list[str]:
        """The facts the change log touched after entry `seq`."""
        rows = self._conn.execute(
            "SELECT DISTINCT fact_id FROM events WHERE seq > ? AND fact_id IS NOT NULL", (seq,)
        )
        return [str(fact_id) for (fact_id,) in rows]

    def vector_width(self, model: str) -> int:
        """The dimensions of a stored vector of `model` (0: none stored)."""
        row = self._conn.execute(
            "SELECT vector FROM vectors WHERE model = ? LIMIT 1", (model,)
        ).fetchone()
        return len(row[0]) // 4 if row else 0

    def index_rows(
        self, model: str, ids: Sequence[str] | None
    ) -> Iterable[tuple[Sequence[Any], bytes | None]]:
        """(`rows.INDEX_COLUMNS` values, the vector of `model` or None) of the facts with
        these ids (None: every fact), in the order they were written: new facts take the
        positions a rebuild would give them."""
        query = (
            f"SELECT {', '.join('f.' + c.strip() for c in INDEX_COLUMNS.split(','))}, v.vector "
            "FROM facts f LEFT JOIN vectors v ON v.fact_id = f.id AND v.model = ?"
        )
        width = len(INDEX_COLUMNS.split(","))
        if ids is None:
            for values in self._conn.execute(query + f" ORDER BY f.{self._ROWID}", (model,)):
                yield values[:width], values[width]
            return
        rows: list[Any] = []
        for chunk, marks in chunks(list(ids)):
            rows += self._conn.execute(
                query.replace("v.vector", f"v.vector, f.{self._ROWID}")
                + f" WHERE f.id IN ({marks})",
                (model, *chunk),
            ).fetchall()
        for values in sorted(rows, key=lambda row: row[-1]):
            yield values[:width], values[width]

    # -- pins ----------------------------------------------------------------------------
    def pinned(self) -> list[str]:
        return [str(f) for (f,) in self._conn.execute("SELECT fact_id FROM pins ORDER BY fact_id")]

    def pin(self, fact_id: str, at: str) -> None:
        self._conn.execute(self._INSERT_PIN, (fact_id, at))

    def unpin(self, fact_id: str) -> bool:
        gone = self._conn.execute("DELETE FROM pins WHERE fact_id = ?", (fact_id,)).rowcount
        return bool(gone)

    # -- copying a whole store (`transfer.py`) ---------------------------------------------
    def row_count(self, table: str) -> int:
        row = self._conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
        return int(row[0])

    def table_rows(
        self, table: str, columns: str, order: str, batch: int
    ) -> Iterator[list[tuple[Any, ...]]]:
        """Every row of a table, `batch` at a time, in `order` (`{rowid}`: as written)."""
        by = order.format(rowid=self._ROWID)
        cursor = self._conn.execute(f"SELECT {columns} FROM {table} ORDER BY {by}")
        while rows := cursor.fetchmany(batch):
            yield [tuple(row) for row in rows]

    def insert_rows(self, table: str, columns: str, rows: Sequence[tuple[Any, ...]]) -> None:
        marks = ", ".join("?" * len(columns.split(",")))
        self._conn.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)

    def after_copy(self) -> None:
        """What a table filled with explicit ids needs before new rows go in (nothing in
        SQLite: an AUTOINCREMENT key continues after the largest one)."""

    # -- removing ------------------------------------------------------------------------
    def delete_active(self, scope: str, scope_key: str | None, at: str) -> list[str]:
        """Mark every active fact of a scope (and key) `deleted`, one `deleted` event each;
        returns their ids in the order they were written."""
        clause, args = _scoped(scope, scope_key)
        ids = [
            str(i)
            for (i,) in self._conn.execute(
                f"SELECT id FROM facts WHERE {clause} AND status = 'active' ORDER BY {self._ROWID}",
                args,
            )
        ]
        for chunk, marks in chunks(ids):
            self._conn.execute(f"UPDATE facts SET status = 'deleted' WHERE id IN ({marks})", chunk)
        self.log_events([event_row(at, "deleted", i, was="active") for i in ids])
        return ids

    def overwriting(self) -> AbstractContextManager[None]:
        """Freed space is overwritten with zeros while inside, and the log is folded into the
        file afterwards, so removed text is in neither."""
        return self._secure_delete()

    @contextmanager
    def _secure_delete(self) -> Iterator[None]:
        was = self._conn.execute("PRAGMA secure_delete").fetchone()[0]
        self._conn.execute("PRAGMA secure_delete = ON")
        try:
            yield
        finally:
            self._conn.execute(f"PRAGMA secure_delete = {int(was)}")
        self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def erase_texts(self, ids: Sequence[str]) -> None:
        """Blank every trace of the text of these facts: content, terms, hash, tags, metadata,
        source, vectors, duplicates, pins, and the source in their change-log entries."""
        for chunk, marks in chunks(list(ids)):
            self._conn.execute(
                "UPDATE facts SET content = '', content_hash = '', terms = '', tags = '[]', "
                f"metadata = '{{}}', source = NULL, status = 'deleted' WHERE id IN ({marks})",
                chunk,
            )
            for table in ("vectors", "duplicates", "pins"):
                self._conn.execute(f"DELETE FROM {table} WHERE fact_id IN ({marks})", chunk)
            # the log keeps what happened, not where the text came from
            self._conn.execute(self._DROP_SOURCE.format(marks=marks), chunk)

    def count_in_scope(self, scope: str, scope_key: str | None) -> int:
        clause, args = _scoped(scope, scope_key)
        row = self._conn.execute(f"SELECT COUNT(*) FROM facts WHERE {clause}", args).fetchone()
        return int(row[0])

    def remove_scope(self, scope: str, scope_key: str | None) -> list[str]:
        """Delete the facts of a scope (and key) and every row that points at them; returns
        their ids."""
        clause, args = _scoped(scope, scope_key)
        ids = [str(i) for (i,) in self._conn.execute(f"SELECT id FROM facts WHERE {clause}", args)]
        # half-size chunks: the edges statement binds every id twice
        for chunk, marks in chunks(ids, CHUNK // 2):
            for table in ("vectors", "events", "duplicates", "pins"):
                self._conn.execute(f"DELETE FROM {table} WHERE fact_id IN ({marks})", chunk)
            self._conn.execute(
                f"DELETE FROM edges WHERE src IN ({marks}) OR dst IN ({marks})", chunk * 2
            )
            self._conn.execute(f"DELETE FROM facts WHERE id IN ({marks})", chunk)
        return ids
