"""`engram export`: the memories as the instruction files of hosts and tools that have no hooks.

Formats:
- `agents-md`: one `AGENTS.md` (read by Codex, Cursor, Copilot, Gemini, Jules …), at most
  32 KiB (Codex stops reading at `project_doc_max_bytes`, 32 KiB by default);
- `claude-md`: one `CLAUDE.md`, at most 40,000 characters (Claude Code warns above that);
- `copilot`: `.github/copilot-instructions.md` (at most 4,000 characters: Copilot's code review
  reads no further) and one `.github/instructions/engram-<id>.instructions.md` with `applyTo`
  for each path-scoped memory;
- `cursor`: one `.cursor/rules/engram-export/<id>.mdc` a memory (at most 500 lines): always-on
  memories with `alwaysApply: true`, path-scoped ones with `globs`, the others as rules the agent
  requests by their `description`.

The memories are those a load may show (visible, active, safe, approved), in a fixed order:
always-on first, then rules, skills and knowledge, each by level and id. When a file would go
over its host's limit, bodies become one-line cards (`- id: what it says — engram load --id
id`), last first; text is never cut. Where `hooks.path_rules = native` already writes the
host's path-scoped rule files (Claude, Cursor), those memories are left to them.

Every file starts with Engram's generated-file marker: an export never replaces a file without
it (a hand-written `AGENTS.md` is imported first, then moved away), and `engram hooks sync`
writes every export recorded in `exports.json` again, so they stay current.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from engram.errors import EngramError
from engram.files.body import split_frontmatter, visible_body
from engram.files.globs import excludes, expanded
from engram.files.guard import guarded_text
from engram.files.index import DocRow
from engram.hooks.native import MARKER, SyncReport, is_generated_text, marker, sync_folder
from engram.paths import resolved
from engram.render.pack import card_text
from engram.terminal import printable
from engram.workspace import Workspace

EXPORTS_FILE = "exports.json"
TYPE_ORDER = {"rule": 0, "skill": 1, "knowledge": 2}
ALWAYS_TAGS = ("session-start", "always", "always-load")
_HEADING = re.compile(r"^(#{1,6})(\s+.*)$")


@dataclass(frozen=True)
class Format:
    """An export format: its default place (a file, or a folder of files), the host limit on
    each file (`unit` bytes, characters or lines) and the host whose native path rules, when
    on, carry the path-scoped memories."""

    name: str
    out: str
    limit: int
    unit: str
    native_host: str = ""


FORMATS = {
    "agents-md": Format("agents-md", "AGENTS.md", 32 * 1024, "bytes"),
    "claude-md": Format("claude-md", "CLAUDE.md", 40_000, "characters", "claude"),
    "copilot": Format("copilot", ".github/copilot-instructions.md", 4_000, "characters"),
    "cursor": Format("cursor", ".cursor/rules/engram-export", 500, "lines", "cursor"),
}


@dataclass
class Exported:
    """A memory as exported: its row, title and the body agents see."""

    row: DocRow
    title: str
    body: str

    @property
    def always(self) -> bool:
        return any(tag in ALWAYS_TAGS for tag in self.row.tags)

    @property
    def card(self) -> str:
        what = card_text(self.row) or " ".join(self.title.split())
        return f"- `{self.row.id}` [{self.row.type}]: {what} — `engram load --id {self.row.id}`"


@dataclass
class ExportReport:
    """What an export wrote: files written, removed and kept (hand-written, in the way), how
    many memories went out as bodies and as cards, and notes."""

    format: str
    out: str
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    bodies: int = 0
    cards: int = 0
    notes: list[str] = field(default_factory=list)
    error: str = ""  # why `engram hooks sync` could not write it
    gone: bool = False  # its file or folder was deleted: forgotten by `engram hooks sync`

    def to_json(self) -> dict[str, object]:
        return {"format": self.format, "out": self.out, "written": self.written,
                "removed": self.removed, "kept": self.kept, "bodies": self.bodies,
                "cards": self.cards, "notes": self.notes, "error": self.error,
                "gone": self.gone}  # fmt: skip


def fits(text: str, fmt: Format) -> bool:
    """Whether a file's text is within its host's limit."""
    if fmt.unit == "bytes":
        return len(text.encode("utf-8")) <= fmt.limit
    if fmt.unit == "lines":
        return text.count("\n") <= fmt.limit
    return len(text) <= fmt.limit


def export_memories(ws: Workspace, today: date | None = None) -> list[Exported]:
    """The memories an export writes, in export order."""
    out = []
    limit = ws.config["files.max_bytes"]
    for row in ws.visible_rows(lambda index: index.all_docs(), ws.options("", today=today)):
        text, _ = guarded_text(row, ws.roots[row.scope], limit)
        if text is None:
            continue  # unsafe, changed or unapproved: never written out for an agent
        body = printable(visible_body(split_frontmatter(text)[1]))  # as the pack prints it
        title, body = _title(body, row.id)
        out.append(Exported(row, title, body))
    out.sort(key=lambda e: (not e.always, TYPE_ORDER.get(e.row.type, 3), e.row.level, e.row.id))
    return out


def _title(body: str, default: str) -> tuple[str, str]:
    """The body's `# Title` (and the body without it), else the id."""
    lines = body.split("\n")
    match = re.match(r"^#\s+(.+?)\s*#*\s*$", lines[0]) if lines else None
    if match:
        return match.group(1).strip(), "\n".join(lines[1:]).strip("\n")
    return default, body


