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
from functools import cache

from engram.safety.normalize import blank, has_controls, readings, scan_view, without_comments

_FILLER = r"(?:(?:all|any|of|the|your|my|our|these|those|this|that|every|each|and|or|previous|prior|above|earlier|preceding|former|original|initial|old|existing|current|given|system|safety|developer)\s+)*"  # noqa: E501
_TARGET = r"(?:instructions?|directions|rules|prompts?|directives?|messages|guidelines|guidance|guardrails|commands|orders|constraints|programming|polic(?:y|ies)|restrictions|text)"  # noqa: E501
_WHEN = (
    r"(?:previous|prior|above|earlier|preceding|former|original|initial|system|safety|developer)"
)

# (family, pattern) over the folded text; the first family found on a line is reported.
# Where a pattern begins with a word, its `\b` is written as a lookbehind after the word
# (`act(?<!\wact)`): the same matches, but a pattern that starts with a literal lets the regex
# engine skip to where the word occurs instead of trying a match at every position.
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "instruction override",
        re.compile(
            r"\b(?:ignore|disregard|forget|override|bypass|abandon|discard|dismiss|drop|skip"
            r"|set\s+aside)\s+" + _FILLER + _WHEN + r"\s+(?:\w+\s+)?" + _TARGET
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"\b(?:ignore|disregard|forget)\s+(?:all\s+|everything\s+)?(?:everything|all|what)\s+"
            r"(?:you\s+(?:were|have\s+been)\s+told|(?:written\s+|said\s+)?(?:above|before\s+this))"
            r"|\bforget\s+everything\s+you\s+(?:know|were\s+told|learned)"
            r"|\b(?:ignore|disregard|forget|override|bypass|set\s+aside)\s+(?:(?:all|any)\s+(?:of\s+)?"
            r"(?:the\s+|your\s+)?|your\s+)" + _TARGET + r"\b"
            r"|\b(?:ignore|disregard|forget)\s+(?:the\s+)?" + _TARGET + r"\s+(?:above|you\s+(?:were"
            r"|have\s+been)\s+given|so\s+far)"
            r"|\b(?:stop|quit)\s+(?:following|obeying)\s+(?:your|the|all|any)\s+(?:\w+\s+)?"
            + _TARGET
            + r"|\b(?:all\s+)?"
            + _WHEN
            + r"\s+"
            + _TARGET
            + r"\s+(?:are|is)\s+(?:now\s+)?(?:void"
            r"|null|cancell?ed|revoked|obsolete|invalid|no\s+longer\s+valid)"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"(?:your(?<!\wyour)|the(?<!\wthe))\s+(?:new|real|true|actual|updated|revised)\s+"
            r"(?:instructions|system\s+prompt|purpose|role|task|directives?|orders)\s*(?:are|is|:)"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"(?:do(?<!\wdo)\s+not|don(?<!\wdon)'t|never(?<!\wnever))\s+(?:follow|obey)\s+"
            + _FILLER
            + _WHEN
            + r"\s+"
            + _TARGET
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"you(?<!\wyou)(?:\s+are|re|\s+re)\s+(?:now|from\s+now\s+on)\s+(?:dan\b|no\s+longer\b"
            r"|free\s+(?:from|of)\b"
            r"|(?:an?\s+|in\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken|evil|rogue)\b"
            r"|(?:in\s+)?(?:developer|god|jailbreak|dan)\s+mode)"
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"\bpretend\s+(?:to\s+be|you\s+are|that\s+you\s+are)\s+(?:an?\s+)?"
            r"(?:dan\b|unrestricted|unfiltered|uncensored|jailbroken|evil|not\s+an\s+ai"
            r"|(?:ai|assistant|model|chatbot)\s+(?:without|with\s+no)|free\s+(?:from|of))"
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"act(?<!\wact)\s+as\s+(?:an?\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken"
            r"|dan\b|evil|rogue|(?:ai|assistant|model|chatbot)\s+(?:with\s+no|without))"
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"\b(?:enable|activate|enter|switch\s+to)\s+(?:the\s+)?(?:developer|jailbreak|dan|god)"
            r"\s+mode\b|\b(?:developer|jailbreak|dan|god)\s+mode\s*(?::\s*)?(?:is\s+)?"
            r"(?:enabled|activated|on)\b|\bin\s+(?:jailbreak|dan|god)\s+mode\b"
            r"|\bdo\s+anything\s+now\b"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"from(?<!\wfrom)\s+now\s+on,?\s+(?:you\s+(?:will|must|shall|should|are|have\s+to)"
            r"|your\s+(?:task|job|role|purpose)\s+is|ignore|disregard|always\s+(?:reply|respond"
            r"|answer))\b"
        ),
    ),
    (
        "instruction override",
        re.compile(r"(?:^|[.!?:]\s)(?:your\s+)?new\s+(?:instructions|orders|directives)\s*:", re.M),
    ),
    (
        "exfiltration",
        re.compile(
            r"\b(?:reveal|print|show|output|leak|send|exfiltrate|repeat|display|dump|disclose"
            r"|share|tell)\s+(?:me\s+|us\s+)?(?:your|the)\s+(?:full\s+|entire\s+|complete\s+"
            r"|exact\s+|original\s+|initial\s+|hidden\s+|secret\s+)?(?:system\s+prompt"
            r"|hidden\s+instructions|initial\s+instructions|instructions\s+above|prompt\s+above"
            r"|api\s+keys?|secrets|credentials)"
            r"|\b(?:send|upload|post|exfiltrate|include|print|cat|output|leak)\b[^\n]{0,40}"
            r"(?:~?/\.ssh/|~?/\.aws/credentials|/etc/shadow|\bid ?rsa\b)"
            r"|\bcurl\b[^\n]*\s(?:-d|--data\S*)\s*@\S*(?:\.env|id ?rsa|credentials)"
            r"|\bprint\s+(?:all\s+)?(?:the\s+|your\s+)?environment\s+variables"
            r"|\b(?:do\s+not|dont)\s+(?:tell|inform)\s+the\s+user\s+(?:about\s+(?:this|these|it)\b"
            r"|that\s+you)"
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
    (
        "role hijack",
        re.compile(
            r"\b(?:ты\s+теперь|теперь\s+ты)\s+(?:dan\b|свобод|без\s+ограничений|ии\s+без)"
            r"|притворись,?\s+(?:что\s+)?ты|представь,?\s+что\s+ты\s+(?:ии|dan)\b"
            r"|режим\w*\s+(?:разработчика|джейлбрейка|бога|dan)\s+(?:включ|актив)"
            r"|(?:включ\w*|активир\w*)\s+режим\w*\s+(?:разработчика|джейлбрейка|бога|dan)"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"(?:с\s+этого\s+момента|отныне|впредь)\s*,?\s+(?:твоя\s+задача|ты\s+(?:долж|будешь)"
            r"|делай|отвечай|выполняй|игнорируй)"
            r"|(?:^|[.!?:]\s)(?:твои\s+|ваши\s+)?новые\s+(?:инструкции|указания|правила)\s*:"
            r"|(?:с\s+этого\s+момента|отныне|впредь)\s*,?\s+ты\b"
            r"|не\s+(?:следуй|выполняй|соблюдай|учитывай)\w*\s+(?:\w+\s+)?(?:инструкци|правил|указани)"
            r"|(?:забудь|игнорируй|проигнорируй)\w*\s+(?:все\s+|всё\s+)?(?:свои\s+|твои\s+)?"
            r"(?:инструкции|указания)",
            re.M,
        ),
    ),
    (
        "exfiltration",
        re.compile(
            r"(?:покажи|выведи|раскрой|напиши|перескажи|отправь|сообщи)\w*\s+(?:мне\s+)?"
            r"(?:свой\s+|свои\s+|твой\s+|твои\s+|весь\s+)?(?:системн\w+\s+(?:промпт|инструкци|подсказк)"
            r"|скрыт\w+\s+инструкци|все\s+ключи\s+api|ключи\s+api)"
        ),
    ),
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
            r"\b(?:a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|desde\s+ahora)\s*,?\s+"
            r"(?:har[aá]s|tu\s+tarea|debes|deber[aá]s|eres|responde|ignora|solo)"
            r"|(?:^|[.!?:]\s)(?:tus\s+|sus\s+)?nuevas\s+(?:instrucciones|órdenes|reglas)"
            r"\s*(?:son\s*)?:"
            r"|\bno\s+(?:sigas|sigan|obedezcas|cumplas)\s+(?:las\s+|tus\s+)?(?:\w+\s+)?"
            r"(?:instrucciones|reglas|indicaciones)"
            r"|\b(?:olvida|ignora|descarta|omite)\w*\s+(?:todas\s+)?(?:tus\s+(?:\w+\s+)?"
            r"|las\s+(?:anteriores|previas)\s+)(?:instrucciones|reglas|indicaciones|órdenes)"
            r"|\bhaz\s+caso\s+omiso\s+(?:a|de)\s+(?:todas\s+)?(?:las|tus)\s+(?:\w+\s+)?"
            r"(?:instrucciones|reglas|indicaciones)",
            re.M,
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"\b(?:finge|fingid|finja|imagina)\s+que\s+eres|\bahora\s+eres\s+(?:dan\b|una?\s+ia\s+sin)"
            r"|\bmodo\s+(?:desarrollador|jailbreak|dios|dan)\s+(?:activ|habilit|encendid)"
            r"|\b(?:activa|habilita|entra\s+en)\s+(?:el\s+)?modo\s+(?:desarrollador|jailbreak|dios|dan)"
            r"|\b(?:act[uú]a|actuad)\s+como\s+una?\s+ia\s+sin"
        ),
    ),
    (
        "exfiltration",
        re.compile(
            r"\b(?:revela|muestra|imprime|dime|ens[eé][ñn]ame|env[ií]a|comparte)\w*\s+(?:me\s+)?"
            r"(?:tu|tus|el|la|las|los|su|sus)\s+(?:prompt\s+del\s+sistema|instrucciones\s+"
            r"(?:ocultas|del\s+sistema|secretas)|mensaje\s+del\s+sistema|claves\s+api)"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"(?:以前|前|上記|これまで|今まで|先ほど|先)の(?:すべての|全ての)?"
            r"(?:指示|命令|ルール|指令|プロンプト)(?:を|は)(?:すべて|全て|全部)?\s*(?:無視|忘れ)"
            r"|(?:指示|命令|ルール)に従わない|(?:指示|命令|ルール)を(?:すべて|全て|全部)?無効に"
        ),
    ),
    (
        "exfiltration",
        re.compile(
            r"(?:システムプロンプト|隠された指示|秘密の指示|システム指示)を(?:すべて|全て)?"
            r"(?:表示|出力|教え|見せ|送)"
        ),
    ),
    (
        "instruction override",
        re.compile(
            r"(?:これからは|今後は?|今から)(?:あなたは)?(?:必ず|常に)"
            r"|(?:あなたの)?新しい(?:指示|命令|ルール)(?:は次のとおりです|は|:)"
        ),
    ),
    (
        "role hijack",
        re.compile(
            r"(?:開発者|脱獄|ジェイルブレイク|dan)モード(?:を有効|が有効|をオン|に入|を起動)"
            r"|(?:制限|ルール|規則)の(?:ない|無い)\s?(?:a\s?i|アシスタント)"
            r"|あなたは(?:今から|これから)dan"
        ),
    ),
]

