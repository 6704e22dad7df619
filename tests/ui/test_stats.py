"""Statistics per variant."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from ui.dom.stats_chart import chart_svg
from ui.model.stats import RECENT, VariantStats, variant_key
from ui.model.stats_chart import chart_of, figures
from ui.model.stats_import import merge_import, read_import
from ui.model.stats_record import finish_game, start_game
from ui.model.words import variant_label


def play(
    variants: dict[str, Any], key: str, won: bool, score: int = 100, seconds: float = 60.0, moves: int = 90
) -> None:
    start_game(variants, key)
    finish_game(variants, key, won=won, score=score, seconds=seconds, moves=moves)


def test_every_variant_has_its_own_key() -> None:
    keys = {
        variant_key(engine.parse_code(code))
        for code in ("KL1-D1N-AAAAAAB", "KL1-D3N-AAAAAAB", "KL1-D1V-AAAAAAB", "KL1-D3C-AAAAAAB", "SD1-S1-AAAAAAB")
    }
    assert keys == {"KL-D1N", "KL-D3N", "KL-D1V", "KL-D3C", "SD-S1"}
    assert variant_label("SP-S4") == "Spider, 4 suits"


def test_streaks_bests_and_averages() -> None:
    variants: dict[str, Any] = {}
    play(variants, "KL-D1N", True, score=600, seconds=300, moves=120)
    play(variants, "KL-D1N", True, score=700, seconds=200, moves=100)
    play(variants, "KL-D1N", False, score=50)
    play(variants, "KL-D1N", True, score=650, seconds=250, moves=110)
    s = VariantStats.from_dict(variants["KL-D1N"])
    assert (s.played, s.won, s.current_streak, s.best_streak) == (4, 3, 1, 2)
    assert s.best_score == 700
    assert s.fastest_win == 200
    assert s.average_win_moves == 110
    assert s.win_rate == 0.75
    assert [won for won, _ in s.recent] == [1, 1, 0, 1]


def test_unfinished_game_counts_as_played_and_lost() -> None:
    variants: dict[str, Any] = {}
    start_game(variants, "SD-S2")
    s = VariantStats.from_dict(variants["SD-S2"])
    assert (s.played, s.won) == (1, 0)
    finish_game(variants, "SD-S2", won=False, score=480, seconds=10, moves=20)
    assert VariantStats.from_dict(variants["SD-S2"]).recent == [[0, 480]]


def test_vegas_bankroll_runs_across_games() -> None:
    variants: dict[str, Any] = {}
    play(variants, "KL-D3V", False, score=-37)
    play(variants, "KL-D3V", True, score=208)
    assert VariantStats.from_dict(variants["KL-D3V"]).bankroll == 171
    play(variants, "KL-D3N", False, score=40)
    assert VariantStats.from_dict(variants["KL-D3N"]).bankroll == 0


def test_recent_results_are_bounded() -> None:
    variants: dict[str, Any] = {}
    for index in range(RECENT + 5):
        play(variants, "SP-S1", index % 2 == 0)
    assert len(VariantStats.from_dict(variants["SP-S1"]).recent) == RECENT


@given(st.dictionaries(st.sampled_from(["played", "won", "best_score", "recent", "bankroll"]), st.from_type(object)))
def test_damaged_figures_never_raise(data: dict[str, Any]) -> None:
    stats = VariantStats.from_dict(data)
    assert stats.won <= stats.played
    assert stats.played >= 0


def test_import_checks_the_file() -> None:
    with pytest.raises(ValueError, match="not a solitaire statistics export"):
        merge_import({"variants": {}})
    data = {"kind": "solitaire-statistics", "variants": {"KL-D1N": {"played": 9, "won": 3}}}
    assert merge_import(data)["KL-D1N"]["won"] == 3


def export(variants_json: str) -> str:
    return '{"kind": "solitaire-statistics", "version": 1, "variants": ' + variants_json + "}"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("[" * 100_000, "not a solitaire statistics export"),
        ('{"kind": "solitaire-statistics", "variants": ' + "[" * 100_000, "not a solitaire statistics export"),
        (" " * 700_000, "too large"),
        (export("{}")[:-1] + ', "daily": {"KL1-D1N": {"2026-03-01": [1, -4, 9]}}}', "daily deal results"),
        (export('{"KL-D1N": {"played": 3, "fastest_win": 1e999}}'), "fastest win"),
        (export('{"KL-D1N": {"played": ' + "9" * 400 + "}}"), "played"),
        (export('{"KL-D1N": {"played": 3, "won": 9}}'), "more games won than played"),
        (export('{"KL-D1N": {"played": 3}, "SP-S1": {"recent": [[1, NaN]]}}'), "recent result"),
        (export('{"KL-D9N": {"played": 3}}'), "not a game variant"),
        (export('{"KL-D1N": {"best_score": "700"}}'), "best score"),
        ("{not json", "not a solitaire statistics export"),
        ('{"kind": "solitaire-statistics", "version": 2, "variants": {}}', "newer version"),
        # No version of the game wrote these: not an export, not one from a newer version.
        ('{"kind": "solitaire-statistics", "version": 0.5, "variants": {}}', "not a solitaire statistics export"),
        ('{"kind": "solitaire-statistics", "version": 0, "variants": {}}', "not a solitaire statistics export"),
        ('{"kind": "solitaire-statistics", "version": "2", "variants": {}}', "not a solitaire statistics export"),
        ('{"kind": "solitaire-statistics", "version": true, "variants": {}}', "not a solitaire statistics export"),
    ],
)
def test_import_refuses_a_file_with_any_bad_figure(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        read_import(text)


def test_import_reads_a_sound_export_whole() -> None:
    variants = {"KL-D1V": VariantStats(played=4, won=1, bankroll=-30, recent=[[1, 150], [0, -52]]).to_dict()}
    assert read_import(export(json.dumps(variants))) == variants


def test_chart_has_one_bar_per_result_and_an_accessible_name() -> None:
    svg = chart_svg(chart_of([[1, 700], [0, 30], [1, 650]]))
    assert svg.count("<rect") == 3
    assert 'aria-label="Last 3 games: 2 won, 1 lost"' in svg


IMPORT_FAULTS = [
    ("[" * 100_000, "not_export"),
    (" " * 700_000, "too_large"),
    (export("{}")[:-1] + ', "daily": {"KL1-D1N": {"2026-03-01": [1, -4, 9]}}}', "damaged"),
    (export("{}")[:-1] + ', "daily": []}', "damaged"),
    ('{"kind": "solitaire-statistics", "version": 2, "variants": {}}', "newer"),
    ('{"kind": "solitaire-statistics", "variants": 3}', "empty"),
    (export("[]"), "empty"),
    (export('{"KL-D9N": {"played": 3}}'), "damaged"),
    (export('{"KL-D1N": 7}'), "damaged"),
    (export('{"KL-D1N": {"played": -1, "won": 1.5}}'), "damaged"),
    (
        export('{"KL-D1V": {"bankroll": "x", "current_streak": -2, "best_streak": -2, "win_moves_total": -1}}'),
        "damaged",
    ),
    (export('{"KL-D1N": {"best_score": "700", "fastest_win": 1e999, "recent": 3}}'), "damaged"),
    (export('{"SP-S1": {"recent": [[1, NaN]], "started": 4, "finished": [""]}}'), "damaged"),
    (export('{"KL-D1N": {"played": 3, "won": 9}}'), "damaged"),
    (export('{"KL-D3N": {"played": 1, "left": [["g1", "ten", 0]]}}'), "damaged"),
]


@pytest.mark.parametrize(("text", "reason"), IMPORT_FAULTS)
def test_an_import_refusal_has_a_reason_and_is_worded_in_every_language(text: str, reason: str) -> None:
    from tests.ui.words import english_words
    from ui.model.i18n import use_language
    from ui.model.stats import problem_text
    from ui.model.stats_import import ImportRefused, import_refusal_text

    with pytest.raises(ImportRefused) as caught:
        read_import(text)
    error = caught.value
    assert error.reason == reason
    english = import_refusal_text(error)
    problems = [problem_text(p) for p in error.problems]
    try:
        for language in ("th", "km"):
            use_language(language)
            worded = import_refusal_text(error)
            assert english_words(worded) == [], worded
            for problem in error.problems:
                assert english_words(problem_text(problem)) == [], problem_text(problem)
            assert worded != english
    finally:
        use_language("en")
    assert import_refusal_text(error) == english
    assert [problem_text(p) for p in error.problems] == problems


def test_every_problem_reason_is_worded() -> None:
    from typing import get_args

    from ui.model.stats import Problem, ProblemReason, problem_text
    from ui.model.stats_import import read_variants

    seen = {p.reason for p in read_variants([])[1]}
    for _text, _reason in IMPORT_FAULTS:
        try:
            read_import(_text)
        except ValueError as error:
            seen |= {p.reason for p in getattr(error, "problems", ())}
    assert seen == set(get_args(ProblemReason)), "every reason is met by some file above"
    assert problem_text(Problem("count_range", "KL-D1N", ("won", 0, 9))) == (
        "Klondike, draw 1, Normal scoring: the number of games won is not a whole number from 0 to 9"
    )


@pytest.mark.parametrize(
    ("variants_json", "english"),
    [
        ('{"KL-D1N": {"played": -1, "won": 1.5}}', "(and 1 more problem)."),
        ('{"KL-D1N": {"played": -1, "won": 1.5, "best_streak": -1}}', "(and 2 more problems)."),
    ],
)
def test_the_problems_left_unnamed_are_counted_in_each_language_s_own_plural(variants_json: str, english: str) -> None:
    from tests.ui.words import english_words
    from ui.model.i18n import use_language
    from ui.model.stats_import import ImportRefused, import_refusal_text

    with pytest.raises(ImportRefused) as caught:
        read_import(export(variants_json))
    error = caught.value
    assert str(error).endswith(english)
    assert import_refusal_text(error).endswith(english)
    count = str(len(error.problems) - 1)
    try:
        for language in ("th", "km"):
            use_language(language)
            worded = import_refusal_text(error)
            assert count in worded
            assert english_words(worded) == [], worded
    finally:
        use_language("en")


def test_the_chart_of_one_game_says_game() -> None:
    assert 'aria-label="Last 1 game: 1 won, 0 lost"' in chart_svg(chart_of([[1, 700]]))


def test_more_wins_than_games_sets_the_wins_figures_aside_together() -> None:
    stored = {"played": 2, "won": 9, "current_streak": 3, "best_streak": 4, "best_score": 700, "fastest_win": 90.0}
    stats, problems = VariantStats.read({**stored, "recent": [[0, 10]]}, "KL-D1N")
    assert [p.reason for p in problems] == ["won_over_played"]
    assert (stats.played, stats.won, stats.win_rate, stats.average_win_moves) == (2, 0, 0.0, None)
    assert (stats.current_streak, stats.best_streak, stats.best_score, stats.fastest_win) == (0, 0, None, None)
    assert stats.recent == [[0, 10]], "the figures that are not the wins' are kept"


def test_wins_whose_moves_are_not_known_have_no_average() -> None:
    stats, problems = VariantStats.read({"played": 5, "won": 2}, "KL-D1N")
    assert problems == []
    assert stats.average_win_moves is None, "a win without its moves is not an average of 0"
    assert VariantStats(played=5, won=2, win_moves_total=220).average_win_moves == 110


@pytest.mark.parametrize("won", [True, False])
def test_a_result_whose_start_the_statistics_lack_counts_as_played(won: bool) -> None:
    """Statistics reset while a counted game was played (or an older save marked
    counted): its result cannot show "Games played 0" beside a streak or a bar."""
    variants: dict[str, Any] = {}
    start_game(variants, "KL-D1N", "g1")
    variants.clear()  # Reset, while g1 is on the table
    finish_game(variants, "KL-D1N", won=won, score=50, seconds=60.0, moves=90, game="g1")
    stats = VariantStats.from_dict(variants["KL-D1N"])
    assert (stats.played, stats.won, stats.current_streak) == (1, int(won), int(won))
    assert stats.recent == [[int(won), 50]]
    assert VariantStats.read(variants["KL-D1N"])[1] == []
    finish_game(variants, "KL-D1N", won=won, score=50, seconds=60.0, moves=90, game="g1")
    assert VariantStats.from_dict(variants["KL-D1N"]).played == 1  # still once


@given(st.lists(st.tuples(st.booleans(), st.booleans()), max_size=30))
def test_wins_never_outnumber_games_whatever_was_reset(games: list[tuple[bool, bool]]) -> None:
    variants: dict[str, Any] = {}
    for n, (won, reset) in enumerate(games):
        start_game(variants, "KL-D1N", f"g{n}")
        if reset:
            variants.clear()
        finish_game(variants, "KL-D1N", won=won, score=1, seconds=1.0, moves=1, game=f"g{n}")
        stats, problems = VariantStats.read(variants["KL-D1N"])
        assert problems == []
        assert stats.won <= stats.played
        assert stats.current_streak <= stats.won
        assert len(stats.recent) <= stats.played


def test_a_game_with_no_score_shows_none() -> None:
    stats = VariantStats(played=2, won=1, best_score=0, recent=[[1, 0], [0, 0]])
    rows = dict(figures("FC-F4", stats))
    assert "Best score" not in rows
    assert all("0" not in value for label, value in rows.items() if "score" in label.lower())
    assert [bar.title for bar in chart_of(stats.recent, scored=False).bars] == ["Won", "Lost"]
    assert "Best score" in dict(figures("KL-D1N", stats))


def test_a_win_after_years_on_the_clock_is_read_back() -> None:
    variants: dict[str, Any] = {}
    start_game(variants, "KL-D1N", "g1")
    finish_game(variants, "KL-D1N", won=True, score=5, seconds=10.0**9 + 12.5, moves=80, game="g1")
    assert VariantStats.read(variants["KL-D1N"])[1] == []
