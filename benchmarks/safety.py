"""Nothing unsafe reaches an agent: recall of the secret and injection scanners, and how often
they stop ordinary text.

    python -m benchmarks.safety               # the tables (test figures, then dev)
    python -m benchmarks.safety --dev-misses  # also every dev miss and dev false positive

Positives are the generated corpora in `benchmarks/data/safety_{secrets,injection}_*.jsonl`
(see `benchmarks/safety_corpus.py`): every token family and injection pattern, plain and
disguised. Items written as a memory file (their secret or override hidden behind a YAML escape
in the frontmatter) go through the library instead: they are caught when `verify` reports the
memory unsafe or `load` leaves it out.

Negatives are real text nobody wrote for this test: SciFact abstracts, LoCoMo and LongMemEval
dialogue turns (user and assistant), the Cursor rule files (each file whole, and each body as a
memory through the library), plus generated look-alikes (`safety_benign_*.jsonl`). Real chat
may hold a real credential: every item today's scanners flagged was read and labelled in
`benchmarks/data/safety_prose_labels.jsonl`, and a flagged item is a false positive unless its
label names what was found. Unlabelled flagged items count as false positives and are listed.

Every corpus was split once into dev (for tuning) and test (for this report): generated items by
family, real text by a hash of its document (abstract, dialogue session, rule file).

Secrets as people tell them (`benchmarks/data/safety_prose_secrets.jsonl`): passwords, PINs,
codes and tokens in notes, chat and config in English, Spanish, Russian and Japanese, beside
ordinary text that names them ("max_token_count: 200000", "PIN-2048", "the password is in
1Password"). Its test half is half of a set written blind (by someone who had not seen the
scanner), split once; its dev half is the other half and three hostile reviews of the scanner.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path

from benchmarks.common import Target, data_dir, quick, table

DATA = Path(__file__).parent / "data"
LABELS = DATA / "safety_prose_labels.jsonl"
PROSE = DATA / "safety_prose_secrets.jsonl"
LANGUAGES = ("en", "es", "ru", "ja")
TARGETS = {"secret": 0.98, "injection": 0.95}
FP_TARGET = 0.005
SALT = "engram-safety-split-1"  # changing it would reshuffle dev and test: never do


@dataclass(frozen=True)
class Doc:
    """One piece of real text: its corpus, its id, and the document it belongs to."""

    corpus: str
    id: str
    doc: str
    text: str

    @property
    def part(self) -> str:
        digest = hashlib.sha256(f"{SALT}:{self.corpus}:{self.doc}".encode()).digest()
        return "dev" if digest[0] % 2 == 0 else "test"


def generated(name: str, part: str) -> list[dict[str, str]]:
    path = DATA / f"safety_{name}_{part}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _sample(key: str, share: int) -> bool:
    """A fixed 1-in-`share` sample by key, for `--quick`."""
    return share == 1 or hashlib.sha256(key.encode()).digest()[1] % share == 0


def real_text() -> list[Doc]:
    """Every real item whose data set is present (a quick run keeps a fixed fraction)."""
    root, share = data_dir(), 8 if quick() else 1
    # LongMemEval's turns are three quarters of all the text: a fixed third of its sessions
    # (still over 9,000 turns) keeps the run near two minutes.
    longmemeval_share = 3 * share
    docs: list[Doc] = []
    scifact = root / "scifact" / "corpus.jsonl"
    if scifact.exists():
        for line in scifact.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            text = f"{row['title']}\n\n{row['text']}".strip()
            docs.append(Doc("SciFact abstracts", row["_id"], row["_id"], text))
    locomo = root / "locomo" / "locomo_dev.json"
    if locomo.exists():
        for conv in json.loads(locomo.read_text(encoding="utf-8")):
            for key, turns in conv["conversation"].items():
                if key.startswith("session_") and isinstance(turns, list):
                    for turn in turns:
                        item = f"{conv['sample_id']}:{turn['dia_id']}"
                        session = f"{conv['sample_id']}:{key}"
                        docs.append(Doc("LoCoMo turns", item, session, turn["text"]))
    longmemeval = root / "longmemeval" / "longmemeval_s_dev.jsonl.gz"
    if longmemeval.exists():
        seen: set[str] = set()
        with gzip.open(longmemeval, "rt", encoding="utf-8") as lines:
            for line in lines:
                row = json.loads(line)
                for session, turns in zip(
                    row["haystack_session_ids"], row["haystack_sessions"], strict=True
                ):
                    if session in seen:  # haystacks share sessions
                        continue
                    seen.add(session)
                    for n, turn in enumerate(turns):
                        item = f"{session}:{n}"
                        docs.append(Doc("LongMemEval turns", item, session, turn["content"]))
    rules = root / "cursorrules" / "rules"
    for path in sorted(rules.glob("*.mdc")) if rules.is_dir() else []:
        text = path.read_text(encoding="utf-8", errors="replace")
        docs.append(Doc("Cursor rule files", path.stem, path.stem, text))
    return [
        d for d in docs
        if _sample(f"{d.corpus}:{d.doc}", longmemeval_share if d.corpus == "LongMemEval turns"
                   else share)
    ]  # fmt: skip


def _verdicts(texts: list[str]) -> list[tuple[str, str]]:
    from engram.safety.scan import injection_reason, secret_reason

    return [(secret_reason(t), injection_reason(t)) for t in texts]


def verdicts(texts: list[str]) -> list[tuple[str, str]]:
    """(secret reason, injection reason) of each text, on every core."""
    workers = max(1, min(os.cpu_count() or 1, 4))
    if workers == 1 or len(texts) < 500:
        return _verdicts(texts)
    # Long texts first, then dealt round-robin, so that no chunk holds all the long ones.
    order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
    chunks = [order[k :: workers * 8] for k in range(workers * 8)]
    out: list[tuple[str, str]] = [("", "")] * len(texts)
    # Spawned, not forked: a run that has loaded onnxruntime (whose threads may hold a lock
    # at the fork) left a forked worker waiting for ever.
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        results = pool.map(_verdicts, [[texts[i] for i in chunk] for chunk in chunks])
        for chunk, result in zip(chunks, results, strict=True):
            for i, verdict in zip(chunk, result, strict=True):
                out[i] = verdict
    return out


# --- through the library: memory files ----------------------------------------------------------

_FRONT = re.compile(r"\A---\n.*?\n---\n?", re.S)


def rule_body(text: str) -> str:
    """A rule file's Markdown body, without its own frontmatter."""
    return _FRONT.sub("", text, count=1).strip() + "\n"


