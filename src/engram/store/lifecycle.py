"""One fact's life after absorb — update, delete, erase — and a scope's: delete_all, nuke.

- **update** writes a new version through absorb's supersede path (a new row, a `supersedes`
  edge, the old row `superseded` with its `valid_to`), after the same checks as absorb: too
  short or too long, secrets, prompt injections.
- **delete** sets the status `deleted`: the row and its history stay (`get` in `full_history`
  mode, `list --status deleted`), search, list, the digest and the profile no longer see it.
- **erase** is for a privacy request: the text of every version of the fact leaves the file —
  content, index terms, hash, tags, metadata, source, vectors, what its duplicates brought —
  and the freed pages are overwritten. The rows stay as `deleted` skeletons, and the change log
  keeps its entries (without a source) plus one `erased` entry per version.
- **nuke** removes every row of a scope (and key) after writing a backup of the whole file.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from engram.errors import EngramError
from engram.store.db import now_iso
from engram.store.indexing import discard
from engram.store.inputs import readable_argument
from engram.store.model import Batch, Fact, checked_scope
from engram.store.rows import event_row

if TYPE_CHECKING:
    from engram.store.store import MemoryStore

DERIVED = ("distilled_from", "summarizes")  # edges from a fact that copies another's words


def _fact(store: MemoryStore, fact_id: object) -> Fact:
    if not isinstance(fact_id, str):
        raise EngramError(f"a fact id must be text, got {type(fact_id).__name__}")
    fact = store._stored(fact_id)
    if fact is None:
        raise EngramError(f"no fact with id {fact_id!r}", hint="find ids with a search or a list")
    return fact


def _checked_key(scope_key: object) -> None:
    """A scope key that erases or deletes must be text (SQLite matched 5 to the key "5"; a
    list failed in the driver) that a stored key could be (no lone surrogate)."""
    if scope_key is not None and not isinstance(scope_key, str):
        raise EngramError(f"scope_key must be text, got {type(scope_key).__name__}")
    readable_argument("scope key", scope_key)


def _changeable(store: MemoryStore, fact: Fact, verb: str) -> None:
    """Only the current version of a fact is updated or deleted."""
    if fact.status == "deleted" and verb == "delete":
        raise EngramError(f"fact {fact.id} is already deleted", hint="nothing to do")
    if fact.status == "deleted":
        raise EngramError(f"fact {fact.id} is deleted", hint="absorb the new text as a new fact")
    refuse_an_old_version(store, fact, verb)


def refuse_an_old_version(store: MemoryStore, fact: Fact, verb: str) -> None:
    """An EngramError naming the current version when `fact` is a superseded one: a change to
    it would never be seen, since search, the digest and `get` show the current version."""
    if fact.status == "superseded":
        newest = store.get(fact.id, mode="latest")
        current = newest.id if isinstance(newest, Fact) else "a newer version"
        raise EngramError(
            f"fact {fact.id} is an old version, superseded by {current}",
            hint=f"{verb} the current version instead",
        )


# -- update ------------------------------------------------------------------------------
def update(
    store: MemoryStore, fact_id: str, content: str, metadata: dict[str, Any] | None = None
) -> Fact:
    """A new version of an active fact with this content (and metadata, if given); returns it."""
    from engram.store.inputs import prepare
    from engram.store.normalize import new_id
    from engram.store.unsafe import refuse

    old = _fact(store, fact_id)
    _changeable(store, old, "update")
    if old.status != "active":
        raise EngramError(f"fact {fact_id} is {old.status}", hint="restore it first")
    # The new version keeps these of the old one, which an older version may have stored
    # unscanned: they are refused like an argument, never written again under a new seal.
    refuse("source", old.source or "")
    refuse("scope key", old.scope_key)
    if not isinstance(content, str):
        raise EngramError(f"content must be text, got {type(content).__name__}")
    if metadata is not None and not isinstance(metadata, dict):
        raise EngramError(f"metadata must be an object, got {type(metadata).__name__}")
    item = prepare(content, old.tags, old.metadata if metadata is None else metadata, old.kind)
    if item.outcome is not None:
        raise EngramError(f"cannot update {fact_id}: {item.outcome.reason}")
    if item.content == old.content and item.metadata == old.metadata:
        raise EngramError(
            f"fact {fact_id} already says that", hint="give a different text or metadata"
        )
    item.confidence, item.importance = old.confidence, old.importance
    store._embed_items([item])
    new = new_id()
    with store._write():
        at = now_iso()
        # the new version is the newest even when the old one became true in the future
        item.valid_from = max(at, old.valid_from)
        if not store._backend.is_active(fact_id):
            raise EngramError(f"fact {fact_id} changed meanwhile", hint="read it again and retry")
        batch = Batch(old.scope, old.scope_key, old.kind, old.source, at, True)
        store._apply(new, item, "supersede", fact_id, batch)
        store._backend.log_event(at, "updated", new, previous=fact_id)
    store._fold()
    return store._backend.get_facts([new])[new]


# -- delete ------------------------------------------------------------------------------
def delete(store: MemoryStore, fact_id: str) -> Fact:
    """Mark the current version of a fact `deleted` (active or archived); returns it."""
    fact = _fact(store, fact_id)
    _changeable(store, fact, "delete")
    with store._write():
        if not store._backend.swap_status(fact_id, fact.status, "deleted"):
            raise EngramError(f"fact {fact_id} changed meanwhile", hint="read it again and retry")
        store._backend.log_event(now_iso(), "deleted", fact_id, was=fact.status)
    store._fold()
    return _fact(store, fact_id)


def delete_all(store: MemoryStore, scope: str, scope_key: str | None = None) -> list[str]:
    """Mark every active fact of a scope (and key: None means every key) `deleted`; returns
    their ids."""
    checked_scope(scope)
    _checked_key(scope_key)
    with store._write():
        at = now_iso()
        ids = store._backend.delete_active(scope, scope_key, at)
        store._backend.log_event(
            at, "deleted_all", None, scope=scope, scope_key=scope_key, facts=len(ids)
        )
    store._fold()
    return ids


# -- erase -------------------------------------------------------------------------------
def erase(store: MemoryStore, fact_id: str) -> dict[str, Any]:
    """Remove the text of every version of a fact from the store (for a privacy request).

    Returns `{"erased": [version ids], "derived": [ids]}`: `derived` lists the other facts that
    copy its words (a distilled fact, a gc summary); erase them too if they must go."""
    fact = _fact(store, fact_id)
    versions = [f.id for f in store._chain(fact.id)]
    gone = store._backend.get_facts(versions)
    if all(f.content == "" and f.status == "deleted" for f in gone.values()):
        raise EngramError(f"fact {fact_id} is already erased", hint="nothing to do")
    derived = sorted(store._backend.derived_from(versions, DERIVED) - set(versions))
    with store._backend.overwriting(), store._write():
        at = now_iso()
        store._backend.erase_texts(versions)
        store._backend.log_events(
            [event_row(at, "erased", v, versions=len(versions)) for v in versions]
        )
    discard(store)  # the index and its snapshot hold the erased words: rebuilt from the file
    return {"erased": versions, "derived": derived}


# -- nuke --------------------------------------------------------------------------------
def _stamp() -> str:
    """What names a backup: when it was written, to the microsecond."""
    return datetime.now().strftime("%Y%m%d-%H%M%S-%f")


def nuke(
    store: MemoryStore,
    scope: str,
    scope_key: str | None = None,
    *,
    all_keys: bool = False,
    confirm: bool = False,
    dry_run: bool = False,
) -> dict[str, Any]:
    """Erase every fact of a scope and key (or, with `all_keys`, of every key) for good, after
    a backup of the whole file; nothing to erase means no backup."""
    checked_scope(scope)
    if scope_key is None and not all_keys:
        raise EngramError(
            f"nuke of the {scope} scope needs a scope_key, or all_keys=True for every key",
            hint="name the key whose facts go; all_keys=True erases the whole scope",
        )
    if scope_key is not None and all_keys:
        raise EngramError("give a scope_key or all_keys=True, not both")
    _checked_key(scope_key)
    if not confirm and not dry_run:
        raise EngramError(
            "nuke erases facts for good and needs an explicit confirmation",
            hint="pass confirm=True (a backup is written first)",
        )
    count = store._backend.count_in_scope(scope, scope_key)
    if dry_run or not count:
        return {"erased": int(count) if dry_run else 0, "backup": None, "dry_run": dry_run}
    backup = store._backend.backup(_stamp())
    try:
        with store._backend.overwriting(), store._write():
            ids = store._backend.remove_scope(scope, scope_key)
            store._backend.log_event(
                now_iso(), "nuked", None, scope=scope, scope_key=scope_key,
                facts=len(ids),
            )  # fmt: skip
    except BaseException:
        # Nothing was erased: a backup would only be one more copy of what was to go.
        store._backend.discard_backup(backup)
        raise
    discard(store)  # the index and its snapshot hold the erased words: rebuilt from the file
    return {"erased": len(ids), "backup": backup, "dry_run": False}
