"""The translation catalogs: extract the game's English messages, update the Thai and
Khmer catalogs, compile them, and check that nothing is stale or untranslated.

Messages are the English strings of ``ui/`` marked with ``_()``, ``ngettext()``,
``pgettext()`` or ``N_()``; the page's own words (``index.html`` elements marked
``data-i18n``, attributes listed in ``data-i18n-attrs``, the loading screen's
``_()`` calls in ``static/boot.js``, and the web app manifest's names). Each language
has ``locale/<lang>/LC_MESSAGES/game.po`` (edited by hand: that is where the
translations live) and, made from it, the compiled ``game.mo`` that Python reads at
run time. The page's words are also compiled into ``static/words.js`` (the loading
screen speaks before Python starts) and a manifest per language
(``static/manifest.<lang>.webmanifest``). The compiled files are committed: the site
is built and served by plain Python with no Babel installed, and a test checks that
each is exactly what the ``.po`` files make.

Usage (Babel comes from requirements-dev.txt; the command installs it into .venv/):
  python3 tools/catalogs.py update    extract, then merge new messages into every .po
  python3 tools/catalogs.py compile   write every .mo from its .po
  python3 tools/catalogs.py check     fail when a catalog is stale or a message lacks a translation
"""

from __future__ import annotations

import argparse
import datetime
import html.parser
import io
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGUAGES = ("th", "km")
"""The translated languages (English is the source)."""
DOMAIN = "game"
SOURCES = ("ui",)
"""Folders whose Python files hold the game's messages."""
PAGE_SOURCES = {"index.html": "html", "static/boot.js": "javascript", "static/manifest.webmanifest": "manifest"}
"""The page's own words, read before Python starts (see ``page_words``)."""
WORDS_JS = "static/words.js"
GLOSSARY = "locale/GLOSSARY.md"
MANIFEST = "static/manifest.webmanifest"
MANIFEST_FIELDS = ("name", "short_name", "description")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ("TRANSLATORS:",)
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
"""The template's creation date: fixed, so the same sources always give the same catalogs."""
HEADER = "# Translations of the solitaire game.\n# Terms: locale/GLOSSARY.md."
TEAMS = {"th": "Thai", "km": "Khmer"}


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _ensure_babel() -> None:
    """Run again under .venv's Python (with Babel) when this one has no Babel."""
    try:
        import babel  # noqa: F401 - only checking that it is there
    except ImportError:
        sys.path.insert(0, str(ROOT))
        from tools import test

        test.ensure_tools()
        if Path(sys.executable).resolve() == test.venv_python().resolve():
            sys.exit("Babel is missing from .venv/: check requirements-dev.txt.")
        os.execv(str(test.venv_python()), [str(test.venv_python()), *sys.argv])


class _PageWords(html.parser.HTMLParser):
    """The translatable words of a page: the text of each element marked
    ``data-i18n`` (its value, when not empty, is the message's context) and each
    attribute named in ``data-i18n-attrs``. Whitespace is collapsed, as the page's
    script does before it looks a text up."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str, str | None]] = []
        self._open: list[tuple[str, list[str] | None, str | None, int]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {key: value or "" for key, value in attrs}
        line = self.getpos()[0]
        for name in values.get("data-i18n-attrs", "").split():
            self.found.append((line, " ".join(values.get(name, "").split()), None))
        if tag in self.VOID:
            return
        marked = "data-i18n" in values
        self._open.append((tag, [] if marked else None, values.get("data-i18n") or None, line))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            name, text, context, line = self._open.pop()
            if text is not None:
                self.found.append((line, " ".join("".join(text).split()), context))
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        for _tag, text, _context, _line in self._open:
            if text is not None:
                text.append(data)


def extract_html(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    """Babel extraction method for the page's marked elements and attributes."""
    parser = _PageWords()
    parser.feed(fileobj.read().decode("utf-8"))
    parser.close()
    for line, message, context in parser.found:
        if message:
            # A context comes the way pgettext("context", "text") would give it.
            yield line, "pgettext" if context else "_", (context, message) if context else message, []


def extract_manifest(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    """Babel extraction method for the web app manifest's names."""
    data = json.loads(fileobj.read().decode("utf-8"))
    for field in MANIFEST_FIELDS:
        yield 1, "_", data[field], [f"The installed app's {field.replace('_', ' ')}."]


_METHODS: dict[str, Any] = {"html": extract_html, "manifest": extract_manifest}


def _extract(name: str, method: str) -> Iterator[tuple[int, Any, list[str], str | None]]:
    from babel.messages.extract import extract_from_file

    function = _METHODS.get(method, method)
    yield from extract_from_file(
        function, str(ROOT / name), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
    )


def template() -> Any:
    """A catalog of every message in the sources, in source order."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(project="solitaire", version="1", creation_date=FIXED_DATE, charset="utf-8", fuzzy=False)
    sources = [(name, method) for name, method in PAGE_SOURCES.items() if (ROOT / name).exists()]
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__pycache__" not in path.parts:
                sources.append((path.relative_to(ROOT).as_posix(), "python"))
    for name, method in sources:
        for lineno, message, comments, context in _extract(name, method):
            catalog.add(message, None, [(name, lineno)], auto_comments=comments, context=context)
    return catalog


def page_words(language: str) -> dict[str, str]:
    """The translations of the page's own words (``PAGE_SOURCES``) as the page's
    script looks them up: by English text, or ``context\x04text``."""
    page = set(PAGE_SOURCES)
    catalog = _read(language)
    words: dict[str, str] = {}
    for message in template():
        if not message.id or not any(name in page for name, _line in message.locations):
            continue
        found = catalog.get(message.id, context=message.context)
        if found is None or not found.string or found.fuzzy:
            continue
        key = f"{message.context}\x04{message.id}" if message.context else message.id
        words[key] = found.string
    return words


def whole_words() -> dict[str, list[str]]:
    """The words each language keeps whole on a line: the table under "Words kept whole
    on a line" in ``locale/GLOSSARY.md``."""
    text = (ROOT / GLOSSARY).read_text(encoding="utf-8")
    section = text.split("## Words kept whole on a line", 1)[1]
    words: dict[str, list[str]] = {language: [] for language in LANGUAGES}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] in words:
            if len(cells) != 2:
                # A row of three cells (a word put after the closing bar) would be skipped, and
                # the page would keep no word of the language whole: say so instead.
                raise ValueError(f"{GLOSSARY}: the words kept whole for {cells[0]} must be one cell: {line!r}")
            words[cells[0]] = cells[1].split()
    return words


