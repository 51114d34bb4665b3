"""`engram hooks install | uninstall`: Engram's entries in a host's files.

Installing merges Engram's hook handlers into the host's hook file, registers the `engram` MCP
server, and writes the first-run settings the project side may write (each host's
`SettingEdit`s; those that widen what runs without asking only with `trust_mcp`). Every entry
the user wrote stays, in its order; installing twice changes nothing; files keep their mode,
owner, symlink and indentation, and every change is backed up first (`jsonconfig`,
`tomlconfig`, `configfile`). `setup` is all or nothing: when a later file cannot be written,
the files already changed are put back.

Hook entries and the MCP server run the interpreter that ran the install behind a guard
(`launcher`), so a missing or broken Engram never blocks the host.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engram.errors import EngramError
from engram.hooks import configfile, launcher
from engram.hooks.host import Host, SettingEdit, Step
from engram.hooks.hosts import host
from engram.hooks.jsonconfig import read_json, write_json

TIMEOUT_SECONDS = 10


@dataclass
class InstallReport:
    """One file install or uninstall looked at."""

    host: str
    path: Path
    changed: bool
    backup: Path | None = None
    events: list[str] = field(default_factory=list)
    why: str = ""  # for a setting: what it does


def base_of(project: Path, is_global: bool) -> Path:
    return Path.home() if is_global else project


def config_path(name: str, *, project: Path, is_global: bool) -> Path:
    return base_of(project, is_global) / host(name).hooks.path


def mcp_path(name: str, *, project: Path, is_global: bool) -> Path:
    files = host(name).mcp
    return base_of(project, is_global) / (files.user if is_global else files.project)


# -- hook entries ----------------------------------------------------------------------------
def handlers_of(record: Host, group: object) -> list[Any]:
    """The handlers of one entry in a host's event list."""
    if not record.hooks.grouped:
        return [group]
    inner = group.get("hooks") if isinstance(group, dict) else None
    return inner if isinstance(inner, list) else []


def is_engram(handler: object) -> bool:
    """True for a handler Engram installed (this version's guard, or an older bare command)."""
    command = handler.get("command") if isinstance(handler, dict) else None
    return launcher.read_hook_command(command) is not None


def _hooks_of(data: dict[str, Any], path: Path) -> dict[str, Any]:
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise EngramError(f"{path}: 'hooks' must be an object", hint="fix the file first")
    return hooks


def _strip_engram(record: Host, hooks: dict[str, Any]) -> None:
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        kept = []
        for group in groups:
            if not record.hooks.grouped:
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


def _entry(record: Host, matcher: str | None, python: str) -> dict[str, Any]:
    handler: dict[str, Any] = {
        **record.hooks.handler,
        "type": "command",
        "command": launcher.hook_command(record.name, python),
    }
    if not record.hooks.grouped:
        return {"command": handler["command"]}
    handler["timeout"] = TIMEOUT_SECONDS * (1000 if record.hooks.timeout_in_ms else 1)
    group: dict[str, Any] = {"hooks": [handler]}
    return group if matcher is None else {"matcher": matcher, **group}


def install(
    name: str, *, project: Path, is_global: bool = False, python: str | None = None
) -> InstallReport:
    """Merge Engram's hook entries into the host's hook file (`python`: the interpreter they
    run, by default this one)."""
    record = host(name)
    path = config_path(name, project=project, is_global=is_global)
    data = read_json(path)
    before = copy.deepcopy(data)
    for key, value in record.hooks.top.items():
        data.setdefault(key, value)
    hooks = _hooks_of(data, path)
    # An entry installed before is replaced where it stands, not moved after the user's later
    # ones: installing again leaves the file as it was, and the hosts that run entries in
    # order (Gemini's sequential groups) run them in the same order.
    where = {
        event: next(
            (n for n, group in enumerate(groups)
             if any(is_engram(h) for h in handlers_of(record, group))),
            None,
        )
        for event, groups in hooks.items()
        if isinstance(groups, list)
    }  # fmt: skip
    _strip_engram(record, hooks)
    for event, matcher in record.registration.items():
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise EngramError(f"{path}: hooks.{event} must be a list", hint="fix the file first")
        at = where.get(event)
        entry = _entry(record, matcher, python or launcher.interpreter())
        groups.insert(len(groups) if at is None else at, entry)
    changed, backup = write_json(path, data, before)
    return InstallReport(name, path, changed, backup, events=list(record.registration))


def uninstall(name: str, *, project: Path, is_global: bool = False) -> InstallReport:
    """Remove Engram's entries (and only them) from the host's hook file."""
    path = config_path(name, project=project, is_global=is_global)
    if not path.exists():
        return InstallReport(name, path, changed=False)
    data = read_json(path)
    before = copy.deepcopy(data)
    hooks = _hooks_of(data, path)
    _strip_engram(host(name), hooks)
    if not hooks and before.get("hooks") != {}:  # an empty object the user wrote stays theirs
        del data["hooks"]
    changed, backup = write_json(path, data, before)
    return InstallReport(name, path, changed, backup)


# -- the MCP server --------------------------------------------------------------------------
def _ours(entry: object) -> bool:
    return launcher.read_mcp_entry(entry) is not None


