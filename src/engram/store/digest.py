"""The pre-run digest (SPEC B5): a deterministic Markdown block for a system prompt.

Sections: facts relevant to the topic (or the most important ones), open TODOs, recent
entries — each line with the fact's real id — and, when a workspace is given, the routed
memory-file pack. The same store, topic, budget and clock give byte-identical text. Over the
budget the lowest-ranked lines go first, longest list first, then long lines are shortened;
every section that has items keeps at least one line, and no line ever loses its id.

A fact whose text holds a secret or a prompt injection (stored by an older version, or caught
by a newer scanner) is never printed: the digest says how many were withheld and where to
review them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from engram.errors import shown_text
from engram.store.unsafe import content_reason, withheld_note

if TYPE_CHECKING:
    from engram.store.model import Fact
    from engram.store.store import MemoryStore
    from engram.workspace import Workspace

RELEVANT, TODOS, RECENT = 8, 10, 5
MIN_CONTENT = 24  # a shortened line keeps at least this much of its fact
SPARE = 3  # candidates read per line shown, so that withheld facts leave no gap


@dataclass
class Section:
    title: str
    lines: list[str] = field(default_factory=list)


def line(fact: Fact) -> str:
    return f"- [{fact.id}] {fact.content} (confidence {fact.confidence:.2f})"


def open_todos(
    store: MemoryStore,
    scopes: Sequence[str],
    limit: int = TODOS,
    scope_key: str | None = None,
) -> list[Fact]:
    """Active facts tagged `todo` and not `done`, newest first (of one key, given one)."""
    return store._backend.open_todos(scopes, limit, scope_key)


def build_digest(
    store: MemoryStore,
    topic: str | None = None,
    *,
    scopes: Sequence[str] = ("agent", "user"),
    scope_key: str | None = None,
    budget_chars: int = 4000,
    now: datetime | None = None,
    workspace: Workspace | None = None,
) -> str:
    scopes = tuple(scopes)
    shown: set[str] = set()
    withheld: set[str] = set()

    def safe(facts: Iterable[Fact], limit: int) -> list[Fact]:
        """Up to `limit` facts not shown yet whose text is safe; an unsafe one met on the way
        (stored before its kind was refused, or caught by a newer scanner) is withheld."""
        kept: list[Fact] = []
        for fact in facts:
            if len(kept) == limit:
                break
            if fact.id in shown:
                continue
            if content_reason(fact):
                withheld.add(fact.id)
            else:
                kept.append(fact)
        shown.update(f.id for f in kept)
        return kept

    if topic:
        hits = store.search(topic, top_k=RELEVANT * 3, scope_key=scope_key, now=now)
        relevant = safe(
            (h.fact for h in hits if h.fact.scope in scopes and "todo" not in h.fact.tags),
            RELEVANT,
        )
    else:
        important = store._backend.important_facts(scopes, RELEVANT * SPARE, scope_key)
        relevant = safe(important, RELEVANT)
    todos = safe(open_todos(store, scopes, TODOS * SPARE, scope_key), TODOS)
    # Events (dialogue turns, log lines) are searched as "relevant", but they are records, not
    # knowledge: the "important" and "recent" sections list facts only.
    recent_rows = store._backend.recent_facts(scopes, RECENT * SPARE + len(shown), scope_key)
    recent = safe(recent_rows, RECENT)
    sections = [
        Section("Relevant" if topic else "Important", [line(f) for f in relevant]),
        Section("Open TODOs", [line(f) for f in todos]),
        Section("Recent", [line(f) for f in recent]),
    ]
    # (the topic is said back: one that holds a secret or an instruction to agents is not)
    header = "## Memory digest" + (f": {shown_text(topic)}" if topic else "")
    text = fit(header, sections, budget_chars, withheld_note(len(withheld)))
    if workspace is not None and topic:
        text = _with_files(text, workspace, topic, budget_chars)
    return text


def render(header: str, sections: list[Section], note: str = "") -> str:
    parts = [header]
    for section in sections:
        if section.lines:
            parts.append(f"### {section.title}\n" + "\n".join(section.lines))
    if len(parts) == 1 and not note:
        parts.append("(no facts yet)")
    if note:
        parts.append(note)
    return "\n\n".join(parts) + "\n"


def fit(header: str, sections: list[Section], budget: int, note: str = "") -> str:
    """Drop the lowest-ranked lines of the longest list, then shorten the longest lines, until
    the text fits; ids, one line per non-empty section and the note always stay."""
    while len(render(header, sections, note)) > budget:
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
    return render(header, sections, note)


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
    """The digest with the routed memory files in the room its facts left, or a line saying
    how to load them; the whole within `budget`, which the caller was promised."""
    from engram.render.pack import render_text

    heading = "\n### Memory files\n"
    hint = text + heading + f'run `engram load "{topic}"` for the routed memory files\n'
    fallback = hint if len(hint) <= budget else text
    room = budget - len(text) - len(heading)
    if room < 200:
        return fallback
    pack = workspace.load(topic, budget_tokens=room // 4)
    if not pack.items:
        return text
    whole = text + heading + render_text(pack)
    return whole if len(whole) <= budget else fallback  # a token is about four characters
