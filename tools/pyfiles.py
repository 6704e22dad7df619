"""The game's Python code as the browser gets it: one archive of engine/ and ui/.

PyScript would fetch each module as a file of its own after the interpreter has
started; one archive is a single request that the page downloads while the runtime
does, and nothing to keep listed by hand. ``pyscript.toml`` maps the archive into the
browser's file system (``"./game.zip" = "./*"`` unpacks it there).

The archive stores its members uncompressed, and the site holds it compressed whole,
as the runtime's big files are (``tools/packing.py``): ``game.zip.gz`` and
``game.zip.br``, of which the page downloads the one its browser decodes
(tools/pyodide-game.mjs hands PyScript the archive decompressed). Compressed whole it
is a quarter smaller than with its members compressed one by one (gzip 0.49 MB,
brotli 0.36 MB, against 0.59 MB). The development server builds them on request from
the files on disk (again when one changes); ``tools/site.py`` writes them into a built
site.

The archive holds the modules as byte code, not source (``tools/bytecode.py``):
compiling them from source is most of a start in WebKit. Each ``NAME.py`` is
``NAME.pyc``, an unchecked hash-based file that the page's Python loads without
looking for its source. The sources stay out: they would add about 200 KB to every
first visit, and a traceback from the browser still names the repository's file
and line (``File "engine/rules.py", line 42``), where the code is read.

It also holds PyScript's own package as byte code (``pyscript/__pycache__/``):
PyScript writes that package as source at every start and the page's Python would
compile it (0.2-0.4 s in WebKit); the byte code is checked against the source beside
it, so another PyScript's package is compiled as before, never mistaken for this one.

The byte code leaves the docstrings out (``tools/byte_code.py``, which compiles the
standard library the same way): they are for readers of the repository (and its
doctests), and they were a fifth of the archive's bytes; every line number stays.

Usage:
  python3 tools/pyfiles.py            list the files the archive holds
  python3 tools/pyfiles.py --out F    write the archive to F
"""

from __future__ import annotations

import argparse
import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tools import bytecode

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "ui")
ARCHIVE = "game.zip"
"""The archive's name, relative to the page and to ``pyscript.toml``."""
ENTRY_POINTS = ("ui/main.py", "ui/solver_worker.py")
"""Scripts that the page and the solver's worker load by URL as their ``src``:
published as files of their own, left out of the archive (nothing imports them; the
page's script awaits at its top level, which only its runner allows)."""
PYSCRIPT_STDLIB = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
"""The module of PyScript's Python files that its bundle (static/vendor/pyscript/) is built from."""
FIXED_TIME = (2000, 1, 1, 0, 0, 0)
"""Every entry's timestamp: the same files always make the same bytes, so the
service worker's content version changes only when the code does."""


def python_files(root: Path = ROOT) -> list[str]:
    """Every file of the archive: the Python files the page needs, as paths relative
    to the repository. The translation catalogs are not among them: the page fetches the
    one of the player's language (``ui/dom/catalogs.py``), so no visit downloads all three."""
    files: list[str] = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if "__pycache__" not in path.parts and name not in ENTRY_POINTS:
                files.append(name)
    return files


def shipped_name(name: str) -> str:
    """The archive's name for a file of :func:`python_files`: a module's byte code
    (``ui/page.py`` -> ``ui/page.pyc``), else the file's own name."""
    return name + "c" if name.endswith(".py") else name


def sources(root: Path = ROOT) -> dict[str, str]:
    """The archive's modules, as the byte code is compiled from (without their
    docstrings: ``tools/byte_code.py``)."""
    return {name: (root / name).read_text(encoding="utf-8") for name in python_files(root) if name.endswith(".py")}


def pyscript_sources() -> dict[str, str]:
    """PyScript's own Python package as PyScript writes it into the file system at every
    start (``./pyscript/NAME.py``, from the module its bundle is built from), by path."""
    text = PYSCRIPT_STDLIB.read_text(encoding="utf-8")
    tree = json.loads(text[text.index("{") : text.rindex("}") + 1])

    def files(folder: str, node: dict[str, Any]) -> Iterator[tuple[str, str]]:
        for name, value in node.items():
            if isinstance(value, str):
                yield f"{folder}{name}", value
            else:
                yield from files(f"{folder}{name}/", value)

    return dict(files("", tree))


def archive(root: Path = ROOT) -> bytes:
    """The zip archive of :func:`python_files`, modules as byte code, with the byte code
    of PyScript's own package (checked against the source PyScript writes beside it:
    WebKit took 0.2-0.4 s to compile it at every start), byte for byte reproducible."""
    compiled = bytecode.compiled(sources(root), pyscript_sources())
    entries = {shipped_name(name): name for name in python_files(root)}
    entries.update({name: "" for name in compiled if name.startswith("pyscript/") or name == bytecode.DATACLASS_CODE})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as zf:
        for shipped, name in entries.items():
            info = zipfile.ZipInfo(shipped, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            data = compiled[shipped] if shipped in compiled else (root / name).read_bytes()
            zf.writestr(info, data)
    return buffer.getvalue()


_cache: dict[tuple[object, ...], bytes] = {}


def current_archive(root: Path = ROOT) -> bytes:
    """:func:`archive`, made again only when a file changed (the development
    server serves it, and hashes it into sw.js, on every page load)."""
    stats = [(name, (root / name).stat()) for name in python_files(root)]
    stamp = (str(root), *((name, stat.st_mtime_ns, stat.st_size) for name, stat in stats))
    if stamp not in _cache:
        _cache.clear()
        _cache[stamp] = archive(root)
    return _cache[stamp]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the archive to this file")
    args = parser.parse_args()
    if args.out is None:
        print("\n".join(python_files()))
        return
    data = archive()
    args.out.write_bytes(data)
    print(f"Wrote {args.out} ({len(python_files())} files, {len(data) / 1000:.1f} KB).")


if __name__ == "__main__":
    main()
