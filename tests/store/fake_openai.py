"""A local HTTP server speaking the OpenAI API (chat completions and embeddings) for tests."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class FakeOpenAI:
    """Scriptable behaviour: `chat` returns the assistant's text for a request; `fail` counts
    down requests to answer with `fail_status` first."""

    chat: Callable[[dict[str, Any]], str] = lambda body: '{"verdict": "new"}'
    dims: int = 8
    fail: int = 0
    fail_status: int = 503
    requests: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    url: str = ""

    def embedding(self, text: str) -> list[float]:
        # Deterministic, unnormalised, so tests can see that the client normalises it.
        return [float((len(text) * (i + 3)) % 7 + 1) for i in range(self.dims)]


@contextmanager
def fake_openai(fake: FakeOpenAI | None = None) -> Iterator[FakeOpenAI]:
    fake = fake or FakeOpenAI()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:  # keep test output quiet
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            fake.requests.append((self.path, body))
            if fake.fail > 0:
                fake.fail -= 1
                self.send_response(fake.fail_status)
                self.end_headers()
                return
            if self.path.endswith("/embeddings"):
                answer: dict[str, Any] = {
                    "data": [
                        {"index": i, "embedding": fake.embedding(text)}
                        for i, text in enumerate(body["input"])
                    ]
                }
            elif self.path.endswith("/chat/completions"):
                answer = {
                    "choices": [{"message": {"role": "assistant", "content": fake.chat(body)}}]
                }
            else:
                self.send_response(404)
                self.end_headers()
                return
            data = json.dumps(answer).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    fake.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
