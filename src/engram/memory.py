"""`engram.Memory`: the fact store behind the method names and result shapes mem0 users know.

    >>> from engram import Memory
    >>> m = Memory("memory.db")                                   # doctest: +SKIP
    >>> m.add("I'm Alex. I love basketball.", user_id="alex")      # doctest: +SKIP
    {'results': [{'id': '…', 'memory': "I'm Alex.", 'event': 'ADD'}, …]}
    >>> m.search("what does Alex like?", user_id="alex")           # doctest: +SKIP

How it maps onto `MemoryStore` (`engram docs mem0` has the full table):

- **Ids.** A memory may carry a `user_id`, an `agent_id` and a `run_id` at once. Each is kept as
  a tag (`user_id:alex`), so a read that names some ids finds every memory carrying all of them.
  A memory is stored in the scope of its narrowest id (run, then agent, then user) under a key
  made of all its ids: absorb compares a new fact only with facts that carry exactly the same
  ids, so one user's facts never replace another's.
- **A memory's id is stable.** The store keeps every version of a fact under its own id; the
  id this class reports is the first version's, and `get`, `update`, `delete` and `history`
  follow it to the version that is current, as mem0 keeps one id across updates.
- **Events.** `add` absorbs: a new or related fact is `ADD`, a new value of a stored fact is
  `UPDATE` (of that memory's id), a repeat is `NONE`. A contradiction is stored beside the
  fact it contradicts (`ADD`, with `contradicts`). An input the store refuses — a secret, a
  prompt injection, too short — is `NONE` with the `reason` and no text.
- **`infer`.** With `infer=True` (the default) the user's messages are split into sentences and
  each statement is absorbed as a fact (questions and the assistant's turns are not facts
  about the user); with `infer=False` every message is stored as given, as an event that is
  never merged.
- **Filters** match metadata and the ids: a value means equality; `{"eq"|"ne"|"gt"|"gte"|"lt"|
  "lte": v}`, `{"in"|"nin": [..]}`, `{"contains"|"icontains": "text"}` and `"*"` (the field
  exists) compare; `{"AND": [..]}`, `{"OR": [..]}`, `{"NOT": [..]}` combine. Numbers compare as
  numbers, ISO dates as dates. `created_at` and `updated_at` may be filtered too.
- **`reset`** erases every fact after writing a backup of the database, as `engram memory nuke`
  does.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engram.errors import EngramError

if TYPE_CHECKING:
    from engram.store.model import Fact, Outcome
    from engram.store.store import MemoryStore

IDS = ("user_id", "agent_id", "run_id")
SCOPE_OF = {"run_id": "run", "agent_id": "agent", "user_id": "user"}  # narrowest first
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+")
_ORDER = {"gt": operator.gt, "gte": operator.ge, "lt": operator.lt, "lte": operator.le}
_OPERATORS = frozenset({"eq", "ne", "gt", "gte", "lt", "lte", "in", "nin", "contains", "icontains"})


class Memory:
    """A mem0-compatible view of one fact store. `path=None` opens the configured store (as the
    CLI finds it: `$ENGRAM_DB`, the config's `memory.db`, the per-user default)."""

    def __init__(self, path: str | Path | None = None, *, store: MemoryStore | None = None) -> None:
        from engram.store.store import MemoryStore

        self.store = store if store is not None else MemoryStore.open(path)

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------
    def add(
        self,
        messages: str | Mapping[str, Any] | Sequence[str | Mapping[str, Any]],
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        infer: bool = True,
    ) -> dict[str, list[dict[str, Any]]]:
        """Remember what the messages say. `messages` is a text, one `{"role", "content"}`
        message or a list of them; at least one id is required. Returns `{"results": [{"id",
        "memory", "event"}]}` with one entry per fact or message."""
        ids = _ids(user_id, agent_id, run_id, required="add")
        if metadata is not None and not isinstance(metadata, dict):
            raise EngramError(f"metadata must be a dict, got {type(metadata).__name__}")
        texts = _statements(messages) if infer else _events(messages)
        if not texts:
            return {"results": []}
        scope, key = _placement(ids)
        outcomes = self.store.absorb(
            texts,
            scope=scope,
            scope_key=key,
            tags=_id_tags(ids),
            metadata=metadata,
            kind="fact" if infer else "event",
        )
        return {"results": [self._event(o) for o in outcomes]}

    def update(self, memory_id: str, data: str) -> dict[str, str]:
        """Give a memory new text (a new version; the old one stays in its history)."""
        self.store.update(self._current(memory_id).id, data)
        return {"message": "Memory updated successfully!"}

    def delete(self, memory_id: str) -> dict[str, str]:
        """Delete a memory: gone from search, `get` and `get_all`, kept in its history."""
        self.store.delete(self._current(memory_id).id)
        return {"message": "Memory deleted successfully!"}

    def delete_all(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
    ) -> dict[str, str]:
        """Delete every memory carrying all the given ids (at least one is required)."""
        ids = _ids(user_id, agent_id, run_id, required="delete_all")
        for fact in self._all(ids, None, limit=None):
            self.store.delete(fact.id)
        return {"message": "Memories deleted successfully!"}

    def reset(self) -> dict[str, Any]:
        """Erase every memory of the store, after writing a backup of the whole file (its path
        is returned as `backup`)."""
        backup = None
        for scope in SCOPE_OF.values():
            done = self.store.nuke(scope, all_keys=True, confirm=True)
            backup = backup or done["backup"]
        return {"message": "Memory store reset successfully!", "backup": backup}

    # -- reading -------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 10,
        filters: Mapping[str, Any] | None = None,
        threshold: float | None = None,
        group_by: str | None = None,
    ) -> dict[str, list[dict[str, Any]]]:
        """The memories that best answer `query` among those carrying all the given ids and
        matching `filters`, best first: `{"results": [{"id", "memory", "score", "metadata",
        "created_at", "updated_at", "user_id", …}]}`. `group_by` names a metadata key (e.g.
        "session_id"): one memory per value of it, the best, scored for its group as
        `MemoryStore.search` scores it; the filters and `threshold` apply to that memory."""
        ids, rest = _split_filters(filters, user_id, agent_id, run_id)
        _check_limit(limit)
        if group_by is not None and not isinstance(group_by, str):
            raise EngramError(f"group_by must be a metadata key, got {type(group_by).__name__}")
        wanted, results = max(limit * 4, 20), []
        while True:
            hits = self.store.search(
                query, top_k=wanted, tags=_id_tags(ids) or None, group_by=group_by
            )
            results = [h for h in hits if _matches(self._fields(h.fact), rest)]
            if threshold is not None:
                results = [h for h in results if h.score >= threshold]
            if len(results) >= limit or len(hits) < wanted:
                break
            wanted *= 4  # a narrow filter: look further down the ranking
        return {"results": [{**self._record(h.fact), "score": h.score} for h in results[:limit]]}

    def get(self, memory_id: str) -> dict[str, Any] | None:
        """One memory as it is now, or None if there is no such memory (or it was deleted)."""
        fact = self.store.get(memory_id, mode="active")
        return None if fact is None or isinstance(fact, list) else self._record(fact)

    def get_all(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 100,
        filters: Mapping[str, Any] | None = None,
    ) -> dict[str, list[dict[str, Any]]]:
        """Every memory carrying all the given ids and matching `filters`, newest first."""
        ids, rest = _split_filters(filters, user_id, agent_id, run_id)
        _check_limit(limit)
        return {"results": [self._record(f) for f in self._all(ids, rest, limit=limit)]}

    def history(self, memory_id: str) -> list[dict[str, Any]]:
        """How a memory changed, oldest first: `{"id", "memory_id", "old_memory", "new_memory",
        "event", "created_at", "updated_at", "is_deleted"}` per version (ADD, UPDATE, DELETE)."""
        chain = self.store.get(memory_id, mode="full_history")
        if not chain:
            raise _unknown(memory_id)
        assert isinstance(chain, list)
        root = chain[0].id
        out: list[dict[str, Any]] = []
        previous: str | None = None
        for fact in chain:
            event = "ADD" if previous is None else "UPDATE"
            out.append(_change(fact.id, root, previous, fact.content, event, fact.created_at))
            previous = fact.content
        last = chain[-1]
        if last.status == "deleted":
            deleted = self._deleted_at(last.id) or last.created_at
            out.append(_change(last.id, root, previous, None, "DELETE", deleted, deleted=True))
        return out

    # -- helpers -------------------------------------------------------------------------
    def _all(
        self, ids: dict[str, str], rest: Mapping[str, Any] | None, *, limit: int | None
    ) -> list[Fact]:
        """Active facts carrying all `ids` and matching `rest`, newest first, up to `limit`."""
        found: list[Fact] = []
        offset, page = 0, 500
        while limit is None or len(found) < limit:
            batch = self.store.list(tags=_id_tags(ids), limit=page, offset=offset)
            found += [f for f in batch if not rest or _matches(self._fields(f), rest)]
            if len(batch) < page:
                break
            offset += page
        return found if limit is None else found[:limit]

    def _current(self, memory_id: str) -> Fact:
        fact = self.store.get(memory_id, mode="active") if isinstance(memory_id, str) else None
        if fact is None or isinstance(fact, list):
            raise _unknown(memory_id)
        return fact

    def _first(self, fact: Fact) -> Fact:
        """A fact's first version: its id is the memory's id, its time the memory's."""
        chain = self.store.get(fact.id, mode="full_history")
        return chain[0] if isinstance(chain, list) and chain else fact

    def _root(self, fact_id: str) -> str:
        """The id of a fact's first version: the memory's id."""
        chain = self.store.get(fact_id, mode="full_history")
        return chain[0].id if isinstance(chain, list) and chain else fact_id

    def _record(self, fact: Fact) -> dict[str, Any]:
        first = self._first(fact)
        record: dict[str, Any] = {
            "id": first.id,
            "memory": fact.content,
            "hash": fact.content_hash,
            "metadata": fact.metadata,
            "created_at": first.created_at,
            "updated_at": fact.created_at if first.id != fact.id else None,
        }
        record.update(_ids_of(fact))
        return record

    def _fields(self, fact: Fact) -> dict[str, Any]:
        """What filters see: the metadata, the ids and the dates."""
        return {
            **fact.metadata,
            **_ids_of(fact),
            "created_at": fact.created_at,
            "updated_at": fact.created_at,
        }

    def _event(self, outcome: Outcome) -> dict[str, Any]:
        if outcome.outcome == "rejected":
            return {"id": None, "memory": "", "event": "NONE", "reason": outcome.reason}
        if outcome.outcome == "duplicate":
            fact_id = outcome.id or ""
            return {"id": self._root(fact_id), "memory": outcome.content, "event": "NONE"}
        fact_id = outcome.id or ""
        if outcome.outcome == "supersede" and outcome.related_ids:
            replaced = outcome.related_ids[0]
            chain = self.store.get(replaced, mode="full_history")
            entry: dict[str, Any] = {
                "id": self._root(fact_id),
                "memory": outcome.content,
                "event": "UPDATE",
            }
            for version in chain if isinstance(chain, list) else []:
                if version.id == replaced:
                    entry["previous_memory"] = version.content
            return entry
        added: dict[str, Any] = {"id": fact_id, "memory": outcome.content, "event": "ADD"}
        if outcome.outcome == "contradict" and outcome.related_ids:
            added["contradicts"] = [self._root(i) for i in outcome.related_ids]
        return added

    def _deleted_at(self, fact_id: str) -> str | None:
        for change in reversed(self.store.history(fact_id)):
            if change["kind"] == "deleted":
                return str(change["at"])
        return None


