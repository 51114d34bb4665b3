"""Copying a whole store from one backend to another (`engram memory migrate`, and the
backup a nuke of a PostgreSQL store writes): facts, versions, duplicates, vectors, the change
log, pins, the entity graph and its log, row for row with their ids and sequence numbers, in
one transaction on the target, then the counts checked table by table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from engram.errors import EngramError
from engram.store.rows import FACT_COLUMNS

if TYPE_CHECKING:
    from engram.store.backend import Backend

BATCH = 1000  # rows a statement
# (table, columns, order) in an order that satisfies every foreign key
TABLES: tuple[tuple[str, str, str], ...] = (
    ("facts", FACT_COLUMNS + ", terms", "{rowid}"),
    ("vectors", "fact_id, model, vector", "fact_id, model"),
    ("edges", "src, relation, dst, created_at", "src, relation, dst"),
    ("events", "seq, at, kind, fact_id, detail", "seq"),
    ("duplicates", "fact_id, at, content, source, tags, metadata", "{rowid}"),
    ("pins", "fact_id, pinned_at", "fact_id"),
    ("nodes", "id, name, norm, stem, type, attrs, created_at, merged_into", "id"),
    ("aliases", "norm, type, node, alias", "norm, type"),
    (
        "relations",
        "id, src, relation, dst, confidence, fact_id, valid_from, valid_to, created_at",
        "id",
    ),
    ("graph_events", "seq, at, kind, detail", "seq"),
)


@dataclass
class Copied:
    """What a copy moved: rows by table, the same on both sides."""

    source: str
    target: str
    rows: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"from": self.source, "to": self.target, "rows": self.rows}


def copy_store(
    source: Backend, target: Backend, progress: Callable[[int, int], None] | None = None
) -> Copied:
    """Copy every row of `source` into `target`, which must hold no facts; `progress(done,
    total)` is called as rows go. Raises EngramError if a count differs afterwards (the
    target's transaction is rolled back then: nothing half-copied stays)."""
    if target.has_facts():
        raise EngramError(
            f"the memory store {target.location} already holds facts",
            hint="migrate into a new, empty store (or move the old one aside)",
        )
    counts = {table: source.row_count(table) for table, _, _ in TABLES}
    total, done = sum(counts.values()), 0
    if progress:
        progress(0, total)
    copied = Copied(source.location, target.location)

    def failed() -> None:
        return None

    with target.transaction(failed):
        for table, columns, order in TABLES:
            merged: list[tuple[int, int]] = []
            for rows in source.table_rows(table, columns, order, BATCH):
                if table == "nodes":
                    # a node may be merged into a later one: the link is set once both exist
                    merged += [(int(r[0]), int(r[-1])) for r in rows if r[-1] is not None]
                    rows = [(*r[:-1], None) for r in rows]
                target.insert_rows(table, columns, rows)
                done += len(rows)
                if progress:
                    progress(done, total)
            for node_id, into in merged:
                target.set_merged_into(node_id, into)
        target.after_copy()
        for table, _, _ in TABLES:
            copied.rows[table] = target.row_count(table)
        wrong = {t: (counts[t], n) for t, n in copied.rows.items() if n != counts[t]}
        if wrong:
            detail = ", ".join(f"{t} {a} → {b}" for t, (a, b) in wrong.items())
            raise EngramError(
                f"the copy into {target.location} does not match its source ({detail})",
                hint="nothing was kept in the target; report this",
            )
    return copied


def copy_to_file(source: Backend, path: Path) -> Path:
    """A copy of `source` in a new SQLite file at `path`."""
    from engram.store.db import LOCK_TIMEOUT_S
    from engram.store.sqlite import SqliteBackend

    if path.exists():
        raise EngramError(f"{path} exists already", hint="choose another file name")
    target = SqliteBackend.open(path, LOCK_TIMEOUT_S)
    try:
        copy_store(source, target)
    except BaseException:
        target.close()
        target.discard_backup(str(path))  # never a half copy
        raise
    target.close()
    path.chmod(0o600)
    return path
