"""The DOM side of the table: pile and card elements, placed from a ``Layout``.

Card elements are reused by key (see ``ui.keys``) and only what changed is
written: a card's pile, offset, stacking order and face. Movement is animated
as the difference of two layouts (FLIP): the element is put at its new place
at once, and ``element.animate`` plays the way from the old place to it, so
input never waits for an animation.

Cards live inside their pile's element (``[data-pile=w] [data-face=up]``).
Pile elements are placed with left/top and no z-index, so that every card
shares the table's stacking order and a flying card passes over the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from js import Object
from pyodide.ffi import to_js
from pyscript import document

from ui.cascade import Flight
from ui.faces import face_html, label, suit_svg
from ui.layout import CardBox, Layout, PileBox

__all__ = ["MOVE_MS", "Renderer"]

MOVE_MS = 200
FLIP_MS = 180
DEAL_MS = 260
LIFT_Z = 2000
FLY_Z = 1000

_RECYCLE_SVG = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M18.4 8.5A7 7 0 1 0 19 13" fill="none" '
    'stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>'
    '<path d="M20 3.5v6h-6z" fill="currentColor"/></svg>'
)
PILE_ROLES = {"stock": "button", "removed": "img"}
"""Accessible roles of pile elements (others are groups of cards); names come from ``ui.announce``."""

_NONE_SVG = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" '
    'stroke-width="2.4"/><path d="M6.7 6.7l10.6 10.6" stroke="currentColor" stroke-width="2.4"/></svg>'
)


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=Object.fromEntries)


def _translate(x: float, y: float) -> str:
    return f"translate({x:.0f}px,{y:.0f}px)"


@dataclass(slots=True)
class CardNode:
    """One card element and what was last written to it."""

    el: Any
    pid: str = ""
    rx: float = 0.0
    ry: float = 0.0
    ax: float = 0.0
    ay: float = 0.0
    z: int = -1
    face: str = ""
    card: str = ""
    ix: int = 0
    line: bool = False


@dataclass(slots=True)
class PileNode:
    el: Any
    kind: str
    slot: tuple[float, float, float, float] = (-1, -1, -1, -1)
    size: tuple[float, float] = (-1, -1)
    mark_el: Any = None
    mark: str | None = None
    empty: bool | None = None


class Renderer:
    """Keeps the board's elements in step with the last layout drawn."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.cards: dict[int, CardNode] = {}
        self.piles: dict[str, PileNode] = {}
        self.layout: Layout | None = None
        self.keys: list[int] = []
        self._size: tuple[int, int, int] = (0, 0, 0)
        self._highlit: set[str] = set()
        self._lifted: list[int] = []
        self._cascade: list[Any] = []

    # ----------------------------------------------------------------- piles

    def _pile(self, box: PileBox) -> PileNode:
        node = self.piles.get(box.pid)
        if node is None:
            el = document.createElement("div")
            el.className = f"pile {box.kind}"
            el.dataset.pile = box.pid
            el.setAttribute("role", PILE_ROLES.get(box.kind, "group"))
            mark = document.createElement("span")
            mark.className = "mark"
            mark.setAttribute("aria-hidden", "true")
            el.appendChild(mark)
            self.board.appendChild(el)
            node = PileNode(el, box.kind, mark_el=mark)
            self.piles[box.pid] = node
        return node

    def _place_pile(self, box: PileBox, count: int) -> PileNode:
        node = self._pile(box)
        el = node.el
        slot = (box.slot.x, box.slot.y, box.slot.w, box.slot.h)
        if slot[:2] != node.slot[:2]:
            el.style.left = f"{slot[0]:.0f}px"
            el.style.top = f"{slot[1]:.0f}px"
        node.slot = slot
        size = (box.zone.w, box.zone.h)
        if size != node.size:
            el.style.width = f"{size[0]:.0f}px"
            el.style.height = f"{size[1]:.0f}px"
            node.size = size
        if box.mark != node.mark:
            node.mark = box.mark
            if box.kind == "foundation" and box.mark:
                node.mark_el.innerHTML = suit_svg(box.mark, "suit")
            elif box.mark == "recycle":
                node.mark_el.innerHTML = _RECYCLE_SVG
            elif box.mark == "none":
                node.mark_el.innerHTML = _NONE_SVG
            else:
                node.mark_el.textContent = box.mark
        empty = count == 0
        if empty != node.empty:
            node.empty = empty
            el.classList.toggle("empty", empty)
        return node

    def drop_piles(self, keep: Iterable[str]) -> None:
        """Remove pile elements the new game has no use for (Spider to Klondike)."""
        wanted = set(keep)
        for pid in list(self.piles):
            if pid not in wanted:
                self.piles.pop(pid).el.remove()

    # ----------------------------------------------------------------- cards

    def _new_card(self) -> CardNode:
        el = document.createElement("div")
        el.className = "card"
        inner = document.createElement("div")
        inner.className = "face"
        inner.setAttribute("aria-hidden", "true")  # the card's name says it all: "Queen of hearts"
        el.appendChild(inner)
        return CardNode(el)

    def _set_face(self, node: CardNode, box: CardBox) -> bool:
        """Write the card's face if it changed; True when it turned face up."""
        card = box.card
        face = "up" if card.face_up else "down"
        name = str(card) if card.face_up else ""
        if face == node.face and name == node.card:
            return False
        el = node.el
        turned_up = face == "up" and node.face == "down"
        el.dataset.face = face
        inner = el.firstElementChild
        if face == "up":
            el.dataset.card = name
            el.dataset.suit = card.suit
            el.setAttribute("role", "button")
            el.setAttribute("aria-label", label(card))
            inner.innerHTML = face_html(card)
        else:
            # A face-down card tells nothing about itself.
            el.removeAttribute("data-card")
            el.removeAttribute("data-suit")
            el.setAttribute("role", "img")
            el.setAttribute("aria-label", "face-down card")
            inner.innerHTML = ""
        node.face = face
        node.card = name
        return turned_up

    def set_metrics(self, layout: Layout) -> None:
        size = (layout.card_w, layout.card_h, layout.index_px)
        if size == self._size:
            return
        self._size = size
        style = self.board.style
        style.setProperty("--cw", f"{layout.card_w}px")
        style.setProperty("--ch", f"{layout.card_h}px")
        style.setProperty("--ix", f"{layout.index_px}px")
        self.board.classList.toggle("small", layout.card_w < 64)
        self.board.classList.toggle("tiny", layout.card_w < 40)

    def draw(
        self,
        layout: Layout,
        keys: Sequence[int],
        removed: Iterable[int],
        animate: bool,
        deal_from: tuple[float, float] | None = None,
    ) -> None:
        """Bring the DOM to ``layout``; ``keys[i]`` is the key of ``layout.cards[i]``.

        With ``animate``, cards that changed place slide there and cards that
        turned face up flip. ``deal_from`` makes new cards fly in from that
        point (a new deal).
        """
        self.set_metrics(layout)
        counts = {pid: len(boxes) for pid, boxes in layout.by_pile.items()}
        fresh_piles = any(pid not in self.piles for pid in layout.piles)
        for box in layout.piles.values():
            self._place_pile(box, counts.get(box.pid, 0))
        if fresh_piles:
            # Piles in the table's order, which is also the order Tab follows.
            for pid in layout.piles:
                self.board.appendChild(self.piles[pid].el)
        for key in removed:
            node = self.cards.pop(key, None)
            if node is not None:
                node.el.remove()
        dealt = 0
        for box, key in zip(layout.cards, keys, strict=True):
            node = self.cards.get(key)
            fresh = node is None
            if node is None:
                node = self._new_card()
                self.cards[key] = node
            pile = self.piles[box.pid]
            px, py = pile.slot[0], pile.slot[1]
            if node.pid != box.pid:
                pile.el.appendChild(node.el)
                node.pid = box.pid
            turned_up = self._set_face(node, box)
            rx, ry = box.x - px, box.y - py
            if (rx, ry) != (node.rx, node.ry):
                node.el.style.transform = _translate(rx, ry)
                node.rx, node.ry = rx, ry
            if box.ix != node.ix:
                if box.ix:
                    node.el.style.setProperty("--ix", f"{box.ix}px")
                else:
                    node.el.style.removeProperty("--ix")
                node.ix = box.ix
            if box.line != node.line:
                node.el.classList.toggle("line-index", box.line)
                node.line = box.line
            if box.z != node.z:
                node.el.style.zIndex = str(box.z)
                node.z = box.z
            if animate:
                if fresh and deal_from is not None:
                    start = _translate(deal_from[0] - px, deal_from[1] - py)
                    self._slide(node, start, _translate(rx, ry), box.z, DEAL_MS, delay=min(dealt * 5, 300))
                    dealt += 1
                elif not fresh and (abs(node.ax - box.x) > 0.5 or abs(node.ay - box.y) > 0.5):
                    start = _translate(node.ax - px, node.ay - py)
                    self._slide(node, start, _translate(rx, ry), box.z, MOVE_MS)
                if turned_up and not fresh:
                    node.el.firstElementChild.animate(
                        _js([{"transform": "perspective(600px) rotateY(90deg)"}, {"transform": "none"}]),
                        _js({"duration": FLIP_MS, "easing": "ease-out"}),
                    )
            node.ax, node.ay = box.x, box.y
        self.layout = layout
        self.keys = list(keys)

    def _slide(self, node: CardNode, start: str, end: str, z: int, ms: int, delay: int = 0) -> None:
        node.el.animate(
            _js([{"transform": start, "zIndex": str(FLY_Z + z)}, {"transform": end, "zIndex": str(FLY_Z + z)}]),
            _js({"duration": ms, "delay": delay, "easing": "cubic-bezier(.2,.7,.3,1)", "fill": "backwards"}),
        )

    # ------------------------------------------------------------------ drag

    def keys_of(self, pid: str, start: int) -> list[int]:
        """Keys of the cards of ``pid`` from index ``start`` up, bottom first."""
        layout = self.layout
        if layout is None:
            return []
        return [key for box, key in zip(layout.cards, self.keys, strict=True) if box.pid == pid and box.index >= start]

    def lift(self, keys: Sequence[int]) -> None:
        """Mark cards as picked up: above everything, no running animation."""
        self._lifted = list(keys)
        for n, key in enumerate(keys):
            node = self.cards[key]
            for animation in node.el.getAnimations():
                animation.cancel()
            node.el.classList.add("lifted")
            node.el.style.zIndex = str(LIFT_Z + n)
            node.z = LIFT_Z + n

    def drag_to(self, boxes: Sequence[CardBox], keys: Sequence[int], dx: float, dy: float) -> None:
        """Place the lifted cards at their layout place moved by (dx, dy)."""
        for box, key in zip(boxes, keys, strict=True):
            node = self.cards.get(key)
            if node is None:
                continue
            pile = self.piles[box.pid]
            rx = box.x - pile.slot[0] + dx
            ry = box.y - pile.slot[1] + dy
            node.el.style.transform = _translate(rx, ry)
            node.rx, node.ry = rx, ry
            node.ax, node.ay = box.x + dx, box.y + dy

    def drop(self) -> None:
        """Put lifted cards back into the table's stacking order."""
        for key in self._lifted:
            node = self.cards.get(key)
            if node is not None:
                node.el.classList.remove("lifted")
                node.z = -1  # written again by the next draw
        self._lifted = []

    # --------------------------------------------------------------- the win

    def cascade(self, flights: Sequence[tuple[int, Flight]], delay: int) -> None:
        """Play the win cascade: each card (by key) along its flight, starting ``delay`` ms
        from now. A card waits in its pile until it leaves, then flies above the cards that
        left before it; it stays where its flight ends (off the table) until ``end_cascade``."""
        self.end_cascade()
        for order, (key, flight) in enumerate(flights):
            node = self.cards.get(key)
            if node is None or not flight.duration:
                continue
            z = str(FLY_Z + 500 + order)
            frames = [
                {"transform": _translate(node.rx + dx, node.ry + dy), "offset": t / flight.duration, "zIndex": z}
                for t, dx, dy in flight.points
            ]
            options = {"id": "cascade", "duration": flight.duration, "delay": delay + flight.delay, "fill": "forwards"}
            self._cascade.append(node.el.animate(_js(frames), _js(options)))

    def end_cascade(self) -> None:
        """Stop the cascade: every card back in its place."""
        for animation in self._cascade:
            animation.cancel()
        self._cascade = []

    def highlight(self, pids: Iterable[str]) -> None:
        """Mark the piles that accept the dragged cards (none: clear)."""
        wanted = set(pids)
        for pid in self._highlit - wanted:
            if pid in self.piles:
                self.piles[pid].el.classList.remove("target")
        for pid in wanted - self._highlit:
            if pid in self.piles:
                self.piles[pid].el.classList.add("target")
        self._highlit = wanted

    def clear(self) -> None:
        """Remove every card (a new game is dealt with fresh elements)."""
        self.end_cascade()
        for node in self.cards.values():
            node.el.remove()
        self.cards = {}
        self.keys = []
