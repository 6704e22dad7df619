"""The player's language: gettext catalogs, the choice of language, and news of a change.

English is written in the code; Thai and Khmer come from the compiled catalogs
``locale/<lang>/LC_MESSAGES/game.mo``, which the page fetches one at a time, the
player's language's before the table is drawn (``ui/dom/catalogs.py``, which hands
them to :func:`read_catalog`); CPython reads them from the repository. The
language is the player's remembered choice, else the first of the browser's
preferred languages that the game speaks, else English.

Pure Python (the standard ``gettext``), so every word is checked in CPython.

>>> use_language("th")
True
>>> _("Stock"), current_language(), document_title()
('กองจั่ว', 'th', 'โซลิแทร์')
>>> use_language("en")
True
>>> _("Stock"), choose_language(None, ["km-KH", "en-US"]), choose_language("th", ["km"])
('Stock', 'km', 'th')
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_KEY",
    "LOCALE_DIR",
    "N_",
    "Later",
    "_",
    "again",
    "catalog_file",
    "choose_language",
    "current",
    "current_language",
    "document_title",
    "has_catalog",
    "in_language",
    "joined",
    "later",
    "ngettext",
    "on_language_change",
    "pgettext",
    "read_catalog",
    "remember_language",
    "remembered_language",
    "use_language",
]

LANGUAGES: dict[str, str] = {"en": "English", "th": "ไทย", "km": "ខ្មែរ"}
"""Every language of the game, each named in itself (as the language control shows it)."""

DEFAULT_LANGUAGE = "en"
DOMAIN = "game"
"""The catalogs' name: ``locale/<lang>/LC_MESSAGES/game.mo``."""

LOCALE_DIR = Path(__file__).resolve().parent.parent.parent / "locale"
"""Where the compiled catalogs are in the repository, and where the page fetches them
from (the same path under the site)."""

LANGUAGE_KEY = "solitaire.language"
"""The browser storage key of the remembered choice: a bare language code, so the
loading screen's script can read it before Python starts."""

Listener = Callable[[str], None]


class Storage(Protocol):
    """The part of the Web Storage API the choice needs (``localStorage``)."""

    def getItem(self, key: str) -> str | None: ...

    def setItem(self, key: str, value: str) -> None: ...


_catalogs: dict[str, gettext.NullTranslations] = {}
_listeners: list[Listener] = []
_state: dict[str, object] = {"language": DEFAULT_LANGUAGE, "catalog": gettext.NullTranslations()}


def choose_language(stored: str | None, preferred: Iterable[str]) -> str:
    """The language to play in: the remembered choice when it is one of ours,
    else the first preferred language we speak (``th-TH`` counts as ``th``),
    else English.

    >>> choose_language(None, ["fr-FR", "th-TH", "en"]), choose_language("xx", [])
    ('th', 'en')
    """
    if stored in LANGUAGES:
        return stored
    for tag in preferred:
        primary = str(tag).strip().replace("_", "-").split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def remembered_language(storage: Storage) -> str | None:
    """The language the player chose before, or None (never chosen, unreadable
    storage, or a value that is not one of ours)."""
    try:
        value = storage.getItem(LANGUAGE_KEY)
    except Exception:  # noqa: BLE001 - storage disabled or blocked: as if never chosen
        return None
    return value if value in LANGUAGES else None


def remember_language(storage: Storage, language: str) -> bool:
    """Keep the player's choice for the next visit; False when storage refuses
    (the game goes on in that language all the same)."""
    if language not in LANGUAGES:
        return False
    try:
        storage.setItem(LANGUAGE_KEY, language)
    except Exception:  # noqa: BLE001 - full or disabled storage must never break the game
        return False
    return True


def catalog_file(language: str) -> Path:
    """The compiled catalog of ``language`` (English has none: it is the code's own).

    >>> catalog_file("th").relative_to(LOCALE_DIR).as_posix()
    'th/LC_MESSAGES/game.mo'
    """
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def has_catalog(language: str) -> bool:
    """True when ``language`` can be spoken without fetching anything: English, a catalog
    read already (:func:`read_catalog`), or one in the file system (the repository's).

    >>> has_catalog("en"), has_catalog("th"), has_catalog("fr")
    (True, True, False)
    """
    return language == DEFAULT_LANGUAGE or language in _catalogs or catalog_file(language).is_file()


def read_catalog(language: str, data: bytes) -> None:
    """Take ``language``'s compiled catalog from ``data`` (the page fetches it:
    ``ui/dom/catalogs.py``), read once and kept. Raises for bytes that are not a catalog,
    and then keeps nothing.

    >>> read_catalog("km", catalog_file("km").read_bytes()); in_language("km", "Stock")
    'គំនរសល់'
    """
    _catalogs[language] = gettext.GNUTranslations(io.BytesIO(data))


def _catalog(language: str) -> gettext.NullTranslations:
    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    if language not in _catalogs:
        with open(catalog_file(language), "rb") as file:
            _catalogs[language] = gettext.GNUTranslations(file)
    return _catalogs[language]


