"""The game's own modules as Pyodide's byte code, cached by what they are made from.

The page's Python compiles every module it imports from source at every start:
in Chromium a few hundred milliseconds for the game's modules, in WebKit (every
iPhone browser) 2-5 s, where its WebAssembly runs Python's compiler about ten
times slower. ``game.zip`` therefore ships byte code, compiled by the vendored
Pyodide under Node (``tools/bytecode.mjs`` runs ``tools/bytecode_zip.py``), which
the page loads in milliseconds.

Starting Pyodide under Node takes a few seconds, too long for every change during
development: each set of sources is compiled once, and the result kept in
``.cache/bytecode/`` under a hash of the sources, the runtime's version and the
build scripts. The development server and the tests serve the same byte code as a
built site, so the tests exercise what players get.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
import zipfile
from pathlib import Path
from typing import Any

from tools import stdlib

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "bytecode"
BUILDER = tuple(
    ROOT / "tools" / name for name in ("bytecode.mjs", "bytecode_zip.py", "byte_code.py", "pyodide-build.mjs")
)
DATACLASS_CODE = "ui/dataclass_code.marshal"
"""Where game.zip holds the compiled methods of the game's dataclasses (``ui/dataclass_code.py``)."""
RECORDED_PACKAGES = ("engine/", "ui/")
"""The packages whose modules are imported at build time to record their dataclasses' methods."""
KEEP = 12
"""Compiled sets kept in the cache (each about 300 KB): the newest ones."""
_lock = threading.Lock()


class BytecodeError(RuntimeError):
    """The byte code could not be made (no Node.js, no vendored runtime)."""


def stamp(sources: dict[str, Any]) -> str:
    """A hash of everything the byte code is made from."""
    digest = hashlib.sha256()
    digest.update((stdlib.PYODIDE / "package.json").read_bytes())
    for script in BUILDER:
        digest.update(script.read_bytes())
    digest.update(json.dumps(sources, sort_keys=True).encode())
    return digest.hexdigest()[:32]


def _compile_into(sources: dict[str, Any], out: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise BytecodeError("Node.js is required to compile the game's code: install Node.js 18+, then run this again.")
    if not (stdlib.PYODIDE / "pyodide.mjs").is_file():
        raise BytecodeError("The runtime is not installed: run `python3 tools/vendor.py` (or `npm ci`) first.")
    with tempfile.TemporaryDirectory() as scratch:
        names = Path(scratch) / "sources.json"
        names.write_text(json.dumps(sources), encoding="utf-8")
        made = Path(scratch) / "bytecode.zip"
        run = subprocess.run(
            [node, str(BUILDER[0]), str(stdlib.PYODIDE), str(names), str(made)], capture_output=True, text=True
        )
        if run.returncode != 0:
            # Node prints the line of the minified runtime an error passed through: not for reading.
            lines = [line for line in run.stderr.strip().splitlines() if len(line) < 1000]
            raise BytecodeError("Compiling the game's code failed:\n" + "\n".join(lines))
        out.parent.mkdir(parents=True, exist_ok=True)
        partial = out.with_suffix(f".{os.getpid()}.{threading.get_ident()}.part")
        shutil.copyfile(made, partial)
        os.replace(partial, out)  # another process compiling the same sources writes the same bytes


def _prune() -> None:
    made = sorted(CACHE.glob("*.zip"), key=lambda path: path.stat().st_mtime, reverse=True)
    for old in made[KEEP:]:
        old.unlink(missing_ok=True)


def compiled(
    modules: dict[str, str], beside_source: dict[str, str] | None = None, programs: tuple[str, ...] = ()
) -> dict[str, bytes]:
    """The byte code of ``{name: source}``, from the cache, else compiled now: for each
    module ``NAME.py`` of ``modules`` its ``NAME.pyc``, for each file of
    ``beside_source`` (which the page writes as source) a checked ``.pyc`` in its
    ``__pycache__/``, and the compiled methods of the dataclasses of ``RECORDED_PACKAGES``
    at ``DATACLASS_CODE`` (``programs``, scripts that run when imported, are not imported
    to record them); each keyed by its path in the archive."""
    sources = {
        "modules": modules,
        "beside_source": beside_source or {},
        "dataclass_code": {"path": DATACLASS_CODE, "packages": list(RECORDED_PACKAGES), "skip": list(programs)},
    }
    with _lock:
        path = CACHE / f"{stamp(sources)}.zip"
        if not path.is_file():
            _compile_into(sources, path)
            _prune()
        else:
            path.touch()  # recently used: kept by the pruning
        with zipfile.ZipFile(path) as archive:
            return {name: archive.read(name) for name in archive.namelist()}
