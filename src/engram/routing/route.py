"""Route a query to memories: anchor, rank, apply multipliers, admit, refine (SPEC A2–A3, A6).

Everything here is a pure function of the query terms, the index contents, the options and the
date passed in, so lifecycle and ranking rules are testable without touching the clock.

A plain `load` prints only the top few of what may be hundreds of related memories, so unless
`RouteOptions.score_all` asks for every candidate (dry runs, skill lookups, vector signals), only
the candidates that can reach the printed top are scored in full: the others get upper bounds
of their score — first the sum of their matched terms' idf (a term adds less than its idf to
BM25F), then their BM25 — times every multiplier except the staleness check, which reads source
files and can only lower a score. A candidate's BM25 is computed only while its first bound can
still beat the ones already ranked, and it is scored in full only while its second can. The
printed pack, its order and its counts are those of scoring every candidate.
"""

from __future__ import annotations

from itertools import islice
from time import strftime

from engram.files.index import FIELDS, json_list
from engram.plain import Frozen, Plain
from engram.routing.bm25 import fields_hit, idf, score, strong_hit

TYPE_CHECKING = False  # `typing` is not imported on the load path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from datetime import date
    from typing import Any

    Head = tuple[Any, ...]

    from engram.files.index import DocRow, MemoryIndex, Posting
    from engram.paths import Folder
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
SIGNAL_WEIGHT = 0.5  # how much a vector/graph signal (0..1) may raise an admitted score …
# … unless the signal carries its own `weight` (the built-in vector signal does)
SIGNAL_WIDEN = 0.75  # a signal this strong admits a term-sharing memory the anchor rule missed
MANY_ANCHORS = 4
SKIPPED_CARDS = 5

if TYPE_CHECKING:  # (the aliases of this module are for type checkers alone)
    # A signal maps (query text, candidates that share a term) to a 0..1 similarity per memory
    # key.
    Signal = Callable[[str, Sequence["Candidate"]], dict[str, float]]


class Candidate(Plain):
    """A memory considered for the pack, with why it scored what it did."""

    __slots__ = (
        "bm25", "factors", "freqs", "hits", "prerequisite_of", "row", "score", "stale", "strong",
    )  # fmt: skip

    def __init__(self, row: DocRow, strong: bool = False) -> None:
        self.row = row
        self.score = 0.0
        self.bm25 = 0.0
        self.hits: list[str] = []
        self.freqs: dict[str, Sequence[int]] = {}  # anchor -> tf per field
        self.factors: list[tuple[str, float]] = []
        self.stale = False
        self.strong = strong
        self.prerequisite_of: str | None = None

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


class Skip(Frozen):
    """A memory that matched but is not shown, with the reason."""

    __slots__ = ("id", "reason", "scope")

    def __init__(self, id: str, scope: str, reason: str) -> None:
        self.id = id
        self.scope = scope
        self.reason = reason


class Route(Plain):
    """The outcome of routing one query."""

    __slots__ = (
        "candidates", "hidden", "missing_prerequisites", "not_admitted", "pack", "skipped",
        "terms", "unscored",
    )  # fmt: skip

    def __init__(
        self,
        terms: QueryTerms,
        candidates: list[Candidate] | None = None,
        pack: list[Candidate] | None = None,
    ) -> None:
        self.terms = terms
        self.candidates = candidates or []  # admitted and scored, best first
        self.pack = pack or []  # selected + prerequisites, in order
        self.skipped: list[Skip] = []
        self.hidden: dict[str, int] = {}
        self.not_admitted = 0  # shared a term but failed the anchor rule
        self.missing_prerequisites: list[str] = []
        # Keys of admitted memories ranked below `candidates` and never scored in full (see the
        # module docstring); they count as related all the same.
        self.unscored: set[str] = set()

    def place(
        self, selected: list[Candidate], indexes: Sequence[MemoryIndex], options: RouteOptions
    ) -> None:
        """Make the pack of `selected` and their prerequisites (`with_prerequisites`); a
        prerequisite withheld is told as skipped, once. Of two files of one folder with one id
        (`engram doctor` names them), the first by path is the memory, as a fetch by id reads
        it, in the place of the better ranked."""
        first: dict[str, Candidate] = {}
        for candidate in selected:
            if candidate.key not in first or candidate.row.path < first[candidate.key].row.path:
                first[candidate.key] = candidate
        if len(first) < len(selected):
            selected = list({c.key: first[c.key] for c in selected}.values())
        self.pack, self.missing_prerequisites, withheld = with_prerequisites(
            selected, indexes, options
        )
        told = {(s.id, s.scope) for s in self.skipped}
        self.skipped += [s for s in withheld if (s.id, s.scope) not in told]

    @property
    def related(self) -> int:
        """All related memories: admitted candidates plus prerequisites pulled in."""
        return len({c.key for c in self.candidates} | self.unscored | {c.key for c in self.pack})

    @property
    def extra_cards(self) -> list[Candidate]:
        """Up to five admitted candidates that refinement left out of the pack."""
        in_pack = {c.key for c in self.pack}
        return [c for c in self.candidates if c.key not in in_pack][:SKIPPED_CARDS]


