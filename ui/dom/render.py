"""The DOM side of the table: pile and card elements, placed from a ``Layout``.

Card elements are reused by key (see ``ui.model.card_keys``) and only what changed is
written: a card's pile, offset, stacking order and face. Movement is animated
as the difference of two layouts (FLIP): the element is put at its new place
at once, and ``element.animate`` plays the way from the old place to it, so
input never waits for an animation.

Cards live inside their pile's element (``[data-pile=w] [data-face=up]``).
Pile elements are placed with left/top and no z-index, so that every card
shares the table's stacking order and a flying card passes over the others.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from js import JSON, Object
from pyodide.ffi import to_js
from pyscript import document, window

from engine import Game, parse_card
from ui.dom.callbacks import kept_proxy
from ui.model.announce import PileLabels, card_label
from ui.model.cascade import Flight, duration
from ui.model.faces import face_html, label, suit_svg
from ui.model.keyboard import Spot
from ui.model.layout import CardBox, Layout, PileBox
from ui.model.table import Place, TableState, marks

__all__ = ["MOVE_MS", "Renderer"]

MOVE_MS = 200
FLIP_MS = 180
NUDGE_MS = 240
"""A tapped card that can go nowhere shakes this long: an answer at once, not a move."""
DEAL_MS = 260
LIFT_Z = 2000
FLY_Z = 1000
CASCADE_BATCH = 4
"""Cards of the win cascade handed to the browser per task (see ``Renderer.cascade``)."""

_RECYCLE_SVG = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M18.4 8.5A7 7 0 1 0 19 13" fill="none" '
    'stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>'
    '<path d="M20 3.5v6h-6z" fill="currentColor"/></svg>'
)
PILE_ROLES = {"stock": "button", "removed": "img"}
"""Accessible roles of pile elements (others are groups of cards); names come from ``ui.model.announce``."""

_NONE_SVG = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" '
    'stroke-width="2.4"/><path d="M6.7 6.7l10.6 10.6" stroke="currentColor" stroke-width="2.4"/></svg>'
)


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=Object.fromEntries)


def _same(value: object) -> object:
    return value


def _keyframes(node: CardNode, flight: Flight, z: int) -> list[dict[str, Any]]:
    """The keyframes of one card's cascade flight, above the cards that left before it."""
    return [
        {"transform": _translate(node.rx + dx, node.ry + dy), "offset": t / flight.duration, "zIndex": str(z)}
        for t, dx, dy in flight.points
    ]


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
    marks: frozenset[str] = field(default_factory=frozenset)
    """The mark classes written on the element (``held``, ``hint-from``, ``hint-onto``)."""
    lifted: bool = False


@dataclass(slots=True)
class PileNode:
    """One pile element and what was last written to it."""

    el: Any
    kind: str
    slot: tuple[float, float, float, float] = (-1, -1, -1, -1)
    size: tuple[float, float] = (-1, -1)
    mark_el: Any = None
    mark: str | None = None
    empty: bool | None = None
    label: str = ""
    marks: frozenset[str] = field(default_factory=frozenset)
    """The mark classes written on the element (``target``, ``hint-from``, ``hint-to``)."""


