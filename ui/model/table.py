"""The table's state besides the game: what the page shows and the DOM code reads.

One ``TableState`` per page holds the layout drawn last and the node key of
each card, the keyboard's focus and held cards, the cards being dragged, the
hint on show and the solver's word on it, what the solver's panel says, the
status line, the header's figures and the Finish button. Input code changes it
(or asks the page for an action) and asks for a frame; in that frame the
renderer writes the card and pile elements and the small views of ``ui.dom``
(``status_line``, ``header``) the rest, each the only writer of its nodes.
``marks`` derives from this state every class, pressed state and tab stop the
renderer writes, and ``body_attributes`` the page's state attributes, so what
the page looks like is decided here, in pure Python, and checked in CPython.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> state = TableState()
>>> state.keyboard.go(g, Spot("t5"))
Spot(pid='t5', index=4)
>>> _ = state.keyboard.press(g, "Enter")  # pick up the 9 of diamonds
>>> m = marks(state, g)
>>> sorted(m.held), sorted(m.targets), m.holding
([('t5', 4)], ['t4'], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from engine import Game
from engine.variants import pile_kind
from ui.model.card_keys import KeyAssigner
from ui.model.header import Header
from ui.model.keyboard import Keyboard, Spot
from ui.model.layout import Layout
from ui.model.status_line import StatusLine

if TYPE_CHECKING:  # the hints' module is imported when the player first asks for one
    from ui.model.hints import Hint

__all__ = [
    "CLOSED_PANEL",
    "Drag",
    "FinishButton",
    "Marks",
    "PanelState",
    "PanelView",
    "Place",
    "TableState",
    "body_attributes",
    "hinted_move",
    "marks",
]

Place = tuple[str, int]
"""A card's place on the table: (pile id, index from the bottom)."""

PanelState = Literal[
    "closed",
    "starting",
    "searching",
    "unknown",
    "lost",
    "error",
    "hint",
    "cancelled",
    "rewound",
    "turned",
    "dealt",
    "showing",
]
"""What the solver's panel is doing (its ``data-state``): shown while starting,
searching or with an answer that needs a choice; hidden otherwise, the state
saying why (closed, cancelled, or it gave a hint, rewound, showed where the win
was lost, dealt, or dealt the game again to show a winning line from its deal)."""


@dataclass(slots=True)
class Drag:
    """Cards dragged with a pointer: the top ``count`` cards of ``pid``, drawn
    ``(dx, dy)`` pixels away from their place; ``targets`` take them."""

    pid: str
    count: int
    targets: tuple[str, ...]
    dx: float = 0.0
    dy: float = 0.0


@dataclass(frozen=True, slots=True)
class PanelView:
    """What the solver's panel shows: hidden or not, its state, words and buttons."""

    state: PanelState = "closed"
    message: str = ""
    progress: str = ""
    buttons: tuple[str, ...] = ()
    shown: bool = False

    @property
    def busy(self) -> bool:
        return self.state in ("starting", "searching")


CLOSED_PANEL = PanelView()


@dataclass(frozen=True, slots=True)
class FinishButton:
    """The Finish button: shown once the game can finish by itself (``ui.dom.finishing``)."""

    shown: bool = False
    looked: int | None = None
    """The move count of the last position looked at (the button's ``data-looked``:
    tests wait for it to know the page has looked); None before the first look."""


HIDDEN_FINISH = FinishButton()


@dataclass(slots=True)
class TableState:
    """Everything the table shows besides the game."""

    layout: Layout | None = None
    """The layout drawn last (None before the first frame); hit tests use it."""
    node_keys: list[int] = field(default_factory=list)
    """The DOM node key of each card of ``layout.cards``, in the same order."""
    removed_keys: list[int] = field(default_factory=list)
    """Node keys that the last layout no longer uses (their elements go)."""
    nodes: KeyAssigner = field(default_factory=KeyAssigner)
    keyboard: Keyboard = field(default_factory=Keyboard)
    """The keyboard's focus position, tab stops and held cards."""
    keyboard_active: bool = False
    """True while the player uses the table with the keyboard: frames keep the focus on it."""
    drag: Drag | None = None
    hint: Hint | None = None
    """The hint on show, until the next action."""
    hint_verdict: str = ""
    """What is known of the hint on show (``data-hint-verdict``, see ``ui.model.hints.VERDICTS``; "" for none)."""
    hint_stage: str = "move"
    """How much of the hint is on show (``data-hint-stage``, see ``ui.model.hints.STAGES``)."""
    panel: PanelView = CLOSED_PANEL
    status: StatusLine = field(default_factory=StatusLine)
    """The status line's message and buttons."""
    header: Header | None = None
    """The header drawn last (None before the first frame)."""
    finish: FinishButton = HIDDEN_FINISH

    def keys_of(self, pid: str, start: int) -> list[int]:
        """Node keys of the cards of ``pid`` from index ``start`` up, bottom first."""
        layout = self.layout
        if layout is None:
            return []
        return [
            key for box, key in zip(layout.cards, self.node_keys, strict=True) if box.pid == pid and box.index >= start
        ]


