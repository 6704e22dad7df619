"""The daily deal in the browser: the calendar in three languages, keyboard and
screen reader, the ``#daily`` link, a daily win with its streak and Share, Back
and Forward, two tabs, a damaged record and the local midnight.

The page's clock is fixed (Playwright's ``clock.set_fixed_time``: timers keep
running) in a stated time zone, so "today" is the same on every machine.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from functools import cache

import pytest
from playwright.sync_api import BrowserContext, Page

import engine
from engine.solver import solve
from tests.browser.axe import assert_clean
from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import (
    LOCALES,
    card_at,
    cards_in,
    drag_from,
    english_left,
    on_the_site,
    open_dialog,
    play_last_move,
    wait_dialogs_closed,
    wait_drawn,
)
from tests.browser.records import stored_game
from ui.model.daily import Streaks, win_line
from ui.model.dates import date_words
from ui.model.help_kinds import share_help
from ui.model.i18n import _, use_language
from ui.model.storage import DAILY_KEY, GAME_KEY

pytestmark = pytest.mark.browser

TODAY = datetime.date(2026, 12, 3)
NOON = "2026-12-03T12:00:00+07:00"
"""Noon of ``TODAY`` in Bangkok, the time zone the tests' pages run in."""
ZONE = "Asia/Bangkok"
LANGUAGES = LOCALES
DEALS = engine.daily_deals(TODAY)
RECORDS = {
    "KL1-D1N": {"2026-12-01": [1, 251.0, 131], "2026-12-02": [1, 199.5, 118], "2026-11-29": [0]},
    "FC1-F4": {"2026-12-02": [1, 140.0, 96]},
}
"""Klondike won on the two days before today and played on another; FreeCell won yesterday."""
STORED = json.dumps({"version": 1, "games": RECORDS})
WORDS = {
    # language: (today's Klondike state, the current streak figure, a word of the month title)
    "en": ("not played", "2 days", "December 2026"),
    "th": ("ยังไม่ได้เล่น", "2 วัน", "2569"),
    "km": ("មិនទាន់បានលេង", "2 ថ្ងៃ", "2026"),
}


def daily_context(
    new_context: Callable[..., BrowserContext],
    language: str = "en",
    size: tuple[int, int] = (360, 640),
    **options: object,
) -> BrowserContext:
    width, height = size
    return new_context(
        viewport={"width": width, "height": height},
        locale=LANGUAGES[language],
        timezone_id=ZONE,
        has_touch=width <= 640,
        **options,
    )


def fixed_page(context: BrowserContext, when: str = NOON) -> Page:
    page = context.new_page()
    page.clock.set_fixed_time(when)
    return page


def cell(page: Page, day: str) -> str:
    return f"#daily-weeks button[data-day='{day}']"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_calendar_shows_each_day_in_every_language(
    new_context: Callable[..., BrowserContext], site_url: str, language: str
) -> None:
    context = daily_context(new_context, language)
    context.add_init_script(on_the_site(f"localStorage.setItem('{DAILY_KEY}', {json.dumps(STORED)})"))
    page = fixed_page(context)
    page.goto(site_url + "#" + DEALS["Klondike"])
    wait_ready(page)
    open_dialog(page, "#btn-daily", "#dlg-daily")
    unplayed, streak, month = WORDS[language]
    assert month in page.inner_text("#daily-month")
    today = page.locator(cell(page, TODAY.isoformat()))
    assert today.get_attribute("aria-current") == "date"
    assert today.evaluate("e => e === document.activeElement"), "the calendar opens on today"
    assert unplayed in (today.get_attribute("aria-label") or "")
    assert page.locator(cell(page, "2026-12-01")).get_attribute("data-state") == "won"
    assert page.locator(cell(page, "2026-11-29")).count() == 0  # another month
    assert page.locator(cell(page, "2026-12-04")).get_attribute("aria-disabled") == "true"
    figures = page.inner_text("#daily-figures")
    assert streak in figures
    wait_drawn(page)
    screenshot(page, f"daily-{language}-360x640")
    assert_clean(page, f"the daily calendar in {language}")
    # Keyboard: a day back, a week back, the month before; the tabs by arrows.
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"{cell(page, '2026-12-02')}[data-selected='true']:focus")
    assert "1:59" in page.inner_text("#daily-day") or "3:19" in page.inner_text("#daily-day")
    # The line under the grid says the chosen day in its name's own words.
    chosen = page.locator(cell(page, "2026-12-02")).get_attribute("aria-label")
    assert page.inner_text("#daily-day") == chosen
    page.keyboard.press("PageUp")
    page.wait_for_selector(f"{cell(page, '2026-11-02')}[data-selected='true']:focus")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"{cell(page, '2026-11-03')}[data-selected='true']:focus")
    page.focus("#daily-tab-KL1-D1N")
    page.keyboard.press("End")
    tabs = list(engine.DAILY_GAMES.values())  # the calendar's tabs, from the registry
    page.wait_for_selector(f"#daily-tab-{tabs[-1]}[aria-selected='true']:focus")
    # Back by arrows to FreeCell's tab, whose record holds a win.
    for _step in range(len(tabs) - 1 - tabs.index("FC1-F4")):
        page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#daily-tab-FC1-F4[aria-selected='true']:focus")
    assert "1" in page.inner_text("#daily-figures")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)


