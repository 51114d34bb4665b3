from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engram.config import load_config
from engram.store import MemoryStore


@pytest.fixture
def store(store_location: str | Path) -> Iterator[MemoryStore]:
    with MemoryStore.open(store_location, config=load_config(None, env={})) as opened:
        yield opened


def absorb_one(store: MemoryStore, text: str, **options: object) -> str:
    options.setdefault("scope", "user")
    options.setdefault("scope_key", "acme")
    outcome = store.absorb([text], **options)[0]  # type: ignore[arg-type]
    return outcome.outcome


def plant(store: MemoryStore, content: str, **fields: object) -> str:
    """Write a fact straight into the database, past every check: a store written by an older
    version, before its kind of text was refused. Returns the fact's id."""
    from engram.store.db import now_iso
    from engram.store.model import Fact
    from engram.store.normalize import content_hash, new_id
    from engram.text.tokenize import terms_of

    fields.setdefault("scope", "agent")
    at = now_iso()
    fact = Fact(
        id=new_id(), content=content, created_at=at, valid_from=at,
        content_hash=content_hash(content), **fields,  # type: ignore[arg-type]
    )  # fmt: skip
    with store._write():
        store._backend.insert_fact(fact, " ".join(terms_of(content)))
        store._backend.log_event(at, "absorbed", fact.id, outcome="new")
    return fact.id
