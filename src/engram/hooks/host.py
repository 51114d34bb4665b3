"""What Engram knows about an agent host, as one typed record.

Each module in `engram.hooks.hosts` defines `HOST`, a `Host`: where its hook and MCP files are
and what an entry in them looks like, the events Engram registers, how much text it takes (the
cap's unit and default, which become `hooks.<host>_max_chars` or `_max_tokens`), its native rule
files if it loads any, what first-run setup the project side may do, and how its hook JSON maps
to Engram's events. Installing, status, the hook runner and native rules read these records and
never a host's name, so adding a host is adding one module, and its cap's setting to
`engram.config.SETTINGS` (written out there so that reading the config imports no host; a test
says when one is missing).

The records are `Frozen` classes (see `engram.plain`): typed, compared and hashed by value like
frozen dataclasses or NamedTuples, without the cost of defining either, which every hook call
would pay (hooks start on every prompt).
"""

from __future__ import annotations

import os
from types import MappingProxyType

from engram.plain import Frozen

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from pathlib import Path
    from typing import Any, Literal

    from engram.files.index import DocRow
    from engram.hooks.events import Event

_NONE: Mapping[str, Any] = MappingProxyType({})


# The records keep their files' paths as strings and give them out as `Path`s: the hook path
# reads a record without importing `pathlib` (see `engram.paths`).
def _path(text: str) -> Path:
    from pathlib import Path

    return Path(text)


class Cap(Frozen):
    """A host's limit on injected text."""

    __slots__ = ("limit", "unit")

    def __init__(self, limit: int, unit: str) -> None:
        self.limit = limit
        self.unit = unit  # "characters" or "tokens"

    def fits(self, text: str) -> bool:
        if self.unit == "tokens":  # counted as ceil(bytes / 4), as Codex counts
            return (len(text.encode("utf-8")) + 3) // 4 <= self.limit
        # counted as JavaScript counts a string's length (the hosts run on Node.js): a
        # character beyond the Basic Multilingual Plane, an emoji, is two
        if text.isascii():
            return len(text) <= self.limit
        return len(text) + sum(ord(ch) > 0xFFFF for ch in text) <= self.limit

    @property
    def label(self) -> str:
        return f"cap {self.limit} {self.unit}"

    @property
    def characters(self) -> int:
        """About how many characters the cap lets through."""
        return self.limit * 4 if self.unit == "tokens" else self.limit


class CapSetting(Frozen):
    """The setting a host's cap is read from: `hooks.<host>_max_chars` or `_max_tokens`."""

    __slots__ = ("default", "doc", "minimum", "unit")

    def __init__(
        self, unit: Literal["characters", "tokens"], default: int, doc: str, minimum: int
    ) -> None:
        self.unit = unit
        self.default = default
        self.doc = doc
        self.minimum = minimum

    def key(self, host: str) -> str:
        return f"hooks.{host}_max_{'tokens' if self.unit == 'tokens' else 'chars'}"


class HookFile(Frozen):
    """The host's hook config file and the shape of an entry in it."""

    __slots__ = ("file", "grouped", "handler", "timeout_in_ms", "top")

    def __init__(
        self,
        path: str | os.PathLike[str],
        grouped: bool = True,
        timeout_in_ms: bool = False,
        handler: Mapping[str, Any] = _NONE,
        top: Mapping[str, Any] = _NONE,
    ) -> None:
        self.file = os.fspath(path)  # under the project, or under the home folder with --global
        # Entries are {"matcher", "hooks": [handler]}; else the handler itself.
        self.grouped = grouped
        self.timeout_in_ms = timeout_in_ms  # handler timeouts in milliseconds, not seconds
        self.handler = handler  # fields every handler carries
        self.top = top  # top-level fields the file needs

    @property
    def path(self) -> Path:
        return _path(self.file)


