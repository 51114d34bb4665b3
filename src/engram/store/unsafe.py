"""What the fact store refuses to keep, and what it withholds from an agent.

One rule on both sides, with the verdict of `engram.safety.scan`: a text that holds a secret or
a prompt injection is never stored (an item is rejected, a call-level argument is an error that
names the field), and a stored text found unsafe later — written by an older version, or caught
by a newer scanner — is withheld wherever facts or entities are shown: the digest, MCP results,
the CLI's listings. Reasons name the kind of problem and the line, never the text itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from engram.errors import EngramError
from engram.store.model import KINDS, SCOPES, STATUSES

if TYPE_CHECKING:
    from engram.graph.entities import Node
    from engram.graph.entities import Path as GraphPath
    from engram.store.model import Fact
    from engram.store.store import MemoryStore

REVIEW = "engram memory list --unsafe"  # where a user finds what was withheld


def text_reason(text: str) -> str:
    """`unsafe_reason` of one text, remembered (`scan.remembered_reason`): the digest and the
    MCP server see the same facts again and again."""
    from engram.safety.scan import remembered_reason

    return remembered_reason(text)


def texts_of(value: Any) -> Iterator[str]:
    """Every text of a JSON-like value, at any depth: keys, string values and, for a value
    under a key, the pair as `key: value` (so `{"password": "…"}` reads as an assignment)."""
    stack = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, str):
            yield current
        elif isinstance(current, dict):
            for key, item in current.items():
                yield str(key)
                if isinstance(item, str):
                    yield f"{key}: {item}"
                stack.append(item)
        elif isinstance(current, list | tuple):
            stack.extend(current)


def reason_of(texts: Iterable[str]) -> str:
    """The reason of the first unsafe text ('' when all are safe)."""
    for text in texts:
        reason = text_reason(text)
        if reason:
            return reason
    return ""


def refuse(field: str, texts: str | Iterable[str]) -> None:
    """An EngramError naming `field` if any of its texts is unsafe (the text is not echoed)."""
    reason = reason_of([texts] if isinstance(texts, str) else texts)
    if reason:
        raise EngramError(
            f"{field} refused: {reason}",
            hint=f"remove it from the {field}: secrets and instructions to agents are never stored",
        )


def item_reason(where: str, texts: Iterable[str]) -> str:
    """An absorb rejection for one field of an item: 'secret in metadata: AWS access key
    (line 1); …' or 'prompt injection in content: instruction override (line 1); …'."""
    reason = reason_of(texts)
    if not reason:
        return ""
    kind, _, detail = reason.partition(": ")
    why = "secrets" if kind == "secret" else "instructions to agents"
    return f"{kind} in {where}: {detail}; {why} are never stored"


# The ids the store gives facts (`engram.store.normalize.new_id`): any other was written past
# the store, and may be anything at all.
_FACT_ID = re.compile(r"f_[0-9a-f]{12}_[0-9a-f]{8}")


def well_formed_id(value: Any) -> bool:
    """Whether `value` is a fact id the store could have given."""
    return isinstance(value, str) and _FACT_ID.fullmatch(value) is not None


def _moment(value: Any) -> bool:
    try:
        return isinstance(value, str) and datetime.fromisoformat(value) is not None
    except ValueError:
        return False


def malformed_reason(fact: Fact) -> str:
    """Why a stored fact is not one the store writes ('' when it is): its id, times, status,
    scope or kind are not of their form, or a text is not text (SQLite keeps a BLOB in any
    column, and a BLOB is never scanned). The columns the scanners do not read are shown with
    every fact, so only their form lets them through; the reason never echoes the value."""
    if not well_formed_id(fact.id):
        return "malformed fact: its id is not a fact id"
    times = {"created_at": fact.created_at, "valid_from": fact.valid_from}
    times |= {"valid_to": fact.valid_to} if fact.valid_to is not None else {}
    for name, value in times.items():
        if not _moment(value):
            return f"malformed fact: its {name} is not an ISO 8601 time"
    known = [("status", fact.status, STATUSES), ("scope", fact.scope, SCOPES),
             ("kind", fact.kind, KINDS)]  # fmt: skip
    for name, value, values in known:
        if not isinstance(value, str) or value not in values:
            return f"malformed fact: its {name} is none the store knows"
    texts = [fact.content, fact.scope_key, fact.source or ""]
    texts += [d.get(k) or "" for d in fact.duplicates for k in ("at", "content", "source")]
    if not all(isinstance(text, str) for text in texts):
        return "malformed fact: a text of it is not text"
    numbers = (fact.confidence, fact.importance)
    if not all(isinstance(n, int | float) and not isinstance(n, bool) for n in numbers):
        return "malformed fact: its confidence or importance is not a number"
    return ""


