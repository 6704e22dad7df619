"""The translation catalogs, fetched one language at a time.

The game's archive holds no catalog: an English visit needs none, a Thai one only
Thai's (each is some 35 KB on the wire, a first visit's bytes before the table is
playable). The page's language's catalog is fetched before the table is drawn (the
loading screen, ``static/boot.js``, has started its download with the runtime's), and
another when the player chooses it in Settings. The site holds each compressed; the
runtime's fetch hands it over decompressed (``tools/pyodide-game.mjs``), from the
offline copy once the service worker has one. It is written where ``ui.model.i18n``
reads it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from pyscript import window

from ui.model.i18n import DEFAULT_LANGUAGE, LANGUAGES, LOCALE_DIR, catalog_file, current_language, use_language

__all__ = ["LanguageChoice", "catalog_fetched", "catalog_url"]


def catalog_url(language: str) -> str:
    """The catalog's address, relative to the page: where the repository has it."""
    return catalog_file(language).relative_to(LOCALE_DIR.parent).as_posix()


async def catalog_fetched(language: str) -> bool:
    """True once ``language`` can be spoken: English always, another language once its
    catalog is in the file system (fetched now if it is not). False, with nothing
    written, for a language the game does not speak or a catalog that could not be had."""
    if language not in LANGUAGES:
        return False
    path = catalog_file(language)
    if language == DEFAULT_LANGUAGE or path.is_file():
        return True
    try:
        response = await window.fetch(catalog_url(language))
        if not response.ok:
            return False
        data = (await response.arrayBuffer()).to_bytes()
    except Exception:  # noqa: BLE001 - no connection, a decoder that failed: the caller says so
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


class LanguageChoice:
    """The player's choice of a language in Settings, spoken once its catalog is here.

    The page's HTML follows the choice at once (``static/boot.js``); the words the game
    writes follow once the catalog is fetched (at once when it was fetched before).
    Of two choices made quickly, the later one wins. A catalog that cannot be had (no
    connection before the offline copy was saved) changes nothing: the language before
    comes back, on the page and in storage, and ``failed`` says so."""

    def __init__(self, spoken: Callable[[], None], failed: Callable[[str], None]) -> None:
        self._spoken = spoken
        self._failed = failed
        self._wanted = ""
        self._pending: set[asyncio.Future[None]] = set()

    def choose(self, language: str) -> None:
        self._wanted = language
        task = asyncio.ensure_future(self._speak(language))
        self._pending.add(task)  # kept until done: a task nothing holds may be collected
        task.add_done_callback(self._pending.discard)

    async def _speak(self, language: str) -> None:
        fetched = await catalog_fetched(language)
        if language != self._wanted:
            return  # another choice came meanwhile: it is the one spoken
        if fetched and use_language(language):
            self._spoken()
            return
        window.solitaireBoot.restoreLanguage(current_language())
        self._failed(language)
