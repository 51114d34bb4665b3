"""Gemini CLI: hooks in `.gemini/settings.json`; stdout must be pure JSON. Gemini escapes `<` and
`>` in additionalContext, so injected text carries look-alike angle quotes instead. It runs a
project's hooks only in a folder the user trusts, and offers an MCP server's tools in
`gemini -p` only when the server entry is trusted."""

from __future__ import annotations

import os
from pathlib import Path

from engram.hooks import events as ev
from engram.hooks.host import CapSetting, HookFile, Host, McpFile, SettingEdit, Step

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from typing import Any

FILE_TOOLS = ("read_file", "write_file", "replace")
# No PreCompress: Gemini CLI fires it before every model turn, whether or not it compresses
# (gemini-cli issue 18083), so it cannot tell Engram that injected context was dropped; taken
# as a compaction it made every turn deliver everything again.
KINDS = {
    "SessionStart": ev.SESSION_START,
    "BeforeAgent": ev.PROMPT,
    "AfterTool": ev.FILE_TOUCHED,
}
CONTEXT_EVENTS = ("SessionStart", "BeforeAgent", "AfterTool")
SETTINGS = Path(".gemini") / "settings.json"


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


def folder_trusted(project: Path) -> bool:
    """Whether Gemini's trusted folders (`~/.gemini/trustedFolders.json`) trust `project`: the
    longest rule that contains it decides, as Gemini decides."""
    import json  # not imported where every host's record is read (`engram.config`)

    path = os.environ.get("GEMINI_CLI_TRUSTED_FOLDERS_PATH") or Path.home() / ".gemini" / (
        "trustedFolders.json"
    )
    try:
        rules = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    best, trusted = -1, False
    here = project.resolve()
    for rule, level in rules.items() if isinstance(rules, dict) else []:
        folder = Path(rule).parent if level == "TRUST_PARENT" else Path(rule)
        if here.is_relative_to(folder.resolve()) and len(rule) > best:
            best, trusted = len(rule), level in ("TRUST_FOLDER", "TRUST_PARENT")
    return trusted


def user_steps(project: Path, is_global: bool) -> list[Step]:
    if is_global:
        return []
    return [Step("trust the project folder in Gemini CLI (it asks when you first open it there; "
                 "it runs no project hooks before)", folder_trusted(project))]  # fmt: skip


HOST = Host(
    name="gemini",
    title="Gemini CLI",
    kinds=KINDS,
    registration={
        "SessionStart": None,
        "BeforeAgent": "*",
        "AfterTool": "|".join(FILE_TOOLS),
    },
    hooks=HookFile(SETTINGS, timeout_in_ms=True, handler={"name": "engram"}),
    mcp=McpFile(project=SETTINGS, user=SETTINGS),
    cap=CapSetting("characters", 9500, "Gemini CLI cap on injected characters (self-imposed)",
                   200),
    normalize=normalize,
    respond=respond,
    settings=(
        SettingEdit(SETTINGS, ("mcpServers", "engram", "trust"), True,
                    "Engram's MCP tools run without asking (and are offered in gemini -p)",
                    global_file=SETTINGS, widens_trust=True),
    ),
    user_steps=user_steps,
)  # fmt: skip