class RouteOptions(Frozen):
    """Knobs of a routing run; `today` is passed in so lifecycle rules are testable (None: the
    local date as the options are made, read without importing `datetime`, which a load
    otherwise does not need).

    `score_all=False` scores in full only the candidates a compact pack can print (see the
    module docstring); `select_all` and signals score every candidate regardless."""

    __slots__ = (
        "limit", "project", "query_text", "roles", "score_all", "select_all", "signals", "today",
        "today_iso",
    )  # fmt: skip

    def __init__(
        self,
        today: date | None,
        limit: int = 8,
        select_all: bool = False,
        roles: tuple[str, ...] = (),
        project: Folder | None = None,
        signals: tuple[Signal, ...] = (),
        query_text: str = "",
        score_all: bool = True,
    ) -> None:
        self.today = today
        self.today_iso = today.isoformat() if today else strftime("%Y-%m-%d")
        self.limit = limit
        self.select_all = select_all
        self.roles = roles
        self.project = project
        self.signals = signals
        self.query_text = query_text
        self.score_all = score_all


def visibility(row: DocRow, options: RouteOptions) -> str:
    """'' when the memory may be routed, else why not: ignore, role, archived, superseded,
    or lifecycle (its valid_until has passed)."""
    return _hidden(row.ignored, row.roles_json, row.lifecycle, row.valid_until, options)


def _hidden(
    ignored: bool, roles_json: str, lifecycle: str, valid_until: str | None, options: RouteOptions
) -> str:
    if ignored:
        return "ignore"
    if roles_json != "[]" and options.roles and not set(json_list(roles_json)) & set(options.roles):
        return "role"
    if lifecycle in ("archived", "superseded"):
        return lifecycle
    if valid_until and valid_until < options.today_iso:
        return "lifecycle"
    return ""


def shadowed(indexes: Sequence[MemoryIndex], rows: list[DocRow]) -> set[str]:
    """Keys of global rows whose id also exists in the workspace (the workspace wins)."""
    return _shadowed(indexes, [r.id for r in rows if r.scope == "global"])


def _shadowed(indexes: Sequence[MemoryIndex], global_ids: list[str]) -> set[str]:
    workspace = [ix for ix in indexes if ix.root.scope == "workspace"]
    if not workspace or not global_ids:
        return set()
    present = {r.id for ix in workspace for r in ix.by_ids(global_ids)}
    return {f"global:{mid}" for mid in present}


# A related memory as routing first reads it: its `HEAD_COLUMNS` (see `MemoryIndex.heads`)
# and its scope. The whole row is read only for the memories scored in full.
_DOC, _ID, _TYPE, _LIFECYCLE, _VALID_UNTIL, _CONFIDENCE, _ROLES, _IGNORED = range(8)
_LENGTHS = slice(8, 8 + len(FIELDS))

