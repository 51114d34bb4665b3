"""A damaged `memory.hashes.json` (a merge conflict, bad JSON) never stops `load` or `doctor`:
the entries that still read approve exactly their content, and `doctor` says what to do."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engram.cli import main
from engram.files.approvals import HASHES_FILE, load_approvals
from engram.safety.hashes import content_hash


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def entry(root: Path, path: Path) -> str:
    return f'  "{path.relative_to(root).as_posix()}": "{content_hash(path.read_bytes())}"'


@pytest.fixture
def conflicted(
    ws_root: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> dict[str, Path]:
    """Two branches that each approved a new memory, merged with a conflict; `common` was
    approved on both and then edited by hand (so neither side approves what it says now)."""
    monkeypatch.setenv("ENGRAM_FILES_ON_HAND_EDIT", "refuse")
    files = {
        name: memory(name, f"# {name}\n\nAbout the {name.replace('-', ' ')} service.\n")
        for name in ("billing-ours", "search-theirs", "common")
    }
    common = entry(ws_root, files["common"])
    files["common"].write_text(files["common"].read_text() + "Edited after approval.\n")
    (ws_root / HASHES_FILE).write_text(
        "{\n<<<<<<< HEAD\n"
        f"{entry(ws_root, files['billing-ours'])},\n{common}\n"
        "=======\n"
        f"{common},\n{entry(ws_root, files['search-theirs'])}\n"
        ">>>>>>> feature\n}\n",
        encoding="utf-8",
    )
    return files


def test_load_serves_what_either_side_of_a_conflict_approved(
    project: Path, conflicted: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "-C", str(project), "load", "service", "--all")
    assert code == 0 and err == ""
    assert "About the billing ours service." in out
    assert "About the search theirs service." in out
    assert "Edited after approval." not in out


def test_doctor_reports_a_conflicted_hashes_file_with_the_fix(
    project: Path, conflicted: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "-C", str(project), "doctor")
    assert code == 1
    assert (
        f"workspace:{HASHES_FILE}: approvals damaged: has unresolved git merge conflict markers"
        in out
    )
    assert "resolve the conflict, or delete the file and run `engram rehash` after review" in out


def test_new_refuses_to_rewrite_a_conflicted_hashes_file(
    project: Path,
    ws_root: Path,
    conflicted: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = (ws_root / HASHES_FILE).read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("# Deploy\n\nRun the deploy script.\n"))
    code, _, err = run(capsys, "-C", str(project), "new", "skill", "deploy-api")
    assert code == 2 and "merge conflict" in err and len(err.splitlines()) == 1
    assert (ws_root / HASHES_FILE).read_text(encoding="utf-8") == before
    assert not (ws_root / "skills" / "deploy-api.md").exists()


def test_the_common_base_of_a_three_way_conflict_approves_nothing(tmp_path: Path) -> None:
    a, b = "a" * 64, "b" * 64
    (tmp_path / HASHES_FILE).write_text(
        '{\n<<<<<<< ours\n  "x.md": "' + a + '"\n||||||| base\n  "old.md": "' + b + '"\n'
        '=======\n  "y.md": "' + b + '"\n>>>>>>> theirs\n}\n',
        encoding="utf-8",
    )
    approvals, problem = load_approvals(tmp_path)
    assert approvals == {"x.md": a, "y.md": b} and problem and "conflict" in problem


def test_truncated_json_keeps_the_entries_before_the_cut(tmp_path: Path) -> None:
    a = "a" * 64
    (tmp_path / HASHES_FILE).write_text('{\n  "x.md": "' + a + '",\n  "y.md": "b', "utf-8")
    approvals, problem = load_approvals(tmp_path)
    assert approvals == {"x.md": a} and problem and problem.startswith("is not valid JSON")


def test_doctor_says_once_that_a_corrupt_index_was_rebuilt(
    project: Path, ws_root: Path, memory: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy the api with care\n")
    assert run(capsys, "-C", str(project), "load", "deploy")[0] == 0
    (ws_root / ".cache" / "index.sqlite").write_bytes(b"not a database" * 100)
    for suffix in ("-wal", "-shm"):
        (ws_root / ".cache" / f"index.sqlite{suffix}").unlink(missing_ok=True)
    assert "deploy the api with care" in run(capsys, "-C", str(project), "load", "deploy")[1]
    first = run(capsys, "-C", str(project), "doctor")[1]
    second = run(capsys, "-C", str(project), "doctor")[1]
    assert "index was corrupt and was rebuilt" in first
    assert "index was corrupt" not in second


def test_rehash_keeps_the_approved_text_for_later_diffs(
    project: Path, memory: Callable[..., Path]
) -> None:
    from engram.files.approvals import approved_text, read_approvals
    from engram.files.checks import rehash
    from engram.workspace import open_workspace

    path = memory("deploy-api", "# Deploy\n\nRun the script.\n")
    with open_workspace(project, flags={"files.on_hand_edit": "refuse"}) as ws:
        rehash(ws.indexes)
    root = project / ".agents" / ".engram"
    digest = read_approvals(root)["knowledge/deploy-api.md"]
    assert approved_text(root, digest) == path.read_text()


def test_a_kept_text_is_only_ever_named_by_a_sha256(project: Path) -> None:
    from engram.files.approvals import approved_text, keep_approved_text

    root = project / ".agents" / ".engram"
    keep_approved_text(root, "../../escape", b"x")
    assert not (project / "escape.md").exists() and not (root / "escape.md").exists()
    assert approved_text(root, "../../../etc/passwd") is None


def test_memories_written_at_the_same_time_keep_both_approvals(
    ws_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from engram.files import authoring

    first_written, go_on = threading.Event(), threading.Event()
    write = authoring.write_text_atomic

    def slow_first(path: Path, text: str, **options: bool) -> None:
        write(path, text, **options)
        if path.name == "first.md":  # paused between the file and its approval
            first_written.set()
            go_on.wait(10)

    monkeypatch.setattr(authoring, "write_text_atomic", slow_first)
    first = threading.Thread(
        target=authoring.write_memories, args=(ws_root, [("rules/first.md", "# First\n")])
    )
    first.start()
    assert first_written.wait(10)
    second = threading.Thread(
        target=authoring.write_memories, args=(ws_root, [("rules/second.md", "# Second\n")])
    )
    second.start()
    second.join(0.5)  # it waits for the first, or finishes before it
    go_on.set()
    first.join(10)
    second.join(10)
    approvals, problem = load_approvals(ws_root)
    assert problem is None and set(approvals) == {"rules/first.md", "rules/second.md"}


def test_an_approvals_file_that_is_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    import os
    import subprocess

    os.mkfifo(tmp_path / HASHES_FILE)  # no writer: reading it would wait forever
    code = (
        "import sys; from pathlib import Path; from engram.files.approvals import load_approvals; "
        "print(load_approvals(Path(sys.argv[1])))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("({}, ") and "not a regular file" in done.stdout


def test_an_approvals_file_linked_out_of_the_folder_approves_nothing(tmp_path: Path) -> None:
    root, outside = tmp_path / "ws", tmp_path / "elsewhere.json"
    root.mkdir()
    outside.write_text('{"rules/a.md": "' + "a" * 64 + '"}\n')
    (root / HASHES_FILE).symlink_to(outside)
    approvals, problem = load_approvals(root)
    assert approvals == {} and problem is not None and "symlink leaves" in problem


def test_an_approvals_file_past_64_mib_is_refused_unread(tmp_path: Path) -> None:
    with (tmp_path / HASHES_FILE).open("wb") as handle:
        handle.truncate(64 * 1024 * 1024 + 1)  # sparse: no disk used
    approvals, problem = load_approvals(tmp_path)
    assert (
        approvals == {} and problem is not None and problem.startswith("cannot be read (too large")
    )
