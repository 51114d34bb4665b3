"""Finding the workspace, the global folder and the memory files inside them."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from engram.files.model import FOLDERS

WORKSPACE_DIR = Path(".agents") / ".engram"


@dataclass(frozen=True)
class ScopeRoot:
    """A folder holding `rules/`, `skills/` and `knowledge/`, with the scope it stands for."""

    path: Path
    scope: str  # "workspace" or "global"


def find_workspace(start: Path | None = None) -> Path | None:
    """Walk up from `start` to the nearest folder holding `.agents/.engram/`; return that
    `.agents/.engram` folder, or None."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / WORKSPACE_DIR
        if candidate.is_dir():
            return candidate
    return None


def project_of(workspace_root: Path) -> Path:
    """The project folder that holds `.agents/.engram`."""
    return workspace_root.parent.parent


def global_root(configured: str, *, use_global: bool = True) -> Path | None:
    """The global memory folder: the configured one, else `~/.engram/global`; None if absent."""
    if not use_global:
        return None
    path = Path(configured).expanduser() if configured else Path.home() / ".engram" / "global"
    return path if path.is_dir() else None


def scan_files(root: Path) -> dict[str, tuple[int, int]]:
    """Every `*.md` under the type folders: relative path -> (mtime_ns, size)."""
    found: dict[str, tuple[int, int]] = {}
    stack = [(root / folder, folder) for folder in FOLDERS]
    while stack:
        folder, rel = stack.pop()
        try:
            entries = os.scandir(folder)
        except (FileNotFoundError, NotADirectoryError, PermissionError):
            continue
        with entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                if entry.is_dir(follow_symlinks=False):
                    stack.append((Path(entry.path), f"{rel}/{entry.name}"))
                elif entry.name.endswith(".md") and entry.is_file():
                    stat = entry.stat()
                    found[f"{rel}/{entry.name}"] = (stat.st_mtime_ns, stat.st_size)
    return found
