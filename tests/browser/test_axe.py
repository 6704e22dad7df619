"""axe-core finds no accessibility violation on the tables, the dialogs and the win screen.

axe-core comes from npm (a dev dependency); the test injects it into the page.
The page never loads it by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from tests.browser.helpers import cards_in, click_card, wait_idle, wait_moves

ROOT = Path(__file__).resolve().parent.parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# A greedy player wins this deal in 102 moves; the record stops one move short.
WIN_RECORD = (
    "KL1-D1N-AAAAALK t6>f t6>t3 t3:2>t1 s s w>t3 t2>t3 s s s s w>f t7>f t7>t1 s w>f s s s w>t2 w>t2 s w>t3 "
    "t2:3>t3 w>t2 t6>t2 t6>t3 s w>f s w>f t5>f t3>f t3>f w>f t5>t1 t5>f t5>f t7>t5 t7>f t6>t1 t6>f w>f w>t6 "
    "w>t6 s w>t7 s s w>t2 t1:6>t2 s w>f t2>f s w>t7 s w>t4 s w>f t3>f t2>f t3>f t2>f t3>f s w>t5 t4:2>t5 "
    "t4>f t7:3>t4 t7>f t7>t6 s w>f t4>f t4>f t3>f t4>f t3>f t4>f t3>f t3>f t2>f t2>f t2>f t2>f w>f t5>f "
    "t5>f t5>f t6>f t5>f t6>f t5>f t6>f s w>f s w>f t2>f t2>f"
)

STATS_BUTTON = "#btn-stats"
"""The header button that opens the statistics dialog."""
STATS_DIALOG = "#dlg-stats"


def encode(record: str) -> str:
    return "#" + record.replace(" ", "%20").replace(">", "%3E").replace(":", "%3A")


def axe_violations(page: Page, context: str = "document") -> list[dict[str, Any]]:
    """Run axe-core on the page (every rule of its default set) and return the violations."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated, not added as a <script> element: the page's Content-Security-Policy
        # refuses inline scripts (it allows eval, which the Python runtime needs).
        page.evaluate("source => (0, eval)(source)", AXE.read_text(encoding="utf-8"))
    violations: list[dict[str, Any]] = page.evaluate(
        f"""async () => {{
            const result = await axe.run({context}, {{resultTypes: ['violations']}});
            return result.violations.map(v => ({{
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary),
            }}));
        }}"""
    )
    return violations


def assert_clean(page: Page, where: str, context: str = "document") -> None:
    violations = axe_violations(page, context)
    assert violations == [], f"{where}: " + "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:6]) for v in violations
    )


def test_axe_is_injected_by_the_test_not_loaded_by_the_page(open_game: Callable[..., Page]) -> None:
    assert AXE.exists(), "run npm ci: axe-core is a dev dependency"
    page = open_game("#KL1-D1N-AAAAAAG")
    assert page.evaluate("typeof window.axe") == "undefined"
    assert "axe" not in (ROOT / "index.html").read_text(encoding="utf-8")


def test_tables_and_dialogs_have_no_violations(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG%20t1%3Ef%20t5%3Et4%20s")
    wait_idle(page)
    assert_clean(page, "Klondike table")
    # With the keyboard in use: a focused card and a picked-up group.
    page.keyboard.press("4")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    page.wait_for_selector(".card.held")
    assert_clean(page, "Klondike table, cards held")
    page.keyboard.press("Escape")

    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    assert_clean(page, "New game dialog")
    page.keyboard.press("Escape")

    page.click("#btn-settings")
    page.wait_for_selector("#dlg-settings[open]")
    assert_clean(page, "Settings dialog")
    page.keyboard.press("Escape")

    page.keyboard.press("?")
    page.wait_for_selector("#dlg-help[open]")
    assert_clean(page, "Keyboard help dialog")
    page.keyboard.press("Escape")

    # A link over the game in progress asks first.
    page.evaluate("hash => { location.hash = hash; }", "#SD1-S2-AAAAABC")
    page.wait_for_selector("#dlg-link[open]")
    assert_clean(page, "Open-the-link question")
    page.click("#link-open")

    for code in ("SD1-S2-AAAAABC", "SP1-S4-AAAAAAB"):
        page.evaluate("hash => { location.hash = hash; }", "#" + code)
        page.wait_for_function("code => document.querySelector('[data-code]').dataset.code === code", arg=code)
        wait_idle(page)
        assert_clean(page, f"{code} table")


def test_statistics_dialog_has_no_violations(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG%20t1%3Ef")
    page.click(STATS_BUTTON)
    page.wait_for_selector(f"{STATS_DIALOG}[open]")
    assert_clean(page, "Statistics dialog")


def test_win_screen_has_no_violations(open_game: Callable[..., Page]) -> None:
    page = open_game(encode(WIN_RECORD))
    wait_idle(page)
    click_card(page, cards_in(page, "t4")[-1])
    wait_moves(page, 102)
    page.click("#celebration")  # a tap skips the cascade
    page.wait_for_selector("#dlg-win[open]")
    page.wait_for_timeout(300)
    assert_clean(page, "Win screen")
