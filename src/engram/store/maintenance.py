"""Maintenance that never destroys anything (SPEC B11): distill, gc, restore.

Both distill and gc first compute a plan — a list of actions with their reasons — and the real
run applies exactly that plan, so `--dry-run` shows what will happen. Every change is an event;
archived facts keep their rows and come back with `restore`.

- **distill** turns recurring run-scope facts into durable knowledge. Active run facts are
  clustered: a fact joins a cluster when it shares at least 40 % of its terms with the
  cluster's first fact and absorb's classifier reads the two as one statement (a duplicate),
  so "Alice lives in Paris" never joins "Bob lives in Paris", nor staging's database
  production's; a cluster of two or more facts, or a single fact that agents boosted,
  is promoted: its most informative statement (most distinct terms, then highest confidence)
  is absorbed into the `agent` scope through the normal pipeline — so secrets are rejected and
  duplicates merge — linked to every source with a `distilled_from` edge, and the run facts are
  archived.
- **gc** archives what has expired or gone stale, computing every age from timestamps at the
  moment it runs (nothing compounds between runs): run facts older than `RUN_TTL_DAYS`; facts
  past an `expires_at` in their metadata; and low-value facts (importance ≤ 1, confidence
  < 0.5) untouched for `STALE_DAYS`. Durable facts — pinned, tagged `durable`, boosted or
  with confidence ≥ 0.8 — stay. Large finished run groups are compacted: their facts are
  archived behind one searchable summary fact that links to each of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from engram.errors import EngramError
from engram.store.db import days_of, now_iso
from engram.store.inputs import readable_argument

if TYPE_CHECKING:
    from engram.store.model import Fact
    from engram.store.store import MemoryStore

RUN_TTL_DAYS = 30
STALE_DAYS = 180
GROUP_LIMIT = 200  # a finished run with more active facts than this is compacted
GROUP_IDLE_DAYS = 7
CLUSTER_OVERLAP = 0.4
DURABLE_TAGS = frozenset({"durable", "pinned", "todo"})


@dataclass
class Action:
    kind: str  # promote | archive | compact
    fact_ids: list[str]
    reason: str
    content: str = ""  # the statement promoted or the summary written

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "fact_ids": self.fact_ids,
            "reason": self.reason,
            "content": self.content,
        }


@dataclass
class Plan:
    name: str
    actions: list[Action] = field(default_factory=list)
    applied: bool = False
    results: list[str] = field(default_factory=list)  # ids written when applied

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "applied": self.applied,
            "results": self.results,
            "actions": [a.to_json() for a in self.actions],
        }


def _active(
    store: MemoryStore,
    scope: str | None = None,
    scope_key: str | None = None,
    withheld: set[str] | None = None,
) -> list[Fact]:
    """Active facts (of a scope's facts, not events, and a key, when given), oldest first,
    with their index terms in the metadata's `_terms`; the ids of those withheld as unsafe (a
    secret or an injection an older version stored) are added to `withheld`, when given."""
    from engram.store.unsafe import fact_reason

    kind = None if scope is None else "fact"
    out = []
    for fact, terms in store._backend.active_with_terms(scope, kind, scope_key):
        if withheld is not None and fact_reason(fact):  # before `_terms`: it breaks the seal
            withheld.add(fact.id)
        fact.metadata = {**fact.metadata, "_terms": terms}
        out.append(fact)
    return out


def _terms(fact: Fact) -> set[str]:
    return set(fact.metadata.get("_terms", []))


def _one_statement(fact: Fact, head: Fact, shared: float) -> bool:
    """Whether absorb's classifier reads the two facts as one statement: the same fact
    recurring in two runs, not another subject, id or environment told in the same words."""
    from engram.store.classify import compare
    from engram.store.parse import parse

    return compare(parse(fact.content), parse(head.content), shared).outcome == "duplicate"


def _pinned(store: MemoryStore) -> set[str]:
    return set(store._backend.pinned())


# -- distill -------------------------------------------------------------------------------
def plan_distill(store: MemoryStore, scope_key: str | None = None) -> Plan:
    readable_argument("scope key", scope_key)
    # a withheld fact is never promoted, and its text would show in the plan
    withheld: set[str] = set()
    facts = [f for f in _active(store, "run", scope_key, withheld) if f.id not in withheld]
    clusters: list[list[Fact]] = []
    for fact in facts:
        terms = _terms(fact)
        for cluster in clusters:
            head = _terms(cluster[0])
            shared = len(terms & head) / len(terms | head) if terms else 0.0
            if shared >= CLUSTER_OVERLAP and _one_statement(fact, cluster[0], shared):
                cluster.append(fact)
                break
        else:
            clusters.append([fact])
    plan = Plan("distill")
    for cluster in clusters:
        boosted = any(f.importance > 1 for f in cluster)
        if len(cluster) < 2 and not boosted:
            continue
        best = max(cluster, key=lambda f: (len(_terms(f)), f.confidence, f.id))
        why = f"recurs in {len(cluster)} run facts" if len(cluster) > 1 else "boosted by agents"
        plan.actions.append(Action("promote", [f.id for f in cluster], why, best.content))
    return plan


def apply_distill(store: MemoryStore, plan: Plan) -> Plan:
    for action in plan.actions:
        sources = store._backend.get_facts(action.fact_ids)
        tags = sorted({t for f in sources.values() for t in f.tags} | {"distilled"})
        [outcome] = store.absorb(
            [
                {
                    "content": action.content,
                    "tags": tags,
                    "confidence": max(f.confidence for f in sources.values()),
                    "metadata": {"distilled_from": action.fact_ids},
                }
            ],
            scope="agent",
            source="distill",
        )
        if outcome.outcome == "rejected" or outcome.id is None:
            continue  # a secret or an invalid statement is never promoted
        with store._write():
            at = now_iso()
            for fact_id in action.fact_ids:
                if _archive(store, fact_id, at, f"distilled into {outcome.id}"):
                    store._backend.add_edge(outcome.id, "distilled_from", fact_id, at)
            store._backend.log_event(at, "distill", outcome.id, sources=action.fact_ids)
        plan.results.append(outcome.id)
    plan.applied = True
    store._fold()
    return plan


# -- gc ------------------------------------------------------------------------------------
def plan_gc(store: MemoryStore, now: datetime | None = None) -> Plan:
    today = (now or datetime.now(UTC)).timestamp() / 86400.0
    pinned = _pinned(store)
    plan = Plan("gc")
    groups: dict[str, list[Fact]] = {}
    withheld: set[str] = set()
    for fact in _active(store, withheld=withheld):
        age = today - days_of(fact.valid_from)
        durable = (
            fact.id in pinned
            or DURABLE_TAGS & set(fact.tags)
            or fact.importance > 1
            or fact.confidence >= 0.8
        )
        expires = fact.metadata.get("expires_at")
        if isinstance(expires, str) and _before(expires, today):
            plan.actions.append(Action("archive", [fact.id], f"expired on {expires[:10]}"))
        elif fact.scope == "run" and age > RUN_TTL_DAYS and fact.id not in pinned:
            plan.actions.append(
                Action("archive", [fact.id], f"run fact older than {RUN_TTL_DAYS} days")
            )
        elif not durable and age > STALE_DAYS and _idle(store, fact.id, today) > STALE_DAYS:
            plan.actions.append(
                Action("archive", [fact.id], f"low value and unused for {STALE_DAYS} days")
            )
        elif fact.scope == "run":
            groups.setdefault(fact.scope_key, []).append(fact)
    for key, facts in sorted(groups.items()):
        newest = max(days_of(f.created_at) for f in facts)
        if len(facts) > GROUP_LIMIT and today - newest > GROUP_IDLE_DAYS:
            plan.actions.append(
                Action(
                    "compact",
                    [f.id for f in facts],
                    f"run {key!r} finished with {len(facts)} facts",
                    # a withheld fact is compacted too, but its words stay out of the summary
                    _summary(key, facts, [f for f in facts if f.id not in withheld]),
                )
            )
    return plan


def _before(iso: str, today: float) -> bool:
    """Whether an `expires_at` is before `today` (days since the epoch). A moment without a
    zone is UTC; one that is no ISO date (`never`, a typo) never expires: `days_of` reads it
    as the epoch, which would archive the fact at once."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return False
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp() / 86400.0 < today