# Chat-template markup a model may take for a real turn boundary; checked before tags are
# stripped, since `<system>` is itself a tag. Two patterns: tags anywhere, each starting with
# "<", "[" or "{" (which the regex engine skips to), and headings that open a line (tried at
# every position, so only in a text that has their words). Neither can match inside a match
# of the other (a line of one never starts with the "[" or "#" of the other), so together
# they find the lines one pattern of both would.
_MARKUP_TAGS = re.compile(
    r"<\s*/?\s*system\s*>|\[\s*/?\s*inst\s*\]|<\|\s*im ?(?:start|end)\s*\|>|<<\s*/?\s*sys\s*>>"
    r"|<\|\s*(?:system|endoftext|start ?header ?id|eot ?id|start|message)\s*\|>"
    r"|<\s*/?\s*(?:system[- ]?reminder|admin[- ]?instructions|start ?of ?turn)\s*>"
    r"|\{\s*role\s*:\s*system\b"
)
_MARKUP_LINES = re.compile(
    r"^\s*\[\s*system\s*\]|^\s*#{1,3}\s*(?:system|instruction|new\s+system\s+prompt)\s*:",
    re.MULTILINE,
)
# Words one of which each pattern needs (after folding), in `_PATTERNS` order: a plain
# substring test skips the patterns a text cannot match, and most text matches none.
_NEEDLES: list[tuple[str, ...]] = [
    ("ignor", "disregard", "forget", "overrid", "bypass", "abandon", "discard", "dismiss", "drop",
     "skip"),
    ("ignor", "disregard", "forget", "overrid", "bypass", "aside", "follow", "obey", "void", "null",
     "cancel", "revoked", "obsolete", "valid"),
    ("instruction", "prompt", "purpose", "role", "task", "directive", "orders"),
    ("follow", "obey"),
    ("you",),
    ("pretend",),
    ("act",),
    ("mode", "anything"),
    ("now",),
    ("new",),
    ("prompt", "instruction", "key", "secret", "credential", "/.ssh", "/.aws", "/etc/shadow",
     "id rsa", "idrsa", "curl", "environment", "tell", "inform"),
    ("игнор", "забуд", "отброс", "внимани"),
    ("игнор", "забуд"),
    ("теперь", "притвор", "представь", "режим"),
    ("момента", "отныне", "впредь", "новые", "следуй", "выполняй", "соблюдай", "учитывай", "забуд",
     "игнор"),
    ("систем", "скрыт", "ключи"),
    ("ignor", "olvid", "descart", "omit"),
    ("ignor", "olvid"),
    ("ahora", "nuevas", "sigas", "sigan", "obedezcas", "cumplas", "olvid", "ignor", "descart",
     "omit", "omiso"),
    ("fing", "finja", "imagina", "ahora", "modo", "actúa", "actua"),
    ("sistema", "ocultas", "secretas", "claves"),
    ("無視", "忘れ", "従わない", "無効"),
    ("システムプロンプト", "隠された指示", "秘密の指示", "システム指示"),
    ("これからは", "今後", "今から", "新しい"),
    ("モード", "ない", "無い", "dan"),
]  # fmt: skip
_WHEN_WORDS = ("previous", "prior", "above", "earlier", "preceding", "former", "original",
               "initial", "system", "safety", "developer")  # the words of `_WHEN`  # fmt: skip
