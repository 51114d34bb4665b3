"""The one way Engram reads a file it did not write: a memory file, a rule file a host says it
loaded, or a source a skill names.

Such a path may be a symlink out of its folder, a FIFO that blocks the reader forever, a device
that never ends (`/dev/zero`) or simply a huge file. So the path must resolve, after symlinks,
inside the folder it belongs to; only a regular file is opened (checked before opening and
again on the open descriptor, so a file swapped for a FIFO in between cannot block); and at most
the limit plus one byte is read.
"""

from __future__ import annotations

import os
import stat

from engram.errors import EngramError

TYPE_CHECKING = False  # `typing` is not imported on the hot paths; type checkers read True
if TYPE_CHECKING:
    from engram.paths import Folder

DEFAULT_MAX_BYTES = 256 * 1024  # `files.max_bytes`
LIMIT_SETTING = "files.max_bytes"
# Sources are only hashed, never parsed or shown, so they may be far larger than a memory file;
# the cap only keeps a mistaken source (a disk image, a log) from stalling every load.
SOURCE_MAX_BYTES = 64 * 1024 * 1024

# O_NONBLOCK makes opening a FIFO return at once instead of waiting for a writer; O_NOFOLLOW
# refuses a final component swapped for a symlink after the path was resolved.
_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_CHUNK = 64 * 1024


class ReadRefused(EngramError):
    """A file that is not read, with the reason (shown by `doctor` and in skip lists)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def resolve_inside(
    root: Folder, relative: str | os.PathLike[str], *, folder: str = "memory folder"
) -> str:
    """The real path of `root / relative` when it is a regular file inside `root` (after
    symlinks); raises ReadRefused otherwise. An absolute `relative` is checked as it is."""
    base = os.path.realpath(root)
    joined = os.path.join(root, relative)
    real = os.path.realpath(joined)
    if not _within(real, base):
        lexical = os.path.normpath(os.path.join(os.path.abspath(root), relative))
        if _within(lexical, os.path.normpath(os.path.abspath(root))):
            raise ReadRefused(f"symlink leaves the {folder}")
        raise ReadRefused(f"outside the {folder}")
    _require_regular(_stat(real))
    return real


class Resolver:
    """`resolve_inside` for many files of one root read in a row (an index build): the real
    path of the root and of each folder is found once, not once a file, so a file that is no
    symlink costs one `lstat` where `realpath` takes one a component of its whole path. A
    symlink, a missing file or a name that is not plain goes the whole way (`resolve_inside`).
    It serves one pass over the files: a folder replaced by a symlink during the pass is one
    that was replaced a moment after its path was resolved."""

    __slots__ = ("base", "folder", "folders", "root")

    def __init__(self, root: Folder, *, folder: str = "memory folder") -> None:
        self.root = root
        self.folder = folder
        self.base = os.path.realpath(root)
        self.folders: dict[str, str] = {}  # a folder relative to the root -> its real path

    def __call__(self, relative: str) -> str:
        """`resolve_inside(root, relative)`."""
        head, _, name = relative.rpartition("/")
        if os.sep != "/" or name in ("", ".", "..") or os.path.isabs(relative):
            return resolve_inside(self.root, relative, folder=self.folder)
        real_folder = self.folders.get(head)
        if real_folder is None:
            real_folder = os.path.realpath(os.path.join(self.root, head))
            self.folders[head] = real_folder
        real = os.path.join(real_folder, name)
        try:
            info = os.lstat(real)
        except OSError:
            info = None
        if info is None or stat.S_ISLNK(info.st_mode) or not _within(real, self.base):
            return resolve_inside(self.root, relative, folder=self.folder)
        _require_regular(info)  # no symlink: its own `lstat` is the `stat` of what it is
        return real


def read_limited(
    root: Folder,
    relative: str | os.PathLike[str],
    max_bytes: int,
    *,
    folder: str = "memory folder",
    setting: str | None = LIMIT_SETTING,
    resolver: Resolver | None = None,
) -> bytes:
    """The whole content of a regular file inside `root`, refused (ReadRefused) when it is
    larger than `max_bytes`; never reads more than `max_bytes` + 1 bytes. `setting` names the
    setting that raises the limit, for the reason; `resolver`, one of `root`, resolves the
    path when given."""
    real = (
        resolver(os.fspath(relative)) if resolver else resolve_inside(root, relative, folder=folder)
    )
    data = _read(real, max_bytes, setting=setting)
    if len(data) > max_bytes:
        raise _too_large(len(data), max_bytes, setting, grew=True)
    return data


def read_head(
    root: Folder, relative: str | os.PathLike[str], size: int, *, folder: str = "memory folder"
) -> bytes:
    """The first `size` bytes of a regular file inside `root` (ReadRefused otherwise)."""
    return _read(resolve_inside(root, relative, folder=folder), size, setting=None, whole=False)


def _read(real: str, limit: int, *, setting: str | None, whole: bool = True) -> bytes:
    """At most `limit` bytes of a file `resolve_inside` resolved (with `whole`, one more, so
    that a file that grew past the limit shows)."""
    try:
        fd = os.open(real, _FLAGS)
    except OSError as exc:
        raise _unreadable(exc) from None
    try:
        opened = os.fstat(fd)
        _require_regular(opened)  # it may have been swapped since it was resolved
        if whole and opened.st_size > limit:
            raise _too_large(opened.st_size, limit, setting, grew=False)
        parts: list[bytes] = []
        left = limit + 1 if whole else limit
        while left > 0:
            part = os.read(fd, min(left, _CHUNK))
            if not part:
                break
            parts.append(part)
            left -= len(part)
        return b"".join(parts)
    except OSError as exc:
        raise _unreadable(exc) from None
    finally:
        os.close(fd)


def _within(path: str, base: str) -> bool:
    return path == base or path.startswith(base.rstrip(os.sep) + os.sep)


def _stat(path: str) -> os.stat_result:
    try:
        return os.stat(path)
    except FileNotFoundError:
        raise ReadRefused("missing") from None
    except OSError as exc:
        raise _unreadable(exc) from None


def _require_regular(info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = "folder" if stat.S_ISDIR(info.st_mode) else "FIFO, device or socket"
        raise ReadRefused(f"not a regular file (a {kind})")


def _unreadable(exc: OSError) -> ReadRefused:
    return ReadRefused(f"unreadable: {exc.strerror or exc}")


def _too_large(size: int, limit: int, setting: str | None, *, grew: bool) -> ReadRefused:
    amount = f"more than {limit:,}" if grew else f"{size:,}"
    if setting is None:
        return ReadRefused(f"too large: {amount} bytes (the limit is {limit:,})")
    return ReadRefused(
        f"too large: {amount} bytes, over {setting} = {limit:,}; split the file or raise {setting}"
    )
