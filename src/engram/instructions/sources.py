"""The instruction files other tools read, found in a project and read with their metadata.

Known files: `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` (at the root and in sub-folders, where they
apply to that folder), `.cursorrules`, `.cursor/rules/**/*.mdc`, `.windsurfrules`,
`.windsurf/rules/*.md`, `.claude/rules/**/*.md`, `.github/copilot-instructions.md` and
`.github/instructions/**/*.instructions.md`. Files Engram generated itself (its native rule
files and exports carry a marker) are never sources.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engram.errors import EngramError, FrontmatterError
from engram.files.globs import MAX_EXPANSION, expand_braces, expanded
from engram.paths import resolved
from engram.safety.hashes import content_hash

ROOT_FILES = (
    ".cursorrules", ".windsurfrules", ".github/copilot-instructions.md",
)  # fmt: skip
NESTED_NAMES = ("AGENTS.md", "CLAUDE.md", "GEMINI.md")
PATTERNS = (
    (".cursor/rules", ".mdc"),
    (".claude/rules", ".md"),
    (".windsurf/rules", ".md"),
    (".github/instructions", ".instructions.md"),
)
# Folders never searched for nested AGENTS.md: dependencies, builds, caches, version control.
PRUNE = frozenset(
    "node_modules vendor venv env site-packages dist build target out coverage __pycache__".split()
)
MAX_DEPTH = 6
MAX_BYTES = 1024 * 1024  # an instruction file larger than this is no instruction file
READ_HINT = "an instruction file is a regular UTF-8 file inside the project, at most 1 MiB"
UNIVERSAL_GLOBS = frozenset({"*", "**", "**/*", "**/*.*", "/**/*", "./**/*", "**/**"})


@dataclass
class SourceFile:
    """One instruction file: where it is (relative to the project), what kind it is, its text
    and hash, the body after any frontmatter and the line that body starts on, and what its
    frontmatter says (`description`, `globs`, `always`)."""

    path: str
    kind: str
    text: str
    sha256: str
    body: str
    body_line: int
    description: str = ""
    globs: list[str] = field(default_factory=list)
    always: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def folder_scope(self) -> list[str]:
        """A nested AGENTS.md / CLAUDE.md / GEMINI.md applies to its own folder."""
        folder, _, name = self.path.rpartition("/")
        if name in NESTED_NAMES and folder and not folder.startswith("."):
            return [f"{folder}/**"]
        return []


def kind_of(path: str) -> str:
    """What tool a file is for, from its path relative to the project."""
    name = path.rsplit("/", 1)[-1]
    if name in NESTED_NAMES:
        return name.removesuffix(".md").lower() + "-md"
    if name in (".cursorrules", ".windsurfrules"):
        return name[1:]
    if path.endswith(".mdc"):
        return "cursor-rule"
    if name == "copilot-instructions.md":
        return "copilot"
    if name.endswith(".instructions.md"):
        return "copilot-instructions"
    if "/.claude/rules/" in f"/{path}":
        return "claude-rule"
    if "/.windsurf/rules/" in f"/{path}":
        return "windsurf-rule"
    return "markdown"


def discover(project: Path, under: Path | None = None) -> list[str]:
    """The known instruction files in the project (or in a folder of it), relative to the
    project, in a stable order."""
    base = (under or project).resolve()
    found: set[str] = set()
    for name in ROOT_FILES:
        if (base / name).is_file():
            found.add(_relative(project, base / name))
    for folder, suffix in PATTERNS:
        if (base / folder).is_dir():
            for path in (base / folder).rglob(f"*{suffix}"):
                if path.is_file():
                    found.add(_relative(project, path))
    for path in _nested(base):
        found.add(_relative(project, path))
    if under is not None:  # a folder of rule files, such as a copy of .cursor/rules
        for path in base.rglob("*.mdc"):
            if path.is_file() and not any(p.startswith(".") for p in path.relative_to(base).parts):
                found.add(_relative(project, path))
    return sorted(found, key=lambda p: (p.count("/"), p))


def _nested(base: Path) -> list[Path]:
    out: list[Path] = []
    for folder, dirs, files in os.walk(base):
        depth = Path(folder).relative_to(base).parts
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in PRUNE)
        if len(depth) >= MAX_DEPTH:
            dirs[:] = []
        out.extend(Path(folder) / name for name in NESTED_NAMES if name in files)
    return out


def _relative(project: Path, path: Path) -> str:
    """The path as found under the project: a symlink out of it keeps its own name, so that
    reading it is refused for that one source rather than the whole import failing."""
    try:
        return path.resolve().relative_to(project.resolve()).as_posix()
    except ValueError:
        return Path(os.path.relpath(path, project.resolve())).as_posix()


def inside(project: Path, given: str | Path) -> Path:
    """A path the user named, resolved; an error naming it when it is outside the project."""
    path = Path(given)
    path = resolved(path if path.is_absolute() else Path.cwd() / path, str(given))
    try:
        path.relative_to(project.resolve())
    except ValueError:
        raise EngramError(
            f"{given}: outside the project folder {project}",
            hint="copy the file into the project first: imported memories record their source "
            "relative to it",
        ) from None
    if not path.exists():
        raise EngramError(f"{given}: no such file or folder")
    return path


def read_source(project: Path, path: str) -> SourceFile:
    """Read one instruction file (safely: a regular file inside the project, at most 1 MiB,
    UTF-8) and its frontmatter. An EngramError names the file when it cannot be read."""
    from engram.files.reading import ReadRefused, read_limited

    try:
        data = read_limited(project, path, MAX_BYTES, folder="project folder", setting=None)
    except ReadRefused as exc:
        raise EngramError(f"{path}: {exc.reason}", hint=READ_HINT) from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise EngramError(
            f"{path}: UTF-16 text (it starts with a UTF-16 byte-order mark)",
            hint="save it as UTF-8",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EngramError(
            f"{path}: not UTF-8 text (byte {exc.start})", hint="save it as UTF-8"
        ) from None
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    text, notes = _visible(text)
    source = SourceFile(path, kind_of(path), text, content_hash(data), text, 1, notes=notes)
    _read_frontmatter(source)
    return source


_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _visible(text: str) -> tuple[str, list[str]]:
    """The text without invisible format characters (zero-width spaces and joiners, bidi
    controls, soft hyphens), which would otherwise end up in ids, tags and directives, and
    notes saying what was removed: a bidi override makes text read otherwise than it is."""
    import unicodedata

    found = {ch for ch in set(text) if unicodedata.category(ch) == "Cf"}
    if not found:
        return text, []
    kept = "".join(ch for ch in text if ch not in found)
    codes = ", ".join(f"U+{ord(ch):04X}" for ch in sorted(found))
    notes = [f"invisible characters removed ({codes})"]
    if found & _BIDI:
        notes.append(
            "it holds bidi override characters, which make text display in another order than "
            "an agent reads it: check the file"
        )
    return kept, notes


def is_generated(source: SourceFile) -> bool:
    """Whether Engram wrote the file (a native rule file or an export): its marker line opens
    the file or follows its frontmatter; a file that merely mentions the marker is a source."""
    from engram.hooks.native import is_generated_text

    return is_generated_text(source.text[:4096])


_FRONT = re.compile(r"\A---[ \t]*\n(?:(.*?)\n)?(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)


def _read_frontmatter(source: SourceFile) -> None:
    match = _FRONT.match(source.text)
    if not match:
        if re.match(r"\A---[ \t]*\n", source.text) and source.kind in FRONTMATTER_KINDS:
            raise EngramError(
                f"{source.path}: its frontmatter (the --- on line 1) is never closed",
                hint="end the frontmatter with a line of ---",
            )
        return
    source.body = source.text[match.end() :]
    source.body_line = source.text[: match.end()].count("\n") + 1
    fields = _fields(match.group(1) or "", source)
    description = fields.get("description")
    if isinstance(description, str | int | float) and not isinstance(description, bool):
        source.description = " ".join(str(description).split())
    globs: list[str] = []
    for key in ("globs", "applyTo", "paths"):
        value = fields.get(key)
        if value is not None and not _glob_value(value):
            source.notes.append(f"{key}: {value!r} is not a glob or a list of globs: ignored")
            continue
        found = glob_list(value)
        if any(len(expand_braces(g)) >= MAX_EXPANSION for g in _items(value)):
            source.notes.append(
                f"{key}: a brace pattern expands to more than {MAX_EXPANSION} globs: only the "
                f"first {MAX_EXPANSION} are kept"
            )
        globs += found
    scoped = [g for g in globs if g not in UNIVERSAL_GLOBS]
    if globs and not scoped:
        source.notes.append("its globs match every file: not path-scoped")
    source.globs = scoped
    always = fields.get("alwaysApply")
    source.always = always is True or always in ("true", "True")
    if always is not None and not isinstance(always, bool) and always not in _BOOL_WORDS:
        source.notes.append(f"alwaysApply: {always!r} is not true or false: read as false")


# Kinds whose files carry frontmatter: an unclosed block there is a mistake, not prose.
FRONTMATTER_KINDS = frozenset(
    {"cursor-rule", "claude-rule", "windsurf-rule", "copilot-instructions"}
)
_BOOL_WORDS = ("true", "True", "false", "False")


def _glob_value(value: object) -> bool:
    if isinstance(value, str):
        return True
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _items(value: object) -> list[str]:
    if isinstance(value, str):
        return [item.strip() for item in _top_level_commas(value)]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _fields(yaml_text: str, source: SourceFile) -> dict[str, Any]:
    """The frontmatter's keys. Cursor writes values YAML cannot read (`globs: **/*` is an
    alias to YAML), so a mapping that does not parse is read line by line."""
    from engram.files.frontmatter import parse_yaml

    if _ANCHOR.search(yaml_text):  # `&x` … `*x` would make one field's text another's globs
        source.notes.append(
            "its frontmatter uses YAML anchors (&name): each line is read as written, as "
            "Cursor reads it"
        )
    else:
        try:
            data, _ = parse_yaml(yaml_text)
            return data
        except FrontmatterError:
            pass
    out: dict[str, Any] = {}
    for line in yaml_text.split("\n"):
        key, sep, value = line.partition(":")
        if sep and re.fullmatch(r"[A-Za-z_][\w-]*", key.strip()) and not line[:1].isspace():
            out[key.strip()] = _scalar(value.strip())
    return out


_ANCHOR = re.compile(r"^[A-Za-z_][\w-]*:[ \t]*&\S", re.M)


def _scalar(value: str) -> Any:
    if value in ("true", "false"):
        return value == "true"
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    if value.startswith("[") and value.endswith("]"):
        return [_scalar(v.strip()) for v in _top_level_commas(value[1:-1]) if v.strip()]
    return value


def _top_level_commas(text: str) -> list[str]:
    """Split on commas outside braces: `**/*.{ts,tsx}, src/**` is two globs."""
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "{"
        depth -= ch == "}" and depth > 0
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    return parts


def glob_list(value: object) -> list[str]:
    """Globs from a frontmatter value (a list, or a comma-separated string), braces expanded
    (`*.{ts,tsx}` is `*.ts` and `*.tsx`: the hosts' matchers and Engram's need no braces)."""
    if isinstance(value, str):
        items = _top_level_commas(value)
    elif isinstance(value, list):
        items = [str(v) for v in value if isinstance(v, str | int | float)]
    else:
        return []
    return expanded([item.strip().strip("\"'").strip() for item in items])
