"""Statistics through a game's life: it counts as played from its first move, its
result is recorded once (a win, or a loss when another game replaces it
unfinished), and a game left and then brought back (Back, Undo of New game)
takes its loss back. Every count is kept once per game id, so counting the same
game again changes nothing.
"""

from __future__ import annotations

import os
from typing import Any

from engine.game import game_class
from ui.model.stats import MAX_SECONDS, RECENT, VariantStats, is_vegas

__all__ = ["come_back", "finish_game", "leave_game", "new_game_id", "running_bankroll", "start_game"]


def new_game_id() -> str:
    """A fresh id for a game: what makes counting it idempotent.

    >>> len(new_game_id()), new_game_id() != new_game_id()
    (16, True)
    """
    return os.urandom(8).hex()  # not secrets: it pulls in hashlib, which the browser's Python lacks in part


def running_bankroll(stats: VariantStats, game: str, score: int) -> int:
    """The bankroll with the game on the table in it: a game counts from its first
    move (as it counts as played), at the amount it stands at now, until its result
    is recorded (a win, or a loss when it is left), which then holds that amount.

    >>> stats = VariantStats(played=1, bankroll=0, started=["g1"])
    >>> running_bankroll(stats, "g1", -52), running_bankroll(stats, "g2", -52)
    (-52, 0)
    >>> running_bankroll(VariantStats(played=1, bankroll=-37, started=["g1"], finished=["g1"]), "g1", -37)
    -37
    """
    if game and game in stats.started and game not in stats.finished:
        return stats.bankroll + score
    return stats.bankroll


def start_game(variants: dict[str, Any], key: str, game: str | None = None) -> None:
    """A game of this variant had its first move: it now counts as played (once per
    game id: counting the same game again changes nothing)."""
    stats = VariantStats.from_dict(variants.get(key))
    if game is not None:
        if game in stats.started:
            return
        stats.started = [*stats.started, game][-RECENT:]
    stats.played += 1
    variants[key] = stats.to_dict()


def finish_game(
    variants: dict[str, Any],
    key: str,
    *,
    won: bool,
    score: int,
    seconds: float,
    moves: int,
    game: str | None = None,
    bests: bool = True,
    figure: int = 0,
    helped: bool = False,
) -> None:
    """Record the result of a game that counted as played (once per game id).

    ``bests=False``: a win of a game opened from a record at a later move,
    which must not set the best score, the fastest win or the fewest moves.
    ``helped``: the game was won with help (a hint, an undo to the last winnable
    position): it counts as won and in ``won_helped``, continues the streak and ends
    the streak without help. The bests (score, fastest win, fewest moves) count
    every win, with help or without: the help is in the win's count, not its figures.
    ``figure``: the game's own figure of this game (TriPeaks' longest run), kept when
    it is the best, won or lost.

    >>> variants: dict = {}  # reset while the game was played: its start is gone
    >>> finish_game(variants, "KL-D1N", won=True, score=5, seconds=9.0, moves=80, game="g1")
    >>> s = VariantStats.from_dict(variants["KL-D1N"])
    >>> s.played, s.won, s.current_streak, s.recent
    (1, 1, 1, [[1, 5]])
    >>> finish_game(variants, "KL-D1N", won=True, score=5, seconds=9.0, moves=80, game="g2", helped=True)
    >>> s = VariantStats.from_dict(variants["KL-D1N"])
    >>> s.won, s.won_helped, s.current_streak, s.streak_alone, s.best_streak_alone
    (2, 1, 2, 0, 1)
    """
    stats = VariantStats.from_dict(variants.get(key))
    if game is not None:
        if game in stats.finished:
            return
        stats.finished = [*stats.finished, game][-RECENT:]
    if stats.played == 0 or (won and stats.won >= stats.played):
        # These statistics lack the game's start: they were reset while it was played,
        # or an older save said it was counted. A result needs a game played, so it
        # counts as played now; otherwise a win would show "Games played 0" beside a
        # streak of 1 and a won bar in the chart.
        stats.played += 1
        if game is not None and game not in stats.started:
            stats.started = [*stats.started, game][-RECENT:]
    if won:
        stats.won = min(stats.played, stats.won + 1)
        stats.current_streak += 1
        stats.best_streak = max(stats.best_streak, stats.current_streak)
        if helped:
            stats.won_helped = min(stats.won, stats.won_helped + 1)
            stats.streak_alone = 0
        else:
            stats.streak_alone = min(stats.current_streak, stats.streak_alone + 1)
            stats.best_streak_alone = max(stats.best_streak_alone, stats.streak_alone)
        if bests:
            # The better of two scores is the game's to say (Golf's strokes: the lower).
            better = min if game_class(key.partition("-")[0]).score_lower_is_better else max
            stats.best_score = score if stats.best_score is None else better(stats.best_score, score)
            seconds = min(seconds, MAX_SECONDS)  # what the reader accepts: a clock of years is kept
            stats.fastest_win = seconds if stats.fastest_win is None else min(stats.fastest_win, seconds)
            stats.fewest_moves = min(stats.fewest_moves, moves) if stats.fewest_moves else moves
        stats.win_moves_total += moves
    else:
        stats.current_streak = 0
        stats.streak_alone = 0
    if bests and figure > 0:
        stats.best_figure = max(stats.best_figure, figure)
    if is_vegas(key):
        stats.bankroll += score
    stats.recent = [*stats.recent, [int(won), score]][-RECENT:]
    variants[key] = stats.to_dict()


