"""Codex's `config.toml`: adding or removing Engram's `[mcp_servers.engram]` table and nothing
else — comments, indentation, order and tables Engram does not know stay as they were (a
round-trip TOML parser, checked against what the file must parse to)."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engram.errors import EngramError
from engram.hooks import configfile


def set_engram_server(
    path: Path, entry: dict[str, Any] | None, ours: Callable[[object], bool]
) -> tuple[bool, Path | None]:
    """Set `[mcp_servers.engram]` to `entry` (its other keys stay), or with None remove it when
    `ours` says it is Engram's: (whether the file changed, the backup or None)."""
    import tomllib

    remove = entry is None
    old = configfile.read_text(configfile.target_of(path))
    if old is None and remove:
        return False, None
    old = old or ""
    try:
        before = tomllib.loads(old)
    except tomllib.TOMLDecodeError as exc:
        raise EngramError(
            f"{path}: not valid TOML ({exc})", hint="fix the file, then install again"
        ) from None
    expected = copy.deepcopy(before)
    servers = expected.get("mcp_servers")
    if servers is not None and not isinstance(servers, dict):
        raise EngramError(f"{path}: 'mcp_servers' must be a table", hint="fix the file first")
    if entry is None:
        if not servers or not ours(servers.get("engram")):
            return False, None  # none, or one the user set up (another command): theirs
        del servers["engram"]
        candidates = [_cut_engram_table(old), _toml_edit(old, None)]
    else:
        expected.setdefault("mcp_servers", {}).setdefault("engram", {}).update(entry)
        if expected == before:
            return False, None
        candidates = [_toml_edit(old, entry)]
    for text in candidates:
        if text is not None and _same_toml(text, expected):
            return configfile.write_text(path, configfile.with_line_ends_of(old, text))
    action = "remove" if remove else "add"
    by_hand = "" if entry is None else ": " + ", ".join(f"{k} = {v!r}" for k, v in entry.items())
    raise EngramError(
        f"{path}: cannot {action} [mcp_servers.engram] without changing anything else",
        hint=f"{action} it by hand{by_hand}",
    )


def _same_toml(text: str, expected: dict[str, Any]) -> bool:
    """True when `text` parses to `expected` (an `mcp_servers` left empty may go or stay)."""
    import tomllib

    try:
        got = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    if got == expected:
        return True
    if expected.get("mcp_servers") == {}:
        return got == {k: v for k, v in expected.items() if k != "mcp_servers"}
    return False


def _toml_edit(old: str, entry: dict[str, Any] | None) -> str | None:
    """The file with Engram's server set to `entry` (or removed, for None) through tomlkit's
    document model."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError
    from tomlkit.items import InlineTable, Table

    try:
        doc = tomlkit.parse(old)
        servers = doc.get("mcp_servers")
        if entry is None:
            if isinstance(servers, Table | InlineTable):
                del servers["engram"]
                if not servers and isinstance(servers, Table) and servers.is_super_table():
                    del doc["mcp_servers"]
            return tomlkit.dumps(doc)
        if servers is None:
            servers = tomlkit.table(is_super_table=True)
            doc["mcp_servers"] = servers
        if not isinstance(servers, Table | InlineTable):
            return None
        current = servers.get("engram")
        if isinstance(current, Table | InlineTable):
            for key, value in entry.items():  # in place: the user's other keys stay
                if current.get(key) != value:
                    current[key] = value
            return tomlkit.dumps(doc)
        if current is not None:
            return None
        new = tomlkit.inline_table() if isinstance(servers, InlineTable) else tomlkit.table()
        new.update(entry)
        if isinstance(new, Table):
            new.add(tomlkit.nl())  # a blank line before whatever follows it
        servers["engram"] = new
        text = tomlkit.dumps(doc)
    except TOMLKitError:
        return None
    if text.endswith("\n\n") and not old.endswith("\n\n"):
        text = text.rstrip("\n") + "\n"
    return text


_HEADER = re.compile(r"[ \t]*\[\[?([^\[\]]+)\]\]?[ \t]*(?:#.*)?")


def _table_of(line: str) -> list[str] | None:
    """The dotted name of a `[table]` or `[[array]]` header line, else None."""
    found = _HEADER.fullmatch(line.rstrip("\r\n"))
    if not found:
        return None
    return [part.strip().strip("\"'") for part in found.group(1).split(".")]


def _cut_engram_table(old: str) -> str | None:
    """The file without the lines of `[mcp_servers.engram]` (and its sub-tables): from its
    header to its last non-comment line. Comments after that precede whatever comes next, so
    they stay. The caller checks that the result parses to what it should."""
    lines = old.splitlines(keepends=True)
    name = ["mcp_servers", "engram"]
    start = next((i for i, line in enumerate(lines) if _table_of(line) == name), None)
    if start is None:
        return None
    end = start + 1
    while end < len(lines):
        table = _table_of(lines[end])
        if table is not None and table[:2] != name:
            break
        end += 1
    cut = end
    while cut > start + 1 and lines[cut - 1].strip()[:1] in ("", "#"):
        cut -= 1
    head, tail = lines[:start], lines[cut:]
    while tail and not tail[0].strip() and (not head or not head[-1].strip()):
        tail.pop(0)  # one blank line between what was before and after, not two
    if not tail:
        while head and not head[-1].strip():
            head.pop()
    return "".join(head + tail)