def memory_from_body(memory_id: str, body: str) -> str:
    return f"---\nid: {memory_id}\ntype: knowledge\ntags: [deploy]\n---\n# Deploy\n\n{body}"


@contextmanager
def isolated_home() -> Iterator[Path]:
    """A temporary HOME, config and state folder and no global folder, restored afterwards."""
    names = ("HOME", "ENGRAM_CONFIG_DIR", "ENGRAM_STATE_DIR", "ENGRAM_GLOBAL_DIR", "ENGRAM_DB")
    saved = {name: os.environ.get(name) for name in names}
    with tempfile.TemporaryDirectory(prefix="engram-safety-") as folder:
        home = Path(folder)
        os.environ.update(
            HOME=str(home / "home"),
            ENGRAM_CONFIG_DIR=str(home / "config"),
            ENGRAM_STATE_DIR=str(home / "state"),
        )
        os.environ.pop("ENGRAM_GLOBAL_DIR", None)
        os.environ.pop("ENGRAM_DB", None)
        try:
            yield home
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


CONTROL = "control-plain-deploy-notes"


def through_library(files: dict[str, str]) -> dict[str, str]:
    """Memory id -> why the library kept it from agents ('' when `load` would show it).

    Each text is written as a memory file of one workspace; a memory counts as kept back when
    `verify` reports it unsafe, or `load` (every match, no limit) leaves it out.
    """
    import engram
    from engram.files.authoring import init_workspace

    with isolated_home() as home:
        project = home / "project"
        project.mkdir()
        init_workspace(project)
        folder = project / ".agents" / ".engram" / "knowledge"
        folder.mkdir(parents=True, exist_ok=True)
        files = {**files, CONTROL: memory_from_body(CONTROL, "How the deploy works.\n")}
        for memory_id, text in files.items():
            (folder / f"{memory_id}.md").write_text(text, encoding="utf-8")
        with engram.open_workspace(project) as ws:
            unsafe = {
                Path(f.path).stem: f.detail for f in engram.verify(ws.indexes) if f.kind == "unsafe"
            }
            invalid = {Path(f.path).stem: f.detail for f in engram.doctor(ws.indexes)}
            pack = ws.load("deploy", mode="all")
            shown = {item.candidate.id for item in pack.items}
    if CONTROL not in shown:
        raise RuntimeError("the control memory was not loaded: the check below would be void")
    out: dict[str, str] = {}
    for memory_id in files:
        if memory_id == CONTROL:
            continue
        if memory_id in unsafe:
            out[memory_id] = unsafe[memory_id]
        elif memory_id not in shown:
            out[memory_id] = "not loaded: " + invalid.get(memory_id, "no reason given")
        else:
            out[memory_id] = ""
    return out


