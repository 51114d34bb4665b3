"""Where Engram keeps the user's own state: one place, so every part agrees on it."""

from __future__ import annotations

import os
from pathlib import Path


def state_dir() -> Path:
    """Where hooks keep state and their error log, and the witness key lives:
    $ENGRAM_STATE_DIR, else $XDG_STATE_HOME/engram, else ~/.local/state/engram."""
    if os.environ.get("ENGRAM_STATE_DIR"):
        return Path(os.environ["ENGRAM_STATE_DIR"])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "engram"
