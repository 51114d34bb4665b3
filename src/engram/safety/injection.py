"""Prompt-injection patterns: text that tries to override an agent's instructions.

The text is read as the agent reads it (`engram.safety.normalize.scan_view`), then case-folded
with Markdown decoration taken off — list and heading markers at line starts, emphasis, code
ticks and quotes — and the lines joined, so "Ignore all of the\\n- previous instructions" is the
sentence it spells. The patterns aim at instruction overrides, not at ordinary words: "ignore
generated files", "forget about the legacy API" or "act as a senior reviewer" stay printable.
"""

from __future__ import annotations

import bisect
import re

from engram.safety.normalize import scan_view

_FILLER = r"(?:(?:all|any|of|the|your|my|our|these|those|this|that|every|each|and|or|previous|prior|above|earlier|preceding|former|original|initial|old|existing|current|given|system|safety|developer)\s+)*"  # noqa: E501
_TARGET = r"(?:instructions?|rules|prompts?|directives?|messages|guidelines|guardrails|commands|orders|constraints|programming|polic(?:y|ies)|restrictions|context|conversation|text)"  # noqa: E501
_WHEN = (
    r"(?:previous|prior|above|earlier|preceding|former|original|initial|system|safety|developer)"
)

# (family, pattern) over the folded text; the first family found on a line is reported.
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "instruction override",
        re.compile(
            r"\b(?:ignore|disregard|forget|override|bypass|abandon|discard|dismiss|drop|skip)\s+"
            + _FILLER
            + _WHEN
            + r"\s+(?:\w+\s+)?"
            + _TARGET
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"\b(?:ignore|disregard|forget)\s+(?:all\s+|everything\s+)?(?:everything|all|what)\s+"
            r"(?:you\s+(?:were|have\s+been)\s+told|(?:written\s+|said\s+)?(?:above|before\s+this))"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"\b(?:your|the)\s+(?:new|real|true|actual|updated|revised)\s+"
            r"(?:instructions|system\s+prompt|purpose|role|task|directives?|orders)\s*(?:are|is|:)"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"\b(?:do\s+not|don't|never)\s+(?:follow|obey)\s+" + _FILLER + _WHEN + r"\s+" + _TARGET
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"\byou\s+are\s+(?:now|from\s+now\s+on)\s+(?:dan\b|no\s+longer\b|free\s+(?:from|of)\b"
            r"|(?:an?\s+|in\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken|evil|rogue)\b"
            r"|(?:in\s+)?(?:developer|god|jailbreak|dan)\s+mode)"
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"\bpretend\s+(?:to\s+be|you\s+are|that\s+you\s+are)\s+(?:an?\s+)?"
            r"(?:dan\b|unrestricted|unfiltered|uncensored|jailbroken|evil|not\s+an\s+ai"
            r"|an?\s+ai\s+without|free\s+(?:from|of))"
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"\bact\s+as\s+(?:an?\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken|dan\b|evil"
            r"|rogue)"
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"\b(?:enable|activate|enter|switch\s+to)\s+(?:the\s+)?(?:developer|jailbreak|dan|god)"
            r"\s+mode\b|\b(?:developer|jailbreak|dan)\s+mode\s+(?:enabled|activated|on)\b"
            r"|\bdo\s+anything\s+now\b"
        ),
    ),
    (
        "exfiltration",
        re.compile(
            r"\b(?:reveal|print|show|output|leak|send|exfiltrate|repeat|display|dump|disclose"
            r"|share|tell)\s+(?:me\s+|us\s+)?(?:your|the)\s+(?:full\s+|entire\s+|complete\s+"
            r"|exact\s+|original\s+|initial\s+|hidden\s+|secret\s+)?(?:system\s+prompt"
            r"|hidden\s+instructions|initial\s+instructions|instructions\s+above|prompt\s+above"
            r"|api\s+keys?|secrets|credentials)"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"(?:игнорируй(?:те)?|проигнорируй(?:те)?|забудь(?:те)?|отбрось(?:те)?"
            r"|не\s+обращай(?:те)?\s+внимания\s+на)\s+(?:все\s+|всё\s+)?"
            r"(?:предыдущие|прежние|прошлые|системные|вышеуказанные|данные\s+ранее|старые)\s+"
            r"(?:инструкции|указания|правила|команды|установки)"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"(?:игнорируй(?:те)?|забудь(?:те)?)\s+(?:всё|все)\s+(?:что\s+было\s+)?"
            r"(?:выше|сказанное\s+ранее|написанное\s+выше)"
        ),
    ),
    ("role hijack", re.compile(r"\bты\s+теперь\s+(?:dan\b|свободен|без\s+ограничений)")),
    (
        "instruction override",
        re.compile(
            r"\b(?:ignora|ignore|ignorad|olvida|olvide|olvidad|descarta|descarte|omite|omita)\s+"
            r"(?:todas\s+|todos\s+)?(?:las\s+|los\s+|tus\s+|sus\s+)?"
            r"(?:instrucciones|reglas|indicaciones|órdenes|directrices)\s+"
            r"(?:anteriores|previas|del\s+sistema|de\s+arriba)"
        ),
    ),
    (
        "instruction override",
        re.compile(r"\b(?:ignora|olvida|ignore|olvide)\s+todo\s+lo\s+(?:anterior|que\s+te\s+dije)"),
    ),
    (
        "instruction override",
        re.compile(
            r"(?:以前|前|上記|これまで|今まで|先ほど|先)の(?:すべての|全ての)?"
            r"(?:指示|命令|ルール|指令|プロンプト)(?:を|は)(?:すべて|全て)?\s*(?:無視|忘れ)"
        ),
    ),
    ("exfiltration", re.compile(r"システムプロンプトを(?:表示|出力|教え|見せ)")),
]

