"""A scripted session of the game that records every standard-library import.

The page's interpreter module is swapped, by a route, for one that loads the
real one and then, in the page and in the solver's worker alike:

- appends a finder to the end of ``sys.meta_path``, which sees every import that
  no other finder could satisfy, even one its importer catches (a module that is
  missing and silently worked around is still a missing module);
- answers what ``sys.modules`` holds: the page through ``window.__stdlibProbe()``,
  the worker by posting it to a URL the route records (it has no other way out).

``tests/browser/test_stdlib.py`` runs the session on the game's shipped standard
library; run as ``python3 -m tests.browser.stdlib_probe`` it plays the session on the
full one and rewrites ``tools/stdlib-imports.txt``, the list ``tools/stdlib.py`` builds from.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Route

import engine
from tests.engine.spider_players import play_greedy
from tools import pyfiles, stdlib
from ui.model.hashlink import record_hash

BOOT_TIMEOUT_MS = 120_000
WORKER_REPORT = "__stdlib-probe"
STDLIB_PREFIX = "/lib/python314.zip/"
WIN_CODE = "SD1-S1-AAAAAAM"
"""A Spiderette deal the engine tests' greedy player wins: the session opens it one
move before the win, asks for a hint, plays the last move and exports statistics."""

FINDER = """
import sys

class _MissingModules:
    missing = []

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.missing.append(name)
        return None

sys.meta_path.append(_MissingModules)
sys._missing_modules = _MissingModules.missing
"""
REPORT = (
    "[[name, getattr(getattr(module, '__spec__', None), 'origin', None) or '']"
    " for name, module in list(sys.modules.items())]"
)
"""Each module and where it was loaded from (a path in the zip, or "frozen" for the
start-up modules built into the runtime). No import of its own, not even json: the
report must not change what it reports."""

PROBE_MODULE = """
import { loadPyodide as loadGame, version } from "./%(real)s";
export { version };
const FULL_STDLIB = %(full)s;

export async function loadPyodide(options = {}) {
  const stdLibURL = FULL_STDLIB ? new URL("./python_stdlib.zip", import.meta.url).href : undefined;
  const pyodide = await loadGame(stdLibURL ? { ...options, stdLibURL } : options);
  pyodide.runPython(%(finder)s);
  const report = () => JSON.stringify({
    modules: pyodide.runPython(%(report)s).toJs(),
    missing: pyodide.runPython("list(sys._missing_modules)").toJs(),
  });
  globalThis.__stdlibProbe = report;
  globalThis.__stdlibImport = (names) => { for (const name of names) pyodide.pyimport(name).destroy(); };
  if (typeof document === "undefined") {
    // In the worker: post the report now and then; the page cannot ask for it.
    const url = new URL("./%(endpoint)s", import.meta.url).href;
    setInterval(() => { fetch(url, { method: "POST", body: report() }).catch(() => {}); }, 200);
  }
  return pyodide;
}
"""


@dataclass
class Report:
    """What the page and the worker imported; ``missing`` are imports nothing found."""

    page_modules: dict[str, str] = field(default_factory=dict)
    worker_modules: dict[str, str] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)

    def add(self, text: str, into: dict[str, str]) -> None:
        data = json.loads(text)
        into.update(dict(data["modules"]))
        self.missing.update(data["missing"])

    def stdlib_paths(self) -> dict[str, str]:
        """Modules loaded from the standard library's zip, by the page or the
        worker, and the file each came from."""
        both = {**self.page_modules, **self.worker_modules}
        return {name: path for name, path in both.items() if path.startswith(STDLIB_PREFIX)}

    def stdlib_modules(self) -> set[str]:
        return set(self.stdlib_paths())

    def missing_stdlib(self) -> set[str]:
        """Imports that nothing found although the full standard library has them."""
        return self.missing & full_stdlib_modules()


def full_stdlib_modules() -> set[str]:
    """Every module name in the standard library that npm's Pyodide ships."""
    names = set()
    with zipfile.ZipFile(stdlib.FULL_STDLIB) as archive:
        for entry in archive.namelist():
            if not entry.endswith(".py"):
                continue
            parts = entry.removesuffix(".py").split("/")
            if parts[-1] == "__init__":
                parts.pop()
            names.add(".".join(parts))
    return names


