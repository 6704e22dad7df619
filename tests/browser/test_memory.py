"""A long game holds no more than a short one: what the page keeps (Python callbacks
handed to the browser, event listeners, DOM nodes) is counted after a full garbage
collection, and must not grow with the moves played, refused or undone.

Counts, not timings or megabytes: a leak of one callback per refused move (each "Why?"
button used to get a proxy of its own, kept for the page's life) shows as +1 per move.
``bench/memory.py`` measures the megabytes over hundreds of moves and boots.

The last two tests check the suite's own guards (``conftest.py``): a fresh browser every
few tests and after one died, and a second run only for a test whose renderer crashed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal

import pytest
from playwright.sync_api import BrowserContext

import engine
from tests.browser import memory_probe
from tests.browser.conftest import TESTS_PER_BROWSER, Browsers, renderer_crashed, wait_ready
from tests.browser.helpers import drag, play_with_mouse, wait_idle, wait_moves

CODE = "KL1-D1N-AAAAAAB"


def test_moves_refusals_and_undos_leave_nothing_behind(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(viewport={"width": 1440, "height": 900})
    memory_probe.install(context)
    page = context.new_page()
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    rng = random.Random(3)

    def play(rounds: int) -> int:
        """Play ``rounds`` moves and undos from the deal's start, refusing a move every third
        round, then restart the deal: the table shows the same cards at each count."""
        game = engine.new_game(CODE)
        refused = 0
        for turn in range(rounds):
            if turn % 3 == 0:
                refusal = memory_probe.refusal(game)
                if refusal is not None:
                    drag(page, *refusal)
                    # Not wait_for_selector: the element handle it returns would keep the button alive.
                    page.wait_for_function("document.querySelector('[role=status] .why') !== null")
                    refused += 1
            if turn % 7 == 6 and game.can_undo:
                game.undo()
                page.keyboard.press("u")
            else:
                moves = game.legal_moves()
                between = [move for move in moves if move.src != "s"]
                move = rng.choice(between if between and rng.random() < 0.8 else moves)
                play_with_mouse(page, game, move)
                game.play(move)
            wait_moves(page, game.moves)
        page.click("#btn-restart")
        wait_moves(page, 0)
        wait_idle(page)
        return refused

    assert play(12) > 0  # every lazily made part of the page exists from here on
    before = memory_probe.counts(page)
    refused = play(36)
    after = memory_probe.counts(page)
    assert refused >= 8, "the game must have refused moves for this test to mean anything"
    assert after["proxies"] == before["proxies"], (before, after)
    assert after["listeners"] == before["listeners"], (before, after)
    # The same cards on the table (the status line's words aside): the same nodes.
    assert abs(after["nodes"] - before["nodes"]) <= 4, (before, after)
    assert after["documents"] == before["documents"], (before, after)


class _FakeBrowser:
    def __init__(self) -> None:
        self.connected = True

    def is_connected(self) -> bool:
        return self.connected

    def close(self) -> None:
        self.connected = False


def test_the_browser_is_started_again_every_few_tests_and_after_it_died() -> None:
    launched: list[_FakeBrowser] = []

    def launch() -> Any:
        launched.append(_FakeBrowser())
        return launched[-1]

    pool = Browsers(launch)
    first: list[Any] = [pool.take() for _ in range(TESTS_PER_BROWSER)]
    assert len(launched) == 1
    assert all(browser is launched[0] for browser in first)
    pool.take()
    assert len(launched) == 2
    assert not launched[0].connected, "the old browser is closed"
    launched[1].connected = False  # it died
    taken: Any = pool.take()
    assert taken is launched[2]
    pool.close()
    assert not launched[2].connected


def _report(outcome: Literal["passed", "failed", "skipped"], text: str) -> pytest.TestReport:
    return pytest.TestReport("t", ("t.py", 1, "t"), {}, outcome, text or None, "call")


def test_only_a_renderer_crash_runs_a_test_again() -> None:
    assert renderer_crashed([_report("passed", ""), _report("failed", "Error: Page.evaluate: Target crashed")])
    assert renderer_crashed([_report("failed", "AssertionError: the browser's renderer crashed under ['x']")])
    assert not renderer_crashed([_report("failed", "AssertionError: assert 53 == 41")])
    assert not renderer_crashed([_report("passed", "")])
