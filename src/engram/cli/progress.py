"""Progress bars for the commands that can run for seconds (`reindex`, `memory absorb`,
`memory rebuild`, the benchmarks runner).

The library never prints: its long operations take a `progress(done, total)` callback, and a
`Bar` is one. A bar goes to stderr, only when stderr is a terminal and `--quiet` was not given,
so pipes, logs and hosts get the output alone. tqdm is imported only when a bar is drawn: the
hook and `load` paths never load it.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any, TextIO


def shown(quiet: bool = False, stream: TextIO | None = None) -> bool:
    """Whether a bar would be drawn: not `quiet`, and the stream (stderr) is a terminal."""
    stream = stream or sys.stderr
    try:
        return not quiet and stream.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


class Bar:
    """A progress callback, `bar(done, total)`, drawn with tqdm when `shown`.

    A count that starts again (below what the bar shows, or towards another total) starts a new
    bar, so one Bar serves several passes, e.g. the workspace's index, then the global one's.
    Engram prints no colour anywhere, bars included (`colour=None`), so `NO_COLOR` holds."""

    def __init__(
        self,
        label: str,
        *,
        quiet: bool = False,
        unit: str = "it",
        stream: TextIO | None = None,
    ) -> None:
        self.label, self.unit = label, unit
        self.stream = stream or sys.stderr
        self.shown = shown(quiet, self.stream)
        self._bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not self.shown:
            return
        if self._bar is None or total != self._bar.total or done < self._bar.n:
            self.close()
            self._bar = self._new(total)
        self._bar.update(done - self._bar.n)

    def _new(self, total: int) -> Any:
        from tqdm import tqdm  # only here: drawing a bar is the one reason to import it

        # leave=False: the bar is cleared when done, so the command's result line stands alone
        return tqdm(
            total=total, desc=self.label, unit=self.unit, file=self.stream, leave=False,
            colour=None, dynamic_ncols=True,
        )  # fmt: skip

    def describe(self, text: str) -> None:
        """Show `text` as the bar's label (e.g. the step now running)."""
        self.label = text
        if self._bar is not None:
            self._bar.set_description(text)

    def write(self, text: str) -> None:
        """Print `text` on stdout without breaking the bar (it is cleared, then drawn again)."""
        if self._bar is None:
            print(text, flush=True)
            return
        from tqdm import tqdm

        tqdm.write(text, file=sys.stdout)
        sys.stdout.flush()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Bar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
