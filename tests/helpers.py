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
