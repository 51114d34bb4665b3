"""`engram hooks install | uninstall | status`: Engram's entries in each host's hook config.

Installing merges Engram's handlers into the host's file and keeps every entry the user wrote,
in their order and with the file's indentation; installing twice changes nothing. The file keeps
its mode, owner and symlink, and every change is backed up first (`configfile`). Comments in a
JSON file (JSONC, which Gemini CLI and Claude Code tolerate) are read but cannot be written back
— the backup keeps them; a file that already holds what Engram would write is left alone.
Codex's `config.toml` is edited with a round-trip TOML parser, so its comments, layout and
other tables stay as they were.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engram.errors import EngramError
from engram.hooks import configfile
from engram.hooks.hosts import HOSTS, adapter

CONFIG_FILES = {
    "claude": Path(".claude") / "settings.json",
    "codex": Path(".codex") / "hooks.json",
    "gemini": Path(".gemini") / "settings.json",
    "cursor": Path(".cursor") / "hooks.json",
}
TIMEOUT_SECONDS = 10


def command_for(host: str) -> str:
    return f"engram hook --host {host}"


def is_engram(handler: object) -> bool:
    """True for a handler Engram installed (its command runs `engram hook`)."""
    if not isinstance(handler, dict):
        return False
    command = handler.get("command")
    return isinstance(command, str) and command.strip().startswith("engram hook")


@dataclass
class InstallReport:
    host: str
    path: Path
    changed: bool
    backup: Path | None = None
    events: list[str] = field(default_factory=list)


def config_path(host: str, *, project: Path, is_global: bool) -> Path:
    base = Path.home() if is_global else project
    return base / CONFIG_FILES[host]


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


def read_config(path: Path) -> dict[str, Any]:
    """The host config as a dict ({} when the file does not exist)."""
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


def _hooks_of(data: dict[str, Any], path: Path) -> dict[str, Any]:
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise EngramError(f"{path}: 'hooks' must be an object", hint="fix the file first")
    return hooks


def _strip_engram(host: str, hooks: dict[str, Any]) -> None:
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        kept = []
        for group in groups:
            if host == "cursor":
                if not is_engram(group):
                    kept.append(group)
                continue
            inner = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(inner, list):
                kept.append(group)
                continue
            remaining = [h for h in inner if not is_engram(h)]
            if remaining:
                kept.append(
                    {**group, "hooks": remaining} if len(remaining) != len(inner) else group
                )
            elif not inner:
                kept.append(group)
        if kept:
            hooks[event] = kept
        else:
            del hooks[event]


def _entry(host: str, matcher: str | None) -> dict[str, Any]:
    command = command_for(host)
    if host == "cursor":
        return {"command": command}
    handler: dict[str, Any] = {"type": "command", "command": command}
    if host == "gemini":
        handler = {"name": "engram", **handler, "timeout": TIMEOUT_SECONDS * 1000}  # ms
    else:
        handler["timeout"] = TIMEOUT_SECONDS
    group: dict[str, Any] = {"hooks": [handler]}
    if matcher is not None:
        group = {"matcher": matcher, **group}
    return group


def _write(path: Path, data: dict[str, Any], before: dict[str, Any], report: InstallReport) -> None:
    """Write `data` as JSON in the file's own indentation, unless it equals what the file held."""
    old = configfile.read_text(path)
    if old is not None and data == before:
        return  # also keeps a commented (JSONC) file that already has Engram's entries intact
    text = json.dumps(data, indent=_indent_of(old or ""), ensure_ascii=False) + "\n"
    _write_text(path, text, report)


def _write_text(path: Path, text: str, report: InstallReport) -> None:
    report.changed, report.backup = configfile.write_text(path, text)


def _indent_of(text: str) -> str | int:
    """The indentation of the file's first nested line: a tab, or a number of spaces (2 by
    default)."""
    found = re.search(r"^[ \t]*[{\[][ \t]*\r?\n([ \t]+)\S", text)
    if not found:
        return 2
    indent = found.group(1)
    return indent if "\t" in indent else len(indent)


def install(host: str, *, project: Path, is_global: bool = False) -> InstallReport:
    """Merge Engram's hook entries into the host's config file."""
    path = config_path(host, project=project, is_global=is_global)
    data = read_config(path)
    before = copy.deepcopy(data)
    if host == "cursor":
        data.setdefault("version", 1)
    hooks = _hooks_of(data, path)
    _strip_engram(host, hooks)
    registration: dict[str, str | None] = adapter(host).REGISTRATION
    for event, matcher in registration.items():
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise EngramError(f"{path}: hooks.{event} must be a list", hint="fix the file first")
        groups.append(_entry(host, matcher))
    report = InstallReport(host, path, changed=False, events=list(registration))
    _write(path, data, before, report)
    return report


def uninstall(host: str, *, project: Path, is_global: bool = False) -> InstallReport:
    """Remove Engram's entries (and only them) from the host's config file."""
    path = config_path(host, project=project, is_global=is_global)
    report = InstallReport(host, path, changed=False)
    if not path.exists():
        return report
    data = read_config(path)
    before = copy.deepcopy(data)
    hooks = _hooks_of(data, path)
    _strip_engram(host, hooks)
    if not hooks:
        del data["hooks"]
    _write(path, data, before, report)
    return report