def _change(
    fact_id: str,
    root: str,
    old: str | None,
    new: str | None,
    event: str,
    at: str,
    *,
    deleted: bool = False,
) -> dict[str, Any]:
    return {
        "id": fact_id,
        "memory_id": root,
        "old_memory": old,
        "new_memory": new,
        "event": event,
        "created_at": at,
        "updated_at": at if event != "ADD" else None,
        "is_deleted": deleted,
    }


def _unknown(memory_id: object) -> EngramError:
    return EngramError(
        f"no memory with id {memory_id!r}",
        hint="use an id returned by add, search or get_all; a deleted memory is only in history",
    )


def _ids(
    user_id: str | None, agent_id: str | None, run_id: str | None, *, required: str = ""
) -> dict[str, str]:
    ids = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
    given: dict[str, str] = {}
    for name, value in ids.items():
        if value is None:
            continue
        if not isinstance(value, str) or not value.strip():
            raise EngramError(f"{name} must be a non-empty string, got {value!r}")
        given[name] = value
    if required and not given:
        raise EngramError(
            f"{required} needs at least one of user_id, agent_id or run_id",
            hint=f"e.g. {required}(..., user_id='alice')",
        )
    return given


def _split_filters(
    filters: Mapping[str, Any] | None,
    user_id: str | None,
    agent_id: str | None,
    run_id: str | None,
) -> tuple[dict[str, str], dict[str, Any]]:
    """The ids given as arguments or as plain values in `filters`, and the rest of the
    filters (ids compared with operators stay filters)."""
    ids = _ids(user_id, agent_id, run_id)
    if filters is None:
        return ids, {}
    if not isinstance(filters, Mapping):
        raise EngramError(f"filters must be a dict, got {type(filters).__name__}")
    rest: dict[str, Any] = {}
    for name, value in filters.items():
        if name in IDS and isinstance(value, str) and value != "*":
            if ids.get(name, value) != value:
                raise EngramError(f"{name} is given twice with different values")
            ids[name] = value
        else:
            rest[name] = value
    _check_filter(rest)
    return ids, rest


