"""The memory-file record as routing sees it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from engram.files.layout import FOLDERS, TYPE_FOLDER, TYPES

__all__ = ["FOLDERS", "TYPES", "TYPE_FOLDER", "MemoryFile", "Source"]


@dataclass(frozen=True, slots=True)
class Source:
    """A file a memory was derived from, with the SHA-256 it had then (if recorded)."""

    path: str
    sha256: str | None = None


@dataclass
class MemoryFile:
    """One memory file: validated frontmatter plus the Markdown body."""

    id: str
    type: str
    authority: str
    path: str = ""  # relative to the scope root, e.g. `rules/deploy.md`
    scope: str = "workspace"
    tags: list[str] = field(default_factory=list)
    directive: str = ""
    summary: str = ""
    triggers: list[str] = field(default_factory=list)
    applies_to: list[str] = field(default_factory=list)
    depends_on: list[str] = field(default_factory=list)
    level: int = 0
    lifecycle: str = "active"
    valid_until: date | None = None
    confidence: str = "high"
    roles: list[str] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    body: str = ""

    @property
    def card_text(self) -> str:
        """The one-line description used on cards: directive, else summary."""
        return self.directive or self.summary
