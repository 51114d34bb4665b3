"""`engram export` and `engram hooks sync`, through the real entry point."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from engram.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def some(memory: Callable[..., Path]) -> None:
    memory("deploy-api", "# Deploy the API\n\n1. Tag.\n2. Ship.\n", kind="skill")
    memory("stack", "# Stack\n\nThe API is FastAPI on Postgres.\n", kind="knowledge")
    memory("no-force-push", "# No force-push\n\nNever force-push to main.\n", kind="rule",
           directive="Never force-push to main.")  # fmt: skip
    memory("greet", "# Greeting\n\nSay hello first.\n", kind="rule", tags=["always"])
    memory("api-style", "# API style\n\nValidate every request.\n", kind="rule",
           applies_to=["src/api/**"])  # fmt: skip


def test_agents_md_holds_every_memory_always_on_first_then_rules_skills_knowledge(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "-C", str(project), "export", "--format", "agents-md")
    assert code == 0 and "wrote AGENTS.md" in out
    text = (project / "AGENTS.md").read_text(encoding="utf-8")
    assert text.startswith("<!-- engram:generated export=agents-md;")
    titles = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert titles == ["Greeting", "API style", "No force-push", "Deploy the API", "Stack"]
    assert "_rule · applies to `src/api/**`_" in text


def test_an_export_is_deterministic_and_a_second_one_changes_nothing(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "-C", str(project), "export", "--format", "agents-md")
    first = (project / "AGENTS.md").read_bytes()
    code, out, _ = run(capsys, "-C", str(project), "export", "--format", "agents-md")
    assert code == 0 and "AGENTS.md is up to date" in out
    assert (project / "AGENTS.md").read_bytes() == first


def test_a_hand_written_file_is_never_replaced(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "CLAUDE.md").write_text("# Ours\n\nHand-written.\n", encoding="utf-8")
    code, _, err = run(capsys, "-C", str(project), "export", "--format", "claude-md")
    assert code == 2
    assert "CLAUDE.md exists and was not written by Engram" in err
    assert (project / "CLAUDE.md").read_text(encoding="utf-8") == "# Ours\n\nHand-written.\n"


def test_bodies_become_cards_to_stay_within_the_hosts_limit(
    project: Path, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    for n in range(6):
        memory(f"rule-{n}", f"# Rule {n}\n\n" + "Keep this in mind always. " * 40, kind="rule")
    code, out, _ = run(capsys, "-C", str(project), "export", "--format", "copilot", "--json")
    assert code == 0
    report = json.loads(out)
    text = (project / ".github" / "copilot-instructions.md").read_text(encoding="utf-8")
    assert len(text) <= 4000
    assert report["bodies"] >= 1 and report["cards"] >= 1
    assert report["bodies"] + report["cards"] == 6
    assert "- `rule-5` [rule]: " in text and "`engram load --id rule-5`" in text


def test_cursor_rules_carry_always_apply_globs_and_description(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    flags = ("-C", str(project), "export", "--format", "cursor")
    assert run(capsys, *flags)[0] == 0
    folder = project / ".cursor" / "rules" / "engram-export"
    greet = (folder / "greet.mdc").read_text(encoding="utf-8")
    assert "alwaysApply: true" in greet
    stack = (folder / "stack.mdc").read_text(encoding="utf-8")
    assert 'description: "The API is FastAPI on Postgres."' in stack
    assert "alwaysApply: false" in stack
    # path-scoped memories are the native rule files' (hooks.path_rules = native)
    assert not (folder / "api-style.mdc").exists()


def test_copilot_path_scoped_memories_get_apply_to_files(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "-C", str(project), "export", "--format", "copilot")[0] == 0
    path = project / ".github" / "instructions" / "engram-api-style.instructions.md"
    assert path.read_text(encoding="utf-8").startswith('---\napplyTo: "src/api/**"\n---\n')


def test_copilot_apply_to_lists_a_brace_glob_as_its_alternatives(
    project: Path, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    memory("ui-style", "# UI\n\nProps are typed.\n", kind="rule", applies_to=["src/*.{ts,tsx}"])
    assert run(capsys, "-C", str(project), "export", "--format", "copilot")[0] == 0
    path = project / ".github" / "instructions" / "engram-ui-style.instructions.md"
    assert path.read_text(encoding="utf-8").startswith('---\napplyTo: "src/*.ts,src/*.tsx"\n')


def test_copilot_apply_to_leaves_out_exclusions_and_the_export_says_so(
    project: Path, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    memory("own-code", "# Own\n\nOur style.\n", kind="rule",
           applies_to=["src/**", "!src/vendor/**"])  # fmt: skip
    code, out, _ = run(capsys, "-C", str(project), "export", "--format", "copilot")
    path = project / ".github" / "instructions" / "engram-own-code.instructions.md"
    assert code == 0 and path.read_text(encoding="utf-8").startswith('---\napplyTo: "src/**"\n')
    assert "1 memories exclude paths (`!` globs)" in out


def test_a_claude_md_export_keeps_a_memory_that_excludes_paths(
    project: Path, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """It gets no rule file of Claude's own (`paths` cannot exclude), so the export holds it."""
    memory("own-code", "# Own\n\nOur style.\n", kind="rule",
           applies_to=["src/**", "!src/vendor/**"])  # fmt: skip
    assert run(capsys, "-C", str(project), "export", "--format", "claude-md")[0] == 0
    assert "Our style." in (project / "CLAUDE.md").read_text(encoding="utf-8")