def _nested(body: str, by: int) -> str:
    """The body with its headings `by` levels deeper (at most `######`), fences untouched."""
    from engram.instructions.split import fence_flags

    out, lines = [], body.split("\n")
    for line, fenced in zip(lines, fence_flags(lines), strict=True):
        match = None if fenced else _HEADING.match(line)
        if match:
            line = "#" * min(6, len(match.group(1)) + by) + match.group(2)
        out.append(line)
    return "\n".join(out)


def _with_directive(memory: Exported) -> str:
    from engram.render.pack import directive_line

    directive = directive_line(memory.row.directive, memory.body)
    return f"{directive}\n\n{memory.body}" if directive else memory.body


def _section(memory: Exported, level: int = 2) -> str:
    """A memory under a heading of this level: its title, a line naming its type and globs
    (which `engram import` reads back), its directive and its body, headings nested under it."""
    row = memory.row
    meta = f"_{row.type}"
    if row.applies_to:
        meta += " · applies to " + ", ".join(f"`{g}`" for g in row.applies_to)
    meta += "_"
    body = _nested(_with_directive(memory), level - 1)
    return f"{'#' * level} {memory.title}\n\n{meta}\n\n{body}\n"


def file_marker(fmt: str) -> str:
    """The first line of a one-file export: what wrote it and how to change it (an HTML
    comment, which Claude Code strips before the model reads the file)."""
    return (
        f"{MARKER} export={fmt}; the project's memories, written by Engram: edit them in "
        f".agents/.engram, then run `engram export --format {fmt}` or `engram hooks sync`. A "
        "card under More memories stands for a memory too long to fit: `engram load --id ID` "
        "prints it whole. -->"
    )


def render_single(fmt: Format, memories: list[Exported]) -> tuple[str, int, int]:
    """(text, bodies, cards) of a one-file export within the format's limit: every memory a
    card to begin with, then bodies in order while they fit."""
    head = f"{file_marker(fmt.name)}\n# Project instructions\n"
    cards = [m.card for m in memories]
    sections = [_section(m) for m in memories]
    as_body = [False] * len(memories)

    def text() -> str:
        parts = [head]
        parts += [sections[i] for i in range(len(memories)) if as_body[i]]
        rest = [cards[i] for i in range(len(memories)) if not as_body[i]]
        if rest:
            parts.append("## More memories\n\n" + "\n".join(rest) + "\n")
        return "\n".join(parts)

    while cards and not fits(text(), fmt):  # too many even as cards: the last ones go
        memories, cards, sections, as_body = memories[:-1], cards[:-1], sections[:-1], as_body[:-1]
    for i in range(len(memories)):
        as_body[i] = True
        if not fits(text(), fmt):
            as_body[i] = False
    bodies = sum(as_body)
    return text(), bodies, len(memories) - bodies


