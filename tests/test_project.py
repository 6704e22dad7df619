"""Checks on the repository itself: the page's file list, lint, no foreign URLs."""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import re
import subprocess
import tomllib
import zipfile
from pathlib import Path

import pytest

from tools import bytecode, pyfiles, stdlib
from tools import test as test_tool

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.vendored  # the byte code is compiled by the vendored runtime
def test_pyscript_unpacks_one_archive_of_every_python_file() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["files"] == {f"./{pyfiles.ARCHIVE}": "./*"}
    with zipfile.ZipFile(io.BytesIO(pyfiles.archive())) as archive:
        names = archive.namelist()
        assert archive.testzip() is None
    on_disk = {p.relative_to(ROOT).as_posix() for p in [*ROOT.glob("engine/**/*.py"), *ROOT.glob("ui/**/*.py")]}
    on_disk = {name + "c" for name in on_disk if "__pycache__" not in name}
    pyscript = {name for name in names if name.startswith("pyscript/__pycache__/")}
    built = {bytecode.DATACLASS_CODE}  # the dataclasses' compiled methods (tests/test_dataclass_code.py)
    # Every module but the scripts loaded by URL; no catalog (the page fetches its language's).
    assert set(names) - pyscript - built == on_disk - {name + "c" for name in pyfiles.ENTRY_POINTS}
    assert built <= set(names)
    assert "ui/page.pyc" in names
    assert "engine/solver/core.pyc" in names
    assert not [name for name in names if name.endswith(".py")], "no sources: the page loads byte code only"


def game_modules(archive: zipfile.ZipFile) -> list[str]:
    return [name for name in archive.namelist() if name.endswith(".pyc") and not name.startswith("pyscript/")]


@pytest.mark.vendored
def test_pyscripts_own_package_comes_as_byte_code_checked_against_the_source_pyscript_writes() -> None:
    # PyScript writes its package as source at every start, from strings in its bundle:
    # the byte code is made from those very strings, so the page's Python takes it.
    bundle = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "static/vendor/pyscript").glob("core-*.js"))
    sources = pyfiles.pyscript_sources()
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/display.py"} <= set(sources)
    for name, source in sources.items():
        assert json.dumps(source, ensure_ascii=False, separators=(",", ":")) in bundle, (
            f"{name} is not what the page writes"
        )
    magic = pyodide_magic()
    with zipfile.ZipFile(io.BytesIO(pyfiles.archive())) as archive:
        cached = {name for name in archive.namelist() if name.startswith("pyscript/")}
        # Where the page's Python looks: its cache tag, cpython-314 for Python 3.14.
        tags = {re.fullmatch(r"pyscript/__pycache__/\w+\.(cpython-3\d+)\.pyc", name) for name in cached}
        assert None not in tags, cached
        assert len({tag.group(1) for tag in tags if tag}) == 1, cached
        assert {name.split("/")[-1].split(".")[0] for name in cached} == {Path(name).stem for name in sources}
        for name in cached:
            header = archive.read(name)[:16]
            assert header[:4] == magic, name
            # PEP 552 flags: hash-based (1) and checked against the source beside it (2).
            assert int.from_bytes(header[4:8], "little") == 0b11, name


def pyodide_magic() -> bytes:
    """The magic number of the page's Python, as its own compiled standard library carries it."""
    with zipfile.ZipFile(ROOT / "static" / "vendor" / "pyodide" / stdlib.ARCHIVE) as runtime:
        return runtime.read("json/__init__.pyc")[:4]


@pytest.mark.vendored
def test_every_module_is_unchecked_byte_code_for_the_pages_python() -> None:
    magic = pyodide_magic()
    assert magic != importlib.util.MAGIC_NUMBER, "the page's Python is not the tools' Python"
    hashes = set()
    with zipfile.ZipFile(io.BytesIO(pyfiles.archive())) as archive:
        modules = game_modules(archive)
        assert len(modules) == len(pyfiles.sources())
        for name in modules:
            header = archive.read(name)[:16]
            assert header[:4] == magic, name
            # PEP 552 flags: hash-based (1) and not checked against a source (no 2).
            assert int.from_bytes(header[4:8], "little") == 0b01, name
            hashes.add(header[8:16])
    assert len(hashes) == len(set(pyfiles.sources().values())), "each source its own hash"


@pytest.mark.vendored
def test_the_byte_code_leaves_the_docstrings_out() -> None:
    # A first visit downloads it: the docstrings nobody reads in the page stay in the repository.
    with zipfile.ZipFile(io.BytesIO(pyfiles.archive())) as archive:
        compiled = {name.removesuffix("c"): archive.read(name) for name in game_modules(archive)}
    checked = 0
    for name, source in pyfiles.sources().items():
        docstring = ast.get_docstring(ast.parse(source), clean=False)
        if docstring and len(docstring) >= 40:
            checked += 1
            assert docstring.encode()[:40] not in compiled[name], f"{name} still holds its docstring"
    assert checked > 50, f"only {checked} modules with a docstring were checked"


