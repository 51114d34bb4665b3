"""Limits on what is read: memory files stay inside their folder, are regular files, and are
never read past `files.max_bytes`."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import engram
from engram.cli import main
from engram.files.discovery import ScopeRoot
from engram.files.index import MemoryIndex
from engram.files.reading import ReadRefused, read_limited
from tests.conftest import write_memory

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX file types")


def doctor_output(project: Path, capsys: pytest.CaptureFixture[str]) -> str:
    main(["-C", str(project), "doctor"])
    return capsys.readouterr().out


def within(seconds: float, work: Callable[[], Any]) -> Any:
    """Run `work` in a thread; fail (instead of hanging the test run) if it blocks."""
    result: list[Any] = []

    def run() -> None:
        try:
            result.append(work())
        except BaseException as exc:  # handed back to the test
            result.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    if isinstance(result[0], BaseException):
        raise result[0]
    return result[0]


def big_memory(memory: Callable[..., Path], size: int) -> Path:
    words = "deploy the api with blue green switching and careful rollbacks\n"
    return memory("huge", "# Huge\n\n" + words * (size // len(words)), tags=["deploy"])


def test_a_file_over_max_bytes_is_skipped_with_its_size_the_limit_and_the_fix(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    size = big_memory(memory, 300_000).stat().st_size
    with MemoryIndex.open(ScopeRoot(ws_root, "workspace")) as index:
        assert index.stats()[0] == 0
        problems = index.problems()
    assert problems == [
        (
            "knowledge/huge.md",
            None,
            f"too large: {size:,} bytes, over files.max_bytes = 262,144; "
            "split the file or raise files.max_bytes",
        )
    ]


def test_doctor_lists_a_too_large_file_once(
    project: Path, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    big_memory(memory, 300_000)
    out = doctor_output(project, capsys)
    assert "workspace:knowledge/huge.md: invalid: too large" in out
    assert out.count("knowledge/huge.md") == 1  # not also "unapproved"


def test_load_stays_fast_beside_a_multi_megabyte_memory_file(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy the api\n", tags=["deploy"])
    big_memory(memory, 5_000_000)
    started = time.monotonic()
    with engram.open_workspace(project) as ws:
        pack = ws.load("deploy the api")
    assert time.monotonic() - started < 3
    assert [item.candidate.id for item in pack.items] == ["deploy-api"]


def test_a_too_large_file_is_not_read_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "big.md").write_bytes(b"x" * 100_000)
    read: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    with pytest.raises(ReadRefused, match="too large"):
        read_limited(tmp_path, "big.md", 1024)
    assert read == []


def test_raising_max_bytes_admits_a_file_skipped_before(
    project: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    big_memory(memory, 4000)
    monkeypatch.setenv("ENGRAM_FILES_MAX_BYTES", "2048")
    with engram.open_workspace(project) as ws:
        assert ws.indexes[0].stats()[0] == 0
    monkeypatch.setenv("ENGRAM_FILES_MAX_BYTES", "8192")
    with engram.open_workspace(project) as ws:
        assert ws.indexes[0].stats()[0] == 1 and ws.indexes[0].problems() == []
        assert [i.candidate.id for i in ws.load("huge deploy").items] == ["huge"]


def test_lowering_max_bytes_drops_a_file_indexed_before(
    project: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    big_memory(memory, 4000)
    with engram.open_workspace(project) as ws:
        assert ws.indexes[0].stats()[0] == 1
    monkeypatch.setenv("ENGRAM_FILES_MAX_BYTES", "2048")
    with engram.open_workspace(project) as ws:
        assert ws.indexes[0].stats()[0] == 0
        assert [reason[:9] for _, _, reason in ws.indexes[0].problems()] == ["too large"]


def test_a_symlink_leaving_the_memory_folder_is_skipped_and_listed_by_doctor(
    project: Path, ws_root: Path, tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    outside = write_memory(tmp_path_factory.mktemp("elsewhere"), "secret-notes")
    (ws_root / "knowledge" / "notes.md").symlink_to(outside)
    with engram.open_workspace(project) as ws:
        assert ws.indexes[0].stats()[0] == 0
        assert ws.load("secret notes").items == []
    out = doctor_output(project, capsys)
    assert "workspace:knowledge/notes.md: invalid: symlink leaves the memory folder" in out


def test_a_symlink_inside_the_memory_folder_still_loads(
    project: Path, ws_root: Path, memory: Callable[..., Path]
) -> None:
    target = memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    (ws_root / "rules").mkdir(exist_ok=True)
    (ws_root / "rules" / "alias.md").symlink_to(target)
    with engram.open_workspace(project) as ws:
        assert ws.indexes[0].problems() == []
        assert ws.load("deploy the api").items[0].candidate.id == "deploy-api"


def test_a_file_swapped_for_a_fifo_after_the_scan_is_not_opened(
    ws_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    os.mkfifo(ws_root / "knowledge" / "pipe.md")
    # The scan saw a regular file; by the time it is read it is a FIFO.
    monkeypatch.setattr("engram.files.index.scan_files", lambda root: {"knowledge/pipe.md": (1, 9)})

    def problems() -> list[tuple[str, int | None, str]]:
        with MemoryIndex.open(ScopeRoot(ws_root, "workspace")) as index:
            return index.problems()

    [(_, _, reason)] = within(10, problems)
    assert reason.startswith("not a regular file")


def test_a_shown_file_swapped_for_a_fifo_is_skipped_not_read(
    project: Path, ws_root: Path, memory: Callable[..., Path]
) -> None:
    from engram.files.guard import guarded_text

    path = memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    with engram.open_workspace(project) as ws:
        [row] = ws.indexes[0].by_ids(["deploy-api"])
    path.unlink()
    os.mkfifo(path)
    assert within(10, lambda: guarded_text(row, ws_root)) == (
        None,
        "not a regular file (a FIFO, device or socket)",
    )


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_without_reading() -> None:
    with pytest.raises(ReadRefused, match="not a regular file"):
        within(10, lambda: read_limited(Path("/dev"), "zero", 1024))


@pytest.mark.parametrize("relative", ["../x.md", "/etc/hostname", "a/../../x.md"])
def test_a_path_outside_the_root_is_refused(tmp_path: Path, relative: str) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (tmp_path / "x.md").write_text("outside\n")
    with pytest.raises(ReadRefused, match="outside the memory folder"):
        read_limited(root, relative, 1024)


def _resolved(resolve: Callable[[str], str], relative: str) -> str:
    try:
        return resolve(relative)
    except ReadRefused as exc:
        return f"refused: {exc.reason}"


def test_a_resolver_resolves_each_path_as_resolve_inside_does(tmp_path: Path) -> None:
    from engram.files.reading import Resolver, resolve_inside

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("x\n")
    real_root = tmp_path / "real-root"
    root = tmp_path / "root"  # the root itself through a symlink
    (real_root / "rules" / "deep").mkdir(parents=True)
    root.symlink_to(real_root)
    (real_root / "rules" / "a.md").write_text("a\n")
    (real_root / "rules" / "deep" / "b.md").write_text("b\n")
    (real_root / "rules" / "dir.md").mkdir()
    os.mkfifo(real_root / "rules" / "fifo.md")
    (real_root / "rules" / "in.md").symlink_to(real_root / "rules" / "a.md")
    (real_root / "rules" / "out.md").symlink_to(outside / "secret.md")
    (real_root / "linked").symlink_to(real_root / "rules")  # a folder inside, by a symlink
    (real_root / "escape").symlink_to(outside)  # a folder outside
    paths = [
        "rules/a.md", "rules/deep/b.md", "rules/dir.md", "rules/fifo.md", "rules/in.md",
        "rules/out.md", "rules/missing.md", "linked/a.md", "escape/secret.md", "a.md",
        "rules/../rules/a.md", "rules/deep/../a.md", "../outside/secret.md", "rules/.",
        "rules/..", "/etc/hostname", "rules/",
    ]  # fmt: skip
    resolver = Resolver(root)
    for relative in paths * 2:  # the second time from the folders it has resolved
        expected = _resolved(lambda rel: resolve_inside(root, rel), relative)
        assert _resolved(resolver, relative) == expected, relative