@dataclass(frozen=True, slots=True)
class Marks:
    """Every mark the renderer puts on cards and piles, derived from the state."""

    held: frozenset[Place] = frozenset()
    """Cards held with the keyboard (class ``held``, ``aria-pressed``)."""
    lifted: tuple[Place, ...] = ()
    """Cards being dragged, bottom first (class ``lifted``, drawn above all)."""
    targets: frozenset[str] = frozenset()
    """Piles that take the held or dragged cards (class ``target``)."""
    hint_from: frozenset[Place] = frozenset()
    hint_from_piles: frozenset[str] = frozenset()
    """A pile that glows as the hint's source itself (the empty stock, to turn the waste back)."""
    hint_to: frozenset[str] = frozenset()
    hint_onto: frozenset[Place] = frozenset()
    hint_move: str = ""
    """The hint's move, once the whole of it is on show (``data-hint``)."""
    hint_piles: frozenset[str] = frozenset()
    """The pile to look at, at a hint's first stage (class ``hint-pile``, on it and its cards)."""
    hint_pile_cards: frozenset[Place] = frozenset()
    stops: tuple[Spot, ...] = ()
    """The keyboard's tab stops (``tabindex=0``): one in the top row, one among the columns."""

    @property
    def holding(self) -> bool:
        return bool(self.held)

    @property
    def dragging(self) -> bool:
        return bool(self.lifted)


def body_attributes(state: TableState) -> dict[str, str | None]:
    """The ``data-*`` attributes of ``<body>`` the state decides (None: no such attribute).

    >>> body_attributes(TableState())
    {'data-finish': 'no', 'data-hint-verdict': None, 'data-hint-stage': None}
    """
    attributes: dict[str, str | None] = dict(state.header.body) if state.header is not None else {}
    attributes["data-finish"] = "ready" if state.finish.shown else "no"
    attributes["data-hint-verdict"] = state.hint_verdict or None
    attributes["data-hint-stage"] = state.hint_stage if state.hint is not None else None
    return attributes


def _top_places(game: Game, pid: str, count: int) -> frozenset[Place]:
    size = len(game.pile(pid))
    return frozenset((pid, i) for i in range(max(0, size - count), size))


def marks(state: TableState, game: Game) -> Marks:
    """The marks of ``state`` on ``game``'s table."""
    keyboard = state.keyboard
    held: frozenset[Place] = frozenset()
    targets: frozenset[str] = frozenset()
    if keyboard.held is not None and game.can_pick(keyboard.held.pid, keyboard.held.count):
        held = _top_places(game, keyboard.held.pid, keyboard.held.count)
    drag = state.drag
    lifted: tuple[Place, ...] = ()
    if drag is not None:
        lifted = tuple(sorted(_top_places(game, drag.pid, drag.count)))
    if held and keyboard.held is not None:
        targets = frozenset(game.drop_targets(keyboard.held.pid, keyboard.held.count))
    elif drag is not None:
        targets = frozenset(drag.targets)
    hint = state.hint
    hint_from: frozenset[Place] = frozenset()
    hint_from_piles: frozenset[str] = frozenset()
    hint_to: frozenset[str] = frozenset()
    hint_onto: frozenset[Place] = frozenset()
    hint_piles: frozenset[str] = frozenset()
    hint_pile_cards: frozenset[Place] = frozenset()
    stage = state.hint_stage
    if hint is not None and stage == "pile":
        # Where to look, not what: the whole pile glows, its cards with it.
        hint_piles = frozenset({hint.src})
        hint_pile_cards = _top_places(game, hint.src, len(game.pile(hint.src)))
    elif hint is not None and stage == "card":
        # The cards to move (both of a pair), not where they go.
        hint_from = _moving_places(game, hint)
    elif hint is not None:
        if hint.count == 0:
            # A tap on the stock: its top card glows, or the empty stock when the waste goes back.
            hint_from = _top_places(game, "s", 1)
            if not hint_from:
                hint_from_piles = frozenset({"s"})
        else:
            hint_from = _moving_places(game, hint)
            if pile_kind(hint.dst) != "discard":  # cards that leave the game go nowhere to show
                hint_to = frozenset({hint.dst})
                hint_onto = _top_places(game, hint.dst, 1)
    return Marks(
        held=held,
        lifted=lifted,
        targets=targets,
        hint_from=hint_from,
        hint_from_piles=hint_from_piles,
        hint_to=hint_to,
        hint_onto=hint_onto,
        hint_move=hint.move if hint is not None and stage == "move" else "",
        hint_piles=hint_piles,
        hint_pile_cards=hint_pile_cards,
        stops=keyboard.stops(game),
    )


def _moving_places(game: Game, hint: Hint) -> frozenset[Place]:
    places = _top_places(game, hint.src, hint.count)
    for pid in hint.also:  # a pair: both cards glow
        places |= _top_places(game, pid, 1)
    return places


def hinted_move(state: TableState, game: Game, pid: str, index: int) -> str | None:
    """The hint's move when card ``index`` of ``pid`` is one of the cards it moves and
    the whole move is on show and no card is lifted for a pair: a tap on it (or Enter)
    plays the hint, whatever the card's own tap would do; None otherwise.

    >>> import engine
    >>> from ui.model.hints import describe_hint
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> state = TableState(hint=describe_hint(g, "t5>t4"))
    >>> hinted_move(state, g, "t5", 4), hinted_move(state, g, "t4", 3)
    ('t5>t4', None)
    >>> state.hint_stage = "card"
    >>> hinted_move(state, g, "t5", 4) is None
    True
    """
    hint = state.hint
    if hint is None or state.hint_stage != "move" or hint.count == 0:
        return None
    if state.keyboard.held is not None:
        return None  # a card the player lifted for a pair of their own choosing keeps its say
    return hint.move if (pid, index) in _moving_places(game, hint) else None
