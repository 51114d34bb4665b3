"""Finding the workspace, the global folder and the memory files inside them."""

from __future__ import annotations

import os
from errno import ELOOP

from engram.files.layout import FOLDERS
from engram.files.reading import DEFAULT_MAX_BYTES
from engram.paths import home_folder, is_folder, plain_path
from engram.plain import Frozen

TYPE_CHECKING = False  # `typing` is not imported on the load path; type checkers read True
if TYPE_CHECKING:
    from pathlib import Path

    from engram.config import Config

# The workspace folder inside a project (`WORKSPACE_DIR` in `engram.files.authoring`).
WORKSPACE_PARTS = (".agents", ".engram")


class ScopeRoot(Frozen):
    """A folder holding `rules/`, `skills/` and `knowledge/`, with the scope it stands for and
    the largest memory file read from it (`files.max_bytes`). `folder` is the folder as a string
    (what the load path works with), `path` the same as a `Path`."""

    __slots__ = ("folder", "max_bytes", "scope")

    def __init__(
        self, path: str | os.PathLike[str], scope: str, max_bytes: int = DEFAULT_MAX_BYTES
    ) -> None:
        self.folder = plain_path(os.fspath(path))
        self.scope = scope  # "workspace" or "global"
        self.max_bytes = max_bytes

    @property
    def path(self) -> Path:
        from pathlib import Path

        return Path(self.folder)


def find_workspace(start: str | os.PathLike[str] | None = None) -> Path | None:
    """Walk up from `start` to the nearest folder holding `.agents/.engram/`; return that
    `.agents/.engram` folder, or None."""
    found = workspace_folder(start)
    if found is None:
        return None
    from pathlib import Path

    return Path(found)


def workspace_folder(start: str | os.PathLike[str] | None = None) -> str | None:
    """`find_workspace` as a string."""
    here = resolved_folder(os.getcwd() if start is None else os.fspath(start))
    while True:
        candidate = os.path.join(here, *WORKSPACE_PARTS)
        if is_folder(candidate):
            return candidate
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def blocked_workspace(start: str | os.PathLike[str]) -> str | None:
    """The nearest `.agents/.engram` above `start` that is there but is no folder (a file, a
    link to nowhere), else None: `workspace_folder` walks past it without a word."""
    here = resolved_folder(os.fspath(start))
    while True:
        candidate = os.path.join(here, *WORKSPACE_PARTS)
        if os.path.lexists(candidate) and not is_folder(candidate):
            return candidate
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def resolved_folder(path: str) -> str:
    """`str(Path(path).resolve())`: symlinks followed, and a symlink loop a RuntimeError."""
    real = os.path.realpath(plain_path(path))
    try:
        os.stat(real)  # as `Path.resolve`: the loop `realpath` leaves unresolved shows here
    except OSError as exc:
        if exc.errno == ELOOP:
            raise RuntimeError(f"Symlink loop from {exc.filename!r}") from None
    return plain_path(real)


def project_of(workspace_root: Path) -> Path:
    """The project folder that holds `.agents/.engram`."""
    return workspace_root.parent.parent


def global_root(configured: str | Path, *, use_global: bool = True) -> Path | None:
    """The global memory folder: the configured one, else `~/.engram/global`; None if absent."""
    found = _global_folder(configured, use_global)
    if found is None:
        return None
    from pathlib import Path

    return Path(found)


def _global_folder(configured: str | Path, use_global: bool) -> str | None:
    """`global_root` as a string."""
    if not use_global:
        return None
    if configured:
        from pathlib import Path  # a folder the config names: spelt as `pathlib` reads it

        path = str(Path(configured).expanduser())
    else:
        path = os.path.join(home_folder(), ".engram", "global")
    return path if is_folder(path) else None


def configured_global(config: Config) -> Path | None:
    """The global memory folder the config names (a relative path read from a config file is
    relative to that file's folder), else the default; None if absent or switched off."""
    found = global_folder(config)
    if found is None:
        return None
    from pathlib import Path

    return Path(found)


