"""The internal event model every host's payload is translated into."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

SESSION_START = "session_start"
PROMPT = "prompt"
FILE_TOUCHED = "file_touched"
SUBAGENT_START = "subagent_start"
COMPACTION = "compaction"
INSTRUCTIONS_LOADED = "instructions_loaded"
IGNORED = "ignored"  # an event Engram has nothing to do for


@dataclass
class Event:
    """What happened in the host, in host-neutral terms."""

    host: str
    kind: str
    name: str  # the host's own event name, echoed back as hookEventName
    session: str
    cwd: Path
    prompt: str = ""
    source: str = ""  # why a session started: startup, resume, clear, compact
    paths: list[str] = field(default_factory=list)  # files touched, as the host gave them
    agent: str = ""  # subagent type and task words
    agent_id: str = ""
    loaded_file: str = ""  # InstructionsLoaded: the rule file the host loaded


def text_field(payload: dict[str, object], *names: str) -> str:
    """The first of `names` that holds a non-empty string."""
    for name in names:
        value = payload.get(name)
        if isinstance(value, str) and value:
            return value
    return ""


def cwd_of(payload: dict[str, object], env: dict[str, str], *env_names: str) -> Path:
    """The folder the host runs in: the payload's `cwd`, else the host's project variable."""
    found = text_field(payload, "cwd") or next((env[n] for n in env_names if env.get(n)), "")
    return Path(found) if found else Path.cwd()
