"""Frontmatter parsing and validation.

YAML is parsed with PyYAML's safe C loader: no object construction, and anchors/aliases are
rejected outright (they are never needed in frontmatter and enable "billion laughs" documents).
Duplicate keys are rejected rather than silently keeping the last one. Every error carries the
file's 1-based line number.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from engram.errors import FrontmatterError, quoted
from engram.files.body import split_frontmatter
from engram.files.globs import normal_glob, split_globs
from engram.files.model import TYPES, MemoryFile, Source

_ID = re.compile(r"^[\w][\w.\-]*$")
# How much of a bad value an error quotes: the line names the field, and a value of kilobytes
# (a list of thousands of tags, a number of thousands of digits) made a line of kilobytes.
_SHOWN_CHARS = 60
_HEX = re.compile(r"^(?:sha256:)?([0-9a-fA-F]{64})$")
LEVELS = {
    "foundation": 0, "base": 0, "core": 0,
    "intermediate": 1, "mid": 1,
    "advanced": 2, "deep": 2,
}  # fmt: skip
LIFECYCLES = ("active", "review_due", "superseded", "archived")
CONFIDENCES = ("high", "medium", "low")
AUTHORITIES = ("instruction", "reference")
MAX_DEPTH = 20
# The largest level the index can store (an SQLite INTEGER); past 2 `doctor` reports it anyway.
_MAX_LEVEL = 2**63 - 1

# Fields this version understands; anything else is kept in `MemoryFile.extra`.
KNOWN_FIELDS = {
    "id", "type", "authority", "tags", "directive", "summary", "triggers", "applies_to",
    "depends_on", "level", "dependency_depth", "depth", "lifecycle", "valid_until",
    "confidence", "scope", "role", "sources", "source_files", "source_hashes", "task_types",
}  # fmt: skip
# Extra keys of a meaning of their own, common in Markdown frontmatter: kept like any unknown
# key, and never taken for a known field misspelled (`source` is not `sources`, which must be
# a list of paths: following that advice would make the file invalid).
_OWN_EXTRA_KEYS = frozenset(
    "source source_url url urls link links ref refs reference references origin author "
    "authors owner owners title name description created updated date status version see_also"
    .split()
)  # fmt: skip
# Fields of words and text, whose plain values are read as written: YAML 1.1 reads `yes`,
# `no`, `on`, `off` as booleans and `1.50` or `0777` as numbers, so `tags: [api, no]` was an
# error and `id: 0777` became "511". YAML 1.2 (the TypeScript Engram's parser) reads the words
# as text already. A value left empty or written `null` stays "none".
_TEXT_FIELDS = frozenset(
    "id directive summary tags triggers task_types applies_to depends_on role".split()
)
_STR_TAG = "tag:yaml.org,2002:str"
_RESOLVED = frozenset(f"tag:yaml.org,2002:{kind}" for kind in ("bool", "int", "float", "timestamp"))


def parse_yaml(yaml_text: str) -> tuple[dict[str, Any], dict[str, int]]:
    """Parse a frontmatter mapping; return the values and each top-level key's line (1-based,
    counted from the first line after the opening '---')."""
    import yaml

    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        if not _plainly_shallow(yaml_text):
            _check_events(yaml, yaml_text, loader_cls)
        node = yaml.compose(yaml_text, Loader=loader_cls)
    except yaml.YAMLError as exc:
        raise _yaml_error(yaml, yaml_text, exc, "invalid YAML") from None
    if node is None:
        return {}, {}
    if not isinstance(node, yaml.MappingNode):
        raise FrontmatterError("frontmatter must be a mapping of keys to values", line=1)
    lines: dict[str, int] = {}
    for key_node, value_node in node.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if not isinstance(key, str):
            raise FrontmatterError(
                "frontmatter keys must be plain words", line=key_node.start_mark.line + 1
            )
        if key in lines:
            raise FrontmatterError(f"duplicate key '{key}'", line=key_node.start_mark.line + 1)
        lines[key] = key_node.start_mark.line + 1
        if key in _TEXT_FIELDS:
            _as_written(yaml, value_node)
    try:
        data = yaml.constructor.SafeConstructor().construct_document(node)
    except yaml.YAMLError as exc:  # a tag with no constructor: `!foo`, `!!python/object`
        raise _yaml_error(yaml, yaml_text, exc, "invalid YAML value") from None
    except ValueError as exc:  # a timestamp that is no date: `valid_until: 2026-13-45`
        raise FrontmatterError(f"invalid YAML value: {exc}", line=_bad_value(yaml, node)) from None
    return data, lines


def _as_written(yaml: Any, node: Any) -> None:
    """Read a text field's plain scalars, and those of its list, as the text written
    (`_TEXT_FIELDS`): the plain ones (no quotes: style '' from the C loader, None from the
    Python one) that YAML resolved to a boolean or a number. A tag of no standard type (`!foo`)
    is left for the constructor to refuse."""
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    for item in items:
        if isinstance(item, yaml.ScalarNode) and not item.style and item.tag in _RESOLVED:
            item.tag = _STR_TAG


def _yaml_error(yaml: Any, yaml_text: str, exc: Any, what: str) -> FrontmatterError:
    """A YAML error as one line and its line number: PyYAML's own text spans several lines
    (`in "<unicode string>", line 2, column 7`)."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        reason = exc.problem or exc.context or "invalid YAML"
    elif isinstance(exc, yaml.reader.ReaderError):  # a character YAML refuses: a NUL, \x01
        line = yaml_text.count("\n", 0, max(exc.position, 0)) + 1
        reason = f"character #x{exc.character:04x} is not allowed: {exc.reason}"
    else:
        line, reason = None, " ".join(str(exc).split())
    return FrontmatterError(f"{what}: {reason}", line=line)


