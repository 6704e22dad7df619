"""Imports run one way: page -> ui.dom -> ui.model -> engine, with no cycle among the UI's
modules; the tools have no cycle either, and never import the tests.

Every import counts: at the top of a module, inside a function (the modules
imported on first use) and under ``TYPE_CHECKING``. The layers come from the
folders (a glob), not from a list kept by hand.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "ui")
BROWSER = {"pyscript", "js", "pyodide"}
PAGE = "ui.page"
ENTRY = "ui.main"


def layer(module: str) -> int:
    """0 the engine, 1 the model (pure Python), 2 the DOM, 3 the page, 4 the page's entry script."""
    if module == "engine" or module.startswith("engine."):
        return 0
    if module.startswith("ui.dom"):
        return 2
    if module == PAGE:
        return 3
    if module == ENTRY:
        return 4
    return 1  # ui, ui.model.*, and the solver's worker, which runs the model's tasks


def module_sources(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> dict[str, str]:
    """Every module of the packages: its dotted name and its source."""
    sources: dict[str, str] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            sources[".".join(parts)] = path.read_text(encoding="utf-8")
    return sources


def imports(source: str, known: Iterable[str]) -> set[str]:
    """The modules a source imports: the project's modules by their full name, others by their top name."""
    names = set(known)
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name if alias.name in names else alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in names else base if base in names else base.split(".")[0])
    return found


def graph(sources: Mapping[str, str]) -> dict[str, set[str]]:
    """Each module and the project modules it imports."""
    return {name: imports(text, sources) & set(sources) for name, text in sources.items()}


def upward_imports(sources: Mapping[str, str]) -> list[str]:
    """Every import that breaks the direction of the layers, in words."""
    wrong: list[str] = []
    for name, targets in graph(sources).items():
        for target in sorted(targets):
            if target == PAGE and name != ENTRY:
                wrong.append(f"{name} imports the page ({target})")
            elif layer(target) > layer(name):
                wrong.append(f"{name} (layer {layer(name)}) imports {target} (layer {layer(target)})")
        if layer(name) <= 1:
            browser = imports(sources[name], sources) & BROWSER
            if browser:
                wrong.append(f"{name} imports the browser ({', '.join(sorted(browser))})")
    return wrong


def cycles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """The import cycles of a graph (each found once, from its first module)."""
    found: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, path: list[str], on_path: set[str]) -> None:
        for target in sorted(edges.get(node, ())):
            if target in on_path:
                found.append([*path[path.index(target) :], target])
            elif target not in done:
                path.append(target)
                on_path.add(target)
                visit(target, path, on_path)
                on_path.discard(target)
                path.pop()
        done.add(node)

    for start in sorted(edges):
        if start not in done:
            visit(start, [start], {start})
    return found


def type_checking_page_imports(sources: Mapping[str, str]) -> list[str]:
    """Modules that import the page (or its ``App``) under ``if TYPE_CHECKING``."""
    wrong: list[str] = []
    for name, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            if not (isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom):
                    page = inner.module == PAGE or any(alias.name == "App" for alias in inner.names)
                elif isinstance(inner, ast.Import):
                    page = any(alias.name == PAGE for alias in inner.names)
                else:
                    continue
                if page:
                    wrong.append(name)
    return wrong


# ------------------------------------------------------------------ the repository


def test_the_layers_are_found_by_folder() -> None:
    sources = module_sources()
    assert {layer(name) for name in sources} == {0, 1, 2, 3, 4}
    assert layer("ui.model.session") == 1
    assert layer("ui.dom.render") == 2
    assert "ui.model.table" in sources
    assert "engine.solver.core" in sources


def test_no_module_imports_upward() -> None:
    assert upward_imports(module_sources()) == []


def test_no_import_cycle_among_the_ui_modules() -> None:
    edges = graph(module_sources())
    ui = {name: {t for t in targets if t.startswith("ui")} for name, targets in edges.items() if name.startswith("ui")}
    assert cycles(ui) == []


def test_no_import_cycle_among_the_tools() -> None:
    assert cycles(graph(module_sources(packages=("tools",)))) == []


def tool_imports_of_tests(sources: Mapping[str, str]) -> list[str]:
    """Tools that import the tests (a tool must run where the tests are not wanted)."""
    return sorted(
        f"{name} imports {target}"
        for name, text in sources.items()
        if name.startswith("tools")
        for target in imports(text, sources)
        if target == "tests" or target.startswith("tests.")
    )


def test_no_tool_imports_the_tests() -> None:
    sources = {**module_sources(packages=("tools", "tests"))}
    assert tool_imports_of_tests(sources) == []


def test_a_tool_importing_the_tests_is_found() -> None:
    sources = {
        "tools.icons": "def make():\n    from tests.browser.conftest import CHROMIUM_ARGS\n",
        "tools.site": "import tools.vendor\n",
        "tools.vendor": "def later():\n    import tools.site\n",
        "tests.browser.conftest": "",
    }
    assert tool_imports_of_tests(sources) == ["tools.icons imports tests.browser.conftest"]
    assert cycles(graph(sources)) == [["tools.site", "tools.vendor", "tools.site"]]


def test_nothing_imports_the_page_for_its_types() -> None:
    assert type_checking_page_imports(module_sources()) == []


# ------------------------------------------------------------ the checks can fail


