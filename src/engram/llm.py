"""A small client for OpenAI-compatible HTTP APIs (chat completions and embeddings).

The standard library's urllib is enough for two JSON endpoints, and keeps the dependency list
short. Transient failures (timeouts, connection errors, 429, 5xx) are retried with exponential
back-off; anything else raises `HttpError` at once.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any


class HttpError(Exception):
    """The endpoint failed, or answered something that is not the expected JSON."""


TRANSIENT = {408, 409, 425, 429, 500, 502, 503, 504}


def post_json(
    url: str, body: dict[str, Any], *, api_key: str = "", retries: int = 3,
    timeout: float = 30.0, backoff: float = 0.5,
) -> Any:  # fmt: skip
    """POST JSON and return the decoded answer, retrying transient errors."""
    data = json.dumps(body).encode("utf-8")
    headers = {"Content-Type": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    last = ""
    for attempt in range(retries + 1):
        request = urllib.request.Request(url, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            last = f"HTTP {exc.code}"
            if exc.code not in TRANSIENT:
                raise HttpError(last) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            last = str(getattr(exc, "reason", exc))
        except ValueError as exc:
            raise HttpError(f"not JSON: {exc}") from None
        if attempt < retries:
            time.sleep(backoff * 2**attempt)
    raise HttpError(f"{last} after {retries + 1} attempts")


@dataclass(frozen=True)
class ChatModel:
    """An OpenAI-compatible chat endpoint (`[llm] base_url`, `api_key`, `model`)."""

    base_url: str
    api_key: str
    model: str
    timeout: float = 30.0
    retries: int = 2

    def complete_json(self, system: str, user: str) -> dict[str, Any]:
        """Ask for a JSON object; raises HttpError when the answer is not one."""
        answer = post_json(
            f"{self.base_url.rstrip('/')}/chat/completions",
            {
                "model": self.model,
                "temperature": 0,
                "response_format": {"type": "json_object"},
                "messages": [
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
            },
            api_key=self.api_key,
            retries=self.retries,
            timeout=self.timeout,
        )
        try:
            text = answer["choices"][0]["message"]["content"]
            start, end = text.index("{"), text.rindex("}") + 1
            parsed = json.loads(text[start:end])
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise HttpError(f"unexpected chat answer: {exc}") from None
        if not isinstance(parsed, dict):
            raise HttpError("the model did not answer a JSON object")
        return parsed
