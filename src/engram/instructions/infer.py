"""What a section of an instruction file is, read from its heading, globs and text, offline.

- **type**: a `skill` holds steps (an ordered list of three or more, or a heading such as
  "How to deploy", "Workflow", "Steps"); `knowledge` describes (a heading such as "Overview",
  "Architecture", "Project structure", or prose with no imperative line); everything else is a
  `rule`. English, Russian, Spanish and Japanese heading words are known.
- **tags**: technologies named in the heading, the file's name and description, and the globs
  (`**/*.py` is python), then the heading's own words.
- **triggers**: the heading, as a phrase.
- **applies_to**: the file's globs; else the folder of a nested AGENTS.md; else globs or paths
  written in the heading (`src/api/**`), or the file types of a language the heading names
  ("TypeScript conventions" applies to `**/*.ts`, `**/*.tsx`).
- **directive**: the first imperative line of a rule (one line, at most 120 characters).
"""

from __future__ import annotations

import re
import unicodedata

from engram.files.layout import device_name
from engram.instructions.sources import SourceFile
from engram.instructions.split import Section, clean_title

# Languages and the files they are written in: a heading naming one scopes its section.
LANGUAGE_GLOBS: dict[str, tuple[str, ...]] = {
    "python": ("**/*.py",),
    "typescript": ("**/*.ts", "**/*.tsx"),
    "javascript": ("**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"),
    "rust": ("**/*.rs",),
    "go": ("**/*.go",),
    "golang": ("**/*.go",),
    "java": ("**/*.java",),
    "kotlin": ("**/*.kt", "**/*.kts"),
    "swift": ("**/*.swift",),
    "ruby": ("**/*.rb",),
    "php": ("**/*.php",),
    "c#": ("**/*.cs",),
    "csharp": ("**/*.cs",),
    "c++": ("**/*.cpp", "**/*.hpp", "**/*.cc", "**/*.h"),
    "cpp": ("**/*.cpp", "**/*.hpp", "**/*.cc", "**/*.h"),
    "css": ("**/*.css", "**/*.scss"),
    "scss": ("**/*.scss",),
    "html": ("**/*.html",),
    "sql": ("**/*.sql",),
    "vue": ("**/*.vue",),
    "svelte": ("**/*.svelte",),
    "dart": ("**/*.dart",),
    "terraform": ("**/*.tf",),
    "solidity": ("**/*.sol",),
    "elixir": ("**/*.ex", "**/*.exs"),
    "scala": ("**/*.scala",),
    "lua": ("**/*.lua",),
    "dockerfile": ("**/Dockerfile", "**/Dockerfile.*"),
    "bash": ("**/*.sh",),
    "shell": ("**/*.sh",),
}
# File extensions the globs name, as the technology they are (for tags).
EXTENSION_TAGS = {
    "py": "python", "ts": "typescript", "tsx": "typescript", "js": "javascript",
    "jsx": "javascript", "rs": "rust", "go": "go", "java": "java", "kt": "kotlin",
    "swift": "swift", "rb": "ruby", "php": "php", "cs": "csharp", "cpp": "cpp", "hpp": "cpp",
    "vue": "vue", "svelte": "svelte", "dart": "dart", "tf": "terraform", "sol": "solidity",
    "sql": "sql", "css": "css", "scss": "css", "ex": "elixir", "lua": "lua", "sh": "shell",
    "prisma": "prisma", "liquid": "liquid", "ipynb": "jupyter",
}  # fmt: skip
# Technologies worth a tag when the heading, the file name or the description names them.
TECH = frozenset(
    """
python typescript javascript rust go golang java kotlin swift ruby php csharp cpp css html sql
vue svelte dart flutter terraform solidity elixir scala lua react nextjs next.js angular nuxt
astro remix django flask fastapi rails laravel spring node nodejs express nestjs deno bun
tailwind tailwindcss shadcn redux zustand graphql prisma supabase firebase postgres postgresql
mysql mongodb redis sqlite docker kubernetes helm aws gcp azure cloudflare vercel netlify
pytest jest vitest cypress playwright storybook webpack vite expo android ios jetpack compose
swiftui unity godot blender pandas numpy pytorch tensorflow langchain openai llm git github
gitlab ci terraform ansible nginx linux bash shell htmx jquery bootstrap electron tauri chrome
wordpress shopify stripe solana ethereum web3 hono drizzle trpc zod convex sveltekit qwik
""".split()
)
# Words of a file's name that say only that it is a rule file.
NOISE = frozenset(
    """
cursorrules cursor rules rule prompt file mdc md instructions instruction copilot agents claude
gemini windsurfrules windsurf guidelines guide pro p setup v2 and the for with of to in a best
practices development dev
""".split()
)
SKILL_WORDS = frozenset(
    """
how workflow workflows steps step process procedure checklist runbook playbook recipe recipes
setup install installation deploy deployment release releasing migrate migration onboarding
как шаги процесс процедура инструкция порядок развертывание деплой релиз установка
cómo pasos proceso procedimiento flujo despliegue instalación lanzamiento
手順 方法 ワークフロー デプロイ リリース 導入 セットアップ
""".split()
)
KNOWLEDGE_WORDS = frozenset(
    """
overview architecture structure about background context glossary reference stack tech
technologies introduction description layout directory directories folder folders
domain model concepts notes faq terminology dependencies environment
обзор архитектура структура контекст описание глоссарий справка стек
resumen arquitectura estructura contexto descripción glosario referencia
概要 アーキテクチャ 構成 構造 背景 用語集 参考
""".split()
)
# Words an imperative line starts with (or holds as its modal), by language.
IMPERATIVE = re.compile(
    r"^(?:always|never|do|don't|dont|avoid|use|prefer|ensure|keep|make|write|add|follow|run|"
    r"put|place|name|limit|include|implement|handle|validate|check|test|document|create|define|"
    r"apply|leverage|favor|favour|minimize|maximize|separate|organize|structure|return|throw|"
    r"log|wrap|split|extract|provide|consider|remember|only|must|should|all|no|not|"
    r"всегда|никогда|не|используй\w*|избега\w*|пиши\w*|проверя\w*|следи\w*|"
    r"siempre|nunca|no|usa|utiliza|evita|escribe|prefiere|asegúrate|mantén)\b",
    re.I,
)
MODAL = re.compile(r"\b(?:must|should|never|always|do not|don't|avoid|prefer)\b", re.I)
_ORDERED = re.compile(r"^\s*\d+[.)]\s+\S")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_CODE = re.compile(r"[=(){};<>]|^\w+\.\w+")  # a line of code is no directive
_PATHLIKE = re.compile(r"`([^`\s]*(?:/|\*)[^`\s]*)`")
GENERIC_TITLES = frozenset(
    "overview general introduction intro notes misc other summary rules guidelines".split()
)
# Imperative verbs say how, not what about: never tags.
VERBS = frozenset("use avoid write follow keep make prefer ensure add do don't implement".split())
MAX_TAGS = 6
MAX_DIRECTIVE = 120


