"""`engram memory …` (also `fathom memory …`): the fact store from the command line."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from engram.cli.help import positive, whole
from engram.cli.output import add_command, add_quiet, emit, progress_bar
from engram.errors import EngramError


def register(sub: Any, only: str | None = None) -> None:
    """Add `memory` and its actions; just the action `only` when it is one of HOT_ACTIONS (an
    agent's tool call builds no parser for the twenty actions it does not run)."""
    memory = sub.add_parser("memory", help="The fact store: absorb, search, list, get, …")
    memory.add_argument(
        "--db", metavar="PATH", help="store file (else $ENGRAM_DB, config, default)"
    )
    actions = memory.add_subparsers(dest="memory_command", metavar="ACTION", required=True)
    if only in HOT_ACTIONS:
        HOT_ACTIONS[only](actions)
        return
    for add in HOT_ACTIONS.values():
        add(actions)
    _register_rest(actions)


def _register_absorb(actions: Any) -> None:
    absorb = add_command(actions, "absorb", "Absorb facts from arguments or stdin.", cmd_absorb)
    absorb.add_argument("facts", nargs="*", help="facts; none: read text, JSON or JSONL on stdin")
    _scope(absorb, default_from="memory.scope")
    absorb.add_argument("--source", help="where the facts came from")
    absorb.add_argument("--tag", action="append", default=[], help="tag every fact (repeatable)")
    absorb.add_argument("--dry-run", action="store_true", help="show outcomes, write nothing")
    add_quiet(absorb)
    absorb.add_argument(
        "--kind",
        choices=("fact", "event"),
        default="fact",
        help="fact (default): compared with what is stored, may supersede it; event: a "
        "dialogue turn, message or log line, stored as it is and never merged (a duplicate "
        "only when the same text, metadata and time are stored already)",
    )


def _register_search(actions: Any) -> None:
    search = add_command(actions, "search", "Hybrid search, best first.", cmd_search)
    search.description = (
        "Hybrid search, best first. Among hits about the same thing (one scope and key, mostly "
        "the same words of the query) the one that became true last comes first, so a score "
        "may be lower than the one below it; --mode full_history keeps the order of the scores."
    )
    search.add_argument("query", nargs="+", help="what to look for, in plain words")
    search.add_argument("--top-k", type=whole(1), default=10, metavar="N", help="results to show")
    _scope(search)
    search.add_argument("--tag", action="append", help="require a tag (repeatable)")
    search.add_argument(
        "--mode",
        choices=("active", "latest", "full_history"),
        default="active",
        help="active: current facts; latest: archived too; full_history: every version",
    )
    search.add_argument("--since", help="recorded (absorbed) on or after (YYYY-MM-DD)")
    search.add_argument("--until", help="recorded (absorbed) on or before (YYYY-MM-DD)")
    search.add_argument("--as-of", help="what was true then (YYYY-MM-DD): facts valid at that date")
    search.add_argument(
        "--group-by",
        metavar="KEY",
        help="one hit per value of this metadata key (e.g. session_id), top-k groups: a "
        "group ranks by its best hit and half its second-best",
    )


def _register_list(actions: Any) -> None:
    listing = add_command(actions, "list", "List facts, newest first.", cmd_list)
    _scope(listing)
    listing.add_argument("--tag", action="append", help="require a tag (repeatable)")
    listing.add_argument("--status", choices=("active", "superseded", "archived", "deleted",
                                              "all"),
                         default="active", help="which facts; all: any status")  # fmt: skip
    listing.add_argument("--as-of", help="what was true on this date (YYYY-MM-DD)")
    listing.add_argument("--limit", type=whole(1), default=50, metavar="N", help="facts to show")
    listing.add_argument(
        "--unsafe",
        action="store_true",
        help="list only the facts withheld as unsafe (a secret or a prompt injection), with why",
    )


def _register_get(actions: Any) -> None:
    get = add_command(actions, "get", "Show one fact, its versions or its history.", cmd_get)
    get.add_argument("id", help="a fact id (any version of it)")
    get.add_argument(
        "--mode",
        choices=("active", "latest", "full_history"),
        default="active",
        help="active: the current version; latest: the newest; full_history: every version",
    )
    get.add_argument("--history", action="store_true", help="also the change log and edges")


def _register_rest(actions: Any) -> None:
    add_command(actions, "stats", "Counts, size, embedding models.", cmd_stats)
    boost = add_command(actions, "boost", "Raise a fact's importance.", cmd_boost)
    boost.add_argument("id", help="the fact to boost")
    boost.add_argument(
        "--amount", type=positive, default=0.5, help="added to its importance (at most 5 in all)"
    )
    link = add_command(actions, "link", "Add a typed edge between two facts.", cmd_link)
    link.add_argument("a", help="the fact the edge starts at")
    link.add_argument("b", help="the fact it points to")
    link.add_argument("relation", help="e.g. related_to, depends_on, caused_by")
    rebuild = add_command(
        actions,
        "rebuild",
        "Re-embed every fact with the current model and seal anew the safety verdicts an "
        "upgraded scanner no longer trusts.",
        cmd_rebuild,
    )
    add_quiet(rebuild)
    migrate = add_command(
        actions,
        "migrate",
        "Copy the whole store into a new one (SQLite file or PostgreSQL), counts checked.",
        cmd_migrate,
    )
    migrate.add_argument(
        "--to", required=True, metavar="PATH|URL", help="the new store: a file or postgresql://…"
    )
    migrate.add_argument(
        "--from", dest="source", metavar="PATH|URL", help="the store to copy (default: --db, …)"
    )
    add_quiet(migrate)
    from engram.cli import lifecycle

    lifecycle.register(actions)  # update, delete, nuke

    digest = add_command(
        actions, "digest", "The pre-run digest (facts, TODOs, recent).", cmd_digest
    )
    digest.add_argument("topic", nargs="*", help="what the run is about")
    digest.add_argument(
        "--budget", type=whole(200), default=4000, metavar="CHARS", help="characters at most"
    )
    digest.add_argument(
        "--scope",
        action="append",
        choices=("agent", "user", "run"),
        help="scopes to include (default: agent and user)",
    )
    digest.add_argument(
        "--key",
        "--scope-key",
        dest="key",
        help="only the facts of this key (user id, run id…), as search and list; default: "
        "every key's",
    )
    digest.add_argument("--no-files", action="store_true", help="leave out the memory-file pack")

    todo = actions.add_parser("todo", help="TODOs: facts tagged todo.")
    todo_actions = todo.add_subparsers(dest="todo_command", metavar="ACTION", required=True)
    todo_add = add_command(todo_actions, "add", "Add a TODO.", cmd_todo_add)
    todo_add.add_argument("text", nargs="+", help="what is to be done")
    _scope(todo_add, default_from="memory.scope")
    todo_done = add_command(todo_actions, "done", "Close a TODO (a new version).", cmd_todo_done)
    todo_done.add_argument("id", help="the TODO's fact id")
    todo_list = add_command(todo_actions, "list", "Open TODOs.", cmd_todo_list)
    todo_list.add_argument(
        "--key", "--scope-key", dest="key", help="only the TODOs of this key (user id, run id…)"
    )

    for name, run, text in (
        ("distill", cmd_distill, "Promote recurring run facts to durable knowledge."),
        ("gc", cmd_gc, "Archive expired and stale facts; compact finished runs."),
    ):
        parser = add_command(actions, name, text, run)
        parser.add_argument("--dry-run", action="store_true", help="show the plan, change nothing")
    restore = add_command(
        actions, "restore", "Bring back an archived or deleted fact.", cmd_restore
    )
    restore.add_argument("id", help="the archived or deleted fact's id")

    from engram.cli import entities

    entities.register(actions)


# The actions an agent runs at every turn, each with what adds it to the parser.
HOT_ACTIONS = {
    "absorb": _register_absorb,
    "search": _register_search,
    "list": _register_list,
    "get": _register_get,
}


def _scope(parser: argparse.ArgumentParser, default_from: str = "") -> None:
    whose = "whose facts: an agent's, a user's or one run's"
    parser.add_argument(
        "--scope",
        choices=("agent", "user", "run"),
        help=f"{whose} (default: the config's {default_from})" if default_from else whose,
    )
    parser.add_argument(
        "--key", "--scope-key", dest="key", help="the scope's key (user id, run id…)"
    )


def settings(args: argparse.Namespace) -> Any:
    """The effective config where the command runs (`-C DIR` or the current folder)."""
    from engram.config import load_config
    from engram.files.discovery import find_workspace

    return load_config(find_workspace(getattr(args, "run_in", None)))


def open_store(
    args: argparse.Namespace,
    config: Any = None,
    *,
    create: bool = False,
    reads: bool = False,
    dry_run: bool = False,
) -> Any:
    """The store the flags, environment and config point at. Only a command that adds facts
    (`create`) makes a store file that is not there, and only in a folder that exists (but
    the per-user default's): any other says so, where it would have answered "no results"
    from a new empty store made at a mistyped `--db`. A command that only `reads` still
    works on a store it cannot write (a read-only mount): it is opened for reading alone
    when the usual opening says it is read-only. A `dry_run` writes nothing, so it only
    reads, and where a command that adds facts finds no store file it works on an empty
    store in memory rather than make one."""
    from engram.store.db import refuse_missing_folder, resolve_db
    from engram.store.store import MemoryStore

    config = config or settings(args)
    path = resolve_db(args.db, config, start=getattr(args, "run_in", None))
    if create and isinstance(path, Path):
        refuse_missing_folder(path)
    if dry_run and create and isinstance(path, Path) and not path.exists():
        return MemoryStore.open(":memory:", config=config)
    reads = reads or dry_run
    if not create and isinstance(path, Path) and not path.exists():
        from engram.errors import StoreError

        raise StoreError(
            f"no memory store at {path}",
            hint="`engram memory absorb` makes it with its first facts; or check --db, "
            "$ENGRAM_DB and memory.db in engram.toml",
        )
    if not reads:
        return MemoryStore.open(path, config=config)
    from engram.errors import StoreReadOnly

    try:
        return MemoryStore.open(path, config=config)
    except StoreReadOnly:
        return MemoryStore.open(path, config=config, read_only=True)


def read_facts(
    args_facts: list[str], stdin_text: str | None, kind: str = "fact"
) -> list[str | dict[str, Any]]:
    """Facts from the command line, else stdin as JSON (a list or one object), JSON lines
    (objects or strings), or plain text: a fact a paragraph or a line of a list, a paragraph
    longer than a fact cut at sentence ends (`split_facts`), or for events one event a line
    (a dialogue turn or log line is kept whole)."""
    from engram.records import json_lines, json_records
    from engram.store.split import split_facts

    if args_facts:
        return list(args_facts)
    text = (stdin_text or "").strip()
    if not text:
        raise EngramError("no facts given", hint="pass them as arguments or on stdin")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if _JSON_OPENING.match(text):
        # a JSON document or JSON lines of objects: one that does not parse is an error, a
        # bad line among good ones is rejected
        return json_records(text, "stdin", per_line=True) or []
    read = [_json_value(line) for line in lines]
    if any(value is not _NOT_JSON for value in read):
        unread = [line for line, value in zip(lines, read, strict=True) if value is _NOT_JSON]
        if all(line[0] in '"{[' for line in unread):
            return json_lines(lines)  # JSON lines of strings and objects; a bad line is rejected
        if any(isinstance(value, dict) for value in read):
            raise EngramError(
                "stdin mixes plain text and JSON lines",
                hint="send one or the other: plain text is split into facts, JSON lines are "
                "records",
            )
    # Plain text, even where a line opens as JSON would: "[INFO] Deploy finished", "[10:02]
    # Tim: hi", '"Bye," said Tom.' are words, not records.
    return list(lines) if kind == "event" else list(split_facts(text))


# Text that opens as a JSON document: an object, or a list whose first item is an object, a
# string, a list or nothing (not "[INFO] …" or "[2024-05-01 10:00] …", the way logs open).
_JSON_OPENING = re.compile(r"\s*(?:\{|\[\s*(?:[{\[\]\"]|$))")
_NOT_JSON = object()


def _json_value(line: str) -> object:
    """A line's JSON value (an object, a string, a list, a number), `_NOT_JSON` when it is
    none (or nested too deeply to read: a record all the same)."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return _NOT_JSON


def cmd_absorb(args: argparse.Namespace, start: Path | None) -> int:
    # sys.stdin is None when the shell closed it (`<&-`): no facts on it, then
    stdin = None if args.facts or sys.stdin is None else sys.stdin.read()
    facts = read_facts(args.facts, stdin, args.kind)
    config = settings(args)
    scope = args.scope or config["memory.scope"]
    done = [0]  # inputs whose batch is written: an interrupt says how far it got

    def progress(count: int, total: int) -> None:
        done[0] = count
        bar(count, total)

    try:
        with (
            open_store(args, config, create=True, dry_run=args.dry_run) as store,
            progress_bar(args, "absorbing", "fact") as bar,
        ):
            outcomes = store.absorb_many(
                facts, scope=scope, scope_key=args.key, source=args.source, tags=args.tag,
                dry_run=args.dry_run, kind=args.kind, progress=progress,
            )  # fmt: skip
    except KeyboardInterrupt:
        if not args.dry_run:
            print(
                f"engram: interrupted: the first {done[0]:,} of {len(facts):,} inputs are "
                "absorbed and kept (a batch at a time); absorb them all again to finish — "
                "those stored come back as duplicates",
                file=sys.stderr,
            )
        raise
    lines = [f"{o.outcome:<10} {o.id or '-':<24} {o.reason}" for o in outcomes]
    counts = Counter(outcome.outcome for outcome in outcomes)
    summary = ", ".join(f"{n} {k}" for k, n in counts.items())
    if args.dry_run:
        summary += " (dry run: nothing written)"
    data = {"outcomes": [o.to_json() for o in outcomes], "counts": counts, "dry_run": args.dry_run}
    emit(args, data, "\n".join([*lines, summary]) + "\n")
    return 0 if "rejected" not in counts else 1


def cmd_search(args: argparse.Namespace, start: Path | None) -> int:
    with open_store(args, reads=True) as store:
        hits = store.search(
            " ".join(args.query), top_k=args.top_k, scope=args.scope, scope_key=args.key,
            tags=args.tag, mode=args.mode, since=args.since, until=args.until,
            as_of=args.as_of, group_by=args.group_by,
        )  # fmt: skip
    withheld, held = _withheld(h.fact for h in hits)
    lines = [
        f"{h.score:.3f}  "
        + (
            _held_line(held[h.id])
            if h.id in held
            else f"{h.id}  [{_where(h.fact)}]  {h.content}  (confidence {h.fact.confidence:.2f})"
        )
        for h in hits
    ]
    data = {"hits": [h.to_json() for h in hits if h.id not in held], "withheld": withheld}
    emit(args, data, "\n".join(lines or ["no results"]) + "\n")
    return 0


def _withheld(facts: Any) -> tuple[list[dict[str, Any]], dict[Any, dict[str, Any]]]:
    """An entry (`engram.store.unsafe.withheld_entry`) for each fact that must not be shown,
    and the entry by the fact's stored id (which the entry leaves out when it is malformed)."""
    from engram.store.unsafe import fact_reason, withheld_entry

    withheld: list[dict[str, Any]] = []
    held: dict[Any, dict[str, Any]] = {}
    for fact in facts:
        reason = fact_reason(fact)
        if reason:
            withheld.append(withheld_entry(fact, reason))
            held[fact.id] = withheld[-1]
    return withheld, held


def _held_line(entry: dict[str, Any]) -> str:
    """What the CLI prints for a withheld fact (agents read this output too): only what its
    entry may say, in place of every field of the fact itself."""
    where = entry["scope"] or "(scope withheld)"
    if entry["scope_key"] is None:
        where += ":(key withheld)"
    elif entry["scope_key"]:
        where += f":{entry['scope_key']}"
    when = (entry["created_at"] or "")[:10] or "-"
    return (
        f"{entry['id'] or '(malformed id)'}  {entry['status'] or '-'}  {when}  [{where}]  "
        f"(withheld as unsafe: {entry['reason']})"
    )


def _where(fact: Any) -> str:
    """The scope and key of a fact that may be shown."""
    return f"{fact.scope}:{fact.scope_key}" if fact.scope_key else str(fact.scope)


def cmd_list(args: argparse.Namespace, start: Path | None) -> int:
    from engram.store.unsafe import unsafe_facts

    status = None if args.status == "all" else args.status
    with open_store(args, reads=True) as store:
        if args.unsafe:
            if args.as_of:
                raise EngramError("--unsafe lists by status", hint="leave out --as-of")
            found = unsafe_facts(
                store, scope=args.scope, scope_key=args.key, tags=args.tag, status=status,
                limit=args.limit,
            )  # fmt: skip
            facts = [fact for fact, _ in found]
            total = None
        else:
            filters = {"scope": args.scope, "scope_key": args.key, "tags": args.tag,
                       "status": status, "as_of": args.as_of}  # fmt: skip
            facts = store.list(limit=args.limit, **filters)
            total = store.count(**filters) if len(facts) == args.limit else len(facts)
    withheld, held = _withheld(facts)
    lines = [
        _held_line(held[f.id])
        if f.id in held
        else f"{f.id}  {f.status:<10}  {f.created_at[:10]}  {f.content}"
        for f in facts
    ]
    if total is not None and total > len(facts):
        lines.append(f"showing {len(facts):,} of {total:,} facts; --limit N shows more")
    data: dict[str, Any] = {
        "facts": [f.to_json() for f in facts if f.id not in held],
        "withheld": withheld,
    }
    if total is not None:
        data["total"] = total
    empty = "no unsafe facts" if args.unsafe else "no facts"
    emit(args, data, "\n".join(lines or [empty]) + "\n")
    return 0


def cmd_get(args: argparse.Namespace, start: Path | None) -> int:
    with open_store(args, reads=True) as store:
        found = store.get(args.id, mode=args.mode)
        known = bool(found) or bool(store.get(args.id, mode="full_history"))
        versions = found if isinstance(found, list) else [found] if found else []
        # the change log and links of each version shown (the active one of an older id's
        # chain is another fact, with a log of its own)
        logs = {f.id: store.history(f.id) for f in versions} if args.history else {}
        links = {f.id: store.edges(f.id) for f in versions} if args.history else {}
    if not known:
        raise EngramError(f"no fact {args.id!r}", hint="ids come from absorb, search and list")
    if not versions:
        raise EngramError(f"no {args.mode} version of fact {args.id!r}",
                          hint="try --mode latest or --mode full_history")  # fmt: skip
    from engram.store.unsafe import safe_edge, safe_entry

    withheld, held = _withheld(versions)
    lines: list[str] = []
    history: list[dict[str, Any]] = []
    edges: list[tuple[str, str, str]] = []
    for f in versions:
        if f.id in held:
            lines.append(_held_line(held[f.id]))  # what its repeats brought is withheld too
        else:
            lines.append(
                f"{f.id}  {f.status}  {f.valid_from[:10]}→{(f.valid_to or '')[:10]}  {f.content}"
            )
            lines += [
                f"  also absorbed {d['at'][:10]}: {d['content']}"
                + (f"  (source {d['source']})" if d["source"] else "")
                + (f"  {json.dumps(d['metadata'], ensure_ascii=False)}" if d["metadata"] else "")
                for d in f.duplicates
            ]
        if args.history:
            entries = [{**safe_entry(h), "fact_id": f.id} for h in logs[f.id]]
            shown = [safe_edge(edge) for edge in links[f.id]]
            lines += [f"  {h['at']}  {h['kind']}  {json.dumps(h['detail'])}" for h in entries]
            lines += [f"  edge: {s} {r} {d}" for s, r, d in shown]
            history += entries
            edges += [edge for edge in shown if edge not in edges]
    data: dict[str, Any] = {
        "facts": [f.to_json() for f in versions if f.id not in held],
        "withheld": withheld,
    }
    if args.history:
        data["history"] = sorted(history, key=lambda h: h["seq"])
        data["edges"] = [{"src": s, "relation": r, "dst": d} for s, r, d in edges]
    emit(args, data, "\n".join(lines) + "\n")
    return 0


def cmd_stats(args: argparse.Namespace, start: Path | None) -> int:
    with open_store(args, reads=True) as store:
        stats = store.stats()
    emit(args, stats, stats_text(stats))
    return 0


def stats_text(stats: dict[str, Any]) -> str:
    """`memory stats` for a person: one aligned line a topic, counts with thousands marks."""

    def counts(values: dict[str, int]) -> str:
        return ", ".join(f"{name} {n:,}" for name, n in values.items()) or "-"

    missing = stats["missing_vectors"]
    embedding = stats["embedding_model"]
    if missing:
        embedding += f" ({missing:,} facts without a vector: engram memory rebuild)"

    def size(key: str) -> str:
        per_fact = f", {stats[key] / stats['facts']:,.0f} bytes a fact" if stats["facts"] else ""
        return f"{_size(stats[key])}{per_fact}"

    index = f"{stats['index_path']} ({size('index_bytes')})" if stats["index_bytes"] else "-"
    rows = [
        ("store", f"{stats['path']} ({size('bytes')})"),
        ("search index", index),
        ("lexical search", stats["lexical_search"]),
        ("vector search", stats["vector_search"]),
        ("facts", f"{stats['facts']:,} ({counts(stats['by_status'])})"),
        ("scopes", counts(stats["by_scope"])),
        ("top tags", counts(stats["by_tag"])),
        ("embedding", embedding),
        ("oldest", stats["oldest"] or "-"),
        ("newest", stats["newest"] or "-"),
    ]
    rows += [(f"last {kind}", at) for kind, at in sorted(stats["last"].items())]
    width = max(len(name) for name, _ in rows)
    return "".join(f"{name:<{width}}  {value}\n" for name, value in rows)


def _size(size: int) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:,} {unit}" if unit == "bytes" else f"{size:,.1f} {unit}"
        size /= 1024  # type: ignore[assignment]
    return f"{size} bytes"


