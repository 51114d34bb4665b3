"""`engram mcp`: the MCP server on stdio, with the handshake answered before the SDK loads.

Importing the MCP SDK (pydantic models of every protocol type) takes about a second, more on a
busy machine, and hosts do not wait for a slow server: Codex leaves its tools out, Claude Code
offers them only from its second request. So this front door answers `initialize`, `tools/list`
and `ping` itself, from what the SDK answered when it was recorded (`handshake.py`), while a
thread imports the SDK, opens the fact store and runs the SDK server (`server.serve`) unchanged.
That server reads and writes its own stdio, which are pipes from and to this front door:

    client ──stdin──▶ front ──pipe──▶ SDK server ──pipe──▶ front ──stdout──▶ client

The client's `initialize` is passed on too (under an id of the front's own, whose answer is
dropped), so the SDK server knows the client. Anything but a well-formed `initialize` as the
first request — a client of the stateless protocol era — is passed through untouched.

The SDK server drops, unanswered, a line that is no JSON-RPC 2.0 message it can read. So a
request whose envelope it would drop (`jsonrpc` not "2.0", an id neither a string nor an
integer, a method not a string, params not an object) is answered here with Invalid Request,
rather than left for the client to wait on; a line without an id has no one to answer. So is
a request whose JSON the SDK's parser refuses though Python's reads it: nested deeper than the
SDK's limit, or holding a lone surrogate escape ("\\ud83d"). A byte-order mark before a line is
dropped, as JSON allows a reader to, and the rest passed on.

When the server cannot start (a locked or damaged store, say), every request waiting for it and
every later one gets a JSON-RPC error naming the problem. SIGINT and SIGTERM end the process at
once and quietly: the fact store's writes are transactions, so nothing is left half-written.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from engram.mcp import handshake

# The longest message line read whole (a batch of facts to absorb is far shorter). A longer
# one is answered with an error and its rest skipped as it comes, never held: read whole, a
# 50 MB line took 500 MB of memory and 20 s.
MAX_LINE = 8 * 1024 * 1024
REPLAY_ID = "engram-front:initialize"  # the id the client's initialize is passed on under
DONE = b'"engram-front:done"\n'  # written after the SDK server's last line: the pump stops
# The deepest nesting the SDK's parser (pydantic's jiter) reads, the outermost object counting
# one: it drops a deeper message unanswered. Python's parser stops near its recursion limit, so
# a message nested about 1,000 deep must be caught as a RecursionError, not a ValueError.
MAX_DEPTH = 201
INTERNAL_ERROR = -32603
INVALID_REQUEST = -32600
PARSE_ERROR = -32700


class Front:
    """The state shared by the thread reading the client, the one forwarding the SDK server's
    lines, and the one running the server."""

    def __init__(self, wire_out: IO[bytes], to_server: int, done_fd: int) -> None:
        self.wire_out = wire_out
        self.to_server = to_server  # the write end of the server's stdin
        self.done_fd = done_fd  # a write end of the server's stdout, for DONE
        self.write_lock = threading.Lock()
        self.state = threading.Condition()
        self.waiting: dict[str, object] = {}  # requests the server has yet to answer, by id
        self.failure: str | None = None
        self.drained = False  # every line of the server's has been forwarded
        self.opened = False  # the first request has been seen
        self.through = False  # pass everything through (no handshake of ours)
        self.version = ""

    # -- to the client -------------------------------------------------------------------------
    def send(self, line: bytes) -> None:
        with self.write_lock:
            try:
                self.wire_out.write(line)
                self.wire_out.flush()
            except OSError:  # the client has gone: nobody is left to answer
                os._exit(0)

    def reply(
        self,
        id: object,
        result: dict[str, Any] | None = None,
        error: str = "",
        code: int = INTERNAL_ERROR,
    ) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": id}
        if error:
            message["error"] = {"code": code, "message": error}
        else:
            message["result"] = result
        self.send((json.dumps(message, ensure_ascii=False) + "\n").encode())

    # -- from the client -----------------------------------------------------------------------
    def from_client(self, line: bytes) -> None:
        if not line.strip():
            return  # a blank line between messages
        line = line.removeprefix(codecs.BOM_UTF8)  # the SDK's parser refuses the whole line
        try:
            message = json.loads(line)
        except ValueError:  # JSON-RPC's answer to what is not JSON, with no id to answer
            self.reply(None, error="Parse error: the line is not JSON", code=PARSE_ERROR)
            return
        except RecursionError:  # the request cannot be read, but its id may be
            self.reply(head_id(line), error=TOO_DEEP, code=INVALID_REQUEST)
            return
        if isinstance(message, list):
            self.refuse_batch(message)
            return
        if not isinstance(message, dict):
            self.reply(None, error="Invalid Request: not a JSON object", code=INVALID_REQUEST)
            return
        if "id" in message and not {"method", "result", "error"} & message.keys():
            # neither a request nor an answer: the SDK would drop it, and its sender wait
            why = 'Invalid Request: "method" is missing'
            self.reply(echoed_id(message["id"]), error=why, code=INVALID_REQUEST)
            return
        sdk_refuses = unparsable(line, message)
        if sdk_refuses:  # dropped by the SDK: answered here when it is a request
            if "method" in message and "id" in message:
                self.reply(echoed_id(message["id"]), error=sdk_refuses, code=INVALID_REQUEST)
            return
        if "method" in message and "id" in message:
            invalid = unreadable(message)
            if invalid:
                self.reply(echoed_id(message["id"]), error=invalid, code=INVALID_REQUEST)
                return
            if self.answer(message):
                return
            with self.state:
                if self.failure is not None:
                    self.reply(message["id"], error=self.failure)
                    return
                self.waiting[json.dumps(message["id"])] = message["id"]
        self.to_sdk(line)

    def refuse_long(self, head: bytes) -> None:
        """Answer a line longer than MAX_LINE, under the id its first bytes give if they give
        one before the params (so the client is not left waiting), else with no id."""
        size = MAX_LINE // (1024 * 1024)
        why = f"Invalid Request: a message longer than {size} MB; send less in one call"
        self.reply(head_id(head), error=why, code=INVALID_REQUEST)

    def refuse_batch(self, batch: list[Any]) -> None:
        """The SDK server drops a batch (MCP has had none since 2025-06-18) unanswered: each
        request in it gets Invalid Request under its own id, an empty one a single error."""
        why = "Invalid Request: batches are not supported; send one message a line"
        requests = [m for m in batch if isinstance(m, dict) and "method" in m and "id" in m]
        for request in requests:
            self.reply(echoed_id(request["id"]), error=why, code=INVALID_REQUEST)
        if not batch:
            self.reply(None, error=why, code=INVALID_REQUEST)

    def answer(self, request: dict[str, Any]) -> bool:
        """Answer a request without the server; False when it is the server's to answer."""
        method, params = request["method"], request.get("params")
        if not self.opened:
            self.opened = True
            version = handshake.negotiate(params) if method == "initialize" else None
            if version is None:
                self.through = True
                return False
            self.version = version
            self.reply(request["id"], handshake.answer("initialize", version))
            replay = {**request, "id": REPLAY_ID}
            self.to_sdk((json.dumps(replay, ensure_ascii=False) + "\n").encode())
            return True
        if self.through:
            return False
        if method == "tools/list" and not (isinstance(params, dict) and params.get("cursor")):
            self.reply(request["id"], handshake.answer("tools/list", self.version))
            return True
        if method == "ping":
            self.reply(request["id"], {})
            return True
        return False

    def to_sdk(self, line: bytes) -> None:
        if self.failure is not None:
            return
        try:
            os.write(self.to_server, line if line.endswith(b"\n") else line + b"\n")
        except OSError:
            pass  # the server has stopped; its failure answers what waits

    def client_gone(self) -> None:
        """Stdin closed: let the server finish what it was asked, then end."""
        os.close(self.to_server)
        with self.state:
            self.state.wait_for(lambda: not self.waiting or self.drained)

    # -- from the server -----------------------------------------------------------------------
    def pump(self, from_server: IO[bytes]) -> None:
        """Forward the server's lines to the client, except the answer to the replayed
        initialize; anything that is not a JSON-RPC message goes to stderr."""
        for line in from_server:
            if line == DONE:
                break
            try:
                message = json.loads(line)
            except ValueError:
                message = None
            if not isinstance(message, dict | list):
                sys.stderr.buffer.write(line)
                sys.stderr.flush()
                continue
            answered = message.get("id") if isinstance(message, dict) else None
            if "method" in message or answered is None:  # a request, notification or batch
                self.send(line)
                continue
            if answered == REPLAY_ID:
                continue
            self.send(line)
            with self.state:
                self.waiting.pop(json.dumps(answered), None)
                self.state.notify_all()
        with self.state:
            self.drained = True
            self.state.notify_all()

    def run_server(self, db: str | None) -> None:
        try:
            from engram.mcp.server import serve

            serve(db)
        except BaseException as exc:  # the server could not start, or stopped: say why
            self.fail(exc)
        finally:
            os.write(self.done_fd, DONE)

    def fail(self, exc: BaseException) -> None:
        from engram.errors import EngramError, shown_error, shown_message

        if isinstance(exc, EngramError):  # withheld when it quotes a secret or an injection
            why = shown_error(exc)
        else:
            why = f"unexpected {type(exc).__name__}: {shown_message(exc)}"
        message = f"the Engram MCP server could not run: {why}"
        sys.stderr.write(f"engram: error: {message}\n")
        sys.stderr.flush()
        with self.state:
            self.failure = message
            for id in self.waiting.values():
                self.reply(id, error=message)
            self.waiting.clear()
            self.state.notify_all()


