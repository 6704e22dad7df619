"""Runs inside Pyodide, under Node (``tools/bytecode.mjs``): the game's modules as byte code.

Each module is compiled by this very Pyodide, so the byte code and its magic number
are the ones the page's Python loads, into an unchecked hash-based ``.pyc`` (PEP 552)
without docstrings (``tools/byte_code.py``): the page's Python loads it without a
source beside it, a timestamp or a hash to check. The code object names the module's file as the repository does
(``engine/rules.py``), so a traceback from the browser points at the file and line
on disk. The zip is byte for byte reproducible.

Not run by CPython: the page's Python (3.14) has another byte code than the tools'.
"""

from __future__ import annotations

import io
import json
import zipfile

from tools.byte_code import byte_code

FIXED_TIME = (2000, 1, 1, 0, 0, 0)


def build(sources_json: str) -> bytes:
    """A zip of ``NAME.pyc`` for each ``NAME.py`` of ``{name: source}`` (JSON), stored
    uncompressed: the tools put the entries into the game's archive."""
    sources: dict[str, str] = json.loads(sources_json)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name in sorted(sources):
            info = zipfile.ZipInfo(name + "c", date_time=FIXED_TIME)
            out.writestr(info, byte_code(name, sources[name].encode("utf-8")))
    return buffer.getvalue()
