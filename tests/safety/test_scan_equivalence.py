"""The scanners' shortcuts find exactly what their plain patterns find."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engram.safety import secrets

# Pieces that make assignments, near misses and case tricks: secret names in three scripts,
# operators, pleas, values, separators, and letters IGNORECASE matches to others.
PIECES = [
    "password", "PASS", "db_", "pwd", "secret", "Client-Secret", "private key", "api_key",
    "apikey", "access token", "auth", "refresh_token", "Bearer", "token", "credentials",
    "пароль", "Пароль", "contraseña", "clave privada", "приватный ключ", "секретный  ключ",
    "パスワード", "mot de passe", "senha", "passwort", "is", "was now", "set to", ":", "=",
    ":=", "=>", " ", "\n", "-", "_", ".", ",", "(", ")", "[", "]", "\u2014", '"', "'", "`",
    "do not share", "keep it safe", "never post", "никому не показывай", "no compartir",
    "hunter2", "Xk9#mQ2!vL", "4c08a1f3b2e5d7c9", "${VAR}", "changeme", "rapid", "capital",
    "ſecret", "\u212aey", "ı", "İ", "Σ", "ß", "ᲀ", "é", "ñ", "→", "a" * 70,
]  # fmt: skip


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=25))
def test_assignments_are_the_matches_of_the_whole_pattern(pieces: list[str]) -> None:
    text = "".join(pieces)
    whole = [(m.span(), m.group()) for m in secrets._ASSIGNMENT.finditer(text)]
    assert [(m.span(), m.group()) for m in secrets._assignments(text, text.lower())] == whole


@given(st.lists(st.sampled_from(["<!--", "-->", "*", "`", "~", "\\", "a", " ", "\n"]), max_size=30))
def test_the_squeezed_view_drops_comments_and_marks(pieces: list[str]) -> None:
    import re

    text = "".join(pieces)
    plain = re.sub(r"<!--.*?-->", "", text, flags=re.S).translate(str.maketrans("", "", "*`~\\"))
    assert secrets._squeezed(text) == plain
