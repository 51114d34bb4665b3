"""`engram profile …` and `engram skill …`: the profile and skills tiers."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engram.cli.output import add_command, emit
from engram.errors import EngramError, quoted


def register(sub: Any) -> None:
    profile = sub.add_parser("profile", help="The small, stable profile for system prompts.")
    actions = profile.add_subparsers(dest="profile_command", metavar="ACTION", required=True)
    add_command(actions, "show", "Print the profile.", cmd_show)
    for name, run, text in (
        ("pin", cmd_pin, "Pin a fact into the profile."),
        ("unpin", cmd_unpin, "Unpin a fact."),
    ):
        parser = add_command(actions, name, text, run)
        parser.add_argument("id", help="a fact id")
    add_command(actions, "edit", "Edit the hand-written part in $EDITOR.", cmd_edit)
    for parser in actions.choices.values():
        parser.add_argument("--db", metavar="PATH", help="store file")

    skill = sub.add_parser("skill", help="Skills from experience.")
    skill_actions = skill.add_subparsers(dest="skill_command", metavar="ACTION", required=True)
    create = add_command(skill_actions, "create", "Write a skill from experience.", cmd_create)
    create.add_argument("--title", required=True, help="what the skill does, in a few words")
    create.add_argument("--step", action="append", required=True, help="one step (repeatable)")
    create.add_argument("--context", default="", help="when it applies and why")
    create.add_argument("--tag", action="append", default=[], help="a tag (repeatable)")
    create.add_argument("--source", action="append", default=[], help="a file it came from")
    get = add_command(skill_actions, "get", "A skill's body by id or best match.", cmd_get)
    get.add_argument("name", nargs="+", help="the skill's id, or words to find it by")


def _store(args: argparse.Namespace, *, reads: bool = False) -> Any:
    from engram.cli.memory import open_store

    return open_store(args, reads=reads)


def cmd_show(args: argparse.Namespace, start: Path | None) -> int:
    from engram.store.profile import profile_text

    with _store(args, reads=True) as store:
        text = profile_text(store)
    emit(args, {"profile": text}, text)
    return 0


def cmd_pin(args: argparse.Namespace, start: Path | None) -> int:
    from engram.store.profile import pin

    with _store(args) as store:
        text = pin(store, args.id)
    emit(args, {"profile": text}, text)
    return 0


def cmd_unpin(args: argparse.Namespace, start: Path | None) -> int:
    from engram.store.profile import unpin

    with _store(args) as store:
        unpin(store, args.id)
    emit(args, {"unpinned": args.id}, f"unpinned {args.id}\n")
    return 0


def cmd_edit(args: argparse.Namespace, start: Path | None) -> int:
    from engram.cli.editor import configured_editor, edit
    from engram.store.profile import profile_path

    editor = configured_editor()
    path = profile_path()
    if not editor:
        raise EngramError("no editor", hint=f"set $EDITOR, or edit {path} directly")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch()
    edit(editor, path)
    emit(args, {"path": str(path)}, f"{path}\n")
    return 0


def cmd_create(args: argparse.Namespace, start: Path | None) -> int:
    from engram.files.discovery import find_workspace
    from engram.skills import create_from_experience

    root = find_workspace(start)
    if root is None:
        raise EngramError("no workspace here", hint="run `engram init` first")
    path = create_from_experience(
        args.title, args.step, args.context, args.tag, workspace_root=root, sources=args.source
    )
    emit(args, {"path": str(path)}, f"wrote {path}\n")
    return 0


def cmd_get(args: argparse.Namespace, start: Path | None) -> int:
    from engram.skills import get_skill
    from engram.workspace import open_workspace

    with open_workspace(start) as ws:
        found = get_skill(ws, " ".join(args.name))
    if found is None:
        raise EngramError(
            f"no skill matches {quoted(' '.join(args.name))}",
            hint="list them with `engram load --all workflow <topic>`",
        )
    emit(args, {"id": found[0], "body": found[1]}, f"### {found[0]}\n{found[1]}\n")
    return 0
