"""`engram hooks install | uninstall | status`."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from engram.cli import main
from engram.hooks.configfile import KEEP_BACKUPS, backups
from engram.hooks.install import install, register_mcp, uninstall
from engram.hooks.launcher import hook_command, mcp_entry
from engram.hooks.status import status

MCP_ENTRY = mcp_entry(sys.executable)

USER_HOOK = {"matcher": "Bash", "hooks": [{"type": "command", "command": "./my-hook.sh"}]}


def test_install_adds_every_event_with_its_matcher(project: Path) -> None:
    install("claude", project=project)
    data = json.loads((project / ".claude/settings.json").read_text())
    assert data["hooks"]["SessionStart"] == [{
        "matcher": "startup|resume|clear|compact",
        "hooks": [{"type": "command", "command": hook_command("claude", sys.executable),
                   "timeout": 10}],
    }]  # fmt: skip
    assert data["hooks"]["PreToolUse"][0]["matcher"] == "Read|Edit|Write|MultiEdit"
    assert set(data["hooks"]) == {"SessionStart", "UserPromptSubmit", "PreToolUse",
                                  "SubagentStart", "PreCompact", "InstructionsLoaded"}  # fmt: skip


def test_install_keeps_the_users_entries_and_settings(project: Path) -> None:
    path = project / ".claude/settings.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"model": "opus", "hooks": {"PreToolUse": [USER_HOOK]}}))
    install("claude", project=project)
    data = json.loads(path.read_text())
    assert data["model"] == "opus" and data["hooks"]["PreToolUse"][0] == USER_HOOK
    assert len(data["hooks"]["PreToolUse"]) == 2


def test_installing_twice_changes_nothing(project: Path) -> None:
    install("codex", project=project)
    before = (project / ".codex/hooks.json").read_text()
    assert install("codex", project=project).changed is False
    assert (project / ".codex/hooks.json").read_text() == before


def test_changed_files_are_backed_up_first(project: Path) -> None:
    path = project / ".gemini/settings.json"
    path.parent.mkdir()
    path.write_text('{"theme": "dark"}')
    report = install("gemini", project=project)
    assert report.backup is not None and report.backup.read_text() == '{"theme": "dark"}'


def test_comments_are_tolerated(project: Path) -> None:
    path = project / ".gemini/settings.json"
    path.parent.mkdir()
    path.write_text('{\n  // my theme\n  "theme": "dark", /* trailing */\n}\n')
    install("gemini", project=project)
    data = json.loads(path.read_text())
    assert data["theme"] == "dark"
    assert data["hooks"]["AfterTool"][0] == {
        "matcher": "read_file|write_file|replace",
        "hooks": [{"name": "engram", "type": "command",
                   "command": hook_command("gemini", sys.executable), "timeout": 10000}],
    }  # fmt: skip


def test_cursor_uses_its_flat_version_1_schema(project: Path) -> None:
    install("cursor", project=project)
    assert json.loads((project / ".cursor/hooks.json").read_text()) == {
        "version": 1,
        "hooks": {"sessionStart": [{"command": hook_command("cursor", sys.executable)}],
                  "preCompact": [{"command": hook_command("cursor", sys.executable)}]},
    }  # fmt: skip


def test_uninstall_removes_only_engram_entries(project: Path) -> None:
    path = project / ".claude/settings.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"hooks": {"PreToolUse": [USER_HOOK]}}))
    install("claude", project=project)
    uninstall("claude", project=project)
    assert json.loads(path.read_text()) == {"hooks": {"PreToolUse": [USER_HOOK]}}


def test_global_install_writes_the_user_level_file(project: Path, isolated_env: Path) -> None:
    report = install("codex", project=project, is_global=True)
    assert report.path == isolated_env / ".codex/hooks.json" and report.path.exists()


def test_invalid_config_file_is_a_clear_error_and_is_left_alone(project: Path) -> None:
    from engram.errors import EngramError

    path = project / ".claude/settings.json"
    path.parent.mkdir()
    path.write_text("{broken")
    with pytest.raises(EngramError, match=r"settings\.json: not valid JSON"):
        install("claude", project=project)
    assert path.read_text() == "{broken"


def test_status_lists_where_engram_is_installed(project: Path) -> None:
    install("claude", project=project)
    rows = {(r.host, r.scope): r.events for r in status(project=project)}
    assert "UserPromptSubmit" in rows[("claude", "project")]
    assert rows[("codex", "project")] == [] and rows[("claude", "global")] == []


def test_cli_install_also_writes_native_rules(
    project: Path, capsys: pytest.CaptureFixture[str], ws_root: Path
) -> None:
    from tests.conftest import write_memory

    write_memory(ws_root, "api-errors", "# API\n\nx\n", kind="rule", applies_to=["src/**"])
    assert main(["-C", str(project), "hooks", "install", "--host", "claude"]) == 0
    out = capsys.readouterr().out
    assert "installed:" in out and "wrote .claude/rules/engram/api-errors.md" in out
    assert main(["-C", str(project), "hooks", "status", "--json"]) == 0
    hosts = json.loads(capsys.readouterr().out)["hosts"]
    assert any(h["host"] == "claude" and h["events"] for h in hosts)


def test_install_registers_the_mcp_server_and_keeps_the_users(project: Path) -> None:
    from engram.hooks.install import register_mcp

    (project / ".mcp.json").write_text('{"mcpServers": {"github": {"command": "gh-mcp"}}}')
    register_mcp("claude", project=project)
    servers = json.loads((project / ".mcp.json").read_text())["mcpServers"]
    assert servers == {"github": {"command": "gh-mcp"}, "engram": MCP_ENTRY}
    assert register_mcp("claude", project=project).changed is False
    register_mcp("claude", project=project, remove=True)
    assert json.loads((project / ".mcp.json").read_text()) == {
        "mcpServers": {"github": {"command": "gh-mcp"}}
    }


def test_codex_mcp_server_is_a_toml_section(project: Path) -> None:
    import tomllib

    from engram.hooks.install import register_mcp

    config = project / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text('model = "gpt-5"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n')
    register_mcp("codex", project=project)
    register_mcp("codex", project=project)
    data = tomllib.loads(config.read_text())
    assert data["model"] == "gpt-5" and data["mcp_servers"]["docs"] == {"command": "docs-mcp"}
    assert data["mcp_servers"]["engram"] == MCP_ENTRY
    register_mcp("codex", project=project, remove=True)
    assert "engram" not in tomllib.loads(config.read_text())["mcp_servers"]


def test_gemini_and_cursor_get_mcp_servers_too(project: Path) -> None:
    from engram.hooks.install import register_mcp

    register_mcp("gemini", project=project)
    register_mcp("cursor", project=project)
    gemini = json.loads((project / ".gemini/settings.json").read_text())
    cursor = json.loads((project / ".cursor/mcp.json").read_text())
    assert gemini["mcpServers"]["engram"] == cursor["mcpServers"]["engram"]


def test_cli_no_mcp_leaves_the_mcp_config_alone(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["-C", str(project), "hooks", "install", "--host", "cursor", "--no-mcp"])
    assert not (project / ".cursor/mcp.json").exists()
    main(["-C", str(project), "hooks", "install", "--host", "cursor"])
    assert (project / ".cursor/mcp.json").exists()


def test_the_backup_keeps_the_file_as_it_was_before_engram(project: Path) -> None:
    from engram.hooks.install import register_mcp

    path = project / ".gemini/settings.json"
    path.parent.mkdir()
    path.write_text('{"theme": "dark"}')
    install("gemini", project=project)
    register_mcp("gemini", project=project)
    assert backups(path)[0].read_text() == '{"theme": "dark"}'


def settings_file(project: Path, text: str = '{"model": "opus"}\n') -> Path:
    path = project / ".claude" / "settings.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)
    return path


def test_a_0600_settings_file_stays_0600(project: Path) -> None:
    path = settings_file(project, '{"env": {"API_KEY": "k-123"}}\n')
    path.chmod(0o600)
    install("claude", project=project)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_a_settings_file_of_another_user_keeps_its_owner(project: Path) -> None:
    path = settings_file(project)
    os.chown(path, 4242, 4343)
    install("claude", project=project)
    assert (path.stat().st_uid, path.stat().st_gid) == (4242, 4343)


def test_a_symlinked_settings_file_stays_a_link_and_its_target_is_updated(
    project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    target = tmp_path_factory.mktemp("dotfiles") / "claude-settings.json"
    target.write_text('{"model": "opus"}\n')
    link = project / ".claude" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(target)
    install("claude", project=project)
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert "UserPromptSubmit" in json.loads(target.read_text())["hooks"]


def test_every_change_writes_a_new_backup_of_the_file_as_it_was(project: Path) -> None:
    path = settings_file(project)
    install("claude", project=project)
    edited = path.read_text().replace('"opus"', '"sonnet"')
    path.write_text(edited)
    uninstall("claude", project=project)
    assert [b.read_text() for b in backups(path)] == ['{"model": "opus"}\n', edited]


def test_backups_beyond_the_last_five_are_deleted(project: Path) -> None:
    path = settings_file(project)
    for n in range(KEEP_BACKUPS + 3):
        path.write_text(json.dumps({"model": f"m{n}"}))
        install("claude", project=project)
    kept = backups(path)
    assert len(kept) == KEEP_BACKUPS
    assert json.loads(kept[0].read_text()) == {"model": "m3"}
    assert json.loads(kept[-1].read_text()) == {"model": f"m{KEEP_BACKUPS + 2}"}


def test_installing_twice_gives_the_same_file_and_one_backup(project: Path) -> None:
    path = settings_file(project)
    install("claude", project=project)
    first = path.read_bytes()
    assert install("claude", project=project).changed is False
    assert path.read_bytes() == first and len(backups(path)) == 1


def test_a_commented_file_that_already_has_engram_is_left_alone(project: Path) -> None:
    path = settings_file(project)
    install("claude", project=project)
    commented = "// my settings\n" + path.read_text()
    path.write_text(commented)
    install("claude", project=project)
    assert path.read_text() == commented


def test_a_four_space_indented_file_keeps_its_indentation(project: Path) -> None:
    path = settings_file(project, '{\n    "model": "opus"\n}\n')
    install("claude", project=project)
    assert path.read_text().startswith('{\n    "model": "opus",\n    "hooks": {\n        "')


CODEX_CONFIG = """\
# my Codex settings
model = "gpt-5"  # the default model