def register_mcp(
    name: str,
    *,
    project: Path,
    is_global: bool = False,
    remove: bool = False,
    python: str | None = None,
) -> InstallReport:
    """Add (or with `remove`, take out) the `engram` MCP server in the host's MCP file, keeping
    every other server, and the keys the user added to Engram's entry."""
    path = mcp_path(name, project=project, is_global=is_global)
    entry = None if remove else launcher.mcp_entry(python or launcher.interpreter())
    if host(name).mcp.toml:
        from engram.hooks.tomlconfig import set_engram_server

        changed, backup = set_engram_server(path, entry, _ours)
        return InstallReport(name, path, changed, backup)
    if remove and not path.exists():
        return InstallReport(name, path, changed=False)
    data = read_json(path)
    before = copy.deepcopy(data)
    servers = data.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise EngramError(f"{path}: 'mcpServers' must be an object", hint="fix the file first")
    current = servers.get("engram")
    if entry is None:
        if not _ours(current):
            return InstallReport(name, path, changed=False)  # the user's own: theirs to remove
        del servers["engram"]
        if not servers:
            del data["mcpServers"]
    elif isinstance(current, dict) and _ours(current):
        current.update(entry)  # in place: keys the user (or --trust-mcp) added stay
    else:
        servers["engram"] = entry
    changed, backup = write_json(path, data, before)
    return InstallReport(name, path, changed, backup)


# -- first-run settings ----------------------------------------------------------------------
def edits_for(record: Host, *, is_global: bool, trust_mcp: bool) -> list[SettingEdit]:
    """The setting edits an install in this scope makes."""
    return [
        edit
        for edit in record.settings
        if (trust_mcp or not edit.widens_trust) and (not is_global or edit.global_file)
    ]


def edit_path(edit: SettingEdit, *, project: Path, is_global: bool) -> Path:
    if is_global:
        assert edit.global_file is not None
        return Path.home() / edit.global_file
    return project / edit.file


def _value(edit: SettingEdit) -> Any:
    return edit.value() if callable(edit.value) else edit.value


def _parent(data: dict[str, Any], edit: SettingEdit, path: Path, create: bool) -> Any:
    """The object holding the edit's last key (created with `create`; else None if missing)."""
    node: Any = data
    for key in edit.keys[:-1]:
        if not isinstance(node, dict):
            if create:
                raise EngramError(f"{path}: {'.'.join(edit.keys)} is not where Engram expects it")
            return None
        node = node.setdefault(key, {}) if create else node.get(key)
    return node


def setting_done(edit: SettingEdit, path: Path) -> bool:
    """Whether the host file already says what the edit would write."""
    try:
        data = read_json(path)
        parent = _parent(data, edit, path, create=False)
    except EngramError:
        return False
    current = parent.get(edit.keys[-1]) if isinstance(parent, dict) else None
    wanted = _value(edit)
    if isinstance(wanted, list):
        return isinstance(current, list) and all(item in current for item in wanted)
    return bool(current == wanted)


def apply_setting(edit: SettingEdit, path: Path, name: str, *, remove: bool) -> InstallReport:
    """Write the edit into the host file (list items added, a value set), or take it back."""
    report = InstallReport(name, path, changed=False, why=edit.why)
    if remove and not path.exists():
        return report
    data = read_json(path)
    before = copy.deepcopy(data)
    parent = _parent(data, edit, path, create=not remove)
    key, wanted = edit.keys[-1], _value(edit)
    if not isinstance(parent, dict):
        if remove:
            return report
        raise EngramError(f"{path}: {'.'.join(edit.keys)} is not where Engram expects it")
    current = parent.get(key)
    if isinstance(wanted, list):
        if current is not None and not isinstance(current, list):
            raise EngramError(f"{path}: {'.'.join(edit.keys)} must be a list")
        items = list(current or [])
        if remove:
            items = [item for item in items if item not in wanted]
        else:
            items += [item for item in wanted if item not in items]
        if items:
            parent[key] = items
        elif current:  # emptied by this removal (an empty list the user wrote stays)
            parent.pop(key, None)
    elif remove:
        if current == wanted:
            del parent[key]
    else:
        parent[key] = wanted
    report.changed, report.backup = write_json(path, data, before)
    return report


# -- all of it -------------------------------------------------------------------------------
@dataclass
class SetupReport:
    """What `setup` (or `teardown`) changed, and what only the user can still do."""

    hooks: InstallReport
    mcp: InstallReport | None = None
    settings: list[InstallReport] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)  # the user's first-run steps

    @property
    def files(self) -> list[InstallReport]:
        return [self.hooks, *([self.mcp] if self.mcp else []), *self.settings]


def setup(
    name: str,
    *,
    project: Path,
    is_global: bool = False,
    mcp: bool = True,
    trust_mcp: bool = False,
    python: str | None = None,
) -> SetupReport:
    """Install the hooks, the MCP server and the first-run settings; all or nothing."""
    record = host(name)
    done: list[InstallReport] = []
    try:
        report = SetupReport(install(name, project=project, is_global=is_global, python=python))
        done.append(report.hooks)
        if mcp:
            report.mcp = register_mcp(name, project=project, is_global=is_global, python=python)
            done.append(report.mcp)
            for edit in edits_for(record, is_global=is_global, trust_mcp=trust_mcp):
                path = edit_path(edit, project=project, is_global=is_global)
                report.settings.append(apply_setting(edit, path, name, remove=False))
                done.append(report.settings[-1])
    except EngramError:
        for changed in reversed(done):  # put back what this install changed, newest first
            if changed.changed:
                configfile.restore(changed.path, changed.backup)
        raise
    report.steps = record.user_steps(project, is_global)
    return report


def teardown(name: str, *, project: Path, is_global: bool = False, mcp: bool = True) -> SetupReport:
    """Remove Engram's hooks, its MCP server and the settings install wrote for it."""
    report = SetupReport(uninstall(name, project=project, is_global=is_global))
    if mcp:
        report.mcp = register_mcp(name, project=project, is_global=is_global, remove=True)
        for edit in edits_for(host(name), is_global=is_global, trust_mcp=True):
            path = edit_path(edit, project=project, is_global=is_global)
            report.settings.append(apply_setting(edit, path, name, remove=True))
    return report
