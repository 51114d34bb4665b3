"""Secret detection by token family plus a high-entropy fallback.

Findings name the family and where it was found, never the secret itself, so a report can be
printed or logged safely.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class SecretFinding:
    """A secret-like value: its family and the 1-based line it starts on."""

    family: str
    line: int


# Token families recognised by their shape alone: each has a fixed prefix or structure that
# ordinary text does not produce.
_FAMILIES: list[tuple[str, re.Pattern[str]]] = [
    (
        "private key",
        re.compile(
            # between the dashes the words may run together: "-----BEGIN RSA PRIVATEKEY-----"
            # still marks a key, and so does a header split by control characters
            r"(?im)-{3,}\s*begin[a-z0-9\s]*?private\s*key(?:\s*block)?\s*-{3,}"
            r"|^[ \t>*-]*begin\s+(?:(?:rsa|dsa|ec|openssh|pgp|encrypted)\s+)+private\s+key"
            r"(?:\s+block)?[ \t]*$"
        ),
    ),
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
]

# Text one of which each family needs, in `_FAMILIES` order (lower-case needles are looked
# for case-insensitively): a substring test skips the families a text cannot hold.
_FAMILY_NEEDLES: list[tuple[str, ...]] = [
    ("private",), ("AKIA", "ASIA", "AGPA", "AIDA", "AROA"), ("aws",),
    ("ghp_", "gho_", "ghs_", "ghu_", "ghr_"), ("github_pat_",), ("glpat-",), ("AIza",),
    ("_live_", "_test_"), ("sk-ant-",), ("sk-",), ("xox",), ("hooks.slack.com",), ("npm_",),
    ("pypi-",), ("hf_",), (":AA",), ("SG.",), ("SK",), ("eyJ",),
]  # fmt: skip
# (family, pattern, its needles)
_FAMILY_CHECKS = [
    (family, pattern, frozenset(needles))
    for (family, pattern), needles in zip(_FAMILIES, _FAMILY_NEEDLES, strict=True)
]
# Every needle of every family, each looked for once a text: in the lower-cased text, or as
# written.
_LOWER_NEEDLES = tuple(sorted({n for needles in _FAMILY_NEEDLES for n in needles if n.islower()}))
_CASED_NEEDLES = tuple(
    sorted({n for needles in _FAMILY_NEEDLES for n in needles if not n.islower()})
)
# Where a match of `_BARE_PASSWORD` or `_VALUE_FIRST` may name its secret
_BARE_NAMES = (
    "pw",
    "passwd",
    "password",
    "пароль",
    "contraseña",
    "パスワード",
    "pin",
    "nip",
    "пин",
)
_BARE_START = re.compile("(?i)(?=" + "|".join(_BARE_NAMES) + ")")
_ASSIGNMENT_WORDS = ("pass", "pw", "secret", "key", "token", "credential", "пароль", "ключ",
                     "токен", "トークン", "パス", "пасс", "кодовое",
                     "contraseña", "clave", "パスワード", "mot de passe", "senha")  # fmt: skip

# Families recognised by context: a secret word, then a value. The value decides (see
# `_secret_value`), so `password: string`, `apiKey: process.env.API_KEY` and
# `Authorization: Bearer {token}` stay ordinary text.
_URL_CREDENTIALS = re.compile(
    r"\b[a-z][a-z0-9+.\-]{1,15}://([^\s:/@'\"<>{}]{0,64}):([^\s@/'\"]{3,128})@[^\s/]+"
)
# A plea to keep it secret may stand between the name and the value: "my private key, do
# not share: 4c08…", "the password (keep it safe) …", "пароль, никому не показывай: …", "clave
# privada (no compartir): …". Up to three, each opened by punctuation. A plea ends at a word
# or a mark, never in whitespace: the pattern after it reads the whitespace (two ways to
# read one run of spaces made a long run take seconds).
_PLEA = (
    r"(?:(?:please|pls|plz)\s+)?(?:(?:do\s+not|don[\u2019']?t|never)\s+"
    r"(?:share|post|leak|commit|paste|show)(?:\s+(?:it|this|them))?"
    r"(?:\s+with\s+any(?:one|body))?(?:\s+please)?"
    r"|keep\s+(?:it\s+|this\s+)?(?:safe|secret|private)|confidential|private|secret"
    r"|top\s+secret|никому\s+не\s+\w+|не\s+(?:показывай|делись|передавай|публикуй)\w*"
    r"|секретно|no\s+(?:lo\s+|la\s+)?compart\w+(?:\s+con\s+nadie)?|confidencial|secreto)"
)
_ONE_PLEA = r"\s*[,;(\[\u2013\u2014.-]+\s*" + _PLEA + r"(?:\s*[,;)\]!.\u2013\u2014-]+)?"
_KEEP_IT_SECRET = f"(?:{_ONE_PLEA}){{0,3}}"
# A word or two after the name, then a plea: "private key metamask, do not share: …" (without
# the plea, "the API key fingerprint …" names something else).
_NAMED_THEN_PLEA = r"(?:\s+[^\W\d_][\w-]{0,30}){1,2}" + f"(?:{_ONE_PLEA}){{1,3}}"
# Two-word names may be written apart in prose: "the wallet's private key is …".
_SECRET_WORD = (
    r"(?:password|passwd|passphrase|pass|pwd|(?<![a-z])pw(?![a-z])|secret|client[_ -]?secret"
    r"|secret[_ -]?key"
    r"|private[_ -]?key|api[_ -]?key|apikey|access[_ -]?key|access[_ -]?token|auth[_ -]?token"
    r"|refresh[_ -]?token|bearer[_ -]?token|token|credentials?|пароль|contraseña"
    r"|(?<!palabra\s)(?<!palabras\s)clave(?:\s+(?:privada|secreta))?|(?:приватный|секретный)\s+ключ|パスワード|パスフレーズ"
    r"|токен|トークン|пасс(?![а-яё])|кодовое\s+слово"
    r"|passwort|mot\s+de\s+passe|senha)"
)
# What the secret is of, told after its name: "the password for the home router is …", "la
# contraseña del wifi es …", "пароль от роутера: …", "… for alice@example.org", "… for
# 10.0.0.1", "… for WiFi 'HomeNet'" (up to four words, after an article)
_OF_WORD = (
    r"(?:[^\W\d_][\w-]{0,30}|[\w.+-]{1,40}@[\w-]{1,40}(?:\.[\w-]{1,20}){1,4}"
    r"|\d{1,3}(?:\.\d{1,3}){3}|'[^'\n]{1,30}'|\"[^\"\n]{1,30}\")"
)
_OF_WHAT = (
    r"(?P<of>\s+(?:for|of|to|on|del|de(?:\s+la)?|para|от|для|к|на|в)\s+"
    r"(?:(?:the|my|our|his|her|its|their|el|la|mi|su|tu|los|las)\s+)?"
    + _OF_WORD
    + r"(?:\s+"
    + _OF_WORD
    + r"){0,3})?"
)
# A word between the name and the value that says which password it is: its network or
# service ("contraseña wifi: …"), which of its versions ("contraseña actual: …", "пароль
# такой: …"), or a Russian noun in the genitive ("пароль роутера: …"). And who uses it, in a
# short clause ("the password I use everywhere is …", "the password that works is …").
_WHICH_ONE = (
    "actual", "nueva", "nuevo", "new", "current", "такой", "новый", "текущий", "нынешний",
    "wi-?fi", "router", "email", "correo", "vpn", "admin", "root",
)  # fmt: skip
_NAME_WORD = (
    r"(?P<word>(?:\s+(?:"
    + "|".join(_WHICH_ONE)
    + r"|(?P<genitive>(?!(?:по|с|из)меня|(?:по|с|из)мени|постав|установ|пользовател)"
    r"[а-яё]{3,}[аяыи]))){1,2})?"
)
_WHOSE = (
    r"(?P<whose>\s+(?:(?:I|we|you)\s+(?:use|used|set|chose|picked|have|had)"
    r"|(?:that|which)\s+works|que\s+(?:uso|usamos|usa|funciona))"
    r"(?:\s+(?:everywhere|for\s+\w+|at\s+home|at\s+work|en\s+todo|para\s+todo))?)?"
)
# The secret word may end a longer name: DB_PASSWORD, dbPassword, PGPASSWORD, adminPass (at
# most 60 characters before it: an unbounded reach made every dash of a long run of dashes
# read the run to its end). After a plea in brackets, a space may give the value.
_ASSIGNMENT = re.compile(
    r"(?i)(?<![A-Za-z0-9])[A-Za-z0-9_.-]{0,60}?(?P<name>" + _SECRET_WORD + r")"
    r"(?P<suffix>(?:[_-][A-Za-z0-9]+)*)[\"']?"
    + _OF_WHAT
    + _NAME_WORD
    + _WHOSE
    + _KEEP_IT_SECRET
    + r"\s*(?P<op>:=|=>|->|\u2192|=|:|：|(?<=[)\]\u2013\u2014-])\s|[\u2013\u2014](?:\s+это(?=\s))?"
    r"|[はがを](?=\s*[!-~「『])|['\u2019]s(?=\s)|\s(?:a|to|на)(?=\s)|\s-(?=\s)"
    r"|\s(?:(?:is\s+|was\s+|has\s+been\s+)?(?:set|changed|reset)\s+to"
    r"|(?:is|was)(?:\s+(?:now|still))?|remains|will\s+be|="
    r"|es|era|es\s+ahora|ahora\s+es|sigue\s+siendo|cambió\s+a|pasó\s+a\s+ser"
    r"|(?:—|–)\s+это|теперь|(?:по|с|из)мен(?:ял|ил)[аи]?\s+на)(?::?\s|\s:\s))\s*"
    r"(?:[(\[]\s*" + _PLEA + r"\s*[)\]]\s*)?"  # "PASSWORD: (do not share) …"
    r"(?P<value>\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|`[^`\n]{1,200}`|「[^」\n]{1,200}」"
    r"|『[^』\n]{1,200}』|«[^»\n]{1,200}»|“[^”\n]{1,200}”"
    r"|[^\s\"'`,;]{1,200})"
)
# A password told with no word to give it, or with its value first: "password sunflower42",
# "Пароль от вайфая ромашка2019", "usuario admin contraseña naranja42", "sunflower42 is my
# wifi password", "ромашка2019 — пароль от вайфая", "4821 is my PIN". With no word between, the
# value must be shaped as people choose passwords (see `_told_bare`) and end the statement.
# A PIN's name where its digits may come first: "4821 is my PIN"
_PIN_NAME = r"PIN|NIP|ПИН|пин-код|PIN-код"
_A_PASSWORD = (
    r"(?:(?<![A-Za-z0-9_\u0400-\u04ff-])(?:password|passwd|pwd|(?<![a-z])pw(?![a-z])|пароль"
    r"|contraseña)|パスワード)"  # (a Japanese name may follow a Latin word: "Wi-Fiパスワード")
)
_BARE_PASSWORD = re.compile(
    r"(?i)"
    + _A_PASSWORD
    + _OF_WHAT
    + r"\s+(?P<value>«[^»\s]{3,64}»|“[^”\s]{3,64}”|「[^」\s]{3,64}」"
    r"|[^\W_][^\s\"'`,;]{5,63})(?=\s*(?:$|[.,;!?)\]。、\n])|\s+\()"  # ("… (all lowercase)")
)
_VALUE_FIRST = re.compile(
    r"(?i)\s*(?P<value>[^\W_][^\s\"'`,;]{3,63})\s+"
    r"(?:is|was|es|era|[-\u2013\u2014](?:\s+это)?|это)\s+"
    r"(?:(?P<whose>my|our|his|her|their|mi|su|tu|мой|моя|наш|его|её)\s+"
    r"(?:[^\W\d_][\w-]{0,20}\s+)?|(?:(?:the|la|el)\s+)?)"
    r"(?:(?P<pin>" + _PIN_NAME + r")|" + _A_PASSWORD + r")" + _OF_WHAT + r"\s*(?:$|[.!?;\n])"
)
# Where a name of a secret can begin: every alternative of `_SECRET_WORD` starts with one.
_NAME_STARTS = ("pass", "pw", "secret", "client", "private", "api", "access", "auth", "refresh",
                "bearer", "token", "credential", "пароль", "contraseña", "clave", "приватный",
                "секретный", "パス", "mot", "senha", "токен", "トークン", "кодовое",
                "пасс")  # fmt: skip
_NAME_START = re.compile("(?i)(?=" + "|".join(_NAME_STARTS) + ")")  # every start, overlapping
# What `[A-Za-z0-9]` matches under IGNORECASE: the ASCII ones and four more letters.
_WORD_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789\u0130\u0131\u017f\u212a"
)
_NAME_CHARS = _WORD_CHARS | frozenset("_.-")


def _assignments(view: str, lower: str) -> list[re.Match[str]]:
    """The matches `_ASSIGNMENT.finditer(view)` gives, tried only where one can start: in the
    run of name characters just before where a secret's name may begin (`lower` is
    `view.lower()`). A plain scan tries the name at every offset of every word of the text
    (0.6 ms for a 1.5 KB file)."""
    names = _word_starts(view, lower, _NAME_STARTS, _NAME_START)
    starts: set[int] = set()
    for name in names:
        start, lowest = name, max(0, name - 60)
        while True:
            if start == 0 or view[start - 1] not in _WORD_CHARS:  # (?<![A-Za-z0-9]) holds
                starts.add(start)
            if start <= lowest or view[start - 1] not in _NAME_CHARS:
                break
            start -= 1
    found: list[re.Match[str]] = []
    end = 0
    for start in sorted(starts):
        if start >= end:
            match = _ASSIGNMENT.match(view, start)
            if match:
                found.append(match)
                end = match.end()
    return found


def _word_starts(
    view: str, lower: str, words: tuple[str, ...], pattern: re.Pattern[str]
) -> list[int]:
    """Where one of `words` (lower case) begins in `view`, in any case, in order: found in
    `lower` (`view.lower()`) by plain search where each character lowers to one and
    IGNORECASE matches it only to its lower case, else by `pattern` (a lookahead of `words`)."""
    if len(lower) == len(view) and _cased_simply(view):
        return sorted({at for word in words for at in _find_all(lower, word)})
    return [m.start() for m in pattern.finditer(view)]


@lru_cache(maxsize=4)
def _cased_simply(view: str) -> bool:
    """No letter of `view` folds apart (`_folds_apart`); asked of one text by every pattern
    tried where its names begin, so remembered for the last few texts."""
    return view.isascii() or not any(map(_folds_apart, set(view)))


def _folds_apart(char: str) -> bool:
    """A letter IGNORECASE matches to another lower-case letter than its own ("ſ" to "s",
    "ı" to "i"), or one whose folding differs from its lower case ("ß")."""
    lower = char.lower()
    return char.upper().lower() != lower or char.casefold() != lower


def _find_all(text: str, word: str) -> list[int]:
    at, found = text.find(word), []
    while at >= 0:
        found.append(at)
        at = text.find(word, at + 1)
    return found


# An HTTP header with a user and a password in base64: "Authorization: Basic YWRtaW46…"
_BASIC = re.compile(
    r"(?i)\bauthorization\b[\"']?\s*[:=]\s*[\"']?basic\s+(?P<value>[A-Za-z0-9+/]{8,}={0,2})"
)


def _user_and_password(value: str) -> bool:
    """Base64 of "user:password" with a password (not "{user}:{pass}" or "user:")."""
    import base64
    import binascii

    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    user, colon, password = decoded.partition(":")
    return bool(colon and user and len(password) >= 4 and password[:1] not in "{$<")


_BEARER = re.compile(r"(?i)\bbearer\s+(?P<value>[A-Za-z0-9\-._~+/]{20,}=*)")
_PLACEHOLDERS = frozenset(
    """password passwd secret token apikey api_key key value changeme changeit example sample
    redacted placeholder dummy test testing none null nil undefined true false required optional
    hidden masked string str bytes int number boolean bool any unknown object text char varchar
    env environ default empty todo tbd fixme secure strong yourpassword mypassword password123
    xxxxxx xxxxxxxx""".split()
)
# A value that names where the secret comes from, rather than holding it.
_REFERENCES = ("${", "{{", "process.env", "os.environ", "getenv", "import.meta.env", "ENV[",
               "env.", "vault:", "secrets.", "arn:")  # fmt: skip
_PLACEHOLDER_WORD = re.compile(
    r"(?i)your|example|sample|dummy|fake|test|wrong|invalid|placeholder|changeme|insert|replace"
    r"|passw(?:or)?d|secret|redacted|xxxx|\btu[-_]|aqu[ií]\b|ваш|сюда|здесь|contraseña|пароль"
    r"|パスワード"
)
_CANDIDATE = re.compile(r"[A-Za-z0-9+/_\-=]{24,}")
_CONTEXT = re.compile(
    r"(?i)(?:secret|token|passw|api[_ -]?key|apikey|credential|private[_ ]key|bearer|auth)"
)
_STRONG_CONTEXT = re.compile(r"(?i)secret|passw|private[_ -]*key|credential|api[_ -]*key|bearer")
# Words around a value that say it is public: an address, a program or mint id, a digest.
# Whole words: "share" is no "sha", "minting" no "mint", "committed" no "commit".
_PUBLIC = re.compile(
    r"(?i)\b(?:(?:address|pubkey|public[_ ]key|program[_ ]?id|declare_id|mint|wallet|contract"
    r"|hash|sha\d*|digest|checksum|commit|uuid|nonce)(?:e?s)?\b|ssh-(?:ed25519|rsa|dss)|ecdsa-"
    r"|data:[\w.+-]+/[\w.+-]+;base64)"
)


# A run of underscores opening a word (after no word character) or closing one (before
# none). Written to start with the underscore, which the regex engine then skips to: the
# lookbehinds look at the character before it.
_EMPHASIS = re.compile(
    r"_(?<![A-Za-z0-9_\-]_)_*(?=[A-Za-z0-9])|_(?<=[A-Za-z0-9]_)_*(?![A-Za-z0-9_\-])"
)
# A file path names where a key is kept: `ansible_ssh_private_key_file=/path/to/key`.
_PATH = re.compile(
    r"(?:~|\.{1,2})?/[\w.\-/]*|[A-Za-z]:\\[\w.\-\\]*|[\w\-]+\.(?:pem|key|json|p12|pfx|crt|txt)"
)


# The name of a standard, not a secret: what a schema or a doc says a value is ("Token: UUIDv4",
# "wifi password: WPA2-PSK", "Secret: AES-256", "token: JWT/RS256"). A name, then versions,
# sizes or a second such name.
_STANDARD = (
    r"(?:aes|rsa|sha\d*|md5|hmac|wpa\d?|wep|uuid|ulid|jwt|jwe|jws|[rhe]s\d{3}|argon2(?:id|i|d)?"
    r"|bcrypt|scrypt|pbkdf2|base64|base32|hex|utf-?8|ascii|iso|ieee|rfc|ed25519|x25519|ecdsa"
    r"|ecdh|tls|ssl|oauth2?|oidc|saml|totp|hotp|psk|gcm|cbc|ctr|pkcs\d*|x509|pem|der)"
)
_STANDARD_NAME = re.compile(
    r"(?i)" + _STANDARD + r"(?:[-_ ]?v?\d{1,5})?(?:[-/+ ]" + _STANDARD + r"(?:[-_ ]?v?\d{1,5})?)*"
)
# Words and short numbers joined by hyphens, dots or underscores name a thing or a version
# ("session-id-v2", "short-lived", "1.2.3-beta.4", "change-me-in-production"), not a secret.
_SLUG = re.compile(
    r"(?:[a-zа-яё]{1,12}|\d{1,4}|v\d{1,3})(?:[-._](?:[a-zа-яё]{1,12}|\d{1,4}|v\d{1,3}))+"
)
_OTHER_QUOTES = re.compile(r"^[「『«“‘]|[」』»”’]$")
# A query's bound parameter or a YAML tag in a value's place: ":token", "@token", "!vault"
_BOUND = re.compile(r"[:@!?][^\W\d]+")
# A count, a share or a time, not a secret: "1432/1450", "0.95", "86400s", "12:30"
_MEASURE = re.compile(
    r"(?i)\d+(?:[/.:,]\d+)+%?|\d+(?:ms|s|m|h|d|k|kb|mb|gb|%|us|µs|ns|hz|khz|mhz|ghz|v|mv|ma)"
)
# A language model's or a tokenizer's name: "gpt-4o-mini", "cl100k_base"
_MODEL = re.compile(
    r"(?i)(?:gpt|claude|llama|gemini|mistral|qwen|o\d)[-\w.]*|[a-z]{1,3}\d{2,3}k_base"
)
# A ticket's or a standard's id: "INC-4821", "ERC-20"
_TICKET = re.compile(r"[A-Z]{2,5}(?:-\d{1,6})+")
_DESCRIBED = re.compile(r"(?i)(?:" + _STANDARD + r"|2fa|mfa)[-_ ]?v?\d{0,5}[-_][^\W\d_]{2,}")
# A passphrase of kana and digits: "ねこがよるにおどる7" (not "英数字12文字以上", a rule)
_KANA = re.compile(r"[\u3040-\u30ff]{4,}\d*")
_CJK_TAIL = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef].*")
# The name of a password (not of a key or token, whose values are often kinds: "short-lived")
_PASSWORD_NAME = re.compile(
    r"(?i)password|passwd|passphrase|passcode|pwd|contraseña|пароль|パスワード|パスフレーズ|senha"
    r"|^pass$|^pw$|^пасс$|кодовое"
)
# Words and one number joined by hyphens, dots or underscores: "orchid-77", "blue.fern.42"
_WORD_AND_NUMBER = re.compile(r"(?i)(?P<words>(?:[a-zа-яё]{3,12}[-._])+)\d{2,4}")
# Words of a rule, a length or a place, not of a password: "min-length-12", "days-90"
_RULE_WORDS = frozenset(
    """min max minimum maximum length len chars characters digits days day hours weeks months
    years every rotation expiry policy version build staging prod production test dev route
    gate heading room floor""".split()
)
# A card's or a phone's PIN, or a passcode, and its digits: "The user's PIN is 4821", "Su PIN
# es 4821", "Mi NIP es 4821", "La clave de la tarjeta es 4821", "PIN-код карты — 4821",
# "暗証番号は4821", "The door code is 4821". Four to eight digits (or four to eight spaced
# out, "4 8 2 1") after a word that gives them ("is", ":", "—", "は", "changed to", "->"), or
# after the name alone where it is not a board's "pin" ("ПИН карты 4821", "暗証番号 4821"),
# ending the statement: no board's "pin 13", no "PIN-2048" ticket, no "PIN for user 10234 was
# reset".
_PIN = re.compile(
    r"(?P<pin>(?i:\bpin(?:\s+(?:number|code))?|\bpin-?(?:code|код)|\bпин(?:-?код)?"
    r"|\bc[óo]digo\s+pin|\bpasscode|\b(?:door|alarm|garage|unlock|access|gate|keypad)\s+code"
    r"|\bc[óo]digo\s+(?:del?\s+)?(?:(?:la|el)\s+)?(?:acceso|alarma|puerta|portal|garaje|desbloqueo)"
    r"|\bкод\s+(?:от\s+)?(?:доступа|домофона|подъезда|гаража|сигнализации|двери|калитки|сейфа"
    r"|разблокировки)"
    r"|\bclave(?=\s+(?:de\s+(?:la\s+|mi\s+|su\s+)?tarjeta|del\s+(?:cajero|banco))))"
    r"|(?<![A-Za-z])(?:PIN(?:コード)?|NIP)(?=[\u3040-\u30ff:：\s(])|暗証番号|パスコード|解除コード)"
    r"(?:\s+(?i:new|current|nuevo|actual|новый|текущий))?"
    r"(?:(?P<of>\s+(?i:for|of|to|on|del|de|para|от|для|к)\s+"
    r"(?:(?i:the|my|his|her|your|su|mi|tu|la|el)\s+)?[^\W\d_][\w-]{0,20}"
    r"(?:\s+[^\W\d_][\w-]{0,20}){0,2})|(?P<gen>(?:\s+(?i:[а-яё][а-яё-]{2,20})){1,2}))?"  # ("карты")
    r"(?:\s+(?i:ending|ending\s+in|terminada\s+en)\s+\d{2,4})?"  # ("the card ending 1182")
    r"(?:\s*[(\[]\s*" + _PLEA + r"\s*[)\]])?"  # ("PIN (do not share): …")
    r"(?:\s*(?P<op>(?i::|=|->|\u2192|\bis(?:\s+(?:now|still))?\b|\bes(?:\s+el)?\b|\bwas\b|\bera\b"
    r"|\bahora\s+es\b|(?:was\s+)?(?:changed|set|reset)\s+to|\bto(?=\s*\d)|\ba(?=\s*\d)"
    r"|['\u2019]s\b|теперь"
    r"|на(?=\s*\d)|(?:—|–)(?:\s*это)?|は|が|を|、|：))\s*:?\s*"
    r"|(?<!\bis)(?<!\bes)(?<!\bwas)(?<!\bera)(?<!\bto)(?<!\ba)(?<!\sна)\s+)"
    r"[\"'«「]?(?P<value>\d{4,8}|\d(?:\s\d){3,7}(?!\s*\d))#?[\"'»」]?"
    r"(?=\s*(?:$|[.,;!?)\]。、\n]|です|だ|に|\s(?:and|but|y|pero|и|но)\b))"
)


def _not_an_assignment(match: re.Match[str]) -> bool:
    """A match of `_ASSIGNMENT` that gives no value to the secret it names:
    - a setting of a secret, named so ("max_token_count", "PASSWORD_RESET_TIMEOUT");
    - what a key or a token is of is told only of a password ("The secret of our growth is");
    - Spanish "clave" with "es" is a password only of an account or a network ("La clave del
      wifi es …", not "La clave del éxito es …");
    - a Russian noun in the genitive between the name and the value says which password it
      is before a colon or a dash ("пароль роутера: …");
    - a quoted message with spaces ({"password": "Must be at least 8 characters"}), digits
      that count something ("Pass: 123456 assertions"), a name inside an ARN;
    - a dash or an arrow gives a value only at the statement's end, never in a heading; an
      arrow gives a key's or a token's value only when it looks generated;
    - "a", "to", "на" give a password's value only after a verb of changing, at the
      statement's end ("Cambié la contraseña a …", "I changed my Gmail password to …"), and
      Spanish "a" before a plain name says whose password it is ("… a Office365");
    - after Japanese "は" the value must end the statement ("パスワードはsakura88です", not
      "パスワードはstaging-42の設定を参照"), after "が" / "を" a password is what it was
      changed to ("パスワードをsakura88に変更", not "…をKeePass2に保存")."""
    name, op, of = match["name"].casefold(), match["op"].strip(), match["of"] or ""
    if _a_setting(match):
        return True
    if of and not (_PASSWORD_NAME.search(name) or name.startswith("clave")):
        return True
    if name.startswith("clave") and op not in (":", "=", ":=") and not _CLAVE_OF.search(of):
        return True
    if match["genitive"] and (
        op not in (":", "=", "->", "\u2192", "—", "–") or not _PASSWORD_NAME.search(name)
    ):
        return True  # "пароль роутера: …", not "пароль роутера сменили на …", "Токен модели: …"
    if _QUOTED_WORDS.fullmatch(match["value"]) and not _PASSPHRASE.search(name):
        return True  # {"password": "Must be at least 8 characters"}: a message
    if match["value"].isdigit() and _COUNTED.match(match.string, match.end("value")):
        return True  # "Pass: 123456 assertions": a count of something
    if _IN_AN_ARN.search(match.string, max(0, match.start("name") - 200), match.start("name")):
        return True  # "arn:aws:secretsmanager:…:secret:prod/db": where a secret is kept
    if op in ("-", "—", "–") and _line_of(
        match.string, match.start(), match.end()
    ).lstrip().startswith("#"):
        return True  # "## Reset your password - Windows11": a heading
    if (
        op in ("-", "—", "–", "->", "\u2192")
        and not _ends_there(match)
        and not _made_to_rules(match["value"])
    ):
        return True  # "Password - Windows11 login screen": a heading, not a value (a value
        # made to a policy's rules is one, whatever follows: "Пароль — Xk9!mQ2#vLp7 на …")
    if (
        op in ("->", "\u2192")
        and not _PASSWORD_NAME.search(name)
        and not _random_value(match["value"])
    ):
        return True  # "Map each token -> token_id2"
    if op in ("a", "to", "на"):
        a_password = _PASSWORD_NAME.search(name) or (
            name.startswith("clave") and _CLAVE_OF.search(of)
        )
        if not a_password or not _ends_there(match):
            return True  # "Changed the DB secret to k8s-native storage", "на srv-db01 и …"
        if op == "a" and _A_NAME.fullmatch(match["value"].rstrip(".,;!?")):
            return True  # "Le cambié la contraseña a Office365": whose password it is
        return not _CHANGED.search(match.string, max(0, match.start() - 40), match.start("op"))
    if op in ("は", "が", "を"):
        if op != "は" and not _PASSWORD_NAME.search(name):
            return True  # "secret-managerを2.20.0rc1に更新"
        value = match["value"].strip("「」『』")
        rest = match.string[match.end("value") :]
        if value != match["value"]:  # quoted: "パスワードは「さくらさくら」"
            tail = rest.lstrip(" ")
        else:
            kana = _KANA_AND_DIGITS.match(value)  # "さくら2024です"
            told = kana.group() if kana else _CJK_TAIL.sub("", value)
            tail = (value[len(told) :] + rest).lstrip(" ")
        if op != "は":
            return not _CHANGED_TO.match(tail)  # "…をsakura88に変更", not "…をKeePass2に保存"
        return not (tail == "" or tail.startswith(_ENDS_A_STATEMENT))
    return False


_COUNTED = re.compile(r"[ \t]+[^\W\d_]")
_A_NAME = re.compile(r"[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+\d*")  # "Office365", "Marta"
_QUOTED_WORDS = re.compile(r"[\"'`“«「『].*\s.*[\"'`”»」』]")
_PASSPHRASE = re.compile(r"(?i)phrase|フレーズ|frase|фраз")
_IN_AN_ARN = re.compile(r"\barn:[\w:/.-]*$")


def _ends_there(match: re.Match[str]) -> bool:
    """Nothing but a mark, the line's end or when it was done follows the value ("… to
    Winter$Falls2023 this morning", "… на Cherepaha$9 сегодня утром")."""
    rest = match.string[match.end("value") :]
    if not rest.strip(" \t") or rest.lstrip(" \t")[0] in ".,;!?)\n。、":
        return True
    return _WHEN_DONE.match(rest) is not None


_WHEN_DONE = re.compile(
    r"(?i)[ \t]+(?:this\s+(?:morning|afternoon|evening|week)|today|yesterday|tonight"
    r"|last\s+(?:night|week|month)|сегодня(?:\s+утром|\s+вечером)?|вчера|hoy|ayer"
    r"|esta\s+(?:mañana|tarde|semana))[ \t]*(?:$|[.,;!?\n])"
)


def _a_setting(match: re.Match[str]) -> bool:
    """The name is a setting's of a secret, not the secret's: its last word is a measure
    ("token_budget", "PASSWORD_RESET_TIMEOUT", "api_key_header"), or its first a bound
    ("max_token_count")."""
    before = match.string[match.start() : match.start("name")]
    parts = re.split(r"[_.-]+", (before + match["name"] + match["suffix"]).casefold())
    if parts[-1] in _SETTING_PARTS or parts[0] in ("max", "min", "num"):
        return True
    if parts[-1] == "id" and not match["name"].casefold().startswith("secret"):
        return True  # "eos_token_id", "APPLE_API_KEY_ID", not Vault's "secret_id"
    return _RULES_OF.search(match.string, max(0, match.start() - 30), match.start()) is not None


# A policy's or a rule's name before the secret's: "Política de Contraseña: NIST-800-63B"
_RULES_OF = re.compile(
    r"(?i)(?:pol[ií]tica|policy|rules?|reglas?|requisitos|requirements?|политика|правила"
    r"|требования)\s+(?:de\s+(?:la\s+)?|for\s+|для\s+|of\s+)?$"
)


_SETTING_PARTS = frozenset(
    """count counts budget limit limits timeout expiry expires expiration ttl length len size
    max min header rate interval days hours minutes seconds secs ms age lifetime window
    threshold attempts retries version format mode policy field label issuer url uri endpoint
    name at audience scope path file manager bucket type""".split()
)


_CHANGED = re.compile(
    r"(?i)cambi|\bpus[eoi]|actualic|actualiz|establec|configur|\bchang|\bset\b|\breset\b"
    r"|\bupdat|поменял|сменил|изменил|поставил"
)


def _an_example(view: str, start: int, value: int) -> bool:
    """The line says the value is an example: "Example: if the password is Hello-123, …", "La
    contraseña de ejemplo es Hola-123" (from the line's start to the value)."""
    return _EXAMPLE.search(view, view.rfind("\n", 0, start) + 1, value) is not None


_EXAMPLE = re.compile(
    r"(?i)(?<![@.\w])example\b(?!\.\w)|\be\.g\.|for instance|\bejemplo\b|\bпример|例えば|例[:：]"
)
_CLAVE_OF = re.compile(r"(?i)wi-?fi|\bred\b|acceso|correo|banco|tarjeta|cuenta|router|usuario")
_KANA_AND_DIGITS = re.compile(r"[\u3040-\u30ff]{3,}\d+")
_CHANGED_TO = re.compile(r"に(?:変更|変え|変わ|設定|リセット|更新)")
_ENDS_A_STATEMENT = ("です", "だ", "でした", "。", "、", ".", "\n")


def _told_without_a_word(view: str, lower: str) -> list[re.Match[str]]:
    """The matches of `_BARE_PASSWORD` (tried where a password's name begins) and of
    `_VALUE_FIRST` (tried from the start of the statement that names a password or a PIN):
    tried at every character they cost a third of the scan of a memory file."""
    found: list[re.Match[str]] = []
    for at in _word_starts(view, lower, _BARE_NAMES, _BARE_START):
        before = view[at - 1] if at else " "
        if (
            view[at].isascii()
            and before.isalnum()
            and (before.isascii() or "\u0400" <= before <= "\u04ff")
        ):
            continue  # "spinner", "снепароль": inside a word (a Japanese name follows "の")
        bare = _BARE_PASSWORD.match(view, at)
        if bare:
            found.append(bare)
        if not _NAME_ENDS.match(view, at):
            continue  # (the name does not end its statement: no value told before it)
        statement = max(view.rfind(mark, 0, at) for mark in ".!?;\n") + 1
        first = _VALUE_FIRST.match(view, statement)
        if first and first.end("value") < at and first not in found:
            found.append(first)
    return found


# A name of `_VALUE_FIRST` that ends its statement, with what it is for
_NAME_ENDS = re.compile(
    r"(?i)(?:"
    + _PIN_NAME
    + "|"
    + _A_PASSWORD
    + r")"
    + _OF_WHAT.replace("?P<of>", "?:")
    + r"\s*(?:$|[.!?;\n])"
)


def _told_bare(match: re.Match[str]) -> bool:
    """A value of `_BARE_PASSWORD` or `_VALUE_FIRST` that no word gives, yet a password or PIN
    for sure: quoted ("Пароль от вайфая «ромашка»"), letters then a number ("sunflower42",
    "ромашка2019", "Sunflower42!"), six digits or more; for a PIN, four to eight digits."""
    value = match["value"]
    if match.re is _VALUE_FIRST and not (match["whose"] or match["of"]):
        return False  # "qwerty123 is the most common password", "Module05 - Password"
    at = match.start("value")
    if match.re is _BARE_PASSWORD and _A_USER.search(match.string, max(0, at - 40), at):
        return False  # "Reset the password for user jsmith42": the user's name
    if match.re is _BARE_PASSWORD and match["of"] and not _of_a_network(match["of"], value):
        return False  # "the password for server bastion01", "пароль от сети Keenetic-4821"
    if match.re is _VALUE_FIRST and match["pin"]:
        return value.isdigit() and 4 <= len(value) <= 8 and not _trivial_digits(value)
    if not _secret_value(value, prose=True, password=True):
        return _chosen_digits(value)
    value = value.rstrip(".,;:!?")
    if _OTHER_QUOTES.sub("", value) != value or _LETTERS_THEN_DIGITS.fullmatch(value):
        return True
    return _strong(value)


def _of_a_network(of: str, value: str) -> bool:
    """After what a password is for, a value with no word to give it is the password only
    where that is a network or a mailbox ("Пароль от вайфая ромашка2019", "пароль от wifi
    84729163") and the value is no name of one ("the wifi Cafe2024", "сети Keenetic-4821")."""
    last = of.split()[-1].casefold()
    return last in _NETWORKS and not value[:1].isupper()


# Networks and mailboxes a password is told for with no word before its value
_NETWORKS = frozenset(
    """wifi wi-fi wlan router вайфая вайфай вайфаю wifi-сети роутера почты email e-mail
    correo""".split()
)


def _strong(value: str) -> bool:
    """Eight characters or more with capitals, small letters, digits and a symbol, as a
    password policy asks ("Quij0te!Mancha", "Kashtan$2023", "Movistar#8802")."""
    return len(value) >= 8 and all(
        any(map(test, value)) for test in (str.isupper, str.islower, str.isdigit, _a_symbol)
    )


def _a_symbol(char: str) -> bool:
    return not char.isalnum() and not char.isspace()


_A_USER = re.compile(
    r"(?i)(?:user|usuario|пользовател\w*|account|cuenta|аккаунт\w*|логин|mailbox|buzón|ящик\w*)\s+$"
)
_LETTERS_THEN_DIGITS = re.compile(r"[^\W\d_]{3,}[-._]?\d{2,}[!?#$%&*@]?")


def _chosen_digits(value: str) -> bool:
    """Digits alone, six or more, given as a password in prose ("The wifi password is
    84729163"): not a run of one digit or of digits counting up."""
    value = _CJK_TAIL.sub("", value.strip("\"'`「」『』.,;:!?"))  # "90417263です"
    return value.isdigit() and len(value) >= 6 and not _trivial_digits(value)


def _chosen_words(value: str) -> bool:
    """Words and then a number, as people choose a password ("orchid-77", "ромашка-2019"), not
    a rule's or a place's words ("min-length-12", "days-90", "gate-42")."""
    match = _WORD_AND_NUMBER.fullmatch(value)
    if match is None:
        return False
    return not any(w in _RULE_WORDS for w in re.split(r"[-._]", match["words"].casefold()))


_PIN_WORDS = ("pin", "пин", "code", "código", "codigo", "код", "nip", "clave", "暗証番号",
              "パスコード", "解除コード")  # fmt: skip
# Where a match of `_PIN` can begin: the first word of each of its names
_PIN_NAMES = (
    "pin", "пин", "código", "codigo", "passcode", "door", "alarm", "unlock", "access", "gate",
    "garage", "keypad", "код", "nip", "clave", "暗証番号", "パスコード", "解除コード",
)  # fmt: skip
_PIN_START = re.compile("(?i)(?=" + "|".join(_PIN_NAMES) + ")")


def _pins(view: str, lower: str) -> list[re.Match[str]]:
    """The matches `_PIN.finditer(view)` gives, tried only where one of its names begins:
    the pattern's many names, tried at every character, cost more than the rest of the scan
    (`lower` is `view.lower()`)."""
    found: list[re.Match[str]] = []
    end = 0
    for start in _word_starts(view, lower, _PIN_NAMES, _PIN_START):
        if start >= end:
            match = _PIN.match(view, start)
            if match:
                found.append(match)
                end = match.end()
    return found


def _pin_told_bare(match: re.Match[str]) -> bool:
    """Digits after a PIN's name with no word to give them are its PIN only where the name is
    a PIN's for sure ("ПИН карты 4821", "暗証番号 4821", not a board's "pin 1313" nor an alarm's
    code), of no one's but a card's, a phone's or a mailbox's ("ПИН-код клиента 100234",
    "ПИН-код модели 3000" name whose it is), of four digits unless told whose."""
    name, value = match["pin"], match["value"].replace(" ", "")
    if match["of"] or (name.isascii() and not name.isupper()):
        return False
    if name.isascii() and "CODE" in name.upper() and "PIN" not in name.upper():
        return False  # "ALARM CODE 3012": an error's code as well
    whose = (match["gen"] or "").split()
    if not all(word.casefold() in _WHOSE_PIN for word in whose):
        return False
    return len(value) == 4 or bool(whose)  # ("PIN 560001" after an address: a postal code)


_WHOSE_PIN = frozenset(
    "карты карточки банковской кредитной дебетовой телефона симки сим-карты почты голосовой "
    "домофона подъезда".split()
)


def _postal(match: re.Match[str]) -> bool:
    """Six digits after "PIN code" or after "PIN" in an address: India's postal code."""
    if _POSTAL.fullmatch(match["pin"]):
        return True
    view, start = match.string, match.start()
    before = view[view.rfind("\n", 0, start) + 1 : start]  # (the line up to the name)
    return match["pin"] == "PIN" and ("," in before or _A_PLACE.fullmatch(before) is not None)


_POSTAL = re.compile(r"(?i)pin\s*code|pincode")
_A_PLACE = re.compile(r"\s*[A-Z][a-z]+\s+")
_MACHINE = re.compile(r"(?i)machine|cnc|plc|error|fault|boiler|printer|spindle|sensor|device")
_MEETING = re.compile(r"(?i)dial-?in|conference|webex|zoom|конференц|созвон|reunión|会議")
_A_DATE = re.compile(r"(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")


# A device's default, told as such: "The factory default pairing PIN is 2580"
_DEFAULT = re.compile(r"(?i)default|factory|por defecto|de fábrica|по умолчанию|заводской|初期")


def _trivial_digits(value: str) -> bool:
    """A PIN no one keeps secret: the same digit ("0000") or digits counting up ("1234"), as a
    device's default is told."""
    return len(set(value)) == 1 or value in _COUNTING_UP


_COUNTING_UP = frozenset({"0123", "1234", "12345", "123456", "1234567", "12345678"})


# A password given on a command line: `mysql -pS3cret`, `curl -u deploy:S3cret`.
_COMMAND_PASSWORD = re.compile(
    r"\b(?:mysql|mysqldump|mariadb)\b[^\n]*?\s-p['\"]?(?P<value>[^\s'\"]{6,})"
    r"|\bsshpass\b[^\n]*?\s-p\s*['\"]?(?P<value4>[^\s'\"]{6,})"
    r"|\bdocker\s+login\b[^\n]*?\s(?:-p|--password)[\s=]+['\"]?(?P<value5>[^\s'\"]{6,})"
    r"|\bcurl\b[^\n]*?\s(?:-u|--user)\s+[^\s:'\"]+:(?P<value2>[^\s'\"@]{6,})"
    r"|\bredis-cli\b[^\n]*?\s(?:-a|--pass)\s+(?P<value3>[^\s'\"]{6,})"
)
# A user and a password side by side: "Amazon: mike.t@example.com / Kangaroo*Jump6", "acceso al
# panel del router: admin / Movistar#8802". Only a password as strong as a policy asks (see
# `_strong`): "read / write", "TCP / IP" and "src / lib" are no pairs.
_LOGIN_PAIR = re.compile(
    r"(?<![\w@.+-])(?:[\w.+-]{1,40}@[\w-]{1,40}(?:\.[\w-]{1,20}){1,4}|[a-z][a-z0-9._-]{1,30})"
    r"\s+/\s+(?P<value>[^\s/'\"`,;]{8,64})(?=\s*(?:$|[.,;)\n]))"
)
# Words of a line that gives a login: "acceso al panel: admin / …", "Amazon: a@b.com / …"
_LOGIN_LINE = re.compile(
    r"(?i)@|log\s?in|user|usuario|admin|root|account|cuenta|acceso|panel|router|ssh|логин"
    r"|аккаунт|вход|пользовател|ログイン|アカウント"
)
# A name and its version or date: "Safari-17.4", "Ubuntu-22.04", "Jan-2025", "macOS-14"
_VERSIONED = re.compile(r"[^\W\d_]+[-_ ]?v?\d+(?:[.-]\d+)*")
# A Wi-Fi network shared as a QR code's text: "WIFI:S:Home;T:WPA;P:shibainu-2016;;"
_WIFI_QR = re.compile(r"WIFI:(?:[^;\n]*;){0,6}?P:(?P<value>(?:[^;\\\n]|\\.){4,63});")
_COMMANDS = ("mysql", "mariadb", "curl", "redis-cli", "sshpass", "docker")
# A hashed password is no secret to keep out: `$argon2id$…`, `$2b$12$…`.
_HASHED = re.compile(r"\$(?:argon2(?:id|i|d)?|2[abxy]|scrypt|pbkdf2[\w-]*|6|5)\$")


_SQUEEZED_OUT = "*`~\\"


def _squeezed(view: str) -> str:
    """The view without HTML comments and the marks `_SQUEEZED_OUT` (str.replace, not
    translate: a table is looked up for every character, 0.1 ms for a 1.5 KB file)."""
    if "<!--" in view:
        from engram.safety.normalize import without_comments

        view = without_comments(view, keep_lines=False)
    for mark in _SQUEEZED_OUT:
        view = view.replace(mark, "")
    return view


_SQUEEZABLE = re.compile(r"[*`~\\]|<!--")


def _dummy(token: str) -> bool:
    """A documented example or a filler: AWS's `AKIAIOSFODNN7EXAMPLE`, `ghp_xxxxxxxx…`."""
    body = token[4:]
    return "example" in token.lower() or len(set(body.lower())) <= 3


def _identifier(value: str) -> bool:
    """A name in code rather than a literal: `process.env.API_KEY`, `self.password`,
    `HOL_API_KEY`, `getToken()`, `settings["secret"]`."""
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", value):  # an environment variable's name
        return True
    if re.fullmatch(r"[A-Za-z_$][\w$]*(?:(?:\.|\?\.|::)[A-Za-z_$][\w$]*)+\(?\)?", value):
        return True
    if re.fullmatch(r"[A-Za-z_$][\w$.]*\s*[\[(].*", value):  # a call or an index
        return True
    # snake_case or camelCase without digits: a variable, not a password
    return bool(re.fullmatch(r"[a-z]+(?:_[a-z]+)+|[a-z]+(?:[A-Z][a-z]+)+", value))


def _random_value(value: str) -> bool:
    """A value that looks generated, not named: mixed case with digits and high entropy, and
    not made of words ("PKCS8-encoded"), or 16 bytes or more in hex."""
    value = value.strip("\"'`").rstrip(".,;:)!?]}")
    if _HEX_KEY.fullmatch(value):
        return True
    words = sum(map(len, re.findall(r"[a-z]{4,}", value)))
    return looks_random(value, minimum=12) and words < len(value) / 3


def _made_to_rules(value: str) -> bool:
    """A value made to a password policy's rules (ten characters or more, with upper and
    lower case, a digit and a symbol) is a real one whatever words it holds: "MySecret!2024",
    "Changeme!Acme2024" (an example shaped so costs its writer a rewording)."""
    return (
        len(value) >= 10
        and any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and any(c.isdigit() for c in value)
        and any(not c.isalnum() for c in value)
    )


def _secret_value(value: str, *, prose: bool, password: bool = False) -> bool:
    """Whether an assigned value looks like a real secret rather than a name or placeholder.
    With `password` (the name is a password's, not a key's or a token's), words and a number
    joined by a hyphen are one too: "the Wi-Fi password is orchid-77" is how people choose
    them, where "the token is short-lived" or "session-id-v2" names a kind."""
    unquoted = _OTHER_QUOTES.sub("", value)  # 「sakura88」, «ромашка», “sunflower”
    quoted = len(value) > 1 and (
        (value[:1] in "\"'`" and value[-1:] == value[:1]) or unquoted != value
    )
    value = unquoted
    if "参照" in value:
        return False  # "kv2/prod/db参照": where it is kept ("see …")
    if not value.isascii():  # "sakura88です。": the value ends where the Japanese goes on
        value = _CJK_TAIL.sub("", value) or (value if _KANA.fullmatch(value) else "")
    value = value.strip("\"'`").rstrip(".,;:)!?]}").lstrip("\\")
    if len(value) < 6 or value.casefold() in _PLACEHOLDERS:
        return False
    if value[0] in "$%{<[(*#" or any(ref in value for ref in _REFERENCES):
        return False
    if _BOUND.fullmatch(value):  # "WHERE token = :token", "password: !env_var DB_PASS"
        return False
    if set(value.casefold()) <= set("x*.•-_#?0") or "..." in value:
        return False
    if _PLACEHOLDER_WORD.search(value) and not _made_to_rules(value):
        return False  # "your-api-key", "Test@123", "WrongPassword123"
    if _identifier(value) or _PATH.fullmatch(value):
        return False
    if _SLUG.fullmatch(value) and not (password and _chosen_words(value)):
        return False
    if _DESCRIBED.fullmatch(value):
        return False  # "WPA2-Personal", "SHA256-hashed", "2FA-protected": how it is kept
    if any(p.fullmatch(value) for p in (_STANDARD_NAME, _MEASURE, _TICKET, _MODEL)):
        return False
    has_digit = any(c.isdigit() for c in value)
    has_symbol = any(not c.isalnum() for c in value)
    if prose:  # "the password is stored in the vault" says nothing secret
        mixed_case = any(c.isupper() for c in value) and any(c.islower() for c in value)
        return (
            quoted
            or (has_digit and any(c.isalpha() for c in value))
            or (has_symbol and mixed_case and len(value) >= 10)
        )
    if quoted or has_digit or has_symbol:
        return True
    return looks_random(value, minimum=12)


def shannon_entropy(value: str) -> float:
    """Bits of entropy per character of a string."""
    counts: dict[str, int] = {}
    for ch in value:
        counts[ch] = counts.get(ch, 0) + 1
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in counts.values())


