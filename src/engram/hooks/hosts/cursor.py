"""Cursor: hooks in `.cursor/hooks.json` (`"version": 1`). Only `sessionStart` can inject
context, as snake_case `additional_context`; path-scoped memories reach Cursor through generated
`.cursor/rules/engram/*.mdc` files instead."""

from __future__ import annotations

from typing import Any

from engram.hooks import events as ev

KINDS = {"sessionStart": ev.SESSION_START, "preCompact": ev.COMPACTION}
REGISTRATION: dict[str, str | None] = {"sessionStart": None, "preCompact": None}


def normalize(payload: dict[str, Any], env: dict[str, str]) -> ev.Event:
    name = ev.text_field(payload, "hook_event_name")
    roots = payload.get("workspace_roots")
    root = roots[0] if isinstance(roots, list) and roots and isinstance(roots[0], str) else ""
    cwd = ev.cwd_of({"cwd": root} if root else payload, env, "CURSOR_PROJECT_DIR")
    return ev.Event(
        host="cursor",
        kind=KINDS.get(name, ev.IGNORED),
        name=name,
        session=ev.text_field(payload, "session_id", "conversation_id"),
        cwd=cwd,
    )


def respond(event: ev.Event, context: str) -> dict[str, Any]:
    if not context or event.name != "sessionStart":
        return {}
    return {"continue": True, "additional_context": context}
