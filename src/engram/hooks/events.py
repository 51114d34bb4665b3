"""The internal event model every host's payload is translated into."""

from __future__ import annotations

import os

from engram.plain import Plain

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from typing import Any

SESSION_START = "session_start"
PROMPT = "prompt"
FILE_TOUCHED = "file_touched"
SUBAGENT_START = "subagent_start"
COMPACTION = "compaction"
INSTRUCTIONS_LOADED = "instructions_loaded"
IGNORED = "ignored"  # an event Engram has nothing to do for
# A prompt is routed on its first this many characters: what it asks for comes first, and a
# pasted log of tens of megabytes took longer to split into words than a host waits for a hook.
PROMPT_CHARS = 20_000
# No system takes a longer path (Windows' extended paths; Linux stops at 4,096 bytes). A longer
# one (or one with a NUL) from a host is taken as no path: megabytes of them made a hook run out
# of time before it failed.
PATH_CHARS = 32_767


class Event(Plain):
    """What happened in the host, in host-neutral terms."""

    __slots__ = (
        "agent", "agent_id", "cwd", "host", "kind", "loaded_file", "name", "paths", "prompt",
        "session", "source",
    )  # fmt: skip

    def __init__(
        self,
        host: str,
        kind: str,
        name: str,
        session: str,
        cwd: str,
        prompt: str = "",
        source: str = "",
        paths: list[str] | None = None,
        agent: str = "",
        agent_id: str = "",
        loaded_file: str = "",
    ) -> None:
        self.host = host
        self.kind = kind
        self.name = name  # the host's own event name, echoed back as hookEventName
        self.session = session
        # The folder as a string spelt as `pathlib` spells it (see `engram.paths`).
        self.cwd = cwd
        self.prompt = prompt
        self.source = source  # why a session started: startup, resume, clear, compact
        self.paths = [] if paths is None else paths  # files touched, as the host gave them
        self.agent = agent  # subagent type and task words
        self.agent_id = agent_id
        self.loaded_file = loaded_file  # InstructionsLoaded: the rule file the host loaded


def text_field(payload: dict[str, object], *names: str, limit: int | None = None) -> str:
    """The first of `names` that holds a non-empty string (its first `limit` characters), as
    text that can be stored and written: JSON may spell a lone surrogate (`"\\ud800"`), which no
    file or database takes."""
    for name in names:
        value = payload.get(name)
        if isinstance(value, str) and value:
            return as_text(value[:limit])
    return ""


def as_path(value: object) -> str:
    """`value` as a path a system could have, else ''."""
    if not isinstance(value, str) or len(value) > PATH_CHARS or "\x00" in value:
        return ""
    return as_text(value)


def as_text(value: str) -> str:
    """`value` with each lone surrogate replaced by U+FFFD."""
    if value.isascii():
        return value
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return value


def cwd_of(payload: dict[str, object], env: dict[str, str], *env_names: str) -> str:
    """The folder the host runs in: the payload's `cwd`, else the host's project variable."""
    from engram.paths import plain_path

    found = as_path(payload.get("cwd")) or next(
        (path for path in map(as_path, (env.get(n) for n in env_names)) if path), ""
    )
    return plain_path(found or os.getcwd())


def base_event(
    host: str, payload: dict[str, Any], env: dict[str, str], kinds: dict[str, str],
    *project_vars: str,
) -> Event:  # fmt: skip
    """The fields Claude Code, Codex and Gemini CLI share (`hook_event_name`, `session_id`,
    `cwd`, `prompt`, `source`, `agent_type`, `agent_id`)."""
    name = text_field(payload, "hook_event_name")
    prompt = text_field(payload, "prompt", limit=PROMPT_CHARS)
    agent = [text_field(payload, "agent_type", limit=PROMPT_CHARS), prompt]
    return Event(
        host=host,
        kind=kinds.get(name, IGNORED),
        name=name,
        session=text_field(payload, "session_id"),
        cwd=cwd_of(payload, env, *project_vars),
        prompt=prompt,
        source=text_field(payload, "source"),
        agent=" ".join(a for a in agent if a),
        agent_id=text_field(payload, "agent_id"),
    )


def tool_file_path(payload: dict[str, Any], tools: tuple[str, ...]) -> list[str]:
    """`tool_input.file_path` of a file tool call ([] for other tools)."""
    tool_input = payload.get("tool_input")
    if payload.get("tool_name") not in tools or not isinstance(tool_input, dict):
        return []
    path = as_path(tool_input.get("file_path"))
    return [path] if path else []


def envelope(event: Event, context: str, context_events: tuple[str, ...]) -> dict[str, Any]:
    """`{"hookSpecificOutput": {"hookEventName", "additionalContext"}}`, or {} for nothing."""
    if not context or event.name not in context_events:
        return {}
    return {"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": context}}