# For the patterns whose words in `_NEEDLES` are common ones, what else a match needs, by
# pattern index: any of the alternatives, each a list of word groups that must all occur (one
# word of each group). Read off the pattern: every word here is one it cannot match without.
# A group may also be a pattern the text must hold: where the words are common ones, the end
# of the alternative that comes after them.
_Group = tuple[str, ...] | re.Pattern[str]
_ALSO: dict[int, tuple[tuple[_Group, ...], ...]] = {
    1: (
        (("ignor", "disregard", "forget", "overrid", "bypass", "aside"),),
        (("stop", "quit"), ("following", "obeying")),
        (_WHEN_WORDS, ("void", "null", "cancel", "revoked", "obsolete", "valid"),
         re.compile(r"(?:are|is)\s+(?:now\s+)?(?:void|null|cancell?ed|revoked|obsolete|invalid"
                    r"|no\s+longer\s+valid)")),
    ),
    2: ((("new", "real", "true", "actual", "updated", "revised"),),),
    3: ((("not", "don't", "never"), _WHEN_WORDS),),
    7: ((("mode",), ("developer", "jailbreak", "dan", "god")), (("anything",), ("now",))),
    9: ((("instructions", "orders", "directives"), (":",)),),
    10: (
        (
            ("reveal", "print", "show", "output", "leak", "send", "exfiltrate", "repeat", "display",
             "dump", "disclose", "share", "tell"),
            ("prompt", "instructions", "api", "secrets", "credentials"),
            re.compile(r"(?:your|the)\s+(?:(?:full|entire|complete|exact|original|initial|hidden"
                       r"|secret)\s+)?(?:system\s+prompt|hidden\s+instructions|initial\s+"
                       r"instructions|instructions\s+above|prompt\s+above|api\s+keys?|secrets"
                       r"|credentials)"),
        ),
        (("/.ssh/", "/.aws/credentials", "/etc/shadow", "id rsa", "idrsa"),),
        (("curl",), ("@",)),
        (("print",), ("environment",)),
        (("tell", "inform"), ("user",)),
    ),
    18: (
        (("ahora",),),
        (("nuevas",),),
        (("sigas", "sigan", "obedezcas", "cumplas"),),
        (("olvida", "ignora", "descarta", "omite"), ("instrucciones", "reglas", "indicaciones",
                                                     "rdenes")),
        (("omiso",),),
    ),
    24: ((("モード",),), (("ない", "無い"), ("の",)), (("あなたは",),)),
}  # fmt: skip
_MARKUP_NEEDLES = ("system", "inst", "im start", "im end", "sys", "endoftext", "header", "eot",
                   "<|", "admin", "turn")  # fmt: skip
