"""Drive `engram hook` through the real entry point with recorded host payloads."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from engram.cli import main

FIXTURES = Path(__file__).parent / "fixtures"


def payload(host: str, event: str, **fills: str) -> dict[str, Any]:
    """A recorded payload of `host` for `event`, with {placeholders} filled in."""
    data = json.loads((FIXTURES / f"{host}.json").read_text())[event]

    def fill(value: Any) -> Any:
        if isinstance(value, str):
            for name, text in fills.items():
                value = value.replace("{" + name + "}", text)
            return value
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        if isinstance(value, list):
            return [fill(v) for v in value]
        return value

    return dict(fill(data))


def call_raw(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], host: str,
             stdin: str) -> tuple[int, str]:  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(["hook", "--host", host])
    return code, capsys.readouterr().out


def call(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], host: str,
         event: str, **fills: str) -> dict[str, Any]:  # fmt: skip
    code, out = call_raw(monkeypatch, capsys, host, json.dumps(payload(host, event, **fills)))
    assert code == 0
    result: dict[str, Any] = json.loads(out)
    return result


def context(result: dict[str, Any]) -> str:
    return str(result.get("hookSpecificOutput", {}).get("additionalContext", ""))
