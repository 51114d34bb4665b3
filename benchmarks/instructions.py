"""`engram import` on real instruction files, and the round trip through `engram export`.

The 257 Cursor rule files of the shared data (`cursorrules/rules/*.mdc`, many authors, many
stacks) are copied into a new project's `.cursor/rules/` and imported offline, as a user would
(`engram import`). Reported: files imported without error, memories created, near-duplicates and
unsafe sections not imported, the share of memories with an inferred `applies_to`, and what
`engram doctor` finds afterwards (target: nothing).

Routing: tasks written for this benchmark, each with the rule files that answer it (a memory is
relevant when it was imported from one of them). Top-3 relevance is the share of the first three
routed memories that are relevant (a missing one counts as not relevant); hit@3 whether any of
them is. The first ten tasks were used while the splitter and the inference were written (dev);
the last ten were written after and never tuned on (test). Beside it, the same files imported
whole (one memory a file, its description as summary): what splitting them is worth.

Round trip: the imported memories are exported (`cursor`, one file a memory, every body whole;
`agents-md`, within its 32 KiB), then imported again — as they are (skipped: Engram wrote them)
and with the generated-file marker taken out, as a person copying them into a file of their own
would. Target: no memory created either way.
"""

from __future__ import annotations

import re
import shutil
import time
from collections import Counter
from pathlib import Path

from benchmarks.common import WORK, Target, data_dir, table

# (task, names of the rule files that answer it: a file is relevant when its name starts so)
DEV_TASKS = [
    ("write a jetpack compose screen with a viewmodel for android",
     ["android-jetpack-compose"]),
    ("add a solidity smart contract test with foundry", ["solidity-"]),
    ("write a conventional commit message for this change", ["git-conventional-commit"]),
    ("write a dockerfile for the python service", ["docker", "python-containerization"]),
    ("create a laravel controller with eloquent models", ["laravel-"]),
    ("write playwright end-to-end tests for the login page", ["playwright-"]),
    ("build a flutter widget with riverpod state", ["flutter-"]),
    ("speed up a slow postgresql query with an index", ["postgresql", "database"]),
    ("file a bug report for the QA team", ["qa-bug-report"]),
    ("create a svelte 5 component with runes", ["svelte"]),
]  # fmt: skip
TEST_TASKS = [
    ("write a rust function that returns a Result and handles errors", ["rust"]),
    ("add a django view and model for orders", ["python-django", "htmx-django"]),
    ("create a unity c# script for player movement", ["unity-"]),
    ("write a vue 3 component with the composition api and a pinia store", ["vue"]),
    ("configure a kubernetes deployment manifest", ["kubernetes", "knative", "kubestellar",
                                                      "manifest-yaml"]),
    ("write the description of a pull request", ["pr-template", "pr-review"]),
    ("train a pytorch model with scikit-learn preprocessing", ["pytorch-scikit-learn",
                                                               "tensorflow", "pandas-scikit",
                                                               "python-llm-ml"]),
    ("build a chrome extension content script", ["chrome-extension", "javascript-chrome-apis"]),
    ("write a snowflake data pipeline with dbt", ["snowflake-"]),
    ("create a shopify theme section in liquid", ["shopify-theme"]),
]  # fmt: skip
FLAGS = {"hooks.path_rules": "hook"}  # every memory goes into the exports


def _project(name: str, rules: list[Path]) -> Path:
    from engram.files.authoring import init_workspace

    folder = WORK / name
    shutil.rmtree(folder, ignore_errors=True)
    (folder / ".cursor" / "rules").mkdir(parents=True)
    for path in rules:
        shutil.copy(path, folder / ".cursor" / "rules" / path.name)
    init_workspace(folder)
    return folder


def _source_of(ws: object, memory_id: str) -> str:
    from engram.workspace import Workspace

    assert isinstance(ws, Workspace)
    rows, _ = ws.find([memory_id])
    sources = rows[0].sources if rows else []
    return str(sources[0][0]).rsplit("/", 1)[-1] if sources else memory_id


def _relevance(project: Path, tasks: list[tuple[str, list[str]]]) -> tuple[float, float]:
    """(mean top-3 relevance, hit@3) of the tasks routed in this project."""
    import engram

    shares, hits = [], []
    with engram.open_workspace(project, flags=FLAGS) as ws:
        for task, relevant in tasks:
            top = [c.id for c in ws.route(task).pack[:3]]
            names = [_source_of(ws, mid) for mid in top]
            good = [any(name.startswith(r) for r in relevant) for name in names]
            shares.append(sum(good) / 3)
            hits.append(1.0 if any(good) else 0.0)
    return sum(shares) / len(shares), sum(hits) / len(hits)


def _whole_files(rules: list[Path]) -> Path:
    """The baseline: each rule file one memory, its body whole and its description as summary."""
    import yaml

    from engram.instructions.sources import read_source

    folder = _project("import-whole", rules)
    root = folder / ".agents" / ".engram" / "rules"
    for path in rules:
        source = read_source(folder, f".cursor/rules/{path.name}")
        front = {"id": path.stem, "type": "rule", "summary": source.description,
                 "sources": [{"path": source.path, "sha256": source.sha256}]}  # fmt: skip
        text = "---\n" + yaml.safe_dump(front, sort_keys=False) + "---\n" + source.body
        (root / f"{path.stem}.md").write_text(text, encoding="utf-8")
    return folder


