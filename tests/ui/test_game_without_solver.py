"""A game the solver does not know, and without daily deals, plays with everything else:
a test-only game (Klondike's rules under another id, its solver and daily deal taken
away) is registered for these tests only, with a page module of its own."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterator
from typing import ClassVar

import pytest

import engine
from engine.game import game_class
from engine.klondike import Klondike
from engine.variants import VARIANTS, variant_of
from tests.ui.words import english_words
from ui.model import i18n
from ui.model.games import page_of, pages
from ui.model.games.klondike import KlondikePage
from ui.model.hints import choose_hint, first_verdict, hint_words, next_winnable_code
from ui.model.i18n import N_
from ui.model.session import Preferences

PRACTICE = dataclasses.replace(variant_of(next(iter(VARIANTS))), game="ZQ", name="Practice")


class Practice(Klondike):
    """The test-only game: no solver, no daily deal."""

    variant = PRACTICE
    solver_module: ClassVar[str | None] = None
    daily_options: ClassVar[str | None] = None
    finish_by_search: ClassVar[bool] = False


class PracticePage(KlondikePage):
    game = "ZQ"
    name = N_("Klondike")  # a name the catalogs know, so that every language has it


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(VARIANTS, PRACTICE.game, PRACTICE)
    yield
    i18n.use_language("en")


def _game() -> engine.Game:
    return engine.new_game(engine.random_code(PRACTICE.game, rng=__import__("random").Random(3)))


def test_the_registry_finds_the_game_and_its_page() -> None:
    assert game_class(PRACTICE.game) is Practice
    assert [page.game for page in pages()][-1] == PRACTICE.game
    page = page_of(PRACTICE.game)
    assert not page.has_solver
    assert PRACTICE.game not in {engine.option_set(prefix).game for prefix in engine.DAILY_GAMES.values()}
    assert page_of(next(iter(VARIANTS))).has_solver


def test_hints_rank_the_moves_and_say_no_solver_checks_them() -> None:
    game = _game()
    choice = choose_hint(game, 0)
    assert choice is not None
    verdict = first_verdict(game, choice, line=False, lost=False, undecided=False)
    assert verdict == "unchecked"
    for language in ("en", "th", "km"):
        i18n.use_language(language)
        words = hint_words(choice, verdict)
        assert "solver" not in words or language == "en"
        if language == "en":
            assert "No solver knows this game" in words
        else:
            assert english_words(words) == [], words


def test_the_engine_solver_is_never_what_answers() -> None:
    """The engine refuses to search such a game (an English error the page must never
    show): the page decides before asking, as the verdict above shows."""
    with pytest.raises(TypeError, match="solver does not know"):
        engine.solve(_game(), seconds=0.1)


def test_no_winnable_deals_and_no_daily_deal() -> None:
    game = _game()
    assert next_winnable_code(game.settings, "") == (None, "")
    assert "Practice" not in engine.daily.DAILY_GAMES
    assert PRACTICE.game not in {
        engine.parse_code(code).game for code in engine.daily_deals(datetime.date(2026, 6, 1)).values()
    }


def test_new_games_of_it_are_random_deals_of_its_options() -> None:
    prefs = Preferences(game=PRACTICE.game, options={PRACTICE.game: "D3V"})
    settings = engine.parse_code(prefs.random_code()).with_seed(0)
    assert (settings.game, settings.options) == (PRACTICE.game, "D3V")
