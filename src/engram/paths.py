"""Where Engram keeps the user's own state: one place, so every part agrees on it."""

from __future__ import annotations

import os
from pathlib import Path

TYPE_CHECKING = (
    False  # `typing` is not imported on the load and hook paths; type checkers read True
)
if TYPE_CHECKING:
    from engram.config import Config


def state_dir() -> Path:
    """Where hooks keep state and their error log, and the witness key lives:
    $ENGRAM_STATE_DIR, else $XDG_STATE_HOME/engram, else ~/.local/state/engram. A relative
    path in either variable is ignored, as the XDG spec says: it would be taken from wherever
    a command runs, so hooks (which run in the project) would keep the witness key there."""
    named = os.environ.get("ENGRAM_STATE_DIR", "")
    if os.path.isabs(named):
        return Path(named)
    base = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(base):
        base = str(Path.home() / ".local" / "state")
    return Path(base) / "engram"


_FIX = "point ENGRAM_STATE_DIR at a folder you can write"


def state_problem() -> str:
    """Why the state folder cannot be used ('' when it can): hooks then remember nothing,
    log nothing and answer the host with nothing, so `doctor` is where the user learns of it."""
    folder = state_dir()
    if folder.exists() and not folder.is_dir():
        return (
            f"is not a folder: hooks keep no state and log no errors, so they add nothing; {_FIX}"
        )
    existing = folder
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent  # made on first use: the nearest folder that is must allow it
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        return (
            f"cannot be written ({existing}): hooks keep no state and log no errors, so they "
            f"add nothing; {_FIX}"
        )
    return ""


def cache_dir() -> Path:
    """Where downloaded files (embedding models) are kept: $ENGRAM_CACHE_DIR, else
    $XDG_CACHE_HOME/engram, else ~/.cache/engram."""
    if os.environ.get("ENGRAM_CACHE_DIR"):
        return Path(os.environ["ENGRAM_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "engram"


def setting_path(config: Config, key: str) -> Path:
    """A path setting as a path: `~` expanded, and a relative path read from a config file
    taken relative to that file's folder (not to wherever the command happens to run)."""
    path = Path(config[key]).expanduser()
    origin = config.sources.get(key, "")
    if not path.is_absolute() and origin.endswith(".toml"):
        return Path(origin).parent / path
    return path


def resolved(path: Path, named: str) -> Path:
    """`path.resolve()` for a path the user gave, shown as `named` when it cannot be: Python
    reports a symlink loop as a RuntimeError before 3.13 and as an OSError since."""
    import errno

    try:
        return path.resolve()
    except RuntimeError:
        reason = "a symlink loop"
    except OSError as exc:
        reason = "a symlink loop" if exc.errno == errno.ELOOP else f"cannot resolve: {exc.strerror}"
    from engram.errors import EngramError

    raise EngramError(f"{named}: {reason}")
