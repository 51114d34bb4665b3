"""The derived index of a scope root: a small SQLite file under `.cache/`.

Files are the source of truth; this index only makes `load` fast. On every open it compares the
memory files' (mtime, size) with what it recorded, re-parses only the files that changed, drops
the ones that disappeared, and re-applies `.engramignore` when that file changed. Deleting the
index is always safe: the next `load` rebuilds it.

Postings hold one row per term: every memory holding it, with the term's frequency in each
routed field, as one marshalled list. A query reads one row for each of its anchors, however
many memories hold it, and a first build writes one row a term instead of one a term and file.

A memory is scanned for secrets and injections the first time anything asks for its verdict
(`DocRow.unsafe`: before it is shown, listed or checked), not when it is indexed: on a large
workspace most memories are never shown, and the scan is most of what indexing a file costs.
The verdict is then recorded in its row, under the row's seal, for as long as the content lasts.
"""

from __future__ import annotations

import marshal
import os

# The C module the `sqlite3` package wraps: the package adds DB-API date adapters that nothing
# here binds, and imports `datetime` for them, which a load or a hook otherwise never needs.
try:
    import _sqlite3 as sqlite3
except ImportError:  # pragma: no cover - an interpreter whose sqlite3 is built otherwise
    import sqlite3  # type: ignore[no-redef,unused-ignore]

from engram.errors import EngramError, FrontmatterError
from engram.files.discovery import ScopeRoot, scan_files
from engram.files.ignore import ignore_text, matcher
from engram.files.layout import FOLDERS, HASHES_FILE
from engram.files.reading import Resolver
from engram.plain import Plain
from engram.safety.hashes import content_hash
from engram.safety.scan import SCANNER_VERSION
from engram.sqlchunks import chunks

TYPE_CHECKING = False  # `typing` is not imported on the load path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from pathlib import Path
    from typing import Any

    from engram.files.model import MemoryFile
    from engram.paths import Folder

# Parsing, scanning and tokenizing modules, and the approvals file's reader, are imported inside
# the functions that index or approve a changed file: a load over an up-to-date index never
# needs them, and they cost start-up time.

# Bump when tokenizing, parsing, fields, tables or the verdicts change: an index of another
# version is rebuilt.
INDEX_VERSION = "10"
FIELDS = ("id", "tags", "directive", "summary", "triggers", "paths", "content")
_CONTENT = FIELDS.index("content")  # the last of them
CACHE_DIR = ".cache"
# How long a write waits for another process's lock on the index file (its refresh).
BUSY_TIMEOUT_S = 10.0
# The share of an index's memories a query relates from which their heads are read whole: all
# of them, read whole, cost about as much as a tenth of them read row by row.
_WHOLE_HEADS = 0.1

