"""Copying for the player (the deal code, a link to the game): the clipboard, else
the old way, else a prompt to copy by hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from ui.dom.callbacks import kept_proxy
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
