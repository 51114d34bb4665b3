"""Secret detection by token family plus a high-entropy fallback.

Findings name the family and where it was found, never the secret itself, so a report can be
printed or logged safely.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SecretFinding:
    """A secret-like value: its family and the 1-based line it starts on."""

    family: str
    line: int


_FAMILIES: list[tuple[str, re.Pattern[str]]] = [
    ("private key", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY( BLOCK)?-----")),
    ("AWS access key", re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b")),
    (
        "AWS secret key",
        re.compile(r"(?i)aws.{0,20}?secret.{0,20}?['\"=:\s]\s*['\"]?[A-Za-z0-9/+]{40}\b"),
    ),
    ("GitHub token", re.compile(r"\b(?:ghp|gho|ghs|ghu|ghr)_[A-Za-z0-9]{30,}\b")),
    ("GitHub fine-grained token", re.compile(r"\bgithub_pat_[A-Za-z0-9_]{40,}\b")),
    # No trailing \b: these tokens may end in "-", and "\b" would then need a word character.
    ("GitLab token", re.compile(r"\bglpat-[A-Za-z0-9_\-]{20,}")),
    ("Google API key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}(?![0-9A-Za-z_\-])")),
    ("Stripe key", re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}\b")),
    ("Anthropic API key", re.compile(r"\bsk-ant-[A-Za-z0-9_\-]{20,}")),
    ("OpenAI API key", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}")),
    ("Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
    ("Slack webhook", re.compile(r"https://hooks\.slack\.com/services/[A-Za-z0-9/]{20,}")),
    ("npm token", re.compile(r"\bnpm_[A-Za-z0-9]{36}\b")),
    ("PyPI token", re.compile(r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{20,}")),
    ("Hugging Face token", re.compile(r"\bhf_[A-Za-z0-9]{30,}\b")),
    ("Telegram bot token", re.compile(r"\b\d{8,10}:AA[A-Za-z0-9_\-]{33}\b")),
    ("SendGrid key", re.compile(r"\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b")),
    ("Twilio key", re.compile(r"\bSK[0-9a-f]{32}\b")),
    (
        "JWT",
        re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{10,}"),
    ),
    (
        "credentials in URL",
        re.compile(r"\b[a-z][a-z0-9+.\-]{1,15}://[^\s:/@'\"]{1,64}:[^\s@/'\"]{3,128}@[^\s/]+"),
    ),
    (
        "password assignment",
        re.compile(
            r"(?i)\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token)"
            r"\s*[:=]\s*['\"]?(?!\s|\$\{|<|\*{3}|x{3}|your|changeme\b)[^\s'\"]{6,}"
        ),
    ),
]

_CANDIDATE = re.compile(r"[A-Za-z0-9+/_\-=]{24,}")


def shannon_entropy(value: str) -> float:
    """Bits of entropy per character of a string."""
    counts: dict[str, int] = {}
    for ch in value:
        counts[ch] = counts.get(ch, 0) + 1
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in counts.values())


def looks_random(token: str) -> bool:
    """A long token mixing upper case, lower case and digits with high entropy.

    Hex digests (entropy at most 4 bits a character), UUIDs and ordinary identifiers
    (no digits, or a single case) stay below the bar, so hashes quoted in prose pass.
    """
    stripped = token.strip("=-_")
    if len(stripped) < 24:
        return False
    if not (
        any(c.isdigit() for c in stripped)
        and any(c.isupper() for c in stripped)
        and any(c.islower() for c in stripped)
    ):
        return False
    return shannon_entropy(stripped) >= 4.3


def find_secrets(text: str) -> list[SecretFinding]:
    """Every secret-like value in the text, by family, in line order (one per family a line)."""
    findings: list[SecretFinding] = []
    seen: set[tuple[str, int]] = set()

    def add(family: str, offset: int) -> None:
        line = text.count("\n", 0, offset) + 1
        if (family, line) not in seen:
            seen.add((family, line))
            findings.append(SecretFinding(family, line))

    for family, pattern in _FAMILIES:
        for match in pattern.finditer(text):
            add(family, match.start())
    if not findings:
        for match in _CANDIDATE.finditer(text):
            if looks_random(match.group()):
                add("high-entropy string", match.start())
    findings.sort(key=lambda f: f.line)
    return findings
