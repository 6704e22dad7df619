"""What a tap, a double tap or a drop means, asked of the game.

Pure Python: the pointer code reports gestures in table terms (pile, card
index, tap count) and plays what these functions answer. Legality is always
the engine's: ``tap_move``, ``double_tap_move``, ``drop_targets`` and ``play``.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> str(tap_plan(g, "t1", 0, 1, Preferences()).move)   # the Ace of diamonds
't1>f'
>>> plan = tap_plan(g, "t5", 4, 2, Preferences())      # 9d: a double tap
>>> str(plan.move)
't5>t4'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Game, Move
from engine.moves import STOCK_TAP
from ui.model.announce import pick_refusal
from ui.model.i18n import N_, _
from ui.model.refusals import refusal_text, rule_anchor
from ui.model.session import Preferences
from ui.model.words import card_name

__all__ = ["DOUBLE_TAP_SECONDS", "TAP_HELP", "SecondTap", "TapPlan", "TapTracker", "drop_plan", "tap_plan"]

DOUBLE_TAP_SECONDS = 0.5
"""Two taps on the same card closer than this are a double tap: the platforms' own
double-tap interval (Android's and Windows' default is 500 ms). A loaded phone puts
400 ms between a player's two quick taps; the single tap never waits for this
(it plays at once, and a second tap turns it into the double tap)."""

DOUBLE_TAP_SLOP = 24.0
"""How far apart (pixels) the two taps of a double tap may land."""


@dataclass(frozen=True, slots=True)
class TapPlan:
    """What to do for a tap: play ``move`` now, or say ``message``."""

    move: Move | None = None
    message: str = ""
    followup: Move | None = None
    """What a second tap would turn ``move`` into (see ``SecondTap``)."""
    settled: bool = False
    """A quick second tap on the same spot plays nothing more: the tap played the card by
    itself (One tap plays the card, auto-drop), so a player's habitual double tap plays
    one card, not this one and then the card it uncovered."""
    nudge: bool = False
    """The tapped cards answer with a small nudge: the tap can play nothing (``message`` says why)."""
    lift: str | None = None
    """A game of pairs (``Game.multi_source``): the pile whose card the tap lifts, waiting
    for its partner ("": the lifted card is put down; None: the lift stays as it was)."""


def picked_count(game: Game, pid: str, index: int) -> int:
    """How many cards a touch on card ``index`` of ``pid`` takes: the card and
    every card on top of it in a column; the top card elsewhere."""
    size = len(game.pile(pid))
    if pid.startswith("t"):
        return max(0, size - index)
    return 1 if size else 0


def _no_place(game: Game, pid: str, count: int) -> str:
    cards = game.pile(pid)
    if not cards or count < 1:
        return ""
    card = cards[-count]
    if not card.face_up:
        return ""
    if not game.can_pick(pid, count):
        return ""
    if count == 1:
        return _("There is no place for the {card}.").format(card=card_name(card))
    return _("There is no place for these {n} cards.").format(n=count)


TAP_HELP = N_("A tap sends a card to its foundation; a double tap finds it a place on the table.")
"""What the status line says when a single tap can play nothing (the card is nudged)."""


def _playable(game: Game, pid: str, count: int) -> bool:
    """The top ``count`` cards of ``pid`` are face up and can be picked up together."""
    cards = game.pile(pid)
    return 0 < count <= len(cards) and cards[-count].face_up and game.can_pick(pid, count)


def pair_tap_plan(game: Game, pid: str, lifted: str | None) -> TapPlan:
    """A tap in a game of pairs (Pyramid): a card that goes alone (a King) goes at once;
    a free card is lifted; a tap on another card plays the pair (the game's
    ``move_for_drop``, as a drag onto it does): its partner removes both, any other says
    the rule that refuses it; a tap on the lifted card puts it down. A card that can't be
    lifted says why.
    """
    if lifted is not None and lifted != pid and game.pile(lifted):
        # The second card of a pair: removed with the first, or refused with the rule
        # (not 13, a covered card), and the first is put down.
        return TapPlan(game.move_for_drop(lifted, 1, pid), lift="")
    if lifted == pid:
        return TapPlan(lift="")
    alone = game.tap_move(pid)
    if alone is not None:
        return TapPlan(alone, lift="")
    if game.can_pick(pid, 1):
        return TapPlan(lift=pid)
    intent = game.tap_intent(pid)
    if intent is not None:
        return TapPlan(intent, lift="")  # played, so that its refusal says the rule
    return TapPlan(message=pick_refusal(game, pid, 1), nudge=True, lift="")


def tap_plan(
    game: Game, pid: str, index: int, taps: int, preferences: Preferences, lifted: str | None = None
) -> TapPlan:
    """The plan for ``taps`` (1 or 2) quick taps on card ``index`` of ``pid`` (``lifted``:
    the card lifted by an earlier tap, in a game of pairs)."""
    if pid == "s":
        return TapPlan(STOCK_TAP)
    count = picked_count(game, pid, index)
    if count < 1:
        return TapPlan()
    if game.multi_source:
        return pair_tap_plan(game, pid, lifted)
    # A single tap plays the game's tap move (a card home, onto the waste) where the game
    # says so; otherwise (the Spider family) a double tap or a release plays, as the settings say.
    if game.single_tap_plays:
        single = game.tap_move(pid) if count == 1 else None
        double = game.double_tap_move(pid, count)
        # A tap the game gives a meaning to even when it can't be played (Golf: onto the
        # waste) is played, so that its refusal says the rule, with its Why?.
        intent = game.tap_intent(pid) if count == 1 else None
        if taps >= 2:
            if double is not None:
                return TapPlan(double)
            if single is not None:
                return TapPlan(single)
            return TapPlan(intent) if intent is not None else TapPlan(message=_no_place(game, pid, count))
        if single is not None:
            # A double tap that means the tap's own move (Golf, TriPeaks) has nothing to turn
            # it into: a quick tap after it, on the card it uncovered or a neighbour, is a tap.
            followup = double if double != single else None
            return TapPlan(single, followup=followup, settled=preferences.one_tap)
        if preferences.one_tap and double is not None:
            return TapPlan(double, settled=True)
        if intent is not None:
            return TapPlan(intent)
        if not _playable(game, pid, count):
            return TapPlan()
        # Nothing for a single tap: the card answers at once (a second tap may still come).
        if preferences.one_tap:
            return TapPlan(message=_no_place(game, pid, count), nudge=True)
        return TapPlan(message=_(TAP_HELP), nudge=True)
    # The Spider family: auto-drop sends the group at once, double click on a second tap.
    best = game.double_tap_move(pid, count)
    if preferences.auto_drop and taps == 1:
        return TapPlan(best, settled=True) if best is not None else TapPlan(message=_no_place(game, pid, count))
    if taps >= 2 and preferences.double_click and not preferences.auto_drop:
        return TapPlan(best) if best is not None else TapPlan(message=_no_place(game, pid, count))
    return TapPlan()


def drop_plan(
    game: Game, pid: str, count: int, dst: str | None, preferences: Preferences
) -> tuple[Move | None, str, str]:
    """The move a drop plays, or the rule that refuses it.

    Returns ``(move, "", "")`` to play, ``(None, rule, section)`` for a refused
    drop (the rule in the player's language and the rules section that explains
    it), and ``(None, "", "")`` when the cards were released over no other pile.
    """
    rule = section = ""
    if dst is not None:
        # The game says what a drop there means (any foundation: the card's own one) and whether it is legal.
        move = game.move_for_drop(pid, count, dst)
        error = game.refusal_error(move)
        if error is None:
            return move, "", ""
        rule = refusal_text(game.settings.game, error)
        section = rule_anchor(game.settings.game, error.reason)
    if preferences.auto_drop and not game.single_tap_plays:
        best = game.double_tap_move(pid, count)
        if best is not None:
            return best, "", ""
    return None, rule, section


class TapTracker:
    """Tells a double tap from two single taps: same card, close in time and space."""

    def __init__(self, window: float = DOUBLE_TAP_SECONDS, slop: float = DOUBLE_TAP_SLOP) -> None:
        self.window = window
        self.slop = slop
        self._last: tuple[str, int, float, float, float] | None = None

    def tap(self, pid: str, index: int, at: float, x: float, y: float) -> int:
        """Record a tap at time ``at`` (seconds); returns 1 or 2 (a double tap)."""
        last = self._last
        if (
            last is not None
            and last[0] == pid
            and last[1] == index
            and at - last[2] <= self.window
            and abs(x - last[3]) <= self.slop
            and abs(y - last[4]) <= self.slop
        ):
            self._last = None
            return 2
        self._last = (pid, index, at, x, y)
        return 1

    def forget(self) -> None:
        """The next tap starts afresh (after a move changed the table)."""
        self._last = None


class SecondTap:
    """Remembers a tap that played at once, so that a quick second tap on the same
    spot turns it into the double-tap move, or, after a tap that settled its card,
    plays nothing.

    A single tap on a Klondike card that can go home sends it home at once; a
    double tap on the same card looks for a place in the tableau. So that both
    gestures stay, the first tap plays at once and is remembered with the move a
    double tap would have made from the position before it (its ``followup``);
    a second tap close in time and space, with nothing played in between, takes
    the first move back and plays the followup instead.

    >>> second = SecondTap()
    >>> second.played(1.0, 10.0, 10.0, Move("t5", "t4"), "KL1-D1N-AAAAAAG t5>f")
    >>> second.second(1.2, 12.0, 9.0, "KL1-D1N-AAAAAAG t5>f")
    (True, Move(src='t5', dst='t4', count=1))
    >>> second.second(1.3, 12.0, 9.0, "KL1-D1N-AAAAAAG t5>f")   # used once
    (False, None)
    >>> second.played(2.0, 10.0, 10.0, None, "KL1-D1N-AAAAAAG t5>t4", settled=True)
    >>> second.second(2.3, 10.0, 30.0, "KL1-D1N-AAAAAAG t5>t4")   # the second tap of a settled card
    (True, None)
    """

    def __init__(self, window: float = DOUBLE_TAP_SECONDS, slop: float = DOUBLE_TAP_SLOP) -> None:
        self.window = window
        self.slop = slop
        self._last: tuple[float, float, float, Move | None, str, bool] | None = None

    def played(self, at: float, x: float, y: float, followup: Move | None, record: str, settled: bool = False) -> None:
        """A tap at time ``at`` (seconds) and ``(x, y)`` played a move; ``record`` is
        the game record after it. Without a ``followup``, and unless the tap ``settled``
        its card (``TapPlan.settled``), there is nothing to remember."""
        self._last = None if followup is None and not settled else (at, x, y, followup, record, settled)

    def second(self, at: float, x: float, y: float, record: str) -> tuple[bool, Move | None]:
        """Whether this tap is the second of a double tap whose first tap played, and
        the followup to play instead (the first move is to be undone first; None: play
        nothing more). Forgets the first tap."""
        last, self._last = self._last, None
        if last is None:
            return False, None
        first_at, x0, y0, followup, after, settled = last
        if at - first_at > self.window or abs(x - x0) > self.slop or abs(y - y0) > self.slop:
            return False, None
        if followup is not None and record == after:
            return True, followup
        # A settled card went where one tap sends it: the second tap plays nothing (cards
        # that went home by themselves after it, in FreeCell, change nothing of that).
        return settled, None

    def forget(self) -> None:
        """Something else happened: the next tap is a first tap."""
        self._last = None
