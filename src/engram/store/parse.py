"""What one fact says, as far as absorb needs to know: who it is about and what it says of them.

A fact is read without a grammar, from its words and a few word lists (`lexicon.py`):

- a **speaker** prefix (``Tim (4:21 pm on 16 July, 2023): …``, ``user: …``) names who said
  it; the date inside it is when it was said, not a value. A **key** prefix (``Deploy window:
  Tue 14:00``) is the subject, and the rest is its value;
- leading **interjections** (``Wow!``, ``Ну,``) are dropped;
- the **subject zone** runs up to the predicate: the first copula, auxiliary or negation, a
  known verb not right after a determiner, an English ``-ed`` participle or a Russian reflexive
  verb; with no verb, the first literal value, else the last word (``Код-ревью обязательно``);
  Japanese uses the topic particle は or が;
- the subject's **anchors** are its content words, names, ids, numbers, environments and
  pronouns (``I`` and ``my`` are one person; ``our`` and ``the`` are nobody);
- the **object zone** is everything after the predicate's head verb: what a value change
  swaps. In a passive (``is led by Diego``) the agent after "by" / "por" is who acts.

Everything here is a pure function of the text, cached, because absorb reads the same
candidates again and again.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, fields
from functools import lru_cache

from engram.store import lexicon as lx
from engram.store.normalize import normalize_text
from engram.text.sentences import sentences
from engram.text.stem import stem
from engram.text.tokenize import normalize, tokenize

# Japanese and Chinese letters and marks, which no URL or e-mail written among them holds:
# "taro@new.jpに変わった" is the address "taro@new.jp" and a verb.
_CJK_LETTERS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
_CJK_MARKS = "\u3000-\u303f\uff00-\uffef"
_W = f"[^\\W{_CJK_LETTERS}{_CJK_MARKS}]"  # a letter, digit or "_" of an address
_S = f"[^\\s{_CJK_LETTERS}{_CJK_MARKS}]"  # a character of a URL
# One token: a URL, an e-mail, a number-like value (dates, times, versions, money, phone
# numbers), a word (letters and digits, inner hyphens and apostrophes), or a dash or colon that
# stands for "is" between words.
_TOKEN = re.compile(
    # (a domain followed by "@" is the start of an e-mail address: "a.de@example.com")
    rf"(?P<url>https?://{_S}+|(?:(?:{_W}|-)+\.)+(?:com|org|net|io|dev|app|ru|de|co)\b(?!@)(?:/{_S}*)?"
    rf"|(?:(?:{_W}|-)+\.)+[^\W\d_](?:{_W}|-)*:\d{{2,5}}\b)"  # a host, port: "grafana.internal:3000"
    rf"|(?P<email>(?:{_W}|[.+-])+@(?:{_W}|-)+(?:\.(?:{_W}|-)+)+)"
    # a street address, one value however many words: "14 Elm Street, Apt 3B", "calle Mayor
    # 14, 3ºB", "avenida de la Paz 22"
    r"|(?P<address>\d{1,5}\s+(?:[A-Z][\w'-]*\s+){1,3}"
    r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Court|Ct|Place|Pl)\b"
    r"(?!\s+(?!(?:in|on|at|near|with|and|since|until)\b)[a-z])"  # ("12 People Ops Court cases")
    r"(?:,?\s+(?:Apt|Apartment|Suite|Unit|Flat)\.?\s*\w+)?"
    r"|(?i:calle|avenida|paseo|plaza)\s+(?:(?:de|del|la|las|los)\s+)*"
    r"(?:[A-ZÁÉÍÓÚÑ][\w-]*\s+){1,3}\d{1,4}(?:,\s*\d{1,2}º\s*[A-Z]?)?)"
    r"|(?P<path>(?<![\w/])(?:~|\.{1,2})?/[\w.-]+(?:/[\w.-]*)*)"
    r"|(?P<channel>(?<![\w#&])#[A-Za-z][A-Za-z0-9_-]*(?<!-))"  # a chat channel: "#ops-alerts"
    r"|(?P<number>(?:UTC|GMT)[+−-]\d{1,2}(?::\d{2})?(?!\d)"  # an offset: "UTC+5", "GMT-03:00"
    r"|[$€£¥+#]?\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d,:/-]|\.\d)"  # "100 000", "… 25 000."
    r"|[$€£¥₽]\d+(?:\.\d+)?[kK](?!\w)"  # "$120k": thousands of money ("401k" is none)
    r"|[$€£¥₽+#]?\d(?:[\d.,:/-]*\d)?(?:%|(?:st|nd|rd|th)\b| ?[€£¥₽](?!\w))?)"
    r"|(?P<word>[^\W_](?:[\w]|['’-](?=\w))*)"
    r"|(?P<dash>\s[—–-]\s|:(?=\s))",
    re.UNICODE,
)
_SPEAKER = re.compile(
    r"^\s*(?:\[(?P<stamp>[^\]]{1,40})\]\s*)?"  # [04/06 08:50]
    # Tim, Anna Smith, user, Deploy window, and a name with an emoji: "Tim 🏄"
    r"(?P<name>[^\W\d_][\w.'’ \u2013\u2014\u2600-\u27bf\U0001f300-\U0001faff-]{0,40}?)\s*"
    r"(?:\((?P<when>[^)]{0,60})\))?"  # (4:21 pm on 16 July, 2023)
    r"\s*(?::\s+|：\s*)(?P<rest>\S.*)$",  # (a full-width colon needs no space after it)
    re.DOTALL,
)
_CJK_EDGE = re.compile(f"(?<=[{_CJK_LETTERS}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{_CJK_LETTERS}])")
_PLAIN_TOKEN = re.compile(
    r"(?P<number>(?:UTC|GMT)[+−-]\d{1,2}(?::\d{2})?(?!\d)"  # an offset: "UTC+5", "GMT-03:00"
    r"|[$€£¥+#]?\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d,:/-]|\.\d)"  # "100 000", "… 25 000."
    r"|[$€£¥₽]\d+(?:\.\d+)?[kK](?!\w)"  # "$120k": thousands of money ("401k" is none)
    r"|[$€£¥₽+#]?\d(?:[\d.,:/-]*\d)?(?:%|(?:st|nd|rd|th)\b| ?[€£¥₽](?!\w))?)"
    r"|(?P<word>[^\W_](?:[\w]|['’-](?=\w))*)"
    r"|(?P<dash>\s[—–-]\s|:(?=\s))",
    re.UNICODE,
)
_MAYBE_ADDRESS = re.compile(
    r"@|://|[^\W\d_]\.[^\W\d_]|(?<![\w/])[~.]?/\w|(?<![\w#&])#[A-Za-z]"
    r"|\b(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Court|Ct|Place|Pl)\b"
    r"|(?i:\b(?:calle|avenida|paseo|plaza)\s)"
)
_LOWER_WORD = re.compile(r"\b[^\W\d_A-ZА-ЯЁÁÉÍÓÚÑ][^\W\d_]*")
_FIRST_WORD = re.compile(r"\s*([^\W\d_]+)\b")
_SPECIAL = frozenset([*lx.NUMBERS, *lx.UNITS, *lx.CALENDAR_SHORT, "am", "pm"])
_SIGNS = re.compile(r"(?<![\w.])[-+](?=\d)|(?<=\w)[-+]+(?=[\s.,;:!?)]|$)")
_ACCENTED = re.compile("[ñáéíóú]")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_DIGIT = re.compile(r"\d")
# Japanese kana and CJK ideographs: text written without spaces.
CJK = re.compile(f"[{_CJK_LETTERS}]")
_ROLES = frozenset("user assistant system bot agent ai human model".split())
_DATE_KEY = re.compile(r"\d[:/]\d|\d{4}-\d")
_AGENT_MARKERS = frozenset({"by", "por"})
# Irregular pasts that are no present form or common adjective too ("read", "left", "set" are).
_PAST_ONLY = lx.PAST_IRREGULAR - frozenset(
    "read left lost set cut put hit let cost hurt quit shut spread bet".split()
)
_PAST_AUX = frozenset(
    "was were did had был была были было fue fueron era eran estuvo estuvieron estaba estaban "
    "tuvo tuvieron hubo".split()
)
_LIGHT = frozenset({"stop", "neg", "aux", "marker", "dash"})


@dataclass(frozen=True, slots=True)
class Word:
    text: str  # as written
    norm: str  # NFKC + casefold (ё → е)
    key: str  # what is compared: a stem, a normalised value, or a pronoun's person
    kind: str  # word name acronym kin value date env neg stop pronoun aux dash marker
    exact: str  # who or what it names, for subjects: names and kin as written, no stem
    stem: str = ""  # the stem, even of a capitalised word (to find a word in another fact)

    @property
    def root(self) -> str:
        return self.stem or self.key


# The longest of the labelled facts has 18 words; prose pasted from documents runs to 40–80.
LONG_STATEMENT = 30
# A passage short enough to read sentence by sentence: at most 3 sentences and 40 words
# ("I no longer live in Paris. I moved to Berlin last month.").
SHORT_PASSAGE = (3, 40)


_EMPTY: frozenset[str] = frozenset()
_UNKNOWN = object()  # a `Parse` value not worked out yet


@dataclass(frozen=True, slots=True)
class Parse:
    """What absorb compares between two facts. Slots, and one shared empty set: absorb keeps
    tens of thousands of parses in its cache (a dict of 35 fields took 1.6 KB a parse)."""

    normalized: str  # the whole fact, NFKC + casefold + single spaces
    plain: str  # its words only, without accents or punctuation
    marks: str  # its symbols, sorted: "A+" is not "A-", "C++" is not "C", "👍" is not "👎"
    speaker: str  # who said it, from a `Name:` prefix, normalised ('' if none)
    said_at: str  # when they said it, from `Name (when):` or `[when] Name:` ('' if not given)
    question: bool
    words: tuple[Word, ...]  # the key and body, without a speaker prefix and interjections
    subject: frozenset[str]  # the subject's anchors, nearly as written (Word.exact)
    subject_keys: frozenset[str]  # the same words as stems, to compare with `content`
    agent: frozenset[str]  # who acts in a passive ("is led by Diego"), else empty
    verb: str  # the predicate's head (a stem); ':' for a key, '=' for a bare value, '' if none
    verb_norm: str  # the head as written (normalised), '' for a key or a bare value
    objects: tuple[Word, ...]  # the words after the head verb
    content: frozenset[str]  # keys of every meaningful word (no negations, antonyms)
    exact_content: frozenset[str]  # the same words nearly as written (Word.exact)
    stems: frozenset[str]  # the same words as stems, capitalised or not (to find mentions)
    subject_stems: frozenset[str]  # the subject's words as stems
    people_order: tuple[str, ...]  # who and what is named, in the order named
    values: frozenset[str]  # literal values anywhere: numbers, dates, e-mails, URLs
    people: frozenset[str]  # names, ids and pronoun persons anywhere
    capitalised: frozenset[str]  # keys of words written with a capital (maybe names)
    environments: frozenset[str]
    negated: bool
    update: bool  # says that something changed ("now", "moved to", "no longer", …)
    additive: bool  # says it adds ("too", "also")
    past: bool  # reports a past event or state (went, met, used to …)
    future: bool  # speaks of the future (will, going to, будет, vivirá)
    modal: bool  # might, could, maybe, планирует, podría …
    indefinite: bool  # the object is "a …": one of several ("is a teacher", "has a dog")
    listed: bool  # a note under a key that names a list ("TODO: …", "Allergies: …")
    joint: bool  # the subject joins several ("Mei and Arjun")
    statements: int  # sentences of three words or more: a passage holds several
    length: int  # words, as split at spaces
    # a short passage's sentences, each with the fact's speaker or key (else empty)
    parts: tuple[str, ...] = ()
    text: str = ""  # the fact as given, to read its clauses one by one
    # change participles that describe a noun ("increased risk", "delayed kinetics"): no news
    described: frozenset[str] = frozenset()
    # the update is only a dated opening ("Desde 2020 …", "As of May, …"): the same statement
    # said again with the day it holds from
    dated: bool = False
    # the object was put first and the one who acts after the verb ("Las facturas las revisa
    # Carmen"): the fact is told of the thing, and who acts is what it says of it
    fronted: bool = False
    # the language of its Latin words, "english" or "spanish" ('' when nothing tells): a
    # lexicon list of one is read only in its facts ("publican" and "public" share a stem)
    language: str = ""
    # `change`, `relation`, `object_keys` and `possessors`, worked out on first use: a new
    # fact is compared with up to ten stored ones, and each comparison reads them again
    _change: bool | None = field(default=None, init=False, repr=False, compare=False)
    _relation: object = field(default=_UNKNOWN, init=False, repr=False, compare=False)
    _object_keys: frozenset[str] | None = field(default=None, init=False, repr=False, compare=False)
    _possessors: frozenset[str] | None = field(default=None, init=False, repr=False, compare=False)
    # what the classifier reads of the fact as a whole (its `Gist`), kept here by it
    gist: object = field(default=None, init=False, repr=False, compare=False)
    # what tells its statement's form (mood, persons, tense, number), kept here by it too
    form: object = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in _SET_FIELDS:  # an empty frozenset of its own takes 216 bytes
            if not getattr(self, name):
                object.__setattr__(self, name, _EMPTY)

    @property
    def object_keys(self) -> frozenset[str]:
        if self._object_keys is None:
            keys = frozenset(w.key for w in self.objects if w.kind not in _LIGHT)
            object.__setattr__(self, "_object_keys", keys or _EMPTY)
        return self._object_keys  # type: ignore[return-value]

    @property
    def possessors(self) -> frozenset[str]:
        """Whose attribute the fact speaks of: "Tom's manager is Anna" is of Tom's, "Tom is
        Anna's manager" of Anna's."""
        if self._possessors is None:
            owners = frozenset(w.exact for w in self.words if possessive(w))
            object.__setattr__(self, "_possessors", owners or _EMPTY)
        return self._possessors  # type: ignore[return-value]

    @property
    def passage(self) -> bool:
        """Two sentences or more, or one of more than LONG_STATEMENT words: text pasted from
        a document rather than one fact."""
        return self.statements > 1 or self.length > LONG_STATEMENT

    @property
    def change(self) -> bool:
        """A verb of change ("moved", "switched", "upgraded", "переехала", "cambió", "got a
        new"), not just "now"."""
        if self._change is None:
            object.__setattr__(self, "_change", self._has_change())
        return bool(self._change)

    def _has_change(self) -> bool:
        return (
            any(
                w.norm in lx.UPDATE_WORDS
                and w.norm not in lx.UPDATE_ADVERBS
                and w.norm not in self.described
                for w in self.words
                if w.kind != "marker"
            )
            or any(w.kind == "marker" and w.norm in lx.CHANGE_MARKERS for w in self.words)
            or any(
                w.norm in lx.GOT and after.norm in lx.NEW_WORDS  # "got a new …": a new value
                for w, after in itertools.pairwise(x for x in self.words if x.kind != "stop")
            )
        )

    @property
    def relation(self) -> tuple[str, frozenset[str]] | None:
        """(relation, whose) when the fact gives one attribute of its subject that the
        lexicon knows under several wordings (lexicon.RELATIONS): by its verb ("Tom lives in
        …"), a noun of its subject ("Tom's home is …", "el gerente de Ana es …") or the word
        after a copula ("the project is due on …")."""
        if self._relation is _UNKNOWN:
            object.__setattr__(self, "_relation", self._find_relation())
        return self._relation  # type: ignore[return-value]

    def _find_relation(self) -> tuple[str, frozenset[str]] | None:
        nouns, verbs = relation_keys(), relation_words()
        relation = verbs.get(fold(self.verb_norm)) if self.verb_norm else None
        owner = self.subject
        if relation is None and lx.VERB_CLASSES.get(self.verb, self.verb) in lx.GENERIC_VERBS:
            held = [w for w in self.words if w.exact in self.subject and w.root in nouns]
            if any(possessive(w) for w in held):
                return None  # "Maria's manager's manager": someone else's attribute
            named = {nouns[w.root] for w in held}
            if len(named) == 1:
                relation = named.pop()
                owner = frozenset(
                    w.exact
                    for w in self.words
                    if w.exact in self.subject
                    and w.root not in nouns
                    and w.norm not in lx.RELATION_FILLERS
                )
            elif not named:
                first = next((w for w in self.objects if w.kind not in _LIGHT), None)
                relation = verbs.get(fold(first.norm)) if first is not None else None
        if relation is None or not owner:
            return None
        return relation, owner


_SET_FIELDS = tuple(f.name for f in fields(Parse) if f.init and str(f.type).startswith("frozenset"))


def possessive(word: Word) -> bool:
    """A word with a possessive ending: "Maria's", "parents'"."""
    return word.norm.endswith(("'s", "’s", "s'"))


@lru_cache(maxsize=1)
def verb_keys() -> frozenset[str]:
    """The stems of the lexicon's verbs, in each language's stemmer."""
    keys: set[str] = set()
    for language, words in lx.VERBS.items():
        for word in words.split():
            norm = normalize(word)
            keys.update((stem(norm, language), norm))
    return frozenset(keys)


# The languages whose words are written in Latin letters, read by their own stemmers
_LATIN_LANGUAGES = ("english", "spanish")


def _stems_of(lists: dict[str, str], latin: str = "") -> frozenset[str]:
    """The stems of a lexicon's word lists, each in its language's stemmer, and the words as
    written (a capitalised word keeps its form: "Allergy:"). With `latin` ("english" or
    "spanish"), the other language written in Latin letters is left out: the stems of two
    languages meet by chance ("publican" and "public", "responsable" and "responsible")."""
    if latin:
        lists = {
            language: words
            for language, words in lists.items()
            if language == latin or language not in _LATIN_LANGUAGES
        }
    stems = {
        normalize(word) if language == "japanese" else _stem_word(normalize(word), language)
        for language, words in lists.items()
        for word in words.split()
    }
    return frozenset(
        stems | {fold(normalize(w)) for words in lists.values() for w in words.split()}
    )


@lru_cache(maxsize=1)
def relation_keys() -> dict[str, str]:
    """Each word of the lexicon's relations (lexicon.RELATIONS), as written and as a stem, with
    its relation. A stem merges a noun with its verb ("manager", "manages"): stems serve for
    the subject's nouns, the words as written for verbs."""
    keys: dict[str, str] = {}
    for relation, lists in lx.RELATIONS.items():
        keys.update(dict.fromkeys(_stems_of(lists), relation))
    return keys


@lru_cache(maxsize=1)
def relation_words() -> dict[str, str]:
    """Each word of the lexicon's relations as written (accents folded), with its relation."""
    words: dict[str, str] = {}
    for relation, lists in lx.RELATIONS.items():
        for listed in lists.values():
            for word in listed.split():
                words.update(dict.fromkeys((normalize(word), fold(normalize(word))), relation))
    return words


@lru_cache(maxsize=3)
def multi_valued_keys(latin: str) -> frozenset[str]:
    """Stems of verbs whose object may hold several values at once (lexicon.MULTI_VALUED), and
    the words read only as written, for facts whose Latin words are in `latin`."""
    return _stems_of(lx.MULTI_VALUED, latin) | lx.MULTI_VALUED_AS_WRITTEN


@lru_cache(maxsize=1)
def english_verb_keys() -> frozenset[str]:
    """The stems of the lexicon's English verbs ("toma" is Spanish, and a name: "Tomas")."""
    return frozenset(stem(normalize(word), "english") for word in lx.VERBS["english"].split())


@lru_cache(maxsize=1)
def group_keys() -> frozenset[str]:
    """Stems of the groups one is in several of at once (lexicon.GROUPS)."""
    return _stems_of(lx.GROUPS)


@lru_cache(maxsize=1)
def team_keys() -> frozenset[str]:
    """Stems of the groups one is in one of at a time (lexicon.TEAMS)."""
    return _stems_of(lx.TEAMS)


@lru_cache(maxsize=3)
def often_many_keys(latin: str) -> frozenset[str]:
    """Stems of verbs whose object often holds several values (lexicon.OFTEN_MANY), for facts
    whose Latin words are in `latin`."""
    return _stems_of(lx.OFTEN_MANY, latin)


@lru_cache(maxsize=3)
def often_done_keys(latin: str) -> frozenset[str]:
    """`often_many_keys` of what one does, watches or gives to (lexicon.OFTEN_MANY_DONE), not
    of what one holds or sends."""
    return _stems_of(lx.OFTEN_MANY_DONE, latin)


@lru_cache(maxsize=3)
def context_valued_keys(latin: str) -> frozenset[str]:
    """Stems of verbs with several values unless their object says what for (lexicon), for
    facts whose Latin words are in `latin`."""
    return _stems_of(lx.CONTEXT_VALUED, latin)


@lru_cache(maxsize=1)
def antonym_keys() -> tuple[frozenset[tuple[str, str]], frozenset[str]]:
    """The lexicon's antonym pairs as stems (every stemmer that could have read them), and
    every stem that is one side of a pair."""
    pairs: set[tuple[str, str]] = set()
    for left, right in lx.ANTONYMS:
        for language in _languages_of(left):
            pair = (_stem_word(normalize(left), language), _stem_word(normalize(right), language))
            pairs.add(pair)
    return frozenset(pairs), frozenset(k for pair in pairs for k in pair)


@lru_cache(maxsize=1)
def antonym_partners() -> dict[str, frozenset[str]]:
    """Each antonym stem with the stems opposite to it."""
    pairs, _ = antonym_keys()
    partners: dict[str, set[str]] = {}
    for left, right in pairs:
        partners.setdefault(left, set()).add(right)
        partners.setdefault(right, set()).add(left)
    return {k: frozenset(v) for k, v in partners.items()}


@lru_cache(maxsize=1)
def scales() -> dict[str, str]:
    """Each adjective's stem with the scale it is a value on: one of `lexicon.SCALES`, or for
    the words of the antonym pairs, the pair (pairs that share a word are one scale: "allowed"
    / "forbidden" / "blocked")."""
    found: dict[str, str] = {}
    for name, listed in lx.SCALES.items():
        for word in listed.split():
            for language in _languages_of(word):
                found[_stem_word(normalize(word), language)] = name
    pairs, _ = antonym_keys()
    for left, right in sorted(pairs):
        scale = found.get(left) or found.get(right) or f"{left}/{right}"
        for key in (left, right):
            merged = found.get(key)
            if merged and merged != scale:  # a word of two pairs: one scale
                found.update({k: scale for k, v in found.items() if v == merged})
            found[key] = scale
    return found


def _languages_of(word: str) -> tuple[str, ...]:
    return ("russian",) if _cyrillic(word) else ("english", "spanish")


def _stem_word(norm: str, language: str) -> str:
    if _cyrillic(norm):
        return stem(norm, "russian")
    return stem(lx.IRREGULAR.get(norm, norm), language) if norm.isalpha() else norm


def _cyrillic(word: str) -> bool:
    return not word.isascii() and _CYRILLIC.search(word) is not None


def _kind(text: str, norm: str, first: bool, group: str, language: str) -> str:
    if group in ("url", "email", "path", "address"):
        return "value"
    if group == "channel":
        return "name"  # "#ops-alerts": a chat channel's name, one token
    if group == "number":
        if norm.startswith("#"):
            return "name"  # #45: an id
        return "date" if _DATE_KEY.search(norm) else "value"
    if group == "dash":
        return "dash"
    for words, kind in _WORD_KINDS[language]:
        if norm in words:
            return kind
    if _DIGIT.search(norm):
        return "name"  # ids: PR-45, web-03, Person628, F-150
    if norm in lx.FUNCTION_WORDS:
        return "stop"
    if len(text) > 1 and text.isupper():
        return "acronym"  # API, CTO, QA, HQ: names of things, not of who acts
    if text[:1].isupper() and not first:
        return "name"
    if _INNER_CAPITAL.search(text):
        return "name"  # iPhone, macOS, eBay: a brand is written so, anywhere
    return "word"


_INNER_CAPITAL = re.compile(r"^[a-z]{1,3}[A-Z][A-Za-z]+$")


def _key(text: str, norm: str, kind: str, language: str) -> str:
    if kind == "pronoun":
        return lx.PRONOUNS[norm]
    if kind in ("value", "date"):
        # "1,000" and "100 000" are 1000, "1,5" is 1.5; "10 €" is "€10"
        digits = re.sub(r",(?=\d{3}(?!\d))|\s", "", norm.rstrip(".")).replace(",", ".")
        if digits[-1:] in _CURRENCY_SIGNS:
            digits = digits[-1] + digits[:-1]
        if _THOUSANDS.fullmatch(digits):  # "$120k" is $120000 (a "401k" or a "5K" run is none)
            digits = digits[0] + _times(digits[1:-1], 1000)
        return re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", digits)
    if kind == "env" and norm in lx.ENVIRONMENT_KEYS:
        return lx.ENVIRONMENT_KEYS[norm]  # "prod" and "production" are one environment
    norm = _bare(norm)
    if _DIGIT.search(norm):
        return norm
    relative = _relative(norm, language)
    if relative:
        return relative
    if kind in ("name", "acronym", "kin") or text[:1].isupper():
        return fold(norm)  # names as written, wherever they stand: Antonio is not Antonia
    return _stem_word(norm, language)


def _relative(norm: str, language: str) -> str | None:
    """The plain word of a relative named by a homely one, with or without a possessive:
    "mom" and "Mom's" are "mother", "папа" is "отец", "mamá" is "madre"; None for any other
    word."""
    if language == "spanish" and norm in ("mama", "papa"):
        return None  # (without its accent, "Papa" is the Pope)
    folded = fold(norm)
    return _KIN_SAME.get((folded, language == "spanish")) or _KIN_SAME.get((folded, False))


# Relatives named by a homely word, as their plain word (keyed by the word and whether the
# fact is Spanish, where "papa" is "padre", not "father")
_KIN_SAME = {
    ("mom", False): "mother",
    ("mum", False): "mother",
    ("dad", False): "father",
    ("grandma", False): "grandmother",
    ("grandpa", False): "grandfather",
    ("kid", False): "child",
    ("kids", False): "children",
    ("mama", True): "madre",
    ("mujer", True): "esposa",
    ("marido", True): "esposo",
    ("papa", True): "padre",
    ("мама", False): "мать",
    ("мамы", False): "матери",
    ("маме", False): "матери",
    ("мамой", False): "матерью",
    ("маму", False): "мать",
    ("папа", False): "отец",
    ("папы", False): "отца",
    ("папе", False): "отцу",
    ("папой", False): "отцом",
    ("папу", False): "отца",
}
_KIN_PLAIN = frozenset(_KIN_SAME.values())


_THOUSANDS = re.compile(r"[$€£¥₽]\d+(?:\.\d+)?k")


def _bare(norm: str) -> str:
    """Without a possessive ending, apostrophe variants or hyphens."""
    if norm.endswith(("'s", "’s")):
        norm = norm[:-2]
    return norm.replace("’", "'").replace("-", "")


def fold(norm: str) -> str:
    """Without accents on Latin letters ("Málaga" and "Malaga" are one city)."""
    if norm.isascii() or _cyrillic(norm):
        return norm
    return "".join(ch for ch in unicodedata.normalize("NFD", norm) if not unicodedata.combining(ch))


def _exact(text: str, norm: str, kind: str, key: str) -> str:
    """The form subjects are compared in. Stems merge words that name different things
    ("internal" and "international" are both "intern"), so a subject keeps its words nearly
    as written: names, kin and capitalised words as their keys are, other words without
    accents and, in English and Spanish, without a plural -s."""
    if kind in ("pronoun", "value", "date", "name", "acronym", "kin") or text[:1].isupper():
        return key
    if _DIGIT.search(key) or key in _KIN_PLAIN:  # (a relative by its plain word: "mom's")
        return key
    norm = fold(_bare(norm))
    if _cyrillic(norm):
        return norm
    norm = lx.IRREGULAR.get(norm, norm)
    if len(norm) > 3 and norm.endswith("s") and not norm.endswith(("ss", "us", "is")):
        return norm[:-1]
    return norm


@dataclass(frozen=True)
class Prefix:
    """What comes before a colon: a speaker (and when they spoke), or a key."""

    speaker: str = ""
    when: str = ""
    key: str = ""


def body_start(text: str) -> int:
    """Where a fact's body begins after its speaker's or key's prefix ("佐藤: …", "エディタ：…"),
    0 when it has none."""
    return len(text) - len(_strip_prefix(text)[1])


def _strip_prefix(text: str) -> tuple[Prefix, str]:
    """The prefix and the body. `Tim (4:21 pm …): …`, `[04/06 08:50] Ramiro: …`, `Anna Smith:
    …` and `user: …` are speakers: the body is what they said. `Deploy window: Tue 14:00` is a
    key: the body is its value."""
    match = _SPEAKER.match(text)
    if not match or len(match.group("name").split()) > 4:
        return Prefix(), text
    name, rest = match.group("name").strip(), match.group("rest")
    if normalize(name) in lx.LIST_KEYS:
        return Prefix(key=name), rest  # "TODO: add retries to the loader" is a note, no speaker
    titled = all(w[:1].isupper() for w in name.split() if w[:1].isalnum())  # ("Tim 🏄")
    when = match.group("when") or match.group("stamp") or ""
    # (a value may come with when it became so: "Employer: Globex (since March)")
    value = _since_tail(rest) or rest
    if (
        when
        or name.casefold() in _ROLES
        or (titled and len(rest.split()) > 2 and not VALUES_ONLY.match(value))
    ):
        return Prefix(speaker=normalize_text(name), when=normalize_text(when)), rest
    return Prefix(key=name), rest


def _one_value_key(key: str) -> bool:
    """The note's key names an attribute of one value at a time: its last word is one of
    `lexicon.ATTRIBUTE_KEYS` ("Employer", "Место работы")."""
    words = normalize(key).split()
    return bool(words) and words[-1] in lx.ATTRIBUTE_KEYS


def _since_tail(value: str) -> str | None:
    """A note's value without the time it became so after it ("Globex (since March)",
    "Ozon, с сентября", "Cabify (desde abril)"): the value when what is left is names or
    numbers alone and the time is a date, else None."""
    match = _SINCE_TAIL.search(value)
    if match is None:
        return None
    when = normalize(match["when"]).split()
    # a month or a year ("Cabify (desde abril)", "(since 2024)"), not a price or a size after
    # "desde" or "с" ("Plan Pro desde 20 €", "Смарт с 10 ГБ"), nor "desde hace cinco años"
    if not any(w in lx.CALENDAR_MONTHS or (len(w) == 4 and w.isdigit()) for w in when):
        return None
    left = value[: match.start()].strip()
    named = left[:1].isupper() or left[:1].isdigit() or left[:1] in "+#$€£¥"
    return left if named and VALUES_ONLY.match(left) else None


# When a note's value became so, after it, set off by a comma or brackets: "(since March)",
# ", desde abril", ", с сентября"
_SINCE_TAIL = re.compile(
    r"\s*(?:,\s*|\(\s*)\b(?:since|desde|с|as of)\s+(?P<when>[^()]{1,30}?)\)?\.?\s*$",
    re.IGNORECASE,
)


# What follows a key, not a speaker: names, numbers and ids alone, in a list or one run, no
# sentence ("Stack: Python, FastAPI, Postgres", "Телефон Светы: +7 900 123-45-67"). A line
# said ends a sentence or says a word in lower case ("Tim: Wow, that's cool").
VALUES_ONLY = re.compile(
    r"(?:[^\W_]|[+#$€£¥])[\w.+#/@&'’-]*"  # the first value
    r"(?:[,;]?\s+[\dA-ZА-ЯЁ+#$€£¥][\w.+#/@&'’-]*)*"  # more, each a name, a number or a sign
    r"\.?\s*$"
)


def _words(body: str, language: str) -> list[Word]:
    words: list[Word] = []
    first = True
    # The full pattern (URLs, e-mails, domains) costs; most facts have none of them.
    pattern = _TOKEN if _MAYBE_ADDRESS.search(body) else _PLAIN_TOKEN
    cjk = not body.isascii() and CJK.search(body) is not None
    if cjk and pattern is _TOKEN:
        # an address written among Japanese words begins and ends where they do
        body = _CJK_EDGE.sub(" ", body)
    size = len(body)
    for match in pattern.finditer(body):
        group = match.lastgroup or "word"
        text = match.group()
        end = match.end()
        after = body[end] if end < size else ""
        if group != "word":
            words.append(_word(text.strip(), first, group, language))
            first = False
            continue
        normed = normalize(text)
        short = normed if len(text) < 12 else ""
        alias = lx.ALIASES.get(short) if short else None
        if alias:  # "k8s", "Питон": the name as it is written most
            words.append(_word(alias, first, group, language))
        elif cjk and _KANA_ONLY.fullmatch(text) and _quoted_name(body, match.start(), end):
            # a name in quotes written in hiragana, which the tokenizer leaves out: 「さくら」
            words.append(Word(text, text, text, "name", text))
        elif cjk and CJK.search(text):
            words.extend(_cjk_words(text, language))
        elif len(text) == 1 and text.isupper() and re.match(r"\.\s+[A-ZА-ЯЁ]", body[end:]):
            # a middle initial ("Lucía A. García") is part of a name, not an article, and its
            # full stop ends no sentence
            initial = text.casefold() + "."
            words.append(Word(text, initial, initial, "name", initial))
            first = False
            continue
        elif _letter_of_several(text, first, words):
            # "Team X", "service A", "команда Б": a capital letter after a noun names one of
            # several, where it is no article or conjunction ("a", "y", "и")
            letter = text.casefold()
            words.append(Word(text, letter, letter, "name", letter))
            first = False
            continue
        elif normed.replace("’", "'") in lx.CONTRACTIONS:
            pronoun, verb = lx.CONTRACTIONS[normed.replace("’", "'")]
            words.append(_word(pronoun, first, group, language))
            words.append(_word(verb, False, group, language))
        elif short in lx.TIMES_WORDS:
            # "twice" is "2 times", "трижды" "3 раза": a count, as "three times" is
            number, unit = lx.TIMES_WORDS[short]
            words.append(_word(number, first, "number", language))
            words.append(_word(unit, False, "word", language))
        elif language == "english" and _contracted_is(text, body, end):
            # "Kevin's a nurse", "Dana's the CTO", "Ana's in Berlin": "'s" is "is" there
            words.append(_word(text[:-2], first, group, language))
            words.append(_word("is", False, group, language))
        elif "-" in text and text.replace("-", "").isalpha():
            # "Mobile-app" is two words; "web-03" and "SUP-1203" stay one id.
            words.extend(_word(part, first, group, language) for part in text.split("-") if part)
        else:
            words.append(_word(text, first, group, language))
        # (a title's full stop ends no sentence: "Dr. Lee", and "Lee" is a name)
        first = after in (".", "!", "?") and not (
            short in lx.HONORIFICS and _title_before_name(text, body[end:])
        )
    words = _read_values(words, language)
    # (a full date has a year: most facts have none, and are left as they are)
    if any(len(w.key) == 4 and w.kind == "value" and w.key.isdigit() for w in words):
        return _full_dates(words)
    return words


_AFTER_TITLE = re.compile(r"\.?\s+(\w+)")


def _title_before_name(text: str, rest: str) -> bool:
    """A title ("Dr", "Mr.", "Sra.") written as one, before a name: not "MS" or "DR" (an
    illness, disaster recovery), nor "Sr. Engineer" (a senior one)."""
    if not text[:1].isupper() or text.isupper():
        return False
    after = _AFTER_TITLE.match(rest)
    return after is not None and after[1][:1].isupper() and after[1].casefold() not in lx.JOB_TITLES


def _letter_of_several(text: str, first: bool, before: list[Word]) -> bool:
    """A single capital letter (not "I") after a word that is no function word, mid-sentence."""
    return (
        len(text) == 1
        and text.isupper()
        and text != "I"
        and not first
        and bool(before)
        and before[-1].kind == "word"
    )


_JAPANESE_DAY = re.compile(r"(\d{1,2})月(\d{1,2})日")


def _full_dates(words: list[Word]) -> list[Word]:
    """A date with its day, month and year as one value, keyed as "2025-05-03" is: "3 May
    2025", "May 3, 2025", "3 de mayo de 2025", "3 мая 2025 года", "2025年5月3日" — so that one
    date written two ways is one value. (A day and a month alone stay two words.)"""
    out: list[Word] = []
    at = 0
    while at < len(words):
        found = _full_date_at(words, at) if words[at].kind in ("value", "date") else None
        if found is None:
            out.append(words[at])
            at += 1
            continue
        key, end = found
        text = " ".join(w.text for w in words[at:end])
        out.append(Word(text, key, key, "date", key))
        at = end
    return out


def _full_date_at(words: list[Word], at: int) -> tuple[str, int] | None:
    """The ISO key of a full date starting at `at`, and where it ends; None if none does."""
    # (imported here: the time words' module compiles its patterns, which most absorbs never
    # need)
    from engram.text.when import month_number

    def number(k: int, digits: int) -> int | None:
        if k >= len(words) or words[k].kind != "value" or not words[k].key.isdigit():
            return None
        return int(words[k].key) if len(words[k].key) <= digits else None

    def month(k: int) -> int | None:  # ("May", "mayo", "мая": read as a date already)
        return month_number(words[k].key) if k < len(words) and words[k].kind == "date" else None

    def skip(k: int) -> int:  # "de" of "3 de mayo de 2025"
        return k + 1 if k < len(words) and words[k].norm == "de" else k

    shapes: list[tuple[int | None, int | None, int]] = []
    day = number(at, 2)
    if day is not None:  # 3 May 2025, 3 de mayo de 2025, 3 мая 2025
        m_at = skip(at + 1)
        shapes.append((day, month(m_at), skip(m_at + 1)))
    if month(at) is not None:  # May 3, 2025
        shapes.append((number(at + 1, 2), month(at), at + 2))
    after = at + 2 if at + 1 < len(words) and words[at + 1].key == "年" else at + 1
    japanese = _JAPANESE_DAY.fullmatch(words[after].key) if after < len(words) else None
    if japanese and words[at].kind == "value" and len(words[at].key) == 4:  # 2025年5月3日
        key = f"{words[at].key}-{int(japanese[1]):02d}-{int(japanese[2]):02d}"
        return key, after + 1
    for d, m, y_at in shapes:
        year = number(y_at, 4)
        if d is None or m is None or year is None or year < 1000 or not 1 <= d <= 31:
            continue
        end = y_at + 1
        if end < len(words) and words[end].norm in ("года", "г"):
            end += 1
        return f"{year:04d}-{m:02d}-{d:02d}", end
    return None


# A number in kanji before a counter: "二人" (two people), "三匹", "五回", "十二か月".
_KANJI_COUNT = re.compile(
    r"(?<![一二三四五六七八九十])([一二三四五六七八九十]{1,3})"
    r"(?=人|匹|回|台|冊|枚|歳|個|件|時間|週間|日間|か月|ヶ月|年間)"
)


def kanji_repeated(text: str) -> str:
    """The text with each repetition mark written as the kanji it repeats: "佐々木" is read
    as "佐佐木", whose words the tokenizer can find (it leaves the mark out)."""
    return _REPEATED_KANJI.sub(r"\1\1", text) if "々" in text else text


_REPEATED_KANJI = re.compile("([\u3400-\u4dbf\u4e00-\u9fff])\u3005")
_KANJI_DIGITS = {ch: n for n, ch in enumerate("一二三四五六七八九", start=1)}


def _kanji_number(kanji: str) -> int:
    """一 to 九十九 as a number: "二" 2, "十二" 12, "三十" 30."""
    if "十" not in kanji:
        return _KANJI_DIGITS.get(kanji, 0)
    tens, _, ones = kanji.partition("十")
    return _KANJI_DIGITS.get(tens, 1) * 10 + _KANJI_DIGITS.get(ones, 0)


# Words written in kana as often as in kanji, as one word: "子ども" is "子供" (the tokenizer
# keeps kanji alone, and read "子ども" as "子")
_JAPANESE_IN_KANJI = {"子ども": "子供", "こども": "子供", "友だち": "友達", "ともだち": "友達"}
_JAPANESE_KANA_SPELT = re.compile("|".join(_JAPANESE_IN_KANJI))


def _cjk_words(text: str, language: str) -> list[Word]:
    """A run of Japanese or Chinese text as words: its CJK parts as the search tokenizer splits
    them, the numbers and Latin words written inside it as they are read elsewhere ("チケット43",
    "Pythonを使っています": an id and a name the tokenizer leaves out), and a negation where
    a Japanese verb or adjective ends in one ("住んでいません", "使わない"). A count in kanji
    reads as in digits ("二人" as "2人")."""
    words: list[Word] = []
    text = kanji_repeated(text)
    if _JAPANESE_KANA_SPELT.search(text):
        text = _JAPANESE_KANA_SPELT.sub(lambda m: _JAPANESE_IN_KANJI[m[0]], text)
    if _KANJI_COUNT.search(text):
        text = _KANJI_COUNT.sub(lambda m: str(_kanji_number(m[1])), text)
    for run in _CJK_RUNS.finditer(text):
        part = run.group()
        if not CJK.match(part):
            group = "number" if part[0].isdigit() else "word"
            words.append(_word(part, False, group, language))
            continue
        topic = _HIRAGANA_TOPIC.match(part)
        if topic and topic[1] not in _HIRAGANA_WORDS:
            # "さくらは…": a name written in hiragana, which the tokenizer leaves out
            name = topic[1]
            words.append(Word(name, name, name, "name", name))
        now = _JAPANESE_NOW.search(part)
        new = _JAPANESE_NEW.search(part)
        new = new if new and new[1] not in lx.MANY_HELD else None  # ("新しい趣味": one more)
        words.extend(
            # "新しい社長" is news of the president, as "now" is a marker, not a word
            Word(t.word, "ja:new", "ja:new", "marker", "ja:new")
            if new and t.word == "新"
            else _japanese_word(t.word)
            for t in tokenize(part)
            if not (now and t.word in ("今", "現在"))  # "今は" is read as "now", no value
        )
        if _JAPANESE_NEGATION.search(part):
            words.append(Word("ない", "ない", "ない", "neg", "ない"))
        words.extend(
            Word(said, marker, marker, kind, marker)
            for said, (pattern, marker, kind) in _JAPANESE_FORMS.items()
            if pattern.search(part)
        )
        # where from and where to: "東京から大阪まで" is not "大阪から東京まで"
        words.extend(
            Word(m.group(), f"{m[1]}{m[2]}", f"{m[1]}{m[2]}", "word", f"{m[1]}{m[2]}")
            for m in _JAPANESE_ENDPOINTS.finditer(part)
        )
    if _JAPANESE_ALSO.search(text):
        words.append(Word("も", "ja:also", "ja:also", "word", "ja:also"))
    return _japanese_times(words)


def _japanese_times(words: list[Word]) -> list[Word]:
    """A Japanese date or clock time as one value, as "June 14" and "6:30" are read: "3月17日"
    (not the numbers 3 and 17 beside the words 月 and 日), "6時半", "5時45分", "10時"."""
    out: list[Word] = []
    at = 0
    while at < len(words):
        day = _JAPANESE_WEEKDAYS.get(words[at].norm)
        if day:  # "火曜" / "火曜日" is Tuesday, read as "Tuesday" is (its "曜日" no word,
            # nor the pair of letters across the day's edge: "週火" of "毎週火曜日")
            if out and len(out[-1].norm) == 2 and out[-1].norm[1] == words[at].norm[0]:
                out.pop()
            out.append(Word(words[at].text, day, day, "date", day))
            at += 2 if at + 1 < len(words) and words[at + 1].norm == "曜日" else 1
            continue
        found = _japanese_time_at(words, at)
        if found is None:
            out.append(words[at])
            at += 1
            continue
        said, kind, used = found
        if kind == "value" and out and out[-1].norm in _JAPANESE_HALVES_OF_DAY:
            said = _of_the_day(said, out.pop().norm)
        out.append(Word(said, said, said, kind, said))
        at += used
    return out


# "午後5時" is 17:00, "夜11時" 23:00 and "昼1時" 13:00, as "5 pm" is; "午前9時" is 9:00, and
# "夜12時" midnight
_JAPANESE_HALVES_OF_DAY = frozenset({"午前", "午後", "夜", "昼", "夕方"})


def _of_the_day(clock: str, half: str) -> str:
    """A clock time "H:MM" after "午前", "午後", "昼", "夕方" or "夜", on the 24-hour clock."""
    hours, minutes = clock.split(":")
    hour = int(hours)
    if hour == 12 and half in ("午前", "夜"):
        hour = 0
    elif hour < 12 and (
        half in ("午後", "夕方") or (half == "夜" and hour >= 6) or (half == "昼" and hour <= 6)
    ):
        hour += 12
    return f"{hour}:{minutes}"


_JAPANESE_WEEKDAYS = dict(
    zip(
        ("月曜", "火曜", "水曜", "木曜", "金曜", "土曜", "日曜"),
        "monday tuesday wednesday thursday friday saturday sunday".split(),
        strict=True,
    )
)


def _japanese_time_at(words: list[Word], at: int) -> tuple[str, str, int] | None:
    """The date or time that starts at `at` (as written, its kind, how many words it takes)."""
    norms = [w.norm for w in words[at : at + 4]]
    if words[at].kind != "value" or not norms[0].isdigit():
        return None
    after = norms[1:2]
    if after == ["月"] and len(norms) == 4 and norms[3] == "日" and norms[2].isdigit():
        return f"{norms[0]}月{norms[2]}日", "date", 4
    if after == ["時半"]:
        return f"{int(norms[0])}:30", "value", 2
    if after == ["時"] and norms[3:4] == ["分"] and norms[2].isdigit():
        return f"{int(norms[0])}:{int(norms[2]):02}", "value", 4
    if after == ["時"]:
        return f"{int(norms[0])}:00", "value", 2
    return None


_CJK_RUNS = re.compile(f"[{_CJK_LETTERS}]+|[^{_CJK_LETTERS}]+")
# What has been done: polite ("ました", "でした") or plain ("取った", "学んだ") at a clause's end.
# (not the copula after a name's "さん", "ちゃん" or "くん", written after kanji or katakana:
# "担当は田中さんだ" is no past, "費用がかさんだ" is)
_JAPANESE_PAST = re.compile(
    r"ました|でした|(?:[\u3040-\u309f]た|"
    r"(?<![\u4e00-\u9fff\u30a0-\u30ffー]さ)(?<![\u4e00-\u9fff\u30a0-\u30ffー]く)"
    r"(?<![\u4e00-\u9fff\u30a0-\u30ffー]ちゃ)んだ)(?=$|[。、])"
)
# (now; from now on; "現在、…" and "現在" before a number, "現在64kg": currently; not after a
# date, "2020年4月現在、…", "入院時現在": as of then)
_JAPANESE_NOW = re.compile(
    r"(?:今|(?<![年月日時末点])現在|いま)は|今後|これからは"
    r"|(?<![年月日時末点])現在(?:、|$|(?=[0-9０-９]))"
)
# "New" before a noun: "新しい社長" (the new president), "新たな担当者"; the noun is kept to tell
# a thing one has several of ("新しい趣味", a new hobby) from news of a holder.
_JAPANESE_NEW = re.compile(r"(?:新しい|新たな)([\u30a0-\u30ff]+|[\u4e00-\u9fff]+)")
# A former value told in brackets after the new one: "hosted on Vercel (was Netlify until
# June)", "corre en GitHub Actions (antes era Travis)", "(раньше был Jenkins)", "（以前はJira）".
FORMERLY = re.compile(
    r"[(（]\s*(?:was|formerly|previously|until recently|antes era|antes|anteriormente|"
    r"раньше был[аио]?|раньше|ранее|以前は|元は|旧|"
    # "(until June it was Netlify)", "(hasta junio era Netlify)", "(до августа была Тильда)"
    r"(?:until|hasta|до)\s+\S+\s+(?:it\s+)?(?:was|era|был[аио]?))\s*([^\s)）,、]+)",
    re.IGNORECASE,
)
# A value changed *to*: "水曜日に変わりました", "4月10日に延期された", "大阪リージョンに移された",
# "Linearに切り替えました", "熊本に引っ越しました", "加藤さんになった" (became) (a change
# without "に" may be of another thing: "保存先を変更した").
_JAPANESE_CHANGED_TO = re.compile(
    r"に(?:変わ|変更|延期|移さ|移し|移っ|移転|切り替え|切り替わ|乗り換え|引っ越|転職|値上が|値下が|昇進"
    r"|異動|移動|アップグレード|ダウングレード|なった|なりました|変え|上が|上げ|引き上げ|下が|下げ"
    r"|引き下げ|改名|延長|短縮)"
)
# A change wished, asked for, proposed or planned, or under a condition: "…に延長してほしい",
# "…に引き上げる案がある", "…に上がったらアラート" (a mood, as "may" and "should" are).
_JAPANESE_CHANGE_WISHED = re.compile(
    _JAPANESE_CHANGED_TO.pattern
    + r"[^。、]*?(?:ほしい|ほし|てください|たら|なら|れば|案|要望|頼|予定|つもり|たい|べき|かも"
    + r"|ように)"
)
# A verb's stem, before an ending that says how easy doing it is ("使いやすい", "読みにくい",
# "見づらい"): a kanji or the kana a stem ends in (not a particle: "値段がやすい" is cheap).
_VERB_STEM = r"(?<=[\u4e00-\u9fffいきしちにひみりぎじびぴえけせてねへめれげぜでべぺ])"
# Japanese endings that make another statement of the same words, as a word of the fact: a
# wish ("なりたい", read as "want", a mood), how easy or hard it is to do ("使いやすい" /
# "使いにくい", read as "easy" and "hard", which the antonyms hold), what has been done
# ("書きました"), what is going on ("書いています"), what once was ("住んでいたことがある"),
# "only" ("だけ"), a supposition ("入社したでしょう"), "for the sake of" ("のために"), "because"
# ("ので"); and the words of an update: "now" ("今は", a marker like "now") and a value changed
# to ("水曜日に変わりました").
_JAPANESE_FORMS = {
    "たい": (re.compile(r"[\u3040-\u309f]たい"), "want", "word"),
    "やすい": (re.compile(_VERB_STEM + r"やす(?:い|く|かっ|さ)"), "easy", "aux"),
    "にくい": (
        re.compile(_VERB_STEM + r"(?<!あり)(?:にく|づら|がた)(?:い|く|かっ|さ)"),
        "hard",
        "aux",
    ),
    "ました": (_JAPANESE_PAST, "ja:done", "word"),
    "ている": (re.compile(r"て(?:い|お)(?:ます|る)"), "ja:ongoing", "word"),
    "ことがある": (re.compile(r"たことが(?:あ|な)"), "ja:ever", "word"),
    "だけ": (re.compile(r"だけ|のみ|しか"), "ja:only", "word"),
    "でしょう": (re.compile(r"でしょう|だろう"), "ja:would", "word"),
    "のために": (re.compile(r"のために"), "ja:for", "word"),
    "ので": (re.compile(r"ので|から、"), "ja:because", "word"),
    "今は": (_JAPANESE_NOW, "ja:now", "marker"),
    "に変わった": (_JAPANESE_CHANGED_TO, "ja:changed", "word"),
    "に変えてほしい": (_JAPANESE_CHANGE_WISHED, "ja:wished", "word"),
}
# "Too" after a noun: "XMLも返す" (returns XML too), "指導もしている" (also mentors) adds a value;
# not "もう" (already), "もっと" (more), "もの" (thing), "もら" (receive), nor "誰も", "何も",
# "一度も", "今も" (nobody, nothing, never, still). ("もし", if, opens a clause: no noun before.)
# And "でも" between a noun and a verb: "Metaでも働いています" (works at Meta too; not "今でも",
# still).
_JAPANESE_ALSO = re.compile(
    r"(?<=[A-Za-z0-9\u30a0-\u30ff\u4e00-\u9fff])(?<![誰何度今])(?:も(?![うっのら])|でも(?=[\u4e00-\u9fff]))"
)
_KANA_ONLY = re.compile(r"[\u3041-\u3096ー]{2,}")
# A noun in katakana or kanji right before or after a quoted name: "プロジェクト「さくら」",
# "「ひまわり」チーム", "猫「もも」" (not a quoted word said: "「ありがとう」と言う")
_NAMED_NOUN_BEFORE = re.compile(r"[\u30a1-\u30fa\u4e00-\u9fff]$")
_NAMED_NOUN_AFTER = re.compile(r"^[\u30a1-\u30fa\u4e00-\u9fff]")


def _japanese_word(word: str) -> Word:
    """A Japanese token as a word, or as the environment it names ("本番", "ステージング"):
    another environment is another subject, never a new value."""
    if word in lx.ENVIRONMENT_KEYS:
        key = lx.ENVIRONMENT_KEYS[word]
        return Word(word, word, key, "env", key)
    return Word(word, word, word, "word", word)


def _quoted_name(body: str, start: int, end: int) -> bool:
    """The text at start:end stands alone in 「」 or 『』 beside a noun it names."""
    if start < 1 or body[start - 1] not in "「『" or body[end : end + 1] not in ("」", "』"):
        return False
    return bool(
        _NAMED_NOUN_BEFORE.search(body[: start - 1]) or _NAMED_NOUN_AFTER.match(body[end + 1 :])
    )


# A word in hiragana alone that opens a sentence as its topic: a name ("さくらは", "ゆうたが").
_HIRAGANA_TOPIC = re.compile(r"([\u3041-\u3096]{2,})(?:さん|ちゃん|くん)?(?:は|が)")
# Hiragana words that open a sentence and name no one: "これは", "わたしは", "みんなが".
_HIRAGANA_WORDS = frozenset(
    """これ それ あれ どれ ここ そこ あそこ どこ この その わたし わたくし ぼく おれ あなた
    かれ かのじょ みんな だれ なに いま きょう あした きのう ことし まだ もう""".split()
)
# A noun (kanji or katakana, "さん" aside) and the particle that makes it where something goes
# from or to.
_JAPANESE_ENDPOINTS = re.compile(r"([\u30a0-\u30ff\u4e00-\u9fff]+)(?:さん|様)?(から|まで|へ)")
# A negative ending: "ません", "なかった", or "ない" after a verb's or adjective's kana ("いない",
# "使わない", "高くない"), a clause ending in "ず" ("開いておらず") or "がなく" ("資格がなく");
# "少ない" and "危ない" are words of their own.
_JAPANESE_NEGATION = re.compile(
    r"(?<!すみ)(?<!すい)ません|[\u3040-\u309f](?:ない|なかった)|[\u3040-\u309f]ず(?=[、。]|$)|(?:が|は)なく"
)


# Words no possessive is ever followed by: after one, "'s" is "is".
_AFTER_IS = frozenset(
    """
a an the now not no still also never always currently just already in at on from with by
married based employed headquartered located engaged divorced retired allergic
""".split()
)
_NEXT_WORD = re.compile(r"\s+([a-z]+)\b")


def _contracted_is(text: str, body: str, end: int) -> bool:
    """`text`, a word of `body` that ends at `end`, is a name and "'s" for "is"."""
    if not text.endswith(("'s", "’s")) or len(text) < 4 or text[:3].casefold() == "let":
        return False  # ("let's" is "let us")
    following = _NEXT_WORD.match(body, end)
    return following is not None and following.group(1) in _AFTER_IS


@lru_cache(maxsize=200_000)
def _word(text: str, first: bool, group: str, language: str) -> Word:
    """One token read in context (cached: the same words come back in fact after fact)."""
    norm = normalize(text)
    kind = _kind(text, norm, first, group, language)
    key = _key(text, norm, kind, language)
    return Word(
        text, norm, key, kind, _exact(text, norm, kind, key), _root(norm, key, kind, language)
    )


def _root(norm: str, key: str, kind: str, language: str) -> str:
    """The stem of a word, a name, an acronym or kin that holds no digit; else its key."""
    if kind in ("word", "name", "acronym", "kin") and not _DIGIT.search(norm):
        return _stem_word(fold(_bare(norm)), language)
    return key


# Job titles and their plurals: an environment's name before one is part of the title.
_JOBS = lx.JOB_TITLES | frozenset(f"{w}s" for w in lx.JOB_TITLES if w.isascii())


def _as_word(word: Word, language: str) -> Word:
    """A token read as a common word whatever its lists say."""
    key = _key(word.text, word.norm, "word", language)
    exact = _exact(word.text, word.norm, "word", key)
    return Word(word.text, word.norm, key, "word", exact, _root(word.norm, key, "word", language))


_BEFORE_A_DAY = frozenset({"on", "every", "next", "last", "each", "until", "till", "by"})
# What may come before a month's name alone: "in May", "since Jun", "as of May", "the end of
# May" ("data may be …" is a verb).
_BEFORE_A_MONTH = frozenset(
    {"in", "since", "until", "till", "by", "from", "early", "late", "mid", "of"}
)


def _before_a_day(out: list[Word]) -> bool:
    """What comes before may be followed by a day's short name: "on", "every" … or "and"
    after another day ("on Mon and Thu")."""
    if out[-1].norm in _BEFORE_A_DAY:
        return True
    joined = out[-1].norm in ("and", "or", "y", "o", "и", "или") or out[-1].kind == "dash"
    return joined and len(out) > 1 and out[-2].kind == "date" and out[-2].key.endswith("day")


# A duration counted in a unit whole weeks or hours make: read in the larger unit.
_LARGER_UNITS = {"day": ("week", 7), "min": ("h", 60)}


def _read_values(words: list[Word], language: str) -> list[Word]:
    """Values spelled in words or parts: "five" is 5, "25 МБ" and "25 MB" are one value,
    "6 pm" is 18:00. "Jun 12", "12 may", "in May", "Tue 14:00" are dates; "Jun sent …" and
    "may be" are not."""
    out: list[Word] = []
    for at, word in enumerate(words):
        norm = word.norm
        if (
            norm == "m"
            and out
            and out[-1].kind == "date"
            and at
            and words[at - 1].norm in ("a", "p")
        ):
            continue  # the "m" of "6 p.m.", read with its "p"
        if norm in ("a", "p") and at + 1 < len(words) and words[at + 1].norm == "m":
            norm = norm + "m"
        if word.kind == "env" and at + 1 < len(words) and words[at + 1].norm in _JOBS:
            word = _as_word(word, language)  # a "QA engineer" works in no QA environment
        if norm in lx.ORDINAL_DAYS and word.kind in ("word", "stop") and _of_a_month(words, at):
            day = lx.ORDINAL_DAYS[norm]
            tens = out[-1] if out else None
            if len(day) == 1 and tens and tens.key in ("20", "30") and not tens.norm.isdigit():
                day = str(int(out.pop().key) + int(day))  # "двадцать пятого": 25 (not "Рейс 20")
            out.append(Word(word.text, norm, day, "value", day))
            continue
        if norm not in _SPECIAL and not (word.kind == "date" and len(word.key) == 4):
            out.append(word)
            continue
        if norm in lx.NUMBERS and word.kind in ("word", "stop"):
            word = Word(word.text, norm, lx.NUMBERS[norm], "value", lx.NUMBERS[norm])
        elif norm in lx.UNITS and out and out[-1].kind == "value":
            unit = lx.UNITS[norm]
            larger = _LARGER_UNITS.get(unit)
            count = out[-1].key
            if (
                larger
                and count.isdigit()
                and int(count) >= larger[1]
                and not int(count) % larger[1]
            ):
                # "14 days" is read as "2 weeks", "120 minutes" as "2 hours": one value
                whole = str(int(count) // larger[1])
                out[-1] = Word(out[-1].text, out[-1].norm, whole, "value", whole)
                unit = larger[0]
            word = Word(word.text, norm, unit, "word", unit)
        elif norm in ("am", "pm") and out and out[-1].key.isdigit():
            hour = int(out[-1].key) % 12 + (12 if norm == "pm" else 0)
            clock = f"{hour:02d}:00"
            out[-1] = Word(out[-1].text, out[-1].norm, clock, "date", clock)
            continue
        elif norm in ("am", "pm") and out and re.fullmatch(r"\d{1,2}:\d\d", out[-1].key):
            hours, minutes = out[-1].key.split(":")  # "11:40 pm" is 23:40
            hour = int(hours) % 12 + (12 if norm == "pm" else 0)
            clock = f"{hour:02d}:{minutes}"
            out[-1] = Word(out[-1].text, out[-1].norm, clock, "date", clock)
            continue
        elif word.kind == "date" and re.fullmatch(r"\d:\d\d", word.key):
            word = Word(word.text, norm, "0" + word.key, "date", "0" + word.key)
        elif norm in lx.CALENDAR_SHORT:
            near = [*out[-1:], *words[at + 1 : at + 2]]
            full = lx.CALENDAR_FULL.get(norm, norm)
            if (
                any(w.kind in ("value", "date") for w in near)
                or (full.endswith("day") and out and _before_a_day(out))
                or (not full.endswith("day") and out and out[-1].norm in _BEFORE_A_MONTH)
            ):
                word = Word(word.text, norm, full, "date", full)
        out.append(word)
    numbers = _compound_numbers(_parts_of_hours(out))
    return _clock_times(_minutes_told(_half_hours_in_minutes(numbers)))


def _half_hours_in_minutes(words: list[Word]) -> list[Word]:
    """Hours and a half as minutes: "1.5 hours", "three and a half hours" and "полтора часа"
    are read as "90 minutes", "210 minutes" — one value however it is told."""
    out: list[Word] = []
    for word in words:
        count = out[-1] if out else None
        hours = word.key == "h" or lx.UNITS.get(word.norm) == "h"
        if hours and count is not None and _HALF_HOUR.fullmatch(count.key):
            minutes = str(int(float(count.key) * 60))
            out[-1] = Word(count.text, count.norm, minutes, "value", minutes)
            word = Word(word.text, "min", "min", "word", "min")
        out.append(word)
    return out


def by_first_word(phrases: Iterable[tuple[str, ...]]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Phrases (each its words) grouped by their first word, each group in the order given: a
    fact's word looks up only the phrases that begin with it, instead of every phrase being
    tried at every word."""
    found: dict[str, tuple[tuple[str, ...], ...]] = {}
    for phrase in phrases:
        found[phrase[0]] = (*found.get(phrase[0], ()), phrase)
    return found


_HOURS_BY_FIRST = by_first_word(lx.PARTS_OF_HOURS)


def _parts_of_hours(words: list[Word]) -> list[Word]:
    """A part of an hour told in words, as minutes: "half an hour", "media hora" and "полчаса"
    are 30 minutes, "three quarters of an hour" 45, "an hour and a half" 90 — so that they and
    "30 minutes" are one value."""
    if not any(w.norm in _HOURS_BY_FIRST for w in words):
        return list(words)  # (most facts tell no part of an hour)
    out: list[Word] = []
    at = 0
    while at < len(words):
        for phrase in _HOURS_BY_FIRST.get(words[at].norm, ()):
            end = at + len(phrase)
            if tuple(w.norm for w in words[at:end]) == phrase:
                count, unit = str(lx.PARTS_OF_HOURS[phrase]), words[end - 1]
                out.append(Word(words[at].text, count, count, "value", count))
                out.append(Word(unit.text, "min", "min", "word", "min"))
                at = end
                break
        else:
            out.append(words[at])
            at += 1
    return out


_ONES = frozenset({"one", "uno", "una", "один", "одна", "одно"})


def _compound_numbers(words: list[Word]) -> list[Word]:
    """Tens and units written as words, as one number: "twenty-five", "двадцать пять" and
    "treinta y cinco" are 25 and 35, "cinco mil" 5000 (digits stay as written: "20 5" is two
    numbers)."""
    out: list[Word] = []
    for at, word in enumerate(words):
        if out and out[-1].kind == "value" and _plain_number(out[-1].key):
            times = lx.MULTIPLIERS.get(word.norm)
            if times:  # "five thousand", "cinco mil", "2,5 миллиона"
                key = _times(out[-1].key, times)
                out[-1] = Word(f"{out[-1].text} {word.text}", key, key, "value", key)
                continue
            sign = lx.CURRENCIES.get(word.norm)
            if sign:  # "10 dollars" is "$10"
                key = sign + out[-1].key
                out[-1] = Word(out[-1].text, out[-1].norm, key, "value", key)
                continue
            after = words[at + 1].norm if at + 1 < len(words) else ""
            if word.norm == "k" and after in lx.CURRENCIES:  # "5k euros" is €5000
                key = _times(out[-1].key, 1000)
                out[-1] = Word(f"{out[-1].text}{word.text}", key, key, "value", key)
                continue
        if word.norm in _HALF_ENDS and _halved(out, word):
            continue
        unit = _spelt_unit(word)
        if not unit:  # (most words are no number: nothing to join them to)
            out.append(word)
            continue
        tens = _spelt_tens(out[-1]) if out else 0
        joined = out[-1] if out else None
        if not tens and len(out) > 1 and out[-1].norm == "y":
            tens, joined = _spelt_tens(out[-2]), out[-2]  # "treinta y cinco"
        if tens and joined is not None:
            number = str(tens + unit)
            while out[-1] is not joined:
                out.pop()
            out[-1] = Word(f"{joined.text} {word.text}", number, number, "value", number)
            continue
        out.append(word)
    return out


def _times(number: str, times: int) -> str:
    """`number` (digits, maybe with a decimal point) times `times`, written as digits, exactly:
    through a float, a number of 400 digits is infinite and 1.1 thousand is 1100.0000000000002."""
    from decimal import Decimal, localcontext  # (few facts multiply a number)

    with localcontext() as exact:
        exact.prec = len(number) + len(str(times)) + 1
        return format((Decimal(number) * times).normalize(), "f")


def _plain_number(key: str) -> bool:
    return bool(re.fullmatch(r"\d+(?:\.\d+)?", key))


_HALF_ENDS = frozenset(phrase[-1] for phrase in lx.HALVES)


def _halved(out: list[Word], word: Word) -> bool:
    """`word` ends "and a half" after a number: the number, plus a half, replaces the run
    ("two and a half" is 2.5). Returns whether it did."""
    for phrase in lx.HALVES:
        size = len(phrase) - 1
        if word.norm != phrase[-1] or len(out) <= size:
            continue
        if tuple(w.norm for w in out[len(out) - size :]) != phrase[:-1]:
            continue
        number = out[len(out) - size - 1]
        if number.kind != "value" or not number.key.isdigit():
            continue
        del out[len(out) - size :]
        key = f"{number.key}.5"
        out[-1] = Word(number.text, number.norm, key, "value", key)
        return True
    return False


def _spelt_tens(word: Word) -> int:
    """20, 30 … 90 written as a word, else 0."""
    if word.kind != "value" or word.text[:1].isdigit() or not word.key.isdigit():
        return 0
    value = int(word.key)
    return value if 20 <= value <= 90 and value % 10 == 0 else 0


def _spelt_unit(word: Word) -> int:
    """1 … 9 written as a word, else 0."""
    if word.norm in _ONES:
        return 1
    if word.kind != "value" or word.text[:1].isdigit() or not word.key.isdigit():
        return 0
    value = int(word.key)
    return value if 1 <= value <= 9 else 0


_CURRENCY_SIGNS = frozenset("$€£¥₽")
_HOUR_BEFORE = frozenset({"at", "в", "во"})
_DOTTED_TIME = re.compile(
    r"([01]?\d|2[0-3])\.([0-5]\d)"
)  # "at 8 o'clock", "в 3 часа": an hour, no duration
_DAY_PART_FILLERS = frozenset({"in", "the", "at", "de", "la", "del"})


def _clock_times(words: list[Word]) -> list[Word]:
    """An hour told with a part of the day or as an hour of the clock, as the time it names:
    "8 in the morning" is 08:00, "шесть вечера" and "6 de la tarde" are 18:00, "в два часа" and
    "a las 2" are 02:00 — so that "the gym closes at 22:00" and "at ten at night" are one
    value. "takes 2 hours" stays a duration."""
    out: list[Word] = []
    at = 0
    while at < len(words):
        word = words[at]
        before = out[-1].norm if out else ""
        dotted = _DOTTED_TIME.fullmatch(word.key) if word.kind == "value" else None
        if dotted and (before in _HOUR_BEFORE or (before in ("las", "la") and len(out) > 1)):
            clock = f"{int(dotted[1]):02d}:{dotted[2]}"  # "at 10.30", "в 10.00": 10:30, 10:00
            out.append(Word(word.text, word.norm, clock, "date", clock))
            at += 1
            continue
        hour = int(word.key) if word.kind == "value" and word.key.isdigit() else 0
        if not 0 < hour <= 24:
            out.append(word)
            at += 1
            continue
        unit = at + 1 < len(words) and words[at + 1].key == "h" and words[at + 1].kind == "word"
        end = at + 1 + unit
        before = out[-1].norm if out else ""
        told = before in _HOUR_BEFORE or (before in ("las", "la") and len(out) > 1)
        part, skip = _day_part(words, end, unit)
        if part and hour <= 12 and (told or not unit):
            hour = hour % 12 + (12 if part == "pm" or (part == "night" and hour >= 6) else 0)
            end = skip
        elif not (told and (unit or before in ("las", "la"))):
            out.append(word)
            at += 1
            continue
        clock = f"{hour % 24:02d}:00"
        out.append(Word(word.text, word.norm, clock, "date", clock))
        at = end
    return out


def _minutes_told(words: list[Word]) -> list[Word]:
    """An hour told with its minutes in words, as the time it names: "half past six" and "las
    seis y media" are 06:30, "quarter to seven" 06:45, "at nine thirty" 09:30, "в половине
    седьмого" 06:30 — with a part of the day after it, "half past six in the evening" 18:30."""
    out: list[Word] = []
    at = 0
    while at < len(words):
        word = words[at]
        if word.kind != "value" and word.norm not in _MINUTES_STARTS:
            out.append(word)  # (no time told in words starts here)
            at += 1
            continue
        found = _minutes_at(words, at, out[-1].norm if out else "")
        if found is None:
            out.append(words[at])
            at += 1
            continue
        hour, minute, end = found
        part, end = _day_part(words, end, False)
        if part and hour <= 12:
            hour = hour % 12 + (12 if part == "pm" or (part == "night" and hour >= 6) else 0)
        clock = f"{hour % 24:02d}:{minute:02d}"
        out.append(Word(words[at].text, words[at].norm, clock, "date", clock))
        at = end
    return out


def _minutes_at(words: list[Word], at: int, before: str) -> tuple[int, int, int] | None:
    """The hour, minutes and the index after them of a time told in words from `at` on."""
    word = words[at]
    nxt = words[at + 1] if at + 1 < len(words) else None
    last = words[at + 2] if at + 2 < len(words) else None
    halved = _HALF_HOUR.fullmatch(word.key) if word.kind == "value" else None
    if before in ("las", "la") and halved and 0 < int(halved[1]) <= 12:
        return int(halved[1]), 30, at + 1  # "las seis y media", read as 6.5 before
    if nxt is None:
        return None
    if word.norm in _PARTS_OF_AN_HOUR and nxt.norm in ("past", "to") and last is not None:
        hour = _hour(last)
        if hour and nxt.norm == "past":
            return hour, _PARTS_OF_AN_HOUR[word.norm], at + 3
        if hour and word.norm == "quarter":
            return hour - 1 or 12, 45, at + 3  # "quarter to seven"
        return None
    if word.norm in _RUSSIAN_PARTS_OF_AN_HOUR and nxt.norm in lx.ORDINAL_HOURS:
        # "в половине седьмого": half of the seventh hour
        return lx.ORDINAL_HOURS[nxt.norm] - 1, _RUSSIAN_PARTS_OF_AN_HOUR[word.norm], at + 2
    if word.norm in lx.GENITIVE_HOURS and lx.DAY_PARTS.get(nxt.norm):
        return lx.GENITIVE_HOURS[word.norm], 0, at + 1  # "до пяти вечера"
    hour = _hour(word)
    if not hour:
        return None
    if before in ("las", "la") and nxt.norm in ("y", "menos") and last is not None:
        if last.norm == "cuarto":  # "las seis y cuarto", "las siete menos cuarto"
            return (hour, 15, at + 3) if nxt.norm == "y" else (hour - 1 or 12, 45, at + 3)
        if last.norm in ("media", "medio") and nxt.norm == "y":
            return hour, 30, at + 3
    spelt = nxt.kind == "value" and nxt.norm.isalpha() and nxt.key.isdigit()
    if before == "at" and spelt and 10 <= int(nxt.key) <= 59 and word.norm.isalpha():
        return hour, int(nxt.key), at + 2  # "at nine thirty"
    return None


def _hour(word: Word) -> int:
    """The hour of the clock a word names (1 to 12), else 0."""
    if word.kind == "value" and word.key.isdigit() and 0 < int(word.key) <= 12:
        return int(word.key)
    return 0


_PARTS_OF_AN_HOUR = {"half": 30, "quarter": 15}
_HALF_HOUR = re.compile(r"(\d{1,2})\.5")
_RUSSIAN_PARTS_OF_AN_HOUR = {"половине": 30, "половина": 30, "четверть": 15}
# the words other than a number a time told in words can start with (see `_minutes_at`)
_MINUTES_STARTS = frozenset([*_PARTS_OF_AN_HOUR, *_RUSSIAN_PARTS_OF_AN_HOUR, *lx.GENITIVE_HOURS])


def _day_part(words: list[Word], at: int, unit: bool) -> tuple[str, int]:
    """The part of the day named from `at` on, after at most two fillers ("in the", "de
    la"): ("am" / "pm" / "night", the index after it), or ("", at)."""
    end = at
    while end < len(words) and end - at < 2 and words[end].norm in _DAY_PART_FILLERS:
        end += 1
    if end >= len(words):
        return "", at
    norm = words[end].norm
    part = lx.DAY_PARTS.get(norm, "")
    if norm == "дня" and unit:
        part = "pm"  # "в 2 часа дня"
    if not part or (norm in ("mañana", "manana") and end == at):
        return "", at  # "3 mañana" is no time of the morning
    return part, end + 1


def _alternatives(phrases: tuple[str, ...] | frozenset[str]) -> str:
    return "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))


# "Note: …", "FYI, …", "Keep in mind that …", "btw …"; "…, thanks." at the end.
_LEAD_IN = re.compile(
    rf"\s*(?:(?:{_alternatives(lx.LEAD_INS)})(?:\s*[:,!—–-]+\s*|\s+(?:that|что|que)\s+)"
    rf"|(?:{_alternatives(lx.BARE_LEAD_INS)})\s+)",
    re.IGNORECASE,
)
_UPDATE_LEAD_IN = re.compile(
    rf"\s*(?:{_alternatives(lx.UPDATE_LEAD_INS)})\s*[:—–-]+\s*", re.IGNORECASE
)
# (one or more: "perdón, me equivoqué, …")
_CORRECTION_LEAD_IN = re.compile(
    rf"(?:\s*(?:{_alternatives(lx.CORRECTION_LEAD_INS)})\s*[:,、—–-]+\s*)+", re.IGNORECASE
)
_QUOTED = re.compile(r'\s*["“«]([^"“”«»]+)["”»]\s*')  # a statement quoted whole
_CLOSING_TAG = re.compile(
    rf"\s*,\s*(?:{_alternatives(lx.CLOSING_TAGS)})\s*([.!…]*)\s*$", re.IGNORECASE
)


def _lead_in(text: str) -> tuple[str, bool]:
    """The statement without the words that introduce or close it ("Note: …", "FYI, …", "…,
    thanks."; they tell nothing of what is said), and whether the lead-in says it is a change
    ("Update: …", "Correction: …", "Perdón, me equivoqué, …"). A text that would be left with
    fewer than two words stays as it is."""
    quoted = _QUOTED.fullmatch(text)
    rest = quoted.group(1) if quoted else text
    change = _UPDATE_LEAD_IN.match(rest) or _CORRECTION_LEAD_IN.match(rest)
    match = change or _LEAD_IN.match(rest)
    rest = rest[match.end() :] if match else rest
    rest = _CLOSING_TAG.sub(r"\1", rest)
    if len(rest.split()) < 2 and not (CJK.search(rest) and len(rest) >= 4):
        return text, False  # (Japanese has no spaces: "会議は4時から" is several words)
    return rest, change is not None


def _one_way_of_frequency(body: str) -> str:
    """The body with each way of saying how often in one word of its language
    (`lexicon.FREQUENCY_CANONICAL`: "de vez en cuando" as "a veces", "frequently" as "often"),
    so that two facts saying the same in other words read alike."""
    pattern, hints = _frequency_pattern()
    if hints.isdisjoint(w.strip(_PUNCTUATION) for w in body.lower().split()):
        return body  # (most facts: a look at the words costs a fifth of the pattern's)
    return pattern.sub(_canonical_frequency, body)


def _percent_as_sign(body: str) -> str:
    """A share written in words written with its sign: "10 percent", "10 por ciento" and "10
    процентов" as "10%", so that the two ways read as one value."""
    if not _PERCENT_HINT.search(body):
        return body
    return _PERCENT_WORDS.sub(lambda m: f"{m[1]}%", body)


_PERCENT_HINT = re.compile(r"(?i)percent|per cent|por ciento|процент")
_PERCENT_WORDS = re.compile(
    r"(?i)(\d+(?:[.,]\d+)?)\s*(?:percent|per cent|por ciento|процент(?:а|ов)?)\b"
)


def _one_name_each(body: str) -> str:
    """The body with each name of several words written one way (`lexicon.NAME_ALIASES`:
    "Visual Studio Code" as "VS Code")."""
    lowered = body.lower()
    if not any(hint in lowered for hint in _NAME_HINTS):
        return body  # (most facts: a look at the text costs less than the pattern)
    pattern = _phrases_pattern(tuple(lx.NAME_ALIASES))
    return pattern.sub(lambda m: lx.NAME_ALIASES[" ".join(m.group().lower().split())], body)


_NAME_HINTS = frozenset(name.split()[0] for name in lx.NAME_ALIASES)


def _one_verb_each(body: str) -> str:
    """The body with each verb said in several words read as the one verb it means
    (`lexicon.VERB_IDIOMS`: "signs off on" as "approves"), and each word or phrase of one
    meaning read in one way (`lexicon.SAME_MEANING`: "purchased" as "bought")."""
    if _IDIOM_HINTS.isdisjoint(w.strip(_PUNCTUATION) for w in body.lower().split()):
        return body  # (most facts: a look at the words costs less than the pattern)
    pattern = _phrases_pattern(tuple(_ONE_WAY))
    return pattern.sub(lambda m: _ONE_WAY[" ".join(m.group().lower().split())], body)


_ONE_WAY = lx.VERB_IDIOMS | lx.SAME_MEANING
# (each phrase's longest word: a phrase is there only if that word is)
_IDIOM_HINTS = frozenset(max(phrase.split(), key=len) for phrase in _ONE_WAY)


@lru_cache(maxsize=2)
def _phrases_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern of any of `phrases` as whole words, in any case and spacing, the longest
    tried first."""
    alternatives = "|".join(
        re.escape(p).replace(r"\ ", r"\s+") for p in sorted(phrases, key=len, reverse=True)
    )
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


_PUNCTUATION = ".,;:!?¿¡()[]\"'«»“”…—–-"


@lru_cache(maxsize=1)
def _frequency_pattern() -> tuple[re.Pattern[str], frozenset[str]]:
    """The pattern of every way of saying how often but the one of `_one_way_of_frequency`,
    and the longest word of each: a body that holds none of them holds no such phrase."""
    said_otherwise = tuple(p for p, canonical in lx.FREQUENCY_CANONICAL.items() if p != canonical)
    hints = frozenset(max(p.split(), key=len) for p in said_otherwise)
    return _phrases_pattern(said_otherwise), hints


def _canonical_frequency(match: re.Match[str]) -> str:
    said = match.group()
    canonical = lx.FREQUENCY_CANONICAL[" ".join(said.lower().split())]
    if said.isupper() and len(said) > 1:
        return canonical.upper()
    return canonical[0].upper() + canonical[1:] if said[0].isupper() else canonical


def _drop_interjections(body: str) -> str:
    """Leading "Wow!", "Oh, " and the like: they tell nothing about anyone."""
    while True:
        match = re.match(r"\s*([^\W\d_]+)\s*[!,.…]+\s*", body)
        if not match or normalize(match.group(1)) not in lx.INTERJECTIONS:
            return body
        rest = body[match.end() :]
        if len(rest.split()) < 2:
            return body
        body = rest


def _latin_language(text: str) -> str:
    """The language of a fact's Latin words, "english" or "spanish", by their function words
    and accents (capitalised words are not counted: "Lucía runs" is English); '' when nothing
    tells ("Lucas sabe Rust"), and the fact is stemmed as English."""
    en = es = 0
    english, spanish = lx.LATIN_MARKERS["english"], lx.LATIN_MARKERS["spanish"]
    words = _LOWER_WORD.findall(text)
    opening = _FIRST_WORD.match(text)
    if opening and not opening.group(1).islower():
        # a function word that opens the fact is no name: "My son uses Jira" is English
        words.append(opening.group(1).lower())
    for word in words:
        # (an English past, "turned", "moved", is no Spanish word but "usted", "pared")
        if word in english or (len(word) > 4 and word.endswith("ed") and word not in _NOT_PASTS):
            en += 1
        if word in spanish or (not word.isascii() and _ACCENTED.search(word)):
            es += 1
    en += len(_POSSESSIVE_S.findall(text))  # "Ken's son drives …": no Spanish "son"
    return "spanish" if es > en else "english" if en > es else ""


_POSSESSIVE_S = re.compile(r"[a-zA-Z]['’]s\b")
_NOT_PASTS = frozenset({"usted", "pared", "merced", "huésped", "huesped", "césped", "cesped"})


_SPANISH_PRETERITE = re.compile(r"^[a-zñáéíóúü]{3,}(?:ó|aron|ieron)$")


_PARTICLES = frozenset("up down out off back over away".split())
_PLAIN_TO_SEE = frozenset("clear apparent evident obvious".split())
# "took" and "taken" tell of a change of hands ("Pavel has taken over the role", "took charge
# of billing", "took a job at Stripe"); otherwise they are a light verb ("We have taken a
# biochemical approach").
_TAKEN = frozenset("took taken".split())
_TAKEN_OVER = frozenset("over charge job position role post helm lead command".split())


def _no_change_of_hands(words: list[Word], at: int) -> bool:
    return words[at].norm in _TAKEN and not any(
        w.norm in _TAKEN_OVER for w in words[at + 1 : at + 4]
    )


def _describes(words: list[Word], at: int) -> bool:
    """An English change participle before the noun it describes, with no subject of its own
    before it: "Increased stress", "a highly increased risk", "reveals delayed kinetics". It
    says what something is like, not that it changed ("Alice moved to Berlin", "we switched
    providers", "has increased prices", "Switched providers to Vodafone" stay changes)."""
    word = words[at]
    if word.norm not in lx.UPDATE_WORDS or not word.norm.endswith("ed") or at + 1 >= len(words):
        return False
    after = words[at + 1]
    if after.kind != "word" or after.norm in lx.FUNCTION_WORDS or after.norm in _PARTICLES:
        return False
    if any(w.norm in ("to", "from", "into") for w in words[at + 2 : at + 6]):
        return False  # "Switched providers to Vodafone", "Moved offices to the 5th floor"
    if at == 0:
        return True
    before = words[at - 1]
    return (
        before.norm in lx.DETERMINERS
        or before.norm in lx.PREPOSITIONS
        or (before.kind == "word" and before.norm.endswith("ly"))
        or (_is_verb(before) and before.norm not in lx.UPDATE_WORDS)
    )


def _is_verb(word: Word) -> bool:
    if word.kind != "word":
        return False
    if word.key in verb_keys() or word.norm in lx.PAST_IRREGULAR or participle(word.norm):
        return True
    if word.norm in lx.UPDATE_WORDS and word.norm not in lx.UPDATE_ADVERBS:
        return True  # moved, switched, заменили, cambió …
    # Spanish preterites: renovó, decidió, firmaron (few nouns end in a stressed "ó")
    if _SPANISH_PRETERITE.search(word.norm):
        return True
    # Russian reflexive verbs and past tenses: находится, выкатываются, бывала, запустил
    if not _cyrillic(word.norm):
        return False
    if len(word.norm) >= 6 and word.norm.endswith(("ся", "сь")):
        return True
    return _past_by_ending(word)


def _a_side(words: Sequence[Word], at: int) -> bool:
    """ "left" at `at` names a side: after an article or a possessive, before a common noun
    ("the user's left knee"; not "The user's left Google", "Dana's left the rotation")."""
    before = words[at - 1].norm if at else ""
    if before not in _SIDE_OWNERS and not before.endswith(("'s", "’s")):
        return False
    after = words[at + 1] if at + 1 < len(words) else None
    return (
        after is not None
        and after.kind == "word"
        and after.text[:1].islower()
        and after.norm not in lx.DETERMINERS
        and after.norm not in lx.PREPOSITIONS
        and after.norm not in lx.POSSESSIVE_PERSONS
    )


_SIDE_OWNERS = frozenset("the a my his her their our your its".split())


def _in_a_relative_clause(words: Sequence[Word], at: int) -> bool:
    """The verb at `at` is said in a clause about the subject, which a copula after it
    completes: "The person the user trusts most is Tom", "The lawyer who advises the user is
    Ana", "El médico en quien confía el usuario es …" (a relative pronoun, or in English a
    second noun phrase, before the verb; "is" after it)."""
    if len(words) > 16:
        return False  # (one short statement: a passage has many verbs and copulas)
    if not any(w.norm in _COPULA_AFTER_CLAUSE for w in words[at + 1 : at + 7]):
        return False
    for k in range(max(1, at - 3), at):
        if words[k].norm in _RELATIVE_PRONOUNS:
            return True
        if not words[at].norm.isascii():
            continue  # (Spanish says it with "quien" alone: "El médico en quien confía …")
        before = words[k - 1]
        if (
            words[k].norm in _NOUN_PHRASE_OPENERS
            and before.kind == "word"
            and before.text.islower()
        ):
            # (after a name it is the name's apposition: "Tom, the user's brother, lives …")
            return before.norm not in lx.DETERMINERS and before.norm not in lx.PREPOSITIONS
    return False


_COPULA_AFTER_CLAUSE = frozenset("is are was were es son era fue".split())
_RELATIVE_PRONOUNS = frozenset("who whom that which quien quienes".split())
_NOUN_PHRASE_OPENERS = frozenset("the a an my his her our their your".split())


def _passive_after(words: Sequence[Word], at: int) -> bool:
    """An English passive follows the word at `at` ("report was written", "infra is
    managed"): the word is its subject, a noun, whatever verb it may also be."""
    if not words[at].norm.isascii() or at + 2 >= len(words) or words[at + 1].kind != "aux":
        return False
    after = words[at + 2]
    return after.kind == "word" and (participle(after.norm) or after.norm in lx.IRREGULAR)


def _changed_after(words: Sequence[Word], at: int) -> bool:
    """A verb of change follows the word at `at`, itself after a common word ("Choir practice
    moved to …", "The team lead switched to …"): the word ends the subject, a noun."""
    word = words[at]
    if at + 1 >= len(words) or words[at - 1].kind != "word" or not word.norm.isascii():
        return False
    return word.norm not in _GET and _change_verb(words[at + 1])  # ("Standup got moved")


_GET = lx.GOT | {"get", "gets", "getting"}


def _next_word(words: Sequence[Word], at: int) -> Word | None:
    """The word after `at`, past markers and adverbs ("now", "теперь", "always")."""
    rest = (w for w in words[at + 1 :] if w.kind != "marker" and w.norm not in lx.ADVERBS)
    return next(rest, None)


def _known_verb(word: Word | None) -> bool:
    """A verb the lexicon knows, not one guessed by its ending."""
    return (
        word is not None
        and word.kind == "word"
        and (word.key in verb_keys() or word.norm in verb_keys())
    )


def _past_by_ending(word: Word) -> bool:
    """A Russian word whose ending is a past tense's ("запустил", "бывала") — or a noun's
    genitive that ends alike ("отдела", "недели"), which only the words around it tell apart."""
    return (
        _cyrillic(word.norm)
        and len(word.norm) >= 5
        and word.norm.endswith(
            (
                "ал",
                "ала",
                "али",
                "ил",
                "ила",
                "или",
                "ел",
                "ела",
                "ели",
                "ял",
                "яла",
                "яли",
                "сли",
                "зли",
            )
        )
    )


def _user_implied(body: str, language: str, words: list[Word]) -> str:
    """A note that opens with its verb in the third person says it of the user, as assistants
    jot facts down ("Lives in Berlin", "Switched from VS Code to Neovim", "Vive en Valencia",
    "Живёт в Казани"): read with the user as its subject, so that it is the same fact as "The
    user lives in Berlin" and another than "Bob lives in Berlin". Not a question, nor a plural
    noun before its verb ("Deploys happen on Fridays", "Alerts are posted in #ops")."""
    if body.rstrip().endswith(("?", "？")) or not body[:1].isupper():
        return body
    lead = 0  # (after an adverb: "Now lives in Munich", "Ahora vive en Madrid")
    while lead < min(2, len(words)) and (
        words[lead].kind == "marker" or words[lead].norm in lx.ADVERBS
    ):
        lead += 1
    when = None if lead else _RUSSIAN_WHEN.match(body)
    if when:
        lead = 3  # "В прошлом месяце переехал в Самару": when, then the verb
    if len(words) - lead < 2 or not _third_person_first(words[lead:], language):
        return body
    if _subject_after(words[lead:]):
        return _subject_put_first(body)
    if when:  # the user after when, as it is said: "В прошлом месяце пользователь переехал …"
        return f"{body[: when.end()]}пользователь {body[when.end() :]}"
    first = words[0].text
    if not body.startswith(first):
        return body
    user = _USER_WORD["russian" if _cyrillic(words[0].norm) else language]
    return f"{user} {first[0].lower()}{first[1:]}{body[len(first) :]}"


_USER_WORD = {"english": "The user", "spanish": "El usuario", "russian": "Пользователь"}


def _subject_after(words: list[Word]) -> bool:
    """Spanish and Russian may put the subject after the verb and what it takes: "Se mudó a
    Valencia mi hermana", "Ha vendido el León su cuñado", "Переехал в Самару брат", "Уволился
    из Яндекса его руководитель" — someone's own or kin, named after the object (not "Ha
    vendido su coche", "Vive con su hermano", "Живёт у брата": what the verb takes). Spanish
    may also name it with an article after a place: "Se mudó a Valencia la empresa de su padre"
    (not "… a Valencia la semana pasada", a time)."""
    if _article_subject_at([w.norm for w in words]) is not None:
        return True
    for at in range(2, len(words)):
        word, before = words[at], words[at - 1]
        if word.norm not in _WHOSE and word.norm not in lx.KIN:
            continue
        if before.norm in lx.PREPOSITIONS or before.norm in _NEW_PHRASE or before.norm in _WHOSE:
            continue  # ("con su novia": what the verb takes; "su novia": told at "su")
        if before.norm in ("se", "ha") or (at == 2 and words[0].norm in ("se", "ha")):
            continue  # "Se ha vendido su coche", "Ha vendido su coche": the verb's object
        return True
    return False


def _article_subject_at(norms: list[str]) -> int | None:
    """Where a Spanish subject told with its article after a verb of going and its place
    begins, of a fact's words as normalised ("Se mudó a Valencia la empresa de su padre": at
    "la"), or None (and for "… a Valencia la semana pasada", a time)."""
    if len(norms) < 5 or norms[0] != "se" or norms[2] not in ("a", "al", "en"):
        return None
    for at in range(4, len(norms) - 1):
        if norms[at] in _DEFINITE_ARTICLES and norms[at - 1] not in lx.PREPOSITIONS:
            after, then = norms[at + 1], norms[at + 2] if at + 2 < len(norms) else ""
            if after[:1].isdigit() or after in _SPANISH_TIMES or after in lx.CALENDAR:
                return None  # "… a Valencia el 3 de marzo", "… el mismo día"
            return None if then in _SPANISH_TIME_AFTER else at  # "la Nochevieja pasada"
    return None


# Words of a time after a Spanish article: "la semana pasada", "el mes que viene", "el verano"
_SPANISH_TIMES = frozenset(
    """semana mes año fin día mañana tarde noche próximo próxima pasado pasada verano invierno
    otoño primavera lunes martes miércoles jueves viernes sábado domingo mismo misma
    nochevieja nochebuena navidad""".split()
)
_SPANISH_TIME_AFTER = frozenset("pasado pasada próximo próxima siguiente anterior".split())


def _subject_put_first(body: str) -> str:
    """A subject told after its verb (`_subject_after`), put before it, as the parse reads a
    subject: "Ha vendido el León su cuñado" as "Su cuñado ha vendido el León", "Уволился из
    Яндекса его руководитель" as "Его руководитель уволился из Яндекса". The subject runs from
    its possessive or kin word to the end, or to a word of a new phrase ("… mi hermana el mes
    pasado"); the body is left as it is when no such word is found."""
    tokens = body.rstrip(" .!;").split()
    start = _article_subject_at([_bare_token(t) for t in tokens])
    if start is None:  # (else from the last possessive or kin word)
        start = next(
            (
                i
                for i in range(len(tokens) - 1, 1, -1)
                if _bare_token(tokens[i]) in _WHOSE or _bare_token(tokens[i]) in lx.KIN
            ),
            None,
        )
    if start is None:
        return body
    end = next(
        (
            i
            for i in range(start + 1, len(tokens))
            if _bare_token(tokens[i]) in _NEW_PHRASE and not _whose_after(tokens, i)
        ),
        len(tokens),
    )
    subject, rest = tokens[start:end], tokens[:start] + tokens[end:]
    first = " ".join(subject)
    told = " ".join(rest)
    return f"{first[0].upper()}{first[1:]} {told[0].lower()}{told[1:]}."


def _whose_after(tokens: list[str], at: int) -> bool:
    """The "de" at `at` tells whose the subject is: "la oficina de su mujer", "la empresa
    del padre de Ana" (not "… de Sevilla", where from)."""
    if _bare_token(tokens[at]) not in ("de", "del") or at + 1 >= len(tokens):
        return False
    after = _bare_token(tokens[at + 1])
    return after in _WHOSE or after in lx.KIN or after in ("usuario", "usuaria")


def _bare_token(token: str) -> str:
    return token.strip(".,;:!?«»\"'()").casefold()


# Words that open a new phrase after a subject told last ("mi hermana el mes pasado")
_NEW_PHRASE = frozenset(
    "el la los las en a de con desde hace y в во на по с у из к для за и".split()
)
# Words of whose someone is, before a noun (Spanish and Russian)
_WHOSE = frozenset(
    "mi mis tu tus su sus nuestro nuestra nuestros nuestras его её ее их наш наша наше наши мой "
    "моя моё мое мои твой твоя твои".split()
)
# A Russian note that opens with when it happened: "В прошлом месяце", "На этой неделе"
_RUSSIAN_WHEN = re.compile(
    r"(?:в|на) (?:прошлом|прошлой|этом|этой|позапрошлом) (?:месяце|неделе|году),? ", re.I
)


def _spanish_third_person(words: list[Word]) -> bool:
    """A Spanish note opens with a verb that can only be the third person singular: a verb of
    where and how one lives ("Vive en Valencia"), "tiene", a perfect ("Ha vendido el León", "Se
    ha mudado a Alicante") or a preterite ("Se mudó a Alicante", "Cambió de trabajo"). Not a
    present that is also the imperative ("Ejecuta siempre las pruebas"), nor a verb whose
    subject follows it ("Falta el test", "Se cayó el servidor")."""
    at = 1 if words[0].norm == "se" and len(words) > 2 else 0
    norm = words[at].norm
    after = _next_word(words, at) or words[at + 1]
    if norm == "ha":
        then = _next_word(words, at + 1)
        if at and then is not None and then.norm in _SPANISH_ARTICLES:
            return False  # "Se ha cancelado el vuelo": the flight was, no one did
        return after.kind == "word" and (
            _SPANISH_PARTICIPLE.search(after.norm) is not None or after.norm in _SPANISH_DONE
        )
    if norm == "tiene" and not at:
        return True
    if (
        (not at and norm in _SPANISH_STATES)
        or norm in _SPANISH_PRETERITES
        or (len(norm) >= 4 and norm.endswith("ó"))
    ):
        return after.norm not in _SPANISH_ARTICLES
    return False


_SPANISH_PARTICIPLE = re.compile(r"^[a-zñáéíóú]{2,}(?:ado|ido)$")
# "ir a" and an infinitive, the Spanish "going to": "va a mudarse", "vamos a migrar"
_SPANISH_GOING_TO = re.compile(r" (?:voy|vas|va|vamos|van) a [a-zñ]+(?:ar|er|ir)(?:se|lo|la)? ")
# Irregular Spanish preterites in the third person ("Se dio de baja", "Hizo el curso"; not
# "fue", which is also "was": "Fue un error")
_SPANISH_PRETERITES = frozenset("dio hizo puso tuvo vino dijo estuvo trajo condujo".split())
# Irregular Spanish participles (a perfect: "ha hecho", "se ha roto")
_SPANISH_DONE = frozenset("hecho dicho puesto vuelto visto escrito abierto roto muerto".split())


def _third_person_first(words: list[Word], language: str) -> bool:
    """The first word is a verb in the third person singular with no subject before it, and no
    verb after a noun follows that would make it a plural noun instead."""
    first, norm = words[0], words[0].norm
    after = _next_word(words, 0) or words[1]  # (past an adverb: "Releases now ship weekly")
    if _cyrillic(norm):
        # the present only, before a preposition or a Latin name ("Работает в Яндексе",
        # "Пользуется VS Code"): a verb first is often an event told subject last ("Упал прод")
        # (or the past of one of them: "Переехал в Самару", "Перешла в Сбер")
        present = re.search(r"(?:ет|ит|ёт|ется|ится)$", norm) is not None
        # (a past known as a verb, not one read by its ending: "Вокзал в центре", "Сигнал в 9")
        past = re.search(r"(?:л|ла|лся|лась)$", norm) is not None and (
            norm in lx.UPDATE_WORDS or _known_verb(first)
        )
        return (
            (present or past)
            and _is_verb(first)
            and (after.norm in _LEAD_PREPOSITIONS or after.norm.isascii())
        )
    if language == "spanish":
        return _spanish_third_person(words)
    if norm in _ENGLISH_HE_IS:
        verb_at = 1
    elif norm.endswith("s") and _stem_word(norm, "english") in english_verb_keys():
        verb_at = 0  # (a capitalised first word is kept unstemmed: it may be a name)
    elif norm in lx.PAST_IRREGULAR or (
        _is_past(norm) and _stem_word(norm, "english") in english_verb_keys()
    ):
        verb_at = 0
        if after.kind == "word" and not after.norm.endswith("ing") and after.norm not in _LINKS:
            return False  # "Cached entries expire after 5 minutes": a participle before a noun
    else:
        return False
    if verb_at == 0 and (after.kind in ("aux", "neg") or after.norm in _PLURAL_VERBS):
        return False  # "Deploys are slow", "Builds don't run on Sundays", "Releases ship …"
    for at in range(verb_at + 1, len(words)):
        word, before = words[at], words[at - 1]
        if before.kind == "marker" or before.norm in lx.ADVERBS:
            before = words[at - 2] if at >= 2 else before
        if before.kind == "name" and word.norm.endswith("s") and word.key in english_verb_keys():
            return False  # "Marks Nakamura lives in Osaka": a name first, its verb after
        if before.kind == "name" or before.norm in _ENGLISH_ARTICLES:
            if verb_at == 0 and _plural_noun_first(words) and _plural_verb_later(words[at - 1 :]):
                return False  # "Deploys for the docs site now go through Netlify"
            break  # the object has begun: "Works at Stripe as a team lead"
        if (
            before.kind not in ("word", "name", "acronym", "value", "env")
            or before.norm in lx.PREPOSITIONS
        ):
            continue  # "at work", "and Go for services", "to move", "on call"
        if word.kind == "aux" or _bare_verb(word):
            return False  # "Deploys to production require two approvals": a noun first
    return True


def _plural_noun_first(words: list[Word]) -> bool:
    """The first word may be a plural noun told of by a preposition after it ("Deploys for the
    docs site", "Builds of the docs", "Writes to the cache"), not a verb before its object
    ("Takes the night train to work")."""
    return words[0].norm.endswith("s") and len(words) > 1 and words[1].norm in _OF_A_NOUN


_OF_A_NOUN = frozenset("for of to from with into in on".split())


def _plural_verb_later(words: list[Word]) -> bool:
    """An English verb in its bare form later in the fact, right after a noun or "now" and
    before what it takes (a preposition, an article, a number): the verb of a plural noun that
    opened the fact ("Deploys for the docs site go through Vercel", "Builds of the docs now
    take 3 minutes"). Not in a clause of its own ("…, where the teams now sit"), after "to",
    or a participle ("the pipeline run by Ana"), nor a noun before another ("the build cache")."""
    for at in range(1, len(words) - 1):
        w, before, after = words[at], words[at - 1], words[at + 1]
        if w.norm in _RELATIVE_WORDS or before.norm in _RELATIVE_WORDS:
            return False
        if not (_bare_verb(w) or w.norm in _PLURAL_VERBS):
            continue
        if before.kind == "marker" and at >= 2:
            before = words[at - 2]
        if before.norm == "to" or before.kind != "word" or after.norm == "by":
            continue
        if after.kind in ("stop", "value", "date", "neg") or after.norm in _VERB_TAKES:
            return True
    return False


_RELATIVE_WORDS = frozenset({"where", "who", "which", "that", "whose", "when"})
# What may come right after a verb: a preposition, "through", a number in words
_VERB_TAKES = lx.PREPOSITIONS | frozenset(
    "through via across one two three four five six seven eight nine ten no".split()
)


def _bare_verb(word: Word) -> bool:
    """An English verb in its bare form, as it agrees with a plural subject ("require")."""
    norm = word.norm
    if not _is_verb(word) or not norm.isascii() or norm.endswith(("s", "ing")):
        return False
    return not _is_past(norm)


_ENGLISH_HE_IS = frozenset("is has does was isn't hasn't doesn't wasn't".split())
# Verbs the lexicon lacks that often follow a plural noun opening a note ("Releases ship
# weekly", "Alerts fire at night"): the first word is that noun.
_PLURAL_VERBS = frozenset(
    "happen ship go run take fire start end close open expire fail pass occur land stay last "
    "get come move include cover rotate sync arrive".split()
)
_SPANISH_STATES = frozenset("vive reside trabaja prefiere estudia va".split())
# (a past tense first is a verb before these, not a participle describing a noun)
_LINKS = lx.PREPOSITIONS | lx.DETERMINERS | lx.ADVERBS | {"up", "down", "out", "back", "over"}
_LEAD_PREPOSITIONS = frozenset("в во на по с у из к для за".split())
_SPANISH_ARTICLES = frozenset("el la los las un una unos unas".split())
_ENGLISH_ARTICLES = frozenset("a an the".split())
_ARTICLE_BEFORE_CHANGE = _SPANISH_ARTICLES | _ENGLISH_ARTICLES


def _we_verb_at(words: list[Word]) -> int | None:
    """Where a verb that says "we" opens the fact, first or after "now" ("Usamos Jira",
    "Ahora desplegamos los jueves", "Теперь используем Kafka"); None if none does."""
    if words and _we_verb(words[0]):
        return 0
    if len(words) > 1 and words[0].kind == "marker" and _we_verb(words[1]):
        return 1
    return None


def _we_verb(word: Word) -> bool:
    """A verb that says "we" by its ending, opening a fact with no subject word ("Usamos
    Jenkins", "Используем Kafka")."""
    norm = word.norm
    if word.kind not in ("word", "name") or len(norm) < 6:
        return False
    if _cyrillic(norm):
        return norm.endswith(("ем", "им", "аем", "яем"))
    return norm.endswith(("amos", "emos", "imos"))


def _spanish_verb_first(words: list[Word]) -> bool:
    """A Spanish fact opens with a verb the lexicon knows, its subject unsaid ("Paga 800 euros
    de alquiler", "Toma el tren de las 8"), not a noun spelt as one ("Visita del técnico el
    martes", "Programa de fidelidad: 5 %"), nor a name before its verb ("Lanza vive en
    Madrid")."""
    first, after = words[0], words[1]
    return (
        first.kind == "word"
        and first.norm in _SPANISH_VERB_FORMS
        and after.norm not in ("de", "del", ":")
        and after.kind not in ("aux", "dash")
        and not _is_verb(after)
    )


_SPANISH_VERB_FORMS = frozenset(normalize(w) for w in lx.VERBS["spanish"].split())


def _change_verb(word: Word) -> bool:
    """A verb of change opening a fact with no subject word ("Cambié la clase", "Moved the
    standup to 10:00")."""
    return (
        word.kind == "word"
        and word.norm in lx.UPDATE_WORDS
        and word.norm not in lx.UPDATE_ADVERBS
        and word.norm not in ("left", "effective")
    )


def _predicate_start(words: list[Word], language: str) -> tuple[int, bool]:
    """Where the predicate begins, and whether a verb (not a bare value) begins it."""
    we = _we_verb_at(words)
    if we is not None:
        return we, True  # "Usamos Jira", "Ahora usamos MySQL": the verb says who
    if words and _change_verb(words[0]):
        return 0, True  # "Cambié la clase de yoga": the verb says who
    if language == "spanish" and len(words) > 1 and _spanish_verb_first(words):
        return 0, True  # "Paga 800 euros de alquiler", as "Ahora paga …" reads it
    # (past the words of news that open it: "Теперь я живу в Казани", "Now I live …")
    first = next((at for at, w in enumerate(words[:3]) if w.kind != "marker"), 0)
    if words and words[first].norm in lx.SUBJECT_PRONOUNS:
        # "Я пью кофе", "I go to the gym": after a subject pronoun (and its adverbs) the verb
        for at in range(first + 1, min(len(words), first + 4)):
            if words[at].kind in ("word", "aux", "neg") and words[at].norm not in lx.ADVERBS:
                return at, True
    for at, word in enumerate(words):
        if at == 0:
            continue
        if word.kind in ("aux", "dash", "neg") or (
            word.kind == "marker" and word.norm in lx.NEGATIONS
        ):
            return at, True
        if _now_as_copula(words, at):
            return at, True
        # (after a determiner or "new" a word is a noun: "Rita's new manager is Alla"; a
        # letter naming one of several is no article: "Service A depends on …")
        before = "" if words[at - 1].kind == "name" else words[at - 1].norm
        if word.kind == "word" and before not in _NOUN_BEFORE and _is_verb(word):
            if _noun_here(words, at) or _owned(words, at) or activity(words, at):
                continue
            if _attributive(words, at):
                continue  # "The user's preferred reply language is German"
            if _past_by_ending(word) and _known_verb(_next_word(words, at)):
                continue  # "Планёрка отдела проходит …": a genitive in "-ла", the verb after it
            if _passive_after(words, at) or _changed_after(words, at):
                continue  # "The quarterly report was written by Lena", "Choir practice moved
                # to …": a noun before its verb
            if _in_a_relative_clause(words, at):
                continue  # "The person the user trusts most is Tom": the verb is "is"
            return at, True
    # A word between a noun and an article is a verb the lexicon does not know ("Andrés
    # prepara el informe", "Andrew prepares the report")
    for at in range(1, len(words) - 1):
        word, noun = words[at], words[at - 1]
        if (
            word.kind == "word"
            and words[at + 1].norm in _ARTICLE_AFTER_VERB
            and noun.kind in ("word", "name")
            and noun.norm not in _NOUN_BEFORE
            and word.norm not in lx.ADVERBS
        ):
            return at, True
    # A Russian name and a word with a present tense's ending: "Олег курит", "Аня рисует"
    if len(words) >= 2 and _russian_present_after_name(words):
        return 1, True
    # A Spanish clitic before a word the lexicon does not know: the word is a verb, the
    # predicate's head ("A la paciente de la cama 12 le dan 5 mg …", "se publican")
    for at in range(1, len(words) - 1):
        clitic, word = words[at], words[at + 1]
        if clitic.norm in _SPANISH_CLITICS and word.kind == "word" and word.text.islower():
            told = words[at - 1]
            if told.kind == "value" or (told.kind == "word" and at > 1):
                return at + 1, True  # (not after a name: "Marta le hizo …")
    # A plural verb the lexicon does not know between a noun and a preposition: "События
    # заказов идут через RabbitMQ", "Los eventos pasan por SQS"
    for at in range(1, len(words) - 1):
        if _plural_verb_before_preposition(words, at):
            return at, True
    # A person and a last word in a verb's third person: "The user smokes", "El usuario fuma"
    if _person_then_verb(words):
        return len(words) - 1, True
    # No verb: a value after the first word ("Телефон Бориса 555-0199") starts the predicate,
    # else the last word ("Код-ревью для hotfix-веток обязательно").
    for at, word in enumerate(words):
        if at > 0 and word.kind in ("value", "date"):
            return at, False
    # A Russian place after the subject ("Стол Лукаса на втором этаже"): where is the predicate
    for at, word in enumerate(words):
        if at > 1 and word.norm in ("в", "во", "на") and words[at - 1].kind in ("word", "name"):
            return at, False
    meaningful = [at for at, w in enumerate(words) if w.kind not in _LIGHT]
    if len(meaningful) >= 3:
        return meaningful[-1], False
    return len(words), False


_NOUN_BEFORE = lx.DETERMINERS | lx.NEW_WORDS
_NOT_RU = frozenset({"не"})
# The endings of a Russian verb's present third person ("курит", "рисует", "поют")
_RU_PRESENT = ("ит", "ет", "ут", "ют", "ят", "ат")
_RU_PLURAL = ("ы", "и", "е")
# Endings of a Russian adjective that no common first name has ("-ий" is Дмитрий's, Юрий's)
_RU_ADJECTIVE = ("ый", "ой", "ая", "яя", "ое", "ее")


def _russian_present_after_name(words: list[Word]) -> bool:
    """The fact opens with a capitalised Russian word, a name for all one knows, and then a word
    with a present tense's ending the lexicon does not know ("Олег курит"): its verb. (A noun
    after a noun that opens a fact is in the genitive: "Лимит загрузки", "Бюджет проекта"; a
    plural that opens one is an object put first: "Отчёты готовит Дима".)"""
    first, second = words[0], words[1]
    return (
        first.text[:1].isupper()
        and _cyrillic(first.norm)
        and not first.norm.endswith(_RU_PLURAL)
        and not first.norm.endswith(_RU_ADJECTIVE)  # "Любимый цвет …": no name
        and second.kind == "word"
        and second.text.islower()
        and _cyrillic(second.norm)
        and len(second.norm) >= 4
        and second.norm.endswith(_RU_PRESENT)
    )


def _plural_verb_before_preposition(words: list[Word], at: int) -> bool:
    """The word at `at` has the ending of a present plural verb ("идут", "летят", "pasan",
    "corren"), a noun comes before it and a preposition of where or how after it: no noun
    stands so ("маршрут через", "el plan de" have nouns of these endings, and "de" is left out
    for them)."""
    word, after = words[at], words[at + 1]
    before = at - 1
    while before > 0 and (words[before].kind == "marker" or words[before].norm in lx.ADVERBS):
        before -= 1  # "События заказов теперь летят в Kafka"
    noun = words[before]
    if word.kind != "word" or not word.text.islower() or noun.kind not in ("word", "name"):
        return False
    if noun.norm in _NOUN_BEFORE or word.norm in lx.ADVERBS:
        return False
    norm = word.norm
    if _cyrillic(norm):
        return (
            len(norm) >= 4
            and norm.endswith(_RU_PLURAL_PRESENT)
            and norm not in _RU_NOUNS_LIKE_VERBS
            and after.norm in _RU_PLACE_PREPOSITIONS
        )
    return (
        norm.isalpha()
        and len(norm) >= 5
        and norm.endswith(("an", "en"))
        and norm not in _ES_NOUNS_LIKE_VERBS
        and after.norm in _ES_PLACE_PREPOSITIONS
        and noun.norm.endswith(("s", "o", "a", "e"))
    )


_SPANISH_CLITICS = frozenset({"le", "les", "se", "nos"})
_RU_PLURAL_PRESENT = ("ут", "ют", "ят")  # (not "-ат": "халат", "препарат" are nouns)
_RU_NOUNS_LIKE_VERBS = frozenset("маршрут институт салют парашют абсолют".split())
_RU_PLACE_PREPOSITIONS = frozenset("через в во на по к ко из с со от до".split())
_ES_NOUNS_LIKE_VERBS = frozenset(
    "orden imagen examen volumen origen resumen margen joven crimen régimen germen almacén "
    "desorden certamen dictamen abdomen gluten".split()
)
_ES_PLACE_PREPOSITIONS = frozenset("por en a al con hacia desde para".split())


def _of_a_month(words: Sequence[Word], at: int) -> bool:
    """A month or "числа" (of the month) stands beside the word at `at`, maybe after "of" or
    "de": "двенадцатого ноября", "November twelfth", "the twelfth of November", "пятого
    числа"."""
    after = words[at + 1 : at + 3]
    if after and after[0].norm in ("of", "de") and len(after) > 1:
        return _month(after[1])  # "the twelfth of November", "primero de mayo"
    if after and (_month(after[0]) or after[0].norm == "числа"):
        # "двенадцатого ноября"; in English an ordinal before a month ranks ("the second
        # March payment")
        return not words[at].norm.isascii()
    return at > 0 and _month(words[at - 1])


def _month(word: Word) -> bool:
    return word.kind == "date" and word.norm in lx.CALENDAR_MONTHS


def _person_then_verb(words: list[Word]) -> bool:
    """The fact is a person ("the user", "my son", "el usuario") and one last word with the
    ending of a verb's present third person that the lexicon does not know: "The user smokes",
    "My son swims", "El usuario fuma" — its verb, whatever it is."""
    if not 2 <= len(words) <= 3 or words[-2].norm not in _PEOPLE:
        return False
    if len(words) == 3 and words[0].norm not in lx.WEAK_POSSESSIVES | _THE_ES:
        return False
    return _third_person(words[-1], spanish=words[0].norm in _THE_ES)


_PEOPLE = lx.PERSON_NOUNS | lx.KIN
_THE_ES = frozenset({"el", "la"})


def _negated_last_verb(before: list[Word], word: Word) -> bool:
    """A fact's last word after a negation, with the ending of a verb's present third person
    (English "-s", Spanish "-a", "-e"): the verb negated, though the lexicon does not know it."""
    if not any(w.kind in ("neg", "marker") and w.norm in lx.NEGATIONS for w in before):
        return False
    # (a Spanish verb comes right after its "no": "ya no fuma"; English says "no longer smokes")
    return _third_person(word, spanish=before[-1].norm == "no")


def _third_person(word: Word, *, spanish: bool) -> bool:
    """A lowercase word of four letters or more with the ending of a verb's present third
    person the lexicon may not know: English "-s" (not "-ss", "-us", "-is"), and with `spanish`
    also "-a", "-e" ("fuma", "come")."""
    if word.kind != "word" or not word.text.islower() or len(word.norm) < 4:
        return False
    if word.norm.endswith("s"):
        return not word.norm.endswith(("ss", "us", "is"))
    return spanish and word.norm.endswith(("a", "e"))


_ARTICLE_AFTER_VERB = frozenset("the a an el la los las un una unos unas".split())


def _owned(words: list[Word], at: int) -> bool:
    """A word after a possessive is what is owned, a noun: "Maria's manager is Oleg" says who
    manages Maria, not that she manages Oleg (but "Maria's moved" and "Maria's leaving" are
    verbs: "'s" is "has" or "is" there)."""
    word = words[at].norm
    if not possessive(words[at - 1]):
        return False
    return not (participle(word) or word.endswith("ing") or word in lx.PAST_IRREGULAR)


def _noun_here(words: list[Word], at: int) -> bool:
    """A word that can be a noun or a verb is the noun when a preposition follows it and a
    copula or auxiliary comes later: "The team lead for billing is Anna"."""
    word = words[at]
    if word.norm not in lx.NOUN_VERBS and word.key not in lx.NOUN_VERBS:
        return False
    if at + 1 >= len(words) or words[at + 1].norm not in lx.PREPOSITIONS:
        return False
    return any(w.kind in ("aux", "dash") for w in words[at + 2 :])


def activity(words: Sequence[Word], at: int) -> bool:
    """A word in "-ing" between a noun and the verb names an activity, not what the subject
    does: "Sprint planning happens weekly", "Capacity planning is on Mondays" — no plan of
    anyone's ("Alice is planning to move", "Planning to move", "Bob planning a trip" are)."""
    word = words[at]
    if at == 0 or at + 1 >= len(words) or not word.norm.endswith("ing") or not word.norm.isascii():
        return False
    before = words[at - 1]
    if before.kind not in ("word", "name", "acronym") or before.norm in lx.ADVERBS:
        return False
    # (the verb may come after an adverb: "Sprint planning now happens monthly")
    after = _next_word(words, at)
    if after is None or after.norm.endswith("ing"):
        return False  # "Bob considering leaving the company": a verb and its object
    return after.kind in ("aux", "neg") or _is_verb(after)


def participle(norm: str) -> bool:
    """A participle by its ending: English "-ed", a Russian short passive, Spanish "-ado"/"-ido"."""
    if norm.isascii():
        return len(norm) >= 5 and norm.endswith("ed") and norm not in lx.NOT_PARTICIPLES
    if _cyrillic(norm):  # short passive participles: назначен, запланирована, написано
        return len(norm) >= 6 and bool(re.search(r"(?:ен|ан|ян)[аоы]?$", norm))
    return len(norm) >= 6 and bool(re.search(r"(?:ado|ada|ido|ida)s?$", norm))


def _now_as_copula(words: list[Word], at: int) -> bool:
    """A Russian "теперь" / "сейчас" between a subject and what it now is, with no verb:
    it stands where a dash would ("Любимый цвет пользователя теперь синий" is "… — синий")."""
    word = words[at]
    if word.kind != "marker" or word.norm not in _RUSSIAN_NOW or not 0 < at < len(words) - 1:
        return False
    after = words[at + 1]
    if after.kind not in ("word", "name", "acronym", "value") or _is_verb(after):
        return False  # ("Стендап теперь в 10:30": a place or a time, no copula)
    return not after.norm.endswith(_RUSSIAN_VERB_ENDINGS)  # ("… сейчас дежурит Павел")


_RUSSIAN_NOW = frozenset({"теперь", "сейчас"})


def _head(words: list[Word], start: int) -> int:
    """The predicate's head verb: the first verb after auxiliaries, negations and adverbs from
    `start`; `start` itself when the predicate is a copula with a noun or an adjective."""
    copula = start
    for at in range(start, min(len(words), start + 4)):
        word = words[at]
        if word.kind in ("aux", "dash", "neg", "marker") or word.norm in lx.ADVERBS:
            if word.norm == "been":
                copula = at
            continue
        if _is_verb(word) and not _noun_after_be(words, start, at):
            return at
        if _cyrillic(word.norm) and any(w.norm in _NOT_RU for w in words[start:at]):
            return at  # "Олег больше не курит": what "не" negates is the predicate
        if at == len(words) - 1 and _negated_last_verb(words[start:at], word):
            return at  # "The user no longer smokes", "El usuario ya no fuma": the same
        # "has been $6,500": the copula before a value, not "has" ("has been a vegan" stays)
        return copula if word.kind in ("value", "date", "name") else start
    return start


def _noun_after_be(words: list[Word], start: int, at: int) -> bool:
    """An English verb's bare form right after a form of "be" is a noun there, the value
    ("The team channel is design", "The focus is support"): English never puts a bare verb
    after "is" — a passive says "is designed", a progressive "is designing"."""
    word = words[at].norm
    if not word.isascii() or word.endswith(("ed", "ing")) or word in _SAME_AS_PARTICIPLE:
        return False
    if word in lx.IRREGULAR or word in lx.PAST_IRREGULAR:
        return False
    aux = [w.norm for w in words[start:at] if w.kind == "aux"]
    return bool(aux) and aux[-1] in _BE


_BE = frozenset("is are was were be been being am 's 're".split())
# Participles spelt as the bare verb or not by rule ("is set for Monday", "is run by Ops",
# "was found"): after "be" they are the verb.
# (besides the lexicon's irregular pasts and participles, which `_noun_after_be` reads too)
_SAME_AS_PARTICIPLE = frozenset(
    """
set put cut run hit hurt split spread quit let cast upset cost bet done seen hidden shown
stolen frozen eaten forgotten bound worn torn drawn grown thrown blown fed laid lit mistaken
proven sought shaken shot sworn swept undergone withdrawn overseen ridden risen beaten fallen
forbidden forgiven stuck struck woken sung sunk swum spun
""".split()
)


def _covered_by_phrases(norms: list[str]) -> set[int]:
    """Positions inside an update phrase ("no longer", "a partir de", "больше не")."""
    covered: set[int] = set()
    for at, norm in enumerate(norms):
        for phrase in _PHRASES_BY_FIRST.get(norm, ()):
            if tuple(norms[at : at + len(phrase)]) == phrase:
                covered.update(range(at, at + len(phrase)))
    return covered


# A phrase is found in the words joined by spaces, with a space at either end.
_PAST_PHRASES = tuple(f" {' '.join(phrase)} " for phrase in lx.PAST_PHRASES)
_ADDITIVE_PHRASES = tuple(f" {' '.join(phrase)} " for phrase in lx.ADDITIVE_PHRASES)
# The ASCII characters `_marks` keeps: the symbols (Unicode category S) but the signs, and # %.
_ASCII_MARKS = frozenset(
    ch for ch in map(chr, range(128)) if unicodedata.category(ch)[0] == "S" and ch not in "+-"
) | frozenset("#%")
_ASCII_MARK = re.compile("[" + re.escape("".join(sorted(_ASCII_MARKS))) + "]")
_PHRASES_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _phrase in lx.UPDATE_PHRASES:
    _PHRASES_BY_FIRST.setdefault(_phrase[0], []).append(_phrase)
_PHRASE_STARTS = frozenset(_PHRASES_BY_FIRST)
_NOT = ("n't", "not")
# The word lists that decide a word's kind, first match wins, per language of the fact.
_WORD_KINDS: dict[str, list[tuple[Collection[str], str]]] = {
    language: [
        (lx.PRONOUNS, "pronoun"),
        (lx.UPDATE_ADVERBS, "marker"),
        (lx.ADVERBS, "stop"),
        (lx.NEGATIONS, "neg"),
        (lx.AUXILIARIES[language] | lx.AUXILIARIES["russian"], "aux"),
        (lx.KIN, "kin"),
        (lx.CALENDAR, "date"),
        (lx.ENVIRONMENTS, "env"),
    ]
    for language in ("english", "spanish")
}
_COPULAS = frozenset({"be", "have", "ser", "estar", "tener"})
_CONJUNCTIONS = frozenset({"and", "&", "y", "e", "и"})
_CONTENT_KINDS = frozenset({"word", "name", "acronym", "kin", "value", "date", "env", "pronoun"})
_SUBJECT_KINDS = frozenset({"word", "name", "acronym", "kin", "value", "env", "pronoun", "date"})


def _dated_change(words: list[Word]) -> bool:
    """A fact that opens with "from <date>": "С 1 июня …", "Desde marzo …", "As of May …"."""
    if len(words) < 3 or words[0].norm not in lx.DATED_CHANGE or _lasting(words):
        return False
    following = words[2] if words[1].norm in _DATE_ARTICLES else words[1]
    return following.kind in ("date", "value")


# Words that, after "from" / "starting" / "с" / "desde", tell when a change takes effect.
_WHEN_WORDS = (
    lx.CALENDAR
    | lx.OCCASIONS
    | frozenset(
        """next this coming last past week month year quarter sprint release semana mes año
        próxima pasado pasada прошлой прошлого прошлом прошлый
        próximo proxima proximo este esta следующей следующего следующий этой этого этот
        неделе недели месяца года понедельника вторника этом месяце году позапрошлом""".split()
    )
)
# "of" in "as of", an article before the day a change holds from ("desde el lunes")
_DATE_ARTICLES = frozenset({"of", "the", "el", "la", "los", "las", "del"})
# Phrases that open a fact by dating a change, the longest first (a phrase may begin another)
_OPENING_STARTS = (
    ("a", "partir", "de"),
    ("a", "partir", "del"),
    ("as", "of"),
    ("начиная", "с"),
    ("starting", "from"),
    ("starting", "in"),
    ("starting", "on"),
    ("beginning", "in"),
    ("beginning", "on"),
    ("beginning", "from"),
    ("beginning",),
)


def _dated_opening(words: list[Word]) -> tuple[list[Word], bool]:
    """A fact that opens by dating a change ("As of June, …", "Starting next week, …", "Desde
    enero …", "С 1 марта …") with that opening moved to its end, and whether it had one: the
    date is when the news holds from, no part of the subject ("Desde 2020 Nerea vive en
    Bilbao" is "Nerea vive en Bilbao desde 2020"). (Not "since 2019" of
    something that has been so all along: "Since 2019 Nina has been a vegan".)"""
    at = _opening_length(words)
    if not at:
        return words, False
    end = at
    while end < len(words) and (
        words[end].kind in ("date", "value")
        or words[end].norm in _WHEN_WORDS
        # an article before the day: "Desde el lunes", "A partir del 1 de mayo"
        or (
            words[end].norm in _DATE_ARTICLES
            and end + 1 < len(words)
            and (words[end + 1].kind == "date" or words[end + 1].norm in _WHEN_WORDS)
        )
    ):
        end += 1
    if end == at or end >= len(words) - 1:
        return words, False
    # (how long it has been so is no news of a change, but the date is no subject either)
    return [*words[end:], *words[:end]], not _lasting(words)


_TIME_OPENERS = frozenset(
    "on every each in at during cada los las el por каждый каждую каждое каждые по в во".split()
)


@lru_cache(maxsize=20_000)
def _team_membership(body: str) -> str:
    """Being a member of a team read as being on it, as it is said most ("Emma is a member of
    the Growth team" as "Emma is on the Growth team", "es miembro del equipo" as "está en el
    equipo"), so that either way of telling it is one attribute."""
    if "member" not in body and "miembro" not in body:
        return body
    body = _MEMBER_OF_TEAM.sub(lambda m: f"{m['be']} on {m['the'] or ''}", body)
    return _MIEMBRO_DEL_EQUIPO.sub(lambda m: f"{_ESTAR[m['be']]} en el ", body)


def _new_one_named(body: str) -> str:
    """Someone's new one, named after a comma or colon, read as it is said most: "The user has
    a new manager, Raj" as "The user's new manager is Raj", "Max tiene un nuevo veterinario:
    el Dr. Ruiz" as "El nuevo veterinario de Max es el Dr. Ruiz" (as Russian says it: "У
    пользователя новый руководитель — Радик")."""
    if "new" not in body and "nuev" not in body:
        return body
    told = _HAS_A_NEW.match(body)
    if told and not _one_of_several(told["what"]):
        owner = told["owner"] + ("'" if told["owner"].endswith("s") else "'s")
        return f"{owner} new {told['what']} is {told['value']}"
    told = _TIENE_UN_NUEVO.match(body)
    if told and not _one_of_several(told["what"]):
        owner = told["owner"]
        article = owner[:3].casefold()
        if article == "el ":
            owner = "del " + owner[3:]
        elif article == "la ":
            owner = "de la " + owner[3:]
        else:
            owner = "de " + owner
        the = "La" if told["new"].endswith("a") else "El"
        return f"{the} {told['new']} {told['what']} {owner} es {told['value']}"
    return body


def _one_of_several(what: str) -> bool:
    """A new one that comes beside the others, not in place of one: a member, a child, a
    friend, a pet, a client ("The design team has a new member, Dmitri")."""
    last = normalize(what.split()[-1])
    return last in _BESIDE_THE_OTHERS or last in lx.KIN or last in lx.PETS


_BESIDE_THE_OTHERS = lx.MANY_HELD | lx.MEMBERSHIP | {"baby", "bebé", "hire", "recruit"}
_HAS_A_NEW = re.compile(
    r"^(?P<owner>[^,:;]{2,40}?)\s+(?:now\s+)?has\s+a\s+new\s+(?P<what>[a-z][\w -]{1,30}?)"
    r"\s*[,:—–]\s*(?P<value>[^,;]+?)\s*[.!]?$"
)
_TIENE_UN_NUEVO = re.compile(
    r"^(?P<owner>[^,:;]{2,40}?)\s+(?:ahora\s+)?tiene\s+(?:un|una)\s+(?P<new>nuevo|nueva)\s+"
    r"(?P<what>[a-záéíóúñ][\wáéíóúñ -]{1,30}?)\s*[,:—–]\s*(?P<value>[^,;]+?)\s*[.!]?$"
)


def _cleft_undone(body: str) -> str:
    """Who does something told as "the one who does it" read as that they do it: "The PM is
    the one who writes the release notes" as "The PM writes …", "La PM es quien redacta …" as
    "La PM redacta …", "Продакт — тот, кто пишет …" as "Продакт пишет …"."""
    if not _MAYBE_CLEFT.search(body):
        return body
    return _CLEFT.sub(" ", body)


_MAYBE_CLEFT = re.compile(r"\b(?:one|ones|person|quien|quienes|que|кто|котор\w+)\b", re.I)
_CLEFT = re.compile(
    r"\s+(?:(?:is|was|are|were)\s+the\s+(?:one|ones|person)\s+(?:who|that)"
    r"(?!\s+(?-i:[A-Z])|\s+(?:I|he|she|we|they|you|the|a|an|my|his|her|our|their)\b)"
    r"|(?:es|era|fue|son|fueron)\s+(?:quien|quienes|el\s+que|la\s+que|los\s+que|las\s+que)"
    r"|[—–-]\s+(?:это\s+)?(?:тот|та|те),?\s+(?:кто|который|которая|которые))\s+",
    re.I,
)


# (a team with a name of its own, where one works: "the Growth team", "el equipo de Pagos";
# not "the swim team", "el equipo de fútbol", of which one may be on several)
_MEMBER_OF_TEAM = re.compile(
    r"\b(?P<be>is|are|was|were)\s+(?:a\s+)?members?\s+of\s+(?P<the>the\s+)?"
    r"(?=(?:[A-Z][\w-]*\s+)+(?:team|squad)\b)"
)
_MIEMBRO_DEL_EQUIPO = re.compile(
    r"\b(?P<be>es|son)\s+(?:un\s+|una\s+)?miembros?\s+del\s+(?=equipo\s+de\s+[A-ZÁÉÍÓÚÑ])"
)
_ESTAR = {"es": "está", "son": "están"}


def opening_phrase_moved(body: str) -> str:
    """A statement that opens with a phrase of where, what for or with what, set off by a comma
    ("In his editor, Bob prefers dark mode", "Para CI, el equipo usa GitHub Actions"), read with
    that phrase at its end, as it is said most: the subject is who it is said of."""
    return _phrase_put_last(_OPENING_PHRASE, body)


def _phrase_put_last(pattern: re.Pattern[str], body: str) -> str:
    """The body with the phrase `pattern` finds at its start (its groups "phrase", "rest" and
    "end") read at its end, before the closing mark."""
    match = pattern.match(body)
    if match is None:
        return body
    phrase = match["phrase"]
    return f"{match['rest']} {phrase[0].lower()}{phrase[1:]}{match['end']}"


_OPENING_PHRASE = re.compile(
    r"(?P<phrase>(?:in|on|at|for|with|during|inside|within|en|para|con|durante|в|во|на|для)"
    r"\s[^,;:.!?]{1,40}?),\s+(?P<rest>\S.*?)(?P<end>[.!?]*)\s*$",
    re.IGNORECASE | re.DOTALL,
)


def _cause_put_last(body: str) -> str:
    """A statement that opens with what brought it about, set off by a comma ("After the RAM
    upgrade, the laptop is fast now", "После замены SSD ноутбук больше не тормозит"), or in
    Japanese since when ("今期から…"), read with that phrase at its end: the subject is what it
    is said of, not the upgrade."""
    if CJK.search(body):
        return _phrase_put_last(_JAPANESE_OPENING, body)
    return _phrase_put_last(_CAUSE_FIRST, body)


# Japanese: the change that brought it about, set off by a comma ("組織変更で、ユーザーの上司
# は…", "異動により、…"; not where or while it holds: "大阪オフィスで、", "副業で、", "金曜日で、"),
# or from when ("今期から本番リリースは…", "4月から、朝会は…"), before the topic
_JAPANESE_OPENING = re.compile(
    r"(?P<phrase>[^、。はが]{0,12}(?:変更|異動|改編|再編|統合|合併|移転|退職|転職|移行)"
    r"(?:で|により|によって|のため|ため)(?=、)"
    r"|(?:今期|今週|今月|今年|今日|来月|来週|来年|先月|先週|[0-9]{1,2}月|[0-9]{4}年)から)"
    r"、?(?P<rest>[^。]*?[はが].*?)(?P<end>。?)\s*$",
    re.DOTALL,
)
_CAUSE_FIRST = re.compile(
    r"(?P<phrase>(?:after|following|thanks\s+to|после|благодаря|tras|después\s+de|gracias\s+a)"
    r"\s[^,;:.!?]{1,40}?),\s+(?P<rest>\S.*?)(?P<end>[.!?]*)\s*$",
    re.IGNORECASE | re.DOTALL,
)


def _time_phrase_moved(words: list[Word]) -> list[Word]:
    """A fact that opens with when ("On Fridays the office shuts at 6", "Los domingos la
    biblioteca está cerrada", "Every night at 2 am the server restarts"), read with that
    phrase at its end, so that the subject is what it is said of."""
    end = 0
    while end < len(words) and _time_opener(words, end):
        at = end + (2 if words[end].norm == "a" else 1)
        while at < len(words) and (
            words[at].kind in ("date", "value") or words[at].norm in _WHEN_WORDS
        ):
            at += 1
        if at == end + 1:
            break
        end = at
    if not end or end >= len(words) - 1:
        return words
    if _is_verb(words[end]):
        # Spanish and Russian put the subject after the verb then: "A las 9 abre la tienda",
        # "По пятницам проходит собрание" (not a subject pronoun's verb: "Каждый день мы …")
        if words[end + 1].kind in ("name", "word", "kin", "stop") and end + 2 <= len(words):
            return [*words[end + 1 :], words[end], *words[:end]]
        return words
    return [*words[end:], *words[:end]]


def _time_opener(words: list[Word], at: int) -> bool:
    """A word that opens a phrase of when: "on", "every", "cada", "по" … and Spanish "a las"."""
    norm = words[at].norm
    if norm == "a":
        return at + 1 < len(words) and words[at + 1].norm in ("las", "la")
    return norm in _TIME_OPENERS


def _lasting(words: list[Word]) -> bool:
    """ "Since <date>" with a perfect ("has been", "have lived"), or another opening with the
    perfect of a state ("Starting in 2020, the user has lived in Berlin"): how long something
    has been so, not a change."""
    perfect = [at for at, w in enumerate(words[:-1]) if w.norm in ("has", "have")]
    if words[0].norm == "since":
        return bool(perfect)
    return any(_held_since(words[at + 1].norm) for at in perfect)


def _held_since(word: str) -> bool:
    """A participle after "has" that tells what has been so all along ("been", "lived",
    "taught", "led", "volunteered"), not a change ("moved", "switched")."""
    if word in lx.UPDATE_WORDS or word in lx.MOVE_WORDS:
        return False
    return word in _STATES_HELD or participle(word)


_STATES_HELD = frozenset(
    "been lived worked used owned had taught led run kept held known played rented".split()
)


def _opening_length(words: list[Word]) -> int:
    """How many words open a fact with "from" in some form ("as of", "a partir de"), or 0."""
    norms = tuple(w.norm for w in words[:4])
    for phrase in _OPENING_STARTS:  # (the longest first: "beginning in" before "beginning")
        if norms[: len(phrase)] == phrase:
            # ("Beginning of March, …": when, not from when)
            return 0 if norms[len(phrase) : len(phrase) + 1] == ("of",) else len(phrase)
    return 1 if norms and norms[0] in lx.DATED_CHANGE else 0


_FRONT_PREPOSITIONS = {"russian": frozenset({"в", "во", "на", "у"}), "spanish": frozenset({"en"})}
_CLITICS = frozenset("le les me te nos os lo la los las se".split())


def _front_phrase_moved(words: list[Word]) -> list[Word]:
    """Russian and Spanish put a place first and the subject after the verb ("В Москве живёт
    Анна", "En Madrid vive Lucía"): read in the usual order ("Анна живёт в Москве"), so that
    the subject is who it is said of. (Not before a clitic: "A Ana le gustan …" stays.)"""
    if len(words) < 4:
        return words
    # (a fact that opens with "En" is Spanish, whatever its capitalised words)
    language = "russian" if _cyrillic(words[0].norm) else "spanish"
    if words[0].norm not in _FRONT_PREPOSITIONS[language]:
        return words
    for at in range(2, min(len(words) - 1, 5)):
        word = words[at]
        if word.norm in _CLITICS or word.kind in ("aux", "dash", "neg", "marker"):
            return words
        if _is_verb(word) and words[at + 1].kind in ("name", "word", "acronym", "kin"):
            return [*words[at + 1 :], word, *words[:at]]
    return words


_CLITIC_OF = {"el": "lo", "la": "la", "los": "los", "las": "las"}  # an object's pronoun
_FRONT_ARTICLES = frozenset(_CLITIC_OF)
_PERSONS = frozenset({"name", "kin"})


def _object_fronted(words: list[Word]) -> tuple[list[Word], bool]:
    """Spanish puts an object first and repeats it as a pronoun before the verb, the subject
    after it ("El informe lo prepara Andrés"): read in the usual order ("Andrés prepara el
    informe"), so that the subject is who does it, when it is someone named; and whether it
    was so put first. An update's marker before the object or the pronoun ("Ahora las facturas
    las revisa Jorge", "El pedido 5532 ahora lo entrega Teo") goes to the end, and an id may
    follow the object's noun ("El pedido 5531 lo entrega Raúl")."""
    markers = [w for w in words[:2] if w.kind == "marker"]
    rest = words[len(markers) :] if markers and words[0].kind == "marker" else words
    markers = [] if rest is words else markers
    start = 1 if rest and rest[0].norm in _ALL_OF else 0  # "Todos los pull requests los revisa …"
    if len(rest) < 4 + start or rest[start].norm not in _FRONT_ARTICLES:
        return words, False
    for at in range(2 + start, min(len(rest) - 2, 6 + start)):
        word = rest[at]
        if rest[at - 1].norm in ("de", "del") and word.kind == "word":
            continue  # "El módulo de pagos lo desarrolló Pedro": a noun after "de", no verb
        if word.kind == "marker" and at + 1 < len(rest) and rest[at + 1].norm in _CLITICS:
            continue  # "… ahora lo entrega Teo"
        if word.kind == "value" and at == 2:
            continue  # "El pedido 5531 lo entrega Raúl": the id of the thing
        if word.kind in ("aux", "dash", "neg", "marker", "value") or _is_verb(word):
            return words, False
        # the pronoun of the object's gender and number ("el" → "lo"), before a word that is
        # its verb when a person follows ("la semana pasada" is no pronoun and its verb)
        verb = rest[at + 1]
        if (
            word.norm == _CLITIC_OF[rest[start].norm]
            and verb.kind == "word"
            and _acting_after(rest, at + 2)
        ):
            thing = [w for w in rest[:at] if w.kind != "marker"]
            moved = [*markers, *(w for w in rest[:at] if w.kind == "marker")]
            return [*rest[at + 2 :], verb, *thing, *moved], True
        if word.norm in _CLITICS:
            return words, False  # "La retrospectiva se hace en la sala …": a verb's own pronoun
    return words, False


_ALL_OF = frozenset("todos todas".split())
_DEFINITE_ARTICLES = frozenset("el la los las".split())


def _personal_object_fronted(words: list[Word]) -> tuple[list[Word], bool]:
    """Spanish marks a person who is acted on with "a", and may put that person first with
    the pronoun again before the verb, the one who acts after it ("A Diego lo contrató Sara",
    "A Lucía la recomendó el director"): read in the usual order ("Sara contrató a Diego"), so
    that the subject is who acts. (Not with "le": "A Ana le gustan los gatos" is about Ana.)"""
    if len(words) < 5 or words[0].norm != "a" or words[1].kind not in _PERSONS:
        return words, False
    pronoun, verb = words[2], words[3]
    if pronoun.norm not in ("lo", "la", "los", "las") or verb.kind != "word":
        return words, False
    if not _acting_after(words, 4):
        return words, False
    return [*words[4:], verb, words[0], words[1]], True


def _acting_after(words: list[Word], at: int) -> bool:
    """Who acts follows the verb at `at`: a name or kin ("… lo contrató Sara"), or a noun
    after its article ("… la paga el inquilino"), not a day ("… lo entrega el lunes")."""
    if words[at].kind in _PERSONS:
        return True
    if words[at].norm not in _DEFINITE_ARTICLES or at + 1 >= len(words):
        return False
    noun = words[at + 1]
    return noun.kind == "word" and noun.norm not in lx.CALENDAR and not _is_verb(noun)


# Russian endings no noun's nominative has (but a few loans: "меню", "шоу"): "комиссию",
# "Ивану", "Машу"; a name's dative or prepositional in "-е" ("Пете", "Маше") only before a name.
_OBLIQUE_ENDINGS = ("у", "ю")
_NAME_OBLIQUE_ENDINGS = ("у", "ю", "е")
# the endings of a Russian verb of the present or the past ("платит", "ведут", "позвонила")
_RUSSIAN_PREPOSITIONS = frozenset("без над под после перед около между вместо кроме среди".split())
_RUSSIAN_VERB_ENDINGS = ("ит", "ет", "ют", "ят", "ут", "ат", "ал", "ил", "ел", "ла", "ли", "ло")


def _russian_object_first(words: list[Word]) -> list[Word]:
    """Russian tells who does what by the endings, not the order: "Комиссию платит
    арендатор", "Пете позвонила Маша" put the object first and who acts after the verb. Read
    in the usual order ("арендатор платит комиссию", "Маша позвонила Пете") when the first
    word cannot be a subject by its ending, so that the subject is who acts."""
    if len(words) < 3 or not _cyrillic(words[0].norm) or words[0].kind != "word":
        return words
    first, verb, actor = words[0], words[1], words[2]
    if verb.kind != "word" or not (_is_verb(verb) or verb.norm.endswith(_RUSSIAN_VERB_ENDINGS)):
        return words
    if actor.kind not in ("name", "kin", "word") or not _cyrillic(actor.norm):
        return words
    if len(actor.norm) < 3 or actor.norm in lx.FUNCTION_WORDS | _RUSSIAN_PREPOSITIONS:
        return words  # "Алису повысили до staff-инженера": no one after the verb
    endings = _NAME_OBLIQUE_ENDINGS if actor.kind == "name" else _OBLIQUE_ENDINGS
    if len(first.norm) < 4 or not first.norm.endswith(endings) or _is_verb(first):
        return words
    if actor.norm.endswith(_OBLIQUE_ENDINGS) or _is_verb(actor):
        return words  # both after their case: no subject to put first
    end = 4 if len(words) > 3 and words[3].kind == "name" and actor.kind == "name" else 3
    return [*words[2:end], verb, first, *words[end:]]


# Absorb parses each new fact and the stored ones it is compared with: a store's common
# neighbours are read again and again. 80,000 parses take about 260 MB.
@lru_cache(maxsize=80_000)
def parse(text: str) -> Parse:
    stripped, changed = _lead_in(text)
    prefix, body = _strip_prefix(stripped)
    said = body
    if body is not stripped:
        # "Tim: Update: …": what a speaker says may have a lead-in of its own
        body, said_change = _lead_in(body)
        changed = changed or said_change
    speaker, key = prefix.speaker, prefix.key
    # "Employer: Globex (since March)": the value, told as news of when it became so (of a key
    # of one value: "Certifications: CKA (since 2024)" is one more)
    value = _since_tail(body) if key and _one_value_key(key) else None
    if value is not None:
        body, changed = value, True
    body = _one_name_each(_one_way_of_frequency(_drop_interjections(_cause_put_last(body))))
    body = _percent_as_sign(body)
    body = _team_membership(_one_verb_each(_cleft_undone(_new_one_named(body))))
    said_sentences = sentences(body)
    statements, length = _statements(said_sentences), len(body.split())
    latin = _latin_language(f"{key} {body}")
    language = latin or "english"
    words = _words(body, language)
    if not key and not speaker:
        told_of_user = _user_implied(body, language, words)
        if told_of_user is not body:
            body, words = told_of_user, _words(told_of_user, language)
    words, fronted = _object_fronted(_front_phrase_moved(words))
    if not fronted:
        words, fronted = _personal_object_fronted(words)
    words = _russian_object_first(words)
    words, opened = _dated_opening(words)
    words = _time_phrase_moved(words)
    norms = [w.norm for w in words]
    in_update = _covered_by_phrases(norms) if _PHRASE_STARTS.intersection(norms) else set()
    # "no longer" and "больше не" negate what follows, and say that it changed.
    negated = update = additive = False
    # Change words that are no change: a participle describing a noun (`_describes`); "right
    # now", "just now" (at this moment); "taken together", "it became clear that" (how a text
    # reasons); "took" without a change of hands; a change "between" two things.
    described: set[str] = set()
    folded = body.casefold()
    for at, w in enumerate(words):
        if w.norm not in lx.UPDATE_WORDS:
            continue  # (only a change word is read as one or not)
        before = words[at - 1].norm if at else ""
        after = words[at + 1].norm if at + 1 < len(words) else ""
        if (
            _describes(words, at)
            or (w.norm == "now" and before in ("right", "just"))
            or (w.norm, after) == ("taken", "together")
            or (w.norm in ("become", "became") and after in _PLAIN_TO_SEE)
            or _no_change_of_hands(words, at)
            # "bikes are sold at the shop": where something is sold, no sale
            or (w.norm == "sold" and before in ("is", "are") and after in ("at", "in", "online"))
            # "switching between inhibitors": going back and forth, no new value
            or (w.norm in lx.UPDATE_WORDS and after == "between")
            # a couple parted, not a thing broken: "Marco broke the build" is no news
            or (w.norm == "broke" and after not in ("up", "off"))
            # a participle made of a preterite tells a change only in the perfect: "ha
            # subido", not "el año pasado"
            or (w.norm in lx.PERFECT_PARTICIPLES and before not in lx.HABER)
            # a change named by a noun after its article: "propuso el cambio al monorepo"
            or (before in _ARTICLE_BEFORE_CHANGE and w.norm not in lx.UPDATE_ADVERBS)
            # the side, not a leaving: "the user's left knee", "my left hand" (not "Ana's
            # left Acme", "has left the team": a noun of its own must follow)
            or (w.norm == "left" and _a_side(words, at))
            # half of a word joined by a hyphen: "left-handed", "sold-out"
            or (after and f"{w.norm}-{after}" in folded)
            or (before and f"{before}-{w.norm}" in folded)
        ):
            described.add(w.norm)
    for at, w in enumerate(words):
        negated = (
            negated or w.kind == "neg" or (w.kind == "aux" and w.norm.endswith(("n't", "not")))
        )
        update = update or (w.norm in lx.UPDATE_WORDS and w.norm not in described)
        additive = additive or w.norm in lx.ADDITIVE_WORDS
        if at in in_update:
            words[at] = Word(w.text, w.norm, w.key, "marker", w.exact, w.stem)
    told = update or changed or bool(in_update) or _dated_change(words)  # in its words
    update = told or opened
    key_words = _words(key, language) if key else []
    if key:
        # "Deploy window: Tue 14:00 UTC": the key is the subject, the rest its value.
        subject_words, start, head, verb = key_words, 0, -1, ":"
        if _new_of_someone(key_words) or _new_note(key_words):
            # "Новый телефон пользователя: …", "New phone: …": the news that the value changed
            told = update = True
            subject_words = [w for w in key_words if w.norm not in lx.NEW_WORDS]
    else:
        if CJK.search(body):
            start, by_verb = _cjk_topic(body, words, language), False
        else:
            start, by_verb = _predicate_start(words, language)
        head = _head(words, start) if by_verb and start < len(words) else start - 1
        verb = (
            lx.VERB_CLASSES.get(words[head].norm, words[head].key)
            if by_verb and head < len(words)
            else "="
        )
        if by_verb and head < len(words) and _now_as_copula(words, head):
            verb = "be"
        if by_verb and head < len(words) and words[head].norm in lx.REPORTING_VERBS:
            # "I never realized how much ESPN did to become …": a change told of is not the
            # subject's news (a lead-in, "Update: …", still is)
            described.update(w.norm for w in words[head + 1 :] if w.norm in lx.UPDATE_WORDS)
            update = told = changed
        subject_words = words[:start]
        if _new_of_someone(subject_words):
            # "Rita's new manager is Alla": the news that the value changed, no other subject
            told = True
            for at, w in enumerate(words[:start]):
                if w.norm in lx.NEW_WORDS:
                    words[at] = Word(w.text, w.norm, w.key, "marker", w.exact, w.stem)
            subject_words = words[:start]
        told = told or _got_a_new(words, head)
        update = update or told
    if any(w.norm == "у" for w in subject_words[:-1]):
        subject_words = _whose_dropped(subject_words)
    subject_words = [w for w in subject_words if w.kind in _SUBJECT_KINDS]
    if len(words) > 2 and words[0].norm in _ENV_PREPOSITIONS and words[1].kind == "env":
        # "In production the auth service listens on 8443": where, not who (the environment
        # is read all the same)
        subject_words = [w for w in subject_words if w is not words[1]] or subject_words
    # (a letter naming one of several is no article: "Team A standup")
    subject_words = [
        w for w in subject_words if w.norm not in lx.WEAK_POSSESSIVES or w.kind == "name"
    ]
    implied = frozenset({"@1p"}) if not key and _we_verb_at(words) is not None else frozenset()
    subject = frozenset(w.exact for w in subject_words) | implied
    subject_keys = frozenset(w.key for w in subject_words) | implied
    subject_stems = frozenset(w.root for w in subject_words) | implied
    agent = _agent(words[start:])
    if speaker:
        subject |= {"@speaker:" + speaker}
    _, antonyms = antonym_keys()
    everything = [*key_words, *words]
    content: set[str] = set()
    exact_content: set[str] = set()
    stems: set[str] = set()
    order: list[str] = []
    values: set[str] = set()
    people: set[str] = set(implied)
    environments: set[str] = set()
    capitalised: set[str] = set()
    for w in everything:
        kind = w.kind
        if kind in _CONTENT_KINDS and w.key not in antonyms and w.norm not in lx.WEAK_POSSESSIVES:
            content.add(w.key)
            exact_content.add(w.exact)
            stems.add(w.root)
        if kind in ("name", "pronoun", "kin") or (
            w.text[:1].isupper() and kind in ("word", "acronym")
        ):
            order.append(w.exact)
        if kind in ("value", "date"):
            values.add(w.key)
        elif kind in ("name", "pronoun", "kin"):
            people.add(w.key)
        elif kind == "env":
            environments.add(w.key)
        if w.text[:1].isupper() and kind in ("word", "name", "acronym"):
            capitalised.add(w.key)
    first = words[start] if not key and start < len(words) else None
    past = first is not None and (
        first.norm in _PAST_AUX or (start == head and _is_past(first.norm))
    )
    past = past or (not key and _opens_with_own_past(words))
    spaced = f" {' '.join(norms)} "
    past = past or any(phrase in spaced for phrase in _PAST_PHRASES)
    additive = additive or any(phrase in spaced for phrase in _ADDITIVE_PHRASES)
    # (a Russian verb and "и" before what it takes, a name in Latin letters or a place or time:
    # "Теперь используем и Redis", "деплоим и по четвергам" — also; not "Вадим и Ольга")
    additive = additive or (" и " in spaced and _RUSSIAN_VERB_AND.search(spaced) is not None)
    # "The server went down on May 3" (an irregular past read as a change), "Сервер упал" (a
    # verb the parse did not take for one), "休暇を取った"
    past = past or any(
        w.norm in _PAST_ONLY and w.kind in ("word", "marker") for w in words[: start + 1]
    )
    past = past or (
        not key and 0 <= head < len(words) and _cyrillic(words[head].norm)
        and _is_past(words[head].norm)
    )  # fmt: skip
    # (not after a correction: "すみません、会議は4時からでした" says what is so, politely)
    past = past or (" ja:done " in spaced and not changed)
    future = (
        any(n in lx.FUTURE for n in norms)
        or " going to " in spaced
        or _SPANISH_GOING_TO.search(spaced) is not None
    )
    objects = tuple(words[head + 1 :])
    return Parse(
        text=text,
        normalized=normalize_text(text),
        plain=" ".join(w.key if w.kind in ("value", "date") else fold(w.norm) for w in everything),
        marks=_marks(body),
        speaker=speaker,
        said_at=prefix.when,
        question=body.rstrip().endswith(("?", "？")) or _asks(norms),
        words=tuple(everything),
        subject=subject,
        subject_keys=subject_keys,
        agent=agent,
        verb=verb,
        verb_norm=words[head].norm if verb not in (":", "=") and 0 <= head < len(words) else "",
        objects=objects,
        content=frozenset(content),
        exact_content=frozenset(exact_content),
        stems=frozenset(stems),
        subject_stems=subject_stems,
        people_order=tuple(order),
        values=frozenset(values),
        people=frozenset(people),
        capitalised=frozenset(capitalised),
        environments=frozenset(environments),
        negated=negated,
        update=update,
        additive=additive,
        past=past,
        future=future,
        modal=any(
            w.norm in lx.MODALS and w.kind != "date" and not activity(words, at)  # not "May 3"
            for at, w in enumerate(words)
        ),
        indefinite=verb in _COPULAS and _indefinite(objects, language),
        joint=any(w.norm in _CONJUNCTIONS for w in words[:start]),
        listed=bool(key) and _names_a_list(key_words, words),
        statements=statements,
        length=length,
        parts=_parts(stripped[: len(stripped) - len(said)], said_sentences, changed)
        if 1 < statements <= SHORT_PASSAGE[0] and length <= SHORT_PASSAGE[1]
        else (),
        described=frozenset(described),
        dated=update and not told,
        fronted=fronted,
        language=latin,
    )


def _asks(norms: list[str]) -> bool:
    """A statement without a question mark opens with a word that asks ("who approves
    deploys", "cuándo es la reunión"); "por" only with the "qué" of "por qué" ("Por consejo
    del veterinario, …" asks nothing)."""
    if norms[:1] == ["por"]:
        return norms[1:2] in (["qué"], ["que"])
    return bool(norms) and norms[0] in lx.QUESTION_WORDS


_RUSSIAN_VERB_AND = re.compile(
    r"[а-яё]{3}(?:ем|им|ет|ит|ют|ят|ешь|ишь) и (?:[a-z]|(?:по|в|во|на|с|со) )"
)
_ENV_PREPOSITIONS = frozenset("in on for en para в на для".split())


def _whose_dropped(subject: list[Word]) -> list[Word]:
    """A Russian subject with "у нас" / "у меня" before or after its noun says whose it is, as
    "наш" / "мой" would: "Бэкенд у нас" is "Наш бэкенд", "У нас созвон" "Наш созвон" (a
    pronoun only, not as the subject itself, and not with "есть": "У меня есть собака" is who
    has)."""
    if any(w.norm in ("есть", "нет") for w in subject):
        return subject  # "У меня есть собака": who has
    kept = [
        w
        for at, w in enumerate(subject)
        if not (w.kind == "pronoun" and at and subject[at - 1].norm == "у")
        and not (w.norm == "у" and at + 1 < len(subject) and subject[at + 1].kind == "pronoun")
    ]
    return kept if any(w.kind == "word" for w in kept) else subject


def _parts(head: str, said: list[str], changed: bool) -> tuple[str, ...]:
    """Each sentence of a short passage as a fact of its own: the speaker or key first, and
    "Update:" when the passage opened with a change lead-in."""
    lead = "Update: " if changed else ""
    return tuple(f"{head}{lead}{sentence}" for sentence in said if len(sentence.split()) >= 3)


def _statements(said: list[str]) -> int:
    """How many of these sentences have three words or more (six characters of Japanese or
    Chinese)."""
    return sum(
        1 for piece in said if len(piece.split()) >= 3 or (CJK.search(piece) and len(piece) >= 6)
    )


def _indefinite(objects: tuple[Word, ...], language: str) -> bool:
    """The object opens with "a" / "an" / "un" / "una": a kind the subject is one of ("Anna is
    a teacher", "Anna has a dog"), not the one value of an attribute ("the CTO"). (Spanish
    "a" is a preposition: "está a cargo".)"""
    articles = _ARTICLES_ES if language == "spanish" else _ARTICLES
    for word in objects[:2]:
        if word.norm in articles:
            return True
        if word.kind not in ("stop", "marker"):
            return False
    return False


_ARTICLES = frozenset({"a", "an", "un", "una", "unos", "unas"})
_ARTICLES_ES = _ARTICLES - {"a"}


_PAST_FORMS = frozenset(lx.IRREGULAR) | {"read", "seen"}  # "Books read:", "Movies seen:"


def _names_a_list(key_words: list[Word], value: Sequence[Word]) -> bool:
    """A key that names a list ("TODO:", "Allergies:", "Заметки:"): plural or a list word,
    or an English plural before a participle with a value that is no count ("Shows watched:
    The Bear"; not "Tickets sold: 120")."""
    heavy = [w for w in key_words if w.kind not in _LIGHT]
    if not heavy:
        return False
    last = heavy[-1]
    if len(heavy) > 1 and (participle(last.norm) or last.norm in _PAST_FORMS):
        # (not "Decision revised:", one decision)
        return _plural_by_ending(heavy[-2].norm) and not _a_count(value)
    norm = last.norm
    if norm in lx.LIST_KEYS:
        return True
    if _cyrillic(norm):
        # the head comes first, a genitive after it: "Аллергии", "Любимые фильмы" are lists,
        # "Таск-трекер команды" (the team's tracker) is not
        head = next(w.norm for w in key_words if w.kind not in _LIGHT)
        return head.endswith(("ы", "и", "ые", "ие")) or head in lx.LIST_KEYS
    return _plural_by_ending(norm)


def _a_count(words: Sequence[Word]) -> bool:
    """A note's value that is a number or an amount: how many, not a list ("Tickets sold: 120",
    "Servers migrated: 40%", "Funds raised: $2M")."""
    told = [w for w in words if w.kind not in ("stop", "marker")]
    return bool(told) and told[0].kind == "value"


def _plural_by_ending(norm: str) -> bool:
    """An English plural by its ending ("allergies", "shows"; not "status", "class")."""
    return len(norm) > 3 and norm.endswith("s") and not norm.endswith(("ss", "us", "is"))


def _marks(text: str) -> str:
    """The symbols of a text, with the signs that cling to a number or a word ("-18", "A+",
    "C++"), sorted."""
    found = _ASCII_MARK.findall(text)
    if not text.isascii():  # (a regular expression finds the ASCII ones far faster)
        found += [ch for ch in text if not ch.isascii() and unicodedata.category(ch)[0] == "S"]
    found += _SIGNS.findall(text)
    return "".join(sorted(found))


_NO_ONE = frozenset({"the", "a", "an", "el", "la", "los", "las", "un", "una"})


def _got_a_new(words: list[Word], head: int) -> bool:
    """Someone got a new one of something: "Mike got a new phone number", "Ana consiguió un
    nuevo trabajo", "Вика получила новый пропуск" — news that its value changed."""
    if not 0 <= head < len(words) - 2 or words[head].norm not in lx.GOT:
        return False
    after = [w for w in words[head + 1 : head + 4] if w.norm not in lx.DETERMINERS]
    return bool(after) and after[0].norm in lx.NEW_WORDS


def _new_of_someone(subject: list[Word]) -> bool:
    """The subject is someone's new attribute: "Rita's new manager", "my new number", "el
    nuevo jefe de Inés", "новый адрес Ивы" — news that its value changed."""
    # (a common noun after it: "New York's mayor" is no news; nor a thing one has several of:
    # "my new hobby", "мой новый проект" is one more)
    if not any(
        w.norm in lx.NEW_WORDS
        and (after.text[:1].islower() or after.kind == "acronym")  # ("new CEO", not "New York")
        and after.norm not in lx.MANY_HELD
        for w, after in itertools.pairwise(subject)
    ):
        return False
    return any(
        possessive(w)
        or w.kind in ("name", "pronoun")
        or (w.norm in lx.WEAK_POSSESSIVES and w.norm not in _NO_ONE)
        # "el nuevo teléfono del usuario", "новый телефон пользователя" (not the new one
        # itself: "новый сотрудник" is someone who joined)
        or (w.norm in _OWNERS and (at == 0 or subject[at - 1].norm not in lx.NEW_WORDS))
        for at, w in enumerate(subject)
    )


def _new_note(key: list[Word]) -> bool:
    """A note's key that opens with "new" before what one has one of: "New phone", "Nueva
    dirección" (not "New hobby": one more)."""
    return (
        len(key) >= 2
        and key[0].norm in lx.NEW_WORDS
        and key[1].kind == "word"
        and key[1].norm not in lx.MANY_HELD
    )


# People a thing is said to be of, in the genitive where the language has one
_OWNERS = lx.PERSON_NOUNS | frozenset(
    "пользователя клиента сотрудника начальника руководителя друга подруги коллеги".split()
)


def _agent(predicate: list[Word]) -> frozenset[str]:
    """The agent of a passive: the name after "by" / "por" ("is led by Diego")."""
    for at, word in enumerate(predicate[:-1]):
        if word.norm in _AGENT_MARKERS and predicate[at + 1].kind in ("name", "pronoun", "word"):
            return frozenset({predicate[at + 1].key})
    return frozenset()


def _attributive(words: list[Word], at: int) -> bool:
    """The participle at `at` describes the noun after it, between a possessive and a
    copula: "The user's preferred reply language is German" tells what is, not what was."""
    # (a noun must follow: "Anna's moved to Berlin" is "Anna has moved")
    return (
        0 < at < len(words) - 1
        and words[at - 1].norm.endswith(("'s", "s'", "’s"))
        and words[at + 1].kind == "word"
        and any(w.kind == "aux" and w.norm in ("is", "are") for w in words[at + 2 :])
    )


def _opens_with_own_past(words: list[Word]) -> bool:
    """A fact told without its subject that opens with what one did: a Spanish preterite of
    the first person ("Estuve en Japón en 2019", "Pagué la factura…", "Corrí un maratón") or a
    Russian past ("Сделал прививку…", "Оплатила счёт…"). Two such facts of two dates are two
    events, as "I was in Japan in 2019" and "… in 2023" are."""
    if not words:
        return False
    first = words[0].norm
    if first in ("был", "была", "были"):
        return True  # "Был в Японии в 2019 году": where one was, then
    if words[0].kind != "word":
        return False
    if _cyrillic(first):
        # (a name that ends as a past does opens "Павел перешёл в …": the verb follows it)
        verb_next = len(words) > 1 and _is_past(words[1].norm)
        return first not in _NOUNS_LIKE_A_PAST and _is_past(first) and not verb_next
    return first in _SPANISH_OWN_PAST or own_preterite(first)


def own_preterite(word: str) -> bool:
    """A Latin word that ends as a Spanish preterite of the first person does ("pagué",
    "viví"), less the words that only look like one ("café", "aquí")."""
    return len(word) >= 4 and word[-1] in "éí" and word not in _NOT_A_PRETERITE


# Irregular Spanish preterites of the first person
_SPANISH_OWN_PAST = frozenset(
    "estuve tuve fui hice puse pude vine dije traje supe quise anduve conduje".split()
)
# Spanish words that end in a stressed "é" or "í" and are no preterite
_NOT_A_PRETERITE = frozenset(
    """café bebé josé puré comité canapé chalé consomé aquí allí así ahí esquí maniquí rubí
    jabalí colibrí bisturí alhelí marroquí iraquí israelí paquistaní""".split()
)
# Russian nouns that end as a past tense does ("Канал закрыт", "Отдел переехал")
_NOUNS_LIKE_A_PAST = frozenset(
    """канал сигнал материал персонал финал идеал журнал капитал портал терминал интервал
    скандал вокзал зал бал генерал адмирал отдел раздел предел пробел крокодил металл
    кристалл павел михаил даниил гавриил рафаил самуил""".split()
)


def _is_past(norm: str) -> bool:
    if norm in lx.PAST_IRREGULAR:
        return True
    if norm.isascii():
        return len(norm) >= 5 and norm.endswith("ed") and norm not in lx.NOT_PARTICIPLES
    if _cyrillic(norm):
        # "запустил", "прибыла", "вернулся", "вернулись"
        return len(norm) >= 4 and bool(
            re.search(r"(?:ал|ил|ел|ял|ыл|нул|шл)[аио]?(?:ся|сь)?$", norm)
        )
    return norm not in _PRESENT_IN_IA and bool(
        re.search(r"(?:ó|ió|aron|ieron|aba|aban|ía|ían)$", norm)
    )


# Spanish presents that end as an imperfect does: verbs in "-iar" stressed on the "i" ("se
# envía cada semana" is now, "comía" was).
_PRESENT_IN_IA = frozenset(
    """envía envían reenvía reenvían confía confían varía varían guía guían amplía amplían
    desvía desvían enfría enfrían vacía vacían cría crían espía espían""".split()
)


# Topics that say when, not who or what ("今は", "現在は", "最近は")
_JAPANESE_WHEN_TOPICS = frozenset({"今", "現在", "最近", "いま"})


def _cjk_topic(body: str, words: list[Word], language: str) -> int:
    """Japanese: the subject is what comes before the topic particle は (or が), its words
    counted as `_words` reads them (an id's number is one: "チケット43は")."""
    for particle in ("は", "が"):
        cut = body.find(particle)
        if cut > 0 and body[:cut] in _JAPANESE_WHEN_TOPICS:
            # "今は大阪に住んでいます": when it holds, no one it is of ("now, I live in Osaka")
            cut = body.find(particle, cut + 1)
        if cut > 0:  # (with the particle: "さくらは" is a name, "さくら" alone no word)
            return min(len(_words(body[: cut + 1], language)), len(words))
    if _JAPANESE_NOW.search(body) and "を" not in body:
        # "今は大阪に住んでいます" with "今" read as "now": no one named, as "東京に住んでいます"
        return 0
    cut = body.find("を")
    if cut >= 0:
        # no topic, but an object: the subject is left unsaid ("エディタをVimから…に乗り換えた",
        # I switched the editor), and what comes before "を" is what the fact is about
        return min(len(_words(body[:cut], language)), len(words))
    return len(words)
