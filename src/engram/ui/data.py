"""What each page of the UI shows, as JSON-ready dicts built from the library's public
functions: the JSON API returns them as they are and the HTML pages are drawn from them, so
the UI can show nothing the API does not.

The same withholding rules as everywhere else apply: an unsafe memory file, fact or entity
is shown by its reason, never by its text.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engram.errors import EngramError

if TYPE_CHECKING:
    from engram.store.store import MemoryStore
    from engram.workspace import Workspace

FACT_PAGE = 50  # facts a list or search page shows
MEMORY_PAGE = 200  # memory files a page lists; the filter narrows the rest


@dataclass
class Sources:
    """Where the UI reads from: the workspace above `start` and one fact store, opened once
    (`store_path` None: found as the CLI finds it)."""

    start: Path | None = None
    store_path: str | None = None
    _store: MemoryStore | None = field(default=None, repr=False)

    def workspace(self, *, reviewing: bool = True) -> Workspace:
        """The workspace, refreshed from the files. `reviewing` opens it in `refuse` mode, as
        `engram verify` does: looking at a hand edit must not approve it."""
        from engram.workspace import open_workspace

        flags = {"files.on_hand_edit": "refuse"} if reviewing else None
        return open_workspace(self.start, flags=flags, require=False)

    @property
    def store(self) -> MemoryStore:
        if self._store is None:
            from engram.config import load_config
            from engram.files.discovery import find_workspace
            from engram.store.db import resolve_db
            from engram.store.store import MemoryStore

            config = load_config(find_workspace(self.start))
            path = resolve_db(self.store_path, config, start=self.start)
            self._store = MemoryStore.open(path, config=config)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


# -- overview ------------------------------------------------------------------------------
def overview(src: Sources) -> dict[str, Any]:
    """Counts of memory files and facts, the store's size, the last hook deliveries and
    errors. Counts only: nothing here lists facts, and the `doctor` problems (which read every
    memory file) come apart, from `problems`."""
    from engram.files.status import memory_entries
    from engram.hooks.state import recent_sessions

    with src.workspace() as ws:
        states: Counter[str] = Counter()
        by_scope: Counter[str] = Counter()
        for entry in memory_entries(ws):
            by_scope[entry.scope] += 1
            states.update(entry.states)
        roots = {scope: str(path) for scope, path in ws.roots.items()}
        here = ws.project_folder or os.fspath(src.start or os.getcwd())
    store = src.store
    facts = {status: store.count(status=status) for status in ("active", "superseded", "deleted")}
    return {
        "roots": roots,
        "memories": {"by_scope": dict(by_scope), "by_state": dict(states)},
        "facts": facts,
        "store": {"location": store.location, "bytes": store.size_bytes()},
        "graph": _graph_counts(store),
        "hook_sessions": [s.to_json() for s in recent_sessions(8)],
        "hook_errors": _hook_errors(5, here),
    }


def _hook_errors(count: int, here: str) -> list[str]:
    """The last hook errors logged for the project `here`, as `engram doctor` prints them:
    withheld when one names a secret or an instruction to agents (an error may quote the
    prompt or file that failed)."""
    from engram.files.checks import Finding
    from engram.hooks.errorlog import SHOWN_DAYS, last_errors

    errors = last_errors(count, folder=here, days=SHOWN_DAYS)
    return [Finding("hooks", "", "hook error", line).shown()[1] for line in errors]


def problems(src: Sources) -> dict[str, Any]:
    """Every problem `engram doctor` reports for the memory files."""
    from engram.files.checks import doctor

    with src.workspace() as ws:
        found = doctor(ws.indexes)  # problems only: no note of the rule files hosts load
    return {"problems": [{"text": str(f), "kind": f.kind} for f in found]}


def _graph_counts(store: MemoryStore) -> dict[str, int]:
    adj = store.graph.adjacency()
    edges = {edge.id for links in adj.out.values() for edge, _ in links}
    return {"nodes": len(adj.nodes), "edges": len(edges)}


# -- memory files ---------------------------------------------------------------------------
def memories(
    src: Sources, q: str = "", state: str = "", type: str = "", offset: int = 0
) -> dict[str, Any]:
    """Every memory file with its state, filtered by words (in its id, path, tags, directive
    and summary), a state and a type."""
    from engram.files.status import STATES, memory_entries

    if state and state not in STATES:
        raise EngramError(f"unknown state {state!r}", hint=f"use {', '.join(STATES)}")
    words = q.casefold().split()
    with src.workspace() as ws:
        entries = memory_entries(ws)
    picked = []
    for entry in entries:
        if (state and state not in entry.states) or (type and entry.type != type):
            continue
        text = " ".join([entry.id, entry.path, *entry.tags, entry.directive, entry.summary])
        if all(word in text.casefold() for word in words):
            picked.append(entry)
    return {
        "total": len(entries),
        "matched": len(picked),
        "offset": offset,
        "memories": [e.to_json() for e in picked[offset : offset + MEMORY_PAGE]],
        "states": list(STATES),
        "types": sorted({e.type for e in entries if e.type}),
    }


def memory(src: Sources, scope: str, path: str) -> dict[str, Any]:
    """One memory file: its entry and its body as Markdown (or why it is withheld)."""
    from engram.files.status import find_row, memory_entries, shown_body

    with src.workspace() as ws:
        index, row = find_row(ws, scope, path)
        entry = next((e for e in memory_entries(ws) if e.scope == scope and e.path == path), None)
        if entry is None:
            raise EngramError(f"no memory file {path!r} in the {scope} folder")
        body, reason = shown_body(index, row) if row is not None else (None, entry.reason)
    return {**entry.to_json(), "body": body, "withheld": reason}


# -- routing preview -------------------------------------------------------------------------
def load_preview(src: Sources, task: str) -> dict[str, Any]:
    """The pack `engram load "<task>"` prints (as text and as `load --json`) beside the
    reasons of `load --dry-run`. It runs exactly what a load runs, in the configured
    `files.on_hand_edit` mode."""
    from engram.render.pack import pack_json, render_text
    from engram.render.report import dry_run_json
    from engram.safety.ids import masked_id

    task = task.strip()
    if not task:
        raise EngramError("no task given", hint="type the task in words, e.g. deploy the api")
    with src.workspace(reviewing=False) as ws:
        pack = ws.load(task)
        reasons = dry_run_json(ws.route(task), task)
    for candidate in reasons["candidates"]:  # an id smuggling a key is not repeated
        candidate["id"] = masked_id(candidate["id"])
    return {
        "task": task,
        "text": render_text(pack),
        "pack": pack_json(pack, task),
        "reasons": reasons,
    }


# -- approvals -------------------------------------------------------------------------------
def approvals(src: Sources) -> dict[str, Any]:
    """The changed and unapproved memory files, each with a diff against the approved text."""
    from engram.files.status import find_row, memory_entries, review

    found = []
    with src.workspace() as ws:
        for entry in memory_entries(ws):
            if not {"changed", "unapproved"} & set(entry.states):
                continue
            index, row = find_row(ws, entry.scope, entry.path)
            if row is None:
                continue
            seen = review(index, row)
            found.append(
                {
                    **entry.to_json(),
                    "diff": seen.diff(entry.path),
                    "note": seen.note,
                    "current": seen.current if not seen.approved else None,
                }
            )
    return {"files": found}


def approve(src: Sources, scope: str, path: str) -> dict[str, Any]:
    """Approve one memory file's current content (`engram rehash` for that file)."""
    from engram.files.checks import approve as approve_file
    from engram.files.status import find_row

    with src.workspace() as ws:
        index, _ = find_row(ws, scope, path)
        digest = approve_file(index, path)
    return {"approved": {"scope": scope, "path": path, "sha256": digest}}