@pytest.mark.vendored
def test_python_archive_is_reproducible() -> None:
    # Same files, same bytes: the service worker's cache version moves only with the code.
    assert pyfiles.archive() == pyfiles.archive()


def test_pyscript_uses_the_vendored_runtime_and_no_packages() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    # The vendored Pyodide, through the module beside it that adds the game's standard library.
    assert config["interpreter"] == "./static/vendor/pyodide/pyodide-game.mjs"
    wrapper = (ROOT / "tools" / "pyodide-game.mjs").read_text(encoding="utf-8")
    assert 'from "./pyodide.mjs"' in wrapper
    assert "packages" not in config


def test_no_file_of_the_page_names_another_origin() -> None:
    pattern = re.compile(r"https?://")
    allowed = re.compile(r"http://www\.w3\.org/2000/svg")  # an XML namespace, never fetched
    offenders = []
    sources = [ROOT / "index.html", ROOT / "pyscript.toml", *(ROOT / "tools").glob("pyodide-*.mjs")]
    for folder in ("ui", "engine", "static"):
        for path in (ROOT / folder).rglob("*"):
            if "vendor" in path.parts or path.suffix not in {".html", ".toml", ".py", ".css", ".js", ".json", ".svg"}:
                continue
            sources.append(path)
    for path in sources:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(allowed.sub("", line)):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_commit_hooks_run_the_fast_layers_checks() -> None:
    """Contributors' pre-commit hooks run the checks the fast layer starts with, from .venv/."""
    hooks = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    entries = re.findall(r"^\s+entry: \.venv/bin/(\S+(?: \S+)*)$", hooks, flags=re.MULTILINE)
    commands = {" ".join(check[:2]) if check[0] == "ruff" else check[0] for check in test_tool.CHECKS}
    assert {" ".join(entry.split()[:2]) if entry.startswith("ruff") else entry for entry in entries} == commands


# Loads the byte code as the page's Python does after PyScript wrote its sources: in the
# vendored Pyodide under Node, with a loader that notes every source it has to compile.
LOADER_CHECK = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, sourcesJson, archive] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {} });
pyodide.FS.writeFile("/tmp/sources.json", readFileSync(sourcesJson));
pyodide.FS.writeFile("/tmp/game.zip", readFileSync(archive));
console.log(pyodide.runPython(`
import importlib.util, json, zipfile
from pathlib import Path
sources = json.loads(Path("/tmp/sources.json").read_text(encoding="utf-8"))
with zipfile.ZipFile("/tmp/game.zip") as archive:
    archive.extractall("/home/pyodide", [name for name in archive.namelist() if name.startswith("pyscript/")])
compiled = []
for name, text in sources.items():
    path = Path("/home/pyodide", name)
    path.write_text(text, encoding="utf-8")  # as PyScript writes it
    spec = importlib.util.spec_from_file_location(name.removesuffix(".py").replace("/", "."), path)
    def noted(data, where, *rest, **named):
        compiled.append(str(where))
        return compile(data, where, "exec")
    spec.loader.source_to_code = noted
    spec.loader.get_code(spec.name)
json.dumps(compiled)
`));
"""


def compiled_by_the_page(tmp_path: Path, sources: dict[str, str], archive: bytes) -> list[str]:
    """The files the page's Python compiles when PyScript writes ``sources`` beside the
    byte code of ``archive`` (LOADER_CHECK, in the vendored Pyodide under Node)."""
    (tmp_path / "check.mjs").write_text(LOADER_CHECK, encoding="utf-8")
    (tmp_path / "sources.json").write_text(json.dumps(sources), encoding="utf-8")
    (tmp_path / "game.zip").write_bytes(archive)
    arguments = [str(tmp_path / name) for name in ("check.mjs", "sources.json", "game.zip")]
    run = subprocess.run(
        ["node", arguments[0], str(stdlib.PYODIDE), *arguments[1:]], capture_output=True, text=True, check=True
    )
    compiled: list[str] = json.loads(run.stdout.strip().splitlines()[-1])
    return compiled


@pytest.mark.vendored
def test_the_pages_python_loads_pyscripts_byte_code_without_compiling(tmp_path: Path) -> None:
    sources, archive = pyfiles.pyscript_sources(), pyfiles.archive()
    assert compiled_by_the_page(tmp_path, sources, archive) == []
    # And the check sees a compile: a source that differs from the byte code's is compiled.
    changed = {name: text + "\n# changed" for name, text in sources.items()}
    assert len(compiled_by_the_page(tmp_path, changed, archive)) == len(changed)
