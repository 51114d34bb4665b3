"""What the commands agent hosts run on every prompt import: their start-up is paid each time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engram.files.authoring import init_workspace
from tests.conftest import write_memory

# Each costs a hook a good part of the interpreter's own start-up time, or more.
HEAVY = {
    "typing", "dataclasses", "inspect", "traceback", "tempfile", "numpy", "yaml", "pathspec",
    "shutil", "bz2", "lzma",
}  # fmt: skip


def test_load_and_the_prompt_hook_import_nothing_heavy(tmp_path: Path) -> None:
    init_workspace(tmp_path)
    write_memory(tmp_path / ".agents" / ".engram", "deploy-api", "# Deploy\n\ndeploy the api\n")
    folder = str(tmp_path)
    _build_index(folder)
    payload = json.dumps(
        {"hook_event_name": "UserPromptSubmit", "session_id": "s", "prompt": "deploy the api",
         "cwd": folder}
    )  # fmt: skip
    found, loaded = _fresh_run(
        f"main(['-C', {folder!r}, 'load', 'deploy the api']); "
        f"sys.stdin = io.StringIO({payload!r}); main(['hook', '--host', 'claude'])",
        counted="deploy-api",
    )
    assert found >= 2  # both printed the memory
    assert not HEAVY & loaded
    others = {f"engram.hooks.hosts.{name}" for name in ("codex", "cursor", "gemini")}
    assert not others & loaded  # the Claude hook imports Claude's record alone


def _build_index(folder: str) -> None:
    """The first load builds the index (parsing needs YAML); the prompts after it do not."""
    build = f"from engram.cli import main; main(['-C', {folder!r}, 'load', 'deploy'])"
    subprocess.run([sys.executable, "-c", build], capture_output=True, check=True)


def _fresh_run(calls: str, counted: str, cwd: Path | None = None) -> tuple[int, set[str]]:
    """Run `calls` (statements calling `main`) in a new interpreter with their output caught:
    how often `counted` stands in what they printed, and the modules they imported that a bare
    start of this interpreter does not."""
    code = (
        "import io, sys; from engram.cli import main; out, sys.stdout = sys.stdout, io.StringIO(); "
        f"{calls}; answer, sys.stdout = sys.stdout.getvalue(), out; "
        f"print(answer.count({counted!r})); print(' '.join(sorted(sys.modules)))"
    )
    found, modules = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=cwd
    ).stdout.split("\n", 1)
    return int(found), set(modules.split()) - _interpreter_modules()


def _interpreter_modules() -> set[str]:
    """What this interpreter has imported before any code of ours runs: a site's .pth files
    may load typing, tempfile and the like at every start-up, which no change of ours avoids."""
    bare = "import sys; print(' '.join(sys.modules))"
    found = subprocess.run([sys.executable, "-c", bare], capture_output=True, text=True, check=True)
    return set(found.stdout.split())


def test_the_plain_hook_and_load_calls_build_no_parser(tmp_path: Path) -> None:
    init_workspace(tmp_path)
    write_memory(tmp_path / ".agents" / ".engram", "deploy-api", "# Deploy\n\ndeploy the api\n")
    payload = json.dumps({"hook_event_name": "UserPromptSubmit", "session_id": "s",
                          "prompt": "deploy the api", "cwd": str(tmp_path)})  # fmt: skip
    found, loaded = _fresh_run(
        "main(['load', 'deploy the api']); "
        f"sys.stdin = io.StringIO({payload!r}); main(['hook', '--host', 'claude'])",
        counted="deploy-api",
        cwd=tmp_path,
    )
    assert found >= 2
    assert "argparse" not in loaded


# `pathlib` and what it pulls in: a sixth of the interpreter's start-up on the load and hook paths,
# which work with folders as strings (`engram.paths`). `importlib` (with `warnings`): the host's
# record is imported without it.
PATH_MODULES = {"pathlib", "urllib", "urllib.parse", "ipaddress", "fnmatch", "importlib"}


def test_the_plain_load_and_prompt_hook_import_no_pathlib(tmp_path: Path) -> None:
    """As hosts run them: in the project, without `-C`, the index already built, each in a
    process of its own (a first call in a process is what a host pays). The words of the hook's
    prompt were all in the load's task: their stems are read from the index, and the stemmer
    is not imported."""
    init_workspace(tmp_path)
    root = tmp_path / ".agents" / ".engram"
    write_memory(root, "release-base", "# Release\n\ntag every release\n")
    write_memory(root, "deploy-api", "# Deploy\n\ndeploy the api\n", depends_on=["release-base"])
    _build_index(str(tmp_path))
    payload = json.dumps({"hook_event_name": "UserPromptSubmit", "session_id": "s",
                          "prompt": "deploy the api", "cwd": str(tmp_path)})  # fmt: skip
    found, loaded = _fresh_run("main(['load', 'deploy the api'])", "deploy-api", cwd=tmp_path)
    assert found >= 1  # the memory was printed
    assert not PATH_MODULES & loaded
    hook = f"sys.stdin = io.StringIO({payload!r}); main(['hook', '--host', 'claude'])"
    found, loaded = _fresh_run(hook, counted="deploy-api", cwd=tmp_path)
    assert found >= 1
    assert not (PATH_MODULES | {"Stemmer"}) & loaded


def test_a_plain_load_of_a_memory_with_a_prerequisite_imports_nothing_heavy(
    tmp_path: Path,
) -> None:
    """The text pack builds no JSON: the JSON's ids are checked by the scanners, which (with
    the `dataclasses` and `inspect` they import) cost a load more than the rest of its work."""
    init_workspace(tmp_path)
    root = tmp_path / ".agents" / ".engram"
    write_memory(root, "release-base", "# Release\n\ntag every release\n")
    write_memory(root, "deploy-api", "# Deploy\n\ndeploy the api\n", depends_on=["release-base"])
    folder = str(tmp_path)
    _build_index(folder)
    found, loaded = _fresh_run(
        f"main(['-C', {folder!r}, 'load', 'deploy the api'])", counted="requires: release-base"
    )
    assert found == 1  # the prerequisite was printed with its dependent
    assert not HEAVY & loaded
    assert "engram.safety.secrets" not in loaded
    # The config names the hosts' caps without importing the hosts (a hook imports its own),
    # and an index that is up to date reads no approvals.
    assert not {name for name in loaded if name.startswith("engram.hooks")}
    assert "engram.files.approvals" not in loaded


def test_a_fact_search_loads_no_openssl_bindings(tmp_path: Path) -> None:
    """The offline embedder hashes with BLAKE2 alone; hashlib would load OpenSSL's bindings
    (`_hashlib`) first, milliseconds of every search process."""
    from engram.store import MemoryStore

    db = tmp_path / "facts.db"
    with MemoryStore.open(db) as store:
        store.absorb(["The staging database runs PostgreSQL 16."], scope="agent")
    search = f"main(['memory', '--db', {str(db)!r}, 'search', 'staging database'])"
    found, loaded = _fresh_run(search, counted="PostgreSQL 16", cwd=tmp_path)
    assert found == 1
    assert "_hashlib" not in loaded
