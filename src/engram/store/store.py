"""`MemoryStore`: the public API of the fact store.

Write path (one transaction per batch): validate → scan secrets → consolidate the batch → hash
dedup → candidates in the same scope → classify → apply. Read path: hybrid search over an
in-memory index kept current from the change log.

Search score (documented in the README too):

    score = (0.7 · cosine + 0.3 · bm25 / best_bm25) · decay · importance_factor · confidence_factor

- cosine: query vector · fact vector, same embedding model only (clipped at 0);
- bm25 / best_bm25: BM25 divided by the best BM25 among the query's candidates, so the best
  lexical match scores 1 and a weaker one keeps its share (never min-max, which would zero the
  weakest);
- decay = max(0.5, 1 − 0.01 · age in days), from `valid_from`, computed at query time (it never
  compounds); a fact that contains a literal of the query (a name, number, id, URL or e-mail)
  is not decayed at all, and no decay ever filters a result out;
- importance_factor = 1 + 0.1 · min(importance − 1, 4) (boost raises importance by 0.5, up to
  5): ties and near-ties go to what agents found useful;
- confidence_factor = 0.9 + 0.1 · confidence;
- a fact whose metadata says `role` = "assistant" (a chat reply absorbed as an event) keeps
  `memory.assistant_weight` of its score (default 0.5): in a conversation what the user said is
  what is known about them, and an assistant's long replies would otherwise crowd it out;
- a query that names a stretch of time ("in the last two months", "la semana pasada", "в
  марте"; `engram.text.when`) keeps the score of facts that became true inside it and halves
  the others (`memory.time_words`): it ranks, it never filters. The words that name it are
  left out of both legs (BM25's terms and the query's vector): they say when, not what.
- an event (kind "event": a turn, a log line) gains CONTEXT_WEIGHT (0.5) of the better score of
  the events written just before and after it in its scope and key, or FAR_CONTEXT_WEIGHT
  (`memory.far_context_weight`, 0.25) of the better score of the events two places away when
  that is more, and such a neighbour that no leg found joins the results on that share alone
  (`ranking.in_context`); an assistant's reply keeps `memory.assistant_weight` of that share,
  as of its own score.
- a query term weighs by its idf raised by how much the facts holding it come in runs
  (`index.clustering`: a topic's word, not a filler word spread evenly) — by 0.4 of that in BM25,
  by all of it in the sparse query vector and a group's words (`SearchIndex.weight`). A
  database that searches itself (PostgreSQL) sees only its candidates, not where every fact
  holding a term lies, and weighs by idf alone.
- grouped (`group_by`), each group's best hit gains GROUP_SHARE (0.5) of what the group's
  second-best hit scores for itself (`ranking.best_per_group`) — a group of events (a session)
  also GROUP_SHARE of that share of its third's, and so on for GROUP_DEPTH (3) hits — and a
  group of facts (a document cut into pieces, not a session's events) GROUP_TERMS_WEIGHT (1)
  times the lexical legs' weight (BM25's, and the cosine's too when the embedder is sparse: its
  features are the same words) of its BM25 as one document over the best group's, each word's
  count saturating fast (GROUP_K1): the query's words spread over its pieces found (a title's
  in one, the body's in others) count for it.
- the query's vector is of the query without the asker's words of a request for advice
  (`ranking.topic_wording`), as BM25's terms are.
"""

from __future__ import annotations

import builtins
import gc
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from engram.embed.vectors import Sparse, Vector, similarity, to_bytes
from engram.errors import EngramError
from engram.store import rows
from engram.store.backend import Backend, FactFilter, Pending, SearchesInDatabase, SearchFilter
from engram.store.db import checked_day, days_of, iso_end, now_iso, rows_bound
from engram.store.dbsearch import Filters, can_search, legs
from engram.store.index import (
    KIND_CODES,
    SCOPE_CODES,
    STATUS_CODES,
    Live,
    Row,
    SearchIndex,
)
from engram.store.inputs import MAX_IMPORTANCE, Item, prepare, readable, readable_argument
from engram.store.model import (
    KINDS,
    READ_MODES,
    STATUSES,
    Batch,
    Fact,
    Hit,
    Outcome,
    checked_scope,
)
from engram.store.normalize import new_id
from engram.store.providers import chat_from_config, embedder_from_config
from engram.store.ranking import (
    ASSISTANT_WEIGHT,
    BM25_WEIGHT,
    CONVERSATION_KEYS,
    COSINE_WEIGHT,
    FAR_CONTEXT_WEIGHT,
    GROUP_POOL,
    GROUP_TERMS_WEIGHT,
    LITERAL,
    RRF_K,
    SPARSE_POOL,
    apart,
    best_per_group,
    confidence_factor,
    decay,
    importance_factor,
    in_context,
    latest_first,
    rank_shares,
    rerank,
    speaker_factor,
    stored_counts,
    top,
    topic_terms,
    topic_wording,
    window_factor,
)
from engram.store.unsafe import refuse, sealed_if_safe
from engram.text.tokenize import query_terms_of

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from engram.config import Config
    from engram.embed.base import Embedder
    from engram.graph.entities import EntityGraph
    from engram.llm import ChatModel
    from engram.store.classify import Verdict
    from engram.store.unsafe import Resealed

# The facts written last that a query naming only a stretch of time is answered from
WINDOW_SCAN = 5000
# A Russian query term, whose other case forms are always looked up (`_other_stems`)
_CYRILLIC_TERM = re.compile("[\u0400-\u04ff]")
CANDIDATES = 5  # lexical (and, for dense models, vector) candidates a new fact is compared with

CANDIDATE_MIN_COSINE = 0.3
# Terms (a fact's own and its probes, `probes.py`) the second lexical lookup of absorb may
# pool: as many as the pool's postings allow (POOL_POSTINGS), not the first lookup's four
# rarest, so that a word shared with the stored fact is not crowded out by rarer words of the
# new one or by the rare forms of its probes.
PROBE_RAREST = 32
PROBE_POOL = 300  # postings it may pool (the first lookup's are POOL_POSTINGS, 600)
PROBE_CANDIDATES = 3  # the facts it may add to the first lookup's
RAREST = 4  # the rarest terms of a fact the first lookup pools (`SearchIndex.top_matches`)
# A scope and key with at most this many facts is also searched among its own facts alone when
# the first two lookups left room (`_among_few`): a word most facts of the store say may be
# rare there, and the one word an update shares with what it updates ("The user is 34" / "The
# user is 35"). As many as the first lookup may pool postings (POOL_POSTINGS).
FEW_FACTS = 600

# Facts per transaction in `absorb_many`: a large input commits as it goes, and a failure (a
# full disk, a kill) loses at most one batch.
ABSORB_BATCH = 500
_RELATION = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


def _wanted_tags(tags: Sequence[str] | None) -> tuple[str, ...]:
    """The tags a read requires or absorb adds, checked: one tag may come as a string (a read
    required each of its characters instead, and nothing matched)."""
    if tags is None:
        return ()
    if isinstance(tags, str):
        return (tags,)
    if not isinstance(tags, Sequence) or not all(isinstance(tag, str) for tag in tags):
        raise EngramError(f"tags must be a list of strings, got {tags!r}")
    return tuple(tags)


def _repeat_key(item: Item, kind: str) -> str:
    """What makes an input a repeat: a fact's normalised text; an event's record
    (`rows.event_key`: its text, metadata and time)."""
    if kind == "fact":
        return item.digest
    return rows.event_key(item.content, item.metadata, item.valid_from)


def _probed(item: Item) -> list[str]:
    """The terms of absorb's second lookup: the item's own and its probes (`probes.py`)."""
    from engram.store.probes import probe_terms

    return [*item.terms, *probe_terms(item.content, item.terms)]


def _among_few(item: Item, index: SearchIndex, live: Live, found: list[int]) -> list[int]:
    """The third lookup, for a scope and key of at most FEW_FACTS facts, when the first two
    left room: its facts that share the most words rare among them alone
    (`SearchIndex.matches_among`), other than those `found`."""
    have = set(found)
    room = CANDIDATES - len(have)
    if room <= 0 or live.count > FEW_FACTS:
        return []
    matches = index.matches_among(item.terms, live, CANDIDATES + len(have))
    return [position for position in matches if position not in have][:room]


def _widens(terms: list[str], wider: list[str], frequency: Callable[[str], int]) -> bool:
    """The second lookup can find what the first could not: a probe is indexed. (Not for a
    fact with more indexed terms of its own than the first lookup's rarest four, though a
    common word it shares with a stored fact may then be left out: that ran the second lookup
    for most facts, and cost absorb about a tenth of its rate.)"""
    return any(frequency(term) for term in wider[len(terms) :])


def facts_of(hits: Sequence[Hit]) -> list[str]:
    return [hit.fact.id for hit in hits]


