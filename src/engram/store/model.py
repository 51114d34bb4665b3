"""Records of the fact store."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SCOPES = ("agent", "user", "run")
STATUSES = ("active", "superseded", "archived", "deleted")
OUTCOMES = ("duplicate", "supersede", "contradict", "related", "new", "rejected")
READ_MODES = ("active", "latest", "full_history")
KINDS = ("fact", "event")
MIN_CHARS = 12  # shorter than this cannot be a self-contained fact
MAX_CHARS = 500  # longer: split it into facts (the CLI splits plain text for you)
MAX_EVENT_CHARS = 4000  # a message or log line is kept whole up to this length


def checked_scope(scope: object) -> str:
    """The scope, or an EngramError naming it when it is none of `SCOPES`."""
    if scope not in SCOPES:
        from engram.errors import EngramError

        raise EngramError(f"unknown scope {scope!r}", hint="use agent, user or run")
    return str(scope)


@dataclass
class Fact:
    """One stored fact (a version: superseded versions are facts too). A `deleted` fact keeps
    its row (an erased one without its text) and is seen only in its full history."""

    id: str
    content: str
    scope: str
    scope_key: str = ""
    status: str = "active"
    confidence: float = 0.8
    importance: float = 1.0
    source: str | None = None
    tags: list[str] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    created_at: str = ""
    valid_from: str = ""
    valid_to: str | None = None
    content_hash: str = ""
    kind: str = "fact"  # fact: may be superseded; event: a record of something that happened
    duplicates: list[dict[str, Any]] = field(default_factory=list)  # what repeats brought
    # The scanners' verdict that every text shown with the fact is safe, sealed under this
    # user's key (`unsafe.verdict_seal`): a fact whose seal still holds is not scanned again.
    checked: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "content": self.content,
            "scope": self.scope,
            "scope_key": self.scope_key,
            "status": self.status,
            "confidence": self.confidence,
            "importance": self.importance,
            "source": self.source,
            "tags": self.tags,
            "metadata": self.metadata,
            "created_at": self.created_at,
            "valid_from": self.valid_from,
            "valid_to": self.valid_to,
            "kind": self.kind,
            "duplicates": self.duplicates,
        }


@dataclass(frozen=True)
class Batch:
    """Where and how one absorb call writes."""

    scope: str
    key: str
    kind: str  # fact | event
    source: str | None
    at: str  # when it was absorbed
    write: bool = True  # False for a dry run


@dataclass
class Outcome:
    """What absorb did (or, with dry_run, would do) with one input."""

    outcome: str  # duplicate | supersede | contradict | related | new | rejected
    reason: str
    id: str | None = None  # the fact written (or that would be written)
    related_ids: list[str] = field(default_factory=list)  # existing facts it was compared with
    content: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "id": self.id,
            "related_ids": self.related_ids,
            "reason": self.reason,
            "content": self.content,
        }


@dataclass
class Hit:
    """A search result with the parts of its score."""

    fact: Fact
    score: float
    cosine: float
    bm25: float  # normalised to 0..1 (raw BM25 / best BM25 of the query)
    decay: float
    context: float = 0.0  # the part of `score` an event owes its neighbours' (in_context)

    @property
    def id(self) -> str:
        return self.fact.id

    @property
    def content(self) -> str:
        return self.fact.content

    @property
    def scope(self) -> str:
        return self.fact.scope

    @property
    def tags(self) -> list[str]:
        return self.fact.tags

    @property
    def metadata(self) -> dict[str, Any]:
        return self.fact.metadata

    @property
    def created_at(self) -> str:
        return self.fact.created_at

    def to_json(self) -> dict[str, Any]:
        return {
            **self.fact.to_json(),
            "score": round(self.score, 6),
            "parts": {
                "cosine": round(self.cosine, 6),
                "bm25": round(self.bm25, 6),
                "decay": round(self.decay, 6),
                "context": round(self.context, 6),
            },
        }
