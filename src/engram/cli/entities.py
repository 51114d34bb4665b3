"""`engram memory graph …` and `engram memory contacts`: the entity graph from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from engram.cli.help import whole
from engram.cli.output import add_command, emit
from engram.errors import EngramError
from engram.graph.types import NODE_TYPES

# An address book exported whole is a few megabytes; the cap only stops a wrong file (a disk
# image, a device) from being read into memory.
CONTACTS_MAX_BYTES = 64 * 1024 * 1024


def register(actions: Any) -> None:
    graph = actions.add_parser("graph", help="The entity graph: add, query, list, show, merge.")
    sub = graph.add_subparsers(dest="graph_command", metavar="ACTION", required=True)

    add = add_command(sub, "add", "Add (or find) a node; optionally relate it.", cmd_add)
    add.add_argument("name", help="the entity's name")
    add.add_argument("--type", choices=NODE_TYPES, default="other", help="what kind of entity")
    add.add_argument("--alias", action="append", default=[], help="another name (repeatable)")
    add.add_argument(
        "--attr", action="append", default=[], metavar="KEY=VALUE", help="an attribute (repeatable)"
    )
    add.add_argument(
        "--relate",
        nargs=2,
        metavar=("RELATION", "TARGET"),
        help="also relate it: --relate works_at 'Acme Corp'",
    )

    query = add_command(sub, "query", "Ask in words, or follow relations from a node.", cmd_query)
    query.add_argument("question", nargs="*", help="e.g. who works at companies in Kazan")
    query.add_argument("--start", help="start node (name or id) for a structured query")
    query.add_argument("--relation", action="append", help="relations to follow (repeatable)")
    query.add_argument("--hops", type=whole(1), default=1, help="relations to follow, 1 to 4")
    query.add_argument("--type", dest="target_type", choices=NODE_TYPES, help="answer type")

    listing = add_command(sub, "list", "List nodes.", cmd_list)
    listing.add_argument("--type", choices=NODE_TYPES, help="only nodes of this kind")
    listing.add_argument("--limit", type=whole(1), default=100, metavar="N", help="nodes to show")

    show = add_command(sub, "show", "A node, its aliases and edges; or export it.", cmd_show)
    show.add_argument("node", help="name or id")
    show.add_argument(
        "--format",
        choices=("text", "dot", "mermaid", "html"),
        default="text",
        help="text, or an export: Graphviz dot, Mermaid or a standalone HTML page",
    )
    show.add_argument("--hops", type=whole(1), default=1, help="neighbourhood size for exports")

    merge = add_command(sub, "merge", "Merge the second node into the first.", cmd_merge)
    merge.add_argument("keep", help="the node that stays (name or id)")
    merge.add_argument("other", help="the node merged into it and removed")

    contacts = add_command(
        actions, "contacts", "Absorb contacts (JSON, JSONL or CSV).", cmd_contacts
    )
    contacts.add_argument("file", help="a file, or - for stdin")
    contacts.add_argument(
        "--scope", choices=("agent", "user", "run"), default="user", help="whose facts they become"
    )
    contacts.add_argument("--key", "--scope-key", dest="key", help="the scope's key (a user id…)")
    contacts.add_argument("--source", help="where the contacts came from")


def _open(args: argparse.Namespace, *, create: bool = False, reads: bool = False) -> Any:
    from engram.cli.memory import open_store

    return open_store(args, create=create, reads=reads)


def _node_ref(text: str) -> int | str:
    """An id when `text` is ASCII digits, else a name (`²` and `٣` are digits to `isdigit`)."""
    return int(text) if text.isascii() and text.isdigit() else text


def cmd_add(args: argparse.Namespace, start: Path | None) -> int:
    attrs = {}
    for pair in args.attr:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise EngramError(f"--attr {pair!r} is not KEY=VALUE")
        attrs[key] = value
    relate = (args.relate[0], _node_ref(args.relate[1])) if args.relate else None
    with _open(args, create=True) as store:
        node, edge = store.graph.add_related(args.name, args.type, args.alias, attrs, relate)
    data: dict[str, Any] = {"node": node.shown_json(), "edge": edge.to_json() if edge else None}
    text = f"{node.id}  {node.shown_name()} ({node.type})\n"
    if edge:
        text += f"{node.shown_name()} {edge.relation} → {args.relate[1]}\n"
    emit(args, data, text)
    return 0


def cmd_query(args: argparse.Namespace, start: Path | None) -> int:
    from engram.store.unsafe import split_nodes, split_paths, withheld_note

    with _open(args, reads=True) as store:
        if args.start:
            paths, withheld = split_paths(
                store.graph.query(_node_ref(args.start), args.relation, args.hops, args.target_type)
            )
            lines = [str(p) for p in paths] or ["no paths"]
            lines += [withheld_note(withheld, "path")] if withheld else []
            emit(args, {"paths": [p.to_json() for p in paths], "withheld_paths": withheld},
                 "\n".join(lines) + "\n")  # fmt: skip
            return 0
        if not args.question:
            raise EngramError("give a question or --start", hint="e.g. who works at Acme Corp")
        answer = store.graph.ask(" ".join(args.question))
    answer.paths, withheld = split_paths(answer.paths)
    answer.answers = split_nodes(answer.answers)[0]
    lines = [f"understood: {answer.understood}"] if answer.parsed else []
    if answer.message:
        lines.append(answer.message)
    lines += [str(p) for p in answer.paths]
    if answer.parsed and not answer.paths and not answer.message:
        lines.append("no answers")
    lines += [withheld_note(withheld, "path")] if withheld else []
    emit(args, {**answer.to_json(), "withheld_paths": withheld}, "\n".join(lines) + "\n")
    return 0 if answer.parsed else 1


def cmd_list(args: argparse.Namespace, start: Path | None) -> int:
    from engram.store.unsafe import split_nodes

    with _open(args, reads=True) as store:
        nodes = store.graph.list(args.type, args.limit)
    _, withheld = split_nodes(nodes)
    held = {entry["id"]: entry["reason"] for entry in withheld}
    lines = [
        f"{n.id}  (withheld as unsafe: {held[n.id]})" if n.id in held else f"{n.id}  {n.name}"
        for n in nodes
    ]
    emit(
        args,
        {"nodes": [n.to_json() for n in nodes if n.id not in held], "withheld": withheld},
        "".join(f"{text} ({n.type})\n" for text, n in zip(lines, nodes, strict=True))
        or "no nodes\n",
    )
    return 0


def cmd_show(args: argparse.Namespace, start: Path | None) -> int:
    from engram.graph import export
    from engram.terminal import printable

    with _open(args, reads=True) as store:
        node = store.graph.resolve(_node_ref(args.node))
        if args.format != "text":
            render = {"dot": export.to_dot, "mermaid": export.to_mermaid, "html": export.to_html}
            page = render[args.format](store.graph, node, args.hops)
            # a page's names are in JSON; a diagram's may hold an escape stored unchecked
            sys.stdout.write(page if args.format == "html" else printable(page))
            return 0
        shown = store.graph.show(node)
    what = shown["node"]  # an entity withheld as unsafe: by its id alone
    lines = [f"{what['id']}  {what['name']} ({what['type']})"]
    if what["aliases"]:
        lines.append("aliases: " + ", ".join(what["aliases"]))
    if what["attrs"]:
        lines.append("attrs: " + json.dumps(what["attrs"], ensure_ascii=False))
    for edge in shown["edges"]:
        period = f"{edge['valid_from'][:10]}→{(edge['valid_to'] or '')[:10]}"
        lines.append(
            f"  {edge['src_name']} —{edge['relation']}→ {edge['dst_name']}  ({period}, "
            f"confidence {edge['confidence']:.2f})"
        )
    emit(args, shown, "\n".join(lines) + "\n")
    return 0


def cmd_merge(args: argparse.Namespace, start: Path | None) -> int:
    with _open(args) as store:
        node = store.graph.merge(_node_ref(args.keep), _node_ref(args.other))
    emit(args, node.shown_json(), f"merged into {node.id}  {node.shown_name()} ({node.type})\n")
    return 0


def cmd_contacts(args: argparse.Namespace, start: Path | None) -> int:
    from engram.graph.contacts import ContactsInterrupted, parse_contacts

    text = sys.stdin.read() if args.file == "-" else _contacts_text(args.file)
    records = parse_contacts(text, "stdin" if args.file == "-" else args.file)
    try:
        with _open(args, create=True) as store:
            outcomes = store.absorb_contacts(
                records, scope=args.scope, scope_key=args.key, source=args.source
            )
    except ContactsInterrupted as stop:  # what was done is said, not a silent exit 130
        _report_contacts(args, stop.outcomes)
        print(f"engram: {stop.message()}", file=sys.stderr)
        return 130
    return _report_contacts(args, outcomes)


def _report_contacts(args: argparse.Namespace, outcomes: list[Any]) -> int:
    counts = Counter(outcome.outcome for outcome in outcomes)
    lines = [
        f"{o.outcome:<10} {o.fact_id or '-':<24} record {o.record}: {o.reason}" for o in outcomes
    ]
    lines.append(", ".join(f"{n} {k}" for k, n in counts.items()) or "no contacts")
    emit(
        args,
        {"outcomes": [o.to_json() for o in outcomes], "counts": counts},
        "\n".join(lines) + "\n",
    )
    return 0 if "rejected" not in counts else 1


def _contacts_text(name: str) -> str:
    """The text of the contacts file `name`, read as the one way Engram reads a file it did not
    write: a FIFO would block for ever and /dev/zero fill the memory, so only a regular file is
    read, and never past `CONTACTS_MAX_BYTES`."""
    import os

    from engram.files.reading import ReadRefused, read_limited

    real = Path(os.path.realpath(name))  # a symlink to the file may point anywhere
    try:
        data = read_limited(real.parent, real.name, CONTACTS_MAX_BYTES, setting=None)
        return data.decode("utf-8")
    except ReadRefused as exc:
        raise EngramError(f"{name}: cannot read ({exc.reason})") from None
    except UnicodeDecodeError:
        raise EngramError(
            f"{name}: cannot read (not UTF-8 text)", hint="save the contacts as UTF-8 CSV or JSON"
        ) from None