def test_hooks_sync_writes_recorded_exports_again_and_removes_what_is_gone(
    project: Path, some: None, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "-C", str(project), "export", "--format", "cursor")
    run(capsys, "-C", str(project), "export", "--format", "agents-md")
    (project / ".agents" / ".engram" / "knowledge" / "stack.md").unlink()
    memory("release", "# Release\n\nRelease on Tuesdays only.\n", kind="rule")
    code, out, _ = run(capsys, "-C", str(project), "hooks", "sync")
    assert code == 0
    assert "removed .cursor/rules/engram-export/stack.mdc" in out
    assert "wrote .cursor/rules/engram-export/release.mdc" in out
    assert "wrote AGENTS.md" in out
    assert "Release on Tuesdays only." in (project / "AGENTS.md").read_text(encoding="utf-8")


def test_an_export_whose_file_was_deleted_is_forgotten_by_sync(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "-C", str(project), "export", "--format", "agents-md")
    (project / "AGENTS.md").unlink()
    code, out, _ = run(capsys, "-C", str(project), "hooks", "sync")
    assert code == 0 and "no longer kept current" in out
    assert not (project / "AGENTS.md").exists()
    exports = json.loads((project / ".agents" / ".engram" / "exports.json").read_text())
    assert exports == {"exports": []}


