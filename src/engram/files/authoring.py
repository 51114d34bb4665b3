"""Creating things: `engram init` (the workspace skeleton) and `engram new` (a memory file)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engram.config import SETTINGS
from engram.errors import EngramError, FrontmatterError
from engram.files.approvals import HASHES_FILE, approvals_lock, load_approvals, write_approvals
from engram.files.atomic import write_bytes_atomic, write_text_atomic
from engram.files.body import visible_body
from engram.files.discovery import WORKSPACE_PARTS
from engram.files.frontmatter import LEVELS, parse_memory
from engram.files.ignore import DEFAULT_IGNORE, IGNORE_FILE
from engram.files.index import memory_unsafe_reason
from engram.files.layout import device_name
from engram.files.model import FOLDERS, TYPE_FOLDER
from engram.safety.hashes import content_hash

if TYPE_CHECKING:
    from engram.files.index import DocRow

WORKSPACE_DIR = Path(*WORKSPACE_PARTS)  # `.agents/.engram`, the workspace inside a project


@dataclass
class InitReport:
    """What `init` created and what it found already there (and left untouched)."""

    root: Path
    created: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


def config_template() -> str:
    """A commented `engram.toml` listing every setting with its default (generated from the
    settings table, so it cannot drift from the code)."""
    lines = [
        "# Engram workspace settings. Precedence: built-in defaults < global config.toml",
        "# < this file < ENGRAM_<SECTION>_<KEY> environment variables < command-line flags.",
        "# `engram config` shows every effective value and where it came from.",
    ]
    section = ""
    for key, setting in SETTINGS.items():
        head, name = key.split(".", 1)
        if head != section:
            section = head
            lines += ["", f"[{section}]"]
        value = setting.default
        if isinstance(value, bool):
            shown = "true" if value else "false"
        elif isinstance(value, str):
            shown = f'"{value}"'
        else:
            shown = str(value).replace("'", '"')
        lines.append(f"# {name} = {shown}  # {setting.doc}")
    return "\n".join(lines) + "\n"


def init_workspace(project: Path) -> InitReport:
    """Create `.agents/.engram/` with its folders, a commented config and a default ignore
    file. Nothing that already exists is changed."""
    root = project / WORKSPACE_DIR
    report = InitReport(root)
    # A file where a folder goes is found before anything is created: no half-made workspace.
    parts = WORKSPACE_DIR.parts
    needed = [project.joinpath(*parts[: n + 1]) for n in range(len(parts))]
    for path in needed + [root / folder for folder in FOLDERS]:
        if path.exists() and not path.is_dir():
            raise EngramError(
                f"{path}: a file is where the workspace needs a folder",
                hint="move or rename it, then run `engram init` again",
            )
    for name in ("engram.toml", IGNORE_FILE, ".gitignore"):
        if (root / name).is_dir():
            raise EngramError(
                f"{root / name}: a folder is where the workspace needs a file",
                hint="move or rename it, then run `engram init` again",
            )
    try:
        _create(root, report)
    except OSError as exc:
        raise EngramError(
            f"{exc.filename or root}: cannot create ({exc.strerror or exc})",
            hint="check the folder's permissions, then run `engram init` again",
        ) from None
    return report


def _create(root: Path, report: InitReport) -> None:
    for folder in FOLDERS:
        path = root / folder
        if path.is_dir():
            report.kept.append(f"{folder}/")
        else:
            path.mkdir(parents=True)
            report.created.append(f"{folder}/")
    for name, text in (("engram.toml", config_template()), (IGNORE_FILE, DEFAULT_IGNORE)):
        path = root / name
        if os.path.lexists(path):  # kept without a write: a full or read-only disk is no error
            report.kept.append(name)
            continue
        try:  # exclusive all the same: another process may create it meanwhile
            write_text_atomic(path, text, exclusive=True)
            report.created.append(name)
        except FileExistsError:
            report.kept.append(name)
    _ignore_derived(root, report)


GIT_IGNORE = ".cache/"  # the derived index: rebuilt from the files, never trusted from git


def _ignore_derived(root: Path, report: InitReport) -> None:
    """Keep derived files out of git: `.cache/` in the workspace's `.gitignore` (added to an
    existing file, whose other lines are kept)."""
    path = root / ".gitignore"
    try:
        old = path.read_bytes()  # as bytes: git reads no encoding into it, nor may we
    except FileNotFoundError:
        old = None
    line = GIT_IGNORE.encode()
    if old is not None and line in old.split():
        report.kept.append(".gitignore")
        return
    header = b"# Derived files, rebuilt from the memory files: never commit them.\n"
    data = header + line + b"\n" if old is None else old.rstrip(b"\n") + b"\n" + line + b"\n"
    write_bytes_atomic(path, data.lstrip(b"\n"))
    report.created.append(".gitignore" if old is None else ".gitignore (added .cache/)")


def _render_frontmatter(fields: dict[str, object]) -> str:
    import yaml

    return yaml.safe_dump(fields, sort_keys=False, allow_unicode=True, width=100)


def new_memory(
    root: Path,
    kind: str,
    memory_id: str,
    body: str,
    *,
    directive: str = "",
    summary: str = "",
    tags: list[str] | None = None,
    triggers: list[str] | None = None,
    applies_to: list[str] | None = None,
    depends_on: list[str] | None = None,
    level: str | None = None,
    confidence: str = "high",
    sources: list[tuple[str, str]] | None = None,
    today: date | None = None,
) -> Path:
    """Write a new, valid memory file under `root` (a scope root) and approve its hash.
    Refuses to overwrite a file or reuse an id, and refuses secrets and injection text, and a
    body that is a whole memory file (its frontmatter would be shown as text)."""
    lines = [line.rstrip() for line in body.lstrip().splitlines()]
    if lines and lines[0] == "---" and "---" in lines[1:]:
        raise EngramError(
            "the body starts with a frontmatter block (---); its fields would be shown as text",
            hint="pass the body alone, and the fields as options (--directive, --tag, …)",
        )
    relative, text = memory_text(
        root, kind, memory_id, body, directive=directive, summary=summary, tags=tags,
        triggers=triggers, applies_to=applies_to, depends_on=depends_on, level=level,
        confidence=confidence, sources=sources, today=today,
    )  # fmt: skip
    limit = _max_bytes(root)
    size = len(text.encode("utf-8"))
    if size > limit:  # written, it would be an invalid file that no load shows
        raise EngramError(
            f"the new memory would be {size:,} bytes, over files.max_bytes = {limit:,}, "
            "so it would never be loaded",
            hint="split the body into several memories, or raise files.max_bytes",
        )
    _refuse_existing_id(root, memory_id)
    return write_memories(root, [(relative, text)])[0]


def check_new(root: Path, kind: str, memory_id: str, **fields: Any) -> None:
    """Refuse now what `new_memory` would refuse for anything but the body (an invalid or
    taken id, a field holding a secret, a damaged approvals file), so that no one writes a body
    in an editor only to have it refused for the id."""
    relative, _ = memory_text(root, kind, memory_id, "(the body)", **fields)
    _refuse_damaged_approvals(root)
    _refuse_existing_id(root, memory_id)
    if os.path.lexists(root / relative):
        raise EngramError(f"{root / relative} already exists", hint="choose another id")


# The longest id whose file `<id>.md` fits the 255 bytes most file systems allow a name.
_ID_BYTES = 255 - len(".md")

# Characters a memory file never holds: C0 controls but tab, line feed and carriage return, and
# DEL.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def memory_text(
    root: Path,
    kind: str,
    memory_id: str,
    body: str,
    *,
    directive: str = "",
    summary: str = "",
    tags: list[str] | None = None,
    triggers: list[str] | None = None,
    applies_to: list[str] | None = None,
    depends_on: list[str] | None = None,
    level: str | None = None,
    confidence: str = "high",
    sources: list[tuple[str, str]] | None = None,
    today: date | None = None,
) -> tuple[str, str]:
    """(the path relative to `root`, the text) of a new memory file, validated as `load` will
    read it; an EngramError when it would be invalid or holds a secret or injection text."""
    kind = "skill" if kind == "workflow" else kind
    if kind not in TYPE_FOLDER:
        raise EngramError(f"unknown memory type {kind!r}", hint="use rule, skill or knowledge")
    if level is not None and level not in LEVELS and level not in ("0", "1", "2"):
        raise EngramError(
            f"unknown level {level!r}", hint="use foundation, intermediate, advanced or 0/1/2"
        )
    if not memory_id:  # the file would be `rules/.md`: hidden, never loaded
        raise EngramError("the memory id is empty", hint="give one, e.g. deploy-checklist")
    size = len(memory_id.encode("utf-8", "surrogatepass"))
    if size > _ID_BYTES:  # the file `<id>.md` could not be created
        raise EngramError(
            f"the memory id is {size} bytes long, over the {_ID_BYTES} a file name can hold",
            hint="choose a shorter id",
        )
    if device_name(memory_id):
        raise EngramError(
            f"the memory id {memory_id!r} names a device on Windows: its file could not be "
            "created or checked out there",
            hint=f"choose another id, e.g. {memory_id.split('.', 1)[0]}-notes",
        )
    # Bytes that are not UTF-8 reach stdin and argv as lone surrogates, which cannot be written.
    given = {"id": memory_id, "body": body, "directive": directive, "summary": summary,
             "tags": "".join(tags or []), "triggers": "".join(triggers or []),
             "applies_to": "".join(applies_to or []),
             "depends_on": "".join(depends_on or [])}  # fmt: skip
    for name, value in given.items():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise EngramError(
                f"the {name} is not UTF-8 text", hint="convert it, e.g. with iconv -t UTF-8"
            ) from None
    if not body.strip():
        raise EngramError("the memory body is empty", hint="pass the body on stdin or via $EDITOR")
    fields: dict[str, object] = {"id": memory_id, "type": kind}
    fields["authority"] = "reference" if kind == "knowledge" else "instruction"
    optional: dict[str, object] = {
        "directive": directive, "summary": summary, "tags": tags or [],
        "triggers": triggers or [], "applies_to": applies_to or [],
        "depends_on": depends_on or [],
    }  # fmt: skip
    fields.update({k: v for k, v in optional.items() if v})
    if level is not None:
        fields["level"] = int(level) if level.isdigit() else level
    fields["confidence"] = confidence
    if sources:
        base = source_base(root)
        fields["sources"] = [
            {"path": checked_source(base, path), "sha256": digest} for path, digest in sources
        ]
    fields["lifecycle"] = "active"
    fields["created"] = (today or date.today()).isoformat()
    text = "---\n" + _render_frontmatter(fields) + "---\n\n" + body.strip("\n") + "\n"
    relative = f"{TYPE_FOLDER[kind]}/{memory_id}.md"
    try:
        parsed = parse_memory(text, path=relative, default_type=kind)
    except FrontmatterError as exc:
        raise EngramError(f"the new memory would not be valid: {exc.reason}") from None
    reason = memory_unsafe_reason(parsed, text, visible_body(parsed.body))
    if reason:
        raise EngramError(
            f"refusing to write {relative}: it contains a {reason}",
            hint="remove it; memory files are shown to agents",
        )
    # after the scans, so that an instruction hidden with a control character is refused as
    # what it is; a NUL made git take the file for binary, and no reader shows such bytes
    listed = {"tags": tags, "triggers": triggers, "applies_to": applies_to,
              "depends_on": depends_on}  # fmt: skip
    for name in sorted(given, key=lambda n: n == "body"):  # a field's value may open the body
        values = listed.get(name) or [given[name]]
        for number, value in enumerate(values, 1):
            found = _CONTROL.search(value)
            if found is None:
                continue
            where = f"its item {number}, " if name in listed else ""
            raise EngramError(
                f"the {name} holds a control character ({found.group()!r} at {where}character "
                f"{found.start() + 1}); a memory file is text",
                hint="remove it",
            )
    return relative, text


def write_memories(
    root: Path, files: list[tuple[str, str]], *, replacing: frozenset[str] = frozenset()
) -> list[Path]:
    """Create these memory files (relative path, text) under `root` and approve their hashes,
    all or none: a file that exists already, a failed write or an interrupt (Ctrl-C) removes the
    ones written. The files in `replacing` must exist and are rewritten (an import updating
    the memories a changed source made); on failure their old text is put back."""
    with approvals_lock(root):  # another process approving meanwhile keeps its approvals
        return _write_memories(root, files, replacing)


def _write_memories(
    root: Path, files: list[tuple[str, str]], replacing: frozenset[str]
) -> list[Path]:
    approvals = _refuse_damaged_approvals(root)
    old_approvals = dict(approvals)
    written: list[Path] = []
    replaced: dict[Path, bytes] = {}
    try:
        for relative, text in files:
            path = root / relative
            if relative in replacing:
                replaced[path] = _old_bytes(path)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_text_atomic(path, text, exclusive=relative not in replacing)
            except FileExistsError:
                raise EngramError(f"{path} already exists", hint="choose another id") from None
            except OSError as exc:
                raise EngramError(f"cannot create {path.parent}: {exc.strerror or exc}") from None
            if relative not in replacing:
                written.append(path)
            approvals[relative] = content_hash(text)
        write_approvals(root, approvals)
    except BaseException:  # an error or Ctrl-C: none of them, or a re-import would skip them
        for path in written:  # a memory without its approval would not be shown
            path.unlink(missing_ok=True)
        for path, data in replaced.items():
            write_bytes_atomic(path, data)
        if replaced:
            write_approvals(root, old_approvals)
        raise
    return [root / relative for relative, _ in files]


def _refuse_damaged_approvals(root: Path) -> dict[str, str]:
    """The scope root's approvals; an EngramError when the file is damaged: rewriting it would
    settle a merge conflict behind the user's back."""
    approvals, problem = load_approvals(root)
    if problem:
        raise EngramError(
            f"{root / HASHES_FILE} {problem.split(';')[0]}; new memories are not written "
            "until it is fixed (`engram doctor` says how)"
        )
    return approvals


