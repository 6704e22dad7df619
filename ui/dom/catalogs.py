"""The translation catalogs, fetched one language at a time.

The game's archive holds no catalog: an English visit needs none, a Thai one only
Thai's (each is some 35 KB on the wire, a first visit's bytes before the table is
playable). The page's language's catalog is fetched before the table is drawn (the
loading screen, ``static/boot.js``, has started its download with the runtime's), and
another when the player chooses it in Settings. The site holds each compressed; the
runtime's fetch hands it over decompressed (``tools/pyodide-game.mjs``), from the
offline copy once the service worker has one, and ``ui.model.i18n`` reads it once
(``read_catalog``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from pyscript import document, window

from ui.model.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    _,
    catalog_file,
    current_language,
    has_catalog,
    read_catalog,
    use_language,
)

__all__ = ["LanguageChoice", "catalog_fetched", "catalog_url"]

_fetching: dict[str, asyncio.Future[bool]] = {}
"""The catalogs being fetched, by language: a choice made twice waits for the same download."""


def catalog_url(language: str) -> str:
    """The catalog's address, relative to the page: where the repository has it."""
    return catalog_file(language).relative_to(LOCALE_DIR.parent).as_posix()


async def catalog_fetched(language: str) -> bool:
    """True once ``language`` can be spoken: English always, another language once its
    catalog is read (fetched now if it is not). False, with nothing kept, for a language
    the game does not speak or a catalog that could not be had or read (so that a later
    try fetches it again)."""
    if language not in LANGUAGES:
        return False
    if has_catalog(language):
        return True
    fetching = _fetching.get(language)
    if fetching is None:
        fetching = _fetching[language] = asyncio.ensure_future(_fetch(language))
        fetching.add_done_callback(lambda _done: _fetching.pop(language, None))
    return await fetching


async def _fetch(language: str) -> bool:
    try:
        response = await window.fetch(catalog_url(language))
        if not response.ok:
            return False
        read_catalog(language, (await response.arrayBuffer()).to_bytes())
    except Exception:  # noqa: BLE001 - no connection, a decoder that failed, damaged bytes: the caller says so
        return False
    return True


class LanguageChoice:
    """The player's choice of a language in Settings, spoken once its catalog is here.

    The page's HTML follows the choice at once (``static/boot.js``); the words the game
    writes follow once the catalog is fetched (at once when it was fetched before).
    Of two choices made quickly, the later one wins, whichever download ends first. A
    catalog that cannot be had (no connection before the offline copy was saved)
    changes nothing: the language the game speaks comes back, on the page and in
    storage, and the dialog's line under the control (``#language-msg``) says why, as
    ``failed`` is told to (the dialog may be closed by then)."""

    def __init__(self, spoken: Callable[[], None], failed: Callable[[str], None]) -> None:
        self._spoken = spoken
        self._failed = failed
        self._choices = 0
        self._pending: set[asyncio.Future[None]] = set()

    def choose(self, language: str) -> None:
        self._choices += 1
        document.getElementById("language-msg").textContent = ""
        task = asyncio.ensure_future(self._speak(language, self._choices))
        self._pending.add(task)  # kept until done: a task nothing holds may be collected
        task.add_done_callback(self._pending.discard)

    async def _speak(self, language: str, choice: int) -> None:
        fetched = await catalog_fetched(language)
        if choice != self._choices:
            return  # another choice came meanwhile: it is the one that counts
        if fetched and use_language(language):
            window.solitaireBoot.languageSpoken()
            self._spoken()
            return
        window.solitaireBoot.restoreLanguage(current_language())
        said = _("Could not download {language}. Check your connection, then choose it again.").format(
            language=LANGUAGES[language]
        )
        document.getElementById("language-msg").textContent = said
        self._failed(said)
