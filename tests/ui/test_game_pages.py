"""Each game's page module, found through the registry, says everything the page needs
of it: checked for every game of the registry, so a new game is checked too."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

import engine
from engine.codes import CodeError
from tests.ui.words import english_words
from ui.model import i18n
from ui.model.games import page_of, pages
from ui.model.refusals import code_error_text
from ui.model.rules import rules_tab, rules_tabs
from ui.model.words import game_name, variant_label

GAMES = tuple(engine.VARIANTS)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use_language("en")


def test_every_game_of_the_registry_has_its_page() -> None:
    assert [page.game for page in pages()] == list(GAMES)
    for game in GAMES:
        page = page_of(game)
        assert page.name == engine.variant_of(game).name  # the English name is the engine's
        assert page.rules
        assert page.rules_title
        assert page.diagram_code
        assert engine.parse_code(page.diagram_code).game in GAMES
        assert rules_tab(game) in GAMES
    with pytest.raises(KeyError, match="XX"):
        page_of("XX")


@pytest.mark.parametrize("game", GAMES)
def test_the_options_rows_make_exactly_the_games_option_sets(game: str) -> None:
    page = page_of(game)
    offered = {option_set.options for option_set in engine.option_sets_of(engine.variant_of(game))}
    groups = page.options
    made = {
        page.options_text({group.name: value for group, value in zip(groups, values, strict=True)})
        for values in itertools.product(*((value for value, _ in group.choices) for group in groups))
    }
    assert made == offered
    for options in offered:
        assert page.options_text(page.choices(options)) == options


def test_games_that_share_a_row_of_options_offer_the_same_choices() -> None:
    """New game shows one row per name (Spiderette's and Spider's suits are one row)."""
    rows: dict[str, tuple[tuple[str, str], ...]] = {}
    for page in pages():
        for group in page.options:
            assert rows.setdefault(group.name, group.choices) == group.choices, group.name
    assert "game" not in rows


@pytest.mark.parametrize("language", ["th", "km"])
def test_names_labels_and_tabs_are_translated(language: str) -> None:
    i18n.use_language(language)
    for game in GAMES:
        assert english_words(game_name(game)) == [], game
        for option_set in engine.option_sets_of(engine.variant_of(game)):
            assert english_words(variant_label(option_set.key)) == [], option_set.key
    for _game, label in rules_tabs():
        assert english_words(label) == []


def test_the_code_errors_name_the_games_of_the_registry() -> None:
    i18n.use_language("th")
    with pytest.raises(CodeError) as unknown:
        engine.parse_code("ZZ1-A-AAAAAAA")
    text = code_error_text(unknown.value)
    assert all(game in text for game in GAMES)
    with pytest.raises(CodeError) as bad:
        engine.parse_code("not a code")
    text = code_error_text(bad.value)
    assert all(page.diagram_code in text for page in pages() if page.rules_tab == page.game)