def render_cursor(memory: Exported, fmt: Format) -> tuple[str, bool]:
    """A memory's `.mdc` rule file, and whether its body fitted (else it is a card)."""
    row = memory.row
    description = json.dumps(card_text(row) or " ".join(memory.title.split()))
    head = f"---\ndescription: {description}\n"
    if row.applies_to:
        head += f"globs: {_host_globs(row)}\n"
    head += f"alwaysApply: {'true' if memory.always and not row.applies_to else 'false'}\n---\n"
    text = f"{head}{marker(row)}\n{_section(memory, 1)}"
    if fits(text, fmt):
        return text, True
    return f"{head}{marker(row)}\n# {memory.title}\n\n{memory.card}\n", False


def _has_rule_file(row: DocRow) -> bool:
    """Whether the hosts' own rule files carry the memory (native path rules)."""
    return bool(row.applies_to) and not excludes(row.applies_to)


def _host_globs(row: DocRow) -> str:
    """The memory's globs as one comma-separated JSON string (Cursor's `globs`, Copilot's
    `applyTo`), braces written out. Neither can exclude paths: `!` globs are left out (and the
    export says so)."""
    included = [glob for glob in row.applies_to if not glob.startswith("!")]
    return json.dumps(",".join(expanded(included)))


def render_copilot_path(memory: Exported, fmt: Format) -> tuple[str, bool]:
    """A path-scoped memory's `.instructions.md` file, and whether its body fitted."""
    row = memory.row
    head = f"---\napplyTo: {_host_globs(row)}\n---\n"
    text = f"{head}{marker(row)}\n{_section(memory, 1)}"
    if fits(text, fmt):
        return text, True
    return f"{head}{marker(row)}\n# {memory.title}\n\n{memory.card}\n", False


def export_instructions(
    ws: Workspace, fmt_name: str, out: str | Path | None = None, *, today: date | None = None,
    record: bool = True,
) -> ExportReport:  # fmt: skip
    """Write the memories as `fmt_name` files at `out` (default: the format's place in the
    project) and, with `record`, remember the export for `engram hooks sync`."""
    if fmt_name not in FORMATS:
        raise EngramError(f"unknown export format {fmt_name!r}",
                          hint=f"use one of {', '.join(FORMATS)}")  # fmt: skip
    project = ws.project
    if project is None or ws.workspace_root is None:
        raise EngramError("no workspace here", hint="run `engram init` first")
    fmt = FORMATS[fmt_name]
    target = _target(project, fmt, fmt.out if out is None else out, ws.workspace_root)
    relative = target.relative_to(project.resolve()).as_posix()
    report = ExportReport(fmt_name, relative)
    memories = export_memories(ws, today)
    if fmt.native_host and ws.config["hooks.path_rules"] == "native":
        scoped = [m for m in memories if _has_rule_file(m.row)]
        if scoped:
            memories = [m for m in memories if not _has_rule_file(m.row)]
            report.notes.append(
                f"{len(scoped)} path-scoped memories are left to the host's own rule files "
                "(hooks.path_rules = native; `engram hooks sync` writes them)"
            )
    excluding = [m for m in memories if excludes(m.row.applies_to)]
    if excluding and fmt_name in ("cursor", "copilot"):
        report.notes.append(
            f"{len(excluding)} memories exclude paths (`!` globs), which {fmt_name}'s globs "
            "cannot say: their files apply to the excluded paths too"
        )
    sync = SyncReport()
    try:
        files = _write_files(project, fmt, target, memories, report, sync)
    except OSError as exc:  # a read-only folder, a full disk: one line naming the place
        raise EngramError(
            f"--out {relative}: cannot write there ({exc.strerror or exc})",
            hint="make the folder writable, or export elsewhere with --out",
        ) from None
    if sync.failed:  # the files that could be written are; the first that could not is named
        raise EngramError(
            f"--out {relative}: {sync.failed[0]}",
            hint="make the folder writable, or export elsewhere with --out",
        )
    kept = {project.resolve() / p for p in sync.kept}
    whole = [w for path, (_, w) in files.items() if path not in kept]  # kept: not written
    report.bodies += sum(whole)
    report.cards += len(whole) - sum(whole)
    report.written, report.removed, report.kept = sync.written, sync.removed, sync.kept
    if sync.kept:
        report.notes.append("files without Engram's marker were left as they are")
    if record:
        remember_export(ws.workspace_root, fmt_name, relative)
    return report


