"""TriPeaks and Pyramid, the games of cards in a shape, played to a win in the browser.

Every game of the registry whose cards lie in a shape (``Variant.shape``) plays a proven
winnable deal from its deal to its win by touch (a finger's taps on a phone) and by the
keys alone, in English, Thai and Khmer; the win's cascade runs (or, with reduced motion,
the summary comes at once) and the summary says the game's figures in that language.
Then each game's daily deal won and marked in the calendar, with the statistics' export
and import keeping the win's figures; a game in progress shared and opened elsewhere, a
won one too; a game surviving a reload, Back and Forward and a second tab; and a lost
position undone to the last winnable one.

The lines are the solver's, worked out here in CPython; the page only ever gets taps and keys.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

import engine
from engine.codes import parse_code
from engine.solver import solve
from engine.variants import VARIANTS
from engine.winnable_seeds import seeds_for
from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import (
    ask_hint,
    box,
    card_selector,
    cards_in,
    english_left,
    follow_link,
    moves,
    on_the_site,
    open_dialog,
    panel_state,
    score,
    stats_rows,
    status,
    wait_idle,
    wait_moves,
)
from tests.browser.records import stored_game
from ui.model.cascade import cascade_piles
from ui.model.games import page_of
from ui.model.hashlink import record_hash
from ui.model.i18n import _, use_language
from ui.model.keyboard import _free_cards, _top_columns
from ui.model.stats import variant_key
from ui.model.storage import DAILY_KEY, GAME_KEY, STATS_KEY

SHAPE_GAMES = [variant.game for variant in VARIANTS.values() if variant.shape is not None]
"""The games whose cards lie in a shape, from the registry: TriPeaks, Pyramid."""

DEALS = {"TP": "TP1-W-IWDIMEY", "PY": "PY1-P3-ATUHHPT"}
"""A proven winnable deal of each (``engine/<game>_seeds.py``) whose solver line is among
the shortest (about 40 actions)."""

LANGUAGES = {"en": "en-US", "th": "th-TH", "km": "km-KH"}
TODAY = datetime.date(2026, 12, 3)
NOON = "2026-12-03T12:00:00+07:00"
ZONE = "Asia/Bangkok"


@cache
def winning_line(code: str) -> tuple[str, ...]:
    """The solver's winning line from the deal of ``code``, in CPython."""
    solution = solve(engine.new_game(code), seconds=60)
    assert solution.status == "winnable", code
    return tuple(solution.moves)


def legal(game: engine.Game, notation: str) -> engine.Move:
    """The engine's move of that notation in ``game``'s position."""
    found = [move for move in game.legal_moves() if str(move) == notation]
    assert found, f"{notation} is not legal in {game.record()}"
    return found[0]


def replayed(code: str, line: tuple[str, ...]) -> engine.Game:
    game = engine.new_game(code)
    for notation in line:
        game.play(notation)
    return game


ACTIVE_PILE = "pid => document.activeElement?.closest('[data-pile]')?.dataset.pile === pid"


def focus_by_keys(page: Page, game: engine.Game, pid: str) -> None:
    """Move the keyboard's focus to pile ``pid`` with the keys a player would press: a
    digit to the n-th free card of the shape (then Right past the tenth); for the top
    row, Up out of the shape, Home and Right."""
    free = _free_cards(game)
    if pid in free:
        index = free.index(pid)
        page.keyboard.press(str((min(index, 9) + 1) % 10))
        for _step in range(index - 9):
            page.keyboard.press("ArrowRight")
    else:
        if free:
            page.keyboard.press("1")
        for _step in range(len(free) and 8):  # up the shape's rows and into the top row
            page.keyboard.press("ArrowUp")
        page.keyboard.press("Home")
        for _step in range(list(_top_columns(game)).index(pid)):
            page.keyboard.press("ArrowRight")
    page.wait_for_function(ACTIVE_PILE, arg=pid)


def tap(page: Page, selector: str) -> None:
    """A finger's tap on the element's top strip (what a covered card still shows)."""
    wait_idle(page)  # where the card is, not where an animation has it
    page.touchscreen.tap(*box(page, selector).grab)


def play_move(page: Page, game: engine.Game, move: engine.Move, by: str) -> None:
    """Play ``move`` of ``game`` (the position the page shows) by touch or by keys: the
    stock with a tap or D; a card with a tap or its key and Enter, a pair's first card
    lifted, then its partner."""
    if move.is_stock_tap:
        if by == "touch":
            wait_idle(page)
            page.touchscreen.tap(*box(page, "[data-pile='s']").center)
        else:
            page.keyboard.press("d")
        return
    for index, source in enumerate(move.sources):
        card = str(game.top(source))
        if by == "touch":
            tap(page, card_selector(card, source))
        else:
            focus_by_keys(page, game, source)
            page.keyboard.press("Enter")
        if index < len(move.sources) - 1:  # lifted, for its partner
            page.wait_for_function(
                "card => document.querySelector(`[data-card='${card}']`).classList.contains('held')", arg=card
            )


