"""SQL of search in a PostgreSQL store: the lexical leg's candidates from the full-text index
(`facts.lexemes`, GIN), the statistics BM25 scores them with (`term_stats`, `fact_counts`, kept
by triggers: see `schema.py`), and the vector leg's nearest facts from pgvector's HNSW index
when the server has the extension. The scoring itself is the store's (`store/dbsearch.py`), the
same code as for an SQLite file, so both backends rank alike.

A search is a few statements whatever the store's size; no process holds the whole store in
memory to answer one."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from hashlib import blake2b
from typing import TYPE_CHECKING, Any

import numpy as np

from engram.errors import StoreError, StoreReadOnly
from engram.store.backend import CandidateRows, CorpusStats, SearchFilter
from engram.store.index import MAX_POSTINGS, POOL_POSTINGS, SHORT_FACT, rare_idf
from engram.store.model import Fact
from engram.store.rows import FACT_COLUMNS, INDEX_COLUMNS, duplicate_from_row, fact_from_row

if TYPE_CHECKING:
    from engram.store.postgres.beside import Beside
    from engram.store.postgres.connection import PgConnection

# A query whose terms are held by more facts than this (the filter's share of them) is
# narrowed to its rarest terms first, as absorb's candidate search is: fetching every fact
# that shares a common word with it would cost more than the search.
RAREST_BUDGET = 1000
# How many of the narrowed matches are scored, the most query terms matched first.
NARROWED = 300

RAREST_TERMS = 4  # a new fact's rarest terms that find the facts it is compared with
# A fact's length as the in-memory index counts it (its terms, repeats included)
_LENGTH = "cardinality(array_remove(string_to_array(f.terms, ' '), ''))"
# Memory an HNSW build is given (when the server allows less): the graph of 100,000 vectors of
# 384 dimensions (~195 MB) is then built in memory, in 37 s instead of the 142 s it takes
# with PostgreSQL's default of 64 MB (measured here).
BUILD_MEMORY_KB = 256 * 1024

_COLUMNS = ", ".join("f." + c.strip() for c in INDEX_COLUMNS.split(","))
# A fact's columns and its duplicates' as a JSON array (NULL for the many facts without any),
# in the order they were seen: a fact whole in one row.
_FACTS = (
    ", ".join("facts." + c.strip() for c in FACT_COLUMNS.split(","))
    + ", (SELECT json_agg(json_build_array(d.at, d.content, d.source, d.tags, d.metadata) "
    "ORDER BY d.pos) FROM duplicates d WHERE d.fact_id = facts.id)::text"
)


def _facts_of(rows: Any) -> Iterator[tuple[Fact, Any]]:
    """The facts of rows of `_FACTS` and one more column, with that column's value."""
    for *row, copies, extra in rows:
        fact = fact_from_row(row)
        fact.duplicates += [duplicate_from_row(c) for c in json.loads(copies or "[]")]
        yield fact, extra


def tsquery(terms: Sequence[str], join: str = " | ") -> str:
    """A tsquery matching facts holding any (`|`) or all (`&`) of the terms, each quoted as
    one lexeme (the terms are already the tokenizer's stems: PostgreSQL parses nothing)."""
    quoted = ("'" + t.replace("\\", "\\\\").replace("'", "''") + "'" for t in terms)
    return join.join(dict.fromkeys(quoted))


def _where(where: SearchFilter) -> tuple[str, list[Any]]:
    clause = "f.status = ANY(?)"
    args: list[Any] = [list(where.statuses)]
    if where.scope is not None:
        clause += " AND f.scope = ?"
        args.append(where.scope)
    if where.scope_key is not None:
        clause += " AND f.scope_key = ?"
        args.append(where.scope_key)
    if where.kinds:
        clause += " AND f.kind = ANY(?)"
        args.append(list(where.kinds))
    return clause, args


def vector_text(vector: np.ndarray) -> str:
    """A dense vector as pgvector reads it."""
    return "[" + ",".join(map("{:.8g}".format, vector.tolist())) + "]"


