"""Codex, Gemini CLI and Cursor: their own payloads, envelopes and limits."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from engram.hooks.hosts.codex import patch_paths
from tests.hooks.helpers import call, call_raw, context, payload

Hook = Callable[..., dict]

PATCH = """*** Begin Patch
*** Update File: src/api/app.py
@@
-old
+new
*** Add File: docs/notes.md
+hello
*** Delete File: src/legacy.py
*** Update File: src/web/main.ts
*** Move to: src/web/index.ts
*** End Patch"""


@pytest.fixture
def memories(memory: Callable[..., Path]) -> None:
    memory("api-errors", "# API errors\n\nUse problem+json for api errors.\n", kind="rule",
           applies_to=["src/api/**/*.py"])  # fmt: skip
    memory("web-rules", "# Web\n\nUse <Suspense> around lazy routes in the web client.\n",
           kind="rule", applies_to=["src/web/**"])  # fmt: skip
    memory("deploy-api", "# Deploy\n\nDeploy the api with the script.\n", kind="skill")


def make(host: str, mp: pytest.MonkeyPatch, cap: pytest.CaptureFixture[str], p: Path) -> Hook:
    return partial(call, mp, cap, host, cwd=str(p))


def test_apply_patch_paths_are_parsed_from_the_patch_headers() -> None:
    assert patch_paths(PATCH) == [
        "src/api/app.py", "docs/notes.md", "src/legacy.py", "src/web/main.ts", "src/web/index.ts"
    ]  # fmt: skip


def test_codex_prompt_uses_the_hook_specific_envelope(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memories: None,
) -> None:  # fmt: skip
    result = make("codex", monkeypatch, capsys, project)("UserPromptSubmit", prompt="deploy api")
    assert result["hookSpecificOutput"]["hookEventName"] == "UserPromptSubmit"
    assert "### deploy-api [skill, instruction]" in context(result)


def test_codex_apply_patch_injects_the_memories_of_touched_paths(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memories: None,
) -> None:  # fmt: skip
    hook = make("codex", monkeypatch, capsys, project)
    result = hook("PreToolUse", patch=PATCH)
    assert result["hookSpecificOutput"]["hookEventName"] == "PreToolUse"
    text = context(result)
    assert "### api-errors" in text and "### web-rules" in text


def test_codex_output_stays_under_2400_tokens(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path],
) -> None:  # fmt: skip
    paragraph = "Kafka consumers must commit offsets after processing. " * 60
    for n in range(10):
        memory(f"kafka-{n}", f"# Kafka {n}\n\n{paragraph}\n", directive=f"Kafka rule {n}.")
    text = context(make("codex", monkeypatch, capsys, project)("UserPromptSubmit", prompt="kafka"))
    assert (len(text.encode()) + 3) // 4 <= 2400
    assert "### kafka-" in text and "fetch: engram load --id" in text  # the rest are cards


def test_codex_pre_compact_resets_and_answers_empty(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memories: None,
) -> None:  # fmt: skip
    hook = make("codex", monkeypatch, capsys, project)
    hook("UserPromptSubmit", prompt="deploy api")
    assert hook("PreCompact") == {}
    assert "### deploy-api" in context(hook("UserPromptSubmit", prompt="deploy api"))


def test_codex_subagent_start_injects_routed_context(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memories: None,
) -> None:  # fmt: skip
    result = make("codex", monkeypatch, capsys, project)("SubagentStart", agent="deploy")
    assert result["hookSpecificOutput"]["hookEventName"] == "SubagentStart"
    assert "### deploy-api" in context(result)


def test_gemini_before_agent_injects_the_pack(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memories: None,
) -> None:  # fmt: skip
    result = make("gemini", monkeypatch, capsys, project)("BeforeAgent", prompt="deploy api")
    assert result["hookSpecificOutput"]["hookEventName"] == "BeforeAgent"
    assert "### deploy-api" in context(result)


def test_gemini_after_tool_injects_path_memories_without_angle_brackets(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memories: None,
) -> None:  # fmt: skip
    result = make("gemini", monkeypatch, capsys, project)("AfterTool", path="src/web/App.tsx")
    assert result["hookSpecificOutput"]["hookEventName"] == "AfterTool"
    text = context(result)
    assert "### web-rules" in text and "‹Suspense›" in text
    assert "<" not in json.dumps(result) and ">" not in json.dumps(result)


def test_gemini_pre_compress_keeps_the_delivered_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memories: None,
) -> None:  # fmt: skip
    """Gemini CLI fires PreCompress before every model turn, compressing or not."""
    hook = make("gemini", monkeypatch, capsys, project)
    hook("BeforeAgent", prompt="deploy api")
    assert hook("PreCompress") == {}
    text = context(hook("BeforeAgent", prompt="deploy api"))
    assert "### deploy-api" not in text and "already loaded: deploy-api" in text


def test_cursor_session_start_uses_snake_case_additional_context(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path],
) -> None:  # fmt: skip
    memory("style", "# Style\n\nRun ruff format.\n", kind="rule", tags=["always"])
    result = make("cursor", monkeypatch, capsys, project)("sessionStart")
    assert result == {
        "continue": True,
        "additional_context": "loaded 1 memory files / 1 total related memories\n\n"
        "### style [rule, instruction]\n# Style\n\nRun ruff format.\n",
    }


def test_cursor_finds_the_workspace_in_a_later_root_of_a_multi_root_window(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory,
) -> None:  # fmt: skip
    memory("style", "# Style\n\nRun ruff format.\n", kind="rule", tags=["always"])
    start = payload("cursor", "sessionStart")
    start["workspace_roots"] = [str(tmp_path_factory.mktemp("docs-root")), str(project)]
    _, out = call_raw(monkeypatch, capsys, "cursor", json.dumps(start))
    assert "### style [rule, instruction]" in json.loads(out)["additional_context"]


def test_cursor_session_start_writes_native_mdc_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memories: None,
) -> None:  # fmt: skip
    make("cursor", monkeypatch, capsys, project)("sessionStart")
    rule = project / ".cursor" / "rules" / "engram" / "api-errors.mdc"
    assert rule.read_text().startswith(
        '---\ndescription: "Engram memory api-errors: Use problem+json for api errors."\n'
        'globs: "src/api/**/*.py"\nalwaysApply: false\n---\n'
    )


def test_codex_apply_patch_answer_is_exactly_the_documented_envelope(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path],
) -> None:  # fmt: skip
    memory("api-errors", "# API errors\n\nUse problem+json.\n", kind="rule",
           applies_to=["src/api/**/*.py"])  # fmt: skip
    patch = "*** Begin Patch\n*** Update File: src/api/app.py\n@@\n-a\n+b\n*** End Patch"
    assert make("codex", monkeypatch, capsys, project)("PreToolUse", patch=patch) == {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "additionalContext": "loaded 1 memory files / 1 total related memories\n\n"
            "### api-errors [rule, instruction]\n# API errors\n\nUse problem+json.\n",
        }
    }


def test_gemini_after_tool_answer_is_exactly_the_documented_envelope(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path,
    memory: Callable[..., Path],
) -> None:  # fmt: skip
    memory("web-rules", "# Web\n\nWrap <App> in a provider.\n", kind="rule",
           applies_to=["src/web/**"])  # fmt: skip
    assert make("gemini", monkeypatch, capsys, project)("AfterTool", path="src/web/a.tsx") == {
        "hookSpecificOutput": {
            "hookEventName": "AfterTool",
            "additionalContext": "loaded 1 memory files / 1 total related memories\n\n"
            "### web-rules [rule, instruction]\n# Web\n\nWrap ‹App› in a provider.\n",
        }
    }
