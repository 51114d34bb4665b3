"""What the hosts run: the guarded hook command `hooks install` writes always answers valid JSON
with exit 0, and `hooks status` says when it no longer starts a working Engram."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engram.cli import main
from engram.hooks.hosts import HOSTS, host
from engram.hooks.install import install
from engram.hooks.status import HostStatus, status
from tests.hooks.helpers import payload

BARE_PATH = "/usr/bin:/bin"  # no engram on it


def entry_command(project: Path, name: str) -> str:
    """The command of the first Engram handler in the host's hook file."""
    data = json.loads((project / host(name).hooks.path).read_text())
    first = next(iter(data["hooks"].values()))[0]
    return str(first["command"] if "command" in first else first["hooks"][0]["command"])


def run_entry(
    command: str, stdin: str, path: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a hook command as the hosts do: through a shell, the payload on stdin."""
    env = {**os.environ, "PATH": path or os.environ["PATH"]}
    return subprocess.run(["/bin/sh", "-c", command], input=stdin, capture_output=True,
                          text=True, env=env, timeout=120, check=False)  # fmt: skip


def fake(tmp_path: Path, name: str, script: str) -> Path:
    """An executable shell script standing in for an interpreter or an `engram`."""
    path = tmp_path / "fakes" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text("#!/bin/sh\n" + script)
    path.chmod(0o755)
    return path


@pytest.fixture
def prompt(project: Path, memory: Callable[..., Path]) -> str:
    memory("deploy-api", "# Deploy\n\nDeploy the api with the script.\n", kind="skill")
    return json.dumps(payload("claude", "UserPromptSubmit", cwd=str(project),
                              prompt="deploy the api"))  # fmt: skip


def test_an_entry_answers_through_the_interpreter_that_installed_it(
    project: Path, prompt: str
) -> None:
    install("claude", project=project)
    done = run_entry(entry_command(project, "claude"), prompt, path=BARE_PATH)
    assert done.returncode == 0
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "Deploy the api with the script." in context


@pytest.mark.parametrize("name", HOSTS)
def test_an_entry_whose_interpreter_is_gone_answers_empty_json(
    project: Path, prompt: str, name: str
) -> None:
    install(name, project=project, python=str(project / "gone" / "python"))
    done = run_entry(entry_command(project, name), prompt, path=BARE_PATH)
    assert (done.returncode, done.stdout) == (0, "{}\n")


def test_an_entry_whose_engram_exits_2_answers_empty_json(
    project: Path, prompt: str, tmp_path: Path
) -> None:
    too_old = fake(tmp_path, "python", "echo 'engram: invalid choice: hook' >&2\nexit 2\n")
    install("gemini", project=project, python=str(too_old))
    done = run_entry(entry_command(project, "gemini"), prompt)
    assert (done.returncode, done.stdout) == (0, "{}\n")


def test_an_entry_whose_engram_prints_something_and_fails_answers_empty_json(
    project: Path, prompt: str, tmp_path: Path
) -> None:
    broken = fake(tmp_path, "python", "echo 'Traceback (most recent call last):'\nexit 1\n")
    install("codex", project=project, python=str(broken))
    done = run_entry(entry_command(project, "codex"), prompt)
    assert (done.returncode, done.stdout) == (0, "{}\n")


def test_an_entry_whose_interpreter_is_gone_runs_engram_from_path(
    project: Path, prompt: str, tmp_path: Path
) -> None:
    fake(tmp_path, "engram", 'cat >/dev/null\necho \'{"from": "PATH"}\'\n')
    install("claude", project=project, python=str(project / "gone" / "python"))
    done = run_entry(entry_command(project, "claude"), prompt, f"{tmp_path / 'fakes'}:{BARE_PATH}")
    assert json.loads(done.stdout) == {"from": "PATH"}


def row(project: Path, name: str = "claude") -> HostStatus:
    return next(r for r in status(project=project) if (r.host, r.scope) == (name, "project"))


def test_status_says_the_hooks_run(project: Path) -> None:
    install("claude", project=project)
    found = row(project)
    assert (found.works, found.note) == (True, "")


def test_status_says_when_nothing_runs_any_more(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install("claude", project=project, python=str(project / "gone" / "python"))
    monkeypatch.setenv("PATH", BARE_PATH)
    found = row(project)
    assert found.works is False
    assert "gone/python is gone; no engram on PATH" in found.note


def test_status_says_when_engram_fails(project: Path, tmp_path: Path) -> None:
    install("claude", project=project, python=str(fake(tmp_path, "python", "exit 2\n")))
    found = row(project)
    assert found.works is False and "hook` exits 2" in found.note


def test_status_says_when_an_entry_of_an_earlier_version_has_no_guard(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the bare command runs `engram` from PATH: the one installed beside this interpreter
    bin_dir = str(Path(sys.executable).parent)
    monkeypatch.setenv("PATH", bin_dir + os.pathsep + os.environ.get("PATH", ""))
    bare = {"hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": "engram hook --host claude"}]}]}}  # fmt: skip
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(json.dumps(bare))
    found = row(project)
    assert found.events == ["UserPromptSubmit"]
    assert "without the guard" in found.note


def test_cli_status_tells_which_entries_do_not_run(
    project: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    install("gemini", project=project, python=str(fake(tmp_path, "python", "exit 2\n")))
    assert main(["-C", str(project), "hooks", "status"]) == 0
    out = capsys.readouterr().out
    assert "  hooks: DO NOT RUN: `" in out and "exits 2: the host gets {}" in out


def test_installing_again_replaces_an_entry_that_does_not_run(project: Path) -> None:
    install("claude", project=project, python=str(project / "gone" / "python"))
    install("claude", project=project)
    prompts = json.loads((project / ".claude/settings.json").read_text())["hooks"][
        "UserPromptSubmit"
    ]
    assert len(prompts) == 1 and sys.executable in prompts[0]["hooks"][0]["command"]
