"""`engram hooks install | uninstall | status`: Engram's entries in each host's hook config.

Installing merges Engram's handlers into the host's file and keeps every entry the user wrote;
installing twice changes nothing; before Engram first changes a file it copies it to
`<file>.engram-backup` (an existing backup is kept, so it always holds the file as it was
before Engram touched it). Comments (JSONC, which Gemini CLI and Claude Code tolerate) are read
but cannot be written back — the backup keeps them.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engram.errors import EngramError
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
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise EngramError(f"{path}: cannot read ({exc.strerror})") from None
    if not text.strip():
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


def _write(path: Path, data: dict[str, Any], report: InstallReport) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    old = path.read_text(encoding="utf-8") if path.exists() else None
    if old == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    if old is not None:
        report.backup = _backup(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    report.changed = True


def _backup(path: Path) -> Path:
    backup = path.with_name(path.name + ".engram-backup")
    if not backup.exists():
        shutil.copy2(path, backup)
    return backup


def install(host: str, *, project: Path, is_global: bool = False) -> InstallReport:
    """Merge Engram's hook entries into the host's config file."""
    path = config_path(host, project=project, is_global=is_global)
    data = read_config(path)
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
    _write(path, data, report)
    return report


def uninstall(host: str, *, project: Path, is_global: bool = False) -> InstallReport:
    """Remove Engram's entries (and only them) from the host's config file."""
    path = config_path(host, project=project, is_global=is_global)
    report = InstallReport(host, path, changed=False)
    if not path.exists():
        return report
    data = read_config(path)
    hooks = _hooks_of(data, path)
    _strip_engram(host, hooks)
    if not hooks:
        del data["hooks"]
    _write(path, data, report)
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
_CODEX_SECTION = '[mcp_servers.engram]\ncommand = "engram"\nargs = ["mcp"]\n'


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
    servers = data.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise EngramError(f"{path}: 'mcpServers' must be an object", hint="fix the file first")
    if remove:
        servers.pop("engram", None)
        if not servers:
            del data["mcpServers"]
    else:
        servers["engram"] = dict(MCP_ENTRY)
    _write(path, data, report)
    return report


def _codex_toml(path: Path, report: InstallReport, remove: bool) -> None:
    import re
    import tomllib

    old = path.read_text(encoding="utf-8") if path.exists() else ""
    section = re.compile(r"^\[mcp_servers\.engram\]\s*\n(?:(?!\[).*\n?)*", re.M)
    text = section.sub("", old).rstrip("\n")
    if not remove:
        text = (text + "\n\n" if text else "") + _CODEX_SECTION
    elif text:
        text += "\n"
    if text == old:
        return
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise EngramError(
            f"{path}: not valid TOML ({exc})", hint="fix the file, then install again"
        ) from None
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        report.backup = _backup(path)
    path.write_text(text, encoding="utf-8")
    report.changed = True
