"""Files are written whole or not at all: a full disk leaves the old file, or none."""

from __future__ import annotations

import errno
import io
import os
import sys
from pathlib import Path

import pytest

from engram.cli import main
from engram.errors import FileWriteError
from engram.files import atomic
from engram.files.atomic import write_text_atomic


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Writes get half their bytes onto the disk, then ENOSPC."""

    def write_half(fd: int, data: bytes) -> None:
        os.write(fd, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic, "_write_all", write_half)


def test_a_full_disk_leaves_no_memory_file_and_says_so_in_one_line(
    project: Path,
    ws_root: Path,
    full_disk: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("# Deploy\n\nRun the deploy script.\n"))
    code = main(["-C", str(project), "new", "skill", "deploy-api"])
    err = capsys.readouterr().err
    path = ws_root / "skills" / "deploy-api.md"
    assert code == 2 and len(err.splitlines()) == 1 and "Traceback" not in err
    assert f"cannot write {path}: the disk is full" in err
    assert not path.exists() and list(path.parent.iterdir()) == []


def test_a_full_disk_keeps_the_old_file_whole(tmp_path: Path, full_disk: None) -> None:
    path = tmp_path / "memory.hashes.json"
    path.write_text('{"a.md": "1"}\n', encoding="utf-8")
    with pytest.raises(FileWriteError) as caught:
        write_text_atomic(path, '{"a.md": "1", "b.md": "2"}\n')
    assert caught.value.errno == errno.ENOSPC and "\n" not in str(caught.value)
    assert path.read_text(encoding="utf-8") == '{"a.md": "1"}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["memory.hashes.json"]


def test_an_exclusive_write_never_replaces_a_file(tmp_path: Path) -> None:
    path = tmp_path / "rule.md"
    path.write_text("mine\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        write_text_atomic(path, "theirs\n", exclusive=True)
    assert path.read_text(encoding="utf-8") == "mine\n"
    assert [p.name for p in tmp_path.iterdir()] == ["rule.md"]


def test_a_replaced_file_keeps_its_mode_and_a_new_one_is_shared(tmp_path: Path) -> None:
    kept, new = tmp_path / "kept.json", tmp_path / "new.json"
    kept.write_text("old\n", encoding="utf-8")
    kept.chmod(0o600)
    write_text_atomic(kept, "new\n")
    write_text_atomic(new, "new\n")
    assert kept.read_text(encoding="utf-8") == "new\n"
    assert (kept.stat().st_mode & 0o777, new.stat().st_mode & 0o777) == (0o600, 0o644)
