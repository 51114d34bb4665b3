"""What `--help` and a usage error tell a newcomer: an example for every command, the defaults,
and a "did you mean" for a mistyped command or option, under the failing command's own usage."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable

TYPE_CHECKING = False  # `typing` is not imported on the hot commands; type checkers read True
if TYPE_CHECKING:
    from typing import NoReturn

# One example a command, by its words after `engram`: the first thing to try.
EXAMPLES = {
    "load": 'engram load "deploy the api"',
    "init": "engram init",
    "new": 'engram new rule no-force-push --directive "Never force-push to main." < body.md',
    "doctor": "engram doctor",
    "verify": "engram verify --json",
    "rehash": "engram rehash",
    "reindex": "engram reindex",
    "config": "engram config",
    "graph": "engram graph --rebuild",
    "mcp": "engram mcp --db ~/team/memory.db",
    "ui": "engram ui --port 8700 --no-open",
    "hook": "engram hook --host claude < event.json",
    "hooks install": "engram hooks install --host claude",
    "hooks uninstall": "engram hooks uninstall --host claude",
    "hooks status": "engram hooks status",
    "hooks sync": "engram hooks sync",
    "import": "engram import --plan AGENTS.md .cursor/rules",
    "export": "engram export --format agents-md",
    "memory absorb": 'engram memory absorb "Maria is the CTO of FinBox."',
    "memory search": 'engram memory search "who is the CTO" --top-k 5',
    "memory list": "engram memory list --scope user --limit 20",
    "memory get": "engram memory get f_01a2b3c4d5e6_1234abcd --history",
    "memory stats": "engram memory stats",
    "memory boost": "engram memory boost f_01a2b3c4d5e6_1234abcd --amount 1",
    "memory link": "engram memory link f_01a2b3c4d5e6_1234abcd f_01a2b3c4d5e7_5678abcd caused_by",
    "memory rebuild": "engram memory rebuild",
    "memory migrate": "engram memory migrate --to postgresql://team@db.internal/memory",
    "memory update": (
        'engram memory update f_0193a4c2e1f0_5b1d9a3c "Ivan Petrov is now the CEO of Acme Corp."'
    ),
    "memory delete": "engram memory delete ID",
    "memory nuke": "engram memory nuke --scope user --key acme",
    "memory digest": 'engram memory digest "release 4.2" --budget 2000',
    "memory todo add": 'engram memory todo add "Rotate the staging keys"',
    "memory todo done": "engram memory todo done f_01a2b3c4d5e6_1234abcd",
    "memory todo list": "engram memory todo list",
    "memory distill": "engram memory distill --dry-run",
    "memory gc": "engram memory gc --dry-run",
    "memory restore": "engram memory restore f_01a2b3c4d5e6_1234abcd",
    "memory graph add": 'engram memory graph add "Olga K" --type person --relate leads "Falcon"',
    "memory graph query": "engram memory graph query who works at companies in Kazan",
    "memory graph list": "engram memory graph list --type person",
    "memory graph show": 'engram memory graph show "Olga K" --format mermaid',
    "memory graph merge": 'engram memory graph merge "Olga K." "Olga K"',
    "memory contacts": "engram memory contacts contacts.csv",
    "profile show": "engram profile show",
    "profile pin": "engram profile pin f_01a2b3c4d5e6_1234abcd",
    "profile unpin": "engram profile unpin f_01a2b3c4d5e6_1234abcd",
    "profile edit": "engram profile edit",
    "skill create": 'engram skill create --title "Deploy a hotfix" --step "Tag it" --step "Deploy"',
    "skill get": "engram skill get deploy a hotfix",
    "completion": "engram completion bash",
    "docs": "engram docs hooks",
}


class Formatter(argparse.RawDescriptionHelpFormatter):
    """Help with each option's default where it has a meaningful one, and the example epilog
    kept as written."""

    def __init__(self, prog: str, width: int | None = None, **options: int) -> None:
        # argparse makes a formatter for every argument it adds, and its default width comes
        # from shutil, whose import loads zlib, bz2 and lzma on every hook and load.
        super().__init__(prog, width=width or terminal_columns() - 2, **options)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        shown = (
            action.option_strings
            and default not in (None, False, [], "", argparse.SUPPRESS)
            and "%(default)" not in text
            and "default" not in text
        )
        return f"{text} (default: %(default)s)".strip() if shown else action.help


def terminal_columns() -> int:
    """The terminal's width as shutil.get_terminal_size reads it: $COLUMNS, else standard
    output's terminal, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors suggest the command or option meant."""

    def __init__(self, *args: object, **options: object) -> None:
        options.setdefault("formatter_class", Formatter)
        super().__init__(*args, **options)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        message += suggestion(self, message)
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def suggestion(parser: argparse.ArgumentParser, message: str) -> str:
    """' (did you mean …?)' for an invalid choice or an unknown option, else ''."""
    wrong = re.search(r"invalid choice: '([^']*)'", message)
    if wrong:
        choices = [
            str(choice)
            for action in parser._actions
            if action.choices and not isinstance(action.choices, dict)
            for choice in action.choices
        ] + [
            name
            for action in parser._actions
            if isinstance(action, argparse._SubParsersAction)
            for name in action.choices
        ]
        return _closest(wrong.group(1), choices)
    unknown = re.search(r"unrecognized arguments: (.*)", message)
    if unknown:
        options = [o for action in parser._actions for o in action.option_strings]
        for word in unknown.group(1).split():
            if word.split("=")[0] in options:  # given before the command, whose option it is
                return f" ({word.split('=')[0]} goes after the command: {parser.prog} {word} …)"
            if word.startswith("-"):
                return _closest(word.split("=")[0], options)
    return ""


def _closest(word: str, candidates: list[str]) -> str:
    import difflib  # only on an error: the hook path never pays for it

    found = difflib.get_close_matches(word, candidates, n=1, cutoff=0.6)
    return f" (did you mean {found[0]!r}?)" if found else ""


def decorate(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()) -> None:
    """Give every command under `parser` its example and the help formatter."""
    parser.formatter_class = Formatter
    example = EXAMPLES.get(" ".join(words))
    if example and not parser.epilog:  # a command may list several examples of its own
        parser.epilog = f"example:\n  {example}"
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                decorate(child, (*words, name))


def commands(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()) -> list[str]:
    """Every runnable command under `parser`, as its words after the program name."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return [" ".join(words)]
    return [
        command
        for name, child in subs[0].choices.items()
        for command in commands(child, (*words, name))
    ]


def whole(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least `minimum`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        return value

    parse.__name__ = "whole number"  # how argparse names the type in its own messages
    return parse


def positive(text: str) -> float:
    """An argparse type: a number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None
    if not value > 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be above 0, got {text}")
    return value
