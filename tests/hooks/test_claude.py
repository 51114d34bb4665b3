"""Claude Code hooks: exact output, per-session delta, resets, path rules, caps."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from tests.helpers import long_id
from tests.hooks.helpers import call, call_raw, context, payload

Hook = Callable[..., dict]


@pytest.fixture
def hook(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path
) -> Hook:
    return partial(call, monkeypatch, capsys, "claude", cwd=str(project))


@pytest.fixture
def memories(memory: Callable[..., Path]) -> None:
    memory("style", "# Style\n\nRun ruff format.\n", kind="rule", tags=["session-start"])
    memory(
        "api-errors",
        "# API errors\n\nUse problem+json for api errors.\n",
        kind="rule",
        applies_to=["src/api/**/*.py"],
        directive="Return problem+json errors.",
    )
    memory("deploy-api", "# Deploy\n\nDeploy the api with the script.\n", kind="skill")


def test_session_start_injects_the_session_start_pack(hook: Hook, memories: None) -> None:
    assert hook("SessionStart") == {
        "hookSpecificOutput": {
            "hookEventName": "SessionStart",
            "additionalContext": "loaded 1 memory files / 1 total related memories\n\n"
            "### style [rule, instruction]\n# Style\n\nRun ruff format.\n",
        }
    }


def test_prompt_injects_the_routed_pack(hook: Hook, memories: None) -> None:
    result = hook("UserPromptSubmit", prompt="deploy the api")
    assert result["hookSpecificOutput"]["hookEventName"] == "UserPromptSubmit"
    text = context(result)
    assert text.startswith("loaded 2 memory files / 2 total related memories\n\n### deploy-api")


def test_a_path_scoped_memory_comes_only_with_its_rule_file_in_native_mode(
    hook: Hook, memories: None, project: Path
) -> None:
    """Claude loads .claude/rules/engram/api-errors.md itself when a matching file is touched:
    a prompt's pack names the memory on a card and leaves its body to the rule file."""
    hook("SessionStart")
    text = context(hook("UserPromptSubmit", prompt="deploy the api"))
    assert "- api-errors [rule] Return problem+json errors." in text
    assert "problem+json for api errors" not in text
    rule = (project / ".claude/rules/engram/api-errors.md").read_text()
    assert "Use problem+json for api errors." in rule


