"""Native path rules (`hooks.path_rules = native`): memories with `applies_to` globs are written
as rule files of the hosts that load such files themselves when a matching file is touched
(each host's `NativeRules`: `.claude/rules/engram/<id>.md` with `paths:`,
`.cursor/rules/engram/<id>.mdc` with `globs:`).

Every generated file carries a marker comment. A sync writes what changed, removes generated
files whose memory is gone or no longer path-scoped, and never touches a file without the
marker (a hand-written rule of the same name is reported and left alone).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from engram.errors import FileWriteError
from engram.files.atomic import write_text_atomic
from engram.files.body import split_frontmatter, visible_body
from engram.files.guard import guarded_text
from engram.files.index import DocRow
from engram.files.reading import ReadRefused, read_head, read_limited
from engram.workspace import Workspace

MARKER = "<!-- engram:generated"
_KEY = re.compile(r"<!-- engram:generated key=(\S+)")
HEAD_BYTES = 4096  # the marker is on the line after the frontmatter
# The whole marker line as Engram writes it, first in the file or right after its frontmatter:
# a hand-written file that only mentions the marker (in prose, a code span) is not generated.
_MARKER_LINE = re.compile(r"<!-- engram:generated (?:key|export)=\S+ [^\n]*-->")
_HEAD_FRONT = re.compile(r"---[ \t]*\n(?:.*?\n)?---[ \t]*\n", re.S)


# The bytes of one file name on the common file systems (ext4, APFS; NTFS counts 255 units).
NAME_MAX = 255


@dataclass
class SyncReport:
    """What a sync changed, relative to the project folder."""

    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # hand-written files in the way
    # files that could not be written or removed, each with why: the others are still synced
    failed: list[str] = field(default_factory=list)


def longest_id() -> int:
    """The most bytes an id may take for each host's rule file named after it to be written
    (first under its temporary name, which is longer)."""
    from engram.files.atomic import TEMP_NAME_EXTRA
    from engram.hooks.hosts import every_host

    suffixes = [h.native.suffix for h in every_host() if h.native is not None]
    return NAME_MAX - TEMP_NAME_EXTRA - max(len(s.encode()) for s in suffixes)


def path_memories(ws: Workspace, today: date | None = None) -> list[tuple[DocRow, str]]:
    """Visible, safe path-scoped memories with their agent-facing bodies (workspace wins),
    except those whose globs exclude paths: the hosts' rule files cannot say `!src/vendor/**`,
    so the hooks deliver those."""
    from engram.files.globs import excludes
    from engram.terminal import printable

    out = []
    limit = ws.config["files.max_bytes"]
    for row in ws.visible_rows(lambda index: index.path_scoped(), ws.options("", today=today)):
        if excludes(row.applies_to):
            continue
        text, _ = guarded_text(row, ws.roots[row.scope], limit)
        if text is not None:
            # as the pack prints it: no terminal escapes or control characters
            out.append((row, printable(visible_body(split_frontmatter(text)[1]))))
    return out


def marker(row: DocRow) -> str:
    """The comment that marks a generated file and names the memory it stands for."""
    return (
        f"{MARKER} key={row.scope}:{row.id} source={row.path}; edit the memory, not this file -->"
    )


def with_directive(row: DocRow, body: str) -> str:
    """The body, after the memory's directive when the body does not say it."""
    from engram.render.pack import directive_line

    directive = directive_line(row.directive, body)
    return f"{directive}\n\n{body}" if directive else body


def marker_line(text: str) -> str | None:
    """The generated-file marker line at the top of `text` (its first line, or the first after
    a frontmatter block), else None."""
    front = _HEAD_FRONT.match(text)
    rest = text[front.end() :] if front else text
    first = rest.split("\n", 1)[0].rstrip("\r")
    return first if _MARKER_LINE.fullmatch(first) else None


def is_generated_text(text: str) -> bool:
    """Whether Engram wrote this file: its marker line is where Engram puts it."""
    return marker_line(text) is not None


def generated_key(path: Path, folder: Path) -> str | None:
    """The memory key a generated rule file stands for (None for other files, and for
    anything but a regular file inside `folder`: the path may come from a host)."""
    try:
        head = read_head(folder, path, HEAD_BYTES, folder="rules folder")
    except ReadRefused:
        return None
    line = marker_line(head.decode("utf-8", errors="replace"))
    match = _KEY.match(line) if line else None
    return match.group(1) if match else None


def _same_text(path: Path, folder: Path, text: str) -> bool:
    wanted = text.encode("utf-8")
    try:
        found = read_limited(folder, path, len(wanted), folder="rules folder", setting=None)
    except ReadRefused:
        return False
    return found == wanted


def sync_native_rules(
    ws: Workspace, hosts: tuple[str, ...] | None = None, today: date | None = None
) -> SyncReport:
    """Bring the generated rule files of these hosts (default: every host that has them) in
    line with the memories."""
    from engram.hooks.hosts import every_host

    report = SyncReport()
    project = ws.project
    if project is None:
        return report
    memories = path_memories(ws, today)
    for host in every_host():
        if host.native is None or (hosts is not None and host.name not in hosts):
            continue
        folder, suffix, render = host.native.folder, host.native.suffix, host.native.render
        wanted = {
            project / folder / f"{row.id}{suffix}": render(row, body) for row, body in memories
        }
        sync_folder(project, project / folder, f"*{suffix}", wanted, report)
    return report


def sync_folder(
    project: Path, folder: Path, pattern: str, wanted: dict[Path, str], report: SyncReport
) -> None:
    """Make the generated files matching `pattern` in `folder` exactly `wanted` (path ->
    text): write what changed, remove generated files not wanted, and leave every file without
    the marker alone (reported as kept)."""
    present = sorted(folder.glob(pattern)) if folder.is_dir() else []
    for path in present:
        if path not in wanted and generated_key(path, folder):
            try:
                path.unlink()
            except OSError as exc:
                report.failed.append(f"cannot remove {path.relative_to(project)}: {_why(exc)}")
                continue
            report.removed.append(str(path.relative_to(project)))
    for path, text in sorted(wanted.items()):
        if os.path.lexists(path):
            if generated_key(path, folder) is None:
                report.kept.append(str(path.relative_to(project)))
                continue
            if _same_text(path, folder, text):
                continue
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(path, text)
        except (OSError, FileWriteError) as exc:  # a name too long, a file where the folder is
            report.failed.append(f"cannot write {path.relative_to(project)}: {_why(exc)}")
            continue
        report.written.append(str(path.relative_to(project)))


def _why(exc: OSError | FileWriteError) -> str:
    """The system's reason for a failed write, without the path it names."""
    code = exc.errno
    return os.strerror(code) if code else str(exc)
