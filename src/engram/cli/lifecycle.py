"""`engram memory update | delete | nuke`: changing and removing facts from the command line.

What can be undone never asks; what cannot (erase, nuke) and what touches a whole scope
(delete --scope) asks for a typed confirmation, which `--yes` gives in advance.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engram.cli.output import add_command, emit
from engram.errors import EngramError, shown_text

UPDATE_EXAMPLES = """examples:
  engram memory update f_0193a4c2e1f0_5b1d9a3c "Ivan Petrov is now the CEO of Acme Corp."
  engram memory update ID "Kafka runs on five brokers." --metadata '{"checked": "2026-11-30"}'
"""
DELETE_EXAMPLES = """examples:
  engram memory delete ID                       hide a fact (kept in its full history)
  engram memory delete ID --erase               remove its text from the store for good
  engram memory delete --scope run --key r-42   hide every active fact of run r-42
  engram memory delete --scope user --all-keys  … of every user
"""
NUKE_EXAMPLES = """examples:
  engram memory nuke --scope user --key acme    erase user acme's facts (backup first)
  engram memory nuke --scope run --all-keys     erase every run's facts
"""


def register(actions: Any) -> None:
    text = "Write a new version of a fact (the old one is kept, superseded)."
    update = _command(actions, "update", text, UPDATE_EXAMPLES)
    update.set_defaults(run=cmd_update)
    update.add_argument("id", help="the fact's current version")
    update.add_argument("text", nargs="+", help="the new text (checked like absorb's)")
    update.add_argument(
        "--metadata", metavar="JSON", help="a JSON object that replaces the metadata"
    )

    delete = _command(actions, "delete", "Delete a fact, or a scope's facts.", DELETE_EXAMPLES)
    delete.set_defaults(run=cmd_delete)
    delete.add_argument("id", nargs="?", help="the fact to delete")
    delete.add_argument(
        "--erase",
        action="store_true",
        help="remove the text of every version from the store (asks first; cannot be undone)",
    )
    _scope_flags(delete, "delete every active fact of this scope (asks first)")
    delete.add_argument("--yes", action="store_true", help="confirm without asking")

    nuke = _command(actions, "nuke", "Erase a scope for good (backup first).", NUKE_EXAMPLES)
    nuke.set_defaults(run=cmd_nuke)
    _scope_flags(nuke, "the scope whose facts are erased", required=True)
    nuke.add_argument("--yes", action="store_true", help="confirm without asking")


def _command(actions: Any, name: str, text: str, examples: str) -> argparse.ArgumentParser:
    parser = add_command(actions, name, text, None)
    parser.epilog = examples
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def _scope_flags(parser: argparse.ArgumentParser, text: str, required: bool = False) -> None:
    parser.add_argument("--scope", choices=("agent", "user", "run"), required=required, help=text)
    parser.add_argument(
        "--key", "--scope-key", dest="key", help="the scope's key (user id, run id…)"
    )
    parser.add_argument("--all-keys", action="store_true", help="every key of the scope")


def _target(args: argparse.Namespace, command: str) -> str:
    """`scope:key` or `scope`, after checking that exactly one of --key and --all-keys says
    which keys."""
    if args.key is None and not args.all_keys:
        raise EngramError(
            f"{command} --scope {args.scope} needs --key K, or --all-keys for every key "
            "of the scope"
        )
    if args.key is not None and args.all_keys:
        raise EngramError(f"{command} takes --key or --all-keys, not both")
    return str(args.scope) + (f":{args.key}" if args.key is not None else " (every key)")


def _confirm(args: argparse.Namespace, question: str, word: str, nothing: str) -> int:
    """0 once the user typed `word` (or gave --yes); 130 after Ctrl-C. End of input or another
    answer stops the command with one line, and `nothing` says what was left alone."""
    if args.yes:
        return 0
    if sys.stdin is None or not sys.stdin.isatty():  # None: the shell closed it (`<&-`)
        raise EngramError(
            f"this needs a confirmation and there is no terminal to ask in: {nothing}; "
            "pass --yes to confirm"
        )
    sys.stderr.write(f"{question} type {word!r} to confirm: ")
    sys.stderr.flush()
    try:
        answer = sys.stdin.readline()
    except KeyboardInterrupt:
        sys.stderr.write(f"\nengram: cancelled: {nothing}\n")
        return 130
    if not answer:  # end of input (Ctrl-D)
        sys.stderr.write("\n")
        raise EngramError(f"no answer (end of input): {nothing}; type {word!r} or pass --yes")
    if answer.strip() != word:
        raise EngramError(f"not confirmed: {nothing}; type {word!r} exactly, or pass --yes")
    return 0


def cmd_update(args: argparse.Namespace, start: Path | None) -> int:
    from engram.cli.memory import open_store

    metadata = None
    if args.metadata is not None:
        try:
            metadata = json.loads(args.metadata)
        except ValueError as exc:
            raise EngramError(
                f"--metadata is not JSON: {exc}", hint='e.g. {"team": "data"}'
            ) from None
        except RecursionError:
            raise EngramError(
                "--metadata is nested too deeply to read", hint='e.g. {"team": "data"}'
            ) from None
        if not isinstance(metadata, dict):
            raise EngramError("--metadata must be a JSON object", hint='e.g. {"team": "data"}')
    with open_store(args) as store:
        fact = store.update(args.id, " ".join(args.text), metadata=metadata)
    emit(args, fact.to_json(), f"updated {args.id}: the new version is {fact.id}\n")
    return 0


def cmd_delete(args: argparse.Namespace, start: Path | None) -> int:
    from engram.cli.memory import open_store

    if args.id is not None and (args.scope or args.key is not None or args.all_keys):
        raise EngramError("give a fact id or --scope, not both")
    if args.id is None and not args.scope:
        raise EngramError("delete needs a fact id, or --scope S with --key K or --all-keys")
    if args.erase and args.id is None:
        raise EngramError("--erase takes one fact id; to erase a whole scope use `nuke`")
    if args.id is None:
        target = _target(args, "delete")
        with open_store(args) as store:
            if not store.list(scope=args.scope, scope_key=args.key, limit=1):
                emit(args, {"deleted": []}, f"no active facts in {target}: nothing deleted\n")
                return 0
            question = f"delete every active fact of {target}?"
            code = _confirm(args, question, args.scope, "nothing was deleted")
            if code:
                return code
            ids = store.delete_all(scope=args.scope, scope_key=args.key)
        emit(args, {"deleted": ids}, shown_text(f"deleted {len(ids)} facts of {target}") + "\n")
        return 0
    with open_store(args) as store:
        if not args.erase:
            fact = store.delete(args.id)
            emit(args, {"deleted": [fact.id]}, f"deleted {fact.id}\n")
            return 0
        if store.get(args.id, mode="latest") is None:
            raise EngramError(f"no fact with id {args.id!r}", hint="find ids with search or list")
        question = f"erase the text of every version of {args.id} for good?"
        code = _confirm(args, question, "erase", "nothing was erased")
        if code:
            return code
        result = store.erase(args.id)
    text = f"erased the text of {len(result['erased'])} versions of {args.id}\n"
    if result["derived"]:
        text += f"kept facts that copy its words: {' '.join(result['derived'])} (erase them too)\n"
    emit(args, result, text)
    return 0


def cmd_nuke(args: argparse.Namespace, start: Path | None) -> int:
    from engram.cli.memory import open_store

    target = _target(args, "nuke")
    with open_store(args) as store:
        plan = store.nuke(args.scope, args.key, all_keys=args.all_keys, dry_run=True)
        if not plan["erased"]:
            result = {"erased": 0, "backup": None, "dry_run": False}
            emit(args, result, f"no facts in {target}: nothing erased, no backup written\n")
            return 0
        question = f"erase {plan['erased']} facts of {target} for good (a backup is written first)?"
        code = _confirm(args, question, args.scope, "nothing was erased")
        if code:
            return code
        result = store.nuke(args.scope, args.key, all_keys=args.all_keys, confirm=True)
    emit(args, result, f"erased {result['erased']} facts of {target}; backup: {result['backup']}\n")
    return 0
