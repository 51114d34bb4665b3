"""`engram hooks status`: for every host and scope, where Engram is installed, whether what its
entries run still works, and which first-run steps are still to do."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engram.errors import EngramError
from engram.hooks import launcher
from engram.hooks.host import Host
from engram.hooks.hosts import every_host
from engram.hooks.install import (
    base_of,
    edit_path,
    edits_for,
    handlers_of,
    mcp_path,
    setting_done,
)
from engram.hooks.jsonconfig import read_json


@dataclass
class HostStatus:
    host: str
    scope: str  # "project" or "global"
    path: str  # the hook file
    events: list[str] = field(default_factory=list)  # those Engram's hooks are registered for
    error: str | None = None  # the hook file cannot be read
    works: bool | None = None  # whether the hooks start a working Engram (None: not installed)
    note: str = ""  # what to fix, or to know, about what they run
    mcp: str | None = None  # the MCP file, when Engram's server is registered in it
    mcp_works: bool | None = None
    mcp_note: str = ""
    pending: list[str] = field(default_factory=list)  # first-run steps still to do

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _launches(record: Host, data: dict[str, Any]) -> tuple[list[str], list[launcher.Launch]]:
    """The events Engram is registered for in a hook file, and what its entries run."""
    hooks = data.get("hooks") if isinstance(data.get("hooks"), dict) else {}
    events, launches = [], []
    for event, groups in (hooks or {}).items():
        found = [
            launch
            for group in (groups if isinstance(groups, list) else [])
            for handler in handlers_of(record, group)
            if isinstance(handler, dict)
            and (launch := launcher.read_hook_command(handler.get("command")))
        ]
        if found:
            events.append(event)
            launches += found
    return events, launches


def _mcp_launch(record: Host, path: Path) -> launcher.Launch | None:
    if record.mcp.toml:
        import tomllib

        try:
            servers = tomllib.loads(path.read_text(encoding="utf-8")).get("mcp_servers")
        except (OSError, ValueError):
            return None
    else:
        try:
            servers = read_json(path).get("mcpServers")
        except EngramError:
            return None
    return launcher.read_mcp_entry(servers.get("engram") if isinstance(servers, dict) else None)


def host_status(record: Host, *, project: Path, is_global: bool) -> HostStatus:
    path = base_of(project, is_global) / record.hooks.path
    row = HostStatus(record.name, "global" if is_global else "project", str(path))
    try:
        data = read_json(path)
    except EngramError as exc:
        row.error = exc.message
        return row
    row.events, launches = _launches(record, data)
    if not launches:
        return row
    health = launcher.hook_health(launches[0], record.name, project)
    row.works, row.note = health.works, health.note
    mcp_file = mcp_path(record.name, project=project, is_global=is_global)
    mcp = _mcp_launch(record, mcp_file)
    if mcp is not None:
        row.mcp = str(mcp_file)
        mcp_health = launcher.mcp_health(mcp, project)
        row.mcp_works, row.mcp_note = mcp_health.works, mcp_health.note
        for edit in edits_for(record, is_global=is_global, trust_mcp=True):
            if not setting_done(edit, edit_path(edit, project=project, is_global=is_global)):
                row.pending.append(
                    f"optional: {edit.why} (`engram hooks install --trust-mcp`)"
                    if edit.widens_trust
                    else f"not yet: {edit.why} (`engram hooks install` sets it)"
                )
    row.pending += [step.text for step in record.user_steps(project, is_global) if not step.done]
    return row


def rule_file_hosts(project: Path) -> list[str]:
    """The hosts that load generated rule files (Claude Code, Cursor) whose Engram hooks are
    installed for the project or the user: only they read the rule files a sync writes. The
    hook files alone are read, not what their entries run (as `status` checks)."""
    found = []
    for record in every_host():
        if record.native is None:
            continue
        for is_global in (False, True):
            try:
                data = read_json(base_of(project, is_global) / record.hooks.path)
            except EngramError:  # a hook file that cannot be read runs no hooks
                continue
            if _launches(record, data)[0]:
                found.append(record.name)
                break
    return found


def status(*, project: Path) -> list[HostStatus]:
    """Every host, in the project and in the user's home folder."""
    return [
        host_status(record, project=project, is_global=is_global)
        for record in every_host()
        for is_global in (False, True)
    ]
