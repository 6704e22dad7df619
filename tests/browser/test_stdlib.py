"""The game's trimmed standard library holds every module the game imports.

The page and the solver's worker boot on the shipped zip (``tools/stdlib.py``)
and go through a game, a hint and a statistics export, and the page imports every
module of engine/ and ui/. A module that the zip lacks fails the session outright
(an import error) or, when its importer works around it, shows up among the
imports that nothing could find.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser.conftest import Traffic
from tests.browser.stdlib_probe import run_session


def test_the_shipped_standard_library_has_every_module_the_game_imports(
    browser: Browser, site_url: str, traffic: Traffic
) -> None:
    report = run_session(browser, site_url, watch=traffic.watch)
    assert not traffic.errors, traffic.errors
    assert report.worker_modules, "the solver's worker reported its imports"
    assert "ui.page" in report.page_modules
    assert "engine.solver" in report.worker_modules
    missing = report.missing_stdlib()
    assert not missing, f"imported but not in the game's standard library: {sorted(missing)}"
    loaded = report.stdlib_paths()
    assert {"json", "asyncio", "random"} <= set(loaded)
    source = {name: path for name, path in loaded.items() if not path.endswith(".pyc")}
    assert not source, f"compiled from source at boot, not from the shipped byte code: {source}"
