"""Every memory file of a workspace with its state, for people to review (the UI's memory and
approvals pages): approved, changed, unapproved, unsafe, stale, untrusted, or not indexed at
all: too large, invalid, or not read (a symlink out of the folder, not a regular file).

Nothing here approves: open the workspace in `refuse` mode (as `engram verify` does), so that
looking at a hand edit does not settle it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engram.files.approvals import approved_text
from engram.files.reading import ReadRefused, read_limited
from engram.routing.route import is_stale
from engram.safety.hashes import content_hash
from engram.safety.ids import masked_id
from engram.safety.scan import masked

if TYPE_CHECKING:
    from engram.files.index import DocRow, MemoryIndex
    from engram.workspace import Workspace

STATES = ("approved", "changed", "unapproved", "unsafe", "stale", "untrusted", "too large",
          "invalid", "not read")  # fmt: skip


@dataclass
class MemoryEntry:
    """One memory file as the review pages show it. For an unsafe file only `reason` says what
    is wrong: its id, directive and summary are left empty when they are themselves unsafe."""

    scope: str
    path: str
    id: str
    type: str
    states: list[str]
    tags: list[str] = field(default_factory=list)
    directive: str = ""
    summary: str = ""
    lifecycle: str = ""
    reason: str = ""  # why it is unsafe or not read

    @property
    def unsafe(self) -> bool:
        return "unsafe" in self.states or "untrusted" in self.states

    def to_json(self) -> dict[str, Any]:
        return {
            "scope": self.scope,
            "path": self.path,
            "id": self.id,
            "type": self.type,
            "states": self.states,
            "tags": self.tags,
            "directive": self.directive,
            "summary": self.summary,
            "lifecycle": self.lifecycle,
            "reason": self.reason,
        }


def _entry(row: DocRow, index: MemoryIndex, project: Path | None) -> MemoryEntry:
    sealed = row.sealed
    states = []
    if not sealed:
        states.append("untrusted")
    elif row.approved is None:
        states.append("unapproved")
    elif row.approved != row.sha256:
        states.append("changed")
    else:
        states.append("approved")
    if row.unsafe:
        states.append("unsafe")
    elif sealed and is_stale(row, index, project):
        states.append("stale")
    if row.unsafe or not sealed:
        # The reason alone: its fields may hold what was found (the path and id included).
        reason = row.unsafe or "its index entry was not written by this installation"
        return MemoryEntry(index.root.scope, masked(row.path, "[unsafe path]"),
                           masked_id(row.id), row.type, states,
                           lifecycle=row.lifecycle, reason=reason)  # fmt: skip
    # A sealed row's verdict covers its path and id too (the index scans every field).
    return MemoryEntry(index.root.scope, row.path, row.id, row.type, states, row.tags,
                       row.directive, row.summary, row.lifecycle)  # fmt: skip


def memory_entries(ws: Workspace) -> list[MemoryEntry]:
    """Every memory file of the workspace and global folders, by scope then path; the files
    not read (too large, invalid, a symlink out) are listed with their reason."""
    entries: list[MemoryEntry] = []
    for index in ws.indexes:
        project = ws.project if index.root.scope == "workspace" else None
        rows = sorted(index.all_docs(), key=lambda r: r.path)
        entries += [_entry(row, index, project) for row in rows]
        for path, line, reason in index.problems():
            where = f"line {line}: " if line else ""
            entries.append(
                MemoryEntry(
                    index.root.scope,
                    masked(path, "[unsafe path]"),
                    "",
                    path.split("/", 1)[0].rstrip("s"),
                    [_unread_state(line, reason)],
                    reason=masked(where + reason, "details withheld: they name an unsafe value"),
                )
            )
    return entries


def _unread_state(line: int | None, reason: str) -> str:
    """Why a file was not indexed, as a state: too large, invalid (its frontmatter or
    encoding), or not read (a symlink out of the folder, not a regular file, unreadable)."""
    if reason.startswith("too large"):
        return "too large"
    if line is not None or not reason.startswith(READ_REFUSALS):
        return "invalid"
    return "not read"


# How `files.reading` words a file it will not open (anything else is a parse problem).
READ_REFUSALS = ("symlink", "outside", "not a regular file", "unreadable", "missing")


def find_row(ws: Workspace, scope: str, path: str) -> tuple[MemoryIndex, DocRow | None]:
    """The index of a scope and the row of a memory file in it (None when not indexed)."""
    from engram.errors import EngramError

    index = next((ix for ix in ws.indexes if ix.root.scope == scope), None)
    if index is None:
        raise EngramError(f"no {scope!r} memory folder here", hint="use workspace or global")
    row = next((r for r in index.all_docs() if r.path == path), None)
    return index, row


@dataclass
class Review:
    """A file's current text beside the text that was approved, for the approvals page."""

    current: str | None  # None when the file cannot be read or is unsafe
    approved: str | None  # None when no approved text is known
    approved_hash: str | None
    note: str = ""  # why one side is missing

    def diff(self, path: str) -> str:
        """A unified diff from the approved text to the current one ('' when either is
        unknown)."""
        import difflib

        if self.current is None or self.approved is None:
            return ""
        lines = difflib.unified_diff(
            self.approved.splitlines(keepends=True),
            self.current.splitlines(keepends=True),
            fromfile=f"{path} (approved)",
            tofile=f"{path} (now)",
        )
        return "".join(lines)


