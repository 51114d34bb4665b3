"""The public API and the module boundaries."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import engram


def test_every_public_name_is_exported_and_importable() -> None:
    for name in engram.__all__:
        assert getattr(engram, name) is not None, name


def test_all_is_sorted_and_matches_the_lazy_table() -> None:
    assert engram.__all__ == sorted(engram.__all__)
    assert set(engram.__all__) == set(engram._WHERE)


def _imported_after(code: str) -> set[str]:
    probe = f"import sys; {code}; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_importing_engram_loads_nothing_heavy() -> None:
    loaded = _imported_after("import engram")
    assert not {"yaml", "pathspec", "Stemmer", "sqlite3", "numpy", "engram.workspace"} & loaded


def test_the_cli_module_does_not_import_yaml_or_pathspec() -> None:
    loaded = _imported_after("import engram.cli")
    assert not {"yaml", "pathspec", "numpy"} & loaded


def test_the_load_and_hook_paths_never_import_numpy_mcp_or_tqdm(tmp_path: Path) -> None:
    from engram.files.authoring import init_workspace

    init_workspace(tmp_path)
    code = (
        "import io, sys; from engram.cli import main; sys.stdin = io.StringIO('{}'); "
        f"main(['-C', {str(tmp_path)!r}, 'load', 'deploy']); main(['hook', '--host', 'claude'])"
    )
    assert not {"numpy", "mcp", "pydantic", "tqdm"} & _imported_after(code)


def test_text_and_safety_do_not_depend_on_files_or_routing() -> None:
    loaded = _imported_after("import engram.text, engram.safety")
    assert not {m for m in loaded if m.startswith(("engram.files", "engram.routing", "engram.cli"))}


def test_text_and_safety_import_nothing_else_of_engrams() -> None:
    """They are shared by the memory files and the fact store: only `engram.paths` (where the
    user's state folder is), `engram.plain` (a base class for records) and `engram.terminal`
    (terminal escapes), which import nothing, may be reached from them."""
    import ast

    package = Path(engram.__file__).parent
    allowed = ("engram.text", "engram.safety", "engram.paths", "engram.plain", "engram.terminal")
    for folder in ("text", "safety"):
        for source in (package / folder).glob("*.py"):
            for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                else:
                    continue
                for name in names:
                    if name.startswith("engram"):
                        assert name.startswith(allowed), f"{source.name} imports {name}"


def test_the_fact_splitter_the_cli_uses_is_public() -> None:
    text = "Alice lives in Berlin.\n\n- Bob plays the violin.\n- Carol runs the CI."
    assert engram.split_facts(text) == [
        "Alice lives in Berlin.",
        "Bob plays the violin.",
        "Carol runs the CI.",
    ]
    long = " ".join(f"Sentence number {n} is here." for n in range(40))
    assert all(len(piece) <= 200 for piece in engram.split_facts(long, limit=200))


def test_the_fact_splitter_does_not_cut_after_an_initial_or_an_abbreviation() -> None:
    text = "In E. coli the helicase unwinds DNA, as Smith et al. showed with Dr. Lee. " * 4
    pieces = engram.split_facts(text.strip(), limit=160)
    assert all(piece.endswith("Dr. Lee.") for piece in pieces)


def test_a_workspace_opens_from_a_path_given_as_text(project: Path) -> None:
    with engram.open_workspace(str(project)) as ws:
        assert ws.project is not None and ws.project.resolve() == project.resolve()


def test_the_fact_splitter_takes_each_japanese_sentence_line_as_a_fact() -> None:
    text = "田中さんは東京に住んでいます。\n本番環境のデプロイは金曜日に禁止されています。\n"
    assert engram.split_facts(text) == [
        "田中さんは東京に住んでいます。",
        "本番環境のデプロイは金曜日に禁止されています。",
    ]


def test_the_fact_splitter_joins_a_japanese_line_cut_mid_sentence() -> None:
    text = "本番環境のデプロイは\n金曜日に禁止されています。"
    assert len(engram.split_facts(text)) == 1


def test_the_fact_splitter_joins_a_line_that_goes_on_in_lower_case() -> None:
    text = "Deploys are frozen on Fridays because the\non-call team is smaller."
    assert len(engram.split_facts(text)) == 1
