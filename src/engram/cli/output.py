"""Helpers shared by the command modules: registering a command, printing text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    """Print `data` as JSON with --json, else the text."""
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(text)


def add_command(sub: Any, name: str, help_text: str, run: Any) -> argparse.ArgumentParser:
    """A subcommand with the shared `--json` flag, dispatching to `run(args, start)`."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=help_text)
    parser.add_argument("--json", action="store_true", help="print JSON (see docs/json.md)")
    parser.set_defaults(run=run, parser=parser)
    return parser