if TYPE_CHECKING:
    # An admitted memory before it is scored in full: (index position, head, scope, matched
    # terms, skill).
    _Entry = tuple[int, Head, str, dict[int, Sequence[int]], bool]


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
        slots = _slots(index.postings(stems), terms)
        per_doc.update(((position, doc), slot) for doc, slot in slots.items())
    if not per_doc:
        return result
    averages = [t / doc_count if doc_count else 0.0 for t in totals]
    df = [0] * len(terms.anchors)
    for slot in per_doc.values():
        for a in slot:
            df[a] += 1
    weights = [idf(doc_count, d) for d in df]

    many = len(terms.anchors) >= MANY_ANCHORS
    # Heads are read only for memories that can still be admitted: on a large workspace most
    # postings belong to memories the anchor rule turns away.
    needs_row = terms.wants_skills or bool(options.signals) or not many
    wanted = [k for k, slot in per_doc.items() if needs_row or len(slot) >= 2 or _strong(slot)]
    # Each index's heads by doc number, in the order of the indexes.
    heads: list[dict[int, Head]] = [
        index.heads([doc for (p, doc) in wanted if p == position])
        for position, index in enumerate(indexes)
    ]
    scopes = [index.root.scope for index in indexes]
    global_ids = [
        head[_ID]
        for position, found in enumerate(heads)
        if scopes[position] == "global"
        for head in found.values()
    ]
    hidden_keys = _shadowed(indexes, global_ids)
    hidden: dict[str, int] = {}
    admitted: list[_Entry] = []
    weak: list[_Entry] = []
    for key in wanted:
        head = heads[key[0]].get(key[1])
        if head is None:
            continue
        scope = scopes[key[0]]
        if hidden_keys and f"{scope}:{head[_ID]}" in hidden_keys:  # none without a global folder
            reason = "shadowed"
        elif head[_IGNORED] or head[_ROLES] != "[]" or head[_VALID_UNTIL]:
            reason = _hidden(head[_IGNORED], head[_ROLES], head[_LIFECYCLE], head[_VALID_UNTIL],
                             options)  # fmt: skip
        else:  # the common case, without a call
            lifecycle = head[_LIFECYCLE]
            reason = lifecycle if lifecycle in ("archived", "superseded") else ""
        if reason == "lifecycle":
            from engram.safety.ids import masked_id  # rare: not loaded on every load

            # never read in full (its verdict is not asked for): its id alone is checked
            result.skipped.append(Skip(masked_id(head[_ID]), scope, "lifecycle"))
            continue
        if reason:
            hidden[reason] = hidden.get(reason, 0) + 1
            continue
        slot = per_doc[key]
        skill = terms.wants_skills and head[_TYPE] == "skill"
        entry = (key[0], head, scope, slot, skill)
        if many and len(slot) + skill < 2 and not _strong(slot):
            weak.append(entry)
        else:
            admitted.append(entry)
    result.hidden = hidden
    # Memories whose rows were never read (one weak hit under the anchor rule) count too.
    result.not_admitted = len(weak) + len(per_doc) - len(wanted)
    fetches = _fetch_counts(indexes, admitted + (weak if options.signals else []))
    context = (terms, fetches, indexes, options.project, averages, weights)
    if options.score_all or options.select_all or options.signals:
        candidates = _candidates(admitted, context)
        widened = _apply_signals(candidates, _candidates(weak, context), options)
        result.not_admitted -= widened
        for candidate in candidates:
            _score(candidate, context)
        order = {id(c): n for n, c in enumerate(candidates)}
        candidates.sort(
            key=lambda c: (-c.score, c.row.scope != "workspace", c.row.id, order[id(c)])
        )
        result.candidates = candidates
        selected = candidates if options.select_all else candidates[: options.limit]
        result.place(selected, indexes, options)
        return result
    ranked = _ranked(admitted, context)
    top = list(islice(ranked, options.limit + SKIPPED_CARDS))
    selected = top[: options.limit]
    result.place(selected, indexes, options)
    # A prerequisite that is itself a candidate is not shown again as a left-out card, so the
    # cards reach that much further down the ranking.
    keys = {f"{e[2]}:{e[1][_ID]}" for e in admitted}
    in_pack = {c.key for c in result.pack} - {c.key for c in selected}
    top += islice(ranked, len(in_pack & keys))
    result.candidates = top
    result.unscored = keys - {c.key for c in top}
    return result


def _slots(
    postings: dict[str, list[Posting]], terms: QueryTerms
) -> dict[int, dict[int, Sequence[int]]]:
    """doc -> {anchor number: tf per field} of one index's postings; an anchor found under
    several stems takes the highest tf of each field."""
    slots: dict[int, dict[int, Sequence[int]]] = {}
    for a, anchor in enumerate(terms.anchors):
        for stem in anchor.stems:
            for doc, tfs in postings.get(stem, ()):
                slot = slots.get(doc)
                if slot is None:
                    slots[doc] = {a: tfs}
                    continue
                old = slot.get(a)
                slot[a] = tfs if old is None else tuple(map(max, old, tfs))
    return slots


