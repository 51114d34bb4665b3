"""Command definitions. Each command parses its options and calls one library function."""

from __future__ import annotations

import sys

from engram.cli.output import add_command, add_quiet, emit, progress_bar
from engram.errors import EngramError

TYPE_CHECKING = False  # `typing` is not imported on the hot commands; type checkers read True
if TYPE_CHECKING:
    import argparse
    from pathlib import Path
    from typing import Any

    from engram.render.pack import Pack


def _words(values: list[str] | None) -> list[str]:
    """Repeatable flags that also accept comma-separated lists: `--tag a,b --tag c`."""
    return [w.strip() for v in values or [] for w in v.split(",") if w.strip()]


def _globs(values: list[str] | None) -> list[str]:
    """`--applies-to` as `_words`, but a comma inside braces (`*.{ts,tsx}`) stays in its glob."""
    from engram.files.globs import split_globs

    return [glob for v in values or [] for glob in split_globs(v)]


# Commands agent hosts and agents run (hooks on every prompt, the MCP server at every session
# start, an agent's `engram memory …` tool calls): `main` builds only these when they are asked
# for, since building the whole parser costs about as much
# as a third of the interpreter's start-up.
HOT = ("load", "hook", "mcp", "memory")


def register(sub: Any, only: str | None = None, action: str | None = None) -> None:
    """Add the commands to the subparsers (just `only` when it is one of HOT, and of `memory`
    just its `action` when that is one of `memory.HOT_ACTIONS`)."""
    if only == "load":
        register_load(sub)
        return
    if only == "hook":
        from engram.cli import hooks

        hooks.register_hook(sub)
        return
    if only == "mcp":
        register_mcp(sub)
        return
    if only == "memory":  # an agent's tool calls: `engram memory search …` at every turn
        from engram.cli import memory

        memory.register(sub, action)
        return
    register_load(sub)
    register_rest(sub)


# What `load`'s options are when none is given (as argparse sets them): `engram load <words>`,
# the form hooks and agents use, is read without building a parser (`engram.cli.plain_call`).
LOAD_DEFAULTS = {
    "dry_run": False, "all": False, "full": False, "ids": None, "disclosure": None,
    "budget_tokens": None, "expand_top": None, "limit": None, "role": None, "no_global": False,
}  # fmt: skip


def register_load(sub: Any) -> None:
    load = add_command(sub, "load", "Route a task to a compact pack of memories.", cmd_load)
    load.add_argument("query", nargs="*", help="the task, in plain words")
    load.add_argument("--dry-run", action="store_true", help="counts and match reasons only")
    load.add_argument("--all", action="store_true", help="every visible match, no compact limit")
    load.add_argument("--full", action="store_true", help="wider output, bodies only")
    load.add_argument("--id", dest="ids", metavar="IDS", help="fetch full bodies: --id a,b")
    load.add_argument("--disclosure", choices=("auto", "full"), help="auto: tiers; full: bodies")
    load.add_argument("--budget-tokens", type=int, metavar="N", help="cap the output's tokens")
    load.add_argument("--expand-top", type=int, metavar="N", help="bodies printed in full")
    load.add_argument("--limit", type=int, metavar="N", help="compact pack size")
    load.add_argument("--role", action="append", metavar="ROLE", help="active role (repeatable)")
    load.add_argument("--no-global", action="store_true", help="ignore the global folder")


def register_mcp(sub: Any) -> None:
    mcp = add_command(sub, "mcp", "Run the MCP server on stdio (for agents).", cmd_mcp)
    mcp.add_argument("--db", metavar="PATH", help="store file (else $ENGRAM_DB, config, default)")


