"""Runs inside Pyodide, under Node: one module compiled to the page's byte code.

Shared by the game's standard library (``stdlib_zip.py``) and the game's own modules
(``bytecode_zip.py``); their runners start Pyodide through ``pyodide-build.mjs``,
which puts this file into it as ``tools.byte_code`` and sets PYTHONNODEBUGRANGES: no
column ranges in the byte code (the carets a traceback draws under the failing
expression), a fifth to a third of its bytes.

The docstrings are dropped too: the page never reads them (nothing in ``engine/`` or
``ui/`` asks for a ``__doc__``), and they were a sixth of the standard library's bytes,
all of which a first visit downloads. A dataclass keeps its own: ``dataclasses`` reads
it, and a class without one is given one made from its signature at every import,
through ``inspect`` and a compile of each of its string annotations (8 KB of the
game's docstrings, 44 signatures, a tenth of its imports' time). Asserts and line
numbers stay, unlike ``compile(optimize=2)``.

Not run by CPython: the page's Python (3.14) has another byte code than the tools'.
"""

from __future__ import annotations

import ast
import importlib.util
from typing import TypeVar

_Documented = TypeVar("_Documented", ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


class _NoDocstrings(ast.NodeTransformer):
    """Drops the docstrings of a module, its classes (but dataclasses) and its functions."""

    def _drop(self, node: _Documented) -> _Documented:
        self.generic_visit(node)
        if isinstance(node, ast.ClassDef) and any(makes_a_dataclass(decorator) for decorator in node.decorator_list):
            return node
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _drop


def makes_a_dataclass(decorator: ast.expr) -> bool:
    """``@dataclass``, ``@dataclasses.dataclass``, either with arguments."""
    if isinstance(decorator, ast.Call):
        decorator = decorator.func
    name = decorator.attr if isinstance(decorator, ast.Attribute) else getattr(decorator, "id", "")
    return name == "dataclass"


def byte_code(path: str, source: bytes, *, checked: bool = False) -> bytes:
    """A hash-based .pyc (PEP 552) of ``source`` without its docstrings. Unchecked, the
    page's Python loads it without a source beside it, a timestamp or a hash to check;
    checked, it loads it only while the source beside it has the hash it was made from
    (else it compiles that source). ``path`` is the file a traceback names."""
    from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

    tree = _NoDocstrings().visit(ast.parse(source, path))
    code = compile(tree, path, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=checked))
