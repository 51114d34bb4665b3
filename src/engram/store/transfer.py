"""Copying a whole store from one backend to another (`engram memory migrate`, and the
backup a nuke of a PostgreSQL store writes): facts, versions, duplicates, vectors, the change
log, pins, the entity graph and its log, row for row with their ids and sequence numbers, in
one transaction on the target, then the counts checked table by table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from engram.errors import EngramError
from engram.store.rows import FACT_COLUMNS

if TYPE_CHECKING:
    from engram.config import Config
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
    """Copy every row of `source` into `target`, which must hold no rows; `progress(done,
    total)` is called as rows go. Raises EngramError if a count differs afterwards (the
    target's transaction is rolled back then: nothing half-copied stays)."""
    if target.has_facts():
        raise EngramError(
            f"the memory store {target.location} already holds facts",
            hint="migrate into a new, empty store (or move the old one aside)",
        )
    if any(target.row_count(table) for table, _, _ in TABLES):
        # ids and sequence numbers are copied as they are: they would collide with these rows
        raise EngramError(
            f"the memory store {target.location} already holds an entity graph or a change "
            "log (no facts)",
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


def checked_location(where: str, role: str) -> str:
    """`where` when it can name a store: a libpq keyword string (`host=… password=…`) is no
    file name, and is refused without echoing it (it may hold a password)."""
    from engram.store.db import refuse_libpq_keywords

    if not where.strip():  # else read as no flag: the default store
        raise EngramError(f"--{role} is empty", hint="name a store file or a postgresql:// URL")
    refuse_libpq_keywords(where, f"--{role}")
    return where


def check_source(where: str | Path) -> None:
    """The store to copy must exist: opening a missing file would create an empty one."""
    from engram.store.db import is_url

    checked_location(str(where), "from")
    if not is_url(where) and not Path(where).is_file():
        raise EngramError(f"{where}: no such store", hint="name an existing store with --from")


def check_new_target(where: str | Path) -> bool:
    """Refuse a target file that is anything but a new or empty Engram store (a database of
    another program would get Engram's tables and facts written into it), or whose folder is
    missing; returns whether the file is new (and so is removed again if the copy fails)."""
    from engram.store.db import is_url

    checked_location(str(where), "to")
    if is_url(where):
        return False
    path = Path(where)
    if not path.parent.is_dir():
        raise EngramError(
            f"{path}: the folder {path.parent} does not exist",
            hint="create the folder first, or choose another place for the new store",
        )
    if not path.exists():
        return True
    if not path.is_file() or not _is_engram_store(path):
        raise EngramError(
            f"{path}: not a new, empty store (the file exists and is no Engram store); "
            "it was left as it is",
            hint="choose a file name that does not exist yet",
        )
    return False


def _is_engram_store(path: Path) -> bool:
    """Whether an existing file is an SQLite database with Engram's tables and none of
    another program's (read only: the file is never changed by looking)."""
    from engram.store.sqlite.files import table_names

    if path.stat().st_size == 0:
        return True  # an empty file is an empty database
    names = table_names(path)
    if names is None:
        return False
    ours = {table for table, _, _ in TABLES} | {"_migrations"}
    return "facts" in names and all(name in ours or name.startswith("sqlite_") for name in names)


def remove_store_file(path: Path) -> None:
    """Remove an SQLite store file and its journal files (a copy that failed)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def migrate(
    source: str | Path,
    target: str | Path,
    config: Config,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, object]:
    """`engram memory migrate`: copy the store at `source` into a new one at `target`, both
    checked first; a failure or an interrupt leaves no new target file behind."""
    from engram.store.store import MemoryStore

    check_source(source)
    new_file = check_new_target(target)
    try:
        with _readable(source) as readable, MemoryStore.open(readable, config=config) as store:
            copied: dict[str, object] = store.copy_to(target, progress=progress)
    except BaseException:
        if new_file:  # never an empty store where there was none
            remove_store_file(Path(target))
        raise
    if readable != source:
        copied["from"] = str(source)
    return copied


@contextmanager
def _readable(source: str | Path) -> Iterator[str | Path]:
    """The store to open for reading: `source` itself, or, when it is a file in a read-only
    folder (where SQLite cannot keep its journal, so no one can be writing it), a snapshot of
    it in a temporary folder, taken through a read-only connection."""
    from engram.store.db import is_url

    if is_url(source) or _writable_folder(Path(source).parent):
        yield source
        return
    import sqlite3
    import tempfile

    from engram.store.sqlite.files import snapshot

    with tempfile.TemporaryDirectory(prefix="engram-migrate-") as folder:
        copy = Path(folder) / Path(source).name
        try:
            snapshot(Path(source), copy)
        except sqlite3.Error as exc:
            raise EngramError(
                f"{source}: cannot be read ({exc})", hint="check that it is an Engram store"
            ) from None
        yield copy


def _writable_folder(folder: Path) -> bool:
    """Whether a file can be created in `folder` (tried, as permission bits do not tell root
    about a read-only mount or an immutable folder)."""
    import tempfile

    try:
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False