def test_screenshots_of_the_calendar_sideways_and_on_a_desktop(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    for language in LANGUAGES:
        for size in ((640, 360), (1440, 900)):
            context = daily_context(new_context, language, size)
            context.add_init_script(on_the_site(f"localStorage.setItem('{DAILY_KEY}', {json.dumps(STORED)})"))
            page = fixed_page(context)
            page.goto(site_url)
            wait_ready(page)
            open_dialog(page, "#btn-daily", "#dlg-daily")
            wait_drawn(page)
            screenshot(page, f"daily-{language}-{size[0]}x{size[1]}")
            box = page.locator("#daily-play").bounding_box()
            assert box is not None
            assert box["y"] + box["height"] <= size[1], "Play is on the screen"
            context.close()


def test_the_daily_link_opens_today_s_klondike_deal_and_the_calendar_plays_another_day(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = daily_context(new_context)
    page = fixed_page(context)
    page.goto(site_url + "#daily")
    wait_ready(page)
    page.wait_for_function("code => location.hash === '#' + code", arg=DEALS["Klondike"])
    assert page.get_attribute("#code", "data-code") == DEALS["Klondike"]
    page.keyboard.press("d")  # a draw: a game under way gets its own history entry when replaced
    page.wait_for_function("document.querySelector('#moves').dataset.moves === '1'")
    open_dialog(page, "#btn-daily", "#dlg-daily")
    page.click(cell(page, "2026-12-01"))
    page.wait_for_selector(f"{cell(page, '2026-12-01')}[data-selected='true']")
    page.click("#daily-tab-SD1-S2")
    page.wait_for_selector("#daily-tab-SD1-S2[aria-selected='true']")
    page.click("#daily-play")
    spiderette = engine.daily_deals(datetime.date(2026, 12, 1))["Spiderette"]
    page.wait_for_function("code => document.querySelector('#code').dataset.code === code", arg=spiderette)
    page.wait_for_function("code => location.hash === '#' + code", arg=spiderette)
    # Back brings today's Klondike deal again, Forward the Spiderette one.
    wait_dialogs_closed(page)
    page.go_back()
    page.wait_for_function("code => document.querySelector('#code').dataset.code === code", arg=DEALS["Klondike"])
    page.go_forward()
    page.wait_for_function("code => document.querySelector('#code').dataset.code === code", arg=spiderette)


@cache
def near_daily_win() -> tuple[str, str]:
    """Today's daily FreeCell deal saved one move before its win (played from its deal), and that move."""
    game = engine.new_game(DEALS["FreeCell"])
    solution = solve(game, seconds=60)
    assert solution.status == "winnable"
    *line, last = solution.moves
    for move in line:
        game.play(move)
    saved = stored_game(game, 185.0, "dailytest1")
    action = game.play(last)  # the pile it lands on, for the drag ("f" names any foundation)
    return saved, f"{action.move.src}>{action.dst}"


def near_a_daily_win(
    new_context: Callable[..., BrowserContext],
    site_url: str,
    daily_records: str,
    init: str = "",
    motion: str = "",
    language: str = "en",
    size: tuple[int, int] = (1440, 900),
) -> tuple[Page, str]:
    """A page one move from winning today's FreeCell daily deal, with these daily records
    stored (once: a reload keeps what the page wrote since), and that last move
    (``init``: a script of the test's own, run before the page's; ``motion``: "reduce" for reduced motion)."""
    saved, last = near_daily_win()
    options = {"reduced_motion": motion} if motion else {}
    context = daily_context(new_context, language, size, **options)
    if init:
        context.add_init_script(init)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    script = f"localStorage.setItem('{GAME_KEY}', {json.dumps(saved)});"
    script += f"localStorage.setItem('{DAILY_KEY}', {json.dumps(daily_records)})"
    context.add_init_script(
        on_the_site(f"if (!sessionStorage.getItem('seeded')) {{ {script}; sessionStorage.setItem('seeded', '1') }}")
    )
    page = fixed_page(context)
    page.goto(site_url)
    wait_ready(page)
    return page, last


SHARE_SHEET = """
navigator.canShare = () => true;
navigator.share = data => { window.sharedText = data.text; return Promise.resolve(); };
"""


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_first_daily_win_says_its_streak_and_shares_through_the_share_sheet(
    new_context: Callable[..., BrowserContext], site_url: str, language: str
) -> None:
    # No daily deal won before, and the summary at once (reduced motion): today's win is the streak.
    nothing = json.dumps({"version": 1, "games": {}})
    page, last = near_a_daily_win(
        new_context, site_url, nothing, SHARE_SHEET, motion="reduce", language=language, size=(360, 640)
    )
    source, target = last.split(">")
    pile = source.partition(":")[0]
    drag_from(page, card_at(page, pile, len(cards_in(page, pile)) - int(source.partition(":")[2] or 1)).grab, target)
    page.wait_for_selector("#dlg-win[open]")  # at once, without the cascade
    page.wait_for_selector("#win-daily:not([hidden])")
    try:
        use_language(language)
        line = win_line(date_words(TODAY), Streaks(1, 1))
        first = _("Solitaire daily deal, {date}").format(date=date_words(TODAY))
        alone = share_help(helped=False)
    finally:
        use_language("en")
    assert page.inner_text("#win-daily") == line
    if language == "en":
        assert line == "You won the daily deal of December 3, 2026.\nStreak: 1 day in a row."
    screenshot(page, f"daily-{language}-360x640-first-win")
    if language != "en":
        assert english_left(page) == []
    page.click("#win-share")
    shared = page.wait_for_function("window.sharedText").json_value()
    assert shared.splitlines()[0] == first
    assert shared.splitlines()[2] == alone
    assert DEALS["FreeCell"].rpartition("-")[2] not in shared
    assert page.inner_text("#win-share-msg") == "", "shared by the share sheet, not copied"


def test_a_daily_win_says_the_streak_and_shares_a_result_without_the_deal(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    page, last = near_a_daily_win(new_context, site_url, STORED)
    assert page.get_attribute("#code", "data-code") == DEALS["FreeCell"]
    play_last_move(page, last, keep_summary=True)
    page.wait_for_selector("#win-daily:not([hidden])")
    assert "Streak: 2 days in a row." in page.inner_text("#win-daily")  # yesterday's FreeCell win, and today's
    screenshot(page, "daily-en-1440x900-win")
    page.click("#win-share")
    page.wait_for_function("document.querySelector('#win-share-msg').textContent.includes('copied')")
    shared = page.evaluate("navigator.clipboard.readText()")
    lines = shared.splitlines()
    assert lines[0] == "Solitaire daily deal, December 3, 2026"
    assert lines[1].startswith("FreeCell: won in ")
    assert lines[2] == "Without help"
    assert lines[3] == "Streak: 2 days"
    assert DEALS["FreeCell"].rpartition("-")[2] not in shared
    stored = json.loads(page.evaluate(f"localStorage.getItem('{DAILY_KEY}')"))
    assert stored["games"]["FC1-F4"][TODAY.isoformat()][0] == 1
    # The win stays recorded after a reload and an undo.
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)  # its history entry taken back before the reload
    page.reload()
    wait_ready(page)
    open_dialog(page, "#btn-daily", "#dlg-daily")
    page.wait_for_selector(f"{cell(page, TODAY.isoformat())}[data-state='won']")
    assert "2 days" in page.inner_text("#daily-figures")


def test_two_tabs_see_each_other_s_days_and_a_damaged_record_is_set_aside(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    damaged = json.dumps({"version": 1, "games": {"KL1-D1N": {"2026-12-01": [1, 251.0, 131], "2026-12-02": ["x"]}}})
    context = daily_context(new_context, size=(1440, 900))
    context.add_init_script(
        on_the_site(
            f"if (!localStorage.getItem('seeded')) {{ localStorage.setItem('{DAILY_KEY}', {json.dumps(damaged)});"
            " localStorage.setItem('seeded', '1') }"
        )
    )
    first = fixed_page(context)
    first.goto(site_url + "#" + DEALS["Klondike"])
    wait_ready(first)
    open_dialog(first, "#btn-daily", "#dlg-daily")
    first.wait_for_selector("#daily-msg:not([hidden])")
    assert "set aside" in first.inner_text("#daily-msg")
    assert first.locator(cell(first, "2026-12-01")).get_attribute("data-state") == "won"
    assert first.locator(cell(first, "2026-12-02")).get_attribute("data-state") == "unplayed"
    assert first.evaluate(f"localStorage.getItem('solitaire.backup.{DAILY_KEY}')")
    # The first tab plays today's Spider deal; a second tab opened then shows it played, the
    # first tab's Klondike day kept beside it.
    first.keyboard.press("Escape")
    wait_dialogs_closed(first)
    first.evaluate("hash => { location.hash = hash; }", "#" + DEALS["Spider"])
    first.wait_for_function("code => document.querySelector('#code').dataset.code === code", arg=DEALS["Spider"])
    first.keyboard.press("d")  # Spider's deal from the stock: a move
    first.wait_for_function(f"(localStorage.getItem('{DAILY_KEY}') || '').includes('SP1-S1')")
    second = fixed_page(context)
    second.goto(site_url)
    wait_ready(second)
    open_dialog(second, "#btn-daily", "#dlg-daily")
    second.wait_for_selector("#daily-tab-SP1-S1[aria-selected='true']")  # the game on the table
    second.wait_for_selector(f"{cell(second, TODAY.isoformat())}[data-state='played']")
    second.click("#daily-tab-KL1-D1N")
    second.wait_for_selector(f"{cell(second, '2026-12-01')}[data-state='won']")
    assert second.locator(cell(second, "2026-12-02")).get_attribute("data-state") == "unplayed"


def test_the_day_changes_at_local_midnight(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    # 23:59 in Bangkok on 2 December: today is still the 2nd; a minute later the 3rd.
    context = daily_context(new_context, size=(1440, 900))
    page = fixed_page(context, "2026-12-02T23:59:00+07:00")
    page.goto(site_url + "#daily")
    wait_ready(page)
    assert page.get_attribute("#code", "data-code") == engine.daily_deals(datetime.date(2026, 12, 2))["Klondike"]
    page.clock.set_fixed_time("2026-12-03T00:01:00+07:00")
    open_dialog(page, "#btn-daily", "#dlg-daily")
    assert page.locator(cell(page, TODAY.isoformat())).get_attribute("aria-current") == "date"
    assert page.locator(cell(page, "2026-12-02")).get_attribute("aria-current") is None


def test_a_won_day_in_the_year_9999_is_set_aside_and_the_daily_deal_still_works(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    """A won record dated 9999-12-31 made the streaks raise: Daily did nothing, the win
    summary lost its daily line and Share result did nothing, at every reload."""
    far = {**RECORDS, "FC1-F4": {"2026-12-02": [1, 140.0, 96], "9999-12-31": [1, 30.0, 12], "2099-01-01": [1, 30, 12]}}
    page, last = near_a_daily_win(new_context, site_url, json.dumps({"version": 1, "games": far}))
    open_dialog(page, "#btn-daily", "#dlg-daily")
    page.wait_for_selector("#daily-msg:not([hidden])")
    assert "set aside" in page.inner_text("#daily-msg")
    assert "1 day" in page.inner_text("#daily-figures")  # yesterday's win: the streak is there
    assert "9999-12-31" in (page.evaluate(f"localStorage.getItem('solitaire.backup.{DAILY_KEY}')") or "")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)
    play_last_move(page, last, keep_summary=True)
    page.wait_for_selector("#win-daily:not([hidden])")
    assert "Streak: 2 days in a row." in page.inner_text("#win-daily")
    page.click("#win-share")
    page.wait_for_function("document.querySelector('#win-share-msg').textContent.includes('copied')")
    assert page.evaluate("navigator.clipboard.readText()").splitlines()[2:4] == ["Without help", "Streak: 2 days"]
