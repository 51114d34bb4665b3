"""Generated corpora for the secret scanner: every documented token family with fake values,
high-entropy strings, and ordinary facts that must not be flagged (identifiers, hashes quoted in
prose, UUIDs, URLs without credentials, paths, versions). Deterministic for a given seed."""

from __future__ import annotations

import base64
import random
import string
import uuid

ALNUM = string.ascii_letters + string.digits


def _r(rng: random.Random, n: int, alphabet: str = ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _jwt(rng: random.Random) -> str:
    def part(data: str) -> str:
        return base64.urlsafe_b64encode(data.encode()).decode().rstrip("=")

    head = part('{"alg":"HS256","typ":"JWT"}')
    body = part('{"sub":"' + _r(rng, 10, string.digits) + '","name":"' + _r(rng, 8) + '"}')
    return f"{head}.{body}.{_r(rng, 43, ALNUM + '-_')}"


SECRET_FAMILIES = {
    "OpenAI": lambda r: "sk-proj-" + _r(r, 48),
    "OpenAI legacy": lambda r: "sk-" + _r(r, 48),
    "Anthropic": lambda r: "sk-ant-api03-" + _r(r, 93, ALNUM + "-_"),
    "GitHub classic": lambda r: "ghp_" + _r(r, 36),
    "GitHub OAuth": lambda r: "gho_" + _r(r, 36),
    "GitHub app": lambda r: "ghs_" + _r(r, 36),
    "GitHub user-to-server": lambda r: "ghu_" + _r(r, 36),
    "GitHub fine-grained": lambda r: "github_pat_" + _r(r, 22) + "_" + _r(r, 59),
    "GitLab": lambda r: "glpat-" + _r(r, 20, ALNUM + "-_"),
    "Google API": lambda r: "AIza" + _r(r, 35, ALNUM + "-_"),
    "Stripe live": lambda r: "sk_live_" + _r(r, 24),
    "Stripe restricted": lambda r: "rk_live_" + _r(r, 24),
    "Stripe test": lambda r: "sk_test_" + _r(r, 24),
    "AWS access key": lambda r: "AKIA" + _r(r, 16, string.ascii_uppercase + string.digits),
    "AWS secret": lambda r: "aws_secret_access_key = " + _r(r, 40, ALNUM + "/+"),
    "Slack bot": lambda r: (
        f"xoxb-{_r(r, 12, string.digits)}-{_r(r, 12, string.digits)}-{_r(r, 24)}"
    ),
    "Slack user": lambda r: (
        f"xoxp-{_r(r, 12, string.digits)}-{_r(r, 12, string.digits)}-{_r(r, 32)}"
    ),
    "Slack webhook": lambda r: (
        "https://hooks.slack.com/services/T"
        + _r(r, 8, string.ascii_uppercase)
        + "/B"
        + _r(r, 8, string.ascii_uppercase)
        + "/"
        + _r(r, 24)
    ),
    "JWT": _jwt,
    "private key": lambda r: (
        "-----BEGIN " + r.choice(["RSA ", "EC ", "OPENSSH ", ""]) + "PRIVATE KEY-----"
    ),
    "URL credentials": lambda r: (
        f"postgres://{_r(r, 6, string.ascii_lowercase)}:{_r(r, 14)}@db.internal:5432/app"
    ),
    "URL token": lambda r: (
        f"https://{_r(r, 5, string.ascii_lowercase)}:{_r(r, 30)}@github.com/org/repo.git"
    ),
    "npm": lambda r: "npm_" + _r(r, 36),
    "Hugging Face": lambda r: "hf_" + _r(r, 34),
    "SendGrid": lambda r: "SG." + _r(r, 22, ALNUM + "-_") + "." + _r(r, 43, ALNUM + "-_"),
    "Telegram": lambda r: _r(r, 10, string.digits) + ":AA" + _r(r, 33, ALNUM + "-_"),
    "password": lambda r: r.choice(["password", "passwd", "api_key", "secret"]) + "=" + _r(r, 14),
    "high entropy": lambda r: _r(r, 40),
}
SENTENCES = [
    "The staging deploy uses {}.",
    "Set the token to {} before running the job.",
    "ci config: {}",
    "Found in the old .env: {} (rotate it).",
    "{}",
]


def secrets(count_per_family: int = 40, seed: int = 1) -> list[tuple[str, str]]:
    """(family, text) pairs, each text holding one fake secret."""
    rng = random.Random(seed)
    return [
        (family, rng.choice(SENTENCES).format(make(rng)))
        for family, make in SECRET_FAMILIES.items()
        for _ in range(count_per_family)
    ]


def ordinary(count: int = 1200, seed: int = 2) -> list[str]:
    """Facts that look technical but hold no secret."""
    rng = random.Random(seed)
    words = [
        "deploy",
        "cache",
        "billing",
        "service",
        "worker",
        "queue",
        "retry",
        "timeout",
        "customer",
        "invoice",
        "gateway",
        "cluster",
        "replica",
        "schema",
        "migration",
    ]
    makers = [
        lambda: f"Commit {_r(rng, 40, '0123456789abcdef')} fixed the {rng.choice(words)} bug.",
        lambda: f"The artifact sha256 is {_r(rng, 64, '0123456789abcdef')}.",
        lambda: (
            f"Request {uuid.UUID(int=rng.getrandbits(128))} timed out in the {rng.choice(words)}."
        ),
        lambda: (
            f"See https://docs.example.com/{rng.choice(words)}/{rng.choice(words)}?page={rng.randint(1, 99)}&lang=en for details."
        ),
        lambda: (
            f"Call {rng.choice(words)}{rng.choice(words).title()}{rng.choice(words).title()}Handler() from the {rng.choice(words)} module."
        ),
        lambda: (
            f"The function get_{rng.choice(words)}_{rng.choice(words)}_{rng.choice(words)}_by_id is deprecated."
        ),
        lambda: (
            f"Logs live in /var/log/{rng.choice(words)}/{rng.choice(words)}-{rng.randint(1, 9)}.log."
        ),
        lambda: (
            f"Upgrade to version {rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 99)} before Friday."
        ),
        lambda: f"The {rng.choice(words)} team set the password policy to 14 characters minimum.",
        lambda: (
            f"Set API_KEY from the vault, never in code; the {rng.choice(words)} reads it at start."
        ),
        lambda: (
            f"Docker image registry.example.com/{rng.choice(words)}:{rng.randint(1, 9)}.{rng.randint(0, 9)} is the base."
        ),
        lambda: f"Base64 of 'hello' is aGVsbG8= in the {rng.choice(words)} docs.",
        lambda: (
            f"The {rng.choice(words)} {rng.choice(words)} runs every {rng.randint(2, 59)} minutes on {rng.choice(words)}-{rng.randint(1, 20)}."
        ),
    ]
    return [rng.choice(makers)() for _ in range(count)]