def cmd_boost(args: argparse.Namespace, start: Path | None) -> int:
    with open_store(args) as store:
        fact = store.boost(args.id, args.amount)
    emit(args, fact.to_json(), f"{fact.id} importance {fact.importance:.2f}\n")
    return 0


def cmd_link(args: argparse.Namespace, start: Path | None) -> int:
    with open_store(args) as store:
        store.link(args.a, args.b, args.relation)
    data = {"src": args.a, "relation": args.relation, "dst": args.b}
    emit(args, data, f"{args.a} {args.relation} {args.b}\n")
    return 0


def cmd_rebuild(args: argparse.Namespace, start: Path | None) -> int:
    from engram.store.unsafe import withheld_note

    with open_store(args) as store:
        with progress_bar(args, "embedding", "fact") as bar:
            count = store.rebuild(progress=bar)
        with progress_bar(args, "sealing", "fact") as bar:
            sealed = store.reseal(progress=bar)
        model = store.embedder.model_id
    data = {"embedded": count, "model": model, "sealed": sealed.sealed, "unsafe": sealed.unsafe,
            "sealed_kept": sealed.kept}  # fmt: skip
    text = f"re-embedded {count} facts with {model}\n"
    if sealed.sealed:
        text += f"sealed {sealed.sealed} facts anew: they are shown without a scan again\n"
    if not sealed.kept:
        from engram.paths import state_dir

        text += (
            f"no seals written: {state_dir()} cannot keep your key, so facts are scanned "
            "each time they are shown\n"
        )
    if sealed.unsafe:
        text += withheld_note(sealed.unsafe) + "\n"
    emit(args, data, text)
    return 0