def looks_random(token: str, minimum: int = 24) -> bool:
    """A long token mixing upper case, lower case and digits with high entropy.

    Hex digests (entropy at most 4 bits a character), UUIDs and ordinary identifiers
    (no digits, or a single case) stay below the bar, so hashes quoted in prose pass.
    """
    stripped = token.strip("=-_")
    if len(stripped) < minimum:
        return False
    if not (any(c.isupper() for c in stripped) and any(c.islower() for c in stripped)):
        return False
    if minimum >= 24 and not any(c.isdigit() for c in stripped):
        return False
    threshold = 4.3 if len(stripped) >= 24 else 3.3
    return shannon_entropy(stripped) >= threshold


_BASE58 = re.compile(r"[1-9A-HJ-NP-Za-km-z]{32,46}")  # 46: an IPFS content id
# An Ethereum address: 20 bytes in hex, its letters' case a checksum (EIP-55), so it mixes
# cases like a random token. A private key is 32 bytes (64 hex digits).
_HEX_ADDRESS = re.compile(r"0x[0-9a-fA-F]{40}")
# 16 bytes or more in hex, letters and digits both: a key, a digest or an id.
_HEX_KEY = re.compile(r"(?:0x)?(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{32,}")


def _random_token(token: str) -> bool:
    """A high-entropy token that is not made of words: "CXCL10/interferon-gamma-inducible"
    mixes cases and digits too, but reads as words split by slashes and hyphens."""
    if not looks_random(token):
        return False
    words = re.findall(r"[a-z]{4,}", token)
    return sum(map(len, words)) < len(token) / 3