# Each markup pattern, with what else its alternatives need (as `_ALSO`).
_MARKUPS = (
    (_MARKUP_TAGS, ((("<",), ("system", "admin", "start", "|>", "sys")), (("[",), ("inst",)),
                    (("{",), ("role",)))),
    (_MARKUP_LINES, ((("[",), ("system",)), (("#",), (":",), ("system", "instruction")))),
)  # fmt: skip
_ANY_NEEDLE = tuple(sorted({n for group in (*_NEEDLES, _MARKUP_NEEDLES) for n in group}))
_MARKER = re.compile(r"[ \t]*(?:(?:[-*+>]|\d+[.)]|#+)[ \t]*)+")  # at the start of a line
# The markers of every other line, found from the line break before them: a pattern that
# starts with `^` is tried at every position, one that starts with "\n" only at line breaks.
_MARKER_AFTER_BREAK = re.compile(r"\n" + _MARKER.pattern)
# A tag may break a line between its attributes ("<span\n>"); its line breaks are kept, so
# lines keep their numbers.
_TAG_TEXT = r"<\s*/?\s*[a-z][a-z0-9]*(?:\s[^<>]{0,500})?>"
_TAG = re.compile(_TAG_TEXT)
# A tag with a word character after it (`_in_word` checks the one before): "Ig<span>nore"
# reads "Ignore". (Written to start with "<", which the regex engine skips to.)
_TAG_BEFORE_WORD = re.compile(_TAG_TEXT + r"(?=\w)", re.I)
# Letters spelled one by one: "I.g.n.o.r.e", "i-g-n-o-r-e", "I g n o r e".
_SPELLED = re.compile(r"(?<![\w.\-])\w(?:[.\-·* ]\w(?![\w]))+(?:[.\-·* ]\w)(?!\w)")
# A link or an image reads as its text ("ignore all [previous](url) instructions"), within a
# line. Its text holds no bracket: each "[" is then tried only up to the next one, where a text
# of brackets never closed would have each tried to the end of its line (quadratic).
_LINK = re.compile(r"!?\[([^\[\]\n]*)\](?:\([^)\n]*\)|\[[^\[\]\n]*\])")
# An underscore reads as a space ("ignore_all_previous_instructions"); the rest is decoration.
_DECORATION = (("_", " "), *((ch, "") for ch in "*`~\"'“”‘’«»„\\"))


