"""The page's Content-Security-Policy: the strictest the runtime allows, and the game,
its celebration, the solver's worker and every screen and dialog run under it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from tests.browser.conftest import wait_ready
from tests.browser.helpers import (
    ANOTHER_TAB_SAVES,
    DIALOGS,
    RULES_FAMILIES,
    on_the_site,
    open_dialog,
    play_last_move,
    press_hint,
    wait_dialogs_closed,
    wait_idle,
)
from tests.browser.records import RECENT_RESULTS, near_win
from ui.model.storage import STATS_KEY

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
    press_hint(page)  # the solver's worker: a second runtime, started from a blob: URL
    page.wait_for_function(
        "document.body.dataset.hint || document.getElementById('solver-panel').dataset.state === 'error'",
        timeout=120_000,
    )
    assert page.evaluate("document.body.dataset.hint"), page.inner_text("#solver-panel")
    play_last_move(page, last)  # the win: its cascade starts, a key skips to the summary
    assert page.evaluate("document.body.dataset.won") == "true"
    assert page.evaluate("window.cspViolations") == []


@pytest.mark.parametrize("language", ["en", "th", "km"])
def test_every_screen_and_dialog_runs_under_the_policy(
    new_context: Callable[..., BrowserContext], site_url: str, language: str
) -> None:
    """One page opens every screen in turn; none may be refused anything by the policy
    (an inline style attribute, say) or log an error."""
    link, last = near_win()
    locale = {"en": "en-US", "th": "th-TH", "km": "km-KH"}[language]
    context = new_context(viewport={"width": 360, "height": 640}, locale=locale)
    context.add_init_script(VIOLATIONS)
    context.add_init_script(
        on_the_site(f"localStorage.setItem('{STATS_KEY}', {json.dumps(json.dumps(RECENT_RESULTS))})")
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site_url + link)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == language
    wait_idle(page)
    seen = ["table"]
    pictures: dict[str, int] = {}
    for opener, dialog in DIALOGS:
        open_dialog(page, opener, dialog)
        seen.append(dialog)
        page.keyboard.press("Escape")
    open_dialog(page, "#btn-stats", "#dlg-stats")
    assert page.locator("#stats-chart svg rect").count() == 6
    seen.append("#dlg-stats")
    page.keyboard.press("Escape")
    open_dialog(page, "#btn-rules", "#dlg-rules")
    for family, anchors in RULES_FAMILIES:
        page.check(f"#rules-game input[value='{family}']")
        page.wait_for_selector(f"#rules-body section[id^='{anchors}']")
        wait_idle(page)
        # The picture of the deal, drawn: taller than the top row and one card.
        pictures[family] = page.evaluate("document.querySelector('#rules-body .diagram').offsetHeight")
        seen.append(f"rules {family}")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)
    page.evaluate("hash => { location.hash = hash; }", "#KL1-D1N-AAAAAAB")  # a link over a game under way
    page.wait_for_selector("#dlg-link[open]")
    wait_idle(page)
    seen.append("#dlg-link")
    page.click("#link-keep")
    play_last_move(page, last)  # the cascade, then the summary
    seen.append("#dlg-win")
    page.evaluate(ANOTHER_TAB_SAVES)
    page.wait_for_selector("#dlg-elsewhere[open]")
    wait_idle(page)
    seen.append("#dlg-elsewhere")
    assert page.evaluate("window.cspViolations") == [], seen
    assert errors == [], seen
    assert min(pictures.values()) > 120, pictures
