"""Questions in plain words, without a model (English and Russian).

Each pattern maps a question to a graph query: a start node named in the question and one or
more (relation, node type) steps. Unknown phrasing returns `parsed = False` with the nodes whose
names share a word with the question, so the user still gets somewhere.

    who leads X / кто руководит X                    X ←leads— person
    who works at X / кто работает в X                 X ←works_at— person
    who works at companies in X /
        кто работает в компаниях в X                 X ←located_in— company ←works_at— person
    companies in X / компании в X                    X ←located_in— company
    who uses X / кто использует X                    X ←used— person or company
    who founded X / кто основал X                    X ←founded— person
    which CTOs use X / какие CTO используют X        people who use X and hold that role
    where is X / где находится X                     X —located_in→ location
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engram.errors import EngramError

if TYPE_CHECKING:
    from engram.graph.entities import EntityGraph, Node, Path

Steps = list[tuple[str, str | None]]

PATTERNS: list[tuple[re.Pattern[str], str, Steps]] = [
    (
        re.compile(r"^who (?:leads|heads|runs|manages) (?P<x>.+)$"),
        "who leads {x}",
        [("leads", "person")],
    ),
    (
        re.compile(r"^кто (?:руководит|возглавляет|управляет) (?P<x>.+)$"),
        "who leads {x}",
        [("leads", "person")],
    ),
    (
        re.compile(
            r"^who works (?:at|for|in) (?:companies|firms|organi[sz]ations) (?:in|from) (?P<x>.+)$"
        ),
        "who works at companies in {x}",
        [("located_in", "company"), ("works_at", "person")],
    ),
    (
        re.compile(r"^кто работает (?:в|на) (?:компаниях|фирмах|организациях) (?:в|из) (?P<x>.+)$"),
        "who works at companies in {x}",
        [("located_in", "company"), ("works_at", "person")],
    ),
    (re.compile(r"^who works (?:at|for) (?P<x>.+)$"), "who works at {x}", [("works_at", "person")]),
    (
        re.compile(r"^кто работает (?:в|на) (?P<x>.+)$"),
        "who works at {x}",
        [("works_at", "person")],
    ),
    (
        re.compile(
            r"^(?:which |what |list )?(?:companies|firms) (?:are )?(?:in|from|based in) (?P<x>.+)$"
        ),
        "companies in {x}",
        [("located_in", "company")],
    ),
    (
        re.compile(r"^(?:какие )?(?:компании|фирмы) (?:в|из) (?P<x>.+)$"),
        "companies in {x}",
        [("located_in", "company")],
    ),
    (re.compile(r"^who uses (?P<x>.+)$"), "who uses {x}", [("uses", None)]),
    (re.compile(r"^кто использует (?P<x>.+)$"), "who uses {x}", [("uses", None)]),
    (re.compile(r"^who founded (?P<x>.+)$"), "who founded {x}", [("founded", "person")]),
    (re.compile(r"^кто основал (?P<x>.+)$"), "who founded {x}", [("founded", "person")]),
    (
        re.compile(r"^where (?:is|are) (?P<x>.+?)(?: located| based)?$"),
        "where is {x}",
        [("located_in", "location")],
    ),
    (
        re.compile(r"^где (?:находится|находятся|расположен[аоы]?) (?P<x>.+)$"),
        "where is {x}",
        [("located_in", "location")],
    ),
]
ROLE_USES = [
    re.compile(r"^(?:which|what) (?P<role>.+?)s? use (?P<x>.+)$"),
    re.compile(r"^какие (?P<role>.+?) используют (?P<x>.+)$"),
]


@dataclass
class Answer:
    parsed: bool
    question: str
    understood: str = ""
    answers: list[Node] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "parsed": self.parsed,
            "question": self.question,
            "understood": self.understood,
            "answers": [n.to_json() for n in self.answers],
            "paths": [p.to_json() for p in self.paths],
            "message": self.message,
        }


def _clean(text: str) -> str:
    return " ".join(text.strip().rstrip("?？.!").split()).casefold()


def ask(graph: EntityGraph, question: str) -> Answer:
    text = _clean(question)
    for pattern in ROLE_USES:
        match = pattern.match(text)
        if match:
            return _role_uses(graph, question, match.group("role"), match.group("x"))
    for pattern, understood, steps in PATTERNS:
        match = pattern.match(text)
        if match:
            subject = match.group("x")
            try:
                start = graph.resolve(subject)
            except EngramError as exc:
                return Answer(True, question, understood.format(x=subject), message=exc.message)
            paths = graph.query(start, steps=steps)
            x = start.shown_name()
            return Answer(True, question, understood.format(x=x), [p.end for p in paths], paths)
    return _fallback(graph, question)


def _role_uses(graph: EntityGraph, question: str, role: str, subject: str) -> Answer:
    understood = f"which {role} use {subject}"
    try:
        tool = graph.resolve(subject)
    except EngramError as exc:
        return Answer(True, question, understood, message=exc.message)
    roles = graph.find(role, "role") or graph.find(role.rstrip("s"), "role")
    users = graph.query(tool, steps=[("uses", "person")])
    holders: set[int] = set()
    for node in roles:
        holders |= {p.end.id for p in graph.query(node, steps=[("holds_role", "person")])}
    paths = [p for p in users if p.end.id in holders]
    return Answer(True, question, understood, [p.end for p in paths], paths)


def _fallback(graph: EntityGraph, question: str) -> Answer:
    from engram.graph.entities import MAX_NAME_CHARS
    from engram.text.tokenize import anchors_of

    # A word longer than any name matches none, and SQLite refuses a LIKE pattern that long.
    words = [a.word for a in anchors_of(question).anchors if len(a.word) <= MAX_NAME_CHARS]
    nodes: dict[int, Node] = {}
    for word in words:
        for node_id in graph.store._backend.nodes_like(word, 20):
            nodes.setdefault(node_id, graph.node(node_id))
    message = (
        "could not parse the question; try 'who leads X', 'who works at companies in X', "
        "'companies in X', 'which CTOs use X'"
    )
    if nodes:
        message += "; nodes whose names match: " + ", ".join(n.shown_name() for n in nodes.values())
    return Answer(False, question, "", list(nodes.values()), [], message)
