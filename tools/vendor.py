"""Copy the browser runtime from node_modules/ into static/vendor/.

The page must never reach another origin, so Pyodide and PyScript are served
from our own files. Only what the page needs is copied (no source maps, no
Node-only builds), and a file is rewritten only when its content changed, so a
second run is instant.

Usage: python3 tools/vendor.py [--check]
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

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
    for source in sorted(dist.iterdir()):
        if source.is_file() and not source.name.endswith(".map"):
            wanted[VENDOR / "pyscript" / source.name] = source
    wanted.update(_font_files())
    return wanted


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
    for stale in VENDOR.rglob("*"):
        if stale.is_file() and stale not in wanted:
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
        print("up to date" if not stale else f"{len(stale)} file(s) to copy")
        sys.exit(1 if stale else 0)
    ensure()


if __name__ == "__main__":
    main()
