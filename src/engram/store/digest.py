"""The pre-run digest (SPEC B5): a deterministic Markdown block for a system prompt.

Sections: facts relevant to the topic (or the most important ones), open TODOs, recent
entries — each line with the fact's real id — and, when a workspace is given, the routed
memory-file pack. The same store, topic, budget and clock give byte-identical text. Over the
budget the lowest-ranked lines go first, longest list first, then long lines are shortened;
every section that has items keeps at least one line, and no line ever loses its id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engram.store.model import Fact
    from engram.store.store import MemoryStore
    from engram.workspace import Workspace

RELEVANT, TODOS, RECENT = 8, 10, 5
MIN_CONTENT = 24  # a shortened line keeps at least this much of its fact


@dataclass
class Section:
    title: str
    lines: list[str] = field(default_factory=list)


def line(fact: Fact) -> str:
    return f"- [{fact.id}] {fact.content} (confidence {fact.confidence:.2f})"


def open_todos(store: MemoryStore, scopes: Sequence[str], limit: int = TODOS) -> list[Fact]:
    """Active facts tagged `todo` and not `done`, newest first."""
    from engram.store import facts as sql

    marks = ",".join("?" * len(scopes))
    rows = store.conn.execute(
        f"SELECT {sql.FACT_COLUMNS} FROM facts WHERE status = 'active' AND scope IN ({marks}) "
        "AND EXISTS (SELECT 1 FROM json_each(facts.tags) WHERE value = 'todo') "
        "AND NOT EXISTS (SELECT 1 FROM json_each(facts.tags) WHERE value = 'done') "
        "ORDER BY created_at DESC, id DESC LIMIT ?",
        (*scopes, limit),
    )
    return [sql.fact_from_row(row) for row in rows]


def build_digest(
    store: MemoryStore,
    topic: str | None = None,
    *,
    scopes: Sequence[str] = ("agent", "user"),
    budget_chars: int = 4000,
    now: datetime | None = None,
    workspace: Workspace | None = None,
) -> str:
    from engram.store import facts as sql

    scopes = tuple(scopes)
    shown: set[str] = set()
    relevant: list[Fact] = []
    if topic:
        hits = store.search(topic, top_k=RELEVANT * 3, now=now)
        relevant = [h.fact for h in hits if h.fact.scope in scopes and "todo" not in h.fact.tags]
        relevant = relevant[:RELEVANT]
    else:
        marks = ",".join("?" * len(scopes))
        rows = store.conn.execute(
            f"SELECT {sql.FACT_COLUMNS} FROM facts WHERE status = 'active' AND scope IN ({marks}) "
            "AND kind = 'fact' "
            "AND NOT EXISTS (SELECT 1 FROM json_each(facts.tags) WHERE value = 'todo') "
            "ORDER BY importance DESC, confidence DESC, id DESC LIMIT ?",
            (*scopes, RELEVANT),
        )
        relevant = [sql.fact_from_row(row) for row in rows]
    shown |= {f.id for f in relevant}
    todos = [f for f in open_todos(store, scopes) if f.id not in shown]
    shown |= {f.id for f in todos}
    marks = ",".join("?" * len(scopes))
    # Events (dialogue turns, log lines) are searched as "relevant", but they are records, not
    # knowledge: the "important" and "recent" sections list facts only.
    recent_rows = store.conn.execute(
        f"SELECT {sql.FACT_COLUMNS} FROM facts WHERE status = 'active' AND scope IN ({marks}) "
        "AND kind = 'fact' ORDER BY created_at DESC, id DESC LIMIT ?",
        (*scopes, RECENT + len(shown)),
    )
    recent = [f for f in map(sql.fact_from_row, recent_rows) if f.id not in shown][:RECENT]
    sections = [
        Section("Relevant" if topic else "Important", [line(f) for f in relevant]),
        Section("Open TODOs", [line(f) for f in todos]),
        Section("Recent", [line(f) for f in recent]),
    ]
    header = "## Memory digest" + (f": {topic}" if topic else "")
    text = fit(header, sections, budget_chars)
    if workspace is not None and topic:
        text = _with_files(text, workspace, topic, budget_chars)
    return text


def render(header: str, sections: list[Section]) -> str:
    parts = [header]
    for section in sections:
        if section.lines:
            parts.append(f"### {section.title}\n" + "\n".join(section.lines))
    if len(parts) == 1:
        parts.append("(no facts yet)")
    return "\n\n".join(parts) + "\n"


def fit(header: str, sections: list[Section], budget: int) -> str:
    """Drop the lowest-ranked lines of the longest list, then shorten the longest lines, until
    the text fits; ids and one line per non-empty section always stay."""
    while len(render(header, sections)) > budget:
        longest = max(sections, key=lambda s: (len(s.lines), sections.index(s)))
        if len(longest.lines) > 1:
            longest.lines.pop()
            continue
        lines = [(len(text), s, i) for s in sections for i, text in enumerate(s.lines)]
        if not lines:
            break
        _, section, index = max(lines, key=lambda item: item[0])
        shorter = _shorten(section.lines[index])
        if shorter == section.lines[index]:
            break  # nothing left to shorten: the ids stay even over budget
        section.lines[index] = shorter
    return render(header, sections)


def _shorten(text: str) -> str:
    """Halve the fact's text (keeping `- [id] ` and the confidence note), ending with …"""
    head, _, rest = text.partition("] ")
    body, sep, tail = rest.rpartition(" (confidence ")
    if not sep:
        body, tail = rest, ""
    if len(body) <= MIN_CONTENT:
        return text
    cut = max(MIN_CONTENT, len(body) // 2)
    body = body[:cut].rstrip() + "…"
    return f"{head}] {body}" + (f" (confidence {tail}" if sep else "")


def _with_files(text: str, workspace: Workspace, topic: str, budget: int) -> str:
    from engram.render.pack import render_text

    room = budget - len(text) - 40
    if room < 200:
        return (
            text + f'\n### Memory files\nrun `engram load "{topic}"` for the routed memory files\n'
        )
    pack = workspace.load(topic, budget_tokens=room // 4)
    if not pack.items:
        return text
    return text + "\n### Memory files\n" + render_text(pack)
