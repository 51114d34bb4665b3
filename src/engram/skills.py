"""Skills from experience (SPEC B8): procedures an agent learned, written as skill memory files
so `engram load` routes them like any other skill; and the skill tool's look-up."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from engram.errors import EngramError
from engram.files.authoring import hash_source, id_taken, new_memory, source_base
from engram.workspace import Workspace


def slug(title: str) -> str:
    text = unicodedata.normalize("NFKC", title).casefold()
    text = re.sub(r"[^\w]+", "-", text).strip("-_")
    return text[:60].rstrip("-") or "skill"


def create_from_experience(
    title: str,
    steps: Sequence[str],
    context: str = "",
    tags: Sequence[str] = (),
    *,
    workspace_root: Path | None = None,
    sources: Sequence[str] = (),
    today: date | None = None,
) -> Path:
    """Write `skills/<slug>.md`: the title as directive, the steps as a numbered list, the
    context and an `## Origin` for people, and the files it came from (with their hashes, so
    the skill is marked stale when they change). Returns the file written."""
    if workspace_root is None:
        from engram.files.discovery import find_workspace

        workspace_root = find_workspace()
        if workspace_root is None:
            raise EngramError("no workspace here", hint="run `engram init` first")
    steps = [s.strip() for s in steps if s.strip()]
    if not title.strip() or not steps:
        raise EngramError("a skill needs a title and at least one step")
    # A source must be a regular file inside the project: an agent (through MCP) chooses
    # these paths, and its hash is written into a file others read.
    project = source_base(workspace_root)
    recorded = [hash_source(project, source) for source in sources]
    body = f"# {title.strip()}\n\n" + "\n".join(f"{n}. {s}" for n, s in enumerate(steps, 1))
    if context.strip():
        body += f"\n\n## Context\n\n{context.strip()}"
    when = (today or date.today()).isoformat()
    body += f"\n\n## Origin\n\nCreated from experience on {when}.\n"
    base, memory_id, n = slug(title), slug(title), 1
    while id_taken(workspace_root, memory_id):  # a rule or knowledge file's id too
        n += 1
        memory_id = f"{base}-{n}"
    return new_memory(
        workspace_root,
        "skill",
        memory_id,
        body,
        directive=title.strip(),
        tags=list(tags),
        sources=recorded,
        today=today,
    )


def get_skill(ws: Workspace, name: str) -> tuple[str, str] | None:
    """(id, body) of the skill with this id, else of the best-routed skill for these words."""
    from engram.files.body import split_frontmatter, visible_body
    from engram.files.guard import guarded_text

    rows, _ = ws.find([name])
    skills = [r for r in rows if r.type == "skill"]
    if not skills:
        skills = [
            c.row for c in ws.route(name, select_all=True).candidates if c.row.type == "skill"
        ]
    for row in skills:
        text, _reason = guarded_text(row, ws.roots[row.scope], ws.config["files.max_bytes"])
        if text is not None:
            return row.id, visible_body(split_frontmatter(text)[1])
    return None
