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
    """A zip, stored uncompressed (the tools put its entries into the game's archive), of
    byte code for ``{"modules": {name: source}, "beside_source": {name: source}}`` (JSON):
    ``NAME.pyc`` for each module, and for each file that will have its source beside it
    (PyScript's own package, which PyScript writes as source at every start) a checked
    ``.pyc`` where this Python looks for it (``pyscript/__pycache__/NAME.cpython-314.pyc``)."""
    import importlib.util

    sources: dict[str, dict[str, str]] = json.loads(sources_json)
    compiled = {name + "c": byte_code(name, text.encode("utf-8")) for name, text in sources["modules"].items()}
    for name, text in sources["beside_source"].items():
        compiled[importlib.util.cache_from_source(name)] = byte_code(name, text.encode("utf-8"), checked=True)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name in sorted(compiled):
            out.writestr(zipfile.ZipInfo(name, date_time=FIXED_TIME), compiled[name])
    return buffer.getvalue()
