"""`.engramignore`: gitignore-style patterns, relative to the scope root, that hide memories."""

from __future__ import annotations

import os

TYPE_CHECKING = False  # `typing` is not imported on the hot paths; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Callable

    from engram.paths import Folder

IGNORE_FILE = ".engramignore"

DEFAULT_IGNORE = """\
# Memory files matching these gitignore-style patterns are hidden from routing and counted as
# hidden. Paths are relative to this folder, for example `knowledge/drafts/` or `rules/old-*.md`.
*.secret.md
**/private/
**/drafts/
"""


IGNORE_MAX_BYTES = 1024 * 1024


def ignore_text(root: Folder) -> str:
    """The ignore file's text ('' when there is none). It is read as a memory file is (it
    comes with the repository): one that cannot be (a folder, a symlink out of the folder, a
    device, not UTF-8) is an EngramError naming it, for ignoring nothing would show what it
    hides."""
    from engram.errors import EngramError
    from engram.files.reading import ReadRefused, read_limited
    from engram.paths import plain_path

    path = plain_path(os.path.join(root, IGNORE_FILE))  # named in the error, as `pathlib` would
    try:
        return read_limited(root, IGNORE_FILE, IGNORE_MAX_BYTES, setting=None).decode("utf-8")
    except ReadRefused as exc:
        if exc.reason == "missing":
            return ""
        reason = exc.reason
    except UnicodeDecodeError:
        reason = "not UTF-8 text"
    raise EngramError(
        f"{path}: cannot be read ({reason})",
        hint="make it a UTF-8 text file of gitignore-style patterns, or delete it",
    )


def matcher(text: str) -> Callable[[str], bool]:
    """A predicate telling whether a relative path is ignored by these patterns."""
    if not text.strip():
        return lambda _path: False
    import pathspec  # only needed when the ignore file changed since the index was built

    spec = pathspec.GitIgnoreSpec.from_lines(text.splitlines())
    return lambda path: bool(spec.match_file(path))
