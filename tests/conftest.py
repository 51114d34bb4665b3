"""Shared fixtures: every test gets its own HOME, config folder and no global folder."""

from __future__ import annotations

from collections.abc import Callable
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
