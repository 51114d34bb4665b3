"""Engram as an MCP server over stdio, built on the official SDK's `MCPServer`.

The tools call the library directly. The fact store is opened once when the server starts, so
its index stays warm and searches run at in-process speed; the workspace is re-opened per call
(that is cheap, and it notices edited memory files). Every result is compact text an agent can
read plus the same data as structured content, which repeats the text under `text`; the tools
whose result is a text for the agent — the pack, a skill, the digest — return the text alone,
since Claude Code gives its model only the structured content of a result that has one. A bad
input or a missing id comes back as a tool error with a clear message, never as a crashed
server.
"""

from __future__ import annotations

import functools
import logging
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, cast

import mcp_types as t
from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field, ValidationError

from engram.errors import EngramError, quoted, shown_error, shown_message, shown_text
from engram.store.store import MemoryStore
from engram.store.unsafe import (
    fact_reason,
    node_reason,
    split_facts,
    split_nodes,
    split_paths,
    withheld_entry,
    withheld_note,
)

Scope = Literal["agent", "user", "run"]
Tool = TypeVar("Tool", bound=Callable[..., t.CallToolResult])
READ_ONLY = t.ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)
WRITES = t.ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
DESTROYS = t.ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=False)


def _result(text: str, data: dict[str, Any]) -> t.CallToolResult:
    """The readable text, and the data with the same text first (some hosts show their model
    the structured content alone)."""
    return t.CallToolResult(
        content=[t.TextContent(type="text", text=text)], structured_content={"text": text, **data}
    )


def _text(text: str) -> t.CallToolResult:
    """A result that is a text for the agent to read, and nothing else."""
    return t.CallToolResult(content=[t.TextContent(type="text", text=text)])


def _fail(exc: EngramError) -> ToolError:
    # The agent reads it: withheld when it quotes a secret or an injection.
    return ToolError(shown_error(exc))


def _check_readable(arguments: dict[str, Any]) -> None:
    """A tool error naming the argument that holds a lone surrogate: JSON can carry one
    ('\\ud800'), no UTF-8 text can, and the store, the graph and the answer itself would fail
    on it with an encoding error that tells the agent nothing."""
    from engram.store.unsafe import texts_of

    for name, value in arguments.items():
        if name == "facts":
            continue  # absorb rejects such a fact alone (over stdio the front refuses it first)
        for text in texts_of(value):
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                raise ToolError(
                    f"{name} holds bytes that are not UTF-8 text; send it as UTF-8"
                ) from None


def _schema_error(tool: str, exc: ValidationError) -> ToolError:
    """Arguments that fail the input schema, on one line naming each field. Pydantic's own
    message spans lines, links to its site and quotes the value it refused, which may be a
    secret or an instruction to agents the caller was steered into sending."""
    problems = "; ".join(
        f"argument {'.'.join(str(part) for part in error['loc'])}: "
        f"{error['msg'][:1].lower()}{error['msg'][1:]}"
        for error in exc.errors(include_url=False, include_input=False)
    )
    return ToolError(f"Error executing tool {tool}: {problems} (see the tool's input schema)")


def _unknown_arguments(tool: str, accepted: list[str], arguments: dict[str, Any]) -> ToolError:
    """A tool error naming the arguments the tool's schema lacks and the ones it takes. The
    SDK drops an unknown argument silently, so a misspelt `dry_run` wrote for real. The names
    are shown as `quoted` shows a value (an agent may have been steered into sending a secret
    as a key); the values never are."""
    unknown = sorted(name for name in arguments if name not in accepted)
    names = ", ".join(quoted(name, limit=66) for name in unknown)
    noun = "argument" if len(unknown) == 1 else "arguments"
    return ToolError(
        f"Error executing tool {tool}: unknown {noun} {names}; "
        f"accepted: {', '.join(accepted)} (see the tool's input schema)"
    )