def _undecorated(text: str) -> str:
    for old, new in _DECORATION:  # str.replace is much faster than translate with a table
        if old in text:
            text = text.replace(old, new)
    return text


# A run of spaces and tabs, or one tab, reads as one space (written to start with the
# character class, which the regex engine skips to).
_SPACES = re.compile(r"[ \t](?:[ \t]+|(?<=\t))")


def _unmarked(view: str) -> str:
    """The view without list and heading markers at the start of its lines."""
    first = _MARKER.match(view)
    if first:
        view = view[first.end() :]
    return _MARKER_AFTER_BREAK.sub("\n", view)


def _may_match(
    text: str, needles: tuple[str, ...], also: tuple[tuple[_Group, ...], ...] | None
) -> bool:
    """Whether the text holds the words a pattern needs (its `_NEEDLES`, and its `_ALSO`):
    a substring test is much cheaper than the pattern, and most text holds none."""
    if not any(map(text.__contains__, needles)):
        return False
    return also is None or any(all(_holds(text, group) for group in groups) for groups in also)


def _holds(text: str, group: _Group) -> bool:
    if isinstance(group, re.Pattern):
        return group.search(text) is not None
    return any(map(text.__contains__, group))


# Space or a line break between two Japanese or Chinese characters is no word break.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f"
_CJK_GAP = re.compile(f"(?<=[{_CJK}])[ \t\n]+(?=[{_CJK}])")


def _join_cjk(view: str, joined: list[int]) -> str:
    """The view with the gaps inside CJK text removed; `joined` gets, for each line break
    removed, the offset in the new text where it was (so line numbers can be kept)."""
    parts: list[str] = []
    last = length = 0
    for match in _CJK_GAP.finditer(view):
        parts.append(view[last : match.start()])
        length += match.start() - last
        joined.extend([length] * match.group().count("\n"))
        last = match.end()
    parts.append(view[last:])
    return "".join(parts)


_NOT_BEFORE = re.compile(r"(?:\bdo\s+not|\bdont|\bnever|\bне|\bno)\s+$")
_NOT_AFTER = ("しない", "せず", "ず", "ないで", "ません")