def _bad_value(yaml: Any, node: Any) -> int | None:
    """The line of the first top-level key whose value cannot be constructed."""
    for key_node, value_node in node.value:
        try:
            yaml.constructor.SafeConstructor().construct_document(value_node)
        except ValueError:
            return int(key_node.start_mark.line) + 1
    return None


def _plainly_shallow(yaml_text: str) -> bool:
    """Whether the text cannot hold an anchor, an alias or nesting deeper than MAX_DEPTH, so
    the pass over its events (`_check_events`) would find nothing: an anchor or an alias needs
    a '&' or a '*', and every collection a ':', '-', '?', '[' or '{'. A second document ('---'
    or '...' before it) is refused by `compose` where that pass reads on into it, so its errors
    come from the pass. Most frontmatter is a few plain keys, and the pass cost as much as the
    parse itself."""
    if any(map(yaml_text.__contains__, ("&", "*", "---", "..."))):
        return False
    marks = sum(map(yaml_text.count, (":", "-", "?", "[", "{")))
    return marks <= MAX_DEPTH


def _check_events(yaml: Any, yaml_text: str, loader_cls: Any) -> None:
    """Refuse anchors, aliases and deep nesting, from the parser's events (before a node is
    built: PyYAML builds nodes recursively, so very deep nesting would crash the process)."""
    depth = 0
    for event in yaml.parse(yaml_text, Loader=loader_cls):
        line = event.start_mark.line + 1 if event.start_mark else None
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise FrontmatterError("YAML anchors and aliases are not allowed", line=line)
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise FrontmatterError(f"nested deeper than {MAX_DEPTH} levels", line=line)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