class Renderer:
    """Keeps the board's elements in step with the table state last drawn."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.cards: dict[int, CardNode] = {}
        self.piles: dict[str, PileNode] = {}
        self._layout: Layout | None = None
        self._box_of: dict[int, CardBox] = {}
        self._key_at: dict[Place, int] = {}
        self._size: tuple[int, int, int] = (0, 0, 0)
        self._marked: set[int] = set()
        self._labels = PileLabels()
        self._lifted: list[int] = []
        self._cascade: list[Any] = []
        self._flights: Iterator[tuple[int, tuple[int, Flight]]] = iter(())
        """Cascade flights not yet handed to the browser: (stacking order, (card key, flight))."""
        self._cascade_done: Callable[[float], object] = _same
        self._cascade_end = 0
        self._cascade_start = 0.0
        self._cascade_timer: Any = None
        self._hand_over_proxy = kept_proxy(self._hand_over)
        self._stops: list[tuple[str, int | str]] = []
        self._board_marks: dict[str, bool] = {}
        self._hint_move = ""

    # ------------------------------------------------------------------ frames

    def draw(self, state: TableState, game: Game, animate: bool, deal_from: tuple[float, float] | None = None) -> None:
        """Bring the board to ``state``: cards placed from its layout (when it is
        a new one), then every mark, label and tab stop.

        With ``animate``, cards that changed place slide there and cards that
        turned face up flip. ``deal_from`` makes new cards fly in from that
        point (a new deal).
        """
        layout = state.layout
        if layout is None:
            return
        if layout is not self._layout:
            self._place_all(layout, state.node_keys, state.removed_keys, animate, deal_from)
        self._mark(state, game)
        self.draw_drag(state)

    def draw_drag(self, state: TableState) -> None:
        """Place the dragged cards at their layout place moved by the drag (once per frame while dragging)."""
        drag = state.drag
        if drag is None:
            return
        dx, dy = drag.dx, drag.dy
        for key in self._lifted:
            node = self.cards.get(key)
            box = self._box_of.get(key)
            if node is None or box is None:
                continue
            pile = self.piles[box.pid]
            rx = box.x - pile.slot[0] + dx
            ry = box.y - pile.slot[1] + dy
            node.el.style.transform = _translate(rx, ry)
            node.rx, node.ry = rx, ry
            node.ax, node.ay = box.x + dx, box.y + dy

    def element(self, spot: Spot) -> Any:
        """The element that shows ``spot`` (a card, else its pile), or None."""
        if spot.index >= 0:
            key = self._key_at.get((spot.pid, spot.index))
            if key is not None and key in self.cards:
                return self.cards[key].el
        node = self.piles.get(spot.pid)
        return node.el if node is not None else None

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

    def _drop_piles(self, keep: Iterable[str]) -> None:
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
            el.setAttribute("aria-label", card_label(card))
            inner.innerHTML = ""
        node.face = face
        node.card = name
        return turned_up

    def relabel(self) -> None:
        """Write every card's accessible name again (the language changed); the
        piles' names are written with the next frame's marks."""
        for node in self.cards.values():
            if node.face == "up" and node.card:
                node.el.setAttribute("aria-label", label(parse_card(node.card)))
            elif node.face == "down":
                node.el.setAttribute("aria-label", card_label(parse_card("As", face_up=False)))

    def _set_metrics(self, layout: Layout) -> None:
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

    def _place_all(
        self,
        layout: Layout,
        keys: list[int],
        removed: Iterable[int],
        animate: bool,
        deal_from: tuple[float, float] | None,
    ) -> None:
        """Bring the cards and piles to ``layout``; ``keys[i]`` is the key of ``layout.cards[i]``."""
        self._drop_piles(layout.piles)
        self._set_metrics(layout)
        counts = {pid: len(boxes) for pid, boxes in layout.by_pile.items()}
        fresh_piles = any(pid not in self.piles for pid in layout.piles)
        for pile_box in layout.piles.values():
            self._place_pile(pile_box, counts.get(pile_box.pid, 0))
        if fresh_piles:
            # Piles in the table's order, which is also the order Tab follows.
            for pid in layout.piles:
                self.board.appendChild(self.piles[pid].el)
        for key in removed:
            gone = self.cards.pop(key, None)
            if gone is not None:
                gone.el.remove()
        self._marked &= set(self.cards)
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
            if box.z != node.z and not node.lifted:
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
        self._layout = layout
        self._box_of = dict(zip(keys, layout.cards, strict=True))
        self._key_at = {(box.pid, box.index): key for key, box in self._box_of.items()}

    def nudge(self, pid: str, index: int, count: int) -> None:
        """A short sideways shake of the cards a tap could not play (``data-nudges`` counts them)."""
        frames = _js([{"transform": f"translateX({dx}px)"} for dx in (0, -4, 4, -3, 2, 0)])
        options = _js({"duration": NUDGE_MS, "easing": "ease-out"})
        for place in range(index, index + count):
            key = self._key_at.get((pid, place))
            node = self.cards.get(key) if key is not None else None
            if node is not None:
                node.el.firstElementChild.animate(frames, options).id = "nudge"
        count = self.board.getAttribute("data-nudges")  # JS null (falsy) before the first
        self.board.setAttribute("data-nudges", str(int(count or 0) + 1))

    def _slide(self, node: CardNode, start: str, end: str, z: int, ms: int, delay: int = 0) -> None:
        node.el.animate(
            _js([{"transform": start, "zIndex": str(FLY_Z + z)}, {"transform": end, "zIndex": str(FLY_Z + z)}]),
            _js({"duration": ms, "delay": delay, "easing": "cubic-bezier(.2,.7,.3,1)", "fill": "backwards"}),
        )

    # ----------------------------------------------------------------- marks

    def _mark(self, state: TableState, game: Game) -> None:
        """Write every mark, accessible name and tab stop that the state asks for."""
        m = marks(state, game)
        for pid, node in self.piles.items():
            text = self._labels.label(game, pid)
            if node.label != text:
                node.label = text
                node.el.setAttribute("aria-label", text)
            wanted: set[str] = set()
            if pid in m.targets:
                wanted.add("target")
            if pid in m.hint_from_piles:
                wanted.add("hint-from")
            if pid in m.hint_to:
                wanted.add("hint-to")
            if pid in m.hint_piles:
                wanted.add("hint-pile")
            self._classes(node, frozenset(wanted))
        self._mark_cards(m.held, m.hint_from, m.hint_onto, m.hint_pile_cards)
        self._lift([self._key_at[place] for place in m.lifted if place in self._key_at])
        self._board_mark("holding", m.holding)
        self._board_mark("dragging", m.dragging)
        if m.hint_move != self._hint_move:
            self._hint_move = m.hint_move
            if m.hint_move:
                document.body.dataset.hint = m.hint_move
            else:
                document.body.removeAttribute("data-hint")
        self._set_stops(m.stops)

    def _mark_cards(
        self,
        held: frozenset[Place],
        hint_from: frozenset[Place],
        hint_onto: frozenset[Place],
        hint_pile: frozenset[Place],
    ) -> None:
        wanted: dict[int, set[str]] = {}
        marked = ((held, "held"), (hint_from, "hint-from"), (hint_onto, "hint-onto"), (hint_pile, "hint-pile"))
        for places, name in marked:
            for place in places:
                key = self._key_at.get(place)
                if key is not None and key in self.cards:
                    wanted.setdefault(key, set()).add(name)
        for key in self._marked | set(wanted):
            node = self.cards[key]
            classes = frozenset(wanted.get(key, ()))
            was_held = "held" in node.marks
            self._classes(node, classes)
            if "held" in classes and not was_held:
                node.el.setAttribute("aria-pressed", "true")
            elif was_held and "held" not in classes:
                node.el.removeAttribute("aria-pressed")
        self._marked = set(wanted)

    @staticmethod
    def _classes(node: CardNode | PileNode, wanted: frozenset[str]) -> None:
        if wanted == node.marks:
            return
        for name in node.marks - wanted:
            node.el.classList.remove(name)
        for name in wanted - node.marks:
            node.el.classList.add(name)
        node.marks = wanted

    def _lift(self, keys: list[int]) -> None:
        """Cards picked up by a pointer go above everything, with no running animation;
        cards put down go back into the table's stacking order."""
        if keys == self._lifted:
            return
        for key in self._lifted:
            node = self.cards.get(key)
            if node is None or key in keys:
                continue
            node.el.classList.remove("lifted")
            node.lifted = False
            box = self._box_of.get(key)
            if box is not None and node.z != box.z:
                node.el.style.zIndex = str(box.z)
                node.z = box.z
        for n, key in enumerate(keys):
            node = self.cards[key]
            if not node.lifted:
                for animation in node.el.getAnimations():
                    animation.cancel()
                node.el.classList.add("lifted")
                node.lifted = True
            node.el.style.zIndex = str(LIFT_Z + n)
            node.z = LIFT_Z + n
        self._lifted = list(keys)

    # --------------------------------------------------------------- the win

    def cascade(self, flights: Iterable[tuple[int, Flight]], delay: int, done: Callable[[float], object]) -> None:
        """Play the win cascade: each card (by key) along its flight, starting ``delay`` ms
        from now. A card waits in its pile until it leaves, then flies above the cards that
        left before it; it stays where its flight ends (off the table) until ``end_cascade``.
        Once every flight is handed over, ``done`` gets the time left until the last card
        has landed, in ms.

        The flights go to the browser a few cards per task (``CASCADE_BATCH``), the
        first leaving cards first: handing over all 52 (or 104) paths of a hundred
        points each at once kept the page from drawing for a tenth of a second. A card
        handed over late starts as far along its flight as it should be by then."""
        self.end_cascade()
        self._flights = enumerate(flights)
        self._cascade_done = done
        self._cascade_end = 0
        self._cascade_start = float(window.performance.now()) + delay
        self._hand_over()

    def _hand_over(self, *_: Any) -> None:
        self._cascade_timer = None
        batch = [(order, key, flight) for order, (key, flight) in itertools.islice(self._flights, CASCADE_BATCH)]
        nodes = [self.cards.get(key) if flight.duration else None for _order, key, flight in batch]
        # One JSON text for the batch: the browser parses it far faster than Python
        # can convert a hundred keyframe objects per card.
        paths = [
            _keyframes(node, flight, FLY_Z + 500 + order) if node is not None else []
            for (order, _, flight), node in zip(batch, nodes, strict=True)
        ]
        frames = JSON.parse(json.dumps(paths, separators=(",", ":")))
        now = float(window.performance.now())
        for index, ((_order, _key, flight), node) in enumerate(zip(batch, nodes, strict=True)):
            if node is None:
                continue
            wait = self._cascade_start + flight.delay - now
            options = {"id": "cascade", "duration": flight.duration, "delay": wait, "fill": "forwards"}
            self._cascade.append(node.el.animate(frames[index], _js(options)))
        self._cascade_end = max(self._cascade_end, duration([flight for _order, _key, flight in batch]))
        if len(batch) == CASCADE_BATCH:
            self._cascade_timer = window.setTimeout(self._hand_over_proxy, 0)
        else:
            self._flights = iter(())
            self._cascade_done(self._cascade_start + self._cascade_end - float(window.performance.now()))

    def end_cascade(self) -> None:
        """Stop the cascade: every card back in its place."""
        if self._cascade_timer is not None:
            window.clearTimeout(self._cascade_timer)
            self._cascade_timer = None
        self._flights = iter(())
        for animation in self._cascade:
            animation.cancel()
        self._cascade = []

    def _board_mark(self, name: str, on: bool) -> None:
        if self._board_marks.get(name) != on:
            self._board_marks[name] = on
            self.board.classList.toggle(name, on)

    def _set_stops(self, spots: Iterable[Spot]) -> None:
        """One element per area is in the tab order (``tabindex=0``): the keyboard's stop there."""
        wanted: list[tuple[str, int | str]] = []
        for spot in spots:
            key = self._key_at.get((spot.pid, spot.index)) if spot.index >= 0 else None
            if key is not None and key in self.cards:
                wanted.append(("card", key))
            elif spot.pid in self.piles:
                wanted.append(("pile", spot.pid))
        for stop in self._stops:
            if stop not in wanted:
                el = self._stop_element(stop)
                if el is not None:
                    el.removeAttribute("tabindex")
        for stop in wanted:
            el = self._stop_element(stop)
            if el is not None and el.getAttribute("tabindex") != "0":
                el.setAttribute("tabindex", "0")
        self._stops = wanted

    def _stop_element(self, stop: tuple[str, int | str]) -> Any:
        kind, ident = stop
        if kind == "card":
            card = self.cards.get(ident) if isinstance(ident, int) else None
            return card.el if card is not None else None
        pile = self.piles.get(ident) if isinstance(ident, str) else None
        return pile.el if pile is not None else None
