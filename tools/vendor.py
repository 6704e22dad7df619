"""Copy the browser runtime and the court cards' artwork from node_modules/ into static/vendor/.

The page must never reach another origin, so Pyodide and PyScript are served
from our own files. Only what the page needs is copied (no source maps, no
Node-only builds), and a file is rewritten only when its content changed, so a
second run is instant. Some files are ours, not npm's: the interpreter module
the page loads (``tools/pyodide-game.mjs``), the worker that makes its memory
snapshot (``tools/pyodide-snapshot.mjs``), the worker that watches a start from it
(``tools/pyodide-watchdog.mjs``), the unzip of game.zip (``tools/pyodide-unzip.mjs``),
and the game's compiled standard library that they hand to Pyodide (built by
``tools/stdlib.py`` when stale).

Usage: python3 tools/vendor.py [--check]
"""

from __future__ import annotations

import argparse
import filecmp
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import packing, stdlib  # noqa: E402 - the path above makes the package importable from anywhere

NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
COMPRESSED = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json", stdlib.ARCHIVE)
"""The runtime's files that travel compressed whatever the host does (a plain static server
sends 12 MB raw; ``tools/packing.py``): each has ``NAME.gz`` and ``NAME.br`` beside it, which
the page downloads, the one its browser decodes, and decompresses itself
(``tools/pyodide-game.mjs``, with the browser's DecompressionStream). The standard library's
zip stores its members uncompressed, so that the whole file compresses as one (0.88 MB with
gzip, 0.65 MB with brotli, against 0.95 MB for a zip of members compressed one by one)."""
BUILT = {VENDOR / "pyodide" / stdlib.ARCHIVE: stdlib.build}
"""Files made rather than copied, each with the function that (re)builds it when stale."""
NOT_PUBLISHED = (
    VENDOR / "pyodide" / "python_stdlib.zip",
    *(VENDOR / "pyodide" / name for name in COMPRESSED),
)
"""Vendored but not part of the site: npm's full standard library, which the game
does not load, and the raw files of ``COMPRESSED`` (the site has them compressed).
The benchmarks' bare page (bench/floor/) boots on npm's files as npm ships them (the
runtime's three and the full standard library)."""

PYSCRIPT_PLUGINS_OFF = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
"""PyScript's plugins that pyscript.toml and index.html turn off (codemirror is the editor's):
their chunks, and the chunks only they import (the terminal's xterm, MicroPython's glue),
are never requested, so they are not vendored, published or pre-cached. PyScript imports
its "error" plugin whatever the configuration says, so that one stays."""
PYSCRIPT_ENTRY = "core.js"
IMPORTED = re.compile(r'(?:\bfrom|\bimport)\s*"\./([^"]+)"|\bimport\(\s*"\./([^"]+)"\s*\)')

CARD_ART = tuple(f"{rank}{suit}.svg" for rank in "JQK" for suit in "SHDC")
"""The court cards' artwork (Vectorized Playing Cards 1.3, in the cardsJS package), kept with
its licence (LGPL-3.0, which builds on the GPL-3.0) and its author's notice; ui/faces.py names
the same files."""
CARD_NOTICES = ("readme.txt", "AUTHORS.txt", "COPYING.LESSER.txt", "COPYING.txt")

FONTS = {"noto-sans-thai": "thai", "noto-sans-khmer": "khmer"}
"""The @fontsource packages of the Thai and Khmer faces, each with the one subset we use."""
FONT_WEIGHTS = (400, 700)
"""Regular and bold: the browser takes the nearest for 500, 600 and 800."""


def _wanted() -> dict[Path, Path]:
    """Map every destination file to its source in node_modules."""
    wanted: dict[Path, Path] = {}
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        wanted[VENDOR / "pyodide" / name] = pyodide / name
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    for name in pyscript_files(dist):
        wanted[VENDOR / "pyscript" / name] = dist / name
    wanted.update(_card_art())
    wanted.update(_font_files())
    return wanted


def plugin_off(chunk: str) -> bool:
    """True for a chunk of a plugin the page turns off: ``donkey-4Hrqd7WZ.js``, ``codemirror_view-….js``."""
    stem = chunk.rsplit("-", 1)[0]
    return stem in PYSCRIPT_PLUGINS_OFF or stem.startswith("codemirror")


