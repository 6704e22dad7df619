"""The option sets: every choice of options a game offers, under one name each.

An option set is a game with its options but no seed: Klondike draw 3 with
Vegas scoring, Spider with 2 suits. Its ``key`` (``"KL-D3V"``, ``"SP-S2"``)
is the one spelling everything uses for it (statistics, winnable deals,
benchmarks, menus); the start of its deal codes (``"KL1-D3V"``) and its
settings come from it. Each game lists its own (``Game.option_sets``); this
module gathers them from the registry, in menu order.

>>> [o.key for o in option_sets_of(variant_of("SD"))]
['SD-S1', 'SD-S2', 'SD-S4']
>>> vegas = option_set("KL-D3V")
>>> vegas.prefix, vegas.label, vegas.code(6)
('KL1-D3V', 'Klondike, draw 3, Vegas scoring', 'KL1-D3V-AAAAAAG')
>>> option_set_of(parse_code("SP1-S2-AAAAAAB")).key
'SP-S2'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.codes import CODE_VERSION, DealCode, format_code, parse_code
from engine.game import game_class
from engine.variants import VARIANTS, Variant, variant_of

__all__ = ["OPTION_SETS", "OptionSet", "option_set", "option_set_of", "option_sets_of"]


@dataclass(frozen=True, slots=True)
class OptionSet:
    """One game with one choice of its options; ``settings`` carries them
    (with the game's first seed)."""

    settings: DealCode

    @property
    def game(self) -> str:
        """The game's id: ``"KL"``."""
        return self.settings.game

    @property
    def options(self) -> str:
        """The options as a deal code writes them: ``"D3V"``."""
        return self.settings.options

    @property
    def key(self) -> str:
        """The option set's name: ``"KL-D3V"``."""
        return f"{self.game}-{self.options}"

    @property
    def prefix(self) -> str:
        """The start of its deal codes, before the seed: ``"KL1-D3V"``."""
        return f"{self.game}{CODE_VERSION}-{self.options}"

    @property
    def variant(self) -> Variant:
        return variant_of(self.game)

    @property
    def game_name(self) -> str:
        return self.variant.name

    @property
    def label(self) -> str:
        """The option set in English words: ``"Klondike, draw 3, Vegas scoring"``."""
        return f"{self.game_name}, {game_class(self.game).describe_options(self.settings)}"

    @property
    def seeds(self) -> range:
        """Every seed its deal codes may carry."""
        return game_class(self.game).seed_range()

    def deal(self, seed: int) -> DealCode:
        """The settings of its deal ``seed``."""
        return replace(self.settings, seed=seed)

    def code(self, seed: int) -> str:
        """The deal code of its deal ``seed``."""
        return format_code(self.deal(seed))

    def __str__(self) -> str:
        return self.key


def option_sets_of(variant: Variant) -> tuple[OptionSet, ...]:
    """The option sets of one game, in menu order."""
    return tuple(OptionSet(settings) for settings in game_class(variant.game).option_sets())


OPTION_SETS: tuple[OptionSet, ...] = tuple(o for variant in VARIANTS.values() for o in option_sets_of(variant))
"""Every option set of every game, in menu order."""

_BY_KEY = {o.key: o for o in OPTION_SETS}


def option_set(key: str) -> OptionSet:
    """The option set named ``key`` (``"KL-D3V"``; the deal-code prefix
    ``"KL1-D3V"`` is read too); raises ``KeyError`` for an unknown one."""
    found = _BY_KEY.get(key) or next((o for o in OPTION_SETS if o.prefix == key), None)
    if found is None:
        raise KeyError(f"There is no option set {key!r}: they are {', '.join(_BY_KEY)}.")
    return found


def option_set_of(settings: DealCode | str) -> OptionSet:
    """The option set of a deal (its settings or its code)."""
    code = parse_code(settings) if isinstance(settings, str) else settings
    return OptionSet(replace(code, seed=game_class(code.game).option_sets()[0].seed))