def _negated(text: str, start: int, end: int) -> bool:
    """ "Do not ignore previous instructions", "以前の指示を無視しないで": a rule that keeps the
    instructions, not one that overrides them."""
    return bool(_NOT_BEFORE.search(text[max(0, start - 12) : start])) or text.startswith(
        _NOT_AFTER, end
    )


def find_injection(text: str) -> list[tuple[str, int]]:
    """(pattern family, 1-based line) for each line where an injection pattern starts, in the
    first reading of the text that has one: the text, the text with its control characters as
    spaces, the text with its escapes decoded (`engram.safety.normalize.readings`), then the
    readings below, each tried only when the text has what it undoes.

    A control character may split a word in one place and stand for a space in another
    ("Ig\\x00nore\\x00all previous instructions"), and neither reading restores both. So a
    text with control characters that neither reading flags is read once more with them
    dropped, by the patterns with the words allowed to run together ("ignoreall previous
    instructions" still reads as an override to a model)."""
    found = next(filter(None, map(_find_injection, readings(text))), [])
    if not found and has_controls(text):
        found = _find_injection(text, loose=True)
    # A tag inside a word joins it ("Ig<span>nore"), where one between words is a space.
    if not found and "<" in text:
        joined = _TAG_BEFORE_WORD.sub(_in_word, text)
        if joined != text:
            found = _find_injection(joined)
    # Letters spelled one by one read as their word to a model ("I.g.n.o.r.e all …").
    if not found and _SPELLED.search(text):
        found = _find_injection(_SPELLED.sub(_spelled_word, text))
    return found


def _in_word(match: re.Match[str]) -> str:
    """Nothing for a tag inside a word, else the tag as it is."""
    start = match.start()
    inside = start > 0 and (match.string[start - 1].isalnum() or match.string[start - 1] == "_")
    return "" if inside else match.group()


def _spelled_word(match: re.Match[str]) -> str:
    return match.group()[::2]


@cache
def _loose_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """`_PATTERNS` with every required run of spaces made optional."""
    return [(family, re.compile(p.pattern.replace(r"\s+", r"\s*"), p.flags))
            for family, p in _PATTERNS]  # fmt: skip


def _find_injection(text: str, loose: bool = False) -> list[tuple[str, int]]:
    view = _undecorated(scan_view(text).casefold())
    gaps = not view.isascii() and _CJK_GAP.search(view) is not None  # "無 視" spells 無視
    probe = _CJK_GAP.sub("", view) if gaps else view
    if not any(map(probe.__contains__, _ANY_NEEDLE)):
        return []
    found: list[tuple[str, int]] = []
    seen: set[int] = set()
    for markup, also in _MARKUPS:  # before "### " is taken as a heading
        if _may_match(view, _MARKUP_NEEDLES, also):
            for match in markup.finditer(view):
                line = view.count("\n", 0, match.start()) + 1
                if line not in seen:
                    seen.add(line)
                    found.append(("fake chat markup", line))
    if "<!--" in view:  # before the markers: a comment's "-->" may open a line
        view = without_comments(view)
    view = _unmarked(view)
    if "\t" in view or "  " in view:  # what `_SPACES` needs
        view = _SPACES.sub(" ", view)
    joined: list[int] = []  # where a line break between CJK characters was taken out
    if gaps:
        view = _join_cjk(view, joined)
    # "<b>ignore</b>" reads as its words
    plain = _TAG.sub(lambda tag: blank(tag.group()), view) if "<" in view else view
    if "](" in plain or "][" in plain:
        plain = _LINK.sub(r" \1 ", plain)
    if "|" in plain:  # the cells of a table row read as one line
        plain = plain.replace("|", " ")

    def add(family: str, offset: int) -> None:
        # a tag is one line, so `plain` keeps the lines; add the line breaks joined before
        line = plain.count("\n", 0, offset) + 1 + bisect.bisect_right(joined, offset)
        if line not in seen:
            seen.add(line)
            found.append((family, line))

    patterns = _loose_patterns() if loose else _PATTERNS
    for index, ((family, pattern), needles) in enumerate(zip(patterns, _NEEDLES, strict=True)):
        # `_ALSO` reads words apart; the loose patterns run on the needles alone
        if _may_match(plain, needles, None if loose else _ALSO.get(index)):
            for match in pattern.finditer(plain):
                if not _negated(plain, match.start(), match.end()):
                    add(family, match.start())
    found.sort(key=lambda f: f[1])
    return found
