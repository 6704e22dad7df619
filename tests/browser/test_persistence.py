"""Nothing is lost: the game survives a reload, bad storage never stops play,
and statistics count every game, from any tab."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

import engine
from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import (
    cards_in,
    click_card,
    follow_link,
    moves,
    on_the_site,
    open_dialog,
    play_last_move,
    score,
    stats_rows,
    tap_stock,
    wait_dialogs_closed,
    wait_idle,
    wait_moves,
    wait_status,
)
from tests.browser.records import near_win
from ui.model.session import format_clock

CODE = "KL1-D1N-AAAAAAG"
GAME_KEY = "solitaire.v1.game"
STATS_KEY = "solitaire.v1.stats"
SETTINGS_KEY = "solitaire.v1.settings"
DAILY_KEY = "solitaire.v1.daily"


def table_state(page: Page) -> dict[str, object]:
    piles = page.eval_on_selector_all("[data-pile]", "els => els.map(e => e.dataset.pile)")
    return {"score": score(page), "moves": moves(page), "piles": {pile: cards_in(page, pile) for pile in piles}}


def open_with_storage(new_context: Callable[..., BrowserContext], site_url: str, script: str) -> Page:
    context = new_context(viewport={"width": 1440, "height": 900})
    context.add_init_script(on_the_site(script))
    page = context.new_page()
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    return page


def test_reload_resumes_cards_score_moves_clock_and_undo(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    tap_stock(page)
    # The clock runs past a second (the page's clock shows it).
    page.wait_for_function("document.querySelector('[data-time]').dataset.time !== '0:00'")
    click_card(page, "Ad")  # a single tap sends the Ace home
    wait_moves(page, 2)
    tap_stock(page)
    wait_moves(page, 3)
    wait_idle(page)
    before = table_state(page)
    saved = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert saved["elapsed"] >= 1.0
    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert table_state(page) == before
    assert "set aside" not in page.inner_text("[role=status]")
    # The clock resumes where it was: the save read above, or a later one (leaving the
    # page saves the clock again, seconds later on a busy machine), never 0:00.
    resumed = page.get_attribute("[data-time]", "data-time")
    assert resumed in {format_clock(saved["elapsed"] + extra) for extra in range(10)}, resumed
    page.click("#btn-undo")
    wait_moves(page, 2)
    page.click("#btn-undo")
    wait_moves(page, 1)
    assert score(page) == "0", "undo after a reload gives back the foundation's points"


def test_settings_survive_a_reload(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    page.click("#btn-settings")
    page.check("#set-large")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)  # its history entry taken back before the reload
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.body.classList.contains('large-cards')")
    assert json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))["settings"]["large_cards"] is True


BAD_STORAGE = {
    "corrupted JSON": (f"localStorage.setItem('{GAME_KEY}', '{{not json')", "could not be read"),
    "future version": (
        f"""localStorage.setItem('{GAME_KEY}', JSON.stringify({{version: 99, game: "?"}}))""",
        "newer version",
    ),
    "missing keys": (f"localStorage.setItem('{SETTINGS_KEY}', JSON.stringify({{version: 1}}))", "incomplete"),
    "full quota": (
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }",
        "Storage is full",
    ),
    "storage disabled": (
        "Object.defineProperty(window, 'localStorage', { get() {"
        " throw new DOMException('The operation is insecure.', 'SecurityError'); } })",
        "Storage is unavailable",
    ),
}


@pytest.mark.parametrize("case", list(BAD_STORAGE))
def test_bad_storage_shows_a_notice_and_play_goes_on(
    new_context: Callable[..., BrowserContext], site_url: str, case: str
) -> None:
    script, notice = BAD_STORAGE[case]
    page = open_with_storage(new_context, site_url, script)
    page.wait_for_function("text => document.querySelector('[role=status]').textContent.includes(text)", arg=notice)
    tap_stock(page)
    wait_moves(page, 1)
    assert len(cards_in(page, "w")) == 1


def test_a_tampered_save_is_rebuilt_from_its_moves(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    game = engine.replay(f"{CODE} s t1>f s")
    data = json.loads(game.to_json())
    data["score"] = 9999  # does not match the moves any more
    save = {"version": 1, "game": json.dumps(data), "record": game.record(), "elapsed": 5, "counted": True}
    page = open_with_storage(
        new_context, site_url, f"localStorage.setItem('{GAME_KEY}', {json.dumps(json.dumps(save))})"
    )
    page.wait_for_function("document.querySelector('[role=status]').textContent.includes('rebuilt from its moves')")
    assert moves(page) == 3
    assert score(page) == "10"


def test_one_game_open_in_two_tabs_counts_one_win(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    link, last = near_win()
    context = new_context(viewport={"width": 1440, "height": 900})
    pages = []
    for _ in range(2):
        page = context.new_page()
        page.goto(site_url + link)
        wait_ready(page)
        pages.append(page)
    covered, page = pages
    covered.wait_for_selector("#dlg-elsewhere[open]")  # the tab that saved last plays the game
    play_last_move(page, last)
    keys = page.evaluate("Object.keys(localStorage)")
    assert not [key for key in keys if "backup" in key], "normal play must never set a save aside"
    variants = json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"]
    assert variants["SD-S1"]["played"] == 1
    assert variants["SD-S1"]["won"] == 1
    page.click("#btn-stats")
    rows = stats_rows(page)
    assert rows["Games won"] == "1"
    assert rows["Win rate"] == "100%"
    assert page.locator("#stats-chart rect").count() == 1
    screenshot(page, "statistics-desktop")


def test_statistics_export_reset_and_import(open_game: Callable[..., Page], tmp_path: Path) -> None:
    link, last = near_win()
    page = open_game(link, width=360, height=640)
    play_last_move(page, last)
    page.click("#btn-stats")
    screenshot(page, "statistics-phone")
    with page.expect_download() as download:
        page.click("#stats-export")
    exported = tmp_path / "stats.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["kind"] == "solitaire-statistics"
    assert data["variants"]["SD-S1"]["won"] == 1
    page.click("#stats-reset")
    assert page.is_visible("#stats-confirm")
    page.click("#stats-reset-yes")
    assert json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"] == {}
    page.set_input_files("#stats-file", str(exported))
    # Nothing changes before the player says so: the question names what is replaced and the file's date.
    page.wait_for_selector("#stats-import-confirm:not([hidden])")
    question = page.inner_text("#stats-import-question")
    assert "Replace the statistics of every game and your daily deal results" in question
    day = datetime.datetime.fromisoformat(data["exported"]).date()
    assert f"{day:%B} {day.day}, {day.year}" in question
    assert json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"] == {}
    page.click("#stats-import-yes")
    page.wait_for_function("document.querySelector('#stats-msg').textContent.includes('imported for 1 game')")
    assert json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"]["SD-S1"]["won"] == 1
    # What the import replaced (the statistics just reset) comes back with one button.
    page.click("#stats-restore")
    page.wait_for_function("document.querySelector('#stats-msg').textContent.includes('are back')")
    assert json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"] == {}
    assert page.is_hidden("#stats-restore")
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "something else"}')
    page.set_input_files("#stats-file", str(bad))
    page.wait_for_function("document.querySelector('#stats-msg').textContent.includes('Nothing was imported')")


def poisoned_storage() -> dict[str, tuple[str, str]]:
    """Values that parse but are absurd, as a tampering or unlucky player leaves them:
    (the script that stores them, the notice the page must show)."""
    deep = "'['.repeat(100000)"
    game = engine.replay(f"{CODE} s t1>f")
    save = json.dumps({"version": 1, "game": game.to_json(), "record": game.record(), "counted": True})
    infinite_clock = save[:-1] + ', "elapsed": 1e999}'
    stats = (
        '{"version": 1, "variants": {"KL-D1N": {"played": 4, "won": 1, "fastest_win": 1e999, "win_moves_total": '
        + "9" * 400
        + "}}}"
    )
    return {
        "deep game": (f"localStorage.setItem('{GAME_KEY}', {deep})", "could not be read"),
        "deep settings": (f"localStorage.setItem('{SETTINGS_KEY}', {deep})", "could not be read"),
        "deep statistics": (f"localStorage.setItem('{STATS_KEY}', {deep})", "could not be read"),
        "infinite clock": (f"localStorage.setItem('{GAME_KEY}', {json.dumps(infinite_clock)})", "clock"),
        "absurd statistics": (f"localStorage.setItem('{STATS_KEY}', {json.dumps(stats)})", "damaged"),
    }


STATUS_LOG = """
addEventListener("DOMContentLoaded", () => {
  window.statusLog = [];
  const status = document.querySelector("[role=status]");
  new MutationObserver(() => window.statusLog.push(status.textContent)).observe(status, { childList: true });
});
"""
"""Keeps every text the status line showed (a notice can be replaced by the next announcement)."""


@pytest.mark.parametrize("case", list(poisoned_storage()))
def test_poisoned_storage_never_stops_the_game(
    new_context: Callable[..., BrowserContext], site_url: str, case: str
) -> None:
    script, notice = poisoned_storage()[case]
    context = new_context(viewport={"width": 1440, "height": 900})
    # Stored once, before the first start only: the reload below must find what the game wrote back.
    context.add_init_script(
        on_the_site(
            f"if (!sessionStorage.getItem('poisoned')) {{ sessionStorage.setItem('poisoned', '1'); {script}; }}"
        )
    )
    context.add_init_script(STATUS_LOG)
    page = context.new_page()
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    start = moves(page)
    tap_stock(page)  # the statistics are read at the first move
    wait_moves(page, start + 1)
    page.wait_for_function("text => window.statusLog.some(said => said.includes(text))", arg=notice)
    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open]")
    assert page.locator("#stats-table tr").count() >= 8
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)  # its history entry taken back: a reload then is not cut short
    page.reload()
    wait_ready(page)
    assert moves(page) == start + 1, "the move after the notice was saved"
    assert not page.evaluate("window.statusLog.join(' ')"), "what was set aside is not found again"


def test_a_second_tab_takes_the_game_over_and_nothing_is_counted_twice(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(viewport={"width": 1440, "height": 900})
    first = context.new_page()
    first.goto(site_url + "#" + CODE)
    wait_ready(first)
    tap_stock(first)
    wait_moves(first, 1)  # the game counts as played
    # The player opens the game in a second tab: it resumes the save and plays it from now on.
    second = context.new_page()
    second.goto(site_url)
    wait_ready(second)
    assert moves(second) == 1
    first.wait_for_selector("#dlg-elsewhere[open]")
    first.keyboard.press("Escape")
    assert first.is_visible("#dlg-elsewhere"), "the table stays covered"
    # The second tab deals another game: the one both had open is lost, once.
    follow_link(second, "#KL1-D1N-AAAAAAB")  # over the game with a move: asked first
    tap_stock(second)
    wait_moves(second, 1)
    first.keyboard.press("d")  # the covered tab plays nothing, saves nothing, counts nothing
    wait_idle(first)
    variants = json.loads(second.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"]
    assert (variants["KL-D1N"]["played"], len(variants["KL-D1N"]["recent"])) == (2, 1)
    saved = json.loads(second.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert engine.from_json(saved["game"]).code == "KL1-D1N-AAAAAAB"
    # "Play here" opens the latest save, the second tab's game, which steps aside in turn.
    first.click("#elsewhere-here")
    first.wait_for_function("document.querySelector('[data-code]')?.dataset.code === 'KL1-D1N-AAAAAAB'")
    wait_ready(first)
    assert moves(first) == 1
    second.wait_for_selector("#dlg-elsewhere[open]")
    tap_stock(first)
    wait_moves(first, 2)
    variants = json.loads(first.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"]
    assert (variants["KL-D1N"]["played"], len(variants["KL-D1N"]["recent"])) == (2, 1)


STORAGE_FAILS = """
(() => {
  // Every write of the game's keys fails while 'storage-fails' is set, in every tab:
  // a full quota, until the player frees some space.
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith('solitaire.') && localStorage.getItem('storage-fails') === '1') {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
})();
"""
FAIL_FROM_THE_START = "if (!sessionStorage.getItem('opened')) { sessionStorage.setItem('opened', '1');"
FAIL_FROM_THE_START += " localStorage.setItem('storage-fails', '1'); }"


def won_while_storage_fails(new_context: Callable[..., BrowserContext], site_url: str) -> tuple[BrowserContext, Page]:
    """The near-win record opened and won while every write fails: the win shows,
    the notice too, and nothing reaches the statistics."""
    link, last = near_win()
    context = new_context(viewport={"width": 1440, "height": 900})
    context.add_init_script(STORAGE_FAILS)
    context.add_init_script(STATUS_LOG)
    page = context.new_page()
    page.add_init_script(FAIL_FROM_THE_START)
    page.goto(site_url + link)
    wait_ready(page)
    assert moves(page) == 60
    play_last_move(page, last)
    said = " ".join(page.evaluate("window.statusLog"))
    assert "You won!" in said
    assert "Storage is full" in said
    assert page.evaluate(f"localStorage.getItem('{STATS_KEY}')") is None
    page.evaluate("localStorage.removeItem('storage-fails')")  # storage works again
    return context, page


def win_counted(page: Page) -> tuple[int, int, int]:
    data = page.evaluate(f"localStorage.getItem('{STATS_KEY}')")
    assert data is not None, "the win was never recorded"
    stats = json.loads(data)["variants"]["SD-S1"]
    return stats["played"], stats["won"], len(stats["recent"])


def test_a_win_while_storage_fails_is_counted_at_the_next_new_game(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    _context, page = won_while_storage_fails(new_context, site_url)
    page.click("#btn-new")
    page.click("#new-deal")
    wait_status(page, "Saving works again.")
    assert win_counted(page) == (1, 1, 1)


def test_a_win_while_storage_fails_comes_back_and_is_counted_at_a_reload(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    _context, page = won_while_storage_fails(new_context, site_url)
    page.reload()
    wait_ready(page)
    assert moves(page) == 61
    assert page.evaluate("document.body.dataset.won") == "true"
    assert win_counted(page) == (1, 1, 1)
    page.reload()
    wait_ready(page)
    assert win_counted(page) == (1, 1, 1), "counted once"


def test_a_win_while_storage_fails_is_counted_when_another_tab_takes_over(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context, page = won_while_storage_fails(new_context, site_url)
    other = context.new_page()
    other.goto(site_url)
    wait_ready(other)
    page.wait_for_selector("#dlg-elsewhere[open]")  # the other tab's save made this one step aside
    assert win_counted(page) == (1, 1, 1)


STORAGE_FULL = """
(() => {
  // A full quota while 'storage-full' holds a number: a write that needs more room
  // than the item it replaces fails, in every tab. The saved game's room is counted
  // in moves (that many at most), since the digits of its clock vary from save to save.
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const room = localStorage.getItem('storage-full');
    if (String(key).startsWith('solitaire.') && room !== null) {
      const old = this.getItem(key);
      const more = key === 'solitaire.v1.game'
        ? JSON.parse(value).record.split(' ').length - 1 > Number(room)
        : old === null || String(value).length > old.length;
      if (more) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
})();
"""


@pytest.mark.parametrize("room", ["2", "1"], ids=["the second tab's save fits", "every save fails"])
def test_full_storage_never_says_saving_works_and_an_older_copy_never_takes_over(
    new_context: Callable[..., BrowserContext], site_url: str, room: str
) -> None:
    context = new_context(viewport={"width": 1440, "height": 900})
    context.add_init_script(STORAGE_FULL)
    context.add_init_script(STATUS_LOG)
    page = context.new_page()
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    tap_stock(page)
    tap_stock(page)
    wait_moves(page, 2)
    # The saved game of 2 moves fits, no more; or not even that: then no tab hears
    # another's save, and the tabs' messages alone tell them which copy is newer.
    page.evaluate("room => localStorage.setItem('storage-full', room)", room)
    tap_stock(page)
    wait_moves(page, 3)
    wait_status(page, "Storage is full")
    # A reload: this tab's history entry holds the game at 3 moves, and the settings,
    # written unchanged, still fit; the game does not, so saving does not work again.
    page.reload()
    wait_ready(page)
    assert moves(page) == 3
    said = " ".join(page.evaluate("window.statusLog"))
    assert "Storage is full" in said
    assert "Saving works again" not in said
    # A second tab resumes the save (2 moves): the tab holding the game at 3 moves
    # keeps it, and the other steps aside.
    other = context.new_page()
    other.goto(site_url)
    wait_ready(other)
    assert moves(other) == 2
    other.wait_for_selector("#dlg-elsewhere[open]")
    assert not page.is_visible("#dlg-elsewhere"), "the newer game never yields to an older one"
    tap_stock(page)
    wait_moves(page, 4)
    assert "Saving works again" not in " ".join(page.evaluate("window.statusLog"))
    page.evaluate("localStorage.removeItem('storage-full')")  # storage works again
    tap_stock(page)
    wait_moves(page, 5)
    wait_status(page, "Saving works again.")
    saved = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert len(saved["record"].split()) - 1 == 5


def test_more_wins_than_games_are_set_aside_and_the_stats_dialog_says_so(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    stored = json.dumps({"version": 1, "variants": {"KL-D1N": {"played": 2, "won": 9}}})
    page = open_with_storage(new_context, site_url, f"localStorage.setItem('{STATS_KEY}', {json.dumps(stored)})")
    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open]")
    assert "those figures were set aside" in page.inner_text("#stats-msg")
    rows = stats_rows(page)
    assert (rows["Games played"], rows["Games won"], rows["Win rate"]) == ("2", "0", "0%")
    assert rows["Average moves of a win"] == "–"
    assert json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"]["KL-D1N"]["won"] == 0
    assert page.evaluate(f"localStorage.getItem('solitaire.backup.{STATS_KEY}')") == stored


IMPORT_FAILS = """
(() => {
  // Writes of the key named by 'fail-key' fail, as a full quota's do.
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === localStorage.getItem('fail-key')) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
})();
"""


@pytest.mark.parametrize("fails", [STATS_KEY, DAILY_KEY])
def test_an_import_with_storage_full_changes_nothing_and_says_so(
    new_context: Callable[..., BrowserContext], site_url: str, tmp_path: Path, fails: str
) -> None:
    """It said "Statistics imported for 1 game variant." while the statistics write
    failed, and the daily write had replaced the daily records with the file's."""
    mine = {"version": 1, "variants": {"KL-D1N": {"played": 40, "won": 12}}}
    days = {"version": 1, "games": {"KL1-D1N": {"2026-03-01": [1, 300, 120]}}}
    script = f"localStorage.setItem('{STATS_KEY}', {json.dumps(json.dumps(mine))});"
    script += f"localStorage.setItem('{DAILY_KEY}', {json.dumps(json.dumps(days))})"
    context = new_context(viewport={"width": 360, "height": 640})
    context.add_init_script(on_the_site(f"if (!localStorage.getItem('{STATS_KEY}')) {{ {script} }}"))
    context.add_init_script(IMPORT_FAILS)
    page = context.new_page()
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    kept = page.evaluate(f"[localStorage.getItem('{STATS_KEY}'), localStorage.getItem('{DAILY_KEY}')]")
    file = tmp_path / "fresh.json"
    file.write_text(json.dumps({"kind": "solitaire-statistics", "version": 1, "variants": {}, "daily": {}}))
    page.evaluate("key => localStorage.setItem('fail-key', key)", fails)
    open_dialog(page, "#btn-stats", "#dlg-stats")
    page.set_input_files("#stats-file", str(file))
    page.wait_for_selector("#stats-import-confirm:not([hidden])")
    assert "does not say when it was exported" in page.inner_text("#stats-import-question")
    page.click("#stats-import-yes")
    page.wait_for_function("document.querySelector('#stats-msg').textContent.includes('Nothing was imported')")
    said = page.inner_text("#stats-msg")
    assert "Storage is full" in said
    assert "imported for" not in said
    assert page.evaluate(f"[localStorage.getItem('{STATS_KEY}'), localStorage.getItem('{DAILY_KEY}')]") == kept
    assert page.is_hidden("#stats-restore")
    assert "Games played40" in page.inner_text("#stats-table").replace("\t", "").replace("\n", "")
