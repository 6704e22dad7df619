"""The published site's file list and service worker, checked in CPython."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tools import site

ROOT = Path(__file__).resolve().parent.parent


def precache_of(sw_text: str) -> list[str]:
    match = re.search(r"const PRECACHE = (\[.*?\]);", sw_text, re.S)
    assert match, "sw.js has no pre-cache list"
    urls: list[str] = json.loads(match.group(1))
    return urls


def test_precache_lists_the_python_archive_the_entry_points_and_the_runtime() -> None:
    urls = precache_of(site.service_worker())
    assert "./" in urls
    assert "./index.html" in urls
    assert "./pyscript.toml" in urls
    assert "./game.zip" in urls
    assert "./ui/main.py" in urls
    assert "./ui/solver_worker.py" in urls
    # Every other module comes inside the archive, not as a file of its own.
    assert not [url for url in urls if url.startswith("./engine/")]
    for runtime in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert f"./static/vendor/pyodide/{runtime}" in urls
    assert "./static/vendor/pyscript/core.js" in urls
    assert "./static/manifest.webmanifest" in urls
    assert not [url for url in urls if url.endswith((".map", ".pyc"))]


def test_cache_version_follows_the_content(tmp_path: Path) -> None:
    for name in ("index.html", "pyscript.toml"):
        shutil.copyfile(ROOT / name, tmp_path / name)
    for folder in ("engine", "ui"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    (tmp_path / "static").mkdir()
    before = site.content_version(tmp_path, site.site_files(tmp_path))
    assert before == site.content_version(tmp_path, site.site_files(tmp_path))
    (tmp_path / "ui" / "app.py").write_text("# changed\n", encoding="utf-8")
    assert site.content_version(tmp_path, site.site_files(tmp_path)) != before


def test_built_site_holds_the_files_and_a_filled_service_worker(tmp_path: Path) -> None:
    out = tmp_path / "site"
    site.build(out)
    sw = (out / "sw.js").read_text(encoding="utf-8")
    assert "__VERSION__" not in sw
    assert "__PRECACHE__" not in sw
    for url in precache_of(sw):
        assert (out / url.removeprefix("./")).exists() or url == "./", url
    assert not (out / "tests").exists()
    assert not (out / "tools").exists()


def test_manifest_is_installable() -> None:
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (ROOT / "static" / icon["src"]).is_file()


def test_every_preloaded_file_exists_and_is_precached() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloads = re.findall(r'<link rel="(?:modulepreload|preload)" href="\./([^"]+)"', html)
    assert len(preloads) >= 5
    urls = precache_of(site.service_worker())
    assert "game.zip" in preloads
    for path in preloads:
        exists = (ROOT / path).is_file() or path in site.BUILT
        assert exists, f"index.html preloads {path}, which does not exist"
        assert f"./{path}" in urls
