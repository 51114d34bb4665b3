"""A fake model server for the agent hosts: it records every request and gives short answers.

It speaks just enough of three protocols for a headless host run:

- Anthropic Messages (`POST /v1/messages`, SSE when `stream` is set) for Claude Code;
- OpenAI Responses (`POST /v1/responses`, SSE) for Codex CLI;
- Gemini (`POST …:generateContent` and `…:streamGenerateContent`) for Gemini CLI.

The script is fixed. With `--touch FILE` the first answer is a call of the host's file tool
(`Read`, `read_file` or `apply_patch`) on that file; with `--fetch ID` the next one fetches that
memory's body through Engram's `engram_load` MCP tool (in Codex, whose MCP tools are deferred,
after a `tool_search` that finds it); then a short final text. The number of tool results in
the conversation says which step it is. Each request is appended as one JSON line (`time`,
`path`, `body`) to the `--log` file.

Stdlib only: it also runs as a script, inside the host's network namespace, in front of the
host command (`python fakemodel.py --port P --log F [--touch FILE] [--fetch ID] -- host …`).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ANSWER = "All done."
PATCH_NOTE = "# reviewed\n"


class Script:
    """What the model answers: the tool calls asked for, one a turn, then text."""

    def __init__(self, touch: str | None = None, fetch: str | None = None) -> None:
        self.touch, self.fetch = touch, fetch
        self.answer = ANSWER

    def tool_call(self, offered: set[str], results: int) -> tuple[str, Any] | None:
        """(tool name, arguments) to call after `results` tool results, or None to answer."""
        file = self.file_call(offered)
        calls = ([file] if file else []) + self.fetch_calls(offered)
        return calls[results] if results < len(calls) else None

    def fetch_calls(self, offered: set[str]) -> list[tuple[str, Any]]:
        if not self.fetch:
            return []
        args = {"ids": [self.fetch]}
        # Claude Code names MCP tools mcp__<server>__<tool>, Gemini CLI mcp_<server>_<tool>.
        for name in ("mcp__engram__engram_load", "mcp_engram_engram_load"):
            if name in offered:
                return [(name, args)]
        if "tool_search" in offered:  # Codex defers MCP tools: find it, then call it by namespace
            return [("tool_search", {"query": "engram load memory", "limit": 8}),
                    ("mcp__engram.engram_load", args)]  # fmt: skip
        return []

    def file_call(self, offered: set[str]) -> tuple[str, Any] | None:
        if not self.touch:
            return None
        if "Read" in offered:  # Claude Code
            return "Read", {"file_path": self.touch}
        if "read_file" in offered:  # Gemini CLI
            return "read_file", {"file_path": self.touch}
        if "apply_patch" in offered:  # Codex: appending a line touches the file
            last = Path(self.touch).read_text(encoding="utf-8").splitlines()[-1]
            patch = (
                f"*** Begin Patch\n*** Update File: {self.touch}\n@@\n {last}\n"
                f"+{PATCH_NOTE}*** End Patch\n"
            )
            return "apply_patch", patch
        return None


def sse(events: list[tuple[str | None, dict[str, Any]]]) -> Iterator[bytes]:
    for name, data in events:
        head = f"event: {name}\n" if name else ""
        yield f"{head}data: {json.dumps(data)}\n\n".encode()


# -- Anthropic Messages ---------------------------------------------------------------------


def anthropic(body: dict[str, Any], script: Script) -> tuple[dict[str, Any], list[Any]]:
    """The whole message, and the SSE events that stream it."""
    offered = {t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)}
    results = sum(
        isinstance(block, dict) and block.get("type") == "tool_result"
        for message in body.get("messages") or []
        if isinstance(message.get("content"), list)
        for block in message["content"]
    )
    call = script.tool_call(offered, results)
    if call:
        block = {"type": "tool_use", "id": f"toolu_e2e{results}", "name": call[0], "input": call[1]}
        delta = {"type": "input_json_delta", "partial_json": json.dumps(call[1])}
        start = {**block, "input": {}}
        stop = "tool_use"
    else:
        block = {"type": "text", "text": script.answer}
        delta = {"type": "text_delta", "text": script.answer}
        start = {"type": "text", "text": ""}
        stop = "end_turn"
    usage = {"input_tokens": 10, "output_tokens": 5}
    message = {"id": "msg_e2e", "type": "message", "role": "assistant",
               "model": body.get("model", "fake"), "content": [block],
               "stop_reason": stop, "stop_sequence": None, "usage": usage}  # fmt: skip
    events = [
        ("message_start", {"type": "message_start",
                           "message": {**message, "content": [], "stop_reason": None}}),
        ("content_block_start", {"type": "content_block_start", "index": 0,
                                 "content_block": start}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("message_delta", {"type": "message_delta",
                           "delta": {"stop_reason": stop, "stop_sequence": None},
                           "usage": {"output_tokens": 5}}),
        ("message_stop", {"type": "message_stop"}),
    ]  # fmt: skip
    return message, events


# -- OpenAI Responses -----------------------------------------------------------------------


def responses(body: dict[str, Any], script: Script) -> list[Any]:
    """The SSE events of one response."""
    tools = {
        t.get("name") or t.get("type"): t for t in body.get("tools") or [] if isinstance(t, dict)
    }
    items = body.get("input") if isinstance(body.get("input"), list) else []
    results = sum(isinstance(i, dict) and str(i.get("type", "")).endswith("_output") for i in items)
    call = script.tool_call(set(tools), results)
    ids = {"id": f"item_e2e{results}", "call_id": f"call_e2e{results}", "status": "completed"}
    if call and call[0] == "tool_search":  # runs in Codex ("client"), answered with the tools
        item = {"type": "tool_search_call", **ids, "execution": "client", "arguments": call[1]}
    elif call and (tools.get(call[0]) or {}).get("type") == "custom":  # takes raw text
        item = {"type": "custom_tool_call", **ids, "name": call[0], "input": call[1]}
    elif call:
        namespace, _, name = call[0].rpartition(".")
        item = {"type": "function_call", **ids, "name": name, "arguments": json.dumps(call[1])}
        item.update({"namespace": namespace} if namespace else {})
    else:
        item = {"type": "message", "id": "msg_e2e", "role": "assistant", "status": "completed",
                "content": [{"type": "output_text", "text": script.answer,
                             "annotations": []}]}  # fmt: skip
    response = {"id": "resp_e2e", "object": "response", "status": "completed",
                "model": body.get("model", "fake"), "output": [item],
                "usage": {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15,
                          "input_tokens_details": {"cached_tokens": 0},
                          "output_tokens_details": {"reasoning_tokens": 0}}}  # fmt: skip
    return [
        ("response.created", {"type": "response.created",
                              "response": {**response, "status": "in_progress", "output": []}}),
        ("response.output_item.done", {"type": "response.output_item.done",
                                       "output_index": 0, "item": item}),
        ("response.completed", {"type": "response.completed", "response": response}),
    ]  # fmt: skip


# -- Gemini ---------------------------------------------------------------------------------


def gemini(body: dict[str, Any], script: Script) -> dict[str, Any]:
    """One generateContent response (a stream sends it as its only chunk)."""
    offered = {
        d.get("name")
        for tool in body.get("tools") or []
        for d in (tool.get("functionDeclarations") or [] if isinstance(tool, dict) else [])
    }
    results = sum(
        isinstance(part, dict) and "functionResponse" in part
        for content in body.get("contents") or []
        for part in content.get("parts") or []
    )
    call = script.tool_call(offered, results)
    config = body.get("generationConfig") or {}
    if call:
        parts: list[dict[str, Any]] = [{"functionCall": {"name": call[0], "args": call[1]}}]
    elif config.get("responseMimeType") == "application/json":
        # Gemini CLI's helper calls (model routing, next speaker) want JSON of a schema.
        schema = config.get("responseJsonSchema") or config.get("responseSchema") or {}
        parts = [{"text": json.dumps(fill(schema))}]
    else:
        parts = [{"text": script.answer}]
    return {
        "candidates": [{"content": {"role": "model", "parts": parts},
                        "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5,
                          "totalTokenCount": 15},
        "modelVersion": "fake",
    }  # fmt: skip


def fill(schema: dict[str, Any]) -> Any:
    """The smallest value a JSON schema (Gemini's upper-case types too) accepts."""
    if schema.get("enum"):
        return schema["enum"][0]
    kind = str(schema.get("type", "object")).lower()
    if kind == "object":
        props = schema.get("properties") or {}
        return {name: fill(props.get(name) or {}) for name in schema.get("required") or props}
    return {"string": "fake", "integer": 1, "number": 1, "boolean": False, "array": []}.get(kind)


# -- the server -----------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    server: FakeModelServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        self.server.record(self.path, None)
        if self.path.split("?")[0].endswith("/models"):
            self._json({"object": "list", "data": [], "models": []})
        else:
            self._json({"error": {"message": "not here"}}, status=404)

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"raw": raw.decode("utf-8", "replace")}
        self.server.record(self.path, body)
        path, script = self.path.split("?")[0], self.server.script
        if path.endswith("/messages/count_tokens"):
            self._json({"input_tokens": 10})
        elif path.endswith("/messages"):
            message, events = anthropic(body, script)
            self._sse(events) if body.get("stream") else self._json(message)
        elif path.endswith("/responses"):
            self._sse(responses(body, script))
        elif path.endswith(":streamGenerateContent"):
            self._sse([(None, gemini(body, script))])
        elif path.endswith(":generateContent"):
            self._json(gemini(body, script))
        elif path.endswith(":countTokens"):
            self._json({"totalTokens": 10})
        else:
            self._json({"error": {"message": f"no fake for {path}"}}, status=404)

    def _json(self, data: dict[str, Any], status: int = 200) -> None:
        payload = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def _sse(self, events: list[Any]) -> None:
        payload = b"".join(sse(events))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


class FakeModelServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, log: Path, script: Script) -> None:
        super().__init__(("127.0.0.1", port), Handler)
        self.log, self.script = log, script
        self.lock = threading.Lock()

    def record(self, path: str, body: Any) -> None:
        with self.lock, self.log.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"time": time.time(), "path": path, "body": body}) + "\n")


def read_log(log: Path) -> list[dict[str, Any]]:
    """The recorded requests, in order."""
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--log", type=Path, required=True)
    parser.add_argument("--touch", help="the file the model asks the host to read (or patch)")
    parser.add_argument("--fetch", help="a memory id the model fetches with engram_load")
    parser.add_argument("--lo-up", action="store_true", help="bring up lo first (a new netns)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.lo_up:
        subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    server = FakeModelServer(args.port, args.log, Script(args.touch, args.fetch))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    try:
        return subprocess.run(command).returncode
    finally:
        server.shutdown()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
