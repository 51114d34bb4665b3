"""A project with memories, a user's first-run setup per host, and one headless host run.

A run is what a user does: `engram hooks install --host <h>` through the installed `engram`
command, then the host CLI with one prompt. The host talks to `fakemodel.py`, which runs in
front of it — inside a loopback-only network namespace (`unshare -n`) when the machine allows
one, so nothing can leave the machine — and records every request the host sends its model.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from tests.e2e import fakemodel

HOST_TIMEOUT_S = 240
ENGRAM = Path(sys.executable).parent / "engram"  # the installed entry point

# Each memory carries a marker word, so the tests can count where it reached the model.
SESSION_MARK = "SESSIONMARK-coral"  # tagged session-start: the session-start pack
PROMPT_MARK = "PROMPTMARK-teal"  # routed by the prompt
PROMPT_DIRECTIVE = "Invoices are rendered nightly by the ledger job."
ROUTED_RULE_MARK = "ROUTEDRULEMARK-amber"  # path-scoped, and routed by the prompt too
PATH_RULE_MARK = "PATHRULEMARK-azure"  # path-scoped only: arrives when the file is read
UNRELATED_MARK = "UNRELATEDMARK-olive"  # matches neither the prompt nor the file
FETCHED = "release-checklist"  # fetched by the model through Engram's MCP tool
FETCHED_MARK = "FETCHEDMARK-plum"
PROMPT = "How are billing invoices generated?"
TOUCHED = "src/billing/invoices.py"

MEMORIES = {
    "rules/house-style.md": f"""\
        ---
        id: house-style
        type: rule
        tags: [session-start]
        directive: Keep commit subjects under sixty characters.
        ---
        # House style

        Commit subjects stay short and name the ticket ({SESSION_MARK}).
        """,
    "knowledge/billing-invoices.md": f"""\
        ---
        id: billing-invoices
        type: knowledge
        tags: [billing, invoices]
        directive: {PROMPT_DIRECTIVE}
        ---
        # How billing invoices are generated

        The ledger job renders invoice PDFs every night at 02:00 UTC ({PROMPT_MARK}).
        """,
    "rules/invoice-rounding.md": f"""\
        ---
        id: invoice-rounding
        type: rule
        tags: [billing, invoices]
        directive: Round invoice totals half-even, per line.
        applies_to: ["src/billing/**"]
        ---
        # Invoice rounding

        Billing invoices round each line half-even before summing ({ROUTED_RULE_MARK}).
        """,
    "rules/python-logging.md": f"""\
        ---
        id: python-logging
        type: rule
        directive: Log through structlog with event names in snake_case.
        applies_to: ["src/**/*.py"]
        ---
        # Logging in Python modules

        Use structlog; never print to stdout from library code ({PATH_RULE_MARK}).
        """,
    f"skills/{FETCHED}.md": f"""\
        ---
        id: {FETCHED}
        type: skill
        tags: [release]
        ---
        # Release checklist

        Tag the release, then publish the wheel ({FETCHED_MARK}).
        """,
    "knowledge/frontend-colours.md": f"""\
        ---
        id: frontend-colours
        type: knowledge
        tags: [frontend, design]
        ---
        # Frontend colours

        The palette lives in tokens.css; greys come from the neutral scale ({UNRELATED_MARK}).
        """,
}


@dataclass
class Project:
    """A temporary project and the HOME of the user who works in it."""

    root: Path
    home: Path

    @classmethod
    def create(cls, base: Path) -> Project:
        root, home = base / "project", base / "home"
        for folder in (root, home / "tmp"):
            folder.mkdir(parents=True)
        memories = root / ".agents" / ".engram"
        for name, text in MEMORIES.items():
            (memories / name).parent.mkdir(parents=True, exist_ok=True)
            (memories / name).write_text(textwrap.dedent(text), encoding="utf-8")
        (root / TOUCHED).parent.mkdir(parents=True)
        (root / TOUCHED).write_text("def total(lines):\n    return sum(lines)\n", encoding="utf-8")
        return cls(root.resolve(), home.resolve())

    def env(self, path: list[Path]) -> dict[str, str]:
        """A clean environment: this HOME, this PATH, nothing of the test run's."""
        home = self.home
        return {
            "HOME": str(home),
            "PATH": os.pathsep.join([*map(str, path), "/usr/local/bin", "/usr/bin", "/bin"]),
            "TMPDIR": str(home / "tmp"),
            "LANG": "C.UTF-8",
            "TERM": "dumb",
            "NO_COLOR": "1",
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "XDG_DATA_HOME": str(home / ".local" / "share"),
            "XDG_STATE_HOME": str(home / ".local" / "state"),
        }

    def engram(self, engram: Path, *args: str, path: list[Path] | None = None) -> str:
        """Run an `engram` command in the project as the user would, and return its output
        (PATH: `path`, else the command's own folder)."""
        env = self.env([engram.parent] if path is None else path)
        result = subprocess.run(
            [str(engram), *args], cwd=self.root, env=env, capture_output=True, text=True
        )
        assert result.returncode == 0, f"engram {' '.join(args)}: {result.stderr}"
        return result.stdout


