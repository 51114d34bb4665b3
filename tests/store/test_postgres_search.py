"""Search in a PostgreSQL store runs in the database: candidates from the GIN full-text index
of the facts' stems, BM25 from the term and fact counts the triggers keep, and the same results
as an SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from engram.config import load_config
from engram.errors import StoreReadOnly
from engram.store import MemoryStore
from engram.store.postgres import search as pg_search
from tests.pgserver import empty, read_only_role, writing_role

PEOPLE = [
    "Kenji Park moved the billing service to Frankfurt in March.",
    "Maria Lopez owns the billing dashboards and their alerts.",
    "The billing service retries failed charges three times.",
    "Omar rotated the staging database password on Monday.",
]


@pytest.fixture
def url(postgres_url: str) -> str:
    empty(postgres_url)
    return postgres_url


@pytest.fixture
def store(url: str) -> Iterator[MemoryStore]:
    with MemoryStore.open(url, config=load_config(None, env={})) as opened:
        opened.absorb(PEOPLE, scope="agent", scope_key="ops")
        yield opened


def _counts(url: str) -> tuple[list[tuple[str, int]], list[tuple[str, str, str, int, int]]]:
    with psycopg.connect(url) as conn:
        terms = conn.execute("SELECT term, facts FROM term_stats WHERE facts > 0 ORDER BY term")
        facts = conn.execute(
            "SELECT * FROM fact_counts WHERE facts > 0 ORDER BY scope, scope_key, status"
        )
        return terms.fetchall(), facts.fetchall()


def _recounted(url: str) -> tuple[list[tuple[str, int]], list[tuple[str, str, str, int, int]]]:
    with psycopg.connect(url) as conn:
        terms = conn.execute(
            "SELECT term, COUNT(*) FROM facts, unnest(tsvector_to_array(lexemes)) AS term "
            "GROUP BY term ORDER BY term"
        )
        facts = conn.execute(
            "SELECT scope, scope_key, status, COUNT(*), SUM(cardinality(array_remove("
            "string_to_array(terms, ' '), ''))) FROM facts GROUP BY scope, scope_key, status "
            "ORDER BY scope, scope_key, status"
        )
        return terms.fetchall(), facts.fetchall()


def test_the_counts_follow_absorb_supersede_delete_and_erase(store: MemoryStore, url: str) -> None:
    first = store.search("billing dashboards")[0].fact.id
    store.update(first, "Maria Lopez owns the billing dashboards, alerts and runbooks.")
    store.delete(store.search("staging database password")[0].fact.id)
    store.erase(store.search("retries failed charges")[0].fact.id)
    assert _counts(url) == _recounted(url)


def test_a_copy_into_the_database_counts_every_fact_once(url: str, tmp_path: Path) -> None:
    with MemoryStore.open(tmp_path / "memory.db", config=load_config(None, env={})) as local:
        local.absorb(PEOPLE, scope="agent", scope_key="ops")
        local.copy_to(url)
    assert _counts(url) == _recounted(url)


def test_the_lexical_leg_uses_the_gin_index(store: MemoryStore, url: str) -> None:
    with psycopg.connect(url) as conn:
        conn.execute("SET enable_seqscan = off")  # four rows: the planner would scan them
        plan = "\n".join(
            row[0]
            for row in conn.execute(
                "EXPLAIN SELECT id FROM facts WHERE lexemes @@ %s::tsquery",
                (pg_search.tsquery(["billing"]),),
            )
        )
    assert "facts_lexemes" in plan


def test_a_query_of_common_words_finds_the_fact_holding_its_rarest_word(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a budget of one fact a query: "billing" (in three facts) is too common to fetch whole
    monkeypatch.setattr(pg_search, "RAREST_BUDGET", 1)
    monkeypatch.setattr(pg_search, "NARROWED", 1)
    [hit] = store.search("billing Frankfurt", top_k=1)
    assert hit.fact.content == PEOPLE[0]


def test_a_store_of_the_first_schema_gets_its_full_text_index_on_open(
    url: str, tmp_path: Path
) -> None:
    from engram.store.postgres.connection import PgConnection
    from engram.store.postgres.schema import m001_schema
    from engram.store.transfer import TABLES

    with MemoryStore.open(tmp_path / "memory.db", config=load_config(None, env={})) as local:
        local.absorb(PEOPLE, scope="agent", scope_key="ops")
        expected = [h.fact.content for h in local.search("who owns the billing alerts")]
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP SCHEMA public CASCADE")
            conn.execute("CREATE SCHEMA public")
        conn = PgConnection(url, 5.0)
        try:  # a database as the first schema left it, with rows in it
            conn.execute("CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at FLOAT)")
            m001_schema(conn)
            conn.execute("INSERT INTO _migrations VALUES ('m001_schema', 0)")
            for table, every_column, order in TABLES[:2]:  # facts, vectors
                columns = every_column.replace(", checked", "")  # added by a later migration
                marks = ", ".join("?" * len(columns.split(",")))
                for rows in local._backend.table_rows(table, columns, order, 100):
                    conn.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)
        finally:
            conn.close()
    with MemoryStore.open(url, config=load_config(None, env={})) as shared:
        found = [h.fact.content for h in shared.search("who owns the billing alerts")]
    assert found == expected and found[0] == PEOPLE[1]
    assert _counts(url) == _recounted(url)


def test_a_server_without_pgvector_leaves_its_migration_for_later(
    store: MemoryStore, url: str
) -> None:
    with psycopg.connect(url) as conn:
        names = [name for (name,) in conn.execute("SELECT name FROM _migrations ORDER BY name")]
    assert "m003_pgvector" not in names and {"m001_schema", "m002_full_text_search"} <= set(names)


def test_absorb_finds_what_a_new_fact_updates_without_loading_the_store(url: str) -> None:
    with MemoryStore.open(url, config=load_config(None, env={})) as first:
        first.absorb(["Alice lives in Berlin."], scope="user", scope_key="alice")
        first.absorb([f"Fact {n} about the build farm." for n in range(50)], scope="agent")
    with MemoryStore.open(url, config=load_config(None, env={})) as later:
        [outcome] = later.absorb(
            ["Alice lives in Munich now, she moved from Berlin."], scope="user", scope_key="alice"
        )
        assert outcome.outcome == "supersede"
        assert later._index is None  # no process loads the whole store to absorb one fact


def test_absorb_compares_a_fact_only_with_facts_of_its_scope_and_key(url: str) -> None:
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        store.absorb(["Alice lives in Berlin."], scope="user", scope_key="alice")
        store.absorb(["Alice lives in Berlin."], scope="user", scope_key="bob", kind="event")
        [other_key] = store.absorb(["Alice lives in Munich now."], scope="user", scope_key="zed")
        [same] = store.absorb(["Alice lives in Berlin."], scope="user", scope_key="alice")
    assert other_key.outcome == "new"
    assert same.outcome == "duplicate"


def test_absorb_never_compares_a_fact_with_an_event_in_the_database(url: str) -> None:
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        store.absorb(["Alice lives in Berlin."], scope="user", scope_key="k", kind="event")
        [outcome] = store.absorb(["Alice lives in Munich now."], scope="user", scope_key="k")
    assert outcome.outcome == "new"


def _batch_outcomes(where: str | Path) -> list[tuple[str, list[str]]]:
    """Outcomes of a batch whose facts update each other and the stored ones, the targets
    named by their text (ids differ between stores)."""
    cities = ["Berlin", "Munich", "Paris", "Lisbon", "Oslo", "Rome"]
    stored = [f"Person{n} lives in {cities[n % 6]} and works on service{n % 7}." for n in range(60)]
    batch = [f"Person{n} lives in {cities[(n + 1) % 6]} now." for n in range(0, 60, 3)]
    batch += [f"Service{n} is owned by Person{n * 2}." for n in range(7)]
    batch += [f"Person{n} lives in {cities[(n + 2) % 6]} now." for n in range(0, 60, 6)]
    with MemoryStore.open(where, config=load_config(None, env={})) as store:
        store.absorb(stored, scope="agent", scope_key="k")
        outcomes = store.absorb(batch, scope="agent", scope_key="k")
        text = {f.id: f.content for f in store.list(status=None, limit=1000)}
    return [(o.outcome, [text[t] for t in o.related_ids]) for o in outcomes]


def test_a_batch_is_classified_as_an_sqlite_file_classifies_it(url: str, tmp_path: Path) -> None:
    # the batch's own earlier facts are candidates ranked with the stored ones, by the
    # database's counts, as the in-memory index ranks them all
    assert _batch_outcomes(url) == _batch_outcomes(tmp_path / "memory.db")


def test_a_role_that_may_only_read_searches_and_is_refused_a_write(url: str) -> None:
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        store.absorb(PEOPLE, scope="agent", scope_key="ops")
    auditor = read_only_role(url, "auditor")
    with MemoryStore.open(auditor, config=load_config(None, env={})) as store:
        [hit] = store.search("who owns the dashboards", top_k=1)
        assert hit.fact.content == PEOPLE[1]
        assert len(store.list(scope="agent")) == len(PEOPLE)
        assert "Maria Lopez" in str(store.digest("billing dashboards", scopes=("agent",)))
        with pytest.raises(StoreReadOnly, match="cannot write the memory store"):
            store.absorb(["Omar owns the staging database."], scope="agent", scope_key="ops")
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        assert store.count(scope="agent") == len(PEOPLE)


def test_an_upgrade_only_the_owner_may_make_is_refused_to_a_writer_in_one_line(url: str) -> None:
    with MemoryStore.open(url, config=load_config(None, env={})) as store:
        store.absorb(PEOPLE, scope="agent", scope_key="ops")
    writer = writing_role(url, "writer")
    with psycopg.connect(url, autocommit=True) as conn:  # a store an older Engram left
        conn.execute("DELETE FROM _migrations WHERE name = 'm006_verdict_seals'")
        conn.execute("ALTER TABLE facts DROP COLUMN checked")
    with pytest.raises(StoreReadOnly, match=r"needs an upgrade of its tables .*only their owner"):
        MemoryStore.open(writer, config=load_config(None, env={}))
    MemoryStore.open(url, config=load_config(None, env={})).close()  # the owner opens it
    with MemoryStore.open(writer, config=load_config(None, env={})) as store:
        [hit] = store.search("who owns the dashboards", top_k=1)
        assert hit.fact.content == PEOPLE[1]


def _probe_outcome(where: str | Path) -> str:
    """A new fact whose four rarest words each find one stored fact: the lookup by its
    probes runs only when a probe is indexed, on either backend."""
    stored = ["Alice lives in Berlin with Zed."]
    stored += [f"Alice likes topic {n}." for n in range(4)]
    stored += [f"Bob{n} lives in Rome{n}." for n in range(4)]
    stored += [f"Zed plays game {n}." for n in range(4)]
    stored += [f"The note Qx{n} is long." for n in range(1, 5)]
    with MemoryStore.open(where, config=load_config(None, env={})) as store:
        store.absorb(stored, scope="agent", scope_key="k")
        [outcome] = store.absorb(
            ["Alice lives in Munich with Zed now, Qx1 Qx2 Qx3 Qx4."], scope="agent", scope_key="k"
        )
    return outcome.outcome


def test_absorb_looks_a_fact_up_by_its_probes_as_an_sqlite_file_does(
    url: str, tmp_path: Path
) -> None:
    assert _probe_outcome(url) == _probe_outcome(tmp_path / "memory.db")


def test_a_copy_from_a_file_scores_by_vectors_the_file_made_from_terms(
    url: str, tmp_path: Path
) -> None:
    # the file stores no offline vector: the database search makes the copied facts' own
    with MemoryStore.open(tmp_path / "memory.db", config=load_config(None, env={})) as local:
        local.absorb(PEOPLE, scope="agent", scope_key="ops")
        expected = [(h.fact.content, h.cosine) for h in local.search("billing service charges")]
        local.copy_to(url)
    with MemoryStore.open(url, config=load_config(None, env={})) as shared:
        found = [(h.fact.content, h.cosine) for h in shared.search("billing service charges")]
    assert [content for content, _ in found] == [content for content, _ in expected]
    assert [cosine for _, cosine in found] == pytest.approx([cosine for _, cosine in expected])
    assert all(cosine > 0 for _, cosine in found)
