"""The loading screen's notice of a new version, or of offline play that is not
available, in the language chosen since.

The loading screen's script (``static/boot.js``) writes the notice once, in the
language of that moment; its words are in the game's catalogs too, so a change of
language in Settings writes them again here.
"""

from __future__ import annotations

from pyscript import document

from ui.model.i18n import LANGUAGES, N_, _, in_language

__all__ = ["UPDATE_MESSAGES", "update_notice_language"]

UPDATE_MESSAGES = (
    N_("A new version is ready:"),
    N_("A new version is ready: close the game's other tabs, then reload."),
    N_("Offline play is not available: the browser's storage for this site is full."),
    N_("Offline play is not available: the game's files could not be saved on this device."),
)
"""The notice's words, as ``static/boot.js`` writes them."""


def update_notice_language() -> None:
    """Write the notice again in the current language (when shown)."""
    text = document.getElementById("update-text")
    if not text:  # JS null: no notice on this page
        return
    shown = str(text.textContent)
    for message in UPDATE_MESSAGES:
        if any(shown == in_language(language, message) for language in LANGUAGES):
            text.textContent = _(message)
            return
