"""The translation catalogs: extract the game's English messages, update the Thai and
Khmer catalogs, compile them, and check that nothing is stale or untranslated.

Messages are the English strings of ``ui/`` marked with ``_()``, ``ngettext()``,
``pgettext()`` or ``N_()``. Each language has ``locale/<lang>/LC_MESSAGES/game.po``
(edited by hand: that is where the translations live) and, beside it, the compiled
``game.mo`` that the game reads at run time. The ``.mo`` files are committed: the
site is built and served by plain Python with no Babel installed, and a test checks
that every ``.mo`` is exactly what its ``.po`` compiles to.

Usage (Babel comes from requirements-dev.txt; the command installs it into .venv/):
  python3 tools/catalogs.py update    extract, then merge new messages into every .po
  python3 tools/catalogs.py compile   write every .mo from its .po
  python3 tools/catalogs.py check     fail when a catalog is stale or a message lacks a translation
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGUAGES = ("th", "km")
"""The translated languages (English is the source)."""
DOMAIN = "game"
SOURCES = ("ui",)
"""Folders whose Python files hold the game's messages."""
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ("TRANSLATORS:",)
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
"""The template's creation date: fixed, so the same sources always give the same catalogs."""
HEADER = "# Translations of the solitaire game (Klondike, Spiderette, Spider).\n# Terms: locale/GLOSSARY.md."
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


def template() -> Any:
    """A catalog of every message in the sources, in source order."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(project="solitaire", version="1", creation_date=FIXED_DATE, charset="utf-8", fuzzy=False)
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            name = path.relative_to(ROOT).as_posix()
            for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
            ):
                catalog.add(message, None, [(name, lineno)], auto_comments=comments, context=context)
    return catalog


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
        if message.fuzzy or not all(s and s.strip() for s in strings):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


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
        mo = mo_path(language)
        if not mo.exists() or mo.read_bytes() != compiled_mo(language):
            found.append(f"{mo.relative_to(ROOT)} is not compiled from its .po: run python3 tools/catalogs.py compile")
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
    for language in LANGUAGES:
        path = mo_path(language)
        data = compiled_mo(language)
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
