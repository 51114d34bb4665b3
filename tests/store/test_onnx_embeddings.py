"""The local embedding model (`[embed] provider = "onnx"`), run for real from the packages that
ship it: where its files come from, what its vectors are, and what the store does with them."""

from __future__ import annotations

import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from engram.cli import main
from engram.config import load_config
from engram.embed import models
from engram.embed.models import PACKAGED, ModelFiles, resolve_model
from engram.embed.onnx import OnnxEmbedder
from engram.errors import EngramError
from engram.store import MemoryStore


@pytest.fixture(scope="module")
def packaged() -> ModelFiles:
    return resolve_model("all-MiniLM-L6-v2", cache=Path("unused"))


@pytest.fixture(scope="module")
def embedder(packaged: ModelFiles) -> OnnxEmbedder:
    return OnnxEmbedder(packaged)


def cosine(embedder: OnnxEmbedder, a: str, b: str) -> float:
    left, right = embedder.embed([a, b])
    return float(left @ right)


def test_the_packaged_model_is_named_by_its_pinned_digest(packaged: ModelFiles) -> None:
    assert packaged.model_id == "onnx:all-MiniLM-L6-v2:8199be6f699a"
    assert packaged.graph.name == "model.onnx"
    assert packaged.tokenizer.name == "tokenizer.json"


def test_an_empty_model_setting_means_the_packaged_default(packaged: ModelFiles) -> None:
    assert resolve_model("", cache=Path("unused")) == packaged


def test_vectors_are_unit_length_and_384_wide(embedder: OnnxEmbedder) -> None:
    vectors = embedder.embed(["Alice lives in Berlin.", "The build uses Python 3.12."])
    assert embedder.dims == 384
    assert [v.shape for v in vectors] == [(384,), (384,)]
    assert np.allclose([np.linalg.norm(v) for v in vectors], 1.0, atol=1e-5)


def test_a_paraphrase_is_closer_than_an_unrelated_sentence(embedder: OnnxEmbedder) -> None:
    near = cosine(
        embedder,
        "The release failed because the disk was full.",
        "No space left on the drive broke the deploy.",
    )
    far = cosine(
        embedder, "The release failed because the disk was full.", "Maria plays the violin."
    )
    assert near > far + 0.2


def test_an_empty_text_is_the_zero_vector(embedder: OnnxEmbedder) -> None:
    [vector] = embedder.embed(["   "])
    assert not vector.any()


def test_batching_does_not_change_a_vector(embedder: OnnxEmbedder) -> None:
    texts = ["short", "a much longer sentence about the staging database and its backups", "x"]
    together = embedder.embed(texts)
    alone = [embedder.embed([text])[0] for text in texts]
    assert all(np.allclose(a, b, atol=1e-4) for a, b in zip(together, alone, strict=True))


def test_a_local_folder_is_a_model(tmp_path: Path, packaged: ModelFiles) -> None:
    folder = tmp_path / "my-minilm"
    folder.mkdir()
    shutil.copy(packaged.graph, folder / "model.onnx")
    shutil.copy(packaged.tokenizer, folder / "tokenizer.json")
    files = resolve_model(str(folder), cache=tmp_path)
    # same file, same digest: the same vector space whatever it is called
    assert files.model_id == "onnx:my-minilm:8199be6f699a"


def test_a_folder_without_a_tokenizer_names_the_missing_file(tmp_path: Path) -> None:
    (tmp_path / "model.onnx").write_bytes(b"not a model")
    with pytest.raises(EngramError, match=r"tokenizer\.json not found"):
        resolve_model(str(tmp_path), cache=tmp_path)


def test_an_unknown_model_name_says_what_is_accepted(tmp_path: Path) -> None:
    with pytest.raises(EngramError, match="neither a packaged model nor an existing path"):
        resolve_model("no-such-model", cache=tmp_path)


def test_a_broken_model_file_is_a_clear_error(tmp_path: Path, packaged: ModelFiles) -> None:
    (tmp_path / "model.onnx").write_bytes(b"not a model")
    shutil.copy(packaged.tokenizer, tmp_path / "tokenizer.json")
    broken = OnnxEmbedder(resolve_model(str(tmp_path), cache=tmp_path))
    with pytest.raises(EngramError, match="cannot load embedding model"):
        broken.embed(["anything"])


def test_a_packaged_file_that_changed_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = PACKAGED["all-MiniLM-L6-v2"]
    tampered = type(entry)(**{**entry.__dict__, "graph_sha256": "0" * 64})
    monkeypatch.setitem(PACKAGED, "all-MiniLM-L6-v2", tampered)
    with pytest.raises(EngramError, match="does not match the pinned SHA-256"):
        resolve_model("all-MiniLM-L6-v2", cache=Path("unused"))


