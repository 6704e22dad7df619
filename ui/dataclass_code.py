"""The methods of the game's dataclasses, compiled ahead of the page.

Each ``@dataclass`` writes the source of its methods (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, a frozen class's ``__setattr__`` ...) and compiles it when its
module is imported: some forty classes at every first visit. Compiling is what
WebKit's WebAssembly does slowest while a page starts (it runs the same Python three
to five times slower than Chromium until its optimizing compiler has caught up), and
those compiles were more than half of the game's imports there.

``tools/bytecode_zip.py`` imports the game's pure modules once at build time, records
the code ``dataclasses`` compiles for each source it writes, and puts the lot into
``game.zip`` beside this module (``dataclass_code.marshal``, made by the same Pyodide
as the page's, so the same byte code). :func:`install` hands those code objects to
``dataclasses``: it still writes each source, and runs the recorded code for it; a
source it has no code for (a class the build did not import, another Python) is
compiled as before. In CPython, with no such file, nothing changes.

>>> install(Path("no such file"))
0
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
from pathlib import Path
from types import CodeType
from typing import Any

CODE_FILE = Path(__file__).with_name("dataclass_code.marshal")
"""Written into game.zip by the build (tools/bytecode.DATACLASS_CODE)."""


def compiled_exec(codes: dict[str, CodeType]) -> Any:
    """An ``exec`` for ``dataclasses`` that runs the code recorded in ``codes`` for a
    source, else compiles the source as ``dataclasses`` would (without this module's
    ``__future__`` flags: ``dataclasses`` has none) and records it there. Given an empty
    ``codes``, it is the build's recorder (``tools/bytecode_zip.py``)."""

    def exec_compiled(source: Any, namespace: Any = None, names: Any = None) -> None:
        if isinstance(source, str):
            code = codes.get(source)
            if code is None:
                code = codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            source = code
        builtins.exec(source, namespace, names)

    return exec_compiled


def install(path: Path = CODE_FILE) -> int:
    """Have ``dataclasses`` run the methods compiled at build time; the number of sources
    it has code for (0, and ``dataclasses`` left alone, without a readable file)."""
    try:
        codes = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return 0
    if not isinstance(codes, dict) or not codes:
        return 0
    # dataclasses calls exec() by name: a global of its module is found before the builtin.
    dataclasses.exec = compiled_exec(codes)  # type: ignore[attr-defined]
    return len(codes)