def words_js() -> bytes:
    """``static/words.js``: the page's words in each translated language, and the words
    each keeps whole on a line."""
    table = {language: page_words(language) for language in LANGUAGES}
    text = (
        "// The page's own words in Thai and Khmer, for the loading screen and the page's HTML.\n"
        "// Made by tools/catalogs.py compile from locale/*/LC_MESSAGES/game.po and\n"
        "// locale/GLOSSARY.md: do not edit.\n"
        f"window.solitaireWords = {json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True)};\n"
        f"window.solitaireWholeWords = {json.dumps(whole_words(), ensure_ascii=False, indent=1, sort_keys=True)};\n"
    )
    return text.encode("utf-8")


def manifest_path(language: str) -> Path:
    return ROOT / "static" / f"manifest.{language}.webmanifest"


def manifest(language: str) -> bytes:
    """The web app manifest with its names in ``language``."""
    data = json.loads((ROOT / MANIFEST).read_text(encoding="utf-8"))
    words = page_words(language)
    for field in MANIFEST_FIELDS:
        data[field] = words.get(data[field], data[field])
    data["lang"] = language
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _compiled() -> dict[Path, bytes]:
    """Every file compiled from the catalogs, with its content."""
    files = {mo_path(language): compiled_mo(language) for language in LANGUAGES}
    files[ROOT / WORDS_JS] = words_js()
    for language in LANGUAGES:
        files[manifest_path(language)] = manifest(language)
    return files


def _read(language: str) -> Any:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, project="solitaire", version="1", creation_date=FIXED_DATE, fuzzy=False)
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def _po_bytes(catalog: Any) -> bytes:
    from babel.messages.pofile import write_po

    catalog.header_comment = HEADER
    catalog.msgid_bugs_address = "the project's issue tracker"
    catalog.last_translator = "the Solitaire project"
    catalog.language_team = TEAMS.get(str(catalog.locale), str(catalog.locale))
    catalog.revision_date = FIXED_DATE
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, omit_header=False, ignore_obsolete=False)
    return buffer.getvalue()


def updated_po(language: str) -> bytes:
    """The language's .po as ``update`` writes it: its translations, the messages
    of the sources now (new ones untranslated, gone ones dropped)."""
    catalog = _read(language)
    catalog.update(template(), no_fuzzy_matching=True, update_creation_date=True)
    catalog.obsolete.clear()
    return _po_bytes(catalog)


def compiled_mo(language: str) -> bytes:
    """The .mo that the language's .po (as it is on disk) compiles to."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, _read(language), use_fuzzy=False)
    return buffer.getvalue()


def untranslated(language: str) -> list[str]:
    """Messages of the language's .po that lack a translation or are marked fuzzy."""
    missing = []
    for message in _read(language):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        english = message.id if isinstance(message.id, str) else message.id[0]
        # A separator (", ") may become a bare space; words may never become blank.
        blank = any(not text or (not text.strip() and any(c.isalpha() for c in english)) for text in strings)
        if message.fuzzy or blank:
            missing.append(english)
    return missing


STALE_BUILD = "is not made from the .po files: run python3 tools/catalogs.py compile"


def problems() -> list[str]:
    """Everything ``check`` complains about, one line each (empty when all is well)."""
    found = []
    for language in LANGUAGES:
        po = po_path(language)
        rel = po.relative_to(ROOT)
        if not po.exists():
            found.append(f"{rel} is missing: run python3 tools/catalogs.py update")
            continue
        if po.read_bytes() != updated_po(language):
            found.append(f"{rel} is out of date with the sources: run python3 tools/catalogs.py update")
        for message in untranslated(language):
            found.append(f"{rel}: no translation for {message!r}")
    for path, data in _compiled().items():
        if not path.exists() or path.read_bytes() != data:
            found.append(f"{path.relative_to(ROOT)} {STALE_BUILD}")
    return found


def update() -> None:
    for language in LANGUAGES:
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = updated_po(language)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"Updated {path.relative_to(ROOT)}.")
        missing = untranslated(language)
        if missing:
            print(f"{path.relative_to(ROOT)}: {len(missing)} message(s) to translate.")


def compile_all() -> None:
    for path, data in _compiled().items():
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"Compiled {path.relative_to(ROOT)}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "compile", "check"))
    args = parser.parse_args()
    _ensure_babel()
    if args.command == "update":
        update()
    elif args.command == "compile":
        compile_all()
    else:
        found = problems()
        print("\n".join(found) if found else "The catalogs are complete and up to date.")
        sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
