"""Approved content hashes: `memory.hashes.json` in each scope root.

The file maps a memory's path (relative to the scope root) to the SHA-256 of the content that
was approved; it is the same file the TypeScript Engram writes, so its workspaces keep working.
A memory is printed only while its content still has the approved hash.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from engram.errors import EngramError

HASHES_FILE = "memory.hashes.json"


def read_approvals(root: Path) -> dict[str, str]:
    """Approved hashes of a scope root ({} when the file is missing)."""
    path = root / HASHES_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise EngramError(
            f"{path}: cannot read approved hashes ({exc})",
            hint="fix the JSON or delete the file and run `engram rehash`",
        ) from None
    if not isinstance(data, dict):
        raise EngramError(f"{path}: expected a JSON object of path -> sha256")
    return {str(k): str(v).removeprefix("sha256:") for k, v in data.items()}


def write_approvals(root: Path, approvals: dict[str, str]) -> None:
    """Write the approvals atomically (a reader never sees half a file)."""
    text = json.dumps(dict(sorted(approvals.items())), indent=2, ensure_ascii=False) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=".hashes.", dir=root)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(tmp, 0o644)  # mkstemp creates 0600; this file is shared like the memories
        os.replace(tmp, root / HASHES_FILE)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
