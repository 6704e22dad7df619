"""The page's Content-Security-Policy: the strictest the runtime allows, and the game,
its celebration and the solver's worker all run under it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext

from tests.browser.conftest import wait_ready
from tests.browser.helpers import play_last_move
from tests.browser.records import near_win

ROOT = Path(__file__).resolve().parent.parent.parent
VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.cspViolations.push(e.effectiveDirective + " " + e.blockedURI));
"""


def policy() -> dict[str, list[str]]:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert match, "index.html has no Content-Security-Policy"
    assert html.index(match.group(0)) < html.index("<script"), "the policy must come before any script"
    directives = [part.split() for part in match.group(1).split(";") if part.strip()]
    return {name: sources for name, *sources in directives}


def test_the_policy_allows_only_this_site() -> None:
    rules = policy()
    assert rules["default-src"] == ["'self'"]
    assert rules["object-src"] == ["'none'"]
    assert rules["base-uri"] == ["'self'"]
    # Pyodide evaluates strings as JavaScript and compiles WebAssembly; PyScript starts
    # its workers from blob: URLs. Measured: without any of these the game does not run.
    assert sorted(rules["script-src"]) == ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"]
    assert sorted(rules["worker-src"]) == ["'self'", "blob:"]
    for name, sources in rules.items():
        assert "'unsafe-inline'" not in sources, name
        assert not [source for source in sources if "://" in source or source in ("*", "http:", "https:")], name


def test_the_game_the_win_and_the_solver_run_under_the_policy(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    link, last = near_win()
    context = new_context(viewport={"width": 1440, "height": 900})
    context.add_init_script(VIOLATIONS)
    page = context.new_page()
    page.goto(site_url + link)
    wait_ready(page)
    page.keyboard.press("h")  # the solver's worker: a second runtime, started from a blob: URL
    page.wait_for_function(
        "document.body.dataset.hint || document.getElementById('solver-panel').dataset.state === 'error'",
        timeout=120_000,
    )
    assert page.evaluate("document.body.dataset.hint"), page.inner_text("#solver-panel")
    play_last_move(page, last)  # the win: its cascade starts, a key skips to the summary
    assert page.evaluate("document.body.dataset.won") == "true"
    assert page.evaluate("window.cspViolations") == []
