"""The profile tier (SPEC B8): a small, stable block for the system prompt.

It is the hand-written profile file (`profile.md` beside the user's config) followed by the
pinned facts, each in its current version, ordered by fact id — so the text changes only when
one of its sources changes, and prompt prefix caches keep hitting. The whole is capped at 2 KB:
pinning refuses a fact that would not fit, and an oversized hand-written file is an error that
names it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from engram.errors import EngramError
from engram.store.db import now_iso
from engram.store.inputs import readable_argument
from engram.store.unsafe import REVIEW, content_reason, withheld_note

if TYPE_CHECKING:
    from engram.store.store import MemoryStore

PROFILE_CAP = 2048
# The most of profile.md that is read: its 2,048 characters are at most 8 KB of UTF-8, and the
# rest leaves room for the blank lines around them. A larger file is refused from its size,
# never read whole (a log or a disk image saved there by mistake).
PROFILE_MAX_BYTES = 64 * 1024


def profile_path() -> Path:
    from engram.config import config_dir

    return config_dir() / "profile.md"


def profile_text(store: MemoryStore, path: Path | None = None) -> str:
    path = path or profile_path()
    hand = _hand_written(path)
    if len(hand) > PROFILE_CAP:
        raise EngramError(
            f"{path}: the profile is {len(hand)} characters, over the {PROFILE_CAP} cap",
            hint="shorten it (`engram profile edit`)",
        )
    lines, withheld = [], 0
    for fact_id in store._backend.pinned():
        current = store.get(str(fact_id), mode="active")
        if current is not None and not isinstance(current, list):
            if content_reason(current):
                withheld += 1  # stored before its kind was refused: never shown
                continue
            lines.append(f"- [{current.id}] {current.content}")
    if withheld:
        lines.append(withheld_note(withheld))
    parts = ["## Profile"] + ([hand] if hand else []) + (["\n".join(lines)] if lines else [])
    if len(parts) == 1:
        parts.append("(empty: write one with `engram profile edit` or pin facts)")
    return "\n\n".join(parts) + "\n"


def _hand_written(path: Path) -> str:
    """The profile file's text ('' when there is none), or an error naming the file: it is
    written by hand, in any editor, and may be saved in another encoding."""
    data = _bounded_read(path)
    try:
        return data.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise EngramError(
            f"{path}: not UTF-8 text", hint="save it as UTF-8 (`engram profile edit`)"
        ) from None


def _bounded_read(path: Path) -> bytes:
    """At most PROFILE_MAX_BYTES + 1 bytes of the profile file (b'' when there is none). It
    may be a link into a dotfiles repository, so it is read where the link points."""
    from engram.files.reading import ReadRefused, read_limited

    real = Path(os.path.realpath(path))
    try:
        return read_limited(
            real.parent, real.name, PROFILE_MAX_BYTES, folder="profile's folder", setting=None
        )
    except ReadRefused as exc:
        if exc.reason == "missing":
            return b""
        if exc.reason.startswith("too large"):
            hint = f"the profile's cap is {PROFILE_CAP} characters: shorten it"
            raise EngramError(f"{path}: {exc.reason}", hint=hint) from None
        raise EngramError(f"{path}: cannot read: {exc.reason}") from None


def pin(store: MemoryStore, fact_id: str, path: Path | None = None) -> str:
    """Pin a fact into the profile; refuses when the profile would pass the cap."""
    fact = store._stored(fact_id)
    if fact is None:
        raise EngramError(
            f"no fact with id {fact_id!r}", hint="find ids with `engram memory search`"
        )
    reason = content_reason(fact)
    if reason:
        raise EngramError(
            f"fact {fact_id} cannot be pinned: {reason}", hint=f"review it with `{REVIEW}`"
        )
    with store._write():
        store._backend.pin(fact_id, now_iso())
        text = profile_text(store, path)
        if len(text) > PROFILE_CAP:
            raise EngramError(
                f"pinning {fact_id} would make the profile {len(text)} characters, over the "
                f"{PROFILE_CAP} cap",
                hint="unpin something first, or shorten profile.md",
            )
        store._backend.log_event(now_iso(), "pinned", fact_id)
    return text


def unpin(store: MemoryStore, fact_id: str) -> None:
    readable_argument("fact id", fact_id)
    with store._write():
        if not store._backend.unpin(fact_id):
            raise EngramError(f"{fact_id} is not pinned")
        store._backend.log_event(now_iso(), "unpinned", fact_id)
