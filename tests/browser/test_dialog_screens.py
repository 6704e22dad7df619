"""Pictures of every screen and dialog, for a person to look at, in English, Thai and
Khmer at 360x640, 640x360 and 1440x900: the table, New game, Settings, Stats with its
chart, How to play (each tab, and its picture of the deal), Keys, the daily deal's
calendar, the link question,
the win summary and the "another tab" cover.

Each dialog is also checked as it is pictured: its close control and its buttons on the
screen (``frame_problems``) and no line of its text wider than its box. The suite takes
them in Thai and Khmer on a phone, upright and sideways; with
``SOLITAIRE_DIALOG_SCREENS=all`` (``python3 tools/screens.py --dialogs``) in every
language at every size.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import (
    ANOTHER_TAB_SAVES,
    LOCALES,
    RULES_FAMILIES,
    frame_problems,
    on_the_site,
    open_dialog,
    play_last_move,
    wait_dialogs_closed,
    wait_drawn,
)
from tests.browser.records import RECENT_RESULTS, near_win
from ui.model.storage import STATS_KEY

pytestmark = pytest.mark.browser

LANGUAGES = LOCALES
SIZES = [(360, 640), (640, 360), (1440, 900)]
CASES = [
    (language, size)
    for language in LANGUAGES
    for size in SIZES
    if os.environ.get("SOLITAIRE_DIALOG_SCREENS") == "all" or (language != "en" and size[0] <= 640)
]

OVERFLOWING = """(selector) => {
    const found = [];
    for (const el of document.querySelector(selector).querySelectorAll('*')) {
        if (el.closest('svg, [hidden]') || !el.childNodes.length) continue;
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.display.startsWith('inline') || style.overflowX !== 'visible') continue;
        if (el.scrollWidth > el.clientWidth + 1)
            found.push(`${selector} ${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}`
                + `.${[...el.classList].join('.')}: ${el.scrollWidth} px of text in ${el.clientWidth}`);
    }
    return found;
}"""
"""The blocks of the open dialog whose content is wider than they are (a word or a
label running out of its box); a block that scrolls its overflow on purpose is not one."""


def look(page: Page, name: str, dialog: str | None = None) -> list[str]:
    """Picture the screen as it will stay; for a dialog, what keeps it from reading or closing."""
    wait_drawn(page)
    screenshot(page, name)
    if dialog is None:
        return []
    overflowing: list[str] = page.evaluate(OVERFLOWING, dialog)
    return frame_problems(page, dialog) + overflowing


@pytest.mark.parametrize(("language", "size"), CASES, ids=[f"{lang}-{w}x{h}" for lang, (w, h) in CASES])
def test_every_dialog_pictured(
    new_context: Callable[..., BrowserContext], site_url: str, language: str, size: tuple[int, int]
) -> None:
    width, height = size
    link, last = near_win()
    phone = width <= 640
    context = new_context(viewport={"width": width, "height": height}, locale=LANGUAGES[language], has_touch=phone)
    context.add_init_script(
        on_the_site(f"localStorage.setItem('{STATS_KEY}', {json.dumps(json.dumps(RECENT_RESULTS))})")
    )
    page = context.new_page()
    page.goto(site_url + link)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == language
    prefix = f"dialogs-{language}-{width}x{height}"
    problems = look(page, f"{prefix}-01-table")
    for number, (opener, dialog, name) in enumerate(
        (
            ("#btn-new", "#dlg-new", "new-game"),
            ("#btn-settings", "#dlg-settings", "settings"),
            ("#btn-stats", "#dlg-stats", "stats"),
            ("?", "#dlg-help", "keys"),
            ("#btn-daily", "#dlg-daily", "daily"),
        ),
        start=2,
    ):
        open_dialog(page, opener, dialog)
        if dialog == "#dlg-stats":
            assert page.locator("#stats-chart svg rect").count() == 6, "the chart of recent results"
        problems += look(page, f"{prefix}-0{number}-{name}", dialog)
        page.keyboard.press("Escape")
    open_dialog(page, "#btn-rules", "#dlg-rules")
    for number, (family, anchors) in enumerate(RULES_FAMILIES, start=6):
        page.check(f"#rules-game input[value='{family}']")
        page.wait_for_selector(f"#rules-body section[id^='{anchors}']")
        problems += look(page, f"{prefix}-0{number}-rules-{family}", "#dlg-rules")
        page.eval_on_selector("#rules-body .diagram", "e => e.scrollIntoView({block: 'center'})")
        problems += look(page, f"{prefix}-0{number}-rules-{family}-deal", "#dlg-rules")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)
    page.evaluate("hash => { location.hash = hash; }", "#KL1-D1N-AAAAAAB")  # a link over a game under way
    page.wait_for_selector("#dlg-link[open]")
    problems += look(page, f"{prefix}-08-link-question", "#dlg-link")
    page.click("#link-keep")
    play_last_move(page, last, keep_summary=True)
    problems += look(page, f"{prefix}-09-win-summary", "#dlg-win")
    page.keyboard.press("Escape")
    page.evaluate(ANOTHER_TAB_SAVES)
    page.wait_for_selector("#dlg-elsewhere[open]")
    problems += look(page, f"{prefix}-10-another-tab", "#dlg-elsewhere")
    assert problems == []
