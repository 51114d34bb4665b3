"""Running a command with its stderr on a pseudo-terminal, as a person at a terminal would."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX only", allow_module_level=True)

import fcntl
import pty
import struct
import termios


def on_terminal(
    argv: list[str], *, cwd: Path | None = None, stdin: str = "", env: dict[str, str] | None = None
) -> tuple[int, str, str]:
    """Run `argv` with stderr on a terminal 80 columns wide (stdout and stdin are files); its
    exit code, stdout, and what the terminal received on stderr."""
    leader, follower = pty.openpty()
    # A new pseudo-terminal is 0 columns wide, and a bar that fits in 0 columns draws nothing.
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    with tempfile.TemporaryFile() as given, tempfile.TemporaryFile() as out:
        given.write(stdin.encode("utf-8"))
        given.seek(0)
        process = subprocess.Popen(
            argv, cwd=cwd, stdin=given, stdout=out, stderr=follower, env=env or dict(os.environ)
        )
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the command closed the terminal (it ended)
                break
            if not chunk:
                break
            seen += chunk
        os.close(leader)
        code = process.wait(timeout=60)
        out.seek(0)
        return code, out.read().decode("utf-8"), seen.decode("utf-8", "replace")
