"""The entity graph (SPEC B9): people, companies, places… and typed relations between them, in
the same SQLite file as the facts.

- Nodes are de-duplicated by type and normalised name (NFKC + casefold + single spaces), so
  "Иван Петров" and "иван  петров" are one person; aliases map more names to a node; a merge
  keeps both nodes' rows and records which one now stands for both.
- Relations are directed and carry a confidence, the fact they came from and a validity
  period. Relations in `EXCLUSIVE` allow one current target per source: relating a new one ends
  the old one (a changed job closes the old `works_at`), so history stays and nothing is deleted.
- Queries run a breadth-first search over an in-memory adjacency list (rebuilt when the graph
  changes), up to 4 hops, visiting at most `max_visited` nodes and returning at most
  `max_paths` paths, each with its edges so an answer can be explained.
"""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engram.errors import EngramError
from engram.graph.types import NODE_TYPES
from engram.store.db import now_iso
from engram.store.normalize import normalize_text
from engram.store.unsafe import node_reason, refuse, texts_of

if TYPE_CHECKING:
    from engram.store.backend import Backend
    from engram.store.store import MemoryStore

# Common relations and how they read backwards. The set is open: any lower_snake name works.
INVERSES = {
    "works_at": "employs",
    "leads": "led_by",
    "founded": "founded_by",
    "located_in": "location_of",
    "uses": "used_by",
    "part_of": "has_part",
    "invested_in": "backed_by",
    "holds_role": "role_of",
    "in_industry": "industry_of",
    "reports_to": "manages",
    "member_of": "has_member",
    "owns": "owned_by",
    "produces": "produced_by",
    "attended": "attended_by",
    "knows": "knows",
}
EXCLUSIVE = frozenset({"works_at", "holds_role", "located_in", "reports_to"})
MAX_HOPS = 4
# A node's name or alias is a name, not a text: longer ones are refused when added.
MAX_NAME_CHARS = 200
_RELATION = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
NAME_HINT = "name the entity as people do; put what more there is in an attribute"


def name_problem(field: str, name: str) -> str:
    """Why `name` cannot name an entity, naming `field` ('' when it can): a control character
    (a terminal escape in a name acts on every terminal that lists, shows or queries the graph)
    or more than `MAX_NAME_CHARS` characters."""
    control = _CONTROL.search(name)
    if control:
        return (
            f"{field} holds a control character ({control.group()!r} at character "
            f"{control.start() + 1}); a name is one line of text"
        )
    if len(name) > MAX_NAME_CHARS:
        return f"{field} is {len(name):,} characters, more than {MAX_NAME_CHARS}"
    return ""


def _readable(field: str, texts: Iterable[str]) -> None:
    """An EngramError naming `field` when a text holds a lone surrogate: undecodable bytes of a
    command line arrive so, and the store can neither keep one nor look one up."""
    from engram.store.inputs import readable

    for text in texts:
        try:
            readable(text, field)
        except ValueError as exc:
            raise EngramError(str(exc)) from None


@dataclass
class Node:
    id: int
    name: str
    type: str
    attrs: dict[str, Any] = field(default_factory=dict)
    aliases: list[str] = field(default_factory=list)
    merged_into: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "attrs": self.attrs,
            "aliases": self.aliases,
            "merged_into": self.merged_into,
        }

    def shown_name(self) -> str:
        """The name a message may give the node: an entity withheld as unsafe (`node_reason`:
        a name an older version stored unchecked) is named by its id alone."""
        return f"[node {self.id}: withheld as unsafe]" if node_reason(self) else self.name

    def shown_json(self) -> dict[str, Any]:
        """`to_json` for an output: an entity withheld as unsafe has its `shown_name`, no
        aliases or attributes, and `withheld`, the reason."""
        shown = self.to_json()
        reason = node_reason(self)
        if reason:
            shown.update(name=self.shown_name(), aliases=[], attrs={}, withheld=reason)
        return shown


