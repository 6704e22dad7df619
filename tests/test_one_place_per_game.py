"""A game lives in its own files: nothing else names a game or keeps a list of games.

The registry (``engine/variants.py``) names every game; each game's facts and behaviour
live in the files named after its engine module (``engine/klondike.py``,
``engine/solver/klondike.py``, ``ui/model/games/klondike.py``, ``engine/klondike_seeds.py``
…). Everywhere else, code asks the registry and the games' own modules. This test reads
the product's code (the Python of ``engine/``, ``ui/`` and ``tools/``, the page, its
scripts, styles and manifests) and fails on a game's id, the start of its deal codes or
its name written anywhere else. A Python module's docstrings and comments are examples
and explanations, not code, and are not read; the page's words are (a player reads them).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = ROOT / "engine" / "variants.py"
OWNERS = frozenset(variant.module.rpartition(".")[2] for variant in VARIANTS.values())
"""The names of the games' own modules (``klondike``, ``spider``, ``freecell`` …)."""
PAGE_FILES = ("index.html", "static/*.js", "static/css/*.css", "static/manifest.webmanifest")
GENERATED = ("static/words.js",)
"""Compiled from the catalogs, which hold the games' names as every other word."""


def _pattern() -> re.Pattern[str]:
    ids = "|".join(VARIANTS)
    names = "|".join(sorted((re.escape(v.name) for v in VARIANTS.values()), key=len, reverse=True))
    # A game's id alone (a quoted "KL", value="KL"), the start of its deal codes (KL1-), or its name.
    return re.compile(rf"(?<![A-Za-z0-9_])(?:(?:{ids})(?![A-Za-z0-9_])|(?:{ids})1-|(?:{names})(?![A-Za-z]))")


PATTERN = _pattern()


def own(path: Path) -> bool:
    """Whether ``path`` is the registry or one of a game's own files (named after its module)."""
    if path == REGISTRY:
        return True
    stem = path.stem.removeprefix("test_")
    return any(stem == name or stem.startswith(f"{name}_") for name in OWNERS)


def _docstrings(tree: ast.AST) -> set[int]:
    """The string expressions that document (a module's, class's or function's first
    statement, and a string standing alone after an assignment)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    found.add(id(statement.value))
    return found


def python_strings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string constant of a module that is code, not a docstring, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    documenting = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documenting:
            yield node.lineno, node.value


def python_files() -> list[Path]:
    files = [*ROOT.glob("engine/**/*.py"), *ROOT.glob("ui/**/*.py"), *ROOT.glob("tools/*.py")]
    return sorted(path for path in files if "__pycache__" not in path.parts and not own(path))


def page_files() -> list[Path]:
    files = {path for pattern in PAGE_FILES for path in ROOT.glob(pattern)}
    return sorted(path for path in files if str(path.relative_to(ROOT)) not in GENERATED)


def _comments_out(text: str, suffix: str) -> str:
    """The page file's text without its comments (``<!-- -->``, ``/* */``, ``//``), which
    explain and are not shown."""
    text = re.sub(r"<!--.*?-->|/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?m)^\s*//.*$", "", text) if suffix == ".js" else text


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_code_names_a_game_outside_its_own_modules(path: Path) -> None:
    found = [f"line {line}: {text!r}" for line, text in python_strings(path) if PATTERN.search(text)]
    assert not found, f"{path.relative_to(ROOT)} names a game: ask the registry or the game's module\n" + "\n".join(
        found
    )


@pytest.mark.parametrize("path", page_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_page_names_no_game(path: Path) -> None:
    text = _comments_out(path.read_text(encoding="utf-8"), path.suffix)
    found = [f"line {text[: m.start()].count(chr(10)) + 1}: {m.group()!r}" for m in PATTERN.finditer(text)]
    assert not found, f"{path.relative_to(ROOT)} names a game: make it from the registry\n" + "\n".join(found)


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The scan can fail: a game id, a code's start and a name are found, in code and on the page."""
    module = tmp_path / "table_of_games.py"
    game, variant = next(iter(VARIANTS.items()))
    module.write_text(f'"""{game} in a docstring is an example."""\nGAMES = {{"{game}": "{variant.name}"}}\n')
    assert [line for line, text in python_strings(module) if PATTERN.search(text)] == [2, 2]
    assert PATTERN.search(f'<input type="radio" name="game" value="{game}">')
    assert PATTERN.search(f"placeholder={game}1-D1N-AAAAAAG")
    assert not PATTERN.search(f"{game}X or X{game}1- or a word containing {game.lower()}")
    assert not own(module)
    assert own(ROOT / "ui" / "model" / "games" / f"{variant.module.rpartition('.')[2]}.py")
