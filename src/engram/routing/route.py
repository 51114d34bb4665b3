"""Route a query to memories: anchor, rank, apply multipliers, admit, refine (SPEC A2–A3, A6).

Everything here is a pure function of the query terms, the index contents, the options and the
date passed in, so lifecycle and ranking rules are testable without touching the clock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from engram.files.index import FIELDS, DocRow, MemoryIndex
from engram.routing.bm25 import fields_hit, idf, score, strong_hit
from engram.text.tokenize import QueryTerms

MULTIPLIERS = {
    "review_due": 0.7,  # lifecycle review_due
    "stale": 0.6,  # a source file changed since the memory recorded its hash
    "confidence medium": 0.9,
    "confidence low": 0.8,  # not in the SPEC's list; low confidence ranks below medium
    "workspace": 1.1,
    "workflow skill": 1.2,  # the query asked for a workflow and this memory is a skill
}
FETCH_BOOST_STEP = 0.02  # per recorded `load --id` fetch …
FETCH_BOOST_MAX = 0.10  # … bounded, so popularity can never outrank relevance by much
SIGNAL_WEIGHT = 0.5  # how much a vector/graph signal (0..1) may raise an admitted score
SIGNAL_WIDEN = 0.75  # a signal this strong admits a term-sharing memory the anchor rule missed
MANY_ANCHORS = 4
SKIPPED_CARDS = 5

# A signal maps (query text, candidates that share a term) to a 0..1 similarity per memory key.
Signal = Callable[[str, Sequence["Candidate"]], dict[str, float]]


@dataclass
class Candidate:
    """A memory considered for the pack, with why it scored what it did."""

    row: DocRow
    score: float = 0.0
    bm25: float = 0.0
    hits: list[str] = field(default_factory=list)
    freqs: dict[str, Sequence[int]] = field(default_factory=dict)  # anchor -> tf per field
    factors: list[tuple[str, float]] = field(default_factory=list)
    stale: bool = False
    strong: bool = False
    prerequisite_of: str | None = None

    @property
    def key(self) -> str:
        return f"{self.row.scope}:{self.row.id}"

    @property
    def matched(self) -> dict[str, list[str]]:
        """Each matched query word and the fields it was found in."""
        return {word: fields_hit(tfs) for word, tfs in self.freqs.items()}

    @property
    def id(self) -> str:
        return self.row.id


@dataclass(frozen=True)
class Skip:
    """A memory that matched but is not shown, with the reason."""

    id: str
    scope: str
    reason: str


@dataclass
class Route:
    """The outcome of routing one query."""

    terms: QueryTerms
    candidates: list[Candidate] = field(default_factory=list)  # admitted, best first
    pack: list[Candidate] = field(default_factory=list)  # selected + prerequisites, in order
    skipped: list[Skip] = field(default_factory=list)
    hidden: dict[str, int] = field(default_factory=dict)
    not_admitted: int = 0  # shared a term but failed the anchor rule
    missing_prerequisites: list[str] = field(default_factory=list)

    @property
    def related(self) -> int:
        """All related memories: admitted candidates plus prerequisites pulled in."""
        return len({c.key for c in self.candidates} | {c.key for c in self.pack})

    @property
    def extra_cards(self) -> list[Candidate]:
        """Up to five admitted candidates that refinement left out of the pack."""
        in_pack = {c.key for c in self.pack}
        return [c for c in self.candidates if c.key not in in_pack][:SKIPPED_CARDS]


@dataclass(frozen=True)
class RouteOptions:
    """Knobs of a routing run; `today` is passed in so lifecycle rules are testable."""

    today: date
    limit: int = 8
    select_all: bool = False
    roles: tuple[str, ...] = ()
    project: Path | None = None
    signals: tuple[Signal, ...] = ()
    query_text: str = ""


def visibility(row: DocRow, options: RouteOptions) -> str:
    """'' when the memory may be routed, else why not: ignore, role, archived, superseded,
    or lifecycle (its valid_until has passed)."""
    if row.ignored:
        return "ignore"
    if row.roles and options.roles and not set(row.roles) & set(options.roles):
        return "role"
    if row.lifecycle in ("archived", "superseded"):
        return row.lifecycle
    if row.valid_until and row.valid_until < options.today.isoformat():
        return "lifecycle"
    return ""


def shadowed(indexes: Sequence[MemoryIndex], rows: list[DocRow]) -> set[str]:
    """Keys of global rows whose id also exists in the workspace (the workspace wins)."""
    workspace = [ix for ix in indexes if ix.root.scope == "workspace"]
    global_ids = [r.id for r in rows if r.scope == "global"]
    if not workspace or not global_ids:
        return set()
    present = {r.id for ix in workspace for r in ix.by_ids(global_ids)}
    return {f"global:{mid}" for mid in present}


def route(indexes: Sequence[MemoryIndex], terms: QueryTerms, options: RouteOptions) -> Route:
    """Rank and select the memories for a query (see the module docstring)."""
    result = Route(terms)
    if not terms.anchors:
        return result
    stems = {s for anchor in terms.anchors for s in anchor.stems}
    doc_count = 0
    totals = [0] * len(FIELDS)
    per_doc: dict[tuple[int, int], dict[int, Sequence[int]]] = {}
    for position, index in enumerate(indexes):
        n, lengths = index.stats()
        doc_count += n
        totals = [a + b for a, b in zip(totals, lengths, strict=True)]
        postings = index.postings(stems)
        for a, anchor in enumerate(terms.anchors):
            for stem in anchor.stems:
                for posting in postings.get(stem, ()):
                    slot = per_doc.setdefault((position, posting[0]), {})
                    old = slot.get(a)
                    tfs = posting[1:]
                    slot[a] = tfs if old is None else tuple(map(max, old, tfs))
    if not per_doc:
        return result
    averages = [t / doc_count if doc_count else 0.0 for t in totals]
    df = [0] * len(terms.anchors)
    for slot in per_doc.values():
        for a in slot:
            df[a] += 1
    weights = [idf(doc_count, d) for d in df]

    many = len(terms.anchors) >= MANY_ANCHORS
    strong = {key: any(strong_hit(tfs) for tfs in slot.values()) for key, slot in per_doc.items()}
    # Rows are read only for memories that can still be admitted: on a large workspace most
    # postings belong to memories the anchor rule turns away.
    needs_row = terms.wants_skills or bool(options.signals) or not many
    wanted = [k for k, slot in per_doc.items() if needs_row or len(slot) >= 2 or strong[k]]
    rows: list[DocRow] = []
    by_key: dict[tuple[int, int], DocRow] = {}
    for position, index in enumerate(indexes):
        docs = [doc for (p, doc) in wanted if p == position]
        for doc, row in index.docs(docs).items():
            by_key[(position, doc)] = row
            rows.append(row)
    hidden_keys = shadowed(indexes, rows)
    hidden: dict[str, int] = {}
    admitted: list[Candidate] = []
    weak: list[Candidate] = []
    for key in wanted:
        found = by_key.get(key)
        if found is None:
            continue
        row = found
        reason = "shadowed" if f"{row.scope}:{row.id}" in hidden_keys else visibility(row, options)
        if reason == "lifecycle":
            result.skipped.append(Skip(row.id, row.scope, "lifecycle"))
            continue
        if reason:
            hidden[reason] = hidden.get(reason, 0) + 1
            continue
        slot = per_doc[key]
        candidate = Candidate(row, strong=strong[key])
        candidate.bm25 = score(slot, row.lengths, averages, weights)
        for a, freqs in slot.items():
            word = terms.anchors[a].word
            candidate.hits.append(word)
            candidate.freqs[word] = freqs
        hit_count = len(slot)
        if terms.wants_skills and row.type == "skill":
            hit_count += 1
            candidate.factors.append(("workflow skill", MULTIPLIERS["workflow skill"]))
        if many and hit_count < 2 and not candidate.strong:
            weak.append(candidate)
        else:
            admitted.append(candidate)
    result.hidden = hidden
    _apply_signals(admitted, weak, options)
    # Memories whose rows were never read (one weak hit under the anchor rule) count too.
    result.not_admitted = len(weak) + len(per_doc) - len(wanted)
    _apply_multipliers(admitted, indexes, options)
    admitted.sort(key=lambda c: (-c.score, c.row.scope != "workspace", c.row.id))
    result.candidates = admitted
    selected = admitted if options.select_all else admitted[: options.limit]
    result.pack, result.missing_prerequisites = with_prerequisites(selected, indexes, options)
    return result


def _apply_signals(admitted: list[Candidate], weak: list[Candidate], options: RouteOptions) -> None:
    """Let vector/graph signals re-rank admitted memories and widen to weak ones. Only
    memories that already share a query term are ever passed to a signal."""
    for signal in options.signals:
        pool = admitted + weak
        scores = signal(options.query_text, pool)
        for candidate in admitted:
            value = min(max(scores.get(candidate.key, 0.0), 0.0), 1.0)
            if value:
                candidate.factors.append(("signal", 1.0 + SIGNAL_WEIGHT * value))
        for candidate in list(weak):
            value = min(max(scores.get(candidate.key, 0.0), 0.0), 1.0)
            if value >= SIGNAL_WIDEN:
                candidate.factors.append(("signal", 1.0 + SIGNAL_WEIGHT * value))
                weak.remove(candidate)
                admitted.append(candidate)


def _apply_multipliers(
    candidates: list[Candidate], indexes: Sequence[MemoryIndex], options: RouteOptions
) -> None:
    fetches: dict[str, int] = {}
    for index in indexes:
        ids = [c.row.id for c in candidates if c.row.scope == index.root.scope]
        for mid, count in index.fetch_counts(ids).items():
            fetches[f"{index.root.scope}:{mid}"] = count
    by_scope = {index.root.scope: index for index in indexes}
    for candidate in candidates:
        row = candidate.row
        factors = candidate.factors
        if row.lifecycle == "review_due":
            factors.append(("review_due", MULTIPLIERS["review_due"]))
        candidate.stale = is_stale(row, by_scope.get(row.scope), options.project)
        if candidate.stale:
            factors.append(("stale", MULTIPLIERS["stale"]))
        if row.confidence in ("medium", "low"):
            name = f"confidence {row.confidence}"
            factors.append((name, MULTIPLIERS[name]))
        if row.scope == "workspace":
            factors.append(("workspace", MULTIPLIERS["workspace"]))
        count = fetches.get(candidate.key, 0)
        if count:
            factors.append(("fetched", 1.0 + min(FETCH_BOOST_MAX, FETCH_BOOST_STEP * count)))
        score = candidate.bm25
        for _, value in factors:
            score *= value
        candidate.score = score


def is_stale(row: DocRow, index: MemoryIndex | None, project: Path | None) -> bool:
    """A memory is stale when a source file it recorded a hash for now has another hash
    (a deleted source counts as changed)."""
    if not row.sources or index is None:
        return False
    base = project if row.scope == "workspace" and project else index.root.path
    for path, digest in row.sources:
        if digest and path and index.source_hash(base, path) != digest:
            return True
    return False


def with_prerequisites(
    selected: list[Candidate], indexes: Sequence[MemoryIndex], options: RouteOptions
) -> tuple[list[Candidate], list[str]]:
    """The pack in output order: each selected memory preceded by its `depends_on`
    prerequisites (transitively, foundation first); also the ids that could not be found."""
    known = {c.row.id: c for c in selected}
    pack: list[Candidate] = []
    placed: set[str] = set()
    missing: list[str] = []
    visiting: set[str] = set()

    def lookup(memory_id: str) -> Candidate | None:
        if memory_id in known:
            return known[memory_id]
        for index in indexes:  # workspace first: it wins over global
            for row in index.by_ids([memory_id]):
                if not visibility(row, options):
                    known[memory_id] = Candidate(row)
                    return known[memory_id]
        return None

    def place(candidate: Candidate, dependent: str | None) -> None:
        memory_id = candidate.row.id
        if memory_id in placed or memory_id in visiting:
            return  # already in the pack, or a cycle (reported by `engram graph`)
        visiting.add(memory_id)
        prerequisites = []
        for dep in candidate.row.depends_on:
            found = lookup(dep)
            if found is None:
                if dep not in missing:
                    missing.append(dep)
            else:
                prerequisites.append(found)
        for prerequisite in sorted(prerequisites, key=lambda c: c.row.level):
            place(prerequisite, memory_id)
        visiting.discard(memory_id)
        if candidate.prerequisite_of is None and dependent and candidate not in selected:
            candidate.prerequisite_of = dependent
        placed.add(memory_id)
        pack.append(candidate)

    for candidate in selected:
        place(candidate, None)
    return pack, missing
