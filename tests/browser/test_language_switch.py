"""Changing the language in Settings writes everything already on screen again: the
status line and its live region, the solver's panel, notices, every open dialog (the
win summary, statistics with its message, rules, keys, New game) and the cards' names."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.helpers import ask_hint, cards_in, click_card, english_left, status, wait_idle, wait_moves
from tests.browser.records import LOST, WIN_RECORD
from ui.model.hashlink import record_hash

STATUS_WORDS = {"th": "ไม่มีทางชนะ", "km": "មិនអាចឈ្នះ"}


def switch(page: Page, language: str) -> None:
    """What the Settings control does (static/boot.js), without closing the dialog that is open."""
    page.evaluate(
        "lang => { window.solitaireBoot.setLanguage(lang); "
        "dispatchEvent(new CustomEvent('solitaire:language', { detail: lang })); }",
        language,
    )
    settled(page, language)


def settled(page: Page, language: str) -> None:
    """Wait until the page speaks ``language``: the loading screen's script has set the
    page's language, the game's words follow (once its catalog is fetched:
    ``<body data-speaks>``), and the frames after it are drawn (the table's names are
    written again in the next one)."""
    page.wait_for_function(
        "lang => document.documentElement.lang === lang && document.body.dataset.speaks === lang", arg=language
    )
    wait_idle(page)


def no_english(page: Page, where: str) -> None:
    found = english_left(page)
    assert found == [], f"{where}: {found}"


def test_changing_language_rewrites_every_open_screen(open_game: Callable[..., Page], tmp_path: Path) -> None:
    page = open_game("#KL1-D1N-AAAAAAG", width=1440, height=900)

    # A refused move in the status line, with "Why?", through the real control in Settings.
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    page.wait_for_selector("#status .why")
    english = status(page)
    page.click("#btn-settings")
    page.check("#set-language input[value='th']")
    settled(page, "th")
    assert status(page) != english
    no_english(page, "th: refused move under Settings")
    page.keyboard.press("Escape")
    no_english(page, "th: refused move")
    switch(page, "en")
    assert status(page).startswith(english.rstrip("\u00a0"))

    # The New game dialog with a checked code, the keys, the rules, each switched while open.
    page.click("#btn-new")
    page.fill("#new-code", "SP1-S2-AAAAAAB")
    page.wait_for_function("document.getElementById('new-code-msg').textContent.startsWith('✓')")
    switch(page, "km")
    no_english(page, "km: New game")
    page.keyboard.press("Escape")
    switch(page, "en")
    page.keyboard.press("?")
    page.wait_for_selector("#dlg-help[open]")
    switch(page, "th")
    no_english(page, "th: keys")
    page.keyboard.press("Escape")
    page.click("#btn-rules")
    page.wait_for_selector("#dlg-rules[open]")
    switch(page, "km")
    no_english(page, "km: rules")
    page.keyboard.press("Escape")
    switch(page, "en")

    # Statistics with an import's refusal showing.
    page.click("#btn-stats")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"kind": "solitaire-statistics", "variants": {"KL-D1N": {"played": 2, "won": 5}}}))
    page.set_input_files("#stats-file", str(bad))
    page.wait_for_function("document.querySelector('#stats-msg').textContent.includes('Nothing was imported')")
    switch(page, "th")
    assert "ชนะมากกว่าจำนวนเกมที่เล่น" in page.inner_text("#stats-msg")
    no_english(page, "th: statistics with an import refused")
    switch(page, "km")
    no_english(page, "km: statistics with an import refused")
    # An import's question, then what it did and the button that takes it back.
    good = tmp_path / "good.json"
    good.write_text(
        json.dumps({"kind": "solitaire-statistics", "exported": "2026-11-30T08:00:00+00:00", "variants": {}})
    )
    page.set_input_files("#stats-file", str(good))
    page.wait_for_selector("#stats-import-confirm:not([hidden])")
    assert "2026" in page.inner_text("#stats-import-question")
    no_english(page, "km: an import's question")
    switch(page, "th")
    assert "2569" in page.inner_text("#stats-import-question")  # the Buddhist year
    no_english(page, "th: an import's question")
    page.click("#stats-import-yes")
    page.wait_for_selector("#stats-restore-row:not([hidden])")
    no_english(page, "th: an import done, with its restore button")
    switch(page, "km")
    no_english(page, "km: an import done, with its restore button")
    page.keyboard.press("Escape")
    switch(page, "en")

    # The notice of a new version, as the loading screen's script shows it.
    page.evaluate(
        "() => { document.getElementById('update-text').textContent = 'A new version is ready:'; "
        "document.getElementById('update-reload').hidden = false; document.getElementById('update').hidden = false; }"
    )
    switch(page, "km")
    no_english(page, "km: new version")
    switch(page, "th")
    no_english(page, "th: new version")
    switch(page, "en")
    assert page.inner_text("#update-text") == "A new version is ready:"
    page.evaluate("document.getElementById('update').hidden = true")

    # The win summary.
    page.evaluate("hash => { location.hash = hash; }", record_hash(WIN_RECORD))
    page.wait_for_function("() => document.querySelector('[data-moves]').dataset.moves === '101'")
    wait_idle(page)
    click_card(page, cards_in(page, "t4")[-1])
    wait_moves(page, 102)
    page.wait_for_selector("#dlg-win[open]")
    switch(page, "th")
    no_english(page, "th: win summary")
    page.keyboard.press("Escape")
    switch(page, "en")

    # The solver's answer: its panel and the status line.
    page.evaluate("hash => { location.hash = hash; }", record_hash(LOST))
    page.wait_for_function("n => document.querySelector('[data-moves]').dataset.moves === String(n)", arg=10)
    assert ask_hint(page) == "verdict:lost"
    assert status(page).endswith("Lost: no win is possible from here.")
    switch(page, "km")
    assert STATUS_WORDS["km"] in status(page)
    no_english(page, "km: lost position")
    switch(page, "th")
    assert STATUS_WORDS["th"] in status(page)
    no_english(page, "th: lost position")


def test_a_storage_notice_follows_the_language(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG", width=360, height=640)
    page.evaluate("localStorage.setItem('solitaire.v1.settings', '[[[[')")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    page.wait_for_function("document.querySelector('[role=status]').textContent.includes('set aside')")
    switch(page, "th")
    no_english(page, "th: storage notice")
    assert status(page) != ""