def _unquoting(verdict: Verdict, pairs: list[tuple[str, float]]) -> Verdict:
    """`verdict` with a reason that repeats no unsafe text. A reason may quote the stored fact
    it was compared with (the value a new one replaces, a model's words), and a fact stored
    before the scanners caught its kind of text is withheld wherever it is shown: an absorb's
    outcome, which the CLI prints and the MCP server gives the agent, is no exception."""
    from engram.store.unsafe import REVIEW, text_reason

    compared = pairs[verdict.candidate][0] if verdict.candidate is not None else ""
    if not (compared and text_reason(compared)) and not text_reason(verdict.reason):
        return verdict
    why = f"compared with a stored fact withheld as unsafe (review with `{REVIEW}`)"
    return replace(verdict, reason=why)


@dataclass(frozen=True)
class _Admits:
    """Whether a search's filters admit a fact found outside its legs (a neighbouring event
    of a hit, which shares its scope and key): the read mode, `since` / `until` on when the
    fact was recorded, `at` (`as_of`, or now in the active mode; None: any day) on when it was
    true, the tags."""

    mode: str
    since: float | None
    until: float | None
    at: float | None
    tags: tuple[str, ...]

    def __call__(self, fact: Fact) -> bool:
        if fact.status == "deleted" or not set(self.tags) <= set(fact.tags):
            return False
        created = days_of(fact.created_at)
        if (self.since is not None and created < self.since) or (
            self.until is not None and created > self.until
        ):
            return False
        if self.at is None:
            return self.mode == "full_history" or fact.status in ("active", "archived")
        valid_to = days_of(fact.valid_to) if fact.valid_to else float("inf")
        return fact.status != "archived" and days_of(fact.valid_from) <= self.at < valid_to


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused for one absorb batch. A batch makes hundreds of
    thousands of short-lived objects, few if any in a cycle, and each collection they trigger walks
    every object alive (the index, the parse cache): at 100,000 facts a tenth or more of
    absorb time went there. Reference counting still frees everything the batch drops."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class MemoryStore:
    """A fact store: one SQLite file, or a database a URL names. Open it with
    `MemoryStore.open(path_or_url)`."""

    def __init__(
        self,
        backend: Backend,
        embedder: Embedder,
        chat: ChatModel | None = None,
        *,
        rerank: bool = False,
        llm_classify: bool = True,
        assistant_weight: float = ASSISTANT_WEIGHT,
        far_context_weight: float = FAR_CONTEXT_WEIGHT,
        time_words: bool = True,
    ) -> None:
        self._backend = backend
        # the local file, when the store is one (None for a database server)
        self.path: Path | None = backend.file
        self.location = backend.location
        self.embedder = embedder
        self.chat = chat
        self.rerank = rerank
        self.llm_classify = llm_classify
        self.assistant_weight = assistant_weight
        self.far_context_weight = far_context_weight
        self.time_words = time_words
        self._index: SearchIndex | None = None
        self._pending: Pending | None = None  # the inserts of the batch being absorbed
        self._derived: bool | None = None  # whether vectors come from terms (asked once)
        self._graph: EntityGraph | None = None

    @property
    def graph(self) -> EntityGraph:
        """The entity graph over this store (`engram.graph.entities.EntityGraph`), made on first
        use: most commands never ask for it, and importing it costs a search process time."""
        if self._graph is None:
            from engram.graph.entities import EntityGraph

            self._graph = EntityGraph(self)
        return self._graph

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        *,
        config: Config | None = None,
        embedder: Embedder | None = None,
        chat: ChatModel | None = None,
        read_only: bool = False,
    ) -> MemoryStore:
        """Open (creating it and its schema if needed) the store at `path`.

        With no path the store is found as the CLI finds it (`$ENGRAM_DB`, the config, the
        per-user default); ":memory:" is a store held in memory, gone when it closes (no file
        is made). The embedder and chat model come from the config unless given.
        `read_only` opens an existing SQLite store for reading alone (a read-only mount):
        every write is then a one-line StoreReadOnly."""
        if config is None:
            from engram.config import load_config
            from engram.files.discovery import find_workspace

            config = load_config(find_workspace())
        from engram.store.opening import open_backend

        backend = open_backend(path, config, read_only=read_only)
        return cls(
            backend,
            embedder or embedder_from_config(config),
            chat if chat is not None else chat_from_config(config),
            rerank=config["memory.rerank"],
            llm_classify=config["memory.llm_classify"],
            assistant_weight=config["memory.assistant_weight"],
            far_context_weight=config["memory.far_context_weight"],
            time_words=config["memory.time_words"],
        )

    def close(self) -> None:
        if self._index is not None:
            from engram.store.indexing import save_on_close

            save_on_close(self, self._index)
        self._backend.close()

    def __enter__(self) -> MemoryStore:
        return self

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        self.close()
        # What a statement did not report (a damaged page read while iterating rows): still
        # one line naming the file.
        fault = self._backend.fault(exc) if exc is not None else None
        if fault is not None:
            raise fault from None

    # -- the index -----------------------------------------------------------------------
    def index(self) -> SearchIndex:
        """The in-memory index: loaded from its snapshot (or built from the rows) on first
        use, then brought up to date from the change log (see `indexing.py`)."""
        from engram.store.indexing import current

        self._index = current(self, self._index)
        return self._index

    def _fold(self) -> None:
        """After a write: bring the index up to the change log. A store that searches in its
        database does not build one for that (its search and absorb read the database)."""
        if self._index is not None or not self._searches_in_db():
            self.index()

    # -- absorb --------------------------------------------------------------------------
    def absorb(
        self,
        facts: Sequence[str | dict[str, Any]],
        *,
        scope: str,
        scope_key: str | None = None,
        source: str | None = None,
        tags: Sequence[str] = (),
        metadata: dict[str, Any] | None = None,
        dry_run: bool = False,
        kind: str = "fact",
    ) -> list[Outcome]:
        """Absorb facts: one Outcome per input — duplicate, supersede, contradict, related, new
        or rejected — with the affected ids and a reason. `dry_run` writes nothing.

        `kind="event"` stores records of what happened (dialogue turns, messages, log lines):
        every one is kept as `new`, never compared with other facts, and is a duplicate only
        when it is the same record as an event already stored in the same scope and key (or
        earlier in the batch): the same text, metadata and time (`valid_from`, when given).
        The same words in another session or turn (told by the metadata) are another event.
        A duplicate's wording, source, tags and metadata stay attached to the fact it repeats
        (`Fact.duplicates`)."""
        checked_scope(scope)
        if kind not in KINDS:
            raise EngramError(f"unknown kind {kind!r}", hint="use fact or event")
        if isinstance(facts, str | bytes):
            raise EngramError(
                "facts must be a list of strings or objects, not one string",
                hint="wrap it in a list: absorb([text], ...)",
            )
        if not isinstance(facts, Sequence):
            raise EngramError(f"facts must be a list, got {type(facts).__name__}")
        tags = list(_wanted_tags(tags))
        if metadata is not None and not isinstance(metadata, dict):
            # checked here, not per fact: dict() of it ended in a TypeError or ValueError
            raise EngramError(f"metadata must be a dict, got {type(metadata).__name__}")
        key = scope_key or ""
        for name, value in (("scope key", key), ("source", source or "")):
            if not isinstance(value, str):
                raise EngramError(f"{name} must be text, got {type(value).__name__}")
            try:
                readable(value, name)
            except ValueError as exc:
                raise EngramError(str(exc)) from None
            refuse(name, value)
        with _collector_paused():
            items = [prepare(raw, tags, metadata, kind) for raw in facts]
            accepted = [item for item in items if item.outcome is None]
            self._embed_items(accepted)
            batch = Batch(scope, key, kind, source, now_iso(), write=not dry_run)
            if dry_run:
                self._classify_batch(accepted, batch)
            else:
                self._vector_index(accepted)
                with self._write():
                    self._classify_batch(accepted, batch)
                self._fold()  # fold this batch into the index right away
        return [item.outcome for item in items if item.outcome is not None]

    def absorb_many(
        self,
        facts: Sequence[str | dict[str, Any]],
        *,
        scope: str,
        scope_key: str | None = None,
        source: str | None = None,
        tags: Sequence[str] = (),
        dry_run: bool = False,
        kind: str = "fact",
        batch: int = ABSORB_BATCH,
        progress: Callable[[int, int], None] | None = None,
    ) -> builtins.list[Outcome]:
        """`absorb` for a large input (`engram memory absorb` on stdin): `batch` facts at a
        time, one transaction each, calling `progress(done, total)` before the first and after
        each one. Later batches are compared with what earlier ones wrote (in a dry run, which
        writes nothing, with the stored facts alone)."""
        whole = isinstance(facts, str | bytes) or not isinstance(facts, Sequence)
        # Not a list: one call, and absorb says what is wrong with it.
        parts = [facts] if whole else [facts[b : b + batch] for b in range(0, len(facts), batch)]
        total, done = (0 if whole else len(facts)), 0
        outcomes: builtins.list[Outcome] = []
        if progress:
            progress(0, total)
        for part in parts:
            outcomes += self.absorb(
                part, scope=scope, scope_key=scope_key, source=source, tags=tags,
                dry_run=dry_run, kind=kind,
            )  # fmt: skip
            done += len(part)
            if progress:
                progress(done, total)
        return outcomes

    def _embed_items(self, items: list[Item]) -> None:
        from engram.embed.base import EmbeddingError

        if not items:
            return
        try:
            vectors = self.embedder.embed([item.content for item in items])
        except EmbeddingError:
            return  # stored without vectors; `engram memory rebuild` fills them in
        for item, vector in zip(items, vectors, strict=True):
            item.vector = vector

    def _classify_batch(self, items: list[Item], batch: Batch) -> None:
        """Classify and write (or, in a dry run, only classify) the items of one batch. Each
        placed fact joins the store's index at once, so later facts of the batch are compared
        with it; a dry run takes its facts out again, a failed write drops the index."""
        seen: dict[str, str] = {}  # what makes a repeat (normalised or exact text) -> its id
        placed: dict[str, str] = {}  # id -> content of the facts this batch added to the index
        # A store that searches in its database finds the stored candidates there too: the
        # index then holds only this batch's facts (no process loads the whole store to absorb)
        in_db = (batch.scope, batch.key) if self._searches_in_db() else None
        if in_db:
            from engram.store.indexing import empty_index

            index = empty_index(self)
        else:
            index = self.index()
        mask = self._mask(index, batch.scope, batch.key, "active")
        mask &= index.kind[: index.size] == KIND_CODES["fact"]  # events are never merged
        live = Live(mask)
        stored = self._backend.find_repeats(
            batch.scope, batch.key, [(i.digest, i.content) for i in items], batch.kind
        )
        if batch.write:
            self._pending = Pending()
        try:
            for item in items:
                self._place(item, batch, index, live, placed, seen, stored, in_db)
            if self._pending is not None:
                self._pending.flush(self._backend)
        finally:
            self._pending = None
            if not batch.write:
                for fact_id in placed:
                    index.erase(fact_id)

    def _place(
        self,
        item: Item,
        batch: Batch,
        index: SearchIndex,
        live: Live,
        placed: dict[str, str],
        seen: dict[str, str],
        stored: dict[str, str],
        in_db: tuple[str, str] | None = None,
    ) -> None:
        """Classify one item of a batch and write it (or, in a dry run, say what would be).
        `seen` and `stored` map what makes a repeat (a fact's hash, an event's text) to the
        fact of this batch, or the stored fact, it repeats."""
        repeat = _repeat_key(item, batch.kind)
        existing = stored.get(repeat)
        if existing or repeat in seen:
            first = existing or seen[repeat]
            stored_as = "text" if batch.kind == "fact" else "record (text, metadata and time)"
            why = f"the same {stored_as} is already stored" if existing else "repeats an earlier "
            why += "" if existing else f"{batch.kind} of this batch"
            self._keep_duplicate(item, first, why, batch)
            return
        candidates: list[tuple[str, str, float]] = []
        if batch.kind == "event":
            from engram.store.classify import Verdict

            verdict = Verdict("new", "an event: stored as it is, never merged")
        else:
            candidates = self._candidates(item, index, live, placed, in_db)
            verdict = self._verdict(item, candidates)
        target = None
        if verdict.candidate is not None and verdict.outcome != "new":
            target = candidates[verdict.candidate][0]
        if verdict.outcome == "duplicate" and target is not None:
            self._keep_duplicate(item, target, verdict.reason, batch)
            return
        fact_id = new_id()
        item.outcome = Outcome(
            verdict.outcome, verdict.reason, fact_id, [target] if target else [], item.content
        )
        seen[repeat] = fact_id
        if batch.kind == "fact":
            when = days_of(batch.at)
            index.upsert(
                Row(fact_id, batch.scope, batch.key, "active", item.importance, item.confidence,
                    when, frozenset(item.tags), item.terms, item.vector, batch.kind,
                    days_of(item.valid_from) if item.valid_from else when)
            )  # fmt: skip
            live.add(index.position[fact_id])
            placed[fact_id] = item.content
        newest = self._apply(fact_id, item, verdict.outcome, target, batch) if batch.write else True
        if verdict.outcome == "supersede" and target is not None:
            # the older value is no longer active: later facts of the batch are compared
            # with the newer one, and its text is no longer a repeat, as for a later absorb
            replaced = target if newest else fact_id
            if replaced in index.position:
                live.discard(index.position[replaced])
            for repeats in (stored, seen):
                for key in [key for key, held in repeats.items() if held == replaced]:
                    del repeats[key]

    def _keep_duplicate(self, item: Item, target: str, reason: str, batch: Batch) -> None:
        """A duplicate: report the fact it repeats, and keep what it brought (its wording,
        source, tags and metadata) attached to that fact."""
        item.outcome = Outcome("duplicate", reason, target, [target], item.content)
        if not batch.write:
            return
        if self._pending is not None:
            self._pending.flush(self._backend)  # the fact it repeats may be of this batch
        fact = self._backend.get_facts([target]).get(target)
        if fact is None:
            return
        source = item.source or batch.source
        brought = {
            "at": batch.at, "content": item.content, "source": source,
            "tags": item.tags, "metadata": item.metadata,
        }  # fmt: skip
        same_as_fact = (
            item.digest == fact.content_hash
            and source in (None, fact.source)
            and item.metadata in ({}, fact.metadata)
        )
        already = any({**copy, "at": batch.at} == brought for copy in fact.duplicates)
        changed = not same_as_fact and not already
        if changed:
            self._backend.add_duplicate(
                target, batch.at, item.content, source, item.tags, item.metadata
            )
        changed = self._backend.add_tags(target, item.tags) or changed
        if changed:  # what the repeat brought is shown with the fact: its seal is made anew
            now = self._backend.get_facts([target])[target]
            self._backend.set_checked(target, sealed_if_safe(now))
        self._backend.log_event(batch.at, "duplicate_seen", target, source=source)
        earlier = fact.kind == "fact" and item.valid_from and item.valid_from < fact.valid_from
        if earlier and self._backend.older_version(target) is None:
            # the same statement, known to be true since earlier: as_of finds it from then
            self._backend.set_valid_from(target, item.valid_from or fact.valid_from)
            self._backend.log_event(
                batch.at, "valid_from", target, was=fact.valid_from, now=item.valid_from
            )

    def _candidates(
        self,
        item: Item,
        index: SearchIndex,
        live: Live,
        placed: dict[str, str],
        in_db: tuple[str, str] | None = None,
    ) -> list[tuple[str, str, float]]:
        """Up to ten (id, content, cosine) similar facts among the `live` ones (active facts of
        the same scope and key, this batch's included): the best lexical matches, and the
        closest by dense vector for dense models. `in_db` (scope, key): the candidates come
        from the database; the index holds only this batch's facts, read in a dry run alone
        (a write puts the batch's earlier facts in the database first, so they are ranked
        with the stored ones, by the same counts, as the in-memory index ranks them all)."""
        if in_db and self._pending is not None:
            self._pending.flush(self._backend)
            return self._stored_candidates(item, in_db)
        stored = self._stored_candidates(item, in_db) if in_db else []
        if not index.size:
            return stored
        positions = index.top_matches(item.terms, live, CANDIDATES, rarest=RAREST)
        # The second lookup fills the room the first left: a fact that already has its five
        # candidates (most facts of a large key) is compared with no more, which keeps absorb's
        # rate as a key grows (it cost about a third of the rate at 100,000 facts).
        if len(positions) < CANDIDATES:
            wider = _probed(item)
            if _widens(item.terms, wider, index.document_frequency):
                positions += index.top_matches(
                    wider, live, PROBE_CANDIDATES, rarest=PROBE_RAREST, pool=PROBE_POOL
                )
            positions += _among_few(item, index, live, positions)
        if not index.sparse and item.vector is not None and not isinstance(item.vector, Sparse):
            cos = np.where(live.mask[: index.size], index.dense_cosine(item.vector), -1.0)
            positions += [int(p) for p in top(cos, CANDIDATES) if cos[p] >= CANDIDATE_MIN_COSINE]
        ids = [index.ids[pos] for pos in dict.fromkeys(positions)]
        contents = {fid: placed[fid] for fid in ids if fid in placed}
        contents.update(self._backend.contents_of([fid for fid in ids if fid not in placed]))
        out = []
        for pos in dict.fromkeys(positions):
            fid = index.ids[pos]
            if fid in contents:
                # A sparse vector shares its features with BM25: its cosine would only repeat
                # the lexical order, so it is computed for dense models alone.
                cosine = 0.0 if index.sparse else similarity(item.vector, index.vector_at(pos))
                out.append((fid, contents[fid], cosine))
        out.sort(key=lambda c: -c[2])  # stable: equal cosines keep the lexical order
        have = {c[0] for c in out}
        return out + [c for c in stored if c[0] not in have]

    def _vector_index(self, items: list[Item]) -> None:
        """On a store with a vector index of its own (pgvector), make sure the index of this
        model's vectors exists before the write transaction: building it takes a while at
        scale, and no writer should wait on the write lock for it."""
        self._vector_index_for(next((i.vector for i in items), None))

    def _vector_index_for(self, vector: Vector | None) -> None:
        """`_vector_index` for one vector of this model."""
        if not isinstance(vector, np.ndarray) or getattr(self.embedder, "sparse", False):
            return
        if self._searches_in_db():
            backend = cast(SearchesInDatabase, self._backend)
            backend.vector_index(self.embedder.model_id, len(vector))

    def _searches_in_db(self) -> bool:
        return can_search(self._backend, self.embedder)

    def _derives_vectors(self) -> bool:
        """Whether this store makes its facts' vectors from their index terms rather than
        storing them (`indexing.derived_vectors`)."""
        if self._derived is None:
            from engram.store.indexing import derived_vectors

            self._derived = derived_vectors(self) is not None
        return self._derived

    def _stored_candidates(
        self, item: Item, place: tuple[str, str]
    ) -> list[tuple[str, str, float]]:
        """Absorb's candidates from a database that searches itself: the active facts of
        this scope and key most like the item, by their rare terms and, for a dense model,
        by vector (pgvector), with their cosine."""
        backend = cast(SearchesInDatabase, self._backend)
        where = SearchFilter(("active",), place[0], place[1], ("fact",))
        found = dict(backend.similar(item.terms, where, CANDIDATES))
        if len(found) < CANDIDATES:  # the second lookup, run as `_candidates` runs it
            wider = _probed(item)
            probes = wider[len(item.terms) :]
            # the counts know no kinds: a probe indexed anywhere, as in the in-memory index
            counts = backend.corpus_stats(probes, replace(where, kinds=())).frequency
            if _widens(item.terms, wider, lambda term: counts.get(term, 0)):
                similar = backend.similar(
                    wider, where, PROBE_CANDIDATES, PROBE_RAREST, pool=PROBE_POOL
                )
                for fact_id, content in similar:
                    found.setdefault(fact_id, content)
            room = CANDIDATES - len(found)
            among = backend.similar_among(item.terms, where, CANDIDATES + len(found), FEW_FACTS)
            found.update([m for m in among if m[0] not in found][:room])
        cosines: dict[str, float] = {}
        vector = item.vector
        model = self.embedder.model_id
        if isinstance(vector, np.ndarray) and not getattr(self.embedder, "sparse", False):
            # absorb never builds the vector index: a write made sure of it before taking the
            # write lock (`_vector_index`), a dry run writes nothing
            for values, cosine in backend.nearest(model, vector, where, CANDIDATES, build=False):
                if cosine >= CANDIDATE_MIN_COSINE:
                    cosines[str(values[0])] = cosine
            missing = [fid for fid in cosines if fid not in found]
            found.update(self._backend.contents_of(missing))
            cosines.update(backend.cosines(model, vector, [f for f in found if f not in cosines]))
        out = [(fid, content, cosines.get(fid, 0.0)) for fid, content in found.items()]
        out.sort(key=lambda c: -c[2])
        return out

    def _verdict(self, item: Item, candidates: list[tuple[str, str, float]]) -> Verdict:
        # imported here: a search never classifies, and the classifier's rules take a while
        # to load
        from engram.store.classify import classify, classify_with_model

        pairs = [(content, cos) for _, content, cos in candidates]
        if self.chat is not None and self.llm_classify:
            verdict = classify_with_model(self.chat, item.content, pairs)
        else:
            verdict = classify(item.content, pairs)
        return _unquoting(verdict, pairs)

    def _apply(
        self, fact_id: str, item: Item, outcome: str, target: str | None, batch: Batch
    ) -> bool:
        """Write one placed item; False when it was kept as an earlier version of its target
        (it became true before the stored value did)."""
        fact = Fact(
            id=fact_id,
            content=item.content,
            scope=batch.scope,
            scope_key=batch.key,
            confidence=item.confidence,
            importance=item.importance,
            source=item.source or batch.source,
            tags=item.tags,
            metadata=item.metadata,
            created_at=batch.at,
            valid_from=item.valid_from or batch.at,
            content_hash=item.digest,
            kind=batch.kind,
        )
        # scanned as an item already (the verdicts are remembered): sealed for the reads
        fact.checked = sealed_if_safe(fact)
        pending = self._pending or Pending()
        pending.facts.append(rows.fact_row(fact, " ".join(item.terms)))
        if item.vector is not None and not self._derives_vectors():
            pending.vectors.append((fact_id, self.embedder.model_id, to_bytes(item.vector)))
        pending.events.append(
            rows.event_row(batch.at, "absorbed", fact_id, outcome=outcome, source=fact.source,
                          related=target, fact_kind=batch.kind)
        )  # fmt: skip
        if outcome == "supersede" and target is not None:
            pending.flush(self._backend)  # the history is read back to place the new version
            if not self._supersede(fact, target, batch.at):
                if item.outcome is not None:
                    item.outcome.reason += "; it became true before the stored value, so it "
                    item.outcome.reason += "is kept as an earlier version"
                return False
        elif target is not None:
            relation = {"contradict": "contradicts", "related": "related_to"}[outcome]
            pending.edges.append((fact_id, relation, target, batch.at))
        if self._pending is None:
            pending.flush(self._backend)
        return True

    def _supersede(self, fact: Fact, target_id: str, at: str) -> bool:
        """Make `fact` a newer value of `target`: the active version, unless it became true
        before the stored value did (an old record absorbed late) — then it takes its place in
        the history by valid time. Returns True if `fact` is now the active version."""
        db = self._backend
        target = db.get_facts([target_id])[target_id]
        if fact.valid_from >= target.valid_from:
            db.add_edge(fact.id, "supersedes", target_id, at)
            db.set_status(target_id, "superseded", valid_to=fact.valid_from)
            db.log_event(at, "superseded", target_id, by=fact.id)
            return True
        newer, older = target, db.older_version(target_id)
        while older is not None:
            candidate = db.get_facts([older])[older]
            if candidate.valid_from <= fact.valid_from:
                break
            newer, older = candidate, db.older_version(older)
        if older is not None:
            db.remove_edge(newer.id, "supersedes", older)
            db.add_edge(fact.id, "supersedes", older, at)
            db.set_status(older, "superseded", valid_to=fact.valid_from)
            db.log_event(at, "superseded", older, by=fact.id)
        db.add_edge(newer.id, "supersedes", fact.id, at)
        db.set_status(fact.id, "superseded", valid_to=newer.valid_from)
        db.log_event(at, "superseded", fact.id, by=newer.id)
        return False

    def _write(self) -> AbstractContextManager[None]:
        """One write transaction; a failure drops the in-memory index."""
        return self._backend.transaction(self._drop_index)

    def _drop_index(self) -> None:
        """Forget the in-memory index (after a rollback it may hold rows that never landed)."""
        self._index = None

    # -- search --------------------------------------------------------------------------
    def _mask(
        self,
        index: SearchIndex,
        scope: str | None,
        key: str | None,
        mode: str,
        since: float | None = None,
        until: float | None = None,
        tags: Sequence[str] | None = None,
    ) -> np.ndarray:
        n = index.size
        status = index.status[:n]
        mask: np.ndarray
        if mode == "active":
            mask = status == STATUS_CODES["active"]
        elif mode == "latest":
            mask = (status == STATUS_CODES["active"]) | (status == STATUS_CODES["archived"])
        else:
            mask = status <= STATUS_CODES["archived"]  # never a deleted fact
        if scope is not None:
            mask &= index.scope[:n] == SCOPE_CODES[scope]
        if key is not None:
            code = index.keys.get(key)
            mask &= index.scope_key[:n] == (-1 if code is None else code)
        if since is not None:
            mask &= index.created[:n] >= since
        if until is not None:
            mask &= index.created[:n] <= until
        if tags:
            wanted = set(tags)
            allowed = np.fromiter((wanted <= t for t in index.tags), dtype=bool, count=n)
            mask &= allowed
        return mask

    def search(
        self,
        query: str,
        *,
        top_k: int = 10,
        scope: str | None = None,
        scope_key: str | None = None,
        tags: Sequence[str] | None = None,
        mode: str = "active",
        since: str | date | None = None,
        until: str | date | None = None,
        as_of: str | date | None = None,
        now: datetime | None = None,
        weights: tuple[float, float] = (COSINE_WEIGHT, BM25_WEIGHT),
        fusion: str | None = None,
        group_by: str | None = None,
    ) -> list[Hit]:
        """Hybrid search (see the module docstring for the score).

        Filters: scope, scope_key, tags (all must be present); the read mode (active: active
        facts; latest: also archived ones; full_history: every version); `since` / `until`:
        when the store *recorded* the fact (its `created_at`, ISO dates or datetimes);
        `as_of`: what was *true* then — facts and events whose valid time holds that moment
        (`valid_from` ≤ as_of < `valid_to`), superseded versions included, archived ones not;
        freshness decay then counts from `as_of` unless `now` is given. The default `active`
        mode is the same question asked of `now`: a value superseded from a future date stays
        until then, and a fact valid only from a future date waits for it.

        Outside `full_history`, among hits about the same thing — they match the same
        meaningful words of the query — the one that became true last ranks first
        (`ranking.latest_first`). `group_by` names a metadata key (e.g. "session_id"): the
        best hit of each of its values, scored for its group (`ranking.best_per_group`), top_k
        groups, so a caller need not over-fetch and dedupe. `weights` (cosine, bm25) and
        `fusion` ("weighted", the default, or "rrf": reciprocal-rank fusion) exist for
        evaluation."""
        if mode not in READ_MODES:
            raise EngramError(f"unknown mode {mode!r}", hint="use active, latest or full_history")
        if scope is not None:
            checked_scope(scope)
        if not isinstance(query, str):
            raise EngramError(f"query must be text, got {type(query).__name__}")
        if isinstance(top_k, bool) or not isinstance(top_k, int):
            raise EngramError(f"top_k must be a whole number, got {top_k!r}")
        if top_k < 1:  # as the CLI's --top-k: no answer was asked for, which is a mistake
            raise EngramError(f"top_k must be at least 1, got {top_k}")
        if group_by is not None and (not isinstance(group_by, str) or not group_by.strip()):
            raise EngramError(
                f"group_by must name a metadata key, got {group_by!r}",
                hint='such as "session_id"; leave it out to rank facts one by one',
            )
        if fusion not in (None, "weighted", "rrf"):
            raise EngramError(f"unknown fusion {fusion!r}", hint="use weighted or rrf")
        tags = _wanted_tags(tags)
        readable_argument("scope key", scope_key)
        readable_argument("tag", tags)
        # Arguments are checked first: a bad date is an error even in an empty store.
        start = checked_day(since, "since")
        end = checked_day(until, "until", end=True)
        moment = checked_day(as_of, "as_of", end=True)
        if not query.strip():
            return []
        if as_of is not None and now is None:
            now = datetime.fromisoformat(iso_end(as_of))
        wide = top_k * 3 if self.rerank and self.chat else top_k
        # grouped, each leg's pool is at least GROUP_POOL facts: a group's second-best hit is
        # there to be counted, whatever top_k asks for
        reach = wide * 4 if group_by is None else max(wide * 4, GROUP_POOL)
        window, about = self._window(query, now)
        stemmed, other_stems = query_terms_of(about)
        query_terms = topic_terms(stemmed)
        # BM25 also looks a word up under the other stems it may be stored under (a Latin
        # word's in the other language, a Russian word's in other cases); the query's own
        # terms group and order the hits
        lexical_terms = query_terms + self._other_stems(query_terms, other_stems)
        # the vector is of the query without its time words too, unless they are all it says,
        # and without the asker's words of a request for advice, as its terms are
        wording = topic_wording(about if about.strip(" ?.!,") else query)
        stored_terms: dict[str, builtins.list[str]] | None = None
        read: dict[str, Fact] = {}  # the candidates the backend has already read whole
        rarity: dict[str, float] | None = None  # the query terms' idf, when the backend counts it
        # the day facts must be valid on: `as_of`, or now for the active mode (None: any day)
        at = moment
        if moment is None and mode == "active":
            at = datetime.now(UTC).timestamp() / 86400
        # What is true now, asked where a value changed: a version replaced by now is searched
        # too, and a match of it stands for the version that replaced it ("where do I live"
        # matches "I live in Lisbon", which "I moved to Porto now" replaced)
        replaced = moment is None and mode == "active"
        if can_search(self._backend, self.embedder):
            # the database finds the candidates; they are scored as in memory (dbsearch.py)
            filters = Filters(mode, scope, scope_key, start, end, at, tuple(tags or ()), replaced)
            now_moment = moment is None and mode == "active"
            found = legs(self._backend, self.embedder, wording, lexical_terms, filters,  # type: ignore[arg-type]
                         now_moment, reach)  # fmt: skip
            ids: Sequence[str] = found.ids
            lexical, cosine, stored_terms = found.lexical, found.cosine, found.terms
            read = found.facts
            rarity = found.rarity
        else:
            ids, cosine, lexical = self._index_legs(
                wording, lexical_terms, scope, scope_key, tags, mode, start, end, at, replaced
            )
        admits = _Admits(mode, start, end, at, tuple(tags or ()))
        matches = int(np.count_nonzero((cosine > 0) | (lexical > 0))) if len(ids) else 0
        if not matches:
            # nothing matches: a query that names a stretch of time ("last week", "what did we
            # talk about last week") is answered by what became true in it
            return self._in_window(window, scope, scope_key, tags, admits, top_k)
        placed: dict[str, int] = {}  # each hit's position in `ids` (the index's, in memory)
        while True:
            hits = self._scored(
                query, ids, cosine, lexical, reach, now, weights, fusion, window, read, placed
            )
            # grouped, the pool widens until it holds enough groups or every match
            if group_by is None or len(hits) >= matches:
                break
            if len(best_per_group(hits, group_by)) >= wide:
                break
            reach *= 4
        if replaced:
            hits = self._for_successors(hits, admits)
        hits = self._in_context(hits, wide, admits, group_by, window)
        if group_by is not None:
            hits = self._grouped(hits, group_by, query_terms, weights, stored_terms, rarity,
                                 placed)  # fmt: skip
        hits = hits[:wide]
        if mode != "full_history":
            # what is true now (or as of a date): the latest version first; a full history
            # is read for what was said, in order of relevance
            if stored_terms is None:
                stored_terms = self._backend.terms_of_facts(facts_of(hits))
            hits = latest_first(hits, query_terms, stored_terms)
        if self.rerank and self.chat is not None:
            hits = rerank(self.chat, query, hits)
        return hits[:top_k]

    def _other_stems(
        self, terms: builtins.list[str], others: dict[str, tuple[str, ...]]
    ) -> builtins.list[str]:
        """The other stems (`query_terms_of`) BM25 looks the query's terms up under: a Russian
        word's other cases always; a Latin word's stem in the other language only where no
        fact holds its own ("Madrid" in a store of Spanish facts), as the other language's
        stem of an English word is often another English word's ("idea" / "IDE", "rate" /
        "rat"). A store that searches in its database looks every one up."""
        if not others:
            return []
        held = None if self._searches_in_db() else self.index().document_frequency
        found: dict[str, None] = {}
        for term in terms:
            for variant in others.get(term, ()):
                if held is None or _CYRILLIC_TERM.match(term) or not held(term):
                    found[variant] = None
        return list(found)

    def _in_window(
        self,
        window: tuple[float, float] | None,
        scope: str | None,
        scope_key: str | None,
        tags: Sequence[str] | None,
        admits: _Admits,
        top_k: int,
    ) -> builtins.list[Hit]:
        """The facts and events the search admits that became true inside the query's stretch
        of time, the latest first, among the WINDOW_SCAN written last (none without one)."""
        if window is None:
            return []
        written = self._backend.list_facts(
            FactFilter(scope, scope_key, tuple(tags or ()), None), WINDOW_SCAN, 0
        )
        inside = [
            fact
            for fact in written
            if admits(fact) and window[0] <= days_of(fact.valid_from) < window[1]
        ]
        inside.sort(key=lambda fact: (days_of(fact.valid_from), fact.id), reverse=True)
        return [Hit(fact, 1.0, 0.0, 0.0, 1.0) for fact in inside[:top_k]]

    def _for_successors(self, hits: builtins.list[Hit], admits: _Admits) -> builtins.list[Hit]:
        """Each hit of a superseded version stands for the version of its chain true now, at
        the better of the two scores (the question matched the old wording; the new one answers
        it); a chain whose current version the search does not admit (another tag, archived)
        answers nothing."""
        # (a version replaced from a future date is still the one true now: it stays)
        old = [hit for hit in hits if hit.fact.status == "superseded" and not admits(hit.fact)]
        if not old:
            return hits
        current = {
            hit.fact.id: [hit.fact.id, *self._newer_versions(hit.fact.id)][-1] for hit in old
        }
        facts = self._backend.get_facts(set(current.values()) - {h.fact.id for h in hits})
        facts.update({hit.fact.id: hit.fact for hit in hits})
        best: dict[str, Hit] = {}
        for hit in hits:
            stands = facts.get(current.get(hit.fact.id, hit.fact.id))
            if stands is None or not admits(stands):
                continue
            if stands is not hit.fact:
                hit = replace(hit, fact=stands)
            if stands.id not in best or hit.score > best[stands.id].score:
                best[stands.id] = hit
        return sorted(best.values(), key=lambda h: (-h.score, h.fact.id))

    def _in_context(
        self,
        hits: builtins.list[Hit],
        wide: int,
        admits: _Admits,
        group_by: str | None = None,
        window: tuple[float, float] | None = None,
    ) -> builtins.list[Hit]:
        """The best hits' neighbouring events, one and two places away, scored in
        (`ranking.in_context`); hits of facts alone are left as they are, and no lookup is
        made for them. Events of another conversation are no neighbours (`ranking.apart`: the
        metadata's session, conversation or thread, and the key results are grouped by)."""
        near_top = [hit.fact.id for hit in hits[: max(2 * wide, 20)] if hit.fact.kind == "event"]
        if not near_top:
            return hits
        neighbours = self._backend.neighbouring_events(near_top)
        far: dict[str, tuple[str | None, str | None]] = {}
        if self.far_context_weight > 0:
            # two places away: the event before the one before, and after the one after
            beside = [n for pair in neighbours.values() for n in pair if n]
            second = self._backend.neighbouring_events(beside) if beside else {}
            far = {
                fact_id: (
                    second.get(before, (None, None))[0] if before else None,
                    second.get(after, (None, None))[1] if after else None,
                )
                for fact_id, (before, after) in neighbours.items()
            }
        seen = {hit.fact.id for hit in hits}
        rings = (*neighbours.values(), *far.values())
        missing = {n for pair in rings for n in pair if n and n not in seen}
        unseen = (
            {fid: fact for fid, fact in self._backend.get_facts(missing).items() if admits(fact)}
            if missing
            else {}
        )
        facts = {hit.fact.id: hit.fact for hit in hits} | unseen
        keys = (*CONVERSATION_KEYS, group_by) if group_by else CONVERSATION_KEYS

        def ours(fact_id: str, near: str | None) -> str | None:
            return None if near and apart(facts.get(fact_id), facts.get(near), keys) else near

        for ring in (neighbours, far):
            for fact_id, (before, after) in ring.items():
                ring[fact_id] = (ours(fact_id, before), ours(fact_id, after))
        found = in_context(hits, neighbours, unseen, far=far, far_weight=self.far_context_weight,
                           assistant_weight=self.assistant_weight)  # fmt: skip
        if window is None:
            return found
        # what an event owes its neighbours counts as its own score does: less outside the
        # stretch of time the query names
        weighed = []
        for hit in found:
            factor = window_factor(days_of(hit.fact.valid_from), window)
            if hit.context and factor < 1:
                lost = hit.context * (1.0 - factor)
                hit = replace(hit, score=hit.score - lost, context=hit.context - lost)
            weighed.append(hit)
        return sorted(weighed, key=lambda h: (-h.score, h.fact.id))

    def _index_legs(
        self,
        query: str,
        query_terms: builtins.list[str],
        scope: str | None,
        scope_key: str | None,
        tags: Sequence[str] | None,
        mode: str,
        start: float | None,
        end: float | None,
        at: float | None,
        replaced: bool = False,
    ) -> tuple[Sequence[str], np.ndarray, np.ndarray]:
        """Every indexed fact's two legs from the in-memory index (0 where filtered out); `at`:
        the day facts must be valid on (None: any day, by status); `replaced`: the versions
        superseded by then are scored too, weighed by the counts of those valid then."""
        index = self.index()
        if not index.size:
            return [], np.zeros(0, dtype=np.float32), np.zeros(0, dtype=np.float32)
        gone = None  # the versions replaced by `at`, when they are scored too
        if at is None:
            mask = self._mask(index, scope, scope_key, mode, start, end, tags)
        else:
            # What is true at a moment (now, for the default mode): valid then, whatever the
            # status says — a version replaced from a future date is still true today, and a
            # fact valid only from tomorrow is not yet.
            n = index.size
            mask = self._mask(index, scope, scope_key, "full_history", start, end, tags)
            if replaced:
                gone = mask & (index.status[:n] == STATUS_CODES["superseded"])
                gone &= index.valid_to[:n] <= at
            mask &= index.status[:n] != STATUS_CODES["archived"]
            mask &= (index.valid_from[:n] <= at) & (at < index.valid_to[:n])
        counted = mask
        if gone is not None and gone.any():
            mask = mask | gone
        lexical = index.bm25(query_terms, mask, counted=counted)
        cosine = np.zeros(index.size, dtype=np.float32)
        if index.sparse:
            # A sparse vector's features are the BM25 terms and their pairs: its cosine is
            # non-zero only where BM25 is, so it is computed for the best lexical candidates.
            # idf from the whole index: document frequencies are counted over all facts
            query_vector = self._query_vector(query, index, index.size)
            matched = top(lexical, SPARSE_POOL)
            matched = matched[lexical[matched] > 0]
            if query_vector is not None and isinstance(query_vector, Sparse) and len(matched):
                cosine[matched] = np.clip(index.sparse_cosine(query_vector, matched), 0.0, None)
        else:
            query_vector = self._query_vector(query, index, 0)
            if isinstance(query_vector, np.ndarray):
                cosine = np.clip(index.dense_cosine(query_vector), 0.0, None)
        cosine[~mask] = 0
        return index.ids, cosine, lexical  # type: ignore[return-value]  # Ids: by position

    def _scored(
        self,
        query: str,
        ids: Sequence[str],
        cosine: np.ndarray,
        lexical: np.ndarray,
        reach: int,
        now: datetime | None,
        weights: tuple[float, float],
        fusion: str | None,
        window: tuple[float, float] | None = None,
        read: dict[str, Fact] | None = None,
        placed: dict[str, int] | None = None,
    ) -> builtins.list[Hit]:
        """The `reach` best facts of each leg, scored (see the module notes), best first;
        `read`: facts already read (the others are read here); `placed`, when given, gets
        each hit's position in `ids`."""
        pool = {int(p) for p in top(cosine, reach) if cosine[p] > 0}
        pool |= {int(p) for p in top(lexical, reach) if lexical[p] > 0}
        if not pool:
            return []
        positions = np.fromiter(pool, dtype=np.int64, count=len(pool))
        best_bm25 = float(lexical[positions].max()) or 1.0
        if fusion == "rrf":
            # scaled so that first place in both lists scores 1, like the weighted sum's best
            fused = (rank_shares(cosine, positions) + rank_shares(lexical, positions)) * (
                (RRF_K + 1.0) / 2.0
            )
        else:
            fused = weights[0] * cosine[positions] + weights[1] * lexical[positions] / best_bm25
        today = (now or datetime.now(UTC)).timestamp() / 86400.0
        facts = dict(read or {})
        unread = [ids[p] for p in positions if ids[p] not in facts]
        if unread:
            facts.update(self._backend.get_facts(unread))
        literals = [lit.casefold() for lit in LITERAL.findall(query) if len(lit) >= 3]
        hits = []
        for pos, base in zip(positions, fused, strict=True):
            fact = facts.get(ids[pos])
            if fact is None:
                continue
            bm = float(lexical[pos]) / best_bm25
            cos = float(cosine[pos])
            became = days_of(fact.valid_from)
            age = max(0.0, today - became)
            literal = any(lit in fact.content.casefold() for lit in literals)
            aged = decay(age, literal)
            factor = importance_factor(fact.importance) * confidence_factor(fact.confidence)
            factor *= speaker_factor(fact.metadata, self.assistant_weight)
            if window is not None:
                factor *= window_factor(became, window)
            hits.append(Hit(fact, float(base) * aged * factor, cos, bm, aged))
            if placed is not None:
                placed[fact.id] = int(pos)
        hits.sort(key=lambda h: (-h.score, h.fact.id))
        return hits

    def _window(self, query: str, now: datetime | None) -> tuple[tuple[float, float] | None, str]:
        """The days (start, end) of the stretch of time the query names ("in the last two
        months", "la semana pasada"), counted from `now` (None when it names none or
        `memory.time_words` is off), and the query without the words that name it: they say
        when, which the window ranks by, not what ("this year" would match "over the years")."""
        if not self.time_words:
            return None, query
        from engram.text.when import time_window

        moment = now or datetime.now(UTC)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        found = time_window(query, moment)
        if found is None:
            return None, query
        rest = re.sub(re.escape(found.phrase), " ", query, count=1, flags=re.IGNORECASE)
        return (found.start.timestamp() / 86400.0, found.end.timestamp() / 86400.0), rest

    def _grouped(
        self,
        hits: builtins.list[Hit],
        group_by: str,
        query_terms: builtins.list[str],
        weights: tuple[float, float],
        stored_terms: dict[str, builtins.list[str]] | None,
        rarity: dict[str, float] | None,
        placed: dict[str, int],
    ) -> builtins.list[Hit]:
        """The best hit of each group, scored for it (`ranking.best_per_group`). A document's
        pieces (facts, not events) count its words together, weighed as the lexical legs are:
        BM25, and a sparse embedder's cosine (its features are the same words, so it misses a
        word a piece lacks as BM25 does). `rarity` and `stored_terms` come from a database
        that searched itself (None: the index counts them; `placed`, the hits' positions)."""
        lexical_weight = weights[1] + (weights[0] if self.embedder.sparse else 0.0)
        weight = lexical_weight * GROUP_TERMS_WEIGHT
        counts = None
        if weight and any(hit.fact.kind == "fact" for hit in hits):
            if rarity is None:
                rarity = self._rarity(query_terms)
                counts = self._index_counts(hits, rarity, placed)
            else:
                known = stored_terms or {}
                counts = {hit.fact.id: stored_counts(known.get(hit.fact.id, ()), rarity)
                          for hit in hits if hit.fact.kind == "fact"}  # fmt: skip
        return best_per_group(hits, group_by, counts=counts, rarity=rarity, weight=weight)

    def _index_counts(
        self, hits: builtins.list[Hit], terms: Iterable[str], placed: dict[str, int]
    ) -> dict[str, dict[str, int]]:
        """How often each hit of a fact holds each of `terms`, by id, from the index's postings
        (`placed`: the hits' positions in the index)."""
        known = [h.fact.id for h in hits if h.fact.kind == "fact" and h.fact.id in placed]
        positions = np.array([placed[fid] for fid in known], dtype=np.int64)
        held = self.index().counts_at(terms, positions)
        return dict(zip(known, held, strict=True))

    def _rarity(self, query_terms: builtins.list[str]) -> dict[str, float]:
        """Each query term's weight in a group's BM25 (`ranking.group_bm25`): its idf over
        the whole index (as the sparse query vector's) times its count in the query."""
        index = self.index()
        return {
            term: count * index.weight(term, index.size)
            for term, count in Counter(query_terms).items()
        }

    def _query_vector(self, query: str, index: SearchIndex, live: int) -> Vector | None:
        from engram.embed.base import EmbeddingError

        try:
            if index.sparse and hasattr(self.embedder, "query_vector"):

                def idf(term: str) -> float:
                    return index.weight(term, live)

                vector: Vector = self.embedder.query_vector(query, idf)
            else:
                vector = self.embedder.embed([query])[0]
        except EmbeddingError:
            return None  # lexical results still come back
        if isinstance(vector, np.ndarray) and not index.sparse and vector.shape[0] != index.dims:
            return None  # a model whose width changed: never compare
        return vector

    # -- reading -------------------------------------------------------------------------
    def get(self, fact_id: str, mode: str = "active") -> Fact | list[Fact] | None:
        """A fact by id. `active`: the active version of its chain (None if there is none);
        `latest`: the newest version whatever its status; `full_history`: every version,
        oldest first."""
        if mode not in READ_MODES:
            raise EngramError(f"unknown mode {mode!r}", hint="use active, latest or full_history")
        found = self._stored(fact_id)
        if found is None:
            return [] if mode == "full_history" else None
        if mode == "full_history":
            return self._chain(fact_id)
        latest = found
        seen = {found.id}
        while (newer := self._backend.newer_version(latest.id)) and newer not in seen:
            seen.add(newer)
            latest = self._backend.get_facts([newer])[newer]
        if mode == "latest":
            return latest
        return latest if latest.status == "active" else None

    def _chain(self, fact_id: str) -> list[Fact]:
        oldest, seen = fact_id, {fact_id}
        while (older := self._backend.older_version(oldest)) and older not in seen:
            seen.add(older)
            oldest = older
        chain = [oldest, *self._newer_versions(oldest)]
        facts = self._backend.get_facts(chain)
        return [facts[i] for i in chain if i in facts]

    def _newer_versions(self, fact_id: str) -> list[str]:
        """The ids of the versions that replaced this fact, one after another, oldest first."""
        newer_ones: list[str] = []
        seen, current = {fact_id}, fact_id
        while (newer := self._backend.newer_version(current)) and newer not in seen:
            seen.add(newer)
            newer_ones.append(newer)
            current = newer
        return newer_ones

    def list(
        self,
        *,
        scope: str | None = None,
        scope_key: str | None = None,
        tags: Sequence[str] | None = None,
        status: str | None = "active",
        limit: int = 50,
        offset: int = 0,
        as_of: str | date | None = None,
    ) -> list[Fact]:
        """Facts newest first. `as_of` answers "what was true on date D": facts valid then
        (valid_from ≤ D < valid_to), whatever their status now."""
        for name, value in (("limit", limit), ("offset", offset)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                # (SQLite reads a negative limit as none: -1 listed every fact)
                raise EngramError(f"{name} must be a whole number of 0 or more, got {value!r}")
        return self._backend.list_facts(
            self._listed(scope, scope_key, tags, status, as_of), rows_bound(limit),
            rows_bound(offset),
        )  # fmt: skip

    def count(
        self,
        *,
        scope: str | None = None,
        scope_key: str | None = None,
        tags: Sequence[str] | None = None,
        status: str | None = "active",
        as_of: str | date | None = None,
    ) -> int:
        """How many facts `list` with the same filters would give without a limit."""
        return self._backend.count_facts(self._listed(scope, scope_key, tags, status, as_of))

    def _listed(
        self,
        scope: str | None,
        scope_key: str | None,
        tags: Sequence[str] | None,
        status: str | None,
        as_of: str | date | None,
    ) -> FactFilter:
        """What `list` and `count` select, checked (an unknown scope matched nothing, silently,
        where search names it)."""
        if scope is not None:
            checked_scope(scope)
        if status is not None and status not in STATUSES:
            raise EngramError(
                f"unknown status {status!r}", hint="use active, superseded, archived or deleted"
            )
        readable_argument("scope key", scope_key)
        readable_argument("tag", tags)
        moment = None
        if as_of is not None:
            checked_day(as_of, "as_of")
            moment = iso_end(as_of)
        return FactFilter(scope, scope_key, _wanted_tags(tags), status, moment)

    def has_facts(self) -> bool:
        """Whether the store holds any fact (of any status)."""
        return self._backend.has_facts()

    def history(self, fact_id: str) -> builtins.list[dict[str, Any]]:
        """The change log of one fact, oldest first."""
        readable_argument("fact id", fact_id)
        return [
            {"seq": seq, "at": at, "kind": kind, "detail": json.loads(detail)}
            for seq, at, kind, detail in self._backend.history(fact_id)
        ]

    def edges(self, fact_id: str) -> builtins.list[tuple[str, str, str]]:
        readable_argument("fact id", fact_id)
        return self._backend.edges_of(fact_id)

    # -- changing ------------------------------------------------------------------------
    def absorb_contacts(
        self,
        records: builtins.list[Any],
        *,
        scope: str = "user",
        scope_key: str | None = None,
        source: str | None = None,
    ) -> builtins.list[Any]:
        """Structured contacts (name, title, company, location, industry, technologies) into
        facts, entity nodes and edges, one transaction each; see `engram.graph.contacts`."""
        from engram.graph.contacts import absorb_contacts

        checked_scope(scope)
        return absorb_contacts(self, records, scope=scope, scope_key=scope_key, source=source)

    # -- digest, profile and maintenance (see digest.py, profile.py, maintenance.py) ----------
    def digest(
        self,
        topic: str | None = None,
        *,
        scopes: Sequence[str] = ("agent", "user"),
        scope_key: str | None = None,
        budget_chars: int = 4000,
        now: datetime | None = None,
        workspace: Any = None,
    ) -> str:
        """The deterministic pre-run digest: relevant facts, open TODOs, recent entries (each
        with its id) and, given a workspace, the routed memory-file pack. A `scope_key` keeps
        to the facts of that key (one user's or run's), as search and list do."""
        from engram.store.digest import build_digest

        # one scope may come as a string (its letters were read as scopes, and the digest
        # said "no facts yet"); an unknown scope is named, as search names it
        scopes = tuple(map(checked_scope, (scopes,) if isinstance(scopes, str) else scopes))
        readable_argument("scope key", scope_key)
        if isinstance(budget_chars, bool) or not isinstance(budget_chars, int):
            raise EngramError(f"budget_chars must be a whole number, got {budget_chars!r}")
        return build_digest(
            self, topic, scopes=scopes, scope_key=scope_key, budget_chars=budget_chars, now=now,
            workspace=workspace,
        )  # fmt: skip

    def todo_done(self, fact_id: str) -> Fact:
        """Close a TODO with a new version tagged `done`."""
        from engram.store.maintenance import close_todo

        return close_todo(self, fact_id)

    def distill(self, *, dry_run: bool = False, scope_key: str | None = None) -> Any:
        """Promote recurring run facts to durable agent knowledge; returns the plan."""
        from engram.store.maintenance import apply_distill, plan_distill

        plan = plan_distill(self, scope_key)
        return plan if dry_run else apply_distill(self, plan)

    def gc(self, *, dry_run: bool = False, now: datetime | None = None) -> Any:
        """Archive expired and stale facts, compact finished large runs; returns the plan."""
        from engram.store.maintenance import apply_gc, plan_gc

        plan = plan_gc(self, now)
        return plan if dry_run else apply_gc(self, plan)

    def restore(self, fact_id: str) -> builtins.list[str]:
        """Undo an archive (a summary or distilled fact restores what it replaced)."""
        from engram.store.maintenance import restore

        return restore(self, fact_id)

    def boost(self, fact_id: str, amount: float = 0.5) -> Fact:
        """Raise a fact's importance (bounded at 5): it then ranks above its near-ties."""
        from engram.store.lifecycle import refuse_an_old_version

        # NaN passes no comparison (min() kept 5), and a negative amount stored an importance
        # below 0, which absorb refuses
        if isinstance(amount, bool) or not isinstance(amount, int | float) or not amount > 0:
            raise EngramError(f"amount must be a number above 0, got {amount!r}")
        with self._write():
            fact = self._require(fact_id)
            if fact.status == "deleted":  # an old version still ranks in a search of all versions
                raise EngramError(
                    f"fact {fact_id} is deleted", hint="absorb its text again to keep it"
                )
            refuse_an_old_version(self, fact, "boost")
            # the amount is bounded first: an integer too large for a float overflows a sum
            value = min(MAX_IMPORTANCE, fact.importance + min(amount, MAX_IMPORTANCE))
            self._backend.set_importance(fact_id, value)
            self._backend.log_event(now_iso(), "boosted", fact_id, importance=value)
        result = self._require(fact_id)
        self._fold()
        return result

    def link(self, a: str, b: str, relation: str) -> None:
        """A typed, directed edge from fact `a` to fact `b` (e.g. `depends_on`, `caused_by`)."""
        if not isinstance(relation, str):
            raise EngramError(f"relation must be text, got {type(relation).__name__}")
        refuse("relation", relation)  # before the message below would echo it
        if not _RELATION.match(relation):
            raise EngramError(
                f"invalid relation {relation!r}",
                hint="use lower-case words joined by _, e.g. caused_by",
            )
        with self._write():
            self._require(a)
            self._require(b)
            at = now_iso()
            self._backend.add_edge(a, relation, b, at)
            self._backend.log_event(at, "linked", a, relation=relation, to=b)

    def _stored(self, fact_id: str) -> Fact | None:
        """The stored fact of this id, whatever its status (None when there is none). An id
        holding a lone surrogate is an EngramError naming it: the database fails on one."""
        readable_argument("fact id", fact_id)
        return self._backend.get_facts([fact_id]).get(fact_id)

    def _require(self, fact_id: str) -> Fact:
        fact = self._stored(fact_id)
        if fact is None:
            raise EngramError(
                f"no fact with id {fact_id!r}", hint="find ids with `engram memory search`"
            )
        return fact

    # -- maintenance ---------------------------------------------------------------------
    def size_bytes(self) -> int:
        """The store's size on disk (or in its database server), without counting anything."""
        return int(self._backend.size_bytes())

    def stats(self) -> dict[str, Any]:
        """Counts by scope, status and tag; size; embedding models; oldest and newest."""

        counts = self._backend.counts()
        dense = not getattr(self.embedder, "sparse", False)
        total = sum(counts.by_status.values())
        missing = total - counts.vectors_by_model.get(self.embedder.model_id, 0)
        if self._derives_vectors():
            missing = 0  # every fact's vector is made from its terms as the index is built
        from engram.store.indexing import snapshot_file

        index_path, index_bytes = snapshot_file(self)
        return {
            "path": self.location,
            "backend": self._backend.engine,
            "bytes": self._backend.size_bytes(),
            "index_path": index_path,  # the search index's snapshot
            "index_bytes": index_bytes,
            "lexical_search": self._lexical_search(),
            "vector_search": self._backend.vector_search(dense, self.embedder.model_id),
            "facts": total,
            "by_scope": counts.by_scope,
            "by_status": counts.by_status,
            "by_tag": counts.by_tag,
            "embedding_model": self.embedder.model_id,
            "vectors_by_model": counts.vectors_by_model,
            "missing_vectors": missing,
            "oldest": counts.oldest,
            "newest": counts.newest,
            "last": counts.last,
        }

    def _lexical_search(self) -> str:
        if can_search(self._backend, self.embedder):
            return "full-text index (GIN), scored by BM25"
        return "BM25 (in memory)"

    def copy_to(
        self, target: str | Path, progress: Callable[[int, int], None] | None = None
    ) -> dict[str, Any]:
        """Copy the whole store — facts, versions, duplicates, vectors, the change log, pins and
        the entity graph — into a new, empty store at `target` (an SQLite file or a
        `postgresql://` URL), verifying the counts of every table. Writers to this store wait
        while it is read, so the copy is of one moment. Returns `{"from", "to", "rows"}`."""
        from engram.config import load_config
        from engram.store.opening import open_backend
        from engram.store.transfer import copy_store

        config = load_config(None, env={})
        destination = open_backend(target, config)
        try:
            if destination.location == self.location:
                raise EngramError(  # the location, not `target`: its password is masked
                    f"{destination.location} is this store itself",
                    hint="give another file or database",
                )
            with self._write():
                copied = copy_store(self._backend, destination, progress)
        finally:
            destination.close()
        return copied.to_json()

    def rebuild(self, progress: Callable[[int, int], None] | None = None, batch: int = 256) -> int:
        """Re-embed every fact with the current model (after switching models), its index terms
        made again where they differ from this tokenizer's; returns the number of facts
        embedded. Vectors of other models stay, unused, until removed. A model
        whose vectors the store makes from the index terms (the offline one) stores none: the
        ones a store written before kept are removed, and the index is built anew."""
        contents = self._backend.ids_and_contents()
        self._terms_made_again(contents)
        derived = self._derives_vectors()
        ids_contents = [] if derived else contents
        total = self._backend.count_facts(FactFilter(status=None)) if derived else len(ids_contents)
        vectors: Sequence[Vector] = []
        if derived:
            with self._write():
                self._backend.drop_vectors(self.embedder.model_id)
            if progress:
                progress(total, total)
        for start in range(0, len(ids_contents), batch):
            chunk = ids_contents[start : start + batch]
            vectors = self.embedder.embed([content for _, content in chunk])
            with self._write():
                for (fact_id, _), vector in zip(chunk, vectors, strict=True):
                    self._backend.put_vector(fact_id, self.embedder.model_id, to_bytes(vector))
            if progress:
                progress(min(start + batch, total), total)
        # the store is left ready to search: on pgvector, the new model's index is built now
        # rather than by the first search or absorb
        self._vector_index_for(vectors[0] if vectors else None)
        with self._write():
            self._backend.log_event(
                now_iso(), "rebuilt", None, model=self.embedder.model_id, facts=total
            )
        self._index = None
        return total

    def _terms_made_again(self, contents: builtins.list[tuple[str, str]]) -> None:
        """Make the index terms again of the facts (id, content) whose text this tokenizer
        reads otherwise than their stored terms say (a fact an older Engram wrote after the
        store's upgrade)."""
        from engram.store.rows import terms_made_again

        stored = self._backend.terms_of_facts(fact_id for fact_id, _ in contents)
        changed = terms_made_again(
            (fact_id, content, " ".join(stored.get(fact_id, ()))) for fact_id, content in contents
        )
        if changed:
            with self._write():
                self._backend.set_terms(changed)
            self._index = None

    def reseal(
        self, progress: Callable[[int, int], None] | None = None, batch: int = 500
    ) -> Resealed:
        """Scan again every fact whose sealed safety verdict no longer holds (after a scanner
        upgrade, or facts from before seals) and seal the safe ones, so showing them needs no
        scan; unsafe ones stay withheld. Returns the counts (`unsafe.Resealed`)."""
        from engram.store.unsafe import reseal

        return reseal(self, progress, batch)

    # -- one fact's lifecycle (see lifecycle.py) ----------------------------------------------
    def update(self, fact_id: str, content: str, *, metadata: dict[str, Any] | None = None) -> Fact:
        """A new version of an active fact with this content (and metadata, if given, else the
        old metadata); the old version is superseded and kept. The text goes through absorb's
        checks (length, secrets, prompt injections). Returns the new version."""
        from engram.store.lifecycle import update

        return update(self, fact_id, content, metadata)

    def delete(self, fact_id: str) -> Fact:
        """Mark a fact `deleted`: gone from search, list, digest and `get`'s active mode, kept
        in its full history and the change log. Returns it."""
        from engram.store.lifecycle import delete

        return delete(self, fact_id)

    def erase(self, fact_id: str) -> dict[str, Any]:
        """Remove the text of every version of a fact from the database (a privacy request);
        the rows stay as `deleted` and the change log records it without the text. Returns
        `{"erased": [version ids], "derived": [ids of facts that copy its words]}`."""
        from engram.store.lifecycle import erase

        return erase(self, fact_id)

    def delete_all(self, *, scope: str, scope_key: str | None = None) -> builtins.list[str]:
        """Mark every active fact of a scope (and key; None: every key) `deleted`; returns
        their ids."""
        from engram.store.lifecycle import delete_all

        return delete_all(self, scope, scope_key)

    def nuke(
        self,
        scope: str,
        scope_key: str | None = None,
        *,
        all_keys: bool = False,
        confirm: bool = False,
        dry_run: bool = False,
    ) -> dict[str, Any]:
        """Erase every fact of a scope and key — content, vectors, edges and their history —
        after writing a backup of the whole file. A whole scope needs `all_keys=True`; refuses
        without `confirm=True`; nothing to erase writes no backup; `dry_run` only counts.
        Returns `{"erased": int, "backup": str | None, "dry_run": bool}`."""
        from engram.store.lifecycle import nuke

        return nuke(self, scope, scope_key, all_keys=all_keys, confirm=confirm, dry_run=dry_run)
