"""First run in each host: what `hooks install` sets up on the project side, what it leaves to
the user, and what `hooks status` still lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engram.cli import main
from engram.hooks.install import setup, teardown
from engram.hooks.status import HostStatus, status


def pending(project: Path, name: str, scope: str = "project") -> list[str]:
    row: HostStatus = next(r for r in status(project=project) if (r.host, r.scope) == (name, scope))
    return row.pending


def local_settings(project: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((project / ".claude/settings.local.json").read_text())
    return data


def test_claude_install_approves_the_projects_mcp_server_in_the_local_settings(
    project: Path,
) -> None:
    setup("claude", project=project)
    assert local_settings(project) == {"enabledMcpjsonServers": ["engram"]}


def test_claude_project_trust_is_pending_until_the_trust_dialog_was_accepted(
    project: Path, isolated_env: Path
) -> None:
    setup("claude", project=project, trust_mcp=True)
    assert pending(project, "claude")[0].startswith("open the project in Claude Code once")
    state = {"projects": {str(project): {"hasTrustDialogAccepted": True}}}
    (isolated_env / ".claude.json").write_text(json.dumps(state))
    assert pending(project, "claude") == []


def test_claude_trust_mcp_lets_the_tools_that_delete_nothing_run_without_asking(
    project: Path,
) -> None:
    setup("claude", project=project, trust_mcp=True)
    allowed = local_settings(project)["permissions"]["allow"]  # type: ignore[index]
    assert "mcp__engram__memory_search" in allowed and "mcp__engram__engram_load" in allowed
    assert "mcp__engram__memory_delete" not in allowed


def test_claude_install_keeps_the_users_own_local_settings(project: Path) -> None:
    path = project / ".claude" / "settings.local.json"
    path.parent.mkdir()
    path.write_text('{"enabledMcpjsonServers": ["github"], "permissions": {"allow": ["Bash"]}}')
    setup("claude", project=project, trust_mcp=True)
    data = local_settings(project)
    assert data["enabledMcpjsonServers"] == ["github", "engram"]
    assert data["permissions"]["allow"][0] == "Bash"  # type: ignore[index]


def test_status_says_when_an_approval_install_wrote_was_taken_back(project: Path) -> None:
    setup("claude", project=project)
    (project / ".claude" / "settings.local.json").write_text("{}")
    assert pending(project, "claude")[0] == (
        "not yet: the project's engram MCP server is approved (`engram hooks install` sets it)"
    )


def test_uninstall_takes_back_only_the_settings_install_wrote(project: Path) -> None:
    path = project / ".claude" / "settings.local.json"
    path.parent.mkdir()
    path.write_text('{"enabledMcpjsonServers": ["github"], "permissions": {"allow": ["Bash"]}}')
    setup("claude", project=project, trust_mcp=True)
    teardown("claude", project=project)
    assert local_settings(project) == {
        "enabledMcpjsonServers": ["github"], "permissions": {"allow": ["Bash"]}
    }  # fmt: skip


def gemini_server(project: Path) -> dict[str, object]:
    data = json.loads((project / ".gemini/settings.json").read_text())
    server: dict[str, object] = data["mcpServers"]["engram"]
    return server


def test_gemini_trusts_the_server_entry_only_when_asked(project: Path) -> None:
    setup("gemini", project=project)
    assert "trust" not in gemini_server(project)
    setup("gemini", project=project, trust_mcp=True)
    assert gemini_server(project)["trust"] is True


def test_installing_again_keeps_a_trusted_gemini_server_trusted(project: Path) -> None:
    setup("gemini", project=project, trust_mcp=True)
    setup("gemini", project=project)
    assert gemini_server(project)["trust"] is True


def test_status_lists_the_trust_a_user_may_still_give(project: Path) -> None:
    setup("gemini", project=project)
    assert any("--trust-mcp" in text for text in pending(project, "gemini"))
    setup("gemini", project=project, trust_mcp=True)
    assert not any("--trust-mcp" in text for text in pending(project, "gemini"))


def test_gemini_folder_trust_is_pending_until_gemini_trusts_the_folder(
    project: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folders = tmp_path / "trustedFolders.json"
    monkeypatch.setenv("GEMINI_CLI_TRUSTED_FOLDERS_PATH", str(folders))
    setup("gemini", project=project, trust_mcp=True)
    assert pending(project, "gemini") == [
        "trust the project folder in Gemini CLI (it asks when you first open it there; it runs "
        "no project hooks before)"
    ]
    folders.write_text(json.dumps({str(project / "sub"): "TRUST_PARENT"}))
    assert pending(project, "gemini") == []


def test_a_folder_gemini_does_not_trust_stays_pending(
    project: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folders = tmp_path / "trustedFolders.json"
    folders.write_text(json.dumps({str(project.parent): "TRUST_FOLDER",
                                   str(project): "DO_NOT_TRUST"}))  # fmt: skip
    monkeypatch.setenv("GEMINI_CLI_TRUSTED_FOLDERS_PATH", str(folders))
    setup("gemini", project=project, trust_mcp=True)
    assert len(pending(project, "gemini")) == 1


@pytest.fixture
def codex_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "codex-home"
    home.mkdir()
    monkeypatch.setenv("CODEX_HOME", str(home))
    return home


def test_codex_install_prints_the_steps_only_the_user_can_take(
    project: Path, codex_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["-C", str(project), "hooks", "install", "--host", "codex"]) == 0
    out = capsys.readouterr().out
    assert "still to do in Codex CLI (only you can):" in out
    assert "  - trust the project in Codex" in out
    assert "  - review and trust Engram's hooks in Codex with /hooks" in out


def test_codex_steps_are_done_once_codex_recorded_the_trust(
    project: Path, codex_home: Path
) -> None:
    setup("codex", project=project)
    assert len(pending(project, "codex")) == 2
    hooks_file = project / ".codex" / "hooks.json"
    (codex_home / "config.toml").write_text(
        f'[projects."{project}"]\ntrust_level = "trusted"\n\n'
        f'[hooks.state."file:{hooks_file}:user_prompt_submit:0:0"]\n'
        'trusted_hash = "sha256:abc"\n'
    )
    assert pending(project, "codex") == []


def test_cli_status_shows_what_is_still_to_do(
    project: Path, codex_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup("codex", project=project)
    assert main(["-C", str(project), "hooks", "status"]) == 0
    out = capsys.readouterr().out
    assert "  to do: review and trust Engram's hooks in Codex with /hooks" in out
    assert "  MCP server: starts" in out


def test_a_global_install_asks_for_no_project_trust(project: Path, codex_home: Path) -> None:
    setup("claude", project=project, is_global=True)
    setup("codex", project=project, is_global=True)
    assert not (project / ".claude" / "settings.local.json").exists()
    assert pending(project, "claude", "global") == [
        "optional: Engram's tools that delete nothing run without asking "
        "(`engram hooks install --trust-mcp`)"
    ]
    assert [text[:30] for text in pending(project, "codex", "global")] == [
        "review and trust Engram's hook"
    ]