def client_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[tuple[bytes, bool]]:
    """(line, whole) for each line the client sends: whole is False for one longer than
    `limit`, given as its first `limit` bytes, its rest read and dropped piece by piece."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line, True
            continue
        rest = line
        while rest and not rest.endswith(b"\n"):
            rest = stream.readline(limit)
        yield line[:limit], False


_ENVELOPE_ID = re.compile(rb'"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")')
# A \u escape of a surrogate (which may be a lone one: a pair is read as one character), or
# the first byte of one written as UTF-8 bytes, which Python's parser reads as a surrogate too.
_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]|\xed")
TOO_DEEP = f"Invalid Request: JSON nested deeper than {MAX_DEPTH} levels; send flatter data"
LONE_SURROGATE = (
    "Invalid Request: {where} holds a lone surrogate (\\ud800-\\udfff), which is not UTF-8 "
    "text; send text as UTF-8"
)
# The argument names of the tools: a path through them is shown, never a metadata key (which
# may be a secret an agent was steered into sending).
_ARGUMENT_NAME = re.compile(r"[a-z_]{1,40}")


def head_id(head: bytes) -> object:
    """The id a line that cannot be read whole gives before its params, else None."""
    found = _ENVELOPE_ID.search(head.split(b'"params"', 1)[0])
    if found is None:
        return None
    try:
        return echoed_id(json.loads(found.group(1)))
    except ValueError:
        return None


def depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deeply `value` nests (a scalar 0, `[]` 1), counted up to just past `limit`; a loop,
    since the value may nest as deep as Python's recursion limit."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack and deepest <= limit:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in item)
    return deepest


def lone_surrogate(value: object) -> list[str | int] | None:
    """The path to the first text or key in `value` holding a lone surrogate, or None."""
    stack: list[tuple[object, list[str | int]]] = [(value, [])]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if not _encodable(item):
                return path
        elif isinstance(item, dict):
            for key, child in item.items():
                if not _encodable(key):
                    return path
                stack.append((child, [*path, key]))
        elif isinstance(item, list):
            stack.extend((child, [*path, index]) for index, child in enumerate(item))
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _where(path: list[str | int]) -> str:
    """Where in a message a path leads, as far as an argument and an item of it."""
    if path[:2] != ["params", "arguments"] or len(path) < 3:
        return "the message"
    name = path[2]
    if not isinstance(name, str) or not _ARGUMENT_NAME.fullmatch(name):
        return "an argument"
    item = path[3] if len(path) > 3 and isinstance(path[3], int) else None
    return f"argument {name}" + (f" item {item}" if item is not None else "")


def unparsable(line: bytes, message: object) -> str:
    """Why the SDK's parser would refuse a line Python's read ('' when it reads it)."""
    # Both counts are cheap and bound the depth from above: most lines skip the walk.
    if line.count(b"[") + line.count(b"{") > MAX_DEPTH and depth(message) > MAX_DEPTH:
        return TOO_DEEP
    if _SURROGATE.search(line):
        path = lone_surrogate(message)
        if path is not None:
            return LONE_SURROGATE.format(where=_where(path))
    return ""


def echoed_id(id: object) -> object:
    """The id an error answers under: the request's when JSON-RPC allows one, else null."""
    known = isinstance(id, str | int | float) and not isinstance(id, bool)
    return id if known else None


