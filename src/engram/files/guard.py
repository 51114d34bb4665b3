"""The last check before a memory is shown (SPEC A2 step 5).

The file is read again and must still have the hash the index recorded and the hash that was
approved; the safety scan of that exact content (recorded, or made now for a memory not yet
scanned) must be clean. Anything else is skipped with a reason the user can act on.
"""

from __future__ import annotations

from engram.errors import FrontmatterError
from engram.files.body import split_frontmatter
from engram.files.index import DocRow
from engram.files.reading import DEFAULT_MAX_BYTES, ReadRefused, read_limited
from engram.safety.hashes import content_hash

TYPE_CHECKING = False  # `typing` is not imported on the hot paths; type checkers read True
if TYPE_CHECKING:
    from engram.paths import Folder


def guarded_text(
    row: DocRow, root: Folder, max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[str | None, str]:
    """(the file's text, '') when it may be shown, else (None, skip reason). The file is read
    like the index reads it: inside `root`, a regular file, at most `max_bytes`."""
    try:
        data = read_limited(root, row.path, max_bytes)
    except ReadRefused as exc:
        if exc.reason == "missing":
            return None, "file missing (run `engram load` again to re-index)"
        return None, exc.reason
    if not row.sealed:
        return None, "index entry not written by this installation (run `engram reindex`)"
    digest = content_hash(data)
    if digest != row.sha256:
        return None, "changed since indexed (run `engram load` again)"
    if row.approved is None:
        return None, "not approved (review it, then run `engram rehash`)"
    if digest != row.approved:
        return None, "hash mismatch (review the edit with `engram verify`, then `engram rehash`)"
    text = data.decode("utf-8")
    row.settle(text)  # a memory indexed without its verdict is scanned now, as it is shown
    if row.unsafe:
        return None, row.unsafe
    return text, ""


def body_of(text: str) -> str:
    """The Markdown body of a memory file's text (frontmatter removed)."""
    try:
        return split_frontmatter(text)[1]
    except FrontmatterError:
        return text
