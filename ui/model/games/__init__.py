"""Each game as the page knows it: one module per game, found through the registry.

The engine's registry (``engine.variants.VARIANTS``) names every game and the
module that plays it; the page's side of a game lives in the module of this
package with the same name (``engine.klondike`` → ``ui.model.games.klondike``).
That module holds a ``GamePage`` subclass per game id it plays: the game's name,
its How to play sections and their picture, the rules sections that explain its
refusals (the "Why?" anchors), the words of the refusals it alone makes, the New
game dialog's options and how an option set is said. Nothing else on the page
keeps a list or table of games: it asks ``page_of(game)`` or walks ``pages()``.

>>> [page.game for page in pages()][:4]
['KL', 'SD', 'SP', 'FC']
>>> page_of("SP").rules_tab, page_of("SD").rules_tab, page_of("FC").rules_tab
('SD', 'SD', 'FC')
>>> page_of("KL").options_text({"draw": "3", "scoring": "V"})
'D3V'
>>> page_of("KL").choices("D3C")
{'draw': '3', 'scoring': 'C'}
>>> page_of("XX")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "There is no game 'XX': the games are KL, SD, SP, FC..."
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import engine
from engine.codes import CodeReason
from engine.moves import Reason
from engine.variants import VARIANTS, GameId, variant_of
from ui.model.i18n import _
from ui.model.rule_sections import Section

__all__ = ["GamePage", "OptionGroup", "common_anchors", "page_of", "pages"]


@dataclass(frozen=True, slots=True)
class OptionGroup:
    """One row of radio buttons in New game: ``name`` is the radio group's name (and the
    key of the choice in the preferences), ``legend`` its title, ``choices`` each value
    with its label (the words marked for the catalogs with ``N_``)."""

    name: str
    legend: str
    choices: tuple[tuple[str, str], ...]


class GamePage:
    """The page's facts of one game: a subclass per game id, in the game's own module.

    Subclasses set the class attributes; the methods have the defaults most games want.
    Defining a subclass with a ``game`` registers it."""

    game: ClassVar[GameId] = ""
    name: ClassVar[str] = ""
    """The game's name, marked for the catalogs (``N_("Klondike")``)."""
    rules: ClassVar[tuple[Section, ...]] = ()
    """How to play: the sections, in English, marked for the catalogs."""
    rules_title: ClassVar[str] = ""
    """The rules dialog's title for this game (marked for the catalogs)."""
    rules_tab: ClassVar[GameId] = ""
    """The game whose tab of the rules dialog holds these rules (games that share their
    rules share a tab: the first of them); empty: its own."""
    tab_label: ClassVar[str] = ""
    """The rules tab's label (marked for the catalogs) when it differs from ``name``."""
    diagram_code: ClassVar[str] = ""
    """The real deal whose start How to play draws, in the section whose text names it."""
    figures: ClassVar[tuple[str, ...]] = ()
    """Figures the rules' worked examples give, the same in every language (a translation
    must keep them: the tests check it)."""
    anchors: ClassVar[Mapping[Reason, str]] = {}
    """The rules section that explains each reason the game refuses with."""
    own_words: ClassVar[Mapping[Reason, str]] = {}
    """Refusals this game words in its own way (no values): marked for the catalogs."""
    options: ClassVar[tuple[OptionGroup, ...]] = ()
    """The New game dialog's rows of options for this game."""
    options_format: ClassVar[str] = ""
    """How the choices make a deal code's options: ``"D{draw}{scoring}"``."""
    code_words: ClassVar[Mapping[CodeReason, str]] = {}
    """What is wrong with a deal code of this game, where it says so in its own way
    (FreeCell's codes end in a deal number): marked for the catalogs."""

    _registry: ClassVar[dict[GameId, type[GamePage]]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.game:
            GamePage._registry[cls.game] = cls
            if not cls.rules_tab:
                cls.rules_tab = cls.game

    # -- options ---------------------------------------------------------------------

    def options_text(self, choices: Mapping[str, str]) -> str:
        """The options a deal code writes for these choices (the first value of a
        group missing from ``choices``)."""
        values = {group.name: choices.get(group.name, group.choices[0][0]) for group in self.options}
        return self.options_format.format(**values)

    def choices(self, options: str) -> dict[str, str]:
        """The radio buttons that make ``options`` (a deal code's options part); the
        first of each group when no choice makes them."""
        groups = self.options
        for values in itertools.product(*(tuple(value for value, _label in group.choices) for group in groups)):
            chosen = {group.name: value for group, value in zip(groups, values, strict=True)}
            if self.options_text(chosen) == options:
                return chosen
        return {group.name: group.choices[0][0] for group in groups}

    def stored_options(self, settings: Mapping[str, object]) -> str | None:
        """The options of this game kept by an older version's settings (its own
        keys), or None: a game that stored none has nothing to read."""
        return None

    # -- words -----------------------------------------------------------------------

    def label(self, options: str) -> str:
        """An option set in words, translated, from its options (a deal code's options
        part): ``"Klondike, draw 3, Vegas scoring"``; the game's name by default."""
        return _(self.name)

    def refusal(self, reason: Reason, values: Mapping[str, str | int]) -> str | None:
        """A refusal this game words with values of its own (translated), or None
        for the shared words."""
        return None

    def pile_name(self, pid: str) -> str | None:
        """A pile of this game's own in words (translated), or None for the shared names."""
        return None

    def figure(self, game: engine.Game) -> tuple[str, str] | None:
        """A figure of this game's own that the header shows after the moves: its label
        (translated) and its value (TriPeaks' run); None for none."""
        return None

    record_name: ClassVar[str] = ""
    """The name of a figure the statistics keep the best of for this game (marked with
    ``N_``: TriPeaks' "Longest run"), read by ``record_figure``; "" for none."""

    def record_figure(self, game: engine.Game) -> int:
        """This game's figure for ``record_name`` so far (0 for none)."""
        return 0

    def move_words(self, game: engine.Game, action: engine.Action) -> list[str]:
        """What this game says of its own after ``action`` (translated, read from ``game``
        after it), after the shared words: TriPeaks' run."""
        return []

    # -- the game's engine -----------------------------------------------------------

    @property
    def has_solver(self) -> bool:
        """Whether the solver knows the game (hints with a verdict, Winnable deals only)."""
        return engine.game_class(self.game).solver_module is not None


_COMMON_SECTIONS: dict[Reason, str] = {
    "notation": "controls",
    "no_such_pile": "controls",
    "no_cards": "controls",
    "group_from_column_only": "columns",
    "same_pile": "columns",
    "empty_pile": "columns",
    "face_down": "columns",
    "stock_tap_only": "stock",
    "not_to_stock": "stock",
    "stock_empty": "stock",
    "nothing_to_undo": "undo",
}


def common_anchors(prefix: str) -> dict[Reason, str]:
    """The sections of the reasons every game with a stock and columns shares, for a game
    whose sections are named ``{prefix}-controls``, ``{prefix}-columns``, ``{prefix}-stock``
    and ``{prefix}-undo``."""
    return {reason: f"{prefix}-{section}" for reason, section in _COMMON_SECTIONS.items()}


def _module_of(game: GameId) -> str:
    return "ui.model.games." + variant_of(game).module.rpartition(".")[2]


def page_of(game: GameId) -> GamePage:
    """The page's side of ``game`` (a game id): imported from the module named after the
    game's engine module the first time it is asked for. An unknown id raises ``KeyError``."""
    if game not in VARIANTS:
        raise KeyError(f"There is no game {game!r}: the games are {', '.join(VARIANTS)}.")
    page = GamePage._registry.get(game)
    if page is None:
        importlib.import_module(_module_of(game))
        page = GamePage._registry.get(game)
        if page is None:
            raise KeyError(f"{_module_of(game)} has no page for game {game!r}.")
    return page()


def pages() -> tuple[GamePage, ...]:
    """Every game's page, in the registry's (the menus') order."""
    return tuple(page_of(game) for game in VARIANTS)
