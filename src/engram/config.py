"""Layered TOML configuration.

Precedence, lowest first: built-in defaults < global file (``$ENGRAM_CONFIG_DIR/config.toml`` or
``~/.config/engram/config.toml``) < workspace file (``.agents/.engram/engram.toml``) <
environment (``ENGRAM_<SECTION>_<KEY>``, e.g. ``ENGRAM_LOAD_EXPAND_TOP=5``) < command-line flags.
Every effective value remembers where it came from, so ``engram config`` can explain it.
"""

from __future__ import annotations

import math
import os

from engram.errors import ConfigError, quoted
from engram.plain import Frozen, Plain

TYPE_CHECKING = False  # `typing` is not imported on the load path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path
    from typing import Any

    from engram.paths import Folder


class Setting(Frozen):
    """One configuration key: its type, default, allowed values and meaning."""

    __slots__ = ("choices", "default", "doc", "kind", "maximum", "minimum")

    def __init__(
        self,
        kind: type,
        default: Any,
        doc: str,
        choices: tuple[str, ...] = (),
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> None:
        self.kind = kind
        self.default = default
        self.doc = doc
        self.choices = choices
        self.minimum = minimum
        self.maximum = maximum


SETTINGS: dict[str, Setting] = {
    "load.disclosure": Setting(
        str,
        "auto",
        "auto: bodies for the top matches, cards for the rest; full: all bodies",
        choices=("auto", "full"),
    ),
    "load.expand_top": Setting(
        int, 3, "how many top matches are printed as full bodies", minimum=0, maximum=64
    ),
    "load.limit": Setting(
        int,
        8,
        "compact pack size: routed memories selected by a default load",
        minimum=1,
        maximum=64,
    ),
    "load.budget_tokens": Setting(
        int, 0, "default token budget for load output (0 = no budget)", minimum=0
    ),
    "load.vectors": Setting(
        bool,
        False,
        "re-rank related memories by meaning (needs a dense embedder: embed.provider onnx or "
        "openai); each load then embeds the task",
    ),
    "load.roles": Setting(
        list, [], "active roles; memories with a `role` list outside these are hidden"
    ),
    "files.global_dir": Setting(
        str, "", "global memory folder (also $ENGRAM_GLOBAL_DIR); empty = ~/.engram/global"
    ),
    "files.use_global": Setting(bool, True, "read the global memory folder at all"),
    "files.on_hand_edit": Setting(
        str,
        "reindex",
        "reindex: hand-edited files are re-indexed and re-approved automatically; "
        "refuse: they are not printed until `engram rehash`",
        choices=("reindex", "refuse"),
    ),
    "files.max_bytes": Setting(
        int,
        262144,
        "largest memory file read, in bytes; a larger one is skipped and listed by "
        "`engram doctor` (split it, or raise this)",
        minimum=1024,
    ),
    "hooks.path_rules": Setting(
        str,
        "native",
        "native: generated Claude/Cursor rule files; hook: inject on file events",
        choices=("native", "hook"),
    ),
}


# `hooks.<host>_max_chars` / `_max_tokens`: each agent host's cap on injected text, as its record
# declares it (`engram.hooks.host.CapSetting`). Written out here rather than read from the
# records: importing the four host modules cost every `load` about a twentieth of its time, and
# only a hook needs one. A test holds these to the records, so a new host fails it until added.
SETTINGS.update(
    {
        "hooks.claude_max_chars": Setting(
            int,
            9500,
            "Claude Code cap on injected characters (its hard limit is 10,000)",
            minimum=200,
        ),
        "hooks.codex_max_tokens": Setting(
            int,
            2400,
            "Codex cap on injected tokens, counted as bytes/4 (its limit is 2,500)",
            minimum=50,
        ),
        "hooks.cursor_max_chars": Setting(
            int, 9500, "Cursor cap on injected characters (self-imposed)", minimum=200
        ),
        "hooks.gemini_max_chars": Setting(
            int, 9500, "Gemini CLI cap on injected characters (self-imposed)", minimum=200
        ),
    }
)
SETTINGS.update(
    {
        "hooks.proof": Setting(
            str,
            "off",
            "compact: one line telling the user what a hook loaded",
            choices=("off", "compact"),
        ),
        "hooks.timeout_ms": Setting(
            int,
            2000,
            "a hook not done in this many milliseconds answers the host with nothing ({}) "
            "and logs the timeout",
            minimum=10,
            maximum=3_600_000,
        ),
    }
)

SETTINGS.update(
    {
        "memory.db": Setting(
            str,
            "",
            "fact store file (also $ENGRAM_DB or --db); empty = "
            "$XDG_DATA_HOME/engram/memory.db, else ~/.local/share/engram/memory.db",
        ),
        "memory.scope": Setting(
            str,
            "agent",
            "the scope `memory absorb` and `todo add` use when --scope is not given",
            choices=("agent", "user", "run"),
        ),
        "memory.rerank": Setting(
            bool, False, "re-order the top_k×3 search results with the configured chat model"
        ),
        "memory.llm_classify": Setting(
            bool, True, "let the configured chat model classify absorbed facts (offline fallback)"
        ),
        "memory.assistant_weight": Setting(
            float,
            0.5,
            "share of its search score a fact keeps when its metadata says role = assistant: "
            "an assistant's reply restates and elaborates what it was told, so the user's own "
            "words rank first (1 = no difference)",
            minimum=0,
            maximum=1,
        ),
        "memory.far_context_weight": Setting(
            float,
            0.25,
            "share of the better score of the events two places before and after it that an "
            "event (a turn, a log line) gains in search when that is more than its neighbours "
            "next to it give: a turn cut into pieces, an answer given a turn later (0 = only "
            "the events right beside it count)",
            minimum=0,
            maximum=1,
        ),
        "memory.time_words": Setting(
            bool,
            True,
            'rank facts from the stretch of time a query names ("in the last two months", '
            '"la semana pasada", "в марте") above the others',
        ),
        "memory.lock_timeout_s": Setting(
            float,
            10,
            "longest wait, in seconds, for a write lock another process holds on the fact store; "
            "then the command stops with a message instead of waiting on",
            minimum=0,
            maximum=3600,
        ),
        "embed.provider": Setting(
            str,
            "auto",
            "auto: OpenAI-compatible when a key is set, else offline; onnx: a local model "
            "(the engram[onnx] extra); or force one",
            choices=("auto", "offline", "openai", "onnx"),
        ),
        "embed.model": Setting(
            str,
            "",
            "openai: the /embeddings model (empty = text-embedding-3-small); onnx: a packaged "
            "model (empty = all-MiniLM-L6-v2), a folder with model.onnx and tokenizer.json, "
            "or hf:owner/repo (downloaded once into the cache)",
        ),
        "embed.hub_url": Setting(
            str, "https://huggingface.co", "where hf:owner/repo models are downloaded from"
        ),
        "embed.base_url": Setting(str, "", "embeddings endpoint; empty = llm.base_url"),
        "embed.api_key": Setting(str, "", "embeddings key; empty = llm.api_key"),
        "llm.base_url": Setting(str, "", "OpenAI-compatible API, e.g. https://api.openai.com/v1"),
        "llm.api_key": Setting(str, "", "API key for llm.base_url (prefer ENGRAM_LLM_API_KEY)"),
        "llm.model": Setting(str, "", "chat model for classification and rerank"),
    }
)

# Environment variables that predate the generic ENGRAM_<SECTION>_<KEY> form.
ENV_ALIASES = {"ENGRAM_GLOBAL_DIR": "files.global_dir", "ENGRAM_DB": "memory.db"}


class Config(Plain):
    """Effective settings with the source of each value (`default`, a file path, `env VAR`…)."""

    __slots__ = ("sources", "values")

    def __init__(
        self, values: dict[str, Any] | None = None, sources: dict[str, str] | None = None
    ) -> None:
        self.values = {} if values is None else values
        self.sources = {} if sources is None else sources

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def with_flags(self, flags: Mapping[str, Any]) -> Config:
        """A copy with command-line values applied on top (None values are ignored)."""
        values, sources = dict(self.values), dict(self.sources)
        for key, raw in flags.items():
            if raw is None:
                continue
            values[key] = coerce(key, raw, "command line")
            sources[key] = "command line"
        return Config(values, sources)


def config_dir(env: Mapping[str, str] | None = None) -> Path:
    """Folder of the user's global config file."""
    from pathlib import Path

    return Path(_config_folder(os.environ if env is None else env))


def _config_folder(env: Mapping[str, str]) -> str:
    """`config_dir` as a string (see `engram.paths`)."""
    from engram.paths import home_folder, plain_path

    named = env.get("ENGRAM_CONFIG_DIR")
    if named:
        if named[:1] != "~":
            return plain_path(named)
        from pathlib import Path  # `~user/…`: expanded as `pathlib` expands it

        return str(Path(named).expanduser())
    base = env.get("XDG_CONFIG_HOME") or os.path.join(home_folder(), ".config")
    return plain_path(os.path.join(base, "engram"))


def coerce(key: str, value: Any, origin: str) -> Any:
    """Check a value against the schema; string values (env, flags) are converted."""
    setting = SETTINGS.get(key)
    if setting is None:
        raise ConfigError(
            f"{origin}: unknown key {quoted(key)}",
            hint="known keys: " + ", ".join(sorted(SETTINGS)),
        )
    kind = setting.kind
    if isinstance(value, str) and kind is not str:
        value = _from_string(key, value, kind, origin)
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ConfigError(f"{origin}: {key} must be an integer, got {quoted(value)}")
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ConfigError(f"{origin}: {key} must be a number, got {quoted(value)}")
        if not math.isfinite(value):
            raise ConfigError(f"{origin}: {key} must be a finite number, got {quoted(value)}")
        value = float(value)
    if kind is bool and not isinstance(value, bool):
        raise ConfigError(f"{origin}: {key} must be true or false, got {quoted(value)}")
    if kind is str and not isinstance(value, str):
        raise ConfigError(f"{origin}: {key} must be a string, got {quoted(value)}")
    if kind is list and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        raise ConfigError(f"{origin}: {key} must be a list of strings, got {quoted(value)}")
    if setting.choices and value not in setting.choices:
        raise ConfigError(
            f"{origin}: {key} must be one of {', '.join(setting.choices)}, got {quoted(value)}"
        )
    if setting.minimum is not None and value < setting.minimum:
        raise ConfigError(f"{origin}: {key} must be at least {setting.minimum}, got {value}")
    if setting.maximum is not None and value > setting.maximum:
        raise ConfigError(f"{origin}: {key} must be at most {setting.maximum}, got {value}")
    return value


def _from_string(key: str, raw: str, kind: type, origin: str) -> Any:
    if kind is float:
        try:
            return float(raw)
        except ValueError:
            raise ConfigError(f"{origin}: {key} must be a number, got {quoted(raw)}") from None
    if kind is int:
        try:
            return int(raw)
        except ValueError:
            raise ConfigError(f"{origin}: {key} must be an integer, got {quoted(raw)}") from None
    if kind is bool:
        lowered = raw.strip().lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise ConfigError(f"{origin}: {key} must be true or false, got {quoted(raw)}")
    return [part.strip() for part in raw.split(",") if part.strip()]


# A line of a TOML file that sets nothing: blank, a comment, or a `[section]` header (TOML's
# whitespace is spaces and tabs; control characters other than tab are not allowed).
_COMMENT = r"#[^\x00-\x08\x0a-\x1f\x7f]*"
_EMPTY_LINE = rf"[ \t]*(?:{_COMMENT}|\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:{_COMMENT})?)?"


def sets_nothing(text: str) -> bool:
    """Whether a TOML text is only comments, blank lines and distinct `[section]` headers, as
    `engram init` writes it: then it holds no setting, and the TOML parser (with the `typing`
    module it imports, about half of the interpreter's start-up) is not needed to say so."""
    import re

    sections: set[str] = set()
    lines = text.split("\n")
    for n, line in enumerate(lines):
        if n + 1 < len(lines) and line.endswith("\r"):
            line = line[:-1]  # a CRLF line break (a lone CR is no line break)
        match = re.fullmatch(_EMPTY_LINE, line)
        if match is None:
            return False
        if match.group(1):
            if match.group(1) in sections:
                return False  # a table defined twice: the parser reports it
            sections.add(match.group(1))
    return True


def _present(path: str) -> bool:
    """Whether a config file is there to read (False when nothing is at `path`). Anything
    else at its name — a folder, a link to nothing, a pipe — is a config error: skipped, the
    settings the user wrote there were ignored without a word."""
    import stat

    from engram.paths import status  # `pathlib`'s reading of a missing file (see there)

    found = status(path)
    if found is not None and stat.S_ISREG(found.st_mode):
        return True
    if found is None:
        link = status(path, follow=False)
        if link is not None and stat.S_ISLNK(link.st_mode):
            raise ConfigError(
                f"{path}: is a link to {os.readlink(path)}, which does not exist",
                hint="point the link at a TOML file, or remove it",
            )
        return False
    what = (
        "a folder" if stat.S_ISDIR(found.st_mode) else "a special file (a pipe, socket or device)"
    )
    raise ConfigError(
        f"{path}: is {what}, not a TOML file",
        hint=f"move it aside and put the settings in a file named {os.path.basename(path)}",
    )


def read_toml(path: Folder) -> dict[str, Any]:
    """Flatten a TOML file into `section.key` pairs, checking every key and value."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None
    # A byte-order mark (Windows editors save one) is invisible: refused, it would be an
    # "invalid statement at line 1, column 1" the user cannot see.
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        if sets_nothing(raw.decode("utf-8")):
            return {}
    except UnicodeDecodeError:
        pass  # the parser says where
    import tomllib

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}", hint=_toml_hint(str(exc))) from None
    flat: dict[str, Any] = {}
    for section, body in data.items():
        if not isinstance(body, dict):
            raise ConfigError(
                f"{path}: unknown key {quoted(section)}",
                hint="settings live in sections such as [load] or [hooks]",
            )
        for name, value in body.items():
            key = f"{section}.{name}"
            flat[key] = coerce(key, value, str(path))
    return flat


def _toml_hint(error: str) -> str:
    """How to fix a TOML error: the two a person makes adding a setting named, else the syntax."""
    if error.startswith("Cannot declare (") and ") twice" in error:
        section = error[error.index("(") + 1 : error.index(")")].replace("'", "").rstrip(",")
        section = ".".join(part.strip() for part in section.split(","))
        return (
            f"[{section}] is in the file twice (`engram init` writes every section, its "
            "settings commented out): put the setting under the first one, or uncomment its "
            "line there, and remove the second"
        )
    if error.startswith("Cannot overwrite a value"):
        return "a key is set twice: keep one of its lines"
    return "fix the syntax"


def env_settings(env: Mapping[str, str]) -> dict[str, tuple[Any, str]]:
    """Settings given by environment variables, with the variable's name. A variable named
    like a setting of a known section that is none (`ENGRAM_LOAD_EXPANDTOP`) is an error, as an
    unknown key in a file is: ignored, the setting the user meant would silently not apply."""
    names = {"ENGRAM_" + key.replace(".", "_").upper() for key in SETTINGS}
    sections = {key.split(".")[0].upper() for key in SETTINGS}
    for var, value in env.items():
        if var.startswith("ENGRAM_") and value and var not in names and var not in ENV_ALIASES:
            section, _, name = var[len("ENGRAM_") :].partition("_")
            if section in sections and name:
                coerce(f"{section.lower()}.{name.lower()}", value, f"env {var}")  # raises
    found: dict[str, tuple[Any, str]] = {}
    for var, key in ENV_ALIASES.items():
        if env.get(var):
            found[key] = (coerce(key, env[var], f"env {var}"), f"env {var}")
    for key in SETTINGS:
        var = "ENGRAM_" + key.replace(".", "_").upper()
        if var in env and var not in ENV_ALIASES:
            found[key] = (coerce(key, env[var], f"env {var}"), f"env {var}")
    return found


def _loosens(key: str, user_value: Any, workspace_value: Any) -> bool:
    """Whether a workspace's `engram.toml` would relax a protection its user chose: with
    `files.on_hand_edit = "refuse"` in the user's config, a workspace cannot ask for
    `reindex` (the environment and flags still can: they are the user's own)."""
    return key == "files.on_hand_edit" and user_value == "refuse" and workspace_value != "refuse"


# The endpoints an API key is sent to: (the URL settings, the key settings), the first set one
# of each in use (embeddings fall back to the chat model's endpoint and key).
_ENDPOINTS = (
    (("llm.base_url",), ("llm.api_key",)),
    (("embed.base_url", "llm.base_url"), ("embed.api_key", "llm.api_key")),
)


def _keep_keys_home(config: Config, workspace_file: str, below: dict[str, tuple[Any, str]]) -> None:
    """A workspace's `engram.toml` (a cloned repository's) may name an endpoint for its own key,
    or for none, but never for the user's: a URL it sets is dropped (back to the one below it)
    while the key sent there comes from the user's config or the environment."""
    changed = True
    while changed:
        changed = False
        for urls, keys in _ENDPOINTS:
            url = next((k for k in urls if config.values[k]), None)
            key = next((k for k in keys if config.values[k]), None)
            if url is None or key is None:
                continue
            if config.sources[url] == workspace_file and config.sources[key] != workspace_file:
                config.values[url], config.sources[url] = below[url]
                changed = True


def load_config(
    workspace_root: Folder | None = None,
    *,
    env: Mapping[str, str] | None = None,
    flags: Mapping[str, Any] | None = None,
) -> Config:
    """Build the effective configuration for a workspace (its `.agents/.engram` folder)."""
    env = os.environ if env is None else env
    config = Config({k: s.default for k, s in SETTINGS.items()}, dict.fromkeys(SETTINGS, "default"))
    from engram.paths import plain_path

    # Strings, spelt as `pathlib` spells them: they are named in `sources` (see `engram.paths`).
    files = [plain_path(os.path.join(_config_folder(env), "config.toml"))]
    if workspace_root is not None:
        files.append(plain_path(os.path.join(workspace_root, "engram.toml")))
    below: dict[str, tuple[Any, str]] = {}
    for n, path in enumerate(files):
        if n:
            below = {k: (v, config.sources[k]) for k, v in config.values.items()}
        if _present(path):
            for key, value in read_toml(path).items():
                if n and _loosens(key, config.values[key], value):
                    continue  # a repository may not switch off its user's review gate
                config.values[key] = value
                config.sources[key] = str(path)
    for key, (value, origin) in env_settings(env).items():
        config.values[key] = value
        config.sources[key] = origin
    if workspace_root is not None:
        _keep_keys_home(config, str(files[1]), below)
    return config.with_flags(flags or {})
