"""The game's standard library (tools/stdlib.py), checked in CPython: compiled,
trimmed, current, and holding every module the game's code names."""

from __future__ import annotations

import _imp
import ast
import importlib.util
import sys
import zipfile
from pathlib import Path

import pytest

from tests.browser.stdlib_probe import full_stdlib_modules
from tools import pyfiles, stdlib, vendor

pytestmark = pytest.mark.vendored  # reads the runtime, fonts and artwork in static/vendor/

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = vendor.VENDOR / "pyodide" / stdlib.ARCHIVE


@pytest.fixture(scope="module")
def shipped() -> dict[str, bytes]:
    vendor.ensure()
    with zipfile.ZipFile(SHIPPED) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def module_names(entries: dict[str, bytes]) -> set[str]:
    names = set()
    for entry in entries:
        parts = entry.removesuffix(".pyc").split("/")
        if parts[-1] == "__init__":
            parts.pop()
        names.add(".".join(parts))
    return names


def test_the_zip_is_built_from_the_current_lists_and_scripts() -> None:
    vendor.ensure()
    assert stdlib.is_current(SHIPPED)


def test_every_module_is_unchecked_hash_based_byte_code_of_one_python(shipped: dict[str, bytes]) -> None:
    assert shipped
    assert all(name.endswith(".pyc") for name in shipped), "byte code only: no source is compiled at boot"
    magics = {data[:4] for data in shipped.values()}
    assert len(magics) == 1, "one Python compiled them all"
    assert magics != {importlib.util.MAGIC_NUMBER}, "compiled by the page's Python, not by the tools' Python"
    flags = {int.from_bytes(data[4:8], "little") for data in shipped.values()}
    assert flags == {0b01}, "hash-based and unchecked (PEP 552): Python never looks for a source"


def test_no_docstring_is_shipped(shipped: dict[str, bytes]) -> None:
    """A first visit downloads the zip: the docstrings nobody reads in the page are dropped
    when it is compiled (``stdlib_zip.byte_code``), the asserts and line numbers kept."""
    with zipfile.ZipFile(vendor.VENDOR / "pyodide" / "python_stdlib.zip") as full:
        sources = {name: full.read(name.removesuffix("c")) for name in shipped}
    checked = 0
    for name, source in sources.items():
        try:
            docstring = ast.get_docstring(ast.parse(source), clean=False)
        except SyntaxError:  # written for the page's newer Python
            continue
        if docstring and len(docstring) >= 40:
            checked += 1
            assert docstring.encode()[:40] not in shipped[name], f"{name} still holds its docstring"
    assert checked >= 50, f"only {checked} modules with a docstring were checked"


def test_it_holds_the_measured_and_extra_modules_and_little_else(shipped: dict[str, bytes]) -> None:
    names = module_names(shipped)
    full = full_stdlib_modules()
    wanted_files = {name for name in stdlib.wanted() if name in full}
    assert wanted_files <= names
    for needed in ("json", "gettext", "locale", "zipfile", "traceback", "random", "asyncio"):
        assert needed in names, needed
    for unused in ("unittest", "pydoc", "doctest", "sqlite3", "xml", "email", "http"):
        assert unused not in names, f"{unused} is not used by the game"
    assert not set(stdlib.NOT_IN_BROWSER) & names
    assert len(names) < len(full) / 2


def imported_names(path: Path) -> set[str]:
    """Every module a file imports, at any depth (lazy imports in functions too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_every_standard_module_the_code_names_is_shipped(shipped: dict[str, bytes]) -> None:
    # Start-up modules (abc, os, io ...) are frozen into the runtime, never read from
    # the zip; the same ones as in CPython (the browser test checks the real thing).
    names = module_names(shipped) | set(_imp._frozen_module_names())  # type: ignore[attr-defined]
    full = full_stdlib_modules()
    files = [*pyfiles.python_files(), *pyfiles.ENTRY_POINTS]
    sources = [ROOT / name for name in files]
    needed: dict[str, str] = {}
    for path in sources:
        for name in imported_names(path):
            if name.split(".")[0] in sys.stdlib_module_names and name in full:
                needed[name] = path.relative_to(ROOT).as_posix()
    assert "json" in needed
    missing = {name: where for name, where in needed.items() if name not in names}
    assert not missing, f"imported by the game, missing from {stdlib.ARCHIVE}: {missing}"