def cmd_migrate(args: argparse.Namespace, start: Path | None) -> int:
    from engram.cli.instructions import interrupted
    from engram.store.db import resolve_db
    from engram.store.transfer import checked_location, migrate

    start_in = getattr(args, "run_in", None)
    config = settings(args)
    named = checked_location(args.source, "from") if args.source is not None else args.db
    source = resolve_db(named, config, start=start_in)
    target = resolve_db(checked_location(args.to, "to"), None, start=start_in)
    try:
        with progress_bar(args, "copying", "row") as bar:
            copied: Any = migrate(source, target, config, progress=bar)
    except KeyboardInterrupt:  # the target's transaction was rolled back, a new file removed
        return interrupted()
    rows = ", ".join(f"{table} {n:,}" for table, n in copied["rows"].items())
    emit(args, copied, f"copied {copied['from']} to {copied['to']}: {rows}\n")
    return 0


def cmd_digest(args: argparse.Namespace, start: Path | None) -> int:
    topic = " ".join(args.topic).strip() or None
    workspace = None
    if topic and not args.no_files:
        from engram.workspace import open_workspace

        workspace = open_workspace(start, require=False)
    with open_store(args, reads=True) as store:
        text = store.digest(
            topic,
            scopes=args.scope or ("agent", "user"),
            scope_key=args.key,
            budget_chars=args.budget,
            workspace=workspace,
        )
    if workspace is not None:
        workspace.close()
    emit(args, {"topic": topic, "digest": text}, text)
    return 0


