"""The examples in the engine's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import engine


def engine_modules() -> list[ModuleType]:
    names = ["engine"] + [info.name for info in pkgutil.walk_packages(engine.__path__, "engine.")]
    return [importlib.import_module(name) for name in names]


@pytest.mark.parametrize("module", engine_modules(), ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_main_modules_have_examples() -> None:
    for name in ("engine", "engine.cards", "engine.codes", "engine.moves", "engine.game", "engine.klondike"):
        module = importlib.import_module(name)
        finder = doctest.DocTestFinder()
        assert sum(len(t.examples) for t in finder.find(module)) > 0, name
