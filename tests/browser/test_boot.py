"""The page boots Python from its own files and says so when it cannot."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, Route

from tests.browser.conftest import Traffic, screenshot, wait_ready
from tests.browser.helpers import archive_with


def test_boots_to_a_playable_table_from_its_own_origin(open_game: Callable[..., Page], traffic: Traffic) -> None:
    page = open_game()
    assert page.evaluate("document.body.dataset.ready") == "true"
    columns = page.eval_on_selector_all("[data-pile^='t']", "els => els.map(e => e.dataset.pile)")
    assert columns[:7] == [f"t{i}" for i in range(1, 8)]
    assert page.is_hidden("#boot")
    assert traffic.errors == [], traffic.errors
    screenshot(page, "boot-desktop")


def test_loading_screen_shows_before_python(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    page = new_context().new_page()
    # Hold the runtime back: the loading screen must already be there, in plain HTML.
    page.route("**/pyodide.asm.wasm", lambda route: None)
    page.goto(site_url)
    assert page.is_visible("#boot")
    assert "Downloading the Python runtime" in page.inner_text(".boot-steps")
    assert page.evaluate("document.body.dataset.ready") is None


def test_missing_file_shows_a_readable_error(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    traffic.expect_error(r"status of 404|Unable to fetch .*/game\.zip")
    page = new_context().new_page()
    page.route("**/game.zip", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === 'error'", timeout=60_000)
    assert page.is_visible(".boot-error")
    assert "game.zip" in page.inner_text(".boot-error-text")


def test_python_exception_shows_a_readable_error(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    traffic.expect_error(r"RuntimeError: the deck is missing")
    page = new_context().new_page()

    def broken(route: Route) -> None:
        body = archive_with("ui/page.py", "def start():\n    raise RuntimeError('the deck is missing')\n")
        route.fulfill(status=200, content_type="application/zip", body=body)

    page.route("**/game.zip", broken)
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === 'error'", timeout=60_000)
    assert "RuntimeError: the deck is missing" in page.inner_text(".boot-error-text")
    assert page.is_visible(".boot-retry")


def test_boot_waits_for_ready_marker(open_game: Callable[..., Page]) -> None:
    page = open_game(width=360, height=640)
    wait_ready(page)
    assert page.is_visible("[data-pile='t7']")
    screenshot(page, "boot-phone")