def _idle(store: MemoryStore, fact_id: str, today: float) -> float:
    """Days since the fact was last absorbed, seen again, boosted or linked."""
    last = store._backend.last_event_at(fact_id)
    return today - days_of(last) if last else float("inf")


def _summary(key: str, facts: list[Fact], shown: list[Fact]) -> str:
    """A searchable summary: the run, its size and the most frequent terms of its `shown`
    facts."""
    from collections import Counter

    counts = Counter(t for f in shown for t in set(_terms(f)))
    common = ", ".join(term for term, _ in counts.most_common(25))
    text = f"Summary of run {key or '(no key)'}: {len(facts)} facts, about {common}."
    return text[:497] + "…" if len(text) > 500 else text


def apply_gc(store: MemoryStore, plan: Plan) -> Plan:
    for action in plan.actions:
        with store._write():
            at = now_iso()
            if action.kind == "archive":
                _archive(store, action.fact_ids[0], at, action.reason)
                continue
            first = store._backend.get_facts(action.fact_ids[:1])[action.fact_ids[0]]
            from engram.store.inputs import prepare
            from engram.store.model import Batch
            from engram.store.normalize import new_id

            item = prepare(
                {
                    "content": action.content,
                    "tags": ["summary"],
                    "metadata": {"summarizes": len(action.fact_ids)},
                },
                (),
                None,
            )
            if item.outcome is not None:
                continue
            store._embed_items([item])
            summary_id = new_id()
            store._apply(
                summary_id, item, "new", None, Batch("run", first.scope_key, "fact", "gc", at, True)
            )
            for fact_id in action.fact_ids:
                if _archive(store, fact_id, at, f"compacted into {summary_id}"):
                    store._backend.add_edge(summary_id, "summarizes", fact_id, at)
            plan.results.append(summary_id)
        store._fold()
    with store._write():
        store._backend.log_event(now_iso(), "gc", None, actions=len(plan.actions))
    plan.applied = True
    store._fold()
    return plan