class McpFile(Frozen):
    """Where the host reads MCP servers from: `mcpServers` in JSON, or Codex's TOML tables."""

    __slots__ = ("project_file", "toml", "user_file")

    def __init__(
        self, project: str | os.PathLike[str], user: str | os.PathLike[str], toml: bool = False
    ) -> None:
        self.project_file = os.fspath(project)
        self.user_file = os.fspath(user)
        self.toml = toml

    @property
    def project(self) -> Path:
        return _path(self.project_file)

    @property
    def user(self) -> Path:
        return _path(self.user_file)


class NativeRules(Frozen):
    """Rule files the host loads by itself when a matching file is touched."""

    __slots__ = ("folder_name", "render", "suffix")

    def __init__(
        self, folder: str | os.PathLike[str], suffix: str, render: Callable[[DocRow, str], str]
    ) -> None:
        self.folder_name = os.fspath(folder)  # under the project
        self.suffix = suffix
        self.render = render  # the file's text for a memory and its body

    @property
    def folder(self) -> Path:
        return _path(self.folder_name)

    def carries(self, row: DocRow, project: str | None) -> bool:
        """Whether the host loads this memory from its generated rule file: the memory's globs
        exclude no path (which the file cannot say) and the file is there. None is, for an id
        too long to be a file name or where a sync could not write it: the hooks deliver it."""
        from engram.files.globs import excludes

        if project is None or excludes(row.applies_to):
            return False
        return os.path.isfile(os.path.join(project, self.folder_name, row.id + self.suffix))


class SettingEdit(Frozen):
    """A setting `hooks install` writes into a host's JSON settings, merged with the user's:
    items added to a list, or a value set."""

    __slots__ = ("global_name", "keys", "name", "value", "why", "widens_trust")

    def __init__(
        self,
        file: str | os.PathLike[str],
        keys: tuple[str, ...],
        value: Any,
        why: str,
        global_file: str | os.PathLike[str] | None = None,
        widens_trust: bool = False,
    ) -> None:
        self.name = os.fspath(file)  # under the project
        self.keys = keys  # where in the file, e.g. ("permissions", "allow")
        self.value = value  # a list's items to add, or the value to set
        self.why = why  # one line, for install's output and status
        # The file under the home folder with --global (None: none).
        self.global_name = None if global_file is None else os.fspath(global_file)
        self.widens_trust = widens_trust  # only with --trust-mcp

    @property
    def file(self) -> Path:
        return _path(self.name)

    @property
    def global_file(self) -> Path | None:
        return None if self.global_name is None else _path(self.global_name)


class Step(Frozen):
    """A first-run step only the user can take, and whether it is done."""

    __slots__ = ("done", "text")

    def __init__(self, text: str, done: bool) -> None:
        self.text = text
        self.done = done


def _no_steps(project: Path, is_global: bool) -> list[Step]:
    return []


class Host(Frozen):
    """Everything Engram needs to know about one agent host."""

    __slots__ = (
        "cap", "hooks", "kinds", "mcp", "name", "native", "normalize", "registration", "respond",
        "settings", "title", "user_steps",
    )  # fmt: skip

    def __init__(
        self,
        name: str,
        title: str,
        kinds: Mapping[str, str],
        registration: Mapping[str, str | None],
        hooks: HookFile,
        mcp: McpFile,
        cap: CapSetting,
        normalize: Callable[[dict[str, Any], dict[str, str]], Event],
        respond: Callable[[Event, str], dict[str, Any]],
        native: NativeRules | None = None,
        settings: tuple[SettingEdit, ...] = (),
        user_steps: Callable[[Path, bool], list[Step]] = _no_steps,
    ) -> None:
        self.name = name  # what `--host` takes
        self.title = title  # the product's name, for people
        self.kinds = kinds  # the host's event name -> Engram's event kind
        self.registration = registration  # what install registers: event -> matcher
        self.hooks = hooks
        self.mcp = mcp
        self.cap = cap
        self.normalize = normalize
        self.respond = respond
        self.native = native
        self.settings = settings
        self.user_steps = user_steps

    def cap_of(self, config: Mapping[str, Any]) -> Cap:
        return Cap(config[self.cap.key(self.name)], self.cap.unit)
