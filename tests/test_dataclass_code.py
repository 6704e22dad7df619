"""game.zip's compiled dataclass methods, in the page's own Python: the vendored Pyodide
under Node, on the game's standard library, imports every module of the archive as the
page would and compiles none of the dataclasses' methods, nor makes any docstring."""

from __future__ import annotations

import ast
import json
import subprocess
from pathlib import Path

import pytest

from tools import byte_code, pyfiles, stdlib

ROOT = Path(__file__).resolve().parent.parent
STDLIB = ROOT / "static" / "vendor" / "pyodide" / stdlib.ARCHIVE

# Every module of the archive but the page's entry point, imported with a stand-in
# pyscript (nothing here draws); every compile and every dataclass made is noted.
CHECK = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, stdlibZip, archive] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlibZip, stdout: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: "/home/pyodide" });
console.log(pyodide.runPython(`
import builtins, dataclasses, importlib, inspect, json, os, sys, types
stand_in = types.ModuleType("pyscript")
stand_in.document = stand_in.window = None
sys.modules["pyscript"] = stand_in
from ui.dataclass_code import install
recorded = install()
compiled, made, signatures = [], [], []
real_compile, real_process, real_signature = builtins.compile, dataclasses._process_class, inspect.signature
def noting_compile(source, *rest, **named):
    compiled.append(str(source)[:60])
    return real_compile(source, *rest, **named)
def noting_process(cls, *rest, **named):
    made.append(cls.__module__ + "." + cls.__qualname__)
    return real_process(cls, *rest, **named)
def noting_signature(thing, *rest, **named):
    signatures.append(getattr(thing, "__qualname__", repr(thing)))
    return real_signature(thing, *rest, **named)
builtins.compile, dataclasses._process_class, inspect.signature = noting_compile, noting_process, noting_signature
for folder, _, files in sorted(os.walk("engine")) + sorted(os.walk("ui")):
    for name in sorted(files):
        module = os.path.join(folder, name).removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
        if name.endswith(".pyc") and module != "ui.main":
            importlib.import_module(module)
builtins.compile, dataclasses._process_class, inspect.signature = real_compile, real_process, real_signature
json.dumps({"recorded": recorded, "compiled": compiled, "made": made, "signatures": signatures})
`));
"""

pytestmark = pytest.mark.vendored


def dataclasses_in_the_archive() -> set[str]:
    """The classes of the archive's modules decorated with ``@dataclass``, by module and qualified name."""
    names: set[str] = set()
    for name, source in pyfiles.sources().items():
        if name in pyfiles.ENTRY_POINTS:
            continue

        def visit(node: ast.AST, prefix: str) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.ClassDef):
                    if any(byte_code.makes_a_dataclass(decorator) for decorator in child.decorator_list):
                        names.add(prefix + child.name)
                    visit(child, prefix + child.name + ".")
                elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    visit(child, prefix + child.name + ".<locals>.")

        visit(ast.parse(source), name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") + ".")
    return names


def test_the_pages_python_compiles_no_dataclass_method(tmp_path: Path) -> None:
    (tmp_path / "check.mjs").write_text(CHECK, encoding="utf-8")
    (tmp_path / "game.zip").write_bytes(pyfiles.archive())
    run = subprocess.run(
        ["node", str(tmp_path / "check.mjs"), str(stdlib.PYODIDE), str(STDLIB), str(tmp_path / "game.zip")],
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(run.stdout.strip().splitlines()[-1])
    expected = dataclasses_in_the_archive()
    # Every dataclass of the archive made at import (none inside a function), once each ...
    assert set(found["made"]) == expected
    assert len(found["made"]) == len(expected) > 40
    assert found["recorded"] >= len(expected)
    # ... none compiling its methods, none given a docstring made from its signature.
    assert [source for source in found["compiled"] if "__create_fn__" in source] == []
    assert found["signatures"] == []