def test_an_unsafe_memory_is_never_exported(
    project: Path, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    memory("safe", "# Safe\n\nUse tabs.\n", kind="rule")
    memory("leak", "# Leak\n\nThe key is AKIA" + "Q3EGYJ7YBHM2XK5P here.\n", kind="rule")
    assert run(capsys, "-C", str(project), "export", "--format", "agents-md")[0] == 0
    text = (project / "AGENTS.md").read_text(encoding="utf-8")
    assert "Use tabs." in text and "AKIA" not in text


def test_out_at_a_symlink_loop_is_one_error_naming_it(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "loop").symlink_to(project / "back")
    (project / "back").symlink_to(project / "loop")
    argv = ("-C", str(project), "export", "--format", "agents-md", "--out", "loop")
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err == f"engram: error: --out {project / 'loop'}: a symlink loop\n"


def test_out_outside_the_project_is_an_error(
    project: Path, some: None, tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "AGENTS.md"
    argv = ("-C", str(project), "export", "--format", "agents-md", "--out", str(elsewhere))
    code, _, err = run(capsys, *argv)
    assert code == 2 and "outside the project folder" in err
    assert not elsewhere.exists()


def test_import_export_import_creates_no_duplicates(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agents = "## Testing\n\n- Run `pytest -q` first.\n\n## Deploy steps\n\n1. Tag.\n2. Ship.\n"
    (project / "docs").mkdir()
    (project / "docs" / "team.md").write_text(agents, encoding="utf-8")
    assert run(capsys, "-C", str(project), "import", "docs/team.md")[0] == 0
    before = sorted(p.name for p in (project / ".agents" / ".engram").glob("*/*.md"))
    assert run(capsys, "-C", str(project), "export", "--format", "agents-md")[0] == 0
    exported = (project / "AGENTS.md").read_text(encoding="utf-8")
    # the export itself is skipped as generated; a copy without the marker is all duplicates
    (project / "docs" / "copy.md").write_text(exported.split("\n", 1)[1], encoding="utf-8")
    code, out, _ = run(capsys, "-C", str(project), "import", "--json")
    assert code == 0
    code, out, _ = run(capsys, "-C", str(project), "import", "--json", "docs/copy.md")
    assert json.loads(out)["counts"]["create"] == 0
    after = sorted(p.name for p in (project / ".agents" / ".engram").glob("*/*.md"))
    assert after == before


def test_a_copy_of_a_cursor_export_without_its_marker_creates_nothing(
    project: Path, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    memory("workflows", "# Workflows\n\n### Provision\n\nRun provision.sh.\n\n### Deploy\n\n"
           "Run deploy.sh after tagging.\n", kind="skill")  # fmt: skip
    assert run(capsys, "-C", str(project), "export", "--format", "cursor")[0] == 0
    exported = project / ".cursor" / "rules" / "engram-export" / "workflows.mdc"
    text = "\n".join(
        line for line in exported.read_text().split("\n") if "engram:generated" not in line
    )
    (project / "mine").mkdir()
    (project / "mine" / "workflows.mdc").write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "-C", str(project), "import", "--json", "mine")
    assert code == 0
    counts = json.loads(out)["counts"]
    assert counts["duplicate"] == 1 and counts["create"] == counts["update"] == 0


def test_hooks_sync_reports_exports_in_its_json(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "-C", str(project), "export", "--format", "agents-md")
    code, out, _ = run(capsys, "-C", str(project), "hooks", "sync", "--json")
    assert code == 0
    data = json.loads(out)
    assert [e["format"] for e in data["exports"]] == ["agents-md"]
    assert data["written"] == [
        ".claude/rules/engram/api-style.md",
        ".cursor/rules/engram/api-style.mdc",
    ]


def test_a_damaged_exports_file_is_one_line_naming_it_and_exit_2(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / ".agents" / ".engram" / "exports.json").write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, "-C", str(project), "hooks", "sync")
    assert code == 2
    assert "exports.json: not readable JSON" in err and "Traceback" not in err


MENTIONS_MARKER = (
    "# Our notes\n\n## About Engram\n\nEngram marks files with `<!-- engram:generated -->`.\n\n"
    "## Style\n\n- Use 2 spaces in YAML files.\n"
)


def test_a_file_that_only_mentions_the_marker_is_hand_written_and_never_replaced(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "AGENTS.md").write_text(MENTIONS_MARKER, encoding="utf-8")
    code, _, err = run(capsys, "-C", str(project), "export", "--format", "agents-md")
    assert code == 2 and "AGENTS.md exists and was not written by Engram" in err
    assert (project / "AGENTS.md").read_text(encoding="utf-8") == MENTIONS_MARKER


@pytest.mark.parametrize(
    ("fmt", "out"),
    [("agents-md", "afile/AGENTS.md"), ("cursor", "afile"), ("agents-md", "afile/sub/AGENTS.md")],
)
def test_an_out_path_through_a_file_is_one_error_naming_it(
    fmt: str, out: str, project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "afile").write_text("mine\n", encoding="utf-8")
    code, _, err = run(capsys, "-C", str(project), "export", "--format", fmt, "--out", out)
    assert code == 2 and "unexpected" not in err
    assert "afile is a file" in err
    assert (project / "afile").read_text(encoding="utf-8") == "mine\n"


def test_an_export_replaces_its_own_file_even_when_that_file_holds_invalid_utf8(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "AGENTS.md").write_bytes(b"<!-- engram:generated export=agents-md; x -->\n\xff\n")
    code, out, err = run(capsys, "-C", str(project), "export", "--format", "agents-md")
    assert code == 0, err
    assert "wrote AGENTS.md" in out


@pytest.mark.parametrize(
    ("fmt", "out", "says"),
    [
        ("agents-md", ".agents/.engram/rules/evil.md", "Engram's memory folder"),
        ("agents-md", ".git/hooks/pre-commit", "git's folder"),
        ("cursor", ".cursor/rules/engram", "where `engram hooks sync` writes cursor's rule"),
        ("copilot", "exp-copilot", "Copilot reads .github/copilot-instructions.md"),
        ("agents-md", "", "--out is empty"),
    ],
)
def test_out_may_not_point_into_folders_others_own(
    fmt: str, out: str, says: str, project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "-C", str(project), "export", "--format", fmt, "--out", out)
    assert code == 2 and says in err
    assert not (project / "AGENTS.md").exists() and not (project / "instructions").exists()


def test_hooks_sync_names_an_export_it_could_not_write_and_exits_2(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    exports = project / ".agents" / ".engram" / "exports.json"
    exports.write_text('{"exports": [{"format": "agents-md", "out": "../elsewhere.md"}]}\n')
    (project.parent / "elsewhere.md").write_text("x\n", encoding="utf-8")
    code, out, err = run(capsys, "-C", str(project), "hooks", "sync")
    assert code == 2 and "up to date" not in out
    assert "engram: error: export agents-md ../elsewhere.md not written: --out" in err


def test_hooks_sync_says_a_hand_written_file_is_in_the_way_not_up_to_date(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "-C", str(project), "export", "--format", "agents-md")
    (project / "AGENTS.md").write_text("# Ours\n\nHand-written.\n", encoding="utf-8")
    code, out, err = run(capsys, "-C", str(project), "hooks", "sync")
    assert code == 2 and "export agents-md AGENTS.md is up to date" not in out
    assert "AGENTS.md exists and was not written by Engram" in err


def test_hooks_sync_says_an_export_whose_file_is_gone_is_forgotten_not_up_to_date(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "-C", str(project), "export", "--format", "agents-md")
    (project / "AGENTS.md").unlink()
    code, out, _ = run(capsys, "-C", str(project), "hooks", "sync")
    assert code == 0 and "up to date" not in out.replace("native rule files are up to date", "")


def test_a_cursor_export_counts_only_the_files_it_wrote(
    project: Path, some: None, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = project / ".cursor" / "rules" / "engram-export"
    folder.mkdir(parents=True)
    (folder / "stack.mdc").write_text("---\ndescription: ours\n---\nOurs.\n", encoding="utf-8")
    code, out, _ = run(capsys, "-C", str(project), "export", "--format", "cursor", "--json")
    report = json.loads(out)
    assert code == 0 and report["kept"] == [".cursor/rules/engram-export/stack.mdc"]
    assert report["bodies"] + report["cards"] == len(report["written"])


def test_a_write_that_fails_is_one_error_naming_the_place(
    project: Path, some: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from engram.files import atomic

    def read_only(*args: object, **kw: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic, "write_bytes_atomic", read_only)
    code, _, err = run(capsys, "-C", str(project), "export", "--format", "agents-md")
    assert code == 2 and "--out AGENTS.md: cannot write there (Permission denied)" in err


@pytest.mark.parametrize("fmt", ["agents-md", "cursor"])
def test_an_export_carries_no_terminal_escapes_or_control_characters(
    project: Path, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    memory("deploy-api", "# Deploy\n\nShip\x1b]52;c;ZXZpbA==\x07 it.\x00\n", kind="rule",
           directive="Ship \x1b[31mon\x07 Fridays.")  # fmt: skip
    code, _, _ = run(capsys, "-C", str(project), "export", "--format", fmt)
    assert code == 0
    written = [p for p in project.rglob("*") if p.is_file() and ".engram" not in p.parts]
    text = "".join(p.read_text(encoding="utf-8") for p in written)
    assert "Ship on Fridays." in text and "Ship it." in text
    assert not any(ord(ch) < 0x20 and ch != "\n" for ch in text)
    assert "\\u001b" not in text and "\\u0007" not in text
