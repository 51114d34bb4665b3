"""How a host starts Engram: the commands `hooks install` writes, reading them back, and
checking that they still run.

A hook entry runs a small `/bin/sh` guard with the Python interpreter that ran the install:

    /bin/sh -c '<guard>' engram-hook /path/to/python claude

The guard runs `engram hook --host claude` with that interpreter (`<python> -c '<start>' hook
--host claude`, `HOOK_START`), or, when that interpreter is gone — a deleted virtualenv, a
teammate's checkout — `engram` from PATH, and prints its answer only when
it exits 0 with some output; otherwise it prints `{}`. So the host always gets valid output and
exit 0: a missing, broken or too old Engram costs the context, never the prompt (hosts block a
prompt when a hook exits 2, and Gemini CLI when the command is not found). `/bin/sh -c` keeps
the guard the same whatever shell the host runs its commands with. The MCP entry starts the
server the same way, through `exec`, so signals reach it directly.

`engram-hook` and `engram-mcp` (the guard's `$0`) mark the entries as Engram's. The bare
`engram hook --host <h>` and `engram mcp` of earlier versions are recognised too.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HOOK_MARK = "engram-hook"
MCP_MARK = "engram-mcp"
SHELL = "/bin/sh"
# The guard's start of `engram hook`: the CLI's entry point called from `-c`. `-m engram` would
# do the same through the module runner, whose own imports cost every prompt about 2 ms.
HOOK_START = "import sys; from engram.cli import main; sys.exit(main())"
GUARD = (
    f'if [ -x "$1" ]; then out=$("$1" -c "{HOOK_START}" hook --host "$2" 2>/dev/null); '
    'else out=$(engram hook --host "$2" 2>/dev/null); fi; '
    '[ "$?" = 0 ] && [ -n "$out" ] && printf "%s\\n" "$out" || echo "{}"'
)
LAUNCH = 'if [ -x "$1" ]; then exec "$1" -m engram mcp; fi; exec engram mcp'
PROBE_SECONDS = 30


def interpreter() -> str:
    """The interpreter running Engram now: what the entries record (a virtualenv's python is
    kept as it is, not resolved to the one it links to)."""
    return sys.executable


def hook_command(host: str, python: str) -> str:
    return shlex.join([SHELL, "-c", GUARD, HOOK_MARK, python, host])


def mcp_entry(python: str) -> dict[str, Any]:
    return {"command": SHELL, "args": ["-c", LAUNCH, MCP_MARK, python]}


@dataclass(frozen=True)
class Launch:
    """What an Engram entry runs."""

    python: str | None  # the recorded interpreter; None: `engram` from PATH
    guarded: bool  # False for the bare command of an earlier version


def read_hook_command(command: object) -> Launch | None:
    """The launch of an Engram hook command; None for anyone else's."""
    if not isinstance(command, str):
        return None
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if words[:2] == ["engram", "hook"]:
        return Launch(None, guarded=False)
    if len(words) >= 5 and words[:2] == [SHELL, "-c"] and words[3] == HOOK_MARK:
        return Launch(words[4], guarded=True)
    return None


def read_mcp_entry(entry: object) -> Launch | None:
    """The launch of an Engram MCP server entry; None for anyone else's."""
    if not isinstance(entry, dict):
        return None
    command, args = str(entry.get("command", "")), entry.get("args")
    if not isinstance(args, list):
        return None
    if Path(command).name in ("engram", "engram.exe") and args[:1] == ["mcp"]:
        return Launch(None, guarded=False)
    if command == SHELL and len(args) >= 4 and args[0] == "-c" and args[2] == MCP_MARK:
        return Launch(str(args[3]), guarded=True)
    return None


@dataclass(frozen=True)
class Health:
    """Whether an entry still starts a working Engram, and what to know about it."""

    works: bool
    note: str = ""  # why not, or what to fix although it works


def _runs(command: list[str], stdin: str, cwd: Path) -> str | None:
    """None when the command exits 0 with a JSON object on stdout; else what went wrong."""
    try:
        done = subprocess.run(
            command, input=stdin, capture_output=True, text=True, cwd=cwd,
            timeout=PROBE_SECONDS, check=False,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as exc:
        return str(exc)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [""])[-1]
        return f"exits {done.returncode}" + (f": {last}" if last else "")
    try:
        answer = json.loads(done.stdout)
    except ValueError:
        return "prints something other than JSON"
    return None if isinstance(answer, dict) else "prints something other than a JSON object"


@dataclass(frozen=True)
class _Target:
    command: list[str] | None  # what runs Engram; None: nothing does
    name: str  # how to name it
    gone: str  # "<python> is gone; " when the entry fell back to PATH, else ""


def _target(launch: Launch) -> _Target:
    if launch.python and os.access(launch.python, os.X_OK):
        return _Target([launch.python, "-m", "engram"], f"{launch.python} -m engram", "")
    gone = f"{launch.python} is gone; " if launch.python else ""
    found = shutil.which("engram")
    return _Target([found] if found else None, "engram from PATH", gone)


def hook_health(launch: Launch, host: str, cwd: Path) -> Health:
    """Run what a hook entry runs, with an empty payload (which does nothing)."""
    target = _target(launch)
    again = "run `engram hooks install` again"
    if target.command is None:
        return Health(False, f"{target.gone}no engram on PATH: the host gets {{}} ({again})")
    failure = _runs([*target.command, "hook", "--host", host], "{}", cwd)
    if failure:
        return Health(False, f"`{target.name} hook` {failure}: the host gets {{}} ({again})")
    if not launch.guarded:
        return Health(True, "an entry without the guard: an engram that goes missing or fails "
                            f"would block the host's prompts ({again})")  # fmt: skip
    if target.gone:
        return Health(True, f"{target.gone}the hooks run engram from PATH ({again})")
    return Health(True)


def mcp_health(launch: Launch, cwd: Path) -> Health:
    """Whether what the MCP entry starts is an Engram (its `--version` answers)."""
    target = _target(launch)
    again = "run `engram hooks install` again"
    if target.command is None:
        return Health(False, f"{target.gone}no engram on PATH: the server cannot start ({again})")
    try:
        done = subprocess.run([*target.command, "--version"], capture_output=True, text=True,
                              cwd=cwd, timeout=PROBE_SECONDS, check=False)  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Health(False, f"`{target.name}` does not start: {exc} ({again})")
    if done.returncode != 0:
        return Health(False, f"`{target.name} --version` exits {done.returncode} ({again})")
    if target.gone:
        return Health(True, f"{target.gone}the server starts engram from PATH ({again})")
    return Health(True)
