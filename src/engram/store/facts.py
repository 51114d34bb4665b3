"""SQL for the fact store's tables, in one place."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engram.sqlchunks import chunks
from engram.store.model import Fact

FACT_COLUMNS = (
    "id, content, scope, scope_key, status, confidence, importance, source, tags, metadata, "
    "created_at, valid_from, valid_to, content_hash, kind"
)
INDEX_COLUMNS = (
    "id, scope, scope_key, status, importance, confidence, created_at, tags, terms, kind, "
    "valid_from, valid_to"
)


def fact_from_row(row: Sequence[Any]) -> Fact:
    try:
        tags, metadata = json.loads(row[8]), json.loads(row[9])
    except (TypeError, ValueError):
        from engram.errors import StoreCorrupt

        raise StoreCorrupt(
            f"fact {row[0]} in the memory store is damaged (its tags or metadata are not JSON); "
            "restore the store from a backup (memory.db.backup-*), or erase that fact"
        ) from None
    return Fact(
        id=row[0],
        content=row[1],
        scope=row[2],
        scope_key=row[3],
        status=row[4],
        confidence=row[5],
        importance=row[6],
        source=row[7],
        tags=tags,
        metadata=metadata,
        created_at=row[10],
        valid_from=row[11],
        valid_to=row[12],
        content_hash=hash_text(row[13]),
        kind=row[14],
    )


def stored_hash(digest: str) -> bytes | str:
    """A content hash as the facts table keeps it: the 32 bytes of the SHA-256 rather than its
    64 hex digits, in each row and in the dedup index (an erased fact's empty hash stays '')."""
    return bytes.fromhex(digest) if digest else ""


def hash_text(value: bytes | str) -> str:
    """A stored content hash as hex digits (the form `Fact.content_hash` and inputs use)."""
    return value.hex() if isinstance(value, bytes) else value


INSERT_FACT = f"INSERT INTO facts ({FACT_COLUMNS}, terms) VALUES ({', '.join('?' * 16)})"
INSERT_EVENT = "INSERT INTO events (at, kind, fact_id, detail) VALUES (?, ?, ?, ?)"
INSERT_EDGE = "INSERT OR IGNORE INTO edges VALUES (?, ?, ?, ?)"
PUT_VECTOR = "INSERT OR REPLACE INTO vectors VALUES (?, ?, ?)"


@dataclass
class Pending:
    """The inserts of one absorb batch, sent with one `executemany` per table when the batch
    ends (or before anything reads them back): a statement a fact costs more than the fact."""

    facts: list[tuple[Any, ...]] = field(default_factory=list)
    vectors: list[tuple[Any, ...]] = field(default_factory=list)
    events: list[tuple[Any, ...]] = field(default_factory=list)
    edges: list[tuple[Any, ...]] = field(default_factory=list)

    def flush(self, conn: sqlite3.Connection) -> None:
        for statement, rows in (
            (INSERT_FACT, self.facts),
            (PUT_VECTOR, self.vectors),
            (INSERT_EVENT, self.events),
            (INSERT_EDGE, self.edges),
        ):
            if rows:
                conn.executemany(statement, rows)
                rows.clear()


def fact_row(fact: Fact, terms: str) -> tuple[Any, ...]:
    return (
        fact.id,
        fact.content,
        fact.scope,
        fact.scope_key,
        fact.status,
        fact.confidence,
        fact.importance,
        fact.source,
        json.dumps(fact.tags, ensure_ascii=False),
        json.dumps(fact.metadata, ensure_ascii=False, sort_keys=True),
        fact.created_at,
        fact.valid_from,
        fact.valid_to,
        stored_hash(fact.content_hash),
        fact.kind,
        terms,
    )


def event_row(at: str, kind: str, fact_id: str | None, **detail: Any) -> tuple[Any, ...]:
    return (at, kind, fact_id, json.dumps(detail, ensure_ascii=False, sort_keys=True))


def insert_fact(conn: sqlite3.Connection, fact: Fact, terms: str) -> None:
    conn.execute(INSERT_FACT, fact_row(fact, terms))


def get_facts(conn: sqlite3.Connection, ids: Iterable[str]) -> dict[str, Fact]:
    """Facts by id, each with the duplicates that were merged into it."""
    wanted = list(dict.fromkeys(ids))
    found: dict[str, Fact] = {}
    for chunk, marks in chunks(wanted):
        for row in conn.execute(f"SELECT {FACT_COLUMNS} FROM facts WHERE id IN ({marks})", chunk):
            found[row[0]] = fact_from_row(row)
        for fact_id, *copy in conn.execute(
            "SELECT fact_id, at, content, source, tags, metadata FROM duplicates "
            f"WHERE fact_id IN ({marks}) ORDER BY rowid",
            chunk,
        ):
            found[fact_id].duplicates.append(duplicate_from_row(copy))
    return found


def terms_of_facts(conn: sqlite3.Connection, ids: Iterable[str]) -> dict[str, list[str]]:
    """The stored index terms of each fact, by id."""
    found: dict[str, list[str]] = {}
    for chunk, marks in chunks(list(ids)):
        for fact_id, terms in conn.execute(
            f"SELECT id, terms FROM facts WHERE id IN ({marks})", chunk
        ):
            found[fact_id] = terms.split()
    return found


def contents_of(conn: sqlite3.Connection, ids: Iterable[str]) -> dict[str, str]:
    """The text of each fact, by id."""
    found: dict[str, str] = {}
    for chunk, marks in chunks(list(ids)):
        found.update(conn.execute(f"SELECT id, content FROM facts WHERE id IN ({marks})", chunk))
    return found


def duplicate_from_row(row: Sequence[Any]) -> dict[str, Any]:
    at, content, source, tags, metadata = row
    return {
        "at": at,
        "content": content,
        "source": source,
        "tags": json.loads(tags),
        "metadata": json.loads(metadata),
    }


def add_duplicate(
    conn: sqlite3.Connection,
    fact_id: str,
    at: str,
    content: str,
    source: str | None,
    tags: Sequence[str],
    metadata: dict[str, Any],
) -> None:
    """Keep what a duplicate brought, attached to the fact it repeated."""
    conn.execute(
        "INSERT INTO duplicates VALUES (?, ?, ?, ?, ?, ?)",
        (
            fact_id,
            at,
            content,
            source,
            json.dumps(list(tags), ensure_ascii=False),
            json.dumps(metadata, ensure_ascii=False, sort_keys=True),
        ),
    )


def add_tags(conn: sqlite3.Connection, fact_id: str, tags: Sequence[str]) -> bool:
    """Add tags a duplicate brought to the fact it repeated; True if any was new."""
    row = conn.execute("SELECT tags FROM facts WHERE id = ?", (fact_id,)).fetchone()
    if row is None:
        return False
    current = json.loads(row[0])
    merged = list(dict.fromkeys([*current, *tags]))
    if merged == current:
        return False
    conn.execute(
        "UPDATE facts SET tags = ? WHERE id = ?",
        (json.dumps(merged, ensure_ascii=False), fact_id),
    )
    return True


def find_repeats(
    conn: sqlite3.Connection,
    scope: str,
    scope_key: str,
    items: Sequence[tuple[str, str]],
    kind: str,
) -> dict[str, str]:
    """The active facts that (content hash, content) inputs repeat in this scope and key: a
    fact repeats one with the same text after normalisation (keyed by hash), an event one with
    exactly the same text (keyed by "event:" and the text, and by "event:", its valid_from
    and the text). A superseded fact with the same text is no duplicate: repeating an old
    value asserts it again."""
    hashes = list(dict.fromkeys(digest for digest, _ in items))
    found: dict[str, str] = {}
    for chunk, marks in chunks(hashes):
        # The planner would pick the (scope, scope_key, status) index and scan every active
        # fact of the key; the hash index finds the rows at once.
        rows = conn.execute(
            "SELECT content_hash, id, content, valid_from FROM facts INDEXED BY facts_dedup "
            f"WHERE scope = ? AND scope_key = ? AND content_hash IN ({marks}) "
            "AND status = 'active' AND kind = ? ORDER BY created_at",
            (scope, scope_key, *map(stored_hash, chunk), kind),
        )
        for digest, fact_id, content, valid_from in rows:  # the newest wins
            if kind == "fact":
                found[hash_text(digest)] = str(fact_id)
            else:
                found[f"event:{content}"] = found[f"event:{valid_from}:{content}"] = str(fact_id)
    return found


def set_status(
    conn: sqlite3.Connection, fact_id: str, status: str, valid_to: str | None = None
) -> None:
    conn.execute(
        "UPDATE facts SET status = ?, valid_to = COALESCE(?, valid_to) WHERE id = ?",
        (status, valid_to, fact_id),
    )


def set_valid_from(conn: sqlite3.Connection, fact_id: str, valid_from: str) -> None:
    conn.execute("UPDATE facts SET valid_from = ? WHERE id = ?", (valid_from, fact_id))


def add_edge(conn: sqlite3.Connection, src: str, relation: str, dst: str, at: str) -> None:
    conn.execute("INSERT OR IGNORE INTO edges VALUES (?, ?, ?, ?)", (src, relation, dst, at))


def remove_edge(conn: sqlite3.Connection, src: str, relation: str, dst: str) -> None:
    conn.execute(
        "DELETE FROM edges WHERE src = ? AND relation = ? AND dst = ?", (src, relation, dst)
    )


def edges_of(conn: sqlite3.Connection, fact_id: str) -> list[tuple[str, str, str]]:
    """(src, relation, dst) of every edge touching a fact."""
    return [
        (str(s), str(r), str(d))
        for s, r, d in conn.execute(
            "SELECT src, relation, dst FROM edges WHERE src = ? OR dst = ?", (fact_id, fact_id)
        )
    ]


def newer_version(conn: sqlite3.Connection, fact_id: str) -> str | None:
    row = conn.execute(
        "SELECT src FROM edges WHERE dst = ? AND relation = 'supersedes' LIMIT 1", (fact_id,)
    ).fetchone()
    return None if row is None else str(row[0])


def older_version(conn: sqlite3.Connection, fact_id: str) -> str | None:
    row = conn.execute(
        "SELECT dst FROM edges WHERE src = ? AND relation = 'supersedes' LIMIT 1", (fact_id,)
    ).fetchone()
    return None if row is None else str(row[0])


def log_event(
    conn: sqlite3.Connection, at: str, kind: str, fact_id: str | None, **detail: Any
) -> None:
    conn.execute(
        "INSERT INTO events (at, kind, fact_id, detail) VALUES (?, ?, ?, ?)",
        (at, kind, fact_id, json.dumps(detail, ensure_ascii=False, sort_keys=True)),
    )


def put_vector(conn: sqlite3.Connection, fact_id: str, model: str, vector: bytes) -> None:
    conn.execute("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?)", (fact_id, model, vector))
