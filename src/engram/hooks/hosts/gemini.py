"""Gemini CLI: hooks in `.gemini/settings.json`; stdout must be pure JSON. Gemini escapes `<` and
`>` in additionalContext, so injected text carries look-alike angle quotes instead."""

from __future__ import annotations

from typing import Any

from engram.hooks import events as ev

FILE_TOOLS = ("read_file", "write_file", "replace")
KINDS = {
    "SessionStart": ev.SESSION_START,
    "BeforeAgent": ev.PROMPT,
    "AfterTool": ev.FILE_TOUCHED,
    "PreCompress": ev.COMPACTION,
}
CONTEXT_EVENTS = ("SessionStart", "BeforeAgent", "AfterTool")
REGISTRATION = {
    "SessionStart": None,
    "BeforeAgent": "*",
    "AfterTool": "|".join(FILE_TOOLS),
    "PreCompress": None,
}


def normalize(payload: dict[str, Any], env: dict[str, str]) -> ev.Event:
    name = ev.text_field(payload, "hook_event_name")
    kind = KINDS.get(name, ev.IGNORED)
    event = ev.Event(
        host="gemini",
        kind=kind,
        name=name,
        session=ev.text_field(payload, "session_id") or env.get("GEMINI_SESSION_ID", ""),
        cwd=ev.cwd_of(payload, env, "GEMINI_PROJECT_DIR", "GEMINI_CWD"),
        prompt=ev.text_field(payload, "prompt"),
        source=ev.text_field(payload, "source"),
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
    text = context.replace("<", "‹").replace(">", "›")
    return {"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": text}}