class _Fields:
    """Typed accessors over the raw mapping that raise errors pointing at the key's line."""

    def __init__(self, data: dict[str, Any], lines: dict[str, int], offset: int) -> None:
        self.data = data
        self.lines = lines
        self.offset = offset

    def fail(self, key: str, reason: str) -> FrontmatterError:
        line = self.lines.get(key)
        return FrontmatterError(
            f"{key}: {reason}", line=None if line is None else line + self.offset
        )

    def text(self, key: str, *, one_line: bool = False) -> str:
        value = self.data.get(key)
        if value is None:
            return ""
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise self.fail(key, f"must be text, got {type(value).__name__}")
        value = str(value).strip()
        if one_line and "\n" in value:
            raise self.fail(key, "must be a single line")
        return value

    def words(self, key: str, *, globs: bool = False) -> list[str]:
        """A list, or comma-separated text. With `globs` a comma inside braces (`*.{ts,tsx}`)
        is part of its glob, not a separator."""
        value = self.data.get(key)
        if value is None:
            return []
        if isinstance(value, str):
            if globs:
                return split_globs(value)
            return [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list of strings, got {type(value).__name__}")
        out = []
        for item in value:
            if item is None:  # an empty list item ("- "): nothing written
                continue
            if isinstance(item, bool) or not isinstance(item, str | int | float):
                raise self.fail(key, f"must be a list of strings, found {_shown(item)}")
            out.append(str(item).strip())
        return [v for v in out if v]

    def choice(self, key: str, choices: tuple[str, ...], default: str) -> str:
        value = self.data.get(key)
        if value is None:
            return default
        if not isinstance(value, str) or value.strip().lower() not in choices:
            raise self.fail(key, f"must be one of {', '.join(choices)}, got {_shown(value)}")
        return value.strip().lower()


def _level(fields: _Fields) -> int:
    for key in ("level", "dependency_depth", "depth"):
        value = fields.data.get(key)
        if value is None:
            continue
        if isinstance(value, str) and value.strip().lower() in LEVELS:
            return LEVELS[value.strip().lower()]
        digits = value.strip() if isinstance(value, str) else ""
        if digits.isascii() and digits.isdigit() and len(digits) <= 19:
            value = int(digits)  # '²' is a digit to str.isdigit, not to int()
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _MAX_LEVEL:
            return value
        raise fields.fail(
            key, f"must be foundation, intermediate, advanced or 0/1/2, got {_shown(value)}"
        )
    return 0


def _date(fields: _Fields, key: str) -> date | None:
    value = fields.data.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()[:10])
        except ValueError:
            pass
    raise fields.fail(key, f"must be a date like 2026-12-31, got {_shown(value)}")


def _sources(fields: _Fields) -> list[Source]:
    out: list[Source] = []
    raw = fields.data.get("sources")
    if raw is not None:
        if not isinstance(raw, list):
            raise fields.fail("sources", "must be a list of paths or {path, sha256} entries")
        for item in raw:
            if isinstance(item, str) and item.strip():
                out.append(Source(item.strip()))
            elif isinstance(item, dict) and isinstance(item.get("path"), str):
                digest = item.get("sha256") or item.get("hash")
                out.append(Source(item["path"].strip(), _digest(fields, "sources", digest)))
            else:
                raise fields.fail("sources", f"entries need a path, found {_shown(item)}")
    # Files written by the TypeScript Engram: `source_files` plus `source_hashes`.
    hashes = fields.data.get("source_hashes")
    for index, path in enumerate(fields.words("source_files")):
        digest = None
        if isinstance(hashes, dict):
            digest = hashes.get(path)
        elif isinstance(hashes, list) and index < len(hashes):
            digest = hashes[index]
        out.append(Source(path, _digest(fields, "source_hashes", digest)))
    return out


def _digest(fields: _Fields, key: str, value: Any) -> str | None:
    if value is None:
        return None
    match = _HEX.match(str(value).strip())
    if not match:
        raise fields.fail(key, f"hashes must be 64 hex digits (sha256), got {_shown(value)}")
    return match.group(1).lower()