def _archive(store: MemoryStore, fact_id: str, at: str, reason: str) -> bool:
    """Archive a fact that is still active (under the write lock); False when it changed since
    the plan was made (deleted, superseded, archived by another run): archiving a deleted fact
    would let `restore` bring it back."""
    if not store._backend.swap_status(fact_id, "active", "archived"):
        return False
    store._backend.log_event(at, "archived", fact_id, reason=reason)
    return True


def restore(store: MemoryStore, fact_id: str) -> list[str]:
    """Bring an archived fact back (a summary brings back the facts it compacted, a distilled
    fact its run facts), or a deleted one (to the status it had: an undo of `delete` and
    `delete_all`); returns the ids brought back."""
    fact = store._stored(fact_id)
    if fact is None:
        raise EngramError(f"no fact with id {fact_id!r}")
    if fact.status == "deleted":
        return [_undelete(store, fact)]
    targets = [fact_id] if fact.status == "archived" else []
    for src, relation, dst in store._backend.edges_of(fact_id):
        if src == fact_id and relation in ("summarizes", "distilled_from"):
            targets.append(dst)
    restored = []
    with store._write():
        at = now_iso()
        wanted = list(dict.fromkeys(targets))
        found = store._backend.get_facts(wanted)
        archived = [found[t] for t in wanted if t in found and found[t].status == "archived"]
        for current in archived:  # all checked first: a restore is whole or nothing
            _refuse_repeat(store, current, "it was archived")
        for current in archived:
            store._backend.set_status(current.id, "active")
            store._backend.log_event(at, "restored", current.id, by=fact_id)
            restored.append(current.id)
    if not restored and fact.status != "archived":
        raise EngramError(
            f"fact {fact_id} is {fact.status}, not archived",
            hint="restore takes an archived fact, a summary or a distilled fact",
        )
    store._fold()
    return restored


