"""`engram import` (other tools' instruction files become memories) and `engram export` (the
memories become other tools' instruction files)."""

from __future__ import annotations

import argparse
from pathlib import Path

from engram.cli.output import add_command, emit

TYPE_CHECKING = False  # `typing` is not imported on the hot commands; type checkers read True
if TYPE_CHECKING:
    from typing import Any

    from engram.instructions.importer import ImportPlan, PlannedMemory

FORMATS = ("agents-md", "claude-md", "cursor", "copilot")


def register(sub: Any) -> None:
    imp = add_command(
        sub, "import", "Turn AGENTS.md, CLAUDE.md, Cursor rules … into memory files.", cmd_import
    )
    imp.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="files or folders (default: the project's known instruction files)",
    )
    imp.add_argument(
        "--plan",
        action="store_true",
        help="show each memory it would create, from which lines; write nothing",
    )
    imp.add_argument("--dry-run", action="store_true", help="say what it would do; write nothing")
    imp.add_argument(
        "--refine",
        action="store_true",
        help="let the configured chat model improve summaries and directives",
    )
    exp_help = "Write the memories as a host's instruction files."
    exp = add_command(sub, "export", exp_help, cmd_export)
    exp.add_argument("--format", required=True, choices=FORMATS, help="the host's file format")
    exp.add_argument("--out", metavar="PATH", help="where (default: the format's usual place)")


def cmd_import(args: argparse.Namespace, start: Path | None) -> int:
    from engram.instructions.importer import import_instructions
    from engram.workspace import open_workspace

    here = start or Path.cwd()  # paths are relative to where the command runs (`-C DIR`)
    paths = [here / path for path in args.paths]
    with open_workspace(start) as ws:
        write = not (args.plan or args.dry_run)
        try:
            plan = import_instructions(ws, paths, write=write, refine=args.refine)
        except KeyboardInterrupt:  # the writes were rolled back: say so, not a silent 130
            return interrupted()
    emit(args, plan.to_json(), import_text(plan, detail=args.plan) + "\n")
    return 0


def interrupted() -> int:
    """Ctrl-C during an all-or-none command: one line, exit 130."""
    import sys

    print("engram: interrupted; nothing was changed", file=sys.stderr)
    return 130


def import_text(plan: ImportPlan, *, detail: bool) -> str:
    """The import's report: a line a source, a line a memory (with `detail`, its fields and
    why), then the counts."""
    from engram.instructions import importer as im

    lines: list[str] = []
    for source in plan.sources:
        head = {
            "unchanged": "unchanged since it was imported: skipped",
            "generated": "written by Engram: skipped",
            "error": f"not read: {source.error}",
            "changed": "changed since it was imported: "
            f"{sum(m.action == im.UPDATE for m in source.memories)} memories updated, "
            f"{sum(m.action == im.CREATE for m in source.memories)} new",
            "new": f"{sum(m.action == im.CREATE for m in source.memories)} memories",
        }[source.state]
        lines.append(f"{source.path}: {head}")
        lines += [f"  note: {note}" for note in source.notes]
        for memory in source.memories:
            if detail or memory.action != im.EMPTY:
                lines.append(f"  {_line(memory, plan.applied)}")
            if detail and memory.action in (im.CREATE, im.UPDATE):
                lines += _details(memory)
    counts = plan.to_json()["counts"]
    assert isinstance(counts, dict)
    verb = "created" if plan.applied else "would create"
    lines.append(
        f"{verb} {counts['create']} memories"
        + (
            f", {'updated' if plan.applied else 'would update'} {counts['update']}"
            if counts["update"]
            else ""
        )
        + f"; {counts['duplicate']} near-duplicates and "
        f"{counts['refused']} unsafe sections not imported"
    )
    lines += plan.notes
    return "\n".join(lines)


def _line(memory: PlannedMemory, written: bool) -> str:
    where = f"lines {memory.start}-{memory.end}"
    if memory.action == "create":
        verb = "created" if written else "create"
        return f"{verb} {memory.relative} [{memory.type}] from {where} ({memory.shown_title})"
    if memory.action == "update":
        verb = "updated" if written else "update"
        return f"{verb} {memory.relative} from {where} ({memory.shown_title}): {memory.reason}"
    if memory.action == "kept":
        return f"{where} ({memory.shown_title}): {memory.reason}"
    if memory.action == "duplicate":
        return (f"{where} ({memory.shown_title}): near-duplicate of {memory.shown_duplicate_of} "
                f"(similarity {memory.similarity:.2f}), not imported")  # fmt: skip
    if memory.action == "refused":
        return f"{where} ({memory.shown_title}): not imported: {memory.reason}"
    return f"{where}: {memory.reason}, nothing to import"


def _details(memory: PlannedMemory) -> list[str]:
    out = []
    for name in ("directive", "summary", "tags", "triggers", "applies_to"):
        value = getattr(memory, name)
        if value:
            shown = ", ".join(value) if isinstance(value, list) else value
            out.append(f"      {name}: {shown}")
    out += [f"      why: {why}" for why in memory.why]
    return out


def cmd_export(args: argparse.Namespace, start: Path | None) -> int:
    from engram.instructions.export import export_instructions
    from engram.workspace import open_workspace

    out: str | Path | None = args.out
    if args.out is not None and args.out.strip():  # an empty --out is refused, not the default
        out = (start or Path.cwd()) / args.out
    with open_workspace(start) as ws:
        report = export_instructions(ws, args.format, out)
    lines = export_lines(report)
    lines.append(f"{report.bodies} memories in full, {report.cards} as cards")
    lines += [f"note: {note}" for note in report.notes]
    emit(args, report.to_json(), "\n".join(lines) + "\n")
    return 0


def export_lines(report: Any, name: str = "") -> list[str]:
    """What an export changed: files written, removed, kept (hand-written, in the way), or
    that it is up to date when it changed nothing and nothing was in its way."""
    lines = [f"wrote {p}" for p in report.written] + [f"removed {p}" for p in report.removed]
    lines += [f"kept hand-written {p} (not replaced)" for p in report.kept]
    if not lines:
        lines.append(f"{name or report.out} is up to date")
    return lines
