"""Hooks never break the host: bad input or internal errors give a neutral answer and a log."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engram.hooks.errorlog import last_errors
from engram.hooks.hosts import HOSTS
from engram.hooks.run import run_hook
from tests.hooks.helpers import call, call_raw, payload

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@pytest.mark.parametrize("host", HOSTS)
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(raw=st.text(max_size=200))
def test_any_stdin_text_gives_valid_json(host: str, raw: str) -> None:
    answer = json.loads(run_hook(host, raw))
    assert isinstance(answer, dict)


@pytest.mark.parametrize("host", HOSTS)
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=json_values, event=st.sampled_from(
    ["SessionStart", "UserPromptSubmit", "PreToolUse", "BeforeAgent", "AfterTool", "sessionStart",
     "SubagentStart", "PreCompact", "InstructionsLoaded"]))  # fmt: skip
def test_any_json_payload_gives_valid_json(host: str, value: object, event: str) -> None:
    body = {"hook_event_name": event, "prompt": value, "tool_input": value, "cwd": "/nonexistent",
            "session_id": value, "workspace_roots": value}  # fmt: skip
    answer = json.loads(run_hook(host, json.dumps(body)))
    assert isinstance(answer, dict)


def test_malformed_stdin_exits_0_with_empty_json_and_logs_the_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = call_raw(monkeypatch, capsys, "claude", "{not json")
    assert (code, out) == (0, "{}\n")
    assert "JSONDecodeError" in last_errors()[-1]


def test_unknown_host_is_neutral_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert call_raw(monkeypatch, capsys, "vim", "{}") == (0, "{}\n")


def test_missing_workspace_gives_empty_answer_without_an_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    result = call(monkeypatch, capsys, "claude", "UserPromptSubmit", cwd=str(tmp_path), prompt="x")
    assert result == {} and last_errors() == []


def test_broken_memory_file_does_not_stop_the_others(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path], ws_root: Path,
) -> None:  # fmt: skip
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    (ws_root / "rules" / "broken.md").write_text("---\nid: [deploy\n---\ndeploy\n")
    result = call(monkeypatch, capsys, "claude", "UserPromptSubmit", cwd=str(project),
                  prompt="deploy")  # fmt: skip
    assert "### deploy-api" in result["hookSpecificOutput"]["additionalContext"]


def test_broken_config_is_neutral_logged_and_shown_by_doctor(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    ws_root: Path, memory: Callable[..., Path],
) -> None:  # fmt: skip
    from engram.cli import main

    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    (ws_root / "engram.toml").write_text("[hooks]\nclaude_max_chars = 'lots'\n")
    result = call(monkeypatch, capsys, "claude", "UserPromptSubmit", cwd=str(project),
                  prompt="deploy")  # fmt: skip
    assert result == {}
    assert "ConfigError" in last_errors()[-1]
    (ws_root / "engram.toml").write_text("")
    main(["-C", str(project), "doctor"])
    assert "hook error:" in capsys.readouterr().out


def test_real_process_answers_and_exits_0_on_garbage(project: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engram", "hook", "--host", "gemini"], input="\x00\xff garbage",
        capture_output=True, text=True, check=False, env={**os.environ},
    )  # fmt: skip
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "{}", "")


def test_real_process_serves_a_prompt(project: Path, memory: Callable[..., Path]) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    body = json.dumps(payload("claude", "UserPromptSubmit", cwd=str(project), prompt="deploy"))
    done = subprocess.run(
        [sys.executable, "-m", "engram", "hook", "--host", "claude"], input=body,
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "### deploy-api" in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
