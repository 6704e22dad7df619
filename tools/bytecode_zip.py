"""Runs inside Pyodide, under Node (``tools/bytecode.mjs``): the game's modules as byte code.

Each module is compiled by this very Pyodide, so the byte code and its magic number
are the ones the page's Python loads, into an unchecked hash-based ``.pyc`` (PEP 552)
without docstrings (``tools/byte_code.py``): the page's Python loads it without a
source beside it, a timestamp or a hash to check. The code object names the module's file as the repository does
(``engine/rules.py``), so a traceback from the browser points at the file and line
on disk. The zip is byte for byte reproducible.

It also records the code of the game's dataclasses' methods (``dataclass_code``): a
``@dataclass`` writes the source of its ``__init__``, ``__repr__``, ``__eq__`` ... and
compiles it each time its module is imported, which was more than half of a first
visit's imports in WebKit, whose WebAssembly runs Python's compiler slowly while the
page starts. Importing the game's modules here, from the byte code just made, with
``dataclasses`` compiling through a recorder, gives each generated source's code
object; ``ui/dataclass_code.py`` hands them to ``dataclasses`` in the page. The page's
modules (``ui/dom/``, ``ui/page.py``) are imported with a stand-in ``pyscript`` whose
``document`` and ``window`` are None: no module touches the page while it is imported.

Not run by CPython: the page's Python (3.14) has another byte code than the tools'.
"""

from __future__ import annotations

import importlib
import io
import json
import marshal
import sys
import tempfile
import zipfile
from pathlib import Path
from types import CodeType
from typing import Any

from tools.byte_code import byte_code

FIXED_TIME = (2000, 1, 1, 0, 0, 0)


def build(sources_json: str) -> bytes:
    """A zip, stored uncompressed (the tools put its entries into the game's archive), of
    byte code for ``{"modules": {name: source}, "beside_source": {name: source},
    "dataclass_code": {"path": name, "packages": [folder, ...], "skip": [name, ...]}}``
    (JSON): ``NAME.pyc``
    for each module; for each file that will have its source beside it (PyScript's own
    package, which PyScript writes as source at every start) a checked ``.pyc`` where this
    Python looks for it (``pyscript/__pycache__/NAME.cpython-314.pyc``); and at the
    ``dataclass_code`` path the dataclasses' compiled methods of the modules in those
    packages but the programs to skip (:func:`dataclass_code`)."""
    import importlib.util

    sources: dict[str, Any] = json.loads(sources_json)
    compiled = {name + "c": byte_code(name, text.encode("utf-8")) for name, text in sources["modules"].items()}
    wanted = sources["dataclass_code"]
    compiled[wanted["path"]] = dataclass_code(
        {name: data for name, data in compiled.items() if name.removesuffix("c") not in wanted["skip"]},
        tuple(wanted["packages"]),
    )
    for name, text in sources["beside_source"].items():
        compiled[importlib.util.cache_from_source(name)] = byte_code(name, text.encode("utf-8"), checked=True)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name in sorted(compiled):
            out.writestr(zipfile.ZipInfo(name, date_time=FIXED_TIME), compiled[name])
    return buffer.getvalue()


def dataclass_code(compiled: dict[str, bytes], packages: tuple[str, ...]) -> bytes:
    """``{source: code}`` (marshalled) of every method source that ``dataclasses`` compiles
    while the modules of ``packages`` are imported from their byte code ``compiled``
    (``{"engine/cards.pyc": ...}``): each compiled as ``dataclasses`` compiles it, with
    ``exec`` and the flags of its own module (none), by the page's own
    ``ui.dataclass_code.compiled_exec``, so the page can run the code instead."""
    import dataclasses
    import types

    codes: dict[str, CodeType] = {}
    folder = Path(tempfile.mkdtemp(prefix="game-"))
    for name, data in compiled.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    modules = sorted(
        name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
        for name in compiled
        if name.startswith(packages) and name.endswith(".pyc")
    )
    before = set(sys.modules)
    stand_in = types.ModuleType("pyscript")
    stand_in.document = stand_in.window = None  # type: ignore[attr-defined]
    sys.modules["pyscript"] = stand_in
    sys.path.insert(0, str(folder))
    # The page's own exec for dataclasses, from the byte code just made: given no code, it records.
    compiled_exec = importlib.import_module("ui.dataclass_code").compiled_exec
    dataclasses.exec = compiled_exec(codes)  # type: ignore[attr-defined]  # found before the builtin
    try:
        for module in modules:
            try:
                importlib.import_module(module)
            except Exception as error:
                raise RuntimeError(
                    f"{module} could not be imported to record its dataclasses (importing a module of"
                    f" the game must not touch the page: pyscript's document and window are None here):"
                    f" {type(error).__name__}: {error}"
                ) from error
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
        sys.path.remove(str(folder))
        for module in set(sys.modules) - before:
            del sys.modules[module]
    return marshal.dumps(codes)
