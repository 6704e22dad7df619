"""The page boots Python from its own files and says so when it cannot."""

from __future__ import annotations

import gzip
import io
import re
import urllib.request
import zipfile
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, Route

from tests.browser.conftest import BOOT_TIMEOUT_MS, Traffic, screenshot, wait_ready
from tests.browser.helpers import GAME_ARCHIVE, archive_with, on_the_site
from tools import bytecode, vendor

PYSCRIPT_FILES = ("pyscript.toml", "ui/main.py")
"""What PyScript asks for: the loading screen downloads them with the runtime's files."""
SHORT_WAITS = "window.solitaireBootOptions = { stallMs: 1500, slowMs: 200 };"
"""The loading screen's waits, shortened: a stalled download after 1.5 s, a slow one after 0.2 s."""
AMOUNTS_PROBE = """
window.__amounts = [];
new MutationObserver(() => {
  const amount = document.querySelector(".boot-amount");
  const text = amount && !amount.hidden ? amount.textContent : "";
  if (text && text !== window.__amounts[window.__amounts.length - 1]) window.__amounts.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""
DOWNLOAD_WORDS_PROBE = """
window.__downloadWords = {};
new MutationObserver(() => {
  const seen = {
    amount: document.querySelector(".boot-amount")?.hidden === false,
    bar: Boolean(document.querySelector(".boot-bar-fill")?.style.width),
    starting: Boolean(document.querySelector("#boot.starting")),
    python: Boolean(document.querySelector('.boot-steps [data-step="python"].active')),
  };
  for (const [what, now] of Object.entries(seen)) {
    if (now && !(what in window.__downloadWords)) window.__downloadWords[what] = performance.now();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
"""When the loading screen first showed an amount, moved its bar, or said the game starts."""


def test_boots_to_a_playable_table_from_its_own_origin(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    # The game's code as players get it: byte code only, which the page's Python loads
    # without compiling (tests/test_project.py checks it is the page's Python's).
    with urllib.request.urlopen(site_url + "game.zip.gz") as response:
        served = gzip.decompress(response.read())
    modules = zipfile.ZipFile(io.BytesIO(served)).namelist()
    assert "ui/page.pyc" in modules
    # Byte code, and the dataclasses' methods compiled at build time (ui/dataclass_code.py).
    assert [name for name in modules if not name.endswith(".pyc")] == [bytecode.DATACLASS_CODE]
    page = new_context(viewport={"width": 1440, "height": 900}).new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(site_url)
    wait_ready(page)
    # Each file of the runtime once: the loading screen's downloads are handed over, never fetched again.
    runtime_files = [url for url in asked if url.startswith((site_url + "static/vendor/", site_url + "game.zip"))]
    twice = sorted({url for url in runtime_files if runtime_files.count(url) > 1})
    assert twice == []
    runtime = [url.removeprefix(site_url) for url in asked if "/vendor/pyodide/" in url]
    for name in vendor.COMPRESSED:
        assert f"static/vendor/pyodide/{name}.gz" in runtime
        assert f"static/vendor/pyodide/{name}" not in runtime
    # PyScript's configuration and the game's entry point come with the runtime's files, once
    # each, the entry point long before PyScript asks for it (once Python has started).
    for name in PYSCRIPT_FILES:
        assert asked.count(site_url + name) == 1, f"{name} asked for {asked.count(site_url + name)} times"
    started = page.evaluate(f"performance.getEntriesByName({site_url + 'ui/main.py'!r})[0].startTime")
    python = page.evaluate("performance.getEntriesByName('pyodide-wasm-ready')[0].startTime")
    assert started < python, f"ui/main.py was asked for at {started:.0f} ms, the runtime ready at {python:.0f} ms"
    columns = page.eval_on_selector_all("[data-pile^='t']", "els => els.map(e => e.dataset.pile)")
    assert columns[:7] == [f"t{i}" for i in range(1, 8)]
    assert page.is_hidden("#boot")
    assert traffic.errors == [], traffic.errors
    screenshot(page, "boot-desktop")


def test_loading_screen_shows_before_python(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    page = new_context().new_page()
    # Hold the runtime back: the loading screen must already be there, in plain HTML.
    page.route("**/pyodide.asm.wasm.gz", lambda route: None)
    page.goto(site_url)
    assert page.is_visible("#boot")
    assert "Downloading the game" in page.inner_text(".boot-steps")
    assert page.evaluate("document.body.dataset.ready") is None


FRAMES_PROBE = """
window.__frames = [];
(function look(frame) {
  const title = document.querySelector(".boot-title");
  const step = document.querySelector(".boot-steps li[data-step='runtime']");
  const shown = title && title.getClientRects().length > 0 && getComputedStyle(title).visibility === "visible";
  window.__frames.push({
    at: typeof frame === "number" ? frame : performance.now(),  // the frame's time, as paint timing gives it
    shown: Boolean(shown),
    title: title ? title.textContent : null,
    step: step ? step.textContent : null,
    font: shown ? document.fonts.check("700 16px " + getComputedStyle(title).fontFamily, title.textContent) : null,
  });
  if (window.__frames.length < 2000) requestAnimationFrame(look);
})();
"""
"""Every frame's loading screen, from the document's first frame on: whether its title
is drawn, its words, and whether the font they are drawn in has arrived."""
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 50_000}
"""A phone's first visit: 1.6 Mbps, 150 ms."""
STARTING_WORDS = {"th": "กำลังเริ่มเกม", "km": "កំពុងចាប់ផ្ដើមល្បែង"}


@pytest.mark.parametrize(
    ("locale", "title", "step"), [("th-TH", "โซลิแทร์", "กำลังดาวน์โหลดเกม"), ("km-KH", "សូលីទែរ", "កំពុងទាញយកល្បែង")]
)
def test_the_first_frame_with_words_is_in_the_players_language_and_font(
    new_context: Callable[..., BrowserContext], site_url: str, locale: str, title: str, step: str
) -> None:
    context = new_context(locale=locale, viewport={"width": 360, "height": 640})
    context.add_init_script(on_the_site(FRAMES_PROBE))
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", PHONE_NETWORK)
    page.route("**/pyodide.asm.wasm.gz", lambda route: None)  # the screen alone: Python never starts
    page.goto(site_url, wait_until="commit")
    page.wait_for_function(
        "performance.getEntriesByName('first-contentful-paint').length > 0 && window.__frames.some((f) => f.shown)",
        timeout=60_000,
    )
    painted = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    frames = page.evaluate("window.__frames")
    shown = [frame for frame in frames if frame["shown"]]
    # Never a frame in English, nor in a font that has not arrived (this machine has no
    # other Thai or Khmer font: boxes, or nothing, would be drawn).
    assert [frame for frame in shown if (frame["title"], frame["step"], frame["font"]) != (title, step, True)] == []
    # And the first words drawn are these: nothing contentful came before them.
    assert shown[0]["at"] <= painted, (shown[0], painted)
    screenshot(page, f"boot-loading-{locale[:2]}-phone")


@pytest.mark.parametrize("language", ["th", "km"])
def test_once_downloaded_the_screen_says_the_game_starts_and_keeps_moving(
    new_context: Callable[..., BrowserContext], site_url: str, language: str
) -> None:
    context = new_context(viewport={"width": 360, "height": 640})
    context.add_init_script(on_the_site(f"localStorage.setItem('solitaire.language', '{language}')"))
    page = context.new_page()
    # Every file downloaded, and the runtime's loader held back: the screen as it stands
    # while the game starts, for as long as the test looks at it.
    page.route("**/pyodide-game.mjs", lambda route: None)
    page.goto(site_url)
    page.wait_for_function("document.querySelector('#boot.starting') !== null", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute(".boot-steps .active", "data-step") == "python"
    assert page.inner_text(".boot-steps .active") == STARTING_WORDS[language]
    assert page.get_attribute(".boot-steps [data-step='runtime']", "class") == "done"
    # The bar's sweep: an animation of transform alone (the compositor runs it while the
    # runtime's start holds the page's thread), running, and moving.
    sweep = """(() => {
      const sweep = document.getAnimations().find((a) => a.animationName === "boot-sweep");
      if (!sweep) return null;
      const properties = new Set(sweep.effect.getKeyframes().flatMap((frame) =>
        Object.keys(frame).filter((key) => !["offset", "computedOffset", "easing", "composite"].includes(key))));
      return {state: sweep.playState, properties: [...properties], time: Number(sweep.currentTime)};
    })()"""
    first = page.evaluate(sweep)
    assert first is not None, "the bar does not move"
    assert first["state"] == "running"
    assert first["properties"] == ["transform"]
    page.wait_for_function(
        f"Number(document.getAnimations().find((a) => a.animationName === 'boot-sweep').currentTime) > {first['time']}"
    )
    screenshot(page, f"boot-starting-{language}-phone")


def test_the_screen_says_the_game_starts_before_the_runtime_holds_the_page(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(locale="km-KH")
    # The first frame drawn once the screen says "starting", and whether the runtime's
    # WebAssembly had been started by then (it holds the page's thread for seconds).
    context.add_init_script(
        on_the_site(
            """new MutationObserver((_, observer) => {
              if (!document.querySelector("#boot.starting")) return;
              observer.disconnect();
              requestAnimationFrame(() => {
                window.__starting = {
                  step: document.querySelector(".boot-steps .active").textContent,
                  runtimeStarted: performance.getEntriesByName("pyodide-wasm-ready").length > 0,
                };
              });
            }).observe(document, {subtree: true, attributes: true, attributeFilter: ["class"]});"""
        )
    )
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("window.__starting") == {"step": STARTING_WORDS["km"], "runtimeStarted": False}


def test_missing_file_shows_a_readable_error(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    traffic.expect_error(r"status of 404|Could not load .*/game\.zip")
    page = new_context().new_page()
    page.route(GAME_ARCHIVE, lambda route: route.fulfill(status=404, body="not found"))
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
        route.fulfill(status=200, content_type="application/gzip", body=body)

    page.route(GAME_ARCHIVE, broken)
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === 'error'", timeout=60_000)
    assert "RuntimeError: the deck is missing" in page.inner_text(".boot-error-text")
    assert page.is_visible(".boot-retry")


def test_boot_waits_for_ready_marker(open_game: Callable[..., Page]) -> None:
    page = open_game(width=360, height=640)
    wait_ready(page)
    assert page.is_visible("[data-pile='t7']")
    screenshot(page, "boot-phone")


def test_loading_screen_counts_the_bytes_and_says_a_first_visit_is_slow(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context()
    context.add_init_script(SHORT_WAITS)
    # Every amount the screen shows, as it shows it (a poll could miss them on a busy machine).
    context.add_init_script(AMOUNTS_PROBE)
    page = context.new_page()
    # A phone's network, so that the count can be seen going up.
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 20, "downloadThroughput": 1_500_000, "uploadThroughput": 1_000_000},
    )
    page.goto(site_url)
    page.wait_for_function("!document.querySelector('.boot-note').hidden", timeout=30_000)
    assert "Only the first visit takes this long" in page.evaluate("document.querySelector('.boot-note').textContent")
    wait_ready(page)
    shown = page.evaluate("window.__amounts")
    assert shown, "the screen showed no amount"
    pairs = [re.fullmatch(r"(\d+\.\d) of (\d+\.\d) MB", text) for text in shown]
    amounts = [(match.group(1), match.group(2)) for match in pairs if match]
    assert len(amounts) == len(shown), shown
    received = [float(got) for got, _ in amounts]
    assert received == sorted(received), shown
    assert len(set(received)) > 3, shown  # counted up as the bytes came
    got, total = amounts[-1]
    assert got == total, shown
    # The total is the whole download's from the first amount shown: it never grows.
    assert {expected for _, expected in amounts} == {total}, shown
    packed = [f"{name}.gz" for name in vendor.COMPRESSED]
    expected = sum((vendor.VENDOR / "pyodide" / name).stat().st_size for name in packed)
    for name in ("game.zip.gz", *PYSCRIPT_FILES):
        with urllib.request.urlopen(site_url + name) as response:
            expected += len(response.read())
    assert abs(float(total) - expected / 1e6) <= 0.051, (total, expected)  # shown to 0.1 MB


def test_a_stalled_download_says_so_and_retry_starts_again(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context()
    context.add_init_script(SHORT_WAITS)
    page = context.new_page()
    held: list[Route] = []
    page.route(GAME_ARCHIVE, lambda route: held.append(route))  # asked for, never answered
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === 'error'")
    assert "The download stopped" in page.inner_text(".boot-error-text")
    assert held, "game.zip was never asked for"
    page.unroute(GAME_ARCHIVE)
    page.click(".boot-retry")  # loads the page again: its body may not be there yet at the first look
    page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=BOOT_TIMEOUT_MS)


@pytest.mark.parametrize("path", ["static/vendor/pyodide/pyodide.asm.wasm.gz", *PYSCRIPT_FILES])
def test_a_failed_download_says_which_file(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic, path: str
) -> None:
    # PyScript, refused the file the screen could not download, says so too, and the runtime's
    # loader, refused every file once the start failed, says which it could not have.
    name = re.escape(path.split("/")[-1])
    refusals = rf"Fetching from URL \S*{name} failed|Could not load \S*\.(gz|br)\b"
    traffic.expect_error(rf"net::ERR_INTERNET_DISCONNECTED|{refusals}")
    page = new_context().new_page()
    page.route(site_url + path, lambda route: route.abort("internetdisconnected"))
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === 'error'")
    text = page.inner_text(".boot-error-text")
    assert f"Could not download {path.split('/')[-1]}" in text
    assert page.evaluate("document.body.dataset.failure") == "network"
    assert page.is_visible(".boot-retry")
    # A start that failed downloads nothing more: the runtime's loader, should it ask, waits.
    answer = page.evaluate(
        "Promise.race([solitaireBoot.download(new URL('game.zip.gz', location.href).href).then(() => 'answered'),"
        " new Promise(resolve => setTimeout(() => resolve('waits'), 0))])"
    )
    assert answer == "waits"


def test_a_module_that_could_not_be_preloaded_is_named(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    traffic.expect_error(r"net::ERR_INTERNET_DISCONNECTED|toml-")
    page = new_context().new_page()
    page.route("**/static/vendor/pyscript/toml-*.js", lambda route: route.abort("internetdisconnected"))
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === 'error'")
    text = page.inner_text(".boot-error-text")
    assert re.search(r"Could not load \S*/static/vendor/pyscript/toml-\w+\.js", text), text
    # The connection's failure, not the game's: a start from the snapshot keeps it.
    assert page.evaluate("document.body.dataset.failure") == "network"


def test_before_the_screens_first_frame_pyscript_gets_its_configuration_and_nothing_else_starts(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    # A Thai screen whose font never arrives, and a loader PyScript cannot import: the screen's
    # first frame (after which the runtime downloads) and Python's start (which asks for the
    # runtime) are both held, so nothing but PyScript's fetch of its configuration can start a
    # download. It starts that file alone.
    context = new_context(viewport={"width": 360, "height": 640})
    context.add_init_script(on_the_site("window.solitaireBootOptions = { fontWaitMs: 600000 }"))
    context.add_init_script(on_the_site("localStorage.setItem('solitaire.language', 'th')"))
    context.add_init_script(on_the_site(DOWNLOAD_WORDS_PROBE))
    page = context.new_page()
    held: list[Route] = []
    page.route("**/noto-sans-thai-thai-*.woff2", lambda route: held.append(route))
    page.route("**/static/vendor/pyodide/pyodide-game.mjs", lambda route: held.append(route))
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(site_url)))
    with page.expect_event("requestfinished", lambda request: request.url == site_url + "pyscript.toml"):
        page.goto(site_url, wait_until="commit")  # the held files hold the page's load event
    assert "pyscript.toml" in asked
    started = [path for path in asked if path in PYSCRIPT_FILES or path.endswith((".gz", ".br"))]
    assert started == ["pyscript.toml"], started
    # Read by the page (its Resource Timing) before the screen goes on.
    page.wait_for_function(f"performance.getEntriesByName({site_url + 'pyscript.toml'!r}).length > 0")
    for route in held:
        route.continue_()
    wait_ready(page)
    # Then the rest, each once: the configuration is not asked for again.
    assert asked.count("pyscript.toml") == 1
    assert asked.count("ui/main.py") == 1
    # That one small file never made the screen show an amount, move its bar or say the game
    # starts: all of that came once the runtime's downloads had started.
    runtime = page.evaluate(
        f"performance.getEntriesByName({site_url + 'static/vendor/pyodide/pyodide.asm.wasm.gz'!r})[0].startTime"
    )
    words = page.evaluate("window.__downloadWords")
    assert set(words) == {"amount", "bar", "starting", "python"}, words
    early = {what: at for what, at in words.items() if at < runtime}
    assert early == {}, f"before the runtime's downloads started at {runtime:.0f} ms: {early}"