def find_secrets(text: str) -> list[SecretFinding]:
    """Every secret-like value in the text, by family, in line order (one per family a line).

    The text is read as an agent would read it (`engram.safety.normalize.scan_view`), so a key
    written with look-alike letters or zero-width characters is still found; when none is,
    the text with its control characters as spaces is read too (`normalize.readings`)."""
    from engram.safety.normalize import readings

    return next(filter(None, map(_find_secrets, readings(text))), [])


def _find_secrets(text: str) -> list[SecretFinding]:
    from engram.safety.normalize import scan_view

    view = scan_view(text)
    if "_" in view:  # Markdown `_…_` around a token is emphasis, not part of it
        view = _EMPHASIS.sub(lambda m: " " * len(m.group()), view)
    findings: list[SecretFinding] = []
    seen: set[tuple[str, int]] = set()

    def add(family: str, offset: int, within: str = view) -> None:
        line = within.count("\n", 0, offset) + 1
        if (family, line) not in seen:
            seen.add((family, line))
            findings.append(SecretFinding(family, line))

    lower = view.lower()
    # Emphasis, code ticks, backslashes and HTML comments inside a token do not show in
    # rendered Markdown ("AKIA**Q7XK…**"), so the token shapes are also looked for without them.
    squeezed = _squeezed(view) if _SQUEEZABLE.search(view) else view
    for text_view in (view, squeezed) if squeezed != view else (view,):
        for family, pattern in _families_in(text_view):
            for match in pattern.finditer(text_view):
                if not _dummy(match.group()):
                    add(family, match.start(), text_view)
    if "://" in view and "@" in view:
        for match in _URL_CREDENTIALS.finditer(view):
            user, password = match.group(1), match.group(2)
            if password != user and _secret_value(password, prose=False):
                add("credentials in URL", match.start())
    if any(map(lower.__contains__, _ASSIGNMENT_WORDS)):
        for match in _assignments(view, lower):
            if _not_an_assignment(match) or _an_example(view, match.start(), match.start("value")):
                continue
            op, value, name = match["op"].strip(), match["value"], match["name"]
            prose = op not in (":=", "=>", "=", ":", "：")
            password = _PASSWORD_NAME.search(name) is not None
            if not password and _CJK_TAIL.sub("", value.strip("\"'`「」")).rstrip("([").isdigit():
                continue  # "トークン：152340", "Clave de producto SAT: 43211503": a count or a code
            if " " in name and not password and not _random_value(value):
                continue  # "the private key is ed25519", "the API key is HMAC-SHA256 signed"
            if _secret_value(value, prose=prose, password=password) or (
                password and prose and _chosen_digits(value)
            ):
                add("password assignment", match.start())
    if any(map(lower.__contains__, _BARE_NAMES)):
        for match in _told_without_a_word(view, lower):
            if _told_bare(match) and not _an_example(view, match.start(), match.end()):
                pin = match.re is _VALUE_FIRST and match["pin"]
                add("PIN or passcode" if pin else "password assignment", match.start())
    if any(map(lower.__contains__, _COMMANDS)):
        for match in _COMMAND_PASSWORD.finditer(view):
            value = next(v for v in match.groups() if v)
            if _secret_value(value, prose=False):
                add("password on a command line", match.start())
    if any(map(lower.__contains__, _PIN_WORDS)):
        for match in _pins(view, lower):
            if match["op"] is None and not _pin_told_bare(match):
                continue  # "pin 1313", "ПИН-код для модели 3000": digits no word gives
            line = _line_of(view, match.start(), match.end())
            if len(match["value"]) == 6 and _postal(match):
                continue  # India's postal "PIN code: 110001", "Mumbai PIN: 400001"
            if _MEETING.search(line) or ("larm" in match["pin"] and _MACHINE.search(line)):
                continue  # a meeting's code, shared with all; a machine's alarm code
            if _A_DATE.fullmatch(match["value"]):
                continue  # "Rust nightly pin: 20240315"
            told_of = _DEFAULT.search(view[max(0, match.start() - 30) : match.start()])
            if not told_of and not _trivial_digits(match["value"].replace(" ", "")):
                add("PIN or passcode", match.start())
    if " / " in view:
        for match in _LOGIN_PAIR.finditer(view):
            line = _line_of(view, match.start(), match.end())
            value = _CJK_TAIL.sub("", match["value"]).rstrip(".,;:!?)")
            if _VERSIONED.fullmatch(value) or not _LOGIN_LINE.search(line):
                continue  # "chrome / Safari-17.4", "ubuntu / Ubuntu-22.04"
            if _strong(value):
                add("password assignment", match.start())
    if "WIFI:" in view:
        for match in _WIFI_QR.finditer(view):
            if _an_example(view, match.start(), match.start("value")):
                continue
            if _secret_value(match["value"], prose=False, password=True):
                add("password assignment", match.start())
    if "basic " in lower:
        for match in _BASIC.finditer(view):
            if _user_and_password(match["value"]):
                add("basic auth credentials", match.start())
    if "bearer" in lower:
        for match in _BEARER.finditer(view):
            if _secret_value(match.group("value"), prose=False):
                add("bearer token", match.start())
    if not findings:
        for match in _CANDIDATE.finditer(view):
            token, start, end = match.group(), match.start(), match.end()
            if _random_token(token) and _unexplained(view, start, end):
                add("high-entropy string", start)
            elif _HEX_KEY.fullmatch(token) and _called_secret(view, start, end):
                add("hex-encoded key", start)
    findings.sort(key=lambda f: f.line)
    return findings