def _write_files(
    project: Path, fmt: Format, target: Path, memories: list[Exported], report: ExportReport,
    sync: SyncReport,
) -> dict[Path, tuple[str, bool]]:  # fmt: skip
    """Write the export's files; returns the folder files (path -> text, whether in full)."""
    fmt_name = fmt.name
    files: dict[Path, tuple[str, bool]] = {}
    if fmt_name == "cursor":
        files = {target / f"{m.row.id}.mdc": render_cursor(m, fmt) for m in memories}
        sync_folder(project, target, "*.mdc", {p: t for p, (t, _) in files.items()}, sync)
    else:
        scoped = [m for m in memories if m.row.applies_to] if fmt_name == "copilot" else []
        main = [m for m in memories if not m.row.applies_to or fmt_name != "copilot"]
        text, report.bodies, report.cards = render_single(fmt, main)
        _write_single(project, target, text, sync)
        left = len(main) - report.bodies - report.cards
        if left:
            report.notes.append(
                f"{left} memories did not fit even as cards within the host's limit "
                f"({fmt.limit:,} {fmt.unit}) and were left out; `engram load` still serves them"
            )
        if fmt_name == "copilot":
            folder = target.parent / "instructions"
            files = {
                folder / f"engram-{m.row.id}.instructions.md": render_copilot_path(m, fmt)
                for m in scoped
            }
            wanted = {p: t for p, (t, _) in files.items()}
            sync_folder(project, folder, "engram-*.instructions.md", wanted, sync)
    return files


def _target(project: Path, fmt: Format, out: str | Path, workspace: Path) -> Path:
    """Where the export goes, checked: inside the project, not in Engram's own folders, git's
    or the host rule folders Engram's native sync owns, and no file where a folder must be."""
    if not str(out).strip():
        raise EngramError("--out is empty", hint=f"name a place, or leave --out out for {fmt.out}")
    path = Path(out)
    path = resolved(path if path.is_absolute() else project / path, f"--out {out}")
    root = project.resolve()
    try:
        shown = path.relative_to(root).as_posix()
    except ValueError:
        raise EngramError(f"--out {out}: outside the project folder {project}",
                          hint="exports are written inside the project") from None  # fmt: skip
    for folder, whose in _owned_folders(root, workspace):
        if path == folder or folder in path.parents:
            raise EngramError(
                f"--out {shown}: inside {folder.relative_to(root).as_posix()}, {whose}",
                hint=f"export elsewhere (the default is {fmt.out})",
            )
    if fmt.name == "copilot" and path.as_posix().rsplit("/", 2)[-2:] != [
        ".github", "copilot-instructions.md"
    ]:  # fmt: skip
        raise EngramError(
            f"--out {shown}: Copilot reads .github/copilot-instructions.md, and the path-scoped "
            "files go beside it in .github/instructions/",
            hint="name a .github/copilot-instructions.md file (the default is "
            ".github/copilot-instructions.md)",
        )
    _no_file_in_the_way(root, path, folder=fmt.name == "cursor")
    return path


def _owned_folders(root: Path, workspace: Path) -> list[tuple[Path, str]]:
    from engram.hooks.hosts import every_host

    owned = [(workspace.resolve(), "Engram's memory folder"), (root / ".git", "git's folder")]
    owned += [
        (root / host.native.folder, f"where `engram hooks sync` writes {host.name}'s rule files")
        for host in every_host()
        if host.native is not None
    ]
    return owned


