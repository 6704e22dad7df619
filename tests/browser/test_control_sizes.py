"""Every control a finger can reach on a phone held upright (360x640) is at least 44x44 px,
in English, Thai and Khmer: the toolbar, the figures' copy buttons, the status line's
"Why?" and its offers, and every button, link, tab, field, check box, slider and
calendar day of each dialog (How to play's every tab, the Stats dialog's questions, the
win summary, the link question, the "another tab" cover).

A check box or a radio button inside its label is tapped anywhere on the label, so the
label is its target; every other control is measured as its own box. The cards and
piles are the table's, sized by its layout, and are not measured here."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import wait_ready
from tests.browser.helpers import (
    ANOTHER_TAB_SAVES,
    DIALOGS,
    LOCALES,
    RULES_FAMILIES,
    ask_hint,
    click_card,
    on_the_site,
    open_dialog,
    play_last_move,
    wait_dialogs_closed,
    wait_drawn,
)
from tests.browser.records import LOST, RECENT_RESULTS, near_win
from ui.model.hashlink import record_hash
from ui.model.storage import STATS_KEY

pytestmark = pytest.mark.browser

LANGUAGES = LOCALES
SMALLEST = 44
"""The least width and height of a target, in CSS pixels."""

GOLF_DEAL = "GF1-N-AAAAAAI"
"""A Golf deal whose 9 of hearts can't go onto the waste (tests/browser/test_golf_play.py)."""

MEASURE = """(smallest) => {
    const open = document.querySelector('dialog[open]');
    const scope = open || document;
    const found = [];
    const seen = new Set();
    const controls = scope.querySelectorAll(
        'button, a[href], input, select, textarea, summary, [role=tab], [role=button], [role=link]');
    for (const control of controls) {
        if (control.closest('#board, .sprite, [hidden], dialog:not([open])')) continue;
        if (!open && control.closest('dialog')) continue;
        if (!control.checkVisibility({visibilityProperty: true})) continue;
        const choice = control.matches('input[type=checkbox], input[type=radio], input[type=file]');
        const target = choice && control.closest('label') || control;
        if (seen.has(target)) continue;
        seen.add(target);
        const r = target.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const name = control.id ? '#' + control.id
            : (control.getAttribute('aria-label') || control.textContent || control.value || control.className)
                .trim().replace(/\\s+/g, ' ').slice(0, 30);
        found.push({
            control: `${control.tagName.toLowerCase()} ${name}`,
            width: Math.round(r.width * 10) / 10,
            height: Math.round(r.height * 10) / 10,
            small: r.width < smallest - 0.01 || r.height < smallest - 0.01,
        });
    }
    return found;
}"""
"""The visible controls of the open dialog, or of the page when none is open: each one's
name, width and height, and whether it is under the smallest target."""


def too_small(page: Page, where: str) -> list[str]:
    """The controls on screen now that are under 44x44 px, each with where it was and its size."""
    wait_drawn(page)
    measured = page.evaluate(MEASURE, SMALLEST)
    assert measured, f"{where}: no control found"
    return [f"{where}: {m['control']} {m['width']}x{m['height']}" for m in measured if m["small"]]


def follow(page: Page, hash_: str) -> None:
    """Open the game of the link ``hash_`` (saying yes if the page asks first)."""
    page.evaluate("hash => { location.hash = hash; }", hash_)
    code = hash_.lstrip("#").split("%20")[0].split(" ")[0]
    page.wait_for_function(
        "code => document.querySelector('#dlg-link[open]') "
        "|| document.querySelector('[data-code]').dataset.code === code",
        arg=code,
    )
    if page.is_visible("#dlg-link"):
        page.click("#link-open")
        page.wait_for_function("code => document.querySelector('[data-code]').dataset.code === code", arg=code)
    wait_dialogs_closed(page)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_control_is_a_finger_wide_on_a_phone(
    new_context: Callable[..., BrowserContext], site_url: str, language: str
) -> None:
    link, last = near_win()
    context = new_context(viewport={"width": 360, "height": 640}, locale=LANGUAGES[language], has_touch=True)
    context.add_init_script(
        on_the_site(f"localStorage.setItem('{STATS_KEY}', {json.dumps(json.dumps(RECENT_RESULTS))})")
    )
    page = context.new_page()
    page.goto(site_url + link)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == language
    problems = too_small(page, "table")
    for opener, dialog in DIALOGS:
        open_dialog(page, opener, dialog)
        problems += too_small(page, dialog)
        page.keyboard.press("Escape")
        wait_dialogs_closed(page)
    open_dialog(page, "#btn-stats", "#dlg-stats")
    problems += too_small(page, "#dlg-stats")
    page.click("#stats-reset")
    page.wait_for_selector("#stats-confirm:not([hidden])")
    problems += too_small(page, "#dlg-stats, asking to reset")
    page.click("#stats-reset-no")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)
    open_dialog(page, "#btn-rules", "#dlg-rules")
    for family, anchors in RULES_FAMILIES:
        page.check(f"#rules-game input[value='{family}']")
        page.wait_for_selector(f"#rules-body section[id^='{anchors}']")
        problems += too_small(page, f"#dlg-rules {family}")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)
    page.evaluate("hash => { location.hash = hash; }", "#KL1-D1N-AAAAAAB")  # a link over a game under way
    page.wait_for_selector("#dlg-link[open]")
    problems += too_small(page, "#dlg-link")
    page.click("#link-keep")
    wait_dialogs_closed(page)
    play_last_move(page, last, keep_summary=True)
    problems += too_small(page, "#dlg-win")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)

    # The status line: a refused tap's "Why?", then a lost position's offer.
    follow(page, "#" + GOLF_DEAL)
    click_card(page, "9h")
    page.wait_for_selector("[role=status] .why")
    problems += too_small(page, "a refused move")
    follow(page, record_hash(LOST))
    assert ask_hint(page) == "verdict:lost"
    page.wait_for_selector("#status-rewind")
    problems += too_small(page, "a lost position")

    page.evaluate(ANOTHER_TAB_SAVES)
    page.wait_for_selector("#dlg-elsewhere[open]")
    problems += too_small(page, "#dlg-elsewhere")
    assert not problems, "controls under 44x44 px:\n" + "\n".join(problems)
