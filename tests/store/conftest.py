from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engram.config import load_config
from engram.store import MemoryStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    with MemoryStore.open(tmp_path / "memory.db", config=load_config(None, env={})) as opened:
        yield opened


def absorb_one(store: MemoryStore, text: str, **options: object) -> str:
    options.setdefault("scope", "user")
    options.setdefault("scope_key", "acme")
    outcome = store.absorb([text], **options)[0]  # type: ignore[arg-type]
    return outcome.outcome
