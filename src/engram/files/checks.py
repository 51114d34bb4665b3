"""Integrity reports: `engram verify`, `engram rehash` and `engram doctor`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engram.files.approvals import (
    HASHES_FILE,
    approvals_lock,
    keep_approved_text,
    load_approvals,
    write_approvals,
)
from engram.files.discovery import scan_files
from engram.files.index import MemoryIndex, index_path
from engram.files.reading import ReadRefused, read_limited
from engram.graph.deps import build_graph
from engram.safety.hashes import content_hash

MAX_LEVEL = 2  # advanced


@dataclass
class Finding:
    """One problem: where, what kind, and what to do."""

    scope: str
    path: str
    kind: str
    detail: str
    line: int | None = None
    # something to know rather than to fix: shown, but no reason for a failing exit
    note: bool = False

    def to_json(self) -> dict[str, Any]:
        path, detail = self.shown()
        return {"scope": self.scope, "path": path, "line": self.line,
                "kind": self.kind, "detail": detail}  # fmt: skip

    def __str__(self) -> str:
        path, detail = self.shown()
        where = path + (f":{self.line}" if self.line else "")
        return f"{self.scope}:{where}: {self.kind}: {detail}"

    def shown(self) -> tuple[str, str]:
        """The path and detail as printed: a path or id that is itself a secret or an
        injection (a file named after a key) is not repeated in the report about it."""
        from engram.safety.scan import masked

        return masked(self.path, "[unsafe path]"), masked(
            self.detail, "details withheld: they name an unsafe value"
        )


def verify(indexes: list[MemoryIndex]) -> list[Finding]:
    """Files whose content differs from the approved hash, unapproved files, approvals of
    missing files, files holding secrets or injection patterns, and files that are not read
    or do not parse (as `doctor` lists them: an approved file that never loads is no more
    verified than a changed one)."""
    findings: list[Finding] = []
    for index in indexes:
        root, scope = index.root.path, index.root.scope
        findings.extend(_invalid(index))
        approvals, problem = load_approvals(root)
        if problem:
            findings.append(Finding(scope, HASHES_FILE, "approvals damaged", problem))
        files = scan_files(root)
        for path in sorted(files):
            digest = _digest(index, path)
            if digest is None:
                continue  # not read at all (too large, a symlink out): listed as invalid
            approved = approvals.get(path)
            if approved is None:
                findings.append(
                    Finding(
                        scope,
                        path,
                        "unapproved",
                        "no recorded hash; review it, then `engram rehash`",
                    )
                )
            elif approved != digest:
                findings.append(
                    Finding(
                        scope,
                        path,
                        "changed",
                        "content differs from the approved hash; review it, then `engram rehash`",
                    )
                )
        for path in sorted(set(approvals) - set(files)):
            findings.append(
                Finding(
                    scope,
                    path,
                    "missing",
                    "approved but the file is gone; `engram rehash` forgets it",
                )
            )
        for row in index.all_docs():
            if not row.sealed:
                findings.append(
                    Finding(
                        scope,
                        row.path,
                        "untrusted",
                        "its index entry was not written by this installation; it is never "
                        "shown until `engram reindex` rebuilds it",
                    )
                )
            elif row.unsafe:
                findings.append(
                    Finding(scope, row.path, "unsafe", row.unsafe + "; it is never shown to agents")
                )
    return findings


def _digest(index: MemoryIndex, path: str) -> str | None:
    """The hash of a memory file, read as the index reads it; None when it is not read."""
    try:
        return content_hash(read_limited(index.root.path, path, index.root.max_bytes))
    except ReadRefused:
        return None


def _read(index: MemoryIndex, path: str) -> bytes | None:
    """A memory file's content, read as the index reads it; None when it is not read."""
    try:
        return read_limited(index.root.path, path, index.root.max_bytes)
    except ReadRefused:
        return None


def rehash(indexes: list[MemoryIndex]) -> dict[str, int]:
    """Approve the current content of every memory file; returns the count per scope. The
    approved texts are kept for later diffs (`engram.files.approvals.approved_text`)."""
    counts: dict[str, int] = {}
    for index in indexes:
        root = index.root.path
        approvals = {}
        with approvals_lock(root):  # a memory another process writes meanwhile keeps its own
            for path in scan_files(root):
                data = _read(index, path)
                if data is not None:
                    approvals[path] = digest = content_hash(data)
                    keep_approved_text(root, digest, data)
            write_approvals(root, approvals)
        index.refresh(on_hand_edit="refuse")
        index.sync_approvals(approvals)
        counts[index.root.scope] = len(approvals)
    return counts


def approve(index: MemoryIndex, path: str) -> str:
    """Approve the current content of one memory file (`rehash` for that file alone), keeping
    the other approvals as they are; returns the approved hash. An unsafe file may be approved
    but is still never shown."""
    from engram.errors import EngramError

    root = index.root.path
    if path not in scan_files(root):
        raise EngramError(
            f"no memory file {path!r} in the {index.root.scope} folder",
            hint="pick one the approvals page lists",
        )
    data = _read(index, path)
    if data is None:
        raise EngramError(
            f"{path} is not read (too large or not a regular file): nothing to approve"
        )
    with approvals_lock(root):
        approvals, problem = load_approvals(root)
        if problem:
            raise EngramError(f"{HASHES_FILE} {problem}")
        approvals[path] = digest = content_hash(data)
        keep_approved_text(root, digest, data)
        write_approvals(root, approvals)
    index.refresh(on_hand_edit="refuse")
    index.sync_approvals(approvals)
    return digest


