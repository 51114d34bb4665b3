"""Questions in words (en/ru), contacts import, exports."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engram.config import load_config
from engram.graph.contacts import parse_contacts
from engram.graph.export import to_dot, to_html, to_mermaid
from engram.store import MemoryStore

CONTACTS = [
    {"name": "Ivan Petrov", "title": "CTO", "company": "Acme Corp", "location": "Moscow",
     "industry": "fintech", "technologies": "React, Go", "source": "linkedin"},
    {"name": "Olga Smirnova", "title": "CTO", "company": "Beta Bank", "location": "Kazan",
     "industry": "fintech", "technologies": ["Vue"]},
    {"name": "Анна Иванова", "title": "CEO", "company": "Акме", "location": "Казань"},
]  # fmt: skip


@pytest.fixture
def store(store_location: str | Path) -> Iterator[MemoryStore]:
    with MemoryStore.open(store_location, config=load_config(None, env={})) as opened:
        opened.absorb_contacts(CONTACTS)
        yield opened


def names(store: MemoryStore, question: str) -> list[str]:
    answer = store.graph.ask(question)
    assert answer.parsed, answer.message
    return sorted(n.name for n in answer.answers)


def test_who_works_at_companies_in_a_city(store: MemoryStore) -> None:
    assert names(store, "Who works at companies in Kazan?") == ["Olga Smirnova"]


def test_companies_in_a_city(store: MemoryStore) -> None:
    assert names(store, "companies in Moscow") == ["Acme Corp"]


def test_which_ctos_use_a_technology(store: MemoryStore) -> None:
    assert names(store, "which CTOs use React") == ["Ivan Petrov"]


def test_who_leads(store: MemoryStore) -> None:
    graph = store.graph
    graph.relate("Ivan Petrov", "leads", "Acme Corp")
    assert names(store, "who leads Acme Corp") == ["Ivan Petrov"]
    assert names(store, "кто руководит Acme Corp") == ["Ivan Petrov"]


def test_russian_questions_with_inflected_names(store: MemoryStore) -> None:
    assert names(store, "компании в Казани") == ["Акме"]
    assert names(store, "кто работает в компаниях в Казани") == ["Анна Иванова"]
    assert names(store, "кто работает в Акме") == ["Анна Иванова"]


def test_unknown_phrasing_says_so_and_searches_node_names(store: MemoryStore) -> None:
    answer = store.graph.ask("tell me a story about Olga")
    assert not answer.parsed and "could not parse" in answer.message
    assert [n.name for n in answer.answers] == ["Olga Smirnova"]


def test_contacts_create_the_fact_nodes_and_edges(store: MemoryStore) -> None:
    [fact] = [f for f in store.list(tags=["contact"]) if f.content.startswith("Ivan")]
    assert fact.content == (
        "Ivan Petrov is CTO at Acme Corp (fintech), Moscow. Technologies: React, Go."
    )
    edges = {
        (e.relation, store.graph.node(e.dst).name) for e in store.graph.edges_of("Ivan Petrov")
    }
    assert edges == {("works_at", "Acme Corp"), ("holds_role", "CTO"), ("located_in", "Moscow"),
                     ("uses", "React"), ("uses", "Go")}  # fmt: skip
    assert all(e.fact_id == fact.id for e in store.graph.edges_of("Ivan Petrov"))


def test_reabsorbing_the_same_contact_changes_nothing(store: MemoryStore) -> None:
    before = (store.stats()["facts"], len(store.graph.list()), store._backend._conn.execute(
        "SELECT COUNT(*) FROM relations").fetchone()[0])  # fmt: skip
    [outcome] = store.absorb_contacts(CONTACTS[:1])
    after = (store.stats()["facts"], len(store.graph.list()), store._backend._conn.execute(
        "SELECT COUNT(*) FROM relations").fetchone()[0])  # fmt: skip
    assert outcome.outcome == "duplicate" and before == after


def test_a_changed_title_supersedes_the_fact_and_ends_the_old_role(store: MemoryStore) -> None:
    [outcome] = store.absorb_contacts([{**CONTACTS[0], "title": "CEO"}])
    assert outcome.outcome == "supersede"
    history = store.get(outcome.fact_id or "", mode="full_history")
    assert isinstance(history, list) and [f.status for f in history] == ["superseded", "active"]
    roles = [(store.graph.node(e.dst).name, e.valid_to is None)
             for e in store.graph.edges_of("Ivan Petrov", include_closed=True)
             if e.relation == "holds_role"]  # fmt: skip
    assert roles == [("CTO", False), ("CEO", True)]


def test_contacts_search_finds_people_with_confidence(store: MemoryStore) -> None:
    hits = store.search("CTO fintech Moscow")
    assert hits[0].content.startswith("Ivan Petrov") and hits[0].fact.confidence == 0.8


def test_a_contact_without_a_name_is_rejected(store: MemoryStore) -> None:
    assert store.absorb_contacts([{"title": "CTO"}])[0].outcome == "rejected"


def test_contacts_parse_from_json_jsonl_and_csv() -> None:
    assert parse_contacts('[{"name": "A B"}]') == [{"name": "A B"}]
    assert parse_contacts('{"name": "A B"}\n{"name": "C D"}') == [{"name": "A B"}, {"name": "C D"}]
    assert parse_contacts("name,title\nA B,CTO\n") == [{"name": "A B", "title": "CTO"}]


def test_exports_show_the_neighbourhood(store: MemoryStore) -> None:
    node = store.graph.resolve("Acme Corp")
    dot, mermaid, page = (f(store.graph, node) for f in (to_dot, to_mermaid, to_html))
    assert dot.startswith("digraph engram {") and '[label="works_at"]' in dot
    assert mermaid.startswith("graph LR") and "-->|works_at|" in mermaid
    assert page.startswith("<!doctype html>") and '"name": "Ivan Petrov"' in page
    assert '"relation": "works_at"' in page and "cytoscape" in page


def test_a_contact_with_a_secret_in_a_field_is_rejected_and_the_rest_go_on(
    store: MemoryStore,
) -> None:
    records = [{"name": "Pavel Orlov", "company": "Gamma", "notes": "token AKIAABCDEFGHIJKLMNOP"},
               {"name": "Maria Lopez", "company": "Delta"}]  # fmt: skip
    outcomes = store.absorb_contacts(records)
    assert [o.outcome for o in outcomes] == ["rejected", "new"]
    assert outcomes[0].reason.startswith("secret in field notes: AWS access key")
    assert "AKIA" not in outcomes[0].reason
    assert not store.graph.find("Pavel Orlov") and not store.graph.find("Gamma")


def test_exports_never_name_an_entity_withheld_as_unsafe(tmp_path: Path) -> None:
    key = "AKIAABCDEFGHIJKLMNOP"
    with MemoryStore.open(tmp_path / "m.db", config=load_config(None, env={})) as store:
        acme = store.graph.add("Acme Corp", "company")
        with store._write():  # a name an older version stored before names were checked
            store._backend._conn.execute(
                "INSERT INTO nodes (name, norm, stem, type, attrs, created_at) "
                "VALUES (?, ?, 'ivan', 'person', '{}', '2026-01-01')",
                (f"Ivan {key}", f"ivan {key.lower()}"),
            )
        (planted,) = [n for n in store.graph.list("person") if key in n.name]
        store.graph.relate(planted, "works_at", acme)
        for node in (acme, planted):
            assert all(key not in f(store.graph, node) for f in (to_dot, to_mermaid, to_html))
            assert f"[node {planted.id}: withheld as unsafe]" in to_dot(store.graph, node)
            assert f"[node {planted.id}: withheld as unsafe]" in to_mermaid(store.graph, node)
