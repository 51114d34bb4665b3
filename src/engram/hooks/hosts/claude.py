"""Claude Code: hooks in `.claude/settings.json`; context goes in
`hookSpecificOutput.additionalContext`, which Claude drops unless `hookEventName` is set."""

from __future__ import annotations

from typing import Any

from engram.hooks import events as ev

FILE_TOOLS = ("Read", "Edit", "Write", "MultiEdit")
KINDS = {
    "SessionStart": ev.SESSION_START,
    "UserPromptSubmit": ev.PROMPT,
    "PreToolUse": ev.FILE_TOUCHED,
    "SubagentStart": ev.SUBAGENT_START,
    "PreCompact": ev.COMPACTION,
    "InstructionsLoaded": ev.INSTRUCTIONS_LOADED,
}
# Events that can carry additionalContext (PreCompact and InstructionsLoaded cannot).
CONTEXT_EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "SubagentStart")
# What `engram hooks install --host claude` registers: event -> matcher (None: no matcher).
REGISTRATION = {
    "SessionStart": "startup|resume|clear|compact",
    "UserPromptSubmit": None,
    "PreToolUse": "|".join(FILE_TOOLS),
    "SubagentStart": None,
    "PreCompact": None,
    "InstructionsLoaded": None,
}


def normalize(payload: dict[str, Any], env: dict[str, str]) -> ev.Event:
    event = ev.base_event("claude", payload, env, KINDS, "CLAUDE_PROJECT_DIR")
    event.loaded_file = ev.text_field(payload, "file_path")
    if event.kind == ev.FILE_TOUCHED:
        event.paths = ev.tool_file_path(payload, FILE_TOOLS)
        event.kind = event.kind if event.paths else ev.IGNORED
    return event


def respond(event: ev.Event, context: str) -> dict[str, Any]:
    return ev.envelope(event, context, CONTEXT_EVENTS)
