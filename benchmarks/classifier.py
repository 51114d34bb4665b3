"""Accuracy of the offline absorb classifier on labelled fact pairs it was not tuned on.

`benchmarks/data/classify_{dev,test}.jsonl` hold pairs in English, Russian and Spanish: an
existing fact, a new one, the outcome a careful person would choose, and the kind of pair
(a trivial variant, a true rewording, a value change, an explicit update, a negation, an
antonym, an additive fact, a hard negative with another subject / id / environment / speaker /
role / attribute, an unrelated fact). The set was split once, stratified by language, label and
kind; the word lists and rules were tuned on `dev` only. The report gives `test`.
`classify_extra.jsonl` holds pairs written later to tune the rules as general mechanisms
(rewordings, explicit updates in other words, hard negatives), each batch scored before it was
tuned on; the report shows them beside `dev`, as pairs tuned on. `classify_probe.jsonl` holds
pairs other authors wrote, in seven rounds (409, 353, 374, 371, 308, 339 and 270), to find
the words that change a statement while keeping its words, each round split once into a `tune`
half (read, and tuned on) and a `check` half (scored as totals only); the report gives both
halves of each. Round 8 (250 pairs) is no hunt but a sample of what an agent stores, written
blind and kept whole as a check. Round 9 (160 pairs) holds facts of several clauses told again
with one clause changed (a new value, or another holder, thing, event or reason), written blind
and split like the first seven. Round 10 (240 pairs) is a second blind sample like round 8,
kept whole as a check; round 11 (200 pairs) hunts the update rules added with round 9 (a clause
changed, a note settled, Japanese "now" and "changed to", a new holder, a former value in
brackets, limiting words, doses), split like the others; round 12 (200 pairs) hunts the rules
added with it (a note's new value, Japanese days of the week, a day moved, renamed, how often
in a word, another holder of a role held by one, a phrase put first), split like the others;
round 13 (200 pairs) hunts the next ones (a new age, Japanese verbs of change, taking over a
role, a role after "as", how often by the period), split like the others; round 14 (160
pairs) hunts activities named in "-ing" ("sprint planning") and what their facts answer (how
often, which day, how long, who, where), split like the others; round 15 (200 pairs) is a
blind sample of what an agent keeps of a user and a team, round 16 (200) stresses updates
(explicit in many wordings, and plain new values) and round 17 (200) duplicates (true
rewordings beside near ones that change something), each split like the others; round 18
(200 pairs) is a blind sample of pairs about one subject (its fact reworded, updated, or
joined by another attribute, item or detail), and round 19 (200) hunts wrongful hides in
facts as an assistant jots them down (150 pairs that must both stay, beside 50 true updates
and rewordings of the same subjects), each split like the others. Rounds 20 (862 pairs) and 21
(899 pairs) are hostile reviews, each written blind by a reviewer who saw neither the data nor
the other round, in four languages, mostly pairs that must both stay (labelled `related`; a
`contradict` hides nothing either) beside true updates and rewordings; each was scored before
any rule was written from it (round 20: 73 of its 632 must-stay pairs hidden; round 21: 49 of
671 on the rules of the session before round 20, 25 on the rules written from round 20), then
tuned on whole: both are `tune` halves. Round 22 (800 pairs) is a third blind review, written
as a sample of what agents store (hard negatives of one word beside true updates and
rewordings) by a reviewer who saw no code and no data; scored first (22 of its 522 must-stay
pairs hidden, counting 4 antonym pairs labelled `contradict` that came out `supersede`), then
tuned on whole (10 of 522). Round 23 (725 pairs) is a fourth, written the same way with more
true updates (203) and domains set (a coding agent's notes, a personal assistant's, dialogue);
scored first on the rules of the session before round 22 and on those after it, the same
outcomes on every pair (11 of its 397 must-stay pairs hidden, 4 of them antonyms labelled
`contradict`; supersedes 112 of 203, duplicates 28 of 125), then tuned on whole (5 of 397).
Round 24 (600 pairs) is a fifth, each language written natively (no shared templates); scored
first on the session's first rules (6 of its 327 must-stay pairs hidden) and on the rules
written from rounds 22 and 23 (5 of 327; supersedes 68 of 169, duplicates 7 of 104 on both),
then tuned on whole (4 of 327). Round 25 (600 pairs) is a sixth, written the same way with
more true updates (180) and rewordings (160) across more domains (health, travel, finance,
research); scored first on the session's first rules (6 of its 260 must-stay pairs hidden;
supersedes 79 of 180, duplicates 16 of 160) and on the rules written from round 24 (6 of
260; supersedes 80), then tuned on whole (2 of 260). Round 26 (600 pairs) is a seventh, on a
coding agent's notes, support and sales, household and school matters and chat; scored first
on the rules after round 25 (5 of its 260 must-stay pairs hidden, 4 of them antonyms labelled
`contradict`; supersedes 103 of 180, duplicates 9 of 160) and on the rules written after it
was commissioned, from earlier rounds (5 of 260; supersedes 106, duplicates 10), then tuned
on whole (1 of 260). Round 27 (539 pairs) is a hostile review of the update rules, written
against them with the classifier at hand: new facts with a word of change ("now", "switched",
"got a new", "moved", "no longer", "as of" and their Spanish, Russian and Japanese forms) that
is no news of the stored fact (another attribute, a thing the stored value owns, roles turned
round, a condition, hearsay, a denial, a plan, a while or a part), labelled `related`, beside
true updates, rewordings and contradictions; scored first (106 of its 380 must-stay pairs
hidden; true ones found 128 of 159), then tuned on whole (19 of 380, 128 of 159). Round 28
(400 pairs) is a blind set of the same kind (half true updates, half pairs that must both
stay), written natively in four languages by an author who saw no code and no data; scored
on the rules before round 27 (12 of its 200 must-stay pairs hidden, true updates 76 of 200)
and on the rules written from round 27 (8 of 200; 74 of 200), two of whose lost updates it
showed ("Got a new phone: …" with no one named, "Tom's manager changed") were then mended
(8 of 200; 75 of 200). (A pair its author was unsure of is marked `unsure`.) Round 29 (400
pairs) is another blind set written the same way (per language 55 pairs that must both stay,
25 true updates, 20 rewordings), split once into halves like the first rounds: scored first
on the rules after round 28 (tune half: 0 of its 100 must-stay pairs hidden, updates 35 of
52, rewordings 10 of 40; check half: 1 of 96, 31 of 48, 8 of 40), then tuned on its tune
half only (tune: 0 of 100, 40 of 52, 10 of 40; check: 1 of 96, 34 of 48, 9 of 40; one
update of the check half now comes out rejected, its facts holding a secret). Round 30 (400
pairs) is a hostile review of the rules written from round 29 (subjectless Spanish and Russian
notes, titles, clefts, "reassigned", verbs that end something, Japanese topics), written
against them with the classifier at hand: scored first, 30 of its 291 must-stay pairs hidden
(16 by those rules), then tuned on whole (5 of 291). Round 31 (400 pairs) is another blind set
(per language 50 pairs that must both stay, 30 true updates, 20 rewordings), split once into
halves: scored first (tune half: 1 of its 100 must-stay pairs hidden, updates 29 of 60,
rewordings 3 of 40; check half: 0 of 100, 21 of 60, 7 of 40), then tuned on its tune half
only (tune: 0 of 100, 35 of 60, 3 of 40; check: 0 of 100, 21 of 60, 7 of 40). Round 32 (346
pairs) is a hostile review of the rules written from round 31 (taking over, "again", a
Japanese switch, proposals), scored first: 67 of its 261 must-stay pairs hidden (62 by those
rules; 7 at the rules before round 31), then tuned on whole (6 of 261). Round 33 (408 pairs)
is a second hostile review of the same rules after that tuning: scored first, 83 of its 326
must-stay pairs hidden (42 by those rules; 52 at the rules before round 31), then tuned on
whole (35 of 326, none that the rules before round 31 did not hide; later 7 of 326, once the
older shapes it found were fixed: transfers of a thing, co-leads, "broke up"). Round 34 (317
pairs) is a hostile review of those fixes, written against them from both sides: scored
first, 57 of its 173 must-stay pairs hidden and 45 of its 124 true updates found (31 updates
lost to the new rules), then tuned on whole (5 of 173 hidden, 90 of 124 updates; later 3 and
97, with a couple's parting and a role handed on read in more forms). Round 35 (310 pairs) is
a second hostile review of the same rules: scored first, 61 of its 161 must-stay pairs hidden
(46 by the new reading of a couple's parting) and 68 of its 135 true updates found, then tuned
on whole (0 of 161, 73 of 135). Round 36 (400 pairs) is a blind set written natively in four
languages by an author who saw no code and no data (per language 55 pairs that must both stay,
25 true updates, 20 rewordings), split once into halves: scored first (tune: 1 of its 104
pairs labelled related or new hidden, updates 36 of 52, rewordings 13 of 40; check: 0 of 96,
34 of 48, 15 of 40), then tuned on its tune half only (tune: 0 of 104, 48 of 52, 13 of 40;
check: 0 of 96, 35 of 48, 15 of 40). Round 37 (400 pairs) is another written the same way,
its true updates worded unlike the stored fact (the subject named another way, a reason or a
date added, two clauses, a promotion or a plan changed) and its must-stay pairs with a word of
change about something else, split once into halves. Its author's brief gave three kinds of
pair as examples that match pairs of the test file (a standup moved from 9:30 to 10, a senior
engineer made staff engineer, a company that employs N people); no rule was written for the
last, and no outcome of the test file changed while tuning on the round. Scored first (tune: 3
of its 108 pairs labelled related or new hidden, updates 30 of 52, rewordings 5 of 40; check: 3
of 100, 27 of 48, 10 of 40), then tuned on its tune half only (tune: 0 of 108, 37 of 52, 5 of
40; check: 3 of 100, 28 of 48, 10 of 40).

Each pair runs through the real pipeline: the old fact is absorbed into an empty scope key,
then the new one, and the outcome is compared with the label. The **wrongful hide rate** is the
share of pairs labelled related or new that came out supersede or duplicate: facts that would
have disappeared from default search. With the local sentence model (`[embed] provider =
"onnx"`, skipped with a note without onnxruntime) the test, dev and probe pairs run again: its
vectors choose which stored facts a new one is compared with, and its cosine tells related from
new. Its cosine never makes a duplicate: run on the probe rounds, a rule that let a rewording
passing every guard of the word rules be one hid 178 of the tune halves' 2,566 must-stay pairs
(39 without it) and 180 of the check halves' 1,525 (69), for 25 and 17 duplicates found.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from benchmarks.common import Target, onnx_missing, store_config, table

DATA = Path(__file__).parent / "data"
HIDING = ("supersede", "duplicate")
ACCURACY = 0.85  # per outcome, on the test pairs
WRONGFUL_HIDE = 0.02


def load(split: str) -> list[dict[str, str]]:
    path = DATA / f"classify_{split}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def evaluate(
    pairs: list[dict[str, str]], provider: str = "offline"
) -> list[tuple[dict[str, str], str]]:
    """(pair, outcome) for every pair, through `MemoryStore.absorb`, with this embedder."""
    from engram.store import MemoryStore

    results = []
    config = store_config(provider)
    with (
        tempfile.TemporaryDirectory() as folder,
        MemoryStore.open(Path(folder) / "pairs.db", config=config) as store,
    ):
        for n, pair in enumerate(pairs):
            key = f"pair-{n}"
            store.absorb([pair["old"]], scope="agent", scope_key=key)
            got = store.absorb([pair["new"]], scope="agent", scope_key=key)[0].outcome
            results.append((pair, got))
    return results


@dataclass
class Summary:
    counts: Counter[str]
    accuracy: dict[str, float]
    overall: float
    hidden: int  # pairs labelled related or new that came out supersede or duplicate
    negatives: int  # pairs labelled related or new

    @property
    def wrongful_hide(self) -> float:
        return self.hidden / max(self.negatives, 1)


def summary(results: list[tuple[dict[str, str], str]]) -> Summary:
    total: Counter[str] = Counter(p["label"] for p, _ in results)
    right: Counter[str] = Counter(p["label"] for p, got in results if got == p["label"])
    negatives = [got for p, got in results if p["label"] in ("related", "new")]
    return Summary(
        counts=total,
        accuracy={label: right[label] / total[label] for label in total},
        overall=sum(right.values()) / max(len(results), 1),
        hidden=sum(got in HIDING for got in negatives),
        negatives=len(negatives),
    )


def run() -> str:
    test_results = evaluate(load("test"))
    dev, test = summary(evaluate(load("dev"))), summary(test_results)
    own = summary(evaluate(load("extra")))
    missing = onnx_missing()
    onnx = None if missing else (summary(evaluate(load("test"), "onnx")),
                                 summary(evaluate(load("dev"), "onnx")))  # fmt: skip
    rows: list[list[object]] = []
    for label in sorted(test.counts):
        accuracy = round(test.accuracy[label], 2)
        target = Target(accuracy, ">=", ACCURACY, shown=f"≥ {ACCURACY}", measured=f"{accuracy:.2f}",
                        name=f"{label}: accuracy on test pairs")  # fmt: skip
        dense = [f"{s.accuracy[label]:.2f}" for s in onnx] if onnx else []
        mine = f"{own.accuracy[label]:.2f}" if label in own.accuracy else "-"
        rows.append([label, test.counts[label], f"{accuracy:.2f}", f"{dev.accuracy[label]:.2f}",
                     mine, *dense, target])  # fmt: skip
    dense = [f"{s.overall:.2f}" for s in onnx] if onnx else []
    rows.append(["all", test.counts.total(), f"{test.overall:.2f}", f"{dev.overall:.2f}",
                 f"{own.overall:.2f}", *dense, ""])  # fmt: skip
    hide = round(test.wrongful_hide, 3)
    dense = [f"{s.wrongful_hide:.1%}" for s in onnx] if onnx else []
    rows.append([
        "wrongful hide rate", f"{test.hidden}/{test.negatives}", f"{test.wrongful_hide:.1%}",
        f"{dev.wrongful_hide:.1%}", f"{own.wrongful_hide:.1%}", *dense,
        Target(hide, "<=", WRONGFUL_HIDE, shown="≤ 2 %", measured=f"{test.wrongful_hide:.1%}",
               name="wrongful hide rate on test pairs"),
    ])  # fmt: skip
    headers = ["outcome", "test pairs", "test", "dev", "own pairs"]
    headers += ["test, onnx", "dev, onnx"] if onnx else []
    text = table([*headers, "target"], rows)
    by_kind: Counter[str] = Counter(pair["category"] for pair, _ in test_results)
    right: Counter[str] = Counter(p["category"] for p, got in test_results if got == p["label"])
    kinds = [[k, by_kind[k], f"{right[k] / by_kind[k]:.2f}"] for k in sorted(by_kind)]
    note = (
        "(test, dev and own pairs: the offline embedder, the default; the onnx columns: the local "
        "sentence model, all-MiniLM-L6-v2, whose vectors choose the facts compared)"
    )
    if missing:
        note += f"\n\n({missing})"
    kinds_table = table(["test pairs by kind", "pairs", "accuracy"], kinds)
    return text + "\n\n" + kinds_table + "\n\n" + probe_table() + "\n\n" + note


def probe_table() -> str:
    """The probe pairs: written by other authors to find words that change a statement while
    keeping its words (roles, comparisons, conditions, Japanese endings …), mostly hard
    negatives, each round split once into halves. Rules were written from the failures of the
    `tune` halves; the `check` halves were scored only as totals."""
    pairs = load("probe")
    onnx = not onnx_missing()
    rows = []
    for round_ in sorted({p["round"] for p in pairs}):
        for half in ("tune", "check"):
            part = [p for p in pairs if p["round"] == round_ and p["half"] == half]
            if not part:
                continue
            s = summary(evaluate(part))
            row = [f"round {round_}, {half}", s.counts.total(), f"{s.overall:.2f}",
                   f"{s.hidden}/{s.negatives}", f"{s.wrongful_hide:.1%}"]  # fmt: skip
            if onnx:
                dense = summary(evaluate(part, "onnx"))
                row += [f"{dense.overall:.2f}", f"{dense.hidden}/{dense.negatives}"]
            rows.append(row)
    headers = ["probe pairs", "pairs", "accuracy", "hidden", "wrongful hide rate"]
    headers += ["accuracy, onnx", "hidden, onnx"] if onnx else []
    return table(headers, rows)


if __name__ == "__main__":
    print(run())
