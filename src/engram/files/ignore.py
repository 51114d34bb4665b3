"""`.engramignore`: gitignore-style patterns, relative to the scope root, that hide memories."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

IGNORE_FILE = ".engramignore"

DEFAULT_IGNORE = """\
# Memory files matching these gitignore-style patterns are hidden from routing and counted as
# hidden. Paths are relative to this folder, for example `knowledge/drafts/` or `rules/old-*.md`.
*.secret.md
**/private/
**/drafts/
"""


def ignore_text(root: Path) -> str:
    """The ignore file's text ('' when there is none)."""
    try:
        return (root / IGNORE_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return ""


def matcher(text: str) -> Callable[[str], bool]:
    """A predicate telling whether a relative path is ignored by these patterns."""
    if not text.strip():
        return lambda _path: False
    import pathspec  # only needed when the ignore file changed since the index was built

    spec = pathspec.GitIgnoreSpec.from_lines(text.splitlines())
    return lambda path: bool(spec.match_file(path))
