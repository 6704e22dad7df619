"""Read and write a game's generated tables: ``engine/<game module>_seeds.py``.

Each game module of the engine (``engine/klondike.py``, ``engine/spider.py`` for
Spiderette and Spider …) has one generated module beside it, named after it
(``engine/klondike_seeds.py``), found through the registry (``engine.game.seed_tables``).
It holds, per option set (``"KL1-D3V"``):

- ``WINNABLE``: the deal seeds proven winnable, as ``(seed, nodes)`` pairs, fewest
  solver positions first, and ``WINNABLE_NOTES``: how each list was made
  (tools/winnable_seeds.py writes them);
- ``DAILY_SKIPS``: the daily deal table of the game's daily option set, one base-36
  digit a day from 2026-01-01, and ``DAILY_NOTES`` (tools/daily_seeds.py writes them).

Both tools read the module afresh, change their own part and write the whole module
back, so runs for different games, or for the two tables, never overwrite each other.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.options import option_sets_of  # noqa: E402 - the path above makes the package importable
from engine.variants import VARIANTS  # noqa: E402

Pairs = tuple[tuple[int, int], ...]


@dataclass
class Tables:
    """The generated tables of one game module (every game it plays)."""

    winnable: dict[str, Pairs] = field(default_factory=dict)
    winnable_notes: dict[str, str] = field(default_factory=dict)
    daily_skips: dict[str, str] = field(default_factory=dict)
    daily_notes: dict[str, str] = field(default_factory=dict)


def module_name(game: str) -> str:
    """The generated module of a game: ``"engine.spider_seeds"`` for ``"SD"``."""
    return VARIANTS[game].module + "_seeds"


def path_of(game: str) -> Path:
    return ROOT / (module_name(game).replace(".", "/") + ".py")


def games_of(game: str) -> tuple[str, ...]:
    """Every game whose tables share the module of ``game``, in registry order."""
    module = VARIANTS[game].module
    return tuple(g for g, v in VARIANTS.items() if v.module == module)


def prefixes_of(game: str) -> tuple[str, ...]:
    """The option sets of every game of the module, in menu order."""
    return tuple(o.prefix for g in games_of(game) for o in option_sets_of(VARIANTS[g]))


def read(game: str) -> Tables:
    """The tables on disk now (empty when the module does not exist yet)."""
    path = path_of(game)
    if not path.exists():
        return Tables()
    space: dict[str, dict[str, object]] = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), space)  # our own generated module
    return Tables(
        dict(space["WINNABLE"]),  # type: ignore[arg-type]
        dict(space["WINNABLE_NOTES"]),  # type: ignore[arg-type]
        dict(space["DAILY_SKIPS"]),  # type: ignore[arg-type]
        dict(space["DAILY_NOTES"]),  # type: ignore[arg-type]
    )


def _ordered(keys: tuple[str, ...], table: dict[str, object]) -> list[str]:
    """The keys of ``table`` in menu order (any unknown ones last, as they were)."""
    return [k for k in keys if k in table] + [k for k in table if k not in keys]


def render(game: str, tables: Tables) -> str:
    """The module's text."""
    names = [VARIANTS[g].name for g in games_of(game)]
    who = " and ".join(names)
    keys = prefixes_of(game)
    lines = [
        f'"""{who}: the generated tables, per option set (do not edit by hand; what they hold:',
        '``engine.game.seed_tables``)."""',
        "",
        "from __future__ import annotations",
        "",
        '__all__ = ["DAILY_NOTES", "DAILY_SKIPS", "WINNABLE", "WINNABLE_NOTES"]',
        "",
        "WINNABLE: dict[str, tuple[tuple[int, int], ...]] = {",
    ]
    for prefix in _ordered(keys, dict(tables.winnable)):
        pairs = tables.winnable[prefix]
        if not pairs:
            continue
        lines.append(f'    "{prefix}": (')
        lines += [f"        ({seed}, {nodes})," for seed, nodes in pairs]
        lines.append("    ),")
    lines += ["}", "", "WINNABLE_NOTES: dict[str, str] = {"]
    for prefix in _ordered(keys, dict(tables.winnable_notes)):
        lines.append(f'    "{prefix}": "{tables.winnable_notes[prefix]}",')
    lines += ["}", "", "DAILY_SKIPS: dict[str, str] = {"]
    for prefix in _ordered(keys, dict(tables.daily_skips)):
        text = tables.daily_skips[prefix]
        lines.append(f'    "{prefix}": (')
        lines += [f'        "{text[start : start + 80]}"' for start in range(0, len(text), 80)] or ['        ""']
        lines.append("    ),")
    lines += ["}", "", "DAILY_NOTES: dict[str, str] = {"]
    for prefix in _ordered(keys, dict(tables.daily_notes)):
        lines.append(f'    "{prefix}": "{tables.daily_notes[prefix]}",')
    lines += ["}", ""]
    return "\n".join(lines).replace("{\n}", "{}")


def write(game: str, tables: Tables) -> Path:
    """Write the module of ``game`` (and of the games sharing it); returns its path."""
    path = path_of(game)
    path.write_text(render(game, tables), encoding="utf-8")
    return path
