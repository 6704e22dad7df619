"""ui/dataclass_code.py: dataclasses run the methods compiled ahead, and compile only the rest.

Here in CPython, with code recorded by CPython; the page's recording (made by the vendored
Pyodide, for every dataclass of the pure modules) is checked by tests/test_dataclass_code.py.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import marshal
from collections.abc import Iterator
from pathlib import Path
from types import CodeType
from typing import Any

import pytest

from tools import byte_code
from ui import dataclass_code

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def plain_dataclasses() -> Iterator[None]:
    """Each test leaves ``dataclasses`` as it found it."""
    yield
    if "exec" in vars(dataclasses):
        del dataclasses.exec  # type: ignore[attr-defined]


def make_point() -> type:
    @dataclasses.dataclass(frozen=True)
    class Point:
        """A point."""

        x: int
        y: int = 0

    return Point


def recorded(make: Any) -> dict[str, CodeType]:
    """The code dataclasses compiles while ``make()`` runs, as tools/bytecode_zip.py records it."""
    codes: dict[str, CodeType] = {}
    dataclasses.exec = dataclass_code.compiled_exec(codes)  # type: ignore[attr-defined]
    try:
        make()
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
    return codes


def test_without_the_file_dataclasses_are_left_alone(tmp_path: Path) -> None:
    assert dataclass_code.install(tmp_path / "missing.marshal") == 0
    (tmp_path / "broken.marshal").write_bytes(b"not marshal data")
    assert dataclass_code.install(tmp_path / "broken.marshal") == 0
    (tmp_path / "empty.marshal").write_bytes(marshal.dumps({}))
    assert dataclass_code.install(tmp_path / "empty.marshal") == 0
    assert "exec" not in vars(dataclasses)


def test_recorded_methods_run_without_a_compile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    codes = recorded(make_point)
    assert codes, "dataclasses compiled nothing: it no longer calls exec() by name"
    (tmp_path / "code.marshal").write_bytes(marshal.dumps(codes))
    assert dataclass_code.install(tmp_path / "code.marshal") == len(codes)

    def no_compile(*args: Any, **named: Any) -> Any:
        raise AssertionError("compiled a method that was recorded")

    monkeypatch.setattr(builtins, "compile", no_compile)
    point = make_point()
    monkeypatch.undo()
    made = point(3)
    assert (made.x, made.y) == (3, 0)
    assert made == point(3, 0)
    assert made != point(3, 1)
    assert repr(made) == f"{point.__qualname__}(x=3, y=0)"
    assert hash(made) == hash(point(3, 0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.x = 4


def test_a_source_without_recorded_code_is_compiled_as_dataclasses_compiles_it(tmp_path: Path) -> None:
    (tmp_path / "code.marshal").write_bytes(marshal.dumps(recorded(make_point)))
    dataclass_code.install(tmp_path / "code.marshal")

    # Annotations that are types, not strings (this module's are strings: its __future__ import).
    namespace = {"__annotations__": {"count": int, "names": list}, "names": dataclasses.field(default_factory=list)}
    other_class: Any = dataclasses.dataclass(type("Other", (), namespace))
    other = other_class(2)
    assert other == other_class(2, [])
    assert other.names is not other_class(2).names
    # Compiled without ui/dataclass_code.py's `from __future__ import annotations`, as
    # dataclasses compiles it: the generated __init__'s annotations are the types themselves.
    assert other_class.__init__.__annotations__["count"] is int


def test_every_dataclass_of_the_game_has_its_docstring() -> None:
    """Without one, dataclasses makes one from the class's signature at every import."""
    missing = []
    for path in sorted([*ROOT.glob("engine/**/*.py"), *ROOT.glob("ui/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef) or ast.get_docstring(node) is not None:
                continue
            if any(byte_code.makes_a_dataclass(decorator) for decorator in node.decorator_list):
                missing.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert missing == []
