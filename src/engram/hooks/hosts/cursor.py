"""Cursor: hooks in `.cursor/hooks.json` (`"version": 1`). Only `sessionStart` can inject
context, as snake_case `additional_context`; path-scoped memories reach Cursor through generated
`.cursor/rules/engram/*.mdc` files instead."""

from __future__ import annotations

from pathlib import Path

from engram.hooks import events as ev
from engram.hooks.host import CapSetting, HookFile, Host, McpFile, NativeRules

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from typing import Any

    from engram.files.index import DocRow

KINDS = {"sessionStart": ev.SESSION_START, "preCompact": ev.COMPACTION}
# At most this many of `workspace_roots` are looked at: each is a walk up the folders, and a
# multi-root window never holds so many.
MAX_ROOTS = 32


def normalize(payload: dict[str, Any], env: dict[str, str]) -> ev.Event:
    name = ev.text_field(payload, "hook_event_name")
    root = project_root(payload.get("workspace_roots"))
    cwd = ev.cwd_of({"cwd": root} if root else payload, env, "CURSOR_PROJECT_DIR")
    return ev.Event(
        host="cursor",
        kind=KINDS.get(name, ev.IGNORED),
        name=name,
        session=ev.text_field(payload, "session_id", "conversation_id"),
        cwd=cwd,
    )


def project_root(roots: object) -> str:
    """Of a multi-root window's `workspace_roots`, the first in (or under) an Engram
    workspace; else the first ('' for none)."""
    from engram.files.discovery import workspace_folder

    paths = [p for p in map(ev.as_path, roots[:MAX_ROOTS]) if p] if isinstance(roots, list) else []
    for path in paths:
        try:
            if workspace_folder(path):
                return path
        except (OSError, RuntimeError, ValueError):  # unreadable, a link loop, a NUL: not it
            continue
    return paths[0] if paths else ""


def respond(event: ev.Event, context: str) -> dict[str, Any]:
    if not context or event.name != "sessionStart":
        return {}
    return {"continue": True, "additional_context": context}


def rule_file(row: DocRow, body: str) -> str:
    import json  # not imported where every host's record is read (`engram.config`)

    from engram.hooks.native import marker, with_directive
    from engram.render.pack import card_text

    description = json.dumps(f"Engram memory {row.id}: {card_text(row)}".strip(": "))
    from engram.files.globs import expanded

    globs = json.dumps(",".join(expanded(row.applies_to)))  # Cursor splits them at commas
    return (
        f"---\ndescription: {description}\nglobs: {globs}\nalwaysApply: false\n---\n"
        f"{marker(row)}\n{with_directive(row, body)}\n"
    )


HOST = Host(
    name="cursor",
    title="Cursor",
    kinds=KINDS,
    registration={"sessionStart": None, "preCompact": None},
    hooks=HookFile(Path(".cursor") / "hooks.json", grouped=False, top={"version": 1}),
    mcp=McpFile(project=Path(".cursor") / "mcp.json", user=Path(".cursor") / "mcp.json"),
    cap=CapSetting("characters", 9500, "Cursor cap on injected characters (self-imposed)", 200),
    normalize=normalize,
    respond=respond,
    native=NativeRules(Path(".cursor") / "rules" / "engram", ".mdc", rule_file),
)
