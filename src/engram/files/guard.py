"""The last check before a memory is shown (SPEC A2 step 5).

The file is read again and must still have the hash the index recorded and the hash that was
approved; the safety scan recorded for that exact content must be clean. Anything else is
skipped with a reason the user can act on.
"""

from __future__ import annotations

from pathlib import Path

from engram.errors import FrontmatterError
from engram.files.body import split_frontmatter
from engram.files.index import DocRow
from engram.safety.hashes import content_hash


def guarded_text(row: DocRow, root: Path) -> tuple[str | None, str]:
    """(the file's text, '') when it may be shown, else (None, skip reason)."""
    try:
        data = (root / row.path).read_bytes()
    except OSError:
        return None, "file missing (run `engram load` again to re-index)"
    digest = content_hash(data)
    if digest != row.sha256:
        return None, "changed since indexed (run `engram load` again)"
    if row.approved is None:
        return None, "not approved (review it, then run `engram rehash`)"
    if digest != row.approved:
        return None, "hash mismatch (review the edit with `engram verify`, then `engram rehash`)"
    if row.unsafe:
        return None, row.unsafe
    return data.decode("utf-8"), ""


def body_of(text: str) -> str:
    """The Markdown body of a memory file's text (frontmatter removed)."""
    try:
        return split_frontmatter(text)[1]
    except FrontmatterError:
        return text
