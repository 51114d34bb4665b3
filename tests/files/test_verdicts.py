"""A memory is scanned the first time anything asks for its verdict, not when it is indexed,
and the verdict is recorded under the row's seal."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

import engram
from engram.files.discovery import ScopeRoot
from engram.files.index import MemoryIndex, index_path, row_seal
from engram.files.status import memory_entries
from tests.helpers import load, text

SECRET = "AKIAABCDEFGHIJKLMNOP"


def _verdicts(ws_root: Path) -> dict[str, str | None]:
    conn = sqlite3.connect(index_path(ws_root))
    try:
        return dict(conn.execute("SELECT mid, unsafe FROM docs"))
    finally:
        conn.close()


def test_a_first_build_scans_no_memory(ws_root: Path, memory: Callable[..., Path]) -> None:
    memory("deploy", "# Deploy\n\nDeploy with the blue-green script.\n")
    memory("keys", f"# Keys\n\ndeploy with {SECRET}\n")
    MemoryIndex.open(ScopeRoot(ws_root, "workspace")).close()
    assert _verdicts(ws_root) == {"deploy": None, "keys": None}


def test_a_memory_shown_is_scanned_and_its_verdict_recorded(
    project: Path, ws_root: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\nDeploy the api with the blue-green script.\n")
    memory("billing", "# Billing\n\nInvoices are sent on the first of the month.\n")
    load(project, "deploy api")
    assert _verdicts(ws_root) == {"deploy-api": "", "billing": None}


def test_an_unsafe_memory_is_withheld_the_first_time_it_is_asked_for(
    project: Path, ws_root: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-keys", f"# Deploy\n\ndeploy with {SECRET}\n")
    out = text(project, "deploy")
    assert SECRET not in out and "secret: AWS access key" in out
    assert str(_verdicts(ws_root)["deploy-keys"]).startswith("secret: AWS access key (line ")


def test_a_recorded_verdict_is_used_without_scanning_again(
    project: Path, ws_root: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    memory("deploy-keys", f"# Deploy\n\ndeploy with {SECRET}\n")
    load(project, "deploy")
    import engram.files.index as index_module

    def no_scan(text: str, path: str) -> str:
        raise AssertionError(f"{path} scanned again")

    monkeypatch.setattr(index_module, "text_verdict", no_scan)
    assert "secret: AWS access key" in text(project, "deploy")


def test_listing_the_memories_scans_those_never_shown(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-keys", f"# Deploy\n\ndeploy with {SECRET}\n")
    with engram.open_workspace(project) as ws:
        entries = memory_entries(ws)
    assert [e.states for e in entries] == [["approved", "unsafe"]]
    assert entries[0].reason.startswith("secret: AWS access key")


def test_doctor_reports_an_unsafe_memory_never_shown(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-keys", f"# Deploy\n\ndeploy with {SECRET}\n")
    with engram.open_workspace(project) as ws:
        kinds = {f.kind for f in engram.doctor(ws.indexes)}
    assert "unsafe" in kinds


def test_a_row_another_installation_sealed_is_never_sealed_by_its_scan(
    project: Path, ws_root: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy", "# Deploy\n\nDeploy the api with the blue-green script.\n")
    MemoryIndex.open(ScopeRoot(ws_root, "workspace")).close()
    conn = sqlite3.connect(index_path(ws_root))
    conn.execute("UPDATE docs SET seal = ?", (row_seal("forged"),))
    conn.commit()
    conn.close()
    out = text(project, "deploy")
    assert "not written by this installation" in out
    assert _verdicts(ws_root) == {"deploy": None}


def test_a_file_changed_since_it_was_indexed_gets_no_verdict_of_its_own(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    path = memory("deploy", "# Deploy\n\nDeploy the api with the blue-green script.\n")
    with MemoryIndex.open(ScopeRoot(ws_root, "workspace")) as index:
        path.write_text(path.read_text() + f"\nand {SECRET}\n")
        [row] = index.by_ids(["deploy"])
        assert row.unsafe.startswith("changed since it was indexed")
    assert _verdicts(ws_root) == {"deploy": None}


def test_a_busy_index_still_withholds_and_records_the_verdict_later(
    project: Path, ws_root: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-keys", f"# Deploy\n\ndeploy with {SECRET}\n")
    MemoryIndex.open(ScopeRoot(ws_root, "workspace")).close()
    other = sqlite3.connect(index_path(ws_root), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with engram.open_workspace(project, flags={"files.on_hand_edit": "refuse"}) as ws:
            out = engram.render_text(ws.load("deploy"))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert SECRET not in out and "secret: AWS access key" in out
    assert _verdicts(ws_root) == {"deploy-keys": None}
    load(project, "deploy")
    assert str(_verdicts(ws_root)["deploy-keys"]).startswith("secret: AWS access key")


def test_a_review_does_not_show_a_file_changed_since_its_verdict_was_recorded(
    project: Path, memory: Callable[..., Path]
) -> None:
    from engram.files.status import find_row, review

    path = memory("deploy", "# Deploy\n\nDeploy the api with the blue-green script.\n")
    load(project, "deploy api")  # scanned and recorded clean
    with engram.open_workspace(project, flags={"files.on_hand_edit": "refuse"}) as ws:
        index, row = find_row(ws, "workspace", "knowledge/deploy.md")
        assert row is not None
        path.write_text(path.read_text() + f"\nand {SECRET}\n")  # edited as the page is made
        seen = review(index, row)
    assert seen.current is None and "changed since it was indexed" in seen.note


def test_a_verdict_is_recorded_only_on_the_row_that_was_scanned(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    """Another process may have indexed another file of the same content under the same doc
    number (a file renamed as it was shown): the verdict of this one is not its verdict."""
    from engram.files.index import sealed_verdict

    path = memory("deploy", "# Deploy\n\nDeploy the api with the blue-green script.\n")
    with MemoryIndex.open(ScopeRoot(ws_root, "workspace")) as index:
        [row] = index.by_ids(["deploy"])
        other = "knowledge/AKIAABCDEFGHIJKLMNOP.md"
        seal = row_seal(other, row.id, row.type, row.authority, row.directive, row.summary,
                        row.depends_on_json, sealed_verdict(None), row.sha256)  # fmt: skip
        index.conn.execute("UPDATE docs SET path = ?, seal = ?", (other, seal))
        index.conn.execute("UPDATE files SET path = ?", (other,))
        row.settle(path.read_text(encoding="utf-8"))
        [renamed] = index.by_ids(["deploy"])
        assert renamed.sealed
    assert _verdicts(ws_root) == {"deploy": None}
