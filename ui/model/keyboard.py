"""Playing with the keyboard alone: where the focus is, and what each key does.

The table has two tab stops: the top row (stock, waste, foundations) and the
columns. Inside them the arrow keys move between piles, and Up and Down along
the face-up cards of a column. Enter or Space picks up the focused card (with
every card on it) and drops what is held on the focused pile; Escape puts it
down. Letters are shortcuts (``KEYS`` lists them all for the help dialog).

Pure Python: ``Keyboard.press`` reads the game and answers a ``Command`` that
the page carries out, so every key is tested in CPython. Legality is always
the engine's (``can_pick``, ``drop_targets``, ``move_for_drop``, ``refusal``).

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> keys = Keyboard()
>>> keys.focus_column(g, 5)
Spot(pid='t5', index=4)
>>> keys.press(g, "Enter").message
'Picked up 9 of diamonds. Choose a pile and press Enter. It fits on column 4.'
>>> keys.press(g, "ArrowLeft").spot
Spot(pid='t4', index=3)
>>> str(keys.press(g, "Enter").move)
't5>t4'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine import STOCK_TAP, Card, Game, Move
from engine.cards import face_up_count
from engine.variants import pile_kind
from ui.model.announce import cards_phrase, describe_pick, pick_refusal, pile_name
from ui.model.i18n import N_, _, ngettext
from ui.model.refusals import refusal_text, rule_anchor

__all__ = ["KEYS", "Command", "CommandKind", "Held", "Keyboard", "Spot", "key_help"]

TOP = "top"
TABLE = "table"
TOP_KINDS = frozenset(("stock", "waste", "foundation", "cell", "removed", "discard"))
"""The piles of the top row (at the sides of a phone held sideways); the columns, or the
cards of a shape (peaks, a pyramid), are the table's."""

KEYS: tuple[tuple[str, str], ...] = (
    ("Tab, Shift+Tab", N_("Move between the header, the top row and the columns")),
    ("← →", N_("Move to the pile on the left or right")),
    ("↑ ↓", N_("Move along the face-up cards of a column; between the top row and the columns")),
    ("Home, End", N_("First or last pile of the row")),
    ("1 – 9, 0", N_("Go to column 1 to 9, or 10")),
    ("Enter, Space", N_("Pick up the focused card and the cards on it; drop them on the focused pile")),
    ("Escape", N_("Put the held cards down; stop the solver's search")),
    ("D", N_("Draw from the stock, or deal a row")),
    ("F", N_("Send the focused card to its foundation")),
    ("U, Ctrl+Z", N_("Undo")),
    ("H", N_("Hint: the next move of a winning line, from a solver that sees the face-down cards")),
    ("N", N_("New game")),
    ("?", N_("This list of keys")),
)
"""Every key (as printed on the keyboard) and what it does (English, for the
catalogs: ``key_help()`` gives it in the player's language), as the help dialog
lists them."""


def key_help() -> list[tuple[str, str]]:
    """``KEYS`` with what each key does in the player's language."""
    return [(keys, _(what)) for keys, what in KEYS]


Shortcut = Literal["stock", "undo", "hint", "new", "foundation", "help"]

SHORTCUTS: dict[str, Shortcut] = {"d": "stock", "u": "undo", "h": "hint", "n": "new", "f": "foundation", "?": "help"}
"""Letter shortcuts (any case) and what each one asks for."""

CommandKind = Literal["none", "focus", "pick", "drop", "play", "say", "undo", "hint", "new", "help"]


@dataclass(frozen=True, slots=True)
class Spot:
    """A focus position: a card of a pile (``index`` from the bottom), or the
    pile itself (``index`` -1: an empty pile, or the stock)."""

    pid: str
    index: int = -1

    @property
    def area(self) -> str:
        return TOP if pile_kind(self.pid) in TOP_KINDS else TABLE


@dataclass(frozen=True, slots=True)
class Held:
    """Cards picked up with the keyboard: the top ``count`` cards of ``pid``."""

    pid: str
    count: int


@dataclass(frozen=True, slots=True)
class Command:
    """What a key asks the page to do.

    ``kind``: ``"none"`` (the key is not ours), ``"focus"`` (the focus moved),
    ``"pick"`` (cards picked up: say ``message``), ``"drop"`` (held cards put
    down), ``"play"`` (play ``move``), ``"say"`` (say ``message``), ``"undo"``,
    ``"hint"``, ``"new"`` or ``"help"``. ``spot`` is the focus after the key.
    ``rule``: the rules section that explains a refusal in ``message``.
    """

    kind: CommandKind
    spot: Spot | None = None
    move: Move | None = None
    message: str = ""
    rule: str = ""


