"""`engram import`: existing agent instructions become memory files, offline.

The flow is plan, then write. `plan_import` reads each source (`engram.instructions.sources`),
splits it into sections (`split`), infers each memory's fields (`infer`), renders the file
exactly as it would be written, checks it as `engram new` does (valid frontmatter, no secret,
no prompt injection) and compares it with the memories there are and those planned before it
(`duplicates`). `apply_import` writes the memories the plan creates or updates, all or none.
Ids are new and a near-duplicate of a memory of another source is reported instead of created.

Each memory records its source with the source's SHA-256 (`sources`), so a second import skips
a source whose memories all carry its current hash. When the source changed, each memory it
made is rewritten from its section (matched by the source and the id the section is named by)
and records the new hash, so it is no longer stale; a memory edited since the import wrote it
(`imports.json` keeps the hash of what was written) is kept as it is and reported.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from engram.errors import EngramError
from engram.files.body import HIDDEN_SECTIONS
from engram.files.index import DocRow
from engram.instructions import infer
from engram.instructions.duplicates import Match, NearDuplicates, memory_terms
from engram.instructions.sources import SourceFile, discover, inside, is_generated, read_source
from engram.instructions.split import EXPORT_META, Section, split_sections
from engram.safety.ids import masked_id
from engram.workspace import Workspace

CREATE, DUPLICATE, REFUSED, EMPTY = "create", "duplicate", "refused", "empty"
UPDATE, KEPT = "update", "kept"  # a memory an earlier import made from the same section
ACTIONS = (CREATE, UPDATE, DUPLICATE, REFUSED, KEPT, EMPTY)
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# What `engram export` writes under a memory's heading, read back as the memory's fields.
_EXPORT_DIRECTIVE = re.compile(r"^directive: (.+)$")
_EXPORT_CARD = re.compile(r"^- `[^`]+` \[(?:rule|skill|knowledge)\]: .* — `engram load --id \S+`$")


@dataclass
class PlannedMemory:
    """What one section becomes: a memory to create (`action` create, with its fields and the
    file's text), a near-duplicate of an existing one, a section refused by the safety checks,
    or one with nothing but headings (`empty`)."""

    source: str
    start: int
    end: int
    title: str
    action: str
    id: str = ""
    type: str = ""
    tags: list[str] = field(default_factory=list)
    triggers: list[str] = field(default_factory=list)
    applies_to: list[str] = field(default_factory=list)
    directive: str = ""
    summary: str = ""
    body: str = ""
    why: list[str] = field(default_factory=list)
    duplicate_of: str = ""
    similarity: float = 0.0
    reason: str = ""
    relative: str = ""
    text: str = ""
    source_sha: str = ""
    created: date | None = None  # an update keeps the memory's creation date

    @property
    def shown_title(self) -> str:
        """The title to print: a heading that is itself a secret (`## Key AKIA…`) never is."""
        from engram.safety.scan import masked

        return masked(self.title)

    @property
    def shown_duplicate_of(self) -> str:
        """The memory this one repeats, as named: an id that is itself a secret or an injection
        (a file named after a key) never is."""
        return masked_id(self.duplicate_of)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "source": self.source, "lines": [self.start, self.end], "title": self.shown_title,
            "action": self.action,
        }  # fmt: skip
        if self.action in (CREATE, UPDATE):
            data.update(id=self.id, type=self.type, path=self.relative, tags=self.tags,
                        triggers=self.triggers, applies_to=self.applies_to,
                        directive=self.directive, summary=self.summary, why=self.why)  # fmt: skip
        elif self.action == DUPLICATE:
            data.update(duplicate_of=self.shown_duplicate_of, similarity=self.similarity)
        elif self.action in (REFUSED, KEPT):
            data.update(reason=self.reason)
        if self.action == UPDATE:
            data.update(reason=self.reason)
        return data


@dataclass
class SourceReport:
    """One source: its state (`new`, `unchanged` — skipped —, `changed` since an earlier
    import, `generated` by Engram — skipped —, or `error`), the memories made from an earlier
    version of it, and the plan of each of its sections."""

    path: str
    kind: str = ""
    sha256: str = ""
    state: str = "new"
    earlier: list[str] = field(default_factory=list)
    error: str = ""
    notes: list[str] = field(default_factory=list)
    memories: list[PlannedMemory] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "kind": self.kind, "state": self.state,
                "earlier": self.earlier, "error": self.error, "notes": self.notes,
                "memories": [m.to_json() for m in self.memories]}  # fmt: skip


@dataclass
class ImportPlan:
    """What an import does (or did, once `written` is set)."""

    root: Path
    sources: list[SourceReport] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    applied: bool = False  # written, not only planned

    def planned(self, action: str = CREATE) -> list[PlannedMemory]:
        return [m for s in self.sources for m in s.memories if m.action == action]

    def to_json(self) -> dict[str, object]:
        counts = {a: len(self.planned(a)) for a in ACTIONS}
        return {"sources": [s.to_json() for s in self.sources], "counts": counts,
                "written": [str(p) for p in self.written], "notes": self.notes}  # fmt: skip


def source_paths(
    project: Path, paths: Sequence[str | Path], memory_folder: Path | None = None
) -> list[str]:
    """The instruction files to import, relative to the project: the known ones when no path
    is given; a given folder is searched for them (and for `.mdc` files); a given file is taken
    as it is. Engram's own memory files (under `memory_folder`) are never sources: a given one
    is an error, found ones are left out."""
    own = memory_folder.resolve() if memory_folder else None

    def ours(path: Path) -> bool:
        return own is not None and (path == own or own in path.parents)

    if not paths:
        return [p for p in discover(project) if not ours(project.resolve() / p)]
    found: list[str] = []
    for given in paths:
        path = inside(project, given)
        if ours(path) and not path.is_dir():
            raise EngramError(
                f"{given}: a memory file of Engram's own, not another tool's instruction file",
                hint="it is a memory already: edit it, or import the file it came from",
            )
        if path.is_dir():
            found.extend(p for p in discover(project, path) if not ours(project.resolve() / p))
        else:
            found.append(path.relative_to(project.resolve()).as_posix())
    return list(dict.fromkeys(found))


def named_files(project: Path, paths: Sequence[str | Path]) -> set[str]:
    """The files (not folders) named on the command line, relative to the project."""
    out = set()
    for given in paths:
        path = inside(project, given)
        if not path.is_dir():
            out.add(path.relative_to(project.resolve()).as_posix())
    return out


def plan_import(
    ws: Workspace, paths: Sequence[str | Path] = (), *, today: date | None = None
) -> ImportPlan:
    """The plan of importing these files (default: the project's known instruction files)
    into the workspace; writes nothing."""
    if ws.workspace_root is None or ws.project is None:
        raise EngramError("no workspace here", hint="run `engram init` first")
    project, root = ws.project, ws.workspace_root
    plan = ImportPlan(root)
    workspace = [ix for ix in ws.indexes if ix.root.scope == "workspace"]
    earlier = _earlier_sources(workspace)
    taken = {row.id for index in ws.indexes for row in index.all_docs()} | _file_names(root)
    duplicates = NearDuplicates(ws.indexes)
    named = named_files(project, paths)
    sources = source_paths(project, paths, root)
    for path in sources:
        report = SourceReport(path)
        plan.sources.append(report)
        try:
            source = read_source(project, path)
        except EngramError as exc:
            if path in named:  # the user asked for this very file: the import fails
                raise
            report.state, report.error = "error", exc.message.removeprefix(f"{path}: ")
            continue
        report.kind, report.sha256, report.notes = source.kind, source.sha256, source.notes
        if is_generated(source):
            report.state = "generated"
            continue
        made = earlier.get(path, [])
        report.earlier = sorted({masked_id(mid) for mid, _ in made})
        if made and all(sha == source.sha256 for _, sha in made):
            report.state = "unchanged"
            continue
        report.state = "changed" if made else "new"
        mine = _made_from(workspace, path)
        sections = split_sections(source.body, source.body_line)
        single = sum(1 for section in sections if section.has_content) == 1
        for section in sections:
            planned = _plan_section(root, source, section, single, taken, duplicates, today, mine)
            report.memories.append(planned)
            if planned.action == CREATE:
                taken.add(planned.id)
            mine.pop(planned.id, None)  # its section is still there
        if mine:
            report.notes.append(
                f"{', '.join(sorted(map(masked_id, mine)))}: made from a section that is no longer "
                "there; "
                "they stay stale until deleted (`engram doctor` lists them)"
            )
    return plan


def _made_from(indexes: Sequence[object], path: str) -> dict[str, DocRow]:
    """Id -> row of every workspace memory an earlier import made from this source."""
    from engram.files.index import MemoryIndex

    out: dict[str, DocRow] = {}
    for index in indexes:
        assert isinstance(index, MemoryIndex)
        for row in index.all_docs():
            if any(str(p) == path for p, _ in row.sources):
                out[row.id] = row
    return out


def _earlier_of(section_id: str, mine: dict[str, DocRow]) -> DocRow | None:
    """The memory an earlier import made from this section: the same source and the id
    the section is named by (`testing`, or `testing-2` when that was taken then)."""
    if section_id in mine:
        return mine[section_id]
    pattern = re.compile(rf"{re.escape(section_id)}-\d+")
    return next((row for mid, row in sorted(mine.items()) if pattern.fullmatch(mid)), None)


def _earlier_sources(indexes: Sequence[object]) -> dict[str, list[tuple[str, str | None]]]:
    """Source path -> (memory id, the source's hash it recorded) of every workspace memory."""
    from engram.files.index import MemoryIndex

    out: dict[str, list[tuple[str, str | None]]] = {}
    for index in indexes:
        assert isinstance(index, MemoryIndex)
        for row in index.all_docs():
            for path, sha in row.sources:
                out.setdefault(str(path), []).append((row.id, sha))
    return out


def _plan_section(
    root: Path, source: SourceFile, section: Section, single: bool, taken: set[str],
    duplicates: NearDuplicates, today: date | None, mine: dict[str, DocRow],
) -> PlannedMemory:  # fmt: skip
    title = section.title or _file_title(source, section)
    planned = PlannedMemory(source.path, section.start, section.end, title, EMPTY)
    if not section.has_content:
        planned.reason = "headings only"
        return planned
    if _only_cards(section):
        planned.reason = "cards of exported memories only"
        return planned
    section, exported = _exported_fields(section)
    earlier = _earlier_of(infer.base_id(section, source), mine)
    kind = earlier.type if earlier else exported.get("type") or infer.infer_type(section)
    applies_to, scoped_by = infer.applies_to_of(section, source)
    if "applies_to" in exported:
        applies_to, scoped_by = exported["applies_to"].split(", "), "the export's line"
        applies_to = [glob.strip("`") for glob in applies_to]
    planned.type = kind
    planned.tags = infer.tags_of(section, source)
    if source.always:
        planned.tags = ["always", *planned.tags]
        planned.why.append("alwaysApply: true: loaded at session start (tag always)")
    planned.triggers = infer.triggers_of(section)
    planned.applies_to = applies_to
    if scoped_by:
        planned.why.append(f"applies_to from {scoped_by}")
    planned.directive = exported.get("directive") or infer.directive_of(section, kind)
    planned.summary = source.description if single else ""
    planned.source_sha = source.sha256
    planned.body = memory_body(source, section, title)
    planned.id = earlier.id if earlier else _unique(infer.base_id(section, source), taken)
    planned.why.insert(0, f"type {kind}: {_type_reason(kind)}")
    unsafe = _unsafe_in_source(source, section)
    if unsafe:
        planned.action, planned.reason = REFUSED, f"it contains a {unsafe}"
        return planned
    try:
        render(root, planned, today)
    except EngramError as exc:
        # what the new file holds beyond the section (an inferred tag or trigger): its line
        # numbers are of a file the user never sees
        planned.action, planned.reason = REFUSED, _LINE.sub("", exc.message)
        return planned
    if earlier is not None:
        return _plan_update(root, planned, earlier, today)
    from engram.files.frontmatter import parse_memory

    terms = memory_terms(parse_memory(planned.text, path=planned.relative))
    # the memories this source made are the ones it updates, never what it repeats
    match: Match | None = duplicates.match(terms, exclude=frozenset(mine))
    if match:
        planned.action, planned.duplicate_of = DUPLICATE, match.id
        planned.similarity = match.similarity
        return planned
    planned.action = CREATE
    duplicates.add(planned.id, terms)
    return planned


_CREATED = re.compile(r"^created: ['\"]?(\d{4}-\d{2}-\d{2})", re.M)


def _plan_update(
    root: Path, planned: PlannedMemory, earlier: DocRow, today: date | None
) -> PlannedMemory:
    """The section's memory, made by an earlier import, rewritten from the changed source:
    same id, type, file and creation date, the source's new hash (so it is no longer stale).
    A memory edited since it was imported is kept as it is: the edit is the user's."""
    from engram.safety.hashes import content_hash

    path = root / earlier.path
    try:
        data = path.read_bytes()
        old = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        planned.action, planned.reason = KEPT, f"{earlier.path} cannot be read ({exc})"
        return planned
    written = imported_hashes(root).get(earlier.path)
    # changed since the import wrote it (hand edits are approved automatically in reindex
    # mode, so the approval cannot tell), or, written before that was recorded, its Origin gone
    edited = (written is not None and written != content_hash(data)) or (
        f"Imported from `{planned.source}`" not in old
    )
    if edited:
        planned.action = KEPT
        planned.reason = (
            f"{earlier.path} was edited since it was imported: not updated (edit it by hand, "
            "or delete it and import again)"
        )
        return planned
    created = _CREATED.search(old)
    planned.created = date.fromisoformat(created.group(1)) if created else today
    render(root, planned, planned.created)
    planned.relative = earlier.path
    same = old.split("\n---\n", 1)[-1] == planned.text.split("\n---\n", 1)[-1]
    planned.action = UPDATE
    planned.reason = "its source's new hash only" if same else "its section changed"
    return planned


def _only_cards(section: Section) -> bool:
    lines = [line for line in section.text.split("\n")[1:] if line.strip()]
    return bool(lines) and all(_EXPORT_CARD.match(line) for line in lines)


def _exported_fields(section: Section) -> tuple[Section, dict[str, str]]:
    """A section `engram export` wrote (its type line, then its directive line, under the
    heading) without those lines, and the fields they give."""
    lines = section.text.split("\n")
    fields: dict[str, str] = {}
    n = 1 if section.level else 0
    while n < len(lines) and not lines[n].strip():
        n += 1
    meta = EXPORT_META.match(lines[n].strip()) if n < len(lines) else None
    if not meta:
        return section, fields
    fields["type"] = meta.group(1)
    if meta.group(2):
        fields["applies_to"] = meta.group(2)
    drop = [n]
    n += 1
    while n < len(lines) and not lines[n].strip():
        n += 1
    directive = _EXPORT_DIRECTIVE.match(lines[n].strip()) if n < len(lines) else None
    if directive:
        fields["directive"] = directive.group(1)
        drop.append(n)
    kept = [line for i, line in enumerate(lines) if i not in drop]
    text = "\n".join(kept)
    return Section(section.title, section.level, section.start, section.end, text,
                   section.trail), fields  # fmt: skip


_LINE = re.compile(r" \(line (\d+)\)")


def _unsafe_in_source(source: SourceFile, section: Section) -> str:
    """Why this section must not become a memory ('' when it is safe), with the line of the
    source file that holds the secret or injection (never the text itself)."""
    from engram.safety.scan import unsafe_reason

    for name, value in (("description", source.description), ("globs", ",".join(source.globs))):
        found = unsafe_reason(value)  # the frontmatter goes into the memory's fields
        if found:
            return f"{_LINE.sub('', found)} in the {name} field of {source.path}"
    found = unsafe_reason(section.text)
    line = _LINE.search(found)
    if line:
        at = section.start + int(line.group(1)) - 1
        found = f"{found[: line.start()]} ({source.path} line {at})"
    return found


def render(root: Path, planned: PlannedMemory, today: date | None = None) -> None:
    """Set the file's path and text from the planned fields, checked as `engram new` checks
    a memory (an EngramError when it is invalid or unsafe)."""
    from engram.files.authoring import memory_text

    planned.relative, planned.text = memory_text(
        root, planned.type, planned.id, planned.body, directive=planned.directive,
        summary=planned.summary, tags=planned.tags, triggers=planned.triggers,
        applies_to=planned.applies_to, sources=[(planned.source, planned.source_sha)],
        today=today,
    )  # fmt: skip


def _type_reason(kind: str) -> str:
    return {
        "skill": "it holds steps (a how-to heading or a numbered list)",
        "knowledge": "it describes (an overview heading, or no imperative line)",
        "rule": "it gives instructions",
    }[kind]


def _file_title(source: SourceFile, section: Section) -> str:
    if section.trail:
        return section.trail[-1]
    words = infer.name_words(source)
    if words:
        return " ".join(words).capitalize()
    return source.path.rsplit("/", 1)[-1]


def _file_names(root: Path) -> set[str]:
    """The names of the files already in the memory folders, memories or not: a file the index
    does not hold (invalid, ignored, not yet Markdown with frontmatter) is never replaced, so
    its name is taken too (lower-cased: a case-insensitive disk has one `Testing.md`)."""
    from engram.files.model import TYPE_FOLDER

    names: set[str] = set()
    for folder in set(TYPE_FOLDER.values()):
        with contextlib.suppress(OSError):
            names.update(p.stem.lower() for p in (root / folder).iterdir())
    return names


def _unique(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def memory_body(source: SourceFile, section: Section, title: str) -> str:
    """The memory's Markdown: the section under its title, and an `## Origin` (for people, never
    shown to agents) naming the file and lines it came from. A heading the source showed to
    agents but Engram hides (`Example`, `Context`, `Origin`) is kept visible as bold text."""
    lines = section.text.split("\n")
    if section.level and lines and _HEADING.match(lines[0]):
        lines = lines[1:]
    from engram.instructions.split import fence_flags

    out = []
    for line, fenced in zip(lines, fence_flags(lines), strict=True):
        match = None if fenced else _HEADING.match(line)
        if match and match.group(2).strip().rstrip(":").casefold() in HIDDEN_SECTIONS:
            line = f"**{match.group(2).strip()}**"
        out.append(line)
    text = "\n".join(out).strip("\n")
    where = f"`{source.path}`, lines {section.start}–{section.end}"
    under = " › ".join((*section.trail, section.title)) if section.title else ""
    origin = f"Imported from {where}" + (f" ({under})" if under else "") + "."
    return f"# {title}\n\n{text}\n\n## Origin\n\n{origin}\n"


def apply_import(plan: ImportPlan) -> ImportPlan:
    """Write every memory the plan creates or updates (all or none) and approve them."""
    from engram.files.authoring import write_memories

    updates = plan.planned(UPDATE)
    files = [(m.relative, m.text) for m in (*plan.planned(CREATE), *updates)]
    if files:
        replacing = frozenset(m.relative for m in updates)
        before = imported_hashes(plan.root)
        _record_imported(plan.root, before, files)
        try:
            plan.written = write_memories(plan.root, files, replacing=replacing)
        except BaseException:  # all or none: the record too
            _record_imported(plan.root, before, [])
            raise
    plan.applied = True
    return plan


IMPORTS_FILE = "imports.json"


def imported_hashes(root: Path) -> dict[str, str]:
    """Memory file -> the SHA-256 of the text an import last wrote to it (a damaged or
    missing record is an empty one: such memories are then judged by their Origin section)."""
    import json

    try:
        data = json.loads((root / IMPORTS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}


def _record_imported(root: Path, known: dict[str, str], files: list[tuple[str, str]]) -> None:
    """Write the record: `known` and the hashes of these files' texts."""
    import json

    from engram.files.atomic import write_text_atomic
    from engram.safety.hashes import content_hash

    known = {**known, **{relative: content_hash(text) for relative, text in files}}
    try:
        write_text_atomic(root / IMPORTS_FILE, json.dumps(known, indent=2, sort_keys=True) + "\n")
    except OSError as exc:
        raise EngramError(
            f"cannot write {root / IMPORTS_FILE}: {exc.strerror or exc}; nothing was imported"
        ) from None


REFINE_PROMPT = (
    "You improve the metadata of a memory file for coding agents. Given its title and body, "
    'answer a JSON object {"summary": "...", "directive": "..."}: summary is one sentence '
    "(at most 160 characters) saying what the memory is about; directive is the one-line "
    "imperative (at most 120 characters) an agent must follow, or an empty string when the "
    "memory is not an instruction. Use only what the body says."
)


def refine_plan(plan: ImportPlan, chat: object, today: date | None = None) -> int:
    """Let a chat model rewrite the summary and directive of each memory to create; returns how
    many it improved. An answer that fails, is not one line, is too long or is unsafe keeps
    the offline values (and is noted)."""
    from engram.llm import ChatModel, HttpError
    from engram.safety.scan import unsafe_reason

    assert isinstance(chat, ChatModel)
    improved, failed = 0, 0
    for planned in plan.planned(CREATE):
        try:
            answer = chat.complete_json(REFINE_PROMPT, f"# {planned.title}\n\n{planned.body}")
        except HttpError:
            failed += 1
            continue
        summary, directive = answer.get("summary"), answer.get("directive", "")
        if not _fits(summary, 160) or not _fits(directive, 120, empty=True):
            failed += 1
            continue
        assert isinstance(summary, str) and isinstance(directive, str)
        if unsafe_reason(summary) or unsafe_reason(directive):
            failed += 1
            continue
        old = (planned.summary, planned.directive)
        planned.summary, planned.directive = summary.strip(), directive.strip()
        try:
            render(plan.root, planned, today)
        except EngramError:
            planned.summary, planned.directive = old
            render(plan.root, planned, today)
            failed += 1
            continue
        improved += 1
    if failed:
        plan.notes.append(f"refine: {failed} memories kept their offline summary and directive")
    return improved


def _fits(value: object, limit: int, *, empty: bool = False) -> bool:
    """A model's answer fits when it is one line of visible text within the limit: a CR, a
    Unicode line or paragraph separator, a control or format character (a bidi override
    that hides text in the terminal) does not."""
    import unicodedata

    if not isinstance(value, str):
        return False
    value = value.strip()
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in value):
        return False
    return (empty or bool(value)) and len(value) <= limit


def import_instructions(
    ws: Workspace, paths: Sequence[str | Path] = (), *, write: bool = True,
    refine: bool = False, today: date | None = None,
) -> ImportPlan:  # fmt: skip
    """Plan the import of these instruction files (default: the project's known ones) and,
    with `write`, create the memories. `refine` needs a configured chat model (`[llm]`)."""
    plan = plan_import(ws, paths, today=today)
    if refine:
        from engram.store.providers import chat_from_config

        chat = chat_from_config(ws.config)
        if chat is None:
            raise EngramError(
                "--refine needs a chat model",
                hint="set llm.base_url and llm.model (and ENGRAM_LLM_API_KEY), or import "
                "without --refine: the offline import stands on its own",
            )
        refine_plan(plan, chat, today)
    return apply_import(plan) if write else plan
