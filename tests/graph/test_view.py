"""One picture of the entity graph: a neighbourhood within a cap, each cut shown as "N more";
and the standalone HTML export drawn by the same renderer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engram.config import load_config
from engram.errors import EngramError
from engram.graph.export import to_html
from engram.store import MemoryStore


@pytest.fixture
def store(store_location: str | Path) -> Iterator[MemoryStore]:
    with MemoryStore.open(store_location, config=load_config(None, env={})) as opened:
        yield opened


def _star(store: MemoryStore, people: int) -> None:
    """A company with `people` employees, each of whom uses one technology."""
    graph = store.graph
    graph.add_related("Acme Corp", "company")
    graph.add_related("Python", "technology")
    for n in range(people):
        graph.add_related(f"Person {n}", "person", relate=("works_at", "Acme Corp"))
        graph.relate(f"Person {n}", "uses", "Python")


def test_a_neighbourhood_holds_the_nodes_within_its_hops(store: MemoryStore) -> None:
    _star(store, 3)
    one = store.graph.view("Person 0", hops=1)
    assert {n["name"] for n in one.nodes} == {"Person 0", "Acme Corp", "Python"}
    two = store.graph.view("Person 0", hops=2)
    assert len(two.nodes) == 5 and {n["depth"] for n in two.nodes} == {0, 1, 2}


def test_the_cap_keeps_the_nearest_nodes_and_counts_the_rest(store: MemoryStore) -> None:
    _star(store, 10)
    view = store.graph.view("Acme Corp", hops=2, limit=4)
    assert len(view.nodes) == 4 and view.reached == 12
    assert view.nodes[0]["name"] == "Acme Corp" and view.nodes[0]["more"] == 7
    shown = {n["id"] for n in view.nodes}
    assert all(e["source"] in shown and e["target"] in shown for e in view.edges)


def test_edges_keep_their_direction_and_relation(store: MemoryStore) -> None:
    _star(store, 1)
    view = store.graph.view("Person 0", hops=1)
    names = {n["id"]: n["name"] for n in view.nodes}
    found = {(names[e["source"]], e["relation"], names[e["target"]]) for e in view.edges}
    assert found == {("Person 0", "works_at", "Acme Corp"), ("Person 0", "uses", "Python")}


def test_a_type_filter_keeps_the_start_and_nodes_of_the_types(store: MemoryStore) -> None:
    _star(store, 2)
    view = store.graph.view("Person 0", hops=2, types=["person"])
    assert {n["name"] for n in view.nodes} == {"Person 0"}
    view = store.graph.view("Acme Corp", hops=1, types=["person"])
    assert {n["name"] for n in view.nodes} == {"Acme Corp", "Person 0", "Person 1"}


def test_without_a_start_the_best_connected_node_comes_first(store: MemoryStore) -> None:
    _star(store, 5)
    store.graph.add_related("Lonely", "other")
    view = store.graph.view(limit=200)
    assert view.start is None and len(view.nodes) == 8
    assert view.nodes[0]["name"] in {"Acme Corp", "Python"}


def test_an_unknown_type_is_an_error_naming_it(store: MemoryStore) -> None:
    with pytest.raises(EngramError, match="unknown node type 'planet'"):
        store.graph.view(types=["planet"])


def test_the_export_draws_the_view_with_everything_inlined(store: MemoryStore) -> None:
    _star(store, 2)
    page = to_html(store.graph, store.graph.resolve("Acme Corp"), hops=2)
    assert '<script type="application/json" id="graph-data">' in page
    assert "Cytoscape Consortium" in page and "engramGraph" in page
    assert not re.search(r"<(script|link|img)[^>]+(src|href)=", page)


def test_the_export_cannot_be_broken_out_of_by_a_name(store: MemoryStore) -> None:
    store.graph.add_related("</script><b>x", "other")
    page = to_html(store.graph, store.graph.resolve("</script><b>x"))
    assert "</script><b>x" not in page
