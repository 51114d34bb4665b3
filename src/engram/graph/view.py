"""What one picture of the entity graph shows: a node's neighbourhood (or, with no start, the
best-connected part of the graph), at most `limit` nodes, each with how many of its neighbours
were left out, so a large graph stays readable and every cut is visible ("N more").

The UI's graph page and `memory graph show --format html` draw the same view with the same
script (`engram/ui/static/graph.js`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engram.errors import EngramError
from engram.graph.types import NODE_TYPES

if TYPE_CHECKING:
    from engram.graph.entities import EntityGraph, Node

MAX_LIMIT = 1000  # beyond this a force layout in a browser is neither fast nor legible
WITHHELD = "withheld"


@dataclass
class GraphView:
    """Nodes (`id`, `name`, `type`, `depth`, `more`, and `withheld` with the reason for one
    whose name is unsafe) and edges (`id`, `source`, `target`, `relation`) of one picture."""

    nodes: list[dict[str, Any]] = field(default_factory=list)
    edges: list[dict[str, Any]] = field(default_factory=list)
    start: int | None = None
    hops: int = 1
    types: list[str] = field(default_factory=list)
    reached: int = 0  # nodes the view could have shown without its limit

    def to_json(self) -> dict[str, Any]:
        return {
            "nodes": self.nodes,
            "edges": self.edges,
            "start": self.start,
            "hops": self.hops,
            "types": self.types,
            "reached": self.reached,
            "shown": len(self.nodes),
            "node_types": list(NODE_TYPES),
        }


def graph_view(
    graph: EntityGraph,
    start: Node | int | str | None = None,
    hops: int = 1,
    types: Sequence[str] | None = None,
    limit: int = 200,
) -> GraphView:
    """The nodes within `hops` of `start` (breadth first, nearest kept when the limit cuts),
    or with no start the graph from its best-connected nodes outwards; only nodes of `types`
    when given (the start is always kept)."""
    from engram.graph.entities import MAX_HOPS
    from engram.store.unsafe import text_reason

    if not 1 <= hops <= MAX_HOPS:
        raise EngramError(f"hops must be from 1 to {MAX_HOPS}, got {hops}")
    if not 1 <= limit <= MAX_LIMIT:
        raise EngramError(f"limit must be from 1 to {MAX_LIMIT}, got {limit}")
    unknown = [t for t in types or () if t not in NODE_TYPES]
    if unknown:
        raise EngramError(f"unknown node type {unknown[0]!r}", hint=f"use {', '.join(NODE_TYPES)}")
    adj = graph.adjacency()
    wanted = set(types) if types else None

    def fits(node_id: int) -> bool:
        return node_id in adj.nodes and (wanted is None or adj.nodes[node_id].type in wanted)

    depth: dict[int, int] = {}
    order: list[int] = []
    if start is not None:
        origin = graph.resolve(start).id
        seeds, reach = [origin], hops
    else:
        origin = None
        degree = {n: len(adj.out.get(n, ())) for n in adj.nodes if fits(n)}
        seeds, reach = sorted(degree, key=lambda n: (-degree[n], n)), len(adj.nodes)
    for seed in seeds:
        if seed in depth:
            continue
        depth[seed] = 0
        frontier = [seed]
        order.append(seed)
        for level in range(1, reach + 1):
            following = []
            for node_id in frontier:
                for _, other in adj.out.get(node_id, ()):
                    if other not in depth and fits(other):
                        depth[other] = level
                        order.append(other)
                        following.append(other)
            if not following:
                break
            frontier = following
    chosen = order[:limit]
    shown = set(chosen)
    view = GraphView(start=origin, hops=hops, types=sorted(wanted or ()), reached=len(order))
    seen_edges: set[int] = set()
    for node_id in chosen:
        node = adj.nodes[node_id]
        left_out = set()
        for edge, other in adj.out.get(node_id, ()):
            if other in shown:
                if edge.id not in seen_edges:
                    seen_edges.add(edge.id)
                    view.edges.append(
                        {
                            "id": edge.id,
                            "source": adj.canonical.get(edge.src, edge.src),
                            "target": adj.canonical.get(edge.dst, edge.dst),
                            "relation": _shown_relation(edge.relation),
                        }
                    )
            elif fits(other):
                left_out.add(other)
        entry: dict[str, Any] = {
            "id": node_id,
            "name": node.name,
            "type": node.type,
            "depth": depth[node_id],
            "more": len(left_out),
        }
        reason = text_reason(node.name)
        if reason:  # the picture names the problem, never the text
            entry["name"], entry["withheld"] = WITHHELD, reason
        view.nodes.append(entry)
    return view


def _shown_relation(relation: object) -> str:
    """A relation's name, or `[unsafe]`: the name check runs when a relation is added, and an
    older or tampered store may hold anything (the picture is shown, exported and pasted)."""
    from engram.store.unsafe import text_reason

    return relation if isinstance(relation, str) and not text_reason(relation) else "[unsafe]"