def test_a_missing_package_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(models, "_package_dir", lambda package: None)
    with pytest.raises(EngramError, match="is not installed") as caught:
        resolve_model("all-MiniLM-L6-v2", cache=Path("unused"))
    assert "engram[onnx]" in (caught.value.hint or "")


@pytest.fixture
def hub(tmp_path: Path, packaged: ModelFiles) -> Iterator[tuple[str, list[str]]]:
    """A local stand-in for the model hub serving one repository, and the paths it was asked."""
    root = tmp_path / "hub" / "org" / "mini" / "resolve" / "main"
    (root / "onnx").mkdir(parents=True)
    shutil.copy(packaged.graph, root / "onnx" / "model.onnx")
    shutil.copy(packaged.tokenizer, root / "tokenizer.json")
    asked: list[str] = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, directory=str(tmp_path / "hub"), **kwargs)  # type: ignore[arg-type]

        def do_GET(self) -> None:
            asked.append(self.path)
            super().do_GET()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", asked
    finally:
        server.shutdown()
        server.server_close()


def test_a_hub_model_is_downloaded_once_into_the_cache(
    tmp_path: Path, hub: tuple[str, list[str]]
) -> None:
    url, asked = hub
    cache = tmp_path / "cache"
    first = resolve_model("hf:org/mini", cache=cache, hub=url)
    again = resolve_model("hf:org/mini", cache=cache, hub=url)
    assert first == again
    assert first.model_id == "onnx:mini:8199be6f699a"
    assert sorted(asked) == [
        "/org/mini/resolve/main/onnx/model.onnx",
        "/org/mini/resolve/main/tokenizer.json",
    ]


def test_a_failed_download_leaves_nothing_half_written(
    tmp_path: Path, hub: tuple[str, list[str]]
) -> None:
    url, _asked = hub
    cache = tmp_path / "cache"
    with pytest.raises(EngramError, match="could not download embedding model hf:org/absent"):
        resolve_model("hf:org/absent", cache=cache, hub=url)
    assert not [p for p in cache.rglob("*") if p.is_file()]


def test_the_store_finds_a_fact_by_meaning_alone(tmp_path: Path) -> None:
    config = load_config(None, env={"ENGRAM_EMBED_PROVIDER": "onnx"})
    with MemoryStore.open(tmp_path / "m.db", config=config) as store:
        store.absorb(
            ["The deployment failed because the disk was full.", "Maria plays the violin."],
            scope="agent",
        )
        [best, *_] = store.search("why did the release break?")
        assert store.stats()["embedding_model"] == "onnx:all-MiniLM-L6-v2:8199be6f699a"
    assert best.fact.content == "The deployment failed because the disk was full."


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alice sent Bob the quarterly report.", "Alice sent Bob the quarterly invoice."),
        ("The build fails when the cache is cold.", "The build fails when the cache is warm."),
        ("Ella takes the train.", "Ella takes the train if it rains."),
        ("Пользователь бросил курить.", "Пользователь бросил работу в банке."),
    ],
)
def test_a_fact_the_local_model_reads_as_the_stored_one_is_never_dropped(
    tmp_path: Path, embedder: OnnxEmbedder, old: str, new: str
) -> None:
    assert cosine(embedder, old, new) > 0.85  # the model reads the two as one statement
    config = load_config(None, env={"ENGRAM_EMBED_PROVIDER": "onnx"})
    with MemoryStore.open(tmp_path / "m.db", config=config) as store:
        store.absorb([old], scope="agent")
        assert store.absorb([new], scope="agent")[0].outcome not in ("duplicate", "supersede")
        assert {hit.fact.content for hit in store.search(new, top_k=5)} == {old, new}


def test_the_cli_uses_the_local_model_when_configured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_EMBED_PROVIDER", "onnx")
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "m.db"))
    assert main(["memory", "absorb", "The deployment failed because the disk was full."]) == 0
    assert main(["memory", "search", "why did the release break?"]) == 0
    assert "disk was full" in capsys.readouterr().out


def test_an_unknown_local_model_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_EMBED_PROVIDER", "onnx")
    monkeypatch.setenv("ENGRAM_EMBED_MODEL", "no-such-model")
    monkeypatch.setenv("ENGRAM_DB", str(tmp_path / "m.db"))
    assert main(["memory", "absorb", "Anything at all is stored here."]) == 2
    err = capsys.readouterr().err
    assert "no-such-model" in err
    assert "Traceback" not in err