def fact_reason(fact: Fact) -> str:
    """Why a stored fact must not be shown to an agent ('' when it may be): its form
    (`malformed_reason`), then its text, then every field shown with it — source, key, tags,
    metadata and what its repeats brought. A fact whose sealed verdict still holds
    (`verdict_seal`) is not scanned again; its form is checked all the same, since the seal
    covers only the texts."""
    malformed = malformed_reason(fact)
    if malformed:
        return malformed
    if sealed(fact):
        return ""
    content, *rest = _shown_texts(fact)
    reason = text_reason(content) or reason_of(texts_of(rest))
    _found_unsealed(reason)
    return reason


def content_reason(fact: Fact) -> str:
    """Why a fact's text must not be shown (for outputs that print only the text, with the
    fact's id and figures): its form (`malformed_reason`), then its text (unless sealed)."""
    malformed = malformed_reason(fact)
    if malformed or sealed(fact):
        return malformed
    reason = text_reason(fact.content)
    if not reason:  # counted only if `reseal` would seal it: its other texts are safe too
        _found_unsealed(reason_of(texts_of(_shown_texts(fact)[1:])))
    return reason


# How many facts this process scanned and found safe that a seal would have spared (sealed by an
# older scanner or Python, or before seals): `memory rebuild` (or `MemoryStore.reseal`) would
# seal them. A session start reseals in the background when its digest found any.
_unsealed_safe = 0


def _found_unsealed(reason: str) -> None:
    global _unsealed_safe
    if not reason:
        _unsealed_safe += 1


def unsealed_safe_seen() -> int:
    """How many safe facts this process had to scan for want of a seal that holds."""
    return _unsealed_safe


def _shown_texts(fact: Fact) -> list[Any]:
    """Every text of a fact the scanners read before it is shown (the content first): the one
    list both `fact_reason` scans and `verdict_seal` seals, so neither can cover less."""
    texts: list[Any] = [fact.content, fact.source or "", fact.scope_key, fact.tags, fact.metadata]
    return [*texts, fact.duplicates] if fact.duplicates else texts


# Told apart from every other hash made with the same key (the memory-file index's seals).
SEAL_TAG = "engram-verdict-1"


def verdict_seal(fact: Fact) -> str:
    """The seal of a safe verdict on a fact: a keyed hash (`engram.safety.witness`) of every
    text `fact_reason` scans, the scanner's version and Python's (whose Unicode data the
    normalisation reads), under this user's key. A stored seal that this reproduces says the
    scanners passed exactly these texts here, so showing the fact needs no scan (loading the
    scanners costs a short command a fifth of its work). Any change to a text, a newer scanner
    or Python, or a store from another user's machine breaks it, and the fact is scanned as
    before: a seal can only spare a scan, never hide a finding. '' for a fact no seal can be
    made of (a value that is not JSON, as a tampered row may hold)."""
    import json
    import sys

    from engram.safety.scan import SCANNER_VERSION
    from engram.safety.witness import keyed_hash, local_key

    python = "{}.{}".format(*sys.version_info)  # its Unicode data is what the scanners read
    texts = [SEAL_TAG, SCANNER_VERSION, python, *_shown_texts(fact)]
    try:  # ASCII escapes: one text for one value, whatever it holds (a lone surrogate too)
        message = json.dumps(texts, ensure_ascii=True, sort_keys=True).encode("ascii")
    except (TypeError, ValueError, RecursionError):
        return ""
    return keyed_hash(local_key(), message)


def sealed(fact: Fact) -> bool:
    """Whether the fact's stored seal holds (see `verdict_seal`)."""
    return bool(fact.checked) and fact.checked == verdict_seal(fact)


def sealed_if_safe(fact: Fact) -> str:
    """`verdict_seal` of a fact the scanners find safe now (scanned here), '' otherwise."""
    if fact_reason(replace(fact, checked="")):
        return ""
    return verdict_seal(fact)


@dataclass
class Resealed:
    """What `reseal` did: facts read, seals made anew, and facts left unsealed because the
    scanners withhold them now; `kept` is False when no seal was written because this user's
    key lasts only as long as the process (`witness.key_lasts`)."""

    facts: int = 0
    sealed: int = 0
    unsafe: int = 0
    kept: bool = True


def reseal(
    store: MemoryStore, progress: Callable[[int, int], None] | None = None, batch: int = 500
) -> Resealed:
    """Seal again every fact whose seal no longer holds — written before seals existed, or
    sealed by an older scanner (a new `SCANNER_VERSION`) or Python — so showing it needs no
    scan again. Each such fact is scanned as it would be when shown: a safe one gets a new
    seal, an unsafe one stays unsealed (it is withheld wherever it would be shown, and
    `engram memory list --unsafe` lists it). Nothing else is changed. A seal is made with this
    user's key, so on a store several users share it spares a scan for the one who ran this;
    where the state folder cannot keep a key, no seal is written (it would hold for nothing)."""
    from engram.safety.witness import key_lasts

    done = Resealed(kept=key_lasts())
    ids = [fact_id for fact_id, _ in store._backend.ids_and_contents()]
    for start in range(0, len(ids), batch):
        facts = store._backend.get_facts(ids[start : start + batch])
        fresh: list[tuple[str, str]] = []
        for fact in facts.values():
            if not malformed_reason(fact) and sealed(fact):
                continue  # its seal holds
            seal = sealed_if_safe(fact)  # '' for a fact withheld now: malformed or unsafe
            if not seal:
                done.unsafe += 1
            elif done.kept:
                fresh.append((fact.id, seal))
        if fresh:
            with store._write():
                for fact_id, seal in fresh:
                    store._backend.set_checked(fact_id, seal)
        done.facts += len(facts)
        done.sealed += len(fresh)
        if progress:
            progress(done.facts, len(ids))
    return done