def register_rest(sub: Any) -> None:

    add_command(
        sub, "init", "Create the workspace skeleton (changes nothing that exists).", cmd_init
    )

    new = add_command(sub, "new", "Write a new memory file (body from stdin or $EDITOR).", cmd_new)
    new.add_argument(
        "type", choices=("rule", "skill", "knowledge", "workflow"), help="the kind of memory"
    )
    new.add_argument("id", help="the memory id, e.g. deploy-checklist")
    new.add_argument("--directive", default="", help="one-line imperative")
    new.add_argument("--summary", default="", help="one-line description")
    new.add_argument("--tag", "--tags", dest="tags", action="append", help="tags (repeatable)")
    new.add_argument(
        "--trigger",
        "--triggers",
        dest="triggers",
        action="append",
        help="a phrase that should load it (repeatable)",
    )
    new.add_argument("--applies-to", dest="applies_to", action="append", help="path glob")
    new.add_argument("--depends-on", dest="depends_on", action="append", help="prerequisite id")
    new.add_argument(
        "--level",
        choices=("foundation", "intermediate", "advanced", "0", "1", "2"),
        help="how advanced it is: foundation (0), intermediate (1) or advanced (2)",
    )
    new.add_argument(
        "--confidence", choices=("high", "medium", "low"), default="high", help="how sure it is"
    )
    new.add_argument("--global", dest="to_global", action="store_true", help="write it globally")

    doctor = add_command(
        sub, "doctor", "List every problem with memory files and settings.", cmd_doctor
    )
    doctor.add_argument(
        "--clear-hook-errors",
        action="store_true",
        help="forget the hook errors logged for this workspace (once dealt with), then check",
    )
    add_command(sub, "verify", "Report changed, unapproved, unsafe, invalid files.", cmd_verify)
    add_command(sub, "rehash", "Approve the current content of every memory file.", cmd_rehash)
    reindex = add_command(sub, "reindex", "Rebuild the derived index from the files.", cmd_reindex)
    add_quiet(reindex)
    add_command(sub, "config", "Show the effective settings and where each came from.", cmd_config)
    graph = add_command(sub, "graph", "Show dependency layers, cycles and missing ids.", cmd_graph)
    graph.add_argument("--rebuild", action="store_true", help="re-index and write the graph file")

    register_mcp(sub)

    ui = add_command(sub, "ui", "Serve the local web UI and open it in the browser.", cmd_ui)
    ui.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    ui.add_argument("--port", type=int, default=0, help="port to listen on (default 0: a free one)")
    ui.add_argument("--no-open", action="store_true", help="print the address, open no browser")
    ui.add_argument(
        "--allow-network",
        action="store_true",
        help="accept a --host other machines can reach (the token is then the only guard)",
    )
    ui.add_argument("--db", metavar="PATH", help="store file or URL (else $ENGRAM_DB, config)")

    completion = add_command(
        sub, "completion", "Print the shell code that completes engram's commands.", cmd_completion
    )
    completion.add_argument("shell", choices=("bash", "zsh", "fish"), help="your shell")

    docs = add_command(sub, "docs", "Print a page of Engram's documentation.", cmd_docs)
    topic = docs.add_argument("topic", nargs="?", help="the page; none: list the topics")
    topic.completer = _docs_topics  # type: ignore[attr-defined]  # read by argcomplete

    from engram.cli import hooks, instructions, memory, tiers

    hooks.register(sub)
    instructions.register(sub)
    memory.register(sub)
    tiers.register(sub)


# -- load ------------------------------------------------------------------------------------
def _emit_pack(args: argparse.Namespace, pack: Pack, query: str) -> None:
    """The pack as JSON or as text, building only the one asked for: the JSON checks ids with
    the scanners, which a plain load (a hook's, every prompt) does not otherwise import."""
    from engram.render.pack import pack_json, render_text

    if args.json:
        emit(args, pack_json(pack, query), "")
    else:
        emit(args, {}, render_text(pack))