def cmd_todo_add(args: argparse.Namespace, start: Path | None) -> int:
    config = settings(args)
    with open_store(args, config, create=True) as store:
        [outcome] = store.absorb(
            [{"content": " ".join(args.text), "tags": ["todo"]}],
            scope=args.scope or config["memory.scope"],
            scope_key=args.key,
        )
    emit(args, outcome.to_json(), f"{outcome.outcome:<10} {outcome.id or '-'}  {outcome.reason}\n")
    return 0 if outcome.outcome != "rejected" else 1


def cmd_todo_done(args: argparse.Namespace, start: Path | None) -> int:
    with open_store(args) as store:
        fact = store.todo_done(args.id)
    emit(args, fact.to_json(), f"closed {args.id} with {fact.id}\n")
    return 0


def cmd_todo_list(args: argparse.Namespace, start: Path | None) -> int:
    from engram.store.digest import open_todos

    with open_store(args, reads=True) as store:
        todos = open_todos(store, ("agent", "user", "run"), limit=1000, scope_key=args.key)
    withheld, held = _withheld(todos)
    lines = [_held_line(held[f.id]) if f.id in held else f"{f.id}  {f.content}" for f in todos]
    data = {"todos": [f.to_json() for f in todos if f.id not in held], "withheld": withheld}
    emit(args, data, "\n".join(lines or ["no open TODOs"]) + "\n")
    return 0


def _plan(args: argparse.Namespace, plan: Any) -> int:
    verb = "would" if not plan.applied else "did"
    lines = [
        f"{a.kind:<8} {len(a.fact_ids):>4} facts  {a.reason}"
        + (f": {a.content}" if a.content else "")
        for a in plan.actions
    ]
    lines.append(
        f"{plan.name}: {verb} apply {len(plan.actions)} actions"
        + (" (dry run: nothing changed)" if not plan.applied else "")
    )
    emit(args, plan.to_json(), "\n".join(lines) + "\n")
    return 0


def cmd_distill(args: argparse.Namespace, start: Path | None) -> int:
    with open_store(args, dry_run=args.dry_run) as store:
        return _plan(args, store.distill(dry_run=args.dry_run))


def cmd_gc(args: argparse.Namespace, start: Path | None) -> int:
    with open_store(args, dry_run=args.dry_run) as store:
        return _plan(args, store.gc(dry_run=args.dry_run))


def cmd_restore(args: argparse.Namespace, start: Path | None) -> int:
    with open_store(args) as store:
        restored = store.restore(args.id)
    emit(args, {"restored": restored}, "".join(f"restored {i}\n" for i in restored))
    return 0
