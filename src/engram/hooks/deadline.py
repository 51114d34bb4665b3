"""The hook's deadline (`hooks.timeout_ms`): the host gets its answer in time, whatever happens.

A host stops a hook that runs too long and shows the user an error. So `engram hook` does its
work in a worker thread and waits for it only until the deadline; past it, the host gets the
empty answer `{}` and the hooks' log says "timed out after N ms", with where the worker was.
A read that blocks or a slow first index build cannot be interrupted from Python, so the command
then ends the process (`os._exit`) instead of waiting for the worker.

The deadline counts from the start of the command. Until the configuration is read the default
(or `ENGRAM_HOOKS_TIMEOUT_MS`) applies, because reading the configuration is part of the work
that may hang.
"""

from __future__ import annotations

import _thread
import os
import sys
import time

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from pathlib import Path

SETTING = "hooks.timeout_ms"


class HookTimeout(Exception):
    """The hook's work was not done before the deadline."""


class Deadline:
    """When the running hook must have answered; the worker may set the configured timeout."""

    def __init__(self, timeout_ms: int) -> None:
        self.started = time.monotonic()
        self.timeout_ms = timeout_ms
        self.event = ""  # the host's event name, once known, for the log
        self.cwd: str | Path | None = None  # the folder the event is for, once known
        # `_thread`'s lock rather than `threading`: importing `threading` costs a hook a tenth
        # of the interpreter's start-up. The lock is held while nothing has changed; `configure`
        # and `finish` release it to wake the waiter, which then looks again.
        self._wake = _thread.allocate_lock()
        self._wake.acquire()
        self._done = False
        self._finished = _thread.allocate_lock()  # held until `finish`, for `join`
        self._finished.acquire()

    def _notify(self) -> None:
        try:
            self._wake.release()
        except RuntimeError:
            pass  # already released: the waiter has not looked yet, and will

    def configure(self, timeout_ms: int) -> None:
        self.timeout_ms = timeout_ms
        self._notify()

    def finish(self) -> None:
        self._done = True
        self._finished.release()
        self._notify()

    def wait(self) -> bool:
        """Wait for `finish`; False when the deadline passed first."""
        while not self._done:
            left = self.started + self.timeout_ms / 1000 - time.monotonic()
            if left <= 0:
                return False
            # the lock's longest wait is platform-bound: a longer deadline is waited in turns
            self._wake.acquire(timeout=min(left, _thread.TIMEOUT_MAX))
        return True

    def join(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the worker to finish, past the deadline too."""
        if self._finished.acquire(timeout=timeout):
            self._finished.release()
            return True
        return False


_active: Deadline | None = None
_abandoned: list[Deadline] = []  # deadlines whose worker was left running (see `join`)


def configure(timeout_ms: int) -> None:
    """Apply the configured `hooks.timeout_ms` to the hook being answered (no-op otherwise)."""
    if _active is not None:
        _active.configure(timeout_ms)


def note_event(name: str, cwd: str | Path | None = None) -> None:
    """Remember the event being handled (and the folder it is for), so a timeout is logged
    with it and the folder's indexes can be finished in the background."""
    if _active is not None:
        _active.event = name
        _active.cwd = cwd


# Opens (and so builds or refreshes) the indexes of a folder's workspace and global folder.
_WARM = (
    "import sys\nfrom pathlib import Path\nfrom engram.workspace import open_workspace\n"
    "try:\n    with open_workspace(Path(sys.argv[1]), require=False):\n        pass\n"
    "finally:\n    Path(sys.argv[2]).unlink(missing_ok=True)\n"
)
WARM_SECONDS = 600  # one background build at a time per folder, for at most this long
_builders: list[object] = []  # the builders started (a process outlives its handle)


def warm_in_background(cwd: str | Path) -> bool:
    """Finish the work a timed-out hook could not: build the folder's indexes in a detached
    process, so the next hook call of the session finds them ready. A first build of a large
    workspace takes longer than any host waits for a hook; without this, every call would start
    it again and be stopped again. One builder per folder at a time (a marker file in the state
    folder). Never raises; False when nothing was started."""
    return _in_background("warm", _WARM, str(cwd))


def _store_script(work: str) -> str:
    """A script that opens the fact store and does `work` with it (`store`). The store comes
    in the environment, not the command line, which any user may read (`ps`) and where a
    `postgresql://` URL may carry a password; it is opened as it is named (a URL is a database,
    not a file named after it), and a file deleted meanwhile is not made anew."""
    return (
        "import os, sys\nfrom pathlib import Path\nfrom engram.config import load_config\n"
        "from engram.store import MemoryStore\nfrom engram.store.db import is_url\n"
        "where = os.environ.pop('_ENGRAM_STORE')\n"
        "try:\n    if is_url(where) or Path(where).is_file():\n"
        "        with MemoryStore.open(where, config=load_config(None)) as store:\n"
        f"            {work}\n"
        "finally:\n    Path(sys.argv[2]).unlink(missing_ok=True)\n"
    )


# Opening the store applies the upgrades its tables are due.
_UPGRADE = _store_script("pass")
# Seals anew the verdicts of the store's facts that no longer hold (see `MemoryStore.reseal`).
_RESEAL = _store_script("store.reseal()")


def upgrade_in_background(store: str | Path) -> bool:
    """Upgrade the fact store's tables in a detached process: an upgrade of a large store
    (index terms made again for every fact) takes longer than a host waits for a hook, and a
    hook stopped in it would start it again at every session. Never raises."""
    return _in_background("upgrade", _UPGRADE, str(store), hidden=True)


def reseal_in_background(store: str | Path) -> bool:
    """Seal the fact store's safe facts anew in a detached process: after a scanner upgrade no
    seal holds, so every command that shows a fact loads the scanners (tens of milliseconds)
    until they are sealed, and sealing a large store takes longer than a host waits for a hook.
    Never raises."""
    return _in_background("reseal", _RESEAL, str(store), hidden=True)


def _in_background(kind: str, script: str, target: str, *, hidden: bool = False) -> bool:
    """Run `script` with `target` in a detached process, one per kind and target at a time
    (a marker file in the state folder, which the script removes when done). A `hidden` target
    is passed in the environment (`_ENGRAM_STORE`) and as "-" on the command line. Never raises;
    False when nothing was started."""
    import hashlib
    import subprocess

    try:
        from engram.paths import state_dir

        key = hashlib.sha256(target.encode()).hexdigest()[:16]
        marker = state_dir() / f"{kind}-{key}"
        marker.parent.mkdir(parents=True, exist_ok=True)
        try:
            if time.time() - marker.stat().st_mtime < WARM_SECONDS:
                return False  # a process is (or was just) at work
        except FileNotFoundError:
            pass
        marker.write_text(str(os.getpid()), encoding="utf-8")
        env = {**os.environ, "_ENGRAM_STORE": target} if hidden else None
        _builders.append(subprocess.Popen(
            [sys.executable, "-c", script, "-" if hidden else target, str(marker)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True, close_fds=True, env=env,
        ))  # fmt: skip
    except Exception:  # a hook must still exit at once
        return False
    return True


def initial_timeout(env: Mapping[str, str] | None = None) -> int:
    """The timeout before any config file is read: `ENGRAM_HOOKS_TIMEOUT_MS` when it is valid
    (it outranks the files anyway), else the default."""
    from engram.config import SETTINGS, coerce
    from engram.errors import ConfigError

    env = os.environ if env is None else env
    default = int(SETTINGS[SETTING].default)
    raw = env.get("ENGRAM_" + SETTING.replace(".", "_").upper())
    if not raw:
        return default
    try:
        return int(coerce(SETTING, raw, "environment"))
    except ConfigError:
        return default  # the handler reports the bad value when it reads the config


def answer_in_time(host: str, work: Callable[[], str], timeout_ms: int) -> tuple[str, bool]:
    """Run `work` (which answers one hook call and never raises) in a worker thread:
    (its answer, True) when done within the deadline, else ("{}", False) after logging the
    timeout. The worker is left running; the caller ends the process."""
    global _active
    deadline = Deadline(timeout_ms)
    answers: list[str] = []

    def run() -> None:
        try:
            answers.append(work())
        finally:
            deadline.finish()

    _active = deadline
    try:
        # A bare thread: it never keeps the process from exiting, as a daemon thread would not.
        ident = _thread.start_new_thread(run, ())
        if deadline.wait():
            return (answers[0] if answers else "{}"), True
    finally:
        _active = None
    _abandoned.append(deadline)
    import traceback  # only a timed-out hook needs it, and the log

    from engram.hooks.errorlog import log_error

    frame = sys._current_frames().get(ident)
    where = "".join(traceback.format_stack(frame)) if frame is not None else ""
    error = HookTimeout(f"timed out after {deadline.timeout_ms} ms")
    log_error(host, deadline.event, error, trace=where or None, folder=deadline.cwd)
    # Hosts start hooks in the project folder, so that is the folder before the payload is read.
    from engram.paths import plain_path

    warm_in_background(deadline.cwd or plain_path(os.getcwd()))
    return "{}", False