def cmd_load(args: argparse.Namespace, start: Path | None) -> int:
    from engram.render.pack import limit_note
    from engram.workspace import open_workspace

    flags = {
        "load.disclosure": args.disclosure,
        "load.expand_top": args.expand_top,
        "load.limit": args.limit,
        "load.budget_tokens": args.budget_tokens,
        "load.roles": _words(args.role) if args.role else None,
        "files.use_global": False if args.no_global else None,
    }
    query = " ".join(args.query).strip()
    if not query and not args.ids:
        raise EngramError(
            "no task given", hint='pass the task in words, e.g. engram load "deploy the api"'
        )
    try:  # undecodable bytes of a command line come as lone surrogates: JSON would echo them
        query.encode("utf-8")
    except UnicodeEncodeError:
        raise EngramError(
            "the task holds bytes that are not UTF-8 text; send it as UTF-8"
        ) from None
    ids = _words([args.ids]) if args.ids else []
    if args.ids and not ids:
        raise EngramError("no ids given", hint="name the memories to fetch: --id deploy-api,b")
    if ids and args.budget_tokens is not None and args.budget_tokens > 0:
        # A fetch prints whole bodies (SPEC A4): cut to a budget, a body would come back as a
        # card that says to fetch it again. 0 is no budget, as in `load.budget_tokens`.
        raise EngramError(
            "--budget-tokens does not apply to --id: a fetch prints whole bodies",
            hint='leave out --budget-tokens, or route a task: engram load "TASK" --budget-tokens N',
        )
    with open_workspace(start, flags=flags) as ws:
        if ids:
            pack = ws.fetch(ids)
            _emit_pack(args, pack, query)
            return 0 if pack.items else 1
        if args.dry_run:
            from engram.render.report import dry_run_json, dry_run_text

            routed = ws.route(query, select_all=args.all)
            emit(args, dry_run_json(routed, query), dry_run_text(routed))
            return 0
        mode = "all" if args.all else "full" if args.full else "compact"
        pack = ws.load(query, mode=mode)
        _emit_pack(args, pack, query)
    note = limit_note(pack)
    if note and not args.json:  # the JSON has it under `budget`
        print(f"engram: {note}", file=sys.stderr)
    return 0


# -- files -----------------------------------------------------------------------------------
def cmd_init(args: argparse.Namespace, start: Path | None) -> int:
    from pathlib import Path

    from engram.files.authoring import init_workspace

    report = init_workspace((start or Path.cwd()).resolve())
    lines = [f"workspace: {report.root}"]
    lines += [f"created {name}" for name in report.created]
    lines += [f"kept {name} (already there)" for name in report.kept]
    data = {"root": str(report.root), "created": report.created, "kept": report.kept}
    emit(args, data, "\n".join(lines) + "\n")
    return 0


TEMPLATE = "# Title\n\n"  # what the editor opens with for `engram new`


def _keeping(exc: EngramError, draft: Path) -> EngramError:
    """`exc` with a hint that says where the text written in the editor is kept."""
    kept = f"your text is kept in {draft}"
    return EngramError(exc.message, hint=f"{exc.hint}; {kept}" if exc.hint else kept)


def _holds_text(draft: Path) -> bool:
    """Whether the draft holds more than the template (so it is the user's work)."""
    try:
        return draft.read_bytes().strip() != TEMPLATE.strip().encode()
    except OSError:
        return False


