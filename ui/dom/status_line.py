"""The status line and the Finish button at its end, drawn from the table state.

The only writer of ``#status`` and ``#btn-finish``: ``draw`` writes what
``state.status`` and ``state.finish`` say (``ui.model.status_line``), in the
page's frame, and times the message: when its time is up the line empties,
unless the player is on one of its buttons. "Why?" opens the rule behind a
refused move, an offer's button asks the solver for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pyscript import document, window

from ui.dom.attributes import set_attribute
from ui.dom.callbacks import kept_proxy
from ui.model.actions import OFFER_BUTTONS, OFFERS, Offer
from ui.model.i18n import _, again
from ui.model.status_line import StatusLine, cleared, offer_taken, said, said_again, without_staying
from ui.model.table import FinishButton, TableState

__all__ = ["StatusLineView"]


class StatusLineView:
    """Draws the status line's message, its buttons and the Finish button."""

    def __init__(
        self,
        state: TableState,
        request_frame: Callable[[], None],
        why: Callable[[str], None],
        take_offer: Callable[[Offer], None],
    ) -> None:
        self.state = state
        self.element = document.getElementById("status")
        self.finish_button = document.getElementById("btn-finish")
        self._request_frame = request_frame
        self._drawn = -1
        """The serial of the message drawn last."""
        self._finish: FinishButton | None = None
        self._timer: Any = None
        self._expire_proxy = kept_proxy(self._expire)
        # One proxy for every "Why?" and offer button, not one per message.
        self._why_proxy = kept_proxy(lambda _e: why(self.state.status.rule))
        self._take_offer = take_offer
        self._offer_proxies = {name: kept_proxy(self._presser(name)) for name in OFFERS}
        """One proxy for each of an offer's buttons (a lost position offers two)."""

    def say(
        self,
        text: str,
        note: bool = False,
        rule: str = "",
        offer: Offer | None = None,
        stays: bool = False,
        short: str = "",
    ) -> None:
        """Say ``text`` in the next frame (see ``ui.model.actions.Actions.say``)."""
        self.state.status = said(self.state.status, text, note, rule, offer, stays, short)
        self._request_frame()

    def forget_staying(self) -> None:
        """The table changed: a message that stays (a hint's verdict) goes, on show or behind another."""
        line = self.state.status
        self.state.status = without_staying(line)
        if self.state.status.serial != line.serial:
            self._request_frame()

    def language_changed(self) -> None:
        """The message on show, written again (and so read again) in the new language."""
        line = self.state.status
        rewritten = said_again(line, again(line.words), again(line.short) if line.short else "")
        behind = line.behind
        if behind is not None:
            words = said_again(behind, again(behind.words), again(behind.short) if behind.short else "")
            rewritten = replace(rewritten, behind=replace(words, behind=None))
        self.state.status = rewritten
        self._request_frame()

    def _presser(self, name: Offer) -> Callable[[Any], None]:
        return lambda _e: self._offer_pressed(name)

    def _offer_pressed(self, name: Offer) -> None:
        line = self.state.status
        if line.offer is None or line.taken or name not in OFFER_BUTTONS[line.offer]:
            return  # taken once: the buttons stay until the next message, and do nothing
        self.state.status = offer_taken(line)
        self._take_offer(name)

    def draw(self) -> None:
        self._draw_line(self.state.status)
        self._draw_finish(self.state.finish)

    def _draw_line(self, line: StatusLine) -> None:
        if line.serial == self._drawn:
            return
        self._drawn = line.serial
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None
        status = self.element
        status.classList.toggle("note", line.note)
        status.textContent = ""  # empty (``:empty`` hides the line) until a message is said
        if not line.text:
            return
        words = document.createElement("span")
        words.textContent = line.text
        status.appendChild(words)
        if line.short:
            # A long description: screen readers read it whole (the first span, visually
            # hidden); the line shows one short thing, which they skip.
            words.className = "sr-only"
            shown = document.createElement("span")
            shown.className = "status-short"
            shown.setAttribute("aria-hidden", "true")
            shown.textContent = line.short
            status.appendChild(shown)
        if line.rule:
            why = document.createElement("button")
            why.type = "button"
            why.className = "why"
            why.textContent = _("Why?")
            why.setAttribute("aria-label", _("Why? The rule behind this"))
            why.addEventListener("click", self._why_proxy)
            status.appendChild(why)
        for name in OFFER_BUTTONS[line.offer] if line.offer is not None else ():
            button = document.createElement("button")
            button.type = "button"
            button.className = "why offer"
            button.id = f"status-{name}"
            button.textContent = _(OFFERS[name])
            button.addEventListener("click", self._offer_proxies[name])
            status.appendChild(button)
        if line.seconds:
            self._timer = window.setTimeout(self._expire_proxy, line.seconds * 1000)

    def _expire(self, *_args: Any) -> None:
        self._timer = None
        if self.element.contains(document.activeElement):
            return  # the player is on "Why?": leave it there
        self.state.status = cleared(self.state.status)
        self._request_frame()

    def _draw_finish(self, finish: FinishButton) -> None:
        if finish == self._finish:
            return
        self._finish = finish
        button = self.finish_button
        if bool(button.hidden) == finish.shown:
            button.hidden = not finish.shown
        if finish.looked is not None:
            # On the button, not on <body>: a body attribute restyles the whole table.
            # The tests wait for it to know the page has looked at this position.
            set_attribute(button, "data-looked", str(finish.looked))
