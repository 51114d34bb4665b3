"""`load.vectors`: related memories re-ranked by meaning, never admitted by it (SPEC A3)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest

import engram
from engram.cli import main
from engram.embed.base import EmbeddingError
from engram.routing.vectors import passages
from engram.store import providers
from tests.helpers import TODAY

# Two memories about deploying; only the second says anything about the database.
COLOURS = "# Deploy colours\n\nThe deploy dashboard shows green and red badges.\n"
MIGRATION = "# Deploy rollback\n\nA failed schema migration is rolled back before the deploy.\n"
QUERY = "deploy deploy: the database broke"


class Fake:
    """A dense embedder whose meaning is one word: 'database', 'schema' and 'migration' point
    one way, everything else another."""

    model_id = "fake:1"
    sparse = False
    dims = 2

    def __init__(self, fail: bool = False) -> None:
        self.texts: list[str] = []
        self.fail = fail

    def embed(self, texts: Sequence[str]) -> list[np.ndarray]:
        if self.fail:
            raise EmbeddingError("the embeddings endpoint answered 503")
        self.texts += texts
        words = ("database", "schema", "migration")
        return [
            np.array([1.0, 0.0] if any(w in t.lower() for w in words) else [0.0, 1.0], np.float32)
            for t in texts
        ]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Fake:
    embedder = Fake()
    monkeypatch.setattr(providers, "embedder_from_config", lambda config: embedder)
    monkeypatch.setenv("ENGRAM_LOAD_VECTORS", "true")
    return embedder


def ranked(project: Path, query: str = QUERY) -> list[str]:
    with engram.open_workspace(project) as ws:
        return [c.id for c in ws.route(query, today=TODAY, select_all=True).candidates]


def test_without_vectors_the_words_decide(project: Path, memory: Callable[..., Path]) -> None:
    memory("deploy-colours", COLOURS)
    memory("deploy-rollback", MIGRATION)
    assert ranked(project)[0] == "deploy-colours"  # a shorter body: BM25 prefers it


def test_vectors_rank_the_memory_that_means_the_task_first(
    project: Path, memory: Callable[..., Path], fake: Fake
) -> None:
    memory("deploy-colours", COLOURS)
    memory("deploy-rollback", MIGRATION)
    assert ranked(project) == ["deploy-rollback", "deploy-colours"]


def test_vectors_never_admit_a_memory_that_shares_no_term(
    project: Path, memory: Callable[..., Path], fake: Fake
) -> None:
    memory("deploy-colours", COLOURS)
    memory("schema-notes", "# Schema notes\n\nThe database schema and its migrations.\n")
    assert ranked(project, "deploy: what broke") == ["deploy-colours"]


def test_a_memory_is_embedded_once_until_it_changes(
    project: Path, memory: Callable[..., Path], fake: Fake
) -> None:
    memory("deploy-colours", COLOURS)
    path = memory("deploy-rollback", MIGRATION)
    ranked(project)
    first = len(fake.texts)
    ranked(project)
    assert len(fake.texts) == first + 1  # the query alone
    path.write_text(path.read_text(encoding="utf-8") + "\nAsk the on-call first.\n", "utf-8")
    with engram.open_workspace(project) as ws:
        engram.rehash(ws.indexes)
    ranked(project)
    assert any("on-call" in text for text in fake.texts[first + 1 :])
    assert not any("green and red" in text for text in fake.texts[first + 1 :])


def test_a_failing_embedder_leaves_the_word_ranking_and_a_note(
    project: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    memory("deploy-colours", COLOURS)
    memory("deploy-rollback", MIGRATION)
    monkeypatch.setattr(providers, "embedder_from_config", lambda config: Fake(fail=True))
    monkeypatch.setenv("ENGRAM_LOAD_VECTORS", "true")
    with engram.open_workspace(project) as ws:
        pack = ws.load(QUERY, today=TODAY)
    assert pack.items[0].candidate.id == "deploy-colours"
    assert any("503" in note and "words alone" in note for note in pack.notes)


def test_the_offline_embedder_is_refused_with_a_note_that_says_what_to_set(
    project: Path, memory: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    memory("deploy-colours", COLOURS)
    monkeypatch.setenv("ENGRAM_LOAD_VECTORS", "true")
    with engram.open_workspace(project) as ws:
        pack = ws.load("deploy colours", today=TODAY)
    assert [item.candidate.id for item in pack.items] == ["deploy-colours"]
    [note] = [note for note in pack.notes if "load.vectors" in note]
    assert "dense embedder" in note and 'provider = "onnx"' in note


def test_a_long_body_is_embedded_passage_by_passage() -> None:
    body = "\n\n".join(f"Paragraph {n} about the deploy." for n in range(40))
    pieces = passages("Deploy notes", body)
    assert pieces[0].startswith("Deploy notes. Paragraph 0")
    assert 1 < len(pieces) <= 32
    assert passages("Only a summary", "") == ["Only a summary"]


def test_the_real_model_ranks_a_paraphrase_first_through_the_cli(
    project: Path,
    memory: Callable[..., Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("onnxruntime")
    memory("deploy-colours", COLOURS)
    memory("deploy-rollback", MIGRATION)
    monkeypatch.setenv("ENGRAM_EMBED_PROVIDER", "onnx")
    monkeypatch.setenv("ENGRAM_LOAD_VECTORS", "true")
    assert main(["-C", str(project), "load", "--all", "--json", QUERY]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [m["id"] for m in data["memories"]] == ["deploy-rollback", "deploy-colours"]


def test_reindex_embeds_every_memory_so_that_a_load_embeds_only_the_task(
    project: Path,
    memory: Callable[..., Path],
    fake: Fake,
    capsys: pytest.CaptureFixture[str],
) -> None:
    memory("deploy-colours", COLOURS)
    memory("deploy-rollback", MIGRATION)
    memory("release-weeks", "# Release weeks\n\nWho owns which release week.\n")
    assert main(["-C", str(project), "reindex"]) == 0
    assert "embedded 3 memory files for load.vectors" in capsys.readouterr().out
    assert any("which release week" in text for text in fake.texts)
    before = len(fake.texts)
    assert ranked(project) == ["deploy-rollback", "deploy-colours"]
    assert fake.texts[before:] == [QUERY]


def test_reindex_says_in_one_line_when_the_memories_cannot_be_embedded(
    project: Path,
    memory: Callable[..., Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    memory("deploy-colours", COLOURS)
    monkeypatch.setenv("ENGRAM_LOAD_VECTORS", "true")
    assert main(["-C", str(project), "reindex"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("engram: error: load.vectors: load.vectors needs a dense embedder")
    assert "Traceback" not in err