def _old_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise EngramError(
            f"cannot read {path}: {exc.strerror or exc}; nothing was updated"
        ) from None


def source_base(root: Path) -> Path:
    """The folder a memory's `sources` are relative to: the project that holds a workspace, or
    the global folder itself (as staleness checks read them)."""
    if root.name == WORKSPACE_DIR.name and root.parent.name == WORKSPACE_DIR.parent.name:
        return root.parent.parent
    return root


def checked_source(base: Path, source: str) -> str:
    """`source` as a path relative to `base`, when it names a regular file inside `base` (after
    symlinks); an EngramError naming the source otherwise (`/etc/shadow`, `../x`, a symlink
    out of the folder, a FIFO)."""
    from engram.files.reading import ReadRefused, resolve_inside

    hint = "a source must be a regular file inside the project folder"
    lexical = os.path.normpath(os.path.join(os.path.abspath(base), source))
    relative = os.path.relpath(lexical, os.path.abspath(base))
    if relative.split(os.sep, 1)[0] == os.pardir:
        raise EngramError(f"source {source!r}: outside the project folder", hint=hint)
    try:
        resolve_inside(base, relative, folder="project folder")
    except ReadRefused as exc:
        raise EngramError(f"source {source!r}: {exc.reason}", hint=hint) from None
    return Path(relative).as_posix()


