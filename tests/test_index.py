"""The derived index: incremental refresh, problems, ignore changes, rebuilds."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import engram.files.index as index_module
from engram.errors import EngramError
from engram.files.discovery import ScopeRoot
from engram.files.index import HEAD_COLUMNS, MemoryIndex, index_path


def open_index(ws_root: Path) -> MemoryIndex:
    return MemoryIndex.open(ScopeRoot(ws_root, "workspace"))


def test_first_open_indexes_every_file(ws_root: Path, memory: Callable[..., Path]) -> None:
    memory("a")
    memory("b")
    with open_index(ws_root) as index:
        assert index.stats()[0] == 2


def test_touched_file_with_same_content_is_not_reparsed(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    path = memory("keep")
    open_index(ws_root).close()
    os.utime(path, ns=(2, 2))
    from engram.files.index import _connect

    index = MemoryIndex(ScopeRoot(ws_root, "workspace"), _connect(ws_root))
    report = index.refresh()
    assert report.added == report.changed == report.removed == []
    assert index.conn.execute("SELECT mtime_ns FROM files").fetchone()[0] == 2


def test_open_reports_what_changed(ws_root: Path, memory: Callable[..., Path]) -> None:
    memory("keep")
    change = memory("change")
    gone = memory("gone")
    with open_index(ws_root):
        pass
    change.write_text(change.read_text() + "\nmore\n")
    gone.unlink()
    memory("added")
    from engram.files.index import _connect

    index = MemoryIndex(ScopeRoot(ws_root, "workspace"), _connect(ws_root))
    report = index.refresh()
    assert report.added == ["knowledge/added.md"]
    assert report.changed == ["knowledge/change.md"]
    assert report.removed == ["knowledge/gone.md"]
    assert index.stats()[0] == 3


def test_malformed_file_is_reported_and_others_still_load(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    memory("good")
    (ws_root / "rules" / "bad.md").write_text("---\nid: bad\ntags: [a\n---\n")
    with open_index(ws_root) as index:
        assert index.stats()[0] == 1
        [(path, line, reason)] = index.problems()
    assert path == "rules/bad.md" and line is not None and "invalid YAML" in reason


def test_fixing_a_malformed_file_clears_its_problem(ws_root: Path) -> None:
    bad = ws_root / "rules" / "bad.md"
    bad.write_text("---\nid: [\n---\n")
    open_index(ws_root).close()
    bad.write_text("---\nid: fixed\n---\nbody\n")
    with open_index(ws_root) as index:
        assert index.problems() == [] and index.stats()[0] == 1


def test_changing_the_ignore_file_reapplies_it(ws_root: Path, memory: Callable[..., Path]) -> None:
    memory("secret-plan")
    with open_index(ws_root) as index:
        assert index.hidden_by_ignore() == 0
    (ws_root / ".engramignore").write_text("knowledge/secret-*\n")
    with open_index(ws_root) as index:
        assert index.hidden_by_ignore() == 1


def test_index_of_another_version_is_rebuilt(ws_root: Path, memory: Callable[..., Path]) -> None:
    memory("a")
    with open_index(ws_root) as index:
        index.conn.execute("UPDATE meta SET value = 'old' WHERE key = 'version'")
    with open_index(ws_root) as index:
        assert index.stats()[0] == 1
        assert (
            index.conn.execute("SELECT value FROM meta WHERE key='version'").fetchone()[0] != "old"
        )


@pytest.mark.parametrize("table", ["postings", "manifest", "fetches", "vectors"])
def test_an_index_missing_a_table_is_rebuilt(
    ws_root: Path, memory: Callable[..., Path], table: str
) -> None:
    memory("a")
    with open_index(ws_root) as index:
        index.conn.execute(f"DROP TABLE {table}")
    with open_index(ws_root) as index:
        assert index.stats()[0] == 1
        assert index.postings(["a"]) is not None


def test_an_index_of_an_older_schema_under_the_same_version_is_rebuilt(
    ws_root: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    memory("a")
    open_index(ws_root).close()
    # the same INDEX_VERSION, another schema: its format differs, so nothing of it is trusted
    monkeypatch.setattr(index_module, "INDEX_FORMAT", index_module.INDEX_VERSION + ":other")
    with open_index(ws_root) as index:
        assert index.stats()[0] == 1
        assert index._meta("version") == index_module.INDEX_VERSION + ":other"


def test_deleting_the_index_is_safe(ws_root: Path, memory: Callable[..., Path]) -> None:
    memory("a")
    open_index(ws_root).close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{index_path(ws_root)}{suffix}").unlink(missing_ok=True)
    with open_index(ws_root) as index:
        assert index.stats()[0] == 1


def test_unwritable_cache_falls_back_to_an_index_in_memory(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    memory("a")
    cache = index_path(ws_root).parent
    cache.mkdir(exist_ok=True)
    for child in cache.iterdir():
        child.unlink()
    cache.rmdir()
    cache.write_text("a file where the cache folder should be")
    with open_index(ws_root) as index:
        assert index.stats()[0] == 1
        assert index.conn.execute("PRAGMA database_list").fetchone()[2] == ""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX file types")
def test_the_scan_from_folder_descriptors_lists_what_the_entries_stat_lists(
    ws_root: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from engram.files import discovery

    top = memory("top")
    nested = ws_root / "knowledge" / "deep" / "deeper"
    nested.mkdir(parents=True)
    (nested / "n.md").write_text("# n\n", encoding="utf-8")
    (ws_root / "rules" / ".hidden.md").write_text("# h\n", encoding="utf-8")
    (ws_root / "rules" / "notes.txt").write_text("not a memory\n", encoding="utf-8")
    os.mkfifo(ws_root / "rules" / "pipe.md")
    (ws_root / "skills" / "alias.md").symlink_to(top)
    (ws_root / "skills" / "dangling.md").symlink_to(ws_root / "nowhere.md")
    (ws_root / "rules" / os.fsdecode(b"caf\xe9.md")).write_text("# c\n", encoding="utf-8")
    (ws_root / "skills" / "loop.md").symlink_to(ws_root / "skills" / "loop.md")
    unread: list[tuple[str, str]] = []
    walked = discovery.scan_files(ws_root, unread)
    monkeypatch.setattr(discovery, "_AT", False)  # where folders cannot be opened for it
    walked_unread: list[tuple[str, str]] = []
    assert discovery.scan_files(ws_root, walked_unread) == walked
    assert sorted(unread) == sorted(walked_unread)
    assert {path: reason.split(",")[0] for path, reason in unread} == {
        "rules/caf\\xe9.md": "its name is not UTF-8 text",
        "skills/dangling.md": "it is a symlink whose target is gone",
        "skills/loop.md": "it is a symlink that loops back on itself",
    }
    expected = [
        "knowledge/deep/deeper/n.md",
        top.relative_to(ws_root).as_posix(),
        "skills/alias.md",
    ]
    assert sorted(walked) == sorted(expected)


def test_a_manifest_recorded_in_another_listing_order_still_means_unchanged(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    import marshal

    for name in ("a", "b", "c"):
        memory(name)
    open_index(ws_root).close()
    with open_index(ws_root) as index:
        (data,) = index.conn.execute("SELECT data FROM manifest").fetchone()
        reordered = marshal.dumps(dict(reversed(marshal.loads(data).items())), 2)
        with index.conn:
            index.conn.execute("UPDATE manifest SET data = ?", (reordered,))
        report = index.refresh()
        assert report.added == report.changed == report.removed == []
        assert index.conn.execute("SELECT data FROM manifest").fetchone()[0] == reordered


@contextmanager
def _index_locked(ws_root: Path) -> Iterator[None]:
    """Another process's connection holding the index's write lock meanwhile."""
    holder = sqlite3.connect(index_path(ws_root), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_an_index_locked_by_another_process_is_built_in_memory_instead(
    ws_root: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    memory("a")
    open_index(ws_root).close()
    memory("b")
    monkeypatch.setattr(index_module, "BUSY_TIMEOUT_S", 0.1)
    with _index_locked(ws_root), open_index(ws_root) as index:
        assert index.stats()[0] == 2
    with open_index(ws_root) as index:  # the file itself is caught up once it is free
        assert index.stats()[0] == 2


def test_a_reindex_of_a_locked_index_is_one_line_naming_it(
    ws_root: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    memory("a")
    open_index(ws_root).close()
    monkeypatch.setattr(index_module, "BUSY_TIMEOUT_S", 0.1)
    with _index_locked(ws_root), pytest.raises(EngramError) as caught:
        index_module.rebuild(ScopeRoot(ws_root, "workspace"))
    assert str(index_path(ws_root)) in str(caught.value)
    assert "locked" in str(caught.value) and "\n" not in str(caught.value)
    with open_index(ws_root) as index:  # nothing was dropped by the failed attempt
        assert index.stats()[0] == 1


def test_a_rehash_while_another_process_locks_the_index_approves_every_file(
    ws_root: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from engram.files.approvals import read_approvals
    from engram.files.checks import rehash

    memory("a")
    open_index(ws_root).close()
    memory("b")
    monkeypatch.setattr(index_module, "BUSY_TIMEOUT_S", 0.1)
    opened = MemoryIndex.open(ScopeRoot(ws_root, "workspace"), refresh=False)
    with opened as index, _index_locked(ws_root):
        assert rehash([index]) == {"workspace": 2}
        assert index.by_ids(["b"])[0].approved
    assert set(read_approvals(ws_root)) == {"knowledge/a.md", "knowledge/b.md"}


def test_fetch_counts_are_the_same_whether_the_table_is_read_whole_or_looked_up(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    """A fetches table with no more rows than ids asked for is read whole: the counts must be
    those of looking the ids up (and none of the memories not asked for)."""
    memory("a")
    with open_index(ws_root) as index:
        index.record_fetch(["a", "b", "c"])
        index.record_fetch(["a"])
        assert index.fetch_counts([]) == {}
        assert index.fetch_counts(["a", "x", "y", "z"]) == {"a": 2}  # read whole
        assert index.fetch_counts(["a", "c"]) == {"a": 2, "c": 1}  # looked up
        assert index.fetch_counts(["c", "b", "a"]) == {"a": 2, "b": 1, "c": 1}


def _heads_both_ways(index: MemoryIndex) -> tuple[dict[int, tuple[object, ...]], ...]:
    """The heads of every memory as read whole (what a query relating most of them reads) and
    as the docs table's rows hold them."""
    rows = {values[0]: values for values in index.conn.execute(f"SELECT {HEAD_COLUMNS} FROM docs")}
    return index.heads(list(rows)), rows


