"""docs/RULES.md stays the rules the engine plays: every refusal reason listed, the
worked examples true, and README pointing at it."""

from __future__ import annotations

import re
from pathlib import Path

import engine
from engine.codes import CODE_REASONS
from engine.moves import REASONS
from tests.engine.players import play_greedy

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")


def test_readme_links_to_the_rules() -> None:
    assert "[docs/RULES.md](docs/RULES.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_refusal_reason_is_documented_once() -> None:
    listed = re.findall(r"^\| `([a-z_]+)` \|", RULES, flags=re.MULTILINE)
    assert sorted(listed) == sorted(REASONS)
    for reason in CODE_REASONS:
        assert f"`{reason}`" in RULES


def test_the_klondike_worked_example_is_what_the_engine_scores() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAC")
    assert isinstance(game, engine.Klondike)
    assert play_greedy(game)
    from_waste = sum(1 for move in game.played if move.src == "w" and move.dst.startswith("t"))
    assert (from_waste, game.recycles, game.score) == (15, 1, 600)
    assert "625 + 15 × 5 − 100 = **600**" in RULES


def test_the_vegas_and_spider_figures() -> None:
    assert engine.new_game("KL1-D1V-AAAAAAG").score_text == "-$52"
    assert engine.format_vegas(-52 + 52 * 5) == "+$208"
    assert "**+$208**" in RULES
    assert engine.new_game("SD1-S1-AAAAAAA").score == 500
    assert "500 − 53 + 400 = **847**" in RULES
