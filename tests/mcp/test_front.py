"""`engram mcp` over real stdio: the handshake answered before the SDK loads, the SDK server
behind it, a server that cannot start, and signals."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engram
from engram.mcp import handshake

HELLO = {"protocolVersion": "2025-06-18", "capabilities": {},
         "clientInfo": {"name": "test", "version": "1"}}  # fmt: skip
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


class Server:
    """A running `engram mcp` process, spoken to one JSON-RPC line at a time."""

    def __init__(self, db: Path, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "engram", "mcp", "--db", str(db)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
        )  # fmt: skip

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def request(self, id: int, method: str, params: dict[str, Any] | None = None) -> None:
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params or {}})

    def receive(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, self.process.stderr.read() if self.process.stderr else "no output"
        message: dict[str, Any] = json.loads(line)
        return message

    def ask(self, id: int, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.request(id, method, params)
        return self.receive()

    def close(self) -> tuple[int, str]:
        """Close stdin; the exit code and stderr."""
        _, err = self.process.communicate(timeout=60)
        return self.process.returncode, err.decode()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "front.db")
    yield running
    running.stop()


def test_initialize_answers_with_the_package_version(server: Server) -> None:
    result = server.ask(1, "initialize", HELLO)["result"]
    assert result["serverInfo"] == {"name": "engram", "version": engram.__version__}
    assert result["protocolVersion"] == "2025-06-18"


def test_a_protocol_version_the_sdk_does_not_speak_gets_its_latest(server: Server) -> None:
    result = server.ask(1, "initialize", {**HELLO, "protocolVersion": "1999-01-01"})["result"]
    assert result["protocolVersion"] == handshake.recording()["latest"]


def test_tools_are_listed_and_called_through_the_sdk_server(server: Server) -> None:
    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    tools = server.ask(2, "tools/list")["result"]["tools"]
    assert "memory_search" in {tool["name"] for tool in tools}
    found = server.ask(3, "tools/call", {"name": "memory_search", "arguments": {"query": "x"}})
    assert found["result"]["content"] == [{"type": "text", "text": "no results"}]
    assert server.close() == (0, "")


def test_the_handshake_needs_no_sdk(tmp_path: Path) -> None:
    """With an SDK whose import never ends, the client still gets its handshake and tools."""
    stuck = tmp_path / "stuck"
    (stuck / "mcp").mkdir(parents=True)
    (stuck / "mcp" / "__init__.py").write_text("import threading\nthreading.Event().wait()\n")
    paths = os.pathsep.join([str(stuck), *sys.path])
    server = Server(tmp_path / "front.db", env={"PYTHONPATH": paths})
    try:
        assert server.ask(1, "initialize", HELLO)["result"]["serverInfo"]["name"] == "engram"
        server.send(INITIALIZED)
        assert server.ask(2, "tools/list")["result"]["tools"]
        assert server.ask(3, "ping") == {"jsonrpc": "2.0", "id": 3, "result": {}}
    finally:
        server.stop()


def test_a_malformed_initialize_is_the_sdk_servers_to_refuse(server: Server) -> None:
    answer = server.ask(1, "initialize", {"protocolVersion": "2025-06-18"})
    assert answer["error"]["code"] == -32602  # invalid params, from the SDK server


@pytest.mark.parametrize(
    ("change", "answered_id"),
    [
        ({"params": "memory_search"}, 2),
        ({"params": ["memory_search"]}, 2),
        ({"jsonrpc": "1.0"}, 2),
        ({"method": 5}, 2),
        ({"id": 2.5}, 2.5),
        ({"id": True}, None),
    ],
)
def test_a_request_the_sdk_cannot_read_is_answered_with_an_error_not_left_waiting(
    server: Server, change: dict[str, Any], answered_id: object
) -> None:
    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    server.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {}} | change)
    answer = server.receive()
    assert answer["id"] == answered_id and answer["error"]["code"] == -32600
    assert "Invalid Request" in answer["error"]["message"]
    found = server.ask(3, "tools/call", {"name": "memory_search", "arguments": {"query": "x"}})
    assert found["result"]["content"] == [{"type": "text", "text": "no results"}]


@pytest.mark.parametrize(
    ("line", "code"),
    [(b"{not json\n", -32700), (b'"hello"\n', -32600), (b"42\n", -32600)],
)
def test_a_line_that_is_no_request_is_answered_with_an_error_of_no_id(
    server: Server, line: bytes, code: int
) -> None:
    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    assert server.process.stdin is not None
    server.process.stdin.write(line)
    server.process.stdin.flush()
    answer = server.receive()
    assert answer["id"] is None and answer["error"]["code"] == code
    found = server.ask(3, "tools/call", {"name": "memory_search", "arguments": {"query": "x"}})
    assert found["result"]["content"] == [{"type": "text", "text": "no results"}]


def test_a_blank_line_is_passed_over(server: Server) -> None:
    server.ask(1, "initialize", HELLO)
    assert server.process.stdin is not None
    server.process.stdin.write(b"\n  \n")
    server.process.stdin.flush()
    assert server.ask(2, "ping")["result"] == {}


def test_a_store_that_cannot_open_answers_each_request_with_the_reason(tmp_path: Path) -> None:
    server = Server(tmp_path)  # a folder, not a store file
    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    for id in (2, 3):
        answer = server.ask(id, "tools/call", {"name": "memory_search", "arguments": {}})
        message = answer["error"]["message"]
        assert "could not run:" in message and "is a folder, not a memory store file" in message
    code, err = server.close()
    assert code == 0 and "memory store" in err and "Traceback" not in err
    server.stop()


def test_a_store_folder_that_is_not_there_is_refused_at_start_and_not_made(
    tmp_path: Path,
) -> None:
    missing = tmp_path / "typo" / "memory.db"
    server = Server(missing)
    code, err = server.close()
    assert code == 2 and err.splitlines()[0] == (
        f"engram: error: no folder {missing.parent} for the new memory store {missing}"
    )
    assert not missing.parent.exists()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_ends_the_server_quietly(server: Server, signum: int) -> None:
    server.ask(1, "initialize", HELLO)
    server.process.send_signal(signum)
    assert server.close() == (0, "")


def test_the_recording_is_what_the_sdk_server_answers() -> None:
    """After a tool changes: `python -m engram.mcp.handshake` records it again."""
    assert handshake.record() == handshake.recording()


def test_each_request_of_a_batch_is_answered_with_an_error_not_left_waiting(
    server: Server,
) -> None:
    """The SDK server drops a batch unanswered (MCP has none since 2025-06-18)."""
    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    assert server.process.stdin is not None
    batch = [{"jsonrpc": "2.0", "id": 2, "method": "ping"}, INITIALIZED,
             {"jsonrpc": "2.0", "id": "b", "method": "tools/list"}]  # fmt: skip
    server.process.stdin.write((json.dumps(batch) + "\n").encode())
    server.process.stdin.flush()
    answers = [server.receive(), server.receive()]
    assert [a["id"] for a in answers] == [2, "b"]
    assert all(a["error"]["code"] == -32600 for a in answers)
    assert "send one message a line" in answers[0]["error"]["message"]
    assert server.ask(3, "ping")["result"] == {}


def test_an_empty_batch_is_answered_with_an_error_of_no_id(server: Server) -> None:
    server.ask(1, "initialize", HELLO)
    assert server.process.stdin is not None
    server.process.stdin.write(b"[]\n")
    server.process.stdin.flush()
    answer = server.receive()
    assert answer["id"] is None and answer["error"]["code"] == -32600
    assert server.ask(2, "ping")["result"] == {}


def test_a_message_with_an_id_but_no_method_or_result_is_answered_with_an_error(
    server: Server,
) -> None:
    server.ask(1, "initialize", HELLO)
    server.send({"jsonrpc": "2.0", "id": 7})
    answer = server.receive()
    assert answer["id"] == 7 and answer["error"]["code"] == -32600
    assert '"method"' in answer["error"]["message"]
    assert server.ask(2, "ping")["result"] == {}


def test_a_line_longer_than_the_limit_is_answered_under_its_id_and_skipped(
    server: Server,
) -> None:
    from engram.mcp.front import MAX_LINE

    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    arguments = {"query": "x" * (MAX_LINE + 10)}
    huge = {"jsonrpc": "2.0", "id": 5, "method": "tools/call",
            "params": {"name": "memory_search", "arguments": arguments}}  # fmt: skip
    server.send(huge)
    answer = server.receive()
    assert answer["id"] == 5 and answer["error"]["code"] == -32600
    assert "longer than" in answer["error"]["message"]
    found = server.ask(6, "tools/call", {"name": "memory_search", "arguments": {"query": "x"}})
    assert found["result"]["content"] == [{"type": "text", "text": "no results"}]


def write_line(server: Server, line: bytes) -> None:
    assert server.process.stdin is not None
    server.process.stdin.write(line + b"\n")
    server.process.stdin.flush()


def nested(levels: int) -> str:
    """A search call whose query is the deepest of `levels` levels (the message counting one)."""
    inner = levels - 3  # the message, its params and its arguments
    query = "[" * inner + "]" * inner
    return ('{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": '
            f'"memory_search", "arguments": {{"query": {query}}}}}}}')  # fmt: skip


def test_a_message_nested_past_pythons_recursion_limit_is_answered_under_its_id(
    server: Server,
) -> None:
    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    write_line(server, nested(1000).encode())
    answer = server.receive()
    assert answer["id"] == 4 and answer["error"]["code"] == -32600
    assert "nested deeper than" in answer["error"]["message"]
    assert server.ask(5, "ping")["result"] == {}


def test_a_message_nested_past_the_sdks_limit_is_answered_not_dropped(server: Server) -> None:
    from engram.mcp.front import MAX_DEPTH

    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    write_line(server, nested(MAX_DEPTH + 1).encode())
    answer = server.receive()
    assert answer["id"] == 4 and answer["error"]["code"] == -32600
    assert server.ask(5, "ping")["result"] == {}


def test_a_message_nested_as_deep_as_the_sdk_reads_is_served(server: Server) -> None:
    """Deep, but within the limit: the SDK server answers it (a schema error for the query)."""
    from engram.mcp.front import MAX_DEPTH

    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    write_line(server, nested(MAX_DEPTH).encode())
    answer = server.receive()
    assert answer["id"] == 4 and answer["result"]["isError"]


def test_max_depth_is_the_deepest_message_the_sdk_parser_reads() -> None:
    from mcp_types import jsonrpc_message_adapter
    from pydantic import ValidationError

    from engram.mcp.front import MAX_DEPTH, depth

    jsonrpc_message_adapter.validate_json(nested(MAX_DEPTH))
    with pytest.raises(ValidationError, match="recursion limit"):
        jsonrpc_message_adapter.validate_json(nested(MAX_DEPTH + 1))
    assert depth(json.loads(nested(MAX_DEPTH))) == MAX_DEPTH


def test_a_lone_surrogate_is_answered_with_an_error_naming_the_argument_and_item(
    server: Server,
) -> None:
    """The SDK's parser drops a message holding a lone surrogate escape unanswered."""
    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    facts = ["The deploy server lives at 10.2.2.2 now", "Release notes mention a rocket \ud83d"]
    arguments = {"scope": "agent", "facts": facts}
    answer = server.ask(2, "tools/call", {"name": "memory_absorb", "arguments": arguments})
    assert answer["id"] == 2 and answer["error"]["code"] == -32600
    assert answer["error"]["message"].startswith(
        "Invalid Request: argument facts item 1 holds a lone surrogate"
    )
    assert server.ask(3, "ping")["result"] == {}


def test_a_surrogate_pair_is_passed_on_as_the_character_it_spells(server: Server) -> None:
    """json.dumps writes the rocket as the escapes of its pair: "\\ud83d\\ude80"."""
    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    arguments = {"query": "rocket \U0001f680"}
    found = server.ask(2, "tools/call", {"name": "memory_search", "arguments": arguments})
    assert found["result"]["content"] == [{"type": "text", "text": "no results"}]


def test_a_byte_order_mark_before_a_request_is_passed_over(server: Server) -> None:
    server.ask(1, "initialize", HELLO)
    server.send(INITIALIZED)
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "memory_search", "arguments": {"query": "x"}}}  # fmt: skip
    write_line(server, b"\xef\xbb\xbf" + json.dumps(call).encode())
    assert server.receive()["result"]["content"] == [{"type": "text", "text": "no results"}]
