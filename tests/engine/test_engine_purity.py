"""The engine is pure Python: standard library only, never the browser modules."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = {"pyscript", "js", "pyodide"}


def imported_modules(path: Path) -> list[tuple[str, int]]:
    """(top-level module, relative level) of every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append(((node.module or "").split(".")[0], node.level))
    return found


def engine_files() -> list[Path]:
    files = sorted(ENGINE.rglob("*.py"))
    assert files, "no engine modules found"
    return files


def test_no_engine_module_imports_the_browser() -> None:
    for path in engine_files():
        for module, _ in imported_modules(path):
            assert module not in FORBIDDEN, f"{path.relative_to(ENGINE.parent)} imports {module}"


def test_engine_imports_only_the_standard_library() -> None:
    for path in engine_files():
        for module, level in imported_modules(path):
            if level > 0 or module == "engine":
                continue
            assert module in sys.stdlib_module_names, (
                f"{path.relative_to(ENGINE.parent)} imports {module}, not in the standard library"
            )


def test_the_check_covers_every_engine_package() -> None:
    assert ENGINE / "solver" / "core.py" in engine_files()


def test_the_check_sees_imports() -> None:
    sample = ENGINE / "game.py"
    assert ("json", 0) in imported_modules(sample)
    assert ("engine", 0) in imported_modules(sample)