def _editor_body() -> tuple[str, Path]:
    """(the body written in $EDITOR, the draft file holding it). The draft is removed when the
    editor fails with nothing written or the template is left untouched; an editor that fails
    after text was written keeps it; else the caller removes it."""
    import tempfile
    from pathlib import Path

    from engram.cli.editor import configured_editor, edit

    editor = configured_editor()
    if not editor:
        raise EngramError(
            "no body given", hint="pipe it on stdin, or set $EDITOR to write it in an editor"
        )
    with tempfile.NamedTemporaryFile("w+", suffix=".md", delete=False) as handle:
        handle.write(TEMPLATE)
        draft = Path(handle.name)
    try:
        edit(editor, draft)
    except EngramError as exc:
        # vi, for one, exits with an error after a failed command even though the file was
        # saved: the text is the user's work, never thrown away with the failure.
        if _holds_text(draft):
            raise _keeping(exc, draft) from None
        draft.unlink(missing_ok=True)
        raise
    except BaseException:
        draft.unlink(missing_ok=True)
        raise
    try:
        body = draft.read_text(encoding="utf-8")
        if body.strip() == TEMPLATE.strip():  # as git does with an untouched message
            raise EngramError("the body was left as the template; nothing was written")
    except OSError as exc:
        draft.unlink(missing_ok=True)
        raise EngramError(f"cannot read the draft {draft}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:  # the draft is what was typed: kept, never thrown away
        raise EngramError(
            "the text written in the editor is not UTF-8",
            hint=f"set the editor to save UTF-8; your text is kept in {draft}",
        ) from None
    except BaseException:
        draft.unlink(missing_ok=True)
        raise
    return body, draft


def cmd_new(args: argparse.Namespace, start: Path | None) -> int:
    from engram.config import load_config
    from engram.files.authoring import check_new, new_memory
    from engram.files.discovery import configured_global, find_workspace

    workspace = find_workspace(start)
    if args.to_global:
        config = load_config(workspace)
        root = configured_global(config.with_flags({"files.use_global": True}))
        if root is None:
            raise EngramError(
                "no global memory folder", hint="create it, or set ENGRAM_GLOBAL_DIR to a folder"
            )
    elif workspace is None:
        raise EngramError("no workspace here", hint="run `engram init` first")
    else:
        root = workspace
    fields: dict[str, Any] = {
        "directive": args.directive, "summary": args.summary, "tags": _words(args.tags),
        "triggers": _words(args.triggers), "applies_to": _globs(args.applies_to),
        "depends_on": _words(args.depends_on), "level": args.level,
        "confidence": args.confidence,
    }  # fmt: skip
    draft = None
    if sys.stdin.isatty():  # refused before the body is written, not after
        check_new(root, args.type, args.id, **fields)
        body, draft = _editor_body()
    else:
        body = sys.stdin.read()
    try:
        path = new_memory(root, args.type, args.id, body, **fields)
    except EngramError as exc:
        if draft is None:
            raise
        raise _keeping(exc, draft) from None
    except BaseException:
        if draft is not None:
            draft.unlink(missing_ok=True)
        raise
    if draft is not None:
        draft.unlink(missing_ok=True)
    emit(args, {"path": str(path), "id": args.id}, f"wrote {path}\n")
    return 0


def _findings(
    args: argparse.Namespace, key: str, findings: list[Any], clean: str, notes: bool = False
) -> int:
    """Print findings (or `clean` when there are none); exit 1 when there are any. With
    `notes`, the findings that are notes follow, under `notes` in the JSON, and do not count
    for the exit."""
    problems = [f for f in findings if not f.note]
    text = "".join(f"{f}\n" for f in problems) or clean + "\n"
    data: dict[str, Any] = {key: [f.to_json() for f in problems]}
    if notes:
        noted = [f for f in findings if f.note]
        text += "".join(f"note: {f}\n" for f in noted)
        data["notes"] = [f.to_json() for f in noted]
    emit(args, data, text)
    return 1 if problems else 0


def cmd_doctor(args: argparse.Namespace, start: Path | None) -> int:
    import os

    from engram.files.checks import Finding, doctor
    from engram.paths import state_dir, state_problem
    from engram.workspace import open_workspace

    with open_workspace(start) as ws:
        findings = doctor(ws.indexes, native_rules=_rule_files_loaded(ws))
    problem = state_problem()
    if problem:
        findings.append(Finding("hooks", str(state_dir()), "state folder", problem))
    findings += _hook_errors(args, ws.project_folder or os.fspath(start or os.getcwd()))
    return _findings(args, "problems", findings, "no problems found", notes=True)


def _rule_files_loaded(ws: Any) -> bool:
    """Whether a host loads the generated rule files here: `hooks.path_rules = native` and the
    hooks of Claude Code or Cursor installed (which write them at each session start)."""
    from engram.hooks.status import rule_file_hosts

    if ws.config["hooks.path_rules"] != "native" or ws.project is None:
        return False
    return bool(rule_file_hosts(ws.project))


def _hook_errors(args: argparse.Namespace, here: str) -> list[Any]:
    """The hook errors of the project `here` from the last days (each project's hooks log to
    one file), after forgetting them all when asked to."""
    from engram.files.checks import Finding
    from engram.hooks.errorlog import SHOWN_DAYS, clear_errors, last_errors, log_path

    if args.clear_hook_errors:
        cleared = clear_errors(here)
        noun = "hook error" if cleared == 1 else "hook errors"
        print(f"engram: cleared {cleared} {noun} logged for {here}", file=sys.stderr)
    errors = last_errors(folder=here, days=SHOWN_DAYS)
    return [Finding("hooks", str(log_path()), "hook error", line) for line in errors]


def cmd_verify(args: argparse.Namespace, start: Path | None) -> int:
    from engram.files.checks import verify
    from engram.workspace import open_workspace

    # Refuse mode: verifying must not quietly re-approve the edits it is meant to report.
    with open_workspace(start, flags={"files.on_hand_edit": "refuse"}) as ws:
        return _findings(args, "findings", verify(ws.indexes), "all memory files verified")


def cmd_rehash(args: argparse.Namespace, start: Path | None) -> int:
    from engram.files.checks import rehash
    from engram.workspace import open_workspace

    with open_workspace(start, flags={"files.on_hand_edit": "refuse"}) as ws:
        counts = rehash(ws.indexes)
    text = "".join(f"approved {n} {scope} memory files\n" for scope, n in counts.items())
    emit(args, {"approved": counts}, text)
    return 0


def cmd_reindex(args: argparse.Namespace, start: Path | None) -> int:
    from engram.workspace import open_workspace

    with open_workspace(start, refresh=False) as ws, progress_bar(args, "indexing", "file") as bar:
        counts = ws.reindex(progress=bar)
    text = "".join(f"indexed {n} {scope} memory files\n" for scope, n in counts.items())
    data: dict[str, object] = {"indexed": counts}
    if ws.config["load.vectors"]:  # embedded now, so that no load or hook pays for it
        with open_workspace(start) as ws, progress_bar(args, "embedding", "memory") as bar:
            data["embedded"] = ws.embed_memories(progress=bar)
        text += f"embedded {data['embedded']} memory files for load.vectors\n"
    emit(args, data, text)
    return 0


def _masked(key: str, value: object) -> object:
    """A credential setting is shown as set or not, never printed: agents run this command.
    Nor is a URL's password (a PostgreSQL `memory.db`), nor a value that is itself a secret
    or an instruction to agents (a key pasted into the wrong setting)."""
    from engram.errors import quoted
    from engram.store.opening import redacted

    if value and isinstance(value, str) and key.rsplit(".", 1)[-1] in ("api_key", "token"):
        return f"(set, {len(value)} characters)"
    if isinstance(value, str) and "://" in value:
        value = redacted(value)
    if isinstance(value, str | list) and value and quoted(value).startswith("(not shown"):
        return quoted(value)
    return value


def cmd_config(args: argparse.Namespace, start: Path | None) -> int:
    import json

    from engram.config import load_config
    from engram.files.discovery import find_workspace

    config = load_config(find_workspace(start))
    data = {
        k: {"value": _masked(k, v), "source": config.sources[k]} for k, v in config.values.items()
    }
    width = max(map(len, data))
    text = "".join(
        f"{k:<{width}} = {json.dumps(d['value'], ensure_ascii=False)}  ({d['source']})\n"
        for k, d in data.items()
    )
    emit(args, {"settings": data}, text)
    return 0


def cmd_graph(args: argparse.Namespace, start: Path | None) -> int:
    import json

    from engram.files.atomic import write_text_atomic
    from engram.graph.deps import build_graph
    from engram.safety.ids import masked_id
    from engram.workspace import open_workspace

    with open_workspace(start) as ws:
        edges: dict[str, tuple[str, list[str], int]] = {}
        for index in reversed(ws.indexes):  # global first, so the workspace overrides it
            for mid, deps, level in index.dependency_edges():
                edges[mid] = (mid, deps, level)
        graph = build_graph(edges.values())
        data = _masked_ids(graph.to_json())  # an id smuggling a key is not repeated
        if args.rebuild and ws.workspace_root is not None:
            target = ws.workspace_root / "memory.graph.json"
            write_text_atomic(target, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    lines = [f"layer {n}: {', '.join(masked_id(m) for m in layer)}"
             for n, layer in enumerate(graph.layers)]  # fmt: skip
    lines += [f"cycle: {' -> '.join(masked_id(m) for m in [*c, c[0]])}"
              for c in graph.cycles]  # fmt: skip
    lines += [f"missing: {masked_id(mid)} depends on "
              f"{', '.join(masked_id(d) for d in deps)}"
              for mid, deps in graph.missing.items()]  # fmt: skip
    if args.rebuild and ws.workspace_root is not None:
        lines.append(f"wrote {ws.workspace_root / 'memory.graph.json'}")
    emit(args, data, "\n".join(lines) + "\n")
    return 1 if graph.cycles or graph.missing else 0


def _masked_ids(value: Any) -> Any:
    """The graph's JSON with every id that is itself unsafe replaced (keys and values)."""
    from engram.safety.ids import masked_id

    if isinstance(value, str):
        return masked_id(value)
    if isinstance(value, list):
        return [_masked_ids(v) for v in value]
    if isinstance(value, dict):
        return {masked_id(k): _masked_ids(v) for k, v in value.items()}
    return value


def _store_location(args: argparse.Namespace, start: Path | None) -> Path | str:
    """The store a server opens, its folder checked at start-up: the server opens the store
    later (MCP in its own thread, the UI on its first page), and would make a mistyped
    `--db`'s folder with an empty store in it, as the memory commands refuse to."""
    from pathlib import Path

    from engram.cli.memory import settings
    from engram.store.db import refuse_missing_folder, resolve_db

    where = resolve_db(args.db, settings(args), start=start)
    if isinstance(where, Path):
        refuse_missing_folder(where)
    return where


def cmd_mcp(args: argparse.Namespace, start: Path | None) -> int:
    from engram.mcp.front import serve

    serve(_store_location(args, start))  # a URL as given: a Path would fold its `//`
    return 0


def cmd_ui(args: argparse.Namespace, start: Path | None) -> int:
    from engram.ui.data import Sources
    from engram.ui.server import serve

    _store_location(args, start)
    sources = Sources(start, args.db)
    serve(sources, args.host, args.port, open_browser=not args.no_open,
          allow_network=args.allow_network, as_json=args.json)  # fmt: skip
    return 0


# -- completion --------------------------------------------------------------------------------
def cmd_completion(args: argparse.Namespace, start: Path | None) -> int:
    from argcomplete.shell_integration import shellcode

    code = shellcode(["engram", "fathom"], shell=args.shell)
    emit(args, {"shell": args.shell, "code": code}, code)
    return 0


# -- docs --------------------------------------------------------------------------------------
def cmd_docs(args: argparse.Namespace, start: Path | None) -> int:
    from engram import docs

    if args.topic is None:
        found = docs.topics()
        width = max(map(len, found))
        text = "".join(f"{name:<{width}}  {title}\n" for name, title in found.items())
        emit(args, {"topics": [{"name": n, "title": t} for n, t in found.items()]}, text)
        return 0
    text = docs.page(args.topic)
    emit(args, {"topic": args.topic, "text": text}, text)
    return 0


def _docs_topics(**_: Any) -> list[str]:
    from engram import docs

    return list(docs.topics())
