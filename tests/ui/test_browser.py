"""The UI in a real headless browser (Debian's chromium driven by Playwright): every page
loads, a fact is found, the graph draws its nodes and edges; screenshots go to the test's
folder. Skipped where /usr/bin/chromium is missing (`.ci/run` installs it)."""

from __future__ import annotations

import functools
import re
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

# Debian's chromium, its flags and the served app, as the ui benchmark starts them
from benchmarks.ui import ARGS, CHROMIUM, serve
from engram.files.authoring import init_workspace
from engram.store import MemoryStore
from tests.conftest import write_memory
from tests.ui.conftest import INJECTION, populate

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="no /usr/bin/chromium (apt-get install chromium)"
    ),
]


@dataclass
class Served:
    url: str  # the address `engram ui` printed, with its token
    base: str
    facts: dict[str, str]
    shots: Path


def _graph(store: MemoryStore, people: int) -> None:
    """Companies, cities and technologies with `people` employees: about people + 20 nodes."""
    graph = store.graph
    for city in ("Kazan", "Lisbon", "Berlin", "Austin"):
        graph.add_related(city, "location")
    for n in range(8):
        graph.add_related(
            f"Company {n}",
            "company",
            relate=("located_in", ["Kazan", "Lisbon", "Berlin", "Austin"][n % 4]),
        )
    for tech in ("Python", "Rust", "Kafka", "Postgres", "React", "Go"):
        graph.add_related(tech, "technology")
    for n in range(people):
        graph.add_related(f"Person {n}", "person", relate=("works_at", f"Company {n % 8}"))
        graph.relate(
            f"Person {n}", "uses", ["Python", "Rust", "Kafka", "Postgres", "React", "Go"][n % 6]
        )


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("ui")
    project, home = base / "project", base / "home"
    project.mkdir()
    init_workspace(project)
    with MemoryStore.open(base / "memory.db") as store:
        memory = functools.partial(write_memory, project / ".agents" / ".engram")
        facts = populate(project, memory, store)
        _graph(store, 180)
    # Hand edits wait for a person (as `engram verify` reports them): the routing preview, which
    # loads as an agent would, then leaves them on the approvals page.
    config = project / ".agents" / ".engram" / "engram.toml"
    config.write_text('[files]\non_hand_edit = "refuse"\n')
    process, url = serve(project, base / "memory.db", home)
    match = re.match(r"(http://127\.0\.0\.1:\d+)/", url)
    assert match, url
    yield Served(url, match.group(1), facts, tmp_path_factory.mktemp("screenshots"))
    process.send_signal(signal.SIGINT)
    process.communicate(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, served: Served) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    problems: list[str] = []
    opened.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    opened.on("pageerror", lambda exc: problems.append(str(exc)))
    opened.goto(served.url)  # the token once; the cookie from then on
    yield opened
    context.close()
    assert problems == []  # no script error, nothing the Content-Security-Policy blocked


@pytest.mark.parametrize(
    ("path", "heading"),
    [
        ("/", "Overview"),
        ("/memories", "Memories"),
        ("/load?task=deploy+the+release", "Routing preview"),
        ("/approvals", "Approvals"),
        ("/facts", "Facts"),
        ("/graph", "Entity graph"),
    ],
)
def test_each_page_loads(page: Any, served: Served, path: str, heading: str) -> None:
    page.goto(served.base + path)
    assert page.locator("h1").inner_text() == heading
    page.screenshot(path=str(served.shots / f"{heading.replace(' ', '-').lower()}.png"))


def test_searching_a_fact_finds_it_and_opens_its_timeline(page: Any, served: Served) -> None:
    page.goto(served.base + "/facts")
    page.fill("input[name=q]", "where does Alice live")
    page.click("form.filters button")
    page.wait_for_url(re.compile(r"/facts\?q="))
    first = page.locator("tbody tr").first
    assert "Alice lives in Paris" in first.inner_text()
    first.locator("a").click()
    versions = page.locator(".timeline .version")
    assert versions.count() == 2
    assert "supersedes" in page.locator(".timeline").inner_text()


def test_an_unsafe_fact_shows_its_reason_in_the_page(page: Any, served: Served) -> None:
    page.goto(served.base + f"/facts/{served.facts['unsafe']}")
    text = page.locator("main").inner_text()
    assert "withheld: prompt injection" in text and INJECTION not in text


