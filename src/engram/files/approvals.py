"""Approved content hashes: `memory.hashes.json` in each scope root.

The file maps a memory's path (relative to the scope root) to the SHA-256 of the content that
was approved; it is the same file the TypeScript Engram writes, so its workspaces keep working.
A memory is printed only while its content still has the approved hash.

A damaged file never stops `load` or a hook: what can be read of it is used, and `doctor`
reports the damage. That is safe because an entry only ever approves the exact content whose
SHA-256 it holds. After a git merge conflict (two branches that each approved a new memory) a
file counts as approved when either side approved exactly its current content.
"""

from __future__ import annotations

import os
from pathlib import Path

# The file's name is kept in `layout` (a load looks at the file without importing this module).
from engram.files.layout import HASHES_FILE as HASHES_FILE

APPROVALS_MAX_BYTES = 64 * 1024 * 1024  # some 600,000 approvals
_OR_REHASH = "or delete the file and run `engram rehash` after review"

# One entry (`"path": "sha256"`), for reading what is left of a file that is no JSON (compiled
# only then: a sound file never needs it).
_ENTRY = r'"((?:[^"\\]|\\.)+)"\s*:\s*"(?:sha256:)?([0-9a-fA-F]{64})"'
_OURS, _BASE, _THEIRS, _END = "<<<<<<<", "|||||||", "=======", ">>>>>>>"


def read_approvals(root: Path) -> dict[str, str]:
    """Approved hashes of a scope root ({} when the file is missing or unreadable)."""
    return load_approvals(root)[0]


def approvals_problem(root: Path) -> str | None:
    """What is wrong with the scope root's approvals file, with the fix; None when it is sound
    (or missing)."""
    return load_approvals(root)[1]


def load_approvals(root: Path) -> tuple[dict[str, str], str | None]:
    """(the approved hashes that can be read, what is wrong with the file or None)."""
    import json  # a `load` over an unchanged workspace reads no approvals: not imported

    from engram.files.reading import ReadRefused, read_limited

    # Read as a memory file is: it comes with the repository, and may be a symlink out of the
    # folder, to a device that never ends (/dev/zero) or to a FIFO that never answers.
    try:
        text = read_limited(root, HASHES_FILE, APPROVALS_MAX_BYTES, setting=None).decode()
    except ReadRefused as exc:
        if exc.reason == "missing":
            return {}, None
        return (
            {},
            f"cannot be read ({exc.reason}); nothing in it counts: make it a readable file, "
            + _OR_REHASH,
        )
    except ValueError as exc:
        reason = str(exc)
        return (
            {},
            f"cannot be read ({reason}); nothing in it counts: make it readable, {_OR_REHASH}",
        )
    try:
        data = json.loads(text)
    except ValueError:
        if any(line.startswith(_OURS) for line in text.splitlines()):
            what, fix = "has unresolved git merge conflict markers", "resolve the conflict"
        else:
            what, fix = "is not valid JSON", "fix it"
        problem = f"{what}; only the entries that still parse count: {fix}, {_OR_REHASH}"
        return _salvage(root, text), problem
    if not isinstance(data, dict):
        return (
            {},
            f"is not a JSON object of path -> sha256; nothing in it counts: fix it, {_OR_REHASH}",
        )
    return {str(k): str(v).removeprefix("sha256:") for k, v in data.items()}, None


def _salvage(root: Path, text: str) -> dict[str, str]:
    """The entries of a damaged file that still read as `"path": "sha256"` lines, both sides of
    a merge conflict included (its common base, which neither side holds, left out). Where the
    sides approve different content of one path, the one matching the file today is kept."""
    import json  # a `load` over an unchanged workspace reads no approvals: not imported
    import re

    candidates: dict[str, list[str]] = {}
    in_base = False
    for line in text.splitlines():
        if line.startswith((_OURS, _THEIRS, _END)):
            in_base = False
        elif line.startswith(_BASE):
            in_base = True
        elif not in_base:
            for match in re.finditer(_ENTRY, line):
                try:
                    key = json.loads(f'"{match.group(1)}"')
                except ValueError:
                    continue
                candidates.setdefault(key, []).append(match.group(2).lower())
    approvals = {}
    for key, hashes in candidates.items():
        approvals[key] = hashes[0] if len(set(hashes)) == 1 else _current(root, key, hashes)
    return approvals


def _current(root: Path, key: str, hashes: list[str]) -> str:
    """Of several approved hashes of one path, the one of its content today (else the first)."""
    from engram.files.reading import ReadRefused, read_limited
    from engram.safety.hashes import content_hash

    try:
        digest = content_hash(read_limited(root, key, 16 * 1024 * 1024))
    except (ReadRefused, OSError):
        return hashes[0]
    return digest if digest in hashes else hashes[0]


class approvals_lock:  # used as a function: `with approvals_lock(root):`
    """Hold the scope root's lock for reading, changing and writing its approvals, so that two
    processes approving at once (two `engram new`, a `load` re-approving an edit) do not each
    write what they read before the other wrote, losing its approval. The lock is taken on the
    folder itself: nothing is created, a read-only folder is locked alike. Where folders cannot
    be locked (no `fcntl`, or a file system that refuses), nothing is held."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.fd: int | None = None

    def __enter__(self) -> None:
        try:
            import fcntl
        except ImportError:  # Windows
            return
        try:
            self.fd = os.open(self.root, os.O_RDONLY)
        except OSError:
            return
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except OSError:
            pass

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # releases the lock
            self.fd = None


def write_approvals(root: Path, approvals: dict[str, str]) -> None:
    """Write the approvals atomically (a reader never sees half a file)."""
    import json  # a `load` over an unchanged workspace reads no approvals: not imported

    text = json.dumps(dict(sorted(approvals.items())), indent=2, ensure_ascii=False) + "\n"
    from engram.files.atomic import write_text_atomic

    write_text_atomic(root / HASHES_FILE, text)


# The approvals file holds hashes only. To show what changed since a review, the text that was
# approved is also kept, named by its hash, in the scope root's derived `.cache/` (ignored by
# git, disposable like the index): `engram rehash` and the UI's approve write it.
APPROVED_TEXTS = ".cache/approved"


def keep_approved_text(root: Path, digest: str, data: bytes) -> None:
    """Keep the approved content whose hash is `digest` (once; never raises: the copy only
    serves diffs, and a read-only folder must not stop an approval)."""
    target = _kept(root, digest)
    if target is None or target.exists():
        return
    try:
        from engram.files.atomic import write_bytes_atomic

        target.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(target, data)
    except (OSError, ValueError):
        pass


def approved_text(root: Path, digest: str) -> str | None:
    """The kept text of the content approved with `digest`, or None when it was not kept
    (approved by an older version, by a load in `reindex` mode, or on another machine)."""
    target = _kept(root, digest)
    try:
        return None if target is None else target.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None


def _kept(root: Path, digest: str) -> Path | None:
    """Where the text of `digest` is kept; None for anything but a SHA-256 in hex (the hashes
    come from a file people edit, and must not name a path)."""
    import re

    if not re.fullmatch(r"[0-9a-f]{64}", digest):
        return None
    return root / APPROVED_TEXTS / f"{digest}.md"
