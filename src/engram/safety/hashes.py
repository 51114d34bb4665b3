"""Content hashes. A stored hash must mean the same thing forever, so it is plain SHA-256."""

from __future__ import annotations

import hashlib


def content_hash(data: bytes | str) -> str:
    """Hex SHA-256 of the bytes (text is encoded as UTF-8)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    return hashlib.sha256(data).hexdigest()
