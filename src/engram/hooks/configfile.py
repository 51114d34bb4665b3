"""Changing a config file that belongs to the user (a host's settings, hooks or MCP file).

The file keeps what is the user's: its mode (a 0600 file holding a key stays 0600) and owner;
a symlink (a dotfiles checkout, say) stays a link and its target gets the new text; the new text
lands at once (a temp file beside the target, fsynced, renamed over it), so a crash leaves the
old file or the new one, never half of one. Before every change the old bytes go to a
timestamped backup beside the path Engram was given, `<name>.engram-backup-<UTC time>`; the last
`KEEP_BACKUPS` are kept and older ones of that pattern deleted. Nothing changes and no backup is
made when the new text equals the old.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
from datetime import UTC, datetime
from pathlib import Path

from engram.errors import EngramError
from engram.files.atomic import sync_folder

KEEP_BACKUPS = 5
BACKUP_TAG = ".engram-backup-"
_STAMP = r"\d{8}-\d{6}-\d{6}(?:-\d+)?"


def target_of(path: Path) -> Path:
    """The file to replace: for a symlink, the file it points to (the link stays)."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def read_text(path: Path) -> str | None:
    """The file's text, or None when it does not exist."""
    try:
        # newline="": the line ends as they are, so a CRLF file is edited and written as CRLF
        with open(path, encoding="utf-8", newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise EngramError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:  # hosts read their files as UTF-8 too
        raise EngramError(
            f"{path}: not UTF-8 text (byte {exc.start})",
            hint="save the file as UTF-8, then run the command again",
        ) from None


def with_line_ends_of(old: str | None, text: str) -> str:
    """`text` with CRLF line ends when the file it replaces has only those (a file from
    Windows): a line Engram adds does not leave the file with two kinds, nor rewrite every
    line of a CRLF file."""
    if old is None or "\r\n" not in old or "\n" in old.replace("\r\n", ""):
        return text
    return re.sub(r"(?<!\r)\n", "\r\n", text)


def write_text(path: Path, text: str) -> tuple[bool, Path | None]:
    """Give `path` the new text, backing up the old first: (whether it changed, the backup or
    None). Nothing is written when the file already holds the text."""
    target = target_of(path)
    data = text.encode("utf-8")
    try:
        old = target.read_bytes()
    except FileNotFoundError:
        old = None
    except OSError as exc:
        raise EngramError(f"{path}: cannot read ({exc.strerror})") from None
    if old == data:
        return False, None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        backup = _backup(path, target, old) if old is not None else None
        _replace(path, target, data)
    except OSError as exc:
        raise EngramError(f"{path}: cannot write ({exc.strerror or exc})") from None
    return True, backup


def backups(path: Path) -> list[Path]:
    """Engram's backups of `path`, oldest first."""
    pattern = re.compile(re.escape(path.name + BACKUP_TAG) + _STAMP)
    try:
        names = os.listdir(path.parent)
    except FileNotFoundError:
        return []
    return sorted(path.parent / name for name in names if pattern.fullmatch(name))


def _backup(path: Path, target: Path, data: bytes) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    for attempt in range(1, 100):
        suffix = f"-{attempt}" if attempt > 1 else ""  # two backups within a microsecond
        backup = path.with_name(f"{path.name}{BACKUP_TAG}{stamp}{suffix}")
        try:
            # 0600 until it has the original's mode: a backup of a key is never readable by all
            fd = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        break
    else:
        raise EngramError(f"{path}: cannot name a new backup", hint="remove old backups")
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    original = target.stat()
    with contextlib.suppress(OSError):  # best effort: a backup we own is still a backup
        _chown(backup, original)
    os.chmod(backup, stat.S_IMODE(original.st_mode))
    for old in backups(path)[:-KEEP_BACKUPS]:
        old.unlink(missing_ok=True)
    return backup


def restore(path: Path, backup: Path | None) -> None:
    """Undo one `write_text`: the file's content from its backup, or no file when there was
    none before (keeping the file's mode and owner, and a symlink, as `write_text` does). The
    backup goes once its content is back: a command that changed nothing leaves nothing."""
    target = target_of(path)
    try:
        if backup is None:
            target.unlink(missing_ok=True)
        else:
            _replace(path, target, backup.read_bytes())
            backup.unlink(missing_ok=True)
    except OSError as exc:
        raise EngramError(f"{path}: cannot put it back ({exc.strerror or exc})") from None


def _replace(path: Path, target: Path, data: bytes) -> None:
    try:
        original: os.stat_result | None = target.stat()
    except FileNotFoundError:
        original = None
    # A new file gets the usual mode (0666 less the umask); an existing one keeps its own.
    tmp = target.with_name(f".{target.name}.engram-{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if original is not None:
                try:
                    _chown(tmp, original)
                except PermissionError:
                    raise EngramError(
                        f"{path}: belongs to another user, whose ownership would be lost",
                        hint="run the command as that user",
                    ) from None
                os.chmod(tmp, stat.S_IMODE(original.st_mode))
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    sync_folder(target.parent)


def _chown(path: Path, original: os.stat_result) -> None:
    if not hasattr(os, "chown"):
        return
    current = path.stat()
    if (current.st_uid, current.st_gid) != (original.st_uid, original.st_gid):
        os.chown(path, original.st_uid, original.st_gid)