def split_facts(facts: Iterable[Fact]) -> tuple[list[Fact], list[dict[str, Any]]]:
    """The facts that may be shown, and an entry (`withheld_entry`) for each that may not."""
    shown: list[Fact] = []
    withheld: list[dict[str, Any]] = []
    for fact in facts:
        reason = fact_reason(fact)
        if reason:
            withheld.append(withheld_entry(fact, reason))
        else:
            shown.append(fact)
    return shown, withheld


def withheld_entry(fact: Fact, reason: str) -> dict[str, Any]:
    """What may be said of a withheld fact: where it is and why, never its text. A field not of
    its form (a row written past the store) is None, so nothing planted in it is shown."""
    key = fact.scope_key if isinstance(fact.scope_key, str) else None
    return {
        "id": fact.id if well_formed_id(fact.id) else None,
        "scope": fact.scope if isinstance(fact.scope, str) and fact.scope in SCOPES else None,
        "scope_key": key if key is not None and not text_reason(key) else None,
        "status": fact.status if isinstance(fact.status, str) and fact.status in STATUSES else None,
        "created_at": fact.created_at if _moment(fact.created_at) else None,
        "reason": reason,
    }


def safe_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A change-log entry (`MemoryStore.history`) as it may be shown: its detail withheld with
    the reason when it holds a secret or an injection, its time and kind masked when they do
    (an older or tampered store wrote them unscanned)."""
    reason = reason_of(texts_of(entry["detail"]))
    shown = {**entry, "detail": {"withheld": reason}} if reason else dict(entry)
    for field in ("at", "kind"):
        shown[field] = _masked(shown[field])
    return shown


def safe_edge(edge: tuple[str, str, str]) -> tuple[str, str, str]:
    """A link between facts (source, relation, target) as it may be shown: a part that holds
    a secret or an injection is masked."""
    source, relation, target = edge
    return _masked(source), _masked(relation), _masked(target)


def _masked(value: Any, label: str = "[unsafe]") -> Any:
    return label if not isinstance(value, str) or text_reason(value) else value


def node_reason(node: Node) -> str:
    """Why an entity must not be shown: its name, aliases or attributes."""
    return reason_of(texts_of([node.name, node.aliases, node.attrs]))


def split_nodes(nodes: Iterable[Node]) -> tuple[list[Node], list[dict[str, Any]]]:
    """The entities that may be shown, and `{"id", "type", "reason"}` for each that may not."""
    shown: list[Node] = []
    withheld: list[dict[str, Any]] = []
    for node in nodes:
        reason = node_reason(node)
        if reason:
            withheld.append({"id": node.id, "type": node.type, "reason": reason})
        else:
            shown.append(node)
    return shown, withheld


def split_paths(paths: Sequence[GraphPath]) -> tuple[list[GraphPath], int]:
    """The graph paths that may be shown, and how many were withheld (one of their entities
    is unsafe)."""
    shown = [path for path in paths if not any(node_reason(n) for n in path.nodes)]
    return shown, len(paths) - len(shown)


def withheld_note(count: int, what: str = "fact") -> str:
    """The line that says how many were left out and how to review them ('' for none)."""
    if not count:
        return ""
    plural = what if count == 1 else what + "s"
    review = REVIEW if what == "fact" else "engram memory graph list"
    return f"{count} {plural} withheld as unsafe; review with `{review}`"


def unsafe_facts(
    store: MemoryStore,
    *,
    scope: str | None = None,
    scope_key: str | None = None,
    tags: list[str] | None = None,
    status: str | None = "active",
    limit: int = 50,
) -> list[tuple[Fact, str]]:
    """Stored facts that would be withheld, newest first, with the reason of each: every
    matching fact is scanned, a page at a time, until `limit` are found."""
    found: list[tuple[Fact, str]] = []
    page, offset = 500, 0
    while len(found) < limit:
        facts = store.list(
            scope=scope, scope_key=scope_key, tags=tags, status=status, limit=page, offset=offset
        )
        for fact in facts:
            reason = fact_reason(fact)
            if reason:
                found.append((fact, reason))
        if len(facts) < page:
            break
        offset += page
    return found[:limit]
