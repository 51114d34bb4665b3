"""Writing a file whole or not at all.

Every file Engram writes for the user goes to a temporary file in the same folder, is flushed
to the disk (fsync) and then renamed over the target, so a full disk, a crash or a killed
process leaves the old file (or none), never an empty or partial one.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from engram.errors import FileWriteError

DEFAULT_MODE = 0o644  # what a memory file gets: shared like the rest of the repository
# A file is first written as `.<name>.<8 random characters>.tmp`: its name is this much longer.
TEMP_NAME_EXTRA = len(".") + len(".") + 8 + len(".tmp")


def write_text_atomic(
    path: Path, text: str, *, mode: int | None = None, exclusive: bool = False
) -> None:
    """Write `text` (UTF-8) to `path` atomically; see `write_bytes_atomic`."""
    write_bytes_atomic(path, text.encode("utf-8"), mode=mode, exclusive=exclusive)


def write_bytes_atomic(
    path: Path, data: bytes, *, mode: int | None = None, exclusive: bool = False
) -> None:
    """Write `data` to `path` atomically.

    `mode` defaults to the replaced file's mode, else 0o644. With `exclusive` an existing file
    is never replaced: FileExistsError, as `open(path, "x")` raises. Any other failure is a
    one-line `FileWriteError` naming the file, with nothing left behind."""
    folder = path.parent
    try:
        if mode is None:
            mode = _mode_of(path)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise _failed(path, exc) from None
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, mode)  # mkstemp creates 0600
        if exclusive:
            _link_new(tmp, path)
        else:
            os.replace(tmp, path)
    except FileExistsError:
        Path(tmp).unlink(missing_ok=True)
        raise
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise _failed(path, exc) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(folder)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _mode_of(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        return DEFAULT_MODE


def _link_new(tmp: str, path: Path) -> None:
    """Give the finished temporary file its name, failing if the name is taken: a hard link
    never replaces a file; where links are not supported, check then rename."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def sync_folder(folder: Path) -> None:
    """Flush the rename itself (the folder's entry); not possible everywhere, and not needed
    for correctness of what a reader sees."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _failed(path: Path, exc: OSError) -> FileWriteError:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        what = "the disk is full; nothing was changed: free some space and try again"
    elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        what = f"{exc.strerror}; nothing was changed: make its folder writable and try again"
    else:
        what = f"{exc.strerror or exc}; nothing was changed"
    return FileWriteError(f"cannot write {path}: {what}", errno=exc.errno)
