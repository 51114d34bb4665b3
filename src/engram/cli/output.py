"""Helpers shared by the command modules: registering a command, printing text or JSON."""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # `typing` is not imported on the hot commands; type checkers read True
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from engram.cli.progress import Bar

QUIET_HELP = "no progress bars (they are drawn on stderr, and only when it is a terminal)"


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    """Print `data` as JSON with --json, else the text without terminal escapes or control
    characters (`engram.terminal.printable`): a fact, a name or a memory written by an agent or
    another program may hold one, and the terminal would act on it."""
    if getattr(args, "json", False):
        import json  # only JSON output needs it: not imported on the plain `load`

        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        from engram.terminal import printable

        sys.stdout.write(printable(text))


def add_command(sub: Any, name: str, help_text: str, run: Any) -> argparse.ArgumentParser:
    """A subcommand with the shared `--json` and `-C DIR` flags, dispatching to
    `run(args, start)`. `-C` after the command is the one before it (`engram load -C DIR …`):
    absent unless given, so it never undoes the one before the command."""
    import argparse

    parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=help_text)
    parser.add_argument("--json", action="store_true", help="print JSON (shapes: engram docs json)")
    parser.add_argument(
        "-C", dest="cwd", metavar="DIR", default=argparse.SUPPRESS, help="run as if started in DIR"
    )
    parser.set_defaults(run=run, parser=parser)
    return parser


def add_quiet(parser: argparse.ArgumentParser) -> None:
    """`-q/--quiet` after a command that draws a progress bar, as well as before it (`engram -q
    reindex`): absent unless given, so it never undoes the one before the command."""
    import argparse

    parser.add_argument(
        "-q", "--quiet", action="store_true", default=argparse.SUPPRESS, help=QUIET_HELP
    )


def progress_bar(args: argparse.Namespace, label: str, unit: str) -> Bar:
    """The bar a long command draws: see `engram.cli.progress` for when it is shown."""
    from engram.cli.progress import Bar

    return Bar(label, quiet=getattr(args, "quiet", False), unit=unit)
