"""What a newcomer expects of every command: `-C`, paths, help, typos, bounds, listings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engram.cli import fathom_main, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse ends the process on usage errors and --help
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def configured(project: Path) -> Path:
    """A project whose config keeps the fact store beside it, by a relative path."""
    (project / ".agents" / ".engram" / "engram.toml").write_text('[memory]\ndb = "facts.db"\n')
    return project


def test_dash_c_opens_that_projects_store(
    configured: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))
    fact = "Maria is the CTO of FinBox."
    assert run(capsys, "-C", str(configured), "memory", "absorb", "--scope", "user", fact)[0] == 0
    code, out, _ = run(capsys, "-C", str(configured), "memory", "stats", "--json")
    assert code == 0 and json.loads(out)["facts"] == 1
    assert (configured / ".agents" / ".engram" / "facts.db").is_file()


def test_dash_c_after_the_command_runs_there_as_before_it(
    configured: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """Every command takes `-C DIR`, as it takes `--json`: after the command word too."""
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))
    fact = "Maria is the CTO of FinBox."
    assert run(capsys, "memory", "absorb", "-C", str(configured), "--scope", "user", fact)[0] == 0
    assert (configured / ".agents" / ".engram" / "facts.db").is_file()
    code, out, _ = run(capsys, "doctor", "--json", "-C", str(configured))
    assert code == 0 and json.loads(out) == {"problems": [], "notes": []}


def test_dash_c_before_the_command_is_not_undone_by_the_command(
    configured: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))
    fact = "Maria is the CTO of FinBox."
    assert run(capsys, "-C", str(configured), "memory", "absorb", fact)[0] == 0
    assert (configured / ".agents" / ".engram" / "facts.db").is_file()


def test_a_relative_store_path_in_a_config_file_is_relative_to_that_file(
    configured: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sub = configured / "src" / "deep"
    sub.mkdir(parents=True)
    monkeypatch.chdir(sub)
    assert run(capsys, "memory", "absorb", "--scope", "user", "Maria is the CTO of FinBox.")[0] == 0
    assert (configured / ".agents" / ".engram" / "facts.db").is_file()
    assert list(sub.iterdir()) == []  # no stray database where the command ran


def test_a_relative_db_flag_is_relative_to_the_dash_c_folder(
    project: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))
    argv = ("-C", str(project), "memory", "--db", "here.db", "absorb", "--scope", "user")
    assert run(capsys, *argv, "Maria is the CTO of FinBox.")[0] == 0
    assert (project / "here.db").is_file()


@pytest.mark.parametrize("kind", ["missing", "file", "symlink loop"])
def test_dash_c_to_something_not_a_folder_is_one_error_line(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "there"
    if kind == "file":
        target.write_text("not a folder\n")
    elif kind == "symlink loop":
        target.symlink_to(tmp_path / "back")
        (tmp_path / "back").symlink_to(target)
    code, out, err = run(capsys, "-C", str(target), "load", "deploy")
    assert code == 2 and out == ""
    assert err.splitlines()[0] == f"engram: error: -C {target}: not a folder"
    assert "unexpected" not in err and len(err.splitlines()) <= 2


def test_every_command_has_an_example_that_parses() -> None:
    import shlex

    from engram.cli import _parser
    from engram.cli.help import EXAMPLES, commands

    parser = _parser()
    for command in commands(parser):
        example = EXAMPLES[command]
        words = shlex.split(example.split(" < ")[0])
        assert words[0] == "engram" and " ".join(words[1:]).startswith(command), example
        args = parser.parse_args(words[1:])
        assert args.command == command.split()[0]
        shown = _help_of(parser, command)
        assert f"example:\n  {example}" in shown or f"examples:\n  {example}" in shown


def test_every_option_says_what_it_does_and_shows_its_default() -> None:
    import argparse

    from engram.cli import _parser
    from engram.cli.help import commands

    parser = _parser()
    for command in commands(parser):
        child = _child(parser, command)
        for action in child._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"engram {command}: {action.option_strings or action.dest}"
    assert "(default: 10)" in _help_of(parser, "memory search")


def _child(parser: object, command: str) -> object:
    import argparse

    for word in command.split():
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = action.choices[word]
    return parser


def _help_of(parser: object, command: str) -> str:
    return _child(parser, command).format_help()


def test_a_mistyped_command_suggests_the_one_meant(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "memory", "serch", "x")
    assert code == 2 and "did you mean 'search'?" in err


def test_a_mistyped_option_is_reported_under_its_commands_own_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "load", "--limt", "3", "x")
    assert code == 2
    assert err.startswith("usage: engram load ")
    assert "did you mean '--limit'?" in err


def test_a_commands_option_given_before_it_says_where_it_goes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "--json", "load", "deploy")
    assert code == 2
    assert "did you mean" not in err
    assert "--json goes after the command: engram load --json" in err


def test_fathom_names_itself(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        fathom_main(["--version"])
    assert capsys.readouterr().out.startswith("fathom ")


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (("memory", "search", "x", "--top-k", "-1"), "--top-k: must be at least 1, got -1"),
        (("memory", "list", "--limit", "0"), "--limit: must be at least 1, got 0"),
        (("memory", "boost", "f_1", "--amount", "-2"), "--amount: must be above 0"),
        (("new", "rule", "x", "--level", "7"), "--level: invalid choice: '7'"),
    ],
)
def test_numbers_and_levels_out_of_range_are_refused_by_name(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], problem: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and problem in err


def test_doctor_names_a_level_no_memory_can_have(
    project: Path, memory: object, capsys: pytest.CaptureFixture[str]
) -> None:
    memory("deep-one", level=7)
    code, out, _ = run(capsys, "-C", str(project), "doctor")
    assert code == 1 and "level 7" in out


def test_list_says_when_it_shows_only_some_of_the_facts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "list.db"))
    facts = [f"Ticket {n} is assigned to Person{n}." for n in range(5)]
    assert run(capsys, "memory", "absorb", "--scope", "user", *facts)[0] == 0
    _, out, _ = run(capsys, "memory", "list", "--limit", "2")
    assert out.splitlines()[-1] == "showing 2 of 5 facts; --limit N shows more"
    _, out, _ = run(capsys, "memory", "list", "--limit", "2", "--json")
    assert json.loads(out)["total"] == 5


def test_stats_reads_as_aligned_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "stats.db"))
    run(capsys, "memory", "absorb", "--scope", "user", "Maria is the CTO of FinBox.")
    _, out, _ = run(capsys, "memory", "stats")
    lines = dict(line.split(None, 1) for line in out.splitlines() if not line.startswith("top"))
    assert lines["facts"] == "1 (active 1)"
    assert lines["scopes"] == "user 1"
    assert "{" not in out


def test_contacts_split_technologies_on_semicolons_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "contacts.db"))
    sheet = tmp_path / "people.csv"
    sheet.write_text("name,company,technologies\nOlga K,FinBox,Spark; Python\n")
    assert run(capsys, "memory", "contacts", str(sheet))[0] == 0
    _, out, _ = run(capsys, "memory", "graph", "list", "--type", "technology", "--json")
    assert sorted(n["name"] for n in json.loads(out)["nodes"]) == ["Python", "Spark"]


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("fifo", "not a regular file (a FIFO, device or socket)"),
        ("folder", "not a regular file (a folder)"),
        ("binary", "not UTF-8 text"),
    ],
)
def test_contacts_from_a_file_that_is_not_text_is_one_error_naming_it(
    kind: str, reason: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "contacts.db"))
    sheet = tmp_path / "sheet"
    if kind == "fifo":
        os.mkfifo(sheet)  # read as a file, it would wait for a writer forever
    elif kind == "folder":
        sheet.mkdir()
    else:
        sheet.write_bytes(b"\xff\xfename\n\x80\n")
    code, out, err = run(capsys, "memory", "contacts", str(sheet))
    assert code == 2 and out == ""
    assert err.splitlines()[0] == f"engram: error: {sheet}: cannot read ({reason})"
    assert not (tmp_path / "contacts.db").exists()


def test_contacts_csv_that_does_not_parse_is_one_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "contacts.db"))
    sheet = tmp_path / "people.csv"
    sheet.write_text("name,company\n" + "x" * 200_000 + ",FinBox\n")  # past csv's field limit
    code, out, err = run(capsys, "memory", "contacts", str(sheet))
    assert code == 2 and out == ""
    assert err.startswith(f"engram: error: {sheet} is not valid CSV (line 2: ")
    assert "unexpected" not in err and len(err.splitlines()) == 2


def test_a_first_fact_needs_no_scope(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "first.db"))
    code, _, _ = run(capsys, "memory", "absorb", "Maria is the CTO of FinBox.")
    assert code == 0
    _, out, _ = run(capsys, "memory", "list", "--json")
    assert [f["scope"] for f in json.loads(out)["facts"]] == ["agent"]


def test_the_default_scope_comes_from_the_config(
    configured: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = configured / ".agents" / ".engram" / "engram.toml"
    config.write_text('[memory]\ndb = "facts.db"\nscope = "user"\n')
    run(capsys, "-C", str(configured), "memory", "absorb", "Maria is the CTO of FinBox.")
    _, out, _ = run(capsys, "-C", str(configured), "memory", "list", "--json")
    assert [f["scope"] for f in json.loads(out)["facts"]] == ["user"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_the_shells_code(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "completion", shell)
    assert code == 0 and "_ARGCOMPLETE" in out and "engram" in out


@pytest.mark.parametrize(
    ("line", "candidates"),
    [
        ("engram memory se", ["search"]),
        ("engram docs m", ["mcp", "mem0"]),
        ("engram do", ["docs", "doctor"]),
    ],
)
def test_the_shell_gets_the_words_that_complete_a_word(
    tmp_path: Path, line: str, candidates: list[str]
) -> None:
    import os

    answer = tmp_path / "candidates"
    env = {**os.environ, "_ARGCOMPLETE": "1", "COMP_LINE": line, "COMP_POINT": str(len(line)),
           "_ARGCOMPLETE_STDOUT_FILENAME": str(answer)}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "engram"], env=env, capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 0
    assert sorted(answer.read_text().split()) == candidates


def engram_process(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engram", *argv], capture_output=True, text=True, timeout=60
    )


def test_docs_lists_every_topic_with_its_title() -> None:
    done = engram_process("docs")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [
        "architecture", "hooks", "instructions", "json", "mcp", "mem0", "team-memory", "ui",
    ]  # fmt: skip
    assert "json          JSON output" in lines
    assert "hooks         Hooks" in lines


def test_docs_prints_the_installed_page_of_a_topic() -> None:
    from engram import docs

    done = engram_process("docs", "hooks")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("# Hooks\n")
    assert "## First run" in done.stdout
    assert done.stdout == docs.page("hooks")
    data = json.loads(engram_process("docs", "json", "--json").stdout)
    assert data["topic"] == "json" and data["text"].startswith("# JSON output\n")


@pytest.mark.parametrize(
    ("topic", "said"),
    [
        ("hoks", "engram: error: no docs topic 'hoks' (did you mean 'hooks'?)\n"),
        ("jsno", "engram: error: no docs topic 'jsno' (did you mean 'json'?)\n"),
        (
            "../README",
            "engram: error: no docs topic '../README' "
            "(topics: architecture, hooks, instructions, json, mcp, mem0, team-memory, ui)\n",
        ),
    ],
)
def test_an_unknown_docs_topic_is_one_line_naming_the_closest_and_exit_2(
    topic: str, said: str
) -> None:
    done = engram_process("docs", topic)
    assert done.returncode == 2
    assert done.stderr == said
    assert done.stdout == ""


def test_json_help_names_the_docs_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reindex", "--help")
    assert code == 0 and "engram docs json" in out and "docs/" not in out
