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
    event = ev.base_event("gemini", payload, env, KINDS, "GEMINI_PROJECT_DIR", "GEMINI_CWD")
    event.session = event.session or env.get("GEMINI_SESSION_ID", "")
    event.agent = event.agent_id = ""  # Gemini CLI has no subagent events
    if event.kind == ev.FILE_TOUCHED:
        event.paths = ev.tool_file_path(payload, FILE_TOOLS)
        event.kind = event.kind if event.paths else ev.IGNORED
    return event


def respond(event: ev.Event, context: str) -> dict[str, Any]:
    # Gemini escapes < and > in additionalContext; look-alike angle quotes read the same.
    return ev.envelope(event, context.replace("<", "‹").replace(">", "›"), CONTEXT_EVENTS)
