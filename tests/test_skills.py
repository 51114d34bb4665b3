"""A skill's sources are regular files inside the project: nothing outside it is hashed."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from engram.cli import main
from engram.errors import EngramError
from engram.files.authoring import new_memory
from engram.skills import create_from_experience

STEPS = ["Run the release script", "Tag the commit"]


def create(ws_root: Path, *sources: str) -> Path:
    return create_from_experience("Cut a release", STEPS, workspace_root=ws_root, sources=sources)


@pytest.mark.parametrize("source", ["/etc/shadow", "../x.sh", "scripts/../../x.sh"])
def test_a_source_outside_the_project_is_refused_by_name(
    project: Path, ws_root: Path, source: str
) -> None:
    (project.parent / "x.sh").write_text("echo outside\n")
    with pytest.raises(
        EngramError, match=re.escape(f"source '{source}': outside the project folder")
    ):
        create(ws_root, source)
    assert list((ws_root / "skills").glob("*.md")) == []


def test_a_symlinked_source_leading_outside_the_project_is_refused(
    project: Path, ws_root: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("elsewhere") / "secret.txt"
    outside.write_text("not yours\n")
    (project / "notes.txt").symlink_to(outside)
    refused = re.escape("source 'notes.txt': symlink leaves the project folder")
    with pytest.raises(EngramError, match=refused):
        create(ws_root, "notes.txt")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX file types")
def test_a_fifo_source_is_refused_without_blocking(project: Path, ws_root: Path) -> None:
    os.mkfifo(project / "pipe.sh")
    with pytest.raises(EngramError, match=re.escape("source 'pipe.sh': not a regular file")):
        create(ws_root, "pipe.sh")


def test_a_source_inside_the_project_is_recorded_relative_to_it(
    project: Path, ws_root: Path
) -> None:
    (project / "scripts").mkdir()
    (project / "scripts" / "release.sh").write_text("echo release\n")
    text = create(ws_root, str(project / "scripts" / "release.sh")).read_text()
    assert "path: scripts/release.sh" in text and str(project) not in text


def test_new_memory_refuses_a_source_outside_the_project(ws_root: Path) -> None:
    with pytest.raises(
        EngramError, match=re.escape("source '/etc/passwd': outside the project folder")
    ):
        new_memory(ws_root, "rule", "r", "# R\n\nbody\n", sources=[("/etc/passwd", "0" * 64)])


def test_the_cli_refuses_an_outside_source_in_one_line(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["-C", str(project), "skill", "create", "--title", "Cut a release",
                 "--step", "Run it", "--source", "/etc/shadow"])  # fmt: skip
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == "engram: error: source '/etc/shadow': outside the project folder"
    assert "Traceback" not in err