# -- facts -----------------------------------------------------------------------------------
def _withheld(fact: Any, reason: str) -> dict[str, Any]:
    from engram.store.unsafe import withheld_entry

    return {**withheld_entry(fact, reason), "withheld": True}


def _shown(fact: Any) -> dict[str, Any]:
    from engram.store.unsafe import fact_reason

    reason = fact_reason(fact)
    return _withheld(fact, reason) if reason else fact.to_json()


def facts(
    src: Sources,
    q: str = "",
    *,
    scope: str = "",
    key: str = "",
    tag: str = "",
    since: str = "",
    until: str = "",
    offset: int = 0,
) -> dict[str, Any]:
    """A search (with words) or the newest facts (without), filtered by scope, key, tag and
    when they were recorded; a page at a time, unsafe ones by their reason."""
    store = src.store
    tags = [tag] if tag else None
    common: dict[str, Any] = {"scope": scope or None, "scope_key": key or None, "tags": tags}
    if q.strip():
        hits = store.search(q, top_k=FACT_PAGE, since=since or None, until=until or None, **common)
        listed = [{**_shown(h.fact), "score": round(h.score, 4)} for h in hits]
        total = len(listed)
    else:
        if since or until:
            raise EngramError(
                "recorded since / until filter a search", hint="type words to search for as well"
            )
        found = store.list(limit=FACT_PAGE, offset=offset, **common)
        listed = [_shown(f) for f in found]
        total = store.count(**common)
    return {"q": q, "total": total, "offset": offset, "facts": listed}


def fact(src: Sources, fact_id: str) -> dict[str, Any]:
    """One fact: every version as a timeline (each with its change log and its edges —
    supersedes, contradicts, related…), its metadata and source."""
    from engram.store.unsafe import safe_edge, safe_entry

    store = src.store
    versions = store.get(fact_id, "full_history")
    assert isinstance(versions, list)
    if not versions:
        raise EngramError(f"no fact with id {fact_id!r}", hint="find ids on the facts page")
    timeline = []
    for version in versions:
        links = [safe_edge(edge) for edge in store.edges(version.id)]
        edges = [{"source": a, "relation": r, "target": b} for a, r, b in links]
        events = [safe_entry(entry) for entry in store.history(version.id)]
        timeline.append({**_shown(version), "events": events, "edges": edges})
    current = next((v for v in reversed(timeline) if v["status"] == "active"), timeline[-1])
    return {"id": fact_id, "current": current, "versions": timeline}


def update_fact(src: Sources, fact_id: str, content: str) -> dict[str, Any]:
    """A new version of a fact with this text (absorb's checks apply: length, secrets)."""
    return {"updated": _shown(src.store.update(fact_id, content))}


def delete_fact(src: Sources, fact_id: str) -> dict[str, Any]:
    """Mark a fact deleted (kept in its history)."""
    return {"deleted": _shown(src.store.delete(fact_id))}


# -- entity graph ------------------------------------------------------------------------------
def graph(
    src: Sources, start: str = "", hops: int = 1, types: list[str] | None = None, limit: int = 200
) -> dict[str, Any]:
    """The picture of the entity graph around `start` (an id or a name; none: the
    best-connected part), `hops` deep, of `types`, at most `limit` nodes."""
    # an id is ASCII digits that fit the store's integers; anything else is looked up as a name
    is_id = start.isascii() and start.isdigit() and len(start) <= 18
    ref: int | str | None = (int(start) if is_id else start) if start else None
    return dict(src.store.graph.view(ref, hops, types, limit).to_json())