def hash_source(base: Path, source: str) -> tuple[str, str]:
    """(the source's path relative to `base`, the SHA-256 of its content), read safely."""
    from engram.files.reading import SOURCE_MAX_BYTES, ReadRefused, read_limited

    relative = checked_source(base, source)
    try:
        data = read_limited(base, relative, SOURCE_MAX_BYTES, folder="project folder", setting=None)
    except ReadRefused as exc:
        raise EngramError(f"source {source!r}: {exc.reason}") from None
    return relative, content_hash(data)


def _max_bytes(root: Path) -> int:
    """`files.max_bytes` as it applies to the scope root `root`."""
    from engram.config import load_config

    return int(load_config(root)["files.max_bytes"])


def id_taken(root: Path, memory_id: str) -> bool:
    """True when a memory under the scope root `root` has this id, or a file of any type is
    named after it (one that is invalid has no id the index knows), in any case: on macOS and
    Windows `Deploy.md` is the file `deploy.md`."""
    return bool(_same_id(root, memory_id) or _files_named(root, memory_id))


def _files_named(root: Path, memory_id: str) -> list[str]:
    """The memory files (relative paths) named `<memory_id>.md` in any case, in every type's
    folder."""
    wanted = f"{memory_id}.md".casefold()
    found: list[str] = []
    for folder in sorted(set(TYPE_FOLDER.values())):
        try:
            names = os.listdir(root / folder)
        except OSError:  # no such folder (yet), or not one
            continue
        found += [f"{folder}/{name}" for name in sorted(names) if name.casefold() == wanted]
    return found


def _same_id(root: Path, memory_id: str) -> list[DocRow]:
    """The memories under `root` with this id, else those whose id differs from it only in
    case."""
    from engram.files.discovery import ScopeRoot
    from engram.files.index import MemoryIndex

    # Open the index with the configured limit: another limit would re-examine every file.
    limit = _max_bytes(root)
    with MemoryIndex.open(ScopeRoot(root, "workspace", limit)) as index:
        exact = index.by_ids([memory_id])
        if exact:
            return exact
        return index.by_id_in_any_case(memory_id)


_CASE = "; ids may not differ only in case (macOS and Windows take such names for one file)"


def _refuse_existing_id(root: Path, memory_id: str) -> None:
    existing = _same_id(root, memory_id)
    if existing:
        row = existing[0]
        raise EngramError(
            f"a memory with id {row.id!r} already exists in {row.path}"
            + ("" if row.id == memory_id else _CASE),
            hint="choose another id or edit that file",
        )
    named = [
        path
        for path in _files_named(root, memory_id)
        if path.rsplit("/", 1)[-1] != f"{memory_id}.md"
    ]
    if named:
        raise EngramError(
            f"{root / named[0]} already exists{_CASE}", hint="choose another id or edit that file"
        )
