"""Reading and writing a host's JSON settings as the user keeps them.

Hosts tolerate comments and trailing commas in their JSON (JSONC: Gemini CLI, Claude Code), so
they are read; they cannot be written back, and the backup keeps them. A file is written in its
own indentation, and not at all when it already holds what Engram would write. Every write goes
through `configfile` (mode, owner and symlink kept, atomic, backed up first).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engram.errors import EngramError
from engram.hooks import configfile


def strip_comments(text: str) -> str:
    """Remove // and /* */ comments and trailing commas outside JSON strings."""
    out: list[str] = []
    i, n = 0, len(text)
    in_string = False
    while i < n:
        ch = text[i]
        if in_string:
            out.append(ch)
            if ch == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
            out.append(ch)
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        else:
            out.append(ch)
        i += 1
    return _drop_trailing_commas("".join(out))


def _drop_trailing_commas(text: str) -> str:
    """Remove a `,` that only whitespace separates from a closing `]` or `}` (outside strings)."""
    out: list[str] = []
    in_string = False
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "]}":
            back = len(out) - 1
            while back >= 0 and out[back].isspace():
                back -= 1
            if back >= 0 and out[back] == ",":
                del out[back]
        out.append(ch)
    return "".join(out)


def read_json(path: Path) -> dict[str, Any]:
    """The host file as a dict ({} when the file does not exist)."""
    text = configfile.read_text(path)
    if text is None or not text.strip():
        return {}
    try:
        data = json.loads(strip_comments(text))
    except ValueError as exc:
        raise EngramError(
            f"{path}: not valid JSON ({exc})", hint="fix the file, then install again"
        ) from None
    if not isinstance(data, dict):
        raise EngramError(f"{path}: expected a JSON object at the top")
    return data


def write_json(
    path: Path, data: dict[str, Any], before: dict[str, Any]
) -> tuple[bool, Path | None]:
    """Write `data` in the file's own indentation, unless it equals what the file held
    (`before`): (whether it changed, the backup or None)."""
    old = configfile.read_text(path)
    if old is not None and data == before:
        return False, None  # also keeps a commented (JSONC) file that already says this intact
    text = json.dumps(data, indent=_indent_of(old or ""), ensure_ascii=False) + "\n"
    return configfile.write_text(path, configfile.with_line_ends_of(old, text))


def _indent_of(text: str) -> str | int:
    """The indentation of the file's first nested line: a tab, or a number of spaces (2 by
    default)."""
    found = re.search(r"^[ \t]*[{\[][ \t]*\r?\n([ \t]+)\S", text)
    if not found:
        return 2
    indent = found.group(1)
    return indent if "\t" in indent else len(indent)