def _top_columns(game: Game) -> dict[str, int]:
    """The grid column of each top-row pile that takes the focus (completed runs do not,
    nor free cells the deal does not have)."""
    piles = set(game.pile_ids)
    return {pid: column for pid, column in game.variant.top_row if pile_kind(pid) != "removed" and pid in piles}


def _columns(game: Game) -> list[str]:
    """The table's piles the focus walks, left to right: the columns, or the free cards of
    a shape (``_free_cards``)."""
    if game.variant.shape is not None:
        return _free_cards(game)
    return list(game.variant.column_ids)


def _free_cards(game: Game) -> list[str]:
    """The free cards of a game's shape, left to right (the higher first where two share a
    place): the cards the arrows move between."""
    shape = game.variant.shape
    if shape is None:
        return []
    free = [shape.place(pid) for pid in game.free_places()]
    return [place.pid for place in sorted(free, key=lambda place: (place.x, place.row))]


def _nearest(game: Game, pid: str, rows: str) -> str | None:
    """The free card nearest to pile ``pid``'s place in the rows above it (``rows`` "up")
    or below it ("down"), the nearest row first, then the nearest place (the left one on
    a tie); None when there is none."""
    shape = game.variant.shape
    if shape is None:
        return None
    here = shape.place(pid)
    free = [shape.place(p) for p in _free_cards(game)]
    if rows == "up":
        candidates = [place for place in free if place.row < here.row]
        key = lambda place: (here.row - place.row, abs(place.x - here.x), place.x)  # noqa: E731
    else:
        candidates = [place for place in free if place.row > here.row]
        key = lambda place: (place.row - here.row, abs(place.x - here.x), place.x)  # noqa: E731
    return min(candidates, key=key).pid if candidates else None


def _grid_column(game: Game, pid: str) -> int:
    """The grid column a table's pile lies in (a shape's card: the column its left edge is
    nearest to, the shape centred as the table draws it)."""
    shape = game.variant.shape
    if shape is None:
        return _columns(game).index(pid)
    columns = max(len(game.variant.column_ids), int(shape.width + 0.999))
    return round(shape.place(pid).x + (columns - shape.width) / 2)


def _first_up(cards: tuple[Card, ...]) -> int:
    """Index of the lowest face-up card of a column's face-up run (len when none)."""
    return len(cards) - face_up_count(cards)


