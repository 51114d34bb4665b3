"""The scanner's version names its code. A verdict recorded under one version (a sealed fact, a
memory-file index) is trusted only while the scanners are the same, so a change to what they
read or find must come with a new `SCANNER_VERSION`: the code of each version is pinned here.
After changing a scanner, bump the version and pin the digest this test prints."""

from __future__ import annotations

from hashlib import sha256
from pathlib import Path

import engram.safety
from engram.safety.scan import SCANNER_VERSION

# what decides a verdict: the questions, both scanners and the view of the text they read
SCANNERS = ("scan.py", "secrets.py", "injection.py", "normalize.py")
PINNED = {"18": "34bef2db034db4a5e24d527397b010ef56570c3ecd06ab862796f874c05b8ac1"}


def test_the_scanners_code_is_the_code_its_version_names() -> None:
    folder = Path(engram.safety.__file__).parent
    digest = sha256(b"".join((folder / name).read_bytes() for name in SCANNERS)).hexdigest()
    assert PINNED.get(SCANNER_VERSION) == digest, (
        f"the scanners changed: bump SCANNER_VERSION (now {SCANNER_VERSION}) in "
        f"engram/safety/scan.py and pin its code here as {digest}"
    )