def _check_limit(limit: object) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise EngramError(f"limit must be a whole number of at least 1, got {limit!r}")


def _placement(ids: dict[str, str]) -> tuple[str, str]:
    """The scope of the narrowest id, and a key made of all of them."""
    narrowest = next(name for name in SCOPE_OF if name in ids)
    if len(ids) == 1:
        return SCOPE_OF[narrowest], ids[narrowest]
    return SCOPE_OF[narrowest], ",".join(f"{name}={ids[name]}" for name in IDS if name in ids)


def _id_tags(ids: Mapping[str, str]) -> list[str]:
    return [f"{name}:{value}" for name, value in ids.items()]


def _ids_of(fact: Fact) -> dict[str, str]:
    found = {}
    for tag in fact.tags:
        name, sep, value = tag.partition(":")
        if sep and name in IDS:
            found[name] = value
    return found


def _events(
    messages: str | Mapping[str, Any] | Sequence[str | Mapping[str, Any]],
) -> list[str | dict[str, Any]]:
    """Every message as an event to store; one that names its role keeps it in its metadata,
    which search weighs (`memory.assistant_weight`)."""
    return [
        text if role is None else {"content": text, "metadata": {"role": role}}
        for text, role in _contents(messages, everyone=True)
    ]


def _contents(
    messages: str | Mapping[str, Any] | Sequence[str | Mapping[str, Any]], *, everyone: bool
) -> list[tuple[str, str | None]]:
    """The texts of the messages with their roles (None where a message names none): all of
    them, or (not `everyone`) the user's when roles are given."""
    if isinstance(messages, str):
        return [(messages, None)] if messages.strip() else []
    if isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, Sequence):
        raise EngramError(
            f"messages must be a text or a list of messages, got {type(messages).__name__}"
        )
    texts: list[tuple[str, str | None]] = []
    roles = {m.get("role") for m in messages if isinstance(m, Mapping)}
    for n, message in enumerate(messages):
        if isinstance(message, str):
            texts.append((message, None))
            continue
        if not isinstance(message, Mapping) or not isinstance(message.get("content"), str):
            raise EngramError(
                f"message {n + 1} must be a text or a dict with a text 'content'",
                hint='e.g. {"role": "user", "content": "I live in Lisbon"}',
            )
        if everyone or "user" not in roles or message.get("role") == "user":
            role = message.get("role")
            texts.append((message["content"], role if isinstance(role, str) else None))
    return [(text, role) for text, role in texts if text.strip()]