def doctor(indexes: list[MemoryIndex], native_rules: bool = False) -> list[Finding]:
    """Every problem that keeps a memory from routing or being shown, and notes. `native_rules`:
    the hosts' own rule files carry the path-scoped memories (`hooks.path_rules = native`, and
    the hooks of a host that loads them are installed)."""
    findings: list[Finding] = []
    for index in indexes:
        scope = index.root.scope
        if index.take_rebuilt_note():
            findings.append(
                Finding(
                    scope,
                    str(index_path(index.root.path).relative_to(index.root.path)),
                    "index rebuilt",
                    "index was corrupt and was rebuilt from the memory files; nothing was lost "
                    "(it holds only what the files say)",
                )
            )
        findings.extend(_invalid(index))
        findings.extend(_long_ids(index))
        findings.extend(_glob_findings(index, native_rules))
        findings.extend(_misspelled(index))
        seen: dict[str, str] = {}
        for row in index.all_docs():
            if row.id in seen:
                findings.append(
                    Finding(
                        scope,
                        row.path,
                        "duplicate id",
                        f"{row.id!r} is also used by {seen[row.id]}",
                    )
                )
            seen.setdefault(row.id, row.path)
            if row.level > MAX_LEVEL:
                findings.append(
                    Finding(
                        scope,
                        row.path,
                        "unknown level",
                        f"level {row.level} is not foundation (0), intermediate (1) or "
                        "advanced (2): set one of those",
                    )
                )
        graph = build_graph(index.dependency_edges())
        paths = {row.id: row.path for row in index.all_docs()}
        for mid, absent in graph.missing.items():
            if scope == "workspace" and len(indexes) > 1:
                absent = [d for d in absent if not indexes[1].by_ids([d])]
            if absent:
                findings.append(
                    Finding(
                        scope,
                        paths.get(mid, mid),
                        "missing prerequisite",
                        "depends_on " + ", ".join(absent) + " which no memory has",
                    )
                )
        for cycle in graph.cycles:
            findings.append(
                Finding(
                    scope,
                    paths.get(cycle[0], cycle[0]),
                    "dependency cycle",
                    " -> ".join([*cycle, cycle[0]]),
                )
            )
        findings.extend(_stale(index))
    # verify's own invalid findings are the ones listed above, at the top of each scope
    findings.extend(f for f in verify(indexes) if f.kind not in ("missing", "invalid"))
    return findings


def _invalid(index: MemoryIndex) -> list[Finding]:
    """Memory files that are not read or do not parse (frontmatter, encoding, size, a name
    that is not UTF-8), with the line and reason: each is left out of every load."""
    scope = index.root.scope
    findings = [
        Finding(scope, path, "invalid", reason, line) for path, line, reason in index.problems()
    ]
    unread: list[tuple[str, str]] = []
    scan_files(index.root.path, unread)
    findings += [Finding(scope, path, "invalid", reason) for path, reason in unread]
    return findings


def _long_ids(index: MemoryIndex) -> list[Finding]:
    """Memories whose id is too long to name a file: the hosts' rule files are named after it,
    and one that cannot be written leaves the memory to the hooks alone."""
    from engram.hooks.native import longest_id

    limit = longest_id()
    return [
        Finding(
            index.root.scope,
            row.path,
            "id too long",
            f"the id is {len(row.id.encode())} bytes, too long for a file name (the hosts' rule "
            f"files are named after it): choose one of at most {limit} bytes",
        )
        for row in index.all_docs()
        if len(row.id.encode()) > limit
    ]


def _glob_findings(index: MemoryIndex, native_rules: bool) -> list[Finding]:
    """Memories whose `!` globs keep them from a file: `!` globs alone apply to no path; and
    the hosts' rule files cannot exclude paths, so such a memory gets none (a note: the file
    hook delivers it instead)."""
    scope = index.root.scope
    out = []
    for row in index.all_docs():
        exclusions = [glob for glob in row.applies_to if glob.startswith("!")]
        if not exclusions:
            continue
        if len(exclusions) == len(row.applies_to):
            detail = ("applies_to has only `!` globs, which exclude paths but include none: it "
                      "applies to no file; add the paths it is for")  # fmt: skip
            out.append(Finding(scope, row.path, "no paths", detail))
        elif native_rules:
            detail = (f"Claude Code's and Cursor's rule files cannot exclude paths "
                      f"({exclusions[0]}): it gets none, and the file hooks deliver it instead "
                      "(Claude Code has them, Cursor does not)")  # fmt: skip
            out.append(Finding(scope, row.path, "no rule file", detail, note=True))
    return out


def _misspelled(index: MemoryIndex) -> list[Finding]:
    """Unknown frontmatter keys that are a known field misspelled: kept, but they do nothing."""
    from engram.files.frontmatter import misspelled_fields

    out = []
    for row in index.all_docs():
        data = _read(index, row.path)
        if data is None:
            continue
        text = data.decode("utf-8", errors="replace")
        for key, meant, line in misspelled_fields(text):
            detail = f"{key}; did you mean {meant}?"
            out.append(Finding(index.root.scope, row.path, "unknown field", detail, line))
    return out


def _stale(index: MemoryIndex) -> list[Finding]:
    """Memories whose source file changed (or is gone) since they recorded its hash: routing
    ranks them lower until they are brought up to date."""
    from engram.files.authoring import source_base

    base = source_base(index.root.path)
    out = []
    for row in index.all_docs():
        changed = [
            str(path)
            for path, digest in row.sources
            if digest and path and index.source_hash(base, path) != digest
        ]
        if changed:
            out.append(
                Finding(
                    index.root.scope,
                    row.path,
                    "stale",
                    f"{', '.join(changed)} changed since this memory recorded its hash: run "
                    f"`engram import {changed[0]}` to update the memories imported from it, or "
                    "review this memory and set its sources' sha256 to the file's new hash",
                )
            )
    return out