def leave_game(
    variants: dict[str, Any], key: str, game: str, *, score: int, seconds: float, moves: int, figure: int = 0
) -> bool:
    """The player left an unfinished game that counted as played: it is a loss
    (once per game id), and what the loss changed is kept under the game's id
    (``left``), so that ``come_back`` can take it back. True when recorded.

    >>> variants: dict = {}
    >>> start_game(variants, "KL-D1N", "g1")
    >>> leave_game(variants, "KL-D1N", "g1", score=40, seconds=9.0, moves=12)
    True
    >>> come_back(variants, "KL-D1N", "g1"), come_back(variants, "KL-D1N", "g1")
    (True, False)
    >>> s = VariantStats.from_dict(variants["KL-D1N"])
    >>> s.played, s.recent, s.finished, s.left
    (1, [], [], [])
    """
    stats = VariantStats.from_dict(variants.get(key))
    if game in stats.finished:
        return False
    streak, alone = stats.current_streak, stats.streak_alone
    finish_game(variants, key, won=False, score=score, seconds=seconds, moves=moves, game=game, figure=figure)
    stats = VariantStats.from_dict(variants[key])
    stats.left = [*(item for item in stats.left if item[0] != game), [game, score, streak, alone]][-RECENT:]
    variants[key] = stats.to_dict()
    return True


def come_back(variants: dict[str, Any], key: str, game: str) -> bool:
    """A game counted lost when it was left is on the table again: take the loss
    back. Its recent result and bankroll share go, the streaks it broke continue
    unless another loss came since, and its result can be recorded again. True
    when there was a loss to take back. A loss recorded before the streak without
    help was kept (three elements) gives that streak back as much as it gives
    the streak: it was counted that way then."""
    stats = VariantStats.from_dict(variants.get(key))
    found = next((item for item in stats.left if item[0] == game), None)
    if found is None:
        return False
    score, streak = found[1], found[2]
    alone = found[3] if len(found) > 3 else streak
    stats.left = [item for item in stats.left if item[0] != game]
    stats.finished = [item for item in stats.finished if item != game]
    lost = [0, score]
    at = next((i for i in range(len(stats.recent) - 1, -1, -1) if stats.recent[i] == lost), None)
    later_loss = at is None or any(not won for won, _score in stats.recent[at + 1 :])
    if at is not None:
        del stats.recent[at]
    if is_vegas(key):
        stats.bankroll -= score
    if not later_loss:
        # Wins since the loss: the streak without help goes on from what the loss
        # broke only when none of them had help (it is as long as the streak then).
        unaided = stats.streak_alone == stats.current_streak
        stats.current_streak += streak
        stats.best_streak = max(stats.best_streak, stats.current_streak)
        if unaided:
            stats.streak_alone = min(stats.current_streak, stats.streak_alone + alone)
            stats.best_streak_alone = max(stats.best_streak_alone, stats.streak_alone)
    variants[key] = stats.to_dict()
    return True
