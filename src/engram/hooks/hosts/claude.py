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
    name = ev.text_field(payload, "hook_event_name")
    kind = KINDS.get(name, ev.IGNORED)
    event = ev.Event(
        host="claude",
        kind=kind,
        name=name,
        session=ev.text_field(payload, "session_id"),
        cwd=ev.cwd_of(payload, env, "CLAUDE_PROJECT_DIR"),
        prompt=ev.text_field(payload, "prompt"),
        source=ev.text_field(payload, "source"),
        agent=" ".join(
            filter(None, [ev.text_field(payload, "agent_type"), ev.text_field(payload, "prompt")])
        ),
        agent_id=ev.text_field(payload, "agent_id"),
        loaded_file=ev.text_field(payload, "file_path"),
    )
    if kind == ev.FILE_TOUCHED:
        tool_input = payload.get("tool_input")
        if payload.get("tool_name") in FILE_TOOLS and isinstance(tool_input, dict):
            path = tool_input.get("file_path")
            event.paths = [path] if isinstance(path, str) and path else []
        else:
            event.kind = ev.IGNORED
    return event


def respond(event: ev.Event, context: str) -> dict[str, Any]:
    if not context or event.name not in CONTEXT_EVENTS:
        return {}
    return {"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": context}}
