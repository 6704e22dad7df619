"""Browser test fixtures: one local server, Chromium from the system when present,
and a guard that fails any test whose page reaches another origin."""

from __future__ import annotations

import os
import re
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from _pytest.runner import runtestprotocol
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request

from tools import vendor
from tools.chromium import CHROMIUM_ARGS, system_chromium
from tools.devserver import serve_in_background

TESTS_PER_BROWSER = 10
"""A browser is started afresh after this many tests (and after it died): its renderers,
their garbage and its caches never outlive a few tests, however long the suite."""
BOOT_TIMEOUT_MS = 120_000
DEFAULT_TIMEOUT_MS = 60_000
"""How long any wait of a test may take before it fails (Playwright's own default is 30 s)."""
# Not under test-results/: pytest-playwright empties that folder at the start of every run.
# SOLITAIRE_SCREENSHOTS names another folder (tools/screens.py: one outside the repository).
SCREENSHOTS = Path(
    os.environ.get("SOLITAIRE_SCREENSHOTS") or Path(__file__).resolve().parent.parent.parent / "screenshots"
)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    executable = system_chromium()
    if executable:
        args["executable_path"] = executable
    return args


class Browsers:
    """The browser the tests use, started again every ``TESTS_PER_BROWSER`` tests and
    whenever it is no longer connected (it crashed, or a test closed it)."""

    def __init__(self, launch: Callable[[], Browser]) -> None:
        self.launch = launch
        self.current: Browser | None = None
        self.served = 0
        self.launched = 0

    def take(self) -> Browser:
        if self.current is not None and (self.served >= TESTS_PER_BROWSER or not self.current.is_connected()):
            self.close()
        if self.current is None:
            self.current = self.launch()
            self.served = 0
            self.launched += 1
        self.served += 1
        return self.current

    def close(self) -> None:
        browser, self.current = self.current, None
        if browser is not None and browser.is_connected():
            browser.close()


_POOLS: list[Browsers] = []


@pytest.fixture(scope="session")
def browsers(launch_browser: Callable[[], Browser]) -> Iterator[Browsers]:
    pool = Browsers(launch_browser)
    _POOLS.append(pool)
    yield pool
    pool.close()
    _POOLS.remove(pool)


CRASHED = ("Target crashed", "Page crashed", "renderer crashed")
"""What Playwright (and ``traffic``) say when a page's renderer died under a test."""


def renderer_crashed(reports: Sequence[pytest.TestReport]) -> bool:
    """True when a test failed because a page's renderer died, not because of the game:
    read from the error itself (the report's whole text also holds the test's source)."""
    for report in reports:
        if report.failed:
            crash = getattr(report.longrepr, "reprcrash", None)
            message = crash.message if crash is not None else str(report.longrepr)
            if any(words in message for words in CRASHED):
                return True
    return False


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool:
    """A test whose page's renderer crashed runs once more, in a fresh browser, and says so.

    A renderer is what the kernel kills first when the machine runs out of memory
    (Chromium gives renderers the highest ``oom_score_adj``): on a machine shared with
    other work that is no failure of the game. A second crash fails the test."""
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    if renderer_crashed(reports) and isinstance(item, pytest.Function):
        message = f"{item.nodeid}: the browser's renderer crashed; running the test again in a fresh browser"
        warnings.warn(pytest.PytestWarning(message), stacklevel=1)
        print(f"\n{message}", file=sys.stderr, flush=True)
        for pool in _POOLS:
            pool.close()
        item._initrequest()  # pytest's own way to forget the fixtures' values (as pytest-rerunfailures does)
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


@pytest.fixture
def browser(browsers: Browsers) -> Browser:
    """pytest-playwright's one browser for the whole session, replaced by one that is
    started again every few tests."""
    return browsers.take()


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
    crashes: list[str] = field(default_factory=list)
    """Pages whose renderer died ("Target crashed")."""
    expected: list[re.Pattern[str]] = field(default_factory=list)
    """Console errors a test provokes on purpose (a boot that must fail, a file refused)."""

    def expect_error(self, pattern: str) -> None:
        """Let console errors matching ``pattern`` (a regular expression) pass: the test
        provokes them on purpose."""
        self.expected.append(re.compile(pattern))

    def unexpected_errors(self) -> list[str]:
        return [error for error in self.errors if not any(p.search(error) for p in self.expected)]

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
        page.on("crash", lambda crashed: self.crashes.append(crashed.url))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)


@pytest.fixture
def traffic(site_url: str) -> Iterator[Traffic]:
    record = Traffic(origin=site_url.rstrip("/"))
    yield record
    assert not record.crashes, f"the browser's renderer crashed under {record.crashes}"
    assert not record.foreign, f"requests left the page's origin: {record.foreign}"
    # Every console error and uncaught exception fails the test that saw it, unless the
    # test said it provokes it (traffic.expect_error).
    assert not record.unexpected_errors(), f"console errors: {record.unexpected_errors()}"


@pytest.fixture
def new_context(browser: Browser, traffic: Traffic) -> Iterator[Callable[..., BrowserContext]]:
    """Make browser contexts whose traffic is watched; all are closed after the test."""
    contexts: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        # Pre-caching the whole runtime costs every test a second download: only the
        # offline tests ask for the service worker.
        options.setdefault("service_workers", "block")
        context = browser.new_context(**options)
        # A bound on a wait is how long a test waits before it fails, never how long the
        # page should take: generous, for a machine busy with other work.
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        traffic.watch(context)
        contexts.append(context)
        return context

    yield make
    # Every context, even when one fails to close (its renderer crashed, the browser died).
    failures = []
    for context in contexts:
        try:
            context.close()
        except Exception as error:  # noqa: BLE001 - the others must still be closed
            failures.append(error)
    if failures:
        raise failures[0]


def wait_ready(page: Page) -> None:
    """Wait until the page says it booted (``<body data-ready="true">``) or failed to.

    One read, in the page, of a document that may still be loading (``body`` can be
    null early on, and a page that hands over to a new version loads twice)."""
    state = page.wait_for_function(
        "() => { const ready = document.body?.dataset.ready; return ready ? [ready, "
        "document.querySelector('.boot-error-text')?.textContent ?? ''] : null; }",
        timeout=BOOT_TIMEOUT_MS,
    ).json_value()
    if state[0] != "true":
        raise AssertionError(f"the page did not boot: {state[1]}")


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
