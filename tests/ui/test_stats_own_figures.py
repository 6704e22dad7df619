"""The statistics keep the fewest moves of a win for every game, and the best of a figure a
game keeps of its own (TriPeaks' longest run), read back checked like every figure."""

from __future__ import annotations

from typing import Any

import engine
from ui.model.games import page_of
from ui.model.stats import VariantStats
from ui.model.stats_chart import figures
from ui.model.stats_record import finish_game, leave_game, start_game


def test_the_fewest_moves_of_a_win_are_kept_and_shown() -> None:
    variants: dict[str, Any] = {}
    for game, moves in (("g1", 120), ("g2", 95), ("g3", 130)):
        start_game(variants, "KL-D1N", game)
        finish_game(variants, "KL-D1N", won=True, score=0, seconds=60.0, moves=moves, game=game)
    stats = VariantStats.from_dict(variants["KL-D1N"])
    assert stats.fewest_moves == 95
    assert ("Fewest moves", "95") in figures("KL-D1N", stats)
    assert ("Fewest moves", "–") in figures("KL-D1N", VariantStats())
    # A win opened from a record at a later move sets no best.
    start_game(variants, "KL-D1N", "g4")
    finish_game(variants, "KL-D1N", won=True, score=0, seconds=9.0, moves=3, game="g4", bests=False)
    assert VariantStats.from_dict(variants["KL-D1N"]).fewest_moves == 95


def test_tripeaks_keeps_its_longest_run_won_or_lost() -> None:
    variants: dict[str, Any] = {}
    start_game(variants, "TP-W", "g1")
    finish_game(variants, "TP-W", won=True, score=80, seconds=60.0, moves=40, game="g1", figure=9)
    start_game(variants, "TP-W", "g2")
    assert leave_game(variants, "TP-W", "g2", score=20, seconds=30.0, moves=20, figure=12)
    stats = VariantStats.from_dict(variants["TP-W"])
    assert stats.best_figure == 12
    assert ("Longest run", "12") in figures("TP-W", stats)
    # Only a game with such a figure shows the row.
    assert all(label != "Longest run" for label, _value in figures("GF-N", stats))


def test_the_longest_run_is_read_from_the_game() -> None:
    game = engine.new_game("TP1-W-AAAAAAB")
    for move in ("p22>w", "p20>w", "p19>w", "s"):
        game.play(move)
    assert page_of("TP").record_figure(game) == 3
    assert page_of("KL").record_figure(engine.new_game("KL1-D1N-AAAAAAG")) == 0


def test_a_stored_figure_out_of_range_is_a_problem_and_dropped() -> None:
    stats, problems = VariantStats.read({"played": 2, "won": 1, "fewest_moves": -4, "best_figure": 1.5}, "TP-W")
    assert stats.fewest_moves == 0
    assert stats.best_figure == 0
    assert len(problems) == 2