[mcp_servers.engram]
command = "engram"
args = ["mcp", "--old-flag"]

# a faster profile, written by hand
  [profiles.fast]
  model = "gpt-5-mini"   # cheap
"""


def codex_config(project: Path) -> Path:
    path = project / ".codex" / "config.toml"
    path.parent.mkdir()
    path.write_text(CODEX_CONFIG)
    return path


def test_codex_install_keeps_comments_and_the_indented_table_after_engrams(
    project: Path,
) -> None:
    path = codex_config(project)
    register_mcp("codex", project=project)
    args = ", ".join(json.dumps(arg) for arg in MCP_ENTRY["args"])
    assert path.read_text() == CODEX_CONFIG.replace('"engram"', '"/bin/sh"').replace(
        '["mcp", "--old-flag"]', f"[{args}]"
    )


def test_codex_uninstall_keeps_comments_and_the_indented_table_after_engrams(
    project: Path,
) -> None:
    path = codex_config(project)
    register_mcp("codex", project=project, remove=True)
    assert path.read_text() == (
        '# my Codex settings\nmodel = "gpt-5"  # the default model\n\n'
        '# a faster profile, written by hand\n  [profiles.fast]\n  model = "gpt-5-mini"   # cheap\n'
    )


def test_a_failed_mcp_registration_leaves_the_settings_as_they_were(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = project / ".gemini" / "settings.json"
    settings.parent.mkdir()
    original = '{"mcpServers": [1, 2], "theme": "dark"}\n'
    settings.write_text(original, encoding="utf-8")
    assert main(["-C", str(project), "hooks", "install", "--host", "gemini"]) == 2
    assert settings.read_text(encoding="utf-8") == original
    assert "mcpServers" in capsys.readouterr().err


def test_a_failed_mcp_registration_takes_back_a_new_hooks_file(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mcp = project / ".cursor" / "mcp.json"
    mcp.parent.mkdir()
    mcp.write_text('{"mcpServers": "str"}\n', encoding="utf-8")
    assert main(["-C", str(project), "hooks", "install", "--host", "cursor"]) == 2
    assert not (project / ".cursor" / "hooks.json").exists()


def test_a_failed_install_leaves_no_backup_of_what_it_put_back(project: Path) -> None:
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{"model": "opus"}\n', encoding="utf-8")
    (project / ".mcp.json").write_text("[1]\n", encoding="utf-8")
    assert main(["-C", str(project), "hooks", "install", "--host", "claude"]) == 2
    assert sorted(p.name for p in settings.parent.iterdir()) == ["settings.json"]


def test_uninstall_leaves_an_engram_mcp_server_the_user_set_up(project: Path) -> None:
    mcp = project / ".mcp.json"
    mine = {"mcpServers": {"engram": {"command": "docker", "args": ["run", "my/engram-fork"]}}}
    mcp.write_text(json.dumps(mine), encoding="utf-8")
    register_mcp("claude", project=project, remove=True)
    assert json.loads(mcp.read_text(encoding="utf-8")) == mine


def test_uninstall_leaves_a_codex_engram_table_the_user_set_up(project: Path) -> None:
    config = project / ".codex" / "config.toml"
    config.parent.mkdir()
    text = '[mcp_servers.engram]\ncommand = "/opt/my-fork/engram-server"\n'
    config.write_text(text, encoding="utf-8")
    register_mcp("codex", project=project, remove=True)
    assert config.read_text(encoding="utf-8") == text


def test_a_settings_file_that_is_not_utf8_is_a_clear_error_and_is_left_alone(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = project / ".claude/settings.json"
    path.parent.mkdir()
    path.write_bytes(b'{"model": "caf\xe9"}\n')  # Latin-1, as an old editor saved it
    assert main(["-C", str(project), "hooks", "install", "--host", "claude"]) == 2
    err = capsys.readouterr().err
    assert f"engram: error: {path}: not UTF-8 text" in err and "unexpected" not in err
    assert path.read_bytes() == b'{"model": "caf\xe9"}\n'


def test_a_codex_config_that_is_not_utf8_is_a_clear_error(project: Path) -> None:
    from engram.errors import EngramError

    config = project / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_bytes(b'model = "caf\xe9"\n')
    with pytest.raises(EngramError, match=r"config\.toml: not UTF-8 text"):
        register_mcp("codex", project=project)


def test_uninstall_leaves_a_file_without_engram_untouched(project: Path) -> None:
    path = project / ".claude/settings.json"
    path.parent.mkdir()
    text = '{\n  // my settings\n  "hooks": {}\n}\n'
    path.write_text(text, encoding="utf-8")
    report = uninstall("claude", project=project)
    assert not report.changed and path.read_text(encoding="utf-8") == text


def test_uninstall_leaves_an_empty_settings_list_the_user_wrote(project: Path) -> None:
    from engram.hooks.install import teardown

    local = project / ".claude/settings.local.json"
    local.parent.mkdir()
    text = '{\n  // approved servers\n  "enabledMcpjsonServers": []\n}\n'
    local.write_text(text, encoding="utf-8")
    report = teardown("claude", project=project)
    assert not any(f.changed for f in report.files) and local.read_text(encoding="utf-8") == text


def test_a_codex_config_with_crlf_line_ends_keeps_them(project: Path) -> None:
    config = project / ".codex" / "config.toml"
    config.parent.mkdir()
    original = b'# mine\r\nmodel = "o3"\r\n\r\n[mcp_servers.other]\r\ncommand = "x"\r\n'
    config.write_bytes(original)
    register_mcp("codex", project=project)
    installed = config.read_bytes()
    assert installed.startswith(original) and b"\n" not in installed.replace(b"\r\n", b"")
    register_mcp("codex", project=project, remove=True)
    assert config.read_bytes() == original


def test_a_settings_file_with_crlf_line_ends_keeps_them(project: Path) -> None:
    path = project / ".claude/settings.json"
    path.parent.mkdir()
    path.write_bytes(b'{\r\n  "model": "opus"\r\n}\r\n')
    install("claude", project=project)
    written = path.read_bytes()
    assert written.startswith(b'{\r\n  "model": "opus",\r\n')
    assert b"\n" not in written.replace(b"\r\n", b"")


def test_installing_again_keeps_engrams_entry_where_it_was(project: Path) -> None:
    path = project / ".claude/settings.json"
    install("claude", project=project)
    data = json.loads(path.read_text())
    data["hooks"]["UserPromptSubmit"].append(USER_HOOK)  # the user's hook after Engram's
    path.write_text(json.dumps(data, indent=2) + "\n")
    report = install("claude", project=project)
    assert not report.changed and json.loads(path.read_text()) == data