def _strong(slot: dict[int, Sequence[int]]) -> bool:
    # A loop: `any` costs twice as much for the one or two terms of most memories.
    for tfs in slot.values():  # noqa: SIM110
        if strong_hit(tfs):
            return True
    return False


def _fetch_counts(indexes: Sequence[MemoryIndex], entries: list[_Entry]) -> dict[str, int]:
    """Recorded `load --id` fetches of these memories, by key."""
    fetches: dict[str, int] = {}
    for position, index in enumerate(indexes):
        scope = index.root.scope
        ids = [e[1][_ID] for e in entries if e[0] == position]
        for mid, count in index.fetch_counts(ids).items():
            fetches[f"{scope}:{mid}"] = count
    return fetches


# What scoring a candidate in full needs beside it: the query terms, the fetch counts by key,
# the indexes, the project folder (for staleness), and BM25's average field lengths and term
# weights (idf).
if TYPE_CHECKING:
    _Context = tuple[
        QueryTerms, dict[str, int], Sequence[MemoryIndex], Folder | None, list[float], list[float]
    ]


def _bm25(entry: _Entry, context: _Context) -> float:
    _, head, _, slot, _ = entry
    return score(slot, head[_LENGTHS], context[4], context[5])


def _candidates(entries: list[_Entry], context: _Context) -> list[Candidate]:
    """Candidates for these entries, their whole rows read (one query an index)."""
    terms, _, indexes, _, _, _ = context
    rows: dict[tuple[int, int], DocRow] = {}
    for position, index in enumerate(indexes):
        docs = [e[1][_DOC] for e in entries if e[0] == position]
        if docs:
            rows.update(((position, doc), row) for doc, row in index.docs(docs).items())
    out = []
    for entry in entries:
        position, head, _, slot, skill = entry
        candidate = Candidate(rows[(position, head[_DOC])], strong=_strong(slot))
        candidate.bm25 = _bm25(entry, context)
        for a, freqs in slot.items():
            word = terms.anchors[a].word
            candidate.hits.append(word)
            candidate.freqs[word] = freqs
        if skill:
            candidate.factors.append(("workflow skill", MULTIPLIERS["workflow skill"]))
        out.append(candidate)
    return out


def _multipliers(
    lifecycle: str, confidence: str, scope: str, stale: bool, fetched: int
) -> list[tuple[str, float]]:
    """The multipliers after BM25 and any signal, in the order they are applied."""
    factors = []
    if lifecycle == "review_due":
        factors.append(("review_due", MULTIPLIERS["review_due"]))
    if stale:
        factors.append(("stale", MULTIPLIERS["stale"]))
    if confidence in ("medium", "low"):
        name = f"confidence {confidence}"
        factors.append((name, MULTIPLIERS[name]))
    if scope == "workspace":
        factors.append(("workspace", MULTIPLIERS["workspace"]))
    if fetched:
        factors.append(("fetched", 1.0 + min(FETCH_BOOST_MAX, FETCH_BOOST_STEP * fetched)))
    return factors


def _product(value: float, factors: list[tuple[str, float]]) -> float:
    for _, factor in factors:
        value *= factor
    return value


def _score(candidate: Candidate, context: _Context) -> None:
    """Apply the multipliers, staleness included, and set the final score."""
    _, fetches, indexes, project, _, _ = context
    row = candidate.row
    index = next((ix for ix in indexes if ix.root.scope == row.scope), None)
    candidate.stale = is_stale(row, index, project)
    fetched = fetches.get(candidate.key, 0)
    candidate.factors += _multipliers(row.lifecycle, row.confidence, row.scope, candidate.stale,
                                      fetched)  # fmt: skip
    candidate.score = _product(candidate.bm25, candidate.factors)


_BATCH = 16  # whole rows read at a time while scoring in full


