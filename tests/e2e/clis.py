"""The three agent-host CLIs, installed from the npm registry at pinned versions and cached.

The install goes to `$ENGRAM_E2E_CACHE`, else `$XDG_CACHE_HOME/engram-e2e`, else
`~/.cache/engram-e2e` — outside the repository, and found from the environment the test run
started with (the tests' own fixtures give each test another HOME). One folder per set of
pins; a file lock lets concurrent runs share it, and a marker file says the install finished.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

PACKAGES = {
    "claude": "@anthropic-ai/claude-code@2.1.197",
    "codex": "@openai/codex@0.171.0",
    "gemini": "@google/gemini-cli@0.61.0",
}
# npm's words for "the registry cannot be reached"; any other failure is a real error.
OFFLINE = ("ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENETUNREACH")
INSTALL_TIMEOUT_S = 900


def _cache_root() -> Path:
    if os.environ.get("ENGRAM_E2E_CACHE"):
        return Path(os.environ["ENGRAM_E2E_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "engram-e2e"


CACHE = _cache_root()
_NPM_ENV = dict(os.environ)  # with the real HOME, so npm uses the user's own download cache


class Unavailable(Exception):
    """The hosts cannot be installed here (no node or npm, or no registry): skip, not fail."""


def install() -> Path:
    """The folder holding the `claude`, `codex` and `gemini` commands (installed if needed)."""
    npm = shutil.which("npm")
    if not shutil.which("node") or not npm:
        raise Unavailable("node and npm are needed to install the agent hosts")
    key = hashlib.sha256(" ".join(sorted(PACKAGES.values())).encode()).hexdigest()[:12]
    prefix = CACHE / f"hosts-{key}"
    bin_dir = prefix / "node_modules" / ".bin"
    done = prefix / ".installed"
    CACHE.mkdir(parents=True, exist_ok=True)
    with (CACHE / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another run may be installing: wait for it
        if done.exists():
            return bin_dir
        # One quick look first: offline, npm's retries would take minutes to give up.
        _npm(npm, "view", PACKAGES["codex"], "version", "--fetch-retries=0")
        shutil.rmtree(prefix, ignore_errors=True)  # a run that died half-way
        prefix.mkdir()
        _npm(npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", "--no-save",
             "--loglevel=error", *PACKAGES.values())  # fmt: skip
        done.write_text(" ".join(PACKAGES.values()) + "\n")
    return bin_dir


def _npm(npm: str, *args: str) -> None:
    try:
        result = subprocess.run(
            [npm, *args], capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S, env=_NPM_ENV
        )
    except subprocess.TimeoutExpired:
        raise Unavailable(f"npm {args[0]} timed out (no registry?)") from None
    if result.returncode != 0:
        tail = result.stderr.strip()[-600:]
        if any(code in result.stderr for code in OFFLINE):
            raise Unavailable(f"npm registry not reachable: {tail}")
        raise RuntimeError(f"npm {args[0]} failed ({result.returncode}): {tail}")
