"""The UI's logic modules stay testable in CPython: no browser imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
PURE = sorted(path.stem for path in (ROOT / "ui" / "model").glob("*.py"))
BROWSER = {"pyscript", "js", "pyodide"}


@pytest.mark.parametrize("name", PURE)
def test_logic_module_imports_nothing_of_the_browser(name: str) -> None:
    tree = ast.parse((ROOT / "ui" / "model" / f"{name}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots = {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            roots = {(node.module or "").split(".")[0]}
        else:
            continue
        assert not roots & BROWSER, f"ui/model/{name}.py imports {roots & BROWSER}"
