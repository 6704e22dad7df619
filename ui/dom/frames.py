"""The one redraw entry point: every change of the page is drawn in the next animation frame.

Input code, the session's events and timers change the game or the table state
(``ui.model.table``) and ask for a frame; the frame lays the table out again
when the game changed, then the renderer draws the cards and piles, and the
small views draw the header, the body's attributes and the status line -- all
from the state, in the same frame, so the figures, the words and the table
always agree. With nothing but a drag to show, a frame moves the dragged cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import window

from ui.dom.callbacks import kept_proxy
from ui.dom.header import HeaderView
from ui.dom.status_line import StatusLineView
from ui.model.actions import Offer
from ui.model.header import header_of
from ui.model.layout import compute, table_of
from ui.model.session import Session
from ui.model.table import TableState

if TYPE_CHECKING:
    from js import Element, MediaQueryList

    from ui.dom.focus import Focus
    from ui.dom.render import Renderer

__all__ = ["Frames"]


class Frames:
    """Asks for animation frames and draws the page in them."""

    def __init__(
        self,
        board: Element,
        session: Session,
        state: TableState,
        renderer: Renderer,
        focus: Focus,
        reduced: MediaQueryList,
        abort_drag: Callable[[], None],
        back_to_replaced: Callable[[], bool],
        why: Callable[[str], None],
        take_offer: Callable[[Offer], None],
    ) -> None:
        self.board = board
        self.session = session
        self.state = state
        self.renderer = renderer
        self.focus = focus
        self._reduced = reduced
        self._abort_drag = abort_drag
        self._back_to_replaced = back_to_replaced
        self.header = HeaderView(state)
        self.status_line = StatusLineView(state, self.request, why, take_offer)
        self._frame_id: Any = None
        self._dirty = True
        """The game changed since the last frame: lay the table out again."""
        self._marks_dirty = False
        """Only the table state changed since the last frame."""
        self._animate = False
        self._deal = True
        """The next layout deals the cards (from the stock)."""
        self._size = (0.0, 0.0)
        self._frame_proxy = kept_proxy(self._frame)

    def request(self) -> None:
        """Ask for one frame at the next animation frame (the dragged cards, the header, the status line)."""
        if self._frame_id is None:
            self._frame_id = window.requestAnimationFrame(self._frame_proxy)

    def redraw(self, animate: bool = True) -> None:
        """The game changed: lay the table out again in the next frame."""
        self._dirty = True
        self._animate = self._animate or animate
        self.request()

    def redraw_marks(self) -> None:
        """Only the table state changed: draw it in the next frame."""
        self._marks_dirty = True
        self.request()

    def language_changed(self) -> None:
        """Every word drawn is written again in the new language, in the next frame."""
        self.renderer.relabel()
        self.header.forget()
        self.status_line.language_changed()
        self.redraw(animate=False)

    def deal(self) -> None:
        """A new deal is on the table: the next frame deals its cards."""
        self._deal = True

    def flush(self) -> None:
        """Draw now if a change is waiting for the next frame."""
        if self._dirty or self._marks_dirty:
            self.draw_now()
        elif self._frame_id is not None:
            self._draw_chrome()

    def resized(self) -> None:
        width, height = float(self.board.clientWidth), float(self.board.clientHeight)
        if (width, height) != self._size:
            self.redraw(animate=False)

    def _frame(self, *_args: Any) -> None:
        self._frame_id = None
        if self._dirty and self.state.drag is not None:
            self._abort_drag()  # the table changed under the drag: drop it
        if self._dirty or self._marks_dirty:
            self.draw_now()
        else:
            self.renderer.draw_drag(self.state)
            self._draw_chrome()

    def draw_now(self) -> None:
        """Draw the page at once (the first frame, and every requested frame)."""
        self._draw_table()
        self._draw_chrome()  # in the same frame as the cards, so figures and table always agree

    def _draw_chrome(self) -> None:
        self.state.header = header_of(self.session.game, self.session.elapsed(), self._back_to_replaced())
        self.header.draw()
        self.status_line.draw()

    def _draw_table(self) -> None:
        width = float(self.board.clientWidth)
        height = float(self.board.clientHeight)
        if width <= 0 or height <= 0:
            return
        game = self.session.game
        state = self.state
        deal_from = None
        if self._dirty:
            self._size = (width, height)
            layout = compute(table_of(game), width, height, large=self.session.preferences.large_cards)
            state.node_keys = state.nodes.assign([(box.pid, box.index, box.card_id) for box in layout.cards])
            state.removed_keys = list(state.nodes.removed)
            state.layout = layout
            if self._deal:
                # From the stock; a game without one deals from the top of the table's middle.
                stock = layout.piles.get("s")
                deal_from = (stock.slot.x, stock.slot.y) if stock else ((width - layout.card_w) / 2, 0.0)
        if state.keyboard_active:
            state.keyboard.current(game)  # the focused spot, kept valid: it is a tab stop
        motion = not bool(self._reduced.matches)
        self.renderer.draw(state, game, self._animate and motion, deal_from)
        self.focus.after_draw()
        self._dirty = False
        self._marks_dirty = False
        self._animate = False
        self._deal = False
