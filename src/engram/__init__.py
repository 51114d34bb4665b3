"""Engram: local-first memory for AI agents.

The public API. Names are imported lazily so that `import engram` stays cheap on the hook path.

    >>> import engram
    >>> with engram.open_workspace() as ws:          # doctest: +SKIP
    ...     print(engram.render_text(ws.load("deploy the api")))
    >>> m = engram.Memory()                           # doctest: +SKIP
    >>> m.add("I live in Lisbon.", user_id="alice")   # doctest: +SKIP
"""

from __future__ import annotations

TYPE_CHECKING = False  # `typing` costs a hook's start-up time; type checkers read this as True
if TYPE_CHECKING:
    from typing import Any

__version__ = "0.1.0"  # the one place the version is written (pyproject reads it)

__all__ = [
    "Config",
    "ConfigError",
    "DependencyGraph",
    "EngramError",
    "Fact",
    "FrontmatterError",
    "Hit",
    "ImportPlan",
    "Memory",
    "MemoryFile",
    "MemoryIndex",
    "MemoryStore",
    "Outcome",
    "Pack",
    "Route",
    "Workspace",
    "WorkspaceNotFound",
    "anchors_of",
    "build_graph",
    "create_from_experience",
    "doctor",
    "dry_run_json",
    "dry_run_text",
    "estimate_tokens",
    "export_instructions",
    "find_injection",
    "find_secrets",
    "get_skill",
    "import_instructions",
    "init_workspace",
    "load_config",
    "new_memory",
    "open_workspace",
    "pack_json",
    "parse_memory",
    "plan_import",
    "rehash",
    "render_text",
    "split_facts",
    "split_sections",
    "sync_exports",
    "tokenize",
    "verify",
]

_WHERE = {
    "Config": "engram.config",
    "load_config": "engram.config",
    "ConfigError": "engram.errors",
    "EngramError": "engram.errors",
    "FrontmatterError": "engram.errors",
    "WorkspaceNotFound": "engram.errors",
    "Memory": "engram.memory",
    "MemoryFile": "engram.files.model",
    "parse_memory": "engram.files.frontmatter",
    "MemoryIndex": "engram.files.index",
    "init_workspace": "engram.files.authoring",
    "new_memory": "engram.files.authoring",
    "doctor": "engram.files.checks",
    "rehash": "engram.files.checks",
    "verify": "engram.files.checks",
    "DependencyGraph": "engram.graph.deps",
    "build_graph": "engram.graph.deps",
    "Route": "engram.routing.route",
    "Pack": "engram.render.pack",
    "pack_json": "engram.render.pack",
    "render_text": "engram.render.pack",
    "dry_run_json": "engram.render.report",
    "dry_run_text": "engram.render.report",
    "find_injection": "engram.safety.injection",
    "find_secrets": "engram.safety.secrets",
    "anchors_of": "engram.text.tokenize",
    "tokenize": "engram.text.tokenize",
    "estimate_tokens": "engram.text.estimate",
    "Workspace": "engram.workspace",
    "create_from_experience": "engram.skills",
    "get_skill": "engram.skills",
    "MemoryStore": "engram.store.store",
    "Fact": "engram.store.model",
    "Hit": "engram.store.model",
    "Outcome": "engram.store.model",
    "split_facts": "engram.store.split",
    "open_workspace": "engram.workspace",
    "ImportPlan": "engram.instructions.importer",
    "import_instructions": "engram.instructions.importer",
    "plan_import": "engram.instructions.importer",
    "split_sections": "engram.instructions.split",
    "export_instructions": "engram.instructions.export",
    "sync_exports": "engram.instructions.export",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        from importlib import import_module

        value = getattr(import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'engram' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:
    from engram.config import Config, load_config
    from engram.errors import ConfigError, EngramError, FrontmatterError, WorkspaceNotFound
    from engram.files.authoring import init_workspace, new_memory
    from engram.files.checks import doctor, rehash, verify
    from engram.files.frontmatter import parse_memory
    from engram.files.index import MemoryIndex
    from engram.files.model import MemoryFile
    from engram.graph.deps import DependencyGraph, build_graph
    from engram.instructions.export import export_instructions, sync_exports
    from engram.instructions.importer import ImportPlan, import_instructions, plan_import
    from engram.instructions.split import split_sections
    from engram.memory import Memory
    from engram.render.pack import Pack, pack_json, render_text
    from engram.render.report import dry_run_json, dry_run_text
    from engram.routing.route import Route
    from engram.safety.injection import find_injection
    from engram.safety.secrets import find_secrets
    from engram.skills import create_from_experience, get_skill
    from engram.store.model import Fact, Hit, Outcome
    from engram.store.split import split_facts
    from engram.store.store import MemoryStore
    from engram.text.estimate import estimate_tokens
    from engram.text.tokenize import anchors_of, tokenize
    from engram.workspace import Workspace, open_workspace
