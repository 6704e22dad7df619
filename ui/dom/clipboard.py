"""Copying for the player (the deal code, a link to the game): the clipboard, else
the old way, else a prompt to copy by hand; sharing (a daily result): the device's
share sheet (Web Share) where the browser has one, else copying."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import Object
from pyodide.ffi import to_js
from pyscript import document, window

import engine
from ui.dom.callbacks import kept_proxy
from ui.model.hashlink import share_deal_only_text, share_hash
from ui.model.i18n import _

__all__ = ["Clipboard"]


class Clipboard:
    """Copies text and says ``message`` (through ``say``) once it is copied."""

    def __init__(self, say: Callable[[str], object]) -> None:
        self._say = say
        self._text = ""
        self._message = ""
        self._copied_proxy = kept_proxy(self._copied)
        self._failed_proxy = kept_proxy(self._failed)
        self._shared_proxy = kept_proxy(self._shared)
        self._share_failed_proxy = kept_proxy(self._share_failed)

    def copy_code(self, game: engine.Game) -> None:
        """Copy the deal code of ``game`` (Copy, beside the code)."""
        self.copy(game.code, _("Deal code {code} copied.").format(code=game.code))

    def share(self, game: engine.Game) -> None:
        """Copy a link that opens ``game`` at this point, undo included (Share), or
        its deal when the game is too long for a link (``share_hash``); the button
        keeps it in ``data-link``."""
        hash_text, whole = share_hash(game.record())
        link = str(window.location.href).split("#", 1)[0] + hash_text
        document.getElementById("btn-share").dataset.link = link
        if whole:
            message = _("Link to this game copied: it opens the game at this point, undo included.")
        else:
            message = share_deal_only_text()
        self.copy(link, message)

    def share_text(self, text: str, message: str) -> None:
        """Share ``text`` through the device's share sheet (``navigator.share``) where
        the browser has one; else, or when sharing fails, copy it and say ``message``.
        A share sheet the player closes says nothing."""
        navigator = window.navigator
        share = getattr(navigator, "share", None)
        data = to_js({"text": text}, dict_converter=Object.fromEntries)
        can_share = getattr(navigator, "canShare", None)
        if not share or (can_share and not navigator.canShare(data)):
            self.copy(text, message)
            return
        self._text = text
        self._message = message
        try:
            navigator.share(data).then(self._shared_proxy, self._share_failed_proxy)
        except Exception:  # noqa: BLE001 - a browser that refuses at once: copy instead
            self.copy(text, message)

    def _shared(self, *_args: Any) -> None:
        self._say("")  # the share sheet said it: a message copied earlier goes

    def _share_failed(self, error: Any = None) -> None:
        if str(getattr(error, "name", "")) == "AbortError":
            return  # the player closed the share sheet
        self.copy(self._text, self._message)

    def copy(self, text: str, message: str) -> None:
        self._text = text
        self._message = message
        clipboard = getattr(window.navigator, "clipboard", None)
        if not clipboard or not hasattr(clipboard, "writeText"):
            self._failed(None)
            return
        clipboard.writeText(text).then(self._copied_proxy, self._failed_proxy)

    def _copied(self, *_args: Any) -> None:
        self._say(self._message)

    def _failed(self, *_args: Any) -> None:
        # No clipboard access (an insecure page, a refused permission): the old way, then by hand.
        area = document.createElement("textarea")
        area.value = self._text
        area.setAttribute("readonly", "")
        area.style.cssText = "position:fixed;left:-1000px;top:0;opacity:0"
        document.body.appendChild(area)
        area.select()
        copied = bool(document.execCommand("copy"))
        area.remove()
        if copied:
            self._copied()
        else:
            window.prompt(_("Copy this:"), self._text)
