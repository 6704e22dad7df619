"""The game's standard library: only the modules it imports, compiled to byte code.

Pyodide's ``python_stdlib.zip`` holds the whole standard library as source (559
files), and the page's Python compiles every module it imports from source at
every boot: most of a bare page's start. The game ships its own zip instead:

- the modules measured in the browser (``tools/stdlib-imports.txt``: the page and
  the solver's worker, through a game, a hint and a statistics export),
- plus ``EXTRA``, modules a player's session or a coming feature may import that
  the measured run did not reach,
- each with everything it imports (the closure is taken inside Pyodide itself),

compiled by the vendored Pyodide under Node (``tools/stdlib.mjs`` runs
``tools/stdlib_zip.py``), so the byte code is the page's own. ``tools/vendor.py``
builds it into ``static/vendor/pyodide/`` when it is missing or stale; the
interpreter module ``pyodide-game.mjs`` hands it to Pyodide as ``stdLibURL``.

The zip's comment is a hash of everything it is made from, so a rebuild happens
only when one of them changed.

Usage:
  python3 tools/stdlib.py                      build the zip when stale, print what it holds
  python3 -m tests.browser.stdlib_probe        boot the game on the full standard library
                                               in Chromium, play, rewrite stdlib-imports.txt

The measurement lives with the browser tests' scripted session, which it plays:
the tools never import the tests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
FULL_STDLIB = PYODIDE / "python_stdlib.zip"
ARCHIVE = "python_stdlib_game.zip"
"""The game's standard library, next to ``pyodide.mjs`` in the vendored runtime."""
INTERPRETER = "pyodide-game.mjs"
"""The interpreter module that ``pyscript.toml`` names (source: ``tools/pyodide-game.mjs``)."""
RUNTIME_MODULES = (INTERPRETER, "pyodide-snapshot.mjs", "pyodide-unzip.mjs", "pyodide-watchdog.mjs")
"""Our modules in the runtime's folder: the interpreter, the worker making its snapshot, the
unzip of game.zip and the worker watching a start from the snapshot."""
MEASURED = ROOT / "tools" / "stdlib-imports.txt"
BUILDER = tuple(ROOT / "tools" / name for name in ("stdlib.mjs", "stdlib_zip.py", "byte_code.py", "pyodide-build.mjs"))

EXTRA: dict[str, str] = {
    "gettext": "translations of the game's text are coming, through gettext",
    "locale": "gettext imports it to expand language names",
    "hashlib": "the daily deal's candidate deals are SHA-256 hashes (engine/daily.py)",
    "calendar": "the daily deal's month grid (ui/model/daily.py)",
    "json": "saves, statistics export and import (measured too, listed for clarity)",
    "zipfile": "an export of the player's data as one archive is planned",
    "traceback": "an error report shows a traceback; stdlib_zip.py also formats a few",
    "linecache": "a traceback's source lines",
    "encodings.ascii": "codecs the page may meet in data a player imports",
    "encodings.latin_1": "",
    "encodings.utf_8_sig": "",
    "encodings.utf_16": "",
    "encodings.utf_32": "",
    "encodings.unicode_escape": "",
    "encodings.raw_unicode_escape": "",
}
"""Modules shipped although the measured run did not import them, with the reason."""
NOT_IN_BROWSER = ("hypothesis", "pytest", "playwright")
"""Test tools: never imported by the page, never shipped."""


def measured() -> list[str]:
    lines = MEASURED.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def wanted() -> list[str]:
    """Every module the zip is built to hold (each brings what it imports)."""
    return sorted(set(measured()) | set(EXTRA))


def stamp() -> str:
    """A hash of everything the zip is made from: the full standard library, the
    runtime's version, the wanted modules and the build scripts."""
    digest = hashlib.sha256()
    digest.update(FULL_STDLIB.read_bytes())
    digest.update((PYODIDE / "package.json").read_bytes())
    digest.update(json.dumps(wanted()).encode())
    for script in BUILDER:
        digest.update(script.read_bytes())
    return digest.hexdigest()[:32]


def runtime_module(name: str) -> bytes:
    """One of ``RUNTIME_MODULES`` as the page gets it: its BUILD names the standard
    library it goes with (a memory snapshot fits that build only)."""
    text = (ROOT / "tools" / name).read_text(encoding="utf-8")
    return text.replace("__BUILD__", stamp()).encode()


def is_current(path: Path) -> bool:
    if not path.is_file():
        return False
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.comment.decode() == stamp()
    except (zipfile.BadZipFile, UnicodeDecodeError):
        return False


def build(out: Path) -> bool:
    """Write the zip to ``out`` unless it is current. True when it was (re)built."""
    if is_current(out):
        return False
    node = shutil.which("node")
    if node is None:
        sys.exit("Node.js is required to compile the standard library: install Node.js 18+, then run this again.")
    print("Compiling the game's standard library with the vendored Pyodide ...", flush=True)
    with tempfile.TemporaryDirectory() as scratch:
        names = Path(scratch) / "wanted.json"
        names.write_text(json.dumps(wanted()), encoding="utf-8")
        made = Path(scratch) / ARCHIVE
        subprocess.run([node, str(BUILDER[0]), str(PYODIDE), str(names), stamp(), str(made)], check=True)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(made, out)
    return True


def write_measured(modules: set[str]) -> None:
    header = [
        "# Standard-library modules the game imports in the browser (the page and the solver's",
        "# worker), measured by `python3 -m tests.browser.stdlib_probe`. tools/stdlib.py builds the",
        "# game's standard library from these and its EXTRA list; do not edit by hand.",
    ]
    MEASURED.write_text("\n".join([*header, *sorted(modules)]) + "\n", encoding="utf-8")


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    out = ROOT / "static" / "vendor" / "pyodide" / ARCHIVE
    build(out)
    with zipfile.ZipFile(out) as archive:
        infos = archive.infolist()
    size = out.stat().st_size
    print(f"{out.relative_to(ROOT)}: {len(infos)} compiled modules, {size / 1e6:.2f} MB.")


if __name__ == "__main__":
    main()
