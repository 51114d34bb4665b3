"""The UI's guards: the token on every request, CSRF on every write, and headers that keep the
page from loading anything from elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from engram.ui.app import cookie_name
from tests.ui.conftest import TOKEN, Site


@pytest.fixture
def stranger(site: Site) -> TestClient:
    """A client of the same app that never saw the token."""
    return TestClient(site.client.app)


@pytest.mark.parametrize("path", ["/", "/facts", "/api/facts", "/api/graph", "/static/graph.js"])
def test_a_request_without_the_token_is_refused(stranger: TestClient, path: str) -> None:
    answer = stranger.get(path)
    assert answer.status_code == 403
    assert "needs its token" in answer.text and "Engram" in answer.text


def test_a_wrong_token_is_refused(stranger: TestClient) -> None:
    assert stranger.get("/", params={"token": TOKEN + "x"}).status_code == 403
    stranger.cookies.set(cookie_name(TOKEN), "guess")
    assert stranger.get("/api/overview").status_code == 403


def test_the_token_in_the_query_once_then_the_cookie_is_enough(stranger: TestClient) -> None:
    first = stranger.get("/", params={"token": TOKEN})
    assert first.status_code == 200
    cookie = first.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert stranger.get("/api/overview").status_code == 200


def test_a_post_without_the_csrf_token_is_refused_and_changes_nothing(site: Site) -> None:
    fact_id = site.facts["kafka"]
    answer = site.client.post(f"/api/facts/{fact_id}/delete", data={})
    assert answer.status_code == 403 and "CSRF" in answer.text
    assert site.store.get(fact_id) is not None


def test_a_post_with_a_wrong_csrf_token_is_refused(site: Site) -> None:
    answer = site.client.post(
        "/api/approve",
        json={"scope": "workspace", "path": "rules/new-rule.md"},
        headers={"X-CSRF-Token": "nope"},
    )
    assert answer.status_code == 403


def test_a_write_cannot_be_made_with_get(site: Site) -> None:
    assert site.client.get(f"/api/facts/{site.facts['kafka']}/delete").status_code == 405


def test_pages_allow_nothing_but_the_app_itself(site: Site) -> None:
    headers = site.client.get("/").headers
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["cache-control"] == "no-store"


def test_pages_reference_no_address_outside_the_app(site: Site) -> None:
    for path in ("/", "/graph", f"/facts/{site.facts['paris']}", "/memories"):
        page = site.client.get(path).text
        assert "http://" not in page and "https://" not in page, path


def test_a_markdown_image_is_not_fetched(site: Site, memory: object) -> None:
    memory("pic", "# Pic\n\n![chart](https://example.com/x.png)\n")  # type: ignore[operator]
    page = site.client.get("/memories/workspace/knowledge/pic.md").text
    assert "<img" not in page


def test_the_static_files_and_the_licence_ship_as_package_data() -> None:
    import fnmatch
    import tomllib

    import engram

    root = Path(engram.__file__).parent
    data = tomllib.loads((root.parent.parent / "pyproject.toml").read_text())
    globs = data["tool"]["setuptools"]["package-data"]["engram.ui"]
    shipped = sorted(p.relative_to(root / "ui").as_posix() for p in (root / "ui/static").iterdir())
    assert "static/cytoscape-LICENSE.txt" in shipped and "static/cytoscape.min.js" in shipped
    assert all(any(fnmatch.fnmatch(name, g) for g in globs) for name in shipped), shipped
    assert (root / "docs" / "ui-graph-200.png").is_file()


def test_a_token_in_any_script_is_refused_not_an_error(stranger: TestClient) -> None:
    assert stranger.get("/", params={"token": "жетон"}).status_code == 403


def test_a_csrf_token_in_any_script_is_refused_not_an_error(site: Site) -> None:
    answer = site.client.post(
        "/api/approve", data={"csrf": "жетон", "scope": "workspace", "path": "rules/new-rule.md"}
    )
    assert answer.status_code == 403


@pytest.mark.parametrize("target", ["//evil.example/x", "/\\evil.example", "https://evil.example"])
def test_a_form_cannot_send_the_browser_to_another_site(site: Site, target: str) -> None:
    answer = site.client.post(
        "/api/approve",
        follow_redirects=False,
        data={"csrf": site.csrf, "scope": "workspace", "path": "rules/new-rule.md", "next": target},
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/"


def test_two_uis_in_one_browser_each_keep_their_cookie(site: Site) -> None:
    """A browser keeps cookies by host, not port: a second `engram ui` (another project, another
    port) must not replace the first one's cookie."""
    from engram.ui.app import create_app
    from engram.ui.data import Sources

    other = TestClient(create_app(Sources(site.project), "other-token-0123456789"))
    assert other.get("/approvals", params={"token": "other-token-0123456789"}).status_code == 200
    for cookie in other.cookies.jar:  # the one cookie jar both pages share
        site.client.cookies.set(cookie.name, str(cookie.value), cookie.domain, cookie.path)
    assert site.client.get("/api/overview").status_code == 200
