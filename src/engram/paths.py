"""Where Engram keeps the user's own state: one place, so every part agrees on it."""

from __future__ import annotations

import os
import stat
from errno import EBADF, ELOOP, ENOENT, ENOTDIR

TYPE_CHECKING = (
    False  # `typing` is not imported on the load and hook paths; type checkers read True
)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import TypeAlias

    from engram.config import Config

    # A folder as the load path takes it: a string (see below) or a `Path`.
    Folder: TypeAlias = str | os.PathLike[str]

# `pathlib` is not imported on the load and hook paths: with the `urllib.parse` and `ipaddress`
# modules it imports, it costs a load about a sixth of the interpreter's own start-up. There,
# paths are strings written as `pathlib` writes them (`plain_path`), checked as `pathlib` checks
# them (`is_folder`); `Path` objects are made where the public API returns them.


def plain_path(text: str) -> str:
    """`str(Path(text))`: the path as `pathlib` spells it. Most paths already are (a resolved
    folder and names joined to it) and are returned as they are; any other (`a//b`, `./a`,
    `a/`, a Windows path) is handed to `pathlib`, so that the two never differ."""
    if os.sep == "/" and text and "//" not in text and text[-1] != "/":
        parts = text.split("/")
        if len(parts) == 1 or "." not in parts:
            return text
    from pathlib import Path

    return str(Path(text))


def home_folder() -> str:
    """`str(Path.home())`, which raises RuntimeError when the home folder cannot be known."""
    home = os.path.expanduser("~")
    if home[:1] == "~":
        from pathlib import Path

        return str(Path.home())  # raises as `pathlib` does
    return plain_path(home)


# The errors `pathlib` takes for "no such file" in `is_dir`, `is_file` and `exists` (any other
# is raised): a missing file, a file where a folder should be, a symlink loop, a bad descriptor,
# and Windows' forms of them.
_MISSING_ERRNOS = (ENOENT, ENOTDIR, EBADF, ELOOP)
_MISSING_WINERRORS = (21, 123, 1921)


def status(path: str, *, follow: bool = True) -> os.stat_result | None:
    """`os.stat` (`os.lstat` without `follow`), None where `pathlib` reads the path as missing."""
    try:
        return os.stat(path) if follow else os.lstat(path)
    except OSError as exc:
        if exc.errno in _MISSING_ERRNOS or getattr(exc, "winerror", None) in _MISSING_WINERRORS:
            return None
        raise
    except ValueError:  # a NUL in the path
        return None


def is_folder(path: str) -> bool:
    """`Path(path).is_dir()`."""
    found = status(path)
    return found is not None and stat.S_ISDIR(found.st_mode)


def state_folder() -> str:
    """`state_dir()` as a string."""
    named = os.environ.get("ENGRAM_STATE_DIR", "")
    if os.path.isabs(named):
        return plain_path(named)
    base = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(home_folder(), ".local", "state")
    return plain_path(os.path.join(base, "engram"))


def state_dir() -> Path:
    """Where hooks keep state and their error log, and the witness key lives:
    $ENGRAM_STATE_DIR, else $XDG_STATE_HOME/engram, else ~/.local/state/engram. A relative
    path in either variable is ignored, as the XDG spec says: it would be taken from wherever
    a command runs, so hooks (which run in the project) would keep the witness key there."""
    from pathlib import Path

    return Path(state_folder())


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
    from pathlib import Path

    if os.environ.get("ENGRAM_CACHE_DIR"):
        return Path(os.environ["ENGRAM_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "engram"


def setting_path(config: Config, key: str) -> Path:
    """A path setting as a path: `~` expanded, and a relative path read from a config file
    taken relative to that file's folder (not to wherever the command happens to run)."""
    from pathlib import Path

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
