"""The hooks' error log: hooks never fail in front of the host, so their errors land here,
where `engram doctor` shows the latest ones.

One log serves every project, so each entry names the folder its hook ran for (`dir=`, a JSON
string), and `doctor` shows only the errors of its own workspace (and those of an older log,
which named none) from the last SHOWN_DAYS days; `engram doctor --clear-hook-errors` drops
them once they are dealt with.
"""

from __future__ import annotations

import json
import os
import re
import time

from engram.paths import state_dir

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from pathlib import Path

LOG_NAME = "hooks.log"
MAX_BYTES = 256 * 1024  # past this the oldest half is dropped, so the log never grows unbounded
# One entry's message line and trace, in characters: an error that quotes a whole prompt or
# file would otherwise fill the log with one entry (and outgrow MAX_BYTES's cut).
MAX_MESSAGE = 500
MAX_TRACE = 8 * 1024
SHOWN_DAYS = 7  # `doctor` shows the errors of the last week: an old, fixed one ages out
STAMP = "%Y-%m-%dT%H:%M:%S"  # local time, as a person reads the log
# An entry's first line: its time, the folder its hook ran for (none in an older log), and
# what `doctor` shows after the time: "host=… event=… Type: message".
_HEAD = re.compile(r'(\S+) (?:dir=("(?:[^"\\]|\\.)*") )?(host=.*)')


def log_path() -> Path:
    return state_dir() / LOG_NAME


def log_error(
    host: str,
    event: str,
    exc: BaseException,
    *,
    trace: str | None = None,
    folder: str | Path | None = None,
) -> None:
    """Append one error (with its traceback, or the given `trace`, indented) to the log, with
    the `folder` its hook ran for (default: the current folder, where hosts start hooks).
    Never raises."""
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime(STAMP)
        where = json.dumps(str(folder or os.getcwd()), ensure_ascii=False)
        if trace is None:
            import traceback  # only a failing hook needs it

            trace = "".join(traceback.format_exception(exc))
        trace = _last_part(trace.rstrip(), MAX_TRACE).replace("\n", "\n    ")
        # the entry's first line is the one `last_errors` shows: the message on one line
        message = " ".join(str(exc).split())
        if len(message) > MAX_MESSAGE:
            message = f"{message[:MAX_MESSAGE]}… ({len(message):,} characters)"
        entry = (
            f"{stamp} dir={where} host={host} event={event or '?'} "
            f"{type(exc).__name__}: {message}\n"
            f"    {trace}\n"
        )
        _cut_if_full(path)
        with path.open("a", encoding="utf-8") as handle:
            handle.write(entry)
    except Exception:  # the log is the last resort: nothing may escape it
        pass


def _last_part(trace: str, limit: int) -> str:
    """A trace of at most `limit` characters: its end, where the failing call is."""
    if len(trace) <= limit:
        return trace
    return f"… ({len(trace) - limit:,} characters left out)\n{trace[-limit:]}"


def _cut_if_full(path: Path) -> None:
    """Drop the log's older half once it is past `MAX_BYTES`. Written whole or not at all: a
    full disk (or a hook killed by its host meanwhile) leaves the log as it was, never empty,
    and the entry is appended all the same."""
    try:
        if not path.exists() or path.stat().st_size <= MAX_BYTES:
            return
        from engram.files.atomic import write_text_atomic

        text = path.read_text(encoding="utf-8", errors="replace")
        write_text_atomic(path, _newer_half(text))
    except Exception:  # not cut this time: tried again on the next error
        pass


def _newer_half(text: str) -> str:
    """The log without its older half, cut where an entry starts."""
    lines = text[len(text) // 2 :].split("\n")[1:]  # the first may be part of a line
    while lines and (not lines[0] or lines[0].startswith(" ")):
        lines.pop(0)  # the rest of an entry cut in two
    return "\n".join(lines)


def last_errors(
    count: int = 5, *, folder: str | Path | None = None, days: float | None = None
) -> list[str]:
    """The first line of the latest `count` logged errors, oldest first, as "time host=…
    event=… Type: message". Given a `folder`, only those of a hook that ran in it or below it
    (or whose entry names no folder); given `days`, only those of the last `days` days."""
    since = time.time() - days * 86400 if days is not None else None
    heads = [
        f"{stamp} {shown}" if stamp else shown
        for stamp, where, shown in map(_head, _first_lines(_read()))
        if (folder is None or _within(where, folder)) and (since is None or _at(stamp) >= since)
    ]
    return heads[-count:]


def clear_errors(folder: str | Path) -> int:
    """Drop from the log every error `last_errors(folder=folder)` would show, of any age;
    how many were dropped. The other folders' errors stay."""
    kept: list[str] = []
    dropped = 0
    dropping = False
    for line in _read():
        if line and not line.startswith(" "):  # an entry's first line: its trace follows
            dropping = _within(_head(line)[1], folder)
            dropped += dropping
        if not dropping:
            kept.append(line)
    if dropped:
        from engram.errors import EngramError
        from engram.files.atomic import write_text_atomic

        try:
            write_text_atomic(log_path(), "\n".join(kept))
        except OSError as exc:
            raise EngramError(
                f"cannot rewrite the hooks' log {log_path()} ({exc.strerror or exc})",
                hint="check that its folder is writable; the log was left as it was",
            ) from None
    return dropped


def _read() -> list[str]:
    try:
        # entries are split at line feeds only: a trace may hold other line breaks
        return log_path().read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        return []


def _first_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if line and not line.startswith(" ")]


def _head(line: str) -> tuple[str, str | None, str]:
    """(time, folder or None, the rest) of an entry's first line."""
    match = _HEAD.fullmatch(line)
    if match is None:  # not written by `log_error`: shown whole, as an older log's
        return "", None, line
    stamp, where, rest = match.groups()
    try:
        folder = json.loads(where) if where else None
    except ValueError:
        folder = None
    return stamp, folder if isinstance(folder, str) else None, rest


def _within(where: str | None, folder: str | Path) -> bool:
    """Whether a hook that ran in `where` ran in `folder` or below it; an entry that names no
    folder (an older log's) belongs to every one."""
    if where is None:
        return True
    from pathlib import Path

    try:
        return Path(where).resolve().is_relative_to(Path(folder).resolve())
    except (OSError, ValueError, RuntimeError):
        return False


def _at(stamp: str) -> float:
    """The moment of an entry's local time stamp; 0 (long ago) when it is none."""
    try:
        return time.mktime(time.strptime(stamp, STAMP))
    except (ValueError, OverflowError):
        return 0.0