def status(*, project: Path) -> list[dict[str, Any]]:
    """For every host and scope: the config file and the events Engram is registered for."""
    rows: list[dict[str, Any]] = []
    for host in HOSTS:
        for is_global in (False, True):
            path = config_path(host, project=project, is_global=is_global)
            try:
                data = read_config(path)
            except EngramError as exc:
                rows.append({"host": host, "scope": "global" if is_global else "project",
                             "path": str(path), "events": [], "error": exc.message})  # fmt: skip
                continue
            hooks = data.get("hooks") if isinstance(data.get("hooks"), dict) else {}
            events = []
            for event, groups in (hooks or {}).items():
                for group in groups if isinstance(groups, list) else []:
                    handlers = [group] if host == "cursor" else (group or {}).get("hooks") or []
                    if any(is_engram(h) for h in handlers if isinstance(handlers, list)):
                        events.append(event)
                        break
            rows.append({"host": host, "scope": "global" if is_global else "project",
                         "path": str(path), "events": events, "error": None})  # fmt: skip
    return rows


# -- MCP server registration ---------------------------------------------------------------
MCP_ENTRY = {"command": "engram", "args": ["mcp"]}
MCP_FILES = {
    "claude": (Path(".mcp.json"), Path(".claude.json")),  # (project, user-level)
    "gemini": (Path(".gemini") / "settings.json", Path(".gemini") / "settings.json"),
    "cursor": (Path(".cursor") / "mcp.json", Path(".cursor") / "mcp.json"),
    "codex": (Path(".codex") / "config.toml", Path(".codex") / "config.toml"),
}


def mcp_path(host: str, *, project: Path, is_global: bool) -> Path:
    local, user = MCP_FILES[host]
    return Path.home() / user if is_global else project / local


def register_mcp(
    host: str, *, project: Path, is_global: bool = False, remove: bool = False
) -> InstallReport:
    """Add (or with `remove`, take out) the `engram` MCP server in the host's MCP config,
    keeping every other server the user registered."""
    path = mcp_path(host, project=project, is_global=is_global)
    report = InstallReport(host, path, changed=False)
    if host == "codex":
        _codex_toml(path, report, remove)
        return report
    if remove and not path.exists():
        return report
    data = read_config(path)
    before = copy.deepcopy(data)
    servers = data.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise EngramError(f"{path}: 'mcpServers' must be an object", hint="fix the file first")
    if remove:
        if not _ours(servers.get("engram")):
            return report  # an `engram` server the user set up is theirs to remove
        servers.pop("engram", None)
        if not servers:
            del data["mcpServers"]
    else:
        servers["engram"] = dict(MCP_ENTRY)
    _write(path, data, before, report)
    return report


def _ours(entry: object) -> bool:
    """Whether an `engram` MCP server entry runs Engram's own server (`engram mcp …`, by name
    or by a path to the command), as install writes it (older versions added flags)."""
    if not isinstance(entry, dict):
        return False
    command, args = str(entry.get("command", "")), entry.get("args")
    runs_mcp = isinstance(args, list) and args[:1] == ["mcp"]
    return Path(command).name in ("engram", "engram.exe") and runs_mcp


def _codex_toml(path: Path, report: InstallReport, remove: bool) -> None:
    """Add or remove `[mcp_servers.engram]` in Codex's config.toml, leaving the rest of the
    file — comments, indentation, order, tables Engram does not know — as it was."""
    import tomllib

    old = configfile.read_text(configfile.target_of(path))
    if old is None and remove:
        return
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
    if remove:
        if not servers or not _ours(servers.get("engram")):
            return  # none, or one the user set up (another command): theirs to remove
        del servers["engram"]
        candidates = [_cut_engram_table(old), _toml_edit(old, remove=True)]
    else:
        expected.setdefault("mcp_servers", {}).setdefault("engram", {}).update(MCP_ENTRY)
        if expected == before:
            return
        candidates = [_toml_edit(old, remove=False)]
    for text in candidates:
        if text is not None and _same_toml(text, expected):
            _write_text(path, text, report)
            return
    action = "remove" if remove else "add"
    raise EngramError(
        f"{path}: cannot {action} [mcp_servers.engram] without changing anything else",
        hint=f'{action} it by hand: command = "engram", args = ["mcp"]',
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


def _toml_edit(old: str, *, remove: bool) -> str | None:
    """The file with Engram's server set (or removed) through tomlkit's document model."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError
    from tomlkit.items import InlineTable, Table

    try:
        doc = tomlkit.parse(old)
        servers = doc.get("mcp_servers")
        if remove:
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
        entry = servers.get("engram")
        if isinstance(entry, Table | InlineTable):
            for key, value in MCP_ENTRY.items():  # in place: the user's other keys stay
                if entry.get(key) != value:
                    entry[key] = value
            return tomlkit.dumps(doc)
        if entry is not None:
            return None
        new = tomlkit.inline_table() if isinstance(servers, InlineTable) else tomlkit.table()
        new.update(MCP_ENTRY)
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