def memory_from_fields(
    data: dict[str, Any],
    lines: dict[str, int],
    *,
    default_type: str,
    default_id: str,
    offset: int = 1,
) -> MemoryFile:
    """Validate a frontmatter mapping into a MemoryFile (body not set)."""
    fields = _Fields(data, lines, offset)
    memory_id = fields.text("id", one_line=True) or default_id
    if not _ID.match(memory_id):
        shown = _shown(memory_id)
        raise fields.fail("id", f"{shown} may hold only letters, digits, '.', '_' and '-'")
    kind = fields.text("type").lower() or default_type
    if kind in ("workflow", "workflows", "skills"):
        kind = "skill"
    elif kind in ("rules", "knowledges"):
        kind = kind.rstrip("s")
    if kind not in TYPES:
        raise fields.fail("type", f"must be rule, skill, knowledge or workflow, got {_shown(kind)}")
    default_authority = "reference" if kind == "knowledge" else "instruction"
    return MemoryFile(
        id=memory_id,
        type=kind,
        authority=fields.choice("authority", AUTHORITIES, default_authority),
        tags=fields.words("tags"),
        directive=fields.text("directive", one_line=True),
        summary=fields.text("summary"),
        triggers=fields.words("triggers") + fields.words("task_types"),
        applies_to=[normal_glob(glob) for glob in fields.words("applies_to", globs=True)],
        depends_on=fields.words("depends_on"),
        level=_level(fields),
        lifecycle=fields.choice("lifecycle", LIFECYCLES, "active"),
        valid_until=_date(fields, "valid_until"),
        confidence=fields.choice("confidence", CONFIDENCES, "high"),
        roles=fields.words("role"),
        sources=_sources(fields),
        extra={k: v for k, v in data.items() if k not in KNOWN_FIELDS},
    )


def misspelled_fields(text: str) -> list[tuple[str, str, int | None]]:
    """Unknown frontmatter keys that look like a known field misspelled (`applies-to`,
    `dependsOn`, `lifecyle`), each with the field meant and its file line. Unknown fields are
    kept as they are, so a misspelled one would otherwise do nothing without a word."""
    import difflib

    try:
        yaml_text, _, _ = split_frontmatter(text)
        data, lines = parse_yaml(yaml_text)
    except FrontmatterError:
        return []  # `doctor` lists the file as invalid already
    out = []
    for key in data:
        if not isinstance(key, str) or key in KNOWN_FIELDS:
            continue
        # camelCase, kebab-case and spaces are snake_case here, then a near spelling
        plain = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).lower().replace("-", "_")
        plain = plain.replace(" ", "_")
        if plain in _OWN_EXTRA_KEYS:
            continue
        close = difflib.get_close_matches(plain, sorted(KNOWN_FIELDS), n=1, cutoff=0.85)
        if close:
            line = lines.get(key)
            out.append((key, close[0], None if line is None else line + 1))
    return out


def parse_memory(text: str, *, path: str = "", default_type: str = "knowledge") -> MemoryFile:
    """Parse a whole memory file. Raises FrontmatterError naming the path and file line."""
    stem = path.rsplit("/", 1)[-1].removesuffix(".md") or "memory"
    try:
        yaml_text, body, _ = split_frontmatter(text)
        try:
            data, lines = parse_yaml(yaml_text)
        except FrontmatterError as exc:  # YAML lines count from the line after the opening ---
            line = None if exc.line is None else exc.line + 1
            raise FrontmatterError(exc.reason, line=line) from None
        memory = memory_from_fields(data, lines, default_type=default_type, default_id=stem)
    except FrontmatterError as exc:
        raise FrontmatterError(exc.reason, line=exc.line, path=path or None) from None
    memory.path = path
    memory.body = body
    return memory


def _shown(value: object) -> str:
    """A bad value as an error quotes it: `errors.quoted` (withheld when it is a secret or an
    instruction to agents), cut to `_SHOWN_CHARS` characters."""
    return quoted(value, limit=_SHOWN_CHARS)