class SearchTables:
    """Search statements on `self._conn` (mixed into `PostgresBackend`)."""

    _conn: PgConnection
    has_vectors: bool  # the server has pgvector and `vectors.embedding` exists
    _hnsw: set[tuple[str, int]]  # (model, dims) whose HNSW index this process made sure of
    _beside: Beside  # runs the vector leg on a second connection (`nearest_beside`)

    # -- reading facts by id (one statement whatever the number of ids) --------------------
    def get_facts(self, ids: Any) -> dict[str, Fact]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        rows = self._conn.execute(
            f"SELECT {_FACTS}, NULL FROM facts WHERE facts.id = ANY(?)", (wanted,)
        )
        return {fact.id: fact for fact, _ in _facts_of(rows)}

    def facts_and_cosines(
        self, model: str, vector: np.ndarray, ids: Sequence[str], scored: Sequence[str]
    ) -> tuple[dict[str, Fact], dict[str, float]]:
        """The facts of these ids, and the inner product (cosine) of `vector` with the vector
        of `model` of each that has one and is not among `scored` (whose cosine the caller
        has): `get_facts` and `cosines` in one statement."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}, {}
        width = len(vector)
        rows = self._conn.execute(
            f"SELECT {_FACTS}, CASE WHEN facts.id <> ALL(?) THEN (SELECT "
            f"-(v.embedding::vector({width}) <#> ?::vector({width})) FROM vectors v "
            f"WHERE v.fact_id = facts.id AND {_indexed(model, width)}) END "
            "FROM facts WHERE facts.id = ANY(?)",
            (list(scored), vector_text(vector), wanted),
        )
        facts, cosines = {}, {}
        for fact, cosine in _facts_of(rows):
            facts[fact.id] = fact
            if cosine is not None:
                cosines[fact.id] = float(cosine)
        return facts, cosines

    def terms_of_facts(self, ids: Any) -> dict[str, list[str]]:
        wanted = list(ids)
        if not wanted:
            return {}
        rows = self._conn.execute("SELECT id, terms FROM facts WHERE id = ANY(?)", (wanted,))
        return {fact_id: terms.split() for fact_id, terms in rows}

    # -- the lexical leg ---------------------------------------------------------------------
    def corpus_stats(self, terms: Sequence[str], where: SearchFilter) -> CorpusStats:
        """How many facts hold each term, and the counts BM25 normalises by."""
        clause, args = _where(where)
        clause = clause.replace("f.", "")
        # one statement: the counts, and the terms' frequencies as a JSON object
        row = self._conn.execute(
            "SELECT COALESCE(SUM(facts), 0), COALESCE(SUM(length), 0), "
            f"COALESCE(SUM(facts) FILTER (WHERE {clause}), 0), "
            "(SELECT json_object_agg(term, facts) FROM term_stats WHERE term = ANY(?))::text "
            "FROM fact_counts",
            [*args, list(set(terms))],
        ).fetchone()
        if row is None:
            return CorpusStats(0, 0, 0, {})
        total, length, live, frequency = row
        counts = {str(t): int(n) for t, n in json.loads(frequency or "{}").items()}
        return CorpusStats(int(total), int(length), int(live), counts)

    def lexical_candidates(
        self,
        terms: Sequence[str],
        where: SearchFilter,
        stats: CorpusStats,
        model: str | None,
    ) -> CandidateRows:
        """The facts the filter selects that hold a query term, with their vector of `model`
        (None: without vectors): every one of them when they are few enough (`complete`),
        else those holding the query's rarest terms, the most query terms first."""
        held = sorted(
            (t for t in set(terms) if stats.frequency.get(t)), key=stats.frequency.__getitem__
        )
        if not held or not stats.live:
            return CandidateRows([], complete=True)
        share = stats.live / max(stats.total, 1)
        expected = share * sum(stats.frequency[t] for t in held)
        if expected <= RAREST_BUDGET:
            rows = self._candidates(tsquery(held), where, model, None, RAREST_BUDGET + 1)
            if len(rows) <= RAREST_BUDGET:
                return CandidateRows(rows, complete=True)
        rarest: list[str] = []
        spent = 0.0
        for term in held:
            spent += share * stats.frequency[term]
            if rarest and spent > RAREST_BUDGET:
                break
            rarest.append(term)
        # (when even the rarest term is over the budget, its facts are ranked and cut)
        rows = self._candidates(tsquery(rarest), where, model, tsquery(held), NARROWED)
        return CandidateRows(rows, complete=False)

    def _candidates(
        self,
        query: str,
        where: SearchFilter,
        model: str | None,
        rank_by: str | None,
        limit: int,
    ) -> list[tuple[Sequence[Any], Any]]:
        clause, args = _where(where)
        extra, extra_args = "v.vector", [model]
        if model is None:
            extra, extra_args = "NULL", [""]
        order = ""
        order_args: list[Any] = []
        if rank_by is not None:
            # ts_rank of lexemes without positions counts the query terms a fact holds
            order, order_args = " ORDER BY ts_rank(f.lexemes, ?::tsquery) DESC, f.pos", [rank_by]
        # the facts are chosen (and ranked, and cut) first, then only they join their vector;
        # only the columns scoring reads are carried through the sort
        rows = self._conn.execute(
            f"SELECT {_COLUMNS}, {extra} FROM (SELECT {_COLUMNS} FROM facts f "
            f"WHERE f.lexemes @@ ?::tsquery AND {clause}{order} LIMIT ?) f "
            "LEFT JOIN vectors v ON v.fact_id = f.id AND v.model = ?",
            [query, *args, *order_args, limit, *extra_args],
        ).fetchall()
        return [(row[:-1], row[-1]) for row in rows]

    # -- absorb's candidates -------------------------------------------------------------------
    def similar(
        self,
        terms: Sequence[str],
        where: SearchFilter,
        k: int,
        rarest: int = RAREST_TERMS,
        pool: int = POOL_POSTINGS,
    ) -> list[tuple[str, str]]:
        """(id, content) of the k facts the filter selects most like a new fact with these
        terms, chosen as the in-memory index chooses them (`SearchIndex.top_matches`): by the
        idf of the `rarest` rarest terms they hold, from the postings of a few rare terms (up
        to `pool` postings in all); of equal ones, the newest."""
        counts = Counter(terms)
        # The counts table knows no kinds, and only its store-wide total is used here.
        stats = self.corpus_stats(list(counts), replace(where, kinds=()))
        frequency = stats.frequency
        chosen = sorted((t for t in counts if frequency.get(t)), key=frequency.__getitem__)
        chosen = [t for t in chosen[:rarest] if frequency[t] <= MAX_POSTINGS]
        if not chosen:
            return []
        pooled, budget = [], pool
        for term in chosen:
            if frequency[term] > budget:
                break
            budget -= frequency[term]
            pooled.append(term)
        clause, args = _where(where)
        if not pooled:
            # even the rarest term is common: the shortest facts holding the two rarest both
            return [(fact_id, content) for fact_id, content, _ in
                    self._shortest(chosen[:2], clause, args, k)]  # fmt: skip
        score, score_args = [], []
        for term in pooled:
            score.append("CASE WHEN f.lexemes @@ ?::tsquery THEN ? ELSE 0 END")
            score_args += [tsquery([term]), counts[term] * rare_idf(stats.total, frequency[term])]
        rows = self._conn.execute(
            f"SELECT f.id, f.content, {' + '.join(score)} AS score, f.pos FROM facts f "
            f"WHERE f.lexemes @@ ?::tsquery AND {clause} ORDER BY score DESC, f.pos DESC LIMIT ?",
            [*score_args, tsquery(pooled), *args, k],
        ).fetchall()
        found = {str(i): (float(s), int(pos), str(content)) for i, content, s, pos in rows}
        left_out = [t for t in chosen if t not in pooled]
        if len(found) < k and left_out and len(counts) <= SHORT_FACT:
            # a short fact's subject, as the in-memory index adds it: the shortest facts
            # holding the rarest term the pool could not hold
            left = left_out[0]
            weight = counts[left] * rare_idf(stats.total, frequency[left])
            for fact_id, content, pos in self._shortest([left], clause, args, k - len(found)):
                was = found.get(fact_id, (0.0, pos, content))
                found[fact_id] = (was[0] + weight, pos, content)
        ranked = sorted(found.items(), key=lambda item: item[1][:2], reverse=True)
        return [(fact_id, content) for fact_id, (_, _, content) in ranked[:k]]

    def _shortest(
        self, terms: Sequence[str], clause: str, args: list[Any], n: int
    ) -> list[tuple[str, str, int]]:
        """(id, content, pos) of the n shortest facts the filter selects that hold all of
        `terms`, newest first, chosen as `SearchIndex._shortest_holding` chooses them (the
        newest of equally short ones)."""
        rows = self._conn.execute(
            "SELECT f.id, f.content, f.pos FROM facts f "
            f"WHERE f.lexemes @@ ?::tsquery AND {clause} ORDER BY {_LENGTH}, f.pos DESC LIMIT ?",
            [tsquery(terms, " & "), *args, n],
        ).fetchall()
        return sorted(((str(i), str(c), int(p)) for i, c, p in rows), key=lambda r: -r[2])

    def similar_among(
        self, terms: Sequence[str], where: SearchFilter, k: int, few: int
    ) -> list[tuple[str, str]]:
        """(id, content) of the k facts the filter selects that best match a new fact with
        these terms, each term weighed by how rare it is among those facts alone, as
        `SearchIndex.matches_among` weighs them; of equal ones, the newest. None when the
        filter selects more than `few` facts: the scan stays within a few hundred rows."""
        counts = Counter(terms)
        if not counts:
            return []
        clause, args = _where(where)
        found = self._conn.execute(
            f"SELECT COUNT(*) FROM (SELECT 1 FROM facts f WHERE {clause} LIMIT ?) AS selected",
            [*args, few + 1],
        ).fetchone()
        selected = int(found[0]) if found else 0
        if not selected or selected > few:
            return []
        names = list(counts)
        queries = [tsquery([term]) for term in names]
        held = ", ".join("COUNT(*) FILTER (WHERE f.lexemes @@ ?::tsquery)" for _ in names)
        row = self._conn.execute(
            f"SELECT {held} FROM facts f WHERE {clause}", [*queries, *args]
        ).fetchone()
        weights = {
            term: counts[term] * rare_idf(selected, int(n))
            for term, n in zip(names, row or (), strict=True)
            if n
        }
        if not weights:
            return []
        score = " + ".join("CASE WHEN f.lexemes @@ ?::tsquery THEN ? ELSE 0 END" for _ in weights)
        score_args: list[Any] = []
        for term, weight in weights.items():
            score_args += [tsquery([term]), weight]
        rows = self._conn.execute(
            f"SELECT f.id, f.content FROM facts f WHERE f.lexemes @@ ?::tsquery AND {clause} "
            f"ORDER BY {score} DESC, f.pos DESC LIMIT ?",
            [tsquery(list(weights)), *args, *score_args, k],
        ).fetchall()
        return [(str(fact_id), str(content)) for fact_id, content in rows]

    # -- the vector leg (pgvector) ------------------------------------------------------------
    def nearest(
        self, model: str, vector: np.ndarray, where: SearchFilter, k: int, build: bool = True
    ) -> list[tuple[Sequence[Any], float]]:
        """The k facts the filter selects whose vector of `model` has the highest inner
        product with `vector` (vectors are unit length: their cosine), from the HNSW index
        (made first when missing, if `build`; without it the server scores every vector)."""
        if build:
            self.vector_index(model, len(vector))
        return self._scored(*_nearest(model, vector, where, k))

    def _scored(self, statement: str, args: Sequence[Any]) -> list[tuple[Sequence[Any], float]]:
        """The rows of a statement whose last column is a score, run on this connection."""
        return _scored_rows(self._conn.execute(statement, args).fetchall())

    def nearest_beside(
        self, model: str, vector: np.ndarray, where: SearchFilter, k: int
    ) -> Callable[[], list[tuple[Sequence[Any], float]]]:
        """`nearest`, started on a connection borrowed from the pool so that the server walks
        the HNSW index while this connection runs the lexical leg; call the result for the
        rows. It runs on this connection instead inside a transaction (only this connection
        sees what the transaction wrote), when the process holds every connection of its
        pool, and again here when the borrowed one failed (a server that restarted)."""
        self.vector_index(model, len(vector))
        statement, args = _nearest(model, vector, where, k)
        running = None if self._conn.in_transaction else self._beside.submit(statement, args)
        if running is None:
            here = self._scored(statement, args)
            return lambda: here

        def result() -> list[tuple[Sequence[Any], float]]:
            try:
                rows = running.result()
            except StoreError:
                rows = None
            return self._scored(statement, args) if rows is None else _scored_rows(rows)

        return result

    def cosines(self, model: str, vector: np.ndarray, ids: Sequence[str]) -> dict[str, float]:
        """The inner product (cosine) of `vector` with the vectors of `model` of these facts."""
        width = len(vector)
        rows = self._conn.execute(
            f"SELECT v.fact_id, -(v.embedding::vector({width}) <#> ?::vector({width})) "
            f"FROM vectors v WHERE v.fact_id = ANY(?) AND {_indexed(model, width)}",
            [vector_text(vector), list(ids)],
        )
        return {str(fact_id): float(cosine) for fact_id, cosine in rows}

    def has_hnsw_index(self, model: str) -> bool:
        """Whether an HNSW index of this model's vectors exists (of any width)."""
        literal = model.replace("'", "''")
        row = self._conn.execute(
            "SELECT 1 FROM pg_indexes WHERE tablename = 'vectors' AND indexdef LIKE '%USING hnsw%' "
            "AND strpos(indexdef, ?) > 0",
            (f"(model = '{literal}'::text)",),
        ).fetchone()
        return row is not None

    def vector_index(self, model: str, width: int) -> None:
        """The HNSW index of one model's vectors (a partial index on their width), made the
        first time the store absorbs or searches with that model. Never inside a transaction:
        the build takes minutes at scale and would hold the write lock (and a rollback would
        undo it). A role that may not create it searches without it."""
        if (model, width) in self._hnsw or self._conn.in_transaction:
            return
        name, create = hnsw_index(model, width)
        # asked first: CREATE INDEX IF NOT EXISTS needs the table's owner even when it exists
        row = self._conn.execute("SELECT to_regclass(?) IS NOT NULL", (name,)).fetchone()
        if not (row and row[0]):
            from psycopg import errors

            raised = self._raise_build_memory()
            try:
                self._conn.execute(create)
            except StoreReadOnly:
                pass  # the same nearest facts, scored by a scan of the vectors
            except (errors.UniqueViolation, errors.DuplicateTable):
                pass  # another process built it at the same moment: it exists
            finally:
                if raised:
                    self._conn.execute("RESET maintenance_work_mem")
        self._hnsw.add((model, width))

    def _raise_build_memory(self) -> bool:
        """Give this session's index build `BUILD_MEMORY_KB` when the server's setting is
        lower (never lowering it); True when it was raised and must be reset after."""
        row = self._conn.execute(
            "SELECT setting::bigint FROM pg_settings WHERE name = 'maintenance_work_mem'"
        ).fetchone()
        if row is None or int(row[0]) >= BUILD_MEMORY_KB:
            return False
        self._conn.execute(f"SET maintenance_work_mem = '{BUILD_MEMORY_KB}kB'")
        return True


