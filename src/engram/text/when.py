"""The stretch of time a query names: "in the last two months", "la semana pasada", "в марте".

Search ranks facts that became true inside it above those outside (it never filters: the
words may mean something else, "the last month of the project"). Read in English, Russian and
Spanish, relative to the moment the question is asked (`now`, or search's `as_of`):

- the last / past N days, weeks, months or years (a number or a word up to twelve; "the last
  month" is one month), and "last week / month / year" (the seven days, month or year before);
- this week, month or year (from its start);
- yesterday, and N days / weeks / months ago (that day, week or month, give or take one).
- a month by name, with "and" / "or" / "to" another ("in March and April"): its last
  occurrence up to now, or of the year given after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from engram.text.patterns import compiled
from engram.text.tokenize import normalize

DAY = timedelta(days=1)
# How long a unit lasts, for "the last N units" and "N units ago".
UNIT_DAYS = {"day": 1, "week": 7, "month": 31, "year": 366}

NUMBERS = {
    # en
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "few": 3,
    "couple": 2,
    # es
    "un": 1, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
    "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
    # ru
    "один": 1, "одну": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5,
    "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10, "несколько": 3,
}  # fmt: skip
UNITS = {
    "day": "day", "days": "day", "week": "week", "weeks": "week", "month": "month",
    "months": "month", "year": "year", "years": "year",
    "día": "day", "días": "day", "semana": "week", "semanas": "week", "mes": "month",
    "meses": "month", "año": "year", "años": "year",
}  # fmt: skip
RU_UNITS = (("дн", "day"), ("ден", "day"), ("сут", "day"), ("недел", "week"), ("месяц", "month"),
            ("год", "year"), ("лет", "year"))  # fmt: skip
MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
    "agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11,
    "diciembre": 12,
}  # fmt: skip
RU_MONTHS = ("январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр",
             "октябр", "ноябр", "декабр")  # fmt: skip
RU_MAY = ("мая", "май", "мае")  # May, whose stem "ма" begins too many other words

_COUNT = r"(\d{1,3}|[a-zа-яñáéíóú]+)"
# "the last two months", "the past 3 weeks", "los últimos dos meses", "las últimas semanas"
_LAST_N = (
    r"\b(?:the\s+)?(?:last|past|previous)\s+(?:" + _COUNT + r"\s+)?(?:of\s+)?(\w+)"
    r"|\b(?:los|las|el|la)\s+(?:últimos|últimas|último|última|pasados|pasadas)\s+"
    r"(?:" + _COUNT + r"\s+)?(\w+)"
    r"|(?:^|\s)(?:за|в)\s+(?:последн\w*|прошл\w*)\s+(?:" + _COUNT + r"\s+)?([а-я]+)"
)
# "last week" in Spanish and Russian word order: "la semana pasada", "на прошлой неделе"
_PREVIOUS = (
    r"\b(?:el|la)\s+(semana|mes|año)\s+pasad[oa]\b"
    r"|(?:^|\s)(?:на|в)\s+прошл\w+\s+(недел\w*|месяц\w*|год\w*)"
)
_THIS = (
    r"\bthis\s+(week|month|year)\b|\best[ea]\s+(semana|mes|año)\b"
    r"|(?:^|\s)(?:на|в)\s+(?:этой|этом|текущ\w+)\s+(недел\w*|месяц\w*|год\w*)"
)
_AGO = (
    r"\b" + _COUNT + r"\s+(\w+)\s+ago\b"
    r"|\bhace\s+" + _COUNT + r"\s+(\w+)"
    r"|(?:^|\s)" + _COUNT + r"\s+([а-я]+)\s+назад\b"
)
# "today" is left out: "how do we deploy today" asks about now, not about what was said today
_DAY_WORDS = r"\b(yesterday|ayer)\b|(?:^|\s)(вчера)(?:[\s,.?!]|$)"
_MONTH = (
    r"\b(?:in|during|since|en|durante|de)\s+(\w+)"
    r"(?:\s+(?:and|or|to|through|y|o|a|hasta)\s+(\w+))?(?:\s+(?:of\s+|de\s+)?(\d{4}))?"
    r"|(?:^|\s)(?:в|во|с)\s+([а-я]+)(?:\s+(?:и|или|по)\s+([а-я]+))?(?:\s+(\d{4}))?"
)

# Every reading above needs one of these in the text, at least as a part of a word. A query with
# none of them names no time, and its search compiles none of the patterns (milliseconds).
_NAMING_WORDS = (
    "last", "past", "previous", "this", "ago", "yesterday",
    "últim", "pasad", "esta", "este", "hace", "ayer",
    "последн", "прошл", "этой", "этом", "текущ", "назад", "вчера",
    *MONTHS, *(stem for stem in RU_MONTHS if stem != "ма"), *RU_MAY,
)  # fmt: skip


@dataclass(frozen=True)
class TimeWindow:
    """[start, end) of the time a query names, and the words that named it."""

    start: datetime
    end: datetime
    phrase: str

    def holds(self, moment: datetime) -> bool:
        return self.start <= moment < self.end


def time_window(query: str, now: datetime) -> TimeWindow | None:
    """The stretch of time the query names, relative to `now` (None when it names none)."""
    text = normalize(query)
    if not any(word in text for word in _NAMING_WORDS):
        return None
    return _window(text, now)


def _window(text: str, now: datetime) -> TimeWindow | None:
    for find in (_last_n, _previous, _this, _ago, _day_word, _month):
        window = find(text, now)
        if window is not None:
            return window
    return None


def _unit(word: str | None) -> str | None:
    if not word:
        return None
    if word in UNITS:
        return UNITS[word]
    return next((unit for stem, unit in RU_UNITS if word.startswith(stem)), None)


def _count(word: str | None) -> int | None:
    if word is None:
        return 1
    if word.isdigit():
        return int(word) if 0 < int(word) <= 999 else None
    return NUMBERS.get(word)


def _day_start(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _last_n(text: str, now: datetime) -> TimeWindow | None:
    for match in compiled(_LAST_N).finditer(text):
        groups = list(match.groups())
        for count_word, unit_word in zip(groups[::2], groups[1::2], strict=True):
            unit = _unit(unit_word)
            if unit is None and count_word is not None and _unit(count_word):
                # "the last month": the word read as a count is the unit
                unit, count_word = _unit(count_word), None
            count = _count(count_word)
            if unit is not None and count is not None:
                start = _day_start(now) - (count * UNIT_DAYS[unit] - 1) * DAY
                return TimeWindow(start, now + DAY, match.group().strip())
    return None


def _previous(text: str, now: datetime) -> TimeWindow | None:
    match = compiled(_PREVIOUS).search(text)
    unit = _unit(next((g for g in match.groups() if g), None)) if match else None
    if match is None or unit is None:
        return None
    start = _day_start(now) - (UNIT_DAYS[unit] - 1) * DAY  # as "the last week" counts
    return TimeWindow(start, now + DAY, match.group().strip())


def _this(text: str, now: datetime) -> TimeWindow | None:
    match = compiled(_THIS).search(text)
    unit = _unit(next((g for g in match.groups() if g), None)) if match else None
    if match is None or unit is None:
        return None
    today = _day_start(now)
    start = {
        "day": today,
        "week": today - timedelta(days=today.weekday()),
        "month": today.replace(day=1),
        "year": today.replace(month=1, day=1),
    }[unit]
    return TimeWindow(start, now + DAY, match.group().strip())


def _ago(text: str, now: datetime) -> TimeWindow | None:
    for match in compiled(_AGO).finditer(text):
        groups = match.groups()
        for count_word, unit_word in zip(groups[::2], groups[1::2], strict=True):
            unit, count = _unit(unit_word), _count(count_word)
            if unit is None or count is None or count_word is None:
                continue
            # that day, or that week or month: a memory of it is rarely exact
            span = UNIT_DAYS[unit] * DAY
            middle = _day_start(now) - count * span
            return TimeWindow(middle - span, middle + span + DAY, match.group().strip())
    return None


def _day_word(text: str, now: datetime) -> TimeWindow | None:
    match = compiled(_DAY_WORDS).search(text)
    if match is None:
        return None
    word = next(g for g in match.groups() if g)
    start = _day_start(now) - DAY
    return TimeWindow(start, start + DAY, word)


def month_number(word: str | None) -> int | None:
    """A month's name (English, Spanish, or Russian in any case) as its number, else None."""
    if not word:
        return None
    if word in MONTHS:
        return MONTHS[word]
    if word in RU_MAY:
        return 5
    found = [n for n, stem in enumerate(RU_MONTHS, 1) if stem != "ма" and word.startswith(stem)]
    return found[0] if found else None


def _month(text: str, now: datetime) -> TimeWindow | None:
    for match in compiled(_MONTH).finditer(text):
        first, second, year = match.group(1, 2, 3) if match.group(1) else match.group(4, 5, 6)
        start_month = month_number(first)
        if start_month is None or (first == "may" and not _may_is_month(text, match)):
            continue
        end_month = month_number(second) or start_month
        chosen = int(year) if year else now.year
        start = datetime(chosen, start_month, 1, tzinfo=now.tzinfo)
        if not year and start > now:
            start = start.replace(year=chosen - 1)  # the last March, not the next one
        end_year = start.year + (end_month < start_month)
        end = _next_month(datetime(end_year, end_month, 1, tzinfo=now.tzinfo))
        return TimeWindow(start, end, match.group().strip())
    return None


def _may_is_month(text: str, match: re.Match[str]) -> bool:
    """'in May' is the month; 'since may be' is not: the word after it decides."""
    after = text[match.end(1) :].split()
    return not after or not after[0].isalpha() or after[0] in ("and", "or", "to", "of")


def _next_month(moment: datetime) -> datetime:
    if moment.month == 12:
        return moment.replace(year=moment.year + 1, month=1)
    return moment.replace(month=moment.month + 1)
