"""Runs inside Pyodide, under Node (``tools/stdlib.mjs``): writes the game's standard library.

It imports the wanted modules from the full standard library that npm ships, so
that the archive holds each of them together with everything they import, runs
the lazy paths a traceback takes, then writes every standard-library module now
loaded into a zip as byte code (``tools/byte_code.py``: no docstrings, no column
ranges). The byte code comes from this very Pyodide, so its magic number is the one
the page's Python expects; each file is an unchecked hash-based ``.pyc`` (PEP 552),
which Python loads without looking for a source or a timestamp. The zip is byte for
byte reproducible, and its members are stored, not compressed: the site compresses the
whole file (gzip or brotli, ``tools/packing.py``), which is smaller than members
compressed one by one, and a module's import then reads its bytes as they are.

Not run by CPython: the page's Python (3.14) has another byte code than the
tools' Python.
"""

from __future__ import annotations

import importlib
import io
import sys
import traceback
import zipfile
from collections.abc import Iterable

from tools.byte_code import byte_code

STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
"""Where Pyodide puts its standard library; the page's Python finds ours there too."""
FIXED_TIME = (2000, 1, 1, 0, 0, 0)


def exercise_tracebacks() -> None:
    """Format the errors a player's bug report would show: a traceback imports
    more (source lines, suggestions, syntax-error carets) than its module's top."""
    for source in ("undefined_name", "(1).no_such_attribute", "def broken(:"):
        try:
            exec(compile(source, "<check>", "exec"), {})
        except Exception as error:  # every kind of error is formatted the same way
            text = "".join(traceback.format_exception(error))
            if type(error).__name__ not in text:
                raise RuntimeError(f"a traceback did not format: {text!r}") from error
    traceback.print_exc(file=io.StringIO())


def loaded_files(wanted: Iterable[str]) -> list[str]:
    """Import ``wanted``; the standard library's files that are then loaded from
    its zip, as paths inside it (packages' ``__init__.py`` included)."""
    for name in wanted:
        importlib.import_module(name)
    exercise_tracebacks()
    prefix = STDLIB_ZIP + "/"
    files = set()
    for module in list(sys.modules.values()):
        # The origin, not __file__: the start-up modules frozen into the runtime
        # have a __file__ in the zip but are never read from it.
        path = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if path.startswith(prefix) and path.endswith(".py"):
            files.add(path.removeprefix(prefix))
    return sorted(files)


def build(wanted: Iterable[str], stamp: str) -> bytes:
    """The zip of compiled modules; its comment is ``stamp`` (what it was made from)."""
    files = loaded_files(wanted)
    buffer = io.BytesIO()
    with zipfile.ZipFile(STDLIB_ZIP) as full, zipfile.ZipFile(buffer, "w") as out:
        for name in files:
            info = zipfile.ZipInfo(name + "c", date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            out.writestr(info, byte_code(f"{STDLIB_ZIP}/{name}", full.read(name)))
        out.comment = stamp.encode()
    return buffer.getvalue()
