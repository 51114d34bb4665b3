"""Classifying a new fact against similar stored facts (SPEC B3).

The offline classifier reads who each fact is about and what it says of them (`parse.py`)
and decides, most cautious first, because hiding a true fact is the worst mistake it can make:

- **different subject** — another speaker, environment, person, project, service, id, or the
  roles of who-did-what-to-whom swapped: `related` (or `new`), never a merge;
- **duplicate** — the same subject saying the same thing: the same words up to function
  words, inflection and order, the same values, the same polarity;
- **supersede** — the same subject with a new value: either an *explicit update* ("now",
  "moved to", "no longer", "switched from X to Y", "as of", "changed to", and their Russian
  and Spanish forms) about what the old fact said, or the same predicate with a few words of
  its object swapped (a number, date, name, place, role). A question never supersedes, and two
  past events on different dates are two events;
- **contradict** — the same claim with its polarity flipped: a negation on one side only, or
  an antonym pair split across the two (enabled / disabled, включено / выключено …);
- **related** — the same subject, or a good share of words, both still true;
- **new** — otherwise.

With an OpenAI-compatible chat model configured, `classify_with_model` asks the model first and
falls back to this classifier on any failure.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import lru_cache, wraps
from typing import TypeVar

from engram.store import lexicon as lx
from engram.store.abbreviations import spelt_out
from engram.store.parse import (
    CJK,
    FORMERLY,
    VALUES_ONLY,
    Parse,
    Word,
    activity,
    antonym_keys,
    antonym_partners,
    body_start,
    by_first_word,
    context_valued_keys,
    english_verb_keys,
    fold,
    group_keys,
    kanji_repeated,
    multi_valued_keys,
    often_done_keys,
    often_many_keys,
    opening_phrase_moved,
    own_preterite,
    parse,
    participle,
    possessive,
    relation_keys,
    relation_words,
    scales,
    team_keys,
    verb_keys,
)
from engram.text.sentences import sentences
from engram.text.stem import stem
from engram.text.tokenize import normalize
from engram.text.when import month_number

PRIORITY = ("duplicate", "contradict", "supersede", "related", "new")
MAX_SWAP = 3  # object words a value change may replace
MAX_ADDED = 4  # object words it may bring in their place
_FUNCTION = lx.FUNCTION_WORDS
_MOMENT_KINDS = frozenset({"date", "value"})
_BARE_VERBS = frozenset({"be", "have", "ser", "estar", "tener", ":", "=", "need", "want"})
_WHO = frozenset({"name", "pronoun", "kin"})
_WITH = frozenset({"with", "con", "с", "со"})
_LINKS = _WITH | {"for", "para", "для"}  # with whom, and what for
_PREPOSITIONS = lx.PREPOSITIONS
_DATE = re.compile(r"\d[:/]\d|\d{4}-\d")
_CYRILLIC = re.compile("[\u0400-\u04ff]")


@dataclass(frozen=True)
class Verdict:
    outcome: str
    reason: str
    candidate: int | None = None  # index into the candidates list
    # Read from one clause of the new fact, which `compare` weighed whole against the stored
    # fact: what the other clauses say of something else is no reason against it.
    of_a_clause: bool = False


_T = TypeVar("_T")
# How many readings of facts a cache keeps (each reading's cache is emptied past this).
_READINGS = 50_000


def _per_pair(check: Callable[[Parse, Parse], _T]) -> Callable[[Parse, Parse], _T]:
    """`check`, remembered for the last pair it read: `compare` runs several rules on one
    pair, and they ask the same checks of it again (a parse is immutable, so the answer
    holds while the pair is the same objects)."""
    # one slot, read once and replaced whole: threads (the MCP server's tools) that classify
    # at once never see one pair's answer under another's
    last: list[tuple[Parse, Parse, _T] | None] = [None]

    @wraps(check)
    def remembered(new: Parse, old: Parse) -> _T:
        entry = last[0]
        if entry is not None and entry[0] is new and entry[1] is old:
            return entry[2]
        result = check(new, old)
        last[0] = (new, old, result)
        return result

    return remembered


def _symbols(fact: Parse) -> str:
    """A fact's symbols but those a value carries ("%", "$", "€": "10%" is "10 percent",
    "$10" is "10 dollars"), which its values compare."""
    return "".join(ch for ch in fact.marks if ch not in _VALUE_SIGNS)


def _same_symbols(new: Parse, old: Parse) -> bool:
    """`_symbols` of both facts are equal (most facts have the same marks, often none: then
    there is nothing to filter), an emoji on one side only aside: "Deploy went out on Friday
    🎉" says what "Deploy went out on Friday" says, while 👍 and 👎 on the two sides differ."""
    if new.marks == old.marks:
        return True
    mine, theirs = _symbols(new), _symbols(old)
    if mine == theirs:
        return True
    emoji = [("".join(c for c in s if _EMOJI.match(c)), _EMOJI.sub("", s)) for s in (mine, theirs)]
    said = emoji[0][0] + emoji[1][0]
    if _NAY.search(said):
        return False  # "Login works ❌": a cross or a thumb down says the opposite
    return emoji[0][1] == emoji[1][1] and not (emoji[0][0] and emoji[1][0])


# Pictographs and dingbats (🎉, 👍, ✅, ☕): a fact's decoration, unless both facts have one;
# but a cross, a stop sign, a warning or a thumb down is a word of its own.
_EMOJI = re.compile("[\u2600-\u27bf\U0001f000-\U0001faff\ufe0f]")
_NAY = re.compile("[\u274c\u2716-\u2718\u26d4\u26a0\U0001f6ab\U0001f44e]")


_VALUE_SIGNS = frozenset("%$€£¥₽")


def _numeric(key: str) -> bool:
    """A number, id or version ("3.12", "web-03"), not a pronoun's person ("@1s")."""
    return not key.startswith("@") and any(ch.isdigit() for ch in key)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def _same_keys(a: frozenset[str], b: frozenset[str], exact: frozenset[str] = frozenset()) -> bool:
    """Equal, allowing an inflected form ("allergic" / "allergy"): every word only one side has
    extends, or is extended by, a word only the other side has by at most two letters. Ids,
    numbers, values and the `exact` keys (names: Martín is not Martínez) must match exactly."""
    if a == b:
        return True
    only_a, only_b = a - b, b - a
    if not only_a or not only_b or only_a & exact or only_b & exact:
        return False
    return all(_inflects(x, only_b) for x in only_a) and all(_inflects(y, only_a) for y in only_b)


_RU_ENDING_STARTS = frozenset("аеёиоуыэюяьй")


def _inflects(key: str, others: frozenset[str]) -> bool:
    """`key` and one of `others` are forms of one word: one is the other plus a letter or two
    (stems already cut most endings; "psychologist" is no form of "psychiatrist")."""
    if len(key) < 4 or not key.isalpha():
        return False
    for other in others:
        short, long = (key, other) if len(key) <= len(other) else (other, key)
        if len(short) >= 4 and len(long) - len(short) <= 2 and long.startswith(short):
            if long == short:
                return True  # (the same word: it has no ending to read)
            if _CYRILLIC.match(short) and long[len(short)] not in _RU_ENDING_STARTS:
                continue  # a Russian ending starts with a vowel: "столб" is no "стол"
            return True
    return False


def _exact(new: Parse, old: Parse) -> frozenset[str]:
    """Keys that only match exactly: names, ids, kin, pronouns and capitalised words."""
    return new.people | old.people | new.capitalised | old.capitalised


_NEGATING_PREFIXES = ("un", "in", "im", "ir", "il", "dis", "non", "a", "не", "des", "no")


@_per_pair
def _antonym_split(a: Parse, b: Parse) -> str | None:
    """An antonym pair with one word on each side only (None if there is none)."""
    # Negation words count as negations only ("always" / "never" is one flip, not two).
    sa = frozenset(w.key for w in a.words if w.kind != "neg")
    sb = frozenset(w.key for w in b.words if w.kind != "neg")
    only_a, only_b = sa - sb, sb - sa
    partners = antonym_partners()
    for x in only_a:
        for y in partners.get(x, ()):
            if y in only_b:
                return f"{x}…/{y}…"
    for x in only_a:
        if _negated_form(x, sb, sa):
            return f"{x}…"
    for y in only_b:
        if _negated_form(y, sa, sb):
            return f"{y}…"
    return None


def _negated_form(word: str, other: frozenset[str], mine: frozenset[str]) -> bool:
    """`word` is a negated form ("unencrypted", "необязательно") of a word only the other side
    has ("encrypted", "обязательно")."""
    if not word.startswith(_NEGATING_PREFIXES):
        return False  # (most words: one test of all the prefixes at once)
    for prefix in _NEGATING_PREFIXES:
        if word.startswith(prefix):
            base = word[len(prefix) :]
            if len(base) >= 4 and base in other and base not in mine:
                return True
    return False


_VERSION = re.compile(r"v?\d+(?:\.\d+)+")
# Verb classes that say nothing of which attribute a value belongs to.
_GENERIC_VERBS = lx.GENERIC_VERBS


def _verb_class(verb: str) -> str:
    return lx.VERB_CLASSES.get(verb, verb)


def _actors(fact: Parse, people: frozenset[str], *, agent: bool = True) -> frozenset[str]:
    """Who acts in a fact: a passive's agent (with `agent`), else the people (names, ids, kin,
    pronouns — seen as such in either fact) of its subject. Without `agent` it is who the
    fact is about: "the team is led by Rachel" is about the team, Rachel is its value."""
    if agent and fact.agent:
        return fact.agent
    told_beside = _apposed_kin(fact)
    return frozenset(
        k for k in fact.subject if (k in people or k.startswith("@")) and k not in told_beside
    )


def _apposed_kin(fact: Parse) -> frozenset[str]:
    """Kin told right before a name in the subject ("my sister Anna", "Daughter Mia", "mi
    hermana Ana"): who that one is to someone, not another person — the name is who the fact
    is of. (Not in Russian, where the name may be the kin's owner: "Брат Ромы", Roma's brother.)
    Remembered by the fact's text: every comparison of the fact asks it again."""
    return _remembered(_KIN_BESIDE, fact, _read_apposed_kin)


_KIN_BESIDE: dict[str, frozenset[str]] = {}


def _read_apposed_kin(fact: Parse) -> frozenset[str]:
    words = fact.words
    return frozenset(
        form
        for at, w in enumerate(words[:-1])
        if w.kind == "kin"
        and words[at + 1].kind == "name"
        and w.exact in fact.subject
        and not _CYRILLIC.match(w.norm)
        for form in (w.exact, w.key)
    )


def _kin_owner(fact: Parse) -> frozenset[str]:
    """Whose kin a name is told as, right before the kin ("User's" of "User's sister Kate")."""
    words = fact.words
    return frozenset(
        w.exact
        for at, w in enumerate(words[:-2])
        if w.norm.endswith(("'s", "’s"))
        and words[at + 1].kind == "kin"
        and words[at + 2].kind == "name"
    )


@lru_cache(maxsize=4096)  # (a subject is read once for each fact it is compared with)
def _core(subject: frozenset[str]) -> frozenset[str]:
    """A subject without its dates: "On Fridays, Lucas works…" is about Lucas (but "April
    works at Google" is about April)."""
    core = frozenset(k for k in subject if k not in lx.CALENDAR and not _DATE.search(k))
    return core or subject


def _different_subject(new: Parse, old: Parse) -> str | None:
    """Why the two facts are about different things (None if they may be about the same).
    Subjects are compared nearly as written (`Word.exact`): no stem may merge two subjects."""
    if new.speaker != old.speaker and (new.speaker or old.speaker):
        return f"said by someone else ({old.speaker or '-'} / {new.speaker or '-'})"
    if new.said_at and old.said_at and new.said_at != old.said_at:
        return "said at another time: two things said, not one fact changed"
    if new.environments != old.environments:
        # a fact that names no environment (none the lexicon knows) is told as such, not blank
        envs = [", ".join(sorted(f.environments)) or "none named" for f in (old, new)]
        return f"about another environment ({' / '.join(envs)})"
    kin = _apposed_kin(new), _apposed_kin(old)
    if all(kin) and kin[0] != kin[1]:
        return "someone else acts"  # "my sister Anna" / "my cousin Anna"
    people = new.people | old.people
    mine, theirs = _actors(new, people, agent=False), _actors(old, people, agent=False)
    if mine and theirs and mine != theirs:
        return "someone else acts"
    mine, theirs = new.subject - kin[0], old.subject - kin[1]  # (`_who_or_what`, kin read)
    if bool(kin[0]) != bool(kin[1]):
        # whose kin they are, told on one side only: "User's sister Kate" / "Kate"
        mine, theirs = mine - _kin_owner(new), theirs - _kin_owner(old)
    if mine != theirs and not _kind_of_id_added(mine, theirs, new, old):
        return "about another subject"
    if _another_one(new) != _another_one(old):
        return "about another one of its kind"  # "the user's dog" / "the user's other dog"
    return None


def _kind_of_id_added(mine: frozenset[str], theirs: frozenset[str], new: Parse, old: Parse) -> bool:
    """One subject is the other's id with what kind of thing it is before it: "Incident
    INC-4412" / "INC-4412", "el ticket PAY-311" / "PAY-311" — one record named twice. (Not two
    kinds: "Order #4412" / "Invoice #4412" each add a word.)"""
    if mine < theirs:
        longer, extra, ids = old, theirs - mine, {k for k in mine if _an_id(k)}
    elif theirs < mine:
        longer, extra, ids = new, mine - theirs, {k for k in theirs if _an_id(k)}
    else:
        return False
    if not ids or len(extra) > 1:
        return False
    words = longer.words
    return any(
        w.exact in extra and w.kind == "word" and words[at + 1].exact in ids
        for at, w in enumerate(words[:-1])
    )


def _an_id(key: str) -> bool:
    """An id: digits with letters or marks ("inc-4412", "#880", "pay311"), not a count ("30")."""
    return _numeric(key) and not key.isdigit()


def _another_one(fact: Parse) -> bool:
    """The fact's subject is told as another one of its kind: "the user's other dog", "otro
    compañero", "вторая собака" (`lexicon.OTHER_ONES`, before the subject's last word)."""
    last = max((at for at, w in enumerate(fact.words) if w.exact in fact.subject), default=-1)
    return any(w.norm in lx.OTHER_ONES for w in fact.words[:last])


def _same_statement(new: Parse, old: Parse) -> bool:
    """The same words up to order and inflection, the same values, actor, polarity, tense,
    modality and mood: a duplicate even when the sentence was turned around ("X leads the
    team" / "the team is led by X"), never when the roles were swapped ("A reports to B" / "B
    reports to A") or the order of what it names changed ("tea to coffee" / "coffee to tea")."""
    if not (
        _same_frame(new, old) and _same_keys(new.exact_content, old.exact_content, _exact(new, old))
    ):
        return False
    if _agent_not_the_doer(new, old):
        return False  # "Nina called Oleg" / "Nina was called by Oleg"
    if _polar_keys(new) != _polar_keys(old):
        return False  # (left out of the content) "… after an hour of inactivity" / "… an hour"
    people = new.people | old.people
    mine, theirs = _actors(new, people), _actors(old, people)
    if mine and theirs:
        return mine == theirs
    a, b = _core(new.subject), _core(old.subject)
    if a != b and new.possessors != old.possessors:
        return False  # "Hugo maintains the CLI" / "Hugo's intern maintains …": whose intern
    return a <= b or b <= a


def _passive(fact: Parse) -> bool:
    """The fact is in the passive voice with its agent named: a form of "be" or "ser", a
    participle and "by" / "por" ("is called by the auth service", "fue firmado por Ana")."""
    words = fact.words
    for at in range(1, len(words) - 1):
        if words[at + 1].norm in _PASSIVE_AGENTS and words[at].norm.endswith(_PARTICIPLE_ENDINGS):
            # (the form of "be" may stand before an earlier participle: "is written in Go and
            # owned by the payments team")
            return any(w.norm in _PASSIVE_BE for w in words[:at])
    return False


_PASSIVE_AGENTS = frozenset({"by", "por"})
_PASSIVE_BE = frozenset("is are was were be been being es son fue fueron era eran será".split())
_PARTICIPLE_ENDINGS = ("ed", "en", "wn", "ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas")


def _agent_not_the_doer(new: Parse, old: Parse) -> bool:
    """One fact is a passive whose agent is not who acts in the other, active one: "Nina was
    called by Oleg" says Oleg called, "Nina called Oleg" that Nina did. (A first word the parse
    did not take for a name is no actor of `_actors`, so the agent is compared with the whole
    subject of the active fact.)"""
    if bool(new.agent) != bool(old.agent):
        passive, active = (new, old) if new.agent else (old, new)
        doers = active.subject | active.subject_keys
        if not all(any(_same_name(k, d) for d in doers) for k in passive.agent):
            return True
    # the words of a passive read as such ("El director fue firmado por el contrato", whose
    # agent the parse misses after an article): none of its agent before the active's verb
    # is someone else acting (in Russian the endings, not the order, say who acts)
    if _CYRILLIC.match(new.normalized):
        return False
    for passive, active in ((new, old), (old, new)):
        frame = _passive_frame(passive)
        if frame is None or _passive_frame(active) is not None:
            continue
        parts = _active_parts(active, frame[1])
        if parts is not None and not any(_one_word(d, b) for d in frame[2] for b in parts[0]):
            return True
    return False


@_per_pair
def _same_frame(new: Parse, old: Parse) -> bool:
    """Said by the same speaker at the same time, in the same environment, with the same
    values, symbols, polarity, tense, modality and mood, the shared words in the same order
    and no antonym split: what a duplicate needs besides its words."""
    if not (
        new.speaker == old.speaker
        and new.said_at == old.said_at
        and new.environments == old.environments
        and new.values == old.values
        and _same_symbols(new, old)
        and (new.negated, _told_update(new), new.modal, new.question, new.past, new.future)
        == (old.negated, _told_update(old), old.modal, old.question, old.past, old.future)
        and new.indefinite == old.indefinite
        and not _is_or_has(new, old)
        and _same_order(new, old)
        and not _antonym_split(new, old)
    ):
        return False
    owners = (new.possessors, old.possessors)
    # "Tom's manager is Anna" / "Tom is Anna's manager": the roles swapped
    return not (all(owners) and owners[0] != owners[1]) and not _role_swapped(new, old)


def _says_less(new: Parse, old: Parse) -> bool:
    """The new fact says part of what the old one says, of the same subject, naming the same
    people and values: "Sofia is a data engineer at Spotify" after "Sofia works at Spotify as
    a data engineer". Nothing of it would be lost."""
    if new.subject != old.subject or not new.object_keys or not _same_frame(new, old):
        return False
    if (new.people | new.capitalised) != (old.people | old.capitalised):
        return False
    if _polar_keys(new) - _polar_keys(old):
        return False  # "The migration status is in progress" / "The migration is blocked"
    words = new.content - old.content
    if len(new.content) >= len(old.content) or not all(_inflects(k, old.content) for k in words):
        return False
    # What the new fact leaves out may only be how the old one said its predicate ("works as
    # a designer" / "is a designer", "is the one who approves" / "approves"), one of a list
    # ("meat or fish") or the role it was said in ("at Google as a manager"): any other word
    # ("likes dark chocolate", "takes the bus when it snows", "skips rows with errors")
    # narrowed what it said, and the new fact says it of every case.
    left = old.content - new.content
    return all(_may_leave_out(old, key) or _inflects(key, new.content) for key in left)


def _may_leave_out(fact: Parse, key: str) -> bool:
    """`key` is the fact's head verb (by its key or its concept), a word of a cleft ("the one
    who", "quien"), a word next to "and" / "or" (an item of a list) or the role after "as"."""
    if key in (fact.verb, _verb_concept(fact)):
        return True
    words = fact.words
    for at, w in enumerate(words):
        if w.key != key:
            continue
        if w.norm in _CLEFT_WORDS:
            return True
        near = [v.norm for v in words[max(0, at - 2) : at + 2] if v is not w]
        if _LIST_WORDS.intersection(near) or _ROLE_WORDS.intersection(near[:2]):
            return True
    return False


_CLEFT_WORDS = frozenset({"one", "quien", "quienes", "тот", "та", "те"})
_LIST_WORDS = frozenset({"and", "or", "nor", "и", "или", "ни", "y", "e", "o", "u", "ni"})
_ROLE_WORDS = frozenset({"as", "como", "качестве"})


def _polar_keys(fact: Parse) -> frozenset[str]:
    """The words of a fact that are one side of an antonym pair ("blocked", "enabled"),
    which its content leaves out: the polarity checks read them."""
    _, polar = antonym_keys()
    return frozenset(w.key for w in fact.words if w.key in polar)


def _same_order(new: Parse, old: Parse) -> bool:
    """The words both objects share (dates aside) come in the same order, and so do the
    people and names (unless a passive turned the sentence around): "Mike owes Sarah" is not
    "Sarah owes Mike"."""
    shared = new.object_keys & old.object_keys
    mine = [w.key for w in new.objects if w.key in shared and w.kind != "date"]
    theirs = [w.key for w in old.objects if w.key in shared and w.kind != "date"]
    if list(dict.fromkeys(mine)) != list(dict.fromkeys(theirs)):
        return False
    if new.agent or old.agent:
        return True
    # a name in another case is the same name ("Анна" / "Анной")
    spelt = {k: _spelt_as(k, old.people_order) for k in new.people_order}
    named = set(spelt.values()) & set(old.people_order)
    named -= {k for k in named if k in lx.CALENDAR}
    mine = [spelt[k] for k in new.people_order if spelt[k] in named]
    theirs = [k for k in old.people_order if k in named]
    return list(dict.fromkeys(mine)) == list(dict.fromkeys(theirs))


def _spelt_as(name: str, names: tuple[str, ...]) -> str:
    """The first of `names` that is `name` (in another case), else `name`. Only a Cyrillic
    name has other cases (`_same_name`): any other is itself, with no search."""
    if name[:1] < "\u0400":
        return name
    return next((o for o in names if _same_name(name, o)), name)


def _opposite_claim(new: Parse, old: Parse) -> str | None:
    """How the new fact states the opposite of the old one: a negation on one side only, or an
    antonym pair split across the two — the words, values and actors otherwise the same. (Two
    flips cancel: "enabled" / "not disabled" is the same claim.)"""
    if new.question or old.question or new.modal != old.modal:
        return None
    if new.speaker != old.speaker or new.environments != old.environments:
        return None
    if (new.said_at and old.said_at and new.said_at != old.said_at) or new.values != old.values:
        return None
    if not (
        _jaccard(new.content, old.content) >= 0.6
        or _same_keys(new.content, old.content, _exact(new, old))
    ):
        return None
    people = new.people | old.people
    mine, theirs = _actors(new, people), _actors(old, people)
    if (mine and theirs and mine != theirs) or _someone_added(new, old):
        return None
    if _gave_up(new) or _gave_up(old):
        # a habit given up is a change, or its denial told again ("no longer eats red meat" /
        # "stopped eating red meat"): no claim flipped
        return None
    flipped = new.negated != old.negated
    pair = _antonym_split(new, old)
    if flipped == bool(pair):
        return None
    return "negation" if flipped else f"opposite words ({pair})"


def _narrower(new: Parse, old: Parse) -> bool:
    """The new subject is the old one with more said of who or what: "Anna's daughter", "the
    API docs" — another subject, however alike the rest."""
    if new.joint:
        return False  # "Mei and Arjun broke up" is about Mei too
    mine, theirs = _core(_who_or_what(new)), _core(_who_or_what(old))
    if not theirs:
        return False
    if theirs < mine:
        return True
    # the old subject, a name, in another case beside a new word: "Ассистентка Марины
    # Петровой" (Marina Petrova's assistant) after "Марина Петрова"
    if len(mine) <= len(theirs) or not all(_CYRILLIC.match(k) for k in theirs):
        return False
    roots = {w.root for w in old.words if w.exact in theirs}
    inflected = {
        w.root for w in new.words if w.exact in mine and w.kind == "name" and w.exact not in theirs
    }
    return roots <= inflected


def _who_or_what(fact: Parse) -> frozenset[str]:
    """The fact's subject without the kin told beside a name ("my sister Anna" is Anna)."""
    return fact.subject - _apposed_kin(fact)


def _someone_added(new: Parse, old: Parse) -> bool:
    """One subject names a person the other lacks ("Anna's daughter" beside "Anna")."""
    extra = new.subject ^ old.subject
    return any(k in new.people or k in old.people or k.startswith("@") for k in extra)


def _explicit_update(new: Parse, old: Parse) -> bool:
    """The new fact says something changed, and what changed is what the old fact said.

    It must be about the same subject: the old fact's names and ids come back (a pronoun may
    stay implicit: "Cambié la clase de yoga"), most of its subject's words come back, and the
    new subject is not a narrower one ("Anna's daughter"). Then one of: what the old fact said
    of its subject is mentioned (with the same predicate, or a verb of change: "moved",
    "raised", "replaced"); a value of the same kind replaces the old one under a verb of change,
    or under the same attribute words ("gym on Mondays" → "gym days are now Tuesdays"); or the
    same short attribute has a new value ("Ivan works at Acme" → "now works for Globex")."""
    change = new.change
    if not (new.update or _former_named(new, old)) or new.question or new.future:
        return False
    if new.modal and not (old.modal and _replacing(new)):
        return False  # (but one plan in place of another: "now planning Chile instead")
    if new.additive and not change:
        return False  # "Maria now leads the mobile team too" adds, it does not replace
    if new.past and (old.past or old.future):
        # two past events: "moved from A to B", later "moved from B to A"; a past one is no
        # news of a plan ("Va a mudarse a Valencia en septiembre" / "Se mudó … en 2020")
        return False
    if new.past and not change:
        return False  # "used to live in Paris" is history, not news
    if _denies_another_value(new, old):
        return False  # "uses Instagram" → "no longer uses Twitter": not what the old fact said
    if _of_someone_else(new, old):
        return False  # "The user's manager is Karen" → "Karen's manager is now Diego"
    if _told_again_for_another_reason(new, old):
        return False
    if _japanese_topics_apart(new, old):
        return False  # "ユーザーのPCは…" → "ユーザーは先週スマホを…にアップグレードした"
    if _limiters(new) - _limiters(old):
        return False  # "la directora técnica interina es Mía": a stand-in beside the holder
    if new.speaker != old.speaker or new.environments != old.environments:
        return False
    if _answers_another_question(new, old):
        return False  # "is run by Dana" → "now happens on Tuesdays": both hold
    if _amount_for_others(new, old):
        return False  # "The upload limit is 25 MB" → "raised the limit to 50 MB for videos"
    mentioned = new.content | new.people
    found = new.stems | new.people
    people = new.people | old.people
    mine, theirs = _actors(new, people, agent=False), _actors(old, people, agent=False)
    if (mine - theirs) & lx.KIN or _narrower(new, old):
        return False  # "My wife now works at Google" is no news about me
    named = {k for k in theirs - mine if not k.startswith("@")}
    if not all(k in found or _inflects(k, found) for k in named):
        return False
    ids = {k for k in old.subject_keys if _numeric(k)}
    if not ids <= mentioned:
        return False
    if _other_qualifier(old, new):
        return False
    if not _anchored(old, new) and not (change and _leaves_old_value(new, old)):
        return False
    # The people the old fact is about come back: "Dave changed his phone number" is no news
    # about Carol's, whatever the words they share.
    about = {k for k in old.subject_keys if k in old.people and not k.startswith("@")}
    if not all(k in found or _inflects(k, found) for k in about - _apposed_kin(old)):
        return False
    if _set_aside(new, _relation_values(old)) and _same_kind_of_value(new, old):
        return True  # "Jenny's lead is Omar" → "Jenny now reports to Lucas instead of Omar"
    if _same_question(new, old) and (_schedule_verbs(new, old) or _rescheduled(new, old)):
        return True  # "Sprint planning happens every two weeks" → "is once a month now"
    if change and _thing_changed(new, old):
        return True  # "The router password is the default one" → "I changed the router password"
    same_verb = _verb_class(new.verb) == _verb_class(old.verb) != "="
    said = old.content - old.subject_keys - {old.verb}
    # (a count changed is news of one value: "has 2 cats" → "has 3 cats now")
    removed, added = _swapped(new, old)
    changed = frozenset(removed | added)
    counted = changed if all(_numeric(k) for k in changed) else frozenset()
    if _many_valued(new, old, counted, links=False, context=False, often=False):
        # one value of several ("allergic to nuts"): only news that names it replaces it
        # ("no longer allergic to nuts"), not another value ("now allergic to penicillin"),
        # unless the new one comes in its place ("now posted to #payments instead")
        only = not _ONLY.isdisjoint(w.norm for w in new.words)
        if same_verb and (_replacing(new) or only):
            return True  # (or "now accepts only Parquet files": the others no longer)
        return bool(old.object_keys - _FUNCTION) and old.object_keys - _FUNCTION <= new.content
    if same_verb or change:
        if not said or _coverage(said, new.content) >= 0.25:
            return bool(said) or same_verb
    if _moved_elsewhere(new, old):
        return True  # "Choir practice is held in the church hall" → "moved to the community …"
    if _same_kind_of_value(new, old) and (
        _attribute_kept(new, old, said) or (change and _same_attribute(new, old, said))
    ):
        return True
    if _job_changed(new, old):
        return True  # "Alice is a data analyst" → "is now a product manager", "was promoted to …"
    # The same short attribute of the same subject, now with another value: "Ivan works at
    # Acme" → "Ivan now works for Globex as a data scientist" — not when "no longer" negates
    # something the old fact never said ("eats fish" → "no longer eats meat"), nor for a tool
    # taken up for another purpose ("now uses Redis for caching").
    if new.negated or not same_verb:
        return False
    if (
        new.verb in _in_their_languages(context_valued_keys, new, old)
        and _slots(old.objects, new.objects) != 1
    ):
        return False
    same_subject = new.subject == old.subject or _subject_reworded(new, old)
    return len(said) <= 3 and same_subject and _same_kind_of_value(new, old)


def _job_changed(new: Parse, old: Parse) -> bool:
    """The stored fact says what job its subject has ("is a data analyst", "es desarrollador
    senior", "— старший разработчик"), and the new one tells another, as what the subject is
    now or was promoted or demoted to (the caller read it as news of the same subject)."""
    if new.negated or old.negated or old.verb not in _COPULAS:
        return False
    if new.verb not in _COPULAS and new.verb not in _PROMOTING:
        return False
    if new.additive or _one_occasion(new):
        return False  # "… now the on-call engineer this week": a turn beside the job
    removed, added = _swapped(new, old)
    return bool(removed and added) and _job(old) and _job(new) and _only_the_job(new, old)


def _only_the_job(new: Parse, old: Parse) -> bool:
    """After the new fact's job ("a staff engineer", "jefe de proyecto", "desarrolladora
    senior") it says nothing the stored fact does not: not where or for what the job is held
    ("… in his side project", "… for the hackathon", "… of the chess club")."""
    words = new.words
    jobs = [at for at, w in enumerate(words) if w.kind == "word" and w.root in _job_stems()]
    rest = list(words[jobs[-1] + 1 :]) if jobs else []
    if len(rest) > 1 and rest[0].norm in _OF:
        rest = rest[2:]  # "jefe de proyecto", "director de operaciones": the job's own field
    elif rest and rest[0].kind == "word":
        rest = rest[1:]  # "desarrolladora senior"
    return all(w.kind in ("stop", "dash") or w.key in old.content for w in rest)


# Verbs of a new rank: promoted, demoted, "ascendido", "повысили", "понизили"
_PROMOTING = frozenset({"promot", "demot", "ascend", "descend", "повыс", "пониз"})


# Words that put a new value in the place of the old one: "instead", "вместо", "en lugar de",
# "en vez de", "代わりに".
_REPLACING = frozenset({"instead", "вместо", "lugar", "vez", "代わり"})


def _replacing(fact: Parse) -> bool:
    """The fact says its value comes in place of another ("instead", "вместо", "en lugar")."""
    return not _REPLACING.isdisjoint(w.norm for w in fact.words)


_ONLY = frozenset({"only", "только", "solo", "sólo", "solamente", "únicamente", "ja:only"})


def _thing_changed(new: Parse, old: Parse) -> bool:
    """The old fact says what something is, and the new one's verb of change takes that thing
    as its object: "The router password is the default one" → "I changed the router
    password", "Cambié la contraseña del router"."""
    if _verb_class(old.verb) not in _GENERIC_VERBS or new.verb_norm not in lx.UPDATE_WORDS:
        return False
    thing = {k for k in old.subject_stems if not k.startswith("@")}
    changed = {w.root for w in new.objects if w.kind not in ("stop", "dash", "marker")}
    return bool(thing) and thing <= changed


_FROM = frozenset({"from", "de", "desde", "с", "со", "от"})
_VALUE_KINDS = frozenset({"name", "acronym", "value", "date"})  # what an object's value is


def _leaves_old_value(new: Parse, old: Parse) -> bool:
    """The new fact names whom the old one was about and moves away *from* its value, or puts
    its value aside: "Jack's favorite editor is Vim" → "Jack switched from Vim to VS Code",
    "Jenny's lead is Omar" → "Jenny now reports to Lucas instead of Omar", however little else
    of the old subject comes back."""
    owners = {k for k in old.subject_keys if k in old.people or k in old.capitalised}
    found = new.stems | new.people | new.content
    if not owners or not all(k in found or _inflects(k, found) for k in owners):
        return False
    values = _relation_values(old)
    words = new.words
    if any(w.norm in _FROM and nxt.key in values for w, nxt in itertools.pairwise(words)):
        return True
    return _set_aside(new, values)


def _former_named(new: Parse, old: Parse) -> bool:
    """The new fact names the old one's value as a former one, in brackets after its own:
    "hosted on Vercel (was Netlify until June)" after "hosted on Netlify" (not a former value of
    another thing: "…; the cache layer is Redis (was Memcached)")."""
    return _names_former(new, _relation_values(old))


def _names_former(new: Parse, values: frozenset[str]) -> bool:
    """The new fact names one of `values` in brackets as what was before: "(was Netlify …)"."""
    former = FORMERLY.search(new.text)
    return former is not None and any(_same_name(normalize(former[1]), v) for v in values)


def _set_aside(new: Parse, values: frozenset[str]) -> bool:
    """The new fact names one of `values` as what it replaces: "… instead of Omar", "en lugar
    de Movistar", "вместо Олега", "(was Netlify until June)", or as what a change was from
    ("switched from VS Code to Zed")."""
    if _names_former(new, values):
        return True
    words = new.words
    norms = [w.norm for w in words]
    if new.change and any(
        norms[at] in _FROM and any(_same_name(words[at + 1].key, v) for v in values)
        for at in range(len(words) - 1)
    ):
        return True  # "switched from VS Code to Zed", "перешёл с VS Code на Zed"
    return _instead_of(new, values)


def _instead_of(new: Parse, values: frozenset[str]) -> bool:
    """The new fact names one of `values` as what its value comes in place of: "… instead of
    Omar", "en lugar de Movistar", "вместо Олега"."""
    words = new.words
    norms = [w.norm for w in words]
    for phrase in _INSTEAD_OF:
        for at in range(len(words) - len(phrase)):
            if tuple(norms[at : at + len(phrase)]) == phrase:
                after = words[at + len(phrase)].key
                if any(_same_name(after, v) for v in values):
                    return True
    return False


_INSTEAD_OF = (("instead", "of"), ("en", "lugar", "de"), ("en", "vez", "de"), ("вместо",))


def _same_attribute(new: Parse, old: Parse, said: frozenset[str]) -> bool:
    """A new value under a verb of change replaces the old one only if it is a value of the
    same thing: the old value is named ("from Vim to VS Code"), the verb is of the same kind,
    or what the old value was a value of (its attribute words, a verb that is not a copula)
    comes back. "The payments service was upgraded to Java 21" says nothing of its port."""
    named = (old.values | old.capitalised) - old.subject_keys
    if named & new.content or any(_same_name(k, c) for k in named for c in new.content):
        return True  # (in another case: "работает в Яндексе" → "ушла из Яндекса")
    if any(_VERSION.fullmatch(v) for v in old.values) and any(
        _VERSION.fullmatch(v) for v in new.values - old.values
    ):
        return True  # a version replaces a version ("runs 1.26" → "upgraded to 1.29")
    if _only_the_value_moved(new, old):
        return True  # "Планёрка проходит в 10:00" → "Планёрку перенесли на 11:00"
    specific = _verb_class(old.verb) not in _GENERIC_VERBS
    if specific and _verb_class(new.verb) == _verb_class(old.verb):
        return True
    words = {w.key for w in old.objects if w.kind == "word"} & said
    if CJK.search(old.normalized):
        words -= _honorific_names(old)  # a name, the value itself: "上司は佐藤さん"
    needed = words | ({old.verb} if specific else set())
    if not needed:  # "Henry's manager is Priya": the subject names the attribute
        needed = _attribute_words(old)
    return not needed or any(k in new.stems or _inflects(k, new.stems) for k in needed)


_CLOCK = re.compile(r"^\d{1,2}:\d{2}$")


def _only_the_value_moved(new: Parse, old: Parse) -> bool:
    """The old fact gives a clock time or an amount, and the new one, besides the old subject
    and its verb of change, says only another clock time or an amount in the same currency or
    unit: that value is what was moved, whatever verb the old fact told it with ("проходит в
    10:00" → "перенесли на 11:00", "cuesta 30 euros" → "ha subido a 35 euros")."""
    added = new.values - old.values
    if not added or not old.values:
        return False
    moments = old.values | new.values
    if not (
        all(_CLOCK.match(v) for v in moments)
        or (len(old.values) == len(added) == 1 and moments <= _WEEKDAYS)
        or (_units(new) == _units(old) and _units(old) and len(old.values) == len(added) == 1)
    ):
        return False
    theirs = old.subject_stems
    if any(
        k not in theirs and not _inflects(k, theirs) and k[:1] != "@" for k in new.subject_stems
    ):
        return False  # "Закрытие магазина перенесли на 21:00": the closing, not the opening
    rest = new.content - new.subject_keys - new.values - {new.verb} - _FUNCTION - lx.ADVERBS
    if new.change and CJK.search(new.text):
        # a Japanese verb of change follows the value it moved to ("月曜日に延期")
        words = new.words
        rest -= {b.key for a, b in itertools.pairwise(words) if a.key in added}
    return not {k for k in rest if not k.startswith(("@", "ja:"))}


_WEEKDAYS = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays
    thursdays fridays saturdays sundays понедельник вторник среда среду четверг пятница пятницу
    суббота субботу воскресенье понедельникам вторникам средам четвергам пятницам субботам
    воскресеньям понедельники вторники среды четверги пятницы субботы воскресенья понедельника
    вторника четверга пятницы субботы воскресенья lunes martes
    miércoles miercoles jueves viernes sábado sabado domingo sábados sabados domingos""".split()
)


def _attribute_words(fact: Parse) -> set[str]:
    """The subject's common words (as stems), its names aside: "manager" in "Henry's manager",
    "deadline" in "the project deadline" (and a common word opening the fact, capitalised as
    every first word is, when a lower-case word of the subject follows: "Дедлайн проекта", not
    "Henry's manager" nor "Henry manages")."""
    words = fact.words
    return {
        w.root
        for at, w in enumerate(words)
        if w.exact in fact.subject
        and w.kind == "word"
        and (not w.text[:1].isupper() or (at == 0 and _common_first(fact)))
    }


def _common_first(fact: Parse) -> bool:
    """The fact's capitalised first word is a common word: no possessive, no name after it, and
    a lower-case word of its subject further ("Дедлайн проекта", "Дедлайн по проекту")."""
    first, *rest = fact.words
    if possessive(first) or not rest or rest[0].text[:1].isupper():
        return False
    return any(w.exact in fact.subject and w.text[:1].islower() for w in rest)


def _other_qualifier(old: Parse, new: Parse) -> bool:
    """The old subject loses a word and the new one brings another in its place: "the auth
    service" and "the reporting service" are two services."""
    anchors = {k for k in old.subject_stems if not k.startswith("@")}
    lost = {k for k in anchors if k not in new.stems and not _inflects(k, new.stems)}
    # the old value as the new subject ("Jenkins was replaced by …") is no other qualifier
    brought = {k for k in new.subject_stems if not k.startswith("@")} - anchors - old.stems
    if lost and brought and _concepts_of(old, lost) == _concepts_of(new, brought):
        return False  # one attribute in other words (`_subject_reworded`)
    if lost and not brought and _actor_only(new) and _modifier_swapped(new, old, lost):
        return True
    # (a new fact that opens with its verb has no subject: "Han pasado la clase de pilates")
    return bool(lost and brought) or (bool(lost) and _preposition_refilled(new, old, lost))


def _concepts_of(fact: Parse, roots: Collection[str]) -> set[str]:
    """The concepts (`_concept_at`) of the fact's words with these stems."""
    words = fact.words
    return {_concept_at(words, at) for at, w in enumerate(words) if w.root in roots}


def _subject_reworded(new: Parse, old: Parse) -> bool:
    """The two subjects differ only in words of one concept: "the user's phone" / "the user's
    new number: 555-0199" (a number that is a phone's), "Mom's cell" / "Mom's number"."""
    mine = {k for k in new.subject_stems if not k.startswith("@")}
    theirs = {k for k in old.subject_stems if not k.startswith("@")}
    lost, brought = theirs - mine, mine - theirs
    return bool(lost and brought) and _concepts_of(old, lost) == _concepts_of(new, brought)


def _modifier_swapped(new: Parse, old: Parse, lost: Collection[str]) -> bool:
    """A word that stood before a word of the old subject is lost, and the new fact's object
    has another word before that same word: who changed it is the new fact's subject, what
    changed its object, and "We lowered the download timeout to 10 seconds" is of another
    timeout than "The upload timeout is 30 seconds" (not "Sprint length is two weeks" → "We
    moved to one-week sprints": the lost word there is what is said of sprints)."""
    heads = {
        after.root
        for before, after in itertools.pairwise(old.words)
        if before.exact in old.subject
        and after.exact in old.subject
        and (before.root in lost or before.key in lost)
        and after.root in new.stems
    }
    if not heads:
        return False
    objects = new.objects
    return any(
        after.root in heads
        and _thing_words((before,))
        and before.root not in old.stems
        and not _inflects(before.root, old.stems)
        for before, after in itertools.pairwise(objects)
    )


def _actor_only(fact: Parse) -> bool:
    """The fact's subject is only who acts, told by a pronoun ("We lowered …", "Я поменял …"):
    what it is about is its object."""
    return bool(fact.subject) and all(k.startswith("@") for k in fact.subject)


def _attribute_kept(new: Parse, old: Parse, said: frozenset[str]) -> bool:
    """The words of what the old fact said, values aside, mostly come back ("the gym" in "the
    gym on Mondays" → "my gym days are now Tuesdays")."""
    words = {w.root for w in old.objects if w.kind == "word" and w.key in said}
    if not words:
        return False
    return sum(1 for k in words if k in new.stems or _inflects(k, new.stems)) * 2 >= len(words)


def _same_kind_of_value(new: Parse, old: Parse) -> bool:
    """The old object held a number or a name, and the new fact brings another one."""
    old_values = {w.key for w in old.objects if w.kind in ("value", "date")}
    old_names = {w.key for w in old.objects if w.kind in ("name", "acronym")}
    new_values = new.values - old.values
    if not new_values and old_values:
        # a part of the day is a time as "morning" is: "working at night" after "working in
        # the morning" (the rest of what the old fact said comes back)
        said = {w.root for w in old.objects if w.kind == "word"}
        kept = frozenset(w.root for w in new.objects if w.kind == "word")
        if all(k in kept or _inflects(k, kept) for k in said):
            new_values = frozenset(w.key for w in new.objects if w.norm in lx.DAY_PARTS)
            new_values -= old.content
    new_names = {w.key for w in new.words if w.kind in ("name", "acronym")} - old.content
    if CJK.search(new.normalized):
        old_names |= _honorific_names(old)
        new_names |= _honorific_names(new) - old.content
    return bool((old_values and new_values) or (old_names and new_names))


def _honorific_names(fact: Parse) -> set[str]:
    """The keys of a Japanese fact's words that name someone by an honorific after them
    ("佐藤さん", "山田先生"): the parse reads them as words, which a value of a role holds."""
    found: set[str] = set()
    for name in _NAMED_BY_HONORIFIC.findall(kanji_repeated(fact.normalized)):
        found.update(w.key for w in fact.words if w.kind == "word" and w.key in name)
    return found


_NAMED_BY_HONORIFIC = re.compile(r"([\u30a0-\u30ff\u4e00-\u9fff]+)(?:さん|様|先生|氏)")


def _anchored(old: Parse, new: Parse) -> bool:
    """At least half of the old subject's words come back in the new fact (as stems); a
    subject that is only a pronoun may stay implicit when the new one names nobody else."""
    found = new.stems | new.people
    anchors = [k for k in old.subject_stems if k not in lx.ENVIRONMENTS and not k.startswith("@")]
    if not anchors:
        pronouns = {k for k in old.subject_stems if k.startswith("@")}
        someone = {k for k in new.subject if k.startswith("@") or k in new.people}
        return bool(pronouns & found) or not someone
    hits = sum(1 for k in anchors if k in found or _inflects(k, found))
    return hits * 2 >= len(anchors)


def _coverage(wanted: frozenset[str], found: frozenset[str]) -> float:
    """The share of `wanted` keys present in `found`, inflected forms included."""
    hits = sum(1 for k in wanted if k in found or _inflects(k, found))
    return hits / len(wanted)


# The id of a record in a public registry of trials or papers ("NCT00295386",
# "ISRCTN17844016", "PMID12345678"): each names its own record. Other ids ("EMP20555",
# "PROJ12346") may well be the next value of someone's id or of the current ticket.
_RECORD_ID = re.compile(
    r"(?:nct|isrctn|actrn|chictr|drks|ctri|irct|umin|pactr|ntr|kct|crd|euctr|jprn|pmid|pmc)"
    r"\d{5,}"
)


def _named_only(fact: Parse) -> bool:
    """The fact's object is a name and nothing more ("… is Luna", "… is Priya")."""
    objects = [w for w in fact.objects if w.kind not in ("stop", "aux", "dash")]
    return bool(objects) and all(w.kind == "name" for w in objects)


def _share_for_amount(removed: Collection[str], added: Collection[str]) -> bool:
    """One side's value is a share ("10%") and the other's an amount ("€10", "$5"): two
    measures of a thing, not one value changed (without a word of change to say so)."""

    def share(keys: Collection[str]) -> bool:
        return any(k.endswith("%") for k in keys)

    return bool(removed and added) and share(removed) != share(added)


def _value_change(new: Parse, old: Parse) -> str | None:
    """The same predicate with one slot of its object replaced: what was swapped. Never for a
    question, a possibility, a past or future event, a negated list ("doesn't eat meat" /
    "fish"), a kind the subject is one of ("is a teacher", "has a dog"), a note under a list
    key, an attribute with several values at once (languages, allergies, companions, purposes,
    tools used for no stated purpose), nor when a second slot or a new qualifier changes too
    ("Python 3.11 for the API" / "3.12 for the workers")."""
    if new.question or old.question or _verb_class(new.verb) != _verb_class(old.verb):
        return None
    if not new.verb or new.additive or new.modal or old.modal:
        return None
    if new.past or old.past or new.future or old.future or (new.negated and old.negated):
        return None
    if _other_owners(new, old):
        return None  # "Our migration is in progress" / "Their migration is done": two
    if (new.indefinite and old.indefinite and _person_only(new)) or new.listed or old.listed:
        return None  # "Anna is a teacher" / "a vegetarian" (but "my car is a Seat" / "a Kia")
    if new.indefinite != old.indefinite and _named_only(new if old.indefinite else old):
        return None  # "The user's cat is a Siamese" / "… is Luna": its kind, then its name
    removed, added = _once_for_a_count(*_swapped(new, old), new, old)
    if not removed or not added or len(removed) > MAX_SWAP or len(added) > MAX_ADDED:
        return None
    if _one_of_several(new) or _one_of_several(old):
        return None  # "One of the user's colleagues is Tanaka" / "… is Sato": both are
    if len(removed) == len(added) == 1 and _same_address(min(removed), min(added)):
        return None  # "14 Elm Street" after "14 Elm Street, Apt 3B": the same place
    if _share_for_amount(removed, added):
        return None  # "The fee is 5%" / "The fee is $5": a share and an amount, both may hold
    kept = old.object_keys & new.object_keys
    if not kept and len(removed) > 1 and len(old.object_keys) > 4:
        return None  # nothing of the object stays: another statement, not a new value
    if _preferences_apart(new, old):
        return None  # "prefers dark mode" / "prefers window seats": preferences of two things
    if _exception_to(new, old):
        return None  # "works from home" → "is working from the office today": one day's
    if _day_and_hour(removed, added) or _day_and_hour(added, removed):
        return None  # "es el 3 de mayo" / "es a las 15:00": the day and the hour, both
    changed = removed | added
    valued = {w.key for f in (new, old) for w in f.objects if w.kind in _VALUE_KINDS}
    if kept & valued and not changed & valued and _direct_object(old) & removed:
        return None  # "store user photos in S3" / "store invoices in S3": another thing
    amounts = {w.key for f in (new, old) for w in f.objects if w.kind == "value"}
    if kept & amounts and _plain_words(new, old, changed):
        return None  # "16 GB of RAM" / "16 GB of disk": what the amount measures changed
    if any(_RECORD_ID.search(k) for k in removed) and any(_RECORD_ID.search(k) for k in added):
        return None  # "Identifier: NCT01295827" / "NCT00295386": each names its own record
    if _many_valued(new, old, changed):
        return None
    if _instruction(new) and _instruction(old):
        return None  # "Always run the tests before pushing" / "… the linter …": two steps
    if CJK.search(new.normalized) and (len(removed) > 1 or len(added) > 1):
        # (Japanese, read without its verbs: two words changed are two slots, but for a day
        # and its time, "火曜 14:00" → "木曜 16:00", one moment, and for a name of Latin
        # words, "エディタ：VS Code" → "エディタ：Vim", one value)
        kinds = {w.kind for f in (new, old) for w in f.objects if w.key in removed | added}
        named = _one_latin_run(old, removed) and _one_latin_run(new, added)
        if not kinds <= _MOMENT_KINDS and not named:
            return None
    if _both_may_hold(new, old, removed, added):
        return None
    if _another_occasion(old, kept, changed):
        return None
    if _names_a_thing(old, removed) and _names_a_thing(new, added):
        return None  # "the Tuesday book club" / "the Thursday book club": two clubs
    numeric_only = all(_numeric(k) for k in changed)
    if _verb_class(new.verb) in _BARE_VERBS and not numeric_only:
        if not _names_attribute(new, old, kept):
            return None  # "Bob is diabetic" / "Bob is allergic": what changed is the attribute
    if _verb_class(new.verb) == _verb_class(old.verb) == "have" and _other_things_had(
        new, old, removed, added
    ):
        return None  # "The apartment has two bedrooms" / "… has a small balcony": both
    if _slots(old.objects, new.objects) != 1:
        return None
    return f"{', '.join(sorted(removed))} → {', '.join(sorted(added))}"


def _other_things_had(
    new: Parse, old: Parse, removed: frozenset[str], added: frozenset[str]
) -> bool:
    """Each fact tells of having a thing the other does not name, by a common noun at the head
    of what it has: one has several ("two bedrooms" and "a small balcony", "a dog" and "a
    cat"; not "brown hair" and "blonde hair", one hair, nor "has to commute by bus")."""
    heads = [_head_had(fact) for fact in (new, old)]
    return heads[0] in added and heads[1] in removed


def _head_had(fact: Parse) -> str:
    """The last common noun of what a fact says one has, before a preposition ('' if none)."""
    head = ""
    for w in fact.objects:
        if w.norm in lx.PREPOSITIONS or w.norm in _AFTER_WHAT_IS_HAD:
            break
        if w.kind == "word" and w.text[:1].islower() and not _numeric(w.key):
            head = w.key
        elif w.kind in ("name", "acronym"):
            return ""  # (a count before it is no thing: "two bedrooms")
    return head


# Words that end what a fact says one has ("has postgres as …", "has to …", "has ubuntu
# installed"), as a preposition does
_AFTER_WHAT_IS_HAD = frozenset({"as", "to", "installed"})


def _other_owners(new: Parse, old: Parse) -> bool:
    """Both facts open with a possessive of another person ("our" / "their", "my" / "your"):
    two owners, two things."""
    mine, theirs = (
        lx.POSSESSIVE_PERSONS.get(f.words[0].norm) if f.words else None for f in (new, old)
    )
    return mine is not None and theirs is not None and mine != theirs


def _both_may_hold(
    new: Parse, old: Parse, removed: Collection[str], added: Collection[str]
) -> bool:
    """What changed between two facts of one subject is no new value of one attribute, but
    another thing both may say at once: what each compares with ("faster than the old one" /
    "than the GraphQL one"), the case or reason each names ("fails when the cache is cold" /
    "… warm", "to share types" / "to have one CI"), the action ("починил" / "подключил"),
    whose it is ("Tom's manager" / "Grace's manager"), one clause of facts of several, or a
    limiting word alone ("primary" / "backup")."""
    return (
        (_compares(new) and _compares(old))
        or (_conditional(new) and _conditional(old))
        or (
            _reasoned(new)
            and _reasoned(old)
            and (
                _reason_changed(new, old, {*removed, *added})
                or not (_purpose(new) and _purpose(old))
            )
        )
        or _verb_changed(new, old, removed, added)
        or _whose_changed(new, old, {*removed, *added})
        or bool(_clauses(new) and _clauses(old))
        or _qualifier_only(new, old, {*removed, *added})
        or _other_kind_of_value(new, old, removed, added)
        or _other_path(removed, added)
        or _thing_and_when_changed(new, old, removed, added)
        or _headed_otherwise(new, old, removed, added)
        or _other_kind_of_word(new, old, removed, added)
        or _other_scales(new, old, removed, added)
        or _other_period(new, old)
    )


def _other_period(new: Parse, old: Parse) -> bool:
    """Each fact tells of a period counted from now, and not the same one: "Omar is on call
    this week" / "Omar is on vacation next week" are two weeks, each with its own fact."""
    mine, theirs = _periods(new), _periods(old)
    return bool(mine) and bool(theirs) and mine != theirs


def _periods(fact: Parse) -> frozenset[str]:
    """The relative periods the fact names ("next week": "next"), by the word before the
    period."""
    words = fact.words
    return frozenset(
        words[at - 1].norm
        for at in range(1, len(words))
        if words[at].norm in _PERIOD_NOUNS and words[at - 1].norm in _COUNTED_FROM_NOW
    )


_COUNTED_FROM_NOW = frozenset(
    """this next last coming previous past esta este próxima próximo pasada pasado
    этой этом следующей следующем прошлой прошлом""".split()
)
_PERIOD_NOUNS = frozenset(
    """week weekend month year quarter sprint semana mes año trimestre неделе месяце году
    квартале выходных""".split()
)


def _other_scales(new: Parse, old: Parse, removed: Collection[str], added: Collection[str]) -> bool:
    """One adjective for another on another scale (`parse.scales`): "The backup drive is
    full" / "is fast", "The car is red" / "is fast" say two things of it that hold at once; so
    do an adjective and a name ("The laptop is slow" / "is a ThinkPad X1")."""
    found = scales()
    was = found.get(next(iter(removed))) if len(removed) == 1 else None
    now = found.get(next(iter(added))) if len(added) == 1 else None
    if was is not None and now is not None:
        return was != now
    if was is not None:
        return _word_kinds(new, added) == {"name"}
    if now is not None:
        return _word_kinds(old, removed) == {"name"}
    return False


def _other_kind_of_word(
    new: Parse, old: Parse, removed: Collection[str], added: Collection[str]
) -> bool:
    """The old value and the new one are words of other kinds — a number for a name or
    words, a place's name for common words: "on port 8080" / "on Kubernetes", "in Madrid" /
    "in the city center", "in Frankfurt" / "in maintenance mode" each say two things that
    hold at once."""
    was, now = _word_kinds(old, removed), _word_kinds(new, added)
    if not was or not now or not was.isdisjoint(now):
        return False
    if "number" in was | now:
        return True
    # a name for common words only where it says where: "Slack" → "email" is a new value
    return bool((_heads(old, removed) | _heads(new, added)) & _IN)


_IN = frozenset({"in", "en", "в"})


def _word_kinds(fact: Parse, keys: Collection[str]) -> set[str]:
    """Whether the fact's words of these keys are names, numbers or common words."""
    kinds = set()
    for w in fact.words:
        if w.key not in keys or w.kind in _LIGHT_KINDS:
            continue
        if w.kind in ("value", "date"):
            kinds.add("number")
        elif w.kind in ("name", "acronym") or w.text[:1].isupper():
            kinds.add("name")
        else:
            kinds.add("word")
    return kinds


def _headed_otherwise(
    new: Parse, old: Parse, removed: Collection[str], added: Collection[str]
) -> bool:
    """The old value and the new one stand after prepositions of a contrasting pair
    (`lexicon.CONTRASTING_PREPOSITIONS`): "works at Google" / "works on Kubernetes" says
    where one works and what on, both at once."""
    was, now = _heads(old, removed), _heads(new, added)
    return any(frozenset((a, b)) in lx.CONTRASTING_PREPOSITIONS for a in was for b in now)


def _heads(fact: Parse, keys: Collection[str]) -> set[str]:
    """The prepositions right before the fact's words of these keys (an article between)."""
    words = fact.words
    found = {_preposition_before(words, at) for at, w in enumerate(words) if w.key in keys}
    return {p for p in found if p in _CONTRASTING}


def _thing_and_when_changed(
    new: Parse, old: Parse, removed: Collection[str], added: Collection[str]
) -> bool:
    """Both what and when changed, on both sides: "has a retro every two weeks" / "has a demo
    every month" tells of another meeting, not of the retro's new schedule."""
    for fact, keys in ((old, removed), (new, added)):
        asked = [_asked(fact, {k}) for k in keys if k not in fact.values]  # (a date: neither)
        if not any(found & _WHEN for found in asked) or all(asked):
            return False
    return True


_WHEN = frozenset({"day", "often", "clock", "long"})


def _other_kind_of_value(
    new: Parse, old: Parse, removed: Collection[str], added: Collection[str]
) -> bool:
    """What changed answers another question: how often for who ("done by the SRE team" /
    "done quarterly"), how long for which day ("on Mondays" / "takes two hours"), which day for
    how often ("every two weeks" / "now on Mondays": every other Monday), where for how often
    ("on Zoom" / "every three weeks"). Each is read from the words around the value
    (`_questions`); a value they do not tell the kind of (a plain number, a name after a verb)
    never makes the difference."""
    gone = _asked(old, removed)
    came = _asked(new, added)
    return bool(gone) and bool(came) and gone.isdisjoint(came)


def _asked(fact: Parse, keys: Collection[str]) -> set[str]:
    """The questions the fact's words of these keys answer (the other words of a phrase
    answer none: "by the SRE team")."""
    words = fact.words
    keys = {*keys, *(part for key in keys for part in _number_and_unit(key))}
    return {k for at, w in enumerate(words) if w.key in keys for k in _questions(words, at)}


def _number_and_unit(key: str) -> tuple[str, ...]:
    """A value read with its unit ("2h", `_value_key`) as its number and unit words."""
    for unit in _UNIT_KEYS:
        if key.endswith(unit) and key[: -len(unit)].replace(".", "").isdigit():
            return key[: -len(unit)], unit
    return ()


def _questions(words: tuple[Word, ...], at: int) -> tuple[str, ...]:
    """Which questions the value at `at` answers: "day" (on Mondays), "often" (weekly, every
    two weeks, раз в неделю; "every Tuesday" is both), "long" (two hours), "clock" (10:30), "by"
    (by the SRE team), "where" (on Zoom, in room 4); none when the words around it do not say
    (a date is none: it may say when the news happened, "moved to Austin in March")."""
    word = words[at]
    # (articles aside: "en la sala 3" is "in room 3")
    before = [w.norm for w in words[max(0, at - 4) : at] if w.norm not in _ARTICLES][-3:]
    every = not _EVERY.isdisjoint(before)
    if word.norm in _WEEKDAYS or word.norm in _DAYS_SHORT:
        return ("day", "often") if every else ("day",)
    if word.norm in _PERIODS or every:
        return ("often",)
    if word.kind == "date":
        # (a date says when, of a value or of the news: "moved to Austin in March")
        return ("clock",) if _CLOCK.match(word.key) else ()
    if word.norm in _CLOCK_WORDS:
        return ("clock",)
    unit = word.key in _TIME_UNITS or (at + 1 < len(words) and words[at + 1].key in _TIME_UNITS)
    counted = word.kind == "value" or (at > 0 and words[at - 1].kind == "value")
    if unit and (counted or not _HOW_LONG.isdisjoint(before)):
        return ("long",)  # "two hours", "last a full day"
    if "by" in before:
        return ("by", "where")  # (who or where: "employed by Datadog", "works at Microsoft")
    if (
        before
        and before[-1] in _PLACE_WORDS
        and (
            word.kind in ("name", "acronym")
            or (word.kind == "word" and at + 1 < len(words) and words[at + 1].kind == "value")
        )
    ):
        return ("where",)  # "on Zoom", "in Lisbon", "in room 4"
    if word.kind == "value" and len(before) >= 2 and before[-2] in _PLACE_WORDS:
        return ("where",)  # the 4 of "in room 4"
    if (
        at > 0
        and at == len(words) - 1
        and words[at - 1].kind == "aux"
        and word.norm not in lx.UPDATE_WORDS
        and _participle_of_state(word.norm)
    ):
        return ("state",)  # "is recorded", "está grabada" (not "has been pushed to …")
    return ()


def _participle_of_state(norm: str) -> bool:
    """A participle by its ending (`participle`), or a Spanish one written without accents,
    which `participle` reads as English ("grabada", "cerrado")."""
    return participle(norm) or (len(norm) >= 6 and norm.endswith(_SPANISH_PARTICIPLE_ENDINGS))


_SPANISH_PARTICIPLE_ENDINGS = tuple(
    f"{stem}{s}" for stem in ("ado", "ada", "ido", "ida") for s in ("", "s")
)


def _once_for_a_count(
    removed: frozenset[str], added: frozenset[str], new: Parse, old: Parse
) -> tuple[frozenset[str], frozenset[str]]:
    """`removed` and `added`, with a period said as one word ("weekly", "ежемесячно",
    "semanalmente") read as once in it where the other fact counts that period: "every 2
    weeks" → "weekly" swaps 2 for 1 (both facts read "week", and only one a number). Not a
    number of anything else: "drinks 2 coffees daily", "pays 900 monthly", "daily at 10"."""
    for mine, theirs, fact, other in ((added, removed, new, old), (removed, added, old, new)):
        if mine or len(theirs) != 1 or not min(theirs).isdigit() or min(theirs) == "1":
            continue
        periods = {_ONCE_A_PERIOD[w.norm] for w in fact.objects if w.norm in _ONCE_A_PERIOD}
        counted = other.objects
        for at, word in enumerate(counted[:-1]):
            unit = counted[at + 1]  # ("2 weeks", not "900 monthly": an amount once a month)
            if unit.norm in _ONCE_A_PERIOD or word.key != min(theirs):
                continue
            if any(unit.key.startswith(_PERIOD_UNITS[p]) for p in periods):
                one = frozenset({"1"})
                return (theirs, one) if fact is new else (one, theirs)
    return removed, added


# A period said as one word, once in it (as `lexicon.FREQUENCY_CANONICAL` writes every way of
# saying it: "every week" and "once a week" as "weekly", "cada mes" as "mensualmente"), and
# the beginnings of the words that count that period ("weeks", "недели", "semanas")
_ONCE_A_PERIOD = {
    **dict.fromkeys(("daily", "ежедневно"), "day"),
    **dict.fromkeys(("weekly", "еженедельно", "semanalmente"), "week"),
    **dict.fromkeys(("monthly", "ежемесячно", "mensualmente"), "month"),
    **dict.fromkeys(("yearly", "ежегодно", "anualmente"), "year"),
}
_PERIOD_UNITS = {
    "day": ("day", "дн", "ден", "dia", "día"),
    "week": ("week", "недел", "seman"),
    "month": ("month", "месяц", "mes"),
    "year": ("year", "год", "лет", "año", "ano"),
}


def _swapped(new: Parse, old: Parse) -> tuple[frozenset[str], frozenset[str]]:
    """The keys of the old fact's object the new one drops, and those it brings."""
    return old.object_keys - new.object_keys, new.object_keys - old.object_keys


def _same_question(new: Parse, old: Parse) -> bool:
    """What the new fact's object says in place of the old one's answers the same question
    (`_questions`): "every two weeks" → "once a month", "on Tuesdays" → "on Thursdays"."""
    removed, added = _swapped(new, old)
    gone, came = [_asked(old, {k}) for k in removed], [_asked(new, {k}) for k in added]
    if not all(gone) or not all(came):
        return False  # something else changed too: "visits her mother on Sundays" → "her sister"
    return not set().union(*gone).isdisjoint(set().union(*came))


def _rescheduled(new: Parse, old: Parse) -> bool:
    """A verb of change moves how often, on which day or at what time something happens:
    "Sprint planning happens every two weeks" → "moved to once a month", "The standup is every
    day at 9:30" → "was moved to 10:00" (where or to whom it moved is another matter)."""
    if not new.change:
        return False
    if _one_days(new, old):
        return False  # "Friday's backend standup was moved to 11:00": that day's alone
    removed, added = _swapped(new, old)
    return not _WHEN_ASKED.isdisjoint(_asked(old, removed) & _asked(new, added))


_WHEN_ASKED = frozenset({"often", "day", "clock"})


def _schedule_verbs(new: Parse, old: Parse) -> bool:
    """Both facts tell when something is with the same verb, a copula, or a verb of taking
    place ("happens", "is held", "проходит", "se celebra")."""
    if _verb_class(new.verb) == _verb_class(old.verb) != "=":
        return True
    return all(fact.verb in _COPULAS or _verb_concept(fact) == "event" for fact in (new, old))


def _answers_another_question(new: Parse, old: Parse) -> bool:
    """What the new fact's object says in place of the old one's answers another question
    (`_other_kind_of_value`): "is run by Dana" → "now happens on Tuesdays"."""
    return _other_kind_of_value(new, old, *_swapped(new, old))


_PERIODS = frozenset(
    {canonical for canonical in lx.FREQUENCY_CANONICAL.values() if " " not in canonical}
    | set("hourly nightly quarterly biweekly fortnightly ежеквартально trimestralmente".split())
)
_EVERY = frozenset("every each once twice times каждый каждую каждые раз cada veces".split())
_DAYS_SHORT = frozenset(
    """mon tue tues wed thu thur thurs fri sat sun
    пн вт ср чт пт сб вс lun mié mie jue vie sáb""".split()
)
_CLOCK_WORDS = frozenset("midnight noon midday полночь полдень medianoche mediodía".split())
_HOW_LONG = frozenset("full whole half an целый целую весь всю половину medio media entero".split())
_PLACE_WORDS = frozenset("in at on в на en".split())
_TIME_UNITS = frozenset(
    "h hour minut min second day week month year час минут день дн недел месяц год hora minuto "
    "día dia semana mes año".split()
)


def _qualifier_only(new: Parse, old: Parse, changed: Collection[str]) -> bool:
    """All that changed is a limiting word ("the primary on-call" / "the backup on-call",
    "the deputy lead" / "the interim lead"): another role beside the first, no new value."""
    norms = {w.norm for fact in (new, old) for w in fact.words if w.key in changed}
    return bool(norms) and norms <= lx.LIMITERS


def _plain_words(new: Parse, old: Parse, keys: set[str] | frozenset[str]) -> bool:
    """Each of `keys` is a common word or an acronym ("disk", "RAM"), no name, number or date,
    in the fact it is in."""
    kinds = {w.key: w.kind for fact in (new, old) for w in fact.objects}
    # (an id of letters and a number is a word here: "P1 bugs" are a kind of bug)
    return all(
        kinds.get(key) in ("word", "acronym")
        or (kinds.get(key) == "name" and key[:1].isalpha() and key[-1:].isdigit())
        for key in keys
    )


def _told_again_for_another_reason(new: Parse, old: Parse) -> bool:
    """Both facts tell a change, each with a reason or with more clauses: one change told twice
    ("Перешли на Kafka, чтобы разгрузить базу" / "…, чтобы упростить ретраи"; "перешли с
    Jenkins на GitHub Actions, а для задач — …" / "…, а для документации — …"), no update of
    the first."""
    if not old.update:
        return False
    return (_reasoned(new) and _reasoned(old)) or bool(_clauses(new) and _clauses(old))


def _verb_changed(new: Parse, old: Parse, removed: Collection[str], added: Collection[str]) -> bool:
    """What changed is the verb, not a value: the old fact's head verb is among the removed
    words and the new one's among the added ("Максим починил принтер" / "подключил"), or, in
    Japanese, which the parse reads without verbs, the last word of each fact, where its verb
    stands ("英語を勉強している" / "英語を教えている")."""
    if old.verb in removed and new.verb in added and old.verb not in (":", "="):
        return True
    # a verb by its form where the parse took none: "починил" / "подключил"
    gone = [w.norm for w in old.words if w.key in removed]
    came = [w.norm for w in new.words if w.key in added]
    if len(gone) == len(came) == 1 and _verb_form(gone[0]) and _verb_form(came[0]):
        return True
    if CJK.search(new.normalized) and CJK.search(old.normalized):
        if _JAPANESE_COPULA.search(new.normalized) or _JAPANESE_COPULA.search(old.normalized):
            return False  # "上司は鈴木さんです": the last word is the value, no verb follows it
        if _noun_note(new) and _noun_note(old):
            return False  # "上司: プリヤさん": a note's value, no verb
        if _noun_after_topic(new) and _noun_after_topic(old):
            return False  # "上司は佐藤さん。", "デフォルトブランチはmain。": no verb either
        return _last_word(old) in removed and _last_word(new) in added
    return False


def _noun_note(fact: Parse) -> bool:
    """A note whose value after its key has no kana ending: names and nouns only ("上司:
    プリヤさん", "デプロイ可能時間: 火曜 14:00 UTC"), no clause with a verb."""
    if fact.verb != ":":
        return False
    value = _HONORIFIC.sub("", re.split("[:：]", fact.normalized, maxsplit=1)[-1])
    return not _KANA_ENDING.search(value)


def _noun_after_topic(fact: Parse) -> bool:
    """A Japanese fact told as "<topic>は<noun>" with no copula: it ends in a name, a noun or
    a Latin word, not in the kana of a verb ("上司は佐藤さん", "ブランチはmain"; not
    "東京に住んでいる")."""
    if fact.verb != "=" or "は" not in fact.normalized:
        return False
    value = _HONORIFIC.sub("", fact.normalized.split("は", 1)[1]).rstrip("。.!！ ")
    return bool(value) and not _KANA_ENDING.match(value[-1])


# What follows a Japanese name to honour it ("田中さん", "佐藤様", "鈴木先生")
_HONORIFICS = "(?:さん|さま|様|くん|君|ちゃん|氏|先生)"
_HONORIFIC = re.compile(_HONORIFICS)
_KANA_ENDING = re.compile(r"[\u3041-\u3096]")
_JAPANESE_COPULA = re.compile(r"(?:です|だ|である|でした|だった)[。.!！]?$")


def _reflexive_split(new: Parse, old: Parse, mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """A Russian verb is reflexive in one fact and plain in the other: "учится" (learns) and
    "учит" (teaches), "моется" and "моет"."""
    for verbs, other, other_verbs in ((mine, old, theirs), (theirs, new, mine)):
        for verb in verbs - other_verbs:
            if any(w.norm == verb for w in other.words):
                return True
    return False


# Verbs that say what someone likes or dislikes ("loves dogs", "обожает собак", "le gustan
# las bicis"): a liking is no having or doing.
_LIKING = frozenset(
    """like likes liked love loves loved enjoy enjoys adore adores hate hates dislike dislikes
    detest detests fond
    нравится нравятся нравился любит люблю любят обожает обожаю ненавидит ненавижу
    терпеть gusta gustan encanta encantan odia odio adoro adora detesta detestan""".split()
)
# … and how one regards someone, no being either ("Tom trusts the user, who is his brother" /
# "Tom is the user's brother"), when written in lower case as a verb is (not "Trust Wallet",
# the song "Respect")
_REGARDING = frozenset(
    """trust trusts trusted distrust distrusts distrusted admire admires admired respect
    respects respected blame blames blamed forgive forgives forgave доверяет доверяют уважает
    уважают confía confia admira respeta""".split()
)


def _other_path(removed: Collection[str], added: Collection[str]) -> bool:
    """What changed is a file's path or a branch with a folder in its name, and only that
    ("Логи пишутся в /var/log/app/access.log" / "… error.log", "works in feature/login" /
    "feature/logout"): another file or branch, of which there are many — one moved to another
    place is news told as such ("was moved to /opt/…"), read by the update rules."""
    changed = [*removed, *added]
    return bool(removed) and bool(added) and all(_PATH.fullmatch(k) for k in changed)


# A path with a folder in it: "/var/log/app/error.log", "scripts/deploy.sh", "feature/login"
# (no URL: "://" is no folder)
_PATH = re.compile(r"(?!\w+://)[~.]?/?[\w.-]+(?:/[\w.-]+)+/?")


def _whose_changed(new: Parse, old: Parse, changed: Collection[str]) -> bool:
    """A changed word says whose the thing is, not what it is: a possessor ("Tom's manager" /
    "Grace's manager") or a relative ("her sister lives in …" / "her cousin lives in …")."""
    for fact in (new, old):
        # (a relative written with a capital is a title: «Брат», a film)
        whose = fact.possessors | {
            w.key for w in fact.words if w.kind == "kin" and not w.text[:1].isupper()
        }
        if whose & set(changed):
            return True
    return False


def _subject_kin(fact: Parse) -> frozenset[str]:
    """The relatives the fact's subject names ("my wife's phone": wife)."""
    return frozenset(
        w.exact
        for w in fact.words
        if w.exact in fact.subject and (w.kind == "kin" or w.exact in lx.KIN)
    )  # ("wife's" is read as a word, "wife" as it is written)


def _verb_form(norm: str) -> bool:
    """A Russian or Spanish word that can only be a finite verb by its ending: a Russian past
    ("починил", "подключила") or a Spanish preterite ("arregló", "revisaron")."""
    if _CYRILLIC.match(norm):
        return len(norm) >= 5 and norm.endswith(("ил", "ила", "или", "ал", "ала", "али", "ел"))
    return len(norm) >= 5 and norm.endswith(("ó", "aron", "ieron"))


def _last_word(fact: Parse) -> str:
    """The key of the fact's last plain word (the markers of its endings aside)."""
    return next((w.key for w in reversed(fact.words) if w.kind == "word" and ":" not in w.key), "")


def _reasoned(fact: Parse) -> bool:
    """The fact says why or what for ("because the team knows it", "чтобы шарить типы",
    "para compartir tipos", "慣れているので"): another reason is one more, not a new value."""
    words = fact.words
    return any(w.norm in _REASONS or _purpose_at(words, at) for at, w in enumerate(words))


def _purpose_at(words: tuple[Word, ...], at: int) -> bool:
    """The word at `at` opens what something is for: "para" and a verb ("para cachear"), or
    "to" and a verb after what is done ("is coming Monday to fix the light", "uses Redis to
    cache sessions"); not "to" right after a verb ("needs to finish": what is needed)."""
    if at + 1 >= len(words):
        return False
    after = words[at + 1]
    if words[at].norm == "para":
        return after.norm.endswith(_ES_INFINITIVE)
    return (
        words[at].norm == "to"
        and at > 0
        and after.kind == "word"
        and after.text.islower()
        and not after.norm.endswith(_NOT_INFINITIVE)
        and after.key in english_verb_keys()
        and words[at - 1].kind not in ("aux", "neg")
        and words[at - 1].key not in english_verb_keys()
    )


def _reason_changed(new: Parse, old: Parse, changed: Collection[str]) -> bool:
    """Some of the `changed` words are in what a fact says it is for or why: "… para
    compartir tipos" / "… para tener un solo CI" give two reasons; "Usamos Redis para cachear
    las sesiones" / "Usamos Memcached para …" one reason, and a new value for it."""
    return any(
        changed_word in _reason_keys(fact) for fact in (new, old) for changed_word in changed
    )


def _purpose(fact: Parse) -> bool:
    """The fact says what for with "para" and a verb ("… para cachear las sesiones"), not why
    ("because it's cheap": many places may be cheap)."""
    words = fact.words
    return any(_purpose_at(words, at) for at in range(len(words))) and not any(
        w.norm in _REASONS for w in words
    )


def _reason_keys(fact: Parse) -> frozenset[str]:
    """The keys of the words from the fact's first word of why or what for to its end, or,
    put first ("Para cachear las sesiones usamos Redis"), to its head verb."""
    words = fact.words
    for at, w in enumerate(words):
        if w.norm in _REASONS or _purpose_at(words, at):
            heads = [i for i, x in enumerate(words) if i > at + 1 and x.norm == fact.verb_norm]
            end = heads[0] if at == 0 and heads else len(words)
            return frozenset(x.key for x in words[at:end])
    return frozenset()


_REASONS = frozenset("because чтобы потому поскольку porque ja:because".split())
_ES_INFINITIVE = ("ar", "er", "ir")
_NOT_INFINITIVE = ("ed", "ing")


def _conditional(fact: Parse) -> bool:
    """The fact says when it holds, with a condition word ("when the cache is cold", "si
    llueve", "если")."""
    return any(w.norm in _CONDITIONS for w in fact.words)


_CONDITIONS = frozenset("when whenever if unless cuando si когда если".split())


def _compares(fact: Parse) -> bool:
    """The fact compares its subject with something ("faster than", "más grande que",
    "быстрее старого"): what it is compared with is no value of the subject, and another
    thing compared with is one more true fact."""
    norms = {w.norm for w in fact.words}
    if norms & _THAN:
        return True
    if "que" in norms and norms & _SPANISH_COMPARATIVES:
        return True
    return any(
        n in _RUSSIAN_COMPARATIVES or (len(n) > 5 and n.endswith("ее") and _CYRILLIC.match(n))
        for n in norms
    )


_THAN = frozenset({"than", "чем"})
_SPANISH_COMPARATIVES = frozenset("más menos mayor menor mejor peor".split())
_RUSSIAN_COMPARATIVES = frozenset(
    "больше меньше лучше хуже старше младше моложе выше ниже дороже дешевле".split()
)


def _names_a_thing(fact: Parse, keys: frozenset[str]) -> bool:
    """Each of `keys` is a date or a day standing before a noun of the object, as part of its
    name ("the Tuesday book club", "the 2024 budget"), not a value of it."""
    words = fact.objects
    found = [
        at
        for at, w in enumerate(words)
        if w.key in keys and (w.kind == "date" or w.norm in lx.CALENDAR)
    ]
    if found and CJK.search(fact.text):
        # Japanese puts what a date names after it either way ("土曜日に実行", run on
        # Saturday): only "の" makes the day part of a name ("土曜日の読書会")
        return len(found) == len(keys) and _JAPANESE_DATE_OF.search(fact.text) is not None
    return len(found) == len(keys) and all(
        at + 1 < len(words)
        and words[at + 1].kind == "word"
        and words[at + 1].norm not in lx.CALENDAR
        and words[at + 1].norm not in lx.PREPOSITIONS  # ("at 9:30 on Mondays": no name)
        for at in found
    )


_JAPANESE_DATE_OF = re.compile(r"(?:[月火水木金土日]曜日?|\d+月\d+日|\d{4}年)の")


def _direct_object(fact: Parse, *, complements: bool = False) -> frozenset[str]:
    """The words right after the verb, up to the first preposition: what the verb acts on
    ("store *user photos* in S3"), not a role or a place ("works *as* a developer"); with
    `complements`, past a noun's "of" ("el informe *de ventas*")."""
    found: list[str] = []
    for w in fact.objects:
        if w.norm in _ANY_PREPOSITION and not (complements and w.norm in _OF):
            break
        if w.kind not in ("stop", "dash", "marker"):
            found.append(w.key)
    return frozenset(found)


def _another_occasion(old: Parse, kept: frozenset[str], changed: frozenset[str]) -> bool:
    """The same value kept, only the part of the week it holds in changed: "closes at 21:00 on
    weekdays" / "on weekends" — another occasion, both true. (A weekly event moved to another
    day, "on Thursdays at 3 pm" / "on Wednesdays at 3 pm", is a new value.)"""
    values = {w.key for w in old.objects if w.kind in ("value", "date") and w.key in kept}
    return bool(values) and all(k in _occasions() for k in changed)


@lru_cache(maxsize=1)
def _occasions() -> frozenset[str]:
    """lexicon.OCCASIONS as stems, in every language that could have written them."""
    languages = ("english", "spanish", "russian")
    return frozenset(stem(normalize(w), lang) for w in lx.OCCASIONS for lang in languages)


# The keys of notes that list one of several ("Project risk: …", "User — preference: …"),
# matched in a note's key alone: "prefers" and "the risk team" say no such thing.
_LISTING_KEYS = frozenset(
    """preference preferences risk risks blocker blockers предпочтение предпочтения риск риски
    блокер блокеры preferencia preferencias riesgo riesgos bloqueante bloqueantes""".split()
)


def _many_valued(
    new: Parse,
    old: Parse,
    changed: set[str] | frozenset[str],
    *,
    links: bool = True,
    context: bool = True,
    often: bool = True,
    held: bool = True,
) -> bool:
    """An attribute that holds several values at once, unless only a number changed ("speaks
    3 languages" → "4 languages"): a many-valued verb or adjective in the predicate (or the
    key of a note: "Allergy: peanuts"), a tool used for no stated purpose, and — with `links`
    — a companion or purpose ("works with Oleg" / "with Irina", "saving for a house" / "for a
    car")."""
    if changed and all(k[:1].isdigit() for k in changed):
        return False  # (a count or a version; an id, "PAY-311", is one item of several)
    if all(f.verb == ":" and not f.subject.isdisjoint(_LISTING_KEYS) for f in (new, old)):
        return True  # "Project — risk: budget overrun" / "… risk: timeline slip"
    predicate = [w for w in (*new.objects, *old.objects) if w.kind != "stop"]
    if new.verb in (":", "=") or old.verb in (":", "="):
        # a note's key, or a verb the parse did not know and left in the subject ("Ana
        # conoce a Tom")
        predicate += [w for w in (*new.words, *old.words) if w.kind != "stop"]
    words = {w.key for w in predicate} | {w.norm for w in predicate} | {new.verb, old.verb}
    many = words & _in_their_languages(multi_valued_keys, new, old)
    if many and _on_a_team(predicate):
        many -= {stem_ for w in predicate if w.norm in lx.MEMBERSHIP for stem_ in (w.key, w.norm)}
    if many or {new.verb_norm, old.verb_norm} & lx.MULTI_VALUED_FORMS:
        return True
    if _unknown_action(new, old, changed):
        return True  # "El script borra los logs antiguos" / "… los ficheros temporales"
    # (a thing had, owned or kept is one of several when said with "a": "owns a Tesla"; a
    # note's key names one role, "Release owner: Priya", whose holder it gives)
    told = words if ":" not in (new.verb, old.verb) else _keys_of(new.objects, old.objects)
    if ":" in (new.verb, old.verb):
        # (a capitalised value is a name: "Manager: Tom Okafor" says nothing of "tomo")
        told -= {
            k
            for f in (new, old)
            for w in f.objects
            if w.text[:1].isupper()
            for k in (w.key, w.norm)
        }
    if (often or (_one_of(new) and _one_of(old))) and told & _in_their_languages(
        often_many_keys if held or (_one_of(new) and _one_of(old)) else often_done_keys, new, old
    ):
        return True
    if _has_kin(new) and _has_kin(old):
        return True  # "has a son named Leo" / "… named Max": one more son
    if _names_one_of_many(new) and _names_one_of_many(old):
        return True  # "The user's colleague is Raj" / "… is Mei": one more colleague
    if _another_one_had(new, old, changed):
        return True  # "has an office in Berlin" / "… in Lisbon": one more office
    if _meets_someone(new, changed) and _meets_someone(old, changed):
        return True  # "meets Bob every Friday" / "meets Ana every Friday": two people
    if _in_a_group(new) and _in_a_group(old):
        return True  # "is in the #incidents channel" / "… #release-train channel": both
    kept = new.object_keys & old.object_keys
    # (a word of the value's own name is no purpose: "GitHub Copilot" / "GitHub Codespaces")
    purpose = (
        kept - _FUNCTION - _named_with(new.objects, changed) - _named_with(old.objects, changed)
    )
    used = new.verb in _in_their_languages(context_valued_keys, new, old)
    if context and used and not purpose:
        return True  # "we use Postgres" / "we use Redis": both, unless for the same purpose
    if links and used and _serves_as(new, old, changed):
        return True  # "uses Redis as a cache" / "as a message broker": one tool, two uses
    if links:
        for fact in (new, old):
            before = _word_before_change(fact.objects, changed)
            if before is not None and before.norm in _LINKS:
                return True
    return False


def _in_their_languages(
    keys: Callable[[str], frozenset[str]], new: Parse, old: Parse
) -> frozenset[str]:
    """A lexicon list's keys (`multi_valued_keys` …) in the languages of the two facts."""
    if new.language == old.language:
        return keys(new.language)
    return keys(new.language) | keys(old.language)


def _unknown_action(new: Parse, old: Parse, changed: Collection[str]) -> bool:
    """Both facts do the same thing with a verb the lexicon does not know, to another object
    right after it: an action done to two things, not a new value of one attribute (the
    attributes that hold one value at a time, where one lives or works, are in the lexicon).
    Not for a name (a tool in place of another: "пользуется Jira" / "YouTrack") — but one done
    to oneself and to another is two ("Аня винит себя" / "Аня винит Бориса")."""
    if new.verb != old.verb or _verb_class(new.verb) in _BARE_VERBS or new.verb in verb_keys():
        return False
    if any(w.key in changed and w.kind == "pronoun" for f in (new, old) for w in f.objects):
        return True
    if any(w.key in changed and w.kind != "word" for f in (new, old) for w in f.objects):
        return False
    return all(_direct_object(f, complements=True) & set(changed) for f in (new, old))


def _meets_someone(fact: Parse, changed: Collection[str]) -> bool:
    """The fact tells whom its subject meets, a name the change is about ("meets Bob", "se
    reúne con Pedro", "встречается с Олегом"; where a club meets is one place: "meets at")."""
    if _verb_concept(fact) != "meeting":
        return False
    first = next((w for w in fact.objects if w.norm not in _WITH), None)
    return first is not None and first.kind == "name" and first.key in changed


def _on_a_team(predicate: list[Word]) -> bool:
    """The words say one is a member of a team one works in, named ("a member of the Growth
    team", "участница команды платежей"): one team at a time, unlike a club, a channel or a
    sports team ("the swim team", "футбольной команды по плаванию")."""
    if not any(w.norm in lx.MEMBERSHIP for w in predicate):
        return False
    for at, w in enumerate(predicate):
        if w.key not in team_keys():
            continue
        before = predicate[at - 1] if at else None
        after = predicate[at + 1] if at + 1 < len(predicate) else None
        if before is not None and before.kind == "name":
            return True  # "the Growth team"
        if _CYRILLIC.match(w.norm) and after is not None and after.norm != "по":
            return before is None or before.norm in lx.MEMBERSHIP  # "команды платежей"
    return False


def _in_a_group(fact: Parse) -> bool:
    """The fact says its subject is in a group of others ("is in the chess club", "состоит в
    чате #backend", "está en el canal #ventas")."""
    objects = [w for w in fact.objects if w.kind != "stop" or w.norm in _IN]
    if not objects or objects[0].norm not in _IN:
        return False
    return any(w.key in group_keys() for w in objects)


def _serves_as(new: Parse, old: Parse, changed: Collection[str]) -> bool:
    """Both facts name the same tool, then what it serves as ("Redis as a cache"), and only
    what it serves as changed."""
    tools = []
    for fact in (new, old):
        words = fact.objects
        at = next((i for i, w in enumerate(words) if w.norm == "as"), None)
        if at is None or not any(w.key in changed for w in words[at + 1 :]):
            return False
        tools.append({w.key for w in words[:at] if w.kind in ("name", "acronym")})
    return bool(tools[0]) and tools[0] == tools[1]


def _named_with(words: tuple[Word, ...], changed: Collection[str]) -> set[str]:
    """The keys of the words written in one run (no stop word between) with a changed word:
    the rest of that value's name ("GitHub" of "GitHub Copilot")."""
    found: set[str] = set()
    run: list[str] = []
    for word in (*words, None):
        if word is not None and word.kind != "stop":
            run.append(word.key)
            continue
        if any(k in changed for k in run):
            found.update(run)
        run = []
    return found


def _another_one_had(new: Parse, old: Parse, changed: Collection[str]) -> bool:
    """Both facts say one has a thing ("has an office", "tiene una oficina", "у компании есть
    офис") and tell the same thing, only what is said of it changed: one more of them."""
    # (Russian has no article: "есть" says one has it)
    russian = new.verb_norm == "есть" == old.verb_norm
    had = _verb_class(new.verb) == _verb_class(old.verb) in _HAVE_CLASSES
    several = all(_one_of(f) or _some_of(f) for f in (new, old))
    if not russian and not (had and several):
        return False
    mine, theirs = (next((w.key for w in f.objects if w.kind == "word"), "") for f in (new, old))
    return bool(mine) and mine == theirs and mine not in changed


_HAVE_CLASSES = frozenset({"have", "tener"})


def _keys_of(*groups: tuple[Word, ...]) -> set[str]:
    """The keys and norms of these words (stop words aside)."""
    return {k for words in groups for w in words if w.kind != "stop" for k in (w.key, w.norm)}


def _some_of(fact: Parse) -> bool:
    """The fact's object is things told in the plural, with no article ("has edge nodes in
    Frankfurt", "has offices in Lisbon"): some of a kind, of which there may be more."""
    head = [w for w in fact.objects[:2] if w.kind == "word"]
    return (
        bool(fact.objects)
        and fact.objects[0].norm not in lx.DETERMINERS
        and any(w.norm != w.key and w.norm.endswith("s") and w.text.isascii() for w in head)
    )


def _one_of(fact: Parse) -> bool:
    """The fact's object begins with "a" ("owns a Fiat", "tiene un coche"): one of a kind."""
    return bool(fact.objects) and fact.objects[0].norm in _INDEFINITE


_INDEFINITE = frozenset("a an un una unos unas".split())


def _has_kin(fact: Parse) -> bool:
    """The fact says its subject has a relative or a pet ("has a son", "есть сын", "tiene un
    perro"): a second one named is one more."""
    has = fact.verb == "have" or any(w.norm in _HAVE for w in fact.words)
    return has and any(w.kind == "kin" or w.norm in lx.PETS for w in fact.words)


_HAVE = frozenset({"has", "have", "есть", "tiene", "tienen", "tengo"})


def _word_before_change(
    objects: tuple[Word, ...], changed: set[str] | frozenset[str]
) -> Word | None:
    """The last word before the first changed one, articles aside."""
    previous = None
    for word in objects:
        if word.key in changed:
            return previous
        if word.kind != "stop" or word.norm in _LINKS:
            previous = word
    return None


def _names_attribute(new: Parse, old: Parse, kept: frozenset[str]) -> bool:
    """A bare verb ("is", "has", "needs", a dash or a colon) says nothing of which attribute a
    value belongs to: the object must keep a word of it ("the CTO of FinBox", "100 requests
    per minute") or the subject must name it beside whoever it belongs to ("the API rate
    limit", "Anna's phone number", "Node version")."""
    if kept - _FUNCTION:
        return True
    if new.verb == ":" == old.verb and new.subject == old.subject and _role_key(new):
        return True  # "Manager: Priya" / "Manager: Marcus": the key names the role
    return not _person_only(new) and not _person_only(old)


def _role_key(fact: Parse) -> bool:
    """The key of a note names a role one person holds ("Manager:", "Release owner:",
    "Руководитель:", "Contacto en Acme:", "担当:") or an attribute of one value at a time
    ("Timezone:", "Editor:", "Часовой пояс:", "Zona horaria:"): its capital is no name's."""
    return any(
        w.norm in _ROLE_KEY_WORDS or w.norm in lx.ATTRIBUTE_KEYS
        for w in fact.words
        if w.exact in fact.subject
    )


_ROLE_KEY_WORDS = frozenset(
    """manager owner lead contact assignee reviewer approver maintainer responsible oncall
    on-call boss руководитель ответственный контакт владелец начальник менеджер responsable
    contacto dueño jefe jefa encargado encargada 担当 責任者 上司 担当者""".split()
)


def _person_only(fact: Parse) -> bool:
    """The subject is only someone: names, pronouns, kin, capitalised words, "the user"."""
    named = {w.exact for w in fact.words if w.text[:1].isupper() or w.kind in _WHO}
    return all(
        k in fact.people or k in named or k in lx.PERSON_NOUNS or k.startswith("@")
        for k in fact.subject
    )


def _slots(old: tuple[Word, ...], new: tuple[Word, ...]) -> int:
    """How many separate runs of the object changed (articles aside; a start date that moves
    with the value, "since 2021" → "since 2024", is no run of its own). A run that brings a
    preposition the other side lacks adds a qualifier, which counts as a second change."""
    kept = _PREPOSITIONS | _ROLE_WORDS
    a = [w for w in old if w.kind not in ("stop",) or w.norm in kept]
    b = [w for w in new if w.kind not in ("stop",) or w.norm in kept]
    runs = 0
    matcher = SequenceMatcher(a=[w.key for w in a], b=[w.key for w in b], autojunk=False)
    # a role after "as" changed in several places is one value ("a data analyst" → "a senior
    # data scientist")
    roles = _role_span(a), _role_span(b)
    in_role = False
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if roles[0][0] <= i1 <= i2 <= roles[0][1] and roles[1][0] <= j1 <= j2 <= roles[1][1]:
            if in_role:
                continue
            in_role = True
        left, right = a[i1:i2], b[j1:j2]
        if all(w.kind in ("date", "value") for w in (*left, *right)) and _starts_at(a, i1):
            continue
        preps_left = {w.norm for w in left if w.norm in _PREPOSITIONS}
        preps_right = {w.norm for w in right if w.norm in _PREPOSITIONS}
        counted = all(_counts_a_thing(side) for side in (left, right))
        # "8 engineers" → "2 designers": another thing counted, not a new count
        timed = all(
            any(w.kind == "date" for w in side) and any(w.kind == "word" for w in side)
            for side in (left, right)
        )  # "recordatorios los lunes" → "resúmenes los viernes": a thing and a day, two
        runs += 2 if preps_right - preps_left or counted or timed else 1
    return runs


def _counts_a_thing(words: list[Word]) -> bool:
    """A number and the word it counts: "8 engineers", "3 replicas" (not a value put after a
    word, "Denver (UTC-7)", which is one value told two ways)."""
    return any(w.kind == "value" and after.kind == "word" for w, after in itertools.pairwise(words))


def _role_span(words: list[Word]) -> tuple[int, int]:
    """Where the role after "as" / "como" / "в качестве" stands among `words`: from the word
    after it up to the next preposition (or the end); an empty span when there is none."""
    at = next((n for n, w in enumerate(words) if w.norm in _ROLE_WORDS), None)
    if at is None:
        return (0, -1)
    end = next(
        (n for n in range(at + 1, len(words)) if words[n].norm in _PREPOSITIONS),
        len(words),
    )
    return (at + 1, end)


def _starts_at(words: list[Word], at: int) -> bool:
    """The run at `at` follows "since" / "desde" / "с": a start date."""
    return at > 0 and words[at - 1].norm in ("since", "desde", "с", "from")


def compare(new: Parse, old: Parse, similarity: float) -> Verdict:
    """Classify a new fact against one stored fact (cosine `similarity` of their vectors).
    What the facts say decides; the cosine only tells related from new. Even a
    sentence-embedding model's cosine never makes a duplicate: it reads "sent Bob the report"
    and "sent Bob the invoice" as one statement, and the duplicate would drop the new fact."""
    if new.update and _news_said_before(new, old):
        new = replace(new, update=False)
    # A couple's parting is news of the partner too, which `_why_apart` would read as
    # another's: no other reading answers for it.
    if _couple_parted(new, old):
        return Verdict("supersede", "the couple the stored fact names parted")
    apart = _named_apart(new, old)
    if apart:
        return _related_or_new(new, old, _jaccard(new.content, old.content), similarity, apart)
    verdict = _compared(new, old, similarity)
    if verdict.outcome == "contradict" and old.negated and not new.negated and _again(new, old):
        # "The user doesn't eat meat" → "The user eats meat again": no two claims at odds, the
        # stored one ended
        return Verdict("supersede", f"{verdict.reason}, true again")
    if verdict.outcome not in ("duplicate", "supersede") or new.normalized == old.normalized:
        return verdict
    if verdict.of_a_clause:
        # the clause was read whole against the stored fact: of the rest, only a mood that
        # holds of every clause is a reason against it, not what another clause tells of
        # something else ("Rocio left the company; Andres now leads the platform team")
        apart = _told_in_another_mood(new, old)
    else:
        apart = _why_apart(new, old, verdict.outcome)
    if apart:
        return _related_or_new(new, old, _jaccard(new.content, old.content), similarity, apart)
    return verdict


def _again(new: Parse, old: Parse) -> bool:
    """The new fact says what the stored one denies holds again ("again", "снова", "опять",
    "de nuevo", "otra vez"), of the same subject and with nothing more: not "The user's dog
    eats meat again", "… drinks decaf coffee again", "… eats meat again on weekends"."""
    words = new.words
    again = [
        w
        for at, w in enumerate(words)
        if w.norm in _AGAIN
        or (w.norm, words[at + 1].norm if at + 1 < len(words) else "") in _AGAIN_PAIRS
        or (words[at - 1].norm if at else "", w.norm) in _AGAIN_PAIRS
    ]
    if not again or new.people != old.people:
        return False
    if new.subject - {w.norm for w in again} != old.subject:
        return False  # ("снова" before the verb is read with the subject)
    said = {w.key for w in new.words}
    if any(w.key not in said for w in old.words if w.kind not in ("neg", "aux", "marker")):
        return False  # "doesn't eat red meat" → "eats meat again": the red is not said
    return not new.content - old.content - {w.key for w in again}


_AGAIN = frozenset("again снова опять вновь".split())
_AGAIN_PAIRS = frozenset({("de", "nuevo"), ("otra", "vez")})


def _named_apart(new: Parse, old: Parse) -> str:
    """Why the two facts are about two different ones, told by their names alone, before any
    rule reads them: each fact's subject names someone or something (a name or an id) the
    other fact never names ("Dmitri Silva's phone number is …" / "Vlad Novak's phone number
    is …", "Host web-00002 has …" / "Host web-00001 has …"), or one gives an initial the other
    never says ("Marco A. Park" / "Marco Park"), or each names an environment the
    other does not ("The staging billing service …" / "The QA billing service …"), or two
    speakers each tell of themselves ("Tim (…): I just got back from surfing" / "Ana (…): I
    just got back from surfing"). '' when a
    rule may still read them as one: news of another one is told only by words of change
    ("now", "took over", "asumió", "возглавила") or as the holder of a role held by one at a
    time ("Marcus is the on-call engineer this week" → "Priya is …"), and a passage, a clause
    of more or a fronted object puts names where the subject is not. Most pairs a large key
    compares are facts of one template about two ones: this answers them for a fraction of
    the rules' cost."""
    mine, theirs = _glance(new), _glance(old)
    if not mine.plain or not mine.no_news or not theirs.plain:
        return ""
    if not (new.environments and old.environments) or not new.environments.isdisjoint(
        old.environments
    ):  # (two environments are as two names)
        if not mine.names or not theirs.names:
            return ""
        named = _names_unsaid(mine.names, theirs) and _names_unsaid(theirs.names, mine)
        if not named and not _initial_unsaid(mine, theirs):
            return ""
    if _role_holders(new, old):
        return ""
    return _different_subject(new, old) or ""


@dataclass(frozen=True, slots=True)
class _Glance:
    """What `_named_apart` reads of one fact, once: the names its subject is told by (the
    speaker's, for a line of oneself), every word it says (and their first four letters, to
    find another form of a name), whether it is one plain statement, and whether it tells no
    news."""

    names: frozenset[str]
    said: frozenset[str]
    prefixes: frozenset[str]
    plain: bool  # no passage, no clause of more, no object put first
    no_news: bool  # no word of change, of something new or again; not told as taking over


_GLANCES: dict[str, _Glance] = {}


def _glance(fact: Parse) -> _Glance:
    return _remembered(_GLANCES, fact, _read_glance)


def _read_glance(fact: Parse) -> _Glance:
    said = fact.stems | fact.people | fact.content | fact.exact_content
    names = _subject_names(fact)
    if fact.speaker and fact.subject - {"@speaker:" + fact.speaker} == {"@1s"}:
        # "Tim (…): I just got back from surfing": the speaker is who the line is of, and
        # the speaker's name is said by the line
        names = frozenset(fact.speaker.split())
        said = said | names
    # (the commas of when a line was said join no clause: "(2:11 pm on 18 July, 2023)")
    told = len(_CLAUSE_COMMA.findall(fact.said_at)) + len(_CLAUSE_COMMA.findall(fact.speaker))
    plain = not (fact.passage or fact.fronted or _clauses(fact) > told)
    no_news = not (
        fact.update
        or fact.change
        or any(w.kind == "marker" or w.norm in _NEWS_AT_A_GLANCE for w in fact.words)
        or _taking_over(fact.text) is not None
    )
    prefixes = frozenset(k[:4] for k in said if len(k) >= 4)
    return _Glance(names, said, prefixes, plain, no_news)


def _subject_names(fact: Parse) -> frozenset[str]:
    """The names and ids the fact's subject is told by: its names, a first name before a family
    name (the parse cannot tell "Alice" that opens "Alice Novak is …" from a capitalised word)
    and the number after a word of the subject ("Ticket 16 is assigned to …")."""
    words = fact.words
    return frozenset(
        w.key
        for at, w in enumerate(words)
        if w.exact in fact.subject
        and (
            w.kind == "name"
            or (w.kind == "word" and w.text[:1].isupper() and at + 1 < len(words)
                and words[at + 1].kind == "name")
            or (w.kind == "value" and w.norm.isdigit() and at
                and words[at - 1].kind == "word" and words[at - 1].exact in fact.subject)
        )
    )  # fmt: skip


def _initial_unsaid(mine: _Glance, theirs: _Glance) -> bool:
    """One subject's name has an initial the other fact never says: "Marco A. Park" / "Marco
    Park", two people as the rules read them (`_different_subject`)."""
    return any(
        _INITIAL.fullmatch(k) and k not in other.said
        for names, other in ((mine.names, theirs), (theirs.names, mine))
        for k in names
    )


_INITIAL = re.compile(r"[^\W\d_]\.")


def _names_unsaid(names: frozenset[str], other: _Glance) -> bool:
    """One of `names` is no word of `other`, in no form ("Олегом" is a form of "Олег"; an id
    is no form of another: "web00002" / "web00001")."""
    return any(
        k not in other.said
        and (not k.isalpha() or k[:4] not in other.prefixes or not _inflects(k, other.said))
        for k in names
    )


# Words that may make news of another one (`_named_apart`): of change, of something new, again
_NEWS_AT_A_GLANCE = lx.UPDATE_WORDS | lx.NEW_WORDS | _AGAIN


def _news_said_before(new: Parse, old: Parse) -> bool:
    """The only word of news in the new fact is a Japanese "new" the stored fact says too:
    "新しい経費精算システムは…" of both is the name of one system, not news of it."""
    marks = {w.key for w in new.words if w.kind == "marker" or w.norm in lx.UPDATE_WORDS}
    return marks == {"ja:new"} and any(w.key == "ja:new" for w in old.words)


def _why_apart(new: Parse, old: Parse, outcome: str) -> str:
    """Why two facts a rule read as one (`outcome`: duplicate or supersede) are two statements
    after all, the first reason found; '' when nothing tells them apart."""
    if outcome == "supersede" and _turned_round_as_is(new, old):
        return "who does what to whom turned"  # "El usuario le debe … a Sara" / "Sara le debe …"
    if _keys_apart(new, old):
        return "notes under two keys"  # "田中: I moved to Berlin" / "佐藤: I moved to Berlin"
    if _nested(new) != _nested(old):
        return "someone's someone: a role of a role"  # "Руководитель руководителя Тимура"
    if _ending_apart(new, old):
        return "another one, told by its number"
    if _count_for_id(new, old):
        return "a number that names one in one, counts them in the other"  # "Flight 12"
    if outcome == "supersede" and _amount_set_otherwise(new, old):
        return "an amount set for someone else, in one case or at another time"
    if outcome == "supersede" and _got_another_thing(new, old):
        return "a new one of another thing, or got by someone else"
    if outcome == "supersede" and _value_owns_the_change(new, old):
        return "a thing of the stored value's own changed, not the value"
    if outcome == "supersede" and _one_more_joined(new, old):
        return "one more joined the group the stored fact is about"
    if outcome == "supersede" and _been_elsewhere_too(new, old):
        return "one more place been to: such visits add up"
    if outcome == "supersede" and _been_to(new) and not (_been_to(old) or old.negated):
        return "a place been to, no new home"  # "lives in Mexico" → "has been to Chile"
    if _bounds_apart(new, old):
        return "one tells when it starts, the other when it ends"
    if outcome == "supersede" and _of_a_part(new, old):
        return "the new fact tells of some of them only"  # "We run some services on GCP"
    if outcome == "supersede" and _age_at_an_event(new, old):
        return "an age at which something happened, not the age now"
    if outcome == "supersede" and _moved_to_the_same_place(new, old):
        return "a move to where the stored fact already says"
    if outcome == "supersede":
        return _not_told_as_news(new, old)
    return _told_apart(new, old) if outcome == "duplicate" else ""


def _bounds_apart(new: Parse, old: Parse) -> bool:
    """One fact tells when something starts and the other when it ends: "The discount code is
    valid until May 31" / "… has been valid since May 1", "open from 9 am" / "open until 6 pm",
    "válida hasta …" / "válida desde …"."""
    mine, theirs = _bounds(new), _bounds(old)
    if not (mine and theirs and mine.isdisjoint(theirs)) or new.update:
        return False
    # (nothing else told otherwise: "works at Google until March" → "now works at Meta since
    # April" is news of the employer)
    return _unbounded(new) == _unbounded(old)


def _unbounded(fact: Parse) -> frozenset[str]:
    """A fact's words but for its bounds and what they bound, its small words and its verb's
    tense ("is valid until May 31" and "has been valid since May 1" are both "valid")."""
    kept = set()
    skipping = False
    for w in fact.words:
        if w.norm in _START_WORDS or w.norm in _END_WORDS:
            skipping = True
            continue
        if skipping and (w.kind in ("value", "date") or w.norm in _ARTICLES):
            continue
        skipping = False
        if w.kind not in ("stop", "aux", "marker"):
            kept.add(w.key)
    return frozenset(kept)


def _bounds(fact: Parse) -> frozenset[str]:
    """Which ends of a span a fact's dates and times are told as: "start" after "since",
    "from", "с", "desde"; "end" after "until", "до", "hasta"."""
    found = set()
    words = fact.words
    for w, after in itertools.pairwise(words):
        if after.kind in ("value", "date"):
            if w.norm in _START_WORDS:
                found.add("start")
            elif w.norm in _END_WORDS or ("start" in found and w.norm in _TO_AN_END):
                found.add("end")  # (or the end of a span: "from May 1 to May 31")
    return frozenset(found)


_START_WORDS = frozenset("since from starting с со desde".split())
_END_WORDS = frozenset("until till through до hasta".split())
_TO_AN_END = frozenset("to a al по".split())


def _of_a_part(new: Parse, old: Parse) -> bool:
    """The new fact tells of some of what the stored one tells of: "We run services on AWS" →
    "We run some services on GCP", "algunos servicios", "некоторые сервисы"."""
    if _SOME_OF.isdisjoint(_limiters(new) - _limiters(old)) or _told_as_now(new):
        return False
    # (of the very things the stored fact names, not "after many years", "at most", "most
    # urgent", "a few weeks ago")
    words = new.words
    return any(
        _SOME_OF.intersection(_limiters_of(w)) and nxt.key in old.content
        for w, nxt in itertools.pairwise(words)
    )


# (quantifiers of a part; not "partially", "half", which tell how much of one thing)
_SOME_OF = frozenset(
    """some few several most many algunos algunas pocos pocas varios varias mayoría muchos
    muchas несколько некотор немног большинств многи""".split()
)


def _age_at_an_event(new: Parse, old: Parse) -> bool:
    """The stored fact gives someone's age, the new one the age at which something happened:
    "The user's mother is 70" → "… retired at 65", "se casó a los 25", "в 65"."""
    if _age(old) is None or _age(new) is not None or _told_as_now(new):
        return False
    words = new.words
    if not (new.past or _past_or_participle(new.verb_norm) or _SPANISH_DONE.match(new.verb_norm)):
        return False  # (an event told as done: not "wakes up at 6", "aims to retire at 55")
    for at, w in enumerate(words):
        if at == 0 or w.kind != "value" or not w.key.isdigit() or int(w.key) > 130:
            continue
        before = words[at - 1].norm
        if before in ("at", "в") or (before == "los" and at >= 2 and words[at - 2].norm == "a"):
            return True
    return False


def _told_as_now(fact: Parse) -> bool:
    """The fact says "now" ("now", "теперь", "ahora", …): what holds from now on."""
    return not lx.UPDATE_ADVERBS.isdisjoint(w.norm for w in fact.words)


# (Spanish preterites, which `participle` does not read: "se casó", "se jubiló")
_SPANISH_DONE = re.compile(r"\w+[óé]$")


def _moved_to_the_same_place(new: Parse, old: Parse) -> bool:
    """The new fact tells a move to, or within, the very place the stored fact names, and
    names no other: "The user lives in Portland" → "… moved to a new apartment across town in
    Portland", "Маша переезжает в Петербург" → "Маша переехала в Петербург"."""
    words = new.words
    values = {w.key for w in old.objects if w.kind == "name"}
    moving = {w.key for w in words if w.norm in lx.MOVE_WORDS}
    if not values or new.negated or not moving:
        return False
    if any(w.kind not in ("stop", "name", "aux") for w in old.objects):
        return False  # (where and more: "lives in an apartment in Portland", "is moving to …")
    if any(w.norm in lx.MOVE_WORDS or w.key in moving for w in old.words):
        return False  # a move planned, then made ("se está mudando" → "se mudó")
    seen = set()
    for at, w in enumerate(words):
        if w.kind in ("name", "acronym", "value") and w.key not in values and not _a_year(w):
            return False  # another place or value named: "moved to Porto"
        if w.key not in values:
            continue
        before = at - 1
        while (
            before >= 0
            and words[before].norm not in _TO_A_PLACE
            and (words[before].norm in _ARTICLES or words[before].kind == "name")
        ):
            before -= 1
        if before < 0 or words[before].norm not in _TO_A_PLACE:
            return False  # ("moved from Austin …": the place left)
        seen.add(w.key)
    return seen == values


_TO_A_PLACE = frozenset("to in into within across a al en в во".split())


def _a_year(word: Word) -> bool:
    return word.key.isdigit() and 1900 <= int(word.key) <= 2100


def _keys_apart(new: Parse, old: Parse) -> bool:
    """Both facts are lines said in the first person under a key that shares no word with the
    other's: two speakers whose names no capital letter marks as names ("田中: I moved to
    Berlin" / "佐藤: I moved to Berlin")."""
    return (
        new.verb == old.verb == ":"
        and "@1s" in new.people
        and "@1s" in old.people
        and bool(new.subject_stems and old.subject_stems)
        and new.subject_stems.isdisjoint(old.subject_stems)
    )


def _not_told_as_news(new: Parse, old: Parse) -> str:
    """Why the new fact's words of change are no news of the stored fact, '' if nothing says
    so: it opens with a condition ("If the user is no longer vegetarian, suggest …"), reports
    what was heard or asked ("Rumor is …", "Karen asked if the user switched jobs", "Ольга
    спросила, сменил ли …"), denies the change ("We never migrated off Jenkins", "hasn't
    moved; he still lives in Chicago"), tells a Japanese plan ("切り替える予定"), or narrows
    it to a while or a part ("For this sprint only", "Until Friday", "On weekends", "今週だけ")."""
    mood = _told_in_another_mood(new, old)
    if mood:
        return mood
    if _set_aside(new, _relation_values(old)):
        return ""  # "(was Netlify until June)", "instead of …": the stored value is left
    if _for_a_while_or_part(new, old):
        return "a change for a while or in part"
    if _part_of_the_subject(new, old):
        return "a change of a part of the subject"
    if _another_thing_moved(new, old):
        return "another thing moved or switched"
    if new.change and _ended_another(new, old):
        return "another thing ended"  # "owns an apartment in Porto" → "sold the Lisbon …"
    return ""


def _told_in_another_mood(new: Parse, old: Parse) -> str:
    """Why the whole new fact tells no news, '' if nothing says so: a condition, a change
    undone, what was heard or asked, a change denied, a Japanese plan (`_not_told_as_news`).
    Each holds of every clause of the fact."""
    words = new.words
    if words and words[0].norm in _IF:
        return "a condition, not news"
    if _UNDONE.search(new.text):
        return "a change undone"  # "… but rolled back a week later", "…が、翌週AWSに戻しました"
    if _heard_of(new) or _asked_whether(new):
        return "what was heard or asked, not news"
    if _change_denied(new, old):
        return "a change denied"
    if CJK.search(new.text) and any(plan in new.text for plan in _JAPANESE_PLANS):
        return "a plan, not news"
    return ""


_MOVED_TO = frozenset({"to", "into", "a", "al", "в", "во", "на"})


def _another_thing_moved(new: Parse, old: Parse) -> bool:
    """The new fact's verb of change takes an object of its own, common words the stored fact
    never says, to a new value: "The user moved his 401k to Fidelity" after "The user banks
    with Chase", "cambió su hipoteca a CaixaBank", "перевёл вклад в Сбербанк" — that thing
    moved, not what the stored fact says (not "switched gyms to Equinox" after "The user's gym
    is …", nor "moved the standup to 10:00")."""
    if new.content & old.content - old.subject_keys - new.subject_keys:
        return False  # it says more of the stored fact: "Поменял билет в Питер на …", "GitLab"
    words = new.words
    at = next(
        (i for i, w in enumerate(words) if w.kind != "marker" and w.norm in lx.UPDATE_WORDS), None
    )
    if at is None:
        return False
    thing: list[int] = []
    for i in range(at + 1, len(words)):
        w = words[i]
        if w.norm in _MOVED_TO:
            break
        if w.kind in ("stop", "pronoun") or (w.kind == "value" and not thing):
            continue  # "his", "su", "the"; "401" of "401k"
        if w.norm in _NOT_OWNED:
            continue  # "switched over to"
        if w.kind != "word" or not w.text[:1].islower():
            return False  # a name or a value is what moved: "moved Postgres to RDS"
        thing.append(i)
    else:
        return False  # no new value after it: "cancelled the subscription"
    return bool(thing) and not _says_any(old, words, thing)


def _someone_named_instead(new: Parse, old: Parse) -> bool:
    """The new fact's subject names someone the stored fact never names, where the stored
    fact's subject names no one: news of that one, not of whom the stored fact is about."""
    theirs = {k for k in old.subject_keys if k in old.people and not k.startswith("@")}
    if theirs or not any(w.norm in _SOMEONE_OF for w in new.words if w.exact in new.subject):
        return False  # (whose names come back is asked elsewhere; a brand is no one)
    said = old.stems | old.people | old.content
    return any(
        k in new.people and not k.startswith("@") and k not in said and not _inflects(k, said)
        for k in new.subject_keys
    )


# Nouns of someone one knows, before their name: "his colleague Luis", "su compañero Luis"
_SOMEONE_OF = lx.KIN | lx.PERSON_NOUNS | lx.MANY_HELD


def _ended_another(new: Parse, old: Parse) -> bool:
    """The new fact's verb ends something ("sold", "cancelled", "dropped", "ha cancelado"), and
    what it ends is not what the stored fact says: a name it never names ("sold the Lisbon
    apartment" after "owns an apartment in Porto", "sold Apple stock", "Ha cancelado HBO"), or,
    with no name, words it never says ("cancelled the Friday dinner" after "has a dentist
    appointment on Friday"). Not "sold the Civic" after "drives a Honda Civic", nor "cancelled
    my Netflix subscription" after "has Netflix"."""
    if new.verb_norm not in _LEAVING:
        return False  # (not in a clause of its own: "…, since Lena Ortiz left the company")
    words = new.words
    at = next((i for i, w in enumerate(words) if w.norm == new.verb_norm), None)
    if at is None:
        return False
    thing: list[int] = []
    for i in range(at + 1, len(words)):
        w = words[i]
        if w.norm in lx.PREPOSITIONS or w.kind in ("dash", "marker", "aux") or w.norm in _AND:
            break  # ("… for a Toyota RAV4", "… with Sam", "… and bought …")
        if w.kind not in ("stop", "pronoun", "value", "date", "neg"):
            thing.append(i)
    names = [i for i in thing if words[i].kind in ("name", "acronym")]
    if names:
        return not _says_any(old, words, names)
    return bool(thing) and not _says_any(old, words, thing)


def _says_any(old: Parse, words: tuple[Word, ...], positions: Iterable[int]) -> bool:
    """The stored fact says one of the words at `positions` of `words`: by its concept ("job" /
    "works"), as one of its keys or a form of one, or as the start of one of its words
    ("шенген" / "шенгенская")."""
    said = {_concept_at(old.words, i) for i in range(len(old.words))} - {""}
    keys = old.content | old.subject_keys
    return any(
        _concept_at(words, i) in said
        or _concept_found(words[i].key, keys)
        or (len(words[i].norm) >= 5 and any(w.norm.startswith(words[i].norm) for w in old.words))
        for i in positions
    )


def _part_of_the_subject(new: Parse, old: Parse) -> bool:
    """The stored fact's subject is one common noun, and the new fact's is that noun with one
    word beside it that narrows it, a word the stored fact never says: "The team uses Python"
    → "The mobile team switched to Kotlin", "Наши сервисы написаны на Go" → "ML-сервисы
    перешли на Python", "El equipo …" → "El equipo móvil se pasó a …", "Los servicios de ML".
    (Not a person's: "Tom lives in Chicago" → "Tom's home is in Seattle".)"""
    if len(old.subject) != 1 or len(new.subject) != 2:
        return False
    head = next((w for w in old.words if w.exact in old.subject), None)
    if head is None or head.kind != "word":
        return False
    words = new.words
    said = {_concept_at(old.words, i) for i in range(len(old.words))} - {""}
    for at, w in enumerate(words):
        if w.exact not in new.subject or not _concept_found(w.key, frozenset({head.key})):
            continue
        # a common noun, not a name: written in small letters, or Japanese, which has none
        # ("朝会は" / "デザインチームの朝会は")
        if not (head.text[:1].islower() or CJK.match(w.text)):
            continue
        # the word right before it or right after it, or after a "de" ("los servicios de ML";
        # not "the start of the meeting", whose head is "start")
        near = [i for i in (at - 1, at + 1) if 0 <= i < len(words)]
        if at + 2 < len(words) and words[at + 1].norm == "de":
            near.append(at + 2)
        for i in near:
            m = words[i]
            if (
                m.exact in new.subject
                and m.kind in ("word", "acronym")
                and m.norm not in lx.NEW_WORDS
                and m.norm not in lx.UPDATE_WORDS
                and not _concept_found(m.key, old.content)
                and _concept_at(words, i) not in said | _HOW_OFTEN  # ("the weekly review")
                and m.norm not in lx.FREQUENCIES
                and m.norm not in _NOT_NARROWING  # "the whole team", "定例の会議"
                # (a Japanese word narrows one after it by の: "デザインチームの朝会", not
                # "最近エディタを…")
                and (not CJK.match(m.text) or f"{m.text}の{w.text}" in new.text)
            ):
                return True
    return False


# Words beside a noun that take all of it or tell how often it comes, and narrow nothing
_NOT_NARROWING = frozenset(
    """whole entire all every toda todo todos todas entero entera весь вся всё все целый
    целая 全体 全員 毎週 毎日 毎朝 毎月 定例 週次 月次 いつも 今後 これから ユーザー チーム
    うち""".split()
)
_IF = frozenset({"if", "unless", "si", "если"})
_THE_USER = frozenset({"user", "usuario", "usuaria", "пользователь", "ユーザー"})
_ASKED = frozenset("asked asks wondered wonders preguntó preguntaron pregunta".split())
_WHETHER = frozenset({"if", "whether", "si"})
_ASKED_RU = frozenset({"спросил", "спросила", "спросили", "интересовался", "интересовалась"})
_STILL = frozenset("still todavía todavia aún aun sigue siguen sigo seguimos по-прежнему".split())
_LIMITED = frozenset("only solo sólo únicamente только temporarily temporalmente временно".split())
_WEEKENDS = frozenset("weekends weekend выходным выходные выходных".split())
_UNTIL = frozenset({"until", "till", "hasta", "до"})
# Words of a stretch of time a limit word goes with ("for this sprint only", "solo esta semana")
_STRETCHES = frozenset(
    "week sprint weekend weekends today day days semana sprint hoy día días неделю неделе "
    "неделя спринт сегодня день дни".split()
)
_JAPANESE_LIMITED = ("だけ", "週末", "当面")
# A while a change is told to hold for: "during" or "на время" a stretch that ends (a holiday,
# a renovation, a leave); "while" one is away. "For good" says a change lasts.
_WHILE_IT_LASTS = frozenset(
    """holidays holiday vacation renovation renovations leave repairs construction vacaciones
    obras reforma baja permiso отпуск отпуска ремонт ремонта каникулы каникул декрета
    """.split()
)
_WHILE = frozenset({"while", "mientras", "пока"})
_AWAY = frozenset(
    """leave vacation holiday sick ooo baja vacaciones permiso отпуске декрете командировке
    больничном""".split()
)
_AWAY_AFTER_BE = frozenset({"away", "out", "fuera"})
_IS = frozenset({"is", "are", "está", "están", "esta", "estan"})
_WAS = frozenset("was were estaba estaban estuvo был была были".split())
_FOR_GOOD = ("for good", "permanently", "para siempre", "definitivamente", "навсегда")
# Days of the week told as the days something happens on ("on Fridays", "по пятницам")
_SOME_DAYS_OF_THE_WEEK = frozenset(
    """mondays tuesdays wednesdays thursdays fridays saturdays sundays понедельникам
    вторникам средам четвергам пятницам субботам воскресеньям""".split()
)
# Words that open a clause of its own (who, where, after, since): a while told in it may be
# when something was done; "except" says a change holds for most days
_CLAUSE_OPENERS = frozenset(
    """who whom which where after since once quien quienes donde tras después который которая
    которое которые которым которой которого куда где после""".split()
)
_EXCEPT = frozenset("except excepto salvo menos кроме".split())
_JAPANESE_BECAUSE = ("ので", "ため", "から、")
_FOR_A = frozenset({"for", "por", "на"})
_STRETCH_COUNTED = re.compile(
    r"(?:\d+|a|an|one|two|three|four|five|six|few|couple|un|una|dos|tres|cuatro|два|две|три|"
    r"четыре|пару|несколько) (?:day|days|week|weeks|month|months|semana|semanas|mes|meses|"
    r"дня|дней|недели|недель|неделю|месяца|месяцев|месяц)$"
)
# "On training days": days of one kind (not "the days", "two days", "alternate days")
_DAYS_OF = frozenset({"days", "días", "dias", "дни"})
_NOT_A_KIND_OF_DAY = frozenset(
    """the these those some few fewer more less several many most all both other alternate
    alternating odd even certain different consecutive two three four five six seven""".split()
)
_JAPANESE_SOME_TIMES = re.compile(
    r"(?:^|[、はが\s])(午前中は|午後は|夜は|朝は|夕方は|平日は|土日は|休日は)(?!もちろん)"
)


def _asked_whether(new: Parse) -> bool:
    """The fact reports a question: "Karen asked if the user switched jobs", "Carmen preguntó
    si …", "Ольга спросила, сменил ли …"."""
    norms = [w.norm for w in new.words]
    for at, norm in enumerate(norms):
        if norm in _ASKED and _WHETHER.intersection(norms[at + 1 : at + 4]):
            return True
        if norm in _ASKED_RU and "ли" in norms[at + 1 :]:
            return True
    return False


def _change_denied(new: Parse, old: Parse) -> bool:
    """The new fact says the change did not happen: a negation right before its word of change
    ("never migrated", "hasn't moved", "no se ha mudado", "так и не ушли"; not "no longer",
    "ya no", "больше не"), or that the stored value still holds ("still lives in Chicago",
    "sigue en Acme")."""
    words = [w for w in new.words if w.kind not in ("stop", "aux") and w.norm not in ("se", "ha")]
    for at, w in enumerate(words[:-1]):
        if w.kind == "neg" and words[at + 1].norm in lx.UPDATE_WORDS:
            if at and words[at - 1].norm in ("больше", "ya"):
                continue
            return True
    if new.negated:
        return False  # "no longer manages the team, but is still the on-call lead": a part
    if not any(w.norm in _STILL for w in new.words) and "всё ещё" not in new.normalized:
        return False
    values = _relation_values(old)
    return bool(values) and all(any(_same_name(v, w.key) for w in new.words) for v in values)


def _during(norms: list[str], at: int) -> bool:
    """The word at `at` opens a while: "during", "durante", "во время", "на время"."""
    if norms[at] in ("during", "durante"):
        return True
    return norms[at] == "время" and at > 0 and norms[at - 1] in ("во", "на")


def _told_for_a_while(new: Parse, old: Parse) -> bool:
    """The new fact, told in the present, holds for a while or on some days only, and the
    stored fact outside them: "During the renovation the coffee machine is on floor 2", "на
    время ремонта", "… while Mei is on leave", "mientras Ana está de baja", "On release days
    the standup is at 10", "в дни релиза", "los días de partido", "午後は…". (A change told as
    done during a holiday or while away was made then: "switched to a MacBook during the
    holidays"; "for good" says it lasts; "on alternate days" is how often.)"""
    words = new.words
    norms = [w.norm for w in words]
    spaced = f" {' '.join(norms)} "
    if any(f" {p} " in spaced for p in _FOR_GOOD) or _EXCEPT.intersection(norms):
        return False  # ("now works from home, except on Fridays": most days, a change)
    # (a while after "while" is told by its own verb: "took over while Mei is on leave"; a
    # while of another clause may be when it was done: "…: lo migramos durante las vacaciones",
    # "… moved during the holidays and will stay there")
    done = (
        new.past
        or "ja:done" in norms
        or "quit" in norms  # (its past is its present: "quit smoking during the holidays")
        or any(n in lx.CONJUNCTIONS or n in _CLAUSE_OPENERS for n in norms)
        or any(mark in new.text for mark in ":;")
        or any(mark in new.text for mark in _JAPANESE_BECAUSE)
        # a past participle or a past in a clause of its own: "…, adopted during the holidays"
        # (English words alone: not "ja:changed", a Japanese ending read as a word)
        or any(_english_word(w) and _past_or_participle(w.norm) for w in words)
    )
    theirs = {w.norm for w in old.words}
    days_told = any(n in _DAYS_OF or n in _WEEKDAYS or n in lx.OCCASIONS for n in theirs)
    # (a stored time, stretch or frequency says when something is: a day or a length told
    # after it is its new time, "The piano lesson is at 5pm" → "… now on Saturdays at 10am")
    stretched = any(w.norm in _STRETCHES or w.norm[:-1] in _STRETCHES for w in old.words)
    timed = stretched or any(w.kind == "date" or w.norm in lx.FREQUENCIES for w in old.words)
    for at, norm in enumerate(norms):
        if norm in theirs:
            continue
        ahead = norms[at + 1 : at + 6]
        if norm in _WHILE and _away(words[at + 1 :], done):
            return True  # "… while Mei is on leave", "mientras Ana está de baja"
        if done:
            continue
        if _during(norms, at) and _WHILE_IT_LASTS.intersection(ahead[:3]):
            return True  # "During the renovation", "на время ремонта"
        if norm in _UNTIL and _WHILE_IT_LASTS.intersection(ahead[:3]):
            return True  # "until the repairs are done"
        if norm in _FOR_A and not stretched and _STRETCH_COUNTED.match(" ".join(ahead[:2])):
            return True  # "for two months", "на два месяца", "por dos meses"
        if norm in _DAYS_OF and not days_told and _some_days(norms, at):
            return True  # "On training days", "в дни релиза", "los días de partido"
        if norm in _SOME_DAYS_OF_THE_WEEK and not (days_told or timed):
            return True  # "works from home on Fridays", "по пятницам", "los viernes"
    return (
        not done
        and CJK.search(new.text) is not None
        and any(m[1][:-1] not in old.text for m in _JAPANESE_SOME_TIMES.finditer(new.text))
    )  # "午後は…": in the afternoon, not all day


def _away(words: Sequence[Word], done: bool) -> bool:
    """The words after "while" say someone is away now: "Mei is on leave", "Ana está de baja",
    "Вера в декрете", "Ana is away" (not "was away", nor "phasing out Jenkins"; after a change
    told as done, "while on vacation" is when it was made)."""
    if any(w.norm in _WAS or w.kind == "marker" for w in words):
        return False  # (… "while on parental leave and now works at Stripe")
    words = words[:5]
    if done and not any(w.norm in _IS for w in words):
        return False
    return any(
        w.norm in _AWAY or (w.norm in _AWAY_AFTER_BE and at and words[at - 1].norm in _IS)
        for at, w in enumerate(words)
    )


def _some_days(norms: list[str], at: int) -> bool:
    """ "days" at `at` names days of one kind: "on training days", "в дни релиза", "los días
    de partido" (not "on alternate days", "on two days", "the days")."""
    if norms[at - 1 : at] == ["в"]:
        return norms[at + 1 : at + 2] != ["когда"]  # ("в дни, когда …": whenever)
    if norms[at - 1 : at] in (["los"], ["en"]) and norms[at + 1 : at + 2] == ["de"]:
        return True
    for gap in (1, 2):  # "on" and one or two words before "days"
        if at - gap - 1 >= 0 and norms[at - gap - 1] == "on":
            return not any(n in _NOT_A_KIND_OF_DAY for n in norms[at - gap : at])
    return False


def _for_a_while_or_part(new: Parse, old: Parse) -> bool:
    """The change holds for a while or in part only, as the stored fact does not say: "only",
    "solo", "только" beside a stretch of time, "on weekends", "temporarily",
    "for this sprint only", "until Friday", "до пятницы", "hasta el viernes" (when the stored
    fact names no day or stretch of time: "extended until December 31" is a new end),
    "今週だけ". ("As of this week" starts a change, and "during the maintenance window" tells
    when it was made.)"""
    mine = [w.norm for w in new.words]
    kinds = [w.kind for w in new.words]
    theirs = {w.norm for w in old.words}
    dated = any(w.kind == "date" or w.norm in _STRETCHES for w in old.words)
    for at, norm in enumerate(mine):
        if norm in theirs:
            continue
        near = range(max(0, at - 3), min(len(mine), at + 4))
        if norm in _LIMITED and any(kinds[i] == "date" or mine[i] in _STRETCHES for i in near):
            return True  # ("only runs in CI", "now accepts only Parquet", "vive solo": no)
        if norm in _WEEKENDS or (norm == "fines" and mine[at + 1 : at + 3] == ["de", "semana"]):
            return True
        if norm in _UNTIL and not dated:
            after = next((w for w in new.words[at + 1 :] if w.kind != "stop"), None)
            if after is not None and after.kind == "date":
                return True
    if _told_for_a_while(new, old):
        return True
    if CJK.search(new.text) is None:
        return False
    return any(limit in new.text and limit not in old.text for limit in _JAPANESE_LIMITED)


def _value_owns_the_change(new: Parse, old: Parse) -> bool:
    """The stored fact's value comes back in the new fact as the owner of another thing, and
    that thing is what changed: "The user's editor is VS Code" → "… switched the VS Code theme
    to Dracula", "… cambió el tema de VS Code", "… сменил тему VS Code", "VS Codeのテーマを…";
    "We use Datadog" → "We switched Datadog alerts to PagerDuty". The value itself still
    holds. (Not when it is what the change leaves: "switched from Vim to VS Code", "сменил Vim
    на VS Code", "del Holmes Place al Basic-Fit", "no longer …".)"""
    # (what a change is from is read below, by where the value stands: the "de" of "cambió
    # de Vim a …" is "from", of "el tema de VS Code" "of")
    values = _relation_values(old)
    if new.negated or _names_former(new, values) or _instead_of(new, values):
        return False
    if any(w.norm in _LEAVING for w in new.words):
        return False  # "cancelled my Planet Fitness membership": the value is left
    if _attribute_changed(new, old):
        return False  # "The user's bank is Chase" → "changed banks, Chase ATM fees …"
    run: list[Word] = []
    for w in old.objects:
        if w.kind in _VALUE_KINDS:
            run.append(w)
        elif run:
            break
    if not run or not any(w.kind in ("name", "acronym") for w in run):
        return False
    if any(w.kind in ("value", "date") for w in run):
        return False  # a number or a time: "5 minutes" → "5 months" is a new value
    if CJK.search(new.text):
        return re.search(re.escape(" ".join(w.text for w in run)) + "の", new.text) is not None
    keys = tuple(w.key for w in run)
    words = new.words
    # Read more widely — a make's model named alone ("a Honda Civic" → "the Civic's oil"), an
    # acronym after the value ("his Chase PIN"), a thing that opens the sentence ("Конфиг Vim
    # …") — only when the new fact names nothing else: "replaced the Dell XPS with a MacBook",
    # "Задачи Jira команда перенесла в Linear" name what comes in the value's place.
    alone = not any(
        w.kind in ("name", "acronym")
        and w.key not in keys
        and w.key not in old.content
        and not (at and words[at - 1].key in keys and w.kind == "acronym")  # ("Chase PIN")
        for at, w in enumerate(words)
    )
    if alone and len(keys) > 1 and keys[-1] in new.content and not set(keys[:-1]) & new.content:
        keys = keys[-1:]
    said = old.content | old.subject_keys

    def a_thing(at: int, acronym: bool = False) -> bool:
        if not 0 <= at < len(words):
            return False
        w = words[at]
        # (a noun: "the VS Code theme", "Конфиг Vim", not "Dr. Nguyen")
        lower = w.text[:1].islower() or (at == 0 and alone)
        return (
            ((w.kind == "word" and lower) or (acronym and alone and w.kind == "acronym"))
            and len(w.norm) >= 3
            and w.norm not in _NOT_OWNED
            and w.norm not in _RECENT
            and w.key not in said
            and w.norm != new.verb_norm
            and w.norm not in lx.UPDATE_WORDS
            and not _verb_form(w.norm)
        )

    for at in range(len(words) - len(keys) + 1):
        if tuple(w.key for w in words[at : at + len(keys)]) != keys:
            continue
        if _CYRILLIC.match(words[at].norm) or _CYRILLIC.match(new.normalized):
            return a_thing(at - 1)  # "тему VS Code", "алерты Datadog", "карты Тинькофф"
        if at >= 1 and words[at - 1].norm in ("de", "del"):
            return a_thing(at - 2)  # "el tema de VS Code"
        told = " ".join(w.text for w in words[at : at + len(keys)])
        opens = re.search(r"(?:^|[:;.!?(—–-])\s*" + re.escape(told), new.text)
        if new.language == "spanish" or at == 0 or opens:
            return False  # (a value that opens a clause is its subject: "Decision: CI moves")
        if words[at - 1].kind in ("name", "acronym"):
            return False  # the end of a longer name: "GitHub Actions"
        after = at + len(keys)
        # (a participle after it tells what was done: "GitHub Actions (agreed …)")
        return a_thing(after, acronym=True) and not words[after].norm.endswith("ed")
    return False


def _attribute_changed(new: Parse, old: Parse) -> bool:
    """What the new fact's verb of change takes is the stored fact's attribute, a word of its
    subject: "The user's bank is Chase" → "The user changed banks, …" (not "changed the bank
    account nickname": a noun after it is what changed)."""
    attribute = {k for k in old.subject_keys - old.people if not k.startswith("@")}
    words = new.words
    verb = next((at for at, w in enumerate(words) if w.norm == new.verb_norm), None)
    if verb is None or not attribute:
        return False
    at = verb + 1
    while at < len(words) and (words[at].kind in _BEFORE_A_NOUN or words[at].norm in _ARTICLES):
        at += 1
    if at >= len(words) or words[at].key not in attribute:
        return False
    after = words[at + 1] if at + 1 < len(words) else None
    return after is None or not (after.kind == "word" and after.text[:1].islower())


_BEFORE_A_NOUN = frozenset({"stop", "pronoun"})
# Verbs that end what a value was ("cancelled my Planet Fitness membership", "закрыл счёт в
# Тинькофф"), and words after a value that are no thing of its own ("handed the CLI over",
# "at Cobalt last week").
_LEAVING = frozenset(
    """cancelled canceled cancel quit left closed ended terminated dropped sold canceló cancelé
    cerró cerré dejó dejé vendió vendí отменил отменила закрыл закрыла бросил бросила ушёл ушла
    продал продала cancelado cancelada vendido vendida dejado cerrado""".split()
)
_NOT_OWNED = lx.PREPOSITIONS | frozenset(
    "over off out up down away back last next this that now too also".split()
)


def _got_another_thing(new: Parse, old: Parse) -> bool:
    """The new fact's news is that someone got a new one of something ("Mike got a new phone
    number: …", "Вика получила новый пропуск"), and that thing is none the stored fact speaks
    of ("The user's manager is Karen" → "The user got a new laptop"), or who got it is none
    the stored fact is about ("… → Karen got a new manager, Raj"): no news of the stored fact.
    The thing is the words after "new" up to a value, a name or a pronoun; one of them must be
    what the stored fact says (`_says_any`: "a new cell number" after "Mom's cell is …")."""
    words = tuple(w for w in new.words if w.kind not in ("stop", "dash"))
    at = next(
        (i for i in range(len(words) - 1)
         if words[i].norm in lx.GOT and words[i + 1].norm in lx.NEW_WORDS),
        None,
    )  # fmt: skip
    if at is None:
        return False
    end = at + 2
    while end < len(words) and words[end].kind == "word":
        end += 1
    if end == at + 2:
        return False  # nothing said of what was got: "got a new one"
    if not _says_any(old, words, range(at + 2, end)):
        return True
    # who got it, named before "got" (none in "Got a new phone: …"): whom the stored fact is
    # about ("my" and "I" are one person)
    owners = [w.key for w in words[:at] if w.kind not in ("marker", "neg")]
    return not all(
        k in old.people if k.startswith("@") else _concept_found(k, old.subject_keys)
        for k in owners
    )


def _amount_set_otherwise(new: Parse, old: Parse, told: _AmountSet | None = None) -> bool:
    """The new fact sets an amount anew (`_amount_changed`, or `told` when read already), but
    not plainly of the stored fact's own: for someone else ("Anna got her salary raised to …"
    after "My salary is …"), under a condition, at another time or in one case ("… at night",
    "until Friday", "In 2019 …", "Студентам скидку увеличили до 20%"), or with another value
    besides. Whichever rule read the pair as an update, that is no news of the stored amount."""
    if CJK.search(new.text):
        match = _JAPANESE_AMOUNT_SET.search(new.text)
        if match is None:
            return False
        plans = any(plan in new.text for plan in _JAPANESE_PLANS + _JAPANESE_NOT_DONE)
        return plans or match.start("thing") > body_start(new.text)
    if _delayed_by(new):
        return True
    told = told or _amount_changed(new)
    if told is None:
        return False
    said = _all_words(old)
    others = new.values - {told.amount.number} - old.values - _RECENT
    if others and not any(w.norm in lx.DATED_CHANGE for w in new.words):
        return True  # ("Effective 1 July, the cap was raised to …" is dated news)
    if not _whose_kept(new, old, said) or not _told_plainly(new, told, said):
        return True
    return _narrowed_after(new, told, said) or _narrower_thing(new, told, said)


def _delayed_by(fact: Parse) -> bool:
    """A Russian fact moves something by a length of time: "Созвон перенесли на 15 минут"
    (postponed by fifteen minutes), not to a new length."""
    words = fact.words
    return any(
        w.norm in _MOVED_RU
        and nxt.norm == "на"
        and value.kind == "value"
        and unit.norm in lx.UNITS
        and lx.UNIT_MEASURES[lx.UNITS[unit.norm]] in ("time", "days")
        for w, nxt, value, unit in zip(words, words[1:], words[2:], words[3:], strict=False)
    )


_MOVED_RU = frozenset(
    "перенесли перенёс перенес перенесла перенесён перенесен перенесена перенесено сдвинули "
    "сдвинул сдвинула сдвинут сдвинута отложили отложил".split()
)


def _narrowed_after(fact: Parse, told: _AmountSet, said: frozenset[str]) -> bool:
    """After its new amount the fact says when, where or for whom it holds ("… to 62°F at
    night", "… until Friday", "… on weekends", "… для мобильных"), in words the stored fact
    lacks; what it was for ("… to save storage") or after what ("después de la dieta") is
    no narrowing."""
    words = fact.words
    rest = list(itertools.takewhile(lambda w: w.norm not in _WHY_AFTER, words[told.to + 2 :]))
    for at, w in enumerate(rest):
        if w.norm in _SHIFTS:
            return True  # "moved the standup to 30 minutes later": a shift, not a length
        if w.norm in _FOR_HOW_LONG and _how_long(rest[at + 1 : at + 3], w.norm):
            return True  # "… to 50 MB for a week", "на неделю", "durante un mes"
        if _said_in(w, said) or w.norm in lx.UNITS:
            continue
        if w.norm in _RECENT:
            continue  # when it was done ("… bumped Django to 5.0 yesterday"), not when it holds
        if w.norm in lx.DATED_CHANGE:
            break  # when it took effect: "Effective 1 July, …" (read after its clause)
        if w.norm in lx.OCCASIONS or w.norm in lx.CALENDAR or w.norm in _NOT_PLAIN_BEFORE:
            return True
        if w.norm in _SCOPE_BEFORE:
            after = next((x for x in rest[at + 1 :] if x.kind != "stop"), None)
            if after is not None and not _said_in(after, said) and after.norm not in lx.UNITS:
                return True
    return False


def _narrower_thing(fact: Parse, told: _AmountSet, said: frozenset[str]) -> bool:
    """What the fact sets anew is narrower than what the stored fact gives: a word the stored
    fact lacks before one it has ("the video upload limit"), or a thing after a preposition
    ("the limit on videos")."""
    words = fact.words
    verb, to = told.verb, told.to
    told_of = words[verb + 1 : to] if to > verb else words[:verb]
    span = [w for w in told_of if w.kind != "stop" or w.norm in _ANY_PREPOSITION]
    for before, after in itertools.pairwise(span):
        if before.norm in _ANY_PREPOSITION and before.norm not in _OF:
            if after.kind == "word" and not _said_in(after, said):
                return True  # "the limit on videos"
        elif _thing_words((before,)) and not _said_in(before, said) and _said_in(after, said):
            if before.kind == "word" and before.norm not in lx.AMOUNT_NOUNS:
                return True  # "the video upload limit"
    return False


# When a change was made, lately: no time the new amount holds at.
_RECENT = frozenset(
    "yesterday today recently lately sprint вчера сегодня недавно ayer hoy recientemente".split()
)
# Words that tell a new amount is a shift of a time ("30 minutes later"), not a new length.
_SHIFTS = frozenset("later earlier позже раньше después antes tarde".split())
# "For" before how long a new amount holds ("for a week", "на неделю", "durante un mes").
_FOR_HOW_LONG = frozenset("for на durante por".split())


def _how_long(after: Sequence[Word], word: str) -> bool:
    """The words after "for" (`word`) tell a length of time: "a week", "2 days"; after "на"
    or "durante" a unit alone too ("на неделю"); not "por minuto" (per minute)."""
    if not after:
        return False
    if after[0].norm in lx.UNITS:
        return word in ("на", "durante")
    counted = after[0].kind == "value" or after[0].norm in _ONE
    return counted and len(after) > 1 and after[1].norm in lx.UNITS


_ONE = frozenset("a an one un una uno один одну одна".split())
# What a new amount is for or after ("to save storage", "después de la dieta"): no scope.
_WHY_AFTER = frozenset(
    "to so because since after чтобы потому после para porque después tras".split()
)
# Prepositions of when, where and for whom after a new amount.
_SCOPE_BEFORE = frozenset(
    "for on at in during within until для на в во по к до en durante hasta los las".split()
)


def _count_for_id(new: Parse, old: Parse) -> bool:
    """One fact names one by a number after its noun ("Flight 12", "Patient 12", "Room 4"),
    the other counts with the same number before the same noun ("12 flights", "12
    patients", "4 rooms"): one thing and several, not one statement."""
    for one, other in ((new, old), (old, new)):
        words = one.words
        named = {
            (words[at + 1].key, noun.root)
            for at, noun in enumerate(words[:-1])
            if words[at + 1].kind == "value"
            and noun.kind == "word"
            # (a noun that opens its phrase: "Flight 12", "on floor 2"; not a verb, "seats 12")
            and (at == 0 or words[at - 1].kind == "stop" or noun.key in one.capitalised)
        }
        counted = {
            (w.key, noun.root)
            for w, noun in itertools.pairwise(other.words)
            if w.kind == "value" and noun.kind == "word"
        }
        if any(
            key == k and (root == r or _inflects(root, frozenset({r})))
            for key, root in named
            for k, r in counted
        ):
            return True
    return False


def _ending_apart(new: Parse, old: Parse) -> bool:
    """Two cards, accounts or phones told by how their numbers end, and the ends differ: "Amex
    ending 1009" / "Amex ending 1090" are two cards, not a new value of one; or two records
    told by their numbers ("пайплайн #8812" / "пайплайн #8821", "PR #1832" / "PR #1833"), or
    two machines one of them is about ("Сервер web-02 …" / "На сервере web-01 …")."""
    ends = [_after(fact, _ENDING) for fact in (new, old)]
    if ends[0] and ends[1] and ends[0] != ends[1]:
        # (but one's phone number is one: "User got a new phone number; it ends in 9023")
        return not (_news_of_a_new_one(new) and _one_phone_number(new, old))
    numbers = [{w.key for w in fact.words if _NUMBERED.fullmatch(w.key)} for fact in (new, old)]
    if numbers[0] and numbers[1] and numbers[0] != numbers[1]:
        return True
    # (two machines a fact is about, of which more than the machine is said otherwise: one
    # that takes another's role is news, "web-03 is now the canary host", and so is a
    # machine as a value, "moved to cache-03"; "web-01" and "WEB01" are one machine)
    found = [[w for w in fact.words if _MACHINE.fullmatch(w.norm)] for fact in (new, old)]
    if not (found[0] and found[1]):
        return False
    names = [{w.norm.replace("-", "") for w in words} for words in found]
    pairs = list(zip((new, old), found, strict=True))
    about = any(w.key in fact.subject_keys for fact, words in pairs for w in words)
    if not about or not names[0].isdisjoint(names[1]):
        return False
    said = [fact.content - {w.key for w in words} for fact, words in pairs]
    return said[0] != said[1]


def _news_of_a_new_one(fact: Parse) -> bool:
    """The fact tells of a new one ("a new phone number", "новый номер") or of a change."""
    return fact.update or not lx.NEW_WORDS.isdisjoint(w.norm for w in fact.words)


def _one_phone_number(new: Parse, old: Parse) -> bool:
    """Both facts tell the number of one phone: a phone's number in each, not an IMEI or a
    serial, and the same kind of phone (not a work phone and a personal one)."""
    if not (_a_phone(new) and _a_phone(old)):
        return False
    kinds = [_phone_kinds(fact) for fact in (new, old)]
    return kinds[0] == kinds[1] and _NOT_THE_NUMBER not in kinds[0]


def _phone_kinds(fact: Parse) -> frozenset[str]:
    """The words that tell which of someone's phones the fact is of ("work", "рабочий",
    "personal", "自宅"), `_NOT_THE_NUMBER` for a number that is not its number (an IMEI)."""
    found = {
        kind
        for w in fact.words
        for kind, forms in _PHONE_KIND_FORMS.items()
        if w.norm in forms or (_CYRILLIC.match(w.norm) and w.norm.startswith(forms))
    }
    found |= {
        kind
        for kind, forms in _PHONE_KIND_FORMS.items()
        if any(f in fact.text for f in forms if CJK.search(f))
    }
    return frozenset(found)


_NOT_THE_NUMBER = "serial"
_PHONE_KIND_FORMS = {
    "work": ("work", "office", "business", "рабоч", "служебн", "trabajo", "oficina", "仕事",
             "会社", "社用"),
    "personal": ("personal", "private", "личн", "privado", "個人", "プライベート", "私用"),
    "home": ("home", "landline", "домашн", "casa", "fijo", "自宅", "固定"),
    _NOT_THE_NUMBER: ("imei", "serial", "серийн", "serie"),
}  # fmt: skip


def _a_phone(fact: Parse) -> bool:
    """The fact names a phone or its number ("phone number", "номер телефона", "携帯番号")."""
    words = fact.words
    return any(_synonym_at(words, at) == "phone" for at in range(len(words))) or any(
        phone in fact.text for phone in _JAPANESE_PHONES
    )


_JAPANESE_PHONES = ("電話番号", "携帯番号", "携帯の番号", "電話の番号")
_NUMBERED = re.compile(r"#\d+")  # (not a channel: "#ops-alerts" → "#payments-oncall" is news)
# Machines told by their numbers ("web-01" / "web-02", "db2", "node-007"); not a version
# ("GPT-4" / "GPT-5" is news of the model)
_MACHINE = re.compile(
    r"[a-z]+-?0\d+|(?:web|db|app|api|srv|server|host|node|worker|vm|box|cache|proxy|lb)-?\d+"
)


def _told_apart(new: Parse, old: Parse) -> str:
    """What makes two facts of the same words two statements, whichever rule read them as one
    duplicate: a limit on one side only ("Solo Ana puede aprobar" / "Ana puede aprobar"), a
    place gone to in one and come from in the other ("Поезд в Питер" / "Поезд из Питера",
    "transfirió … a la cuenta" / "… desde la cuenta"), names in each other's places, or two
    together in one and one of them in the other; '' when nothing does."""
    if _limited(new) != _limited(old):
        return "only one of them is limited (only)"
    for one, other in ((new, old), (old, new)):
        if _after(one, _SOURCE) & _after(other, _TOWARDS):
            return "a place gone to in one, come from in the other"
    if _names_swapped(new, old):
        return "the same words with the names in each other's places"
    if new.joint != old.joint and new.subject == old.subject:
        # "El usuario y su marido corren …" / "El marido del usuario corre …": the same words,
        # two people in one, one of them in the other
        return "several together in one, one of them in the other"
    if _done_in_one(new, old):
        return "done in one, still to do or done as a rule in the other"
    return ""


def _done_in_one(new: Parse, old: Parse) -> bool:
    """One verb in two tenses: a Spanish preterite of the first person in one fact, the
    same verb in the present in the other ("Diego: mando el informe el viernes" / "Diego: el
    informe ya lo mandé el viernes"): a plan or a habit, and a thing done."""
    for one, other in ((new, old), (old, new)):
        done = {w.key: w.norm for w in one.words if w.kind == "word" and own_preterite(w.norm)}
        if any(w.key in done and w.norm != done[w.key] and not own_preterite(w.norm)
               for w in other.words if w.kind == "word"):  # fmt: skip
            return True
    return False


def _names_swapped(new: Parse, old: Parse) -> bool:
    """Word for word the same sentence, but for two names that changed places: "Service A
    trusts tokens issued by service B" / "Service B trusts tokens issued by service A", "Tom
    pings the user" / "The user pings Tom". Who does what to whom turned, unless the two are
    only listed together ("Tom or the user picks up the kids"), said to be one another ("The
    user is Tom") or the relation goes both ways ("is married to", "is the same age as")."""
    mine, theirs = _named_units(new), _named_units(old)
    if len(mine) != len(theirs):
        return False
    # (a name that opens a sentence may be read as a word: named in either fact is enough)
    named = {unit.key for unit in (*mine, *theirs) if unit.named}
    changed = [at for at, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a.key != b.key]
    if len(changed) != 2:
        return False  # (two clauses told in the other order change more: "A owns iOS and B …")
    first, last = changed
    if last == first + 1 or not {mine[first].key, mine[last].key} <= named:
        # (two changed words side by side are two phrases that changed sides: "Dr. Lee is the
        # user's GP" / "The user's GP is Dr. Lee" says one thing)
        return False
    if (mine[first].key, mine[last].key) != (theirs[last].key, theirs[first].key):
        return False
    between = {unit.norm for unit in mine[first + 1 : last]}
    if between & _LISTED_TOGETHER or between <= _COPULA_FORMS:
        return False
    return not _both_ways(new)


@dataclass(frozen=True, slots=True)
class _Unit:
    """A word of a fact as `_names_swapped` compares it."""

    key: str
    named: bool  # a name, an acronym or the user
    norm: str  # as written, normalised


# Words that put two side by side, in either order ("Tom or the user", "the user, along with
# Tom", "Tom as well as the user", "el usuario junto con Tom"), and a copula alone between
# two names ("The user is Tom")
_LISTED_TOGETHER = frozenset(
    "and or & plus versus vs with along together as y e o u con junto así и или либо а с со "
    "вместе".split()
)
_COPULA_FORMS = frozenset("is are was were es era fue son — -".split())
_NAMED_KINDS = frozenset({"name", "acronym"})


def _named_units(fact: Parse) -> list[_Unit]:
    """A fact's words as `_names_swapped` compares them, "the user" as one word that names
    someone: "Tom pings the user" / "The user pings Tom" are the same words with two in each
    other's places. A preposition run into the article ("al usuario") is the preposition
    alone."""
    units: list[_Unit] = []
    words = fact.words
    for at, w in enumerate(words):
        following = words[at + 1].key if at + 1 < len(words) else ""
        if following in _USER_KEYS and w.norm in _BEFORE_THE_USER:
            if w.norm in lx.PREPOSITION_FORMS:
                form = lx.PREPOSITION_FORMS[w.norm]
                units.append(_Unit(form, False, form))
            continue
        units.append(_Unit(w.key, w.kind in _NAMED_KINDS or w.key in _USER_KEYS, w.norm))
    return units


# What may come right before the user in a sentence whose words are compared in order
_BEFORE_THE_USER = frozenset({"the", "el", "la", "al", "del"})


def _limited(fact: Parse) -> bool:
    """The fact holds a word of "only" ("Solo Ana puede aprobar"), not the Spanish adjective
    after its noun ("el café solo", black coffee)."""
    words = fact.words
    return any(
        w.norm in _ONLY and not (w.norm == "solo" and at and words[at - 1].kind == "word")
        for at, w in enumerate(words)
    )


def _after(fact: Parse, prepositions: frozenset[str]) -> frozenset[str]:
    """The stems of the words that follow one of `prepositions`, articles between aside."""
    found = set()
    words = fact.words
    for at, word in enumerate(words):
        if word.norm not in prepositions:
            continue
        after = at + 1
        while after < len(words) and (
            words[after].norm in _ARTICLES or words[after].norm in _AFTER_ENDING
        ):
            after += 1
        if after < len(words):
            found.add(words[after].root)
    return frozenset(found)


# Words of where from, never of anything else ("de", "с" may say "of", "with") …
_SOURCE = frozenset({"from", "desde", "из", "изо", "от"})
# … and of where to, or where at ("в Питер", "a la cuenta", "to Berlin", "in Berlin").
_TOWARDS = frozenset("to into towards toward in at a hacia en в во на к ко".split())
# Words after which a number tells which one ("ending 1009", "ending in 42", "terminada en 7"),
# and the prepositions between them and the number.
_ENDING = frozenset("ending ends terminada terminado termina оканчивается заканчивается".split())
_AFTER_ENDING = frozenset({"in", "en", "на"})


def _compared(new: Parse, old: Parse, similarity: float) -> Verdict:
    if new.normalized == old.normalized or (
        new.plain == old.plain
        and (new.speaker, new.said_at) == (old.speaker, old.said_at)
        and _same_symbols(new, old)
        and (new.question, new.negated) == (old.question, old.negated)
    ):
        return Verdict("duplicate", "identical after normalisation")
    spelt = spelt_out(new.text, old.text)
    if spelt is not None:
        told, stored = spelt
        verdict = compare(parse(told), parse(stored), similarity)
        return Verdict(verdict.outcome, f"{verdict.reason}, an abbreviation read as its words")
    if _phrase_put_first(new, old):
        return Verdict("duplicate", "the same statement with a phrase put first")
    if _same_naming(new, old):
        return Verdict("duplicate", "the same name of the same one, told another way")
    held = _role_of_holder(new, old)
    if held is not None:
        return held
    if _relation_told_both_ways(new, old):
        return Verdict("duplicate", "the same relation told from its holder's side")
    told = _note_told_as_sentence(new, old)
    if told == "same":
        return Verdict("duplicate", "a note's key and value told as a sentence, or back")
    if told == "other":
        return Verdict("supersede", "a note's attribute told as a sentence with a new value")
    if _note_said_plainly(new, old):
        return Verdict("duplicate", "a note's key and value told as a plain sentence")
    home = _home_told_twice(new, old)
    if home == "same":
        return Verdict("duplicate", "where the same one lives, told as a note and as a sentence")
    if home == "other":
        return Verdict("supersede", "where the same one lives, told another way, a new place")
    bound = _limit_told_as_bound(new, old)
    if bound:
        return bound
    if _amount_set_anew(new, old):
        return Verdict("supersede", "the same amount, set to another one")
    contact = _contact_told_twice(new, old)
    if contact:
        return contact
    address = _web_address_told_twice(new, old)
    if address:
        return address
    passive = _role_told_as_passive(new, old)
    if passive:
        return passive
    if _holder_restated(new, old):
        return Verdict("duplicate", "the same holder of the same role, told again")
    if _settles(new, old):
        return Verdict("supersede", "the same task or proposal, now done or decided")
    changed = _one_clause_changed(new, old, similarity)
    if changed:
        return changed
    updated = (
        _first_clause_updated(new, old, similarity)
        or _news_first(new, old, similarity)
        or _first_clauses_updated(new, old, similarity)
        or _news_later(new, old, similarity)
    )
    if updated:
        return updated
    if _clauses_said_before(new, old):
        return Verdict("duplicate", "clauses the stored fact says word for word, others left out")
    if _clauses_told_again(new, old):
        return Verdict("duplicate", "the same clauses in another order or other words")
    if _reason_left_out(new, old):
        return Verdict("duplicate", "the stored statement without its reason")
    overlap = _jaccard(new.content, old.content)
    if new.passage or old.passage:
        # The rules below read one statement: its subject, attribute and value. A passage (or
        # a sentence as long as one) has no one subject to compare, and read as one it matched
        # unrelated text (an abstract's "increased risk" taken for an update of another's).
        # A short new passage may still update or contradict a stored statement in one of its
        # sentences; a stored passage says more than any one new fact replaces.
        if new.parts and not old.passage and not (new.speaker or old.speaker):
            # (not for dialogue: "Of course! They look tired…" is no update of "Of course!
            # See you later")
            for part in new.parts:
                verdict = compare(parse(part), old, similarity)
                if verdict.outcome in ("supersede", "contradict"):
                    return Verdict(verdict.outcome, f"{verdict.reason}, in one sentence")
        return _related_or_new(new, old, overlap, similarity, "a passage, not one statement")
    form = _other_form(new, old)
    if form in (_OTHER_MOOD, _OTHER_PERSON, _OTHER_ACTION, _OTHER_PART):
        # a wish, a plan or a near miss of a statement, or of another person: nothing of the
        # stored fact says it or changes
        why = _different_subject(new, old) or f"the same words, {form}"
        return _related_or_new(new, old, overlap, similarity, why)
    if form:
        # another time of the statement, another number or another word spelt nearly alike:
        # no duplicate, though it may still update or contradict the stored fact
        return _not_a_duplicate(new, old, overlap, similarity, form)
    if _same_statement(new, old):
        return Verdict("duplicate", "the same subject, words, values and polarity")
    if _says_less(new, old):
        return Verdict("duplicate", "part of what the stored fact says, of the same subject")
    if _reworded(new, old):
        return Verdict("duplicate", "the same statement in other words")
    if _reordered(new, old):
        return Verdict("duplicate", "the same words in another order, no part changed")
    if _voice_turned(new, old):
        return Verdict("duplicate", "the same statement in the other voice, the same roles")
    if _uncleft_duplicate(new, old, similarity):
        return Verdict("duplicate", "the same statement with one part put first as a cleft")
    if _predicate_reworded(new, old):
        return Verdict("duplicate", "the same statement with its predicate in other words")
    return _not_a_duplicate(new, old, overlap, similarity, "")


def _phrase_put_first(new: Parse, old: Parse) -> bool:
    """One fact is the other with a phrase of where, what for or with what put first ("In his
    editor, Bob prefers dark mode" / "Bob prefers dark mode in his editor"), word for word.
    (Read so only here: put first, such a phrase may narrow what the subject is, "In the mobile
    team, Maven has been replaced by Bazel", which the subject's reading keeps.)"""
    if (new.speaker, new.said_at) != (old.speaker, old.said_at):
        return False
    mine, theirs = opening_phrase_moved(new.text), opening_phrase_moved(old.text)
    if mine is new.text and theirs is old.text:
        return False
    return _bare(mine) == _bare(theirs)


def _role_of_holder(new: Parse, old: Parse) -> Verdict | None:
    """A role told as an attribute of its holder ("Kevin's role is QA engineer", "El cargo de
    Valeria es diseñadora junior") read as what the holder is ("Kevin is QA engineer"), when
    the other fact says that: the same role is a duplicate, another one supersedes. None when
    neither fact is told so, either names no job, or the two read so are neither."""
    mine, theirs = _holder_is(new.text), _holder_is(old.text)
    if mine is None and theirs is None:
        return None
    told, stored = parse(mine or new.text), parse(theirs or old.text)
    if not all(any(w.key in _job_stems() for w in fact.objects) for fact in (told, stored)):
        return None  # "Kevin's job is boring": no job named
    verdict = compare(told, stored, 0.0)
    if verdict.outcome not in ("duplicate", "supersede"):
        return None
    return Verdict(verdict.outcome, f"{verdict.reason}, a role told of its holder")


@lru_cache(maxsize=_READINGS)
def _holder_is(text: str) -> str | None:
    """ "Kevin's role is QA engineer" as "Kevin is QA engineer", "El puesto de Ana es …" as
    "Ana es …"; None for a fact told otherwise."""
    match = _ROLE_OF.match(text) or _ROLE_DE.match(text)
    if match is None:
        return None
    return f"{match['who']} {match['be']} {match['what']}"


_ROLE_OF = re.compile(
    r"^\s*(?P<who>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)'s\s+(?:current\s+)?"
    r"(?:role|job|job\s+title|title|position|occupation|profession)\s+(?P<be>is)\s+"
    r"(?P<what>[^,;]+?)\s*$"
)
_ROLE_DE = re.compile(
    r"^\s*(?:el|la|su)\s+(?:cargo|puesto|rol|trabajo|profesión|ocupación)\s+(?:actual\s+)?de\s+"
    r"(?P<who>[A-ZÁÉÍÓÚÑ][\w-]*(?:\s+[A-ZÁÉÍÓÚÑ][\w-]*)?)\s+(?P<be>es)\s+(?P<what>[^,;]+?)\s*$",
    re.IGNORECASE,
)


def _web_address_told_twice(new: Parse, old: Parse) -> Verdict | None:
    """Both facts give where one thing is on the network, and nothing else ("The company VPN
    address is vpn.acme.io" / "The company VPN is at connect.acme.io", "Grafana is served at
    …", "Staging lives at …"): the same address is a duplicate, another one supersedes. Never
    of another thing, environment or speaker, nor when either fact says more of it."""
    mine, theirs = _web_address(new), _web_address(old)
    if mine is None or theirs is None or mine[0] != theirs[0]:
        return None
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return None
    if mine[1] == theirs[1]:
        return Verdict("duplicate", "where the same thing is on the network, told again")
    return Verdict("supersede", "the same thing at another network address")


def _web_address(fact: Parse) -> tuple[frozenset[str], str] | None:
    """(what is there, the host or URL) of a fact that only says where a thing is on the
    network, else None."""
    if fact.negated or fact.question or fact.modal or fact.future or fact.past or fact.update:
        return None
    hosts = [v for v in fact.values if _HOST.fullmatch(v)]
    if len(hosts) != 1 or len(fact.values) != 1:
        return None
    thing: set[str] = set()
    for w in fact.words:
        if w.kind in ("stop", "aux", "dash", "value") or w.norm in _PREPOSITIONS:
            continue
        if w.key in _ADDRESS_WORDS or w.norm in _ADDRESS_WORDS or w.key == fact.verb:
            continue
        thing.add(w.key)
    if not thing or not fact.subject_keys or not thing <= fact.subject_keys:
        return None  # ("… for the EU customers": more than where it is)
    return frozenset(thing), hosts[0]


# A host name with a letter in it (no version: "3.12"), or an IPv4 address, maybe with a port
# and a path: "vpn.acme.io", "grafana.internal:3000", "10.0.0.5:8080"
_HOST = re.compile(
    r"(?:https?://)?(?:(?=[a-z0-9.-]*[a-z])[a-z0-9-]+(?:\.[a-z0-9-]+)+|\d{1,3}(?:\.\d{1,3}){3})"
    r"(?::\d+)?(?:/\S*)?"
)
# Words that name an address, not the thing at it, and the verbs that say it is there
_ADDRESS_WORDS = frozenset(
    """address url host hostname domain link endpoint адрес адресу ссылка домен хост
    dirección direccion enlace dominio serv host hosted live dwell lives доступ доступен
    available reachable be""".split()
)


def _limit_told_as_bound(new: Parse, old: Parse) -> Verdict | None:
    """One fact gives a limit ("Лимит на загрузку файлов — 25 МБ", "The upload limit is 25
    MB") and the other what may not go past an amount ("Файлы больше 25 мегабайт загрузить
    нельзя", "Los archivos no pueden superar los 50 MB"), of the same thing: the same amount
    is a duplicate, another one in the same unit supersedes."""
    if not new.values or not old.values:
        return None  # (both give an amount: the quick way out)
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return None
    if _limit(new) and _bound(old):
        limit, bound = new, old
    elif _limit(old) and _bound(new):
        limit, bound = old, new
    else:
        return None
    mine, theirs = _amounts_told_in_units(limit), _amounts_told_in_units(bound)
    if len(mine) != 1 or len(theirs) != 1 or mine[0][1] != theirs[0][1]:
        return None
    if not _same_thing_limited(limit, bound) or _names_of(new) != _names_of(old):
        return None
    if mine == theirs:
        return Verdict("duplicate", "the same limit, told as what may not go past it")
    return Verdict("supersede", "the same limit, a new amount told as what may not go past it")


def _amount_set_anew(new: Parse, old: Parse) -> bool:
    """The new fact tells that the amount the stored fact gives was set to another one: a verb
    of change, what it changed, "to" and an amount of the same measure ("The gateway request
    timeout is 30 seconds" → "We lowered the gateway timeout to 10s", "El alquiler del piso es
    de 950 €" → "El casero subió el alquiler a 1.020 €"). Who changed it
    ("the doctor", "we", "el casero") is not what the fact is about, so subjects are not
    compared; what was changed must be told in the stored fact's words, and the stored fact
    must give one amount of that measure, another one."""
    if (new.speaker, new.said_at, new.environments) != (old.speaker, old.said_at, old.environments):
        return False
    if new.negated or new.question or new.modal or new.future or new.passage or not new.values:
        return False
    if old.negated or old.question or old.modal or old.future or old.past or not old.values:
        return False
    if CJK.search(new.text):
        return _japanese_amount_set(new, old)
    if any(w.norm in _FOR for w in new.words):
        return False  # for whom or what: "… to 50 MB for video uploads"
    told = _amount_changed(new)
    if told is None:
        return False
    amount = told.amount
    if new.values - {amount.number} - old.values:
        return False  # another value says when or which: "In 2022 bitcoin fell to $20,000"
    stored = [a for a in _amounts_in_units(old) if a.measure == amount.measure]
    if len(stored) != 1 or (stored[0].number, stored[0].unit) == (amount.number, amount.unit):
        return False
    if _amount_set_otherwise(new, old, told):
        return False  # someone else's, in one case, at another time (the checks of any rule)
    # (what changed, and what follows the amount, only in the stored fact's words)
    said = _all_words(old)
    return all(k in said or _inflects(k, said) for k in told.thing | told.after)


def _all_words(fact: Parse) -> frozenset[str]:
    """Every word a fact says, as keys and as roots (adjectives and all)."""
    return (
        fact.content
        | fact.stems
        | fact.people
        | frozenset(form for w in fact.words for form in (w.key, w.root))
    )


def _whose_kept(new: Parse, old: Parse, said: frozenset[str]) -> bool:
    """The new fact is of the same one's amount: whoever the stored fact names comes back
    (or a "her" / "his" that may stand for them), and the new fact names no one else — no
    other name, kin, or "my", "our", "мне" the stored fact lacks ("Dana's phone plan costs
    $40" → "The carrier raised my phone plan to $45" is another plan). Who acted is no owner:
    "we", "the doctor". A capital that opens the fact is a name unless it is a common word of
    either fact or a function word ("Dana told me …", not "Таймаут …", "The …")."""
    mine, theirs = _owners(new, said), _owners(old, frozenset(), opening=False)
    standing_in = {k for k in mine if k.startswith("@3")}
    told = new.content | new.stems | new.exact_content | frozenset(mine)
    missing = [k for k in theirs if k not in told and not _inflects(k, told)]
    if missing and not (standing_in and len(missing) == 1):
        return False
    # ("Dana takes 10 mg …" → "The doctor raised her … dose": "her" may be whoever opens it)
    someone = bool(theirs) or old.words[0].key in old.capitalised if old.words else False
    return all(k in theirs or k in said or (k in standing_in and someone) for k in mine)


def _owners(fact: Parse, common: frozenset[str], *, opening: bool = True) -> set[str]:
    """Who a fact names, as owners (`_whose_kept`): names, kin, possessive and object pronouns,
    and (with `opening`) a capital that opens it and is no common word; not the user, nor a
    pronoun that acts."""
    found: set[str] = set()
    for at, w in enumerate(fact.words):
        if w.key in _USER_ROOTS or w.root in _USER_ROOTS:
            continue
        named = w.kind in ("name", "kin") or (
            w.norm.endswith(("'s", "’s")) and not _said_in(w, common)  # ("Billing's" of "billing")
        )
        owning = w.kind == "pronoun" and w.norm not in lx.SUBJECT_PRONOUNS
        first = (
            opening
            and at == 0
            and w.kind == "word"
            and w.key in fact.capitalised
            and w.norm not in _FUNCTION
            and w.norm not in lx.AMOUNT_NOUNS
            and w.norm not in lx.UPDATE_WORDS
            and w.norm not in lx.AMOUNT_CHANGES
            # (a Russian noun opens a fact as its subject; a dative, "Анне", "Студентам", is
            # whom it was done for)
            and (not _CYRILLIC.match(w.norm) or w.norm.endswith(_RU_DATIVE))
            and w.norm not in _WHY_AFTER
            and w.norm not in _ANY_PREPOSITION
            and w.key not in common
            and w.root not in common
        )
        if named or owning or first:
            found.add(w.key)
    return found


_RU_DATIVE = ("ам", "ям", "е", "и", "у", "ю", "ому", "ему")


def _told_plainly(new: Parse, told: _AmountSet, said: frozenset[str]) -> bool:
    """Before its verb of change the new fact says only who acted (or, in a passive, what
    changed): no condition, plan, time, place or case ("If errors spike, lower …", "Last year
    we lowered …", "In the load test …", "Near schools the city lowered …", "Customers can
    lower …", "Dana suggested we lower …")."""
    words = new.words
    verb = told.verb
    start = 0
    if words and words[0].norm in _WHY_AFTER:
        # after what it was done: "После частичного погашения платёж … уменьшился до …"
        start = next((at for at in range(verb) if _said_in(words[at], said)), verb)
    actors = 0
    for at, w in enumerate(words[:verb]):
        if at < start:
            continue
        if w.kind in ("value", "date") or w.norm in _NOT_PLAIN_BEFORE or w.norm in _when_words():
            return False
        if w.norm in _ANY_PREPOSITION and w.norm not in _OF:
            # (a preposition inside what changed is the stored fact's: "Бюджет на продукты",
            # "Таймаут к DaData"; not "In the load test", "Near schools")
            after = next((x for x in words[at + 1 : verb] if x.kind != "stop"), None)
            if after is None or not _said_in(after, said):
                return False
        elif w.kind == "word" and not _said_in(w, said) and w.norm not in lx.AMOUNT_NOUNS:
            actors += 1  # "the doctor", "our landlord", "el casero"
    return actors <= 2


def _said_in(word: Word, said: frozenset[str]) -> bool:
    return word.key in said or word.root in said or _inflects(word.root, said)


# Words that make what follows a condition, a plan, a suggestion or a possibility.
_NOT_PLAIN_BEFORE = frozenset(
    """ночью днём днем утром вечером
    if when whenever unless once until can could should may might must would suggested
    suggest suggests proposed propose plan plans planned reminder temporarily briefly usually
    often every each
    если когда пока можно нужно надо должен должны предложил предложили обычно каждый
    каждую временно
    si cuando mientras puede pueden debe deben podría sugirió propuso suele cada
    temporalmente""".split()
)


def _japanese_amount_set(new: Parse, old: Parse) -> bool:
    """`_amount_set_anew` in Japanese: what changed, が/を/は, the amount and its unit, に or
    まで and a verb of change ("キャッシュTTLを60秒に短縮" after "キャッシュのTTLは300秒",
    "カードの限度額が80万円に引き上げられた" after "…利用限度額は50万円"). What changed must be
    written in the stored fact, which gives one amount in that unit, another one."""
    if any(plan in new.text for plan in _JAPANESE_PLANS + _JAPANESE_NOT_DONE):
        return False
    match = _JAPANESE_AMOUNT_SET.search(new.text)
    if match is None or match.start("thing") > body_start(new.text):
        return False  # (a clause before it tells when, where or for whom: "本番は、…")
    thing = parse(match["thing"])
    named = [w.norm for w in thing.words if w.kind in ("word", "name", "acronym", "kin")]
    stored = old.text.casefold()
    if not named or not all(n in stored for n in named):
        return False  # (a Japanese word found where it is written: "カード" of "クレジットカード")
    unit = match["unit"].casefold()
    amounts = [a for a, u in _JAPANESE_AMOUNT.findall(stored) if u.casefold() == unit]
    return len(amounts) == 1 and amounts[0] != match["number"]


# Japanese words of what is not done: a duty, a proposal, a wish of someone else's, a
# condition, a check ("短縮すべき", "短縮しよう", "短縮してほしい", "短縮する案", "短縮すると",
# "値上げすれば", "副作用が出たら", "短縮できるか確認中").
_JAPANESE_NOT_DONE = (
    "べき",
    "しよう",
    "てほしい",
    "案",
    "すると",
    "れば",
    "たら",
    "確認中",
    "できるか",
)


# The amounts Japanese text gives, and their units ("300秒", "50万円", "0.475%", "5mg").
_JAPANESE_UNITS = r"万円|円|mg|kg|g|秒|分|時間|日|週間|か月|ヶ月|年|%|％|GB|MB|TB|人|件|回|ドル|km"
_JAPANESE_AMOUNT = re.compile(rf"(\d[\d,.]*)\s*({_JAPANESE_UNITS})", re.IGNORECASE)
_JAPANESE_AMOUNT_SET = re.compile(
    r"(?:^|[:：、。\s])\s*(?P<thing>[^、。\s:：]+?)(?:を|が|は)(?:年|月|週|日)?"
    rf"(?P<number>\d[\d,.]*)\s*(?P<unit>{_JAPANESE_UNITS})(?:に|まで)"
    r"(?:短縮|延長|引き上げ|引き下げ|値上げ|値下げ|上げ|下げ|上が|下が|増量|減量|増や|減ら|変更|伸ば"
    r"|縮め|拡大|縮小|落ち|増え|減っ|なっ|なり)",
    re.IGNORECASE,
)


def _amount_changed(fact: Parse) -> _AmountSet | None:
    """How a fact tells an amount set to a new one ("lowered the gateway timeout to 10s":
    gateway and timeout, 10 s), else None. What was changed is the object, or for a passive
    ("The limit was raised to 20 MB") or a verb with none the words before the verb."""
    words = fact.words
    verb = next((at for at, w in enumerate(words) if w.norm in lx.AMOUNT_CHANGES), None)
    if verb is None or (verb == 0 and words[0].norm.isascii() and not words[0].norm.endswith("ed")):
        return None  # ("Cut the budget to …", "TODO: set the limit to …": something to do)
    to_words = lx.AMOUNT_TO
    if words[verb].norm in lx.RESET_VERBS:
        to_words = to_words | lx.AMOUNT_TO_AFTER_CHANGE
    to = next((at for at in range(verb + 1, len(words)) if words[at].norm in to_words), None)
    if to is None:  # (Russian told object first, read back in order: "до 20% увеличили …")
        to = next((at for at in range(verb) if words[at].norm in to_words), None)
    amount = _amount_at(words, to + 1) if to is not None and to + 1 < len(words) else None
    if amount is None or to is None:
        return None
    # (a word that names the amount itself may be left unsaid in the stored fact: "raised her
    # escitalopram dose to 20 mg" after "takes 10 mg of escitalopram")
    said = [w for w in words if w.norm not in lx.AMOUNT_NOUNS]
    verb_at, to_at = said.index(words[verb]), said.index(words[to])
    if to_at < verb_at:
        thing = _thing_words(said[verb_at + 1 :])
    else:
        thing = _thing_words(said[verb_at + 1 : to_at]) or _thing_words(said[:verb_at])
    if not thing:
        return None
    # what follows the amount: per what ("20 mg a day") or what is counted ("11 personas")
    rest = frozenset(w.key for w in words[to + 1 + amount.width :] if w.norm not in lx.UNITS)
    after = _thing_words(tuple(w for w in words if w.key in rest))
    return _AmountSet(thing, amount, after, verb, to)


def _amount_for_others(new: Parse, old: Parse) -> bool:
    """The new fact gives an amount for something the stored fact does not name ("… to 50 MB
    for video uploads", "… a 20 € para los socios"): a narrower amount beside the stored one."""
    words = new.words
    if not _amounts_in_units(new):
        return False
    said = old.stems | old.content
    for at, w in enumerate(words):
        if w.norm not in _FOR:
            continue
        # what it is for: the words right after, articles aside ("for 4.2 got pushed …" names
        # a release the stored fact names too, not "got")
        run = itertools.takewhile(
            lambda x: (
                x.kind in ("word", "name", "acronym", "kin", "stop")
                and x.norm not in _LINKS
                and x.norm not in lx.UPDATE_WORDS
                and x.norm not in lx.AMOUNT_CHANGES
            ),
            words[at + 1 :],
        )
        named = _thing_words(tuple(run))
        if any(k not in said and not _inflects(k, said) for k in named):
            return True
    return False


def _thing_words(words: Sequence[Word]) -> frozenset[str]:
    """The keys of the words that name something, of a stretch of a fact."""
    return frozenset(
        w.key
        for w in words
        if w.kind in ("word", "name", "acronym", "kin")
        and w.norm not in _FUNCTION
        and w.norm not in lx.UPDATE_WORDS
        and w.norm not in _when_words()
    )


@dataclass(frozen=True)
class _Amount:
    number: str  # the value's key: "10", "€1.020", "15%"
    unit: str  # as written: "s", "mb", "mg", "€", "%"; '' for a bare number
    measure: str  # what the unit measures: "time" for "s" and "min" (`lexicon.UNIT_MEASURES`)
    width: int  # the words it takes: 2 with its unit told after the number, else 1


@dataclass(frozen=True)
class _AmountSet:
    """How a fact tells an amount set to a new one (`_amount_changed`)."""

    thing: frozenset[str]  # what was changed: "gateway", "timeout"
    amount: _Amount  # the new amount
    after: frozenset[str]  # the words that follow it: "day" of "20 mg a day"
    verb: int  # where its verb of change is
    to: int  # where the word before the amount is ("to", "a", "до")


def _amounts_in_units(fact: Parse) -> list[_Amount]:
    """The amounts a fact gives (`_amount_at`)."""
    words = fact.words
    found = (_amount_at(words, at) for at, w in enumerate(words) if w.kind == "value")
    return [amount for amount in found if amount is not None]


def _amount_at(words: Sequence[Word], at: int) -> _Amount | None:
    """The amount the value at `at` gives: its currency or per cent sign, or the word after it
    when that is a unit ("seconds", "GB") or short like one ("mg", "мг"), or none; None for
    no value or one that is no amount (a date, a time, a version, an address)."""
    key = words[at].key
    if words[at].kind != "value" or (at + 1 < len(words) and words[at + 1].kind == "value"):
        return None  # (a run of numbers is a phone or an id: "601 555 0348")
    if key[:1] in _CURRENCY_SIGNS or key.endswith("%"):
        sign = key[0] if key[:1] in _CURRENCY_SIGNS else "%"
        return _Amount(key, sign, sign, 1)
    if not _PLAIN_NUMBER.fullmatch(key):
        return None
    after = words[at + 1] if at + 1 < len(words) else None
    month = (
        words[at + 2] if after is not None and after.norm in _OF and at + 2 < len(words) else after
    )
    if month is not None and month.kind == "date":
        return None  # a day of a month: "до 17 марта", "al 19 de mayo"
    if after is not None and after.norm in lx.UNITS:
        unit = lx.UNITS[after.norm]
        return _Amount(key, unit, lx.UNIT_MEASURES[unit], 2)
    if after is not None and after.kind == "word" and len(after.norm) <= 3 and after.norm.isalpha():
        return _Amount(key, after.key, after.key, 2)  # "mg", "мг", "rpm"
    return _Amount(key, "", "", 1)


_CURRENCY_SIGNS = frozenset("$€£¥₽")
_PLAIN_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _contact_told_twice(new: Parse, old: Parse) -> Verdict | None:
    """Both facts give how to reach the same person, each its own way ("Sara's phone number is
    555-0101", "You can reach Sara by phone at 555-0177", "Priya can be reached at …", "El
    teléfono de Ana es …"), the same kind of contact (a phone, an e-mail) with the same
    qualifier (work, personal): the same value is a duplicate, another supersedes."""
    if (new.speaker, new.said_at) != (old.speaker, old.said_at) or new.question or old.question:
        return None
    if new.negated or old.negated or (new.modal and not _CAN.search(new.text)):
        return None
    mine, theirs = _contact(new.text), _contact(old.text)
    if mine is None or theirs is None or mine[:3] != theirs[:3]:
        return None
    if mine[3] == theirs[3]:
        return Verdict("duplicate", "the same way to reach the same person, told another way")
    return Verdict("supersede", "a new way to reach the same person, told another way")


@lru_cache(maxsize=_READINGS)
def _contact(text: str) -> tuple[str, str, str, str] | None:
    """(who, which kind of contact, its qualifier, the value) a fact gives, or None."""
    if "@" not in text and not _DIGITS_RUN.search(text):
        return None  # (no e-mail and no number: the quick way out)
    for pattern in _CONTACT_PATTERNS:
        match = pattern.search(text)
        if match is None:
            continue
        value = match["value"].rstrip(".,;!")
        kind = "email" if "@" in value else "phone" if _PHONE.fullmatch(value) else ""
        if not kind:
            return None
        said = (match.groupdict().get("kind") or "").casefold()
        if said and (said in _EMAIL_WORDS) != (kind == "email"):
            return None  # "phone … a@b.com": not one contact
        qualifier = (match.groupdict().get("qualifier") or "").casefold()
        if said in _MOBILE_WORDS:
            qualifier = qualifier or "mobile"  # a mobile beside a landline: two numbers
        return normalize(match["who"]), kind, qualifier, value.casefold()
    return None


_CONTACT_WHO = r"(?P<who>[A-ZÁÉÍÓÚÑ][\w-]+(?:\s+[A-ZÁÉÍÓÚÑ][\w-]+)?)"
_KIND = r"(?P<kind>phone(?:\s+number)?|number|e-?mail(?:\s+address)?|mobile|cell)"
_VALUE = r"(?P<value>\+?[\w.+()-]+(?:[ \u00a0][\d()-]+)*(?:@[\w.-]+)?)"
_CONTACT_PATTERNS = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        rf"^\s*{_CONTACT_WHO}'s\s+(?:(?P<qualifier>work|personal|home|private)\s+)?{_KIND}\s+is\s+"
        rf"{_VALUE}\s*[.!]?\s*$",
        rf"^\s*(?:you|one)\s+can\s+(?:reach|call|contact|text|e-?mail)\s+{_CONTACT_WHO}\s+"
        rf"(?:by\s+{_KIND}\s+)?(?:at|on)\s+{_VALUE}\s*[.!]?\s*$",
        rf"^\s*{_CONTACT_WHO}\s+can\s+be\s+(?:reached|contacted|called)\s+(?:by\s+{_KIND}\s+)?"
        rf"(?:at|on)\s+{_VALUE}\s*[.!]?\s*$",
        rf"^\s*(?:el|su)\s+(?P<kind>teléfono|móvil|correo(?:\s+electrónico)?|e-?mail)\s+"
        rf"(?:(?P<qualifier>personal|del\s+trabajo)\s+)?de\s+{_CONTACT_WHO}\s+es\s+(?:el\s+)?{_VALUE}"
        rf"\s*[.!]?\s*$",
    )
)
_PHONE = re.compile(r"\+?[\d()][\d ()\u00a0-]{4,}\d")
_DIGITS_RUN = re.compile(r"\d[\d ()\u00a0-]{4,}\d")
_EMAIL_WORDS = frozenset({"email", "e-mail", "email address", "e-mail address", "correo"})
_MOBILE_WORDS = frozenset({"mobile", "cell", "móvil"})
_CAN = re.compile(r"\bcan\b", re.IGNORECASE)


def _role_told_as_passive(new: Parse, old: Parse) -> Verdict | None:
    """One fact names whose role it is and who holds it ("The payments team's lead is Carla",
    "The team lead is Carla"), the other says it in the passive of the role's verb ("The
    payments team is led by Carla"):
    the same holder is a duplicate; another one supersedes, for a role one holds at a time
    (a lead, a manager, an owner, a head; not a reviewer, of whom there may be several)."""
    if (new.speaker, new.said_at) != (old.speaker, old.said_at) or new.question or old.question:
        return None
    if new.negated or old.negated or new.modal or old.modal:
        return None
    mine, theirs = _role_reading(new.text), _role_reading(old.text)
    if mine is None or theirs is None or mine[2] == theirs[2] or mine[:2] != theirs[:2]:
        return None  # (told the same way: the rules of a statement read it)
    if mine[3] == theirs[3]:
        return Verdict("duplicate", "the same holder of a role, told in the passive of its verb")
    if mine[1] in _ROLES_HELD_ALONE:
        return Verdict("supersede", "another holder of a role, told in the passive of its verb")
    return None


@lru_cache(maxsize=_READINGS)
def _role_reading(text: str) -> tuple[str, str, str, str] | None:
    """(whose role, the role's verb, how it is told, who holds it), or None."""
    lowered = text.casefold()
    if " by " not in lowered and not any(role in lowered for role in _ROLE_VERBS):
        return None  # (most facts: a look at the text costs less than the patterns)
    for how, pattern in (("noun", _ROLE_NOUN), ("passive", _ROLE_PASSIVE)):
        match = pattern.match(text)
        if match is None:
            continue
        verb = _ROLE_VERBS.get(match["role"].casefold(), match["role"].casefold())
        return _plain_name(match["owner"]), verb, how, _plain_name(match["holder"])
    return None


def _plain_name(text: str) -> str:
    """A name or a noun phrase, articles and case aside."""
    return " ".join(w for w in text.casefold().split() if w not in ("the", "a", "an"))


_ROLE_VERBS = {
    "lead": "led", "leader": "led", "head": "headed", "manager": "managed", "owner": "owned",
    "maintainer": "maintained", "author": "written", "creator": "created",
    "sponsor": "sponsored", "approver": "approved", "reviewer": "reviewed",
}  # fmt: skip
_ROLES_HELD_ALONE = frozenset({"led", "headed", "managed", "owned"})
_ROLE_NOUN = re.compile(
    rf"^\s*(?P<owner>[^,;]+?)(?:'s|’s|')?\s+(?P<role>{'|'.join(_ROLE_VERBS)})\s+is\s+"
    r"(?P<holder>[^,;]+?)\s*[.!]?\s*$",
    re.IGNORECASE,
)
# (the holder one name, and nothing after it: not "by Dan and Carla", "by Dan this week",
# "by Dan until Carla returns", "by example")
_ROLE_PASSIVE = re.compile(
    rf"^\s*(?P<owner>[^,;]+?)\s+(?:is|are)\s+(?P<role>(?i:{'|'.join(sorted(set(_ROLE_VERBS.values())))}))"
    r"\s+by\s+(?P<holder>(?:Team\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s*[.!]?\s*$",
)


def _limit(fact: Parse) -> bool:
    """The fact names a limit and says nothing against it."""
    return (
        not fact.negated and not fact.question and any(w.norm in lx.LIMIT_WORDS for w in fact.words)
    )


def _bound(fact: Parse) -> bool:
    """The fact says that what goes past an amount may not be: a negation and a word of going
    past ("larger than", "больше", "superar")."""
    if not fact.negated or fact.question or fact.past:
        return False  # ("could not be uploaded yesterday": what happened once)
    norms = {w.norm for w in fact.words}
    return not norms.isdisjoint(lx.BEYOND_WORDS) and norms.isdisjoint(_ADVICE)


def _amounts_told_in_units(fact: Parse) -> list[tuple[str, str]]:
    """The amounts the fact gives with a unit word after the number, each the number and the
    unit ("25 MB": ("25", "mb")); no sign, no bare number."""
    return [
        (a.number, a.unit)
        for a in _amounts_in_units(fact)
        if a.width == 2 and a.unit in lx.UNIT_MEASURES
    ]


def _same_thing_limited(limit: Parse, bound: Parse) -> bool:
    """The bound names what the limit is of: its words (not of going past, "may" or "be") are
    the limit's, as written or inflected ("файлы" / "файлов"), but for one word of one side
    ("Files larger than 25 MB cannot be uploaded" / "The upload limit …"; not "Videos … cannot
    be uploaded" / "The upload limit for images …")."""
    skip = lx.BEYOND_WORDS | lx.LIMIT_WORDS | lx.UNITS.keys() | _MAY_BE
    mine = frozenset(w.key for w in limit.words if w.kind == "word" and w.norm not in skip)
    theirs = frozenset(w.key for w in bound.words if w.kind == "word" and w.norm not in skip)
    only_bound = {k for k in theirs if not _of_one_root(k, mine)}
    only_limit = {k for k in mine if not _of_one_root(k, theirs)}
    if only_bound - _FILES_WORDS:
        return False  # "Images larger than 5 MB …": a limit of its own beside the general one
    return len(only_bound) < len(theirs) and len(only_bound) + len(only_limit) <= 1


def _of_one_root(key: str, others: frozenset[str]) -> bool:
    """`key` is one of `others`, inflected, or begins one of them or is begun by one, five
    letters at least ("загруз" of "загрузить" and "загрузк" of "загрузку")."""
    if key in others or _inflects(key, others):
        return True
    return any(
        min(len(key), len(o)) >= 5 and (key.startswith(o) or o.startswith(key)) for o in others
    )


_ADVICE = frozenset("should shouldn't could couldn't debería deberían следует стоит".split())
_FILES_WORDS = frozenset("file files archiv файл файлы".split())
_MAY_BE = frozenset("may can be allowed permitted может быть можно pueden puede ser".split())


def _same_naming(new: Parse, old: Parse) -> bool:
    """Both facts give the same one the same name, told in any of three ways: "My wife's name
    is Anna", "My wife is called Anna" (or "named"), "Anna is my wife"."""
    if not any(word in fact.normalized for fact in (new, old) for word in _NAMING_HINTS):
        return False  # (one of them says "name", "called", "зовут", "se llama": a quick way out)
    if (new.speaker, new.said_at) != (old.speaker, old.said_at) or new.negated or old.negated:
        return False
    mine, theirs = _naming(new), _naming(old)
    if mine is None or theirs is None or mine[1] != theirs[1]:
        return False
    return _same_owner(mine[0], theirs[0])


_NAMING_HINTS = ("name", "call", "зовут", "кличк", "имени", "llama")


def _same_owner(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Whom two namings are of, in any order and any case of a Russian noun ("мою жену" /
    "моя жена", "кота пользователя" / "у пользователя кот")."""
    if len(one) != len(other):
        return False
    return all(any(_one_key(a, b) for b in other) for a in one)


def _one_key(a: str, b: str) -> bool:
    """Two keys are one word: equal, or one the other with an ending of up to two letters."""
    short, long = sorted((a, b), key=len)
    return short == long or (
        len(short) >= 3 and len(long) - len(short) <= 2 and long.startswith(short)
    )


def _relation_told_both_ways(new: Parse, old: Parse) -> bool:
    """One fact names who holds a relation of someone ("Lucas is Hannah's manager"), the
    other tells the relation from that someone's side ("Hannah reports to Lucas"): the same
    relation, owner and holder."""
    if (new.relation is None) == (old.relation is None):
        return False  # (both told from the owner's side: `_relation_restated` reads them)
    side, other = (new, old) if new.relation is not None else (old, new)
    if not _relation_values(side) <= other.content | other.people:
        return False  # the holder is not even named in the other
    if (new.speaker, new.said_at) != (old.speaker, old.said_at) or new.negated or old.negated:
        return False
    mine, theirs = _held_relation(new), _held_relation(old)
    if mine is None or theirs is None or mine[2] != theirs[2]:
        return False
    return _same_relation(mine[:2], theirs[:2])


def _held_relation(fact: Parse) -> tuple[str, frozenset[str], frozenset[str]] | None:
    """(relation, whose, holder) of a fact that tells one relation of someone and who holds
    it, from either side: "Hannah reports to Lucas", "Lucas is Hannah's manager"."""
    if fact.question or fact.modal or fact.past or fact.future or fact.listed:
        return None
    if fact.relation is not None:
        values = _relation_values(fact)
        return (*fact.relation, values) if values else None
    held = _holder_and_role(fact)
    if held is None or held[2] or len(held[1]) != 2:
        return None
    owner, noun = held[1]
    relation = relation_keys().get(noun)
    if relation is None:
        return None
    return relation, frozenset({owner}), frozenset(held[0])


def _naming(fact: Parse) -> tuple[tuple[str, ...], str] | None:
    """(whose, name) of a fact that only names someone: "The user's daughter's name is Maya",
    "My wife is called Anna", "Maya is the user's daughter", "Мою жену зовут Анна", "Mi esposa
    se llama Ana", "Canela es la perra de la usuaria" (a name standing alone)."""
    words = [w for w in fact.words if w.kind != "stop"]
    norms = [w.norm for w in words]
    if len(words) < 3 or fact.question or fact.past or fact.modal:
        return None
    last, first = words[-1], words[0]
    if first.kind == "name" and norms[1] in _NAMED_BY and _kin_or_pet(words[2:]):
        return _whose(words[2:]), first.key  # "Собаку зовут Рекс", read with the name first
    if last.text[:1].isupper() and last.kind in ("name", "word"):
        if len(words) >= 4 and norms[-2] in _CALLED and norms[-3] in _IS_WORDS:
            return _whose(words[:-3]), last.key  # "… is called Anna"
        if len(words) >= 4 and norms[-2] in _IS_WORDS and norms[-3] == "name":
            return _whose(words[:-3]), last.key  # "… 's name is Anna"
        if norms[-2] in _NAMED_BY:  # "Мою жену зовут Анна", "Mi esposa se llama Ana"
            return _whose(words[:-2]), last.key
        has = next((at for at, n in enumerate(norms[:-3]) if n in _HAS), None)
        if has is not None and norms[-2] in _CALLED_AFTER and _kin_or_pet(words[-3:-2]):
            # "The user has a son called Noah", "El usuario tiene un gato llamado Chispa": of
            # whoever has it ("Ana has a son called Noah" is Ana's son)
            return _whose([*words[:has], words[-3]]), last.key
        # "Сын пользователя — Миша", "Кличка собаки — Рекс", "The user's son is Noah": kin
        # or a pet of someone's, and its name alone
        named = [w for w in words[:-2] if w.norm not in _NAME_NOUNS]
        if last.kind == "name" and norms[-2] in _NAMING_IS and _kin_or_pet(named):
            if all(w.kind in ("kin", "pronoun") or w.norm in lx.PETS or possessive(w)
                   or w.root in _USER_ROOTS or w.norm in _OWNER_WORDS for w in named):  # fmt: skip
                return _whose(named), last.key
    told = [w for w in words[2:] if w.norm not in lx.SUBJECT_PRONOUNS]
    if first.text[:1].isupper() and norms[1] in _NAMING_IS and _kin_or_pet(told):
        whose = _whose(told)  # "Anna is my wife", "Canela es la perra de la usuaria"
        owned = any(w.kind == "pronoun" or possessive(w) or w.root in _USER_ROOTS for w in told)
        return (whose, first.key) if whose and owned else None
    return None


_CALLED = frozenset({"called", "named"})
_CALLED_AFTER = _CALLED | {"llamado", "llamada"}
_HAS = frozenset({"has", "have", "tiene", "tengo", "tienen", "tenemos"})
_IS_WORDS = frozenset({"is", "was"})
# The word right before a name that says it is what one is called ("зовут", "по кличке", "по
# имени", "se llama").
_NAMED_BY = frozenset({"зовут", "кличке", "имени", "llama", "llaman"})
_NAMING_IS = frozenset({"es", "—"}) | _IS_WORDS
# Nouns of a name ("Кличка собаки — Рекс"), and Russian words for the user as an owner
_NAME_NOUNS = frozenset({"кличка", "имя", "name", "nombre"})
_OWNER_WORDS = frozenset({"пользователя", "пользовательницы", "меня", "у"})


def _kin_or_pet(words: list[Word]) -> bool:
    return any(w.kind == "kin" or w.norm in lx.KIN or w.norm in lx.PETS for w in words)


def _whose(words: list[Word]) -> tuple[str, ...]:
    """Whom a naming is of, as keys: "my wife" ("@1s", "wife"), "the user's daughter"; a
    Russian "my" in any case is "@1s" ("мою жену")."""
    return tuple(
        "@1s" if w.norm in _MY else (w.root if w.kind == "kin" else w.key)
        for w in words
        if w.kind in ("pronoun", "word", "kin", "name") and w.root not in _USER_ROOTS
    )


_MY = frozenset("мой моя моё мое мою моего моей моему моим моих мои".split())


def _note_told_as_sentence(new: Parse, old: Parse) -> str:
    """One fact is a note ("Timezone: CET", "Zona horaria: CET") and the other says of the
    user in a sentence what its key names ("The user's timezone is …", "La zona horaria del
    usuario es …"): "same" when the sentence's object is the note's value, "other" when it is
    another value of the same kind and the key an attribute held one at a time
    (`lexicon.ATTRIBUTE_KEYS`), else ""."""
    if (":" in new.text) == (":" in old.text) or (new.speaker, new.environments) != (
        old.speaker,
        old.environments,
    ):
        return ""
    note, sentence = (new, old) if new.verb == ":" else (old, new)
    if note.verb != ":" or sentence.verb not in _STATING or sentence.negated or note.negated:
        return ""
    if sentence.question or sentence.modal or sentence.past or sentence.future:
        return ""
    key = [w for w in note.words if w.exact in note.subject]
    about = {w.root for w in sentence.words if w.exact in sentence.subject} - _USER_ROOTS
    said, told = note.object_keys - _FUNCTION, sentence.object_keys - _FUNCTION
    if key and not about:
        # the user is said to be in what the key names: "User is in the Europe/Berlin timezone"
        # (the same value only: "… the America/New_York timezone this week" is a trip)
        named = {o.key for o in sentence.objects for w in key if _stem_of(w.root, o.root)}
        placed = {o.key for o in sentence.objects if o.norm in _ANY_PREPOSITION}
        if len(named) == len(key) and said == told - named - placed:
            return "same"
    if not key or len(key) != len(about):
        return ""
    # (a note too short to tell its language may be stemmed in another: "Zona horaria")
    if not all(any(_stem_of(w.root, a) for a in about) for w in key):
        return ""
    if said == told:
        return "same"
    one = any(w.norm in lx.ATTRIBUTE_KEYS for w in key)
    # (a value in quotes is one, whatever its words: "Slack status: 'Focusing'")
    valued = _same_kind_of_value(new, old) or all(
        _VALUE_IN_QUOTES.search(f.text) for f in (new, old)
    )
    return "other" if one and valued and not said & told else ""


_VALUE_IN_QUOTES = re.compile(r"(?<!\w)['\"«“‘][^'\"«»“”‘’]{1,40}['\"»”’](?!\w)")


_STATING = frozenset({"be", "ser", "estar", "="})


def _note_said_plainly(new: Parse, old: Parse) -> bool:
    """A note ("Язык ответов: испанский", "Deploy window: Tue 14:00 UTC") told as a sentence
    that names a word of its key and gives its value with a plain verb of wanting or of
    happening, nothing else ("Пользователь хочет ответы на испанском", "Deploys go out on
    Tuesdays at 14:00 UTC"): the same statement."""
    if (new.verb == ":") == (old.verb == ":"):
        return False
    note, sentence = (new, old) if new.verb == ":" else (old, new)
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    if sentence.negated or note.negated or sentence.question or sentence.modal:
        return False
    if sentence.past or sentence.future or _singular(note.values) != _singular(sentence.values):
        return False
    roots = [w.root for w in sentence.words if _told_word(w)]
    key = [w.root for w in note.words if w.exact in note.subject and _told_word(w)]
    value = [w.root for w in note.objects if _told_word(w)]
    if not key or not value or not any(_stem_of(k, r) for k in key for r in roots):
        return False
    told = [*key, *value, *_USER_ROOTS]
    if not all(any(_stem_of(v, r) for r in roots) for v in value):
        return False
    extra = [r for r in roots if not any(_stem_of(r, t) for t in told)]
    return all(any(_stem_of(r, v) for v in _PLAIN_NOTE_VERBS) for r in extra)


def _told_word(word: Word) -> bool:
    """A word that says something: no function word, preposition, marker or auxiliary."""
    return word.kind not in ("stop", "marker", "dash", "aux") and word.norm not in _PREPOSITIONS


def _singular(values: frozenset[str]) -> frozenset[str]:
    """Values with a plural "s" dropped from words ("tuesdays" is "tuesday")."""
    return frozenset(v[:-1] if v.isalpha() and v.endswith("s") else v for v in values)


# Verbs (as roots) that tell a note's value plainly: wanting, preferring, happening.
_PLAIN_NOTE_VERBS = frozenset(
    """want prefer go goes out happen quier prefier хоч хотят предпочита""".split()
)


def _home_told_twice(new: Parse, old: Parse) -> str:
    """Where someone lives, told in a sentence ("Пользователь живёт в Казани") and under a
    key that names it ("Город проживания пользователя — Казань", "Ciudad de residencia:
    Valencia", "Город: Казань"), or under two such keys: "same" for the same place, "other"
    for another place of the same one, else "". (Two sentences are left to the other rules.)"""
    mine = _home(new)
    theirs = None if mine is None else _home(old)
    if mine is None or theirs is None or (mine[2] and theirs[2]):
        return ""
    if mine[0] != theirs[0] or (new.speaker, new.environments) != (old.speaker, old.environments):
        return ""
    if _same_places(mine[1], theirs[1]):
        return "same"
    return "other" if len(mine[1]) == len(theirs[1]) == 1 and new.update else ""


def _home(fact: Parse) -> tuple[frozenset[str], frozenset[str], bool] | None:
    """(whose home, without "the user"; the place's names; told by a verb of living) of a
    fact that says where someone lives, else None."""
    verb = _verb_class(fact.verb)
    by_verb = verb == "dwell"
    if not by_verb and not (verb == "be" and not _HOME_KEYS.isdisjoint(fact.subject)):
        return None  # (most facts, told neither way: the quick way out)
    if fact.negated or fact.question or fact.modal or fact.past or fact.future:
        return None
    subject = [w for w in fact.words if w.exact in fact.subject and w.kind != "stop"]
    places = frozenset(w.norm for w in fact.objects if w.kind != "stop" and w.text[:1].isupper())
    if not places or len(places) != len([w for w in fact.objects if w.kind != "stop"]):
        return None  # only names of places: "in the city center" is no home
    whose = (
        frozenset(w.root for w in subject if w.norm not in _HOME_KEYS and w.norm not in _FUNCTION)
        - _USER_ROOTS
    )
    return whose, places, by_verb


_HOME_KEYS = frozenset(
    """city residence home town город проживания проживание ciudad residencia""".split()
)


def _same_places(one: frozenset[str], other: frozenset[str]) -> bool:
    """The same names of places, a Russian one in any case ("Казань" / "в Казани"), as the
    names of people are compared (`_same_name`)."""
    if len(one) != len(other):
        return False
    return all(any(_same_name(a, b) or _same_address(a, b) for b in other) for a in one)


def _same_address(one: str, other: str) -> bool:
    """Two street addresses, one the other with its flat left out ("14 Elm Street, Apt 3B" /
    "14 Elm Street"): the same place, told less precisely."""
    short, long = sorted((one, other), key=len)
    return len(short) >= 8 and short[:1].isdigit() and long.startswith(short)


def _stem_of(one: str, other: str) -> bool:
    """One word's stem is the other's, or the start of it ("zon" of "zona")."""
    short, long = sorted((one, other), key=len)
    return short == long or (len(short) >= 3 and long.startswith(short))


_USER_ROOTS = frozenset({"user", "usuari", "пользовател", "ユーザー"})
# … in the languages that tell who does what to whom by word order (`_named_units`)
_USER_KEYS = _USER_ROOTS - {"ユーザー"}
# The subjects of news told of the user or of us, as a fact's subject holds them
_OURS_OR_THE_USERS = frozenset({"@1s", "@1p", "user", "usuario", "пользователь"})


def _settles(new: Parse, old: Parse) -> bool:
    """A note under an open key ("TODO:", "Proposal (Alice):", "提案:") and one under a key that
    settles it ("Done:", "Decision:", "完了:"), of the same task: the words of the open one come
    back, told in any tense ("add retries to the uploader" / "added retries …"), and little
    else is new."""
    if not (":" in old.text or "：" in old.text) or not (":" in new.text or "：" in new.text):
        return False
    mine, theirs = _note(new.text), _note(old.text)
    if not mine or not theirs or theirs[0] not in lx.PENDING_KEYS:
        return False
    if mine[0] not in lx.SETTLED_KEYS:
        return False
    done, todo = _clause_parse(mine[1]), _clause_parse(theirs[1])
    wanted = frozenset(k for k in todo.content if not k.startswith("@"))
    if theirs[0] in _PROPOSALS and mine[0] in _DECISIONS and todo.words:
        # a decision settles a proposal whatever verb it tells it with ("Propuesta: mover la
        # retro a los jueves" / "Decisión: la retro pasa a los jueves"): what it is about must
        # come back, not the proposal's verb
        wanted -= {todo.words[0].key}
    found = done.stems | done.content
    if not wanted or done.negated != todo.negated:
        return False  # ("Done: we did not add retries": no settling of it)
    back = frozenset(k for k in done.content if not k.startswith("@"))
    missing = sum(1 for k in wanted if not _found_as_stem(k, found))
    # every word of the open note comes back, but one of five told in another verb ("mover la
    # CI de Jenkins a GitHub Actions" / "la CI pasa de Jenkins a …"); "add retries to the
    # uploader" is not settled by "added logging to the uploader"
    return missing <= (len(wanted) - 1) // 4 and _coverage(back, todo.stems | wanted) >= 0.5


_PROPOSALS = frozenset({"proposal", "proposed", "propuesta", "предложение", "提案"})
_DECISIONS = frozenset(
    {"decided", "decidido", "decision", "decisión", "решение", "решено", "決定", "決定事項"}
)


def _found_as_stem(key: str, found: frozenset[str]) -> bool:
    """`key` is among `found`, inflected, or shares its first five letters with one of them
    ("добав" of "добавить" and "добавл" of "добавлены", "перенест" and "перенос")."""
    if key in found or _inflects(key, found):
        return True
    return len(key) >= 5 and any(len(k) >= 5 and k[:5] == key[:5] for k in found)


_NOTE = re.compile(r"^\s*([^:：()（）]{1,30}?)\s*(?:[(（][^)）]*[)）])?\s*[:：]\s*(.+)$", re.S)


@lru_cache(maxsize=20_000)
def _note(text: str) -> tuple[str, str] | None:
    """A note's key (normalised, any "(who)" after it dropped) and its body: ("proposal",
    "move CI …") of "Proposal (Alice): move CI …"; None for a fact without a key."""
    found = _NOTE.match(text)
    if not found:
        return None
    return normalize(found[1]).strip(), found[2]


def _one_clause_changed(new: Parse, old: Parse, similarity: float) -> Verdict | None:
    """Two facts of several clauses or sentences, the same but for one clause: that clause
    decides, and a new value there replaces the old fact, which says nothing the new one does
    not but that value ("Ana lives in Lisbon and works at Farfetch" → "… at Revolut", "Tom
    works for Acme. His phone number is 555-0142." → "… 555-0198"). Anything else the clause
    says of the other (related, new, contradict) is left to the whole facts' reading, which
    knows their subject. (Not for lines of a dialogue told with their time: the time is read by
    the whole facts' rules.)"""
    if new.speaker != old.speaker or new.said_at or old.said_at:
        return None
    ours, stored = _clause_texts(new.text), _clause_texts(old.text)
    if len(ours) < 2 or len(ours) != len(stored):
        return None
    differ = [at for at, (a, b) in enumerate(zip(ours, stored, strict=True)) if a[1] != b[1]]
    if len(differ) != 1:
        return None
    at = differ[0]
    mine, theirs = ours[at][0], stored[at][0]
    if _says_one_of(mine) or _says_one_of(theirs):
        return None  # "two cats, and one of them is called Luna" / "… Nala": both may hold
    clause_new, clause_old = _clause_parse(mine), _clause_parse(theirs)
    subject = (
        _carried_subject(mine, ours[0][0]) if at and _opens_with_verb(clause_new, mine) else ""
    )
    if subject:
        # "Ana lives in Lisbon and works at Farfetch": the clause's subject is the first's
        clause_new, clause_old = (
            _clause_parse(f"{subject} {mine}"),
            _clause_parse(f"{subject} {theirs}"),
        )
    verdict = compare(clause_new, clause_old, similarity)
    if verdict.outcome not in ("supersede", "duplicate"):
        return None
    return Verdict(verdict.outcome, f"{verdict.reason}, in one clause, the others the same")


def _first_clause_updated(new: Parse, old: Parse, similarity: float) -> Verdict | None:
    """News of one clause, and a stored fact of several whose first clause, which names its
    subject, it updates: "The user wants weekly summaries and likes them sent on Monday
    morning" → "The user no longer wants weekly summaries". The clauses after it say more of
    the first, and the whole facts' reading would take what they add (a liking, a plan) for
    another mood of the same words. (An update of a later clause is read from the whole facts,
    as is one fact of several clauses against another.)"""
    if not new.update or new.speaker != old.speaker or new.said_at or old.said_at:
        return None
    if new.passage or old.passage or _clause_texts(new.text):
        return None  # (a passage has no one subject: an abstract's "switching" is no news)
    stored = _clause_texts(old.text)
    if len(stored) < 2:
        return None
    verdict = compare(new, _clause_parse(stored[0][0]), similarity)
    if verdict.outcome != "supersede":
        return None
    return Verdict("supersede", f"{verdict.reason}, of the stored fact's first clause")


def _news_first(new: Parse, old: Parse, similarity: float) -> Verdict | None:
    """A new fact of several clauses whose first, which names its subject, updates a stored
    fact of one: "The user drinks coffee every morning" → "The user gave up coffee and drinks
    tea in the mornings now". The clauses after it tell what came instead, and read as a
    whole the new fact would be another statement beside the old."""
    if new.speaker != old.speaker or new.said_at or old.said_at or new.passage or old.passage:
        return None  # (a passage has no one subject: its parts are read in `compare`)
    ours = _clause_texts(new.text)
    if len(ours) < 2 or _clause_texts(old.text) or _conditional(new):
        return None  # (not "If the user moves to Lisbon, they'll need a new lease")
    first = _clause_parse(ours[0][0])
    if not (first.update or first.change or _quit_at(first) is not None):
        return None  # a change told as such: a new value alone may be of another one
    if new.additive and not first.additive:
        return None  # "…, in addition to her analyst job", "…, además de desarrollador"
    verdict = compare(first, old, similarity)
    if verdict.outcome != "supersede" or verdict.reason == _NOW_THE_ONE:
        # (the clauses after a cleft that names the one are of that one: "…, as well as
        # Priya", "…, I think", "…, at least in staging")
        return None
    return Verdict("supersede", f"{verdict.reason}, in the new fact's first clause")


def _first_clauses_updated(new: Parse, old: Parse, similarity: float) -> Verdict | None:
    """Two facts of several clauses whose first clauses, which name their subject, are a
    change told as such and the value it replaced: "Alice now lives in Munich, she moved from
    Berlin" → "Alice now lives in Hamburg, she moved from Munich". What follows the first
    clause tells how each came about (`_news_first`, `_first_clause_updated` read one fact of
    several against one of one)."""
    if new.speaker != old.speaker or new.said_at or old.said_at or new.passage or old.passage:
        return None
    ours, stored = _clause_texts(new.text), _clause_texts(old.text)
    if len(ours) < 2 or len(stored) < 2 or _conditional(new) or _conditional(old):
        return None
    first = _clause_parse(ours[0][0])
    if not (first.update or first.change or _quit_at(first) is not None):
        return None
    verdict = compare(first, _clause_parse(stored[0][0]), similarity)
    if verdict.outcome != "supersede" or verdict.reason == _NOW_THE_ONE:
        return None
    return Verdict("supersede", f"{verdict.reason}, in the first clause of each")


def _news_later(new: Parse, old: Parse, similarity: float) -> Verdict | None:
    """A new fact of several clauses whose later clause, told as news and naming its own
    subject, updates a stored fact of one: "The user got a raise; salary is now $135k" after
    "The user's salary is $120k", "User filed an extension; the tax return is now due October
    15" after "… is due April 15". The clauses before it, statements of their own, tell how
    the change came; read as a whole, the new fact would be about their subject. A clause
    without its own subject ("… and moved to Berlin") or told of a pronoun is not read alone
    (whose it is, the clause before it says), nor one after a phrase that sets when or where
    ("This sprint, standup moved to 10:00", "In the mobile team, Maven …"): that is read with
    the whole fact."""
    if new.speaker != old.speaker or new.said_at or old.said_at or new.passage or old.passage:
        return None
    ours = _clause_texts(new.text)
    if len(ours) < 2 or _clause_texts(old.text) or _conditional(new):
        return None
    for (before, _), (clause, _) in itertools.pairwise(ours):
        if _clause_parse(before).verb in ("", "=", ":"):
            return None  # a phrase put first sets when or where ("This sprint, standup …")
        later = _clause_parse(f"{new.speaker}: {clause}" if new.speaker else clause)
        if not (later.update or later.change) or not _own_subject(later):
            continue
        verdict = compare(later, old, similarity)
        if verdict.outcome == "supersede":
            reason = f"{verdict.reason}, in a later clause of the new fact"
            return Verdict("supersede", reason, of_a_clause=True)
    return None


def _own_subject(clause: Parse) -> bool:
    """The clause names its subject in its own words, none of them a pronoun."""
    said = {w.exact: w for w in clause.words}
    subject = [k for k in clause.subject if not k.startswith("@")]  # (not its speaker)
    return bool(subject) and all(k in said and said[k].kind != "pronoun" for k in subject)


def _clauses_said_before(new: Parse, old: Parse) -> bool:
    """Every clause of the new fact is a clause of the stored one, word for word, and what the
    stored one says besides are statements of their own (with a verb) or reasons: "Priya leads
    the payments team" after "Priya leads the payments team and reports to Marcus; she joined
    in 2021". Nothing of the new fact would be lost. Never when a clause left out sets when or
    whether the rest holds ("… when it snows", "… unless there is a freeze", "only …"): the new
    fact would say it of every case."""
    if new.speaker != old.speaker or new.said_at or old.said_at or CJK.search(old.text):
        return False
    stored = _clause_texts(old.text)
    if len(stored) < 2:
        return False
    ours = _clause_texts(new.text) or ((new.text, _bare(new.text)),)
    if len(stored) <= len(ours):
        return False
    kept = {bare for _, bare in stored}
    if not all(bare in kept for _, bare in ours) or stored[0][1] not in {b for _, b in ours}:
        return False  # (the first clause, which names the subject, is said again)
    said = {bare for _, bare in ours}
    return all(bare in said or _left_out_freely(clause, stored[0][0]) for clause, bare in stored)


def _left_out_freely(clause: str, first: str) -> bool:
    """A stored clause a new fact may leave out: a statement of its own, that sets no case of
    the rest ("… and reports to Marcus", not "… when it snows", "… only on weekdays")."""
    words = _bare_words(clause)
    return not any(f" {w} " in words for w in _RESTRICTING) and _has_own_verb(clause, first)


def _clauses_told_again(new: Parse, old: Parse) -> bool:
    """Each clause of the new fact is a duplicate of its own clause of the stored one, in any
    order and other words: "Priya leads the payments team and reports to Marcus; she joined in
    2021" / "Priya joined in 2021, reports to Marcus, and leads the payments team", or "Pablo
    trabaja como diseñador en Cabify" after "Pablo vive en Zaragoza, trabaja como diseñador en
    Cabify y toca el violonchelo". A clause that goes on from the first one's verb, or opens
    with a pronoun, is read with its subject; a stored clause left out must be a statement of
    its own, no condition of the rest."""
    if new.speaker != old.speaker or new.said_at or old.said_at or CJK.search(old.text):
        return False
    if len(new.content & old.content) < 0.5 * len(new.content):
        return False  # (a quick way out: clauses told again share most of their words)
    if any(f.modal or f.future or f.question for f in (new, old)) or new.negated != old.negated:
        return False  # "Tom will move to Berlin and work at SAP": a plan, not a clause of fact
    if any(w.norm in lx.MOODS for f in (new, old) for w in f.words):
        return False  # "Tom wants to move to Berlin and work at SAP": a wish
    if not 2 <= len(_clause_texts(old.text)) <= _MOST_CLAUSES:
        return False
    mine = _resolved_clauses(new.text) or [new.text.rstrip(".!;,")]
    theirs = _resolved_clauses(old.text)
    if len(mine) > len(theirs) or not 2 <= len(theirs) <= _MOST_CLAUSES:
        return False
    left = list(theirs)
    for clause in mine:
        match = next((other for other in left if _same_clause(clause, other)), None)
        if match is None:
            return False
        left.remove(match)
    return all(_left_out_freely(clause, theirs[0]) for clause in left)


_MOST_CLAUSES = 4


def _reason_left_out(new: Parse, old: Parse) -> bool:
    """The new fact is the stored one, word for word, up to where the stored one says why
    ("We chose Postgres because the team knows it" / "We chose Postgres"): nothing of it is
    lost."""
    if new.speaker != old.speaker or new.said_at != old.said_at or new.negated != old.negated:
        return False
    if new.question or old.question:
        return False
    match = _BECAUSE.search(old.text)
    return match is not None and _bare(old.text[: match.start()]) == _bare(new.text)


_BECAUSE = re.compile(r"[,;]?\s+(?:because|porque|потому что|так как|ya que)\s", re.IGNORECASE)


def _resolved_clauses(text: str) -> list[str]:
    """The fact's clauses, each with its subject: a clause that goes on from the first one's
    verb gets the first one's subject, and so does one that opens with a pronoun ("she joined
    in 2021")."""
    clauses = [clause.rstrip(".!;,") for clause, _ in _clause_texts(text)]
    if len(clauses) < 2:
        return clauses
    first = clauses[0]
    said = _clause_parse(first)
    # (the parse's subject, its names if it has any, not the words before the verb: "В 2019
    # году Ирина пришла …" is of Ирина)
    words = [w for w in said.words if w.exact in said.subject]
    named = [w for w in words if w.kind == "name"] or words
    subject = " ".join(w.text for w in named) or _subject_text(first)
    resolved = [first]
    # (a pronoun is the subject's only when the first clause names no one else: "Tom married
    # Ana; she works at Meta" is of Ana)
    alone = len([w for w in said.words if w.kind == "name" or _capitalised_word(w)]) <= len(named)
    for clause in clauses[1:]:
        opening, _, rest = clause.partition(" ")
        if opening.casefold() in lx.SUBJECT_PRONOUNS and rest:
            if not (subject and alone):
                return []  # whom the pronoun names is not known: no clause of it is compared
            clause = f"{subject} {rest}"
        elif _carried_subject(clause, first):
            clause = f"{subject} {clause}"
        resolved.append(clause)
    return resolved


def _capitalised_word(w: Word) -> bool:
    return w.kind == "word" and w.text[:1].isupper()


def _same_clause(mine: str, theirs: str) -> bool:
    """Two clauses say the same: word for word, or a duplicate read as facts of their own."""
    return _bare(mine) == _bare(theirs) or compare(parse(mine), parse(theirs), 0.0).outcome == (
        "duplicate"
    )


# Words that set when or whether a clause's neighbour holds: a clause with one is no statement
# of its own that may be left out.
_RESTRICTING = frozenset(
    """if when whenever unless except only until while during once si cuando salvo excepto
    solo sólo solamente mientras hasta если когда кроме только пока до""".split()
)


def _has_own_verb(clause: str, first: str) -> bool:
    """The clause states something of its own: it has a verb, or goes on with the first
    clause's subject from its verb ("… and reports to Marcus")."""
    return _clause_parse(clause).verb not in ("", "=", ":") or bool(_carried_subject(clause, first))


def _carried_subject(clause: str, first: str) -> str:
    """The first clause's subject, as written, when `clause` goes on from its verb with that
    subject left out ("… and reports to Marcus"); empty otherwise (a list's item, "… and Go")."""
    subject = _subject_text(first)
    if subject and _verb_first(_clause_parse(f"{subject} {clause}"), clause):
        return subject
    return ""


# A clause's (or a note's body's) parse, kept: the new fact's clause is compared with the same
# clause of up to ten stored facts, and a stored fact's with those of each new fact like it.
_clause_parse = lru_cache(maxsize=20_000)(parse)

# "One of several": a clause told of one of them says nothing of the others.
_ONE_OF = (
    " one of ",
    " один из ",
    " одна из ",
    " uno de ",
    " una de ",
    "のうち",
    "の一つ",
    "の1つ",
    " одно из ",
    "の一人",
    "のひとり",
    "の1人",
)


def _bare_words(text: str) -> str:
    """The text normalised, single spaced and with a space at each end, to find a phrase in."""
    return f" {' '.join(normalize(text).split())} "


_JAPANESE_TOPIC = re.compile(r"^[^、。]*?(?:は|が)")


def _subject_text(clause: str) -> str:
    """The words of a clause before its verb, as written ("Ana" of "Ana lives in Lisbon",
    "田中さんは" of "田中さんは大阪に住んでいて"); empty if it has no verb."""
    if CJK.search(clause):
        topic = _JAPANESE_TOPIC.match(clause)
        return topic.group() if topic else ""
    fact = _clause_parse(clause)
    if not fact.verb_norm:
        return ""
    at = next((n for n, w in enumerate(fact.words) if w.norm == fact.verb_norm), 0)
    return " ".join(w.text for w in fact.words[:at])


def _opens_with_verb(fact: Parse, clause: str) -> bool:
    """A clause that goes on with the first one's subject left out: it opens with its verb
    ("… and works at Dell", "… y trabaja en Inditex"), or in Japanese names no topic."""
    if CJK.search(clause):
        return _JAPANESE_TOPIC.match(clause) is None
    return fact.verb == "="


def _verb_first(fact: Parse, clause: str) -> bool:
    """The clause's first word is the fact's verb (its subject put before it)."""
    if CJK.search(clause):
        return True  # (a Japanese clause without a topic ends in its verb)
    first = clause.split()[0] if clause.split() else ""
    return bool(fact.verb_norm) and normalize(first.strip(".,;:!?")) == fact.verb_norm


_CLAUSE_END = re.compile(r"(?<=[;、])|(?<=,)(?!\d)")  # (within a sentence)


@lru_cache(maxsize=50_000)
def _clause_texts(text: str) -> tuple[tuple[str, str], ...]:
    """The fact cut into clauses: at its sentence ends, commas and semicolons (not a number's
    comma) and before a conjunction ("and", "y", "и", "а" …), each without the conjunction;
    each clause with its letters and digits alone (`_bare`), to compare. (Cached: a new fact is
    compared with up to ten stored ones.) Empty for a fact of one clause."""
    parts = [part for sentence in sentences(text) for part in _CLAUSE_END.split(sentence)]
    if len(parts) == 1 and lx.CONJUNCTIONS.isdisjoint(text.casefold().split()):
        return ()
    pieces: list[str] = []
    for part in parts:
        words: list[str] = []
        for word in part.split():
            if words and word.casefold() in lx.CONJUNCTIONS:
                pieces.append(" ".join(words))
                words = []
            elif word.casefold() not in lx.CONJUNCTIONS:
                words.append(word)
        if words:
            pieces.append(" ".join(words))
    clauses = (piece.rstrip(",;、") for piece in pieces)
    return tuple((clause, _bare(clause)) for clause in clauses if _bare(clause))


def _bare(text: str) -> str:
    """A clause's letters and digits, case folded: what two clauses must share to be one."""
    return _NOT_ALNUM.sub("", text.casefold())


_NOT_ALNUM = re.compile(r"[\W_]+")


def _not_a_duplicate(
    new: Parse, old: Parse, overlap: float, similarity: float, form: str
) -> Verdict:
    """`compare` past the duplicate rules: an update, a contradiction, a new value, else
    related or new (`form`: what tells the two apart as statements, if anything)."""
    if _taken_over(new, old):  # (its own reading says what the new fact's other words are)
        return Verdict("supersede", "another one took over what the stored fact's holder held")
    apart = (
        _japanese_moved_apart(new, old)
        or _work_moved(new, old)
        or _TRANSLATED.search(new.text) is not None
        or _holder_joined(new, old)
        or _parted_of_no_couple(new, old)
        or _moved_within(new, old)
    )
    update = None if apart else _update_verdict(new, old)
    # news of another attribute, thing or holder is no update of this fact, however it is told
    elsewhere = _update_elsewhere(new, old) if update else ""
    if update and not elsewhere:
        return update
    opposite = _opposite_claim(new, old)
    if opposite:
        return Verdict("contradict", f"the same claim with the polarity flipped ({opposite})")
    restated = _relation_restated(new, old)
    if restated:
        return restated
    other = _different_subject(new, old)
    if not other and new.negated == old.negated:
        swapped = _value_change(new, old)
        if swapped and not _antonym_split(new, old):
            return Verdict("supersede", f"the same subject with a new value ({swapped})")
    if not elsewhere and _holder_changed(new, old):
        return Verdict("supersede", "another holder of a role held by one at a time")
    looked = None if elsewhere or apart else _second_look(new, old)
    if looked and looked.outcome == "supersede":
        elsewhere = _update_elsewhere(new, old)
    if looked and not elsewhere:
        return looked
    why = other or elsewhere or (f"the same words, {form}" if form else "")
    why = why or "the same subject, both stay true"
    return _related_or_new(new, old, overlap, similarity, why)


def _holder_changed(new: Parse, old: Parse) -> bool:
    """Both facts say who holds one role that one holds at a time, the same role in the same
    words, and name different holders: "Kim is the primary on-call engineer this week" →
    "Dana is …", "The CTO is Kim" → "Dana is the CTO". Never "a team lead" (one of several),
    a clause of more, or a role with a relative clause ("the one who …")."""
    holders = _role_holders(new, old)
    if holders is None or _share_for_amount(holders[1], holders[0]):
        return False  # ("The fee is 5%" / "The fee is $5": no holders, two measures)
    return not holders[0] & holders[1]


def _holder_restated(new: Parse, old: Parse) -> bool:
    """Both facts say the same one holds the same role held by one at a time, told either way
    round or as news: "Harper took over as release manager for v3.0" / "Harper is now the
    release manager for v3.0"."""
    holders = _role_holders(new, old)
    return holders is not None and holders[0] == holders[1]


def _role_holders(new: Parse, old: Parse) -> tuple[frozenset[str], frozenset[str]] | None:
    """(new holders, old holders) when both facts say who holds the same definite role, in the
    same mood, by the same speaker; else None."""
    if new.indefinite or old.indefinite:
        return None  # ("a team lead": the parse keeps no "a")
    mine = _holder_and_role(new)
    theirs = None if mine is None else _holder_and_role(old)
    if mine is None or theirs is None or mine[1] != theirs[1]:
        return None
    if _clauses(new) or _clauses(old):
        return None
    if (new.speaker, new.said_at, new.environments) != (old.speaker, old.said_at, old.environments):
        return None
    if _days_held(new) != _days_held(old):
        return None  # "Бюджет на рекламу в мае — …" / "… в июне — …" or "… — …": each month's
    # (the news may say "now": "My manager is now Beatriz"; and "Dana became the CTO" is
    # news of what holds now, though told in the past)
    moods = [
        (f.negated, f.modal, f.future, f.past and not taken, f.question)
        for f, taken in ((new, mine[2]), (old, theirs[2]))
    ]
    if moods[0] != moods[1] or new.question:
        return None
    return frozenset(mine[0]), frozenset(theirs[0])


def _days_held(fact: Parse) -> frozenset[str]:
    """The days and months the fact holds on or in: its calendar words, but for those a change
    dates from ("since March", "desde junio", "с мая", "a partir del 1 de septiembre")."""
    words = fact.words
    return frozenset(
        w.exact
        for at, w in enumerate(words)
        if w.exact in lx.CALENDAR
        and _STARTED.isdisjoint(x.norm for x in words[max(at - 4, 0) : at])
    )


def _one_days(new: Parse, old: Parse) -> bool:
    """The new fact's subject names a day or month the stored fact does not, and not one a
    change dates from: "Friday's standup", "The December team sync", "La daily del viernes"
    are that one occasion of a schedule."""
    if not _STARTED.isdisjoint(w.norm for w in new.words):
        return False  # "A partir del 1 de septiembre, el boletín …": from then on
    if any(k.startswith(_RU_MONTH_ADJECTIVES) for k in new.subject - old.content):
        return True  # "Декабрьскую встречу перенесли на среду": December's
    # (no change dated from one of them, so each is a day it holds on: `_days_held`)
    return bool((new.subject - _core(new.subject)) & lx.CALENDAR - old.content)


# Russian adjectives of the months: "декабрьская встреча", December's meeting
_RU_MONTH_ADJECTIVES = (
    "январск", "февральск", "мартовск", "апрельск", "майск", "июньск", "июльск", "августовск",
    "сентябрьск", "октябрьск", "ноябрьск", "декабрьск",
)  # fmt: skip


# (holder, role, whether it is told as taking the role: "became", "took over as")
_Held = tuple[tuple[str, ...], tuple[str, ...], bool] | None
# What `_holder_and_role` read of each fact, by its text (a parse is one text's): a stored fact
# is compared with new ones again and again.
_HELD: dict[str, _Held] = {}


def _remembered(
    cache: dict[str, _T], fact: Parse, read: Callable[[Parse], _T], limit: int = _READINGS
) -> _T:
    """`read(fact)`, kept in `cache` by the fact's text (a parse is one text's); the cache is
    emptied when it holds `limit` readings."""
    try:
        return cache[fact.text]
    except KeyError:
        pass
    if len(cache) >= limit:
        cache.clear()
    found = cache[fact.text] = read(fact)
    return found


def _holder_and_role(fact: Parse) -> _Held:
    """`_read_holder_and_role` of a fact, remembered by its text."""
    return _remembered(_HELD, fact, _read_holder_and_role)


def _read_holder_and_role(fact: Parse) -> _Held:
    """(holder, role, taken) of a fact that says who holds a definite role, the first two as
    keys: a name or two on one side of "is" / "es" / a dash, "the …" / "our …" on the other
    (in Russian, which has no articles, the role first: "Директор школы — Анна Петровна"), or
    the role taken ("Dana became the CTO", "took over as release manager": `taken`)."""
    words = fact.words
    appointed = _appointed(words)
    if appointed is not None:
        return appointed
    becoming = _becoming(words)
    if not becoming and fact.verb not in _COPULAS and not any(w.kind == "dash" for w in words):
        return None
    at = next(
        (
            i
            for i, w in enumerate(words)
            if w.kind == "dash" or (w.norm == fact.verb_norm and fact.verb in _COPULAS)
        ),
        None,
    )
    if becoming:  # "Harper took over as release manager", "Dana became the CTO"
        start, end, taken = becoming
        holder = [w for w in words[:start] if w.kind != "marker"]
        role = [w for w in words[end:] if w.kind != "marker"]
        if _holder_words(holder) and (taken or _definite_role(role, False)) and role:
            return tuple(w.key for w in holder), _role_keys(role), True
        return None
    if at is None:
        return None
    # (when the holder took the role is no part of either: "… has been Wendell since September")
    # (nor the auxiliary of a copula: "has been")
    before = _untimed([w for w in words[:at] if w.kind not in ("dash", "marker", "aux")])
    after = _untimed([w for w in words[at + 1 :] if w.kind not in ("dash", "marker", "aux")])
    for holder, role, role_first in ((before, after, False), (after, before, True)):
        if _holder_words(holder) and _definite_role(role, role_first):
            return tuple(w.key for w in holder), _role_keys(role), False
    return None


def _appointed(words: tuple[Word, ...]) -> _Held:
    """(holder, role, taken) of an owner giving someone its role: "Finch Labs appointed Helen
    Ortiz as its new CEO" is Helen Ortiz taking Finch Labs' CEO role ("Nombraron a Eva como
    directora"). None for any other fact."""
    verb = next((i for i, w in enumerate(words) if w.norm in _APPOINTING), None)
    if not verb:
        return None
    as_at = next((i for i in range(verb + 1, len(words)) if words[i].norm in ("as", "como")), None)
    if as_at is None:
        return None
    holder = [w for w in words[verb + 1 : as_at] if w.norm != "a"]  # ("nombraron a Eva")
    owner = [w for w in words[:verb] if w.kind not in _LIGHT_KINDS]
    role = [
        w
        for w in words[as_at + 1 :]
        if w.kind not in ("pronoun", "marker", "stop") and w.norm not in lx.NEW_WORDS
    ]
    if not _holder_words(holder) or not role or not all(w.norm in _ONE_HOLDER for w in role):
        return None
    return tuple(w.key for w in holder), _role_keys([*owner, *role]), True


_APPOINTING = frozenset(
    "appointed named hired elected promoted nombró nombraron eligió eligieron".split()
)


def _role_keys(role: list[Word]) -> tuple[str, ...]:
    """A role's words as keys, its articles aside ("the new CTO" is the CTO: a new holder),
    whose role it is first: "the lead of the payments team" is "the payments team's lead"."""
    keys = tuple(w.key for w in role if w.norm not in _DEFINITE | lx.NEW_WORDS)
    if "of" in keys[1:-1]:
        at = keys.index("of")
        return (*keys[at + 1 :], *keys[:at])
    return keys


def _becoming(words: tuple[Word, ...]) -> tuple[int, int, bool] | None:
    """Where a phrase of taking a role stands (its start, the end, and whether it takes one
    without "the": "took over as release manager"), or None: "became", "has become", "took
    over as", "stepped in as", "se convirtió en", "pasó a ser"."""
    for at in range(1, len(words)):
        phrases = _BECOMING.get(words[at].norm)
        if phrases is None:
            continue  # (most words open no such phrase: this runs on every pair compared)
        for phrase, taken in phrases:
            end = at + len(phrase)
            if tuple(w.norm for w in words[at:end]) == phrase:
                return at, end, taken
    return None


_BECOMING_PHRASES = (
    (("took", "over", "as"), True),
    (("takes", "over", "as"), True),
    (("has", "taken", "over", "as"), True),
    (("stepped", "in", "as"), True),
    (("has", "become"), False),
    (("became",), False),
    (("becomes",), False),
    (("se", "convirtió", "en"), False),
    (("se", "convirtio", "en"), False),
    (("pasó", "a", "ser"), False),
    (("paso", "a", "ser"), False),
)
# the phrases by their first word
_BECOMING: dict[str, list[tuple[tuple[str, ...], bool]]] = {}
for _phrase, _taken in _BECOMING_PHRASES:
    _BECOMING.setdefault(_phrase[0], []).append((_phrase, _taken))


def _holder_words(words: list[Word]) -> bool:
    """One to three words, each a name, an acronym, a number or capitalised: who or what holds
    a role ("Kim", "Anna Petrovna", "Python"), no pronoun or article."""
    return 0 < len(words) <= 3 and all(
        w.kind in ("name", "acronym", "value") or (w.kind == "word" and w.text[:1].isupper())
        for w in words
    )


def _definite_role(words: list[Word], role_first: bool) -> bool:
    """A role one holds at a time: "the …", "our …", "el …", a possessive; in Russian (no
    articles), said first. Never with a relative clause, nor a name alone."""
    if not words or any(w.norm in _RELATIVE for w in words):
        return False
    if not any(w.kind in ("word", "acronym") and not w.text[:1].isupper() for w in words):
        if not any(w.kind == "acronym" for w in words):
            return False  # "Kim is Dana": no role
    norms = {w.norm for w in words}
    if norms & _MANY_HOLDERS:
        return False  # "Dana is my friend": one of several
    first = words[0]
    if first.norm in _THE:
        return True
    if _owner_named_first(words):
        return True  # "Finch Labs' new CEO", "Acme CTO": the owner's one holder
    if first.norm in _DEFINITE or possessive(first):
        # "my manager", "our biggest customer", "my main editor"; not "our customer"
        return any(
            w.norm in _ONE_HOLDER or w.norm.endswith("est") or w.norm in lx.ONE_VALUE for w in words
        )
    return role_first and bool(_CYRILLIC.match(first.norm))


def _owner_named_first(words: list[Word]) -> bool:
    """The role's words are a name (one or two capitalised words, its possessive ending
    dropped or kept) and then a role an organisation has one holder of: "Finch Labs' new
    CEO" (not "Java developer", of whom there are many)."""
    named = 0
    while named < min(2, len(words) - 1) and words[named].text[:1].isupper():
        named += 1
    rest = [w for w in words[named:] if w.norm not in lx.NEW_WORDS]
    return named > 0 and bool(rest) and all(w.norm in _HEAD_ROLES for w in rest)


# Roles an organisation has one holder of ("Acme CTO"; not "Java developer", "Google engineer").
_HEAD_ROLES = frozenset("ceo cto cfo coo cio ciso cpo president chair chairman chairwoman".split())


_THE = frozenset("the el la los las".split())  # (not "a": "Dana is a team lead" is one of several)
_DEFINITE = _THE | frozenset("our my your their his her nuestro nuestra mi su".split())
# Roles one holds at a time under a possessive ("my manager"), and nouns of which one has
# several ("my friend", "our customer", "a team lead" aside: "a" is no definite article).
_ONE_HOLDER = lx.JOB_TITLES | _ROLE_KEY_WORDS | frozenset({"best", "cto", "ceo", "cfo", "coo"})
_MANY_HOLDERS = (
    (lx.PERSON_NOUNS - _ROLE_KEY_WORDS)
    | lx.MANY_HELD
    | lx.KIN
    | frozenset("hire joiner newcomer trainee стажёр стажер новичок becario becaria".split())
)
_RELATIVE = frozenset("who whom which that que quien quienes который которая которое кто".split())


_OTHER_MOOD = "another mood (a wish, ability, duty, plan, attempt, learning or near miss)"
_OTHER_PERSON = "another person in a pronoun"
_OTHER_ACTION = "another action on the same thing (view / edit, read / write)"
_OTHER_PART = "another part for the same word (from / for, with / for, by / to …)"


def _cases_apart(new: Parse, old: Parse) -> bool:
    """A Russian name after the verb in the dative in one fact and in the genitive in the
    other ("Петру" / "Петра", "Игорю" / "Игоря", "Анне" / "Анны"): to whom a thing is done,
    and whose it is — two roles, as "to Pedro" and "Pedro's" are."""
    mine, theirs = _names_after_a_noun(new), _names_after_a_noun(old)
    return any(
        a[:-1] == b[:-1] and frozenset((a[-1], b[-1])) in _DATIVE_GENITIVE
        for a in mine - theirs
        for b in theirs - mine
    )


def _names_after_a_noun(fact: Parse) -> set[str]:
    """Russian names right after a noun that is not the verb ("отчёт Петру", "отчёт Петра"):
    a genitive or a dative there, never the subject ("возглавляет Елена") nor a place after a
    preposition ("из Самары")."""
    words = fact.words
    return {
        w.norm
        for at, w in enumerate(words)
        if at
        and w.kind == "name"
        and _CYRILLIC.match(w.norm)
        and words[at - 1].kind == "word"
        and words[at - 1].key != fact.verb
        and words[at - 1].norm not in lx.PREPOSITIONS
    }


# (the last letters of a name's dative and genitive: "Петру" / "Петра", "Игорю" / "Игоря",
# "Анне" / "Анны", "Маше" / "Маши")
_DATIVE_GENITIVE = frozenset(
    frozenset(pair) for pair in (("у", "а"), ("ю", "я"), ("е", "ы"), ("е", "и"))
)


def _other_form(new: Parse, old: Parse) -> str | None:
    """What tells two facts of nearly the same words apart as two statements (None if
    nothing does): another mood (a wish, ability, duty, plan, attempt, learning or near miss,
    a liking: "Sara wants to be a teacher" / "Sara teaches", "I love dogs" / "I have a dog"),
    another person in a pronoun ("lo ayuda" / "la ayuda", "he" / "she"), another tense or aspect
    ("termina" / "terminará", "поступала" / "поступила", "was fixing" / "fixed"), another
    number ("un coche" / "unos coches"), a word spelt nearly alike ("стол" / "столб"), another
    frequency, limiting word, action, copula, reflexive or voice, a word said twice, or a word
    given the opposite part ("from" / "for")."""
    mine, theirs = _form(new), _form(old)
    moods = mine.moods ^ theirs.moods
    if moods and not (moods == {"plan"} and (mine.scheduled or theirs.scheduled)):
        return _OTHER_MOOD
    if mine.persons and theirs.persons and mine.persons != theirs.persons:
        return _OTHER_PERSON  # (one side only: "Ana lo ayuda" / "Ana ayuda a Marco")
    if mine.liking != theirs.liking:
        return _OTHER_MOOD  # "I love dogs" / "I have a dog": a liking is no having
    if mine.said_by and theirs.said_by and mine.said_by != theirs.said_by:
        return _OTHER_PERSON  # "He uses Rust" / "She uses Rust" (a name may be either)
    if _other_owners(new, old):
        return _OTHER_PERSON  # "My birthday is …" / "His birthday is …", "Mi vuelo" / "Su vuelo"
    if mine.future != theirs.future or _aspect_split(mine.t_forms, theirs.t_forms):
        return "another tense"
    if _number_split(new, old, dict(mine.counted), dict(theirs.counted)):
        return "another number"
    if _ending_split(new, old):
        return "another word spelt nearly alike"
    if _cases_apart(new, old):
        return _OTHER_PART  # "отправляет отчёт Петру" / "… Петра": to whom, and whose
    if not _same_frequency(mine.frequency, theirs.frequency):
        return "another frequency"
    if mine.limiters != theirs.limiters:
        return "another qualifier (former, deputy, near, some …)"
    if mine.actions != theirs.actions and _actions_contrast(mine.actions, theirs.actions):
        return _OTHER_ACTION
    if mine.repeated != theirs.repeated:
        # (as in "Ana's manager" / "Ana's manager's manager"; the reason names the word)
        keys = mine.repeated ^ theirs.repeated
        said = {w.key: w.norm for w in (*old.words, *new.words) if w.key in keys}
        words = ", ".join(sorted(said.get(k, k) for k in keys))
        return f"a word said another number of times ({words})"
    if (
        mine.copula
        and theirs.copula
        and mine.copula != theirs.copula
        and (new.content == old.content)
    ):
        return "another copula (ser / estar)"  # "es listo" (clever) / "está listo" (ready)
    if _past_aspect_split(mine.ru_past, theirs.ru_past) or mine.ongoing != theirs.ongoing:
        # "поступала" (applied) / "поступила" (got in), "was fixing" / "fixed"
        return "another aspect"
    if _reflexive_split(new, old, mine.reflexive, theirs.reflexive):
        return "another verb (reflexive)"  # "Катя учит студентов" / "Катя учится"
    if mine.passive != theirs.passive and new.subject == old.subject:
        # "The billing service calls the auth service" / "… is called by the auth service"
        return "the other voice of the same subject: the parts turned"
    if _roles_contrast(mine.roles, theirs.roles):
        return _OTHER_PART
    return None


def _may_have_roles(norms: frozenset[str]) -> bool:
    """A word of the fact is a contrasting preposition, or a Japanese word ends in one."""
    return not _CONTRASTING.isdisjoint(norms) or any(
        n.endswith(("から", "まで", "へ")) for n in norms if not n.isascii()
    )


def _roles_contrast(mine: tuple[tuple[str, str], ...], theirs: tuple[tuple[str, str], ...]) -> bool:
    """A word of both facts comes after one preposition of a contrasting pair in one and the
    other in the other (`lexicon.CONTRASTING_PREPOSITIONS`)."""
    if not (mine and theirs):
        return False
    before: dict[str, set[str]] = {}
    for key, preposition in theirs:
        before.setdefault(key, set()).add(preposition)
    said = ({p for _, p in mine}, {p for _, p in theirs})
    for key, preposition in mine:
        for other in before.get(key, ()):
            if preposition in before[key]:
                continue
            pair = {preposition, other}
            if pair in lx.CONTRASTING_PREPOSITIONS:
                return True
            if pair in lx.CONTRASTING_BEFORE_NUMBERS and key[:1].isdigit():
                return True
            if pair in lx.FRAME_PREPOSITIONS and all(pair <= both for both in said):
                return True  # "из S3 в Datadog" / "из Datadog в S3"
    return False


_DATIVE_CLITICS = frozenset({"le", "les"})
# Words that may stand between a dative and its clitic: "A Sergio no le gusta el cilantro".
_BEFORE_CLITIC = frozenset("no ya también tambien tampoco nunca siempre todavía todavia".split())


def _clitic_after(words: tuple[Word, ...], at: int) -> bool:
    """A dative clitic ("le", "les") follows the word at `at`, a negation or adverb between."""
    after = at + 1
    while after < len(words) and words[after].norm in _BEFORE_CLITIC:
        after += 1
    return after < len(words) and words[after].norm in _DATIVE_CLITICS


def _roles(fact: Parse) -> tuple[tuple[str, str], ...]:
    """(word, preposition before it) for each content word after a preposition of a
    contrasting pair, articles between them skipped ("from the CEO": ("ceo", "from"))."""
    words = fact.words
    found = []
    for at, w in enumerate(words):
        if w.kind not in _ROLE_KINDS:
            continue
        particle = w.norm[-2:] if w.norm.endswith(("から", "まで")) else w.norm[-1:]
        if particle in _JAPANESE_PARTICLES and len(w.norm) > len(particle):
            found.append((w.norm[: -len(particle)], particle))  # "ベンから" (`parse._cjk_words`)
            continue
        preposition = _preposition_before(words, at, spanish=fact.language == "spanish")
        if preposition is None:
            continue
        preposition = lx.PREPOSITION_FORMS.get(preposition, preposition)
        if preposition == "a" and _clitic_after(words, at):
            # "Al usuario le subieron la cuota": whose the fee is, as "la cuota del usuario"
            preposition = "de"
        if preposition in _CONTRASTING:
            found.append((w.key, preposition))
    return tuple(found)


def _preposition_before(words: tuple[Word, ...], at: int, spanish: bool = False) -> str | None:
    """The word before the one at `at`, articles skipped ("from the CEO": "from"), as it
    stands; None at the start. In Spanish "a" is no article but the preposition ("envía el
    informe a Pedro"), and a "de" that ends a preposition of several words is that
    preposition, named by its head ("en lugar de Andrés": "lugar", "antes de": "antes")."""
    back = at - 1
    # (and "a" before a number is the Spanish preposition: "bajó a 20 ms")
    while back >= 0 and words[back].norm in _BARE_ARTICLES:
        if words[back].norm == "a" and (spanish or words[at].kind == "value"):
            break
        back -= 1
    if back < 0:
        return None
    if spanish and words[back].norm == "de" and back and words[back - 1].norm in _DE_HEADS:
        return words[back - 1].norm
    return words[back].norm


# Spanish words that make a preposition of several words with "de": "en lugar de", "a partir
# de", "antes de", "cerca de".
_DE_HEADS = frozenset(
    """lugar vez partir antes después despues además ademas cerca acerca dentro fuera encima
    debajo delante detrás detras lejos través traves alrededor""".split()
)


_JAPANESE_PARTICLES = frozenset({"から", "まで", "へ"})
_ROLE_KINDS = frozenset({"word", "name", "acronym", "value", "kin", "pronoun", "env"})
_CONTRASTING = frozenset(
    p
    for pair in lx.CONTRASTING_PREPOSITIONS | lx.FRAME_PREPOSITIONS | lx.CONTRASTING_BEFORE_NUMBERS
    for p in pair
)


@dataclass(frozen=True, slots=True)
class _Form:
    """What `_other_form` reads of one fact, worked out once per parse: a new fact is compared
    with several stored ones, and a stored one with every new fact like it. Kept small (empty
    sets shared, pairs in tuples): absorb caches tens of thousands of parses."""

    moods: frozenset[str]
    scheduled: bool
    persons: frozenset[str]
    future: bool
    counted: tuple[tuple[str, str], ...]  # `_counted`, as pairs
    t_forms: frozenset[str]  # Russian words ending in -т: a verb's present or perfective future
    frequency: str  # `_frequency`
    limiters: frozenset[str]  # `_limiters`
    roles: tuple[tuple[str, str], ...]  # `_roles`
    said_by: frozenset[str]  # `_subject_pronouns`
    passive: bool  # `_passive`
    repeated: frozenset[str]  # content words said twice or more ("manager's manager")
    copula: str  # "ser" or "estar", the Spanish copula the fact uses (both: "")
    ru_past: frozenset[str]  # Russian past verbs (their stems without -л, -ла, -ло, -ли)
    actions: frozenset[tuple[int, int]]  # (pair, side) of `lexicon.OTHER_ACTIONS` it says
    ongoing: bool  # `_ongoing`
    reflexive: frozenset[str]  # Russian reflexive verbs without their -ся / -сь
    liking: bool  # the fact says what someone likes or dislikes


_NO_WORDS: frozenset[str] = frozenset()


def _form(fact: Parse) -> _Form:
    if fact.form is not None:
        return fact.form  # type: ignore[return-value]
    t_forms = [w.norm for w in fact.words if _CYRILLIC.match(w.norm) and w.norm.endswith("т")]
    # (most facts hold none of the words the newer readings look for: one look at the set of
    # their words skips them)
    norms = frozenset(w.norm for w in fact.words)
    found = _Form(
        moods=_moods(fact, norms) or _NO_WORDS,
        scheduled=_scheduled(fact),
        persons=_persons(fact) or _NO_WORDS,
        future=_future_form(fact),
        counted=tuple(_counted(fact).items()),
        t_forms=frozenset(t_forms) if t_forms else _NO_WORDS,
        frequency="" if _FREQUENCY_WORDS.isdisjoint(norms) else _frequency(fact),
        limiters=_limiters(fact) or _NO_WORDS,
        roles=_roles(fact) if _may_have_roles(norms) else (),
        said_by=_subject_pronouns(fact) or _NO_WORDS,
        passive=not _PASSIVE_AGENTS.isdisjoint(norms) and _passive(fact),
        repeated=_repeated(fact),
        copula=_copula(norms),
        ru_past=_russian_past(fact) if _CYRILLIC.search(fact.normalized) else _NO_WORDS,
        actions=frozenset(_ACTIONS[n] for n in norms if n in _ACTIONS) or _NO_ACTIONS,
        ongoing=not _ONGOING_BE.isdisjoint(norms) and _ongoing(fact),
        reflexive=frozenset(n[:-2] for n in norms if n.endswith(("ся", "сь")) and len(n) > 4)
        or _NO_WORDS,
        liking=not _LIKING.isdisjoint(norms)
        or any(w.norm in _REGARDING and w.text.islower() for w in fact.words),
    )
    object.__setattr__(fact, "form", found)
    return found


_ACTIONS = {
    form: (pair, side)
    for pair, sides in enumerate(lx.OTHER_ACTIONS)
    for side, forms in enumerate(sides)
    for form in forms.split()
}
_NO_ACTIONS: frozenset[tuple[int, int]] = frozenset()


def _actions_contrast(mine: frozenset[tuple[int, int]], theirs: frozenset[tuple[int, int]]) -> bool:
    """One fact says one action of a pair of `lexicon.OTHER_ACTIONS` and the other the other."""
    return any((pair, 1 - side) in theirs and (pair, side) not in theirs for pair, side in mine)


def _ongoing(fact: Parse) -> bool:
    """The fact says what was going on: a past of "be" or "estar" and a gerund ("was fixing",
    "estaba arreglando"), not that it was done. (A present one says what "plans" says.)"""
    words = fact.words
    return any(
        w.norm in _ONGOING_BE and after.norm.endswith(("ing", "ando", "iendo", "yendo"))
        for w, after in itertools.pairwise(words)
    )


_ONGOING_BE = frozenset("was were estaba estaban estuvo estuvieron".split())


def _repeated(fact: Parse) -> frozenset[str]:
    """The content words the fact says more than once: "Ana's manager's manager is Ben" is
    not "Ana's manager is Ben", though its set of words is the same."""
    seen: set[str] = set()
    twice: set[str] = set()
    for w in fact.words:
        if w.kind in ("word", "name", "kin"):
            (twice if w.key in seen else seen).add(w.key)
    return frozenset(twice) if twice else _NO_WORDS


def _turned_round_as_is(new: Parse, old: Parse) -> bool:
    """The same verb, told with no change, its subject and object in each other's places: "El
    usuario le debe 200 € a Sara" / "Sara le debe 50 € al usuario" (a handover, "X is no
    longer the lead; Y is", tells a change)."""
    # ("now" changes nothing of who does what to whom: "Priya mentors Sam" / "Sam now mentors
    # Priya" are two relations)
    if new.verb != old.verb or new.change or _both_ways(new):
        return False
    if _verb_class(new.verb) in _BARE_VERBS:
        return False  # "La guardia la tiene Ahmed" / "Está de guardia Beatriz": who holds it
    return _roles_swapped(new, old)


def _both_ways(fact: Parse) -> bool:
    """The fact's relation goes both ways ("is married to", "está casada con"): a word of a
    concept told from either end (`lexicon.SYMMETRIC`)."""
    words = fact.words
    if any(w.norm in _BOTH_WAYS for w in words):
        return True
    return any(_synonym_at(words, at) in lx.SYMMETRIC for at in range(len(words)))


# Words of a relation that holds both ways ("is the same age as", "resembles", "se parece a",
# "похож на")
_BOTH_WAYS = frozenset(
    "same equal equals equally resemble resembles resembled mismo misma mismos mismas igual "
    "parece parecen parecía похож похожа похожи одинаковый одинаковая одинакового одного".split()
)


def _nested(fact: Parse) -> frozenset[str]:
    """The stems of words said twice in a row, or with one small word between: a role of a
    role ("Tom's manager's manager", "Руководитель руководителя Тимура", "el jefe del jefe")."""
    words = [w for w in fact.words if w.kind != "dash"]
    found = set()
    for at, word in enumerate(words):
        if word.kind not in ("word", "kin"):
            continue
        for gap in (1, 2):
            if at + gap < len(words) and words[at + gap].root == word.root:
                verb = fact.verb_norm in (word.norm, words[at + gap].norm)  # "Tomás tomó"
                if not verb and (gap == 1 or words[at + 1].kind == "stop"):
                    found.add(word.root)
    return frozenset(found)


_SER = frozenset("es son soy eres somos era eran fue fueron será serán sea sean".split())
_ESTAR = frozenset(
    "está están estoy estás estamos estaba estaban estuvo estuvieron estará estarán esté".split()
)


def _copula(norms: frozenset[str]) -> str:
    """The Spanish copula a fact uses: "ser" ("El cliente es listo": clever) or "estar" ("…
    está listo": ready); '' for none or both."""
    ser, estar = not _SER.isdisjoint(norms), not _ESTAR.isdisjoint(norms)
    return "ser" if ser and not estar else "estar" if estar and not ser else ""


def _russian_past(fact: Parse) -> frozenset[str]:
    """The stems of the fact's Russian past verbs ("поступала" → "поступа")."""
    stems = set()
    for w in fact.words:
        norm = w.norm
        if len(norm) > 4 and _CYRILLIC.match(norm):
            end = next((e for e in ("ла", "ло", "ли", "л") if norm.endswith(e)), "")
            if end:
                stems.add(norm[: -len(end)])
    return frozenset(stems) if stems else _NO_WORDS


def _past_aspect_split(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """A Russian past verb in one fact and the same verb in its other aspect in the other:
    "сдавала" / "сдала" (took / passed the exam), "поступала" / "поступила"."""
    for a in mine - theirs:
        for b in theirs - mine:
            short, long = sorted((a, b), key=len)
            if long == short[:-1] + "ва" + short[-1:] or long == short + "ва":
                return True  # "сда" / "сдава"
            if len(a) == len(b) > 4 and a[:-1] == b[:-1] and {a[-1], b[-1]} == {"а", "и"}:
                return True  # "поступа" / "поступи"
    return False


def _subject_pronouns(fact: Parse) -> frozenset[str]:
    """The persons the fact's subject pronouns name ("@3m" for "he", "он", "él")."""
    return frozenset(k for k in fact.subject if k.startswith("@") and k[1:2].isdigit())


_FREQUENCY_WORDS = frozenset(phrase.split()[0] for phrase in lx.FREQUENCIES)


def _frequency(fact: Parse) -> str:
    """How often the fact says it holds (`lexicon.FREQUENCIES`: "always", "usually", "often",
    "sometimes", "rarely"), '' when it says nothing of it; two classes in one fact are named
    together ("often/sometimes")."""
    norms = [w.norm for w in fact.words]
    by_first = _frequency_phrases()
    found: set[str] = set()
    for at, norm in enumerate(norms):
        for phrase in by_first.get(norm, ()):
            if tuple(norms[at : at + len(phrase)]) == phrase:
                found.add(lx.FREQUENCIES[" ".join(phrase)])
                break
    return "/".join(sorted(found))


def _limiters(fact: Parse) -> frozenset[str]:
    """The fact's words of `lexicon.LIMITERS` ("former", "near", "some"), a Russian one by the
    letters its forms begin with, and "ex-" of a word such as "ex-husband"."""
    found: set[str] = set()
    for w in fact.words:
        found.update(_limiters_of(w))
    return frozenset(found)


def _limiters_of(w: Word) -> frozenset[str]:
    """`_limiters` of one word."""
    norm = w.norm
    if norm in lx.LIMITERS:
        return frozenset({norm})
    if norm.startswith("ex-"):
        return frozenset({"ex"})
    if norm[:3] in _LIMITER_HEADS:
        return frozenset(stem for stem in lx.LIMITER_STEMS if norm.startswith(stem))
    return frozenset()


_LIMITER_HEADS = frozenset(stem[:3] for stem in lx.LIMITER_STEMS)


@lru_cache(maxsize=1)
def _frequency_phrases() -> dict[str, list[tuple[str, ...]]]:
    """The phrases of `lexicon.FREQUENCIES` by their first word, the longest first."""
    by_first: dict[str, list[tuple[str, ...]]] = {}
    for phrase in sorted(lx.FREQUENCIES, key=lambda p: -len(p.split())):
        words = tuple(phrase.split())
        by_first.setdefault(words[0], []).append(words)
    return by_first


def _same_frequency(mine: str, theirs: str) -> bool:
    """Whether two facts say their statement holds as often: in the same class, or one says
    none and the other that it holds as a rule (`lexicon.UNSAID_FREQUENCIES`)."""
    return mine == theirs or (not (mine and theirs) and (mine or theirs) in lx.UNSAID_FREQUENCIES)


def _scheduled(fact: Parse) -> bool:
    return any(w.norm in lx.SCHEDULED for w in fact.words)


_RU_INFINITIVE = ("ть", "ться", "ти", "чь")
_NOT_DONE_WORDS = lx.NOT_DONE_BEFORE_TO | lx.NOT_DONE_BEFORE_INFINITIVE


def _moods(fact: Parse, norms: frozenset[str]) -> frozenset[str]:
    words = fact.words
    moods = {
        lx.MOODS[w.norm]
        for at, w in enumerate(words)
        if w.norm in lx.MOODS and w.kind != "date" and not activity(words, at)
    }
    if _NOT_DONE_WORDS.isdisjoint(norms):
        return frozenset(moods)
    for w, after in itertools.pairwise(words):
        if (w.norm in lx.NOT_DONE_BEFORE_TO and after.norm == "to") or (
            w.norm in lx.NOT_DONE_BEFORE_INFINITIVE and after.norm.endswith(_RU_INFINITIVE)
        ):
            moods.add("not done")
    return frozenset(moods)


_COPULA_VERBS = frozenset({"be", "ser", "estar"})


def _persons(fact: Parse) -> frozenset[str]:
    """The persons a fact's object pronouns name ("him", "её", a Spanish clitic right after
    its subject: "Ana lo ayuda", not "Ana cerró la casa")."""
    if fact.verb in _COPULA_VERBS:
        return frozenset()  # "The user's pronouns are she/her": a value, no one acted on
    persons = set()
    words = fact.words
    for at, w in enumerate(words):
        person = lx.OBJECT_PRONOUNS.get(w.norm)
        if at == len(words) - 1:
            person = person or lx.OBJECT_AT_END.get(w.norm)
        if person is None or w.kind in ("name", "value", "date"):
            continue
        if w.norm.isascii() and w.norm in ("lo", "la", "los", "las", "le", "les", "me", "te"):
            if not (0 < at < len(words) - 1 and words[at - 1].exact in fact.subject):
                continue
        persons.add(person)
    return frozenset(persons)


_FUTURE_ENDINGS = ("rá", "rán", "rás", "ré", "réis", "aremos", "eremos", "iremos")
_NOT_FUTURE = frozenset({"detrás", "atrás", "través"})


def _future_form(fact: Parse) -> bool:
    """The fact speaks of the future: a future word ("will", "будет") or a Spanish future
    form ("terminará", "lanzaremos")."""
    return fact.future or any(
        w.kind == "word"
        and len(w.norm) >= 5
        and w.norm.endswith(_FUTURE_ENDINGS)
        and w.norm not in _NOT_FUTURE
        for w in fact.words
    )


_RU_PREFIXES = ("на", "с", "по", "за", "про", "вы", "у", "о", "при", "от", "пере", "раз", "до")
_RU_IMPERFECTIVE = ("ает", "яет", "ивает", "ывает", "ается", "яется")


def _aspect_split(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """A Russian verb in one fact (its `_Form.t_forms`) and its other aspect in the other: the
    present of an imperfective says what is, the perfective's same form what will be
    ("пишет" / "напишет", "выпускает" / "выпустит")."""
    for a in mine - theirs:
        for b in theirs - mine:
            short, long = (a, b) if len(a) <= len(b) else (b, a)
            if long.endswith(short) and long[: len(long) - len(short)] in _RU_PREFIXES:
                return True
            if len(short) >= 6 and a[:5] == b[:5]:
                ends = (a.endswith(_RU_IMPERFECTIVE), b.endswith(_RU_IMPERFECTIVE))
                if ends[0] != ends[1] and (a if ends[1] else b).endswith(("ит", "ится")):
                    return True
    return False


def _counted(fact: Parse) -> dict[str, str]:
    """How many of each noun a fact's determiners say: "un coche" one, "unos coches" several;
    in Russian an object's ending ("книгу" one, "книги" several)."""
    counted: dict[str, str] = {}
    words = fact.words
    for at, w in enumerate(words[:-1]):
        number = "one" if w.norm in lx.SINGULAR else "many" if w.norm in lx.PLURAL else ""
        if number and words[at + 1].kind == "word":
            counted[words[at + 1].key] = number
    for w in fact.objects:
        if w.kind == "word" and _CYRILLIC.match(w.norm) and len(w.norm) >= 4:
            if w.norm.endswith(("у", "ю")) and w.key not in counted:
                counted[w.key] = "one?"
            elif w.norm.endswith(("ы", "и")) and w.key not in counted:
                counted[w.key] = "many?"
    return counted


def _number_split(new: Parse, old: Parse, mine: dict[str, str], theirs: dict[str, str]) -> bool:
    """Some noun counted otherwise in each fact (`mine`, `theirs`: their `_counted`)."""
    for key in mine.keys() & theirs.keys():
        a, b = mine[key], theirs[key]
        if a.rstrip("?") == b.rstrip("?"):
            continue
        if a.endswith("?") and b.endswith("?"):
            # both by ending, after one verb (which asks one case of both): the same length,
            # one word in two numbers ("купил книгу" / "купил книги")
            if new.verb_norm == old.verb_norm and _ending_pair(new, old, key):
                return True
            continue
        return True
    return False


def _ending_pair(new: Parse, old: Parse, key: str) -> bool:
    a = {w.norm for w in new.objects if w.key == key}
    b = {w.norm for w in old.objects if w.key == key}
    return any(len(x) == len(y) and x[:-1] == y[:-1] for x in a for y in b)


def _ending_split(new: Parse, old: Parse) -> bool:
    """A Spanish noun whose last vowel turned ("caso" / "casa"): the stems are one, the
    words two."""
    mine = {w.key: w.norm for w in new.words if w.kind == "word" and not _CYRILLIC.match(w.norm)}
    for w in old.words:
        other = mine.get(w.key)
        if other is None or other == w.norm or w.kind != "word" or len(w.norm) < 4:
            continue
        a, b = (other, w.norm) if other < w.norm else (w.norm, other)
        if a[:-1] == b[:-1] and (a[-1], b[-1]) == ("a", "o"):
            return True
        if a[:-2] == b[:-2] and (a[-2:], b[-2:]) == ("as", "os"):
            return True
    return False


def _update_verdict(new: Parse, old: Parse) -> Verdict | None:
    """A supersede the new fact tells in its words: an explicit update of the same subject,
    of who holds a role or does a thing, a move from the stored value, a change to another.
    None for one occasion of a schedule ("Today's standup moved to 11")."""
    if _exception_to(new, old, in_place=False):
        return None
    if _explicit_update(new, old):
        return Verdict("supersede", "an explicit update of the same subject")
    if _former_then_now(new, old):
        return Verdict("supersede", "the stored value told as what was, and what is now")
    if _japanese_change_of_verb(new, old):
        return Verdict("supersede", "the same subject, its value changed by a verb of change")
    if _japanese_switched_from(new, old):
        return Verdict("supersede", "a move from the stored value to another")
    if _japanese_set_to(new, old):
        return Verdict("supersede", "the same topic, set to another value")
    if _age_changed(new, old):
        return Verdict("supersede", "the same person, a new age")
    if _status_changed(new, old) or _japanese_status_changed(new, old):
        return Verdict("supersede", "the same work, another status")
    flipped = _state_changed(new, old)
    if flipped:
        return Verdict("supersede", f"the same thing's state, changed since ({flipped})")
    if _habit_stopped(new, old):
        return Verdict("supersede", "the same one stopped doing what the stored fact says")
    if _no_longer_so(new, old):
        return Verdict("supersede", "the stored claim, told as no longer so")
    if _now_the_one_who(new, old):
        return Verdict("supersede", _NOW_THE_ONE)
    if _holder_replaced(new, old) or _role_handed_on(new, old):
        return Verdict("supersede", "an explicit update of who holds the same role")
    if _doer_replaced(new, old):
        return Verdict("supersede", "an explicit update of who does the same thing")
    if _switched_from(new, old):
        return Verdict("supersede", "a move from the stored value to another")
    switched = _switched_within_a_kind(new, old)
    if switched:
        return Verdict("supersede", f"a switch to another {switched}")
    if _changed_to(new, old):
        return Verdict("supersede", "what the same subject is, changed to another value")
    if _name_renamed(new, old) or _thing_renamed(new, old):
        return Verdict("supersede", "the name the stored fact gives, renamed")
    if _version_bumped(new, old):
        return Verdict("supersede", "the same product the stored fact gives, a new version")
    if _frequency_changed(new, old):
        return Verdict("supersede", "how often the same thing is done, told as news")
    if _note_value_set_aside(new, old):
        return Verdict("supersede", "the value of a note, told as news to be set aside")
    return None


def _note_value_set_aside(new: Parse, old: Parse) -> bool:
    """A note of no one named ("Editor: VS Code", "Редактор: VS Code") and news, told of the
    user or of us, that another value now stands instead of its value: "The user now works in
    Cursor instead of VS Code", "Теперь пользователь работает в Cursor вместо VS Code". Not
    news of someone named ("Bob now uses Cursor instead of VS Code")."""
    if old.verb != ":" or old.negated or old.question or old.subject & old.people:
        return False
    if old.possessors:
        return False  # "Anna's editor: VS Code" is a note of Anna's
    if not new.update or new.negated or new.question or new.modal or new.future:
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    if not new.subject <= _OURS_OR_THE_USERS:
        return False
    # (a note's value is a name when capitalised: "Database: Postgres")
    values = frozenset(w.key for w in old.objects if w.kind in _NAMED or w.text[:1].isupper())
    return bool(values) and _set_aside(new, values) and bool(new.people - values)


def _frequency_changed(new: Parse, old: Parse) -> bool:
    """News of how often the very thing the stored fact times is done, the thing named by its
    verb or by its noun: "La planificación del sprint es cada dos semanas" → "Ahora
    planificamos el sprint una vez al mes", "Планёрка отдела проходит раз в две недели" →
    "Теперь планёрка отдела проходит раз в месяц". Every other word of each comes back in the
    other: not "We now deploy hotfixes daily" after "We deploy every Friday", nor another team
    or one."""
    if not new.update or new.negated or new.question or new.modal or new.future or new.additive:
        return False
    if old.negated or old.question or old.modal or old.past or old.future:
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    removed, added = _swapped(new, old)
    if "often" not in _asked(old, removed) or "often" not in _asked(new, added):
        return False
    mine, theirs = _timed_words(new), _timed_words(old)
    return all(_same_root(k, theirs | old.stems) for k in mine) and all(
        _same_root(k, mine | new.stems) for k in theirs
    )


def _timed_words(fact: Parse) -> frozenset[str]:
    """What a fact of how often says is done, and by whom: its words but those of when and how
    often ("every", "cada", "weeks"), a verb of taking place ("happens", "es"), function words
    and "the user"."""
    light = {fact.verb} if fact.verb in _COPULAS or _verb_concept(fact) == "event" else set()
    return frozenset(
        w.key
        for w in fact.words
        if w.kind in ("word", "name", "acronym", "kin")
        and w.key not in light
        and w.key not in _USER_ROOTS
        and w.norm not in _NO_NEWS
        and w.norm not in _EVERY
        and not _asked(fact, {w.key})
    )


def _same_root(key: str, others: frozenset[str]) -> bool:
    """`key` is one of `others`, a form of one (`_inflects`), or the root a longer one is
    made of: a noun and its verb, "planific" (planificamos) and "planif" (planificación)."""
    if key in others or _inflects(key, others):
        return True
    return len(key) >= 5 and any(
        len(other) >= 5 and (other.startswith(key) or key.startswith(other)) for other in others
    )


def _version_bumped(new: Parse, old: Parse) -> bool:
    """An update told of the one product the stored fact gives with a version, with another
    version, and nothing else new: "The production database is MySQL 5.7" → "Production now
    runs MySQL 8.0", "As of March, production runs on MySQL 8.0". Never of another subject
    ("The billing DB now runs MySQL 8.0"), environment or purpose ("… for the API")."""
    if not new.update or new.negated or old.negated or new.question or old.question:
        return False
    if new.modal or old.modal or new.future or old.future or old.past:
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    mine, theirs = _versions(new), _versions(old)
    if len(theirs) != 1 or mine.keys() != theirs.keys() or mine == theirs:
        return False
    if not new.subject_keys - {"@1p"} <= old.subject_keys | old.content:
        return False
    told = frozenset({w.key for w in old.words} | set(mine) | set(mine.values()) | {new.verb})
    extra = {
        w.key
        for w in new.words
        if w.kind in ("word", "name", "acronym", "kin")
        and w.norm not in _NO_NEWS
        and not _inflects(w.key, told)
    }
    return not extra - told


# Words that bring nothing new beside a version: function words, prepositions, words of change
_NO_NEWS = lx.FUNCTION_WORDS | lx.PREPOSITIONS | lx.UPDATE_WORDS


def _versions(fact: Parse) -> dict[str, str]:
    """The named products a fact gives with a version after them ("MySQL 8.0", "Node v18",
    "Postgres to 16"): name → version."""
    words = fact.words
    found: dict[str, str] = {}
    for at, w in enumerate(words):
        if w.kind not in ("name", "acronym") or _VERSION_NUMBER.fullmatch(w.key):
            continue
        after = words[at + 1 : at + 3]
        if after and after[0].norm in _UPGRADED_TO and len(after) > 1:
            after = after[1:]
        if after and _VERSION_NUMBER.fullmatch(after[0].key):
            found[w.key] = after[0].key.lstrip("v")
    return found


_VERSION_NUMBER = re.compile(r"v?\d{1,3}(?:\.\d+)*")  # (four digits are a year)
_UPGRADED_TO = frozenset({"to", "a", "до"})


def _switched_within_a_kind(new: Parse, old: Parse) -> str:
    """The new fact tells a switch ("switched to a MacBook", "se cambió a un iPhone", "traded in
    his Honda Civic for a Tesla", "переписали на Kotlin") of what the stored fact is about, to
    another thing of a kind the stored fact names one of (`lexicon.KINDS_OF_THINGS`: a laptop,
    a car, a language): that kind, or '' when there is none."""
    switching = new.update or new.change or any(w.norm in lx.SWITCHING_WORDS for w in new.words)
    if not switching or new.negated or new.question or new.modal or new.future:
        return ""
    if old.negated or old.question or old.past or old.modal or new.speaker != old.speaker:
        return ""
    if new.environments != old.environments or not old.subject_keys:
        return ""
    mine, theirs = _kinds_named(new), _kinds_named(old)
    # (the subject comes back outside the things named: "CI" of "GitLab CI" is no CI)
    found = (new.content | new.stems | new.people) - {k for named in mine.values() for k in named}
    # (a thing of the kind read into the subject is the value: "У Кати смартфон Samsung …")
    things = {k for named in theirs.values() for k in named}
    if not all(k in found or _inflects(k, found) for k in old.subject_keys - things):
        return ""  # another one switched: "Bob switched to a MacBook"
    said = old.content | old.people
    if any(
        w.key not in said and not _inflects(w.key, said) and _someone_word(w)
        for w in new.words
        if w.exact in new.subject
    ):
        return ""  # "Sam's wife switched to a Tesla", "My teammate switched to Cursor"
    others = {w.key for w in new.words if w.kind in ("name", "acronym")} - old.content
    if _switched_something_else(new, old, mine):
        return ""  # "Мы переписали тесты сервиса авторизации на Kotlin": the tests, not it
    for kind, named in theirs.items():
        added = mine.get(kind, set()) - named
        if added and not others - added:
            return kind
    return ""


def _switched_something_else(new: Parse, old: Parse, mine: dict[str, set[str]]) -> bool:
    """After its verb the new fact names something of its own, not the stored fact's, nor a
    word of change or of when: what was switched is that ("Мы переписали тесты сервиса
    авторизации на Kotlin": the tests, not the service), or where or what for the new thing is
    ("switched to a MacBook at home", "… to Firefox for testing", "… to keto for a month")."""
    things = {k for named in mine.values() for k in named}
    words = new.words
    verb = next((i for i, w in enumerate(words) if w.key == new.verb), None)
    if verb is None:
        return False
    using = _synonyms()[0]
    for at, w in enumerate(words[verb + 1 :], start=verb + 1):
        if w.norm in _FOR and any(x.key in things for x in words[:at]):
            after = next((x for x in words[at + 1 :] if x.kind != "stop"), None)
            if after is None or after.key not in things:
                return True  # what for, or for how long ("traded … for a Tesla" is the switch)
        if w.kind != "word" or w.key in things or w.norm in _ANY_PREPOSITION:
            continue
        if w.norm in lx.SWITCHING_WORDS or w.norm in lx.UPDATE_WORDS or w.norm in _when_words():
            continue
        if using.get(w.norm) == using["uses"] or w.key in _USER_ROOTS:
            continue  # "… теперь она пользуется iPhone 14"
        if w.key not in old.content and not _inflects(w.key, old.content):
            return True
    return False


_FOR = frozenset("for para для".split())


def _someone_word(w: Word) -> bool:
    """The word names someone: kin, a noun of a person, a name (not "we", "I")."""
    return w.kind in ("kin", "name") or w.norm in lx.KIN or w.norm in lx.PERSON_NOUNS


@lru_cache(maxsize=1)
def _when_words() -> frozenset[str]:
    """Words of when a switch was, and of before and now."""
    years = frozenset("year año году год week semana неделе hace poco recently lately".split())
    return lx.CALENDAR | _FORMERLY_WORDS | _NOW_WORDS | years


def _kinds_named(fact: Parse) -> dict[str, set[str]]:
    """The things of a kind the fact names (`lexicon.KINDS_OF_THINGS`), by kind."""
    kinds = _kind_of_thing()
    found: dict[str, set[str]] = {}
    words = fact.words
    for at, w in enumerate(words):
        pair = f"{w.norm} {words[at + 1].norm}" if at + 1 < len(words) else ""
        if pair in kinds:  # "VS Code", "GitHub Actions"
            found.setdefault(kinds[pair], set()).update((w.key, words[at + 1].key))
            continue
        kind = kinds.get(w.norm) or kinds.get(w.key)
        if kind and w.norm in lx.KINDS_OF_THINGS_AS_NAMES and w.kind != "name":
            continue  # "go to the gym"
        if kind:
            found.setdefault(kind, set()).add(w.key)
    return found


@lru_cache(maxsize=1)
def _kind_of_thing() -> dict[str, str]:
    return {
        word.replace("_", " "): kind
        for kind, words in lx.KINDS_OF_THINGS.items()
        for word in words.split()
    }


def _former_then_now(new: Parse, old: Parse) -> bool:
    """The new fact tells the stored value as what was, then what is now, in two clauses:
    "Sam used to have a Pixel 6, now he's on an iPhone 15", "Antes la API usaba el puerto
    3000, ahora usa el 4000". The stored fact's values are all in the first clause, with a verb
    of the same kind, its subject comes back, and the second brings a value of its own."""
    if "," not in new.text and ";" not in new.text:
        return False
    if new.speaker != old.speaker or new.environments != old.environments or old.past:
        return False
    split = _TWO_CLAUSES.match(new.text)
    if split is None or old.negated or new.question:
        return False
    before = _USED_TO.sub("", split["was"])  # ("used to live": the verb is "live")
    was, now = _clause_parse(before), _clause_parse(split["now"])
    formerly = before != split["was"] or not _FORMERLY_WORDS.isdisjoint(w.norm for w in was.words)
    if not formerly or _NOW_WORDS.isdisjoint(w.norm for w in now.words):
        return False
    if now.additive:
        return False  # "…, now he also has an iPad": one more beside what was
    values = _relation_values(old)
    if not values or not values <= {w.key for w in was.words}:
        return False
    if not _relation_values(now) - values:
        return False
    found = new.content | new.stems | new.people
    about = {k for k in old.subject_keys if not k.startswith("@")}
    if not all(k in found or _inflects(k, found) for k in about):
        return False
    kinds = {_verb_class(old.verb), _verb_class(was.verb)}
    return len(kinds) == 1 or kinds <= _HOLDING_VERBS


_USED_TO = re.compile(r"\bused to\b", re.IGNORECASE)
_TWO_CLAUSES = re.compile(r"^\s*(?P<was>[^,;]+)[,;]\s*(?P<now>[^,;]+?)[.!]?\s*$")
_FORMERLY_WORDS = frozenset("previously formerly antes anteriormente раньше прежде".split())
_NOW_WORDS = frozenset("now nowadays ahora actualmente теперь сейчас".split())
# Verbs of having, using or being that say one holding as much as another ("uses a Pixel" /
# "used to have a Pixel", "corre en el puerto 3000" / "usaba el puerto 3000").
_HOLDING_VERBS = frozenset({"be", "have", "use", "run", "=", "ser", "estar", "tener", "corr", "us"})


def _habit_stopped(new: Parse, old: Parse) -> bool:
    """The new fact says that whoever the stored one is about stopped doing what it says:
    "Alice smokes" → "Alice quit smoking", "I drink coffee every morning" → "I gave up
    coffee", "Игорь курит" → "Игорь бросил курить", "Tomo café todas las mañanas" → "He dejado
    el café". Who quit comes back (or no one is named), and what they quit is all the old fact's
    (English "quit" and "stopped" take a verb in -ing: "stopped the server" is an event)."""
    if old.negated or old.past or new.negated or new.question or new.modal or new.future:
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    words = new.words
    at = _quit_at(new)
    if at is None:
        return False
    after = [w for w in words[at + 1 :] if w.kind in ("word", "name", "acronym", "kin")]
    after = [w for w in after if w.norm not in _QUIT_PARTICLES]
    if not after or (words[at].norm in _QUIT_ING and not after[0].norm.endswith("ing")):
        return False
    who = [w for w in words[:at] if w.kind not in ("stop", "marker") and w.norm not in lx.HABER]
    theirs = old.content | old.stems
    if not all(w.key in theirs or _inflects(w.key, theirs) for w in who):
        return False
    return all(w.key in theirs or _inflects(w.key, theirs) for w in after)


def _no_longer_so(new: Parse, old: Parse) -> bool:
    """The new fact is the stored claim, word for word, told as no longer so: "Пользователь
    вегетарианец" → "Пользователь больше не вегетарианец", "ユーザーはベジタリアン" → "ユーザーは
    もうベジタリアンではない" (a Russian claim with no verb, which the parse reads otherwise than
    its negation, and Japanese "もう…ない", which it does not read as news)."""
    if old.negated or not new.negated or old.question or new.question:
        return False
    if new.modal or old.modal or new.future or old.future or old.past:
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    if new.content != old.content or new.people != old.people:
        return False
    said = {w.norm for w in new.words}
    no_longer = any(set(phrase) <= said for phrase in _NO_LONGER) and new.update
    if no_longer or "もう" not in new.text or not any(w.kind == "neg" for w in new.words):
        return no_longer
    # the sentence ends in the plain negative: not "…飲まないでほしい" (a wish), "…飲んではいけ
    # ない" (a rule), "…飲まないわけではない" (not that it stopped), "…ないかもしれません"
    tail = _HIRAGANA_TAIL.search(new.text.rstrip("。.!！ "))
    return tail is not None and _PLAIN_NEGATIVE.fullmatch(tail.group()) is not None


_NO_LONGER = (("больше", "не"), ("уже", "не"), ("ya", "no"), ("no", "longer"), ("anymore",))
_HIRAGANA_TAIL = re.compile(r"[\u3041-\u3096]*$")
# "飲まない", "飲みません", "できない", "住んでいない", "通っていません", "ではない"
_PLAIN_NEGATIVE = re.compile(
    r"(?:(?:でき|[\u3041-\u3096])?|[んっ]?[てで]い)(?:ない|ません)(?:です)?"
    r"|(?:では|じゃ)(?:ない|ありません)(?:です)?"
)


def _quit_at(fact: Parse) -> int | None:
    """Where a verb of stopping a habit stands in the fact, remembered by its text."""
    return _remembered(_QUITS, fact, _read_quit_at)


def _gave_up(fact: Parse) -> bool:
    """The fact tells a habit given up: a verb of stopping and then what was done ("stopped
    eating", "gave up smoking", "бросил курить", "dejó de fumar"), not what was stopped
    ("stopped the server")."""
    at = _quit_at(fact)
    if at is None:
        return False
    after = [w.norm for w in fact.words[at + 1 : at + 3] if w.norm not in _QUIT_PARTICLES]
    return bool(after) and after[0].endswith(("ing", "ть", "ться", "ar", "er", "ir"))


def _read_quit_at(fact: Parse) -> int | None:
    return next((n for n, w in enumerate(fact.words) if w.norm in _QUIT), None)


_QUITS: dict[str, int | None] = {}
# Verbs of stopping a habit (English "quit" and "stopped" then take a verb in -ing), and the
# particles that go with them ("gave up", "dejé de").
_QUIT = frozenset(
    """quit quits stopped stops gave бросил бросила бросили перестал перестала перестали
    dejé deje dejó dejo dejado dejaron dejamos""".split()
)
_QUIT_ING = frozenset({"quit", "quits", "stopped", "stops"})
_QUIT_PARTICLES = frozenset({"up", "de"})


def _state_changed(new: Parse, old: Parse) -> str | None:
    """The stored fact gives a thing's state ("Ben's account is active", "The repo is public")
    and the new one tells it changed to the opposite ("was deactivated yesterday", "was made
    private"): the same subject, nothing else said but when. The antonym pair, or None."""
    if not new.past or old.past or new.negated or old.negated or new.question or new.modal:
        return None
    if new.subject_keys != old.subject_keys or (new.speaker, new.environments) != (
        old.speaker,
        old.environments,
    ):
        return None
    pair = _antonym_split(new, old)
    if not pair:
        return None
    said = {w.key for w in new.objects if w.kind in ("word", "name", "acronym", "value")}
    rest = said - _polar_keys(new) - _polar_keys(old) - new.subject_keys - _MADE
    return pair if not rest else None


_MADE = frozenset({"make", "set", "turn", "switch", "becam", "becom", "got"})


def _status_changed(new: Parse, old: Parse) -> bool:
    """Both facts say where the same piece of work stands, and the new one says another
    status (`lexicon.STATUSES`): "The Orion migration status is in progress" → "The Orion
    migration is blocked", "Миграция в работе" → "Миграция заблокирована". A status held
    under a condition ("Deploys are blocked if …") or a past event ("was shipped") is none."""
    if new.negated or old.negated or new.question or old.question or new.modal or old.modal:
        return False
    if old.past or (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    if new.future or old.future or not _FUTURE_WORDS.isdisjoint(w.norm for w in new.words):
        return False  # "The migration will be done by Friday", "va a estar terminada": a plan
    mine, theirs = _status(new), _status(old)
    if mine is None or theirs is None or mine[1] == theirs[1]:
        return False
    if new.past and mine[1] not in lx.SETTLED_STATUSES:
        return False  # "was blocked for a week": a past event; "was resolved": where it is now
    if {mine[1], theirs[1]} & lx.RECORD_STATUSES:
        if not any(map(_a_record, (new, old))):
            return False  # "The store is open" / "… closed": no record's status
        # (a record's own end: closed, resolved, fixed; "approved" leaves a pull request open)
        settled = mine[1] in _RECORD_SETTLED and theirs[1] not in lx.SETTLED_STATUSES
        if not (new.past or new.update or settled):
            # "Тикет 482 закрыт" / "Тикет 482 открыт": a record opened again is told as news
            # ("reopened", "открыли снова"), else it is a conflict; closed after open is where
            # it got to ("Ticket #4512 status: open" → "… status: resolved")
            return False
    named = frozenset(
        w.key for f in (new, old) for w in f.words if w.kind in ("name", "acronym", "value")
    )  # (names and ids must match: "Ticket 42" is not "Ticket 43")
    if _same_keys(mine[0], theirs[0], named):
        return True
    # one record by its id, with or without its kind: "Incident INC-4412" / "INC-4412"
    ids = {k for k in mine[0] if _numeric(k)}
    return (
        bool(ids)
        and ids == {k for k in theirs[0] if _numeric(k)}
        and _same_keys(_without_record_words(mine[0]), _without_record_words(theirs[0]), named)
    )


def _japanese_status_changed(new: Parse, old: Parse) -> bool:
    """A Japanese record's status, told anew: "チケット#4521は対応中" → "チケット#4521はクローズ
    された", "問い合わせ#3021のステータス：対応中" → "…：解決済み". What the status is of must be
    told the same and name a record by its number; the new status must settle the work where
    the old did not, or be told as news ("になった", "今は")."""
    mine, theirs = _JAPANESE_STATUS.fullmatch(new.text), _JAPANESE_STATUS.fullmatch(old.text)
    if mine is None or theirs is None or new.negated or old.negated:
        return False
    of = mine["of"].strip()
    if of != theirs["of"].strip() or not _RECORD_NUMBER.search(of):
        return False
    now, then = mine["status"], theirs["status"]
    if now == then:
        return False
    settled = now in _JAPANESE_SETTLED and then not in _JAPANESE_SETTLED
    return settled or new.update or bool(mine["became"])


# A record's number: "#4521", "OPS-771" (not "3番の窓口", counter 3).
_RECORD_NUMBER = re.compile(r"#\d+|[A-Z]{2,}-\d+")
_JAPANESE_SETTLED = frozenset(
    "解決済み 解決済 解決 クローズ クローズ済み 完了 対応済み 対応済 マージ済み 却下 リリース済み "
    "終了".split()
)
_JAPANESE_OPEN = frozenset(
    "対応中 未対応 進行中 保留 保留中 レビュー中 調査中 確認中 オープン 受付中 未着手 作業中 "
    "再オープン".split()
)
# "<record>は<status>", "<record>のステータス：<status>", with what may close it ("された",
# "になりました", "です").
_JAPANESE_STATUS = re.compile(
    r"(?P<of>.+?)(?:のステータス(?:は|：|:)|の状態(?:は|：|:)|は|：|:)\s*"
    r"(?P<status>"
    + "|".join(sorted(_JAPANESE_SETTLED | _JAPANESE_OPEN, key=len, reverse=True))
    + r")(?P<became>になった|になりました|に変わった|に変わりました)?"
    r"(?:された|されました|しました|した|です|だ|となった|となりました)?[。.]?"
)


_RECORD_SETTLED = lx.RECORD_STATUSES & lx.SETTLED_STATUSES


def _without_record_words(keys: frozenset[str]) -> frozenset[str]:
    return frozenset(k for k in keys if k not in _RECORD_KEYS)


_RECORD_KEYS = frozenset(lx.RECORDS | {k[:-1] for k in lx.RECORDS if k.endswith("s")})


def _a_record(fact: Parse) -> bool:
    """The fact names a record: a ticket, an incident, a pull request, or anything by an id
    ("INC-4412", "#880")."""
    return any(w.norm in lx.RECORDS or (w.kind != "value" and _numeric(w.key)) for w in fact.words)


def _status(fact: Parse) -> tuple[frozenset[str], str] | None:
    """`_read_status` of a fact, remembered by its text."""
    return _remembered(_STATUS_READ, fact, _read_status)


_STATUS_READ: dict[str, tuple[frozenset[str], str] | None] = {}
# Futures the parse does not read as such (`lexicon.FUTURE` holds "will", "будет"): Spanish "va
# a estar", "estará", Russian "станет". (Adding them to the lexicon would change every rule
# that reads a future.)
_FUTURE_WORDS = frozenset("станет va van irá estará estarán".split())
# The words a status opens with: most facts have none of them (the quick way out).
_STATUS_FIRST = frozenset(phrase.split()[0] for phrase in lx.STATUSES)


def _read_status(fact: Parse) -> tuple[frozenset[str], str] | None:
    """What the fact gives a status of (its words' keys) and the status, when it says nothing
    else: before the status only its subject, after it only when."""
    norms = [w.norm for w in fact.words]
    if _STATUS_FIRST.isdisjoint(norms):
        return None
    for at in range(len(norms)):
        for size in (2, 1):
            phrase = " ".join(norms[at : at + size])
            if phrase not in lx.STATUSES:
                continue
            before = [w for w in fact.words[:at] if w.kind not in _FRAME_KINDS]
            subject = frozenset(
                w.key for n, w in enumerate(before) if not _status_filler(before, n)
            )
            rest = list(
                itertools.takewhile(lambda w: w.norm not in _AND, fact.words[at + size :])
            )  # (what follows "and" is another clause: "is open and waiting on engineering")
            if subject and all(
                w.kind in _WHEN_KINDS or w.norm in _STATUS_FILLERS or w.norm in lx.STATUSES
                for w in rest
            ):
                return subject, phrase
            return None
    return None


def _status_filler(before: list[Word], at: int) -> bool:
    """The word at `at` before a status is no part of what the status is of: a word of when
    (`_STATUS_FILLERS`), or a word for the status itself where it names it — last in English
    ("The migration *status* is …"), first in Spanish and Russian ("El *estado* de la
    migración", "*Статус* миграции"); not one that names a thing ("The status page
    migration", "La migración del estado")."""
    word = before[at].norm
    if word not in _STATUS_FILLERS:
        return False
    if word not in lx.STATUS_WORDS:
        return True
    if at == len(before) - 1 and word in ("status", "state"):
        return True
    return at == 0 and word in ("estado", "статус", "состояние")


# Words around a status that change nothing of what it is of: "now", "back", "again", "since".
_STATUS_FILLERS = lx.STATUS_WORDS | frozenset(
    "now back again still since as of this week today ahora ya otra vez desde esta semana hoy "
    "теперь уже снова опять с этой недели сегодня".split()
)
_WHEN_KINDS = frozenset({"date", "marker", "stop", "dash"})
_AND = frozenset({"and", "y", "e", "и", "а"})


def _age_changed(new: Parse, old: Parse) -> bool:
    """The stored fact gives someone's age and the new one another, told as an age ("is 8 years
    old") or as a birthday ("turned 8", "исполнилось восемь", "уже восемь", "cumplió 8 años"):
    the same subject, nothing negated, asked or planned."""
    if _who_or_what(new) != _who_or_what(old) or new.negated or old.negated or new.question:
        return False
    if new.modal or new.future or (new.speaker, new.said_at) != (old.speaker, old.said_at):
        return False
    theirs, mine = _age(old), _age(new)
    if mine is not None and theirs is None and _BIRTHDAY & {w.norm for w in new.words}:
        # a birthday says the subject is someone: "Mia is 6" → "Mia turned 7"
        theirs = _age(old, someone=True)
    elif theirs is not None and mine is None and _BIRTHDAY & {w.norm for w in old.words}:
        mine = _age(new, someone=True)
    return theirs is not None and mine is not None and theirs != mine


def _age(fact: Parse, *, someone: bool = False) -> str | None:
    """The age a fact gives: a number before "years old" / "лет" / "años" said with "is",
    "has" or no verb ("Дочке семь лет", "tiene 7 años"), or after "turned" / "исполнилось" /
    "уже" / "cumplió" with no other unit after it ("turned 8 months" is no age in years).
    Never a span ("worked there for 3 years", "hace 3 años") or a year ("2023 года").
    `someone`: a subject of one capitalised word is taken for a person (the other fact tells a
    birthday), though the parse could not tell it ("Mia is 6": a first word is capitalised
    whatever it is)."""
    words = fact.words
    plain = _verb_class(fact.verb) in _GENERIC_VERBS or fact.verb in ("", ":")
    told = [w for w in fact.objects if w.kind != "stop"]
    named = someone and len(_who_or_what(fact)) == 1 and words[0].text[:1].isupper()
    if plain and len(told) == 1 and told[0].kind == "value" and (named or _someone(fact)):
        if told[0].key.isdigit() and int(told[0].key) <= 130:
            return told[0].key  # "Marcus's daughter Ella is 4"
    for at, w in enumerate(words):
        if w.kind != "value" or not w.key.isdigit() or int(w.key) > 130:
            continue
        after = words[at + 1].norm if at + 1 < len(words) else ""
        later = words[at + 2].norm if at + 2 < len(words) else ""
        before = words[at - 1].norm if at else ""
        if before in _BIRTHDAY and after not in _OTHER_AGE_UNITS and (before != "уже" or plain):
            return w.key  # (not "уже 3 года работает": for three years now)
        if after in _AGE_UNITS and plain and before not in _SPAN_WORDS:
            if after.isascii() and after not in ("años", "año") and later != "old":
                continue  # "has 10 years of experience"
            return w.key
    return None


def _someone(fact: Parse) -> bool:
    """The fact's subject names a person: a name, kin or a person's pronoun."""
    return any(w.kind in ("name", "kin", "pronoun") for w in fact.words if w.exact in fact.subject)


_SPAN_WORDS = frozenset("for over in after since ago за через после durante hace en desde".split())


_AGE_UNITS = frozenset("years year yrs лет года год años año".split())
_OTHER_AGE_UNITS = frozenset(
    """months month weeks week days day месяцев месяца месяц недель недели дней дня meses mes
    semanas semana días dias día dia""".split()
)
_BIRTHDAY = frozenset("turned turns исполнилось исполнился исполнилась уже cumplió cumplio".split())


def _japanese_change_of_verb(new: Parse, old: Parse) -> bool:
    """Japanese says what changed with a verb that goes with the stored fact's own ("札幌に住ん
    でいる", lives in Sapporo → "福岡に引っ越した", moved to Fukuoka; "Jiraを使っている" → "Linear
    に切り替えた"): the same subject, a value changed to ("に"), and nothing of the old value
    left. (The parse reads a Japanese verb as its first letters: 住, 使, 引 越.)"""
    if not CJK.search(new.text) or not CJK.search(old.text) or new.subject != old.subject:
        return False
    mine, theirs = {w.norm for w in new.words}, {w.norm for w in old.words}
    if "ja:changed" not in mine or new.negated or old.negated or new.question:
        return False
    if any(plan in new.text for plan in _JAPANESE_PLANS):
        return False  # "来年東京に引っ越すつもりだ": a plan, not a move
    thing = _JAPANESE_OBJECT.search(new.text)
    if thing and thing[1] not in old.text:
        return False  # "メールをGmailに切り替えた": the e-mail switched, not what the team uses
    left = _JAPANESE_FROM_TO.search(new.text)
    if left and left["from"].casefold() not in old.text.casefold():
        return False  # "EvernoteからNotionに" after "Todoistを使っています": another one left
    verbs = [(change, verb) for change, verb in _JAPANESE_CHANGES if verb in theirs]
    if not any(set(change) <= mine for change, _ in verbs):
        return False
    said = {k for change, verb in verbs for k in (*change, verb)}
    old_values = {w.key for w in old.objects if _japanese_value(w, said)}
    new_values = {w.key for w in new.objects if _japanese_value(w, said)}
    if not old_values or not new_values or len(new_values) > 3:
        return False  # (at most a time and the value: "先月熊本に", bigrams and all)
    return not old_values & new_values


def _japanese_topics_apart(new: Parse, old: Parse) -> bool:
    """The new Japanese fact's topic (what comes before "は" or "が", less a phrase of when or
    why before it) is the stored one's with a word put before it: "隣の部屋の家賃が…" (the next
    room's rent) after "家賃は…", "別チームの人数は…" after "チームの人数は…", "ユーザーの目標
    体重は…" (target weight) after "ユーザーの体重は…"; or another topic, no word of it in the
    other fact. Another holder or another attribute, no news of the stored one."""
    mine, theirs = _japanese_topic(new.text), _japanese_topic(old.text)
    if not mine or not theirs or mine == theirs:
        return False
    heads = mine.rsplit("の", 1)[-1], theirs.rsplit("の", 1)[-1]  # ("チームの定例会議": 定例会議)
    unsaid = heads[0] not in old.text and heads[1] not in new.text
    if unsaid and new.subject.isdisjoint(old.subject):
        return True  # "採用サイトは…" after "フロントエンドは…": two topics, no word shared
    if mine.endswith(theirs):
        # another one's, told as such ("隣の部屋の", "別", "母の"); not the stored one's own
        # holder named ("チームの朝会は…" after "朝会は…")
        return any(word in mine[: -len(theirs)] for word in _JAPANESE_OTHERS)
    *whose, what = mine.split("の")
    *their_whose, their_what = theirs.split("の")
    if what.startswith(_JAPANESE_NEW_WORDS):
        return False  # "私の新しい主治医は…": news of who holds it
    if what == their_what and _japanese_holders_apart("の".join(whose), "の".join(their_whose)):
        return True  # "サーバーBのメモリは…" after "サーバーAのメモリは…": another one's
    owner, _, attribute = theirs.partition("の")
    changed = _JAPANESE_OBJECT.search(new.text)
    if attribute and mine == owner and changed and attribute not in new.text:
        # "ユーザーは先週スマホをAndroid 14に…" after "ユーザーのPCはWindows 10": what the
        # topic changed is named, and it is not the stored attribute
        thing = changed[1]
        for when in _JAPANESE_WHEN:
            thing = thing.removeprefix(when)
        *holder, head = thing.split("の")
        *their_holder, their_head = attribute.split("の")
        if not set(head) & set(their_head):
            return True  # ("スマホ" / "PC")
        return _japanese_holders_apart("の".join(holder), "の".join(their_holder))  # (家 / 会社)
    return whose == their_whose and what != their_what and what.endswith(their_what)


def _japanese_holders_apart(mine: str, theirs: str) -> bool:
    """Two holders named before "の", neither the other told more fully ("サーバーA" /
    "サーバーB", "家" / "会社"; not "バージョン4.2" / "4.2")."""
    return bool(mine and theirs) and not (mine.endswith(theirs) or theirs.endswith(mine))


_JAPANESE_NEW_WORDS = ("新しい", "新たな")
# Words that put another one before a topic: next door, another, other, others' kin, friends.
_JAPANESE_OTHERS = (
    "隣 別 他 ほか よそ 友人 友達 同僚 母 父 兄 姉 弟 妹 夫 妻 息子 娘 両親 祖母 祖父".split()
)


def _japanese_topic(text: str) -> str:
    """The topic of a Japanese fact: what comes before its first "は" or "が", less a phrase
    of when or why that opens it ("更新で", "4月から、", "現在、"); '' for none."""
    if not CJK.search(text):
        return ""
    found = _JAPANESE_TOPIC_PHRASE.match(text)
    return found["topic"] if found else ""


_JAPANESE_TOPIC_PHRASE = re.compile(
    r"(?:[^はが、。]*?(?:で|から)、?|[^はが、。]*?、)?(?P<topic>[^はが、。]+?)(?:は|が)"
)


def _japanese_set_to(new: Parse, old: Parse) -> bool:
    """A Japanese topic given a value ("デフォルトブランチはmaster", "事務所は渋谷にある",
    "プロジェクトはNode.js 16を使っている") and then set, changed, raised or moved to another
    ("デフォルトブランチをmainに改名した", "事務所は5月から恵比寿に移転した", "プロジェクトを
    Node.js 20に上げた"). The topic must be the stored one word for word, and both values
    plain values with no verb in them: "ユーザーは東京に住んでいる" → "ユーザーを課長にした"
    (made a manager) is no news of where the user lives."""
    if new.negated or old.negated or new.question or old.question:
        return False
    was, now = _JAPANESE_VALUE_OF.fullmatch(old.text), _JAPANESE_SET_TO.fullmatch(new.text)
    if was is None or now is None or was["topic"] != now["topic"]:
        return False
    if any(plan in new.text for plan in _JAPANESE_PLANS):
        return False  # "…に変更する予定": a plan
    if was["closer"] in ("にある", "にあります") and not now["verb"].startswith("移転"):
        return False  # "田中歯科は駅前にある" → "…は今月から土曜休診になった": where it is stays
    then, value = was["value"].strip(), now["value"].strip()
    if not then or not value or value == then or value in old.text:
        return False
    graded = now["verb"].endswith(("グレードした", "グレードしました"))
    if (graded or now["verb"] in _JAPANESE_MADE) and not _one_kind(then, value, graded):
        # "ユーザーはエンジニア" → "…はプロプランにアップグレードした" (its plan), "田中さんは部長
        # です" → "…は昨年祖父になった" (became a grandfather): another attribute of the topic
        return False
    return not (_HIRAGANA.search(then) or _HIRAGANA.search(value))


# Verbs that say only that the topic became or was made the value, not what of it changed
_JAPANESE_MADE = frozenset({"した", "しました", "なった", "なりました"})


def _one_kind(then: str, value: str, versions: bool) -> bool:
    """Two values of one kind, which one thing was set or upgraded between: two of a kind
    ("ベーシックプラン" / "プロプラン", "課長" / "部長", "プロダクトマネージャー" /
    "プロダクト部長"), versions of one ("Rails 6" / "Rails 7"), a version after a version
    ("バージョン14" / "16"), or — unless `versions` — two numbers ("21時" / "21時半")."""
    letters = [_NOT_LETTERS.sub("", v) for v in (then, value)]
    if letters[0] == letters[1] or (not letters[1] and _DIGITS.search(then)):
        return True
    if not versions and _DIGITS.search(then) and _DIGITS.search(value):
        return True
    ends = _shared(letters[0][::-1], letters[1][::-1]), _shared(*letters)
    # (one kanji may name the kind: "課長" / "部長", a section's head and a department's)
    return max(ends) >= 2 or (ends[0] == 1 and _KANJI.match(letters[0][-1]) is not None)


def _shared(a: str, b: str) -> int:
    """How many letters `a` and `b` start with alike."""
    return next(
        (at for at, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


_KANJI = re.compile(r"[\u4e00-\u9fff]")


_NOT_LETTERS = re.compile(r"[\d\s.,_-]+")
_DIGITS = re.compile(r"\d")


_HIRAGANA = re.compile(r"[\u3041-\u3096]")
# "<topic>は<value>", with what may close a value told of it: "だ", "です", "にある" (is at),
# "を使っている" (uses), "で動いている" (runs on).
_JAPANESE_VALUE_OF = re.compile(
    r"(?P<topic>[^はがを、。\s]+)は(?P<value>[^。]+?)"
    r"(?P<closer>だ|です|である|にある|にあります|を使っている|を使っています|を使用している"
    r"|で動いている|で動いています)?[。.]?"
)
# "<topic>を|が|は[<when or why>]<value>に<verb of setting or change>", with an opening phrase
# of when or why ("更新で", "4月から、"), and a word of when before the value ("先週").
_JAPANESE_SET_TO = re.compile(
    r"(?:[^はがを、。]{1,12}?(?:で|から)、?)?(?P<topic>[^はがを、。\s]+)(?:を|が|は)"
    r"(?:[^はがを、。]{1,10}?(?:から|で)、?|(?:先週|先月|今月|今週|昨日|昨年|去年|今年|最近)、?)?"
    r"(?P<value>[^はがを、。に]+)に"
    r"(?P<verb>した|しました|変えた|変えました|変更した|変更しました|変更された|改名した|改名しました"
    r"|改名された|上げた|上げました|下げた|下げました|移転した|移転しました|なった|なりました"
    r"|アップグレードした|アップグレードしました|ダウングレードした|ダウングレードしました)[。.]?"
)


def _japanese_switched_from(new: Parse, old: Parse) -> bool:
    """Japanese names the stored value as what was left ("から") and the new one it changed
    to ("に" / "へ" and a verb of change, told as done): "ユーザーはTodoistを使っています" →
    "ユーザーはタスク管理をTodoistからNotionに切り替えました". The topic (before "は") is
    the stored fact's; nothing but what changed (a thing the stored fact names, "…を") or
    when stands between it and the switch (not "ユーザーは夫がTodoistから…", "ユーザーは
    一時的に…"); nothing but the verb's ending follows (not "…切り替えたと言っていました",
    "…移行中です"); the stored value is a word of its own there (not "ダーク" of
    "ダークモード"); the stored fact names one value ("NotionとTodoist" names two)."""
    if not CJK.search(new.text) or new.negated or old.negated or new.question:
        return False
    switched = _JAPANESE_FROM_TO.search(new.text)
    if switched is None or "は" not in new.text or "は" not in old.text:
        return False
    topic, stored = new.text.split("は", 1)[0], old.text.split("は", 1)
    if topic != stored[0] or any(mark in stored[1] for mark in "と、や"):
        return False
    if not any(verb in stored[1] for verb in _JAPANESE_KEEPING):
        # what one uses, runs or keeps there, or where one lives, is switched; not
        # "円で給料を受け取って"
        return False
    between = new.text[len(topic) + 1 : switched.start()]
    thing = _JAPANESE_THING.fullmatch(between)
    if thing is None or (thing["thing"] and thing["thing"] not in old.text):
        return False
    if not _JAPANESE_DONE.fullmatch(new.text[switched.end() :]):
        return False
    was = old.text.casefold().find(switched["from"].casefold())
    if was < 0 or switched["to"] in old.text:
        return False
    after = old.text[was + len(switched["from"]) : was + len(switched["from"]) + 1]
    return after in _JAPANESE_AFTER_A_WORD


def _japanese_moved_apart(new: Parse, old: Parse) -> bool:
    """A Japanese transfer ("XをAからBに移しました") that is no news of what the stored fact
    says: the stored fact does something else with the thing than use, run or keep it there
    ("iPhoneで写真を撮っています", takes photos with the iPhone, is not undone by moving the
    photos to the Mac; nor "Wordで論文を書いています" by turning the paper into a PDF), it
    names another thing ("買い物リストを管理" / "仕事のタスクを…移しました", "データベースの
    バックアップ" after "データベースを運用"), only a part or one kind of the thing moved
    ("サーバーを1台", "サーバーを半分", "テスト用のサーバー", "データ分析の一部"), or the move is
    undone or for a while ("…が、翌週AWSに戻しました", "週末だけ"). "AWSでサーバーを運用して
    います" → "サーバーをAWSからGCPに移しました" is still news."""
    if not CJK.search(new.text) or "は" not in new.text:
        return False
    switched = _JAPANESE_FROM_TO.search(new.text)
    if switched is None:
        return False
    moved = _JAPANESE_MOVED.fullmatch(new.text, new.text.index("は") + 1, switched.start())
    if moved is None:
        return False
    thing = moved["thing"]
    if _JAPANESE_BACK_OR_FOR_A_WHILE.search(new.text):
        return True  # "…移しましたが、翌週AWSに戻しました", "週末だけ"
    head = thing.rsplit("の", 1)[-1]
    if head != thing and head not in old.text:
        return True  # "データベースのバックアップ": the backups, not the database
    counted = _JAPANESE_COUNT.match(switched["from"]) or _JAPANESE_PART.match(switched["from"])
    if moved["count"] or counted or _JAPANESE_PART.search(thing):
        return True  # one server of several, a part of the work
    if "の" in thing and thing.rsplit("の", 1)[0] not in old.text:
        return True  # "テスト用のサーバー": one kind of the servers the stored fact runs
    held = _JAPANESE_OBJECT.findall(old.text.split("は", 1)[-1])
    if held and not any(other in thing or other == switched["from"] for other in held):
        return True  # another thing ("データ" is no "データ分析")
    if thing not in old.text and not held:
        # "住民票を東京から埼玉に" after "東京の本社に勤めています", which holds no thing (what
        # one uses a tool for may be named: "タスク管理をTodoistから…" after "Todoistを使っ
        # ています")
        return True
    tail = re.split(r"[をでにはが]", old.text)[-1]
    if not _JAPANESE_VERB_FORM.search(tail):
        return False  # a note ("打ち合わせは月曜"): where or when the thing is
    verb = (held[-1] if held else "") + tail if tail.startswith("し") else tail
    if any(stem in verb for stem in _JAPANESE_KEEPING):
        return False
    # the work made or taken in, moved to or from a device or a format ("写真をiPhoneから
    # Macに", "論文をWordからPDFに"); from one service to another it is news ("ブログを
    # WordPressからnoteに移しました")
    places = f"{switched['from']} {switched['to']}".casefold()
    return any(device in places for device in (*_DEVICES_OR_FORMATS, *_JAPANESE_DEVICES))


def _been_elsewhere_too(new: Parse, old: Parse) -> bool:
    """Both facts tell where one has been, ever ("The user has been to Mexico" / "… to Chile",
    "ha estado en México", "台湾に行ったことがある"), and the new fact names a place the stored
    one does not: places been to add up, as places visited do. (The same place been to more
    often is news of it: "has been to Mexico twice" → "three times".)"""
    if not (_been_to(new) and _been_to(old)):
        return False
    mine, theirs = _places_named(new), _places_named(old)
    return bool(mine - theirs) and bool(theirs - mine) and not (theirs & mine)


def _places_named(fact: Parse) -> frozenset[str]:
    """The names a fact's object holds, or in Japanese the words before its place particle
    ("台湾に", "京都を")."""
    if CJK.search(fact.text):
        return frozenset(m[1] for m in _JAPANESE_PLACE.finditer(fact.text))
    return frozenset(w.key for w in fact.objects if w.kind in ("name", "acronym"))


_JAPANESE_PLACE = re.compile(r"(?:は|、)([^\s、。はがをにで]+)(?:に|へ|を)")


def _been_to(fact: Parse) -> bool:
    """The fact tells, in one clause, where someone has been, ever: "has been to", "ha estado
    en", "行ったことがある", "訪れたことがある" (not "…, a city he has been to many times", nor
    "La oficina ha estado en la calle Mayor desde 2023", how long a thing has been there)."""
    if _clauses(fact) or not (fact.people or _THE_USER & fact.subject):
        return False
    if any(w.norm in _SINCE_WORDS for w in fact.words):
        return False
    if CJK.search(fact.text):
        return any(ending in fact.text for ending in _JAPANESE_EVER)
    spaced = f" {fact.text.casefold()} "
    return any(f" {phrase} " in spaced for phrase in _BEEN_TO)


_BEEN_TO = (
    "has been to", "have been to", "'s been to", "’s been to", "ha estado en", "he estado en",
    "hemos estado en", "han estado en",
)  # fmt: skip
_JAPANESE_EVER = ("たことがある", "たことがあります", "たことある")
_SINCE_WORDS = frozenset({"since", "desde", "с", "から"})


def _one_more_joined(new: Parse, old: Parse) -> bool:
    """Someone the stored fact's subject does not name joined the team or group whose members
    it counts or lists: "A new engineer, Raj, joined the team" after "The team has 5
    engineers", "К нам в команду данных перешёл Артём" after "В команде данных Вера, Глеб и
    Тимур" — one more in it, and the count or list is told anew, never replaced by one
    arrival. The new fact says no more than who joined, when and from where (not "…, bringing
    it to 7", "…, which uses Linear these days", "… to take over from Ana"); the stored one
    says no more than the members (not "The team's only designer is Ana")."""
    groups = team_keys() | group_keys()
    group = frozenset(w.key for w in old.words if w.exact in old.subject and w.key in groups)
    if not group or not _members_told(old):
        return False
    words = new.words
    # the group is what one goes into: "joined the team", "в команду данных", "al equipo" (not
    # "Мобильная команда перешла на Kotlin", a switch of the team's own)
    into = next(
        (
            at
            for at, w in enumerate(words)
            if w.key in groups
            and (w.key in group or _inflects(w.key, group))
            and any(x.norm in _JOINED | _INTO_A_GROUP for x in words[max(0, at - 3) : at])
        ),
        None,
    )
    if into is None or not any(w.norm in _JOINED for w in words):
        return False
    if any(w.norm in _IN_PLACE_OF or _concept_at(words, at) in _ONE_HOLDS
           for at, w in enumerate(words)):  # fmt: skip
        return False  # "…, replacing Tom on drums", "В команду пришёл новый тимлид, Игорь"
    if not _nothing_more_told(words[into + 1 :], old):
        return False
    said = frozenset(w.key for w in old.words)
    mine = new.subject_keys - said  # (not one the stored fact names: "Ana left … and joined …")
    return any(not _inflects(k, said) for k in mine)


def _members_told(fact: Parse) -> bool:
    """The fact counts a group's members ("has 5 engineers") or names two or more of them
    ("is Ana, Ben and Chidi"), and says nothing else of them ("only", "newest", "no")."""
    if fact.negated or any(w.norm in _NOT_ONLY_MEMBERS for w in fact.words):
        return False
    words = [w for w in fact.words if w.kind != "stop" or w.norm in lx.CONJUNCTIONS]
    if any(
        w.norm in lx.CONJUNCTIONS and (at + 1 >= len(words) or words[at + 1].kind != "name")
        for at, w in enumerate(words)
    ):
        return False  # "… has 25 members and Ana chairs it": more than the members
    names = sum(w.kind == "name" for w in fact.words)
    counted = any(w.kind == "value" and w.norm.isdigit() for w in fact.words)
    return names >= 2 or counted or any(w.norm in _COUNT_WORDS for w in fact.words)


def _nothing_more_told(after: Sequence[Word], old: Parse) -> bool:
    """The words after the group a new fact joins tell only who joined, when and from where:
    names, the group's own words, a time ("this week"), "from …"/"из …" and one word after
    it, "as …" of a member's job; nothing of what the group is or does."""
    skip = 0
    for at, w in enumerate(after):
        if skip:
            skip -= 1
            continue
        if w.norm in _FROM_WHERE:
            skip = 1
        elif w.norm in _AS_A_ROLE and at + 1 < len(after) and after[at + 1].norm in _A:
            skip = 3  # "as a backend engineer" (not "as its sixth engineer", "as Hana left")
        elif not (
            w.kind in ("stop", "date", "name")
            or w.norm in _JOINED | _WHEN_JOINED
            or w.key in old.subject_keys
            or _inflects(w.key, old.subject_keys)
        ):
            return False
    return True


# Verbs of joining a team or group
_JOINED = frozenset(
    """joined joins join unió unieron une incorporó incorporaron incorpora sumó sumaron
    присоединился присоединилась присоединились пришёл пришел пришла пришли перешёл перешел
    перешла перешли""".split()
)
_AS_A_ROLE = frozenset({"as", "como"})
_ONE_HOLDS = lx.SINGLE_HOLDER | {"manager"}
_IN_PLACE_OF = frozenset(
    """replacing replaces replace replacement successor instead вместо заменив заменяя замена
    заменой преемник преемница sustituyendo reemplazando sustituye reemplaza sustituto
    sustituta reemplazo sucesor sucesora""".split()
)
_INTO_A_GROUP = frozenset({"to", "into", "в", "во", "к", "ко", "al", "a", "en"})
_A = frozenset({"a", "an", "un", "una"})
_FROM_WHERE = frozenset({"from", "из", "de", "desde"})
_WHEN_JOINED = frozenset(
    """this last week month year today yesterday recently semana mes año hoy ayer неделе
    неделю месяце месяц году недавно вчера сегодня""".split()
)
_COUNT_WORDS = frozenset(
    """two three four five six seven eight nine ten twelve dos tres cuatro cinco seis siete
    ocho nueve diez два три четыре пять шесть семь восемь девять десять""".split()
)
_NOT_ONLY_MEMBERS = frozenset(
    """only just newest latest sole hiring looking solo sólo único única nuevo nueva только
    единственный единственная новый новая ищет""".split()
)


def _holder_joined(new: Parse, old: Parse) -> bool:
    """The new fact keeps the stored fact's holder beside another one: "Rafael took over the
    data platform team alongside Mei" (or "with Mei", "together with Mei"), "Rafael and Mei
    now lead the data platform team together", "Daniel joined Priya as co-lead", "Jorge y
    Marta dirigen ahora el equipo", "Andrés comparte ahora con Lucía el liderazgo", "Ольга
    руководит командой совместно с Артёмом", "健太さんが美咲さんと共同で…リーダーになりました",
    after "Mei leads the data platform team" and the like: one more, and the holder stays.
    (Not "after two months of pairing with Priya": who led before, named as the past.)"""
    if CJK.search(old.text) and "は" in old.text:
        topic = old.text.split("は", 1)[0]
        if not any(lead in old.text for lead in _JAPANESE_LEADING):
            return False
        return topic in new.text and any(mark in new.text for mark in _JAPANESE_JOINT)
    holder = frozenset(k for k in old.subject_keys if not k.startswith("@"))
    if not holder or not _leads(old.text):
        return False  # (of a role held or a thing owned: "deploys with Jenkins" is neither)
    words = new.words
    named = [
        at
        for at, w in enumerate(words)
        if w.key in holder or _inflects(w.key, holder) or any(_one_name(w.norm, k) for k in holder)
    ]
    if not named:
        return False
    if new.subject_keys == holder:
        # "Mei now leads the data platform team together with Rafael", "Raúl coordina ahora
        # el equipo junto con Elena": the holder, and one more beside
        return any(w.key in _JOINT or w.norm in _JOINT for w in words) or any(
            w.norm in _JOINING and words[at + 1].kind == "name" for at, w in enumerate(words[:-1])
        )
    before = {w.norm for w in words[: named[0]]}
    if before & _AFTER_WORDS:
        return False
    if any(w.key in _JOINT or w.norm in _JOINT for w in words):
        return True
    if new.subject_keys > holder and _joint_subject(new):
        return True  # "Jorge y Marta dirigen ahora el equipo de datos"
    # the holder named last, after "with", "alongside", "junto a", "вместе с"
    at = len(words)
    while at > 0 and (words[at - 1].kind == "stop" or at - 1 in named):
        at -= 1
    while at < len(words) and at not in named:
        at += 1
    if at == len(words):
        return False
    joined = words[at - 1].norm in _JOINING if at > 0 else False
    joined = joined or (at > 1 and (words[at - 2].norm, words[at - 1].norm) in _JOINING_PAIRS)
    return joined and all(w.kind == "stop" for w in words[named[-1] + 1 :])


@lru_cache(maxsize=_READINGS)
def _leads(text: str) -> bool:
    """The fact says one leads or holds something ("leads", "owns", "dirige", "руководит");
    read by its text, once: a stored fact is compared with new ones again and again."""
    return any(w.key in _LEADING or w.norm.startswith(_LEADING_FORMS) for w in parse(text).words)


def _joint_subject(fact: Parse) -> bool:
    """The fact's subject is two joined by "and" ("Rafael and Mei", "Jorge y Marta")."""
    return any(w.norm in ("and", "y", "e", "и", "&") for w in fact.words[:4])


# Words after which one named is joined to another: "alongside", "with", "together with",
# "con", "junto con", "junto a", "вместе с", "совместно с"
_JOINING = frozenset({"alongside", "with", "con"})
_JOINING_PAIRS = frozenset(
    {("junto", "a"), ("вместе", "с"), ("вместе", "со"), ("совместно", "с"), ("совместно", "со")}
)
# Words of holding something together: "together", "co-lead", "junto con", "comparte",
# "вместе", "совместно" (by key or as told)
_JOINT = frozenset(
    """together togeth jointly joint co co-lead co-leads colead coleads alongside junto juntos
    juntas conjuntamente comparte comparten compart вместе совместно совместн""".split()
)
# Words of leading or holding a thing (English by key, Spanish and Russian by the letters
# their forms begin with, Japanese as written)
_LEADING = frozenset("lead head manag own run coordin direct chair supervis".split())
_LEADING_FORMS = (
    "dirig", "lider", "coordin", "gestion", "encabez", "руковод", "возглав", "тимлид",
    "управля", "курир",
)  # fmt: skip
_JAPANESE_LEADING = ("リーダー", "マネージャー", "率い", "責任者", "まとめ", "管理")
_JAPANESE_JOINT = ("共同", "二人体制", "一緒に", "とともに", "と共に", "ともに")
# Words before a name that tell of the past: "after two months of pairing with Priya"
_AFTER_WORDS = frozenset({"after", "since", "tras", "después", "despues", "после"})


def _couple_parted(new: Parse, old: Parse) -> bool:
    """The stored fact says who one is a couple with, and nothing else ("The user is married
    to Tom", "La usuaria sale con Diego", "Пользовательница встречается с Олегом", "ユーザーは
    翔太さんと付き合っています"), and the new one says the same two parted, and nothing else but
    when ("The user divorced Tom", "The user and Tom split up", "rompió con Diego en marzo",
    "рассталась с Олегом", "翔太さんと別れました"). Any other word keeps them apart: of someone
    else ("The user's sister divorced Tom"), heard or dreamt ("Dicen que …", "…夢を見ました"),
    of a thing ("split up tasks", "разошлись во мнениях", "terminó con Diego el proyecto"), for
    a while or the day ("… but reconciled", "駅で別れました")."""
    if not _parting_told(new.text):
        return False  # (most facts: read first, the cheapest way)
    if new.negated or new.question or new.modal or new.future or old.negated or old.question:
        return False
    if new.speaker != old.speaker:
        return False  # ("Sara: I'm dating Paul" / "Tom: Paul and I broke up": two people's "I")
    if CJK.search(old.text):
        held = _JA_COUPLE.fullmatch(old.text.strip())
        if held is None:
            return False
        topic = held["topic"] or held["owner"] or held["topic2"]
        partner = held["partner"] or held["partner2"] or held["partner3"]
        told = _JA_PARTED.fullmatch(new.text.strip())
        return told is not None and (told["topic"], told["partner"]) == (topic, partner)
    stored = [w for w in old.words if w.kind not in _NOT_SAID]
    couple = [w for w in stored if _COUPLE_WORDS.fullmatch(w.norm)]
    partners = [w.norm for w in stored if w.kind == "name" and w.key not in old.subject_keys]
    person = [
        w.norm.removesuffix("'s")
        for w in stored
        if w.norm.startswith(_USER_STARTS)
        or (w.key in old.subject_keys and (w.kind == "name" or w.text[:1].isupper()))
    ]
    if not person and any(w.key == "@1s" for w in old.words):
        person = ["@1s"]  # "Sara: I'm dating Paul" → "Sara: Paul and I broke up in March"
    if not couple or len(partners) != 1 or not person:
        return False
    others = [
        w
        for w in stored
        if w not in couple
        and w.norm.removesuffix("'s") not in partners + person
        and w.norm not in _COUPLE_FILLER
    ]
    if others:
        return False  # the stored fact says more: "встречается с заказчиком Олегом по четвергам"
    said_words = [w for w in new.words if w.kind not in _NOT_SAID]
    norms = " ".join(w.norm for w in said_words)
    parted = next((p for p in _PARTED if f" {p} " in f" {norms} "), None)
    if parted is None:
        return False
    left = [w.norm for w in said_words]
    for word in parted.split():
        left.remove(word)
    said = [n for n in left if n not in _COUPLE_FILLER]
    if person == ["@1s"]:
        said += ["@1s"] if any(w.key == "@1s" for w in new.words) else []
    named = [n for n in said if any(_one_name(p, n) for p in partners)]
    mine = [n for n in said if any(_one_name(p, n) for p in person)]
    return bool(named) and bool(mine) and len(said) == len(named) + len(mine)


_USER_STARTS = ("user", "usuari", "пользовател")
# Words no more than the frame of a sentence: stops, dashes, pronouns, auxiliaries, times
_NOT_SAID = frozenset({"stop", "dash", "pronoun", "aux", "marker", "date", "value"})


def _one_name(a: str, b: str) -> bool:
    """Two forms of one first name: "Аня" / "Ане" / "Аней", "Катя" / "Катей"."""
    if a == b:
        return True
    short = min(len(a), len(b))
    cut = max(2, short - 1)
    return short >= 3 and bool(_CYRILLIC.match(a)) and a[:cut] == b[:cut]


# Words of being a couple, as typed
_COUPLE_WORDS = re.compile(
    r"dat(?:e|es|ing)|married|engaged|girlfriend|boyfriend|partner|husband|wife|fianc[ée]e?|"
    r"relationship|seeing|together|"
    r"sale|saliendo|casad[oa]|novi[oa]|pareja|prometid[oa]|marido|esposo|esposa|"
    r"встречается|замужем|женат|девушка|девушку|девушкой|парень|парнем|муж|мужем|жена|"
    r"женой|жених|женихом|невеста|невестой|помолвлен[аы]?"
)
# Words a couple's fact and its parting may say besides the two and when: "is", "to", "the",
# "and", "has", "finally", "last month", "y", "se", "el mes pasado", "и", "на прошлой неделе"
_COUPLE_FILLER = frozenset(
    """is are was has have had the a to with and of now finally officially recently last week
    month year yesterday ago this in on already lives named called single es está esta son y
    con de del la el se vive tiene llama soltera soltero живёт живет
    ha han hace en finalmente oficialmente recientemente pasado pasada mes semana año ayer ya
    su и с со за на в у зовут уже недавно вчера официально наконец прошлой прошлом неделе
    месяце году""".split()
)
# Ways to tell a couple parted (words as typed, stops left out)
_PARTED = (
    "broke up", "split up", "divorced", "separated", "called off engagement",
    "broke off engagement", "ended things", "dumped", "broke it off",
    "rompió", "rompieron", "dejaron", "separó", "separaron", "divorció", "divorciaron",
    "terminó", "cortó", "rompió compromiso", "cancelaron compromiso",
    "рассталась", "расстался", "расстались", "развелась", "развелся", "развёлся",
    "развелись", "разошлись", "отменили помолвку",
)  # fmt: skip
# A Japanese name with its honorific: "翔太さん"
_JA_NAME = r"[^\s、。はがをにでとの]+さん"
# "ユーザーは翔太さんと付き合っています", "ユーザーの彼女は彩さんです"
_JA_COUPLE = re.compile(
    rf"(?:(?P<topic>[^\sはのと、。]+)は(?P<partner>{_JA_NAME})と"
    r"(?:付き合って|結婚して|婚約して|同棲して|交際して)(?:います|いる)"
    rf"|(?P<topic2>[^\sはのと、。]+)は(?:妻|夫|彼女|彼氏|恋人|婚約者)の(?P<partner3>{_JA_NAME})と"
    r"(?:暮らして|住んで|同棲して)(?:います|いる)"
    rf"|(?P<owner>[^\sはのと、。]+)の(?:彼女|彼氏|妻|夫|婚約者|恋人)は(?P<partner2>{_JA_NAME})です)。?"
)
_JA_PARTED = re.compile(
    rf"(?P<topic>[^\sはのと、。]+)は(?:(?:先月|最近|去年|昨年|先週|今年)、?)?(?P<partner>{_JA_NAME})"
    r"(?:と(?:別れ|離婚し)|との婚約を解消し)(?:ました|た)。?"
)


def _parted_of_no_couple(new: Parse, old: Parse) -> bool:
    """Parting ("broke up", "split up", "divorced", "rompió", "se separó", "расстались",
    "別れました") is news only of a couple, told as `_couple_parted` reads it: "The user's
    parents broke up" changes nothing of where they live, nor "The weekly sync broke up at
    5pm" of when it is held, nor "The user and Tom divorced their old bank" of the marriage."""
    if not _parting_told(new.text):
        return False
    if CJK.search(new.text):
        return not _couple_parted(new, old)
    told = f" {' '.join(w.norm for w in new.words if w.kind != 'stop')} "
    if not any(f" {parted} " in told for parted in _PARTED + _PARTING_WORDS):
        return False
    return not _couple_parted(new, old)


@lru_cache(maxsize=_READINGS)
def _parting_told(text: str) -> bool:
    """The text may tell of a parting: a word of one is in it (read again, word by word, by
    the rules that ask)."""
    return _PARTING_HINT.search(text.casefold()) is not None


_PARTING_HINT = re.compile(
    r"broke|split|divorc|separ|called off|ended|dumped|romp|dejaron|termin|cort[óo]|"
    r"cancelaron|расста|развел|развёл|разошл|отменили|別れ|離婚|解消"
)


# Other words of parting, as typed: "broke off", "separated", "rompieron relaciones"
_PARTING_WORDS = ("broke off", "broke", "split", "cancelaron", "разошлись")


def _work_moved(new: Parse, old: Parse) -> bool:
    """The new fact moves a thing from one place to another ("moved the servers from AWS to
    GCP", "pasó las fotos del iPhone al Mac", "перенёс видео с Mac на iPad") and that is no
    news of what the stored fact says: it moves a part of the thing ("half of the servers",
    "algunas fotos", "часть серверов"), another thing or one kind of it ("the backups", "the
    test database" after "We host the database on Heroku", "his parents" after "The user lives
    in Lisbon"), or the work made or taken in on a device, to or from a device or a format
    ("takes photos with an iPhone" → "moved the photos from the iPhone to the Mac"). Moving
    what one uses, runs or keeps there is news ("We run the servers on AWS" → "We moved the
    servers from AWS to GCP"), and so is moving the work from one service to another ("writes
    a blog on WordPress" → "moved the blog from WordPress to Ghost")."""
    moved = _moved_thing(new.text)
    if moved is None:
        return False
    thing, places, part = moved
    if part or _BACK_OR_FOR_A_WHILE.search(new.text):
        return True  # a part, moved back again or for a while: "… but rolled back a week later"
    if not all(_word_said_in(w, old) for w in thing):
        return True  # another thing, or one kind of it
    if not any(w.key in _DOING_WORK or w.norm.startswith(_DOING_WORK_FORMS) for w in old.words):
        return False
    if any(w.key in _KEEPING or w.norm.startswith(_KEEPING_FORMS) for w in old.words):
        return False
    return any(norm.startswith(_DEVICES_OR_FORMATS) for norm in places)


def _moved_within(new: Parse, old: Parse) -> bool:
    """The new fact moves from one place to another inside the stored fact's value, which it
    names last as where ("The user moved from the payments team to the identity team at
    Stripe" after "The user works at Stripe", "… в команду рекламы в Яндексе"): the stored
    value still holds."""
    values = _relation_values(old)
    words = new.words
    if not values or not any(w.norm in _FROM_WORDS for w in words):
        return False
    for at in range(2, len(words)):
        if words[at].key in values and words[at - 1].norm in _WITHIN:
            before = [w.norm for w in words[: at - 1]]
            return any(n in _FROM_WORDS for n in before) and any(n in _TO_WORDS for n in before)
    return False


# Words of where inside: "at Stripe", "в Яндексе", "en Telefónica"
_WITHIN = frozenset({"at", "in", "в", "во", "en"})


@lru_cache(maxsize=_READINGS)
def _moved_thing(text: str) -> tuple[list[Word], list[str], bool] | None:
    """What a transfer moves (its words), the words of where from and to, and whether a part
    of it is named ("half of", "dos", "часть"); None when the fact moves no thing named
    between its verb and where from ("The user moved from Tokyo to Saitama"). Read by its
    text, once: a new fact is compared with several stored ones."""
    words = parse(text).words
    for at, word in enumerate(words):
        if not word.norm.startswith(_MOVING):
            continue
        thing: list[Word] = []
        part = after_part = False
        for end in range(at + 1, min(len(words), at + 9)):
            told = words[end]
            if told.norm in _FROM_WORDS and (thing or part) and not after_part:
                places = [w.norm for w in words[end + 1 :] if w.kind != "stop"]
                return thing, places, part
            if _moved_to(words, end):
                return None  # "Pasamos a Microsoft Teams": the subject moved, no thing
            # (the "de" of "la mitad de los servidores" is no "from")
            if told.norm in _PART_WORDS or told.kind == "value":
                # (a word of a part may take a "de": "la mitad de los servidores"; an amount's
                # "de" is where from: "500 euros del BBVA")
                part, after_part = True, told.norm in _PART_WORDS
                continue
            if told.kind == "stop" and told.norm not in _FROM_WORDS:
                continue
            after_part = False
            if told.kind in ("word", "name", "kin", "acronym") and told.norm not in _WHOLE:
                thing.append(told)
        return None
    return None


def _moved_to(words: Sequence[Word], at: int) -> bool:
    """The word at `at` says where to ("to", "al", "в", "на"; "a" unless a person moved
    follows it: "trasladó a su madre de Sevilla a Valencia")."""
    norm = words[at].norm
    if norm != "a":
        return norm in _TO_WORDS
    after = words[at + 1] if at + 1 < len(words) else None
    return after is None or not (after.norm in _SPANISH_POSSESSIVES or after.kind == "kin")


_TO_WORDS = frozenset({"to", "into", "onto", "al", "в", "во", "на", "к"})
_SPANISH_POSSESSIVES = frozenset("su sus mi mis tu tus nuestro nuestra nuestros nuestras".split())


def _word_said_in(word: Word, fact: Parse) -> bool:
    """`word` (of another fact) is said in `fact`, in any of its forms."""
    return (
        word.key in fact.content
        or word.stem in fact.stems
        or _inflects(word.key, fact.content)
        or _inflects(word.stem, fact.stems)
    )


# Verbs of moving a thing, in their told forms (as typed, lower case)
_MOVING = (
    "moved", "transferred", "copied", "migrated", "exported", "uploaded",
    "movió", "moví", "movimos", "pasó", "pasé", "pasamos", "trasladó", "trasladé",
    "migró", "migré", "migramos", "copió", "exportó", "subió",
    "перенес", "перенёс", "перевел", "перевёл", "скопировал", "перекинул",
)  # fmt: skip
_FROM_WORDS = frozenset({"from", "de", "del", "desde", "с", "со", "из"})
# A transfer undone or for a while: "but rolled back a week later", "pero volvió a Heroku",
# "но через неделю откатилась обратно", "for the weekend", "por el fin de semana", "на выходные"
_JAPANESE_UNDONE = r"[がけど]、?[^。]*戻(?:し|り|っ)"  # "…移しましたが、翌週AWSに戻しました"
_UNDONE = re.compile(
    r"(?i)\b(?:but|pero|но)\b[^.;]*\b(?:rolled\s+back|moved\s+(?:it\s+|them\s+)?back|"
    r"went\s+back|switched\s+back|reverted|volvi[óo]|regres[óo]|revirti[óo]|откатил\w*|"
    r"вернул\w*)|" + _JAPANESE_UNDONE
)
_BACK_OR_FOR_A_WHILE = re.compile(
    _UNDONE.pattern
    + r"|(?i:\b(?:for\s+the\s+weekend|for\s+a\s+(?:week|day|month)|temporarily|for\s+now|"
    r"por\s+el\s+fin\s+de\s+semana|temporalmente|por\s+ahora|на\s+выходные|временно)\b)"
)
_JAPANESE_BACK_OR_FOR_A_WHILE = re.compile(_JAPANESE_UNDONE + r"|週末だけ|一時的に|当面")

# A Russian translation into a language ("перевёл диплом на английский"): no move
_TRANSLATED = re.compile(
    r"(?i)\bперев[её]л[аи]?\b[^.;]*\bна\s+\w+ский\b|\btraduj\w+\b|\btranslated\b"
)
# Words naming a part of what is moved: "half of the servers", "la mitad", "часть серверов"
_PART_WORDS = frozenset(
    """half part some several few one two three four five most many couple mitad parte
    algunas algunos varias varios dos tres un una uno pocos pocas часть половину половина
    несколько два две три один одну одного пару""".split()
)
# Words of all of it: "all her notes", "toda su música", "всю музыку"
_WHOLE = frozenset(
    """all whole entire every todo toda todos todas entero entera весь всю все всё целиком
    his her their our my its su sus mi mis nuestro nuestra nuestros nuestras его её их мой
    мою мои наш нашу наши свой свою свои""".split()
)
# Devices and formats a work is moved to or from, by the letters their forms begin with
_DEVICES_OR_FORMATS = (
    "iphone", "ipad", "mac", "pc", "laptop", "phone", "smartphone", "tablet", "kindle",
    "camera", "computer", "desktop", "notebook", "pdf", "csv", "paper", "disk", "usb", "pixel",
    "móvil", "movil", "portátil", "portatil", "ordenador", "tableta", "cámara", "camara",
    "cuaderno", "papel", "телефон", "смартфон", "ноутбук", "компьютер", "планшет", "камер",
    "флешк", "тетрад", "бумаг",
)  # fmt: skip
# Verbs of making or taking in a work (a photo, a text, a video, music, data): English by
# the key a form is read by, Spanish and Russian by the letters their forms begin with
_DOING_WORK = frozenset(
    """take took shoot photograph write wrote edit read listen watch draw paint analyz analys
    record compos sketch film scan""".split()
)
_DOING_WORK_FORMS = (
    "escrib", "edita", "edito", "escuch", "dibuj", "pinta", "analiz", "graba", "compon",
    "fotografí", "fotografi", "hace", "hago", "hacemos", "saca", "filma", "escane",
    "фотографир", "снима", "пиш", "редактир", "чита", "слуша", "смотр", "рису",
    "анализир", "записыва", "монтир", "делает", "делаю", "сканир",
)  # fmt: skip
# Verbs of using, running or keeping a thing there, or of living there
_KEEPING = frozenset("use run host store keep kept live manag deploy".split())
_KEEPING_FORMS = (
    "usa", "uso", "utiliz", "ejecut", "aloj", "guard", "mantien", "viv", "gestion",
    "использ", "запуска", "хран", "держ", "жив", "управля",
)  # fmt: skip


# What a transfer moves, between the topic and its "from": "写真を", "先月、サーバーを1台"
_JAPANESE_MOVED = re.compile(
    r"(?:(?:先月|今月|先週|今週|最近|昨年|去年|今年|この春)、?)?(?P<thing>[^、。がはにをで\s]{1,20})を"
    r"(?P<count>[0-9０-９一二三四五六七八九十半]+(?:台|つ|個|件|本|枚|割)?|何台か|いくつか)?、?"
)
# A part of what is moved: "サーバーの半分", "データ分析の一部", "何台か", "いくつか"
_JAPANESE_PART = re.compile(r"半分|一部|何台|いくつ|何件|何枚")
# (and the household places a thing is put away in: a wallet, a fridge, a freezer)
_JAPANESE_DEVICES = (
    "スマホ", "パソコン", "ノート", "携帯", "タブレット", "カメラ", "紙", "財布", "冷蔵庫",
    "冷凍庫",
)  # fmt: skip
# A count before the place it was moved from ("1台AWSから"): the from pattern takes it in
_JAPANESE_COUNT = re.compile(r"[0-9０-９一二三四五六七八九十半]+(?:台|つ|個|件|本|枚|割)")
# A Japanese verb's ending: "撮っています", "運用している", "つけてる", "使う"
_JAPANESE_VERB_FORM = re.compile(
    r"(?:ています|ている|てる|でいます|でいる|ます|る|た|う)[。.！!]?$"
)
# Verbs of using, running or keeping a thing where it is, which a transfer of it changes
_JAPANESE_KEEPING = (
    "使", "利用", "運用", "管理", "回", "動", "つけ", "付け", "置", "住", "ホスト", "導入", "採用",
    "契約", "加入",
)  # fmt: skip


_JAPANESE_FROM_TO = re.compile(
    r"(?P<from>[^\s、。はがをにでから]+)から"
    r"(?P<to>[^\s、。はがをにで]+(?: [A-Za-z][\w.-]*)*)(?:に|へ)"
    r"(?:切り替え|切替|変更し|移行し|乗り換え|変え|移し|移転し|替え)"
)
# Between the topic and the switch: what changed ("タスク管理を") and when ("先月", "この春")
_JAPANESE_THING = re.compile(
    r"(?:(?P<thing>[^、。がはにをで\s]{1,20})を)?、?(?:先月|今月|先週|今週|最近|昨年|去年|今年|この春)?、?"
)
# After the verb of change: its ending, told as done
_JAPANESE_DONE = re.compile(r"(?:ました|た|ています|ている|てる)?[。.！!]?\s*")
# What may follow a word in a Japanese sentence: a particle or the sentence's end
_JAPANESE_AFTER_A_WORD = frozenset({"", "を", "は", "が", "で", "に", "の", "。", " "})


def _japanese_value(word: Word, verbs: set[str]) -> bool:
    """A word of a Japanese object that may be its value: no verb's letters, no ending read
    as a word ("ja:done"), no time of the change ("先月", last month; "最近", lately)."""
    return (
        word.kind in ("word", "name", "acronym", "value")
        and word.norm not in verbs
        and not word.norm.startswith("ja:")
        and word.norm not in _JAPANESE_WHEN
    )


# (the letters a verb of change is read by, the letters of the verb it changes the value of)
_JAPANESE_CHANGES = (
    (("引", "越"), "住"),  # 引っ越す, moves: 住む, lives
    (("切", "替"), "使"),  # 切り替える, switches: 使う, uses
    (("乗", "換"), "使"),  # 乗り換える, changes over
    (("転職",), "働"),  # 転職する, changes jobs: 働く, works
    (("転職",), "勤"),  # 勤める, is employed
)
# Endings of a plan, a wish or a guess: "引っ越すつもり", "引っ越す予定", "引っ越したい",
# "引っ越すかもしれない", and a verb's will with "I think" or "I wonder" ("引っ越そうと思う",
# "引っ越そうかな").
_JAPANESE_PLANS = ("つもり", "予定", "たい", "かもしれない", "検討", "うと思", "うかな", "うか考え")
_JAPANESE_OBJECT = re.compile(r"([^\s、。はがをにもで]+)を")
_JAPANESE_WHEN = frozenset("先月 今月 先週 今週 昨年 去年 今年 最近 昨日 今日 先日".split())


def _second_look(new: Parse, old: Parse) -> Verdict | None:
    """Read as wholes, two facts whose subjects and predicates do not line up may still be one
    statement reworded."""
    if _another_one(new) != _another_one(old):
        return None  # "the user's dog" / "the user's other dog": two of a kind
    if _update_reworded(new, old):
        return Verdict("supersede", "an explicit update of the same attribute, in other words")
    changed = _changed_in_other_words(new, old)
    if changed:
        return Verdict("supersede", f"the same attribute in other words, a new value ({changed})")
    return None


def _update_reworded(new: Parse, old: Parse) -> bool:
    """An explicit update ("now", "moved to", "as of", "теперь", "desde") of what the old fact
    said, in other words: every name and id of the old fact comes back, no one else's kin,
    a concept of what the old fact said of its subject comes back (its verb or object, a
    synonym counts: "manager" / "reports to"), and the new fact brings a new value, name or
    word. "Henry's manager is Priya" → "After the reorg, Henry reports to Marcus now"."""
    if _told_again_for_another_reason(new, old):
        return False
    change = new.change
    if not new.update or new.question or new.modal or new.future or old.question:
        return False
    if old.modal:
        return False  # "This might be explained by …": a possibility holds no value to replace
    if (new.additive and not change) or (new.past and (old.past or not change)):
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    if _answers_another_question(new, old):
        return False  # "is run by Dana" → "now happens on Tuesdays": both hold
    if _amount_for_others(new, old):
        return False  # "The upload limit is 25 MB" → "raised the limit to 50 MB for videos"
    if _instruction(new) and not change and _verb_class(new.verb) != _verb_class(old.verb):
        return False  # "take the oldest timestamp …" → "now look at the timestamps …": next step
    if _heard_of(new):
        return False  # "Tom thinks the user moved to Lisbon": what someone says, not news
    if _exception_to(new, old, in_place=False):
        return False  # "Team lunch is on Fridays" → "This week team lunch is on Thursday"
    mine, theirs = gist(new), gist(old)
    left = _old_value_left(new, old)
    if not (left and _passive(new)) and _news_of_the_value(new, old):
        return False  # "The user's manager is Karen" → "Karen moved to London": Karen's news
    if not mine.kin <= theirs.kin or _narrowed(new, old):
        return False  # "Karen's sister moved to Denver" is no news about Karen
    if _subject_kin(new) - _subject_kin(old):
        return False  # (a spouse too, whom `gist` reads both ways) "the user's wife changed jobs"
    if _someone_named_instead(new, old):
        return False  # "The user works at Indra" → "His colleague Luis left Indra"
    if _of_someone_else(new, old):
        return False  # "The user's manager is Karen" → "Raj is now the manager of the data team"
    if (not left or _head_kept(new, old)) and _qualifier_swapped(new, old):
        return False  # "the auth service" → "the reporting service"
    if left and _value_scoped(new, old):
        return False  # "In the mobile team, Maven has been replaced by Bazel": their tool
    if new.negated and not old.negated and not old.object_keys - _FUNCTION <= new.content:
        return False  # "eats fish" → "no longer eats meat": not what the old fact said
    if (
        new.verb in _in_their_languages(context_valued_keys, new, old)
        and _slots(old.objects, new.objects) != 1
    ):
        return False  # "uses Postgres" → "now uses Redis for caching": for another purpose
    if _subjects_apart(new, old) or _japanese_topics_apart(new, old):
        return False  # "Deploys happen on Tuesdays" → "Hotfixes now happen on Fridays"
    lined = line_up(mine, theirs)
    pool = (*mine.names, *(k for k, _ in mine.soft))
    whose = [n for n in theirs.names if n in old.subject_keys]
    whose += [k for k, root in theirs.soft if k in old.subject_keys and root not in mine.concepts]
    if not all(_named_in(n, pool, theirs, mine) for n in whose):
        return False  # "Bob lives in Paris" → "Alice moved to Berlin"
    subject = _subject_concepts(old)
    if (
        not (whose or _every_value_left(new, old))
        and subject
        and not subject & (mine.concepts | {r for _, r in mine.soft})
    ):
        # a subject of common words that does not come back, nor all the old values as
        # left ("dejé Movistar"): "the cytoplasmic tail of E-cadherin regulates … pathways,
        # including Wnt/β-catenin, PI3K/Akt …" → "expression of NRIP2 increased Wnt activity"
        return False
    if any(_numeric(n) and n not in mine.names for n in whose):
        return False  # "Order #5531" → "Order #5532"
    attribute = _predicate_concepts(old) or set(theirs.concepts) | {r for _, r in theirs.soft}
    # Whom both are about is not what of them changed: "The user works at Acme" → "The user
    # switched to oat milk" shares only "user" (a role told of them, "Tom's manager", is an
    # attribute). Nor is the user as the owner of another thing ("У пользователя теперь новый
    # ноутбук" after "Руководитель пользователя — Ольга": whose, not what), nor a Japanese
    # ending read as a word ("ている", ongoing).
    person_only = _person_only(new)
    attribute -= {
        _concept_at(new.words, i)
        for i, w in enumerate(new.words)
        if w.exact in new.subject
        and (
            w.root in _USER_ROOTS
            or (person_only and (w.kind in _WHO or w.key in new.people or w.norm in _THE_USER))
        )
    }
    attribute = {c for c in attribute if not c.startswith("ja:")}
    # (an object that is only a value: "the team standup is at 9:30", the subject says what)
    if not lined.shared & attribute and not left and not _same_unit(new, old):
        return False  # "Alice lives in Paris" → "Alice now works at Stripe": another attribute
    if not (change or left) and _verb_left_behind(new, old):
        return False  # "Sprint planning uses Jira" → "… now happens on Wednesdays"
    if _many_valued(new, old, set(), links=False, context=False, often=False):
        return bool(old.object_keys - _FUNCTION) and old.object_keys - _FUNCTION <= new.content
    if _preferences_apart(new, old):
        return False  # "prefers dark mode" → "now prefers window seats"
    if _favourite(old) and not _favourite(new):
        return False  # "favorite book is Dune" → "is now reading Project Hail Mary": not its
        # favourite that changed
    return _brings_new_value(new, old, lined)


def _favourite(fact: Parse) -> bool:
    """The fact tells what one likes best: a favourite ("favorite", "любимый", "favorito",
    "likes … best")."""
    return any(w.norm in lx.FAVOURITE for w in fact.words) or "好き" in fact.text


def _names_one_of_many(fact: Parse) -> bool:
    """The fact says who or what is one of what one has several of, its subject a noun of
    `lexicon.MANY_HELD`: "The user's colleague is Raj", "Коллега пользователя — Дима"."""
    if fact.verb not in _BEING:
        return False
    subject = [w for w in fact.words if w.exact in fact.subject and w.kind == "word"]
    if not subject:
        return False
    if CJK.search(fact.text) and any(w.norm in _MANY_OF_A_KIND for w in subject):
        return True  # a word before the head says it: "苦手な食べ物", "得意な言語"
    # the head noun: first where what it is of follows it ("коллега пользователя", "compañero
    # del usuario", "a colleague of the user"), else last ("the user's colleague", "the
    # project deadline", "プロジェクトの締め切り")
    after = (
        fact.language == "spanish"
        or bool(_CYRILLIC.match(subject[0].norm))
        or any(w.norm == "of" for w in fact.words)
    )
    head = subject[0] if after else subject[-1]
    return head.norm in lx.MANY_HELD


_BEING = frozenset({"be", "ser", "estar", "=", ":"})
# Japanese words before a noun that make it one of several: what one is bad or good at
_MANY_OF_A_KIND = frozenset({"苦手", "得意"})
# (the stems of "prefers", "предпочитает", "prefiere")
_PREFERRING = frozenset({"prefer", "предпочита", "prefier"})


def _one_occasion(fact: Parse) -> bool:
    """The fact is told of one day, week or time only (`lexicon.FOR_NOW`): "Today's standup
    moved to 11", "This week's sync is moved to Wednesday", "Hoy la daily se movió a las 11",
    "今日の朝会は11時に変更" — an exception, not a new rule. Not "Starting today, …", "今日から"."""
    norms = [w.norm for w in fact.words]
    for at, norm in enumerate(norms):
        if not _STARTED.isdisjoint(norms[max(at - 2, 0) : at]):
            continue  # "starting today", "as of this week": a new rule from then on
        if norm in lx.FOR_NOW:
            return True
        if norm == "mañana" and (not at or norms[at - 1] not in _MORNINGS):
            return True  # tomorrow ("Mañana se canceló …", "la reunión de mañana")
        if any(tuple(norms[at : at + len(p)]) == p for p in _FOR_NOW_BY_FIRST.get(norm, ())):
            return True
    if not fact.past and any(
        before in _DURING and month_number(month) for before, month in itertools.pairwise(norms)
    ):
        return True  # "En agosto atención al cliente pasa a horario intensivo": that month's
    text = fact.text
    return any(m in text and m + "から" not in text for m in lx.FOR_NOW_JAPANESE)


# Words before a month it holds in ("in August", not "since August"); a change told as made
# then ("В марте пользователь переехал") is not read so
_DURING = frozenset("in during en durante в во".split())
_STARTED = lx.DATED_CHANGE | frozenset({"starting", "beginning", "effective", "partir", "начиная"})


# (trying every phrase at every word was a tenth of the time absorb spends classifying)
_FOR_NOW_BY_FIRST = by_first_word(lx.FOR_NOW_PHRASES)
# Words before "mañana" when it is the morning, not tomorrow: "de la mañana", "cada mañana"
_MORNINGS = frozenset("la las por cada todas".split())


def _exception_to(new: Parse, old: Parse, *, in_place: bool = True) -> bool:
    """The new fact tells one occasion (`_one_occasion`) of what the old one tells as a rule:
    a schedule ("Standup is at 9:30" → "Today's standup moved to 11"), or — with `in_place`,
    for a value swapped with no verb of change — what is done in place of its value that day
    ("works from home" → "is working from the office today"). A change told as made that day
    is no exception: "Scaled prod up to 10 replicas today"."""
    if _one_occasion(old):
        return False
    schedule = any(w.kind == "date" or _DATE.search(w.key) for w in old.objects)
    if schedule and _one_days(new, old):
        return True  # "The December team sync was moved …", "La daily del viernes …": that one
    if not _one_occasion(new):
        return False
    if schedule:
        return True  # (the old fact is a schedule: "9時半" is read as the value "9:30")
    if not in_place:
        return False
    _, added = _swapped(new, old)
    return any(w.norm in lx.FOR_NOW for w in new.words if w.key in added)


def _day_and_hour(day: Collection[str], hour: Collection[str]) -> bool:
    """One side names a day (a month, a weekday, a day's number) and the other only an hour of
    the clock: two parts of one moment, not one value replacing the other."""
    clock = all(_CLOCK.fullmatch(k) for k in hour)
    dated = all(not _CLOCK.fullmatch(k) and (k in lx.CALENDAR or k.isdigit()) for k in day)
    return clock and dated and any(k in lx.CALENDAR for k in day)


def _preferences_apart(new: Parse, old: Parse) -> bool:
    """Two preferences whose objects share no word, one of them of several words: "prefers
    dark mode" / "now prefers window seats" are preferences of two things, not one changed
    (a word for a word, "prefers tea" / "now prefers coffee", may still be)."""
    if new.verb not in _PREFERRING or old.verb not in _PREFERRING:
        return False
    if old.object_keys & (new.object_keys - _FUNCTION):
        return False
    removed, added = _swapped(new, old)
    return max(len(removed), len(added)) > 1


def _denies_another_value(new: Parse, old: Parse) -> bool:
    """The new fact denies a value the old fact never gave, and not one it gave: "The user
    uses Instagram" → "The user no longer uses Twitter" is no news of Instagram."""
    if not new.negated or old.negated:
        return False
    values = _relation_values(old) - old.subject_keys
    others = _relation_values(new) - new.subject_keys
    return bool(values and others) and not values & new.content


def _news_of_the_value(new: Parse, old: Parse) -> bool:
    """The new fact is told of the old fact's value, and nothing of the old subject comes
    back: "The user's manager is Karen" → "Karen moved to London", "The user banks with
    Chase" → "Chase changed its overdraft fee" are news of Karen and of Chase. (The old value
    replaced, in the passive, is news of the old fact: "Our build tool is Maven" → "Maven has
    been replaced by Gradle".)"""
    values = _relation_values(old)
    told_of = {k for k in new.subject_keys if not k.startswith("@")}
    if not told_of or not told_of & values:
        return False
    # (whose the attribute is, when the old subject says: "the user's manager" is the user's)
    subject = _subject_owners(old) or {k for k in old.subject_stems if not k.startswith("@")}
    anchors = subject - values - _NOT_ANCHORS
    return bool(anchors) and not any(k in new.stems or _inflects(k, new.stems) for k in anchors)


_NOT_ANCHORS = _FUNCTION | lx.PREPOSITIONS


def _subject_owners(fact: Parse) -> set[str]:
    """Whose the fact's subject is, named: "the user's manager" is the user's. (An owner named
    in the predicate is its value: "Meal planning is Maria's task".)"""
    return {k for k in fact.possessors & (fact.subject | fact.subject_keys) if k[:1] != "@"}


def _of_someone_else(new: Parse, old: Parse) -> bool:
    """The old attribute is someone's ("the user's manager"), and the new fact never names
    them but names whose its attribute is ("the manager of the data team")."""
    whose = _subject_owners(old)
    said = new.stems | {w.exact for w in new.words} | {w.key for w in new.words}
    if not whose or any(k in said or _inflects(k, said) for k in whose):
        return False
    return bool(new.possessors - whose) or any(w.norm in _OF for w in new.words)


def _heard_of(new: Parse) -> bool:
    """The new fact tells what someone thinks, says or has heard before what changed
    (`lexicon.HEARSAY`): "Tom thinks the user moved to Lisbon", "Говорят, пользователь
    переехал", "Dicen que el usuario se mudó", "佐々木さんによると" — a report, not the change
    itself."""
    if any(said in new.normalized for said in lx.HEARSAY_JAPANESE):
        return True
    for w in new.words:
        if w.norm in lx.UPDATE_WORDS or w.kind == "marker":
            return False
        if w.norm in lx.HEARSAY:
            return True
    return False


def _value_scoped(new: Parse, old: Parse) -> bool:
    """The old value is the new fact's subject, with words the old fact never said: what is
    replaced is that value somewhere else ("Our build tool is Maven" → "In the mobile team,
    Maven has been replaced by Bazel")."""
    if not new.subject_keys & _relation_values(old):
        return False
    if any(k in new.subject_stems or _inflects(k, new.subject_stems) for k in old.subject_stems):
        return False  # the old subject said again beside it
    return any(
        k not in old.stems and not _inflects(k, old.stems) and k[:1] != "@"
        for k in new.subject_stems
    )


def _same_unit(new: Parse, old: Parse) -> bool:
    """Both facts give an amount in one currency or unit, and a new amount: what it measures
    is the attribute ("Подписка стоит 300 рублей" → "подорожала до 400 рублей")."""
    units = _units(new) & _units(old)
    return bool(units) and bool(new.values - old.values)


def _units(fact: Parse) -> set[str]:
    """The currencies and units of a fact's amounts: "$" of "$10", "min" of "30 minutes"."""
    words = fact.words
    found = {w.key[0] for w in words if w.kind == "value" and w.key[:1] in _VALUE_SIGNS}
    for w, nxt in itertools.pairwise(words):
        if w.kind == "value" and nxt.key in _UNIT_KEYS:
            found.add(nxt.key)
    return found


_UNIT_KEYS = frozenset(lx.UNITS.values())


def _instruction(fact: Parse) -> bool:
    """An instruction: no subject, a verb ("use pnpm", "now look at the timestamps"). What it
    is about is what it tells to do, so one with another verb and no verb of change is the
    next step, not a new value."""
    return not fact.subject and fact.verb not in (":", "=", "")


def _head_kept(new: Parse, old: Parse) -> bool:
    """Both subjects keep a word and each has a word of a thing the other lacks: "決済サービス"
    / "通知サービス", "the main branch" / "the release/2.0 branch" — another one of a kind, even
    where the stored value comes back ("Ruby 3.1" → "Ruby 3.3"). Who it is ("the user"), as
    said in one only, is no such word."""
    people = new.people | old.people | _THE_USER
    mine, theirs = new.subject - people, old.subject - people
    return bool(mine & theirs) and bool(mine - theirs) and bool(theirs - mine)


def _qualifier_swapped(new: Parse, old: Parse) -> bool:
    """A word of the old subject is nowhere in the new fact, and the new subject brings a word
    or a name the old fact lacks: "the auth service" → "the reporting service", two services.
    Synonyms count as one word ("the maximum upload" → "the upload cap")."""
    mine, theirs = gist(new), gist(old)
    found = mine.concepts | {r for _, r in mine.soft}
    lost = [
        k for k in _subject_concepts(old) if not _concept_found(k, found) and k not in mine.names
    ]
    if not lost:
        return False
    known = theirs.concepts | {r for _, r in theirs.soft}
    brought = _subject_concepts(new) | _light_qualifiers(new)
    if not brought and _actor_only(new) and _modifier_swapped(new, old, set(lost)):
        return True
    if not _HOW_OFTEN.intersection(lost):
        brought -= _HOW_OFTEN  # "the team standup" → "the daily standup": told how often
    if any(not _concept_found(k, known) for k in brought):
        return True
    # a name in the word's place is another qualifier too: "the iOS app" → "the Android app"
    pool = (*theirs.names, *(k for k, _ in theirs.soft))
    if any(n in new.subject_keys and not _named_in(n, pool, mine, theirs) for n in mine.names):
        return True
    return _preposition_refilled(new, old, lost)


def _preposition_refilled(new: Parse, old: Parse, lost: Collection[str]) -> bool:
    """A lost word of the old subject stood after a preposition, and the new fact has another
    word after that preposition: "Абонемент в бассейн" → "Абонемент в спортзал подорожал", "la
    cuota del gimnasio" → "la cuota de la piscina" — another thing, wherever the parse put the
    new word (a word it took for the verb is in no subject)."""
    words, theirs = old.words, new.words
    for at, w in enumerate(words):
        if not at or w.exact not in old.subject:
            continue
        if w.root not in lost and _concept_at(words, at) not in lost:
            continue
        # the preposition before it, articles between ("for the pool", "de la piscina")
        opener = next(
            (x for x in reversed(words[max(at - 2, 0) : at]) if x.norm in _ANY_PREPOSITION | _OF),
            None,
        )
        if opener is None:
            continue
        for k, x in enumerate(theirs):
            if x.norm != opener.norm and not (opener.norm in _OF and x.norm in _OF):
                continue
            filler = next((y for y in theirs[k + 1 :] if y.kind != "stop"), None)
            if (
                filler is not None
                and filler.kind == "word"
                and filler.root not in old.stems
                and not _inflects(filler.root, old.stems)
            ):
                return True
    return False


def _light_qualifiers(fact: Parse) -> set[str]:
    """Light words ("entry", "size", "number") that qualify the next word of the subject:
    "the entry fee" is no "parking fee", though "entries" alone frames no attribute."""
    words = fact.words
    return {
        w.root
        for w, nxt in itertools.pairwise(words)
        if w.norm in lx.LIGHT_WORDS
        and w.exact in fact.subject
        and nxt.exact in fact.subject
        and nxt.kind == "word"
    }


def _narrowed(new: Parse, old: Parse) -> bool:
    """The new subject puts a word the old fact lacks right beside a word of the old subject:
    "the API" → "the API docs", another thing."""
    known = gist(old).concepts | old.stems
    words = new.words
    text = new.normalized.replace("ё", "е")  # (as the words are read)
    for at, w in enumerate(words):
        if w.exact not in new.subject or w.kind != "word" or _idle(w, new):
            continue
        concept = _concept_at(words, at)
        if not concept or concept in _HOW_OFTEN or _concept_found(concept, known):
            continue  # "the daily standup" is the standup, told how often it is
        if any(x.norm in _AFTER_WORDS for x in words[:at]):
            continue  # "После досрочного погашения платёж …": when, not which payment
        for v in words[max(at - 1, 0) : at] + words[at + 1 : at + 2]:
            pair = f"{v.norm} {w.norm}" if v is words[at - 1] else f"{w.norm} {v.norm}"
            if v.root in old.subject_stems and v.exact in new.subject and pair in text:
                return True  # (and "Стажёр Кости", Kostya's intern: a name in the genitive)
        # "el equipo de ventas" (of the team), "the intern of Kostya" (Kostya's)
        for step in (-1, 1):
            of_at, owner_at = at + step, at + 2 * step
            if not 0 <= owner_at < len(words) or words[of_at].norm not in _OF:
                continue
            owner = words[owner_at]
            if step > 0 and old.subject_stems != {owner.root}:
                continue  # "El colegio de Martina" after "Los deberes de Martina": both hers
            phrase = " ".join(x.norm for x in words[min(at, owner_at) : max(at, owner_at) + 1])
            if owner.root in old.subject_stems and owner.exact in new.subject and phrase in text:
                return True
    return False


def _concept_at(words: tuple[Word, ...], at: int) -> str:
    """The concept of the word at `at`: its synonym group's (`_synonym_at`), '' for the second
    word of a two-word phrase, else its stem."""
    if _second_of_pair(words, at):
        return ""
    return _synonym_at(words, at) or words[at].root


def _synonym_at(words: tuple[Word, ...], at: int) -> str | None:
    """The synonym group of the word at `at`: of the two-word phrase it opens ("fecha límite"
    and "срок сдачи" are a deadline) or closes after a function word ("a cargo", "in charge":
    responsible), else of the word alone; None if it has none."""
    by_word, by_stem = _synonyms()
    w = words[at]
    after = words[at + 1].norm if at + 1 < len(words) else ""
    before = words[at - 1].norm if at else ""
    phrase = lx.SYNONYM_PAIRS.get((w.norm, after)) or lx.SYNONYM_PAIRS.get((before, w.norm))
    if w.norm in _NUMBER_WORDS and _number_of_a_phone(words, at):
        return "phone"  # "a new number: 555-0199", "новый номер: +7 999 …", "номер телефона"
    found = phrase or by_word.get(lx.SPELLINGS.get(w.norm, w.norm)) or by_stem.get(w.root)
    if found == "big" and after in lx.KIN:
        return None  # a "big brother" is an older one, not a large one
    return found or (_derived_synonym(w.root) if w.kind == "word" else None)


_NUMBER_WORDS = frozenset({"number", "número", "numero", "номер", "番号"})


def _number_of_a_phone(words: tuple[Word, ...], at: int) -> bool:
    """The number at `at` is a phone's: a word beside it says so ("номер телефона"), or a
    phone number follows it."""
    by_word, by_stem = _synonyms()
    beside = [words[i] for i in (at - 1, at + 1) if 0 <= i < len(words)]
    if any("phone" in (by_word.get(w.norm), by_stem.get(w.root)) for w in beside):
        return True
    return _phone_after(words, at)


def _phone_after(words: tuple[Word, ...], at: int) -> bool:
    """The word at `at` is followed, a word or two on, by a phone number: the values in a row
    there, written as a phone number is ("555-0199", "+7 999 111-22-33")."""
    start = next((i for i in range(at + 1, min(at + 4, len(words))) if words[i].kind == "value"), 0)
    if not start:
        return False
    run = []
    for word in words[start:]:
        if word.kind != "value":
            break
        run.append(word.text)
    return _PHONE.fullmatch(" ".join(run)) is not None


@lru_cache(maxsize=65536)
def _derived_synonym(root: str) -> str | None:
    """The synonym group of the verb a noun is made of ("отправление" of "отправляется": a
    departure), by `_derived`; None if there is none, or more than one."""
    _, by_stem = _synonyms()
    keys = _derived_keys()
    near = {root[: len(root) - cut] for cut in range(3)} | {_root_of(root)}
    found = {k for part in near for k in keys.get(part, ())}
    groups = {by_stem[k] for k in found if _derived(root, k)}
    return groups.pop() if len(groups) == 1 else None


@lru_cache(maxsize=1)
def _derived_keys() -> dict[str, tuple[str, ...]]:
    """The synonym stems by what `_derived` may match them on (the stem less up to two
    letters, its root), so that a word is compared with a few of them, not all."""
    _, by_stem = _synonyms()
    out: dict[str, list[str]] = {}
    for key in by_stem:
        for part in {key[: len(key) - cut] for cut in range(3)} | {_root_of(key)}:
            out.setdefault(part, []).append(key)
    return {part: tuple(keys) for part, keys in out.items()}


def _second_of_pair(words: tuple[Word, ...], at: int) -> bool:
    """The word at `at` ends a two-word phrase whose first word is a content word and names
    the concept ("fecha límite"); after a function word ("in charge") the second word names
    it itself."""
    if not at or words[at].kind != "word" or words[at - 1].kind != "word":
        return False
    return (words[at - 1].norm, words[at].norm) in lx.SYNONYM_PAIRS


# Concepts that say how often something happens, not which thing it is.
_HOW_OFTEN = frozenset({"daily", "weekly", "nightly", "monthly"})


def _subject_concepts(fact: Parse) -> set[str]:
    """The concepts of a fact's subject's common words."""
    words = fact.words
    concepts = {
        _concept_at(words, at)
        for at, w in enumerate(words)
        if w.exact in fact.subject
        and w.kind == "word"
        and not _idle(w, fact)
        and w.key not in _FUNCTION
        and not w.text[:1].isupper()
    }
    return concepts - {""}


def _predicate_concepts(fact: Parse) -> set[str]:
    """The concepts of what a fact says of its subject: its object's words, and its verb
    unless a copula."""
    by_word, by_stem = _synonyms()
    words = [w for w in fact.objects if w.kind == "word"]
    found = {
        by_word.get(w.norm) or by_stem.get(w.root) or w.root
        for w in words
        if w.norm not in _NOT_CONCEPTS and w.key not in _FUNCTION
    }
    if found and _verb_class(fact.verb) not in _GENERIC_VERBS:
        found.add(by_word.get(fact.verb_norm) or by_stem.get(fact.verb) or fact.verb)
    return found


def _subjects_apart(new: Parse, old: Parse) -> bool:
    """Both facts name their subject in words, and neither subject's words come anywhere in
    the other fact (as written, inflected or stemmed): two subjects, whatever else they
    share. ("Maven has been replaced by Gradle" names the old fact's value as its subject.)"""
    told, said = new.content | new.stems, old.content | old.stems
    # (the subject's content words: a subject read as "on" of "on-call" is no subject)
    mine = (new.subject_keys | new.subject_stems) & told
    theirs = (old.subject_keys | old.subject_stems) & said
    if not mine or not theirs or any(k[:1] == "@" for k in mine | theirs):
        return False
    if not (new.text.isascii() and old.text.isascii()):
        return False  # (read so in English alone, whose subjects the parse finds surest)
    return not any(k in said or _inflects(k, said) for k in mine) and not any(
        k in told or _inflects(k, told) for k in theirs
    )


def _verb_left_behind(new: Parse, old: Parse) -> bool:
    """The old fact says of its subject only a verb and a name ("uses Jira", "is run by
    Dana"), and the new one tells another verb, no verb of change: its attribute is the verb."""
    kinds = {w.kind for w in old.objects}
    if "word" in kinds or kinds.isdisjoint(("name", "acronym")):
        return False
    verb = _verb_class(old.verb)
    if old.verb in (":", "=") or verb in _GENERIC_VERBS:
        return False
    by_word, by_stem = _synonyms()
    mine = by_word.get(new.verb_norm) or by_stem.get(new.verb) or _verb_class(new.verb)
    return mine != (by_word.get(old.verb_norm) or by_stem.get(old.verb) or verb)


def _brings_new_value(new: Parse, old: Parse, lined: Overlap) -> bool:
    """The new fact brings a value of the kind the old one held: a number or date for a number
    or date, a name for a name, else a word ("a data analyst" → "a product manager")."""
    mine, theirs = gist(new), gist(old)
    kinds = {w.kind for w in old.objects}
    if kinds & {"value", "date"}:
        return bool(mine.values - theirs.values)
    if kinds & {"name", "acronym"}:
        known = theirs.concepts | {r for _, r in theirs.soft}
        names = [*mine.names, *(k for k, r in mine.soft if not _concept_found(r, known))]
        if any(not any(_same_name(n, k) for k in theirs.names) for n in names):
            return True
        # the names kept, a word of what was said swapped: "a data analyst at Acme" → "a
        # product manager at Acme"
        return bool(lined.only_new and lined.only_old)
    return bool(lined.only_new)


def _old_value_left(new: Parse, old: Parse) -> bool:
    """The new fact names the old fact's value beside a verb of change: "dejé Movistar",
    "switched from Vim"."""
    values = _relation_values(old)
    return new.change and any(_same_name(v, k) for v in values for k in new.content)


def _every_value_left(new: Parse, old: Parse) -> bool:
    """`_old_value_left` for every value of the old fact: "Mi compañía de teléfono es
    Movistar" → "dejé Movistar", not one item of a list the old fact held."""
    values = _relation_values(old)
    return (
        bool(values)
        and new.change
        and all(any(_same_name(v, k) for k in new.content) for v in values)
    )


@dataclass(frozen=True)
class Gist:
    """A fact read as a whole, for pairs its subject and predicate cannot be lined up in:
    rewordings ("the cache TTL is five minutes" / "cached entries expire after 5 minutes") and
    explicit updates in other words."""

    names: tuple[str, ...]  # names and ids in the order written
    values: frozenset[str]  # numbers, dates, times, months and weekdays
    concepts: frozenset[str]  # other content words as stems, synonyms as one concept
    soft: tuple[tuple[str, str], ...]  # a capitalised first word, (as a name, as a concept):
    # "Hannah" or "Cached" — a name if the other fact names it, else a word
    kin: frozenset[str]  # son, wife, сын, hermana …
    first: str  # the first word's key: a name there is in the nominative


# Words that say nothing of the attribute: that something changed, when, or how often.
_NOT_CONCEPTS = (
    lx.FUNCTION_WORDS
    | lx.ADVERBS
    | lx.UPDATE_WORDS
    | lx.DATED_CHANGE
    | lx.ADDITIVE_WORDS
    | lx.PREPOSITIONS
    | lx.QUANTIFIERS
    | lx.LIGHT_WORDS
)


def _idle(word: Word, fact: Parse) -> bool:
    """A word that says nothing of the attribute: a function word, an adverb, a word of
    change — and "new" in a fact it makes an update ("Rita's new manager"); elsewhere "new"
    tells one thing from another ("a new work phone")."""
    return word.norm in _NOT_CONCEPTS or (fact.update and word.norm in lx.NEW_WORDS)


def _groups_by_word(table: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """A table of groups (name -> words, space-separated) by word as written and by stem in
    every language (a stem two groups share is left out: it could be either)."""
    by_word: dict[str, str] = {}
    by_stem: dict[str, str] = {}
    clashes: set[str] = set()
    for group, words in table.items():
        for word in words.split():
            norm = normalize(word)
            by_word[norm] = group
            for language in ("english", "spanish", "russian"):
                key = stem(norm, language)
                if by_stem.setdefault(key, group) != group:
                    clashes.add(key)
    return by_word, {k: v for k, v in by_stem.items() if k not in clashes}


@lru_cache(maxsize=1)
def _synonyms() -> tuple[dict[str, str], dict[str, str]]:
    """lexicon.SYNONYMS by word as written and by stem."""
    return _groups_by_word(lx.SYNONYMS)


@lru_cache(maxsize=1)
def _job_stems() -> frozenset[str]:
    """lexicon.JOB_TITLES as stems, in every language that could have written them."""
    return frozenset(
        stem(normalize(word), language)
        for word in lx.JOB_TITLES
        for language in ("english", "spanish", "russian")
    )


def _verb_of_a_job(fact: Parse) -> bool:
    """The fact's verb is what someone of a job does: "teaches" (a teacher), "designs" (a
    designer), "writes" (a writer)."""
    verb = fact.verb
    if len(verb) < 4 or _verb_class(verb) in _GENERIC_VERBS:
        return False
    return verb in _job_verbs()


@lru_cache(maxsize=1)
def _job_verbs() -> frozenset[str]:
    """Stems a job's stem extends by one or two letters ("teach" of "teacher")."""
    return frozenset(job[: len(job) - cut] for job in _job_stems() for cut in (1, 2))


def _job(fact: Parse) -> bool:
    """The object names a job ("a backend developer", "QA engineer")."""
    return any(w.root in _job_stems() for w in fact.objects if w.kind == "word")


@lru_cache(maxsize=1)
def _expansions() -> dict[str, frozenset[str]]:
    """lexicon.ACRONYMS with each expansion as the stems of its content words."""
    return {
        acronym: frozenset(stem(w, "english") for w in words.split() if w not in _NOT_CONCEPTS)
        for acronym, words in lx.ACRONYMS.items()
    }


def gist(fact: Parse) -> Gist:
    """The names, values and concepts of a fact (worked out once per parse)."""
    if fact.gist is not None:
        return fact.gist  # type: ignore[return-value]
    by_word, by_stem = _synonyms()
    names: list[str] = []
    values: set[str] = set()
    concepts: set[str] = set()
    soft: list[tuple[str, str]] = []
    kin = frozenset(
        by_word.get(w.norm, w.norm)  # "kids" and "children" are one kin
        for w in fact.words
        if (w.kind == "kin" or (w.norm in lx.KIN and w.kind != "aux"))
        and by_word.get(w.norm) not in lx.SYMMETRIC
    )  # (an auxiliary is no kin: "los servidores son revisados" names no son)
    roots: set[str] = set()
    words = fact.words
    for at, w in enumerate(words):
        concept = _synonym_at(words, at)
        if _second_of_pair(words, at):
            continue  # read with the word before: "fecha límite" is one deadline
        if w.kind in ("value", "date") or w.norm in lx.CALENDAR:
            values.add(_value_key(words, at))
        elif w.key in ("pct", "h") and at and words[at - 1].kind == "value":
            continue  # read with its number: "10 percent" is "10%", "a las 10" is "10:00"
        elif _before_a_span(words, at):
            continue  # "expire after 5 minutes" is "a TTL of 5 minutes"
        elif w.kind == "acronym" and (concept or w.norm in lx.ACRONYMS):
            concepts.add(concept or w.norm)  # "TTL", "CTO": the name of an attribute
        elif w.kind == "kin" or w.norm in lx.KIN:
            concepts.add(concept or w.root)
        elif w.kind in ("name", "acronym") or (w.key in fact.people and w.kind != "pronoun"):
            names.append(w.key)
        elif (
            w.kind in ("word", "kin")
            and not _idle(w, fact)
            and (w.key not in _FUNCTION or concept)  # "owns", not "own"
        ):
            if w.norm == "based" and _of_the_user_or_kin(fact):
                concept = "home"  # "The user is based in Berlin": where one lives
            root = lx.SPELLINGS.get(w.root, _base_root(w.norm, w.root))
            if at == 0 and w.text[:1].isupper() and not concept:
                soft.append((w.key, root))
            else:
                concepts.add(concept or root)
                roots.add(root)
    if (
        _verb_class(fact.verb) in _GENERIC_VERBS
        and any(w.root in _job_stems() for w in fact.objects if w.kind == "word")
        and _copula_roles(fact) is None
    ):
        # "is a product manager": what she works as ("is Henry's manager" is whose she is)
        concepts.add(by_word["works"])
    elif _verb_of_a_job(fact):
        concepts.add(by_word["works"])  # "teaches math" is what she works as: a math teacher
    for acronym, spelt in _expansions().items():
        if spelt <= roots:  # "chief technology officer" is the CTO
            concepts = (concepts - spelt - {by_stem.get(k, k) for k in spelt}) | {
                by_word.get(acronym) or acronym
            }
    first = fact.words[0].key if fact.words else ""
    found = Gist(tuple(names), frozenset(values), frozenset(concepts), tuple(soft), kin, first)
    object.__setattr__(fact, "gist", found)
    return found


def _of_the_user_or_kin(fact: Parse) -> bool:
    """The subject is the user, a pronoun or someone's relative ("the user", "my sister",
    "Emma, the user's sister"), someone who lives somewhere (not "Acme", a firm, or a name
    alone, which may be one)."""
    return any(
        k in lx.PERSON_NOUNS or k in lx.KIN or k.startswith("@") for k in fact.subject
    ) or bool(fact.speaker and fact.subject & {"@1s", "@1p"})


_AFTER = frozenset({"after", "через"})
_SPANS = frozenset({"min", "h", "day", "week", "month", "year", "s", "ms"})


def _before_a_span(words: tuple[Word, ...], at: int) -> bool:
    """ "After" before a length of time ("after 5 minutes", "через 10 минут") says how long,
    not which side of a point in time ("after 11 am", "after the launch")."""
    if words[at].norm not in _AFTER or at + 2 >= len(words):
        return False
    return words[at + 1].kind == "value" and words[at + 2].key in _SPANS


def _value_key(words: tuple[Word, ...], at: int) -> str:
    """A number as one spelling whatever the wording: "10 percent" is "10%"; an hour told
    after "at" / "a las" / "в" ("a las 10", "в 3 часа") is a time, "10:00"; a number and
    its unit ("5 min", "5 minutes") are one value, "5min"."""
    key = words[at].key
    after = words[at + 1].key if at + 1 < len(words) else ""
    if after == "pct":
        return key + "%"
    before = words[at - 1].norm if at else ""
    hour = key.isdigit() and 0 < int(key) <= 24
    if hour and (before in ("las", "la") or (after == "h" and before in ("at", "в", "a"))):
        return f"{int(key):02d}:00"
    if after in _UNIT_KEYS:
        return key + after  # "5 minutes" is no "5 hours"
    return key


def _one_person(a: str, b: str, mine: Gist, theirs: Gist) -> bool:
    """Name `a` of `mine` and `b` of `theirs` name one person: "Игоря" is "Игорь", but two
    facts that open with "Евгений" and "Евгения" are about two people."""
    if a == b:
        return True
    return _same_name(a, b) and not (a == mine.first and b == theirs.first)


def _named_in(name: str, pool: Collection[str], mine: Gist, theirs: Gist) -> bool:
    """`name` of `mine` and one of `pool` of `theirs` name one person (`_one_person`). Only a
    Cyrillic name has other cases (`_same_name`): any other is found as written or not at all,
    without a comparison with each of the pool."""
    if name in pool:
        return True
    if name[:1] < "\u0400":
        return False
    return any(_one_person(name, k, mine, theirs) for k in pool)


_RUSSIAN_VOWELS = frozenset("аеёиоуыэюяй")


def _same_name(a: str, b: str) -> bool:
    """One name: as written, or (in Russian, which declines names) one ending for another:
    "Игорь" / "Игоря", "Олег" / "Олегом" — never "Martín" / "Martínez"."""
    if a == b:
        return True
    if a[:1] < "\u0400" or b[:1] < "\u0400" or not (_CYRILLIC.match(a) and _CYRILLIC.match(b)):
        return False
    short, long = sorted((a, b), key=len)
    if len(short) >= 4 and len(long) - len(short) <= 2 and long[: len(short) - 1] == short[:-1]:
        # an ending added begins with a vowel, "ь" or "й" ("Олег" / "Олегом"): a consonant
        # added makes another word ("стол" / "столб")
        added = long[len(short) :] if long.startswith(short) else ""
        return not added or added[0] in _RU_ENDING_STARTS
    # a vowel that drops out before an ending: "Павел" / "Павлом", "Лев" / "Льва" aside
    return (
        len(short) >= 4
        and short[-2] in "еоё"
        and short[-1] not in _RUSSIAN_VOWELS
        and long.startswith(short[:-2] + short[-1])
        and len(long) - len(short) <= 2
    )


_NAME_CASES = frozenset("аяиыеую")
_NOT_NAMES = frozenset(lx.PRONOUNS) | lx.FUNCTION_WORDS | frozenset("оно его ещё еще".split())
_NAME_CASE_ENDINGS = frozenset({"а", "я", "и", "ы", "е", "у", "ю", "ой", "ей", "ою", "ею"})


@dataclass(frozen=True)
class Overlap:
    """How two gists line up: whether every name of each is named by the other, and the
    concepts each has that the other lacks."""

    names: bool  # every name of each is named by the other
    old_names: bool  # every name of the old fact is named by the new one
    shared: frozenset[str]
    only_new: frozenset[str]
    only_old: frozenset[str]


_LINED: list[tuple[Gist, Gist, Overlap]] = []  # the last pair lined up (a compare asks again)


def _plural_of(plural: str, one: str) -> bool:
    """An English plural of the word: "sprints" of "sprint", "boxes" of "box"."""
    return plural.isascii() and plural in (one + "s", one + "es") and len(one) >= 3


def line_up(new: Gist, old: Gist) -> Overlap:
    """Line up two gists: a capitalised first word is a name if the other fact names it, else
    a concept."""
    if _LINED and _LINED[0][0] is new and _LINED[0][1] is old:
        return _LINED[0][2]
    lined = _line_up(new, old)
    _LINED[:] = [(new, old, lined)]
    return lined


def _line_up(new: Gist, old: Gist) -> Overlap:
    new_concepts, old_concepts = set(new.concepts), set(old.concepts)
    new_pool = (*new.names, *(k for k, _ in new.soft))
    old_pool = (*old.names, *(k for k, _ in old.soft))
    old_names = all(_named_in(n, new_pool, old, new) for n in old.names)
    names = old_names and all(_named_in(n, old_pool, new, old) for n in new.names)
    # both name the same people: a first word in another case is no one else
    others_named = names and bool(new.names) and bool(old.names)
    sides = (
        (new.soft, old_pool, new_concepts, old, new),
        (old.soft, new_pool, old_concepts, new, old),
    )
    for soft, pool, concepts, other, mine_ in sides:
        other_ = other
        for key, root in soft:
            if _named_in(key, pool, mine_, other_):
                continue
            # a word only if the other fact says it too ("Cached entries" / "the cache"):
            # else a name the other fact lacks ("Marisol" / "Aleksander")
            # (never another first word: "Julio" / "Julia" share a stem, not a person)
            cased = others_named and _in_another_case(key, root, other)
            # (one first word in the plural, the other in the singular: "Sprints" / "Sprint")
            cased = cased or any(_plural_of(key, k) or _plural_of(k, key) for k, _ in other.soft)
            if root not in other.concepts and not cased:  # "Martínez" is no form of "Martín"
                names = False  # a name the other fact lacks
                old_names = old_names and other is old
            else:
                concepts.add(root)
    mine, theirs = frozenset(new_concepts), frozenset(old_concepts)
    shared = frozenset(k for k in mine if _concept_found(k, theirs))
    only_old = frozenset(k for k in theirs if not _concept_found(k, mine))
    return Overlap(names, old_names, shared, mine - shared, only_old)


# Russian endings no name in the nominative has: a word that ends so is in another case.
_OBLIQUE = ("ю", "у", "ой", "ей", "ом", "ем", "ами", "ями", "ах", "ях")


def _in_another_case(key: str, root: str, other: Gist) -> bool:
    """A capitalised first word and the other fact's are one Russian noun in two cases, one
    of them a case no name is in as the subject: "Миграцию базы запустил Олег" / "Миграция
    базы была запущена Олегом" ("Евгений" / "Евгения" are both names in the nominative)."""
    if not _CYRILLIC.match(key):
        return False
    for word, theirs in other.soft:
        if theirs == root and word != key and (key.endswith(_OBLIQUE) or word.endswith(_OBLIQUE)):
            return True
    return False


def _concept_found(key: str, others: frozenset[str] | set[str]) -> bool:
    """`key` or a form of it is among `others`: one is the other plus a letter or two, the
    shorter of five letters at least ("cook" is no form of "cookie"), or one is derived from
    the other ("decision" / "decided", "решение" / "решила", "duración" / "dura")."""
    if key in others:
        return True
    cased = key[:1] >= "\u0400"  # (only a Cyrillic word can be `_same_name` as another)
    for other in others:
        short, long = (key, other) if len(key) <= len(other) else (other, key)
        if len(short) >= 5 and len(long) - len(short) <= 2 and long.startswith(short):
            return True
        if cased and _same_name(key, other):
            return True
        if _derived(key, other):
            return True
    return False


# Endings that make a noun of a verb or an adjective ("decis-ion", "pay-ment", "реш-ение",
# "ответствен-ность"), whole and as the stemmers leave them ("решен"); longest first. (Not
# "-er", "-al", "-ic": "prefer" is no "prefix" made a noun.)
_DERIVATIONAL = tuple(
    sorted(
        """ation ition sion tion ment ance ence ness ity acion icion sion cion miento ura
        ение ание тель ость ция ен ан ост тел""".split(),
        key=len,
        reverse=True,
    )
)
_D_OR_S = frozenset("dst")  # "decid-e" / "decis-ion", "includ-e" / "inclus-ion"


@lru_cache(maxsize=65536)
def _derived(a: str, b: str) -> bool:
    """Two stems of one root, one derived from the other: by an ending (`_DERIVATIONAL`),
    whose root (four letters at least, three in Cyrillic) begins the other stem, which has at
    most two letters more; or a "-de" verb and its "-sion" noun ("decid" / "decis")."""
    if a == b or a[:2] != b[:2]:
        return False
    if len(a) == len(b) >= 5 and a[:-1] == b[:-1] and {a[-1], b[-1]} <= _D_OR_S:
        return True
    for word, other in ((a, b), (b, a)):
        root = _root_of(word)
        least = 3 if _CYRILLIC.match(root) else 4
        if root != word and len(root) >= least and other.startswith(root):
            if len(other) - len(root) <= 2:
                return True
    return False


def _root_of(stem_: str) -> str:
    for ending in _DERIVATIONAL:
        if stem_.endswith(ending) and len(stem_) > len(ending):
            return stem_[: -len(ending)]
    return stem_


def _verb_concept(fact: Parse) -> str:
    by_word, by_stem = _synonyms()
    verb = _base_root(fact.verb_norm, fact.verb)
    return by_word.get(fact.verb_norm) or by_stem.get(verb) or verb


def _base_root(norm: str, root: str) -> str:
    """The stem of the verb an irregular form is of ("wrote" and "written" are "write",
    "escrito" is "escrib"), else `root`."""
    if norm in lx.IRREGULAR:
        return stem(lx.IRREGULAR[norm], "english")
    if norm in lx.IRREGULAR_ES:
        return stem(lx.IRREGULAR_ES[norm], "spanish")
    return root


def _reworded(new: Parse, old: Parse) -> bool:
    """The same statement in other words: the same speaker, time, environment, polarity, mood,
    values and names, and the same concepts but for one word on one side that is no part of
    its subject ("Sofia works at Spotify as a data engineer" / "Sofia is a data engineer at
    Spotify", "the release of 4.2 is scheduled for June 12" / "4.2 is planned to ship on June
    12"). Never with the roles swapped, another kin, or a word that flips the value's side."""
    if not _same_symbols(new, old) or not _same_setting(new, old):
        return False  # ("%" is part of a value: "10%" is "10 percent")
    pronouns = [frozenset(w.key for w in f.objects if w.kind == "pronoun") for f in (new, old)]
    if all(pronouns) and pronouns[0] != pronouns[1]:
        return False  # "they/them" / "she/her"
    mine, theirs = gist(new), gist(old)
    if mine.values != theirs.values or _cases_turned(new, old):
        return False
    lined = line_up(mine, theirs)
    if not lined.names or not _same_concepts(new, lined):
        return False
    if lined.only_new and lined.only_old and _doing_for_doing(new, old):
        return False  # "The user's hobby is fishing" / "… is hiking": one activity for another
    if _part_left_out(old, lined):
        return False
    if lined.only_old and _state_for_state(new, old):
        return False  # "The migration is in progress" / "… is blocked": another state
    if new.update != old.update and new.verb != old.verb:
        return False  # "Ana cancelled the meeting" / "Ana organized the meeting": a change told
    if _other_action(new, old, lined) and not _turned_round(new, old):
        return False
    both_ways = bool(lined.shared & lx.SYMMETRIC)  # "A is married to B" / "B is A's wife"
    owners = (new.possessors, old.possessors)
    if _role_swapped(new, old) or _agent_not_the_doer(new, old):
        return False  # "El jefe de Marta es Raúl" / "Marta es la jefa de Raúl"
    turned = _same_roles(new, old)  # "A is B's CTO" / "B's CTO is A"
    if all(owners) and owners[0] != owners[1] and not both_ways and not turned:
        return False  # "Tom's manager is Anna" / "Tom is Anna's manager"
    extra = lined.only_new | lined.only_old
    if extra & (new.subject_stems | old.subject_stems) or extra & lx.POLAR_WORDS:
        return False
    if _antonym_split(new, old) or (_narrower(new, old) and not _attribute_moved(new, old)):
        return False
    if both_ways or turned or _turned_round(new, old) or _phrase_moved(new, old):
        return True
    same_verb = new.verb == old.verb
    if _roles_swapped(new, old) and same_verb:
        return False  # "the checkout service calls the stock service" / "the stock service …"
    # (a capitalised first word read as a word of both facts is no party: "Командой …")
    parties = _named_order(mine, words=lined.shared)
    if len(parties) < 2 or not lined.shared & lx.DIRECTED:
        return not same_verb or _same_order(new, old)
    # Two parties of a directed relation: "Tom manages Anna" / "Tom reports to Anna" say
    # opposite things in words of one concept, so the verb, and who is named first, must stay.
    theirs_named = _named_order(theirs, mine, words=lined.shared)
    return same_verb and parties == theirs_named and _same_order(new, old)


def _state_for_state(new: Parse, old: Parse) -> bool:
    """The new fact says its subject is in a state with a participle after "be", where the
    old one said it with another word after "be": a state in place of another ("The order is in
    transit" / "… is delivered", "está en curso" / "está bloqueada"), not the same statement
    with its verb told."""
    mine, theirs = _after_be(new), _after_be(old)
    if mine is None or theirs is None or mine.norm != new.verb_norm:
        return False
    return _past_or_participle(mine.norm) and not (
        _past_or_participle(theirs.norm) or theirs.norm.endswith("ing")
    )


def _english_word(word: Word) -> bool:
    """A word of Latin letters alone."""
    return word.kind == "word" and word.norm.isascii() and word.norm.isalpha()


def _past_or_participle(norm: str) -> bool:
    """A participle by its ending (`participle`: "adopted", "назначен", "cerrada") or an
    irregular English one ("bought", "sold")."""
    return norm in lx.IRREGULAR or participle(norm)


def _after_be(fact: Parse) -> Word | None:
    """The word right after the fact's first form of "be", if any."""
    words = [w for w in fact.words if w.kind != "marker"]
    for at, w in enumerate(words[:-1]):
        if w.kind == "aux" and w.norm in _PASSIVE_AUX:
            return words[at + 1]
    return None


def _part_left_out(old: Parse, lined: Overlap) -> bool:
    """The new fact says the old one with a word left out, and nothing in its place, that was
    neither the old fact's predicate ("Raúl trabaja en el turno" / "Raúl hace el turno") nor
    a counted word ("seats twelve people" / "has 12 seats"): a condition ("… when it rains"),
    a setting ("… by default", "… on error") or a particle ("logged out") narrowed what the
    old fact said, and the new one says it of every case."""
    if lined.only_new or not lined.only_old:
        return False
    concept = _verb_concept(old)
    return any(key != concept and not _counted_word(old, key) for key in lined.only_old)


def _counted_word(fact: Parse, key: str) -> bool:
    """A word of the fact that counts something: after a number ("twelve people") or a
    number's unit ("раз в месяц": once a month)."""
    words = fact.words
    for at, w in enumerate(words):
        if key in (w.key, w.root) and (w.norm in _ONCE or (at and words[at - 1].kind == "value")):
            return True
    return False


_ONCE = frozenset({"раз", "vez", "once"})


def _reordered(new: Parse, old: Parse) -> bool:
    """The same words, each as written, in another order that changes no one's part: the two
    sides of "is" swapped ("Our biggest customer is Globex" / "Globex is our biggest
    customer"), phrases after the verb moved ("Jonas works remotely from Porto" / "… from
    Porto remotely"), or Russian words moved round a name, whose ending says its part ("Отчёт
    готовит Ольга" / "Ольга готовит отчёт"). Never the subject and an object swapped ("Ana
    sent the report to Luis" / "Luis sent …"), nor what a preposition takes ("tea to coffee")."""
    mine, theirs = _forms(new), _forms(old)
    if mine == theirs or sorted(mine) != sorted(theirs):
        return False
    if _clauses(new) or _clauses(old):
        return False  # "Алиса — за биллинг, а Борис — за поиск": words moved between clauses
    if not _same_setting(new, old) or not _same_symbols(new, old) or new.values != old.values:
        return False
    if _copula_sides(new)[::-1] == _copula_sides(old) != ((), ()):
        return True
    if _CYRILLIC.match(new.normalized):
        return _cases_say_the_parts(new, old)
    return _phrases(new) == _phrases(old)


def _forms(fact: Parse) -> tuple[str, ...]:
    """A fact's words as written (normalised), dashes aside."""
    return tuple(w.norm for w in fact.words if w.kind != "dash")


def _copula_sides(fact: Parse) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words before and after the copula ("is", "es", a dash) of a fact that says what
    something is; two empty sides for any other."""
    words = fact.words
    for at, w in enumerate(words):
        copula = w.kind == "dash" or (w.norm == fact.verb_norm and fact.verb in _COPULAS)
        if copula:
            before = tuple(x.norm for x in words[:at] if x.kind != "dash")
            after = tuple(x.norm for x in words[at + 1 :] if x.kind != "dash")
            return (before, after) if before and after else ((), ())
    return (), ()


_COPULAS = frozenset({"be", "ser", "estar"})


def _phrases(fact: Parse) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The words up to the verb, and the phrases after it, sorted: a preposition with the
    words up to its first content word ("from Porto", "con fluidez", "to the bank"), and each
    run of other words. Phrases may come in any order without changing who does what."""
    words = fact.words
    at = next((i for i, w in enumerate(words) if w.norm == fact.verb_norm), None)
    if at is None or not fact.verb_norm:
        return (tuple(w.norm for w in words), [])
    phrases: list[tuple[str, ...]] = []
    run: list[str] = []
    open_phrase = False  # a preposition's phrase that has not reached its content word yet
    for w in words[at + 1 :]:
        if w.norm in _ANY_PREPOSITION and not open_phrase:
            if run:
                phrases.append(tuple(run))
            run, open_phrase = [w.norm], True
            continue
        run.append(w.norm)
        if open_phrase and w.kind not in _LIGHT_KINDS:
            phrases.append(tuple(run))
            run, open_phrase = [], False
    if run:
        phrases.append(tuple(run))
    return tuple(w.norm for w in words[: at + 1]), sorted(phrases)


_LIGHT_KINDS = frozenset({"stop", "dash", "marker", "aux"})


def _cases_say_the_parts(new: Parse, old: Parse) -> bool:
    """Russian words in another order keep their parts when their endings say them: no word
    twice ("сервис A вызывает сервис B"), and a reflexive verb (it takes no object, so the one
    word in the nominative is its subject) or a person named (a name's ending tells who acts
    from who is acted on), two names in the same order (a company's name is the same in
    either part: "Сбербанк купил Тинькофф")."""
    forms = _forms(new)
    content = [w.norm for w in new.words if w.kind not in _LIGHT_KINDS]
    if len(set(content)) != len(content):
        return False
    if new.verb_norm.endswith(("ся", "сь")) and new.verb_norm == old.verb_norm:
        return True  # a reflexive verb takes no object: "Отчёты отправляются клиенту по …"
    names = [f for f in forms if f in _names_of(new) | _names_of(old)]
    if not names:
        return False
    theirs = [f for f in _forms(old) if f in names]
    return len(set(names)) < 2 or names == theirs


def _names_of(fact: Parse) -> frozenset[str]:
    return frozenset(w.norm for w in fact.words if w.kind == "name")


_OF = frozenset({"of", "de", "del"})


def _copula_roles(
    fact: Parse, other: Parse | None = None
) -> tuple[frozenset[str], frozenset[str]] | None:
    """Who holds a role and whose role it is, in a fact that says what someone is: "Wei Chen
    is the CTO of Brightpath", "Brightpath's CTO is Wei Chen" and "the CTO of Brightpath is
    Wei Chen" all give ({wei, chen}, {brightpath}) — the order of the sentence aside. None
    for any other verb, or when no one's role is named (no possessive, no "of")."""
    if _verb_class(fact.verb) not in _GENERIC_VERBS:
        return None
    holders: set[str] = set()
    owners: set[str] = set()
    owning = False  # inside a name that follows "of", or a possessive one
    for at, w in enumerate(fact.words):
        named = w.kind == "name" or (w.kind == "acronym" and w.norm not in lx.ACRONYMS)
        # a capitalised first word may be a name: the other fact must then name it alike
        # (with `other` given, it is one only if `other` names it: "Начальник Светланы")
        soft = at == 0 and w.kind == "word" and w.text[:1].isupper()
        if soft and other is not None:
            soft = _names_meet({w.key}, other.people | other.capitalised)
        if not (named or soft):
            # a name right after a Russian noun is in the genitive: "начальник Светланы"
            owning = w.norm in _OF or (w.kind == "word" and bool(_CYRILLIC.match(w.norm)))
            continue
        if possessive(w) or owning:
            owners.add(w.key)
            owning = not possessive(w)
        else:
            holders.add(w.key)
    if not owners or not holders:
        return None
    return frozenset(holders), frozenset(owners)


def _japanese_roles(fact: Parse) -> tuple[frozenset[str], frozenset[str]] | None:
    """(who holds a role, whose it is) in a Japanese statement of what someone is:
    "ユーザーの上司は田中さん" and "田中さんはユーザーの上司" give ({田中}, {ユーザー}). Whose is
    the noun before "の" (a verb or an adjective before it, in hiragana, is no one's:
    "書いたのは"); who holds it, one called "さん" or the user. None when either is missing."""
    if fact.verb != "=" or "の" not in fact.text:
        return None
    text = fact.normalized
    owners: set[str] = set()
    for match in _JAPANESE_OWNER.finditer(text):
        owner = _HONORIFIC_END.sub("", match[1])
        if owner and not "\u3040" <= owner[-1] <= "\u309f":
            owners.update(w.key for w in fact.words if w.norm and owner.endswith(w.norm))
    people = {
        w.key
        for w in fact.words
        if w.norm in _THE_USER or re.search(re.escape(w.norm) + _HONORIFICS, text)
    }
    holders = people - owners
    if not owners or not holders:
        return None
    return frozenset(holders), frozenset(owners)


_HONORIFIC_END = re.compile(_HONORIFICS + "$")
_JAPANESE_OWNER = re.compile(r"([^\s、。，．！？!?,.:：はがをにでともへやの]+)の")


@_per_pair
def _role_swapped(new: Parse, old: Parse) -> bool:
    """Someone who holds the role in one fact is whose role it is in the other: "Tom is Anna's
    manager" / "Anna is Tom's manager", "Начальник Светланы — Игорь" / "Светлана — начальница
    Игоря", "ユーザーの上司は田中さん" / "ユーザーは田中さんの上司"."""
    a, b = _copula_roles(new, old), _copula_roles(old, new)
    if (a is None or b is None) and CJK.search(new.text) and CJK.search(old.text):
        a, b = _japanese_roles(new), _japanese_roles(old)
    if a is None or b is None:
        return False
    return _names_meet(a[0], b[1]) or _names_meet(a[1], b[0])


def _same_roles(new: Parse, old: Parse) -> bool:
    """Both facts say who holds whose role, and say it of the same people: "Wei is the CTO of
    Brightpath" / "Brightpath's CTO is Wei", "Игорь — начальник Светланы" / "Начальник
    Светланы — Игорь" (a capitalised first word the other fact does not name is no one)."""
    a, b = _copula_roles(new, old), _copula_roles(old, new)
    if a is None or b is None or _role_swapped(new, old):
        return False
    owners = all(_names_meet({x}, b[1]) for x in a[1]) and all(_names_meet({y}, a[1]) for y in b[1])
    return owners and _names_meet(a[0], b[0])


def _names_meet(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> bool:
    """A name of `a` is a name of `b` (in Russian, in another case: "Светланы" / "Светлана")."""
    return any(_same_name(x, y) for x in a for y in b)


_BY = frozenset({"by", "por"})


def _by_phrase(fact: Parse) -> frozenset[str]:
    """The stems of who acts in a passive, after "by" / "por" at the end of its predicate
    ("is maintained by the platform team": {platform, team}); empty in an active sentence."""
    objects = fact.objects
    for at, word in enumerate(objects):
        if word.norm in _BY:
            rest = objects[at + 1 :]
            if any(w.norm in _PREPOSITIONS for w in rest):
                return frozenset()  # "by the team in Berlin": more than who acts
            return frozenset(w.root for w in rest if w.kind != "stop")
    return frozenset()


def _turned_round(new: Parse, old: Parse) -> bool:
    """One fact is the other turned round, nothing added: into the passive ("the platform team
    maintains the API" / "the API is maintained by the platform team": the active's subject is
    the passive's agent, and its object the passive's subject), or a copula's two sides
    swapped ("Jake's favourite food is sushi" / "sushi is Jake's favourite food"), or a verb
    for its converse with the sides swapped ("Mark owns the car" / "the car belongs to Mark")."""
    verbs = _verb_concept(new), _verb_concept(old)
    if lx.CONVERSES.get(verbs[0]) == verbs[1]:
        return _sides_swapped(new, old)
    if verbs[0] != verbs[1]:
        return False
    for passive, active in ((new, old), (old, new)):
        agent = _by_phrase(passive)
        if agent and not _by_phrase(active):
            done = _object_stems(active)
            return agent == active.subject_stems and passive.subject_stems == done
    if new.indefinite or old.indefinite:
        return False
    if _verb_class(new.verb) not in ("be", "ser", "estar") and not _topic_told(new, old):
        return False
    return _sides_swapped(new, old)


def _topic_told(new: Parse, old: Parse) -> bool:
    """The two facts are one Japanese statement that someone's one thing is a value, written
    alike but for the order of its two sides: "データチームのリーダーは田中さんです" / "田中さん
    はデータチームのリーダーです", "緑はユーザーの好きな色" / "ユーザーの好きな色は緑". A side
    must be someone's thing ("…の…"), of which one has one: "PostgreSQLはデータベースです"
    says what kind of thing it is, and "データベースはPostgreSQLです" which one is meant;
    "Aチームのメンバー" is one of several. A hedge, a place or a tense on one side only
    ("…らしい", "…にいます") is no swap."""
    if new.verb != "=" or old.verb != "=" or not CJK.search(new.text):
        return False
    mine, theirs = (_TOPIC_END.sub("", f.normalized.strip()) for f in (new, old))
    for at, mark in enumerate(mine):
        if mark not in "はが" or not 0 < at < len(mine) - 1:
            continue
        topic, value = mine[:at], mine[at + 1 :]
        if theirs in (f"{value}は{topic}", f"{value}が{topic}"):
            return any(_ones_own(side) for side in (topic, value))
    return False


# What may close a Japanese statement of what something is: a copula, a full stop.
_TOPIC_END = re.compile(r"(?:です|だ|である)?[。．.!！]?$")


def _ones_own(side: str) -> bool:
    """A side names someone's one thing: "ユーザーの好きな色", not "Aチームのメンバー"."""
    owner, mark, thing = side.rpartition("の")
    return bool(mark and owner and thing) and thing not in lx.MANY_HELD


def _attribute_moved(new: Parse, old: Parse) -> bool:
    """The words the new subject adds name what the old fact's predicate says: "the price of
    the app is $5" after "the app costs $5", "the deadline for the report is Friday" after
    "the report is due on Friday" — the attribute told in the subject, not a narrower one."""
    said = gist(old).concepts
    added = [
        at
        for at, w in enumerate(new.words)
        if w.exact in new.subject - old.subject and w.kind == "word" and not _idle(w, new)
    ]
    return bool(added) and all(_concept_at(new.words, at) in said for at in added)


def _cases_turned(new: Parse, old: Parse) -> bool:
    """The same Russian words, but a name in another case: who did what to whom turned
    ("Анна следит за Олегом" / "За Анной следит Олег"). The order of Russian words says
    little; their endings say the roles."""
    if not (_CYRILLIC.match(new.normalized) and _CYRILLIC.search(old.normalized)):
        return False

    def named(w: Word) -> bool:
        return w.kind == "name" or (w.kind == "word" and w.text[:1].isupper())

    names = [w.norm for w in new.words if named(w)]
    others = [w.norm for w in old.words if named(w)]

    def rest(fact: Parse) -> frozenset[str]:
        return frozenset(w.norm for w in fact.words if not named(w) and w.kind != "dash")

    if rest(new) != rest(old):
        return False  # other words ("подготовил" / "был подготовлен"): the voice may differ
    return any(_same_name(a, b) and a != b for a in names for b in others)


def _phrase_moved(new: Parse, old: Parse) -> bool:
    """One fact opens with a phrase after a preposition that the other has after its verb, all
    else in the same words and forms: "За бюджет отвечает Анна" / "Анна отвечает за бюджет"
    — a phrase after a preposition is never the subject. ("За Анной следит Олег" / "Анна
    следит за Олегом" has other forms: the roles turned.)"""
    opens = [bool(f.words) and f.words[0].norm in _ANY_PREPOSITION for f in (new, old)]
    return opens[0] != opens[1] and _chunks(new) == _chunks(old)


# Prepositions a phrase may open with, beyond those the value rules read.
_ANY_PREPOSITION = _PREPOSITIONS | frozenset(
    "за к ко от из при под над через про перед a sobre hacia entre desde into over under".split()
)


def _chunks(fact: Parse) -> frozenset[tuple[str, ...]]:
    """A fact's words as written, in runs cut before each preposition and around its verb."""
    chunks: list[tuple[str, ...]] = []
    run: list[str] = []
    for w in fact.words:
        verb = w.norm == fact.verb_norm
        if (w.norm in _ANY_PREPOSITION or verb) and run:
            chunks.append(tuple(run))
            run = []
        if w.kind not in ("stop", "dash", "marker") or w.norm in _ANY_PREPOSITION:
            run.append(w.norm)
        if verb:
            chunks.append(tuple(run))
            run = []
    if run:
        chunks.append(tuple(run))
    return frozenset(c for c in chunks if c)


def _sides_swapped(new: Parse, old: Parse) -> bool:
    """Each fact's subject is the other's object, nothing more on either side."""
    return new.subject_stems == _object_stems(old) and old.subject_stems == _object_stems(new)


def _object_stems(fact: Parse) -> frozenset[str]:
    """The stems of an object's words, articles and prepositions aside."""
    return frozenset(w.root for w in fact.objects if w.kind not in ("stop", "dash", "marker"))


def _roles_swapped(new: Parse, old: Parse) -> bool:
    """A word of each subject is in the other's object: "the checkout service calls the stock
    service" / "the stock service calls the checkout service"."""
    new_objects = {w.root for w in new.objects}
    old_objects = {w.root for w in old.objects}
    return bool(
        (new.subject_stems - old.subject_stems) & old_objects
        and (old.subject_stems - new.subject_stems) & new_objects
    )


@_per_pair
def _same_setting(new: Parse, old: Parse) -> bool:
    """Two plain statements said alike: by the same speaker at the same time, in the same
    environment, polarity, mood and tense, the same kin and persons ("my", "your"), none a
    question, a list item or an addition ("too"), neither new one an update."""
    if new.question or old.question or new.additive or new.listed or old.listed:
        return False
    if _told_update(new):
        return False
    if (new.speaker, new.said_at, new.environments) != (old.speaker, old.said_at, old.environments):
        return False
    if (new.negated, new.modal, new.future, new.past) != (
        old.negated,
        old.modal,
        old.future,
        old.past,
    ):
        return False
    verbs = {_verb_class(new.verb), _verb_class(old.verb)}
    copulas = verbs <= _GENERIC_VERBS
    if _is_or_has(new, old):
        return False
    if (
        copulas
        and new.indefinite != old.indefinite
        and not (_job(new) and _job(old))
        and verbs not in _BE_AND_HAVE  # "is allergic" / "has an allergy": "have" takes "a"
    ):
        return False  # "Anna is a patient" / "Anna is patient" (but "is a nurse": a job)
    if gist(new).kin != gist(old).kin:
        return False
    return _same_persons(new, old)


_BE_AND_HAVE = (
    frozenset({"be", "have"}),
    frozenset({"ser", "tener"}),
    frozenset({"estar", "tener"}),
)


def _told_update(fact: Parse) -> bool:
    """The fact says in its words that something changed, beyond the day it holds from:
    "Desde 2020 Nerea vive en Bilbao" is "Nerea vive en Bilbao" said again with its day."""
    return fact.update and not fact.dated


def _is_or_has(new: Parse, old: Parse) -> bool:
    """One fact says what someone is, the other what they have: "Tom is a dog" / "Tom has a
    dog" ("is allergic" / "has an allergy" is one statement: no "a" on the side of "is")."""
    verbs = {_verb_class(new.verb), _verb_class(old.verb)}
    if verbs not in _BE_AND_HAVE or not (new.indefinite and old.indefinite):
        return False
    return _first_object(new) == _first_object(old)  # (not "Leo has a sister who is a pilot")


def _first_object(fact: Parse) -> str:
    return next((w.root for w in fact.objects if w.kind in ("word", "kin")), "")


def _same_persons(new: Parse, old: Parse) -> bool:
    """The same first and second persons ("It has helped me" / "Your help …" are two), but
    that "we" may stand on one side only when the other fact names no one: "We keep backups
    for 30 days" / "Backups are kept for 30 days"."""
    mine, theirs = _speech_persons(new), _speech_persons(old)
    if mine == theirs:
        return True
    if mine ^ theirs != {"@1p"}:
        return False
    other, we = (old, new) if "@1p" in mine else (new, old)
    if any(w.kind == "kin" for w in other.words):
        return False
    # (a capitalised first word the "we" fact has as a word is no one: "Infrastructure is …")
    said = we.content | we.stems
    return all(k in said or _inflects(k, said) for k in other.people)


def _same_concepts(new: Parse, lined: Overlap) -> bool:
    """The same concepts, but that the old fact may have up to two more (the new one says
    less: nothing of it is lost) or the new one another verb ("Hannah's birthday is on March
    3" / "Hannah celebrates her birthday on …"); never more words in the new one ("Anna works
    at Google" / "… as a manager")."""
    if not lined.shared or len(lined.only_old) > 2:
        return False
    if lined.only_new and len(lined.only_old) > 1:
        return False
    return not lined.only_new or lined.only_new == {_verb_concept(new)}


def _doing_for_doing(new: Parse, old: Parse) -> bool:
    """The new fact's verb is an "-ing" form ("is hiking") where the old fact says what its
    subject is ("is chess", "is fishing", read as a noun): one activity in another's place,
    whichever the lexicon knows as a verb."""
    return new.verb_norm.endswith("ing") and _verb_class(old.verb) in _GENERIC_VERBS


def _other_action(new: Parse, old: Parse, lined: Overlap) -> bool:
    """The new fact's verb stands where the old one had another verb of its own, not a
    copula: one action for another ("Pedro dirige el equipo" / "Pedro trabaja en el equipo"),
    not the same statement told otherwise."""
    if not lined.only_new or _verb_class(old.verb) in _GENERIC_VERBS:
        return False
    verb = _verb_concept(old)
    if verb in lined.only_old:
        return True
    # (the verb's key and the root a gist reads may stem a form apart, or fold its accents:
    # "escrib" / "escribi" for "escribió", "diseñ" / "disen" for "diseñó")
    verb = fold(verb)
    return len(verb) >= 4 and any(k.startswith(verb) or verb.startswith(k) for k in lined.only_old)


def _clauses(fact: Parse) -> int:
    """How many clauses the fact joins beyond its first: its conjunctions and commas (not the
    comma of a number: "$4,000")."""
    if fact.verb == ":" and VALUES_ONLY.match(fact.text.partition(":")[2].strip()):
        return 0  # "Stack: Python, FastAPI, Postgres": a list of values, no clauses
    # (a comma inside a value joins no clause: "14 Elm Street, Apt 3B")
    inside = sum(len(_CLAUSE_COMMA.findall(w.norm)) for w in fact.words if w.kind == "value")
    commas = len(_CLAUSE_COMMA.findall(fact.normalized)) - inside
    return sum(1 for w in fact.words if w.norm in lx.CONJUNCTIONS) + commas


_CLAUSE_COMMA = re.compile(r",(?!\d)|、")


def _one_latin_run(fact: Parse, keys: Collection[str]) -> bool:
    """The words of `keys` are Latin words side by side in the fact: one name ("VS Code")."""
    at = [n for n, w in enumerate(fact.words) if w.key in keys]
    return (
        bool(at)
        and at == list(range(at[0], at[0] + len(at)))
        and all(fact.words[n].text.isascii() for n in at)
    )


def _both_deny(new: Parse, old: Parse) -> bool:
    """Both facts are negated, and what differs between them is what each denies: "The user
    isn't on Instagram" / "… isn't on TikTok" say what is not, and neither value replaces the
    other. Not when a value differs outside the negation ("Code freeze: Dec 18 (no merges
    after that)" / "Dec 20 (…)"). A Japanese negation ends its clause: all before it is denied."""
    if not (new.negated and old.negated):
        return False
    mine, theirs = {w.key for w in new.words}, {w.key for w in old.words}
    return _denied(new, mine - theirs) and _denied(old, theirs - mine)


def _denied(fact: Parse, keys: set[str]) -> bool:
    """Every word of these keys stands after the fact's first negation (anywhere in Japanese,
    where the negation comes last)."""
    first = next((at for at, w in enumerate(fact.words) if w.kind == "neg"), None)
    if first is None:
        return False
    if CJK.search(fact.text):
        return True
    return all(w.key not in keys for w in fact.words[:first])


def _one_of_several(fact: Parse) -> bool:
    """The fact's subject is one of several: "One of the user's colleagues is Tanaka", "Uno de
    sus hermanos vive en Lima", "Один из клиентов — Сбер", "ユーザーの同僚の一人は田中さんだ"."""
    return _says_one_of(fact.text)


def _says_one_of(text: str) -> bool:
    """The text tells of one of several (`_ONE_OF`)."""
    bare = _bare_words(text)
    return any(phrase in bare for phrase in _ONE_OF)


def _changed_in_other_words(new: Parse, old: Parse) -> str | None:
    """The same attribute of the same subject in other words, with one value replaced by one
    of its kind: a number for a number, a name for a name ("The design system is owned by
    Lena" → "Victor owns the design system"); never a date or time alone (two events), nor an
    attribute with several values at once."""
    if not _same_setting(new, old) or new.past:
        return None  # two past events are two events
    if _both_deny(new, old):
        return None  # what is not, twice: "isn't on Instagram" / "isn't on TikTok"
    if _subject_kin(new) != _subject_kin(old):
        return None  # "My wife's cell number is …" / "My cell number is …": another person
    if _one_of_several(new) or _one_of_several(old):
        return None  # "One of the user's colleagues is Tanaka" / "… is Sato": both are
    mine, theirs = gist(new), gist(old)
    lined = line_up(mine, theirs)
    if lined.shared & lx.DIRECTED and (new.verb != old.verb or new.possessors != old.possessors):
        return None  # "Maria's manager is Oleg" / "Maria manages Ivan": the roles turned
    if not _same_concepts(new, lined) or _antonym_split(new, old):
        return None
    if lined.only_new and lined.only_old - {_verb_concept(old)}:
        return None  # the new verb in place of what the old one said: "vegan" / "running"
    if _narrower(new, old) and not _attribute_moved(new, old):
        return None  # (but "The API port is 4000" after "The API runs on port 3000")
    extra = lined.only_new | lined.only_old
    if extra & (new.subject_stems | old.subject_stems) or extra & lx.POLAR_WORDS:
        return None
    pool = (*mine.names, *(k for k, _ in mine.soft))
    whose = [n for n in theirs.names if n in old.subject_keys]
    whose += [k for k, root in theirs.soft if k in old.subject_keys and root not in mine.concepts]
    if not all(_named_in(n, pool, theirs, mine) for n in whose):
        return None  # "Jamal's favourite cuisine" / "Rosa's favourite cuisine"
    known = theirs.concepts | {r for _, r in theirs.soft}
    new_names = {*mine.names, *(k for k, r in mine.soft if not _concept_found(r, known))}
    known = mine.concepts | {r for _, r in mine.soft}
    old_names = {*theirs.names, *(k for k, r in theirs.soft if not _concept_found(r, known))}
    gone = {n for n in old_names if not _named_in(n, new_names, theirs, mine)}
    came = {n for n in new_names if not _named_in(n, old_names, mine, theirs)}
    lost, brought = theirs.values - mine.values, mine.values - theirs.values
    if (gone or came) and (lost or brought):
        return None  # two slots changed
    if gone and came:
        changed = gone | came
    elif len(lost) == len(brought) == 1 and not (lost | brought) & old.subject_keys:
        if _same_address(min(lost), min(brought)):
            return None  # "14 Elm Street" after "14 Elm Street, Apt 3B": the same place
        changed = set(lost | brought)  # one number for another (an id in the subject is none)
        if all(_DATE.search(k) or k in lx.CALENDAR for k in changed):
            return None  # "dates and times are no values": two events, not one changed
        if _share_for_amount(lost, brought):
            return None  # "El descuento es del 10%" / "… de 10 euros": two measures
    else:
        return None
    if len(gone | lost) > 2 or len(came | brought) > 2 or any(_numeric(n) for n in gone | came):
        return None  # an id is a subject, not a value ("INC-2291" / "INC-2297")
    one = all(any(w.norm in lx.ONE_VALUE for w in fact.words) for fact in (new, old))
    # (a list told one member at a time is never one: "favorite cuisines include Thai")
    one = one and not any(w.norm in _MEMBERS for w in (*new.words, *old.words))
    # (what one does or follows, read as several; what one holds, as one: "owned by Lena")
    if not one and _many_valued(new, old, changed, held=False):
        return None
    if _both_may_hold(new, old, gone | lost, came | brought):
        return None
    return f"{', '.join(sorted(gone | lost))} → {', '.join(sorted(came | brought))}"


_MEMBERS = frozenset("include includes including incluye incluyen включает включают".split())


def _speech_persons(fact: Parse) -> frozenset[str]:
    """The first and second persons a fact's pronouns name ("I", "my", "your", "мы" …); a
    third person ("her") stands for someone named."""
    return frozenset(
        w.key
        for w in fact.words
        if w.kind == "pronoun" and w.key[1:2] in ("1", "2") and w.norm not in lx.WEAK_POSSESSIVES
    )


def _named_order(
    fact: Gist, like: Gist | None = None, words: frozenset[str] = frozenset()
) -> list[str]:
    """The names a fact gives people and things, ids aside, in order (spelt as in `like`; a
    capitalised first word whose stem is among `words` is a word)."""
    order = []
    for name in (*(k for k, root in fact.soft if root not in words), *fact.names):
        if _numeric(name):
            continue
        if like is not None:
            known = (*(k for k, _ in like.soft), *like.names)
            name = next((k for k in known if _same_name(name, k)), name)
        order.append(name)
    return list(dict.fromkeys(order))


def _relation_values(fact: Parse) -> frozenset[str]:
    """What a relation's object names: names, numbers, dates, acronyms."""
    return frozenset(w.key for w in fact.objects if w.kind in _VALUE_KINDS)


def _relation_restated(new: Parse, old: Parse) -> Verdict | None:
    """The same relation of the same subject said in other words: the same value is a
    duplicate ("Tom lives in Chicago" / "Tom's home is in Chicago"), a new value of the same
    kind replaces the old one ("Maria's manager is Oleg" / "Maria reports to Ivan"). Only for
    plain present statements by the same speaker, in the same environment, whose objects hold
    nothing but the value."""
    relation = new.relation
    if relation is None or old.relation is None:
        return None
    if relation != old.relation and _opens_with_whose(new, old):
        return None  # two facts that open with two forms of a name: "Евгений" / "Евгения"
    if not _same_relation(relation, old.relation):
        return None
    for fact in (new, old):
        # (one is born in the past: "Kim was born on May 3" is "Kim's birthday is May 3")
        past = fact.past and relation[0] != "birth"
        if fact.question or fact.modal or fact.future or past or fact.negated:
            return None
        if fact.listed or fact.joint or fact.agent:
            return None
    if new.additive or (new.speaker, new.said_at, new.environments) != (
        old.speaker,
        old.said_at,
        old.environments,
    ):
        return None
    mine, theirs = _relation_values(new), _relation_values(old)
    if not mine or not theirs or _loose_words(new) or _loose_words(old):
        return None
    if _role_swapped(new, old):
        return None  # "El jefe de Marta es Raúl" / "Marta es la jefa de Raúl": whose turned
    if mine == theirs or _same_relation(("", mine), ("", theirs)):
        return Verdict("duplicate", f"the same {relation[0]} of the same subject, in other words")
    if len(mine) == len(theirs) == 1 and _same_address(min(mine), min(theirs)):
        return None  # "14 Elm Street" after "14 Elm Street, Apt 3B": the same place, less said
    if mine & theirs or _value_kinds(new) != _value_kinds(old):
        return None
    if _many_valued(new, old, mine | theirs, often=False):
        return None  # "lives with Anna" / "with Bob": one more companion, not a new value
    change = f"{', '.join(sorted(theirs))} → {', '.join(sorted(mine))}"
    why = f"the same {relation[0]} of the same subject, a new value ({change})"
    return Verdict("supersede", why)


def _opens_with_whose(new: Parse, old: Parse) -> bool:
    """Both facts open with whose relation it is (a name there is in the nominative)."""
    return all(
        bool(f.words) and f.relation is not None and f.words[0].key in f.relation[1]
        for f in (new, old)
    )


def _same_relation(a: tuple[str, frozenset[str]], b: tuple[str, frozenset[str]]) -> bool:
    """One relation of the same people: whose it is may be named in another case ("Руководитель
    Ирины" / "Ирина подчиняется")."""
    if a[0] != b[0] or len(a[1]) != len(b[1]):
        return False
    return all(any(_same_name(x, y) or _short_name_declined(x, y) for y in b[1]) for x in a[1])


def _short_name_declined(a: str, b: str) -> bool:
    """A short Russian name of the first declension in two cases: "Аня" / "Ани", "Оля" /
    "Оле" (read so only for whose a relation is: elsewhere the case tells who did what)."""
    short, long = sorted((a, b), key=len)
    if len(short) != 3 or len(long) > 4 or long[:2] != short[:2] or not _CYRILLIC.match(a):
        return False
    if short in _NOT_NAMES or long in _NOT_NAMES:
        return False  # "она" / "оно" / "они"
    return short[2] in _NAME_CASES and long[2:] in _NAME_CASE_ENDINGS


def _loose_words(fact: Parse) -> bool:
    """The object says more than the value: a word that is neither a value, a function word
    nor the relation's own ("works in Berlin *with Oleg*")."""
    verbs = relation_words()
    return any(
        w.kind == "word"
        and w.key not in _FUNCTION
        and w.norm not in _PREPOSITIONS
        and w.norm not in verbs
        for w in fact.objects
    )


def _value_kinds(fact: Parse) -> frozenset[str]:
    """Whether the relation's value is a date or number, or a name."""
    kinds = {w.kind for w in fact.objects if w.kind in _VALUE_KINDS}
    return frozenset("number" if k in ("value", "date") else "name" for k in kinds)


def _related_or_new(new: Parse, old: Parse, overlap: float, similarity: float, why: str) -> Verdict:
    shared = len(new.content & old.content)
    if overlap >= 0.3 or (shared >= 2 and overlap >= 0.2) or similarity >= 0.6:
        return Verdict("related", f"{why}; {overlap:.0%} of words shared")
    if (new.update or new.additive) and _touches(new, old):
        return Verdict("related", f"{why}; news of something the stored fact is about")
    return Verdict("new", "no stored fact says the same thing")


_TOUCHING_KINDS = frozenset({"word", "name", "acronym", "env", "kin"})


def _touches(new: Parse, old: Parse) -> bool:
    """The two facts name one thing, person or attribute, dates and numbers aside: "Order
    #5531 shipped on Monday" / "Order #5532 is now delayed", "Bob lives in Paris" / "Alice
    moved to Berlin" (a move is news of where someone lives)."""

    def roots(fact: Parse) -> set[str]:
        return {
            w.root
            for w in fact.words
            if w.kind in _TOUCHING_KINDS and w.norm not in _NOT_CONCEPTS and w.key not in _FUNCTION
        }

    if roots(new) & roots(old) or line_up(gist(new), gist(old)).shared:
        return True
    moved = any(w.norm in lx.MOVE_WORDS for w in new.words)
    return moved and _synonyms()[0]["lives"] in gist(old).concepts


def classify(text: str, candidates: list[tuple[str, float]]) -> Verdict:
    """Classify `text` against (content, cosine) candidates: the strongest verdict wins."""
    if not candidates:
        return Verdict("new", "no similar fact in this scope")
    mine = parse(text)
    best: Verdict | None = None
    for index, (content, similarity) in enumerate(candidates):
        verdict = compare(mine, parse(content), similarity)
        verdict = Verdict(verdict.outcome, verdict.reason, index)
        if best is None or PRIORITY.index(verdict.outcome) < PRIORITY.index(best.outcome):
            best = verdict
        if best.outcome == PRIORITY[0]:
            break  # nothing outranks it: the rest need not be read
    assert best is not None
    return best


SYSTEM_PROMPT = (
    "You maintain a knowledge base of short facts. Compare a NEW fact with EXISTING facts and "
    'answer a JSON object {"verdict": one of duplicate|supersede|contradict|related|new, '
    '"candidate": the id of the existing fact concerned (or null for new), "reason": a short '
    "reason}. duplicate: the same subject, attribute and value. supersede: the same subject "
    "and attribute with a newer value. contradict: opposite claims about the same subject. "
    "related: similar but both stay true — a different person, id, environment or speaker is "
    "always related, never duplicate or supersede. new: unrelated."
)


def classify_with_model(model: object, text: str, candidates: list[tuple[str, float]]) -> Verdict:
    """Ask an OpenAI-compatible chat model; fall back to the offline classifier on any failure
    or malformed answer."""
    from engram.llm import ChatModel, HttpError

    if not candidates or not isinstance(model, ChatModel):
        return classify(text, candidates)
    listing = "\n".join(f"c{i + 1}: {content}" for i, (content, _) in enumerate(candidates))
    try:
        answer = model.complete_json(SYSTEM_PROMPT, f"NEW: {text}\nEXISTING:\n{listing}")
        verdict = str(answer.get("verdict", "")).lower()
        aliases = {
            "update": "supersede",
            "conflict": "contradict",
            "add": "new",
            "coexist": "related",
        }
        verdict = aliases.get(verdict, verdict)
        if verdict not in PRIORITY:
            raise HttpError(f"unknown verdict {verdict!r}")
        index = None
        if verdict != "new":
            label = str(answer.get("candidate") or "c1").lower().lstrip("c")
            index = int(label) - 1 if label.isdigit() else 0
            if not 0 <= index < len(candidates):
                raise HttpError(f"unknown candidate {answer.get('candidate')!r}")
        reason = str(answer.get("reason") or "classified by the model")
        if verdict in ("duplicate", "supersede") and index is not None:
            kept = _no_merge(parse(text), parse(candidates[index][0]), verdict)
            if kept:
                return Verdict("related", f"model: {reason}; kept, {kept}", index)
        return Verdict(verdict, f"model: {reason}", index)
    except (HttpError, ValueError, TypeError):
        fallback = classify(text, candidates)
        return Verdict(
            fallback.outcome, fallback.reason + " (offline; the model failed)", fallback.candidate
        )


def _no_merge(new: Parse, old: Parse, verdict: str) -> str:
    """Why a model's duplicate or supersede may not hide the stored fact or drop the new one,
    else '': the word rules find another subject, speaker, environment or actor ("Bob lives
    in Paris" / "Alice lives in Paris"), or, for a duplicate, other values or roles swapped
    ("Ticket 43 …" / "Ticket 3 …", "Alice reports to Bob" / "Bob reports to Alice"). A model
    may read meaning the rules miss; what the rules tell apart stays apart."""
    other = _different_subject(new, old)
    if other:
        return other
    if verdict == "duplicate" and new.values != old.values:
        return "other values"
    if verdict == "duplicate" and (_role_swapped(new, old) or _roles_swapped(new, old)):
        return "the roles swapped"
    return ""


# Auxiliaries of a passive ("was signed", "fue firmado", "был подписан"), agent markers, and
# the Russian endings of a short passive participle and of a noun in the instrumental, the
# case of who acts in a Russian passive ("подписан директором", "запрещено правилами").
_PASSIVE_AUX = frozenset(
    "is are was were been be being es son fue fueron sido está están estaba estaban "
    "был была было были".split()
)
_PARTICIPLE_RU = ("ен", "ена", "ено", "ены", "ан", "ана", "ано", "аны", "ят", "ята", "ято")
_INSTRUMENTAL = ("ом", "ем", "ой", "ей", "ами", "ями", "ым", "им")
_FRAME_KINDS = frozenset({"stop", "aux", "dash", "marker"})


def _voice_turned(new: Parse, old: Parse) -> bool:
    """One fact is the other in the passive, each part in its place: the passive's subject is
    what the active acts on and its agent ("by the director", "por el director", "директором")
    is who acts — "The director signed the contract" / "The contract was signed by the
    director", "El director firmó el contrato" / "El contrato fue firmado por el director",
    "Директор подписал договор" / "Договор был подписан директором". Read from the words
    themselves, not the parse's subject and verb (which a passive often misleads). Never when
    the agent is not who acts in the active ("Nina was called by Oleg" / "Nina called Oleg")."""
    if not _same_symbols(new, old) or new.values != old.values:
        return False
    if not (_same_setting(new, old) or _short_passive_of_a_past(new, old)):
        return False
    manner = _manner_words(new)
    if manner and manner == _manner_words(old):
        # how it is done, the same on both sides, stands anywhere: "are renewed automatically
        # by cert-manager" / "cert-manager renews them automatically"
        new, old = _without_words(new, manner), _without_words(old, manner)
    for passive, active in ((new, old), (old, new)):
        frame = _passive_frame(passive)
        if frame is None:
            continue
        done, verb, doers = frame
        parts = _active_parts(active, verb)
        if parts is None:
            continue
        # (when, the same in both, may stand with either part: "… by finance on Jan 12" /
        # "Finance approved the invoice on 12 January")
        before, after = _untimed(parts[0]), _untimed(parts[1])
        if _same_words(before, _untimed(doers)) and _same_words(after, _untimed(done)):
            return True
    for passive, active in ((new, old), (old, new)):
        where = _place_frame(passive)
        if where is None:
            continue
        done, verb, place, holder = where
        parts = _active_parts(active, verb)
        if parts is None:
            continue
        named = passive.people | passive.capitalised
        if not holder and any(w.kind in _WHO or w.kind == "acronym" for w in parts[0]):
            continue  # the place acts: a shop, a cafeteria, not someone
        if not holder and any(w.key in named or w.kind != "word" for w in place):
            continue  # "Bikes are sold at Anna's": someone's
        if _same_words(parts[0], place) and _same_words(parts[1], done):
            return True
    return False


_WHERE_DONE = frozenset({"at", "in", "en", "в", "на", "у"})


def _manner_words(fact: Parse) -> tuple[str, ...]:
    """The words of how a thing is done ("automatically", "manualmente", "вручную"), sorted."""
    return tuple(
        sorted(
            w.norm
            for w in fact.words
            if w.kind == "word"
            and (
                (w.norm.endswith("ly") and len(w.norm) > 5 and w.norm.isascii())
                or w.norm.endswith("mente")
                or w.norm in _MANNER_RU
            )
        )
    )


_MANNER_RU = frozenset("автоматически вручную ежедневно еженедельно ежемесячно".split())


def _without_words(fact: Parse, norms: tuple[str, ...]) -> Parse:
    """The fact read without these words."""
    return replace(fact, words=tuple(w for w in fact.words if w.norm not in norms))


def _place_frame(fact: Parse) -> tuple[list[Word], Word, list[Word], bool] | None:
    """A passive that says where, not by whom, when the place is what acts in the active:
    "Bikes are sold at the shop" (the shop sells bikes), "Lunch is served in the cafeteria from
    noon" (the cafeteria serves lunch from noon), "Los libros se venden en la tienda" (la
    tienda vende libros), "Книги продаются в магазине": the words acted on with what follows
    the place, the verb, the place, and whether the place is someone who holds ("Ключи
    хранятся у Виктора": Виктор хранит ключи)."""
    words = [w for w in fact.words if w.kind not in ("dash", "marker")]
    for at, w in enumerate(words[:-2]):
        if w.kind != "word" or not at or words[at + 1].norm not in _WHERE_DONE:
            continue
        if _CYRILLIC.match(w.norm):
            # "Ключи хранятся у Виктора", "Книги продаются в магазине": a reflexive verb
            if not w.norm.endswith(("ся", "сь")):
                continue
            done = [x for x in words[:at] if x.kind not in _FRAME_KINDS]
            rest = words[at + 2 :]
            end = next((i for i, x in enumerate(rest) if x.norm in _ANY_PREPOSITION), len(rest))
            place = [x for x in rest[:end] if x.kind not in _FRAME_KINDS]
            if not done or not place:
                return None
            after = [x for x in rest[end:] if x.kind not in _FRAME_KINDS]
            return [*done, *after], w, place, words[at + 1].norm == "у"
        before = words[at - 1]
        english = before.kind == "aux" and before.norm in ("is", "are")
        english = english and (w.norm.endswith("ed") or w.norm in lx.PAST_IRREGULAR)
        spanish = before.norm == "se" and words[at + 1].norm == "en"
        if not (english or spanish):
            continue
        if english and at + 2 < len(words) and words[at + 2].kind == "name":
            return None  # "Bikes are sold at Anna's": someone's
        done = [x for x in words[: at - 1] if x.kind not in _FRAME_KINDS]
        rest = words[at + 2 :]
        end = next((i for i, x in enumerate(rest) if x.norm in _ANY_PREPOSITION), len(rest))
        place = [x for x in rest[:end] if x.kind not in _FRAME_KINDS]
        after = [x for x in rest[end:] if x.kind not in _FRAME_KINDS]
        if not done or not place:
            return None
        return [*done, *after], w, place, False
    return None


def _untimed(words: list[Word]) -> list[Word]:
    """The words without a phrase of when: dates, the numbers beside them, and the
    preposition before them ("on Jan 12", "in May 2024")."""
    out: list[Word] = []
    for at, w in enumerate(words):
        near = words[at - 1 : at] + words[at + 1 : at + 2]
        if w.kind == "date" or (w.kind == "value" and any(x.kind == "date" for x in near)):
            if out and out[-1].norm in _WHEN_PREPOSITIONS:
                out.pop()
            continue
        out.append(w)
    return out


_WHEN_PREPOSITIONS = frozenset({"on", "in", "at", "el", "en", "в", "since", "desde", "с"})


def _active_parts(fact: Parse, verb: Word) -> tuple[list[Word], list[Word]] | None:
    """The words before and after the form of `verb` in an active fact (None if it has no
    such form, or only after an auxiliary: a passive too)."""
    words = [w for w in fact.words if w.kind not in ("dash", "marker")]
    at = next((i for i, w in enumerate(words) if _one_verb(w, verb)), None)
    if at is None or any(w.kind == "aux" for w in words[:at]):
        return None
    before = [w for w in words[:at] if w.kind not in _FRAME_KINDS]
    return before, [w for w in words[at + 1 :] if w.kind not in _FRAME_KINDS]


def _short_passive_of_a_past(new: Parse, old: Parse) -> bool:
    """One fact tells a past deed ("Настя написала скрипт"), the other what it left, with a
    Russian short passive and no "был" ("Скрипт написан Настей"): the same setting but for the
    tense, which a short passive of a done deed does not tell."""
    if new.past == old.past:
        return False
    present = old if new.past else new
    if any(w.kind == "aux" for w in present.words):
        return False
    if not any(_CYRILLIC.match(w.norm) and w.norm.endswith(_PARTICIPLE_RU) for w in present.words):
        return False
    return _same_setting(replace(new, past=old.past), old)


def _passive_frame(fact: Parse) -> tuple[list[Word], Word, list[Word]] | None:
    """A passive's parts: the words acted on, the participle, and the words of who acts, when
    the fact is only that ("X was V-ed by Y", "X fue V-ado por Y", "X был V-ан Y-ом")."""
    words = [w for w in fact.words if w.kind not in ("dash", "marker")]
    for at, w in enumerate(words):
        if w.kind != "word" or not at:
            continue
        aux = words[at - 1].kind == "aux" and words[at - 1].norm in _PASSIVE_AUX
        russian = bool(_CYRILLIC.match(w.norm)) and w.norm.endswith(_PARTICIPLE_RU)
        if not (aux or russian):
            continue
        done = [x for x in words[:at] if x.kind not in _FRAME_KINDS]
        rest = _untimed(words[at + 1 :])  # (when it was done is no part of who did it)
        if rest and rest[0].norm in _BY:
            doers = [x for x in rest[1:] if x.kind not in _FRAME_KINDS]
        elif russian or (aux and _CYRILLIC.match(w.norm)):
            doers = [x for x in rest if x.kind not in _FRAME_KINDS]
            if not doers or not doers[0].norm.endswith(_INSTRUMENTAL):
                return None
        else:
            return None
        if not done or not doers or any(x.norm in _ANY_PREPOSITION - _OF for x in rest[1:]):
            return None  # "by the team in Berlin": more than who acts ("of sales" is who)
        return done, w, doers
    return None


def _one_verb(a: Word, b: Word) -> bool:
    """Two forms of one verb: "signed" / "signed", "firmó" / "firmado", "wrote" / "written",
    "подписал" / "подписан", "запрещают" / "запрещено"."""
    x, y = _base_root(a.norm, a.root), _base_root(b.norm, b.root)
    if a.kind != "word" or b.kind != "word":
        return False
    if x == y or _inflects(x, frozenset({y})):
        return True
    # a Spanish verb whose stressed vowel splits in the present ("mantiene" / "mantenido",
    # "resuelve" / "resuelto" aside, "cuenta" / "contado")
    participle = (a.norm, b.norm) if a.norm.endswith(_ES_PARTICIPLES) else (b.norm, a.norm)
    if not participle[0].endswith(_ES_PARTICIPLES) or participle[1].endswith(_ES_PARTICIPLES):
        return False
    return _undiphthonged(x) == _undiphthonged(y)


_ES_PARTICIPLES = ("ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas")


def _undiphthonged(root: str) -> str:
    """A Spanish root with its first split vowel joined again ("mantien" → "manten", "cuent" →
    "cont")."""
    for split, joined in (("ie", "e"), ("ue", "o")):
        at = root.find(split)
        if at > 0:
            return root[:at] + joined + root[at + 2 :]
    return root


def _same_words(mine: list[Word], theirs: list[Word]) -> bool:
    """The same words, one for one, up to inflection and a name's case ("директор" /
    "директором", "правила" / "правилами")."""
    if len(mine) != len(theirs):
        return False
    left = list(theirs)
    for w in mine:
        match = next((t for t in left if _one_word(w, t)), None)
        if match is None:
            return False
        left.remove(match)
    return True


def _one_word(a: Word, b: Word) -> bool:
    if a.norm == b.norm or a.root == b.root:
        return True
    if a.kind in ("value", "date") or b.kind in ("value", "date"):
        return False
    return _inflects(a.root, frozenset({b.root})) or _same_name(a.norm, b.norm)


# Relative pronouns of a cleft ("es Sergio quien se encarga", "it is Ana who leads"), which
# say nothing of the role.
_RELATIVES = frozenset(
    stem(w, lang) for w in ("quien", "who", "кто") for lang in ("spanish", "english", "russian")
)


def _holder_replaced(new: Parse, old: Parse) -> bool:
    """An explicit update ("now", "теперь", "ahora", "desde enero") names another person in a
    role one person holds at a time (`lexicon.SINGLE_HOLDER`), all else the same: "Лиза
    отвечает за маркетинг" → "Теперь за маркетинг отвечает Вадим", "Beatriz es la responsable
    de compras" → "Desde enero, la responsable de compras es Noelia" — however the sentence is
    ordered. Never for a role several hold ("now Bob lives in Paris"), for a shared one ("now
    Clara is in charge of hiring too"), nor for another task ("… in charge of onboarding")."""
    if not new.update or new.additive or new.negated or old.negated:
        return False
    if new.question or old.question or new.modal or old.modal or new.future or new.past:
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    mine, theirs = gist(new), gist(old)
    if mine.kin or theirs.kin:
        return False
    lined = line_up(mine, theirs)
    # (a role told as a noun is read as a job too: "Rafael is now the lead of the data
    # platform team" after "Mei leads the data platform team")
    extra = lined.only_new - _RELATIVES - {"work"}
    if lined.only_old or extra or not lined.shared & lx.SINGLE_HOLDER:
        return False
    added = mine.values - theirs.values
    # ("may" is read as a month only where it is one, so it is in no list of calendar words)
    when = lx.CALENDAR | {"may"}
    if theirs.values - mine.values or any(not (_DATE.search(v) or v in when) for v in added):
        return False  # (the day a change holds from: "desde enero", "as of May")
    holders = [_holders(mine, theirs), _holders(theirs, mine)]
    if any(len(h) != 1 for h in holders):
        return False
    return not _same_name(holders[0][0], holders[1][0])


def _role_handed_on(new: Parse, old: Parse) -> bool:
    """A role held by one passed to another, told in Japanese or Russian: "美咲さんはデータ基盤
    チームのリーダーです" → "健太さんがデータ基盤チームのリーダーになりました" (or "…のリーダー
    は健太さんに変わりました", "健太さんが美咲さんからデータ基盤チームを引き継ぎました"), "美咲
    さんはデータ基盤チームを率いています" → "健太さんがデータ基盤チームを引き継ぎました",
    "Игорь — тимлид бэкенда" → "Тимлидом бэкенда стала Вера"."""
    if new.negated or new.question or new.modal or new.future or old.negated or old.question:
        return False
    if CJK.search(old.text):
        held = _JA_HOLDS_ROLE.fullmatch(old.text.strip()) or _JA_LEADS.fullmatch(old.text.strip())
        if held is None:
            return False
        role, team = held["role"] if "role" in held.groupdict() else "", held["team"]
        for pattern in _JA_HANDED_ON:
            told = pattern.fullmatch(new.text.strip())
            if told is None or told["who"] == held["who"]:
                continue
            giver = told.groupdict().get("giver")
            if giver and giver != held["who"]:
                continue
            if told.groupdict().get("role") and told["role"] != (role or team):
                continue
            if told.groupdict().get("team") and told["team"] != team:
                continue
            return True
        return False
    held = _RU_HOLDS_ROLE.fullmatch(old.text.strip().rstrip("."))
    told = _RU_BECAME_ROLE.fullmatch(new.text.strip().rstrip("."))
    if held is None or told is None or _one_name(held["who"].casefold(), told["who"].casefold()):
        return False
    mine, theirs = told["role"].casefold().split(), held["role"].casefold().split()
    return len(mine) == len(theirs) and all(
        a == b or _inflects(a, frozenset({b})) for a, b in zip(mine, theirs, strict=True)
    )


# "美咲さんはデータ基盤チームのリーダーです": who holds which role of which team
_JA_HOLDS_ROLE = re.compile(
    rf"(?P<who>{_JA_NAME})は(?P<role>(?P<team>[^\s、。はがを]+)の"
    r"(?:リーダー|マネージャー|責任者|部長|課長|主任|担当者?))です。?"
)
# "美咲さんはデータ基盤チームを率いています"
_JA_LEADS = re.compile(
    rf"(?P<who>{_JA_NAME})は(?P<team>[^\s、。はがを]+)を率いて(?:います|いる)。?"
)
_JA_HANDED_ON = (
    re.compile(
        rf"(?:[^、。]+の後任として、?)?(?P<who>{_JA_NAME})が(?P<role>[^\s、。はがを]+)に(?:なりました|就任しました)。?"
    ),
    re.compile(
        rf"(?P<role>[^\s、。はがを]+)は(?P<who>{_JA_NAME})に(?:変わりました|交代しました|なりました)。?"
    ),
    re.compile(
        rf"(?P<who>{_JA_NAME})が(?:(?P<giver>{_JA_NAME})から)?(?P<team>[^\s、。はがを]+)を引き継ぎました。?"
    ),
)
# "Игорь — тимлид бэкенда" / "Тимлидом бэкенда стала Вера"
_RU_HOLDS_ROLE = re.compile(
    r"(?P<who>[А-ЯЁ][а-яё]+)\s+[—–-]\s+(?P<role>[а-яё]+(?:\s+[а-яё]+){0,2})"
)
_RU_BECAME_ROLE = re.compile(
    r"(?:Теперь\s+)?(?P<role>[А-ЯЁа-яё]+(?:\s+[а-яё]+){0,2})\s+(?:теперь\s+)?стал[аи]?\s+"
    r"(?P<who>[А-ЯЁ][а-яё]+)"
)


def _taken_over(new: Parse, old: Parse) -> bool:
    """The new fact says someone named took over a thing ("Rafael took over as lead of the
    data platform team", "Ownership of the payments service was transferred to Team Orca", "El
    equipo Águila ha asumido el módulo de pagos", "Светлана возглавила команду аналитики",
    "Денис передал руководство командой аналитики Светлане"), and the stored fact says who
    holds that thing, in its words and only that: "Mei leads the data platform team", "… is
    owned by Team Falcon", "… es responsabilidad del equipo Lince", "Командой аналитики
    руководит Денис". Only a person leading a team, its lead named or taken from its holder
    ("Burnout took over the team" names no lead), or a team holding what a team held, told as
    done: never of another thing ("… took over the mobile team", "Rust took over the
    backend"), for a while or once ("Today Rafael …", "… for now", "Временно Светлана …"),
    long ago ("In 2015 Rafael …"), of another one or a part ("another team", "some of"), by
    someone's relative or pet, from another one than the stored holder, nor of a thing several
    hold ("Mei and Tom lead …")."""
    if new.negated or old.negated or new.question or old.question or new.modal or old.modal:
        return False
    if new.future or old.past or old.future or len(new.text) > 160:
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    told = _taking_over(new.text)
    if told is None:
        return False
    who, what, giver = (
        next((told[g] for g in _PARTS[part] if told[g]), "") for part in ("who", "what", "giver")
    )
    if not _holder_named(who) or (giver and not _holder_named(giver)):
        return False  # "Rafael's dog", "Today Rafael", "In 2015 Rafael", "Дочь Анны"
    if _FOR_A_WHILE.search(new.text) or _ONE_OF_SEVERAL.match(what):
        return False  # "… for now", "interim", "временно"; "another team", "some of the team"
    if _SEVERAL_HOLD.search(old.text):
        return False  # "Mei and Tom lead the data platform team": one of them left
    thing = parse(what).content
    if not thing or not all(_among(k, old.content) for k in thing):
        return False
    said = {k for k in old.content if not _among(k, thing)}
    holder = said & old.capitalised
    verbs = said - holder - _HOLDER_NOUNS
    if not holder or not verbs <= _holding_keys():
        return False  # the stored fact says more than who holds the thing, or names no one
    if _TEAM.search(what):  # a person leading a team, not owning or keeping it
        if not verbs <= _leading_keys() or _TEAM.search(who):
            return False
        if not (giver or told["lead"] or _LEADS.search(told.group())):
            # "Burnout took over the team": only "as its lead", "from Mei", "возглавила"
            return False
    elif not _TEAM_NAMED.fullmatch(who.strip()) or not _team_holds(old.text, holder):
        return False  # a thing other than a team changes hands only between teams
    taker = parse(who)
    if not taker.capitalised - _HOLDER_NOUNS or any(
        _among(k, old.content) for k in taker.capitalised - _HOLDER_NOUNS
    ):
        return False  # no one named, or the one the stored fact names
    given = giver and parse(giver).capitalised
    return not given or all(_among(k, holder) for k in given)


@lru_cache(maxsize=_READINGS)
def _taking_over(text: str) -> re.Match[str] | None:
    """The fact read as someone taking a thing over (`_TAKEN_OVER`), None if it is no such."""
    return _TAKEN_OVER.fullmatch(_SINCE_FIRST.sub("", text.strip()).rstrip(".!"))


def _holder_named(text: str) -> bool:
    """A holder told by its name alone ("Rafael", "Tomasz Wiercinski", "Светлане") or as a team
    with one ("Team Orca", "el equipo Águila", "the Falcon team"), with no other word: none
    of when, how long, whose ("Today Rafael", "Rafael temporarily", "Rafael's dog")."""
    if _TEAM_NAMED.fullmatch(text.strip()):
        return True
    tokens = text.split()
    return 0 < len(tokens) <= 3 and all(
        _NAME_TOKEN.fullmatch(t)
        and t.casefold() not in lx.KIN | _NOT_A_HOLDER
        and not t.casefold().endswith(("ly", "mente"))  # "Briefly", "Interinamente"
        for t in tokens
    )


def _team_holds(text: str, holder: set[str]) -> bool:
    """The stored fact's holder is a team named in it ("… del equipo Lince"), not a person who
    leads one ("Mei leads the Acme team")."""
    team = _TEAM_NAMED.search(text)
    return team is not None and all(k in team.group().casefold() for k in holder)


def _among(key: str, keys: Collection[str]) -> bool:
    return key in keys or _inflects(key, frozenset(keys))


_TAKEN_OVER = re.compile(
    r"(?i)(?P<who>[^,;]+?)\s+(?:has\s+|have\s+)?(?:took|taken)\s+over\s+(?P<lead>as\s+\w+\s+of\s+)?"
    r"(?P<what>[^,;]+?)(?:\s+from\s+(?P<giver>[^,;]+?))?"
    r"|(?:the\s+)?(?:ownership\s+of|responsibility\s+for)\s+(?P<what2>[^,;]+?)\s+"
    r"(?:was|has\s+been|is\s+now)\s+(?:transferred|handed\s+over|moved|given)\s+to\s+(?P<who2>[^,;]+?)"
    r"|(?P<who3>[^,;]+?)\s+(?:se\s+(?:ha\s+)?(?:hizo|hecho)|se\s+hace)\s+cargo\s+del?\s+(?P<what3>[^,;]+?)"
    r"|(?P<who4>[^,;]+?)\s+(?:ha\s+asumido|asumió)\s+"
    r"(?:(?:la\s+responsabilidad|el\s+liderazgo|la\s+dirección)\s+del?\s+)?(?P<what4>[^,;]+?)"
    r"|(?P<who5>[^,;]+?)\s+(?:возглавил[аи]?|взял[аи]?\s+на\s+себя|принял[аи]?\s+руководство)\s+"
    r"(?P<what5>[^,;]+?)"
    r"|(?P<giver6>[^,;]+?)\s+передал[аи]?\s+(?:руководство\s+)?(?P<what6>[^,;]+?)\s+"
    r"(?P<who6>[A-ZА-ЯЁ][\w-]+)"
    r"|(?P<who7>[^,;]+?)\s+(?:tomó|ha\s+tomado)\s+el\s+relevo\s+de\s+(?P<giver7>[^,;]+?)\s+"
    r"(?:en|al\s+frente\s+de)\s+(?P<what7>[^,;]+?)"
)
# The groups of `_TAKEN_OVER` that hold each part, one for each way it is told
_PARTS = {
    "who": ("who", "who2", "who3", "who4", "who5", "who6", "who7"),
    "what": ("what", "what2", "what3", "what4", "what5", "what6", "what7"),
    "giver": ("giver", "giver6", "giver7"),
}
# "Since the reorg, …", "A partir de marzo, …": when, before what happened
_SINCE_FIRST = re.compile(r"(?i)^(?:since|as\s+of|from|desde|a\s+partir\s+de|с|со)\s[^,]{1,40},\s*")
# Taking over for a while, or as a stand-in: "for now", "interim", "временно", "por ahora"
_FOR_A_WHILE = re.compile(
    r"(?i)\b(?:for\s+now|for\s+the\s+time\s+being|temporarily|interim|acting|until|while"
    r"|por\s+ahora|de\s+momento|interin\w*|temporal\w*|provisional\w*|hasta|mientras"
    r"|временно|пока|на\s+время|до)\b"
)
# What one of several is taken over: "another team", "a data team", "some of the team"
_ONE_OF_SEVERAL = re.compile(
    r"(?i)\s*(?:a|an|another|other|the\s+other|some|part|half|one|un|una|otro|otra|parte"
    r"|другую|другой|часть)\b"
)
# Verbs that name the taking over of a lead: "возглавил(а)", "el liderazgo", "руководство"
_LEADS = re.compile(r"(?i)возглавил|руководство|liderazgo|direcci[óo]n")
# Words of a holder besides its name: "Team Falcon", "el equipo Lince", "команда Дениса"
_HOLDER_NOUNS = frozenset("team equip команд squad group grupo отдел".split())
_TEAM = re.compile(
    r"(?i)\b(?:team|squad|group|department|division|equipo|grupo|departamento|команд\w*"
    r"|отдел\w*|групп\w*|направлени\w*)\b"
)
_TEAM_NAMED = re.compile(
    r"(?:(?i:the|el)\s+)?(?i:team|equipo|команда)\s+[A-ZÁÉÍÓÚÑА-ЯЁ][\w-]*"
    r"|(?i:the)\s+[A-Z][\w-]*\s+team"
)
_NAME_TOKEN = re.compile(r"[A-ZÁÉÍÓÚÑА-ЯЁ][^\W\d_]+(?:-[^\W\d_]+)?")
# Several holders: "Mei and Tom lead …", "Marta y Pedro dirigen …", "Анна и Олег руководят …"
_SEVERAL_HOLD = re.compile(r"(?i)\b(?:and|y|и|&)\b|、|と")
# Words written with a capital that name no holder: when a sentence starts with them
_NOT_A_HOLDER = frozenset(
    """today yesterday tonight tomorrow now then once sometimes later soon again also meanwhile
    hoy ayer mañana ahora luego después entonces siempre nunca сегодня вчера завтра теперь
    сейчас тогда потом затем однажды временно наконец пока ранее снова""".split()
)


def _holding_keys() -> frozenset[str]:
    """The keys of the words that say who holds a thing: "leads", "is owned by", "es
    responsabilidad de", "руководит"."""
    return _parsed_keys(
        """leads lead manages runs owns owned owner handles heads maintains charge responsible
        responsibility dirige lidera lider gestiona lleva encarga cargo responsable responsabilidad
        mantiene руководит возглавляет ведёт ведет отвечает управляет курирует"""
    )


def _leading_keys() -> frozenset[str]:
    """The keys of the words that say who leads a team: "leads", "heads", "руководит"."""
    return _parsed_keys(
        """leads lead manages runs heads charge dirige lidera lider gestiona encabeza руководит
        возглавляет управляет"""
    )


@lru_cache(maxsize=2)
def _parsed_keys(words: str) -> frozenset[str]:
    """The keys the parse gives the words (read once: the parse is loaded after this module)."""
    return frozenset(k for w in words.split() for k in parse(w).content)


def _doer_replaced(new: Parse, old: Parse) -> bool:
    """An explicit update told of the thing done, with who does it after the verb (a passive's
    agent, a Spanish object put first, a Russian object before its verb), names another one
    who does it, all else the same: "Mira runs the design team" → "The design team is now run
    by Felix", "Las facturas las revisa Carmen" → "Ahora las facturas las revisa Jorge",
    "Света ведёт бухгалтерию" → "Бухгалтерию теперь ведёт Галя". Said of the thing, the news
    is who does it now; said of the person ("Now Jorge reviews the invoices") it may be one
    more who does. Never for a place put first ("En Valencia vive ahora Sara"), another task
    ("Ahora los contratos los revisa Jorge"), another id, or kin."""
    if not new.update or new.additive or new.negated or old.negated:
        return False
    if new.question or old.question or new.modal or old.modal or new.future or new.past:
        return False
    if old.past or old.future or (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    if not (new.fronted or new.agent or _object_first(new)):
        return False
    if new.agent and old.agent and new.values == old.values:
        # two passives of the same thing done ("is handled by cron" / "by Airflow")
        if new.subject == old.subject and new.verb == old.verb and new.agent != old.agent:
            return new.content - new.agent == old.content - old.agent
    mine, theirs = gist(new), gist(old)
    if mine.kin or theirs.kin:
        return False
    lined = line_up(mine, theirs)
    if lined.only_old or lined.only_new - _RELATIVES or not lined.shared:
        return False
    added = mine.values - theirs.values
    if theirs.values - mine.values or any(not (_DATE.search(v) or v in lx.CALENDAR) for v in added):
        return False
    holders = [_holders(mine, theirs), _holders(theirs, mine)]
    if any(len(h) != 1 for h in holders) or _same_name(holders[0][0], holders[1][0]):
        return False
    doer, before = holders[0][0], holders[1][0]
    # who does it in the new fact stands after its verb; in the old one, it acts
    after = new.agent if new.agent else (new.object_keys if not new.fronted else new.subject_keys)
    acts = old.agent if old.agent else old.subject_keys | old.subject
    return any(_same_name(doer, k) for k in after) and any(_same_name(before, k) for k in acts)


_TO = frozenset({"to", "a", "al", "на", "в", "во", "por"})
_NAMED = frozenset({"name", "acronym"})


def _switched_from(new: Parse, old: Parse) -> bool:
    """We move from the old fact's one named value to another, and say nothing else the old
    fact did not: "Данные хранятся в MongoDB" → "Мы перешли с MongoDB на PostgreSQL", "We use
    Jenkins for CI" → "We switched from Jenkins to GitLab". Not when the old fact is someone's
    ("Anna uses Jira"), the new one has a subject of its own ("the design team switched …"),
    or a purpose the old fact did not give ("… для логов")."""
    if not new.change or new.question or new.modal or new.future or new.negated or new.additive:
        return False
    if old.question or old.modal or old.past or old.future or old.negated:
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    if not new.subject <= {"@1p"} | lx.HABER or not _things_only(old):
        return False
    values = [w.key for w in old.objects if w.kind in _NAMED]
    if len(values) != 1:
        return False
    words = new.words
    for at in range(len(words) - 3):
        if words[at].norm in _FROM and words[at + 1].key == values[0]:
            if words[at + 2].norm in _TO and words[at + 3].kind in _NAMED:
                kept = {values[0], words[at + 3].key, new.verb}
                rest = new.content - kept - new.subject_keys - _FUNCTION
                return all(k in old.stems or _inflects(k, old.stems) for k in rest)
    return False


_INTO = frozenset({"to", "into", "a", "в", "на"})
_AT_A_PLACE = frozenset({"in", "at", "en", "в", "на"})


def _moved_elsewhere(new: Parse, old: Parse) -> bool:
    """The old fact says where its subject is, takes place or is located ("is held in the
    church hall", "is in room 4"), the new one that it moved to another place ("moved to the
    community center"), with nothing more said of it."""
    if new.verb_norm not in lx.MOVE_WORDS or old.verb_norm in lx.MOVE_WORDS:
        return False
    if old.verb not in _COPULAS and _verb_concept(old) not in ("event", "location"):
        return False  # "Сергей работает в Яндексе" → "переехал в Екатеринбург": where he lives
    was = [w for w in old.objects if w.kind not in ("aux", "marker")]
    now = [w for w in new.objects if w.kind not in ("aux", "marker")]
    if not was or not now or was[0].norm not in _AT_A_PLACE or now[0].norm not in _INTO:
        return False
    # (a place of the same words is no move: "moved to the hall" after "is in the hall")
    return not {w.key for w in was[1:]} & {w.key for w in now[1:]} - _FUNCTION


def _changed_to(new: Parse, old: Parse) -> bool:
    """The old fact says what its subject is ("The default branch is master", "El color del
    tema es naranja"), and the new one that this very subject was changed, renamed or set to
    something else, and nothing more: "has been renamed to main", "cambió a morado"; or who
    handles it, and the thing moved to another one ("Our DNS is managed by GoDaddy" → "Our DNS
    has been moved to Cloudflare"). (Not a move to anything but a name, which says where,
    not what: "The logo was moved to the footer".)"""
    if not new.change or new.question or new.modal or new.future or new.negated or new.additive:
        return False
    if old.question or old.modal or old.past or old.future or old.negated or old.passage:
        return False
    if (new.speaker, new.environments) != (old.speaker, old.environments):
        return False
    if _verb_class(old.verb) not in _GENERIC_VERBS and not old.agent:
        return False  # (or who handles it: "Our DNS is managed by GoDaddy")
    if old.indefinite or not _things_only(old, new) or new.verb_norm not in lx.UPDATE_WORDS:
        return False  # "Anna is a teacher" → "Anna changed to a new school"
    moved = _verb_class(new.verb) == "dwell" or new.verb_norm in lx.MOVE_WORDS
    mine, theirs = new.subject_stems, old.subject_stems
    if not theirs or any(k[:1] == "@" for k in mine | theirs):
        return False
    if any(k not in mine and not _inflects(k, mine) for k in theirs) or any(
        k not in theirs and not _inflects(k, theirs) for k in mine
    ):
        return False
    was = [w for w in old.objects if w.kind not in _LIGHT_KINDS]
    words = [w for w in new.objects if w.kind not in ("dash", "marker")]
    if not words or words[0].norm not in _INTO or not 0 < len(was) <= 2:
        return False
    now = [w for w in words[1:] if w.kind not in _LIGHT_KINDS]
    if not 0 < len(now) <= 2 or len(now) != len([w for w in words[1:] if w.kind != "stop"]):
        return False
    if moved and not all(w.kind in _NAMED for w in (*was, *now)):
        return False  # a move says where, not what: "The logo was moved to the footer"
    if old.agent and not {w.key for w in was} <= old.agent:
        return False
    return not {w.root for w in was} & {w.root for w in now}


def _name_renamed(new: Parse, old: Parse) -> bool:
    """The new fact says a name the stored one gives was renamed ("The Slack channel for
    incidents is #ops-alerts" → "#ops-alerts was renamed to #incidents", "El canal #diseño
    ahora se llama #producto", "Канал #design переименовали в #product"): the stored fact, of a
    thing and ending with that name, now says an old one."""
    found = _rename_told(new, old, _RENAMED)
    if found is None:
        return False
    was, now = found["was"], found["now"]
    if was == now or not _of_a_thing(old) or not old.normalized.rstrip(".!").endswith(was):
        return False  # (the name is what the stored fact gives, of a thing: not "Ana is on …")
    if new.environments != old.environments:
        return False  # "The prod channel #ops-alerts was renamed …"
    # Nothing else said: "In the docs repo, master was renamed …", "The CLI command parse was
    # renamed …" name where, or what, the renamed one is.
    rest = new.normalized[: found.start()] + " " + new.normalized[found.end() :]
    said = old.content | old.stems
    for word in _WORD_RUN.findall(rest):
        key = stem(word, "russian" if _CYRILLIC.match(word) else "english")
        if word not in _ARTICLES_OF_RENAME and key not in said and not _inflects(key, said):
            return False
    return _says_token(old, was) and not _says_token(old, now)


def _rename_told(
    new: Parse, old: Parse, patterns: tuple[re.Pattern[str], ...]
) -> re.Match[str] | None:
    """The first of `patterns` (`_RENAMED`, `_THING_RENAMED`) the new fact matches, when it
    may tell a rename of what the stored fact states, else None."""
    if old.question or old.negated or old.past or old.modal or new.question or new.negated:
        return None
    if not any(hint in new.normalized for hint in _RENAMED_HINTS):
        return None  # (most facts: a look at the text costs less than the patterns)
    return next((m for p in patterns for m in [p.search(new.normalized)] if m), None)


def _thing_renamed(new: Parse, old: Parse) -> bool:
    """The new fact says the thing the stored one names was renamed ("Основная ветка
    называется master" → "Основную ветку переименовали в main", "La rama principal se llama
    master" → "Renombramos la rama principal a main"): the words of what was renamed are the
    stored fact's subject, in any form, and its name is the stored fact's last word."""
    found = _rename_told(new, old, _THING_RENAMED)
    if found is None or old.people or new.environments != old.environments:
        return False  # (a thing's name: not "Ana is called Anita" nor "The prod branch …")
    name = old.normalized.rstrip(".!").split()[-1] if old.normalized.split() else ""
    if not name or found["now"] == name or _says_token(old, found["now"]):
        return False
    thing = _clause_parse(found["thing"]).stems - _FUNCTION
    if not thing or not old.subject_stems:
        return False
    return all(k in thing or _inflects(k, thing) for k in old.subject_stems) and all(
        k in old.stems or _inflects(k, old.stems) for k in thing
    )


def _of_a_thing(fact: Parse) -> bool:
    """The fact's subject has a common word for a thing ("The Slack *channel* for …") and no
    one: no pronoun, kin, person's noun or capitalised first word."""
    words = [w for w in fact.words if w.exact in fact.subject]
    if any(w.kind in ("pronoun", "kin") or w.norm in lx.PERSON_NOUNS for w in words):
        return False
    first = fact.words[0] if fact.words else None
    if first is not None and first.text[:1].isupper() and first.exact in fact.subject:
        return False  # "Ana is on Billing": a capitalised first word may well be a name
    return any(w.kind in ("word", "acronym") and w.key not in lx.KIN for w in words)


def _says_token(fact: Parse, token: str) -> bool:
    """The fact has `token` as written, whole ("#ops-alerts", not "ops" of it)."""
    return re.search(rf"(?<![\w#@/.-]){re.escape(token)}(?![\w/-])", fact.normalized) is not None


_RENAMED_HINTS = ("renam", "llama", "renombr", "переимен")
_WORD_RUN = re.compile(r"[^\W\d_][\w-]*")
_ARTICLES_OF_RENAME = frozenset("the el la los las our nuestro nuestra now ahora теперь".split())
_NAME = r"[#@]?[\w.-]*\w"
_RENAMED = tuple(
    re.compile(pattern.format(name=_NAME))
    for pattern in (
        r"(?P<was>{name})\s+(?:was|has\s+been|got|is\s+now)\s+renamed\s+(?:to|as)\s+(?P<now>{name})",
        r"\brenamed\s+(?P<was>{name})\s+to\s+(?P<now>{name})",
        r"(?P<was>{name})\s+(?:ahora\s+se\s+llama|se\s+renombró\s+(?:a|como)|pasó\s+a\s+"
        r"llamarse|fue\s+renombrad[oa]\s+(?:a|como))\s+(?P<now>{name})",
        r"(?P<was>{name})\s+(?:переименовали|переименован[аоы]?)\s+в\s+(?P<now>{name})",
        r"\bпереименовали\s+(?P<was>{name})\s+в\s+(?P<now>{name})",
    )
)

# (nothing said after the new name: "… renamed to main in the API repo" is of that repo)
_NOTHING_AFTER = r"[.!]?$"
_THING_RENAMED = tuple(
    re.compile(pattern.format(name=_NAME))
    for pattern in (
        r"^(?P<thing>.+?)\s+(?:was|has\s+been|got|is\s+now)\s+renamed\s+(?:to|as)\s+(?P<now>{name})"
        + _NOTHING_AFTER,
        r"\brenamed\s+(?P<thing>.+?)\s+(?:to|as)\s+(?P<now>{name})" + _NOTHING_AFTER,
        r"^(?P<thing>.+?)\s+(?:se\s+renombró|fue\s+renombrad[oa])\s+(?:a|como)\s+(?P<now>{name})"
        + _NOTHING_AFTER,
        r"\brenombr\w*\s+(?P<thing>.+?)\s+(?:a|como)\s+(?P<now>{name})" + _NOTHING_AFTER,
        r"^(?P<thing>.+?)\s+(?:переименовали|переименован[аоы]?)\s+в\s+(?P<now>{name})"
        + _NOTHING_AFTER,
        r"\bпереименовали\s+(?P<thing>.+?)\s+в\s+(?P<now>{name})" + _NOTHING_AFTER,
    )
)


def _things_only(fact: Parse, other: Parse | None = None) -> bool:
    """The fact's subject is made of common words, no one named or meant: "the data", "our
    CI", "los datos", "Данные" (a Russian nominative in -о, -е, -ы, -и is no one's name), not
    "Anna", "IBM", "we" or "my son". (A capitalised first word is a name for all one knows —
    unless the `other` fact writes it in lower case: "Default branch is master" / "The default
    branch has been renamed".)"""
    words = [w for w in fact.words if w.exact in fact.subject and w.kind not in _LIGHT_KINDS]
    if not words or any(w.kind not in ("word", "acronym") or w.key in fact.people for w in words):
        return False
    if any(w.key in lx.KIN or w.norm in lx.PERSON_NOUNS for w in words):
        return False
    first = fact.words[0]
    if first.norm in lx.DETERMINERS or first.norm in lx.WEAK_POSSESSIVES:
        return True  # "The data", "Our CI", "Los datos"
    if other is not None and first.kind == "word" and first.text != first.norm:
        if any(w.text == first.norm for w in other.words):
            return True
    return (
        first.kind == "word"
        and first.norm[-1:] in _NOT_A_NAME
        and bool(_CYRILLIC.match(first.norm))
    )


_NOT_A_NAME = frozenset("оеёыи")


def _object_first(fact: Parse) -> bool:
    """A Russian fact that opens with what is acted on, no preposition before it, who acts
    after the verb ("Бухгалтерию теперь ведёт Галя")."""
    first = next((w for w in fact.words if w.kind != "marker"), None)
    return (
        first is not None
        and first.kind == "word"
        and bool(_CYRILLIC.match(first.norm))
        and first.norm not in _PREPOSITIONS
        and any(w.kind == "name" for w in fact.objects)
    )


def _holders(fact: Gist, other: Gist) -> list[str]:
    """The people a gist names: its names, and a capitalised first word the other fact does not
    have as a word ("Лиза" in "Лиза отвечает за маркетинг")."""
    known = other.concepts | {r for _, r in other.soft}
    return [*fact.names, *(k for k, r in fact.soft if r not in known)]


# A cleft puts one part of a statement first and says the rest in a relative clause: "Go is
# the language the API gateway is written in" is "the API gateway is written in Go", "Rust
# es el lenguaje en el que está escrito el backend" is "está escrito el backend en Rust",
# "Sergio es quien se encarga de X" is "Sergio se encarga de X".
_CLEFT_IT = re.compile(r"^it (?:is|was) (?P<x>.+?) (?:who|that) (?P<rest>.+)$", re.I)
_CLEFT_EN = re.compile(
    r"^(?P<x>.+?) (?:is|are|was|were) the \w+ (?P<rel>(?:that|which|who|whom) )?(?P<rest>.+)$",
    re.I,
)
_CLEFT_ES = re.compile(
    r"^(?P<x>.+?) (?:es|son|fue|fueron) (?:el|la|los|las) \w+ (?P<p>en|con|de|a|para|por|sobre) "
    r"(?:el|la|los|las) (?:que|cual|cuales) (?P<rest>.+)$",
    re.I,
)
# "Porto is where Hugo lives", "Sevilla es donde vive Lucía", "Самара — это город, где живёт
# Олег": where the rest happens is the part put first
_CLEFT_WHO_EN = re.compile(r"^(?P<x>.+?) (?:is|was) (?P<rel>who |whom )(?P<rest>.+)$", re.I)
# "The one who approves deploys is Priya": the one who does it named last, by a name
_CLEFT_NAMED_LAST = re.compile(
    r"^the (?:one|person) (?:who|that) (?P<rest>.+?) is (?P<x>(?-i:[A-Z])\S*(?: (?-i:[A-Z])\S*)?)$",
    re.I,
)


def _doer_first(said: str, doer: str) -> bool:
    """`said` (the doer put before the clause) reads as the doer's own statement, the clause's
    first word its verb: "Priya approves deploys", not "Ana managers trust" (a clause with a
    subject of its own: "The one that managers trust is Ana")."""
    fact = parse(said)
    first = said[len(doer) :].split()[0].casefold()
    if not first.endswith("s") or _agent_noun(first):
        return False  # not a verb in the third person: "The one that managers trust"
    return fact.verb_norm == first and fact.subject == parse(doer).subject


def _agent_noun(word: str) -> bool:
    """An English noun of who does something, in the plural: "managers", "users", "reviewers"
    (not "prefers" or "answers", verbs)."""
    if not word.endswith(("ers", "ors")):
        return False
    base = word[:-3]
    return bool({stem(base, "english"), stem(base + "e", "english")} & english_verb_keys())


_CLEFT_WHERE = re.compile(
    r"^(?P<x>.+?)\s+(?:(?:is|was)(?: the (?:place|city|town|country))?"
    r"|(?:es|fue)(?: el (?:lugar|sitio|país)| la ciudad)?"
    r"|[—–-]\s*(?:это\s+)?(?:(?:место|город|страна)\s+)?)\s*(?P<w>where|donde|где)\s+(?P<rest>.+)$",
    re.I,
)
_CLEFT_WHO_ES = re.compile(
    r"^(?P<x>.+?) (?:es|son|fue|fueron) (?:quien|quienes) (?P<rest>.+)$", re.I
)


def _now_the_one_who(new: Parse, old: Parse) -> bool:
    """The new fact says someone else is now the one who does what the stored fact says one
    does, told as a cleft — which names the only one: "Priya approves deploys" → "Marco is now
    the one who approves deploys", "Lucía es quien aprueba los gastos" → "Ahora es Pablo quien
    aprueba los gastos", "Аня одобряет отпуска" → "Теперь Игорь — тот, кто одобряет отпуска".
    Only that, in one clause, of two people each named by one capitalised name, the stored one
    doing it in the present; nothing hedged, heard, planned, for a while or besides. (Said
    without the cleft, "Marco now approves deploys" may tell one more who does.)"""
    if new.speaker or old.speaker or new.environments != old.environments:
        return False
    if new.negated or old.negated or new.question or old.past or old.future or new.future:
        return False
    # (read as written: the parse reads a cleft as the plain statement it makes)
    said, before = _one_clause(new.text), _one_clause(old.text)
    if said is None or before is None:
        return False
    now = next((m for m in (p.match(said) for p in _NOW_CLEFTS) if m), None)
    was = next((m for m in (p.match(before) for p in _HELD_CLEFTS) if m), None)
    if now is None or was is None or was["rest"].casefold() != now["rest"].casefold():
        return False
    one, other = now["x"], was["x"]
    return one.casefold() != other.casefold() and all(
        x[:1].isupper() and x.casefold() not in _NOT_ONE for x in (one, other)
    )


_NOW_THE_ONE = "another one is now the one who does it"


def _one_clause(text: str) -> str | None:
    """The fact's text without its closing stop and the commas a cleft may have ("Now, …",
    "Desde marzo, …", "тот, кто"), or None when it says more than one clause."""
    text = _CLEFT_COMMA.sub(lambda m: m.group().replace(",", ""), text.strip().rstrip("."))
    return None if any(mark in text for mark in ",;:?!()") else " ".join(text.split())


_CLEFT_COMMA = re.compile(r"^(?:now|desde \w+),|\b(?:тот|та),(?= кто)", re.I)
# (not a pronoun or a word of when, who may be the one the stored fact names: "She is now …")
_NOT_ONE = frozenset(
    "he she they it i we you él ella ellos yo tú usted vos я ты вы он она они мы это now ahora "
    "теперь never nunca".split()
)
_ONE_NAMED = r"(?P<x>[^\W\d_][\w'-]*)"
_MONTH_OR_YEAR = (
    r"(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre"
    r"|noviembre|diciembre|\d{4})"
)
# The new fact's cleft, told as now ("Marco is now the one who …", "… the one who … now",
# "Ahora es Pablo quien …", "Desde marzo Pablo es quien …", "Теперь Игорь — тот кто …")
_NOW_CLEFTS = tuple(
    re.compile(pattern.format(one=_ONE_NAMED, since=_MONTH_OR_YEAR), re.I)
    for pattern in (
        r"^{one} (?:is|was) now the (?:one|person) (?:who|that) (?P<rest>.+)$",
        r"^{one} (?:is|was) the (?:one|person) (?:who|that) (?P<rest>.+) now$",
        r"^now {one} (?:is|was) the (?:one|person) (?:who|that) (?P<rest>.+)$",
        r"^(?:desde {since} )?ahora es {one} quien (?P<rest>.+)$",
        r"^desde {since} es {one} quien (?P<rest>.+)$",
        r"^(?:(?:desde {since}|ahora) ){one} es (?:ahora )?quien (?P<rest>.+)$",
        r"^{one} es ahora quien (?P<rest>.+)$",
        r"^теперь {one} [—–-] (?:тот|та) кто (?P<rest>.+)$",
        r"^{one} [—–-] теперь (?:тот|та) кто (?P<rest>.+)$",
    )
)
# The stored fact's: a cleft, or the one who does it first and what they do after
_HELD_CLEFTS = tuple(
    re.compile(pattern.format(one=_ONE_NAMED), re.I)
    for pattern in (
        r"^{one} (?:is|was) the (?:one|person) (?:who|that) (?P<rest>.+)$",
        r"^{one} es quien (?P<rest>.+)$",
        r"^{one} [—–-] (?:тот|та) кто (?P<rest>.+)$",
        r"^{one} (?P<rest>.+)$",
    )
)


def _uncleft(fact: Parse) -> tuple[str, ...]:
    """The statement a cleft fact says without its cleft (none for any other fact). The part
    put first goes where the relative clause lacks it: after the clause when the clause has a
    subject of its own ("the engineer Anna hired": "Anna hired Bob"), before it when the clause
    opens with its verb ("the one who leads the team": "Bob leads the team")."""
    if fact.question or fact.passage or fact.speaker:
        return ()
    # (kept by the fact's text: each fact is compared with up to ten others, and each
    # comparison looks for a cleft both ways round)
    return _remembered(_UNCLEFTS, fact, _read_uncleft, limit=20_000)


def _read_uncleft(fact: Parse) -> tuple[str, ...]:
    return _uncleft_words(" ".join(w.text for w in fact.words))


_UNCLEFTS: dict[str, tuple[str, ...]] = {}


def _uncleft_words(text: str) -> tuple[str, ...]:
    """`_uncleft` of a fact's words."""
    match = _CLEFT_IT.match(text) or _CLEFT_WHO_ES.match(text)
    if match:
        return (f"{match['x']} {match['rest']}",)
    match = _CLEFT_NAMED_LAST.match(text)
    if match and _doer_first(f"{match['x']} {match['rest']}", match["x"]):
        return (f"{match['x']} {match['rest']}",)
    match = _CLEFT_ES.match(text)
    if match:
        return (f"{match['rest']} {match['p']} {match['x']}",)
    match = _CLEFT_WHERE.match(text)
    if match:
        # (English says where with "in", "on" or "at": "listens on port 8080")
        where = {"where": ("in", "on", "at"), "donde": ("en",), "где": ("в",)}
        return tuple(f"{match['rest']} {p} {match['x']}" for p in where[match["w"].casefold()])
    match = _CLEFT_WHO_EN.match(text) or _CLEFT_EN.match(text)
    if not match:
        return ()
    rest, first = match["rest"], match["rest"].split()[0]
    opens_with_verb = match["rel"] and first.islower() and first not in _CLAUSE_SUBJECTS
    return (f"{match['x']} {rest}" if opens_with_verb else f"{rest} {match['x']}",)


# Words that open a relative clause's own subject ("the city *we* live in", "the tool *the*
# team uses"): the part put first is then the clause's object.
_CLAUSE_SUBJECTS = frozenset(
    "the a an our my your their his her its we i you they he she it".split()
)


def _declined_alike(a: frozenset[str], b: frozenset[str]) -> bool:
    """The same words but one Russian name in another case ("Самара" put first, "в Самаре"
    in the statement)."""
    only_a, only_b = a - b, b - a
    return len(only_a) == len(only_b) == 1 and _same_name(next(iter(only_a)), next(iter(only_b)))


def _uncleft_duplicate(new: Parse, old: Parse, similarity: float) -> bool:
    """One fact is a cleft of the other: said without its cleft, it is a duplicate of it (and
    a cleft whose parts turned, "Anna is the one Bob hired" / "Anna hired Bob", is none)."""
    for cleft, plain, first in ((new, old, True), (old, new, False)):
        for text in _uncleft(cleft):
            said = parse(text)
            if said.normalized == cleft.normalized:
                continue
            if not _same_keys(said.content, plain.content, _exact(said, plain)) and not (
                _declined_alike(said.content, plain.content)
            ):
                continue  # "Ivan is the CEO at Acme" is no cleft of "Ivan … at Acme"
            a, b = (said, plain) if first else (plain, said)
            if compare(a, b, similarity).outcome == "duplicate":
                return True
    return False


# Nouns that only name the kind of a value ("the closing *time*", "la *hora* de cierre"):
# the words beside them say which attribute it is; and words of a role said ("в качестве").
_VALUE_NOUNS = frozenset(
    """time times hour hours date day price amount value period length duration hora horas
    horario fecha día dia precio importe valor periodo período duración время час часы дата
    день цена сумма период качестве""".split()
)
# "the rent for the office", "el alquiler de la oficina", "подписка для семьи"
_THING_LINKS = _OF | frozenset({"for", "para", "для"})
_THING_ENDS = _ANY_PREPOSITION | frozenset(
    {"as", "como", "как", "until", "till", "hasta", "до", "по", "от", "из", "к"}
)
_PARTICLE_WORDS = frozenset("up down out off back over away".split())


def _update_elsewhere(new: Parse, old: Parse) -> str:
    """Why an explicit update is news of something the old fact does not say, else '': it
    names what changed with a word the old fact lacks, beside the old subject or as what the
    old subject's person changed — another attribute ("the closing time of the store" after
    "the store opens at 9:00", "his donation" after "Tom earns 3000 euros"), a narrower thing
    ("el alquiler de la oficina" after "el alquiler") — or another kind of thing in the old
    one's place ("las fotos" after "las facturas"), or it is told of someone else than the
    relative the old fact is about ("My son uses Jira" → "We switched from Jira to Linear")."""
    if not new.update:
        return ""
    unsaid = _unsaid_beside(new, old) or _unsaid_object(new, old) or _unsaid_subject(new, old)
    if unsaid:
        return f"news of another thing or attribute ({unsaid})"
    if _other_holder(new, old):
        return "news of another holder"
    return ""


def _unsaid(words: tuple[Word, ...], at: int, new: Parse, old: Parse) -> bool:
    """The word at `at` names a thing or attribute the old fact does not say (by stem, form,
    synonym or derivation)."""
    w = words[at]
    if w.kind != "word" or _idle(w, new) or w.key in _FUNCTION or w.norm in _VALUE_NOUNS:
        return False
    if w.norm in lx.UPDATE_WORDS or w.norm in _PARTICLE_WORDS or w.norm in _HABER:
        return False
    if w.norm in _THING_ENDS:
        return False  # a preposition the parse took for a word ("повысили зарплату до …")
    stems = old.stems
    if w.root in stems or _inflects(w.root, stems) or any(_one_root(w.root, k) for k in stems):
        return False
    theirs = gist(old)
    known = stems | theirs.concepts | {r for _, r in theirs.soft}
    if theirs.values and (_verb_class(old.verb) in _GENERIC_VERBS or "event" in theirs.concepts):
        known |= {"start"}  # "the meeting is at 10:00", "проходит в 10:00": when it starts
    concept = _concept_at(words, at)
    if not concept or concept in _HOW_OFTEN:
        return False  # "the daily standup" is the standup, told how often it is
    return not _concept_found(concept, known) and not _concept_found(w.root, known)


_HABER = frozenset("hemos habéis habeis han".split())  # "Hemos cambiado …": no subject word


def _one_root(a: str, b: str) -> bool:
    """Two stems that share a root of four letters or more, each at most two letters longer:
    "storag" / "store" (the stemmers leave derivations such stems)."""
    common = next(
        (n for n, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    return common >= 4 and max(len(a), len(b)) - common <= 2


def _unsaid_beside(new: Parse, old: Parse) -> str:
    """A word the old fact lacks in one noun phrase with a word of the old subject: beside it
    in Russian ("Закрытие планёрки", "Аренда офиса"), after a possessive ("the museum's
    closing time"), or across "of" / "de" / "for" ("the closing time of the store", "el
    alquiler de la oficina") — another attribute or a narrower thing. (An English noun right
    before or after it may only name the thing fuller, "the company website", or be a head of
    its own, "backup storage": `_narrowed` reads a subject's modifiers.)"""
    words = new.words
    anchors = old.subject_stems
    text = f" {new.normalized} "
    cyrillic = bool(_CYRILLIC.search(new.normalized))

    def joined(a: int, b: int) -> bool:
        """Two words written one after the other, no comma or stop between."""
        if not (0 <= a < len(words) and 0 <= b < len(words)):
            return False
        return f" {words[a].text.casefold()} {words[b].text.casefold()} " in text

    def across(at: int, step: int) -> int | None:
        """The word across one link word from `at`, in direction `step`, past articles and
        nouns of a value's kind ("the closing *time* of the store"); None if there is none."""
        k, linked = at + step, False
        while 0 <= k < len(words):
            w = words[k]
            light = w.kind in ("stop", "pronoun") and w.norm in _DETERMINING
            told = w.norm in _VALUE_NOUNS and w.kind == "word" and joined(*sorted((k, k + step)))
            if w.norm in _THING_LINKS and not linked:
                linked = True
            elif not (light or told):
                return k if linked else None
            k += step
        return None

    for at in _thing_positions(new):
        w = words[at]
        if w.kind not in ("word", "kin") or _idle(w, new):
            continue
        if w.root not in anchors and not _inflects(w.root, anchors):
            continue
        beside = []
        if cyrillic and w.root in anchors:
            # a noun of an attribute before the old subject's word, that word now in the
            # genitive, heads the phrase: "Закрытие планёрки" (not "Утреннюю планёрку": an
            # adjective describes it); a noun in the genitive after it narrows it: "Аренда
            # офиса" (not "Аренда подорожала", a verb) — and never beside a word made of it
            # ("обеденный перерыв")
            genitive = _genitive_like(w.norm) and w.norm not in _forms_in(old, w.root)
            if genitive and joined(at - 1, at) and not _adjective_like(words[at - 1].norm):
                # only a noun of a known attribute: "Проведение совещания" is the meeting
                if _synonym_at(words, at - 1) is not None:
                    beside.append(at - 1)
            if joined(at, at + 1) and _genitive_like(words[at + 1].norm):
                beside.append(at + 1)
        elif w.text.endswith(("'s", "’s")) and joined(at, at + 1):
            beside.append(at + 1)  # "the museum's closing time"
        beside += [k for k in (across(at, -1), across(at, 1)) if k is not None]
        for k in beside:
            if _unsaid(words, k, new, old):
                return words[k].norm
    return ""


_ARTICLES = frozenset("the a an el la los las un una lo".split())
_GENITIVE_ENDINGS = ("а", "я", "ы", "и", "ов", "ев", "ей")
_VERB_ENDINGS = ("ла", "ли", "ло", "ся", "сь", "ет", "ит", "ют", "ят", "ут", "ат")


def _genitive_like(norm: str) -> bool:
    """A Russian word that ends as a noun in the genitive does, not as a verb: "офиса",
    "компании", not "подорожала"."""
    return norm.endswith(_GENITIVE_ENDINGS) and not norm.endswith(_VERB_ENDINGS)


_ADJECTIVE_ENDINGS = tuple(
    "ый ий ой ая яя ое ее ые ие ую юю ого его ому ему ым им ых их ыми ими".split()
)


def _adjective_like(norm: str) -> bool:
    """A Russian word that ends as an adjective does: "утреннюю", "новый", "главная" (not a
    noun made of a verb: "закрытие", "решение")."""
    return norm.endswith(_ADJECTIVE_ENDINGS) and not norm.endswith(("ние", "тие"))


def _forms_in(fact: Parse, root: str) -> set[str]:
    """How `fact` writes its words of this stem."""
    return {w.norm for w in fact.words if w.root == root}


_DETERMINING = _ARTICLES | lx.DETERMINERS | lx.WEAK_POSSESSIVES


def _thing_positions(fact: Parse) -> list[int]:
    """Where the words naming what an update changed stand: the subject, and the object of
    a verb of change up to the word that brings the new value ("changed *the closing time of
    the store* to 21:00") — not a phrase that brings the value ("now go to a climbing gym")."""
    words = fact.words
    found = [at for at, w in enumerate(words) if w.exact in fact.subject]
    if fact.change and fact.verb_norm in lx.UPDATE_WORDS:
        verb = next((at for at, w in enumerate(words) if w.norm == fact.verb_norm), len(words))
        text = f" {fact.normalized} "
        for at in range(verb + 1, len(words)):
            w = words[at]
            if w.kind in _THING_KINDS or w.kind == "marker" or w.norm in lx.CONJUNCTIONS:
                break
            if w.norm in _THING_ENDS and w.norm not in _THING_LINKS:
                break
            if f" {words[at - 1].text.casefold()} {w.text.casefold()} " not in text:
                break  # a comma: another clause ("broke up, and she's single now")
            found.append(at)
    return found


def _unsaid_object(new: Parse, old: Parse) -> str:
    """The person the old fact is about changed a thing the old fact does not say: "Tom has
    raised *his donation* to 50 euros" after "Tom earns 3000 euros", "Иван увеличил
    *пожертвования*" — the direct object of the verb of change, up to what brings the value."""
    if not new.change or new.verb_norm not in lx.UPDATE_WORDS:
        return ""
    whose = {
        k
        for k in old.subject_keys
        if (k in old.people or k in old.capitalised) and not k.startswith("@")
    }
    if not whose or not all(
        any(_same_name(k, n) for n in new.subject_keys) or _inflects(k, new.subject_keys)
        for k in whose
    ):
        return ""
    words = new.words
    verb = next((at for at, w in enumerate(words) if w.norm == new.verb_norm), len(words))
    for at in _thing_positions(new):
        if at > verb and _unsaid(words, at, new, old):
            return words[at].norm
    return ""


_THING_KINDS = frozenset({"value", "date", "name", "acronym"})


def _unsaid_subject(new: Parse, old: Parse) -> str:
    """Another kind of thing in the old subject's place: none of the old subject's common
    words comes back, and the word that stands right before the new verb of change, as its
    subject, is one the old fact lacks ("Las facturas se guardan en Dropbox" → "Las fotos
    pasaron de Dropbox a iCloud")."""
    if not new.change or new.verb_norm not in lx.UPDATE_WORDS:
        return ""
    theirs = [
        w.root
        for w in old.words
        if w.exact in old.subject
        and w.kind == "word"
        and not _idle(w, old)
        and not w.text[:1].isupper()
    ]
    # (as words: "Teams" the name is no team)
    found = frozenset(w.root for w in new.words if w.kind in ("word", "kin"))
    if not theirs or any(k in found or _inflects(k, found) for k in theirs):
        return ""
    words = new.words
    verb = next((at for at, w in enumerate(words) if w.norm == new.verb_norm), 0)
    at = verb - 1
    while (
        at >= 0
        and words[at].kind in ("aux", "marker", "stop")
        and words[at].norm not in (_DETERMINING)
    ):
        at -= 1  # "The photos *have been* moved", "Las fotos *se* pasaron"
    if at < 0 or words[at].exact not in new.subject:
        return ""
    if not _CYRILLIC.search(words[at].norm) and not (at and _determines(words[at - 1])):
        return ""  # a Latin noun is told with its article: "the photos", "las fotos"
    return words[at].norm if _unsaid(words, at, new, old) else ""


def _determines(word: Word) -> bool:
    """An article, determiner or possessive before a noun: "the", "las", "my", "daughter's"."""
    return word.norm in _DETERMINING or word.kind == "pronoun" or word.text.endswith(("'s", "’s"))


def _other_holder(new: Parse, old: Parse) -> bool:
    """The old fact is about a relative ("my son", "mi hermana") and the update is told of a
    first or second person that is no relative ("we", "nos", "мы"): someone else's news."""
    if not _kin_words(old) - _kin_words(new):
        return False
    if "@1p" in old.subject or "@1p" in old.people:
        return False  # "Мы с братом используем Vim": the relative is one of us
    return (
        any(
            (w.kind == "pronoun" and w.key[1:2] in ("1", "2") and w.norm not in lx.WEAK_POSSESSIVES)
            or w.norm in _WE
            or (w.kind == "word" and w.norm.endswith(_WE_ENDINGS) and len(w.norm) > 5)
            for w in new.words
        )
        or "@1p" in new.subject
    )  # ("Теперь используем Emacs": "we", told by the verb)


def _kin_words(fact: Parse) -> frozenset[str]:
    """The relatives a fact names, as written ("wife" too, which `Gist.kin` leaves out as a
    bond of two)."""
    return frozenset(w.norm for w in fact.words if w.kind == "kin")


# Spanish "we", said or only told by the verb ("Nos mudamos", "Hemos pasado a Notion").
_WE = frozenset({"nos", "nosotros", "nosotras", "hemos"})
_WE_ENDINGS = ("amos", "emos", "imos")


# Articles, and "per", which say nothing a predicate's rewording could change ("twice a
# month" / "two times per month").
_BARE_ARTICLES = frozenset("a an the per el la los las lo un una unos unas".split())
_ANY_WORDS = 3  # words of an object a "*" in a predicate phrase may hold


def _predicate_reworded(new: Parse, old: Parse) -> bool:
    """The same statement with its predicate in other words (`lexicon.PREDICATE_SYNONYMS` and
    `PREDICATE_PHRASES`): "Marco finished the migration on Friday" / "Marco completed …",
    "Tom is allergic to peanuts" / "Tom has a peanut allergy", "Rosa enseña matemáticas" /
    "Rosa es profesora de matemáticas". Every other word must come back in the same order,
    names as written (a Russian one in another case), numbers as values ("twice" is "two
    times"), with the same polarity, tense, mood and setting: another subject, object, date or
    amount is another statement, so only the predicate is read in other words."""
    if (new.speaker, new.said_at, new.environments) != (old.speaker, old.said_at, old.environments):
        return False
    if (new.negated, new.modal, new.question, new.future, new.listed) != (
        old.negated,
        old.modal,
        old.question,
        old.future,
        old.listed,
    ):
        return False
    # (values are compared in `_predicate_keys`, where "twice" is read as "two times")
    if not _same_symbols(new, old) or new.additive or old.additive:
        return False
    if not (_may_say_otherwise(new) or _may_say_otherwise(old)):
        return False  # (most pairs: one look at the words, not a reading of both)
    (mine, told, tense), (theirs, told_old, tense_old) = _predicate_keys(new), _predicate_keys(old)
    if not (told or told_old) or len(mine) != len(theirs):
        return False  # (neither says anything in other words: the other rules read them)
    if new.past != old.past and not (tense and tense_old and tense == tense_old):
        # the parse reads the tense off the verbs it knows: a synonym it does not know
        # ("прибыл", "дал ответ") may leave one fact without it, so the predicates' own forms
        # tell; "was a teacher" is never "teaches"
        return False
    if tense and tense_old and tense != tense_old:
        return False
    return all(
        a == b or (a in new.people_order and b in old.people_order and _declined(a, b))
        for a, b in zip(mine, theirs, strict=True)
    )


# Endings a Russian name takes in its cases ("Эмиль" / "Эмиля", "Маша" / "Машу", "Олег" /
# "Олегом"), after the letters both forms share.
_CASE_ENDINGS = frozenset("а я у ю е и ы ь й ом ем ём ой ей ою ею".split()) | {""}


def _declined(a: str, b: str) -> bool:
    """One Russian name in two cases, as a rewording moves it ("Эмиль боится" / "У Эмиля
    страх"): `_same_name`, with only case endings after the letters both share, so two names
    that begin alike are two people ("Олег" / "Олеся", "Мария" / "Марина", "Роман" /
    "Романов"), and a word that is no name must come back as written ("стол" / "столб")."""
    if not _same_name(a, b):
        return False
    short, long = sorted((a, b), key=len)
    forms = [short]
    if len(short) >= 4 and short[-2] in "еоё":
        forms.append(short[:-2] + short[-1])  # "Павел" / "Павлом"
    for form in forms:
        shared = 0
        while shared < len(form) and form[shared] == long[shared]:
            shared += 1
        if form[shared:] in _CASE_ENDINGS and long[shared:] in _CASE_ENDINGS:
            return True
    return False


def _may_say_otherwise(fact: Parse) -> bool:
    """A word of the fact is one `_predicate_keys` reads in other words: a synonym verb (by
    form or stem), a word of a predicate phrase, or "twice"."""
    forms, stems = _predicate_triggers()
    return not (
        forms.isdisjoint([w.norm for w in fact.words])
        and stems.isdisjoint([w.key for w in fact.words])
    )


@lru_cache(maxsize=1)
def _predicate_triggers() -> tuple[frozenset[str], frozenset[str]]:
    """The forms and stems `_may_say_otherwise` looks for: each synonym verb's, each phrase's
    words but copulas, articles and prepositions (unless a phrase has no other word)."""
    by_form, by_stem = _predicate_groups()
    placeholders = {"@be", "@have", "@det", "*"}
    phrase_words: set[str] = set()
    for phrases in lx.PREDICATE_PHRASES.values():
        for phrase in phrases:
            parts = [normalize(p.rstrip("?")) for p in phrase.split() if p not in placeholders]
            telling = [p for p in parts if p not in _FUNCTION and p not in _PREPOSITIONS]
            phrase_words.update(telling or parts)
    forms = frozenset(by_form) | frozenset(phrase_words) | frozenset(lx.TIMES_WORDS)
    return forms, frozenset(by_stem)


# A fact's words as `_predicate_reworded` compares them, whether it says any in other words,
# and its predicate's tense.
_Reading = tuple[tuple[str, ...], bool, str]
# The last facts read by `_predicate_keys`, with their keys: a new fact is compared with each
# of its candidates in turn. (Replaced whole, never changed in place, as in `_per_pair`; not
# kept on the parse, whose cache holds tens of thousands: a reading is some 330 bytes.)
_READ: list[tuple[tuple[Parse, _Reading], ...]] = [()]
_READ_SLOTS = 4


def _predicate_keys(fact: Parse) -> _Reading:
    """`_read_predicate` of a fact, remembered for the last few facts read."""
    read = _READ[0]
    for seen, keys in read:
        if seen is fact:
            return keys
    keys = _read_predicate(fact)
    _READ[0] = ((fact, keys), *read[: _READ_SLOTS - 1])
    return keys


def _read_predicate(fact: Parse) -> _Reading:
    """A fact's words as keys in order, its predicate as the name of its group ("@end" for
    "finished" and "completed"), "twice" as "2 times", articles left out; and whether it has
    a predicate of the tables or such a number (else `_predicate_reworded` has nothing to read
    in other words); and the predicate's tense as its first word tells it (`_tense_of`)."""
    words = list(fact.words)
    if len(words) > 2 and words[0].norm == "у":
        # "У Эмиля страх высоты": the one who has it first, as the subject of "Эмиль боится"
        words[0], words[1] = words[1], words[0]
    keys: list[str] = []
    found = predicate = False
    tense = ""
    at = 0
    while at < len(words):
        w = words[at]
        match = _phrase_at(words, at)
        if match is not None:
            group, end, held = match
            keys += [f"@{group}", *held]
            tense = tense or _tense_of(w.norm)
            found = predicate = True
            at = end
            continue
        before = words[at - 1] if at else None
        synonym = _head_synonym(w) if not predicate and _may_head(w, fact, before) else None
        if synonym:  # (one predicate: the first synonym read as the head)
            keys.append(f"@{synonym}")
            tense = _tense_of(w.norm)
            found = predicate = True
        elif w.norm in lx.TIMES_WORDS:
            number, unit = lx.TIMES_WORDS[w.norm]
            keys += [number, _key_of(unit)]
            found = True  # (a number said in other words is read like a predicate)
        elif w.norm not in _BARE_ARTICLES and w.kind not in ("dash", "marker"):
            keys.append(w.key)
        at += 1
    return tuple(keys), found, tense


def _may_head(w: Word, fact: Parse, before: Word | None) -> bool:
    """`w` may be the fact's predicate: its head verb as the parse found it ("moved", read as
    the relation "dwell", by its form), or a plain word right after the subject when the
    parse took no verb of the tables for the head: it finds the verbs it knows, and took
    "hires" for the head of "Priya assists new hires"."""
    if w.key == fact.verb or (w.norm == fact.verb_norm and w.norm):
        return True
    if w.kind != "word" or before is None or before.exact not in fact.subject:
        return False  # (right after the subject: "the call", "Anna's phone" are nouns)
    if _head_synonym(w) in lx.NOUN_SENSES:
        return False  # "the old phone" is no "old call": said as the parse's head only
    if before.norm in lx.DETERMINERS or before.norm.endswith(("'s", "’s")):
        return False
    head = Word(fact.verb_norm, fact.verb_norm, fact.verb, "word", fact.verb_norm)
    return not fact.verb_norm or _head_synonym(head) is None


# English verbs whose past is their present: their tense is not in the form.
_SAME_PAST = frozenset("quit set put cut let shut hit cost".split())
_PAST_COPULAS = frozenset("was were fue fueron era eran был была было были".split())


# Russian past endings but the masculine singular's ("-л", "-лся"), with whom they tell.
_RU_PAST_OTHERS = (
    ("ла", "she"), ("лась", "she"), ("ло", "it"), ("лось", "it"), ("ли", "they"), ("лись", "they"),
)  # fmt: skip


def _tense_of(norm: str) -> str:
    """ "past", "present" or "future" as a predicate's first word tells it ("completed",
    "закончил", "terminó", "was"; "completes", "заканчивает", "termina", "is"; "terminará",
    "закончит"), '' when the form does not ("quit", a form of no ending known here); a
    Russian past names who did it when it is not one man ("past (she)" for "закончила")."""
    if norm in _SAME_PAST:
        return ""
    if norm in lx.PAST_IRREGULAR or norm in _PAST_COPULAS:
        return "past"
    if _CYRILLIC.match(norm):
        if norm.endswith(("л", "лся")):
            return "past"
        for ending, who in _RU_PAST_OTHERS:
            if norm.endswith(ending):
                # a Russian past says who did it by its ending: "Иванов закончил" is another
                # person than "Иванова завершила"
                return f"past ({who})"
        if not norm.endswith(("т", "тся")):
            return ""
        # the tables list the present of each verb; another form that reads as one is a
        # perfective's, which says what will be ("закончит" is no "заканчивает")
        return "present" if norm in _predicate_triggers()[0] else "future"
    if norm.endswith(("ed", "ó", "ió", "aron", "ieron", "aba", "aban", "ía", "ían")):
        return "past"  # (and the Spanish imperfect: "enseñaba" is no "es profesora")
    if norm.endswith(("rá", "rán", "rás", "ré", "remos")):
        return "future"  # "terminará" is no "termina"
    return "present"


def _key_of(word: str) -> str:
    """The key a word written alone gets ("times" → "time")."""
    return parse(word).words[0].key


def _head_synonym(w: Word) -> str | None:
    """The group of `lexicon.PREDICATE_SYNONYMS` a head verb is in, by its form or stem."""
    by_form, by_stem = _predicate_groups()
    return by_form.get(w.norm) or by_stem.get(w.key)


@lru_cache(maxsize=1)
def _predicate_groups() -> tuple[dict[str, str], dict[str, str]]:
    """lexicon.PREDICATE_SYNONYMS by form and by stem."""
    return _groups_by_word(lx.PREDICATE_SYNONYMS)


@lru_cache(maxsize=1)
def _phrases_by_start() -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    """lexicon.PREDICATE_PHRASES by the words they may start with, longest first."""
    out: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for group, phrases in lx.PREDICATE_PHRASES.items():
        for phrase in phrases:
            parts = tuple(normalize(p) for p in phrase.split())
            first = parts[0]
            starts = {
                "@be": lx.PREDICATE_COPULAS,
                "@have": lx.PREDICATE_HAVE,
            }.get(first, {first})
            for word in starts:
                out.setdefault(normalize(word), []).append((group, parts))
    for entries in out.values():
        entries.sort(key=lambda e: -len(e[1]))
    return out


def _phrase_at(words: list[Word], at: int) -> tuple[str, int, list[str]] | None:
    """The predicate phrase that starts at `at`: its group, where it ends, and the keys of the
    object words a "*" in it held (None if none starts there)."""
    for group, parts in _phrases_by_start().get(words[at].norm, ()):
        end = _match_phrase(words, at, parts)
        if end is not None:
            return group, end[0], end[1]
    return None


def _match_phrase(
    words: list[Word], at: int, parts: tuple[str, ...]
) -> tuple[int, list[str]] | None:
    """Where `parts` matched from `at` ends, and the keys its "*" held; None if it does not."""
    held: list[str] = []
    for part in parts:
        word = words[at] if at < len(words) else None
        if part == "@det":
            at += word is not None and word.norm in _BARE_ARTICLES
            continue
        if part == "*":
            start = at
            while at < len(words) and at - start < _ANY_WORDS and words[at].kind == "word":
                at += 1
            if at == start or at >= len(words):
                return None
            at -= 1  # the last word is the noun of the phrase
            held = [w.key for w in words[start:at]]
            if not held:
                return None
            continue
        optional = part.endswith("?") and len(part) > 1
        wanted = part[:-1] if optional else part
        if word is None:
            if optional:
                continue
            return None
        if wanted == "@be":
            ok = word.norm in lx.PREDICATE_COPULAS
        elif wanted == "@have":
            ok = word.norm in lx.PREDICATE_HAVE
        else:
            ok = word.norm == wanted
        if ok:
            at += 1
        elif not optional:
            return None
    return at, held