def test_a_path_scoped_memory_is_a_body_in_hook_mode(
    hook: Hook, memories: None, ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    text = context(hook("UserPromptSubmit", prompt="deploy the api"))
    assert "### api-errors [rule, instruction]" in text


def test_later_turns_fold_delivered_memories_into_one_line(hook: Hook, memories: None) -> None:
    hook("UserPromptSubmit", prompt="deploy the api")
    text = context(hook("UserPromptSubmit", prompt="deploy the api"))
    assert "###" not in text
    assert "already loaded: deploy-api" in text


def test_only_new_bodies_are_injected_on_later_turns(
    hook: Hook, memories: None, memory: Callable[..., Path]
) -> None:
    hook("UserPromptSubmit", prompt="deploy the api")
    memory("deploy-web", "# Web\n\nDeploy the web client too.\n")
    text = context(hook("UserPromptSubmit", prompt="deploy the api"))
    assert "### deploy-web" in text and "### deploy-api" not in text
    assert "already loaded: deploy-api" in text


@pytest.mark.parametrize("source", ["startup", "resume", "clear", "compact"])
def test_every_session_start_resets_the_delivered_set(
    hook: Hook,
    memories: None,
    source: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    project: Path,
) -> None:
    hook("UserPromptSubmit", prompt="deploy the api")
    start = payload("claude", "SessionStart", cwd=str(project))
    start["source"] = source
    call_raw(monkeypatch, capsys, "claude", json.dumps(start))
    assert "### deploy-api" in context(hook("UserPromptSubmit", prompt="deploy the api"))


def test_pre_compact_resets_the_set_and_injects_nothing(hook: Hook, memories: None) -> None:
    hook("UserPromptSubmit", prompt="deploy the api")
    assert hook("PreCompact") == {}
    assert "### deploy-api" in context(hook("UserPromptSubmit", prompt="deploy the api"))


def test_file_events_inject_nothing_in_native_mode(hook: Hook, memories: None) -> None:
    hook("SessionStart")  # writes the rule files, which the host loads itself
    assert hook("PreToolUse", path="src/api/app.py") == {}


def test_file_events_inject_path_memories_in_hook_mode(
    hook: Hook, memories: None, ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    result = hook("PreToolUse", path="src/api/app.py")
    assert result["hookSpecificOutput"]["hookEventName"] == "PreToolUse"
    assert "### api-errors [rule, instruction]" in context(result)


def test_a_brace_glob_fires_on_each_of_its_alternatives(
    hook: Hook, memory: Callable[..., Path], ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    memory("ui-style", "# UI\n\nProps are typed.\n", kind="rule", applies_to=["src/**/*.{ts,tsx}"])
    assert "### ui-style" in context(hook("PreToolUse", path="src/ui/button.tsx"))


def test_a_glob_from_dot_slash_fires_on_the_project_path(
    hook: Hook, memory: Callable[..., Path], ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    memory("py-style", "# Py\n\nAnnotate.\n", kind="rule", applies_to=["./src/**/*.py"])
    assert "### py-style" in context(hook("PreToolUse", path="src/app/main.py"))


def test_a_path_a_memory_excludes_fires_nothing(
    hook: Hook, memory: Callable[..., Path], ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    memory("own-code", "# Own\n\nOur style.\n", kind="rule",
           applies_to=["src/**", "!src/vendor/**"])  # fmt: skip
    assert hook("PreToolUse", path="src/vendor/lib.js") == {}
    assert "### own-code" in context(hook("PreToolUse", path="src/app/main.py"))


def test_a_memory_that_excludes_paths_comes_through_the_hook_in_native_mode(
    hook: Hook, memory: Callable[..., Path], project: Path
) -> None:
    """Claude's `paths` cannot exclude: such a memory gets no rule file, the hook brings it."""
    memory("own-code", "# Own\n\nOur style.\n", kind="rule",
           applies_to=["src/**", "!src/vendor/**"])  # fmt: skip
    hook("SessionStart")
    assert not (project / ".claude/rules/engram/own-code.md").exists()
    assert hook("PreToolUse", path="src/vendor/lib.js") == {}
    assert "### own-code" in context(hook("PreToolUse", path="src/app/main.py"))


def test_a_memory_whose_id_is_too_long_for_a_rule_file_comes_through_the_hook_in_native_mode(
    hook: Hook, ws_root: Path
) -> None:
    memory_id = long_id(ws_root, 260)
    hook("SessionStart")
    assert f"### {memory_id}" in context(hook("PreToolUse", path="src/app/main.py"))


def test_a_memory_whose_rule_file_could_not_be_written_comes_through_the_hook(
    hook: Hook, memories: None, project: Path
) -> None:
    (project / ".claude/rules").mkdir(parents=True)
    (project / ".claude/rules/engram").write_text("not a folder\n")
    hook("SessionStart")
    assert "### api-errors" in context(hook("PreToolUse", path="src/api/app.py"))


def test_a_prompt_brings_the_body_of_a_path_memory_that_has_no_rule_file(
    hook: Hook, ws_root: Path
) -> None:
    memory_id = long_id(ws_root, 260)
    hook("SessionStart")
    assert f"### {memory_id}" in context(hook("UserPromptSubmit", prompt="long body"))


def test_path_memories_are_injected_once_per_session(
    hook: Hook, memories: None, ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    hook("PreToolUse", path="src/api/app.py")
    assert hook("PreToolUse", path="src/api/other.py") == {}


def test_at_most_three_path_bodies_per_event(
    hook: Hook, memory: Callable[..., Path], ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    for n in range(5):
        memory(f"py-rule-{n}", f"# R{n}\n\nrule {n}\n", kind="rule", applies_to=["**/*.py"])
    first = context(hook("PreToolUse", path="src/app.py"))
    second = context(hook("PreToolUse", path="src/app.py"))
    assert first.count("### py-rule-") == 3 and second.count("### py-rule-") == 2


def test_file_outside_the_globs_injects_nothing(hook: Hook, memories: None, ws_root: Path) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    assert hook("PreToolUse", path="web/index.ts") == {}


def test_absolute_paths_are_matched_relative_to_the_project(
    hook: Hook, memories: None, ws_root: Path, project: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    assert "### api-errors" in context(hook("PreToolUse", path=str(project / "src/api/app.py")))


def test_a_file_outside_the_project_fires_no_path_memory(
    hook: Hook,
    memory: Callable[..., Path],
    ws_root: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    memory("md-style", "# Md\n\nWrap at 100.\n", kind="rule", applies_to=["*.md"])
    outside = tmp_path_factory.mktemp("elsewhere") / "README.md"  # another project's file
    assert hook("PreToolUse", path=str(outside)) == {}


def test_a_file_under_a_folder_linked_into_the_project_fires_its_path_memory(
    hook: Hook, memories: None, ws_root: Path, project: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:  # fmt: skip
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    shared = tmp_path_factory.mktemp("shared-api")  # a checkout shared by several projects
    (project / "src").mkdir()
    (project / "src" / "api").symlink_to(shared, target_is_directory=True)
    assert "### api-errors" in context(hook("PreToolUse", path="src/api/handlers.py"))


def test_a_path_that_climbs_out_of_the_project_fires_no_path_memory(
    hook: Hook, memory: Callable[..., Path], ws_root: Path, project: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    memory("md-style", "# Md\n\nWrap at 100.\n", kind="rule", applies_to=["**/*.md"])
    assert hook("PreToolUse", path=str(project / "docs" / ".." / ".." / "README.md")) == {}


def test_subagent_start_injects_context_for_the_agent_type(
    hook: Hook, memory: Callable[..., Path]
) -> None:
    memory("explore-tips", "# Explore\n\nWhen you explore, read the README first.\n")
    result = hook("SubagentStart", agent="Explore")
    assert result["hookSpecificOutput"]["hookEventName"] == "SubagentStart"
    assert "### explore-tips" in context(result)


def test_session_start_injects_its_pack_when_a_rule_file_name_is_too_long(
    hook: Hook, memories: None, ws_root: Path, project: Path
) -> None:
    from engram.hooks.errorlog import last_errors

    long_id(ws_root, 260)
    assert "### style [rule, instruction]" in context(hook("SessionStart"))
    assert (project / ".claude/rules/engram/api-errors.md").exists()  # the others are written
    assert "File name too long" in last_errors()[-1]


def test_session_start_injects_its_pack_when_the_rules_folder_is_a_file(
    hook: Hook, memories: None, project: Path
) -> None:
    from engram.hooks.errorlog import last_errors

    (project / ".claude/rules").mkdir(parents=True)
    (project / ".claude/rules/engram").write_text("not a folder\n")
    assert "### style [rule, instruction]" in context(hook("SessionStart"))
    assert "cannot write .claude/rules/engram/api-errors.md" in last_errors()[-1]


@pytest.fixture
def in_subagent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], project: Path
) -> Hook:
    """A hook call of an event inside subagent `agent-7` (the payload carries its agent_id)."""

    def call_in_subagent(event: str, **fills: str) -> dict:
        data = payload("claude", event, cwd=str(project), **fills)
        data |= {"agent_id": "agent-7", "agent_type": "Explore"}
        code, out = call_raw(monkeypatch, capsys, "claude", json.dumps(data))
        assert code == 0
        return dict(json.loads(out))

    return call_in_subagent


def test_a_path_memory_given_to_a_subagent_is_still_given_to_the_main_agent(
    hook: Hook, in_subagent: Hook, memories: None, ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    assert "### api-errors" in context(in_subagent("PreToolUse", path="src/api/a.py"))
    assert "### api-errors" in context(hook("PreToolUse", path="src/api/b.py"))


def test_a_subagent_gets_a_path_memory_once(
    in_subagent: Hook, memories: None, ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    in_subagent("PreToolUse", path="src/api/a.py")
    assert in_subagent("PreToolUse", path="src/api/b.py") == {}


def test_a_rule_file_loaded_in_a_subagent_is_not_delivered_to_the_main_agent(
    hook: Hook, in_subagent: Hook, memories: None, project: Path
) -> None:
    hook("SessionStart")  # writes the native rule files
    rule = project / ".claude" / "rules" / "engram" / "api-errors.md"
    in_subagent("InstructionsLoaded", path=str(rule))
    assert "already loaded: api-errors" not in context(
        hook("UserPromptSubmit", prompt="api errors")
    )


def test_native_rule_loaded_by_claude_counts_as_delivered(
    hook: Hook, memories: None, project: Path
) -> None:
    hook("SessionStart")  # writes the native rule files
    rule = project / ".claude" / "rules" / "engram" / "api-errors.md"
    assert rule.exists()
    assert hook("InstructionsLoaded", path=str(rule)) == {}
    text = context(hook("UserPromptSubmit", prompt="api errors"))
    assert "### api-errors" not in text and "already loaded: api-errors" in text


def test_output_stays_under_the_claude_cap_without_cutting_text(
    hook: Hook, memory: Callable[..., Path]
) -> None:
    paragraph = "Kafka consumers must commit offsets after processing. " * 60
    for n in range(12):
        memory(f"kafka-{n:02}", f"# Kafka {n}\n\n{paragraph}END{n}\n", directive=f"Kafka rule {n}.")
    text = context(hook("UserPromptSubmit", prompt="kafka consumers"))
    assert len(text) <= 9500
    assert "### kafka-00" in text and "fetch: engram load --id" in text  # the rest are cards
    for n in range(12):  # a body is either whole or absent
        assert (f"### kafka-{n:02}" in text) == (f"END{n}" in text)


def test_an_emoji_counts_as_two_characters_toward_the_cap(
    hook: Hook, memory: Callable[..., Path]
) -> None:
    paragraph = "Kafka 🚀 offsets 🎉 " * 150  # 300 emoji: as JavaScript counts, 300 more
    for n in range(8):
        memory(f"kafka-{n:02}", f"# Kafka {n}\n\n{paragraph}END{n}\n", directive=f"Kafka rule {n}.")
    text = context(hook("UserPromptSubmit", prompt="kafka offsets"))
    assert len(text.encode("utf-16-le")) // 2 <= 9500


def test_the_cap_is_configurable(hook: Hook, memory: Callable[..., Path], ws_root: Path) -> None:
    (ws_root / "engram.toml").write_text("[hooks]\nclaude_max_chars = 400\n")
    memory("kafka", "# Kafka\n\n" + "kafka offsets " * 100 + "\n", directive="Commit offsets.")
    text = context(hook("UserPromptSubmit", prompt="kafka"))
    assert len(text) <= 400 and "- kafka [knowledge] Commit offsets." in text


def test_proof_line_tells_what_was_loaded_and_reused(
    hook: Hook, memories: None, ws_root: Path
) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\nproof = "compact"\npath_rules = "hook"\n')
    first = context(hook("UserPromptSubmit", prompt="deploy the api"))
    assert first.splitlines()[0] == "engram: loaded 2 (deploy-api, api-errors)"
    second = context(hook("UserPromptSubmit", prompt="deploy the api"))
    assert second.splitlines()[0] == "engram: reused 2 (deploy-api, api-errors)"


def test_proof_line_says_why_nothing_loaded(hook: Hook, memories: None, ws_root: Path) -> None:
    (ws_root / "engram.toml").write_text('[hooks]\nproof = "compact"\n')
    assert context(hook("UserPromptSubmit", prompt="rules and knowledge")) == (
        "engram: nothing loaded (no anchors)"
    )


def test_prompt_without_matches_injects_nothing(hook: Hook, memories: None) -> None:
    assert hook("UserPromptSubmit", prompt="tomatoes and basil") == {}


def test_a_global_path_memory_is_shadowed_by_the_workspace_id(
    hook: Hook, memory: Callable[..., Path], ws_root: Path, global_root: Path
) -> None:
    from tests.conftest import write_memory

    (ws_root / "engram.toml").write_text('[hooks]\npath_rules = "hook"\n')
    memory("api-errors", "# Workspace\n\nworkspace version, no globs\n", kind="rule")
    write_memory(
        global_root,
        "api-errors",
        "# Global\n\nglobal version\n",
        kind="rule",
        applies_to=["src/api/**"],
    )
    assert hook("PreToolUse", path="src/api/app.py") == {}