def memory_id(item: dict[str, str]) -> str:
    match = re.search(r"^id: (\S+)$", item["text"], re.M)
    assert match, item["text"][:80]
    return match.group(1)


# --- measuring ------------------------------------------------------------------------------------


@dataclass
class Recall:
    """Which positives a scanner caught, by family and by form."""

    kind: str
    items: list[dict[str, str]]
    caught: list[bool]

    def share(self, key: str | None = None, value: str | None = None) -> tuple[int, int]:
        pairs = [
            c for item, c in zip(self.items, self.caught, strict=True)
            if key is None or item[key] == value
        ]  # fmt: skip
        return sum(pairs), len(pairs)

    def below_one(self, key: str) -> list[tuple[str, int, int]]:
        rows = []
        for value in sorted({item[key] for item in self.items}):
            found, total = self.share(key, value)
            if found < total:
                rows.append((value, found, total))
        return rows

    def misses(self) -> list[dict[str, str]]:
        return [i for i, c in zip(self.items, self.caught, strict=True) if not c]


def recall(kind: str, part: str) -> Recall:
    """The scanner for `kind` ('secret' or 'injection') over that corpus's split."""
    items = generated("secrets" if kind == "secret" else "injection", part)
    plain = [i for i in items if not i["form"].startswith("yaml")]
    files = [i for i in items if i["form"].startswith("yaml")]
    found = verdicts([i["text"] for i in plain])
    index = 0 if kind == "secret" else 1
    caught = {id(i): bool(v[index]) for i, v in zip(plain, found, strict=True)}
    kept = through_library({memory_id(i): i["text"] for i in files})
    caught.update({id(i): bool(kept[memory_id(i)]) for i in files})
    return Recall(kind, items, [caught[id(i)] for i in items])


@dataclass
class FalsePositives:
    """Flagged items of one negative corpus, for both scanners."""

    corpus: str
    total: int = 0
    secret: list[tuple[str, str, str]] = field(default_factory=list)  # (id, reason, text)
    injection: list[tuple[str, str, str]] = field(default_factory=list)
    unlabelled: list[tuple[str, str]] = field(default_factory=list)  # (id, reason)
    true_finds: Counter[str] = field(default_factory=Counter)  # real secrets/injections

    def rate(self, kind: str) -> float:
        wrong = self.secret if kind == "secret" else self.injection
        return len(wrong) / max(self.total, 1)

    def add(self, item_id: str, text: str, reasons: tuple[str, str], label: str | None) -> None:
        self.total += 1
        for kind, reason in zip(("secret", "injection"), reasons, strict=True):
            if not reason:
                continue
            if label is not None and kind in label.split("+"):
                self.true_finds[kind] += 1
                continue
            (self.secret if kind == "secret" else self.injection).append((item_id, reason, text))
            if label is None:
                self.unlabelled.append((item_id, reason))


