"""The big files (the runtime's, its standard library, the game's archive) in the format
the browser decodes: NAME.br where its DecompressionStream takes brotli (Safari 18.4+),
NAME.gz elsewhere; a .br that cannot be had or decoded falls back to the .gz without a
lost visit.

No engine here decodes brotli (Chromium, Firefox ESR 140 and WebKitGTK all refuse the
format; tests/browser/test_engines.py checks each engine's files against its own answer),
so the page's brotli path is played in Chromium with a stand-in decoder. That the .br files
hold the same bytes as the raw ones is tests/test_site.py's."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext

from tests.browser.conftest import Traffic, wait_ready
from tools import pyfiles, site, vendor

COMPRESSED = (*(f"/static/vendor/pyodide/{name}" for name in vendor.COMPRESSED), f"/{pyfiles.ARCHIVE}")
NAMES = (*vendor.COMPRESSED, pyfiles.ARCHIVE)
"""The compressed files' names, as the fallback's mark gives them."""
THAI = "/locale/th/LC_MESSAGES/game.mo"
"""The Thai catalog, which a Thai visit downloads with them."""

BROTLI_AS_GZIP = """(() => {
  // A browser that says it decodes brotli, with a gzip decoder behind the word: it decodes
  // the .gz's bytes answered for a .br (a route), and fails mid-stream on real brotli.
  const Native = globalThis.DecompressionStream;
  globalThis.DecompressionStream = class extends Native {
    constructor(format) {
      super(format === "brotli" ? "gzip" : format);
    }
  };
})();"""


def path_of(url: str) -> str:
    return "/" + url.split("//", 1)[-1].split("/", 1)[-1].split("?")[0]


def runtime_requests(context: BrowserContext) -> list[str]:
    """The paths of the compressed runtime files the context's pages ask for, as they go."""
    asked: list[str] = []

    def note(request: object) -> None:
        path = path_of(str(getattr(request, "url", "")))
        if path.startswith((*COMPRESSED, THAI)):
            asked.append(path)

    context.on("request", note)
    return asked


def test_chromium_downloads_the_gzip_files_and_no_brotli(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context()
    asked = runtime_requests(context)
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("window.solitaireBoot.format") == "gz"
    assert sorted(asked) == sorted(f"{path}.gz" for path in COMPRESSED), asked
    assert page.evaluate("performance.getEntriesByName('solitaire-gzip-fallback').length") == 0


def test_where_the_browser_decodes_brotli_the_page_downloads_the_brotli_files_only(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(locale="th-TH")
    context.add_init_script(BROTLI_AS_GZIP)
    # Each .br answered with the .gz's bytes, which the stand-in decoder decodes.
    gzipped = {f"{path}.br": site.file_bytes(f"{path.lstrip('/')}.gz") for path in (*COMPRESSED, THAI)}
    context.route("**/*.br", lambda route: route.fulfill(status=200, body=gzipped[path_of(route.request.url)]))
    asked = runtime_requests(context)
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("window.solitaireBoot.format") == "br"
    assert sorted(asked) == sorted(f"{path}.br" for path in (*COMPRESSED, THAI)), asked
    assert page.evaluate("document.body.dataset.speaks") == "th"  # its catalog came as brotli too
    assert page.evaluate("performance.getEntriesByName('solitaire-gzip-fallback').length") == 0
    page.click("[data-pile='s']")  # the game plays: a draw from the stock
    page.wait_for_function("+document.querySelector('[data-moves]').textContent.trim() === 1")


def test_a_brotli_decoder_that_fails_falls_back_to_gzip(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context()
    context.add_init_script(BROTLI_AS_GZIP)
    asked = runtime_requests(context)
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("window.solitaireBoot.format") == "br"
    fallen = page.evaluate("performance.getEntriesByName('solitaire-gzip-fallback').map((mark) => mark.detail)")
    assert sorted(fallen) == sorted(NAMES)
    for path in COMPRESSED:
        assert asked.count(f"{path}.br") == 1, asked
        assert asked.count(f"{path}.gz") == 1, asked
    page.click("[data-pile='s']")  # the game plays: a draw from the stock
    page.wait_for_function("+document.querySelector('[data-moves]').textContent.trim() === 1")


def test_a_host_without_the_brotli_files_serves_the_gzip_ones(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    traffic.expect_error(r"404")
    context = new_context()
    context.add_init_script(BROTLI_AS_GZIP)
    context.route("**/*.br", lambda route: route.fulfill(status=404, body="Not found"))
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    fallen = page.evaluate("performance.getEntriesByName('solitaire-gzip-fallback').map((mark) => mark.detail)")
    assert sorted(fallen) == sorted(NAMES)