def _families_in(text: str) -> list[tuple[str, re.Pattern[str]]]:
    """The token families a text may hold: those with a needle in it (a needle that is all
    lower case is looked for in the lower-cased text, the others as written)."""
    lower = text.lower()
    found = {needle for needle in _LOWER_NEEDLES if needle in lower}
    found.update(needle for needle in _CASED_NEEDLES if needle in text)
    if not found:
        return []
    return [(family, pattern) for family, pattern, needles in _FAMILY_CHECKS if found & needles]


def _line_of(view: str, start: int, end: int) -> str:
    line_start = view.rfind("\n", 0, start) + 1
    line_end = view.find("\n", end)
    return view[line_start : len(view) if line_end < 0 else line_end]


# A secret word that names the value right after it: "private key 4c08…", "the webhook
# secret: 4c08…", "PRIVATE_KEY 4c08…"; and right before it: "4c08… is my private key".
_NAMES_BEFORE = re.compile(
    r"(?i)(?:secret|passw\w*|private[_ -]+key|credentials?|api[_ -]+key|access[_ -]+key"
    r"|(?:auth|access|refresh)[_ -]+token|пароль|(?:приватный|секретный)\s+ключ|contraseña"
    r"|clave\s+(?:privada|secreta)|токен(?:\s+(?:авторизации|доступа|api))?(?:\s+[A-Za-z]\w{1,20})?"
    r"|(?:認証)?トークン)(?:" + _KEEP_IT_SECRET + "|" + _NAMED_THEN_PLEA + r")"
    r"\s*(?:(?:is|was)\s+|[:=：]\s*|は)?"
    r"[\"'`]?\s*$"
)
_NAMES_AFTER = re.compile(
    r"(?i)^[\"'`]?\s*(?:is|was)\s+(?:\w+\s+){0,2}?(?:secret|password|private[_ -]+key"
    r"|api[_ -]+key|access[_ -]+key|credentials?)\b"
)