def global_folder(config: Config) -> str | None:
    """`configured_global` as a string."""
    configured: str | Path = ""
    if config["files.global_dir"]:
        from engram.paths import setting_path

        configured = setting_path(config, "files.global_dir")
    return _global_folder(configured, config["files.use_global"])


def scan_files(
    root: str | os.PathLike[str], unread: list[tuple[str, str]] | None = None
) -> dict[str, tuple[int, int]]:
    """Every `*.md` under the type folders: relative path -> (mtime_ns, size).

    A file or folder whose name is not UTF-8 text is left out: it could be neither recorded
    nor printed (one such name made every `load` fail). `unread` gets (path, why) for `doctor`
    of each such name, with the bytes that are not text as `\\xNN`, and of each memory file
    that cannot be looked at (a symlink that loops or leads nowhere).

    This runs on every `load` (it is how hand edits are noticed), so it stays a tight loop:
    one `stat` per memory file, none for folders (their type comes from the directory entry).
    Only regular files are listed (a FIFO or device named `*.md` is not); a symlink is listed
    with its target's stat, and the index refuses it when it leads out of `root`.
    """
    found: dict[str, tuple[int, int]] = {}
    for folder in FOLDERS:
        _walk(os.path.join(root, folder), folder + "/", found, unread)
    return found


# Where the system can, each file is looked up from its folder's open descriptor: a name
# resolved from the folder costs the kernel less than a whole path walked from the root, a
# quarter of the scan at 10,000 files. Elsewhere the directory entry's own stat is used.
_AT = os.stat in os.supports_dir_fd and os.scandir in os.supports_fd


def _walk(
    path: str,
    prefix: str,
    found: dict[str, tuple[int, int]],
    unread: list[tuple[str, str]] | None,
) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)) if _AT else None
    except OSError:
        return
    here: dict[str, tuple[int, int]] = {}  # kept only once the whole folder is read
    folders: list[str] = []
    try:
        with os.scandir(path if fd is None else fd) as entries:
            for entry in entries:
                name = entry.name
                if name[0] == ".":
                    continue
                if not name.isascii() and not _is_text(name):
                    _unnamed(prefix + name, unread)
                elif name.endswith(".md"):
                    try:
                        info = entry.stat() if fd is None else os.stat(name, dir_fd=fd)
                    except OSError as exc:
                        _unreadable(prefix + name, exc, unread)
                        continue
                    if info.st_mode & 0o170000 == 0o100000:  # a regular file
                        here[prefix + name] = (info.st_mtime_ns, info.st_size)
                elif entry.is_dir(follow_symlinks=False):
                    folders.append(name)
        found.update(here)
    except OSError:
        return
    finally:
        if fd is not None:
            os.close(fd)
    for name in folders:
        _walk(os.path.join(path, name), prefix + name + "/", found, unread)


def _unreadable(path: str, exc: OSError, unread: list[tuple[str, str]] | None) -> None:
    """Note a memory file that cannot be looked at (a symlink that loops or leads nowhere)."""
    if unread is None:
        return
    import errno

    reasons = {
        errno.ELOOP: "it is a symlink that loops back on itself, so it is not read",
        errno.ENOENT: "it is a symlink whose target is gone, so it is not read",
    }
    unread.append((path, reasons.get(exc.errno or 0, f"it cannot be read: {exc.strerror}")))


def _unnamed(path: str, unread: list[tuple[str, str]] | None) -> None:
    """Note a path whose name is not text, with the bytes that are not as `\\xNN`."""
    if unread is not None:
        raw = path.encode("utf-8", "surrogateescape")
        shown = raw.decode("utf-8", "backslashreplace")
        unread.append((shown, "its name is not UTF-8 text, so it is not read; rename it"))


def _is_text(name: str) -> bool:
    """Whether a file name decoded from the file system is text (bytes that are not UTF-8
    come as lone surrogates, which nothing can write as UTF-8)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
