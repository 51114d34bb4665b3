"""Small helpers for tests that route through the public API."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import engram


def load(project: Path, query: str, **options: Any) -> engram.Pack:
    with engram.open_workspace(project) as ws:
        return ws.load(query, **options)


def routed_ids(project: Path, query: str, **options: Any) -> list[str]:
    with engram.open_workspace(project) as ws:
        return [c.id for c in ws.route(query, **options).pack]


def text(project: Path, query: str, **options: Any) -> str:
    return engram.render_text(load(project, query, **options))


TODAY = date(2026, 11, 29)


def long_id(root: Path, length: int) -> str:
    """Write a path-scoped rule whose id is `length` characters, in a file of a short name (a
    file named after the id could not be written); returns the id."""
    memory_id = "x" * length
    path = root / "rules" / "long-id.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"---\nid: {memory_id}\ntype: rule\napplies_to: ['src/**']\n---\n# Long\n\nbody\n",
        encoding="utf-8",
    )
    return memory_id