def _called_secret(view: str, start: int, end: int) -> bool:
    """A hex key in one case reads like a digest (`looks_random` lets digests pass): it is a
    secret when a secret word names it, just before it (on its line or the line above) or
    just after it. A word in between ("the API key fingerprint 5d41…", "credential id …",
    "the password bug was fixed by 9fce…") makes it something else."""
    before = view[max(0, start - 100) : start]
    return bool(_NAMES_BEFORE.search(before) or _NAMES_AFTER.match(view[end : end + 60]))


def _unexplained(view: str, start: int, end: int) -> bool:
    """A random-looking token counts as a secret unless its line or its shape says it is
    public (an address, a program id, a digest); next to a secret word it always counts."""
    line = _line_of(view, start, end)
    if _HASHED.search(line):
        return False
    token = view[start:end]
    if _DIGEST_OF.search(view, max(0, start - 8), start):
        return False  # "SHA256:uNiVz…": a key's fingerprint, public
    if _BASE58.fullmatch(token) or _HEX_ADDRESS.fullmatch(token):
        # 32–46 base58 characters is the shape of a Solana or Bitcoin public key, 0x and 40
        # hex digits an Ethereum address (their private keys are longer): an address, unless
        # the line calls it a secret.
        return bool(_STRONG_CONTEXT.search(line))
    url = _url_of(view, start, end)
    if url is not None:
        # a path segment or a parameter of a link ("/file/d/1m0IMD…/view", "?list=PLPV2…")
        # names a page, unless the link itself calls it a key ("?token=…", "&sig=…")
        return bool(_URL_SECRET.search(url))
    if _CONTEXT.search(line):
        return True
    return not _PUBLIC.search(line)


_DIGEST_OF = re.compile(r"(?i)(?:sha(?:1|256|384|512)|md5)[:-]$")
# A link that carries a key: a parameter named for one ("?token=…", "&sig=…",
# "&X-Amz-Credential=…"), or a path of a webhook or a key ("/api/webhooks/…/<token>").
_URL_SECRET = re.compile(
    r"(?i)[?&;#/](?:[\w-]*?)(?:secret|passw|token|api[_-]?key|apikey|access[_-]?key|auth|sig"
    r"|credential|session|key)[\w-]*="
    r"|^[^?#]*(?:hook|token|secret|key|auth|passw|credential)"
)


def _url_of(view: str, start: int, end: int) -> str | None:
    """The link a token is part of, up to the token's end (None when it is in no link)."""
    chunk_start = max(view.rfind(c, 0, start) for c in " \t\n<(\"'`") + 1
    chunk = view[chunk_start:end]
    return chunk if re.match(r"[a-z][a-z0-9+.-]*://", chunk, re.IGNORECASE) else None
