"""Progress bars: drawn on stderr for the commands that can run for seconds, only when stderr is
a terminal, never with --quiet, and never in colour.

Each test runs the real entry point in a subprocess; the terminal is a pseudo-terminal.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.terminal import on_terminal

FACTS = "\n".join(
    f'{{"content": "Service {n} is deployed from the release branch {n}."}}' for n in range(12)
)
# (command words, stdin, the bar's label)
LONG_COMMANDS = [
    (["reindex"], "", "indexing"),
    (["memory", "absorb", "--scope", "user"], FACTS, "absorbing"),
    (["memory", "rebuild"], "", "embedding"),
]
ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def busy(
    project: Path, memory: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """A project with 30 memory files and a fact store holding a few facts."""
    for n in range(30):
        memory(f"note-{n}", tags=["deploy"])
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "facts.db"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    done = engram(project, "memory", "absorb", "--scope", "user", stdin=FACTS)
    assert done.returncode == 0, done.stderr
    return project


def engram(project: Path, *argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engram", "-C", str(project), *argv],
        input=stdin, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def on_a_terminal(project: Path, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    return on_terminal([sys.executable, "-m", "engram", "-C", str(project), *argv], stdin=stdin)


@pytest.mark.parametrize(("words", "stdin", "label"), LONG_COMMANDS)
def test_nothing_progress_like_when_stderr_is_not_a_terminal(
    busy: Path, words: list[str], stdin: str, label: str
) -> None:
    done = engram(busy, *words, stdin=stdin)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert label not in done.stdout and "\r" not in done.stdout


@pytest.mark.parametrize(("words", "stdin", "label"), LONG_COMMANDS)
def test_a_terminal_shows_a_bar_on_stderr(
    busy: Path, words: list[str], stdin: str, label: str
) -> None:
    code, out, err = on_a_terminal(busy, *words, stdin=stdin)
    assert code == 0, err
    assert re.search(rf"\r{label}: +\d+%\|.*\| \d+/\d+ ", err), err
    assert label not in out  # the result on stdout stays clean
    assert err.endswith("\r")  # the bar is cleared when done, leaving no line behind


@pytest.mark.parametrize(("words", "stdin", "label"), LONG_COMMANDS)
@pytest.mark.parametrize("where", ["before", "after"])
def test_quiet_draws_no_bar_on_a_terminal(
    busy: Path, words: list[str], stdin: str, label: str, where: str
) -> None:
    argv = ["--quiet", *words] if where == "before" else [*words, "-q"]
    code, out, err = on_a_terminal(busy, *argv, stdin=stdin)
    assert code == 0, err
    assert err == ""
    assert out  # the command did its work


def test_reindex_draws_one_bar_per_folder(busy: Path, global_root: Path) -> None:
    from tests.conftest import write_memory

    for n in range(5):
        write_memory(global_root, f"shared-{n}")
    code, out, err = on_a_terminal(busy, "reindex")
    assert code == 0, err
    assert "/30 " in err and "/5 " in err
    assert out == "indexed 30 workspace memory files\nindexed 5 global memory files\n"


@pytest.mark.parametrize(("words", "stdin", "label"), LONG_COMMANDS)
def test_no_colour_under_no_color(
    busy: Path, words: list[str], stdin: str, label: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, err = on_a_terminal(busy, *words, stdin=stdin)
    assert code == 0, err
    assert label in err  # the bar is still drawn, plainly
    assert not ANSI_COLOUR.search(err + out)
