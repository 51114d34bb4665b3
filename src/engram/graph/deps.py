"""Dependency layers of memory files (SPEC A6): `depends_on` edges, layers, cycles, missing ids."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class DependencyGraph:
    """Layer 0 holds memories with no prerequisites; layer n depends on layer n-1 at most."""

    depends_on: dict[str, list[str]] = field(default_factory=dict)
    levels: dict[str, int] = field(default_factory=dict)
    layers: list[list[str]] = field(default_factory=list)
    cycles: list[list[str]] = field(default_factory=list)
    missing: dict[str, list[str]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        layer_of = {mid: n for n, layer in enumerate(self.layers) for mid in layer}
        return {
            "version": 1,
            "nodes": [
                {
                    "id": mid,
                    "level": self.levels.get(mid, 0),
                    "layer": layer_of.get(mid),
                    "depends_on": deps,
                }
                for mid, deps in sorted(self.depends_on.items())
            ],
            "layers": self.layers,
            "cycles": self.cycles,
            "missing": self.missing,
        }


def _strongly_connected(edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative so deep chains cannot overflow the stack."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            successors = edges.get(node, [])
            if child < len(successors):
                work.append((node, child + 1))
                nxt = successors[child]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                groups.append(sorted(group))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return groups


def build_graph(entries: Iterable[tuple[str, list[str], int]]) -> DependencyGraph:
    """Build the graph from (id, depends_on, level) triples."""
    graph = DependencyGraph()
    for mid, deps, level in entries:
        graph.depends_on[mid] = list(dict.fromkeys(deps))
        graph.levels[mid] = level
    edges = {
        mid: [d for d in deps if d in graph.depends_on] for mid, deps in graph.depends_on.items()
    }
    for mid, deps in graph.depends_on.items():
        absent = [d for d in deps if d not in graph.depends_on]
        if absent:
            graph.missing[mid] = absent
    cyclic: set[str] = set()
    for group in _strongly_connected(edges):
        if len(group) > 1 or group[0] in edges.get(group[0], []):
            graph.cycles.append(group)
            cyclic.update(group)
    depth: dict[str, int] = {}
    # Longest path from a memory down to its foundations, ignoring members of cycles.
    order = sorted(m for m in edges if m not in cyclic)
    for mid in order:
        stack = [(mid, False)]
        while stack:
            node, ready = stack.pop()
            if node in depth:
                continue
            deps = [d for d in edges[node] if d not in cyclic]
            if ready or not deps:
                depth[node] = 1 + max((depth[d] for d in deps), default=-1)
                continue
            stack.append((node, True))
            stack.extend((d, False) for d in deps if d not in depth)
    if depth:
        graph.layers = [[] for _ in range(max(depth.values()) + 1)]
        for mid in sorted(depth):
            graph.layers[depth[mid]].append(mid)
    return graph
