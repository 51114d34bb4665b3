"""Hostile or unusual input from a host, through the real entry point: the hook still answers
with valid JSON for the host, and serves the memories when the input can be understood."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engram.hooks.errorlog import last_errors
from tests.hooks.helpers import call_raw, context, payload


def _run(host: str, stdin: bytes, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "engram", "hook", "--host", host], input=stdin,
        capture_output=True, check=False, env={**os.environ, **env},
    )  # fmt: skip


def _context(stdout: bytes) -> str:
    answer = json.loads(stdout.decode("utf-8"))
    return str(answer.get("hookSpecificOutput", {}).get("additionalContext", ""))


def test_a_prompt_with_bytes_that_are_not_utf8_is_still_served(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    body = json.dumps(payload("claude", "UserPromptSubmit", cwd=str(project), prompt="deploy"))
    stdin = body.encode().replace(b'"deploy"', b'"deploy \xff\xfe"')
    # a locale whose stdin decoding is strict (most UTF-8 locales, other than C/POSIX)
    done = _run("claude", stdin, PYTHONIOENCODING="utf-8:strict")
    assert (done.returncode, done.stderr) == (0, b"")
    assert "### deploy-api" in _context(done.stdout)


def test_a_payload_after_a_byte_order_mark_is_served(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    body = json.dumps(payload("claude", "UserPromptSubmit", cwd=str(project), prompt="deploy"))
    done = _run("claude", b"\xef\xbb\xbf" + body.encode())
    assert (done.returncode, done.stderr) == (0, b"")
    assert "### deploy-api" in _context(done.stdout)


def test_the_answer_is_utf8_whatever_the_locale_encoding(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy → the api, 日本語 🚀\n")
    body = json.dumps(payload("gemini", "BeforeAgent", cwd=str(project), prompt="deploy"))
    # Windows pipes use the ANSI code page; a Latin-1 locale is the same on POSIX
    done = _run("gemini", body.encode(), PYTHONIOENCODING="latin-1")
    assert (done.returncode, done.stderr) == (0, b"")
    assert "deploy → the api, 日本語 🚀" in _context(done.stdout)


def test_a_lone_surrogate_in_the_session_id_still_serves_the_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path],
) -> None:  # fmt: skip
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    body = payload("claude", "UserPromptSubmit", cwd=str(project), prompt="deploy")
    stdin = json.dumps(body).replace('"abc123"', '"abc\\ud800"')  # valid JSON, not valid text
    code, out = call_raw(monkeypatch, capsys, "claude", stdin)
    assert code == 0 and "### deploy-api" in context(json.loads(out))
    assert last_errors() == []


def test_a_lone_surrogate_in_a_subagent_id_still_serves_the_subagent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path],
) -> None:  # fmt: skip
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    body = payload("codex", "SubagentStart", cwd=str(project), agent="deploy")
    stdin = json.dumps(body).replace('"sub-1"', '"sub-\\udfff"')
    code, out = call_raw(monkeypatch, capsys, "codex", stdin)
    assert code == 0 and "### deploy-api" in context(json.loads(out))
    assert last_errors() == []


def test_a_prompt_of_tens_of_megabytes_is_served_within_the_deadline(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    prompt = "deploy the api " + "and some pasted log line " * 1_200_000  # 30 MB
    body = json.dumps(payload("codex", "UserPromptSubmit", cwd=str(project), prompt=prompt))
    done = _run("codex", body.encode(), ENGRAM_HOOKS_TIMEOUT_MS="4000")
    assert (done.returncode, done.stderr) == (0, b"")
    assert "### deploy-api" in _context(done.stdout)
    assert last_errors() == []


def test_a_relative_state_folder_setting_keeps_state_and_key_out_of_the_project(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path], isolated_env: Path,
) -> None:  # fmt: skip
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    monkeypatch.chdir(project)  # hosts start hooks in the project folder
    monkeypatch.setenv("ENGRAM_STATE_DIR", "engram-state")
    body = payload("claude", "UserPromptSubmit", cwd=str(project), prompt="deploy")
    code, out = call_raw(monkeypatch, capsys, "claude", json.dumps(body))
    assert code == 0 and "### deploy-api" in context(json.loads(out))
    assert not (project / "engram-state").exists()  # no witness key to commit by mistake
    assert (isolated_env / ".local" / "state" / "engram" / "hooks.sqlite").is_file()


@pytest.mark.parametrize("cwd", ["/tmp\x00/x", "/" + "a/" * 20_000], ids=["nul", "too-long"])
def test_a_cwd_no_system_can_have_is_taken_as_no_cwd(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path], cwd: str,
) -> None:  # fmt: skip
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    monkeypatch.chdir(project)  # the folder the host started the hook in
    body = payload("claude", "UserPromptSubmit", cwd="{cwd}", prompt="deploy")
    code, out = call_raw(monkeypatch, capsys, "claude", json.dumps({**body, "cwd": cwd}))
    assert code == 0 and "### deploy-api" in context(json.loads(out))
    assert last_errors() == []


def test_a_file_path_of_megabytes_is_answered_within_the_deadline(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("py-rules", "# Py\n\npython rules\n", applies_to=["src/**/*.py"])
    path = str(project / ("a/" * 5_000_000)) + "x.py"
    body = json.dumps(payload("gemini", "AfterTool", cwd=str(project), path=path))
    done = _run("gemini", body.encode(), ENGRAM_HOOKS_TIMEOUT_MS="4000")
    assert (done.returncode, done.stdout, done.stderr) == (0, b"{}\n", b"")
    assert last_errors() == []
