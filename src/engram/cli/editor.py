"""Opening a file in the user's editor: `$VISUAL`, else `$EDITOR`."""

from __future__ import annotations

import os
from pathlib import Path

from engram.errors import EngramError


def configured_editor() -> str | None:
    """The editor command the user set ($VISUAL wins, as in git), or None."""
    return os.environ.get("VISUAL") or os.environ.get("EDITOR") or None


def edit(editor: str, path: Path) -> None:
    """Run `editor` on `path` and wait for it. The command is split as a shell splits it, so a
    quoted program path with spaces (`"/opt/My Editor/bin/edit" --wait`) is one word; a
    program that cannot be started or exits with an error is an EngramError naming it."""
    import shlex
    import subprocess

    try:
        words = shlex.split(editor)
    except ValueError as exc:  # an unclosed quote
        raise EngramError(
            f"cannot read the editor command {editor!r}: {exc}",
            hint="fix the quoting in $VISUAL or $EDITOR",
        ) from None
    if not words:
        raise EngramError("the editor command is blank", hint="set $EDITOR to your editor")
    try:
        subprocess.run([*words, str(path)], check=True)
    except OSError as exc:
        raise EngramError(
            f"the editor {words[0]!r} could not be started: {exc.strerror or exc}",
            hint="set $VISUAL or $EDITOR to an editor on your PATH",
        ) from None
    except subprocess.CalledProcessError as exc:
        raise EngramError(f"the editor {words[0]!r} exited with status {exc.returncode}") from None