def _ranked(admitted: list[_Entry], context: _Context) -> Iterator[Candidate]:
    """The admitted memories in the order a full scoring sorts them, scoring each in full only
    when it may come next.

    Each memory has three keys, sorted as the full sort sorts scores (best first, ties broken
    by scope, id and position): the sum of its matched terms' idf times its multipliers, then
    its BM25 times them — its bound, equal to its score to the last bit when it is not stale
    (the same factors multiply in the same order) — then its score. None is better than the one
    before it. A memory's next key is computed only when its present one may beat the best
    scored so far; the best scored is next as soon as no other memory's key can beat it."""
    _, fetches, _, _, _, weights = context
    factors = _factor_lists(admitted, fetches)
    rough = sorted(_rough_keys(admitted, factors, weights))
    bounded: list[tuple[float, bool, str, int]] = []  # BM25 known, not scored in full
    low = None  # the least of `bounded` (found again only when it is taken out)
    ready: dict[int, Candidate] = {}  # whole rows read ahead, by entry number
    scored: list[tuple[float, bool, str, int, Candidate]] = []  # scored, not yet yielded
    nxt = 0
    while True:
        best = min(scored)[:4] if scored else None
        if (
            nxt < len(rough)
            and (low is None or rough[nxt] < low)
            and (best is None or rough[nxt] <= best)
        ):
            n = rough[nxt][3]
            nxt += 1
            bm25 = _bm25(admitted[n], context)
            key = _key(_product(bm25, factors[n]), admitted[n], n)
            bounded.append(key)
            low = key if low is None else min(low, key)
        elif low is not None and (best is None or low <= best):
            n = low[3]
            bounded.remove(low)
            low = min(bounded) if bounded else None
            if n not in ready:
                ahead = [key[3] for key in sorted(bounded)[: _BATCH - 1]]
                batch = [n, *(b for b in ahead if b not in ready)]
                ready.update(
                    zip(batch, _candidates([admitted[b] for b in batch], context), strict=True)
                )
            candidate = ready.pop(n)
            _score(candidate, context)
            row = candidate.row
            scored.append((-candidate.score, row.scope != "workspace", row.id, n, candidate))
        elif scored:
            chosen = min(scored)
            scored.remove(chosen)
            yield chosen[4]
        else:
            return


def _rough_keys(
    admitted: list[_Entry], factors: list[list[tuple[str, float]]], weights: list[float]
) -> list[tuple[float, bool, str, int]]:
    """Each memory's first key (see `_ranked`): `_key` of the sum of its matched terms' idf
    times its multipliers (`_product`), all in one loop (a short query on a large workspace
    admits thousands of memories, and three calls each cost more than their arithmetic).

    The sum is at least the BM25F of the memory: a term adds less than its idf (its weight
    times tf / (K1 + tf)), and smaller floats added in the same order as `score` adds them
    never make a larger sum."""
    keys = []
    for n, (_, head, scope, slot, _) in enumerate(admitted):
        value = 0.0
        for term in slot:
            value += weights[term]
        for _, factor in factors[n]:  # as `_product` multiplies
            value *= factor
        keys.append((-value, scope != "workspace", head[_ID], n))  # as `_key` makes it
    return keys


def _key(value: float, entry: _Entry, n: int) -> tuple[float, bool, str, int]:
    """How the full sort orders a memory of this score (best first)."""
    return (-value, entry[2] != "workspace", entry[1][_ID], n)


def _factor_lists(admitted: list[_Entry], fetches: dict[str, int]) -> list[list[tuple[str, float]]]:
    """Each memory's multipliers but staleness, in the order they are applied."""
    lists = []
    # Most memories share one of a few factor lists: build each list once.
    known: dict[tuple[bool, str, str, str, int], list[tuple[str, float]]] = {}
    for _, head, scope, _, skill in admitted:
        fetched = fetches.get(f"{scope}:{head[_ID]}", 0) if fetches else 0  # mostly none
        kind = (skill, head[_LIFECYCLE], head[_CONFIDENCE], scope, fetched)
        factors = known.get(kind)
        if factors is None:
            skilled = [("workflow skill", MULTIPLIERS["workflow skill"])] if skill else []
            multipliers = _multipliers(head[_LIFECYCLE], head[_CONFIDENCE], scope, False, fetched)
            factors = known[kind] = skilled + multipliers
        lists.append(factors)
    return lists