def unreadable(request: dict[str, Any]) -> str:
    """Why the SDK server would drop this request unanswered ('' when it reads it): the
    envelope of a JSON-RPC 2.0 request as the SDK's model takes it."""
    id, params = request["id"], request.get("params")
    if request.get("jsonrpc") != "2.0":
        return 'Invalid Request: "jsonrpc" must be "2.0"'
    if not isinstance(id, str | int) or isinstance(id, bool):
        return 'Invalid Request: "id" must be a string or an integer'
    if not isinstance(request["method"], str):
        return 'Invalid Request: "method" must be a string'
    if params is not None and not isinstance(params, dict):
        return 'Invalid Request: "params" must be an object'
    return ""


def _quit(signum: int, frame: object) -> None:
    os._exit(0)


def serve(db: str | Path | None = None) -> None:
    """Run `engram mcp` until the client closes stdin or a signal ends it."""
    signal.signal(signal.SIGTERM, _quit)
    signal.signal(signal.SIGINT, _quit)
    # The client's pipes stay with the front; fd 0 and 1 become pipes to and from the server.
    wire_in = os.fdopen(os.dup(0), "rb")
    wire_out = os.fdopen(os.dup(1), "wb")
    server_in, to_server = os.pipe()
    from_server, server_out = os.pipe()
    os.dup2(server_in, 0)
    os.dup2(server_out, 1)
    os.close(server_in)
    handshake.recording()  # read before the SDK import competes for the interpreter
    front = Front(wire_out, to_server, server_out)
    reader = os.fdopen(from_server, "rb")
    pump = threading.Thread(target=front.pump, args=(reader,), name="mcp-pump", daemon=True)
    server = threading.Thread(
        target=front.run_server, args=(str(db) if db else None,), name="mcp-sdk", daemon=True
    )
    pump.start()
    server.start()
    for line, whole in client_lines(wire_in):
        if not whole:
            front.refuse_long(line)
        elif line.strip():
            front.from_client(line)
    front.client_gone()
    sys.stderr.flush()
    # The SDK import may still be under way, and nothing waits for it: end now.
    os._exit(0)