def play_line(page: Page, game: engine.Game, line: tuple[str, ...], by: str) -> None:
    """Play every move of ``line`` on the page, from ``game``'s position (which follows)."""
    for notation in line:
        move = legal(game, notation)
        play_move(page, game, move, by)
        game.play(move)
        wait_moves(page, game.moves)


def in_language(language: str, text: str) -> str:
    try:
        use_language(language)
        return _(text)
    finally:
        use_language("en")


def cascade_under_way(page: Page, game: engine.Game) -> None:
    """Wait until every card of the pile that gathered the game's cards has its flight
    and some are well on their way across the table."""
    (pile,) = cascade_piles(game.pile_ids)
    page.wait_for_function(
        """([pile, count]) => document.getAnimations().filter(a => a.id === 'cascade').length === count
        && [...document.querySelectorAll(`[data-pile='${pile}'] .card`)].filter(card => {
             const r = card.getBoundingClientRect(), p = card.parentElement.getBoundingClientRect();
             return Math.abs(r.left - p.left) > 40 || Math.abs(r.top - p.top) > 40; }).length >= 5""",
        arg=[pile, len(game.pile(pile))],
    )


def check_summary(page: Page, game: engine.Game, language: str) -> None:
    """The win summary, open: the game's figures, in ``language``."""
    page.wait_for_selector("#dlg-win[open]")
    wait_idle(page)
    assert page.inner_text("#win-title") == in_language(language, "You won!")
    assert page.inner_text("#win-moves") == str(game.moves) == str(moves(page))
    assert page.is_visible("#win-score") == game.has_score
    if game.has_score:
        assert page.inner_text("#win-score") == game.score_text == score(page)
    record = page_of(game.settings.game).record_name
    assert page.is_visible("#win-record") == bool(record)
    if record:
        assert page.inner_text("#win-record-label").casefold() == in_language(language, record).casefold()
        assert page.inner_text("#win-record-value") == str(page_of(game.settings.game).record_figure(game))
    if language != "en":
        assert english_left(page) == []


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("by", ["touch", "keys"])
@pytest.mark.parametrize("game_id", SHAPE_GAMES)
def test_a_deal_plays_to_its_win_by_touch_and_by_keys_in_every_language(
    new_context: Callable[..., BrowserContext], site_url: str, game_id: str, by: str, language: str
) -> None:
    code = DEALS[game_id]
    assert parse_code(code).seed in seeds_for(code.rpartition("-")[0]), "a proven winnable deal"
    phone = by == "touch"
    # The cards move at once (reduced motion) until the winning move; in English the player
    # then turns motion on and sees the cascade, in Thai and Khmer the summary comes at once.
    motion = language == "en"
    context = new_context(
        viewport={"width": 360, "height": 640} if phone else {"width": 1280, "height": 800},
        locale=LANGUAGES[language],
        has_touch=phone,
        is_mobile=phone,
        reduced_motion="reduce",
    )
    page = context.new_page()
    page.goto(site_url + "#" + code)
    wait_ready(page)
    assert page.get_attribute("html", "lang") == language
    game = engine.new_game(code)
    *line, last = winning_line(code)
    play_line(page, game, tuple(line), by)
    if motion:
        page.emulate_media(reduced_motion="no-preference")
    play_line(page, game, (last,), by)
    assert game.won
    page.wait_for_function("document.body.dataset.won === 'true'")
    if motion:
        cascade_under_way(page, game)
        assert not page.is_visible("#dlg-win")
        if phone:
            page.touchscreen.tap(180, 320)  # a tap skips to the summary
        else:
            page.keyboard.press("d")  # a key that plays nothing now (the game is won) leaves the cascade be
            page.keyboard.press("Enter")  # Enter skips it, as the tap does (Enter on the stock is no draw)
    check_summary(page, game, language)
    assert page.evaluate("document.getAnimations().filter(a => a.id === 'cascade').length") == 0
    screenshot(page, f"win-{game_id}-{by}-{language}")


@cache
def daily_near_win(game_id: str) -> tuple[str, str]:
    """Today's daily deal of the game saved one move before its win, played from its deal
    (what ``Store`` writes), and that last move."""
    code = engine.daily_deals(TODAY)[VARIANTS[game_id].name]
    *line, last = winning_line(code)
    return stored_game(replayed(code, tuple(line)), 95.0, "dailyshape"), last