def _statements(
    messages: str | Mapping[str, Any] | Sequence[str | Mapping[str, Any]],
) -> list[str]:
    """What the user stated, one sentence a fact: questions are asked, not known."""
    out: list[str] = []
    for text, _role in _contents(messages, everyone=False):
        for line in text.splitlines():
            out += [s for s in _SENTENCE.split(line.strip()) if s and not s.endswith(("?", "？"))]
    return out


# -- filters ------------------------------------------------------------------------------
def _check_filter(node: Mapping[str, Any]) -> None:
    """Raise on an unknown operator before anything is read."""
    for name, value in node.items():
        if name in ("AND", "OR", "NOT"):
            items = value if isinstance(value, list) else [value]
            for item in items:
                if not isinstance(item, Mapping):
                    raise EngramError(f"{name} takes a list of filters, got {item!r}")
                _check_filter(item)
        elif isinstance(value, Mapping):
            unknown = set(value) - _OPERATORS
            if unknown:
                raise EngramError(
                    f"unknown filter operator {sorted(unknown)[0]!r} for {name!r}",
                    hint="use eq, ne, gt, gte, lt, lte, in, nin, contains or icontains",
                )


def _matches(fields: Mapping[str, Any], node: Mapping[str, Any]) -> bool:
    for name, value in node.items():
        if name in ("AND", "OR", "NOT"):
            items = value if isinstance(value, list) else [value]
            results = [_matches(fields, item) for item in items]
            if name == "AND" and not all(results):
                return False
            if name == "OR" and not any(results):
                return False
            if name == "NOT" and any(results):
                return False
        elif not _field_matches(fields.get(name), name in fields, value):
            return False
    return True


