"""What Engram knows about an agent host, as one typed record.

Each module in `engram.hooks.hosts` defines `HOST`, a `Host`: where its hook and MCP files are
and what an entry in them looks like, the events Engram registers, how much text it takes (the
cap's unit and default, which become `hooks.<host>_max_chars` or `_max_tokens`), its native rule
files if it loads any, what first-run setup the project side may do, and how its hook JSON maps
to Engram's events. Installing, status, the hook runner, native rules and the config read these
records and never a host's name, so adding a host is adding one module.

The records are NamedTuples with evaluated annotations (no `from __future__ import
annotations`): typed and immutable like frozen dataclasses at about a third of the cost to
define, and every hook call defines them (hooks start on every prompt).
"""

from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from engram.files.index import DocRow
    from engram.hooks.events import Event


class Cap(NamedTuple):
    """A host's limit on injected text."""

    limit: int
    unit: str  # "characters" or "tokens"

    def fits(self, text: str) -> bool:
        if self.unit == "tokens":  # counted as ceil(bytes / 4), as Codex counts
            return (len(text.encode("utf-8")) + 3) // 4 <= self.limit
        return len(text) <= self.limit

    @property
    def label(self) -> str:
        return f"cap {self.limit} {self.unit}"

    @property
    def characters(self) -> int:
        """About how many characters the cap lets through."""
        return self.limit * 4 if self.unit == "tokens" else self.limit


class CapSetting(NamedTuple):
    """The setting a host's cap is read from: `hooks.<host>_max_chars` or `_max_tokens`."""

    unit: Literal["characters", "tokens"]
    default: int
    doc: str
    minimum: int

    def key(self, host: str) -> str:
        return f"hooks.{host}_max_{'tokens' if self.unit == 'tokens' else 'chars'}"


class HookFile(NamedTuple):
    """The host's hook config file and the shape of an entry in it."""

    path: Path  # under the project, or under the home folder with --global
    grouped: bool = True  # entries are {"matcher", "hooks": [handler]}; else the handler itself
    timeout_in_ms: bool = False  # handler timeouts in milliseconds rather than seconds
    handler: Mapping[str, Any] = MappingProxyType({})  # fields every handler carries
    top: Mapping[str, Any] = MappingProxyType({})  # top-level fields the file needs


class McpFile(NamedTuple):
    """Where the host reads MCP servers from: `mcpServers` in JSON, or Codex's TOML tables."""

    project: Path
    user: Path
    toml: bool = False


class NativeRules(NamedTuple):
    """Rule files the host loads by itself when a matching file is touched."""

    folder: Path  # under the project
    suffix: str
    render: Callable[["DocRow", str], str]  # the file's text for a memory and its body


class SettingEdit(NamedTuple):
    """A setting `hooks install` writes into a host's JSON settings, merged with the user's:
    items added to a list, or a value set."""

    file: Path  # under the project
    keys: tuple[str, ...]  # where in the file, e.g. ("permissions", "allow")
    value: Any  # a list's items to add, or the value to set
    why: str  # one line, for install's output and status
    global_file: Path | None = None  # the file under the home folder with --global (None: none)
    widens_trust: bool = False  # only with --trust-mcp


class Step(NamedTuple):
    """A first-run step only the user can take, and whether it is done."""

    text: str
    done: bool


class Host(NamedTuple):
    """Everything Engram needs to know about one agent host."""

    name: str  # what `--host` takes
    title: str  # the product's name, for people
    kinds: Mapping[str, str]  # the host's event name -> Engram's event kind
    registration: Mapping[str, str | None]  # what install registers: event -> matcher
    hooks: HookFile
    mcp: McpFile
    cap: CapSetting
    normalize: Callable[[dict[str, Any], dict[str, str]], "Event"]
    respond: Callable[["Event", str], dict[str, Any]]
    native: NativeRules | None = None
    settings: tuple[SettingEdit, ...] = ()
    user_steps: Callable[[Path, bool], list[Step]] = lambda project, is_global: []

    def cap_of(self, config: Mapping[str, Any]) -> Cap:
        return Cap(config[self.cap.key(self.name)], self.cap.unit)