def review(index: MemoryIndex, row: DocRow) -> Review:
    """What changed in a memory file since it was approved. The text of an unsafe file is
    never returned: the note says why."""
    approved_hash = row.approved
    if row.unsafe or not row.sealed:
        return Review(
            None,
            None,
            approved_hash,
            "its text is withheld: "
            + (row.unsafe or "its index entry was not written by this installation"),
        )
    try:
        data = read_limited(index.root.path, row.path, index.root.max_bytes)
    except ReadRefused as exc:
        return Review(None, None, approved_hash, f"the file is not read: {exc.reason}")
    digest = content_hash(data)
    if digest != row.sha256:  # the verdict is of the indexed content alone
        return Review(None, None, approved_hash, "changed since it was indexed: reload the page")
    current = data.decode("utf-8", errors="replace")
    if approved_hash is None:
        return Review(current, None, None, "never approved: the whole file is new")
    if approved_hash == digest:
        return Review(current, current, approved_hash)
    before = approved_text(index.root.path, approved_hash)
    if before is None:
        before = committed_text(index.root.path, row.path, approved_hash)
    from engram.safety.scan import unsafe_reason

    if before is not None and unsafe_reason(before):
        return Review(current, None, approved_hash, "the approved text is withheld: it is unsafe")
    note = (
        ""
        if before is not None
        else (
            "the approved text was not kept (it was approved by a load in reindex mode, an older "
            "version or on another machine): only its hash is known"
        )
    )
    return Review(current, before, approved_hash, note)


def committed_text(root: Path, path: str, digest: str) -> str | None:
    """The memory file as git's last commit holds it, when that is the approved content
    (`digest`); None otherwise, or without git. Approved memory files are usually committed,
    so this finds what a hand edit changed even when no copy was kept."""
    import subprocess

    try:
        done = subprocess.run(
            ["git", "-C", str(root), "show", f"HEAD:./{path}"],
            capture_output=True, timeout=10, check=False,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0 or content_hash(done.stdout) != digest:
        return None
    return done.stdout.decode("utf-8", errors="replace")


def shown_body(index: MemoryIndex, row: DocRow) -> tuple[str | None, str]:
    """(the Markdown body of a memory file, '') for a person reviewing it — approved or not —
    else (None, why it is withheld). Like the pre-print check, the scan verdict of the index
    holds only for the exact content it scanned, so the hash must still match."""
    from engram.files.guard import body_of

    if not row.sealed:
        return None, "its index entry was not written by this installation (`engram reindex`)"
    if row.unsafe:
        return None, row.unsafe
    try:
        data = read_limited(index.root.path, row.path, index.root.max_bytes)
    except ReadRefused as exc:
        return None, f"not read: {exc.reason}"
    if content_hash(data) != row.sha256:
        return None, "changed since it was indexed: reload the page"
    return body_of(data.decode("utf-8")), ""