def _field_matches(have: Any, present: bool, wanted: Any) -> bool:
    if wanted == "*":
        return present and have is not None
    if not isinstance(wanted, Mapping):
        return present and _equal(have, wanted)
    return all(_compare(have, present, op, arg) for op, arg in wanted.items())


def _compare(have: Any, present: bool, op: str, arg: Any) -> bool:
    if op == "ne":
        return not (present and _equal(have, arg))
    if op == "nin":
        return not (present and any(_equal(have, a) for a in _listed(arg)))
    if not present or have is None:
        return False
    if op == "eq":
        return _equal(have, arg)
    if op == "in":
        return any(_equal(have, a) for a in _listed(arg))
    if op in ("contains", "icontains"):
        if not isinstance(have, str | list):
            return False
        if op == "icontains":
            needle = str(arg).casefold()
            if isinstance(have, list):
                return any(needle in str(item).casefold() for item in have)
            return needle in have.casefold()
        return arg in have if isinstance(have, list) else str(arg) in have
    left, right = _ordered(have), _ordered(arg)
    if isinstance(left, float) and isinstance(right, float):
        return bool(_ORDER[op](left, right))
    if isinstance(left, datetime) and isinstance(right, datetime):
        return bool(_ORDER[op](left, right))
    return False  # a number and a date, or a text: no order


def _listed(arg: Any) -> Iterable[Any]:
    return arg if isinstance(arg, list | tuple | set) else [arg]


def _equal(have: Any, wanted: Any) -> bool:
    if isinstance(have, bool) or isinstance(wanted, bool):
        return have is wanted
    left, right = _ordered(have), _ordered(wanted)
    if left is not None and right is not None and type(left) is type(right):
        return left == right
    return bool(have == wanted)


def _ordered(value: Any) -> float | datetime | None:
    """A number, or an ISO date or datetime, in a form that compares; None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, datetime):
        return value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day)
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment
    return None