if TYPE_CHECKING:
    # Called with (files done, files to do) while files are indexed; the CLI draws it as a bar.
    Progress = Callable[[int, int], None]

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    path TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL,
    sha256 TEXT NOT NULL, approved TEXT
);
CREATE TABLE IF NOT EXISTS docs (
    doc INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, mid TEXT NOT NULL, type TEXT NOT NULL,
    authority TEXT NOT NULL, directive TEXT NOT NULL, summary TEXT NOT NULL,
    tags TEXT NOT NULL, applies_to TEXT NOT NULL, depends_on TEXT NOT NULL,
    level INTEGER NOT NULL, lifecycle TEXT NOT NULL, valid_until TEXT, confidence TEXT NOT NULL,
    roles TEXT NOT NULL, sources TEXT NOT NULL, ignored INTEGER NOT NULL,
    unsafe TEXT,  -- the scan's verdict ('' when safe), NULL until a first use asks for it
    sha256 TEXT NOT NULL,
    -- terms in each routed field (FIELDS order), for BM25 length normalisation
    l_id INTEGER NOT NULL, l_tags INTEGER NOT NULL, l_directive INTEGER NOT NULL,
    l_summary INTEGER NOT NULL, l_triggers INTEGER NOT NULL, l_paths INTEGER NOT NULL,
    l_content INTEGER NOT NULL,
    seal TEXT NOT NULL  -- see `row_seal`: proves this installation wrote the printed fields
);
-- The (mtime, size) of every file as one marshalled dict: on an unchanged workspace a single
-- dict comparison proves that nothing needs re-indexing.
CREATE TABLE IF NOT EXISTS manifest (id INTEGER PRIMARY KEY CHECK (id = 1), data BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS docs_mid ON docs (mid);
-- Every memory's `HEAD_COLUMNS` as one marshalled list, written by each refresh that changes the
-- index: a query that relates a large part of a workspace reads it whole (`MemoryIndex.heads`).
CREATE TABLE IF NOT EXISTS heads (id INTEGER PRIMARY KEY CHECK (id = 1), data BLOB NOT NULL);
-- A term's postings: a marshalled list of (doc, its tf in each routed field in FIELDS order), in
-- doc order.
CREATE TABLE IF NOT EXISTS postings (term TEXT PRIMARY KEY, data BLOB NOT NULL);
-- Each memory's distinct terms (a marshalled list), to find its postings when it changes or
-- goes, and how many of them it holds in all routed fields and in its body (`term_counts`).
CREATE TABLE IF NOT EXISTS doc_terms (
    doc INTEGER PRIMARY KEY, terms BLOB NOT NULL, n_terms INTEGER NOT NULL,
    n_body INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS problems (path TEXT PRIMARY KEY, line INTEGER, reason TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS fetches (mid TEXT PRIMARY KEY, count INTEGER NOT NULL);
-- Embeddings of memory bodies for `load.vectors` (engram.routing.vectors): one row a file and
-- model, the float32 vectors of its passages, used while the file's sha256 is unchanged.
CREATE TABLE IF NOT EXISTS vectors (
    path TEXT NOT NULL, model TEXT NOT NULL, sha256 TEXT NOT NULL, vectors BLOB NOT NULL,
    PRIMARY KEY (path, model)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS source_stats (
    path TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL, sha256 TEXT NOT NULL
);
-- Stems the stemmer made for the words of queries (`engram.text.stem`): a query whose words all
-- have theirs here is split without importing the stemmer.
CREATE TABLE IF NOT EXISTS stems (
    word TEXT NOT NULL, language TEXT NOT NULL, stem TEXT NOT NULL, PRIMARY KEY (word, language)
) WITHOUT ROWID;
"""
# What the index file's format is: the version above and the schema's own text, so that a
# change to a table makes every index built before it be built again.
INDEX_FORMAT = f"{INDEX_VERSION}:{content_hash(SCHEMA)[:16]}"
# Its tables, all of which an index opened without running the schema again must hold.
_TABLES = frozenset(
    line.split()[5] for line in SCHEMA.splitlines() if line.startswith("CREATE TABLE IF NOT EXISTS")
)

_DOC_COLUMNS = (
    "doc, path, mid, type, authority, directive, summary, tags, applies_to, depends_on, level, "
    "lifecycle, valid_until, confidence, roles, sources, ignored, unsafe, sha256, "
    "l_id, l_tags, l_directive, l_summary, l_triggers, l_paths, l_content, seal"
)
# What routing reads of every related memory (see `MemoryIndex.heads`), in this order.
HEAD_COLUMNS = (
    "doc, mid, type, lifecycle, valid_until, confidence, roles, ignored, "
    "l_id, l_tags, l_directive, l_summary, l_triggers, l_paths, l_content"
)
# Rows are read joined with their file's approved hash.
_SELECT = (
    "SELECT d.doc, d.path, d.mid, d.type, d.authority, d.directive, d.summary, d.tags, "
    "d.applies_to, d.depends_on, d.level, d.lifecycle, d.valid_until, d.confidence, d.roles, "
    "d.sources, d.ignored, d.unsafe, d.sha256, f.approved, "
    "d.l_id, d.l_tags, d.l_directive, d.l_summary, d.l_triggers, d.l_paths, d.l_content, d.seal "
    "FROM docs d JOIN files f ON f.path = d.path"
)


class DocRow(Plain):
    """One indexed memory, as routing and rendering need it (no body).

    List fields are kept as their JSON text and decoded on access: a query may touch
    thousands of rows but reads the lists of only the few it prints. The scan's verdict is
    `unsafe`, computed on first access for a memory indexed without one (see the module
    docstring); `index` is the index the row was read from, where that verdict is recorded.
    """

    __slots__ = (
        "applies_to_json", "approved", "authority", "confidence", "depends_on_json", "directive",
        "doc", "id", "ignored", "index", "lengths", "level", "lifecycle", "path", "roles_json",
        "scope", "seal", "sha256", "sources_json", "summary", "tags_json", "type", "valid_until",
        "verdict",
    )  # fmt: skip

    def __init__(
        self, doc: int, path: str, id: str, type: str, authority: str, directive: str,
        summary: str, tags_json: str, applies_to_json: str, depends_on_json: str, level: int,
        lifecycle: str, valid_until: str | None, confidence: str, roles_json: str,
        sources_json: str, ignored: bool, unsafe: str | None, sha256: str, approved: str | None,
        lengths: tuple[int, ...], scope: str = "workspace", seal: str = "",
        index: MemoryIndex | None = None,
    ) -> None:  # fmt: skip
        self.doc = doc
        self.path = path
        self.id = id
        self.type = type
        self.authority = authority
        self.directive = directive
        self.summary = summary
        self.tags_json = tags_json
        self.applies_to_json = applies_to_json
        self.depends_on_json = depends_on_json
        self.level = level
        self.lifecycle = lifecycle
        self.valid_until = valid_until
        self.confidence = confidence
        self.roles_json = roles_json
        self.sources_json = sources_json
        self.ignored = ignored
        self.verdict = unsafe  # None: not scanned yet
        self.sha256 = sha256
        self.approved = approved
        self.lengths = lengths
        self.scope = scope
        self.seal = seal
        self.index = index

    @property
    def sealed(self) -> bool:
        """Whether this installation wrote the row as it is (see `row_seal`)."""
        return self.seal == self._seal()

    def _seal(self) -> str:
        return row_seal(self.path, self.id, self.type, self.authority, self.directive,
                        self.summary, self.depends_on_json, sealed_verdict(self.verdict),
                        self.sha256)  # fmt: skip

    @property
    def unsafe(self) -> str:
        """Why the memory must not be shown ('' when it is safe). Scanned now if it was
        indexed without a verdict (`settle`)."""
        if self.verdict is None:
            self.settle()
        return self.verdict or ""

    def settle(self, text: str | None = None) -> None:
        """Scan a memory indexed without a verdict. `text` is the file's content, already read
        and checked against the indexed hash by the caller (`guarded_text`); without it the
        file is read again here. A file whose content is no longer the indexed one gets no
        verdict of its own: it is withheld until the index catches up. A sealed row's verdict
        is recorded in the index, sealed again; a row this installation did not write (see
        `sealed`) is never given a seal."""
        if self.verdict is not None:
            return
        if text is None:
            text = self._indexed_text()
            if text is None:
                self.verdict = "changed since it was indexed (run `engram load` again)"
                return
        sealed, unscanned = self.sealed, self.seal
        self.verdict = text_verdict(text, self.path)
        if sealed:
            self.seal = self._seal()
            if self.index is not None:
                self.index.record_verdict(self, unscanned)

    def _indexed_text(self) -> str | None:
        """The file's text when it still has the content this row indexed, else None."""
        from engram.files.reading import ReadRefused, read_limited

        if self.index is None:
            return None
        root = self.index.root
        try:
            data = read_limited(root.folder, self.path, root.max_bytes)
        except ReadRefused:
            return None
        if content_hash(data) != self.sha256:
            return None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return None

    @property
    def card_text(self) -> str:
        return self.directive or self.summary

    @property
    def tags(self) -> list[str]:
        return json_list(self.tags_json)

    @property
    def applies_to(self) -> list[str]:
        return json_list(self.applies_to_json)

    @property
    def depends_on(self) -> list[str]:
        return json_list(self.depends_on_json)

    @property
    def roles(self) -> list[str]:
        return json_list(self.roles_json)

    @property
    def sources(self) -> list[list[str | None]]:
        return json_list(self.sources_json)


class RefreshReport(Plain):
    """What an index refresh did."""

    __slots__ = ("added", "changed", "removed")

    def __init__(self) -> None:
        self.added: list[str] = []
        self.changed: list[str] = []
        self.removed: list[str] = []


def json_list(raw: str) -> list[Any]:
    """A JSON list column. `json` is imported only when one is not empty: a `load` over an
    up-to-date index often reads none, and importing it costs a few per cent of a start-up."""
    if raw == "[]":
        return []
    import json

    return list(json.loads(raw))


def _encodable_id(memory_id: str) -> None:
    """An EngramError for an id SQLite cannot be asked for: undecodable bytes of a command line
    arrive as lone surrogates (no memory file's id can hold one)."""
    try:
        memory_id.encode("utf-8")
    except UnicodeEncodeError:
        raise EngramError(
            "memory id holds bytes that are not UTF-8 text; send it as UTF-8"
        ) from None


def _row(v: tuple[Any, ...], index: MemoryIndex) -> DocRow:
    """A DocRow from a `_SELECT` result row of this index."""
    return DocRow(
        v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12],
        v[13], v[14], v[15], bool(v[16]), v[17], v[18], v[19], v[20:27], index.root.scope, v[27],
        index,
    )  # fmt: skip


# What a row's seal says of a verdict not computed yet: no verdict ('' or a reason) looks like
# it, so a row sealed unscanned cannot be passed off as scanned and safe.
_UNSCANNED = "\x00unscanned"


def sealed_verdict(verdict: str | None) -> str:
    """A verdict as `row_seal` takes it."""
    return _UNSCANNED if verdict is None else verdict


def text_verdict(text: str, path: str) -> str:
    """The verdict (`memory_unsafe_reason`) of a memory file's text, for a row indexed without
    one. The text parsed when it was indexed; if it no longer does, it is withheld."""
    from engram.files.body import visible_body
    from engram.files.frontmatter import parse_memory

    try:
        memory = parse_memory(text, path=path, default_type=FOLDERS[path.split("/", 1)[0]])
    except FrontmatterError:
        return "its frontmatter no longer parses (run `engram doctor`)"
    return memory_unsafe_reason(memory, text, visible_body(memory.body))


def row_seal(*fields: str) -> str:
    """A keyed hash of the fields a row prints and the verdict it carries, under this user's
    witness key: a row edited outside Engram, or written by another installation, fails it."""
    from engram.safety.witness import keyed_hash, local_key

    return keyed_hash(local_key(), "\x1f".join((SCANNER_VERSION, *fields)).encode("utf-8"))


def memory_unsafe_reason(memory: MemoryFile, text: str, shown: str) -> str:
    """Why a memory must not be shown: every field as the agent gets it — YAML escapes decoded
    (`"\\x41KIA…"` is printed as `AKIA…`) — checked field by field, then the file as written
    with the directive right above the body, as the pack prints them, and, for a body with
    human-only sections, the directive and `shown`, the body without them (`visible_body`)."""
    from engram.safety.scan import remembered_reason, unsafe_reason

    fields = {
        "path": memory.path, "id": memory.id, "directive": memory.directive,
        "summary": memory.summary,
        "tags": "\n".join(memory.tags), "triggers": "\n".join(memory.triggers),
        "applies_to": "\n".join(memory.applies_to), "depends_on": "\n".join(memory.depends_on),
        "roles": "\n".join(memory.roles),
    }  # fmt: skip
    scanned = {""}
    for name, value in fields.items():
        if value in scanned:  # the same text has the same verdict: safe, or returned before
            continue
        scanned.add(value)
        found = remembered_reason(value)  # many memories share their tags or directive
        if found:
            return f"{found.split(' (', 1)[0]} (in {name})"
    # The file is scanned with its directive also written right above the body, as the pack
    # prints it: one scan finds what the file holds and what the two say together. (On the
    # frontmatter's closing line, so that the body's findings keep their line numbers.)
    found = unsafe_reason(_directive_above_body(text, memory.directive))
    if found or shown == memory.body.strip("\n"):
        return found
    # Without its human-only sections, the body joins what a `## Context` section kept apart.
    found = unsafe_reason(f"{memory.directive}\n{shown}")
    return f"{found.split(' (', 1)[0]} (in the text as shown)" if found else ""


def _directive_above_body(text: str, directive: str) -> str:
    """The file's text with the directive (on one line) after the frontmatter's closing
    `---`: the pack prints the directive right above the body, where the file has the summary
    and the tags between them."""
    if not directive:
        return text
    from engram.files.body import split_frontmatter

    body_line = split_frontmatter(text)[2]  # 1-based: the closing `---` is the line before
    lines = text.split("\n")
    lines[body_line - 2] += " " + " ".join(directive.split())
    return "\n".join(lines)


def field_counts(memory: MemoryFile, shown: str, summary: str) -> list[dict[str, int]]:
    """Index terms of each routed field, in FIELDS order, with how often each occurs in it;
    `shown` is the body as agents see it (`visible_body`), `summary` the memory's summary or the
    one derived from `shown`. Each field is tokenized once: the stemmer's language is chosen
    from all of their words together."""
    from engram.text.tokenize import term_counts_of_fields

    paths = " ".join(memory.applies_to).replace("*", " ")
    return term_counts_of_fields([memory.id, " ".join(memory.tags), memory.directive, summary,
                                  " ".join(memory.triggers), paths, shown])  # fmt: skip


# A memory's postings as a refresh keeps them: (doc, its tf in each routed field).
if TYPE_CHECKING:
    Posting = tuple[int, tuple[int, ...]]


class PostingsChanges(Plain):
    """What a refresh changes in the postings, kept in memory and written at its end
    (`MemoryIndex._write_postings`): a term's row is then rewritten once, however many of its
    memories changed."""

    __slots__ = ("added", "body_shapes", "dropped", "forward", "shapes")

    def __init__(self) -> None:
        # term -> the postings of the memories this refresh indexed, in doc order
        self.added: dict[str, list[Posting]] = {}
        # term -> the memories this refresh dropped that held it
        self.dropped: dict[str, set[int]] = {}
        # `doc_terms` rows of the memories this refresh indexed
        self.forward: list[tuple[int, bytes, int, int]] = []
        # Each distinct tf tuple once: most postings have one of a few (a word once or twice in
        # the body), and marshal writes a tuple it meets again in a row as a reference. Those
        # of a term in the body alone, by its count there, in `body_shapes`.
        self.shapes: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.body_shapes: dict[int, tuple[int, ...]] = {}

    def add(self, doc: int, fields: list[dict[str, int]]) -> None:
        """A newly indexed memory: each routed field's terms (FIELDS order), with their count."""
        tfs: dict[str, list[int]] = {}  # the terms of the fields but the body, in every field
        for position, field in enumerate(fields[:_CONTENT]):
            for term, n in field.items():
                found = tfs.get(term)
                if found is None:
                    tfs[term] = found = [0] * len(FIELDS)
                found[position] = n
        body = fields[_CONTENT]
        added, body_shapes = self.added, self.body_shapes
        for term, n in body.items():
            found = tfs.get(term)
            if found is not None:
                found[_CONTENT] = n
                continue
            shape = body_shapes.get(n)  # most terms are in the body alone
            if shape is None:
                shape = body_shapes[n] = (0,) * _CONTENT + (n,)
            added.setdefault(term, []).append((doc, shape))
        for term, found in tfs.items():
            shape = tuple(found)
            added.setdefault(term, []).append((doc, self.shapes.setdefault(shape, shape)))
        terms = list(body)
        terms += [term for term in tfs if term not in body]
        self.forward.append((doc, marshal.dumps(terms), len(terms), len(body)))

    def drop(self, doc: int, terms: list[str]) -> None:
        """A memory dropped from the index, with the terms it held."""
        for term in terms:
            self.dropped.setdefault(term, set()).add(doc)

    def merged(self, term: str, stored: list[Posting] | None) -> list[Posting]:
        """A term's postings after this refresh, from those it had before (`stored`)."""
        added = self.added.get(term, [])
        if not stored:
            return added
        gone = self.dropped.get(term)
        kept = [p for p in stored if p[0] not in gone] if gone else stored
        # Still in doc order: SQLite numbers a new row one past the largest number in use, so
        # every memory indexed now comes after every memory kept.
        return kept + added


class MemoryIndex:
    """The derived index of one scope root. Use `MemoryIndex.open(root)`."""

    def __init__(self, root: ScopeRoot, conn: sqlite3.Connection) -> None:
        self.root = root
        self.conn = conn
        self._totals: list[int] | None = None  # while a refresh changes them (`_add_totals`)
        # What a refresh changes in the postings, written at its end (`_write_postings`).
        self._changes = PostingsChanges()
        # Set by a refresh that starts from an empty index (a first build): no file then has a
        # row to look up or to drop before it is indexed.
        self._empty = False
        # Set when a verdict or stems could not be recorded (`record_verdict`, `record_stems`):
        # not tried again.
        self._cache_unwritable = False
        # Set once a locked index file was given up for one in memory (`_fall_back_to_memory`).
        self._in_memory = False

    # -- opening and refreshing ------------------------------------------------------------
    @classmethod
    def open(
        cls, root: ScopeRoot, *, on_hand_edit: str = "reindex", refresh: bool = True
    ) -> MemoryIndex:
        """Open (creating or rebuilding as needed) and, unless told not to, refresh the index of
        a scope root."""
        index = cls(root, _connect(root.folder))
        if refresh:
            index.refresh(on_hand_edit=on_hand_edit)
        return index

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> MemoryIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def take_rebuilt_note(self) -> bool:
        """Whether the index file was found corrupt and built again since the last call (so
        `doctor` says it once)."""
        try:
            return bool(self.conn.execute("DELETE FROM meta WHERE key = 'rebuilt'").rowcount)
        except sqlite3.OperationalError:  # read-only or busy: said again next time
            return self._meta("rebuilt") is not None

    def _manifest_holds(self, current: dict[str, tuple[int, int]]) -> bool:
        """Whether the recorded manifest is `current`. Written in marshal format 2, which has
        no back-references (they depend on reference counts), the same dict always gives the
        same bytes: comparing them is a fifth of the cost of reading the dict back. A folder
        listed in another order gives other bytes, so then the dicts are compared."""
        row = self.conn.execute("SELECT data FROM manifest WHERE id = 1").fetchone()
        if row is None:
            return False
        return bool(row[0] == _manifest_bytes(current) or dict(marshal.loads(row[0])) == current)

    def _diff(self, current: dict[str, tuple[int, int]]) -> tuple[list[str], list[str]]:
        known = {
            path: (mtime, size)
            for path, mtime, size in self.conn.execute("SELECT path, mtime_ns, size FROM files")
        }
        changed = [path for path, stat in current.items() if known.get(path) != stat]
        removed = [path for path in known if path not in current]
        return changed, removed

    def refresh(
        self, *, on_hand_edit: str = "reindex", progress: Progress | None = None
    ) -> RefreshReport:
        """Bring the index up to date with the files; only changed files are re-parsed, and
        `progress(done, total)` is called as each one is."""
        try:
            return self._refresh(on_hand_edit, progress)
        except sqlite3.OperationalError as exc:
            self._fall_back_to_memory(exc)
            return self._refresh(on_hand_edit, progress)

    def _fall_back_to_memory(self, exc: sqlite3.OperationalError) -> None:
        """Another process kept the index file locked past the timeout: as in a read-only
        folder, this process goes on with an index of its own, built again from the files
        (the file catches up on a later refresh). Any other error is raised again."""
        if not _locked(exc) or self._in_memory:
            raise exc
        self.conn.close()
        self.conn = _in_memory()
        self._in_memory = True

    def _refresh(self, on_hand_edit: str, progress: Progress | None) -> RefreshReport:
        report = RefreshReport()
        self._recheck_on_new_limit()
        folder = self.root.folder
        current = scan_files(folder)
        ignore = ignore_text(folder)
        ignore_sig = content_hash(ignore)
        approvals_stat = _stat_key(os.path.join(folder, HASHES_FILE))
        if (
            self._manifest_holds(current)
            and self._meta("ignore_sig") == ignore_sig
            and self._meta("approvals_stat") == approvals_stat
        ):
            if on_hand_edit == "reindex" and self._meta("pending") == "1":
                self._sync_approvals(self._approve([]))
            return report
        changed, removed = self._diff(current)
        is_ignored = matcher(ignore)
        new_hashes: dict[str, str] = {}
        self._totals = None
        self._changes = PostingsChanges()  # none left by a refresh that failed
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            changed, removed = self._diff(current)  # another process may have done it
            self._empty = self._holds_nothing()
            for path in removed:
                self._drop(path)
                report.removed.append(path)
            # A file that was not read (too large, a symlink out of the root) has a problem but
            # no row in `files`, so it is not among the removed: forget its problem here.
            for (path,) in self.conn.execute("SELECT path FROM problems").fetchall():
                if path not in current:
                    self.conn.execute("DELETE FROM problems WHERE path = ?", (path,))
            if progress and changed:
                progress(0, len(changed))
            resolver = Resolver(folder)
            for done, path in enumerate(changed, 1):
                state, sha = self._update_file(path, current[path], is_ignored, resolver)
                if state:
                    (report.added if state == "added" else report.changed).append(path)
                    new_hashes[path] = sha
                if progress:
                    progress(done, len(changed))
            self._write_postings()
            self._write_totals()
            self.conn.execute(
                "INSERT OR REPLACE INTO manifest (id, data) VALUES (1, ?)",
                (_manifest_bytes(current),),
            )
            docs_changed = bool(changed or removed)  # or a file's row dropped as unreadable
            if self._meta("ignore_sig") != ignore_sig:
                for doc, path in self.conn.execute("SELECT doc, path FROM docs").fetchall():
                    self.conn.execute(
                        "UPDATE docs SET ignored = ? WHERE doc = ?", (int(is_ignored(path)), doc)
                    )
                self._set_meta("ignore_sig", ignore_sig)
                docs_changed = True
            if docs_changed:  # not for the approvals file alone
                self._write_heads()  # last: after every change to the docs above
        if on_hand_edit == "reindex":
            approvals = self._approve(removed)
        else:
            from engram.files.approvals import read_approvals

            approvals = read_approvals(self.root.path)
            if new_hashes or removed:
                # Approval waits for the next `load` in reindex mode, or for `rehash`:
                # refreshing here (as `verify` does) must not decide what a later `load` shows.
                with self.conn:
                    self._set_meta("pending", "1")
        self._sync_approvals(approvals)
        return report

    def sync_approvals(self, approvals: dict[str, str]) -> None:
        """Record the approved hash of every file, and the approvals file's state."""
        try:
            self._sync_approvals(approvals)
        except sqlite3.OperationalError as exc:
            self._fall_back_to_memory(exc)
            self._refresh("refuse", None)
            self._sync_approvals(approvals)

    def _sync_approvals(self, approvals: dict[str, str]) -> None:
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("UPDATE files SET approved = NULL")
            self.conn.executemany(
                "UPDATE files SET approved = ? WHERE path = ?",
                [(sha, path) for path, sha in approvals.items()],
            )
            self._set_meta("approvals_stat", _stat_key(os.path.join(self.root.folder, HASHES_FILE)))

    def _approve(self, removed: list[str]) -> dict[str, str]:
        """Reindex mode: the current content of every indexed file is approved, whichever
        command noticed the edit first; approvals of removed files are forgotten."""
        from engram.files.approvals import approvals_lock, load_approvals, write_approvals

        indexed = self.conn.execute("SELECT path, sha256 FROM files").fetchall()
        # Read again under the lock: another process may have approved since `approvals` was.
        with approvals_lock(self.root.path):
            approvals, problem = load_approvals(self.root.path)
            updated = dict(approvals)
            updated.update(indexed)
            for path in removed:
                updated.pop(path, None)
            # A damaged approvals file is left for the user to resolve (`doctor` reports it):
            # the approvals live in the index only, as in a read-only folder.
            if updated != approvals and problem is None:
                try:
                    write_approvals(self.root.path, updated)
                except (OSError, EngramError):
                    pass  # a read-only folder or a full disk: they live in the index only
        with self.conn:
            self._set_meta("pending", "0")
        return updated

    def _holds_nothing(self) -> bool:
        """Whether no table holds a row for any file (a first build)."""
        tables = ("files", "docs", "problems", "vectors")
        return not any(
            self.conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() for table in tables
        )

    def _drop(self, path: str) -> None:
        row = self.conn.execute(
            "SELECT doc, l_id, l_tags, l_directive, l_summary, l_triggers, l_paths, l_content "
            "FROM docs WHERE path = ?",
            (path,),
        ).fetchone()
        if row is not None:
            self._add_totals(list(row[1:]), -1)
            query = "SELECT terms FROM doc_terms WHERE doc = ?"
            terms = self.conn.execute(query, (row[0],)).fetchone()
            if terms is not None:
                self._changes.drop(row[0], marshal.loads(terms[0]))
            self.conn.execute("DELETE FROM doc_terms WHERE doc = ?", (row[0],))
            self.conn.execute("DELETE FROM docs WHERE doc = ?", (row[0],))
        self.conn.execute("DELETE FROM files WHERE path = ?", (path,))
        self.conn.execute("DELETE FROM problems WHERE path = ?", (path,))
        self.conn.execute("DELETE FROM vectors WHERE path = ?", (path,))

    def _recheck_on_new_limit(self) -> None:
        """After `files.max_bytes` changed, look again at the files it now admits or refuses:
        the unchanged-files shortcut would otherwise keep the old verdicts."""
        limit = str(self.root.max_bytes)
        if self._meta("max_bytes") == limit:
            return
        with self.conn:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("DELETE FROM manifest")
            self.conn.execute("DELETE FROM files WHERE size > ?", (self.root.max_bytes,))
            self._set_meta("max_bytes", limit)

    def _update_file(
        self, path: str, stat: tuple[int, int], is_ignored: object, resolver: Resolver
    ) -> tuple[str, str]:
        """Re-index one file; returns 'added', 'changed' or '' (content unchanged), and the
        content's hash."""
        from engram.files.reading import ReadRefused, read_limited

        try:
            data = read_limited(self.root.folder, path, self.root.max_bytes, resolver=resolver)
        except ReadRefused as exc:  # too large, a symlink out of the root, not a regular file
            if not self._empty:
                self._drop(path)
            self._problem(path, None, exc.reason)
            return "", ""
        from engram.files.frontmatter import parse_memory

        sha = content_hash(data)
        old = None
        if not self._empty:
            old = self.conn.execute("SELECT sha256 FROM files WHERE path = ?", (path,)).fetchone()
        if old is not None and old[0] == sha:
            self.conn.execute(
                "UPDATE files SET mtime_ns = ?, size = ? WHERE path = ?", (*stat, path)
            )
            return "", sha
        if not self._empty:
            self._drop(path)
        self.conn.execute("INSERT INTO files VALUES (?, ?, ?, ?, NULL)", (path, *stat, sha))
        try:
            text = data.decode("utf-8")
            memory = parse_memory(text, path=path, default_type=FOLDERS[path.split("/", 1)[0]])
        except UnicodeDecodeError:
            self._problem(path, None, "not UTF-8 text")
        except FrontmatterError as exc:
            self._problem(path, exc.line, exc.reason)
        else:
            self._insert(memory, text, sha, bool(is_ignored(path)))  # type: ignore[operator]
        return ("added" if old is None else "changed"), sha

    def _problem(self, path: str, line: int | None, reason: str) -> None:
        """Record why a file is not routed. A parse error quotes the bad value, and `doctor`
        prints it: a value that is itself a secret or an override is not quoted."""
        from engram.safety.scan import unsafe_reason as unsafe

        found = unsafe(reason)
        if found:
            kind = found.split(":", 1)[0]
            reason = f"invalid value, not shown ({kind} in it); fix it in the file"
        self.conn.execute("INSERT OR REPLACE INTO problems VALUES (?, ?, ?)", (path, line, reason))

    def _insert(self, memory: MemoryFile, text: str, sha: str, ignored: bool) -> None:
        import json  # see `json_list`

        from engram.files.body import first_prose_line, visible_body

        shown = visible_body(memory.body)
        summary = memory.summary or first_prose_line(shown)
        fields = field_counts(memory, shown, summary)
        lengths = [sum(counts.values()) for counts in fields]
        depends_on = json.dumps(memory.depends_on, ensure_ascii=False)
        cursor = self.conn.execute(
            f"INSERT INTO docs ({_DOC_COLUMNS}) VALUES (NULL{', ?' * 26})",
            (
                memory.path, memory.id, memory.type, memory.authority, memory.directive, summary,
                json.dumps(memory.tags, ensure_ascii=False),
                json.dumps(memory.applies_to, ensure_ascii=False),
                depends_on,
                memory.level, memory.lifecycle,
                memory.valid_until.isoformat() if memory.valid_until else None,
                memory.confidence, json.dumps(memory.roles, ensure_ascii=False),
                json.dumps([[s.path, s.sha256] for s in memory.sources], ensure_ascii=False),
                int(ignored), None, sha, *lengths,  # scanned on first use (`DocRow.settle`)
                row_seal(memory.path, memory.id, memory.type, memory.authority, memory.directive,
                         summary, depends_on, sealed_verdict(None), sha),
            ),
        )  # fmt: skip
        doc = cursor.lastrowid
        assert doc is not None  # (an INSERT always sets it)
        self._changes.add(doc, fields)
        self._add_totals(lengths, 1)

    def _write_postings(self) -> None:
        """Rewrite the row of every term whose postings the refresh changed, in term order (a
        B-tree takes sorted rows several times faster)."""
        changes, self._changes = self._changes, PostingsChanges()
        if self._empty:  # a first build: nothing stored to merge with
            self.conn.executemany(
                "INSERT INTO postings VALUES (?, ?)",
                [(term, marshal.dumps(changes.added[term])) for term in sorted(changes.added)],
            )
        else:
            self._merge_postings(changes)
        self.conn.executemany("INSERT INTO doc_terms VALUES (?, ?, ?, ?)", changes.forward)

    def _merge_postings(self, changes: PostingsChanges) -> None:
        """Rewrite the rows of the terms a refresh changed into an index that holds others; a
        term no memory holds any more loses its row."""
        terms = sorted(changes.added.keys() | changes.dropped.keys())
        stored = self._stored_postings(terms)
        kept: list[tuple[str, bytes]] = []
        emptied: list[tuple[str]] = []
        for term in terms:
            postings = changes.merged(term, stored.get(term))
            if postings:
                kept.append((term, marshal.dumps(postings)))
            else:
                emptied.append((term,))
        self.conn.executemany("DELETE FROM postings WHERE term = ?", emptied)
        self.conn.executemany("INSERT OR REPLACE INTO postings VALUES (?, ?)", kept)

    def _stored_postings(self, terms: list[str]) -> dict[str, list[Posting]]:
        """The postings recorded for these terms (those that have any), by term."""
        found: dict[str, list[Posting]] = {}
        for chunk, marks in chunks(terms):
            query = f"SELECT term, data FROM postings WHERE term IN ({marks})"
            rows = self.conn.execute(query, chunk)
            found.update((term, marshal.loads(data)) for term, data in rows)
        return found

    def _write_heads(self) -> None:
        """Record the heads of every memory as the docs table now holds them (see `heads`)."""
        rows = self.conn.execute(f"SELECT {HEAD_COLUMNS} FROM docs").fetchall()
        self.conn.execute(
            "INSERT OR REPLACE INTO heads (id, data) VALUES (1, ?)", (_heads_bytes(rows),)
        )

    def _add_totals(self, lengths: list[int], sign: int) -> None:
        """Count a memory in (or out of) the totals BM25 normalises by; they are kept in memory
        during a refresh and written once at its end (`_write_totals`)."""
        if self._totals is None:
            self._totals = _totals(self._meta("totals"))
        totals = self._totals
        totals[0] += sign
        for i, n in enumerate(lengths, start=1):
            totals[i] += sign * n

    def _write_totals(self) -> None:
        import json  # see `json_list`

        if self._totals is not None:
            self._set_meta("totals", json.dumps(self._totals))
            self._totals = None

    def record_verdict(self, row: DocRow, unscanned: str) -> None:
        """Record the verdict `row.settle` computed, while the row still is the one it scanned
        (`unscanned`, its seal then, covers every sealed field: another process may have given
        its number to another file of the same content since). A read-only or busy index keeps
        the row unscanned: it is scanned again next time, and a load waits on another process
        once at most, briefly."""
        if self._cache_unwritable:
            return
        try:
            self.conn.execute("PRAGMA busy_timeout = 200")
            try:
                self.conn.execute(
                    "UPDATE docs SET unsafe = ?, seal = ? WHERE doc = ? AND seal = ? "
                    "AND unsafe IS NULL",
                    (row.verdict, row.seal, row.doc, unscanned),
                )
            finally:
                self.conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        except sqlite3.Error:
            self._cache_unwritable = True

    def record_stems(self, rows: list[tuple[str, str, str]]) -> None:
        """Keep the (word, language, stem) the stemmer made for a query, for the next one (see
        `engram.text.stem`). A read-only or busy index keeps none: they are made again."""
        if self._cache_unwritable:
            return
        try:
            self.conn.execute("PRAGMA busy_timeout = 200")
            try:
                with self.conn:  # one transaction, not one a row
                    self.conn.execute("BEGIN IMMEDIATE")
                    self.conn.executemany("INSERT OR IGNORE INTO stems VALUES (?, ?, ?)", rows)
            finally:
                self.conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        except sqlite3.Error:
            self._cache_unwritable = True

    # -- reading ---------------------------------------------------------------------------
    def stems_of(self, words: Iterable[str]) -> list[tuple[str, str, str]]:
        """The recorded (word, language, stem) of these words (`record_stems`)."""
        found: list[tuple[str, str, str]] = []
        for chunk, marks in chunks(list(words)):
            found.extend(
                self.conn.execute(
                    f"SELECT word, language, stem FROM stems WHERE word IN ({marks})", chunk
                )
            )
        return found

    def stats(self) -> tuple[int, list[int]]:
        """(number of memories, total length of each field)."""
        totals = _totals(self._meta("totals"))
        return int(totals[0]), [int(n) for n in totals[1:]]

    def postings(self, terms: Iterable[str]) -> dict[str, list[Posting]]:
        """term -> [(doc, (tf per field...))] in doc order, for the given terms (those that
        have any), in term order."""
        wanted = sorted(set(terms))
        found = self._stored_postings(wanted)
        return {term: found[term] for term in wanted if term in found}

    def term_counts(self, doc_ids: Iterable[int], *, body_only: bool = False) -> dict[int, int]:
        """The number of distinct terms of each of these memories over all routed fields (or
        only its body's); a memory with none is left out."""
        counts: dict[int, int] = {}
        column = "n_body" if body_only else "n_terms"
        for chunk, marks in chunks(list(set(doc_ids))):
            query = f"SELECT doc, {column} FROM doc_terms WHERE doc IN ({marks}) AND {column} > 0"
            counts.update(self.conn.execute(query, chunk))
        return counts

    def heads(self, doc_ids: Iterable[int]) -> dict[int, tuple[Any, ...]]:
        """The columns routing reads of every related memory, for the given doc numbers, as
        `HEAD_COLUMNS` tuples: a third of the cost of whole rows (`docs`), which routing reads
        only for the memories it scores in full.

        Rows are read one by one for a few memories; for a large part of the index the heads
        recorded at its last change are read whole, at a fraction of the cost of as many rows
        (a short query on a large workspace relates thousands of memories)."""
        wanted = list(doc_ids)
        every = self._all_heads() if len(wanted) >= _WHOLE_HEADS * self.stats()[0] else None
        if every is not None:
            return {doc: every[doc] for doc in wanted if doc in every}
        heads: dict[int, tuple[Any, ...]] = {}
        for chunk, marks in chunks(wanted):
            query = f"SELECT {HEAD_COLUMNS} FROM docs WHERE doc IN ({marks})"
            for values in self.conn.execute(query, chunk):
                heads[values[0]] = values
        return heads

    def _all_heads(self) -> dict[int, tuple[Any, ...]] | None:
        """Every memory's head by doc number, as the last refresh that changed the index
        recorded them (None when none did: rows are read then). Read anew each time, as rows
        are: another process may have refreshed the index since."""
        row = self.conn.execute("SELECT data FROM heads WHERE id = 1").fetchone()
        if row is None:
            return None
        return {head[0]: head for head in marshal.loads(row[0])}

    def docs(self, doc_ids: Iterable[int]) -> dict[int, DocRow]:
        """Rows for the given internal doc numbers."""
        wanted = list(doc_ids)
        rows: dict[int, DocRow] = {}
        for chunk, marks in chunks(wanted):
            for values in self.conn.execute(f"{_SELECT} WHERE d.doc IN ({marks})", chunk):
                rows[values[0]] = _row(values, self)
        return rows

    def all_docs(self) -> Iterator[DocRow]:
        for values in self.conn.execute(f"{_SELECT} ORDER BY d.path"):
            yield _row(values, self)

    def by_ids(self, memory_ids: Iterable[str]) -> list[DocRow]:
        wanted = list(dict.fromkeys(memory_ids))
        for memory_id in wanted:
            _encodable_id(memory_id)
        rows: list[DocRow] = []
        for chunk, marks in chunks(wanted):
            rows.extend(
                _row(values, self)
                for values in self.conn.execute(
                    f"{_SELECT} WHERE d.mid IN ({marks}) ORDER BY d.path", chunk
                )
            )
        return rows

    def by_id_in_any_case(self, memory_id: str) -> list[DocRow]:
        """The memories whose id is `memory_id` but for case (`Deploy` for `deploy`)."""
        folded = memory_id.casefold()
        ids = [mid for (mid,) in self.conn.execute("SELECT mid FROM docs")]
        return self.by_ids(mid for mid in ids if mid.casefold() == folded)

    def dependency_edges(self) -> list[tuple[str, list[str], int]]:
        """(id, depends_on, level) of every memory that is not ignored."""
        import json  # see `json_list`

        return [
            (mid, json.loads(deps), level)
            for mid, deps, level in self.conn.execute(
                "SELECT mid, depends_on, level FROM docs WHERE ignored = 0"
            )
        ]

    def path_scoped(self) -> list[DocRow]:
        """Memories with `applies_to` globs (not ignored)."""
        query = f"{_SELECT} WHERE d.applies_to != '[]' AND d.ignored = 0 ORDER BY d.path"
        return [_row(values, self) for values in self.conn.execute(query)]

    def tagged(self, tags: Iterable[str]) -> list[DocRow]:
        """Memories carrying any of these tags exactly (not ignored)."""
        import json  # see `json_list`

        rows: dict[int, DocRow] = {}
        for tag in tags:
            pattern = "%" + json.dumps(tag)[1:-1].replace("%", "").replace("_", "") + "%"
            query = f"{_SELECT} WHERE d.tags LIKE ? AND d.ignored = 0 ORDER BY d.path"
            for values in self.conn.execute(query, (pattern,)):
                row = _row(values, self)
                if tag in row.tags:
                    rows[row.doc] = row
        return list(rows.values())

    def hidden_by_ignore(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM docs WHERE ignored = 1").fetchone()[0])

    def role_tagged(self) -> list[tuple[str, list[str]]]:
        """(id, roles) of the memories that declare roles."""
        import json  # see `json_list`

        return [
            (mid, json.loads(roles))
            for mid, roles in self.conn.execute(
                "SELECT mid, roles FROM docs WHERE roles != '[]' AND ignored = 0"
            )
        ]

    def problems(self) -> list[tuple[str, int | None, str]]:
        rows = self.conn.execute("SELECT path, line, reason FROM problems ORDER BY path")
        return [(str(path), line, str(reason)) for path, line, reason in rows]

    def record_fetch(self, memory_ids: Iterable[str]) -> None:
        """Count an agent's explicit fetch (`load --id`) of these memories."""
        with self.conn:
            self.conn.executemany(
                "INSERT INTO fetches VALUES (?, 1) "
                "ON CONFLICT(mid) DO UPDATE SET count = count + 1",
                [(mid,) for mid in memory_ids],
            )

    def fetch_counts(self, memory_ids: Iterable[str]) -> dict[str, int]:
        """The recorded fetches of these memories (those never fetched are left out)."""
        wanted = list(set(memory_ids))
        if not wanted:
            return {}
        # Routing asks for every related memory (a thousand on a large workspace), and few are
        # ever fetched: a table with no more rows than ids asked for is read whole, cheaper
        # than looking a thousand ids up.
        (recorded,) = self.conn.execute("SELECT COUNT(*) FROM fetches").fetchone()
        if recorded <= len(wanted):
            asked = set(wanted)
            rows = self.conn.execute("SELECT mid, count FROM fetches")
            return {mid: count for mid, count in rows if mid in asked}
        counts: dict[str, int] = {}
        for chunk, marks in chunks(wanted):
            counts.update(
                self.conn.execute(f"SELECT mid, count FROM fetches WHERE mid IN ({marks})", chunk)
            )
        return counts

    def passage_vectors(self, paths: Iterable[str], model: str) -> dict[str, tuple[str, bytes]]:
        """The stored passage vectors of these files under `model`: path -> (sha256, blob)."""
        found: dict[str, tuple[str, bytes]] = {}
        for chunk, marks in chunks(list(set(paths))):
            rows = self.conn.execute(
                f"SELECT path, sha256, vectors FROM vectors WHERE model = ? AND path IN ({marks})",
                (model, *chunk),
            )
            found.update((path, (sha, bytes(blob))) for path, sha, blob in rows)
        return found

    def save_passage_vectors(self, model: str, rows: list[tuple[str, str, bytes]]) -> None:
        """Keep (path, sha256, blob) vectors of `model` for the next load."""
        with self.conn:
            self.conn.executemany(
                "INSERT OR REPLACE INTO vectors (path, model, sha256, vectors) VALUES (?, ?, ?, ?)",
                [(path, model, sha, blob) for path, sha, blob in rows],
            )

    def source_hash(self, project: Folder, rel: str) -> str | None:
        """Current SHA-256 of a source file (cached by mtime and size); None if it is gone, or
        is no regular file inside the project (a source is named by a hand-editable file)."""
        from engram.files.reading import SOURCE_MAX_BYTES, ReadRefused, read_limited, resolve_inside

        try:
            stat = os.stat(resolve_inside(project, rel, folder="project folder"))
        except (ReadRefused, OSError):
            return None
        row = self.conn.execute(
            "SELECT mtime_ns, size, sha256 FROM source_stats WHERE path = ?", (rel,)
        ).fetchone()
        if row is not None and row[0] == stat.st_mtime_ns and row[1] == stat.st_size:
            return str(row[2])
        try:
            data = read_limited(project, rel, SOURCE_MAX_BYTES, folder="project folder")
        except ReadRefused:
            return None
        digest = content_hash(data)
        try:
            with self.conn:
                self.conn.execute(
                    "INSERT OR REPLACE INTO source_stats VALUES (?, ?, ?, ?)",
                    (rel, stat.st_mtime_ns, stat.st_size, digest),
                )
        except sqlite3.OperationalError:
            pass  # read-only or busy: the hash is still right, only not cached
        return digest


def _totals(raw: str | None) -> list[int]:
    """The `totals` meta value (the memory count, then each field's total length), written by
    `_write_totals` as a JSON list of integers, read without `json` (see `json_list`)."""
    if not raw:
        return [0] * (len(FIELDS) + 1)
    return [int(n) for n in raw.strip("[]").split(",")]


def _heads_bytes(rows: list[tuple[Any, ...]]) -> bytes:
    """`HEAD_COLUMNS` rows marshalled, each distinct text once: marshal writes a value met again
    as a reference, which reads back as the same string (most memories share their type,
    lifecycle and confidence), at a fraction of the cost of a new one."""
    shared: dict[str, str] = {}
    return marshal.dumps(
        [tuple(shared.setdefault(v, v) if type(v) is str else v for v in row) for row in rows]
    )


def _manifest_bytes(current: dict[str, tuple[int, int]]) -> bytes:
    return marshal.dumps(current, 2)  # see `MemoryIndex._manifest_holds`


def _stat_key(path: str) -> str:
    try:
        stat = os.stat(path)
    except OSError:
        return "missing"
    return f"{stat.st_mtime_ns}:{stat.st_size}"


def index_path(root: Path) -> Path:
    return root / CACHE_DIR / "index.sqlite"


def _connect(root: str, *, retry: bool = True) -> sqlite3.Connection:
    """Open the index file of a scope root's folder; in memory if the folder is read-only.

    An index of another format, or one this installation did not build (see
    `engram.safety.witness`), is thrown away and built again: its cached verdicts and fields
    are not evidence of anything."""
    from engram.paths import is_folder

    cache = os.path.join(root, CACHE_DIR)
    path = os.path.join(cache, "index.sqlite")  # `index_path`, as a string for the load path
    conn: sqlite3.Connection | None = None
    try:
        if not is_folder(cache):
            os.mkdir(cache)
            # The cache folder ignores itself, so it never shows up in `git status`.
            with open(os.path.join(cache, ".gitignore"), "w", encoding="utf-8") as handle:
                handle.write("*\n")
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        if _meta_value(conn, "version") is not None:
            if _built_here(conn) and _tables(conn) >= _TABLES:
                return conn  # its tables and seal are there: the usual case, on every load
            conn.close()
            if not _discard(path):
                raise OSError(f"cannot replace {path}")
            conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
        conn.executescript(SCHEMA)
        _claim(conn)
    except sqlite3.DatabaseError as exc:
        if conn is not None:
            conn.close()
        if retry and not isinstance(exc, sqlite3.OperationalError) and _discard(path):
            conn = _connect(root, retry=False)  # a corrupt index is only a cache: built again
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('rebuilt', 'corrupt')")
            return conn
        return _in_memory()  # read-only or locked
    except OSError:
        if conn is not None:
            conn.close()
        return _in_memory()
    return conn


def _locked(exc: sqlite3.OperationalError) -> bool:
    """Whether SQLite gave up waiting for another connection's lock."""
    return "locked" in str(exc) or "busy" in str(exc)


def _in_memory() -> sqlite3.Connection:
    """An index that lives as long as the process: for a folder that cannot hold one."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.executescript(SCHEMA)
    _claim(conn)
    return conn


def _discard(path: str) -> bool:
    """Delete an index file (and its WAL files); False when it cannot be deleted."""
    try:
        for suffix in ("", "-wal", "-shm"):
            try:
                os.unlink(f"{path}{suffix}")
            except FileNotFoundError:
                pass
    except OSError:
        return False
    return True


def _claim(conn: sqlite3.Connection) -> None:
    """Mark a new index as built here, by this format and scanner version."""
    from engram.safety.witness import new_nonce, seal

    conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('version', ?)", (INDEX_FORMAT,))
    conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('nonce', ?)", (new_nonce(),))
    nonce = str(_meta_value(conn, "nonce"))
    conn.execute(
        "INSERT OR IGNORE INTO meta (key, value) VALUES ('seal', ?)",
        (seal(nonce, INDEX_FORMAT, SCANNER_VERSION),),
    )


def _built_here(conn: sqlite3.Connection) -> bool:
    """Whether this installation built the index, with today's format and scanner."""
    from engram.safety.witness import seal

    nonce, stamp = _meta_value(conn, "nonce"), _meta_value(conn, "seal")
    if _meta_value(conn, "version") != INDEX_FORMAT or nonce is None or stamp is None:
        return False
    return stamp == seal(nonce, INDEX_FORMAT, SCANNER_VERSION)


def _tables(conn: sqlite3.Connection) -> set[str]:
    """The tables the index file holds (one was dropped by hand, or lost to damage: then it is
    built again, as a corrupt one is)."""
    return {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _meta_value(conn: sqlite3.Connection, key: str) -> str | None:
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    except sqlite3.OperationalError:
        return None
    return None if row is None else str(row[0])


def rebuild(
    root: ScopeRoot, *, on_hand_edit: str = "reindex", progress: Progress | None = None
) -> MemoryIndex:
    """Throw the index away and build it again from the files (fetch counts are kept);
    `progress(done, total)` is called as each file is indexed."""
    conn = _connect(root.folder)
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        conn.close()
        if not _locked(exc):
            raise
        raise EngramError(
            f"the index {index_path(root.path)} is locked by another process; "
            "nothing was changed: try again once it is done"
        ) from None
    with conn:
        tables = ("files", "docs", "postings", "doc_terms", "problems", "source_stats", "manifest",
                  "heads")  # fmt: skip
        for table in tables:
            conn.execute(f"DELETE FROM {table}")
        conn.execute("DELETE FROM meta WHERE key IN ('totals', 'ignore_sig', 'approvals_stat')")
    index = MemoryIndex(root, conn)
    index.refresh(on_hand_edit=on_hand_edit, progress=progress)
    return index
