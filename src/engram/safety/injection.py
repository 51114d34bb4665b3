"""Prompt-injection patterns: text that tries to override an agent's instructions.

Lines are checked after list and heading markers are stripped, so `- Ignore previous
instructions` is caught like the bare sentence. The patterns aim at instruction overrides, not at
ordinary words, so rules such as "ignore generated files" stay printable.
"""

from __future__ import annotations

import re

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "instruction override",
        re.compile(
            r"(?i)\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+)*"
            r"(?:previous|prior|above|earlier|preceding|system|original|safety)\s+"
            r"(?:instructions?|rules|prompts?|directives|messages|guidelines|guardrails)"
        ),
    ),
    ("role hijack", re.compile(r"(?i)\byou are now (?:a |an |in |the |DAN\b|no longer)")),
    ("role hijack", re.compile(r"(?i)\bpretend (?:to be|you are|that you are)\b")),
    ("role hijack", re.compile(r"(?i)\bact as (?:an? )?(?:unrestricted|jailbroken|DAN\b|evil)")),
    (
        "instruction override",
        re.compile(r"(?i)\byour (?:new|real|true|actual) (?:instructions|purpose|role|task)\b"),
    ),
    (
        "exfiltration",
        re.compile(
            r"(?i)\b(?:reveal|print|show|output|leak|send|exfiltrate)\s+(?:me\s+)?(?:your|the)\s+"
            r"(?:system prompt|hidden instructions|api keys?|secrets|credentials)"
        ),
    ),
    (
        "fake chat markup",
        re.compile(r"(?i)</?system>|\[/?INST\]|<\|im_(?:start|end)\|>|<<SYS>>|^\s*<<<"),
    ),
    (
        "instruction override",
        re.compile(
            r"(?i)(?:игнорируй|забудь|проигнорируй)\s+(?:все\s+)?"
            r"(?:предыдущие|прежние|прошлые|системные)\s+(?:инструкции|указания|правила)"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"(?i)(?:ignora|olvida|descarta)\s+(?:todas\s+)?(?:las\s+)?(?:instrucciones|reglas)"
            r"\s+(?:anteriores|previas)"
        ),
    ),
    ("instruction override", re.compile(r"(?:以前|前|上記|これまで)の指示を(?:すべて)?無視")),
]

_MARKER = re.compile(r"^\s*(?:[-*+>]|\d+[.)]|#+)\s*")


def find_injection(text: str) -> list[tuple[str, int]]:
    """(pattern family, 1-based line) for each line that carries an injection pattern."""
    found: list[tuple[str, int]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _MARKER.sub("", raw)
        for family, pattern in _PATTERNS:
            if pattern.search(line):
                found.append((family, number))
                break
    return found
