"""A node's neighbourhood as Graphviz DOT, Mermaid or a self-contained HTML page (drawn by the
UI's renderer, `engram.ui.standalone`). A node withheld as unsafe is named by its id alone, as
everywhere else: an export is pasted into chats and documents as readily as it is looked at."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engram.graph.entities import EntityGraph, Node


def neighbourhood(
    graph: EntityGraph, node: Node, hops: int = 1
) -> tuple[list[Node], list[tuple[int, str, int]]]:
    """Nodes within `hops` of `node` and the current edges among them."""
    paths = graph.query(node, hops=hops, max_paths=200)
    nodes = {node.id: node}
    for path in paths:
        for member in path.nodes:
            nodes.setdefault(member.id, member)
    edges = set()
    for path in paths:
        for edge in path.edges:
            edges.add((graph._canonical_id(edge.src), edge.relation, graph._canonical_id(edge.dst)))
    return list(nodes.values()), sorted(edges)


def to_dot(graph: EntityGraph, node: Node, hops: int = 1) -> str:
    nodes, edges = neighbourhood(graph, node, hops)
    lines = ["digraph engram {", "  rankdir=LR;"]
    lines += [
        f"  n{n.id} [label={json.dumps(f'{n.shown_name()} ({n.type})', ensure_ascii=False)}];"
        for n in nodes
    ]
    lines += [f"  n{a} -> n{b} [label={json.dumps(r)}];" for a, r, b in edges]
    return "\n".join([*lines, "}"]) + "\n"


def to_mermaid(graph: EntityGraph, node: Node, hops: int = 1) -> str:
    nodes, edges = neighbourhood(graph, node, hops)
    lines = ["graph LR"]
    for n in nodes:
        label = f"{n.shown_name()} ({n.type})".replace('"', "'")
        lines.append(f'  n{n.id}["{label}"]')
    lines += [f"  n{a} -->|{r}| n{b}" for a, r, b in edges]
    return "\n".join(lines) + "\n"


def to_html(graph: EntityGraph, node: Node, hops: int = 1) -> str:
    """One self-contained page drawing the node's neighbourhood with the UI's graph renderer
    (the vendored layout library inlined): colours and a legend per type, arrowheads, relation
    labels, hop and type filters; nothing is fetched."""
    from engram.ui.standalone import standalone_html

    view = graph.view(node, hops=hops)
    return standalone_html(view.to_json(), f"{node.shown_name()} ({node.type})")
