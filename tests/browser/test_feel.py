"""Never losing a game, and moves that answer at once: Back and Forward between
games, the question before a link replaces a game, undoable Restart, instant
taps, the keyboard during a drag, instant hints, Finish, and wins of games
opened at a later move."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable

from playwright.sync_api import Page

import engine
from engine.finish import finish_line, ready
from engine.winnable_seeds import seeds_for
from tests.browser.helpers import (
    card_at,
    cards_in,
    click_card,
    follow_link,
    moves,
    play_last_move,
    play_with_mouse,
    press_hint,
    score,
    status,
    tap_stock,
    wait_dialogs_closed,
    wait_drawn,
    wait_idle,
    wait_moves,
    wait_warm,
)
from tests.browser.records import near_win
from ui.model.hashlink import record_hash

CODE = "KL1-D1N-AAAAAAG"
OTHER = "KL1-D1N-AAAAAAB"
STATS_KEY = "solitaire.v1.stats"


def table(page: Page) -> dict[str, list[str]]:
    wait_idle(page)
    piles = page.eval_on_selector_all("[data-pile]", "els => els.map(e => e.dataset.pile)")
    return {pile: cards_in(page, pile) for pile in piles}


def undo(page: Page) -> None:
    page.click("#btn-undo")


def play_moves(page: Page, count: int) -> None:
    """Two Aces home (single taps), then draws."""
    click_card(page, "Ad")
    wait_moves(page, 1)
    if count > 1:
        click_card(page, "Ah")
        wait_moves(page, 2)
    for n in range(2, count):
        tap_stock(page)
        wait_moves(page, n + 1)


def test_back_and_forward_move_between_games_with_their_undo(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    play_moves(page, 3)
    first = table(page)
    page.evaluate(f"location.hash = '#{OTHER}'")  # a link to another deal: asked first
    page.wait_for_selector("#dlg-link[open]")
    page.click("#link-open")
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code === '{OTHER}'")
    tap_stock(page)
    wait_moves(page, 1)
    second = table(page)
    page.go_back()
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code === '{CODE}'")
    wait_moves(page, 3)
    assert table(page) == first
    assert status(page).startswith(f"Back to the Klondike game {CODE} at move 3")
    undo(page)
    wait_moves(page, 2)
    page.go_forward()
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code === '{OTHER}'")
    wait_moves(page, 1)
    assert table(page) == second
    undo(page)
    wait_moves(page, 0)
    page.go_back()
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code === '{CODE}'")
    wait_moves(page, 2)  # the undo done there was kept
    variants = json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"]
    assert variants["KL-D1N"]["played"] == 2
    # On the table again, the first game is not a loss; the second, left with a move played, is.
    assert variants["KL-D1N"]["recent"] == [[0, 0]]


def test_back_leaves_the_page_after_one_game_back_and_forward_returns(
    open_game: Callable[..., Page], site_url: str
) -> None:
    page = open_game()
    before = "data:text/html,<title>Before</title>"  # another page, before the game's
    page.goto(before)
    page.goto(site_url + "#" + CODE)
    page.wait_for_function("document.body.dataset.ready === 'true'")
    codes = [CODE]
    for n in range(6):  # six games, each with a move played (worth coming back to)
        if n == 3:
            follow_link(page, "#" + OTHER)  # a followed link counts as any new game
            codes.append(OTHER)
        else:
            page.click("#btn-new")
            page.click("#dlg-new button[type=submit]")
            page.wait_for_function("code => document.querySelector('[data-code]').dataset.code !== code", arg=codes[-1])
            codes.append(code_of(page))
        tap_stock(page)
        wait_moves(page, 1)
        wait_dialogs_closed(page)
    page.wait_for_function("code => location.hash === '#' + code", arg=codes[-1])
    page.go_back()
    page.wait_for_function("code => document.querySelector('[data-code]').dataset.code === code", arg=codes[-2])
    wait_moves(page, 1)  # the game before, where it was left
    assert status(page).startswith(f"Back to the Klondike game {codes[-2]} at move 1")
    page.go_back()
    page.wait_for_url(before)  # the second Back leaves the page
    page.go_forward()
    page.wait_for_function(
        "code => document.body.dataset.ready === 'true' && document.querySelector('[data-code]').dataset.code === code",
        arg=codes[-2],
    )
    wait_moves(page, 1)
    page.go_forward()
    page.wait_for_function("code => document.querySelector('[data-code]').dataset.code === code", arg=codes[-1])
    wait_moves(page, 1)


def test_a_link_over_an_unfinished_game_asks_first(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    play_moves(page, 2)
    before = table(page)
    page.evaluate(f"location.hash = '#{OTHER}'")
    page.wait_for_selector("#dlg-link[open]")
    question = page.inner_text("#link-question")
    assert f"({OTHER})" in question
    assert "(2 moves)" in question
    page.click("#link-keep")
    page.wait_for_selector("#dlg-link", state="hidden")
    assert page.evaluate("document.querySelector('[data-code]').dataset.code") == CODE
    assert moves(page) == 2
    assert table(page) == before
    assert page.evaluate("location.hash") == f"#{CODE}"
    assert status(page) == "The link was not opened: your game goes on."
    # A bad link changes nothing either.
    page.evaluate("location.hash = '#KL9-NOPE'")
    page.wait_for_function("document.querySelector('[role=status]').textContent.includes('stays')")
    assert moves(page) == 2
    # Opened, the link's deal replaces the game, and Back brings the game back.
    page.evaluate(f"location.hash = '#{OTHER}'")
    page.wait_for_selector("#dlg-link[open]")
    page.click("#link-open")
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code === '{OTHER}'")
    assert moves(page) == 0


def test_restart_then_undo_brings_the_game_back(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    play_moves(page, 4)
    before = table(page)
    points = score(page)
    page.click("#btn-restart")
    wait_moves(page, 0)
    assert status(page) == "The deal starts again. Undo brings back the game you left."
    assert page.is_enabled("#btn-undo")
    undo(page)
    wait_moves(page, 4)
    assert table(page) == before
    assert score(page) == points
    undo(page)
    wait_moves(page, 3)
    # New game is undoable the same way.
    page.click("#btn-new")
    page.click("#dlg-new button[type=submit]")
    wait_moves(page, 0)
    undo(page)
    wait_moves(page, 3)
    assert page.evaluate("document.querySelector('[data-code]').dataset.code") == CODE
    variants = json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"]
    assert variants["KL-D1N"]["played"] == 1
    assert variants["KL-D1N"]["recent"] == [], "the game came back: it is not a loss"


TAP_PROBE = """
window.__tap = null; window.__up = undefined;
if (!window.__probed) {
  window.__probed = true;
  addEventListener("pointerup", () => { window.__up = performance.now(); }, true);
  new MutationObserver(() => {
    if (window.__up !== undefined && window.__tap === null) window.__tap = performance.now() - window.__up;
  }).observe(document.querySelector("[data-moves]"), {attributes: true, childList: true, characterData: true,
                                                      subtree: true});
}
"""


def test_a_tap_to_the_foundation_shows_at_once_and_a_double_tap_still_works(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    taps = []
    for card in ("Ad", "Ah"):  # each one home with a single tap, drawn at once
        page.evaluate(TAP_PROBE)
        click_card(page, card)
        page.wait_for_function("window.__tap !== null")
        taps.append(float(page.evaluate("window.__tap")))  # another column's card: never a double tap
    print(f"tap to foundation: {', '.join(f'{t:.1f}' for t in taps)} ms from pointerup to the move count")
    assert min(taps) < 50, "measured only as an order of magnitude; the budget is in bench.latency"
    assert cards_in(page, "f3") == ["Ad"]
    assert cards_in(page, "f2") == ["Ah"]
    # A double tap on a card that can go home moves it to a column instead.
    record = position_with_a_choice()
    page = open_game(record_hash(record.record()))
    pid = next(
        p
        for p in ("w", *(f"t{i}" for i in range(1, 8)))
        if record.pile(p) and record.tap_move(p) and record.double_tap_move(p, 1)
    )
    double = record.double_tap_move(pid, 1)
    assert double is not None
    card = str(record.top(pid))
    target = card_at(page, pid, len(cards_in(page, pid)) - 1)
    page.mouse.dblclick(*target.grab)
    page.wait_for_function(
        "([card, pile]) => document.querySelector(`[data-pile='${pile}'] [data-card='${card}']`)",
        arg=[card, double.dst],
    )
    wait_moves(page, record.moves + 1)
    assert score(page) == str(engine.replay(f"{record.record()} {double}").score)


def position_with_a_choice() -> engine.Game:
    """A game where a card can go home or onto a column (found among early deals)."""
    for seed in range(200):
        game = engine.new_game(f"KL1-D1N-AAAAA{chr(65 + seed // 26)}{chr(65 + seed % 26)}")
        for _ in range(60):
            for pid in ("w", *(f"t{i}" for i in range(1, 8))):
                if game.pile(pid) and game.tap_move(pid) and game.double_tap_move(pid, 1):
                    return game
            home = [m for m in game.legal_moves() if m.dst == "f" and not m.src.startswith("f")]
            game.play(home[0] if home else engine.STOCK_TAP)
    raise AssertionError("no position with a choice found")


def test_keys_do_nothing_during_a_drag_and_escape_puts_the_cards_back(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    click_card(page, "Ad")
    wait_moves(page, 1)
    before = table(page)
    nine = card_at(page, "t5", len(cards_in(page, "t5")) - 1)
    page.mouse.move(*nine.grab)
    page.mouse.down()
    page.mouse.move(nine.grab[0] + 40, nine.grab[1] + 60, steps=4)
    page.wait_for_function("document.getElementById('board').classList.contains('dragging')")
    for key in ("u", "d", "Control+z", "h", "n"):
        page.keyboard.press(key)
    assert moves(page) == 1
    assert page.evaluate("document.getElementById('board').classList.contains('dragging')")
    assert not page.is_visible("#dlg-new")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('board').classList.contains('dragging')")
    page.mouse.up()
    assert moves(page) == 1
    assert table(page) == before


HINT_PROBE = """
window.__hintAt = null; window.__keyAt = null;
if (!window.__hintProbe) {
  window.__hintProbe = true;
  addEventListener("keydown", e => { if (e.key === "h") window.__keyAt = performance.now(); }, true);
  new MutationObserver(() => {
    if (document.body.dataset.hintStage && window.__hintAt === null) window.__hintAt = performance.now();
  }).observe(document.body, {attributes: true, attributeFilter: ["data-hint-stage"]});
}
"""


def ask_hint_fast(page: Page) -> tuple[str, float]:
    """Press H (once the page's start-up work is over, as a player would take a moment
    to look at the table) and measure, in the page, from the key to the hint on the table
    (its first stage); then press on to the whole move, and return it."""
    wait_warm(page)
    page.evaluate(HINT_PROBE)
    page.keyboard.press("h")
    page.wait_for_function("window.__hintAt !== null")
    elapsed = float(page.evaluate("window.__hintAt - window.__keyAt"))
    return press_hint(page), elapsed


def test_hints_answer_at_once_with_the_expected_kind_of_move(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    move, elapsed = ask_hint_fast(page)
    print(f"first hint on {CODE}: {move} in {elapsed:.0f} ms")
    assert move in ("t1>f", "t7>f"), "an Ace goes home before the stock is tapped"
    assert re.match(r"Hint 1 of \d+: Ace of (diamonds|hearts) to the", status(page))
    assert elapsed < 300, "measured only as an order of magnitude"
    # Pressed again: the next good move.
    press_hint(page)
    page.wait_for_function(f"document.body.dataset.hint && document.body.dataset.hint !== '{move}'")
    assert page.evaluate("document.body.dataset.hint") in ("t1>f", "t7>f")
    # The solver confirms it.
    page.wait_for_function("document.body.dataset.hintVerdict === 'proven'", timeout=120_000)
    assert status(page).endswith("This move keeps the game winnable.")
    page = open_game("#SD1-S2-AAAAABC")
    move, elapsed = ask_hint_fast(page)
    print(f"first hint on SD1-S2-AAAAABC: {move} in {elapsed:.0f} ms")
    assert move == "t2>t3"
    assert status(page).startswith("Hint 1 of 5: Ace of spades onto 2 of spades.")
    assert elapsed < 300


def face_up_klondike() -> tuple[engine.Game, tuple[engine.Move, ...]]:
    """A Klondike game played along a winning line until it can finish by itself."""
    variant = "KL1-D3N"
    seed = seeds_for(variant)[0]
    code = engine.format_code(dataclasses.replace(engine.parse_code(variant + "-AAAAAAA"), seed=seed))
    game = engine.new_game(code)
    for move in engine.solve(game, seconds=None, max_nodes=400_000).moves:
        if ready(game):
            break
        game.play(move)
    line = finish_line(game)
    assert line is not None
    return game, line


def test_finish_completes_a_face_up_klondike_game_with_the_right_score(open_game: Callable[..., Page]) -> None:
    game, line = face_up_klondike()
    won = engine.replay(" ".join([game.record(), *(str(m) for m in line)]))
    page = open_game(record_hash(game.record()))
    page.wait_for_selector("#btn-finish:not([hidden])")
    page.click("#btn-finish")
    page.wait_for_function("document.body.dataset.won === 'true'", timeout=30_000)
    wait_moves(page, won.moves)
    assert score(page) == won.score_text
    assert won.score == game.score + 10 * (52 - sum(len(game.pile(f)) for f in ("f1", "f2", "f3", "f4")))
    page.wait_for_selector("#dlg-win[open]")
    page.keyboard.press("Escape")
    # Each finishing move is an ordinary one: undo takes the last back.
    undo(page)
    wait_moves(page, won.moves - 1)
    assert page.evaluate("document.body.dataset.won") == "false"


def test_the_finish_button_moves_no_card_and_stays_while_the_player_finishes_by_hand(
    open_game: Callable[..., Page],
) -> None:
    """Shown, the button changes neither the table's size nor the cards' (it floats at the
    end of the status line); a move by hand at a ready table leaves it shown, never
    flickering off while the page looks again."""
    game, line = face_up_klondike()
    *earlier, last = game.record().split()
    before_ready = engine.replay(" ".join(earlier))
    page = open_game(record_hash(before_ready.record()), width=1440, height=900)
    size = (
        "(() => { const c = document.querySelector('.card').getBoundingClientRect(), "
        "b = document.getElementById('board').getBoundingClientRect(); "
        "return [c.width, c.height, b.width, b.height]; })()"
    )
    # Measured once the table is drawn as it stays: the fonts' arrival can still change
    # the toolbar's height, and the table is laid out again in the next frame.
    wait_drawn(page)
    wait_idle(page)
    shown_before = page.evaluate(size)
    assert page.is_hidden("#btn-finish")
    play_with_mouse(page, before_ready, engine.parse_move(last))
    page.wait_for_selector("#btn-finish:not([hidden])")
    wait_idle(page)
    assert page.evaluate(size) == shown_before, "the Finish button resized the table"
    page.evaluate(
        "window.__finish = []; new MutationObserver(() => window.__finish.push(document.body.dataset.finish))"
        ".observe(document.body, {attributes: true, attributeFilter: ['data-finish']})"
    )
    play_with_mouse(page, game, line[0])
    wait_moves(page, game.moves + 1)
    page.wait_for_function(
        "n => document.getElementById('btn-finish').dataset.looked === String(n)", arg=game.moves + 1
    )
    assert page.is_visible("#btn-finish")
    assert "no" not in page.evaluate("window.__finish")
    assert page.evaluate(size) == shown_before


def test_finish_automatically_plays_the_finish_without_the_button(open_game: Callable[..., Page]) -> None:
    game, line = face_up_klondike()
    page = open_game("#" + CODE)
    page.click("#btn-settings")
    assert not page.is_checked("#set-autofinish"), "off by default"
    page.check("#set-autofinish")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)
    page.evaluate(f"location.hash = '{record_hash(game.record())}'")
    page.wait_for_function("document.body.dataset.won === 'true'", timeout=30_000)
    wait_moves(page, game.moves + len(line))


def test_a_game_opened_at_a_later_move_and_won_sets_no_fastest_time(open_game: Callable[..., Page]) -> None:
    link, last = near_win()
    page = open_game(link)
    play_last_move(page, last)
    note = str(page.text_content("#win-note"))
    assert re.match(r"This game was opened at move \d+ of a shared game", note)
    variants = json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["variants"]
    stats = variants["SD-S1"]
    assert stats["won"] == 1
    assert stats["fastest_win"] is None
    assert stats["best_score"] is None


def code_of(page: Page) -> str:
    return str(page.evaluate("document.querySelector('[data-code]').dataset.code"))


def test_back_closes_the_open_dialog_and_changes_no_game(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    play_moves(page, 1)
    page.click("#btn-new")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code !== '{CODE}'")
    dealt = code_of(page)
    second = table(page)
    page.click("#btn-rules")
    page.wait_for_selector("#dlg-rules[open]")
    page.go_back()  # Android's back gesture
    page.wait_for_selector("#dlg-rules", state="hidden")
    wait_idle(page)
    assert code_of(page) == dealt
    assert table(page) == second
    assert moves(page) == 0
    # The next Back goes on to the game before, as before.
    page.go_back()
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code === '{CODE}'")
    wait_moves(page, 1)
    page.go_forward()
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code === '{dealt}'")
    # Dialogs closed with their buttons or Escape leave no entry behind: one Back still
    # reaches the other game.
    for _ in range(3):
        page.click("#btn-settings")
        page.wait_for_selector("#dlg-settings[open]")
        page.click("#dlg-settings button[type=submit]")
        page.wait_for_selector("#dlg-settings", state="hidden")
    page.click("#btn-rules")
    page.wait_for_selector("#dlg-rules[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-rules", state="hidden")
    assert code_of(page) == dealt
    page.go_back()
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code === '{CODE}'")
    wait_moves(page, 1)
    # A new game dealt from its dialog takes the place of the dialog's entry: Back from it
    # is the game before, and the saved game is the new one.
    page.click("#btn-new")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code !== '{CODE}'")
    third = code_of(page)
    page.wait_for_function(f"location.hash === '#{third}'")
    saved = json.loads(page.evaluate("localStorage.getItem('solitaire.v1.game')") or "{}")
    assert third in json.dumps(saved)
    page.go_back()
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code === '{CODE}'")
    wait_moves(page, 1)


TAPS = """([x, y, gaps]) => {
  // Touch taps on the table at controlled times: each pointer event's timeStamp is the
  // time the page reads, so a loaded phone's timing needs no waiting here.
  const board = document.getElementById("board");
  let at = performance.now();
  for (const gap of gaps) {
    at += gap;
    for (const type of ["pointerdown", "pointerup"]) {
      const event = new PointerEvent(type, {bubbles: true, cancelable: true, clientX: x, clientY: y,
                                            pointerId: 7, pointerType: "touch", isPrimary: true, button: 0});
      Object.defineProperty(event, "timeStamp", {value: at});
      board.dispatchEvent(event);
    }
  }
}"""

TAP_HELP = "A tap sends a card to its foundation; a double tap finds it a place on the table."


def test_a_tap_that_plays_nothing_answers_and_a_slow_double_tap_still_plays(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    nine = card_at(page, "t5", len(cards_in(page, "t5")) - 1).grab
    # One tap on the 9 of diamonds, which cannot go home: it shakes at once, and the
    # status line says what a tap and a double tap do.
    page.evaluate(TAPS, [*nine, [0]])
    # The board counts the nudges it played (the animation itself may be over already).
    assert page.evaluate("document.getElementById('board').dataset.nudges") == "1"
    assert status(page) == TAP_HELP
    assert moves(page) == 0
    # Two taps 403 ms apart (a loaded phone's double tap): the 9 goes onto the 10 of clubs.
    page.evaluate(TAPS, [*nine, [1000, 403]])
    wait_moves(page, 1)
    assert cards_in(page, "t4")[-1] == "9d"
    # "One tap plays the card", remembered: one tap sends a card that can't go home to its place.
    page.click("#btn-settings")
    assert not page.is_checked("#set-onetap"), "off by default"
    page.check("#set-onetap")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)  # its history entry taken back before the reload
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    undo(page)
    wait_moves(page, 0)
    wait_idle(page)
    page.evaluate(TAPS, [*card_at(page, "t5", len(cards_in(page, "t5")) - 1).grab, [0]])
    wait_moves(page, 1)
    assert cards_in(page, "t4")[-1] == "9d"
    page.click("#btn-settings")
    assert page.is_checked("#set-onetap")


def test_with_reduced_motion_a_tap_that_plays_nothing_only_says_so(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE, reduced_motion="reduce")
    page.evaluate(TAPS, [*card_at(page, "t5", len(cards_in(page, "t5")) - 1).grab, [0]])
    assert status(page) == TAP_HELP
    assert page.evaluate("document.getElementById('board').dataset.nudges") is None
    assert not page.evaluate("document.getAnimations().some(a => a.id === 'nudge')")


def test_with_one_tap_plays_the_card_a_habitual_double_tap_plays_one_card(open_game: Callable[..., Page]) -> None:
    # KL1-D1N-AAAAAAL: the 6 of hearts ends column 7 over the face-down Ace of hearts.
    page = open_game("#KL1-D1N-AAAAAAL", width=360, height=640)
    page.click("#btn-settings")
    page.check("#set-onetap")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)
    wait_idle(page)
    assert cards_in(page, "t7")[-1] == "6h"
    six = card_at(page, "t7", len(cards_in(page, "t7")) - 1).grab
    # Two taps 250 ms apart: the first plays the 6 by itself, the second lands on the Ace
    # it uncovered, which a tap of its own would send home.
    page.evaluate(TAPS, [*six, [0, 250]])
    page.wait_for_function("Number(document.querySelector('[data-moves]').dataset.moves) >= 1")
    wait_idle(page)  # both taps were answered as they ended: these frames show all they did
    assert moves(page) == 1
    assert cards_in(page, "t7")[-1] == "Ah"
    assert "6h" not in cards_in(page, "t7")
    # A tap of its own, later, plays the Ace.
    page.evaluate(TAPS, [*six, [1000]])
    wait_moves(page, 2)
    assert cards_in(page, "f2") == ["Ah"]
