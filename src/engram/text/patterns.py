"""Regular expressions compiled on first use, then kept.

A character class over large Unicode ranges (kana and CJK ideographs, the Indic scripts) takes
Python milliseconds to compile: it builds a bitmap of every character in them. Compiled at import,
such a class costs every `load`, hook and search process that imports its module, though most
of them never meet a character of it. `re`'s own cache of compiled patterns is no substitute: it
holds a few hundred, and the classifier's patterns alone would push these out of it.
"""

from __future__ import annotations

import re
from functools import cache


@cache
def compiled(pattern: str) -> re.Pattern[str]:
    """`re.compile(pattern)`, done once per process."""
    return re.compile(pattern)