# -- hosts ----------------------------------------------------------------------------------


class Host:
    """One agent host: the user's first-run setup, its headless command, its model requests."""

    name: ClassVar[str]
    gaps: list[str]

    def __init__(self) -> None:
        self.gaps = []  # first-run steps `engram hooks install` left to the user

    def setup(self, project: Project, port: int) -> dict[str, str]:
        """Write the user's host settings; return the host's extra environment."""
        raise NotImplementedError

    def command(self, prompt: str) -> list[str]:
        raise NotImplementedError

    def is_turn(self, request: dict[str, Any]) -> bool:
        """Whether a recorded request is a turn of the agent (not a title or routing call)."""
        raise NotImplementedError

    def offers_engram_tools(self, body: dict[str, Any]) -> bool:
        raise NotImplementedError


def _tool_names(body: dict[str, Any]) -> list[str]:
    return [str(t.get("name")) for t in body.get("tools") or [] if isinstance(t, dict)]


def _read_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _write_json(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


class Claude(Host):
    name = "claude"

    def setup(self, project: Project, port: int) -> dict[str, str]:
        settings = [project.root / ".claude" / f for f in ("settings.json", "settings.local.json")]
        approved = any(
            data.get("enableAllProjectMcpServers") is True
            or "engram" in (data.get("enabledMcpjsonServers") or [])
            for data in map(_read_json, settings)
        )
        if not approved:  # else `.mcp.json` servers wait "pending approval" and never start
            self.gaps.append("project MCP server not approved (enabledMcpjsonServers)")
            local = _read_json(settings[1])
            local["enabledMcpjsonServers"] = ["engram"]
            _write_json(settings[1], local)
        # The user's step: the trust dialog, accepted when Claude Code first opens the project.
        # Until then `claude -p` ignores the project's permissions.allow.
        user = project.home / ".claude.json"
        _write_json(user, {"projects": {str(project.root): {"hasTrustDialogAccepted": True}}})
        return {
            "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}",
            "ANTHROPIC_API_KEY": "sk-ant-fake",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "DISABLE_TELEMETRY": "1",
            # `claude -p` sends its first request without waiting for MCP servers to start,
            # so whether a server's tools are in it is a race with Claude's own start-up; this
            # makes it wait, and the first request shows what a started server offers.
            "MCP_CONNECTION_NONBLOCKING": "0",
        }

    def command(self, prompt: str) -> list[str]:
        return ["claude", "-p", prompt]

    def is_turn(self, request: dict[str, Any]) -> bool:
        body = request["body"] or {}
        return request["path"].split("?")[0] == "/v1/messages" and bool(body.get("tools"))

    def offers_engram_tools(self, body: dict[str, Any]) -> bool:
        return any(name.startswith("mcp__engram__") for name in _tool_names(body))


class Codex(Host):
    name = "codex"

    def setup(self, project: Project, port: int) -> dict[str, str]:
        codex_home = project.home / ".codex"
        codex_home.mkdir(exist_ok=True)
        # A model name Codex knows, so it offers its apply_patch tool. Codex loads the
        # project's .codex/ (hooks and MCP server) only in a trusted project.
        (codex_home / "config.toml").write_text(
            textwrap.dedent(f"""\
                model = "gpt-5.5"
                model_provider = "fake"

                [model_providers.fake]
                name = "fake"
                base_url = "http://127.0.0.1:{port}/v1"
                wire_api = "responses"
                env_key = "FAKE_API_KEY"
                request_max_retries = 0
                stream_max_retries = 0

                [projects."{project.root}"]
                trust_level = "trusted"
                """),
            encoding="utf-8",
        )
        return {"CODEX_HOME": str(codex_home), "FAKE_API_KEY": "sk-fake"}

    def command(self, prompt: str) -> list[str]:
        # Hooks run only once the user has reviewed them in /hooks; headless, the flag is the
        # way to say so. The project is a throwaway folder in a network namespace.
        return ["codex", "exec", "--dangerously-bypass-hook-trust",
                "--dangerously-bypass-approvals-and-sandbox", "--skip-git-repo-check",
                prompt]  # fmt: skip

    def is_turn(self, request: dict[str, Any]) -> bool:
        return request["path"].endswith("/responses")

    def offers_engram_tools(self, body: dict[str, Any]) -> bool:
        # Codex offers MCP tools as a deferred namespace (found through its tool_search
        # tool) listed in a developer message, or, for some models, directly.
        if any(name.startswith("mcp__engram") for name in _tool_names(body)):
            return True
        return any(
            "Deferred tool namespaces:" in part.get("text", "")
            and "- mcp__engram" in part.get("text", "")
            for item in body.get("input") or []
            if isinstance(item, dict) and isinstance(item.get("content"), list)
            for part in item["content"]
            if isinstance(part, dict)
        )


class Gemini(Host):
    name = "gemini"

    def setup(self, project: Project, port: int) -> dict[str, str]:
        user = project.home / ".gemini"
        _write_json(user / "settings.json", {
            "security": {"auth": {"selectedType": "gemini-api-key"}},
            "telemetry": {"enabled": False},
            "privacy": {"usageStatisticsEnabled": False},
        })  # fmt: skip
        # Gemini CLI stops (exit 55) in a folder the user has not trusted.
        _write_json(user / "trustedFolders.json", {str(project.root): "TRUST_FOLDER"})
        settings_path = project.root / ".gemini" / "settings.json"
        settings = _read_json(settings_path)
        server = settings.get("mcpServers", {}).get("engram")
        if isinstance(server, dict) and server.get("trust") is not True:
            # Without it `gemini -p` does not offer the server's tools at all.
            self.gaps.append('MCP server entry not trusted ("trust": true)')
            server["trust"] = True
            _write_json(settings_path, settings)
        return {
            "GOOGLE_GEMINI_BASE_URL": f"http://127.0.0.1:{port}",
            "GEMINI_API_KEY": "fake-key",
            "GEMINI_CLI_NO_RELAUNCH": "true",
        }

    def command(self, prompt: str) -> list[str]:
        return ["gemini", "-p", prompt]

    def is_turn(self, request: dict[str, Any]) -> bool:
        body = request["body"] or {}
        return ":streamGenerateContent" in request["path"] and bool(body.get("tools"))

    def offers_engram_tools(self, body: dict[str, Any]) -> bool:
        names = [
            str(d.get("name"))
            for tool in body.get("tools") or []
            for d in tool.get("functionDeclarations") or []
        ]
        return any(name.startswith("mcp__engram__") or name.startswith("mcp_engram_")
                   for name in names)  # fmt: skip


HOSTS: dict[str, type[Host]] = {"claude": Claude, "codex": Codex, "gemini": Gemini}


# -- a run ----------------------------------------------------------------------------------


@dataclass
class Run:
    """What one host run printed, and every request its model got."""

    host: Host
    returncode: int
    stdout: str
    stderr: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    breakage: str = ""  # how Engram was broken before the run ("" when it was not)
    status: dict[str, Any] = field(default_factory=dict)  # `hooks status` of the host, after

    @property
    def turns(self) -> list[dict[str, Any]]:
        """The bodies of the agent's model requests, in order."""
        return [r["body"] for r in self.requests if self.host.is_turn(r)]

    def text(self, body: dict[str, Any]) -> str:
        return json.dumps(body, ensure_ascii=False)

    def count(self, marker: str, turn: int = -1) -> int:
        """How many times `marker` is in a turn's request (the last: the whole session)."""
        turns = self.turns
        return self.text(turns[turn]).count(marker) if turns else 0

    def describe(self) -> str:
        """For assertion messages: the exit code and the tail of what the host printed."""
        return (f"exit {self.returncode}, {len(self.requests)} requests\n"
                f"stdout: {self.stdout[-1500:]}\nstderr: {self.stderr[-1500:]}")  # fmt: skip


@functools.cache
def network_namespace() -> list[str]:
    """The command prefix that runs a command in a new, loopback-only network namespace
    (`unshare -n` as root, `unshare -rn` in a user namespace), or [] when neither works."""
    if not shutil.which("unshare") or not shutil.which("ip"):
        return []
    for prefix in (["unshare", "-n"], ["unshare", "-rn"]):
        probe = subprocess.run([*prefix, "ip", "link", "set", "lo", "up"], capture_output=True)
        if probe.returncode == 0:
            return prefix
    return []


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_host(
    host: Host,
    project: Project,
    path: list[Path],
    *,
    touch: str | None = None,
    fetch: str | None = None,
) -> Run:
    """Run the host headless on PROMPT in the project, with `path` first on PATH; the model
    reads (or patches) `touch`, then fetches memory `fetch` through Engram's MCP tool."""
    port = free_port()  # free here, and certainly in a fresh network namespace
    log = project.home / f"requests-{port}.jsonl"
    env = {**project.env(path), **host.setup(project, port)}
    server = [sys.executable, fakemodel.__file__, "--port", str(port), "--log", str(log)]
    if touch:
        server += ["--touch", str(project.root / touch)]
    if fetch:
        server += ["--fetch", fetch]
    command = [*server, "--", *host.command(PROMPT)]
    if network_namespace():
        command = [*network_namespace(), *command[:2], "--lo-up", *command[2:]]
    proc = subprocess.Popen(command, cwd=project.root, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # fmt: skip
    try:
        stdout, stderr = proc.communicate(timeout=HOST_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        stderr += f"\n[timed out after {HOST_TIMEOUT_S} s]"
    return Run(host, proc.returncode, stdout, stderr, fakemodel.read_log(log))


# -- a broken Engram, for fail-open -----------------------------------------------------------


def throwaway_engram(folder: Path) -> Path:
    """An `engram` command in a virtualenv of its own (on this run's packages), to break later.

    Hooks installed by it point at it — by name or by its interpreter's path — so removing or
    replacing this folder stands for Engram uninstalled, moved or downgraded."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = str(folder / "bin" / "python")
    where = "import sysconfig; print(sysconfig.get_path('purelib'))"
    purelib = subprocess.run([python, "-c", where], check=True, capture_output=True, text=True)
    ours = sysconfig.get_path("purelib")  # this run's packages, Engram among them
    pth = Path(purelib.stdout.strip(), "engram_e2e.pth")
    pth.write_text(f"import site; site.addsitedir({ours!r})\n", encoding="utf-8")
    script = ENGRAM.read_text(encoding="utf-8").split("\n", 1)[1]
    engram = folder / "bin" / "engram"
    engram.write_text(f"#!{folder / 'bin' / 'python'}\n{script}", encoding="utf-8")
    engram.chmod(0o755)
    return engram


TOO_OLD = """#!/bin/sh
echo "engram: error: argument command: invalid choice: '$1'" >&2
exit 2
"""


def break_engram(folder: Path, how: str) -> None:
    """`gone`: the folder is deleted; `exits 2`: its engram and python answer like an old
    version that has no `hook` command (usage error, exit 2)."""
    if how == "gone":
        shutil.rmtree(folder)
        return
    assert how == "exits 2", how
    for target in (folder / "bin").iterdir():
        if target.name == "engram" or target.name.startswith("python"):
            target.unlink()
            target.write_text(TOO_OLD, encoding="utf-8")
            target.chmod(0o755)


# -- the two scenarios ----------------------------------------------------------------------

BREAKAGES = ("not on PATH", "gone", "exits 2")


def session_run(host_name: str, base: Path, host_path: list[Path]) -> Run:
    """Engram installed and working: the model reads TOUCHED, fetches FETCHED through the
    MCP server, then answers."""
    project = Project.create(base)
    project.engram(ENGRAM, "hooks", "install", "--host", host_name, "--trust-mcp")
    host = HOSTS[host_name]()
    return run_host(host, project, [ENGRAM.parent, *host_path], touch=TOUCHED, fetch=FETCHED)


def broken_run(host_name: str, base: Path, host_path: list[Path], how: str) -> Run:
    """Engram installed, then left off the host's PATH, or deleted, or answering exit 2 (the
    last two still on PATH, as after an uninstall or a downgrade)."""
    assert how in BREAKAGES, how
    project = Project.create(base)
    venv = base / "engram-venv"
    project.engram(throwaway_engram(venv), "hooks", "install", "--host", host_name, "--trust-mcp")
    path = [] if how == "not on PATH" else [venv / "bin"]
    if how != "not on PATH":
        break_engram(venv, how)
    run = run_host(HOSTS[host_name](), project, [*path, *host_path])
    run.breakage = how
    # What a working Engram's `hooks status` says of the entries, on the user's PATH.
    report = json.loads(project.engram(ENGRAM, "hooks", "status", "--json", path=path))
    run.status = next(
        row for row in report["hosts"] if row["host"] == host_name and row["scope"] == "project"
    )
    return run