@dataclass
class Edge:
    id: int
    src: int
    relation: str
    dst: int
    confidence: float = 0.8
    fact_id: str | None = None
    valid_from: str = ""
    valid_to: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "src": self.src,
            "relation": self.relation,
            "dst": self.dst,
            "confidence": self.confidence,
            "fact_id": self.fact_id,
            "valid_from": self.valid_from,
            "valid_to": self.valid_to,
        }


@dataclass
class Path:
    """Nodes from the start to an answer, and the edges between them."""

    nodes: list[Node]
    edges: list[Edge]

    @property
    def end(self) -> Node:
        return self.nodes[-1]

    def __str__(self) -> str:
        parts = [self.nodes[0].name]
        for edge, node in zip(self.edges, self.nodes[1:], strict=True):
            forward = edge.dst == node.id or edge.dst == node.merged_into
            parts.append(f"—{edge.relation}→" if forward else f"←{edge.relation}—")
            parts.append(node.name)
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "nodes": [n.to_json() for n in self.nodes],
            "edges": [e.to_json() for e in self.edges],
            "text": str(self),
        }


def stem_key(name: str) -> str:
    """Each word of a name stemmed (Russian for Cyrillic, English otherwise): lets "Казани"
    find "Казань" and "companies" find "company"."""
    from engram.text.stem import stem
    from engram.text.tokenize import tokenize

    words = []
    for token in tokenize(name):
        if token.script == "cyrillic":
            words.append(stem(token.word, "russian"))
        elif token.script == "latin" and not token.word.isdigit():
            words.append(stem(token.word, "english"))
        else:
            words.append(token.word)
    return " ".join(words)


class _Adjacency:
    """Current edges by canonical node id: node -> [(edge, other node)]; nodes by id. Paths
    are built from these cached rows, so a query touches SQLite only to check freshness."""

    def __init__(self) -> None:
        self.out: dict[int, list[tuple[Edge, int]]] = {}
        self.nodes: dict[int, Node] = {}  # canonical nodes (attributes and aliases not loaded)
        self.canonical: dict[int, int] = {}
        self.seq = -1