def every_module_of_the_game() -> list[str]:
    """engine/ and ui/ as module names, as the page's archive holds them (the
    solver's worker loads ``ui/solver_worker.py`` itself). ``ui.main`` is the
    page's entry point and already ran: importing it again would start a second table."""
    modules = pyfiles.python_files()
    names = [name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for name in modules]
    return [name for name in names if name != "ui.main"]


def near_win() -> tuple[str, str]:
    game = engine.new_game(WIN_CODE)
    assert play_greedy(game)  # type: ignore[arg-type]
    *record, last = game.record().split()
    return record_hash(" ".join(record)), last


def _interpreter_route(full_stdlib: bool) -> Any:
    module = PROBE_MODULE % {
        "real": stdlib.INTERPRETER + "?real",
        "full": json.dumps(full_stdlib),
        "finder": json.dumps(FINDER),
        "report": json.dumps(REPORT),
        "endpoint": WORKER_REPORT,
    }

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body=module)

    return fulfil


def run_session(browser: Browser, site_url: str, full_stdlib: bool = False, watch: Any = None) -> Report:
    """Boot the game, import every module of engine/ and ui/, get a hint, win the
    game, export the statistics; return what was imported."""
    report = Report()
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, service_workers="block", accept_downloads=True
    )
    if watch is not None:
        watch(context)
    try:
        context.route(lambda url: url.endswith("/" + stdlib.INTERPRETER), _interpreter_route(full_stdlib))

        def worker_report(route: Route) -> None:
            report.add(route.request.post_data or "{}", report.worker_modules)
            route.fulfill(status=204, body="")

        context.route(lambda url: url.endswith("/" + WORKER_REPORT), worker_report)
        page = context.new_page()
        link, last = near_win()
        page.goto(site_url + link)
        page.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.ready") == "true", "the game did not boot"
        _play(page, last)
        _import_everything(page)
        # The worker reports every 200 ms: the second report from now began after these imports.
        for _ in range(2):
            context.wait_for_event("requestfinished", lambda request: request.url.endswith("/" + WORKER_REPORT))
        report.add(page.evaluate("globalThis.__stdlibProbe()"), report.page_modules)
    finally:
        context.close()
    return report


def _import_everything(page: Page) -> None:
    """Import every module of the game in the page's Python (the probe module
    kept the interpreter), so that none is left out by the session's path."""
    names = json.dumps(every_module_of_the_game())
    page.evaluate(f"() => globalThis.__stdlibImport({names})")


def _play(page: Page, last: str) -> None:
    from tests.browser.helpers import card_at, cards_in, drag_from, press_hint

    press_hint(page)
    page.wait_for_function(
        "() => document.body.dataset.hint || "
        "['lost', 'unknown', 'error'].includes(document.getElementById('solver-panel').dataset.state)",
        timeout=BOOT_TIMEOUT_MS,
    )
    assert page.evaluate("document.body.dataset.hint"), "the solver's worker gave no hint"
    source, target = last.split(">")
    pile, _, count = source.partition(":")
    size = len(cards_in(page, pile))
    drag_from(page, card_at(page, pile, size - int(count or 1)).grab, target)
    page.wait_for_function("document.body.dataset.won === 'true'")
    page.wait_for_selector("#dlg-win[open]")
    page.keyboard.press("Escape")
    page.click("#btn-stats")
    with page.expect_download() as download:
        page.click("#stats-export")
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["variants"]["SD-S1"]["won"] == 1, "the export holds the won game"


def measure() -> set[str]:
    """Boot the game on the full standard library, play the scripted session, and
    return every standard-library module it loaded."""
    from playwright.sync_api import sync_playwright

    from tools import vendor
    from tools.chromium import CHROMIUM_ARGS, system_chromium
    from tools.devserver import serve_in_background

    vendor.ensure()
    server, url = serve_in_background()
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(args=CHROMIUM_ARGS, executable_path=system_chromium())
            try:
                report = run_session(chromium, url, full_stdlib=True)
            finally:
                chromium.close()
    finally:
        server.shutdown()
    return report.stdlib_modules()


__all__ = ["Report", "every_module_of_the_game", "full_stdlib_modules", "measure", "run_session"]


if __name__ == "__main__":
    modules = measure()
    stdlib.write_measured(modules)
    print(f"Measured {len(modules)} standard-library modules into {stdlib.MEASURED.relative_to(stdlib.ROOT)}.")