@pytest.mark.parametrize("game_id", SHAPE_GAMES)
def test_the_daily_deal_won_is_marked_won_on_its_tab_and_the_statistics_export_keeps_its_figures(
    new_context: Callable[..., BrowserContext], site_url: str, tmp_path: Path, game_id: str
) -> None:
    saved, last = daily_near_win(game_id)
    context = new_context(
        viewport={"width": 360, "height": 640},
        locale="en-US",
        timezone_id=ZONE,
        has_touch=True,
        reduced_motion="reduce",
    )
    context.add_init_script(
        on_the_site(
            f"if (!sessionStorage.getItem('seeded')) {{ localStorage.setItem('{GAME_KEY}', {json.dumps(saved)});"
            " sessionStorage.setItem('seeded', '1') }"
        )
    )
    page = context.new_page()
    page.clock.set_fixed_time(NOON)
    page.goto(site_url)
    wait_ready(page)
    game = engine.from_json(json.loads(saved)["game"])
    tab = f"#daily-tab-{game.code.rpartition('-')[0]}"
    # Not won yet: today is played on the game's tab.
    open_dialog(page, "#btn-daily", "#dlg-daily")
    page.wait_for_selector(f"{tab}[aria-selected='true']")
    today = f"#daily-weeks button[data-day='{TODAY.isoformat()}']"
    assert page.get_attribute(today, "data-state") == "played"
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]') && !document.body.dataset.history")
    play_line(page, game, (last,), "touch")
    check_summary(page, game, "en")
    page.wait_for_selector("#win-daily:not([hidden])")
    assert "You won the daily deal of December 3, 2026." in page.inner_text("#win-daily")
    page.keyboard.press("Escape")
    open_dialog(page, "#btn-daily", "#dlg-daily")
    page.wait_for_selector(f"{tab}[aria-selected='true']")
    page.wait_for_selector(f"{today}[data-state='won']")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{DAILY_KEY}')"))
    assert stored["games"][game.code.rpartition("-")[0]][TODAY.isoformat()][0] == 1
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]') && !document.body.dataset.history")
    # The statistics' export and import keep the win's figures, the game's own one too.
    key = variant_key(game.settings)
    kept = json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"][key]
    assert (kept["played"], kept["won"]) == (1, 1)
    assert kept.get("best_figure", 0) == page_of(game_id).record_figure(game)
    open_dialog(page, "#btn-stats", "#dlg-stats")
    with page.expect_download() as download:
        page.click("#stats-export")
    exported = tmp_path / "stats.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["variants"][key] == kept
    assert data["daily"] == stored["games"]
    page.click("#stats-reset")
    page.click("#stats-reset-yes")
    assert json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"] == {}
    page.set_input_files("#stats-file", str(exported))
    page.wait_for_selector("#stats-import-confirm:not([hidden])")
    page.click("#stats-import-yes")
    page.wait_for_function("document.querySelector('#stats-msg').textContent.includes('imported for 1 game')")
    assert json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"][key] == kept
    record = page_of(game_id).record_name
    if record:
        rows = stats_rows(page)
        assert rows[record] == str(page_of(game_id).record_figure(game))


def header_figures(page: Page) -> dict[str, object]:
    """What the header and the table show of the game: moves, score, the game's figure, the waste."""
    return {
        "moves": moves(page),
        "score": score(page),
        "figure": page.inner_text("#figure-value") if page.is_visible("#figure") else None,
        "waste": cards_in(page, "w"),
        "code": page.get_attribute("[data-code]", "data-code"),
    }