def _strip_markers(folder: Path, into: Path) -> int:
    """Copy the exported files of `folder` into `into` without the generated-file marker."""
    into.mkdir(parents=True, exist_ok=True)
    count = 0
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            text = re.sub(r"^<!-- engram:generated[^\n]*-->\n", "", text, flags=re.M)
            (into / f"{path.stem}-copy{path.suffix}").write_text(text, encoding="utf-8")
            count += 1
    return count


def run() -> str:
    import engram
    from engram.instructions.importer import CREATE, DUPLICATE, REFUSED

    rules = sorted((data_dir() / "cursorrules" / "rules").glob("*.mdc"))
    if not rules:
        return f"skipped: no rule files in {data_dir() / 'cursorrules' / 'rules'}"
    project = _project("import-cursorrules", rules)
    began = time.perf_counter()
    with engram.open_workspace(project, flags=FLAGS) as ws:
        plan = engram.import_instructions(ws)
    seconds = time.perf_counter() - began
    states = Counter(source.state for source in plan.sources)
    created = plan.planned(CREATE)
    scoped = sum(1 for m in created if m.applies_to)
    kinds = Counter(m.type for m in created)
    with engram.open_workspace(project, flags=FLAGS) as ws:
        findings = engram.doctor(ws.indexes)
    errors = states.get("error", 0)
    rows: list[list[object]] = [
        ["files imported without error", f"{len(rules) - errors} / {len(rules)}",
         Target(errors, "==", 0, shown="all", measured=f"{len(rules) - errors}/{len(rules)}",
                name="Cursor rule files imported without error")],
        ["memories created", f"{len(created):,} ({kinds['rule']} rules, {kinds['skill']} skills, "
         f"{kinds['knowledge']} knowledge)", ""],
        ["near-duplicates reported, not created", len(plan.planned(DUPLICATE)), ""],
        ["unsafe sections refused", len(plan.planned(REFUSED)), ""],
        ["memories with an inferred applies_to", f"{scoped / len(created):.1%} ({scoped:,})", ""],
        ["`engram doctor` findings afterwards", len(findings),
         Target(len(findings), "==", 0, shown="0", name="doctor findings after the import")],
        ["import time (257 files)", f"{seconds:.1f} s", ""],
    ]  # fmt: skip
    out = [table(["import of 257 Cursor rule files", "measured", "target"], rows)]

    whole = _whole_files(rules)
    quality: list[list[object]] = []
    for split, tasks in (("dev", DEV_TASKS), ("test", TEST_TASKS)):
        share, hit = _relevance(project, tasks)
        base_share, base_hit = _relevance(whole, tasks)
        target: object = ""
        if split == "test":
            target = Target(round(share, 3), ">=", round(base_share, 3),
                            shown=f"≥ whole files' {base_share:.3f}", measured=f"{share:.3f}",
                            name="top-3 relevance of imported memories (test tasks)")  # fmt: skip
        quality.append([f"{split} ({len(tasks)} tasks)", f"{share:.3f}", f"{hit:.2f}",
                        f"{base_share:.3f}", f"{base_hit:.2f}", target])  # fmt: skip
    out.append(table(["routing tasks", "top-3 relevance", "hit@3", "whole files: top-3",
                      "whole files: hit@3", "target"], quality))  # fmt: skip

    trips: list[list[object]] = []
    shown: list[int] = []
    for fmt in ("cursor", "agents-md"):
        with engram.open_workspace(project, flags=FLAGS) as ws:
            report = engram.export_instructions(ws, fmt)
            again = engram.import_instructions(ws)
        as_is = len(again.planned(CREATE))
        exported = project / (".cursor/rules/engram-export" if fmt == "cursor" else "AGENTS.md")
        copies = project / "copies" / fmt
        if exported.is_dir():
            _strip_markers(exported, copies)
        else:
            _strip_markers_file(exported, copies)
            copies = copies / "AGENTS-copy.md"
        with engram.open_workspace(project, flags=FLAGS) as ws:
            copied = engram.import_instructions(ws, [copies])
        made = len(copied.planned(CREATE))
        shown.append(report.bodies + report.cards)
        trips.append([fmt, f"{report.bodies:,} in full, {report.cards:,} as cards", as_is,
                      len(copied.planned(DUPLICATE)), made,
                      Target(as_is + made, "==", 0, shown="0",
                             name=f"round trip through {fmt}: memories created")])  # fmt: skip
    out.append(table(["round trip: import → export → import", "exported", "created (as is)",
                      "near-duplicates (marker removed)", "created (marker removed)", "target"],
                     trips))  # fmt: skip
    out.append(
        f"`agents-md` holds {shown[1]:,} of the {len(created):,} memories within Codex's 32 KiB "
        "(the others are left out, as `engram export` notes); `cursor` writes one file a memory."
    )
    return "\n\n".join(out)


def _strip_markers_file(path: Path, into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^<!-- engram:generated[^\n]*-->\n", "", text, flags=re.M)
    (into / "AGENTS-copy.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    print(run())
