"""Browser test fixtures: one local server, Chromium from the system when present,
and a guard that fails any test whose page reaches another origin."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request

from tools import vendor
from tools.devserver import serve_in_background

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BOOT_TIMEOUT_MS = 60_000
# Not under test-results/: pytest-playwright empties that folder at the start of every run.
# SOLITAIRE_SCREENSHOTS names another folder (tools/screens.py: one outside the repository).
SCREENSHOTS = Path(
    os.environ.get("SOLITAIRE_SCREENSHOTS") or Path(__file__).resolve().parent.parent.parent / "screenshots"
)


def system_chromium() -> str | None:
    """Debian's Chromium where it exists; elsewhere Playwright's own browser is used."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    executable = system_chromium()
    if executable:
        args["executable_path"] = executable
    return args


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The game served from the repository on a free loopback port."""
    vendor.ensure()
    server, url = serve_in_background(site_only=True)
    yield url
    server.shutdown()


@dataclass
class Traffic:
    """What pages asked for during one test."""

    origin: str
    also_allowed: list[str] = field(default_factory=list)
    """Other origins of this machine that a test serves on purpose (a built copy of the site)."""
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def watch(self, context: BrowserContext) -> None:
        context.on("request", self._request)
        context.on("page", self._page)

    def _request(self, request: Request) -> None:
        url = request.url
        if not url.startswith((self.origin, *self.also_allowed, "data:", "blob:", "about:")):
            self.foreign.append(url)

    def _page(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)


@pytest.fixture
def traffic(site_url: str) -> Iterator[Traffic]:
    record = Traffic(origin=site_url.rstrip("/"))
    yield record
    assert not record.foreign, f"requests left the page's origin: {record.foreign}"


@pytest.fixture
def new_context(browser: Browser, traffic: Traffic) -> Iterator[Callable[..., BrowserContext]]:
    """Make browser contexts whose traffic is watched; all are closed after the test."""
    contexts: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        # Pre-caching the whole runtime costs every test a second download: only the
        # offline tests ask for the service worker.
        options.setdefault("service_workers", "block")
        context = browser.new_context(**options)
        traffic.watch(context)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def wait_ready(page: Page) -> None:
    page.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    state = page.evaluate("document.body.dataset.ready")
    if state != "true":
        message = page.evaluate("document.querySelector('.boot-error-text')?.textContent")
        raise AssertionError(f"the page did not boot: {message}")


@pytest.fixture
def open_game(new_context: Callable[..., BrowserContext], site_url: str) -> Callable[..., Page]:
    """Open the game (optionally at a hash such as '#KL1-D1N-AAAAAAG') and wait until it is playable."""

    def open_(hash_: str = "", width: int = 1440, height: int = 900, **options: Any) -> Page:
        context = new_context(viewport={"width": width, "height": height}, **options)
        page = context.new_page()
        page.goto(site_url + hash_)
        wait_ready(page)
        return page

    return open_


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