def test_the_heads_read_whole_follow_every_change_to_the_files(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    memory("keep")
    memory("change")
    gone = memory("gone")
    with open_index(ws_root) as index:
        whole, rows = _heads_both_ways(index)
        assert whole == rows and len(rows) == 3
    memory("change", confidence="low", lifecycle="review_due")  # fields routing reads
    gone.unlink()
    memory("added", kind="skill")
    (ws_root / ".engramignore").write_text("knowledge/keep*\n")
    with open_index(ws_root) as index:
        whole, rows = _heads_both_ways(index)
    assert whole == rows
    assert {(h[1], h[2], h[3], h[5], h[7]) for h in whole.values()} == {
        ("keep", "knowledge", "active", "high", 1),
        ("change", "knowledge", "review_due", "low", 0),
        ("added", "skill", "active", "high", 0),
    }


def test_heads_are_read_whole_or_by_rows_alike(
    ws_root: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A few memories' heads are looked up row by row, a large part of them read whole: the
    heads are the same either way, and none for a doc number the index does not hold."""
    for n in range(5):
        memory(f"m{n}")
    with open_index(ws_root) as index:
        rows = _heads_both_ways(index)[1]
        wanted = [*list(rows)[1:], 10_000]
        expected = {doc: rows[doc] for doc in wanted[:-1]}
        monkeypatch.setattr(index_module, "_WHOLE_HEADS", 2.0)  # never whole
        assert index.heads(wanted) == expected
        monkeypatch.setattr(index_module, "_WHOLE_HEADS", 0.0)  # always whole
        assert index.heads(wanted) == expected


def test_heads_read_whole_show_what_another_process_indexed_since(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    """A long-lived process (the MCP server) reads the heads anew each time, as it reads rows:
    an edit indexed by another process meanwhile is in them."""
    memory("a")
    memory("b")
    with open_index(ws_root) as long_lived:
        assert {h[3] for h in _heads_both_ways(long_lived)[0].values()} == {"active"}
        memory("a", lifecycle="review_due")
        open_index(ws_root).close()  # another process's load refreshes the index
        whole, rows = _heads_both_ways(long_lived)
        assert whole == rows
        assert {h[1]: h[3] for h in whole.values()} == {"a": "review_due", "b": "active"}


def test_a_memory_grown_past_the_size_limit_leaves_the_heads_read_whole(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    memory("small")
    grown = memory("grown")
    with MemoryIndex.open(ScopeRoot(ws_root, "workspace", max_bytes=2_000)) as index:
        assert len(_heads_both_ways(index)[0]) == 2
    grown.write_text(grown.read_text() + "x" * 3_000)
    with MemoryIndex.open(ScopeRoot(ws_root, "workspace", max_bytes=2_000)) as index:
        whole, rows = _heads_both_ways(index)
    assert whole == rows and [h[1] for h in whole.values()] == ["small"]


def test_a_query_s_stems_are_recorded_as_the_stemmer_makes_them(
    project: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stems a query needed are kept in the index, and the next query reads them there
    instead of stemming: the same route, and a stem read back is the stemmer's own."""
    import engram
    from engram.text import stem as stem_module

    memory("deploy-api", "# Deploy\n\nDeploying the services to production.\n")
    query = "deploying services"
    engram.open_workspace(project).close()  # the index is built (stemming the file's words)
    stem_module.stem.cache_clear()  # and the query comes in a process of its own
    with engram.open_workspace(project) as ws:
        first = engram.render_text(ws.load(query))
        recorded = ws.indexes[0].conn.execute("SELECT word, language, stem FROM stems").fetchall()
    assert {(w, lang) for w, lang, _ in recorded} == {
        (w, lang) for w in ("deploying", "services") for lang in ("english", "spanish")
    }
    stemmer = stem_module._stemmer
    assert all(stemmer(lang).stemWord(w) == s for w, lang, s in recorded)
    # A new process, as it were: nothing cached in this one, and no stemmer to be had.
    stem_module.stem.cache_clear()
    monkeypatch.setattr(stem_module, "_KNOWN", {})

    def no_stemmer(language: str) -> None:
        raise AssertionError(f"the {language} stemmer was asked for")

    monkeypatch.setattr(stem_module, "_stemmer", no_stemmer)
    with engram.open_workspace(project) as ws:
        assert engram.render_text(ws.load(query)) == first
    stem_module.stem.cache_clear()  # no stem of this test's making is kept for the next ones


def _postings_by_path(index: MemoryIndex) -> dict[str, dict[str, tuple[int, ...]]]:
    """Every term's postings with memories named by path (doc numbers depend on history)."""
    terms = [term for (term,) in index.conn.execute("SELECT term FROM postings")]
    paths = dict(index.conn.execute("SELECT doc, path FROM docs").fetchall())
    found = index.postings(terms)
    for postings in found.values():
        docs = [doc for doc, _ in postings]
        assert docs == sorted(docs) and len(set(docs)) == len(docs)  # in doc order, each once
    return {term: {paths[doc]: tfs for doc, tfs in postings} for term, postings in found.items()}


def _term_counts_by_path(index: MemoryIndex, *, body_only: bool) -> dict[str, int]:
    paths = dict(index.conn.execute("SELECT doc, path FROM docs").fetchall())
    counts = index.term_counts(list(paths), body_only=body_only)
    return {paths[doc]: n for doc, n in counts.items()}


def test_postings_after_changes_are_those_of_a_fresh_build(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    from engram.files.index import rebuild

    memory("keep", "Deploy the api with care.", tags=["deploy"])
    edit = memory("edit", "Rotate the keys, then deploy.", directive="Rotate keys")
    gone = memory("gone", "Only this memory says zebra.")
    open_index(ws_root).close()
    last = memory("last", "The last memory, numbered last: quokka.")
    with open_index(ws_root) as index:
        [(highest,)] = index.conn.execute("SELECT doc FROM docs WHERE mid = 'last'")
    edit.write_text(edit.read_text().replace("Rotate the keys", "Renew every certificate"))
    gone.unlink()
    last.unlink()  # the highest number: given again to a memory indexed after it
    memory("added", "Deploy a new service; rotate nothing.", tags=["deploy", "service"])
    with open_index(ws_root) as index:
        assert index.conn.execute("SELECT 1 FROM docs WHERE doc = ?", (highest,)).fetchone()
        changed = _postings_by_path(index)
        sizes = [_term_counts_by_path(index, body_only=flag) for flag in (False, True)]
    assert "zebra" not in changed and "quokka" not in changed  # emptied terms are gone
    assert "certif" in changed and "rotat" in changed  # "rotate" stays: `added` holds it
    with rebuild(ScopeRoot(ws_root, "workspace")) as index:
        assert changed == _postings_by_path(index)
        assert sizes == [_term_counts_by_path(index, body_only=flag) for flag in (False, True)]


def test_postings_hold_each_fields_term_frequencies(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "Deploy the api. Deploy it twice.", tags=["deploy"], directive="Ship")
    with open_index(ws_root) as index:
        [(doc, tfs)] = index.postings(["deploy", "absent"])["deploy"]
        # id, tags, directive, summary (the body's first line), triggers, paths, content
        assert tfs == (1, 1, 0, 2, 0, 0, 2)
        assert index.term_counts([doc]) == {doc: 4}  # deploy, api, ship, twice
        assert index.term_counts([doc], body_only=True) == {doc: 3}
