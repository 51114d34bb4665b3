"""Normalised text and the content hash used for deduplication.

The hash is SHA-256 of the text after Unicode NFKC, casefold and collapsing whitespace. It is
stored, so this definition must never change.
"""

from __future__ import annotations

import os
import time
import unicodedata

from engram.safety.hashes import content_hash as sha256_hex


def normalize_text(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def content_hash(text: str) -> str:
    return sha256_hex(normalize_text(text))


def new_id() -> str:
    """A time-ordered id: milliseconds since the epoch, then random bits."""
    return f"f_{time.time_ns() // 1_000_000:012x}_{os.urandom(4).hex()}"