class Keyboard:
    """The focus, the roving tab stops and the cards held, for one table."""

    def __init__(self) -> None:
        self.spot: Spot | None = None
        """The focus position (None until the player first uses the table)."""
        self.held: Held | None = None
        self._last: dict[str, Spot] = {}

    # ------------------------------------------------------------ positions

    def fix(self, game: Game, spot: Spot, top: bool = True) -> Spot:
        """The nearest valid spot on ``spot``'s pile (``top``: an index of -1 on
        a column means its top card)."""
        pid = spot.pid
        if pid not in game.pile_ids:
            return self.home(game, spot.area)
        if pid == "s":
            return Spot("s")
        cards = game.pile(pid)
        if game.variant.shape is not None and spot.area == TABLE:
            return self._fix_shape(game, pid)
        if not cards:
            return Spot(pid)
        if not pid.startswith("t"):
            return Spot(pid, len(cards) - 1)
        first = _first_up(cards)
        if first >= len(cards):
            return Spot(pid)
        index = spot.index
        if index < 0:
            index = len(cards) - 1 if top else first
        return Spot(pid, max(first, min(len(cards) - 1, index)))

    def _fix_shape(self, game: Game, pid: str) -> Spot:
        """A shape's card when it is free, else the free card nearest to its place (the
        focused card was played: the focus stays where the player looks); the top row when
        the shape is cleared."""
        free = _free_cards(game)
        if pid in free:
            return Spot(pid, 0)
        if not free:
            return self.fix(game, Spot(next(iter(_top_columns(game)))))
        shape = game.variant.shape
        assert shape is not None
        here = shape.place(pid)
        nearest = min(free, key=lambda p: (abs(shape.place(p).x - here.x), abs(shape.place(p).row - here.row)))
        return Spot(nearest, 0)

    def home(self, game: Game, area: str) -> Spot:
        """Where an area's focus starts: the top row's first pile (the stock, or
        FreeCell's first free cell), or the first column's top card."""
        table = _columns(game)
        if area == TOP or not table:
            return self.fix(game, Spot(next(iter(_top_columns(game)))))
        return self.fix(game, Spot(table[0]))

    def stops(self, game: Game) -> tuple[Spot, Spot]:
        """The two tab stops (top row, columns): the last spot of each area."""
        top = self._last.get(TOP)
        table = self._last.get(TABLE)
        return (
            self.fix(game, top) if top is not None else self.home(game, TOP),
            self.fix(game, table) if table is not None else self.home(game, TABLE),
        )

    def current(self, game: Game) -> Spot:
        """The focus position now, kept valid as the table changes."""
        if self.spot is None:
            return self.home(game, TABLE)
        spot = self.fix(game, self.spot)
        self.spot = spot
        self._last[spot.area] = spot
        return spot

    def go(self, game: Game, spot: Spot) -> Spot:
        """Move the focus to ``spot`` (made valid)."""
        spot = self.fix(game, spot)
        self.spot = spot
        self._last[spot.area] = spot
        return spot

    def focus_column(self, game: Game, number: int) -> Spot:
        """Focus column ``number`` (1-based), on its top card."""
        return self.go(game, Spot(f"t{number}"))

    def reset(self) -> None:
        """A new deal: the focus starts again, nothing is held."""
        self.spot = None
        self.held = None
        self._last = {}

    def forget_held(self) -> None:
        self.held = None

    def lift(self, pid: str) -> None:
        """Hold the top card of ``pid`` ("": nothing), as a tap lifts a card for its partner:
        the keys and the taps share what is held, so Enter on the partner pairs it too."""
        self.held = Held(pid, 1) if pid else None

    # ---------------------------------------------------------- navigation

    def _row(self, game: Game, area: str) -> list[str]:
        if area == TOP:
            return list(_top_columns(game))
        return _columns(game)

    def _sideways(self, game: Game, spot: Spot, step: int) -> Spot:
        row = self._row(game, spot.area)
        if spot.pid not in row:
            return spot
        i = row.index(spot.pid) + step
        if i < 0 or i >= len(row):
            return spot
        return self.go(game, Spot(row[i]))

    def _up(self, game: Game, spot: Spot) -> Spot:
        if spot.area == TOP:
            return spot
        if game.variant.shape is not None:
            above = _nearest(game, spot.pid, "up")
            if above is not None:
                return self.go(game, Spot(above, 0))
        else:
            cards = game.pile(spot.pid)
            if spot.index > _first_up(cards):
                return self.go(game, Spot(spot.pid, spot.index - 1))
        column = _grid_column(game, spot.pid)
        grid = _top_columns(game)
        # The top-row pile nearest above (the left one on a tie).
        pid = min(grid, key=lambda p: (abs(grid[p] - column), grid[p]))
        return self.go(game, Spot(pid))

    def _down(self, game: Game, spot: Spot) -> Spot:
        if spot.area == TOP:
            columns = _columns(game)
            if not columns:
                return spot
            if game.variant.shape is not None:
                # The free card nearest below, the higher one first: a shape's cards step down.
                shape = game.variant.shape
                place = _top_columns(game)[spot.pid]
                pid = min(columns, key=lambda p: (abs(_grid_column(game, p) - place), shape.place(p).row))
                return self.go(game, Spot(pid, 0))
            column = min(_top_columns(game)[spot.pid], len(columns) - 1)
            return self.go(game, Spot(columns[column]))
        if game.variant.shape is not None:
            below = _nearest(game, spot.pid, "down")
            return self.go(game, Spot(below, 0)) if below is not None else spot
        cards = game.pile(spot.pid)
        if 0 <= spot.index < len(cards) - 1:
            return self.go(game, Spot(spot.pid, spot.index + 1))
        return spot

    # ----------------------------------------------------------------- keys

    def press(self, game: Game, key: str) -> Command:
        """What ``key`` (a DOM ``KeyboardEvent.key``) does with the focus on the table."""
        spot = self.current(game)
        if key in ("ArrowLeft", "ArrowRight"):
            return Command("focus", self._sideways(game, spot, -1 if key == "ArrowLeft" else 1))
        if key == "ArrowUp":
            return Command("focus", self._up(game, spot))
        if key == "ArrowDown":
            return Command("focus", self._down(game, spot))
        if key in ("Home", "End"):
            row = self._row(game, spot.area)
            if not row:
                return Command("focus", spot)
            return Command("focus", self.go(game, Spot(row[0] if key == "Home" else row[-1])))
        if key in ("Enter", " "):
            return self._enter(game, spot)
        if key == "Escape":
            if self.held is None:
                return Command("none", spot)
            self.held = None
            return Command("drop", spot, message=_("Put down: nothing moved."))
        return self.shortcut(game, key)

    def shortcut(self, game: Game, key: str) -> Command:
        """A shortcut key that works wherever the focus is (outside dialogs and fields)."""
        # Any decimal digit, so that a Khmer keyboard's ១-៩ (its unshifted number row)
        # and Thai ๑-๙ jump as 1-9 do; "²" (an unshifted key on French AZERTY), "³" or
        # "①" are digits to str.isdigit() but not decimal, and are left alone like any
        # other key (int() refused them).
        if len(key) == 1 and key.isdecimal():
            number = int(key) or 10
            table = _columns(game)
            if game.variant.shape is not None:
                # A shape has no columns: a digit goes to that free card, counted from the left.
                if number > len(table):
                    message = ngettext("There is {n} free card.", "There are {n} free cards.", len(table)).format(
                        n=len(table)
                    )
                    return Command("say", self.spot, message=message)
                return Command("focus", self.go(game, Spot(table[number - 1], 0)))
            if number > len(table):
                return Command("say", self.spot, message=_("There is no column {n}.").format(n=number))
            return Command("focus", self.focus_column(game, number))
        shortcut = SHORTCUTS.get(key.lower() if len(key) == 1 else "")
        if shortcut is None:
            return Command("none", self.spot)
        if shortcut == "stock":
            self.held = None
            return Command("play", self.spot, STOCK_TAP)
        if shortcut == "foundation":
            return self._to_foundation(game)
        if shortcut == "undo":
            self.held = None
        return Command(shortcut, self.spot)

    def _enter(self, game: Game, spot: Spot) -> Command:
        held = self.held
        if held is None:
            return self._pick(game, spot)
        if spot.pid == held.pid:
            self.held = None
            return Command("drop", spot, message=_("Put down: nothing moved."))
        move = game.move_for_drop(held.pid, held.count, spot.pid)
        error = game.refusal_error(move)
        if error is not None:
            cards = game.pile(held.pid)[-held.count :]
            rule = refusal_text(game.settings.game, error)
            message = _("{rule} Still holding {cards}.").format(rule=rule, cards=cards_phrase(cards))
            return Command("say", spot, message=message, rule=rule_anchor(game.settings.game, error.reason))
        self.held = None
        return Command("play", spot, move)

    def _pick(self, game: Game, spot: Spot) -> Command:
        pid = spot.pid
        if pid == "s":
            return Command("play", spot, STOCK_TAP)
        cards = game.pile(pid)
        if spot.index < 0 or not cards:
            return Command("say", spot, message=_("{pile} is empty.").format(pile=pile_name(pid)))
        intent = game.tap_intent(pid) if spot.index == len(cards) - 1 else None
        if intent is not None:
            # A card with one place to go (Golf's and TriPeaks' waste, Pyramid's King) goes
            # there with Enter, as with a tap; a refusal says the rule.
            error = game.refusal_error(intent)
            if error is not None:
                prefix = game.settings.game
                return Command("say", spot, message=refusal_text(prefix, error), rule=rule_anchor(prefix, error.reason))
            return Command("play", spot, intent)
        count = len(cards) - spot.index if pid.startswith("t") else 1
        if not game.can_pick(pid, count):
            return Command("say", spot, message=pick_refusal(game, pid, count))
        self.held = Held(pid, count)
        targets = game.drop_targets(pid, count)
        return Command("pick", spot, message=describe_pick(game, pid, count, targets))

    def _to_foundation(self, game: Game) -> Command:
        spot = self.current(game)
        pid = spot.pid
        if self.held is not None:
            if self.held.count != 1:
                return Command("say", spot, message=_("Foundations take one card at a time."), rule="kl-foundations")
            pid = self.held.pid
        if pid == "s":
            return Command("say", spot, message=_("Choose a card first: the stock's cards are face down."))
        if not game.pile(pid):
            return Command("say", spot, message=_("{pile} is empty.").format(pile=pile_name(pid)))
        move = Move(pid, "f", 1)
        error = game.refusal_error(move)
        if error is not None:
            prefix = game.settings.game
            return Command("say", spot, message=refusal_text(prefix, error), rule=rule_anchor(prefix, error.reason))
        self.held = None
        return Command("play", spot, move)

    # ---------------------------------------------------------- after plays

    def after_play(self, game: Game, move: Move, dst: str, by_keys: bool) -> Spot | None:
        """Where the focus goes after ``move`` was played (``dst``: the pile the
        cards went to). Cards dropped with the keys on a column take the focus
        with them; a card sent to a foundation leaves it on the pile it came
        from; otherwise the focus stays where it is."""
        self.held = None
        if self.spot is None:
            return None
        if by_keys and not move.is_stock_tap and move.src != dst:
            if dst.startswith("t"):
                cards = game.pile(dst)
                return self.go(game, Spot(dst, max(0, len(cards) - move.count)))
            if dst.startswith("f"):
                return self.go(game, Spot(move.src))
        return self.current(game)