def _no_file_in_the_way(root: Path, path: Path, *, folder: bool) -> None:
    """A file where the export needs a folder (or a folder where it writes a file) is one
    error naming it, not an OSError half way."""
    for parent in [p for p in path.parents if root in p.parents or p == root]:
        if parent.exists() and not parent.is_dir():
            raise EngramError(
                f"--out {path.relative_to(root).as_posix()}: "
                f"{parent.relative_to(root).as_posix()} is a file, not a folder",
                hint="export elsewhere with --out",
            )
    if path.exists() and folder != path.is_dir():
        what = "a file" if folder else "a folder"
        raise EngramError(
            f"--out {path.relative_to(root).as_posix()} is {what}",
            hint="a cursor export is a folder of .mdc files, the others one file: choose "
            "another --out",
        )


def _write_single(project: Path, path: Path, text: str, report: SyncReport) -> None:
    """Write a one-file export, refusing to replace a file Engram did not write."""
    from engram.files.atomic import write_text_atomic
    from engram.files.reading import ReadRefused, read_head

    if path.exists() or path.is_symlink():
        try:
            head = read_head(path.parent, path.name, 4096, folder="project folder")
        except ReadRefused as exc:
            raise EngramError(f"{path}: {exc.reason}; not replaced") from None
        if not is_generated_text(head.decode("utf-8", errors="replace")):
            raise EngramError(
                f"{path.relative_to(project.resolve())} exists and was not written by Engram; "
                "it is left as it is",
                hint=f"bring it in first (`engram import {path.relative_to(project.resolve())}`),"
                " then move it away, or export elsewhere with --out",
            )
        if path.read_bytes() == text.encode("utf-8"):
            return
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, text)
    report.written.append(path.relative_to(project.resolve()).as_posix())


def recorded_exports(root: Path) -> list[tuple[str, str]]:
    """(format, out) of every export recorded in the workspace's `exports.json`."""
    path = root / EXPORTS_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        raise EngramError(f"{path}: not readable JSON ({exc})",
                          hint="fix it, or delete it and export again") from None  # fmt: skip
    items = data.get("exports") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise EngramError(f"{path}: needs an \"exports\" list",
                          hint="delete it and export again")  # fmt: skip
    out = []
    for item in items:
        if (
            isinstance(item, dict)
            and item.get("format") in FORMATS
            and isinstance(item.get("out"), str)
        ):
            out.append((str(item["format"]), str(item["out"])))
    return out


def remember_export(root: Path, fmt: str, out: str) -> None:
    """Record an export in the workspace's `exports.json` (for `engram hooks sync`)."""
    known = recorded_exports(root)
    if (fmt, out) in known:
        return
    known.append((fmt, out))
    _save(root, known)


def _save(root: Path, known: list[tuple[str, str]]) -> None:
    from engram.files.atomic import write_text_atomic

    data = {"exports": [{"format": f, "out": o} for f, o in sorted(known)]}
    write_text_atomic(root / EXPORTS_FILE, json.dumps(data, indent=2) + "\n")


def sync_exports(ws: Workspace, today: date | None = None) -> list[ExportReport]:
    """Write every recorded export again (what `engram hooks sync` does for them). An export
    whose file or folder was deleted is forgotten rather than written back."""
    root, project = ws.workspace_root, ws.project
    if root is None or project is None:
        return []
    known = recorded_exports(root)
    reports, keep = [], []
    for fmt, out in known:
        if not (project / out).exists():
            reports.append(ExportReport(fmt, out, gone=True))
            continue
        try:
            reports.append(export_instructions(ws, fmt, out, today=today, record=False))
        except EngramError as exc:  # one export that fails does not stop the others
            reports.append(ExportReport(fmt, out, error=exc.message))
        keep.append((fmt, out))
    if keep != known:
        _save(root, keep)
    return reports
