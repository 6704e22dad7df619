"""The examples in the pure UI modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import ui.model


def model_modules() -> list[ModuleType]:
    return [importlib.import_module(f"ui.model.{info.name}") for info in pkgutil.iter_modules(ui.model.__path__)]


@pytest.mark.parametrize("module", model_modules(), ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_modules_with_examples_are_found() -> None:
    names = {module.__name__ for module in model_modules()}
    assert {"ui.model.session", "ui.model.table", "ui.model.keyboard", "ui.model.layout"} <= names
    finder = doctest.DocTestFinder()
    table = importlib.import_module("ui.model.table")
    assert sum(len(t.examples) for t in finder.find(table)) > 0
