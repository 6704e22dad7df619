"""The published site: which files it is made of, its service worker, and a build.

The service worker must pre-cache every file the page can fetch, or the game
cannot start offline; generating the list from the files on disk means it cannot
go stale. The cache name carries a hash of the files' contents, so any change
to any file installs a new cache on the player's next visit.

Usage:
  python3 tools/site.py --out DIR   copy the site into DIR (for GitHub Pages) with sw.js;
                                    DIR must be new, empty or an earlier build
  python3 tools/site.py --list      print the pre-cache list
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import packing, pyfiles, vendor  # noqa: E402 - the path above makes the package importable from anywhere

TOP_LEVEL = ("index.html", "pyscript.toml")
FOLDERS = ("static",)
CATALOGS = "locale/*/LC_MESSAGES/*.mo"
"""The compiled translations, which the page fetches one language at a time (``ui/dom/catalogs.py``)."""
SKIP_SUFFIXES = (".pyc", ".map")
SW_TEMPLATE = ROOT / "static" / "sw-template.js"
NOT_PUBLISHED = {path.relative_to(ROOT) for path in vendor.NOT_PUBLISHED}
"""Vendored for the benchmarks only (npm's full standard library): the game never loads it."""
MARKER = ".solitaire-site"
"""Left in every built site: only a folder holding it is ever deleted by a build."""


def packed_files(root: Path = ROOT) -> dict[str, str]:
    """The site's files made by compressing another, ``NAME.gz`` and ``NAME.br``
    (``tools/packing.py``), each with the ``NAME`` it holds: the game's Python archive
    and the translation catalogs. The site never holds those raw."""
    sources = [pyfiles.ARCHIVE, *sorted(path.relative_to(root).as_posix() for path in root.glob(CATALOGS))]
    return {f"{source}.{suffix}": source for source in sources for suffix in packing.FORMATS}


def site_files(root: Path = ROOT) -> list[str]:
    """Every file of the published site, relative to it, in a stable order (the
    Python code is in the archive; only the entry points are files of their own)."""
    files = [name for name in TOP_LEVEL if (root / name).is_file()]
    files += list(packed_files(root))
    files += [name for name in pyfiles.ENTRY_POINTS if (root / name).is_file()]
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or path.name.startswith("."):
                continue
            if path.suffix in SKIP_SUFFIXES or path == SW_TEMPLATE:
                continue
            if path.relative_to(root) in NOT_PUBLISHED:
                continue
            files.append(path.relative_to(root).as_posix())
    return files


def file_bytes(name: str, root: Path = ROOT) -> bytes:
    """The content of one file of the site, built ones included."""
    # Only a NAME.gz or NAME.br can be built (the catalogs are looked for only then:
    # sw.js, made per request by the development server, asks for every file's bytes).
    packed = name.rsplit(".", 1)[-1] in packing.FORMATS
    source = packed_files(root).get(name) if packed else None
    if source is None:
        return (root / name).read_bytes()
    data = pyfiles.current_archive(root) if source == pyfiles.ARCHIVE else (root / source).read_bytes()
    return packing.packed_once(data, name.rsplit(".", 1)[1])


def content_version(root: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(b"\0")
        digest.update(file_bytes(name, root))
    return digest.hexdigest()[:16]


def file_digests(root: Path, files: list[str]) -> dict[str, str]:
    """The SHA-256 of each file's bytes, in hex, by its pre-cache URL (``./`` is the page):
    the service worker keeps a copy already on the device (the page's own download, an
    older version's cache) only when its bytes are these."""
    digests = {f"./{name}": hashlib.sha256(file_bytes(name, root)).hexdigest() for name in files}
    if "index.html" in files:
        digests["./"] = digests["./index.html"]
    return digests


def service_worker(root: Path = ROOT) -> str:
    """The text of sw.js: the template with the pre-cache list, the files' digests and
    the version filled in."""
    files = site_files(root)
    urls = ["./", *(f"./{name}" for name in files)]
    digests = file_digests(root, files)
    text = SW_TEMPLATE.read_text(encoding="utf-8")
    text = text.replace('"__VERSION__"', json.dumps(content_version(root, files)))
    text = text.replace("__DIGESTS__", json.dumps({url: digests[url] for url in urls}, indent=2))
    return text.replace("__PRECACHE__", json.dumps(urls, indent=2))


class SiteError(Exception):
    """A build that would destroy something it did not make."""


def check_out_dir(out: Path) -> None:
    """Refuse an output folder whose deletion could lose anything: the repository
    or a folder holding it, a file, or a folder that is not empty and was not
    written by :func:`build` (which leaves its marker file in every site)."""
    out = out.resolve()
    if out == ROOT or out in ROOT.parents:
        raise SiteError(f"Refusing to build into {out}: it holds the game's sources.")
    if not out.exists():
        return
    if not out.is_dir() or out.is_symlink():
        raise SiteError(f"Refusing to build into {out}: it is not a folder.")
    if any(out.iterdir()) and not (out / MARKER).is_file():
        raise SiteError(
            f"Refusing to delete {out}: it is not empty and was not built by tools/site.py. "
            "Choose a new or empty folder."
        )


def build(out: Path) -> None:
    """Write the whole site into out: a new or empty folder, or an earlier build
    (replaced); raises ``SiteError`` for any other folder, changing nothing."""
    check_out_dir(out)
    vendor.ensure()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / MARKER).write_text("Built by tools/site.py: the next build replaces this folder.\n", encoding="utf-8")
    packed = packed_files()
    for name in site_files():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if name in packed:
            target.write_bytes(file_bytes(name))
        else:
            shutil.copyfile(ROOT / name, target)
    (out / "sw.js").write_text(service_worker(), encoding="utf-8")
    (out / ".nojekyll").write_text("")  # GitHub Pages must not hide files or folders that start with "_"
    print(f"Built the site into {out} ({len(site_files())} files and sw.js).")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--out", type=Path, help="build the site into this folder")
    group.add_argument("--list", action="store_true", help="print the pre-cache list")
    args = parser.parse_args()
    if args.list:
        print("\n".join(site_files()))
    else:
        try:
            build(args.out.resolve())
        except SiteError as error:
            sys.exit(str(error))


if __name__ == "__main__":
    main()