def test_an_upward_import_is_found() -> None:
    sources = {
        "engine.game": "import ui.model.session\n",
        "ui.model.session": "def later():\n    from ui.dom import render\n",
        "ui.model.hints": "from pyscript import document\n",
        "ui.dom.render": "from ui.page import App\n",
        "ui.dom": "",
        "ui.page": "",
        "ui.main": "from ui.page import start\n",
    }
    wrong = upward_imports(sources)
    assert "engine.game (layer 0) imports ui.model.session (layer 1)" in wrong
    assert "ui.model.session (layer 1) imports ui.dom.render (layer 2)" in wrong
    assert "ui.model.hints imports the browser (pyscript)" in wrong
    assert "ui.dom.render imports the page (ui.page)" in wrong
    assert not any(line.startswith("ui.main") for line in wrong)


def test_a_cycle_is_found() -> None:
    sources = {
        "ui.dom.focus": "from ui.dom import pointer\n",
        "ui.dom.pointer": "def later():\n    import ui.dom.focus\n",
        "ui.dom.render": "from ui.model.layout import compute\n",
        "ui.model.layout": "",
        "ui.dom": "",
    }
    assert cycles(graph(sources)) == [["ui.dom.focus", "ui.dom.pointer", "ui.dom.focus"]]


def test_a_type_checking_import_of_the_page_is_found() -> None:
    sources = {"ui.dom.focus": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ui.page import App\n"}
    assert type_checking_page_imports(sources) == ["ui.dom.focus"]


def imported_test_modules(source: str) -> list[str]:
    """The test modules (``test_*``) that ``source`` imports."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        found += [name for name in names if name.split(".")[-1].startswith("test_")]
    return found


def test_nothing_imports_a_test_module() -> None:
    """What tests share lives in helper modules: a test module imported by another is
    collected out of order (its settings and fixtures with it) and runs its own tests twice."""
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for folder in ("tests", "tools", "bench")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name in imported_test_modules(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_import_scan_finds_a_test_module() -> None:
    source = "from tests.engine.test_reasons import MOVE_EXAMPLES\nimport tests.ui.test_i18n\nimport tests.ui.words\n"
    assert imported_test_modules(source) == ["tests.engine.test_reasons", "tests.ui.test_i18n"]


# ------------------------------------------------- no code asks which game it is


def game_modules() -> set[str]:
    """A game's own modules: its ``Game`` subclass's and its solver's (the registry says which)."""
    from engine.game import game_class
    from engine.variants import VARIANTS

    modules = {variant.module for variant in VARIANTS.values()}
    modules |= {module for game in VARIANTS if (module := game_class(game).solver_module) is not None}
    return modules


def game_class_names() -> set[str]:
    """The names of every game class (``Klondike``, ``Spider`` …)."""
    from engine.game import Game, game_class
    from engine.variants import VARIANTS

    return {cls.__name__ for game in VARIANTS for cls in game_class(game).__mro__ if issubclass(cls, Game)} - {"Game"}


def _names_a_game(node: ast.expr, games: set[str]) -> bool:
    """A string constant that is a game id or begins a key or a code of one (``"KL"``, ``"KL-"``, ``"KL1-"``)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_game(item, games) for item in node.elts)
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return False
    text = node.value.upper()
    return any(text == game or text.startswith((f"{game}-", f"{game}1")) for game in games)


def which_game_questions(sources: Mapping[str, str], games: set[str], classes: set[str]) -> list[str]:
    """Every place that asks which game it is: ``isinstance``/``issubclass`` on a game
    class, or a comparison (``==``, ``in``, ``startswith`` …) with a game's id."""
    found: list[str] = []
    for name, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            where = f"{name}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                if node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
                    kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
                    named = {
                        k.id if isinstance(k, ast.Name) else k.attr
                        for k in kinds
                        if isinstance(k, (ast.Name, ast.Attribute))
                    }
                    if named & classes:
                        found.append(f"{where} {node.func.id} on {', '.join(sorted(named & classes))}")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr in ("startswith", "endswith") and any(_names_a_game(a, games) for a in node.args):
                    found.append(f"{where} {node.func.attr} with a game id")
            elif isinstance(node, ast.Compare) and any(
                _names_a_game(side, games) for side in (node.left, *node.comparators)
            ):
                found.append(f"{where} compares with a game id")
    return found


def test_no_code_outside_a_game_asks_which_game_it_is() -> None:
    """What differs between games is asked of the game's class or its variant: the UI
    and the shared engine never test a game's class or compare a game's id."""
    from engine.variants import VARIANTS

    own = game_modules()
    sources = {name: text for name, text in module_sources().items() if name not in own}
    assert which_game_questions(sources, set(VARIANTS), game_class_names()) == []


def test_the_game_question_scan_covers_the_games() -> None:
    own = game_modules()
    assert {"engine.klondike", "engine.spider", "engine.freecell", "engine.solver.klondike"} <= own
    assert {"Klondike", "Spiderette", "Spider", "FreeCell"} <= game_class_names()
    sources = module_sources()
    assert {"ui.model.layout", "engine.advice", "ui.page"} <= set(sources)


def test_a_question_of_which_game_is_found() -> None:
    sources = {
        "ui.model.layout": "if isinstance(game, Klondike):\n    fan = 1\n",
        "ui.model.announce": "spider = isinstance(game, (engine.Spiderette, Card))\n",
        "ui.model.stats": "vegas = key.startswith('KL-')\n",
        "ui.model.words": "money = settings.game == 'KL' and settings.scoring == 'V'\n",
        "ui.dom.render": "tall = game.settings.game in ('SP', 'SD')\n",
        "ui.model.rules": "RULES = {'KL': 1}\nok = isinstance(block, str) and block == 'deal'\n",
    }
    found = which_game_questions(sources, {"KL", "SD", "SP", "FC"}, {"Klondike", "Spiderette"})
    assert [line.split(" ", 1)[0] for line in found] == [
        "ui.model.layout:1",
        "ui.model.announce:1",
        "ui.model.stats:1",
        "ui.model.words:1",
        "ui.dom.render:1",
    ]