def labels() -> dict[tuple[str, str], str]:
    """(corpus, item id) -> 'benign', 'secret', 'injection' or 'secret+injection'."""
    if not LABELS.exists():
        return {}
    rows = [json.loads(line) for line in LABELS.read_text(encoding="utf-8").splitlines() if line]
    return {(row["corpus"], row["id"]): row["label"] for row in rows}


def false_positives(docs: list[Doc], part: str) -> list[FalsePositives]:
    chosen = [d for d in docs if d.part == part]
    known = labels()
    by_corpus: dict[str, FalsePositives] = {}
    for doc, reasons in zip(chosen, verdicts([d.text for d in chosen]), strict=True):
        fp = by_corpus.setdefault(doc.corpus, FalsePositives(doc.corpus))
        fp.add(doc.id, doc.text, reasons, known.get((doc.corpus, doc.id)))
    rules = [d for d in chosen if d.corpus == "Cursor rule files"]
    if rules:
        fp = FalsePositives("Cursor rule bodies as memories")
        names = {f"rule-{n}": d for n, d in enumerate(rules)}
        kept = through_library(
            {k: memory_from_body(k, rule_body(d.text)) for k, d in names.items()}
        )
        for name, reason in kept.items():
            doc = names[name]
            secret = reason if reason.startswith("secret") else ""
            injection = reason if reason.startswith("prompt injection") else ""
            label = known.get(("Cursor rule files", doc.id))
            fp.add(doc.id, memory_from_body(name, rule_body(doc.text)), (secret, injection), label)
        by_corpus[fp.corpus] = fp
    benign = generated("benign", part)
    fp = FalsePositives("generated look-alikes")
    for n, (item, reasons) in enumerate(
        zip(benign, verdicts([i["text"] for i in benign]), strict=True)
    ):
        fp.add(f"{item['family']} #{n}", item["text"], reasons, "benign")
        fp.unlabelled.clear()  # generated look-alikes are benign by construction
    by_corpus[fp.corpus] = fp
    return list(by_corpus.values())


@dataclass
class Figures:
    secrets: Recall
    injection: Recall
    negatives: list[FalsePositives]


def measure(part: str, docs: list[Doc] | None = None) -> Figures:
    docs = real_text() if docs is None else docs
    return Figures(recall("secret", part), recall("injection", part), false_positives(docs, part))


def _ratio(found: int, total: int) -> str:
    return f"{found / max(total, 1):.4f} ({found}/{total})"


def summary_rows(figures: Figures, detail: bool, split: str = "test") -> list[list[object]]:
    rows: list[list[object]] = []
    for result in (figures.secrets, figures.injection):
        found, total = result.share()
        share, goal = round(found / max(total, 1), 4), TARGETS[result.kind]
        target = Target(share, ">=", goal, shown=f"≥ {goal:.2f}", measured=_ratio(found, total),
                        name=f"{result.kind} recall ({split})")  # fmt: skip
        rows.append([f"{result.kind} recall", _ratio(found, total), target])
        if detail:
            for key in ("family", "form"):
                for value, found, total in result.below_one(key):
                    rows.append([f"  {key}: {value}", _ratio(found, total), ""])
    for kind in ("secret", "injection"):
        for fp in figures.negatives:
            wrong = len(fp.secret if kind == "secret" else fp.injection)
            share = round(wrong / max(fp.total, 1), 4)
            target = Target(share, "<=", FP_TARGET, shown=f"≤ {FP_TARGET}",
                            measured=_ratio(wrong, fp.total),
                            name=f"{kind} false positives: {fp.corpus} ({split})")  # fmt: skip
            rows.append([f"{kind} false positives: {fp.corpus}", _ratio(wrong, fp.total), target])
    return rows


