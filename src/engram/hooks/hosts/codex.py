"""Codex CLI: hooks in `.codex/hooks.json`; the same envelope as Claude. Edits arrive as
PreToolUse with `tool_name: apply_patch` and the patch text in `tool_input.command`. Codex runs
a project's hooks only in a trusted project, and only after the user has reviewed them in
`/hooks` (it records that in its own config, by hash)."""

from __future__ import annotations

import os
from pathlib import Path

from engram.hooks import events as ev
from engram.hooks.host import CapSetting, HookFile, Host, McpFile, Step

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from typing import Any

KINDS = {
    "SessionStart": ev.SESSION_START,
    "UserPromptSubmit": ev.PROMPT,
    "PreToolUse": ev.FILE_TOUCHED,
    "SubagentStart": ev.SUBAGENT_START,
    "PreCompact": ev.COMPACTION,
}
CONTEXT_EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "SubagentStart")
# Compiled (and cached by `re`) on the first patch: hooks of other events never need it.
_PATCH_PATH = r"(?m)^\*\*\* (?:Add|Update|Delete) File: (.+?)\s*$|^\*\*\* Move to: (.+?)\s*$"
HOOKS_FILE = Path(".codex") / "hooks.json"


def patch_paths(patch: str) -> list[str]:
    """Paths an apply_patch text touches, in order, without repeats."""
    import re

    found = [ev.as_path(a or b) for a, b in re.findall(_PATCH_PATH, patch)]
    return list(dict.fromkeys(p for p in found if p))


def normalize(payload: dict[str, Any], env: dict[str, str]) -> ev.Event:
    event = ev.base_event("codex", payload, env, KINDS)
    if event.kind == ev.FILE_TOUCHED:
        tool_input = payload.get("tool_input")
        command = tool_input.get("command") if isinstance(tool_input, dict) else None
        if payload.get("tool_name") == "apply_patch" and isinstance(command, str):
            event.paths = patch_paths(ev.as_text(command))
        event.kind = event.kind if event.paths else ev.IGNORED
    return event


def respond(event: ev.Event, context: str) -> dict[str, Any]:
    return ev.envelope(event, context, CONTEXT_EVENTS)


def _user_config() -> dict[str, Any]:
    """Codex's own config.toml ($CODEX_HOME, else ~/.codex), {} when missing or unreadable."""
    import tomllib

    home = Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex")
    try:
        return tomllib.loads((home / "config.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _table(data: object, key: str) -> dict[str, Any]:
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, dict) else {}


def user_steps(project: Path, is_global: bool) -> list[Step]:
    """Codex records trust in its own config: `[projects."<path>"] trust_level`, and per hook
    `[hooks.state."file:<hooks.json>:<event>:<i>:<j>"] trusted_hash` once reviewed."""
    config = _user_config()
    hooks_file = (Path.home() if is_global else project) / HOOKS_FILE
    reviewed = any(
        key.startswith(f"file:{hooks_file}:") and bool(_table(states, key).get("trusted_hash"))
        for states in [_table(_table(config, "hooks"), "state")]
        for key in states
    )
    steps = []
    if not is_global:
        trusted = _table(_table(config, "projects"), str(project)).get("trust_level")
        steps.append(
            Step(
                "trust the project in Codex (it asks when you first open it there; it reads no "
                "project hooks or MCP servers before)",
                trusted == "trusted",
            )
        )
    steps.append(
        Step(
            "review and trust Engram's hooks in Codex with /hooks (Codex runs no hook until "
            "then, and asks again when they change)",
            reviewed,
        )
    )
    return steps


HOST = Host(
    name="codex",
    title="Codex CLI",
    kinds=KINDS,
    registration={
        "SessionStart": "startup|resume|clear|compact",
        "UserPromptSubmit": None,
        "PreToolUse": "apply_patch",
        "SubagentStart": None,
        "PreCompact": None,
    },
    hooks=HookFile(HOOKS_FILE),
    mcp=McpFile(project=Path(".codex") / "config.toml", user=Path(".codex") / "config.toml",
                toml=True),
    cap=CapSetting("tokens", 2400,
                   "Codex cap on injected tokens, counted as bytes/4 (its limit is 2,500)", 50),
    normalize=normalize,
    respond=respond,
    user_steps=user_steps,
)  # fmt: skip
