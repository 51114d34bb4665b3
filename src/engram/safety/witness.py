"""Proof that this installation computed a derived file itself.

A derived index caches safety verdicts and parsed fields. Such a file can arrive from anywhere —
committed to a repository, copied from another machine — and must then count for nothing. Each
index records a random nonce and a seal: a keyed hash of the nonce, the index format and the
scanner version, under a key that never leaves this user's state folder. An index whose seal
this key does not reproduce was not built here (or was built by another scanner version) and is
rebuilt from the files.
"""

from __future__ import annotations

import os

from engram.safety.hashes import sha256

TYPE_CHECKING = False  # `typing` is not imported on the hot paths; type checkers read True
if TYPE_CHECKING:
    from pathlib import Path

KEY_FILE = "witness.key"
_process_key: bytes | None = None
_lasting = False  # whether `_process_key` is the key kept in the state folder
# Each byte XORed with HMAC's inner and outer pad bytes, as `bytes.translate` tables.
_INNER = bytes(b ^ 0x36 for b in range(256))
_OUTER = bytes(b ^ 0x5C for b in range(256))


def keyed_hash(key: bytes, message: bytes) -> str:
    """HMAC-SHA-256 (RFC 2104) of a message, hex. Written out because the `hmac` and `secrets`
    modules pull OpenSSL in, which costs a hook more start-up time than the whole computation."""
    if len(key) > 64:
        key = sha256(key).digest()
    block = key.ljust(64, b"\0")
    inner = sha256(block.translate(_INNER) + message).digest()
    return str(sha256(block.translate(_OUTER) + inner).hexdigest())


def local_key() -> bytes:
    """This user's witness key, created on first use (readable by the user only). Where the
    state folder cannot be written, a key for this process alone: nothing is trusted across
    runs then, which is slower but never wrong."""
    global _process_key, _lasting
    if _process_key is not None:
        return _process_key
    from engram.paths import state_folder

    path = os.path.join(state_folder(), KEY_FILE)  # a string: see `engram.paths`
    short, lasting = False, True
    try:
        key = _read(path)
        if len(key) < 32:
            short = True  # cut short by a full disk before keys were written atomically
            raise OSError("short key")
    except OSError:
        key = os.urandom(32)
        try:
            _write_private(path, key, replace=short)
        except FileExistsError:
            pass  # another process created it first, whole (it is linked into place)
        except OSError:
            _process_key, _lasting = key, False  # the state folder cannot be written
            return key
        try:
            key = _read(path)  # whichever key was linked into place first
        except OSError:
            lasting = False
        if len(key) < 32:
            key, lasting = os.urandom(32), False  # unreadable or cut short: this process alone
    if not _private(path):
        # a key someone else could have written or read would let them seal what they like
        key, lasting = os.urandom(32), False
    _process_key, _lasting = key, lasting
    return key


def key_lasts() -> bool:
    """Whether this user's key outlives the process (kept, private, in the state folder): a
    seal made with a key for this process alone holds for nothing after it."""
    local_key()
    return _lasting


def _read(path: str) -> bytes:
    """The whole file, as `Path.read_bytes` reads it."""
    with open(path, "rb") as handle:
        return handle.read()


def _private(path: str | Path) -> bool:
    """Whether the key file is this user's and no one else may read or write it."""
    if not hasattr(os, "getuid"):
        return True  # no POSIX owners and modes to check
    try:
        status = os.stat(path)
    except OSError:
        return False
    return status.st_uid == os.getuid() and not status.st_mode & 0o077


def _write_private(path: str | Path, key: bytes, *, replace: bool = False) -> None:
    """Write the key whole or not at all: a temporary file, flushed, then linked into place
    (renamed over a key that was cut short), so a full disk never leaves a short key behind."""
    from pathlib import Path  # once a user, when the key is first made

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(key)
            handle.flush()
            os.fsync(handle.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)  # never replaces a key another process wrote meanwhile
    finally:
        tmp.unlink(missing_ok=True)


def seal(nonce: str, *parts: str) -> str:
    """The seal of a derived file: the nonce and what it was built with, under the local key."""
    return keyed_hash(local_key(), "\x1f".join((nonce, *parts)).encode("utf-8"))


def new_nonce() -> str:
    return os.urandom(16).hex()