def words_of(text: str) -> list[str]:
    """Lower-cased words of a heading, file name or description (NFKC, casefolded)."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return re.findall(r"[^\W_][\w.#+]*[\w#+]|[^\W_]", text)


def infer_type(section: Section) -> str:
    """rule, skill or knowledge (see the module's docstring)."""
    title = set(words_of(section.title))
    lines = [line for line in section.text.split("\n")[1 if section.level else 0 :] if line.strip()]
    ordered = sum(1 for line in lines if _ORDERED.match(line))
    if title & SKILL_WORDS or (ordered >= 3 and not _rule_list(lines)):
        return "skill"
    imperative = sum(1 for line in lines if _imperative(line))
    if title & KNOWLEDGE_WORDS and imperative * 3 <= len(lines):
        return "knowledge"
    if lines and imperative == 0 and not any(MODAL.search(line) for line in lines):
        return "knowledge"
    return "rule"


def _rule_list(lines: list[str]) -> bool:
    """A numbered list of rules rather than steps: most items are imperative or modal."""
    items = [line for line in lines if _ORDERED.match(line)]
    ruled = sum(1 for line in items if _imperative(line) or MODAL.search(line))
    return ruled * 2 > len(items)


def _imperative(line: str) -> bool:
    text = _BULLET.sub("", line.strip())
    text = re.sub(r"^\*\*[^*]+\*\*:?\s*", "", text)  # "**Naming**: use …" is about naming
    return bool(IMPERATIVE.match(text.lstrip("*_ >")))


def directive_of(section: Section, kind: str) -> str:
    """The first imperative line of a rule, trimmed to one line of at most 120 characters."""
    if kind != "rule":
        return ""
    for line in section.text.split("\n"):
        if line.lstrip().startswith(("#", "```", "~~~", "|", "//")) or not line.strip():
            continue
        if _imperative(line):
            text = _BULLET.sub("", line.strip())
            text = re.sub(r"\*\*|__", "", text).strip()
            if len(text) <= MAX_DIRECTIVE and len(text.split()) >= 3 and not _CODE.search(text):
                return text
    return ""


def name_words(source: SourceFile) -> list[str]:
    """The words of a file's name that say what it is about (not that it is a rule file)."""
    stem = source.path.rsplit("/", 1)[-1].removesuffix(".mdc").removesuffix(".md")
    stem = stem.removesuffix(".instructions")
    return [w for w in re.split(r"[^\w]+|_", stem.casefold()) if w and w not in NOISE]


def file_tags(source: SourceFile) -> list[str]:
    """Technologies the file is about: from its globs, name and description."""
    tags: list[str] = []
    for glob in source.globs:
        ext = glob.rsplit(".", 1)[-1] if "." in glob.rsplit("/", 1)[-1] else ""
        if ext in EXTENSION_TAGS:
            tags.append(EXTENSION_TAGS[ext])
    for word in [*name_words(source), *words_of(source.description)]:
        if word in TECH:
            tags.append(word)
    return list(dict.fromkeys(tags))


def tags_of(section: Section, source: SourceFile) -> list[str]:
    """The section's tags: technologies named in its heading, then the file's, then the
    heading's other words (at most six)."""
    heading = words_of(section.title)
    tech = [w for w in heading if w in TECH]
    from engram.text.words import GENERIC_WORDS, STOP_WORDS

    plain = [
        w for w in heading
        if w not in TECH and w not in NOISE and w not in GENERIC_TITLES and len(w) > 2
        and not w.isdigit() and w not in STOP_WORDS and w not in GENERIC_WORDS
        and w not in VERBS
    ]  # fmt: skip
    tags = list(dict.fromkeys([*tech, *file_tags(source), *plain]))
    return [_tag(t) for t in tags if _tag(t)][:MAX_TAGS]


def _tag(word: str) -> str:
    return re.sub(r"[^\w+#.-]", "", word).strip(".-")


def triggers_of(section: Section) -> list[str]:
    """The heading as a phrase an agent's task may contain (none for generic headings)."""
    title = clean_title(section.title)
    if not title or set(words_of(title)) <= GENERIC_TITLES or len(title) > 80:
        return []
    return [title]


def applies_to_of(section: Section, source: SourceFile) -> tuple[list[str], str]:
    """(globs, where they came from) of a section; ([], '') when it is not path-scoped."""
    if source.globs:
        return list(source.globs), "the file's globs"
    if source.folder_scope:
        return source.folder_scope, f"{source.path} applies to its folder"
    written = [g for g in _PATHLIKE.findall(section.title) if not g.startswith(("http", "//"))]
    if written:
        return written, "paths named in the heading"
    heading = words_of(section.title)
    named = [w for w in heading if w in LANGUAGE_GLOBS]
    if named and len(heading) <= 6:
        globs = list(dict.fromkeys(g for w in named for g in LANGUAGE_GLOBS[w]))
        return globs, f"the heading names {', '.join(named)}"
    return [], ""


def slug(text: str, limit: int = 48) -> str:
    """An id-safe slug: letters and digits of any script, joined by '-', cut at a word."""
    words = re.findall(r"[^\W_]+", unicodedata.normalize("NFKC", text).casefold())
    out = ""
    for word in words:
        candidate = f"{out}-{word}" if out else word
        if len(candidate) > limit:
            break
        out = candidate
    return out or (words[0][:limit] if words else "")


def base_id(section: Section, source: SourceFile) -> str:
    """The id a section's memory is named by: the file's name words (for per-topic files and
    nested files) and the heading."""
    prefix = ""
    if source.kind in ("cursor-rule", "claude-rule", "windsurf-rule", "copilot-instructions",
                       "markdown"):  # fmt: skip
        prefix = "-".join(name_words(source)) or slug(source.path.rsplit("/", 1)[-1])
    elif source.folder_scope:
        prefix = slug(source.path.rsplit("/", 1)[0])
    title = slug(section.title) if section.title else ""
    prefix = slug(prefix, 32)
    if title == prefix or title.startswith(f"{prefix}-"):
        prefix = ""  # `api/AGENTS.md` titled "API" is `api`, not `api-api`
    joined = "-".join(p for p in (prefix, title) if p)
    found = slug(joined) or slug(source.kind) or "imported"
    return f"{found}-notes" if device_name(found) else found  # "AUX" is no file on Windows
