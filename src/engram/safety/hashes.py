"""Content hashes. A stored hash must mean the same thing forever, so it is plain SHA-256."""

from __future__ import annotations

try:  # the built-in module starts faster than OpenSSL's, and the digest is the same
    from _sha256 import sha256  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - Python builds without it
    from hashlib import sha256

__all__ = ["content_hash", "sha256"]


def content_hash(data: bytes | str) -> str:
    """Hex SHA-256 of the bytes (text is encoded as UTF-8)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    return str(sha256(data).hexdigest())
