"""How a fact is laid out in a row, shared by the backends: the columns they read, a row as a
`Fact`, and a `Fact` as the values they write (tags and metadata as JSON text, the content hash
as its 32 bytes)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from engram.store.model import Fact

FACT_COLUMNS = (
    "id, content, scope, scope_key, status, confidence, importance, source, tags, metadata, "
    "created_at, valid_from, valid_to, content_hash, kind, checked"
)
INDEX_COLUMNS = (
    "id, scope, scope_key, status, importance, confidence, created_at, tags, terms, kind, "
    "valid_from, valid_to"
)


def terms_made_again(rows: Iterable[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """(terms, id) of each (id, content, stored terms) row whose terms the tokenizer now makes
    otherwise, terms space-separated as stored: what an upgrade or a rebuild writes anew. An
    erased fact (no text) has none to make."""
    from engram.text.tokenize import terms_of

    return [
        (made, fact_id)
        for fact_id, content, terms in rows
        if content and (made := " ".join(terms_of(content))) != terms
    ]


def event_key(content: str, metadata: dict[str, Any], valid_from: str | None) -> str:
    """What makes an event the repeat of one stored: its exact text, its metadata and, when
    it says when it happened, that moment. The same words in another session, turn or day are
    another event; only the same record absorbed again repeats one."""
    told = json.dumps(metadata, ensure_ascii=False, sort_keys=True)
    return f"event:{valid_from or ''}:{told}:{content}"


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
        checked=row[15] or "",
    )


def stored_hash(digest: str) -> bytes | str:
    """A content hash as the facts table keeps it: the 32 bytes of the SHA-256 rather than its
    64 hex digits, in each row and in the dedup index (an erased fact's empty hash stays '')."""
    return bytes.fromhex(digest) if digest else ""


def hash_text(value: bytes | str) -> str:
    """A stored content hash as hex digits (the form `Fact.content_hash` and inputs use)."""
    return value.hex() if isinstance(value, bytes) else value


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
        fact.checked,
        terms,
    )


def event_row(at: str, kind: str, fact_id: str | None, **detail: Any) -> tuple[Any, ...]:
    return (at, kind, fact_id, json.dumps(detail, ensure_ascii=False, sort_keys=True))


def duplicate_from_row(row: Sequence[Any]) -> dict[str, Any]:
    at, content, source, tags, metadata = row
    return {
        "at": at,
        "content": content,
        "source": source,
        "tags": json.loads(tags),
        "metadata": json.loads(metadata),
    }