def in_progress(game_id: str) -> tuple[str, tuple[str, ...]]:
    """The game's deal and the first half of its winning line."""
    code = DEALS[game_id]
    line = winning_line(code)
    return code, line[: len(line) // 2]


@pytest.mark.parametrize("game_id", SHAPE_GAMES)
def test_a_shared_game_opens_elsewhere_with_its_figures_in_progress_and_won(
    open_game: Callable[..., Page], new_context: Callable[..., BrowserContext], game_id: str
) -> None:
    code, half = in_progress(game_id)
    *line, last = winning_line(code)
    page = open_game(record_hash(" ".join((code, *half[:-1]))), width=1280, height=800, reduced_motion="reduce")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game = replayed(code, half[:-1])
    play_line(page, game, half[-1:], "keys")
    # The header's figures as the engine has them.
    shown = header_figures(page)
    assert shown["moves"] == game.moves
    if game.has_score:
        assert shown["score"] == game.score_text
    figure = page_of(game_id).figure(game)
    assert shown["figure"] == (figure[1] if figure else None)

    def opened_elsewhere() -> Page:
        page.click("#btn-share")
        page.wait_for_function("document.querySelector('[role=status]').textContent.includes('copied')")
        link: str = page.evaluate("navigator.clipboard.readText()")
        elsewhere = new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce").new_page()
        elsewhere.goto(link)
        wait_ready(elsewhere)
        wait_idle(elsewhere)
        return elsewhere

    other = opened_elsewhere()
    assert header_figures(other) == shown
    other.click("#btn-undo")  # its undo history came with it
    wait_moves(other, game.moves - 1)
    other.context.close()
    # Won: the line played to one move short (by a link), its last move, shared and opened
    # elsewhere as won, with its figures.
    follow_link(page, record_hash(" ".join((code, *line))), moves=len(line))
    game = replayed(code, tuple(line))
    play_line(page, game, (last,), "keys")
    check_summary(page, game, "en")
    page.keyboard.press("Escape")
    won = header_figures(page)
    other = opened_elsewhere()
    assert other.evaluate("document.body.dataset.won") == "true"
    assert header_figures(other) == won


@pytest.mark.parametrize("game_id", SHAPE_GAMES)
def test_a_game_in_progress_survives_a_reload_back_and_forward_and_a_second_tab(
    new_context: Callable[..., BrowserContext], site_url: str, game_id: str
) -> None:
    code, half = in_progress(game_id)
    context = new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, reduced_motion="reduce"
    )
    page = context.new_page()
    page.goto(site_url + record_hash(" ".join((code, *half[:-2]))))
    wait_ready(page)
    game = replayed(code, half[:-2])
    play_line(page, game, half[-2:], "touch")
    wait_idle(page)
    shown = header_figures(page)
    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert header_figures(page) == shown
    # Another deal by a link, then Back to this game as it was left, and Forward again.
    other = "KL1-D1N-AAAAAAG"
    follow_link(page, "#" + other)
    page.go_back()
    page.wait_for_function("code => document.querySelector('[data-code]').dataset.code === code", arg=code)
    wait_moves(page, game.moves)
    wait_idle(page)
    assert header_figures(page) == shown
    page.go_forward()
    page.wait_for_function("code => document.querySelector('[data-code]').dataset.code === code", arg=other)
    page.go_back()
    page.wait_for_function("code => document.querySelector('[data-code]').dataset.code === code", arg=code)
    wait_moves(page, game.moves)
    # A second tab opens the game where it is and plays it from now on; the first steps aside.
    second = context.new_page()
    second.goto(site_url)
    wait_ready(second)
    wait_idle(second)
    assert header_figures(second) == shown
    page.wait_for_selector("#dlg-elsewhere[open]")
    line = winning_line(code)
    play_line(second, game, line[len(half) : len(half) + 2], "touch")
    assert moves(second) == game.moves


@cache
def losing_step(code: str) -> tuple[tuple[str, ...], str]:
    """Moves of the winning line and a move then that loses the game (every line from it
    proven lost by the complete search), found in CPython: the last such move of the line,
    whose lost position the page's solver proves at once."""
    line = winning_line(code)
    for step in reversed(range(len(line))):
        game = replayed(code, line[:step])
        notation = line[step]
        for move in game.legal_moves():
            after = game.copy()
            after.play(move)
            if (
                str(move) != notation
                and not after.lost
                and solve(after, seconds=20, complete=True).status == "unwinnable"
            ):
                return line[:step], str(move)
    raise AssertionError(f"no losing move found along the line of {code}")


@pytest.mark.parametrize("game_id", SHAPE_GAMES)
def test_a_lost_position_undoes_to_the_last_winnable_one(open_game: Callable[..., Page], game_id: str) -> None:
    code = DEALS[game_id]
    before, losing = losing_step(code)
    page = open_game(
        record_hash(" ".join((code, *before))), width=360, height=640, has_touch=True, reduced_motion="reduce"
    )
    game = replayed(code, before)
    play_line(page, game, (losing,), "touch")
    assert ask_hint(page) == "verdict:lost"
    assert status(page).endswith("Lost: no win is possible from here.")
    assert page.inner_text("#status-rewind") == "Undo to the last winnable position"
    page.click("#status-rewind")
    page.wait_for_function(
        "() => !['lost', 'searching', 'starting'].includes(document.getElementById('solver-panel').dataset.state)",
        timeout=120_000,
    )
    assert panel_state(page) == "rewound"
    wait_moves(page, len(before))
    assert status(page).startswith("Undid 1 action: this position can be won.")
    back = replayed(code, before)
    wait_idle(page)
    for pid in back.pile_ids:
        if pid != "s":
            assert cards_in(page, pid) == [str(card) if card.face_up else "#" for card in back.pile(pid)], pid
    assert solve(back, seconds=30).status == "winnable"
    # The hint from there is a move of a winning line.
    assert not ask_hint(page).startswith("verdict:")
