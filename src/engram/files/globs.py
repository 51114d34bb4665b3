"""The `applies_to` globs of a memory: matched against project paths, and written for hosts.

Globs are gitignore-style (`src/api/**/*.py`, `*.md`) with brace alternatives, as Claude Code's
`paths` and most editors read them: `src/**/*.{ts,tsx}` is `src/**/*.ts` and `src/**/*.tsx`.
Braces are expanded before matching (gitignore patterns have none), and before a glob is written
where globs are joined by commas (Cursor's `globs`, Copilot's `applyTo`), where the comma inside
`{ts,tsx}` would cut the glob in two.
"""

from __future__ import annotations

import re
from functools import lru_cache

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from typing import Any

# At most this many globs come out of one glob's braces (`{a,b}` ten times over is 1,024).
MAX_EXPANSION = 64

_GROUP = re.compile(r"\{([^{}]*)\}")


def expand_braces(glob: str) -> list[str]:
    """`a.{x,y}` -> [`a.x`, `a.y`], nested and repeated braces too, each once, at most
    MAX_EXPANSION of them."""
    return list(dict.fromkeys(_expand(glob)))


def _expand(glob: str) -> list[str]:
    match = _GROUP.search(glob)  # an innermost group: `{src,lib/{a,b}}` opens `{a,b}` first
    if not match:
        return [glob]
    head, tail = glob[: match.start()], glob[match.end() :]
    out: list[str] = []
    for choice in match.group(1).split(","):
        out.extend(_expand(head + choice + tail))
        if len(out) >= MAX_EXPANSION:
            return out[:MAX_EXPANSION]
    return out


def expanded(globs: list[str]) -> list[str]:
    """Every glob with its braces expanded, in order, each once."""
    return list(dict.fromkeys(g for glob in globs for g in expand_braces(glob) if g))


def glob_matches(glob: str, path: str) -> bool:
    """Whether a project-relative path matches the glob."""
    return bool(_spec(glob).match_file(path))


@lru_cache(maxsize=1024)
def _spec(glob: str) -> Any:
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(expand_braces(glob))