# Chat-template markup a model may take for a real turn boundary; checked before tags are
# stripped, since `<system>` is itself a tag.
_MARKUP = re.compile(
    r"<\s*/?\s*system\s*>|\[\s*/?\s*inst\s*\]|<\|\s*im_?(?:start|end)\s*\|>|<<\s*/?\s*sys\s*>>"
    r"|<\|\s*(?:system|endoftext|start_?header_?id|eot_?id)\s*\|>|^\s*<<<"
    r"|^\s*#{1,3}\s*(?:system|new\s+system\s+prompt)\s*:?\s*$",
    re.MULTILINE,
)
# Words one of which each pattern needs (after folding), in `_PATTERNS` order: a plain
# substring test skips the patterns a text cannot match, and most text matches none.
_NEEDLES: list[tuple[str, ...]] = [
    ("ignor", "disregard", "forget", "overrid", "bypass", "abandon", "discard", "dismiss", "drop",
     "skip"),
    ("ignor", "disregard", "forget"),
    ("instruction", "prompt", "purpose", "role", "task", "directive", "orders"),
    ("follow", "obey"),
    ("you",),
    ("pretend",),
    ("act",),
    ("mode", "anything"),
    ("prompt", "instruction", "key", "secret", "credential"),
    ("игнор", "забуд", "отброс", "внимани"),
    ("игнор", "забуд"),
    ("теперь",),
    ("ignor", "olvid", "descart", "omit"),
    ("ignor", "olvid"),
    ("無視", "忘れ"),
    ("システムプロンプト",),
]  # fmt: skip
_MARKUP_NEEDLES = ("system", "inst", "imstart", "imend", "sys", "endoftext", "headerid", "eotid",
                   "<<<")  # fmt: skip
_ANY_NEEDLE = tuple(sorted({n for group in (*_NEEDLES, _MARKUP_NEEDLES) for n in group}))
_MARKER = re.compile(r"^[ \t]*(?:(?:[-*+>]|\d+[.)]|#+)[ \t]*)+", re.MULTILINE)
_TAG = re.compile(r"<\s*/?\s*[a-z][a-z0-9]*(?:[ \t][^<>\n]*)?>")  # one line: lines keep numbers
_DECORATION = str.maketrans("", "", "*_`~\"'“”‘’«»„")
_SPACES = re.compile(r"[ \t]+")


def folded(text: str) -> str:
    """The normalised, case-folded text with Markdown markers and decoration removed (line
    breaks kept)."""
    view = scan_view(text).casefold().translate(_DECORATION)
    return _SPACES.sub(" ", _MARKER.sub("", view))


def find_injection(text: str) -> list[tuple[str, int]]:
    """(pattern family, 1-based line) for each line where an injection pattern starts."""
    view = scan_view(text).casefold().translate(_DECORATION)
    if not any(needle in view for needle in _ANY_NEEDLE):
        return []
    view = _SPACES.sub(" ", _MARKER.sub("", view))
    found: list[tuple[str, int]] = []
    seen: set[int] = set()
    starts = [0] + [i + 1 for i, ch in enumerate(view) if ch == "\n"]

    def add(family: str, offset: int) -> None:
        line = bisect.bisect_right(starts, offset)  # `starts` of the text being matched
        if line not in seen:
            seen.add(line)
            found.append((family, line))

    if any(needle in view for needle in _MARKUP_NEEDLES):
        for match in _MARKUP.finditer(view):
            add("fake chat markup", match.start())
    plain = _TAG.sub(" ", view) if "<" in view else view  # "<b>ignore</b>" reads as its words
    if plain is not view:  # a tag is one line, so line numbers stay; offsets move
        starts = [0] + [i + 1 for i, ch in enumerate(plain) if ch == "\n"]
    for (family, pattern), needles in zip(_PATTERNS, _NEEDLES, strict=True):
        if any(needle in plain for needle in needles):
            for match in pattern.finditer(plain):
                add(family, match.start())
    found.sort(key=lambda f: f[1])
    return found
