"""Card backs and table colours: each name has its rule in the stylesheet, and a choice is remembered."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from ui.model.persist import preferences_from, preferences_to
from ui.model.session import Preferences
from ui.model.storage import SETTINGS_KEY
from ui.model.themes import BACKS, TABLES, back_names, table_names

CSS_ROOT = Path(__file__).resolve().parent.parent.parent
CSS = (CSS_ROOT / "static" / "css" / "table.css").read_text(encoding="utf-8")


def rule(selector: str) -> str:
    match = re.search(re.escape(selector) + r"[^{]*\{([^}]*)\}", CSS)
    assert match, f"no rule for {selector}"
    return match.group(1)


def test_at_least_three_backs_and_three_table_colours_one_high_contrast() -> None:
    assert len(BACKS) >= 3
    assert len(TABLES) >= 3
    assert "contrast" in table_names()
    assert len(set(back_names())) == len(BACKS)
    assert len(set(table_names())) == len(TABLES)


@pytest.mark.parametrize("name", back_names())
def test_every_back_sets_its_four_properties(name: str) -> None:
    body = rule(f'[data-back="{name}"]')
    for prop in ("--back-1", "--back-2", "--back-edge", "--back-line", "--back-pattern"):
        assert f"{prop}:" in body, (name, prop)


@pytest.mark.parametrize("name", table_names()[1:])
def test_every_table_colour_sets_its_felt(name: str) -> None:
    body = rule(f'[data-table="{name}"]')
    for prop in ("--felt:", "--felt-dark:", "--ink:"):
        assert prop in body, (name, prop)


def test_the_defaults_are_the_first_of_each_list() -> None:
    assert Preferences().card_back == back_names()[0]
    assert Preferences().table == table_names()[0]
    # The default back is also the page's own (``:root``), before any setting is read.
    assert "--back-pattern" in rule(':root, [data-back="blue"]')


def test_the_choice_is_remembered_and_a_bad_one_is_dropped() -> None:
    prefs = Preferences(card_back="midnight", table="contrast")
    kept = preferences_from(preferences_to(prefs))
    assert (kept.card_back, kept.table) == ("midnight", "contrast")
    dropped = preferences_from({"card_back": "plaid", "table": 3})
    assert (dropped.card_back, dropped.table) == ("blue", "green")


def test_the_loading_screen_reads_the_same_settings_the_game_saves() -> None:
    boot = (CSS_ROOT / "static" / "boot.js").read_text(encoding="utf-8")
    assert f'localStorage.getItem("{SETTINGS_KEY}")' in boot
    assert "settings.card_back" in boot
    assert "settings.table" in boot
    assert {field.name for field in fields(Preferences)} >= {"card_back", "table"}
