"""The `engram` command: a thin argparse layer over the library.

argparse rather than click: hooks run `engram` on every prompt, and importing click costs about
three times the interpreter's own start-up on a small machine.
"""

from __future__ import annotations

import gc
import os
import sys
from types import SimpleNamespace

from engram.errors import EngramError, shown_message, shown_parts

TYPE_CHECKING = False  # `typing` is not imported on the hot commands; type checkers read True
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from pathlib import Path


def _command_words(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """The command a command line asks for and the word after it (`memory search`), skipping
    `-C DIR` before the command and `--db PATH` after it. No word after it when another option
    comes between (`memory -h search`, `memory --d PATH search`, `memory -- search`): argparse
    reads those, and the word may not be the action it parses."""
    command: str | None = None
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif command is None:
            if arg == "-C":
                skip = True
            elif not arg.startswith("-"):
                command = arg
        elif arg == "--db":
            skip = True
        elif not arg.startswith("--db="):
            return command, None if arg.startswith("-") else arg
    return command, None


def plain_call(argv: Sequence[str]) -> SimpleNamespace | None:
    """The arguments of the commands run on every prompt, when they come in their plain form —
    `hook --host NAME` as installed in the hosts' configs, `load` and the task's words — read
    without argparse: importing it, building the parser and parsing cost a hook about half of
    the interpreter's own start-up. Any other form (an option, `-C`, `--help`) is left to
    argparse, and the arguments are the same as argparse's (a test holds them to it)."""
    common = {"cwd": None, "quiet": False, "json": False, "version": None}
    if len(argv) == 3 and argv[:2] == ["hook", "--host"] and not argv[2].startswith("-"):
        from engram.cli.hooks import cmd_hook

        return SimpleNamespace(command="hook", host=argv[2], run=cmd_hook, **common)
    if len(argv) >= 2 and argv[0] == "load" and not any(a.startswith("-") for a in argv[1:]):
        from engram.cli.commands import LOAD_DEFAULTS, cmd_load

        return SimpleNamespace(
            command="load", query=list(argv[1:]), run=cmd_load, **LOAD_DEFAULTS, **common
        )
    return None


def _parser(
    prog: str = "engram", only: str | None = None, action: str | None = None
) -> argparse.ArgumentParser:
    import argparse

    from engram.cli import commands
    from engram.cli.help import Parser, decorate
    from engram.cli.output import QUIET_HELP

    class Version(argparse.Action):
        """`--version`, under the name the program was called by."""

        def __call__(self, parser: argparse.ArgumentParser, *args: object, **kw: object) -> None:
            from engram import __version__

            print(f"{parser.prog} {__version__}")
            parser.exit()

    parser = Parser(prog=prog, description="Local-first memory for AI agents.")
    parser.add_argument("-C", dest="cwd", metavar="DIR", help="run as if started in DIR")
    parser.add_argument("--version", action=Version, nargs=0, help="print the version and exit")
    parser.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.register(sub, only, action)
    decorate(parser)
    return parser


def fathom_main(argv: Sequence[str] | None = None) -> int:
    """`fathom`: the same commands under the name the memory-store product page uses."""
    return main(argv, prog="fathom")


# The commands hosts and agents run on every prompt, each in a process of its own that ends
# within milliseconds of starting.
ONE_SHOT = ("load", "hook")


def main(argv: Sequence[str] | None = None, prog: str = "engram") -> int:
    """Run the CLI; returns the exit code (0 ok, 1 problems found, 2 usage or input error).
    Without `argv` it runs the process's own command line (the `engram` script, `python -m
    engram`), and a `load` or `hook` there ends the process when it is done (`_end_now`)."""
    # Python's cycle collector is paused for a one-shot command that is the process's own,
    # never for a caller passing `argv`: its collections during the run, and the last one as
    # the process exits, walk every object the imports made — a tenth of a `load` — while
    # reference counting still frees all the command drops, and the process ends right after.
    one_shot = argv is None and len(sys.argv) > 1 and sys.argv[1] in ONE_SHOT
    if one_shot:
        gc.disable()
    code = _main(argv, prog)
    if one_shot:
        _end_now(code)
        gc.freeze()  # what is alive now is freed as the process exits, not walked first
    return code


def _end_now(code: int) -> None:
    """End a one-shot process here, its output flushed: the interpreter's own ending (every
    module and object taken apart) costs a load a sixth of the interpreter's start-up, and the
    command has closed what it opened (its indexes, the hooks' state) and written what it
    writes. When the output cannot be flushed (a reader that went away), the interpreter ends
    as it always did, and reports that as it always has."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        return
    os._exit(code)


def _main(argv: Sequence[str] | None, prog: str) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args: argparse.Namespace | SimpleNamespace | None = None
    if "_ARGCOMPLETE" not in os.environ:
        args = plain_call(argv)
    if args is None:
        from engram.cli.commands import HOT

        word, action = _command_words(argv)
        parser = _parser(prog, word if word in HOT else None, action)
        if "_ARGCOMPLETE" in os.environ:  # a shell asks for completions (`engram completion`)
            import argcomplete

            argcomplete.autocomplete(parser)  # prints the candidates and exits
        args, extra = parser.parse_known_args(argv)
        if extra:  # reported by the command that was given them, under its own usage
            getattr(args, "parser", parser).error(f"unrecognized arguments: {' '.join(extra)}")
        if not args.command:
            parser.print_help()
            return 2
    try:
        start = _start_folder(args.cwd, hook=args.command == "hook") if args.cwd else None
        args.run_in = start  # every command runs as if started there (`-C DIR`)
        return int(args.run(args, start))
    except EngramError as exc:
        # Withheld when it quotes a secret or an injection: an agent reads what a command says.
        return _failed(args, *shown_parts(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug or damage nothing above names: one line, not a traceback
        if os.environ.get("ENGRAM_DEBUG"):
            raise
        shown = shown_message(exc)  # one line; withheld when it quotes a secret or an injection
        return _failed(
            args,
            f"unexpected {type(exc).__name__}: {shown}",
            "run again with ENGRAM_DEBUG=1 to see the traceback, and report it",
        )


def _start_folder(text: str, *, hook: bool) -> Path:
    """`-C DIR` as given, once it is known to be a folder: run from a missing one (or a file),
    a command would quietly find no workspace and answer as if there were nothing. A hook is
    left to answer `{}` as it always does."""
    from pathlib import Path

    path = Path(text)
    if hook or path.is_dir():  # False for a missing path, a file and a symlink loop alike
        return path
    raise EngramError(
        f"-C {text}: not a folder", hint="-C takes the folder to run in, as if started there"
    )


def _failed(args: argparse.Namespace | SimpleNamespace, message: str, hint: str | None) -> int:
    """Exit code 2 after the error: a JSON object on stdout under --json (a caller parses what
    it asked for), else one line on stderr and the hint on another."""
    if getattr(args, "json", False):
        import json

        print(json.dumps({"error": {"message": message, "hint": hint}}, ensure_ascii=False))
    else:
        from engram.terminal import printable  # a message may quote a name or a path

        print(f"engram: error: {printable(message)}", file=sys.stderr)
        if hint:
            print(f"engram: hint: {printable(hint)}", file=sys.stderr)
    return 2
