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
    from collections.abc import Callable
    from typing import Any

_MAXREPEAT = 4294967295  # re's "no upper bound" on a repeat (re._constants.MAXREPEAT)

# At most this many globs come out of one glob's braces (`{a,b}` ten times over is 1,024).
MAX_EXPANSION = 64
# A glob of more braces than this is taken as written, none expanded: each group expanded is a
# level of recursion, and a glob written by hand never holds so many.
MAX_BRACES = 64

_GROUP = re.compile(r"\{([^{}]*)\}")


def normal_glob(glob: str) -> str:
    """A glob as it is matched and written for hosts. Globs are relative to the project, so a
    leading `./` says nothing and is dropped (`./src/**` is `src/**`, `!./gen` is `!gen`):
    gitignore would read it as a folder named `.` and match nothing."""
    negated = glob.startswith("!")
    rest = glob[1:] if negated else glob
    while rest.startswith("./"):
        rest = rest[2:].lstrip("/")
    return ("!" if negated else "") + rest if rest else glob


def excludes(globs: list[str]) -> bool:
    """Whether the globs exclude paths (`!src/vendor/**`)."""
    return any(glob.startswith("!") for glob in globs)


def globs_match(globs: list[str], path: str) -> bool:
    """Whether a project-relative path is one a memory's globs are for: it matches one of them
    and none of the `!` ones. An exclusion wins wherever it is written (`!src/vendor/**` keeps
    `src/**` out of vendored code), and `!` globs alone are for no path."""
    if not any(glob_matches(glob, path) for glob in globs if not glob.startswith("!")):
        return False
    return not any(glob_matches(glob[1:], path) for glob in globs if glob.startswith("!"))


def split_globs(text: str) -> list[str]:
    """Comma-separated globs, as `applies_to: "a/*.py, web/*.{ts,tsx}"` or `--applies-to`
    give them: a comma inside braces is part of its glob, not a separator."""
    out, depth, start = [], 0, 0
    for n, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        elif char == "," and depth == 0:
            out.append(text[start:n])
            start = n + 1
    out.append(text[start:])
    return [glob.strip() for glob in out if glob.strip()]


def expand_braces(glob: str) -> list[str]:
    """`a.{x,y}` -> [`a.x`, `a.y`], nested and repeated braces too, each once, at most
    MAX_EXPANSION of them. A glob of more than MAX_BRACES braces is itself."""
    if glob.count("{") > MAX_BRACES:
        return [glob]
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
    """Whether a project-relative path matches the glob.

    pathspec turns a glob into a regular expression, which Python's backtracking engine runs
    in time growing as the path's length to the power of the glob's wildcards: `*a*a*a*a*a*a`
    held a hook for minutes on a long file name. So the expression is run here as the set of
    positions it can reach, which takes time linear in the path (for each piece of the glob)."""
    from pathspec.util import normalize_file

    file = normalize_file(path)
    return any(match(file) for match in _matchers(glob))


@lru_cache(maxsize=1024)
def _matchers(glob: str) -> list[Callable[[str], bool]]:
    import pathspec

    out: list[Callable[[str], bool]] = []
    for line in expand_braces(glob):
        try:
            (pattern,) = pathspec.GitIgnoreSpec.from_lines([line]).patterns
        except ValueError:  # one gitignore refuses (`!`): it matches nothing
            continue
        if pattern.include and pattern.regex is not None:  # a `!x` glob alone matches nothing
            out.append(_position_matcher(pattern.regex))
    return out


def _position_matcher(regex: re.Pattern[str]) -> Callable[[str], bool]:
    """`regex.search(text)` as a simulation over sets of positions, falling back to the regex
    itself for a construct pathspec does not write."""
    items = _internal("_parser").parse(regex.pattern, regex.flags)
    if not _known(items):
        return lambda text: regex.search(text) is not None
    return lambda text: bool(_ends(items, text, set(range(len(text) + 1))))


@lru_cache(maxsize=2)
def _internal(name: str) -> Any:
    """`re`'s own parser of expressions and its constants (typeshed knows neither)."""
    import importlib

    return importlib.import_module(f"re.{name}")


def _known(items: Any) -> bool:
    """Whether the simulation knows every construct of a parsed expression."""
    c = _internal("_constants")
    for op, arg in items:
        if op is c.AT:
            known = arg is c.AT_BEGINNING or arg is c.AT_END
        elif op is c.SUBPATTERN:
            known = _known(arg[-1])
        elif op is c.BRANCH:
            known = all(_known(branch) for branch in arg[1])
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
            known = _known(arg[2])
        elif op is c.IN:
            known = all(kind in (c.NEGATE, c.LITERAL, c.RANGE) for kind, _ in arg)
        else:
            known = op in (c.LITERAL, c.NOT_LITERAL, c.ANY)
        if not known:
            return False
    return True


def _ends(items: Any, text: str, starts: set[int]) -> set[int]:
    """The positions where `items` (a parsed expression) can end, begun at any of `starts`."""
    c = _internal("_constants")
    positions = starts
    for op, arg in items:
        if op is c.AT:
            if arg is c.AT_BEGINNING:
                positions = positions & {0}
            elif arg is c.AT_END:  # `$`: the end, or just before a final newline
                positions = {p for p in positions if p == len(text) or text[p:] == "\n"}
            else:
                raise AssertionError(arg)  # refused by _known
        elif op is c.SUBPATTERN:
            positions = _ends(arg[-1], text, positions)
        elif op is c.BRANCH:
            positions = set().union(*(_ends(branch, text, positions) for branch in arg[1]))
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
            positions = _repeat(arg, text, positions)
        else:
            positions = {p + 1 for p in positions if p < len(text) and _one(op, arg, text[p])}
    return positions


def _repeat(arg: Any, text: str, positions: set[int]) -> set[int]:
    low, high, items = arg
    for _ in range(low):
        positions = _ends(items, text, positions)
    reached = set(positions)
    frontier = positions
    count = low
    while frontier and (count < high or high == _MAXREPEAT):
        frontier = _ends(items, text, frontier) - reached  # each position is stepped from once
        reached |= frontier
        count += 1
    return reached


def _one(op: Any, arg: Any, char: str) -> bool:
    """Whether one character matches a one-character construct."""
    c = _internal("_constants")
    if op is c.LITERAL:
        return char == chr(arg)
    if op is c.NOT_LITERAL:
        return char != chr(arg)
    if op is c.ANY:
        return char != "\n"
    if op is c.IN:
        negate = False
        for kind, value in arg:
            if kind is c.NEGATE:
                negate = True
                continue
            if kind is c.LITERAL:
                low = high = value
            elif kind is c.RANGE:
                low, high = value
            else:
                raise AssertionError(kind)  # refused by _known
            if low <= ord(char) <= high:
                return not negate
        return negate
    raise AssertionError(op)  # refused by _known
