"""Codex CLI: hooks in `.codex/hooks.json`; the same envelope as Claude. Edits arrive as
PreToolUse with `tool_name: apply_patch` and the patch text in `tool_input.command`."""

from __future__ import annotations

import re
from typing import Any

from engram.hooks import events as ev

KINDS = {
    "SessionStart": ev.SESSION_START,
    "UserPromptSubmit": ev.PROMPT,
    "PreToolUse": ev.FILE_TOUCHED,
    "SubagentStart": ev.SUBAGENT_START,
    "PreCompact": ev.COMPACTION,
}
CONTEXT_EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "SubagentStart")
REGISTRATION = {
    "SessionStart": "startup|resume|clear|compact",
    "UserPromptSubmit": None,
    "PreToolUse": "apply_patch",
    "SubagentStart": None,
    "PreCompact": None,
}
_PATCH_PATH = re.compile(
    r"^\*\*\* (?:Add|Update|Delete) File: (.+?)\s*$|^\*\*\* Move to: (.+?)\s*$", re.M
)


def patch_paths(patch: str) -> list[str]:
    """Paths an apply_patch text touches, in order, without repeats."""
    found = [a or b for a, b in _PATCH_PATH.findall(patch)]
    return list(dict.fromkeys(p for p in found if p))


def normalize(payload: dict[str, Any], env: dict[str, str]) -> ev.Event:
    event = ev.base_event("codex", payload, env, KINDS)
    if event.kind == ev.FILE_TOUCHED:
        tool_input = payload.get("tool_input")
        command = tool_input.get("command") if isinstance(tool_input, dict) else None
        if payload.get("tool_name") == "apply_patch" and isinstance(command, str):
            event.paths = patch_paths(command)
        event.kind = event.kind if event.paths else ev.IGNORED
    return event


def respond(event: ev.Event, context: str) -> dict[str, Any]:
    return ev.envelope(event, context, CONTEXT_EVENTS)
