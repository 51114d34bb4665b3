"""How a store gets its search index and keeps it current.

The first use in a process loads the snapshot next to the database (`snapshot.py`) when it is
sound and of this database, schema and embedding model, then folds in the change-log entries
written after it; without a usable snapshot the index is built from every row. Each later use
folds in the entries other processes (or this one) wrote since.

An erasure (`erase`, `nuke`) or a re-embedding (`rebuild`) since the index's point in the log
makes it rebuild from the file: its postings hold erased words, its vectors an old model's.

The snapshot is rewritten (atomically) when a process finds it behind the log by
`STALE_ENTRIES` entries or more — a reader pays for that once, so the next ones start current —
when a long-running process's own writes put it behind by a tenth of its size, and when a
store is closed at least `STALE_ENTRIES` entries behind. Stores under `MIN_FACTS` facts keep
no snapshot: rebuilding them is as fast as reading one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from engram.embed.vectors import from_bytes
from engram.store import snapshot
from engram.store.index import SearchIndex, row_from_db
from engram.store.rows import INDEX_COLUMNS

if TYPE_CHECKING:
    from engram.embed.vectors import Vector
    from engram.store.store import MemoryStore

# where a fact's index terms sit among the `rows.INDEX_COLUMNS` values
TERMS = [c.strip() for c in INDEX_COLUMNS.split(",")].index("terms")

MIN_FACTS = 200
STALE_ENTRIES = 200  # change-log entries a snapshot may be behind before it is rewritten
# Change-log entries after which the index is rebuilt from the file, not caught up.
REBUILD_KINDS = ("erased", "nuked", "rebuilt")


def current(store: MemoryStore, index: SearchIndex | None) -> SearchIndex:
    """`index` (None: not loaded yet) brought up to the store's change log."""
    seq = _last_seq(store)
    if index is None:
        index = _opened(store, seq)
    elif seq > index.last_seq and _rebuild_after(store, index.last_seq):
        index = _built(store, seq)
    elif seq > index.last_seq:
        _catch_up(store, index, seq)
    save_if_behind(store, index, max(STALE_ENTRIES, index.size // 10))
    return index


def save_if_behind(store: MemoryStore, index: SearchIndex, entries: int = STALE_ENTRIES) -> None:
    """Rewrite the snapshot if the index is `entries` change-log entries past it (or there is
    none). Never inside a transaction (it would hold the write lock), never for a small store
    or an index that erased positions in place (a dry run's), and at most one failed attempt
    per index (a read-only folder)."""
    if store._backend.in_transaction or index.erased or index.size < MIN_FACTS:
        return
    if index.snapshot_seq >= 0 and index.last_seq - index.snapshot_seq < entries:
        return
    file = store._backend.file
    if file is None or not file.is_file():  # an in-memory database, or a database server
        return
    path = snapshot.snapshot_path(file)
    stamp: dict[str, Any] = {"schema": store._backend.schema_version(), "last_seq": index.last_seq}
    stamp["entry"] = _entry(store, index.last_seq)
    index.snapshot_seq = index.last_seq
    if stamp["entry"] is None:
        return  # the log entry it would be stamped with is gone: rebuilt on the next open
    try:
        mode = file.stat().st_mode & 0o666
        snapshot.write(index, path, stamp, mode)
    except OSError:
        return  # a derived file: the next process builds the index from the rows again
    if _rebuild_after(store, index.last_seq):
        snapshot.discard(path)  # an erase landed while it was written: its words must go


def save_on_close(store: MemoryStore, index: SearchIndex) -> None:
    """`save_if_behind` as a store closes: never an error (the file is only a cache, and the
    store may be closing because of a storage fault)."""
    with contextlib.suppress(Exception):
        save_if_behind(store, index)


def snapshot_file(store: MemoryStore) -> tuple[str | None, int]:
    """The path of the store's snapshot and its size (0 when there is none); None for a
    store on a database server, which keeps none."""
    path = _snapshot_path(store)
    if path is None:
        return None, 0
    try:
        return str(path), path.stat().st_size
    except OSError:
        return str(path), 0


def _snapshot_path(store: MemoryStore) -> Path | None:
    file = store._backend.file
    return None if file is None else snapshot.snapshot_path(file)


def _last_seq(store: MemoryStore) -> int:
    return store._backend.last_seq()


def _entry(store: MemoryStore, seq: int) -> list[Any] | None:
    """What identifies the change-log entry `seq` of this database (its time, kind, fact)."""
    return store._backend.event_entry(seq)


def _rebuild_after(store: MemoryStore, seq: int) -> bool:
    return store._backend.any_event_after(seq, REBUILD_KINDS)


def _opened(store: MemoryStore, seq: int) -> SearchIndex:
    """The index from the snapshot when it is usable, caught up; else built from the rows."""
    index = _from_snapshot(store, seq)
    if index is None:
        return _built(store, seq)
    if seq > index.last_seq:
        _catch_up(store, index, seq)
    return index


def _from_snapshot(store: MemoryStore, seq: int) -> SearchIndex | None:
    path = _snapshot_path(store)
    if path is None:
        return None
    try:
        header, mapped = snapshot.read_header(path)
    except (OSError, snapshot.Unusable):
        return None
    expected = empty_index(store)
    stamp = header.get("last_seq")
    if (
        header.get("model") != expected.model_id
        or header.get("sparse") != expected.sparse
        or header.get("dims") != expected.dims
        or header.get("schema") != store._backend.schema_version()
        or not isinstance(stamp, int)
        or stamp > seq
        or header.get("entry") != _entry(store, stamp)
        or _rebuild_after(store, stamp)
    ):
        return None
    try:
        index = snapshot.load(header, mapped)
    except snapshot.Unusable:
        return None
    index.last_seq = index.snapshot_seq = stamp
    return index


def empty_index(store: MemoryStore) -> SearchIndex:
    embedder = store.embedder
    return SearchIndex(embedder.model_id, _dims(store), getattr(embedder, "sparse", False))


def _built(store: MemoryStore, seq: int) -> SearchIndex:
    index = empty_index(store)
    _load_rows(store, index, None)
    index.last_seq = seq
    return index


def _catch_up(store: MemoryStore, index: SearchIndex, seq: int) -> None:
    ids = store._backend.changed_since(index.last_seq)
    _load_rows(store, index, ids)
    index.last_seq = seq


def _dims(store: MemoryStore) -> int:
    dims = getattr(store.embedder, "dims", 0)
    if not dims:
        dims = store._backend.vector_width(store.embedder.model_id)
    return int(dims) or 1


def _load_rows(store: MemoryStore, index: SearchIndex, ids: list[str] | None) -> None:
    """Index (or update in the index) the facts with these ids; None: every fact. A model
    whose vectors follow from the index terms (`derived_vectors`) gets them from the terms:
    such vectors are not stored (a store written before kept them, and they are the same)."""
    seen: set[str] = set()
    derive = derived_vectors(store)
    for values, blob in store._backend.index_rows(store.embedder.model_id, ids):
        vector = None if blob is None else from_bytes(blob)
        if isinstance(vector, np.ndarray) and (index.sparse or len(vector) != index.dims):
            vector = None  # not of this model's shape: never compare
        if vector is None and derive is not None:
            vector = derive(values[TERMS].split())
        index.upsert(row_from_db(values, vector))
        seen.add(values[0])
    for missing in set(ids or ()) - seen:
        index.erase(missing)


def derived_vectors(store: MemoryStore) -> Callable[[list[str]], Vector] | None:
    """How the store's embedder makes a fact's vector from its index terms, when it can and
    the store does not keep such vectors: a store that searches in memory builds its index
    from the terms anyway, so storing them too only doubled what they say. A database that
    searches itself (PostgreSQL) keeps them, as its search reads them with the candidates."""
    from_terms = getattr(store.embedder, "from_terms", None)
    if from_terms is None or store._searches_in_db():
        return None
    return cast("Callable[[list[str]], Vector]", from_terms)


def discard(store: MemoryStore) -> None:
    """Forget the index and remove its snapshot (after an erase or a nuke: both hold the
    erased words)."""
    store._index = None
    path = _snapshot_path(store)
    if path is not None:
        with contextlib.suppress(OSError):
            snapshot.discard(path)
