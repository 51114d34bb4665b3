"""A node's neighbourhood as Graphviz DOT, Mermaid or a self-contained HTML page."""

from __future__ import annotations

import html
import json
import math
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
        f"  n{n.id} [label={json.dumps(f'{n.name} ({n.type})', ensure_ascii=False)}];"
        for n in nodes
    ]
    lines += [f"  n{a} -> n{b} [label={json.dumps(r)}];" for a, r, b in edges]
    return "\n".join([*lines, "}"]) + "\n"


def to_mermaid(graph: EntityGraph, node: Node, hops: int = 1) -> str:
    nodes, edges = neighbourhood(graph, node, hops)
    lines = ["graph LR"]
    for n in nodes:
        label = f"{n.name} ({n.type})".replace('"', "'")
        lines.append(f'  n{n.id}["{label}"]')
    lines += [f"  n{a} -->|{r}| n{b}" for a, r, b in edges]
    return "\n".join(lines) + "\n"


def to_html(graph: EntityGraph, node: Node, hops: int = 1) -> str:
    """One page with an inline SVG (centre node in the middle, the rest on a circle) and a table
    of the edges — no scripts, no network."""
    nodes, edges = neighbourhood(graph, node, hops)
    size, radius = 640, 240
    place = {node.id: (size / 2, size / 2)}
    others = [n for n in nodes if n.id != node.id]
    for i, other in enumerate(others):
        angle = 2 * math.pi * i / max(len(others), 1)
        place[other.id] = (size / 2 + radius * math.cos(angle), size / 2 + radius * math.sin(angle))
    names = {n.id: n for n in nodes}
    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        'font-family="sans-serif" font-size="12">'
    ]
    for a, relation, b in edges:
        (x1, y1), (x2, y2) = place[a], place[b]
        svg.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#999"/>')
        svg.append(
            f'<text x="{(x1 + x2) / 2:.0f}" y="{(y1 + y2) / 2:.0f}" fill="#666">'
            f"{html.escape(relation)}</text>"
        )
    for n in nodes:
        x, y = place[n.id]
        colour = "#d33" if n.id == node.id else "#36c"
        svg.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="6" fill="{colour}"/>')
        svg.append(
            f'<text x="{x + 9:.0f}" y="{y + 4:.0f}">'
            f"{html.escape(n.name)} ({html.escape(n.type)})</text>"
        )
    svg.append("</svg>")
    rows = "".join(
        f"<tr><td>{html.escape(names[a].name)}</td><td>{html.escape(r)}</td><td>{html.escape(names[b].name)}</td></tr>"
        for a, r, b in edges
    )
    title = html.escape(node.name)
    return (
        f'<!doctype html>\n<html><head><meta charset="utf-8"><title>{title}</title></head><body>\n'
        f"<h1>{title} ({html.escape(node.type)})</h1>\n{''.join(svg)}\n"
        '<table border="1" cellpadding="4">'
        f"<tr><th>from</th><th>relation</th><th>to</th></tr>{rows}</table>\n"
        "</body></html>\n"
    )