def hnsw_index(model: str, width: int) -> tuple[str, str]:
    """The name of one model's HNSW index and the statement that makes it."""
    name = "vectors_hnsw_" + blake2b(f"{model}/{width}".encode(), digest_size=6).hexdigest()
    create = (
        f"CREATE INDEX IF NOT EXISTS {name} ON vectors USING hnsw "
        f"((embedding::vector({width})) vector_ip_ops) WHERE {_indexed(model, width, '')}"
    )
    return name, create


def _nearest(model: str, vector: np.ndarray, where: SearchFilter, k: int) -> tuple[str, list[Any]]:
    """The statement of `SearchTables.nearest`, and its parameters."""
    width = len(vector)
    clause, args = _where(where)
    text = vector_text(vector)
    # The model and width are written into the statement, not bound: the planner uses a
    # partial index only when it can see the statement asks for what the index holds.
    statement = (
        f"SELECT {_COLUMNS}, -(v.embedding::vector({width}) <#> ?::vector({width})) "
        "FROM vectors v JOIN facts f ON f.id = v.fact_id "
        f"WHERE {_indexed(model, width)} AND {clause} "
        f"ORDER BY v.embedding::vector({width}) <#> ?::vector({width}) LIMIT ?"
    )
    return statement, [text, *args, text, k]


def _scored_rows(rows: Sequence[Sequence[Any]]) -> list[tuple[Sequence[Any], float]]:
    """Rows whose last column is a score, as (the other columns, the score)."""
    return [(row[:-1], float(row[-1])) for row in rows]


def _indexed(model: str, width: int, table: str = "v.") -> str:
    """The rows of one HNSW index: one model's vectors of one width."""
    literal = model.replace("'", "''")
    return f"{table}model = '{literal}' AND vector_dims({table}embedding) = {width}"