def use_language(language: str) -> bool:
    """Speak ``language`` from now on and tell every listener (so the page is
    drawn again in it). False, and nothing changes, for a language we do not
    speak or whose catalog cannot be read."""
    if language not in LANGUAGES:
        return False
    try:
        catalog = _catalog(language)
    except OSError:
        return False
    changed = language != _state["language"]
    _state["language"] = language
    _state["catalog"] = catalog
    if changed:
        for listener in list(_listeners):
            listener(language)
    return True


def current_language() -> str:
    """The language the game speaks now (``"en"``, ``"th"`` or ``"km"``)."""
    return str(_state["language"])


def on_language_change(listener: Listener) -> Callable[[], None]:
    """Call ``listener(language)`` after every change of language; returns a
    function that stops it."""
    _listeners.append(listener)

    def stop() -> None:
        if listener in _listeners:
            _listeners.remove(listener)

    return stop


def _translations() -> gettext.NullTranslations:
    catalog = _state["catalog"]
    assert isinstance(catalog, gettext.NullTranslations)
    return catalog


class Later(str):
    """Words in the current language that can be written again in another.

    The string is the words as made now; ``make`` makes them again, in the language
    of the moment. Every ``_()``, ``ngettext()`` and ``pgettext()`` returns one, and so
    do ``format`` and ``join`` on one (their values are written again too), so a
    message shown on the page can follow a change of language (``again``). Other
    ways of joining text (``+``, f-strings, ``str.join`` on plain text) give plain
    text, which stays as it was made: use ``later`` or ``joined`` for those.

    >>> use_language("en")
    True
    >>> text = _("{pile} is empty.").format(pile=_("Stock"))
    >>> use_language("th")
    True
    >>> text, again(text)
    ('Stock is empty.', 'กองจั่ว ว่างอยู่')
    >>> use_language("en")
    True
    """

    make: Callable[[], str]
    catalog: object
    """The catalog the words were made with: while it is still the current one, the
    words are already right and are used as they are (see ``_now``)."""

    def format(self, *args: object, **kwargs: object) -> str:
        make = self.make
        # Made now from the words as they stand: written again only on a change of
        # language. (Making each part again here would make a nested message's
        # innermost words once per level of nesting, for every accessible name.)
        return _made(
            str.format(str(_now(self)), *[_now(a) for a in args], **{k: _now(v) for k, v in kwargs.items()}),
            lambda: make().format(*[_again(a) for a in args], **{k: _again(v) for k, v in kwargs.items()}),
        )

    def join(self, parts: Iterable[str]) -> str:
        return joined(self, parts)


def _again(value: object) -> object:
    return again(value) if isinstance(value, Later) else value


def _now(value: object) -> object:
    """``value`` as it should read in the current language: a ``Later`` made with the
    current catalog as it is, one made with another written again."""
    if isinstance(value, Later) and value.catalog is not _state["catalog"]:
        return again(value)
    return value


def _made(text: str, make: Callable[[], str]) -> Later:
    """``text`` (``make()`` as it reads now) as words that ``again`` can write again."""
    words = Later(text)
    words.make = make
    words.catalog = _state["catalog"]
    return words


def later(make: Callable[[], str]) -> str:
    """``make()`` now, as words that ``again`` writes again in the language of the
    moment (``make`` is called again then: it must only read what stays the same
    while its words are shown)."""
    return _made(make(), make)


def current(text: str) -> bool:
    """True when ``text`` reads as it should in the current language: words made
    with the current catalog, or plain text (which never changes). A kept ``Later``
    that is not current is made again with ``again``.

    >>> use_language("en")
    True
    >>> words = _("Stock")
    >>> current(words), current("Stock")
    (True, True)
    >>> use_language("th")
    True
    >>> current(words), current(again(words)), current("Stock")
    (False, True, True)
    >>> use_language("en")
    True
    """
    return not isinstance(text, Later) or text.catalog is _state["catalog"]


def again(text: str) -> str:
    """``text`` in the current language when it was made by ``_()``, ``later`` or
    their kin; other text as it is."""
    return later(text.make) if isinstance(text, Later) else text


def joined(separator: str, parts: Iterable[str]) -> str:
    """``separator.join(parts)`` that follows a change of language (``again``)."""
    kept = list(parts)
    return _made(
        str.join(str(_now(separator)), [str(_now(part)) for part in kept]),
        lambda: str.join(str(again(separator)), [again(part) for part in kept]),
    )


def _(message: str) -> str:
    """``message`` in the current language."""
    return later(lambda: _translations().gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the current language (Thai
    and Khmer have one form; English two)."""
    return later(lambda: _translations().ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` from the
    same English words used elsewhere (a "Draw" button, a "Draw 3" option)."""
    return later(lambda: _translations().pgettext(context, message))


def in_language(language: str, message: str) -> str:
    """``message`` in ``language`` (English for a language whose catalog cannot be read),
    whatever the current language.

    >>> in_language("th", "Stock"), in_language("en", "Stock"), current_language()
    ('กองจั่ว', 'Stock', 'en')
    """
    try:
        return _catalog(language).gettext(message)
    except OSError:
        return message


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (data that
    is translated when it is shown)."""
    return message


def document_title() -> str:
    """The page title in the current language."""
    return _("Solitaire")
