"""The hooks' error log: hooks never fail in front of the host, so their errors land here,
where `engram doctor` shows the latest ones."""

from __future__ import annotations

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


def log_path() -> Path:
    return state_dir() / LOG_NAME


def log_error(host: str, event: str, exc: BaseException, *, trace: str | None = None) -> None:
    """Append one error (with its traceback, or the given `trace`, indented) to the log.
    Never raises."""
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
        if trace is None:
            import traceback  # only a failing hook needs it

            trace = "".join(traceback.format_exception(exc))
        trace = _last_part(trace.rstrip(), MAX_TRACE).replace("\n", "\n    ")
        # the entry's first line is the one `last_errors` shows: the message on one line
        message = " ".join(str(exc).split())
        if len(message) > MAX_MESSAGE:
            message = f"{message[:MAX_MESSAGE]}… ({len(message):,} characters)"
        entry = (
            f"{stamp} host={host} event={event or '?'} {type(exc).__name__}: {message}\n"
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


def last_errors(count: int = 5) -> list[str]:
    """The first line of the latest `count` logged errors, oldest first."""
    try:
        # entries are split at line feeds only: a trace may hold other line breaks
        lines = log_path().read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        return []
    heads = [line for line in lines if line and not line.startswith(" ")]
    return heads[-count:]
