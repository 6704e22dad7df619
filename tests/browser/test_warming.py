"""Start-up warming: after the first frame the page lays each dialog out once,
unseen, so that its first opening is quick; it must leave no trace."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.conftest import wait_ready

WATCH = """
window.__styled = {};
addEventListener("DOMContentLoaded", () => {
  for (const dialog of document.querySelectorAll("dialog")) {
    window.__styled[dialog.id] = [];
    new MutationObserver(records => {
      for (const record of records) window.__styled[dialog.id].push(record.oldValue);
    }).observe(dialog, {attributes: true, attributeFilter: ["style"], attributeOldValue: true});
  }
});
"""
WARMED = ("dlg-settings", "dlg-new", "dlg-stats", "dlg-help", "dlg-rules", "dlg-win", "dlg-daily")


def test_dialogs_are_laid_out_unseen_and_left_as_they_were(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG")
    page.context.add_init_script(WATCH)
    page.reload()
    wait_ready(page)
    # Each dialog is given a hidden style for one task (the styles it had are
    # recorded as each change replaces them), and then its own style again.
    page.wait_for_function(
        "ids => ids.every(id => (window.__styled[id] || []).length >= 2)", arg=list(WARMED), timeout=60_000
    )
    styled = page.evaluate("window.__styled")
    for dialog_id in WARMED:
        before = styled[dialog_id]
        assert any("visibility:hidden" in (style or "").replace(" ", "") for style in before), (dialog_id, before)
        assert before[0] is None, "no style of its own before"
        assert page.get_attribute(f"#{dialog_id}", "style") in (None, ""), dialog_id
        assert page.get_attribute(f"#{dialog_id}", "open") is None, "still closed"
    assert styled["dlg-link"] == [], "dialogs not in the list are left alone"
    page.click("#btn-settings")
    page.wait_for_selector("#dlg-settings[open]", state="visible")
    size = page.locator("#dlg-settings").bounding_box()
    assert size is not None
    assert min(size["width"], size["height"]) > 200