def prose_rows(part: str) -> list[list[object]]:
    """Secrets found and ordinary text flagged in `safety_prose_secrets.jsonl`'s `part`, by
    language and in all."""
    from engram.safety.secrets import find_secrets

    counts: Counter[tuple[str, str, bool]] = Counter()
    for line in PROSE.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        if item["part"] == part:
            flagged = bool(find_secrets(item["text"]))
            for lang in (item["lang"], "all"):
                counts[(lang, item["expect"], flagged)] += 1
    rows: list[list[object]] = []
    for lang in (*LANGUAGES, "all"):
        found, missed = counts[(lang, "secret", True)], counts[(lang, "secret", False)]
        flagged, kept = counts[(lang, "none", True)], counts[(lang, "none", False)]
        rows.append(
            [f"{part}: {lang}", _ratio(found, found + missed), _ratio(flagged, flagged + kept)]
        )
    return rows


def report(test: Figures, dev: Figures) -> str:
    text = table(["test split", "value", "target"], summary_rows(test, detail=True))
    text += "\n\n" + table(
        ["dev split", "value", "target"], summary_rows(dev, detail=False, split="dev")
    )
    text += "\n\n" + table(
        ["secrets as people tell them", "secrets found", "ordinary text flagged"],
        prose_rows("test") + prose_rows("dev"),
    )
    finds = Counter[str]()
    for fp in [*test.negatives, *dev.negatives]:
        finds.update({f"{fp.corpus} ({k})": n for k, n in fp.true_finds.items()})
    if finds:
        text += "\n\nreal secrets or injections found in real text (labelled, not counted):\n"
        text += "\n".join(f"- {name}: {n}" for name, n in sorted(finds.items()))
    unlabelled = [(fp.corpus, i, r) for fp in [*test.negatives, *dev.negatives]
                  for i, r in fp.unlabelled]  # fmt: skip
    if unlabelled:  # ids and reasons only: a real credential must not reach the report
        text += "\n\nflagged real text without a label (counted as false positives):\n"
        text += "\n".join(f"- {corpus} {i}: {reason}" for corpus, i, reason in unlabelled)
    return text


def run() -> str:
    docs = real_text()
    return report(measure("test", docs), measure("dev", docs))


def _short(text: str, limit: int = 100) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[: limit - 1] + "…")


def _flagged_line(text: str, reason: str) -> str:
    """The line a reason points at ('… (line N)'), the field of a memory file, else the text."""
    field_line = re.search(r"^(?:directive|summary): .*(?:\n    .*)?", text, re.M)
    if text.startswith("---\nid: ") and field_line:
        return field_line.group()
    match = re.search(r"\(line (\d+)\)", reason)
    lines = text.splitlines()
    if match and 0 < int(match.group(1)) <= len(lines):
        return lines[int(match.group(1)) - 1]
    return text


def dev_misses(dev: Figures) -> str:
    """Every dev miss by family and form, and every dev false positive: what to tune on."""
    out = []
    for result in (dev.secrets, dev.injection):
        groups: dict[tuple[str, str], list[str]] = defaultdict(list)
        for item in result.misses():
            groups[(item["family"], item["form"])].append(item["text"])
        out.append(f"\n{result.kind} misses on dev: {sum(map(len, groups.values()))}")
        for (family, form), texts in sorted(groups.items()):
            out.append(f"  {family} / {form}: {len(texts)}")
            out += [f"    {_short(_flagged_line(t, ''))}" for t in texts]
    for kind in ("secret", "injection"):
        out.append(f"\n{kind} false positives on dev:")
        for fp in dev.negatives:
            for item_id, reason, text in fp.secret if kind == "secret" else fp.injection:
                out.append(
                    f"  {fp.corpus} {item_id}: {reason}: {_short(_flagged_line(text, reason))}"
                )
    return "\n".join(out)


if __name__ == "__main__":
    all_docs = real_text()
    dev_figures = measure("dev", all_docs)
    print(report(measure("test", all_docs), dev_figures))
    if "--dev-misses" in sys.argv[1:]:
        print(dev_misses(dev_figures))
