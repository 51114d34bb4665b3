"""The SDK's answers to `initialize` and `tools/list`, recorded so that `engram mcp` can give
them before the SDK has loaded (`front.py`).

`handshake.json` holds, for every protocol version the SDK negotiates through `initialize`, the
result the SDK server sends for `initialize` and for `tools/list`. It is data derived from the
code: after a tool, its description or the version changes, record it again with
`python -m engram.mcp.handshake`; a test fails while the recording and the SDK differ.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

RECORDING = Path(__file__).with_name("handshake.json")


@lru_cache(maxsize=1)
def recording() -> dict[str, Any]:
    """The recorded answers: `versions`, `latest`, and `answers[method][version]`."""
    data: dict[str, Any] = json.loads(RECORDING.read_text(encoding="utf-8"))
    return data


def negotiate(params: object) -> str | None:
    """The protocol version the SDK would answer a well-formed `initialize` with (the client's,
    when the SDK speaks it, else its latest); None when the params are not well-formed, so that
    the SDK itself answers with its error."""
    if not isinstance(params, dict):
        return None
    client = params.get("clientInfo")
    requested = params.get("protocolVersion")
    if not (
        isinstance(requested, str)
        and isinstance(params.get("capabilities"), dict)
        and isinstance(client, dict)
        and isinstance(client.get("name"), str)
        and isinstance(client.get("version"), str)
    ):
        return None
    known = recording()
    return requested if requested in known["versions"] else str(known["latest"])


def answer(method: str, version: str) -> dict[str, Any]:
    """The recorded result of `initialize` or `tools/list` at a negotiated version."""
    result: dict[str, Any] = recording()["answers"][method][version]
    return result


# -- recording -------------------------------------------------------------------------------
_SDK_ONLY = "import sys; from engram.mcp.server import serve; serve(sys.argv[1])"


def _request(id: int, method: str, params: dict[str, Any] | None = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return (json.dumps(message) + "\n").encode()


def _exchange(process: subprocess.Popen[bytes], version: str) -> dict[str, Any]:
    """`initialize` at `version`, then `tools/list`, one after the other, as a client would."""
    assert process.stdin is not None and process.stdout is not None
    hello = {"protocolVersion": version, "capabilities": {},
             "clientInfo": {"name": "engram-recorder", "version": "1"}}  # fmt: skip
    results: dict[str, Any] = {}
    for n, (method, params) in enumerate((("initialize", hello), ("tools/list", None)), 1):
        process.stdin.write(_request(n, method, params))
        if method == "initialize":
            initialized = {"jsonrpc": "2.0", "method": "notifications/initialized"}
            process.stdin.write((json.dumps(initialized) + "\n").encode())
        process.stdin.flush()
        reply = json.loads(process.stdout.readline())
        if "result" not in reply:
            raise RuntimeError(f"the SDK server answered {method} with {reply}")
        results[method] = reply["result"]
    process.communicate(timeout=60)
    return results


def record() -> dict[str, Any]:
    """Ask the SDK server itself — no front door — at every version it negotiates."""
    from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, LATEST_HANDSHAKE_VERSION

    versions = list(HANDSHAKE_PROTOCOL_VERSIONS)
    answers: dict[str, dict[str, Any]] = {"initialize": {}, "tools/list": {}}
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ENGRAM_CONFIG_DIR": tmp, "ENGRAM_GLOBAL_DIR": tmp}
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", _SDK_ONLY, str(Path(tmp) / f"{n}.db")],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=tmp,
                env=env,
            )
            for n in range(len(versions))
        ]
        try:
            for version, process in zip(versions, processes, strict=True):
                for method, result in _exchange(process, version).items():
                    answers[method][version] = result
        finally:
            for process in processes:
                if process.poll() is None:
                    process.kill()
                process.communicate()
    return {"versions": versions, "latest": LATEST_HANDSHAKE_VERSION, "answers": answers}


def write_recording() -> None:
    text = json.dumps(record(), indent=1, ensure_ascii=False) + "\n"
    RECORDING.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_recording()
    print(f"wrote {RECORDING}")