def _undelete(store: MemoryStore, fact: Fact) -> str:
    """Give a deleted fact back the status it had when it was deleted (a delete changes only
    the status, so nothing else needs undoing); an erased one has no text to come back with."""
    was: object = "active"
    for entry in store.history(fact.id):
        if entry["kind"] == "erased":
            raise EngramError(
                f"fact {fact.id} was erased: its text is gone for good",
                hint="absorb the text again if you still have it",
            )
        if entry["kind"] == "deleted":
            detail = entry["detail"]
            was = detail.get("was") if isinstance(detail, dict) else None
    if was not in ("active", "archived"):  # only a current version is ever deleted
        was = "active"
    with store._write():
        if was == "active":
            _refuse_repeat(store, fact, "the delete")
        if not store._backend.swap_status(fact.id, "deleted", str(was)):
            raise EngramError(f"fact {fact.id} changed meanwhile", hint="read it again and retry")
        store._backend.log_event(now_iso(), "restored", fact.id, was="deleted", to=str(was))
    store._fold()
    return fact.id


def _refuse_repeat(store: MemoryStore, fact: Fact, since: str) -> None:
    """Refuse to make a deleted or archived fact active beside an active one of its scope and
    key that says the same (its text absorbed again `since`): absorb never keeps two."""
    repeats = store._backend.find_repeats(
        fact.scope, fact.scope_key, [(fact.content_hash, fact.content)], fact.kind
    )
    if fact.kind == "event":  # an event repeats one only at the same time
        repeats = {k: v for k, v in repeats.items() if k.startswith(f"event:{fact.valid_from}:")}
    if repeats:
        copy = next(iter(repeats.values()))
        raise EngramError(
            f"fact {fact.id} says what active fact {copy} says: it was absorbed again after "
            f"{since}",
            hint=f"keep {copy}, or delete it first to bring {fact.id} back",
        )


def close_todo(store: MemoryStore, fact_id: str) -> Fact:
    """Close a TODO with a new version tagged `done` (the old one is superseded, not edited)."""
    from engram.store.inputs import prepare
    from engram.store.model import Batch
    from engram.store.normalize import new_id

    todo = store._stored(fact_id)
    if todo is None or "todo" not in todo.tags:
        raise EngramError(
            f"{fact_id!r} is not a TODO", hint="list them with `engram memory todo list`"
        )
    if todo.status != "active":
        raise EngramError(f"TODO {fact_id} is already {todo.status}")
    tags = [t for t in todo.tags if t != "todo"] + ["done"]
    content = f"Done: {todo.content}"
    if len(content) > 500:
        content = content[:499] + "…"
    item = prepare(
        {
            "content": content,
            "tags": tags,
            "confidence": todo.confidence,
            "metadata": {**todo.metadata, "closes": fact_id},
        },
        (),
        None,
    )
    if item.outcome is not None:
        raise EngramError(f"cannot close TODO {fact_id}: {item.outcome.reason}")
    store._embed_items([item])
    done_id = new_id()
    with store._write():
        batch = Batch(todo.scope, todo.scope_key, "fact", "todo", now_iso(), True)
        store._apply(done_id, item, "supersede", fact_id, batch)
    store._fold()
    return store._backend.get_facts([done_id])[done_id]