def test_the_routing_preview_shows_the_pack_beside_its_reasons(page: Any, served: Served) -> None:
    page.goto(served.base + "/load")
    page.fill("input[name=task]", "deploy the release")
    page.press("input[name=task]", "Enter")
    page.wait_for_url(re.compile(r"/load\?task="))
    assert "### deploy-api" in page.locator("pre.pack").inner_text()
    assert "deploy-api" in page.locator(".split section").nth(1).inner_text()


def _drawn(page: Any) -> tuple[int, int]:
    page.wait_for_selector("body[data-graph-ready='1']", timeout=30_000)
    graph = page.locator("#graph")
    return int(graph.get_attribute("data-nodes")), int(graph.get_attribute("data-edges"))


def test_the_graph_draws_nodes_and_edges(page: Any, served: Served) -> None:
    page.goto(served.base + "/graph?start=Company+0&hops=2")
    nodes, edges = _drawn(page)
    assert nodes > 20 and edges >= nodes - 1
    assert page.locator("#graph canvas").count() > 0
    legend = page.locator("#graph-legend").inner_text()
    assert "person" in legend and "company" in legend and "technology" in legend
    page.screenshot(path=str(served.shots / "graph-company-0.png"))


def test_the_graph_of_200_nodes_draws_them_all(page: Any, served: Served) -> None:
    page.goto(served.base + "/graph")
    nodes, edges = _drawn(page)
    assert nodes == 200 and edges > 200
    assert "more not drawn" in page.locator("#graph-status").inner_text()
    page.screenshot(path=str(served.shots / "graph-200.png"))


def test_clicking_a_node_with_more_neighbours_expands_it(page: Any, served: Served) -> None:
    page.goto(served.base + "/graph?start=Kazan&hops=1")
    before, _ = _drawn(page)
    page.evaluate("document.body.removeAttribute('data-graph-ready')")
    page.evaluate("window.engramGraph.nodes('[more > 0]').first().emit('tap')")
    after, _ = _drawn(page)
    assert after > before


def test_a_type_filter_redraws_the_graph_with_those_types(page: Any, served: Served) -> None:
    page.goto(served.base + "/graph?start=Company+1&hops=2")
    _drawn(page)
    page.check("input[name=type][value=person]")
    page.wait_for_url(re.compile(r"type=person"))
    _drawn(page)
    types = page.evaluate("window.engramGraph.nodes().map(n => n.data('type'))")
    assert set(types) == {"company", "person"}  # the start and the people


def test_the_html_export_draws_offline(browser: Any, served: Served, tmp_path: Path) -> None:
    from engram.graph.export import to_html

    with MemoryStore.open(Path(served.base and tmp_path) / "export.db") as store:
        _graph(store, 30)
        (tmp_path / "graph.html").write_text(to_html(store.graph, store.graph.resolve("Kazan"), 2))
    context = browser.new_context()
    page = context.new_page()
    page.route("http*://**", lambda route: route.abort())  # nothing may be fetched
    page.goto((tmp_path / "graph.html").as_uri())
    nodes, edges = _drawn(page)
    assert nodes > 5 and edges >= nodes - 1
    page.screenshot(path=str(served.shots / "export.png"))
    context.close()


def test_the_overview_fills_in_the_doctor_problems(page: Any, served: Served) -> None:
    page.goto(served.base + "/")
    page.wait_for_selector("#problems[data-ready='1']", timeout=30_000)
    # the unsafe file and the one too large to read stay problems whatever was approved
    assert int(page.locator("#problem-count").inner_text()) >= 2
    listed = page.locator("#problems").inner_text()
    assert "unsafe: secret: AWS access key" in listed and "too large" in listed


def test_approving_a_file_takes_it_off_the_approvals_page(page: Any, served: Served) -> None:
    page.goto(served.base + "/approvals")
    section = page.locator("section.approval", has_text="rules/new-rule.md")
    assert "never approved" in section.inner_text()
    page.screenshot(path=str(served.shots / "approvals-before.png"))
    section.locator("button").click()
    page.wait_for_url(re.compile(r"/approvals$"))
    assert "rules/new-rule.md" not in page.locator("main").inner_text()
    assert "knowledge/db-migrations.md" in page.locator("main").inner_text()