class EntityGraph:
    """`store.graph`: add, relate, query, ask, list, show, merge."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store
        self._adjacency: _Adjacency | None = None

    @property
    def _db(self) -> Backend:
        return self.store._backend

    def _log(self, kind: str, **detail: Any) -> None:
        self._db.log_graph_event(now_iso(), kind, detail)

    # -- nodes ---------------------------------------------------------------------------
    def add(
        self,
        name: str,
        type: str = "other",
        aliases: Iterable[str] = (),
        attrs: dict[str, Any] | None = None,
    ) -> Node:
        """The node of this name and type, created if needed (an alias of an existing node
        counts as its name); extra aliases and attributes are added to it."""
        return self.add_related(name, type, aliases, attrs)[0]

    def add_related(
        self,
        name: str,
        type: str = "other",
        aliases: Iterable[str] = (),
        attrs: dict[str, Any] | None = None,
        relate: tuple[str, Node | int | str] | None = None,
    ) -> tuple[Node, Edge | None]:
        """`add`, and with `relate` = (relation, target) also the relation from the node to
        the target, in one transaction: a bad relation or a missing target leaves no node.

        A secret or a prompt injection in the name, an alias, an attribute or the relation is
        an EngramError naming the field; nothing is written."""
        name, names, values = self._checked(name, type, aliases, attrs)
        if relate is not None:
            relation, target = relate
            self._check_relation(relation)
            if isinstance(target, str):
                refuse("relation target", target)
        with self.store._write():
            node = self._ensure(name, type, names, values)
            edge = None
            if relate is not None:
                edge = self._relate(node, relate[0], self.resolve(relate[1]), now_iso(), 0.8, None)
        return node, edge

    def _checked(
        self, name: str, type: str, aliases: Iterable[str], attrs: dict[str, Any] | None
    ) -> tuple[str, builtins.list[str], dict[str, Any]]:
        """The name (spaces collapsed), aliases and attributes of a node to add, checked."""
        name = " ".join(str(name).split())
        names = [str(alias) for alias in aliases]
        values = dict(attrs or {})
        refuse("node name", name)  # first: the messages below would echo it
        refuse("node type", str(type))
        if type not in NODE_TYPES:
            raise EngramError(f"unknown node type {type!r}", hint="use " + ", ".join(NODE_TYPES))
        if not name:
            raise EngramError("a node needs a name")
        _readable("node name", [name])
        refuse("alias", names)
        _readable("alias", names)
        for what, text in [("node name", name), *(("alias", alias) for alias in names)]:
            problem = name_problem(what, text)
            if problem:
                raise EngramError(problem, hint=NAME_HINT)
        for key, value in values.items():
            refuse("attribute key", str(key))
            refuse(f"attribute {key!r}", texts_of([value, {key: value}]))
            _readable(f"attribute {key!r}", texts_of([value, {key: value}]))
        return name, names, values

    def _check_relation(self, relation: str) -> None:
        refuse("relation", relation)  # first: the message below would echo it
        if not _RELATION.match(relation):
            raise EngramError(
                f"invalid relation {relation!r}",
                hint="use lower-case words joined by _, e.g. works_at",
            )

    def _ensure(self, name: str, type: str, aliases: list[str], attrs: dict[str, Any]) -> Node:
        norm = normalize_text(name)
        found = self._by_norm(norm, type)
        if found is None:
            node_id = self._db.insert_node(name, norm, stem_key(name), type, attrs, now_iso())
            self._log("node_added", node=node_id, name=name, type=type)
        else:
            node_id = found
            if attrs:
                current = self.node(node_id).attrs
                merged = {**current, **attrs}
                if merged != current:
                    self._db.set_node_attrs(node_id, merged)
                    self._log("attrs_set", node=node_id, attrs=attrs)
        for alias in aliases:
            alias_norm = normalize_text(alias)
            if alias_norm and alias_norm != norm and self._by_norm(alias_norm, type) is None:
                self._db.add_alias(alias_norm, type, node_id, alias)
                self._log("alias_added", node=node_id, alias=alias)
        return self.node(node_id)

    def _by_norm(self, norm: str, type: str) -> int | None:
        found = self._db.node_by_norm(norm, type)
        return None if found is None else self._canonical_id(found)

    def _canonical_id(self, node_id: int) -> int:
        seen = {node_id}
        while True:
            into = self._db.merged_into(node_id)
            if into is None or into in seen:
                return node_id
            node_id = into
            seen.add(node_id)

    def node(self, node_id: int) -> Node:
        # an id past 64 bits names no row, and the database cannot even be asked about it
        row = self._db.node_row(node_id) if -(2**63) <= node_id < 2**63 else None
        if row is None:
            raise EngramError(f"no node with id {node_id}")
        aliases = self._db.aliases_of(node_id)
        return Node(row[0], row[1], row[2], json.loads(row[3]), aliases, row[4])

    def find(self, name: str, type: str | None = None) -> list[Node]:
        """Nodes named `name` (or with it as an alias), else whose stemmed name matches."""
        _readable("node name", [name])
        ids = self._db.find_node_ids(normalize_text(name), stem_key(name), type)
        canonical = dict.fromkeys(self._canonical_id(i) for i in ids)
        return [self.node(i) for i in canonical]

    def resolve(self, ref: Node | int | str, type: str | None = None) -> Node:
        """A node given as a Node, an id, or a name (which must not be ambiguous)."""
        if isinstance(ref, Node):
            return self.node(self._canonical_id(ref.id))
        if isinstance(ref, int):
            return self.node(self._canonical_id(self.node(ref).id))
        found = self.find(ref, type)
        if not found:
            raise EngramError(
                f"no node named {ref!r}", hint="add it with `engram memory graph add`"
            )
        if len(found) > 1:
            kinds = ", ".join(f"{n.shown_name()} ({n.type})" for n in found)
            raise EngramError(
                f"{ref!r} names several nodes: {kinds}", hint="give the node's type or id"
            )
        return found[0]

    def list(self, type: str | None = None, limit: int = 100) -> builtins.list[Node]:
        from engram.store.db import rows_bound

        return [self.node(node_id) for node_id in self._db.list_node_ids(type, rows_bound(limit))]

    def merge(self, keep: Node | int | str, other: Node | int | str) -> Node:
        """Merge `other` into `keep`: both keep their rows and edges; `other` now resolves to
        `keep`, and its name becomes an alias of `keep`."""
        a, b = self.resolve(keep), self.resolve(other)
        if a.id == b.id:
            return a
        with self.store._write():
            self._db.set_merged_into(b.id, a.id)
            norm = normalize_text(b.name)
            if not self._db.alias_exists(norm, a.type):
                self._db.add_alias(norm, a.type, a.id, b.name)
            self._log("merged", keep=a.id, other=b.id)
        return self.node(a.id)

    # -- relations -----------------------------------------------------------------------
    def relate(
        self,
        a: Node | int | str,
        relation: str,
        b: Node | int | str,
        *,
        valid_from: str | None = None,
        confidence: float = 0.8,
        fact_id: str | None = None,
    ) -> Edge:
        """A directed relation from `a` to `b`. The same current relation is not repeated;
        for an exclusive relation (works_at, holds_role, located_in, reports_to) the source's
        other current edge of that relation is closed at `valid_from`."""
        self._check_relation(relation)
        for ref in (a, b):
            if isinstance(ref, str):
                refuse("relation target", ref)
        if not 0 <= confidence <= 1:
            raise EngramError(f"confidence must be from 0 to 1, got {confidence}")
        with self.store._write():
            return self._relate(
                self.resolve(a),
                relation,
                self.resolve(b),
                valid_from or now_iso(),
                confidence,
                fact_id,
            )

    def _relate(
        self,
        src: Node,
        relation: str,
        dst: Node,
        valid_from: str,
        confidence: float,
        fact_id: str | None,
    ) -> Edge:
        current = self._db.open_relations(src.id, relation)
        for row in current:
            if self._canonical_id(row[3]) == dst.id:
                return Edge(*row)  # already current: nothing changes
        if relation in EXCLUSIVE:
            for row in current:
                self._db.close_relation(row[0], valid_from)
                self._log("closed", edge=row[0], at=valid_from)
        edge_id = self._db.insert_relation(
            src.id, relation, dst.id, confidence, fact_id, valid_from, now_iso()
        )
        self._log("related", edge=edge_id, src=src.id, relation=relation, dst=dst.id)
        return self.edge(edge_id)

    def edge(self, edge_id: int) -> Edge:
        return Edge(*self._db.relation_row(edge_id))

    def edges_of(
        self, node: Node | int | str, *, include_closed: bool = False
    ) -> builtins.list[Edge]:
        target = self.resolve(node)
        ids = [target.id, *self._db.merged_children(target.id)]
        return [Edge(*row) for row in self._db.relations_of(ids, include_closed)]

    # -- queries -------------------------------------------------------------------------
    def _graph(self) -> _Adjacency:
        seq = self._db.graph_seq()
        if self._adjacency is not None and self._adjacency.seq == seq:
            return self._adjacency
        adj = _Adjacency()
        merged = {}
        for node_id, name, type, into in self._db.all_nodes():
            if into is None:
                adj.nodes[node_id] = Node(node_id, name, type)
            else:
                merged[node_id] = into
        for node_id in merged:
            target, seen = node_id, set()
            while target in merged and target not in seen:
                seen.add(target)
                target = merged[target]
            adj.canonical[node_id] = target
        for row in self._db.open_relations():
            edge = Edge(*row)
            a, b = adj.canonical.get(edge.src, edge.src), adj.canonical.get(edge.dst, edge.dst)
            adj.out.setdefault(a, []).append((edge, b))
            adj.out.setdefault(b, []).append((edge, a))
        adj.seq = seq
        self._adjacency = adj
        return adj

    def query(
        self,
        start: Node | int | str,
        relations: Sequence[str] | None = None,
        hops: int = 1,
        target_type: str | None = None,
        *,
        steps: Sequence[tuple[str, str | None]] | None = None,
        max_paths: int = 100,
        max_visited: int = 10_000,
    ) -> builtins.list[Path]:
        """Breadth-first search from `start` over current edges (either direction).

        Either `relations` (allowed at every hop) with `hops` and an optional `target_type`,
        or `steps`: one (relation, node type or None) per hop, e.g. companies in a city and
        then the people who work there. Each node is reached once, by a shortest path."""
        if steps is not None:
            hops = len(steps)
        if not 1 <= hops <= MAX_HOPS:
            raise EngramError(f"hops must be from 1 to {MAX_HOPS}, got {hops}")
        origin = self.resolve(start)
        adj = self._graph()
        allowed = set(relations) if relations else None
        parent: dict[int, tuple[int, Edge] | None] = {origin.id: None}
        frontier = [origin.id]
        found: builtins.list[int] = []
        nodes = adj.nodes
        for depth in range(hops):
            step = steps[depth] if steps is not None else None
            last = depth == hops - 1
            following: builtins.list[int] = []
            for node_id in frontier:
                for edge, other in adj.out.get(node_id, ()):
                    if other in parent or other not in nodes:
                        continue
                    if step is not None:
                        if edge.relation != step[0] or (step[1] and nodes[other].type != step[1]):
                            continue
                    elif allowed is not None and edge.relation not in allowed:
                        continue
                    parent[other] = (node_id, edge)
                    following.append(other)
                    if steps is None:
                        wanted = target_type is None or nodes[other].type == target_type
                    else:
                        wanted = last
                    if wanted:
                        found.append(other)
                    if len(found) >= max_paths or len(parent) >= max_visited:
                        return _paths(found, parent, nodes)
            frontier = following
        return _paths(found, parent, nodes)

    def view(
        self,
        start: Node | int | str | None = None,
        hops: int = 1,
        types: Sequence[str] | None = None,
        limit: int = 200,
    ) -> Any:
        """What a picture of the graph shows: see `engram.graph.view.graph_view`."""
        from engram.graph.view import graph_view

        return graph_view(self, start, hops, types, limit)

    def adjacency(self) -> _Adjacency:
        """The current nodes and edges in memory (read-only; rebuilt when the graph changes)."""
        return self._graph()

    def show(self, node: Node | int | str) -> dict[str, Any]:
        """A node with its aliases and all its edges (closed ones too), for people to read. An
        entity withheld as unsafe is named by its id alone (`Node.shown_name`); the node itself
        then has no aliases or attributes, and `withheld` gives the reason."""
        target = self.resolve(node)
        edges = self.edges_of(target, include_closed=True)
        names = {n: self.node(n).shown_name() for e in edges for n in (e.src, e.dst)}
        return {
            "node": target.shown_json(),
            "edges": [
                {**e.to_json(), "src_name": names[e.src], "dst_name": names[e.dst]} for e in edges
            ],
        }

    def ask(self, text: str) -> Any:
        """A small natural-language form (English and Russian): see `engram.graph.ask`. A
        question holding a secret or a prompt injection is refused: the answer quotes it."""
        from engram.graph.ask import ask
        from engram.store.unsafe import reason_of

        reason = reason_of([text]) if isinstance(text, str) else ""
        if reason:
            raise EngramError(
                f"question refused: {reason}",
                hint="ask without it: an answer repeats what it understood of the question",
            )
        return ask(self, text)


def _paths(
    ends: builtins.list[int], parent: dict[int, tuple[int, Edge] | None], nodes: dict[int, Node]
) -> builtins.list[Path]:
    """Walk the BFS parents back from each answer to the start."""
    paths = []
    for end in ends:
        chain_nodes, chain_edges = [end], []
        step = parent[end]
        while step is not None:
            chain_nodes.append(step[0])
            chain_edges.append(step[1])
            step = parent[step[0]]
        paths.append(Path([nodes[n] for n in reversed(chain_nodes)], chain_edges[::-1]))
    return paths
