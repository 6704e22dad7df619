"""The published site's file list and service worker, checked in CPython."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tools import pyfiles, site, stdlib, vendor

pytestmark = pytest.mark.vendored  # reads the runtime, fonts and artwork in static/vendor/

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
    assert "./game.zip.gz" in urls
    assert "./game.zip.br" in urls
    assert "./game.zip" not in urls  # only compressed
    assert "./ui/main.py" in urls
    assert "./ui/solver_worker.py" in urls
    # Every other module comes inside the archive, not as a file of its own.
    assert not [url for url in urls if url.startswith("./engine/")]
    for runtime in ("pyodide-game.mjs", "pyodide.mjs", "pyodide.asm.wasm.gz", "python_stdlib_game.zip.gz"):
        assert f"./static/vendor/pyodide/{runtime}" in urls
    # The game boots on its own compiled standard library, never on npm's full one.
    assert "./static/vendor/pyodide/python_stdlib.zip" not in urls
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


def test_the_service_worker_lists_the_digest_of_every_built_file(tmp_path: Path) -> None:
    """The worker keeps a copy already on the device (the page's download, an older
    version's cache) only when its bytes have the listed SHA-256: each must be the file's."""
    out = tmp_path / "site"
    site.build(out)
    sw = (out / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const DIGESTS = (\{.*?\});", sw, re.S)
    assert found, "sw.js has no digests"
    digests: dict[str, str] = json.loads(found.group(1))
    assert set(digests) == set(precache_of(sw))
    for url, digest in digests.items():
        name = url.removeprefix("./") or "index.html"
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest, url


def test_the_service_worker_names_its_version_as_its_refill_reads_it() -> None:
    """A worker refills its cache only while the server's sw.js names its own version,
    read as the line ``const VERSION = "…";`` (static/sw-template.js)."""
    sw = site.service_worker()
    version = site.content_version(site.ROOT, site.site_files())
    assert f"const VERSION = {json.dumps(version)};" in sw
    template = site.SW_TEMPLATE.read_text(encoding="utf-8")
    assert '"const VERSION = " + JSON.stringify(VERSION) + ";"' in template


def test_manifest_is_installable() -> None:
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (ROOT / "static" / icon["src"]).is_file()


def test_no_module_is_preloaded_beside_an_import_of_it_by_name() -> None:
    # Preloaded beside a static import of the same module, Chromium at times aborted one of
    # the two requests under a service worker, and the module with it: a reload with a new
    # version waiting ended on the loading screen's error (tests/browser/test_updates.py).
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloads = re.findall(r'<link rel="modulepreload" href="\./([^"]+)"', html)
    modules = re.findall(r'<script type="module"[^>]* src="\./([^"]+)"', html) + preloads
    imported = set()
    for module in modules:
        text = (ROOT / module).read_text(encoding="utf-8")
        folder = module.rsplit("/", 1)[0]
        imported |= {f"{folder}/{name}" for name in re.findall(r'\bfrom ?"\./([^"]+)"', text)}
    assert "static/vendor/pyodide/pyodide.mjs" in imported  # the check reads the imports
    assert not set(preloads) & imported, f"preloaded and imported by name: {sorted(set(preloads) & imported)}"


def test_every_preloaded_file_exists_and_is_precached() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloads = re.findall(r'<link rel="(?:modulepreload|preload)" href="\./([^"]+)"', html)
    assert len(preloads) >= 3
    urls = precache_of(site.service_worker())
    for path in preloads + boot_downloads():
        exists = (ROOT / path).is_file() or path in site.packed_files()
        assert exists, f"the page preloads or downloads {path}, which does not exist"
        assert f"./{path}" in urls


def boot_list(name: str) -> list[str]:
    """A list of files static/boot.js downloads from the first moment, by its name."""
    script = (ROOT / "static" / "boot.js").read_text(encoding="utf-8")
    found = re.search(rf"var {name} = \[(.*?)\];", script, re.S)
    assert found, f"static/boot.js has no {name} list"
    return [path.removeprefix("./") for path in re.findall(r'"([^"]+)"', found.group(1))]


def boot_downloads() -> list[str]:
    """The files static/boot.js downloads from the first moment: the runtime's, the game's
    archive (its DOWNLOADS list) and the two PyScript asks for (PYSCRIPT_FILES)."""
    return boot_list("DOWNLOADS") + boot_list("PYSCRIPT_FILES")


def test_the_loading_screen_downloads_pyscripts_configuration_and_the_entry_point() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="py" src="\./([^"]+)" config="\./([^"]+)"></script>', html)
    assert found, 'index.html has no <script type="py"> with a src and a config'
    assert sorted(boot_list("PYSCRIPT_FILES")) == sorted(found.groups())


def test_the_loading_screen_downloads_the_runtime_compressed_and_the_game_archive() -> None:
    downloads = boot_downloads()
    assert "game.zip.gz" in downloads
    for name in vendor.COMPRESSED:
        assert f"static/vendor/pyodide/{name}.gz" in downloads
        assert f"static/vendor/pyodide/{name}" not in downloads
    # Nothing is downloaded twice: not preloaded by the page as well.
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert not set(re.findall(r'<link rel="(?:modulepreload|preload)" href="\./([^"]+)"', html)) & set(downloads)


def test_the_runtime_travels_compressed_and_only_compressed() -> None:
    files = site.site_files()
    urls = precache_of(site.service_worker())
    for name in vendor.COMPRESSED:
        raw = vendor.VENDOR / "pyodide" / name
        packed = raw.with_name(name + ".gz")
        assert f"static/vendor/pyodide/{name}.gz" in files
        assert f"static/vendor/pyodide/{name}" not in files
        assert f"./static/vendor/pyodide/{name}" not in urls
        assert gzip.decompress(packed.read_bytes()) == raw.read_bytes(), f"{packed.name} is not the gzip of {name}"


def brotli_decoded(data: bytes) -> bytes:
    """``data`` decoded by Node's brotli (Python's standard library has none)."""
    script = "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"
    return subprocess.run(["node", "-e", script], input=data, capture_output=True, check=True).stdout


def test_the_runtime_is_published_in_brotli_too_and_decodes_to_the_same_bytes() -> None:
    files = site.site_files()
    urls = precache_of(site.service_worker())
    for name in vendor.COMPRESSED:
        raw = vendor.VENDOR / "pyodide" / name
        packed = raw.with_name(name + ".br")
        assert f"static/vendor/pyodide/{name}.br" in files
        assert f"./static/vendor/pyodide/{name}.br" in urls  # the worker keeps one of the two
        assert brotli_decoded(packed.read_bytes()) == raw.read_bytes(), f"{packed.name} is not the brotli of {name}"
        assert packed.stat().st_size < raw.with_name(name + ".gz").stat().st_size


def test_the_game_archive_travels_compressed_whole_and_decodes_to_its_zip() -> None:
    files = site.site_files()
    archive = pyfiles.current_archive()
    assert "game.zip" not in files
    assert gzip.decompress(site.file_bytes("game.zip.gz")) == archive
    assert brotli_decoded(site.file_bytes("game.zip.br")) == archive
    assert len(site.file_bytes("game.zip.br")) < len(site.file_bytes("game.zip.gz")) < len(archive) / 3


@pytest.mark.parametrize("language", ["th", "km"])
def test_each_catalog_travels_compressed_and_apart_from_the_game_archive(language: str) -> None:
    name = f"locale/{language}/LC_MESSAGES/game.mo"
    files = site.site_files()
    assert name not in files
    assert gzip.decompress(site.file_bytes(f"{name}.gz")) == (ROOT / name).read_bytes()
    assert brotli_decoded(site.file_bytes(f"{name}.br")) == (ROOT / name).read_bytes()
    assert {f"./{name}.gz", f"./{name}.br"} <= set(precache_of(site.service_worker()))
    with zipfile.ZipFile(io.BytesIO(pyfiles.current_archive())) as archive:
        assert not [entry for entry in archive.namelist() if entry.endswith(".mo")]


@pytest.mark.parametrize("name", ["game", "stdlib"])
def test_the_zips_store_their_members_so_that_they_compress_whole(name: str) -> None:
    data = pyfiles.current_archive() if name == "game" else (vendor.VENDOR / "pyodide" / stdlib.ARCHIVE).read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        methods = {info.compress_type for info in archive.infolist()}
    assert methods == {zipfile.ZIP_STORED}


def test_the_plugins_the_page_turns_off_are_not_published() -> None:
    files = [name.removeprefix("static/vendor/pyscript/") for name in site.site_files() if "/pyscript/" in name]
    assert "core.js" in files
    assert any(name.startswith("core-") for name in files)
    turned_off = [name for name in files if vendor.plugin_off(name) or name.startswith(("xterm", "mpy-", "py-"))]
    assert turned_off == []
    config = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    for plugin in vendor.PYSCRIPT_PLUGINS_OFF:
        if plugin != "codemirror":
            assert f'"!{plugin}"' in config, f"vendor.py leaves out {plugin}, which pyscript.toml does not turn off"


def test_a_build_never_deletes_a_folder_it_did_not_make(tmp_path: Path) -> None:
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "keep.txt").write_text("precious")
    with pytest.raises(site.SiteError, match="not empty"):
        site.build(mine)
    assert (mine / "keep.txt").read_text() == "precious"
    for holder in (ROOT, ROOT.parent):
        with pytest.raises(site.SiteError, match="sources"):
            site.check_out_dir(holder)
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(site.SiteError, match="not a folder"):
        site.build(a_file)
    assert a_file.read_text() == "x"


def test_a_build_replaces_an_earlier_build_and_an_empty_folder(tmp_path: Path) -> None:
    out = tmp_path / "empty"
    out.mkdir()
    site.build(out)
    (out / "stale.txt").write_text("from an older build")
    site.build(out)
    assert not (out / "stale.txt").exists()
    assert (out / "sw.js").is_file()


def test_the_command_refuses_a_folder_it_did_not_make(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("precious")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "site.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "Refusing to delete" in result.stderr
    assert (tmp_path / "keep.txt").read_text() == "precious"


def workflow(name: str) -> str:
    return (ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8")


def test_a_workflow_runs_every_test_on_pushes_and_pull_requests() -> None:
    text = workflow("test.yml")
    triggers = text.split("\non:", 1)[1].split("\njobs:", 1)[0]
    for event in ("push:", "pull_request:", "workflow_call:"):
        assert f"\n  {event}" in triggers, event
    assert "- run: python3 tools/test.py\n" in text, "README's test command, with no arguments: every test"


def test_pages_deploys_only_what_passed_the_tests() -> None:
    text = workflow("pages.yml")
    jobs = text.split("\njobs:", 1)[1]
    assert "uses: ./.github/workflows/test.yml" in jobs.split("\n  build:", 1)[0]
    build = jobs.split("\n  build:", 1)[1].split("\n  deploy:", 1)[0]
    assert "needs: test" in build
    assert "needs: build" in jobs.split("\n  deploy:", 1)[1]