def pyscript_files(dist: Path) -> list[str]:
    """PyScript's entry module and every chunk it can import, static or dynamic, except
    the chunks of the plugins the page turns off (and what only they import)."""
    found: set[str] = set()
    todo = [PYSCRIPT_ENTRY]
    while todo:
        name = todo.pop()
        if name in found or plugin_off(name) or not (dist / name).is_file():
            continue
        found.add(name)
        for static, dynamic in IMPORTED.findall((dist / name).read_text(encoding="utf-8")):
            todo.append(static or dynamic)
    return sorted(found)


def compress(source: Path, dest: Path) -> bool:
    """Write ``dest``, ``source`` packed as its suffix says (``.gz``, ``.br``: ``tools/packing.py``),
    unless it is newer than it. True when written."""
    if dest.exists() and dest.stat().st_mtime >= source.stat().st_mtime:
        return False
    partial = dest.with_name(dest.name + ".part")
    partial.write_bytes(packing.packed(source.read_bytes(), dest.suffix.lstrip(".")))
    partial.replace(dest)
    return True


def _font_files() -> dict[Path, Path]:
    """The Thai and Khmer woff2 files that static/css/fonts.css declares, and
    each font's licence (OFL, which asks for it to travel with the font)."""
    wanted: dict[Path, Path] = {}
    for package, subset in FONTS.items():
        source = NODE_MODULES / "@fontsource" / package
        for weight in FONT_WEIGHTS:
            name = f"{package}-{subset}-{weight}-normal.woff2"
            wanted[VENDOR / "fonts" / name] = source / "files" / name
        wanted[VENDOR / "fonts" / f"{package}-LICENSE.txt"] = source / "LICENSE"
    return wanted


def _own() -> dict[Path, bytes]:
    """Our modules that must sit in the runtime's folder, with their content."""
    return {VENDOR / "pyodide" / name: stdlib.runtime_module(name) for name in stdlib.RUNTIME_MODULES}


def _card_art() -> dict[Path, Path]:
    """The court artwork and its licence, copied unchanged into static/vendor/cards/."""
    package = NODE_MODULES / "cardsJS"
    files = {VENDOR / "cards" / name: package / "dist" / "cards" / name for name in CARD_ART}
    files.update({VENDOR / "cards" / name: package / "cards" / name for name in CARD_NOTICES})
    return files


def npm_ci_needed() -> bool:
    """True when node_modules is missing or older than the lock file."""
    marker = NODE_MODULES / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    return not marker.exists() or marker.stat().st_mtime < lock.stat().st_mtime


def ensure_node_modules() -> None:
    if not npm_ci_needed():
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("npm is required (Node.js 18+): install Node.js, then run this again.")
    print("Installing the pinned runtime with npm ci ...", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def vendor() -> int:
    """Copy what changed; remove stale files. Returns the number of files written."""
    wanted = _wanted()
    missing = [str(src) for src in wanted.values() if not src.exists()]
    if missing:
        sys.exit("Missing runtime files (run npm ci): " + ", ".join(missing))
    written = 0
    for dest, source in wanted.items():
        if dest.exists() and filecmp.cmp(source, dest, shallow=False):
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, dest)
        written += 1
    for dest, make in BUILT.items():
        written += make(dest)
    packed = {
        VENDOR / "pyodide" / f"{name}.{suffix}": VENDOR / "pyodide" / name
        for name in COMPRESSED
        for suffix in packing.FORMATS
    }
    for dest, source in packed.items():
        written += compress(source, dest)
    own = _own()
    for dest, content in own.items():
        if not dest.exists() or dest.read_bytes() != content:
            dest.write_bytes(content)
            written += 1
    for stale in VENDOR.rglob("*"):
        if stale.is_file() and stale not in wanted and stale not in BUILT and stale not in own and stale not in packed:
            stale.unlink()
    return written


def ensure() -> None:
    """Make static/vendor/ complete, running npm ci first when needed."""
    ensure_node_modules()
    written = vendor()
    if written:
        print(f"Vendored {written} runtime file(s) into static/vendor/.", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether vendoring is needed")
    args = parser.parse_args()
    if args.check:
        stale = [d for d, s in _wanted().items() if not d.exists() or not filecmp.cmp(s, d, shallow=False)]
        stale += [d for d in BUILT if not stdlib.is_current(d)]
        packed = [VENDOR / "pyodide" / f"{name}.{suffix}" for name in COMPRESSED for suffix in packing.FORMATS]
        stale += [dest for dest in packed if not dest.exists()]
        stale += [d for d, content in _own().items() if not d.exists() or d.read_bytes() != content]
        print("up to date" if not stale else f"{len(stale)} file(s) to copy")
        sys.exit(1 if stale else 0)
    ensure()


if __name__ == "__main__":
    main()