def _apply_signals(admitted: list[Candidate], weak: list[Candidate], options: RouteOptions) -> int:
    """Let vector/graph signals re-rank admitted memories and widen to weak ones (returns how
    many were widened). Only memories that already share a query term are ever passed to a
    signal."""
    widened = 0
    for signal in options.signals:
        pool = admitted + weak
        scores = signal(options.query_text, pool)
        weight = getattr(signal, "weight", SIGNAL_WEIGHT)
        for candidate in admitted:
            value = min(max(scores.get(candidate.key, 0.0), 0.0), 1.0)
            if value:
                candidate.factors.append(("signal", 1.0 + weight * value))
        for candidate in list(weak):
            value = min(max(scores.get(candidate.key, 0.0), 0.0), 1.0)
            if value >= SIGNAL_WIDEN:
                candidate.factors.append(("signal", 1.0 + weight * value))
                weak.remove(candidate)
                admitted.append(candidate)
                widened += 1
    return widened


def is_stale(row: DocRow, index: MemoryIndex | None, project: Folder | None) -> bool:
    """A memory is stale when a source file it recorded a hash for now has another hash
    (a deleted source counts as changed)."""
    if not row.sources or index is None:
        return False
    base = project if row.scope == "workspace" and project else index.root.folder
    for path, digest in row.sources:
        if digest and path and index.source_hash(base, path) != digest:
            return True
    return False


def with_prerequisites(
    selected: list[Candidate], indexes: Sequence[MemoryIndex], options: RouteOptions
) -> tuple[list[Candidate], list[str], list[Skip]]:
    """The pack in output order: each selected memory preceded by its `depends_on`
    prerequisites (transitively, foundation first); also the ids that could not be found, and
    the prerequisites that exist but are withheld: expired, superseded or archived (an ignored
    one, or one of another role, is withheld without a word, as routing withholds it)."""
    known = {c.row.id: c for c in selected}
    pack: list[Candidate] = []
    placed: set[str] = set()
    missing: list[str] = []
    withheld: list[Skip] = []
    visiting: set[str] = set()

    def lookup(memory_id: str) -> Candidate | None:
        if memory_id in known:
            return known[memory_id]
        for index in indexes:  # workspace first: it wins over global, hidden or not
            rows = index.by_ids([memory_id])
            if rows:
                reasons = [visibility(row, options) for row in rows]
                visible = [row for row, reason in zip(rows, reasons, strict=True) if not reason]
                if not visible:
                    _withhold(rows[0], reasons[0])
                    return None
                known[memory_id] = Candidate(visible[0])
                return known[memory_id]
        if memory_id not in missing:
            missing.append(memory_id)
        return None

    def _withhold(row: DocRow, reason: str) -> None:
        # a memory prints `requires: <id>`, so the agent is told why that id is not in the pack
        if reason in ("lifecycle", "superseded", "archived"):
            from engram.safety.ids import masked_id

            skip = Skip(masked_id(row.id), row.scope, reason)
            if all((s.id, s.scope) != (skip.id, skip.scope) for s in withheld):
                withheld.append(skip)

    def place(first: Candidate) -> None:
        # Depth first, prerequisites before their dependent, on a stack of (memory, its
        # dependent, its prerequisites not yet placed): a chain of thousands of prerequisites
        # must not reach Python's recursion limit.
        stack: list[tuple[Candidate, str | None, Iterator[Candidate] | None]] = [
            (first, None, None)
        ]
        while stack:
            candidate, dependent, todo = stack[-1]
            memory_id = candidate.row.id
            if todo is None:
                if memory_id in placed or memory_id in visiting:
                    stack.pop()  # already in the pack, or a cycle (reported by `engram graph`)
                    continue
                visiting.add(memory_id)
                prerequisites = []
                for dep in candidate.row.depends_on:
                    found = lookup(dep)
                    if found is not None:
                        prerequisites.append(found)
                todo = iter(sorted(prerequisites, key=lambda c: c.row.level))
                stack[-1] = (candidate, dependent, todo)
            prerequisite = next(todo, None)
            if prerequisite is not None:
                stack.append((prerequisite, memory_id, None))
                continue
            stack.pop()
            visiting.discard(memory_id)
            if candidate.prerequisite_of is None and dependent and candidate not in selected:
                candidate.prerequisite_of = dependent
            placed.add(memory_id)
            pack.append(candidate)

    for candidate in selected:
        place(candidate)
    return pack, missing, withheld