class EngramServer(MCPServer):
    """The SDK's server, with schema errors the agent can read and act on."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        tool = self._tool_manager.get_tool(name)
        if tool is not None:
            accepted = list(tool.parameters.get("properties", {}))
            if arguments.keys() - set(accepted):
                raise _unknown_arguments(name, accepted, arguments)
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                raise _schema_error(name, exc.__cause__) from exc.__cause__
            raise


def _folder(cwd: str | None, home: Path) -> Path:
    """The project folder a call names (default: the server's). No path holds a NUL, and the
    operating system refuses one with a ValueError that would reach the agent as a crash. A
    missing folder (or a file) is refused as `engram -C` refuses it: the call would find no
    workspace and answer "loaded 0 memory files" as if the project had none."""
    if not cwd:
        return home
    if "\x00" in cwd:
        raise ToolError("cwd holds a NUL character (\\x00); remove it")
    if not Path(cwd).is_dir():  # False for a missing path, a file and a symlink loop alike
        raise ToolError(f"cwd {quoted(cwd, limit=200)}: not a folder; give the project folder")
    return Path(cwd)


def build_server(store: MemoryStore, cwd: Path | None = None) -> MCPServer:
    """An MCPServer whose tools work on `store` and on the workspace above `cwd`."""
    from engram import __version__

    server = EngramServer("engram", version=__version__)
    home = cwd or Path.cwd()
    # The SDK runs each call on a worker thread, and a host may send the next call before the
    # last is answered; the store has one connection and one in-memory index, so the tools
    # that use it take turns (two transactions on one connection fail, or one rolls back the
    # other's writes).
    turn = threading.Lock()

    def in_turn(tool: Tool) -> Tool:
        @functools.wraps(tool)
        def run(**arguments: Any) -> t.CallToolResult:
            with turn:
                return tool(**arguments)

        return checked(cast(Tool, run))

    def checked(tool: Tool) -> Tool:
        @functools.wraps(tool)
        def run(**arguments: Any) -> t.CallToolResult:
            _check_readable(arguments)
            return tool(**arguments)

        return cast(Tool, run)

    def workspace(folder: str | None) -> Any:
        from engram.workspace import open_workspace

        return open_workspace(_folder(folder, home))

    @server.tool(annotations=WRITES)
    @in_turn
    def memory_absorb(
        facts: Annotated[
            list[str | dict[str, Any]],
            Field(
                description=(
                    "Facts to absorb: strings of 12–500 characters, or objects with `content` and "
                    "optional `tags`, `metadata`, `confidence` (0–1), `importance`, "
                    "`valid_from` (an ISO date: when the fact became true) and `source` (where "
                    "it came from); any other field is rejected by name."
                )
            ),
        ],
        scope: Annotated[
            Scope, Field(description="agent (shared), user (about a client) or run (this session)")
        ],
        scope_key: Annotated[
            str | None, Field(description="the user or run id the scope belongs to")
        ] = None,
        source: Annotated[str | None, Field(description="where the facts came from")] = None,
        tags: Annotated[list[str], Field(description="tags added to every fact")] = [],  # noqa: B006
        dry_run: Annotated[bool, Field(description="report the outcomes, write nothing")] = False,
        kind: Annotated[
            Literal["fact", "event"],
            Field(
                description="fact: compared with what is stored and may supersede it; event: a "
                "dialogue turn, message or log line — always stored, never merged"
            ),
        ] = "fact",
    ) -> t.CallToolResult:
        """Absorb facts: each gets one outcome — duplicate, supersede, contradict, related, new or
        rejected (secrets and prompt injections are never stored) — with the affected ids and
        a reason. A different person, id, environment or speaker is never merged."""
        try:
            outcomes = store.absorb(
                facts, scope=scope, scope_key=scope_key, source=source, tags=tags,
                dry_run=dry_run, kind=kind,
            )  # fmt: skip
        except EngramError as exc:
            raise _fail(exc) from None
        lines = [f"{o.outcome} {o.id or '-'}: {o.reason}" for o in outcomes]
        return _result(
            "\n".join(lines), {"outcomes": [o.to_json() for o in outcomes], "dry_run": dry_run}
        )

    @server.tool(annotations=READ_ONLY)
    @in_turn
    def memory_search(
        query: Annotated[str, Field(description="what to look for, in plain words")],
        top_k: Annotated[int, Field(description="how many results", ge=1, le=100)] = 10,
        scope: Annotated[Scope | None, Field(description="only this scope")] = None,
        scope_key: Annotated[str | None, Field(description="only this user or run id")] = None,
        tags: Annotated[
            list[str] | None, Field(description="only facts with all these tags")
        ] = None,
        mode: Annotated[
            Literal["active", "latest", "full_history"],
            Field(
                description="active facts; latest also archived ones; full_history every version"
            ),
        ] = "active",
        since: Annotated[
            str | None, Field(description="recorded (absorbed) on or after (YYYY-MM-DD)")
        ] = None,
        until: Annotated[
            str | None, Field(description="recorded (absorbed) on or before (YYYY-MM-DD)")
        ] = None,
        as_of: Annotated[
            str | None, Field(description="what was true then (YYYY-MM-DD): valid at that date")
        ] = None,
        group_by: Annotated[
            str | None,
            Field(description="metadata key (e.g. session_id): one hit per value, as a group"),
        ] = None,
    ) -> t.CallToolResult:
        """Hybrid search (0.7·cosine + 0.3·BM25, freshness decay): facts with their ids, scores
        and the parts of each score."""
        try:
            hits = store.search(
                query,
                top_k=top_k,
                scope=scope,
                scope_key=scope_key,
                tags=tags,
                mode=mode,
                since=since,
                until=until,
                as_of=as_of,
                group_by=group_by,
            )
        except (EngramError, ValueError) as exc:
            failed = _fail(exc) if isinstance(exc, EngramError) else ToolError(shown_message(exc))
            raise failed from None
        facts, withheld = split_facts(h.fact for h in hits)
        safe = {fact.id for fact in facts}
        hits = [h for h in hits if h.id in safe]
        lines = [
            f"[{h.id}] {h.content} (score {h.score:.3f}, confidence {h.fact.confidence:.2f})"
            for h in hits
        ]
        lines += [withheld_note(len(withheld))] if withheld else []
        return _result(
            "\n".join(lines) or "no results",
            {"hits": [h.to_json() for h in hits], "withheld": withheld},
        )

    @server.tool(annotations=READ_ONLY)
    @in_turn
    def memory_digest(
        topic: Annotated[str | None, Field(description="what the run is about")] = None,
        budget_chars: Annotated[int, Field(description="maximum length", ge=200)] = 4000,
        scopes: Annotated[list[Scope], Field(description="scopes to include")] = ["agent", "user"],  # noqa: B006
        scope_key: Annotated[
            str | None, Field(description="only this user or run id's facts (default: every id's)")
        ] = None,
    ) -> t.CallToolResult:
        """The pre-run digest: relevant facts, open TODOs and recent entries, each with its id."""
        try:
            digest = store.digest(
                topic, budget_chars=budget_chars, scopes=scopes, scope_key=scope_key
            )
            return _text(digest)
        except EngramError as exc:
            raise _fail(exc) from None

    @server.tool(annotations=WRITES)
    @in_turn
    def memory_boost(
        id: Annotated[str, Field(description="the fact's id")],
        amount: Annotated[
            float, Field(description="importance to add (bounded at 5)", gt=0, le=4)
        ] = 0.5,
    ) -> t.CallToolResult:
        """Mark a fact as useful: it then ranks above its near-ties."""
        try:
            fact = store.boost(id, amount)
        except EngramError as exc:
            raise _fail(exc) from None
        text = f"{fact.id} importance {fact.importance:.2f}"
        reason = fact_reason(fact)
        if reason:  # boosted, but its text is not shown
            return _result(f"{text}; {withheld_note(1)}", withheld_entry(fact, reason))
        return _result(text, fact.to_json())

    @server.tool(annotations=WRITES)
    @in_turn
    def memory_link(
        a: Annotated[str, Field(description="the fact the edge starts from")],
        b: Annotated[str, Field(description="the fact it points to")],
        relation: Annotated[str, Field(description="lower_snake name, e.g. caused_by, depends_on")],
    ) -> t.CallToolResult:
        """A typed, directed edge between two facts."""
        try:
            store.link(a, b, relation)
        except EngramError as exc:
            raise _fail(exc) from None
        return _result(f"{a} {relation} {b}", {"src": a, "relation": relation, "dst": b})

    @server.tool(annotations=WRITES)
    @in_turn
    def memory_update(
        id: Annotated[str, Field(description="the current version's id")],
        content: Annotated[
            str, Field(description="the new text: 12–500 characters, checked like absorb's")
        ],
        metadata: Annotated[
            dict[str, Any] | None,
            Field(description="replaces the metadata (default: the old version's)"),
        ] = None,
    ) -> t.CallToolResult:
        """Correct a fact: a new version with this text; the old one is superseded and stays
        in the fact's history. Returns the new version and its id."""
        try:
            fact = store.update(id, content, metadata=metadata)
        except EngramError as exc:
            raise _fail(exc) from None
        reason = fact_reason(fact)
        if reason:  # updated, but the new version is not shown
            text = f"{fact.id} supersedes {id}; {withheld_note(1)}"
            return _result(text, withheld_entry(fact, reason))
        return _result(f"{fact.id} supersedes {id}: {fact.content}", fact.to_json())

    @server.tool(annotations=DESTROYS)
    @in_turn
    def memory_delete(
        id: Annotated[str, Field(description="the fact's id (its current version)")],
        erase: Annotated[
            bool,
            Field(
                description="also remove the text of every version from the store for good "
                "(a privacy request); cannot be undone"
            ),
        ] = False,
    ) -> t.CallToolResult:
        """Delete a fact: it leaves search, lists and the digest and stays in its history.
        With `erase`, the text of every version is removed from the store."""
        try:
            if not erase:
                fact = store.delete(id)
                return _result(f"deleted {fact.id}", {"deleted": [fact.id]})
            result = store.erase(id)
        except EngramError as exc:
            raise _fail(exc) from None
        text = f"erased the text of {len(result['erased'])} versions of {id}"
        if result["derived"]:
            text += f"; facts that copy its words were kept: {', '.join(result['derived'])}"
        return _result(text, result)

    @server.tool(annotations=DESTROYS)
    @in_turn
    def memory_delete_all(
        scope: Annotated[Scope, Field(description="the scope whose active facts are deleted")],
        scope_key: Annotated[
            str | None, Field(description="only this user or run id's facts")
        ] = None,
        all_keys: Annotated[
            bool, Field(description="every key of the scope (needed without scope_key)")
        ] = False,
    ) -> t.CallToolResult:
        """Delete every active fact of a scope and key; they stay in their histories."""
        if (scope_key is None) == (not all_keys):
            raise ToolError("give scope_key, or all_keys=true for every key of the scope")
        try:
            ids = store.delete_all(scope=scope, scope_key=scope_key)
        except EngramError as exc:
            raise _fail(exc) from None
        where = scope + (f":{scope_key}" if scope_key is not None else " (every key)")
        # (a key the agent sent may hold a secret: the answer does not say it back)
        return _result(shown_text(f"deleted {len(ids)} facts of {where}"), {"deleted": ids})

    @server.tool(annotations=WRITES)
    @in_turn
    def memory_graph(
        action: Annotated[Literal["add", "query", "list"], Field(description="what to do")],
        name: Annotated[str | None, Field(description="add: the node's name")] = None,
        type: Annotated[
            str,
            Field(
                description="add/list: person, company, project, technology, "
                "role, location, event, product or other"
            ),
        ] = "other",
        aliases: Annotated[list[str], Field(description="add: other names")] = [],  # noqa: B006
        relate: Annotated[
            list[str] | None, Field(description="add: [relation, target name] to link the node")
        ] = None,
        question: Annotated[
            str | None,
            Field(description="query: a question in words, e.g. 'who works at companies in Kazan'"),
        ] = None,
        start: Annotated[
            str | None, Field(description="query: a start node for a structured query")
        ] = None,
        relations: Annotated[
            list[str] | None, Field(description="query: relations to follow")
        ] = None,
        hops: Annotated[int, Field(description="query: 1 to 4", ge=1, le=4)] = 1,
        target_type: Annotated[str | None, Field(description="query: type of the answers")] = None,
        limit: Annotated[int, Field(description="list: how many nodes", ge=1, le=1000)] = 100,
    ) -> t.CallToolResult:
        """The entity graph: add a node (and relate it), query it (a question or a start node),
        or list nodes."""
        graph = store.graph
        try:
            if action == "add":
                if not name:
                    raise ToolError("add needs a name")
                if relate is not None and len(relate) != 2:
                    raise ToolError("relate needs [relation, target name]")
                node, edge = graph.add_related(
                    name, type, aliases, relate=(relate[0], relate[1]) if relate else None
                )
                if node_reason(node):  # an older entity this name matched: not shown
                    withheld = split_nodes([node])[1]
                    return _result(withheld_note(1, "entity"), {"node": None, "withheld": withheld})
                data = {"node": node.to_json(), "edge": edge.to_json() if edge else None}
                return _result(f"{node.id} {node.name} ({node.type})", data)
            if action == "list":
                nodes, withheld = split_nodes(
                    graph.list(None if type == "other" and not name else type, limit)
                )
                lines = [f"{n.id} {n.name} ({n.type})" for n in nodes]
                lines += [withheld_note(len(withheld), "entity")] if withheld else []
                return _result(
                    "\n".join(lines) or "no nodes",
                    {"nodes": [n.to_json() for n in nodes], "withheld": withheld},
                )
            if question:
                answer = graph.ask(question)
                answer.paths, count = split_paths(answer.paths)
                answer.answers = split_nodes(answer.answers)[0]
                lines = [str(p) for p in answer.paths] or [answer.message or "no answers"]
                lines += [withheld_note(count, "path")] if count else []
                return _result("\n".join(lines), {**answer.to_json(), "withheld_paths": count})
            if not start:
                raise ToolError("query needs a question or a start node")
            paths, count = split_paths(graph.query(start, relations, hops, target_type))
            lines = [str(p) for p in paths] or ["no paths"]
            lines += [withheld_note(count, "path")] if count else []
            return _result(
                "\n".join(lines), {"paths": [p.to_json() for p in paths], "withheld_paths": count}
            )
        except EngramError as exc:
            raise _fail(exc) from None

    @server.tool(annotations=READ_ONLY)
    @checked
    def engram_load(
        task: Annotated[str | None, Field(description="the task, in plain words")] = None,
        ids: Annotated[
            list[str] | None, Field(description="fetch these memories' full bodies instead")
        ] = None,
        mode: Annotated[
            Literal["compact", "full", "all"], Field(description="compact (tiered), full or all")
        ] = "compact",
        budget_tokens: Annotated[
            int | None, Field(description="cap the pack's tokens (not with ids)", ge=50)
        ] = None,
        cwd: Annotated[
            str | None, Field(description="the project folder (default: the server's)")
        ] = None,
    ) -> t.CallToolResult:
        """Route a task to memory files: the same tiered pack as `engram load` (or full bodies
        by id, which counts as a fetch)."""
        from engram.render.pack import render_text

        try:
            with workspace(cwd) as ws:
                if ids and budget_tokens is not None:
                    raise ToolError(
                        "budget_tokens does not apply to ids: a fetch returns whole bodies; "
                        "leave it out, or route a task within it"
                    )
                if ids:
                    pack = ws.fetch(ids)
                elif task:
                    pack = ws.load(task, mode=mode, budget_tokens=budget_tokens)
                else:
                    raise ToolError("give a task or ids")
                return _text(render_text(pack))
        except EngramError as exc:
            raise _fail(exc) from None

    @server.tool(annotations=READ_ONLY)
    @checked
    def skill_get(
        name: Annotated[str, Field(description="a skill's id, or words describing it")],
        cwd: Annotated[str | None, Field(description="the project folder")] = None,
    ) -> t.CallToolResult:
        """A skill's body by id or best match."""
        from engram.skills import get_skill

        try:
            with workspace(cwd) as ws:
                found = get_skill(ws, name)
        except EngramError as exc:
            raise _fail(exc) from None
        if found is None:
            raise ToolError(f"no skill matches {quoted(name)}")
        return _text(f"### {found[0]}\n{found[1]}")

    @server.tool(annotations=WRITES)
    @checked
    def skill_create_from_experience(
        title: Annotated[str, Field(description="what the skill does, as a short imperative")],
        steps: Annotated[list[str], Field(description="the steps, in order", min_length=1)],
        context: Annotated[str, Field(description="when and why it is needed (for people)")] = "",
        tags: Annotated[list[str], Field(description="tags")] = [],  # noqa: B006
        sources: Annotated[list[str], Field(description="project files it came from")] = [],  # noqa: B006
        cwd: Annotated[str | None, Field(description="the project folder")] = None,
    ) -> t.CallToolResult:
        """Write a skill memory file from experience; `engram load` routes it from then on."""
        from engram.files.discovery import find_workspace
        from engram.skills import create_from_experience

        root = find_workspace(_folder(cwd, home))
        if root is None:
            raise ToolError("no .agents/.engram workspace here: run `engram init` in the project")
        try:
            path = create_from_experience(
                title, steps, context, tags, workspace_root=root, sources=sources
            )
        except EngramError as exc:
            raise _fail(exc) from None
        return _result(f"wrote {path}", {"path": str(path)})

    return server


def serve(db: str | Path | None = None) -> None:
    """Run the SDK server on stdio until the client hangs up (logs go to stderr only).

    `engram mcp` runs it behind `front.serve`, which answers the handshake first."""
    from engram.config import load_config
    from engram.files.discovery import find_workspace
    from engram.store.db import resolve_db

    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    config = load_config(find_workspace())
    store = MemoryStore.open(resolve_db(str(db) if db else None, config), config=config)
    store._fold()  # warm the index before the first search (a database may need none)
    try:
        build_server(store).run()
    finally:
        store.close()
