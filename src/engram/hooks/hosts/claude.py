"""Claude Code: hooks in `.claude/settings.json`; context goes in
`hookSpecificOutput.additionalContext`, which Claude drops unless `hookEventName` is set.
Path-scoped memories become `.claude/rules/engram/<id>.md` files with `paths:`, which Claude
loads itself when a matching file is read or written."""

from __future__ import annotations

import os

from engram.hooks import events as ev
from engram.hooks.host import CapSetting, HookFile, Host, McpFile, NativeRules, SettingEdit, Step

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from engram.files.index import DocRow

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


def normalize(payload: dict[str, Any], env: dict[str, str]) -> ev.Event:
    event = ev.base_event("claude", payload, env, KINDS, "CLAUDE_PROJECT_DIR")
    event.loaded_file = ev.as_path(payload.get("file_path"))
    if event.kind == ev.FILE_TOUCHED:
        event.paths = ev.tool_file_path(payload, FILE_TOOLS)
        event.kind = event.kind if event.paths else ev.IGNORED
    return event


def respond(event: ev.Event, context: str) -> dict[str, Any]:
    return ev.envelope(event, context, CONTEXT_EVENTS)


def rule_file(row: DocRow, body: str) -> str:
    import json  # not imported where every host's record is read (`engram.config`)

    from engram.hooks.native import marker, with_directive

    paths = "".join(f"  - {json.dumps(glob)}\n" for glob in row.applies_to)
    return f"---\npaths:\n{paths}---\n{marker(row)}\n{with_directive(row, body)}\n"


def _safe_tools() -> list[str]:
    """Engram's MCP tools that destroy nothing, as Claude permission rules."""
    from engram.mcp.handshake import recording

    tools = recording()["answers"]["tools/list"][recording()["latest"]]["tools"]
    return [f"mcp__engram__{t['name']}" for t in tools
            if not t.get("annotations", {}).get("destructiveHint")]  # fmt: skip


def user_steps(project: Path, is_global: bool) -> list[Step]:
    """Claude records a project's trust in `~/.claude.json` (`$CLAUDE_CONFIG_DIR`):
    `projects["<path>"].hasTrustDialogAccepted`."""
    import json  # not imported where every host's record is read (`engram.config`)
    from pathlib import Path

    if is_global:
        return []
    folder = os.environ.get("CLAUDE_CONFIG_DIR")
    path = Path(folder) / ".claude.json" if folder else Path.home() / ".claude.json"
    try:
        projects = json.loads(path.read_text(encoding="utf-8")).get("projects")
    except (OSError, ValueError, AttributeError):
        projects = None
    entry = projects.get(str(project)) if isinstance(projects, dict) else None
    accepted = isinstance(entry, dict) and entry.get("hasTrustDialogAccepted") is True
    return [
        Step(
            "open the project in Claude Code once and accept its trust dialog (until then it "
            "ignores the project's permission rules, such as those of --trust-mcp)",
            accepted,
        )
    ]


# Paths under the project (or the home folder) as strings: see `engram.hooks.host`.
LOCAL_SETTINGS = os.path.join(".claude", "settings.local.json")
APPROVE = SettingEdit(
    LOCAL_SETTINGS, ("enabledMcpjsonServers",), ["engram"],
    "the project's engram MCP server is approved",
)  # fmt: skip
ALLOW_TOOLS = SettingEdit(
    LOCAL_SETTINGS, ("permissions", "allow"), _safe_tools,
    "Engram's tools that delete nothing run without asking",
    global_file=os.path.join(".claude", "settings.json"), widens_trust=True,
)  # fmt: skip
HOST = Host(
    name="claude",
    title="Claude Code",
    kinds=KINDS,
    registration={
        "SessionStart": "startup|resume|clear|compact",
        "UserPromptSubmit": None,
        "PreToolUse": "|".join(FILE_TOOLS),
        "SubagentStart": None,
        "PreCompact": None,
        "InstructionsLoaded": None,
    },
    hooks=HookFile(os.path.join(".claude", "settings.json")),
    mcp=McpFile(project=".mcp.json", user=".claude.json"),
    cap=CapSetting(
        "characters", 9500, "Claude Code cap on injected characters (its hard limit is 10,000)", 200
    ),
    normalize=normalize,
    respond=respond,
    native=NativeRules(os.path.join(".claude", "rules", "engram"), ".md", rule_file),
    # Claude leaves a project's .mcp.json server "pending approval" until it is enabled; the
    # local settings file is the user's own (not shared with the project).
    settings=(APPROVE, ALLOW_TOOLS),
    user_steps=user_steps,
)
