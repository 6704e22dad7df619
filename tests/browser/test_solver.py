"""The solver on the page: it starts only when asked, its hints are legal moves of
a winning line, a long search keeps the page responsive and can be stopped, a
lost position offers the way back, and "Winnable deals only" deals proven deals.

Every hint shown is checked in CPython against the engine for the same position."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

import engine
from engine.codes import DealCode, format_code, parse_code
from engine.solver import solve
from engine.winnable_seeds import seeds_for
from tests.browser.axe import assert_clean
from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import (
    GAME_ARCHIVE,
    SOLVE_TIMEOUT_MS,
    archive_with,
    ask_hint,
    cards_in,
    drag,
    drag_from,
    moves,
    on_the_site,
    panel_state,
    progress_count,
    start_long_search,
    status,
    tap_stock,
    wait_dialogs_closed,
    wait_idle,
    wait_moves,
    wait_status,
    wait_warm,
)
from tests.browser.records import HARD, LOST
from ui.model.hashlink import record_hash
from ui.model.hints import move_words, winnable_note
from ui.model.startup import friendly_deal
from ui.model.storage import GAME_KEY, SAVE_VERSION, SETTINGS_KEY

ROOT = Path(__file__).resolve().parent.parent.parent
LOST_BACK = 4


def shown_hint(page: Page) -> dict[str, Any]:
    """What the table highlights: the cards or pile to move from, the pile to go to."""
    shown: dict[str, Any] = page.evaluate(
        """() => {
            const z = e => +e.style.zIndex;
            const from = [...document.querySelectorAll('.hint-from')];
            const cards = from.filter(e => e.classList.contains('card')).sort((a, b) => z(a) - z(b));
            return {
                move: document.body.dataset.hint,
                piles: [...new Set(from.map(e => e.closest('[data-pile]').dataset.pile))],
                cards: cards.map(c => c.dataset.face === 'up' ? c.dataset.card : '#'),
                to: [...document.querySelectorAll('.pile.hint-to')].map(e => e.dataset.pile),
                onto: [...document.querySelectorAll('.card.hint-onto')].map(c => c.dataset.card),
                dropTargets: document.querySelectorAll('.pile.target').length,
                grab: cards.length ? (() => { const r = cards[0].getBoundingClientRect();
                    return [r.x + r.width / 2, r.y + Math.min(6, r.height / 4)]; })() : null,
            };
        }"""
    )
    return shown


def check_and_play(page: Page, game: engine.Game) -> engine.Move:
    """Check the highlighted hint against the engine for ``game`` (the page's position),
    play it on the page with the mouse, and return the move."""
    wait_idle(page)
    hint = shown_hint(page)
    assert hint["dropTargets"] == 0, "a hint is not drawn as a drop target"
    assert re.match(r"Hint( \d+ of \d+)?: ", status(page)), status(page)
    before = moves(page)
    if hint["piles"] == ["s"]:
        assert hint["to"] == []
        assert hint["cards"] in ([], ["#"])
        assert game.is_legal("s")
        move = engine.STOCK_TAP
        tap_stock(page)
    else:
        assert len(hint["piles"]) == 1, hint
        assert len(hint["to"]) == 1, hint
        src, dst, count = hint["piles"][0], hint["to"][0], len(hint["cards"])
        assert hint["cards"] == [str(card) for card in game.pile(src)[-count:]], "the whole moving group glows"
        assert all(card.face_up for card in game.pile(src)[-count:])
        legal = [m for m in game.legal_moves() if m.src == src and m.count == count and game.copy().play(m).dst == dst]
        assert legal, f"{hint} is not a legal move in {game.record()}"
        move = legal[0]
        assert hint["onto"] == ([str(game.top(dst))] if game.pile(dst) else [])
        drag_from(page, tuple(hint["grab"]), dst)
    wait_moves(page, before + 1)
    wait_idle(page)
    assert page.evaluate("document.querySelectorAll('.hint-from, .hint-to, .hint-onto, .hint-pile').length") == 0
    assert page.evaluate("document.body.dataset.hint") is None, "the hint goes with the next action"
    return move


@pytest.mark.parametrize(
    "record",
    ["KL1-D1N-AAAAAAG", "SP1-S1-AAAAAAB t4>t8 t3>t2 t1>t10"],
    ids=["klondike", "spider"],
)
def test_hint_highlights_a_legal_move_and_playing_it_keeps_the_game_winnable(
    open_game: Callable[..., Page], record: str
) -> None:
    requested: list[str] = []
    page = open_game(record_hash(record), width=1280, height=800)
    page.context.on("request", lambda request: requested.append(request.url))
    wait_warm(page)
    assert not [url for url in requested if "solver_worker" in url], "nothing of the solver loads with the page"
    game = engine.replay(record)
    card_moves = 0
    for _ in range(12):
        answer = ask_hint(page)
        assert not answer.startswith("verdict:"), answer
        move = check_and_play(page, game)
        game.play(move)
        card_moves += not move.is_stock_tap
        if card_moves >= 2:
            break
    assert card_moves >= 1
    result = solve(game, seconds=60)
    assert result.status == "winnable", "the game is still winnable after the hinted moves"
    assert [url for url in requested if url.endswith("/ui/solver_worker.py")], "the worker started on the first hint"


def test_the_worker_is_not_started_at_page_load(open_game: Callable[..., Page], site_url: str) -> None:
    fetched: list[str] = []
    page = open_game("#KL1-D1N-AAAAAAG")
    page.context.on("request", lambda request: fetched.append(request.url))
    # The page's start-up work is over: look at everything it loaded.
    wait_warm(page)
    loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [url for url in loaded + fetched if "solver_worker" in url]
    assert len([url for url in loaded if url.endswith("pyodide.asm.wasm.gz")]) == 1, "one Python only"
    assert page.locator("script[worker]").count() == 0
    assert page.evaluate("document.getElementById('solver-panel').hidden")
    page.click("#btn-hint")
    page.wait_for_function("document.body.dataset.hintVerdict === 'proven'", timeout=SOLVE_TIMEOUT_MS)
    assert page.locator("script[worker][name=solver]").count() == 1
    assert [url for url in fetched if url.endswith("/ui/solver_worker.py")]


def test_page_stays_responsive_during_a_solve(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + HARD)
    start_long_search(page)
    assert page.is_hidden("#solver-panel"), "a hint's check covers no card"
    # From the click on Settings (the event's own time stamp: any wait in the queue
    # counts) to its dialog being open, measured in the page; the time from the
    # press (pointerdown) is printed too, though it includes the test's own input.
    page.evaluate(
        """() => {
            window.__lag = [];
            const button = document.getElementById('btn-settings');
            const dialog = document.getElementById('dlg-settings');
            button.addEventListener('pointerdown', e => { window.__down = e.timeStamp; }, true);
            button.addEventListener('click', e => { window.__click = e.timeStamp; }, true);
            new MutationObserver(() => {
                const now = performance.now();
                if (dialog.open) window.__lag.push([now - window.__click, now - window.__down]);
            }).observe(dialog, {attributes: true, attributeFilter: ['open']});
        }"""
    )
    lags = []
    presses = []
    for n in range(3):
        before = progress_count(page)
        page.click("#btn-settings")
        page.wait_for_selector("#dlg-settings[open]")
        lag, press = page.evaluate("window.__lag[window.__lag.length - 1]")
        lags.append(lag)
        presses.append(press)
        page.keyboard.press("Escape")
        page.wait_for_selector("#dlg-settings", state="hidden")
        page.wait_for_function(
            "n => { const m = /([\\d,]+) positions/.exec("
            "document.getElementById('solver-progress').textContent);"
            " return m && +m[1].replace(/,/g, '') > n; }",
            arg=before,
            timeout=30_000,
        )
        assert panel_state(page) == "searching", f"the search goes on while the page is used ({n})"
    print(
        f"during a solve, Settings open {', '.join(f'{lag:.1f}' for lag in lags)} ms after the click "
        f"({', '.join(f'{press:.1f}' for press in presses)} ms after the press)"
    )
    # How soon is a figure, not a pass or a fail on a shared machine: bench.responsive
    # measures it (and every long task of the main thread) during a search.
    assert len(lags) == 3, "Settings opened on each press while the search went on"


def test_cancel_and_escape_stop_a_long_search(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + HARD)
    start_long_search(page)
    page.keyboard.press("Escape")
    page.wait_for_function("document.getElementById('solver-panel').dataset.state === 'cancelled'")
    assert status(page) == "Search cancelled."
    assert page.evaluate("document.getElementById('solver-panel').hidden")
    stopped = progress_count(page)
    # The cancelled search's last slice comes back to a page that has moved on.
    page.wait_for_function("document.getElementById('solver-panel').dataset.running === '0'")
    assert progress_count(page) == stopped, "no more progress after Cancel"
    # Escape stops a search as well; a move on the table stops it too (its position is gone).
    start_long_search(page)
    page.keyboard.press("Escape")
    page.wait_for_function("document.getElementById('solver-panel').dataset.state === 'cancelled'")
    assert status(page) == "Search cancelled."
    start_long_search(page)
    page.click("#btn-undo") if page.is_enabled("#btn-undo") else tap_stock(page)
    page.wait_for_function("document.getElementById('solver-panel').dataset.state === 'closed'")
    assert page.is_hidden("#solver-panel")


def test_lost_position_offers_undo_to_the_last_winnable_position(open_game: Callable[..., Page]) -> None:
    page = open_game(record_hash(LOST), width=360, height=640)
    assert ask_hint(page) == "verdict:lost"
    assert status(page).endswith("Lost: no win is possible from here.")
    assert page.is_hidden("#solver-panel"), "the verdict joins the hint in the status line"
    assert page.inner_text("#status-rewind") == "Undo to the last winnable position"
    screenshot(page, "solver-lost-phone")
    assert_clean(page, "the lost position's offer")
    page.click("#status-rewind")  # the player asks the solver: its panel shows the search
    page.wait_for_function(
        "() => !['lost', 'searching', 'starting'].includes(document.getElementById('solver-panel').dataset.state) "
        "|| document.getElementById('solver-msg').textContent.startsWith('None')",
        timeout=SOLVE_TIMEOUT_MS,
    )
    assert panel_state(page) == "rewound"
    wait_moves(page, len(LOST.split()) - 1 - LOST_BACK)
    assert status(page).startswith(f"Undid {LOST_BACK} actions: this position can be won.")
    # The game keeps both kinds of help it had: its win would be one with help.
    saved = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert saved["helped"] == "hint rewind"
    back = engine.replay(LOST.rsplit(" ", LOST_BACK)[0])
    wait_idle(page)
    for pid in back.pile_ids:
        if pid != "s":
            assert cards_in(page, pid) == [str(c) if c.face_up else "#" for c in back.pile(pid)], pid
    for n in range(1, LOST_BACK):
        assert solve(engine.replay(LOST.rsplit(" ", n)[0]), seconds=30, complete=True).status == "unwinnable"
    assert solve(back, seconds=30).status == "winnable"
    # The line found on the way back gives the next hint at once.
    assert not ask_hint(page).startswith("verdict:")
    check_and_play(page, back)


def wait_turned(page: Page) -> None:
    """Wait until looking for where the win was lost has answered (its panel's state)."""
    page.wait_for_function(
        "() => !['closed', 'lost', 'searching', 'starting']"
        ".includes(document.getElementById('solver-panel').dataset.state)",
        timeout=SOLVE_TIMEOUT_MS,
    )


def check_turned(page: Page, record: str) -> tuple[int, str]:
    """The page shows where ``record``'s win was lost: the table as it was before the move
    that lost it, a better move highlighted as a proven hint, both moves in words. Returns
    the move's place and the better move."""
    assert panel_state(page) == "turned", status(page)
    game = engine.replay(record)
    said = status(page)
    found = re.match(r"The win was lost at move (\d+)\. Played: (.+) Better: (.+)", said)
    assert found, said
    index = int(found.group(1)) - 1
    wait_moves(page, index)
    before = engine.replay(" ".join(record.split()[: index + 1]))
    wait_idle(page)
    for pid in before.pile_ids:
        if pid != "s":
            assert cards_in(page, pid) == [str(c) if c.face_up else "#" for c in before.pile(pid)], pid
    better = str(page.evaluate("document.body.dataset.hint"))
    assert page.evaluate("document.body.dataset.hintVerdict") == "proven"
    assert shown_hint(page)["piles"], "the better move is highlighted on the table"
    played = str(game.played[index])
    assert better != played
    assert found.group(2).startswith(move_words(before, played).rstrip(".")), said
    assert found.group(3).startswith(move_words(before, better).rstrip(".")), said
    # The engine agrees: a win before the move, none after it, and the better move keeps one.
    after = before.copy()
    after.play(played)
    kept = before.copy()
    kept.play(better)
    assert solve(after, seconds=60, complete=True).status == "unwinnable"
    assert solve(kept, seconds=60).status == "winnable"
    return index, better


def watch_the_better_line(page: Page, record: str, index: int, better: str) -> None:
    """How the lost game could have been won: Show me how plays the better move's line
    from where the win was lost, its first move the better move."""
    page.click("#status-show")
    page.wait_for_selector("#show-bar", state="visible")
    page.click("#show-next")
    wait_moves(page, index + 1)
    wait_idle(page)
    kept = engine.replay(" ".join([*record.split()[: index + 1], better]))
    for pid in kept.pile_ids:
        if pid != "s":
            assert cards_in(page, pid) == [str(c) if c.face_up else "#" for c in kept.pile(pid)], pid
    page.keyboard.press("Escape")
    page.wait_for_selector("#show-bar", state="hidden")


def test_where_a_lost_game_was_lost(open_game: Callable[..., Page]) -> None:
    page = open_game(record_hash(LOST), width=360, height=640)
    assert ask_hint(page) == "verdict:lost"
    # The lost position offers the way back and, beside it, where the win was lost.
    assert page.inner_text("#status-rewind") == "Undo to the last winnable position"
    assert page.inner_text("#status-turning") == "Where was it lost?"
    page.focus("#status-turning")
    page.keyboard.press("Enter")  # from the keyboard, as a screen reader's user would
    wait_turned(page)
    index, better = check_turned(page, LOST)
    assert index == len(LOST.split()) - 1 - LOST_BACK
    assert status(page).endswith("The solver sees the face-down cards.")
    assert page.get_attribute("[role=status]", "aria-live") == "polite"
    assert_clean(page, "where the win was lost")
    screenshot(page, "solver-turned-phone")
    watch_the_better_line(page, LOST, index, better)


def test_a_game_that_says_it_is_lost_offers_where_it_was_lost(open_game: Callable[..., Page]) -> None:
    """Turning the whole stock of ``GF1-N-AAAAAAC`` without playing loses it (see
    test_golf_play.py); the game says so and offers where it was lost."""
    record = "GF1-N-AAAAAAC" + " s" * 16
    page = open_game(record_hash(record.rsplit(" ", 1)[0]), width=1280, height=800)
    page.keyboard.press("d")
    wait_moves(page, 16)
    wait_status(page, "this game is lost")
    page.click("#status-turning")
    wait_turned(page)
    check_turned(page, record)
    assert "face-down" not in status(page), "every card of this game is face up"


def test_winnable_deals_only_deals_a_shipped_proven_deal(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG")
    page.click("#btn-new")
    note = page.inner_text("label.winnable")
    assert "Winnable deals only" in note
    assert "sees the face-down cards" in note
    assert page.is_checked("#new-winnable"), "on for a new player"
    # The dialog says when a game has few proven deals or none (then the solver looks for one).
    page.check("#dlg-new input[name=game][value=SP]")
    page.check("#dlg-new input[name=suits][value='4']")
    expected = winnable_note(parse_code("SP1-S4-AAAAAAA"))
    assert page.inner_text("#new-winnable-msg").strip() == expected
    assert page.is_visible("#new-winnable-msg") == bool(expected)
    page.check("#dlg-new input[name=game][value=KL]")
    assert not page.is_visible("#new-winnable-msg"), "Klondike draw 1 comes with many proven deals"
    page.check("#dlg-new input[name=draw][value='3']")
    page.check("#new-winnable")
    page.click("#new-deal")
    page.wait_for_function("document.querySelector('[data-code]').dataset.code.startsWith('KL1-D3N-')")
    code = str(page.get_attribute("[data-code]", "data-code"))
    shipped = {format_code(DealCode("KL", 3, "N", seed=seed)) for seed in seeds_for("KL1-D3N")}
    assert code in shipped
    result = solve(engine.new_game(code), seconds=60)
    assert result.status == "winnable"
    # The option is kept with the settings: after a reload the next deal is proven too.
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    page.click("#btn-new")
    assert page.is_checked("#new-winnable")
    page.click("#new-deal")
    page.wait_for_function("code => document.querySelector('[data-code]').dataset.code !== code", arg=code)
    assert str(page.get_attribute("[data-code]", "data-code")) in shipped
    assert page.evaluate("document.querySelectorAll('script[worker]').length") == 0, "shipped deals need no solver"
    # Turned off, it stays off: the player's choice is kept with the settings.
    page.click("#btn-new")
    page.uncheck("#new-winnable")
    page.click("#new-deal")
    page.wait_for_function("document.querySelector('#dlg-new[open]') === null")
    page.reload()
    wait_ready(page)
    page.click("#btn-new")
    assert not page.is_checked("#new-winnable")


def test_a_new_players_first_game_is_the_friendly_proven_deal(open_game: Callable[..., Page]) -> None:
    page = open_game()  # nothing stored, no link
    assert page.get_attribute("[data-code]", "data-code") == friendly_deal()
    page.click("#btn-new")
    assert page.is_checked("#new-winnable")


def test_saved_settings_keep_winnable_deals_only_off(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    context = new_context(viewport={"width": 1280, "height": 800})
    settings = json.dumps({"version": SAVE_VERSION, "settings": {"winnable_only": False}})
    context.add_init_script(on_the_site(f"localStorage.setItem('{SETTINGS_KEY}', {json.dumps(settings)})"))
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    assert page.get_attribute("[data-code]", "data-code") != friendly_deal(), "not a new player: a random deal"
    page.click("#btn-new")
    assert not page.is_checked("#new-winnable")


def test_winnable_deals_only_solves_live_when_none_is_shipped(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    # The page is served a seed list without any Spiderette 1-suit deal: the worker finds one.
    module = (ROOT / "engine" / "winnable_seeds.py").read_text(encoding="utf-8")
    emptied = module + '\nWINNABLE["SD1-S1"] = ()\n'
    context = new_context(viewport={"width": 1280, "height": 800})
    archive = archive_with("engine/winnable_seeds.py", emptied)
    context.route(GAME_ARCHIVE, lambda route: route.fulfill(status=200, content_type="application/gzip", body=archive))
    page = context.new_page()
    page.goto(site_url + "#KL1-D1N-AAAAAAG")
    wait_ready(page)
    page.click("#btn-new")
    page.check("#dlg-new input[name=game][value=SD]")
    page.check("#dlg-new input[name=suits][value='1']")
    page.check("#new-winnable")
    page.click("#new-deal")
    page.wait_for_function(
        "document.querySelector('[data-code]').dataset.code.startsWith('SD1-S1-')", timeout=SOLVE_TIMEOUT_MS
    )
    code = str(page.get_attribute("[data-code]", "data-code"))
    assert status(page).startswith(f"New game: {code}, proven winnable")
    assert solve(engine.new_game(code), seconds=60).status == "winnable"
    # The line the worker found gives the first hint at once.
    assert not ask_hint(page).startswith("verdict:")
    check_and_play(page, engine.new_game(code))


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_solver_screenshots(open_game: Callable[..., Page], size: str) -> None:
    width, height = {"phone": (360, 640), "desktop": (1440, 900)}[size]
    page = open_game("#" + HARD, width=width, height=height)
    start_long_search(page)
    screenshot(page, f"solver-searching-{size}")
    page.keyboard.press("Escape")
    page.evaluate("hash => { location.hash = hash; }", record_hash(LOST))
    page.wait_for_function("document.querySelector('[data-moves]').dataset.moves === '10'")
    assert ask_hint(page) == "verdict:lost"
    wait_idle(page)
    screenshot(page, f"solver-lost-{size}")
    page.evaluate("hash => { location.hash = hash; }", record_hash("SP1-S1-AAAAAAB t4>t8 t3>t2 t1>t10"))
    page.wait_for_selector("#dlg-link[open]")  # the game on the table has moves: asked first
    page.click("#link-open")
    page.wait_for_function("document.querySelector('[data-code]').dataset.code === 'SP1-S1-AAAAAAB'")
    wait_idle(page)
    assert not ask_hint(page).startswith("verdict:")
    wait_idle(page)
    screenshot(page, f"solver-hint-{size}")
    page.click("#btn-new")
    page.check("#new-winnable")
    page.check("#dlg-new input[name=suits][value='4']")
    screenshot(page, f"new-game-winnable-{size}")
    page.keyboard.press("Escape")
    assert page.is_visible("#btn-hint")


@pytest.mark.parametrize(
    ("record", "width", "height"),
    [("KL1-D1N-AAAAAAG", 360, 640), ("SP1-S1-AAAAAAB t4>t8 t3>t2 t1>t10", 640, 360)],
    ids=["klondike-phone", "spider-sideways"],
)
def test_a_hint_check_covers_no_card(open_game: Callable[..., Page], record: str, width: int, height: int) -> None:
    """The first hint starts the solver (seconds on a phone): its check runs without
    the panel, and the verdict joins the hint in the status line."""
    page = open_game(record_hash(record), width=width, height=height)
    page.evaluate(
        """() => {
            const panel = document.getElementById('solver-panel');
            window.__panelShown = false;
            new MutationObserver(() => { if (!panel.hidden) window.__panelShown = true; })
                .observe(panel, {attributes: true, attributeFilter: ['hidden']});
        }"""
    )
    assert not ask_hint(page).startswith("verdict:")
    assert not page.evaluate("window.__panelShown"), "the solver's panel covered the cards"
    assert status(page).endswith("This move keeps the game winnable.")


def test_a_hints_verdict_stays_while_the_position_does(open_game: Callable[..., Page]) -> None:
    """Followed at a player's own pace, a hint keeps its verdict: no timer takes it
    away (the page's clock is run half a minute ahead), the next move does."""
    page = open_game("#KL1-D1N-AAAAAAG", width=1280, height=800)
    wait_warm(page)
    # Timers set from here on run on a clock the test can move forward at once.
    page.clock.install()
    assert not ask_hint(page).startswith("verdict:")
    verdict = "This move keeps the game winnable."
    assert status(page).endswith(verdict)
    page.clock.fast_forward("00:30")
    wait_idle(page)
    assert status(page).endswith(verdict), "the verdict went with time, not with the position"
    assert page.evaluate("document.body.dataset.hintVerdict") == "proven"
    game = engine.new_game("KL1-D1N-AAAAAAG")
    check_and_play(page, game)
    page.wait_for_function(f"() => !document.getElementById('status').textContent.includes({verdict!r})")
    assert page.evaluate("document.body.dataset.hintVerdict") is None


def test_a_hints_offer_stays_until_the_player_acts_or_the_table_changes(open_game: Callable[..., Page]) -> None:
    """A refused move says its rule for a while over a lost position's verdict; when its
    time is up the verdict and its offer come back, for as long as the hint is on the table."""
    page = open_game(record_hash(LOST), width=360, height=640)
    wait_warm(page)
    page.clock.install()  # the timers set from here on run on a clock the test moves forward
    assert ask_hint(page) == "verdict:lost"
    assert page.is_visible("#status-rewind")
    verdict = "Lost: no win is possible from here."
    drag(page, "8c", "t2")  # the 8 of clubs cannot go onto the Queen of hearts
    page.wait_for_selector("#status .why:not(.offer)")  # the refusal's Why? (the offers are .why too)
    assert not page.is_visible("#status-rewind")
    page.clock.fast_forward("00:30")
    page.wait_for_selector("#status-rewind")
    assert status(page).endswith(verdict)
    assert page.evaluate("document.body.dataset.hintVerdict") == "lost"
    page.clock.fast_forward("05:00")
    wait_idle(page)
    assert page.is_visible("#status-rewind"), "no timer takes the offer away"
    # The table changes: the verdict and its offer go, and do not come back.
    page.click("#btn-undo")
    page.wait_for_function("() => !document.getElementById('status-rewind')")
    page.clock.fast_forward("00:30")
    wait_idle(page)
    assert not status(page).endswith(verdict)
    assert page.locator("#status-rewind").count() == 0


@pytest.mark.parametrize("leave", ["restart", "new game"])
def test_a_game_left_for_another_can_be_brought_back_to_see_where_it_was_lost(
    open_game: Callable[..., Page], leave: str
) -> None:
    """A lost game abandoned with Restart or New game: the new deal's line offers to bring
    the game left back and find where its win was lost, from the keyboard too."""
    page = open_game(record_hash(LOST), width=360, height=640)
    wait_moves(page, len(LOST.split()) - 1)
    if leave == "restart":
        page.click("#btn-restart")
    else:
        page.click("#btn-new")
        page.click("#new-deal")
        wait_dialogs_closed(page)
        wait_status(page, "New game:")
    wait_moves(page, 0)
    assert page.inner_text("#status-left") == "Where was the last game lost?"
    page.focus("#status-left")
    page.keyboard.press("Enter")
    wait_turned(page)
    index, _better = check_turned(page, LOST)
    assert index == len(LOST.split()) - 1 - LOST_BACK
    assert_clean(page, "where the game left was lost")


def test_a_game_left_is_offered_only_when_unfinished(open_game: Callable[..., Page]) -> None:
    """A deal restarted before any move leaves nothing behind: nothing is offered."""
    page = open_game(record_hash(LOST.split()[0]), width=360, height=640)
    page.click("#btn-restart")
    wait_status(page, "The deal starts again.")
    assert page.locator("#status-left").count() == 0


def _from_the_deal(page: Page) -> int:
    """Take a lost position's "Show me how from the deal"; the line's length once its bar is up."""
    assert ask_hint(page) == "verdict:lost"
    assert page.inner_text("#status-deal") == "Show me how from the deal"
    page.click("#status-deal")
    page.wait_for_selector("#show-bar", state="visible", timeout=SOLVE_TIMEOUT_MS)
    assert panel_state(page) == "showing"
    wait_moves(page, 0)
    return int(page.inner_text("#show-count").rsplit(" ", 1)[-1])


def test_a_lost_game_given_up_shows_a_winning_line_from_its_deal(open_game: Callable[..., Page]) -> None:
    """Show me how from the deal: the lost game is dealt again and a proven winning line
    plays from the deal's first move to the win."""
    page = open_game(record_hash(LOST), width=360, height=640)
    total = _from_the_deal(page)
    assert status(page).startswith(f"A winning line from here, {total} moves.")
    assert_clean(page, "a line from the deal")
    page.click("#show-play")
    page.wait_for_function("document.body.dataset.won === 'true'", timeout=SOLVE_TIMEOUT_MS)
    assert moves(page) == total


def test_the_game_given_up_for_a_line_from_its_deal_is_one_undo_away(open_game: Callable[..., Page]) -> None:
    page = open_game(record_hash(LOST), width=360, height=640)
    _from_the_deal(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("#show-bar", state="hidden")
    page.click("#btn-undo")
    wait_moves(page, len(LOST.split()) - 1)
    wait_status(page, "Back to the")
