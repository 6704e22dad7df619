"""Deal codes, the shared shuffle and the deal.

A deal code names the game, its options and a shuffle seed, and re-creates
exactly the same deal everywhere (CPython and Pyodide alike), because the
shuffle is a fixed integer algorithm (SplitMix64) rather than ``random``.

>>> parse_code("kl1-d3v-aaaaabd")
DealCode(game='KL', draw=3, scoring='V', suits=4, seed=29, extra=())
>>> format_code(DealCode("SD", suits=2, seed=7))
'SD1-S2-AAAAAAH'
>>> layout = deal(parse_code("KL1-D1N-AAAAAAG"))
>>> " ".join(str(column[-1]) for column in layout.columns)
'Ad Jc Kd Tc 9d 3s Ah'
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar, get_args

from engine.cards import SUITS, Card
from engine.variants import VARIANTS, GameId, variant_of

if TYPE_CHECKING:
    from engine.game import Game

__all__ = [
    "CODE_REASONS",
    "CODE_VERSION",
    "MAX_CODE_CHARS",
    "MAX_SEED",
    "CodeError",
    "CodeReason",
    "Deal",
    "DealCode",
    "GameId",
    "Scoring",
    "SplitMix64",
    "deal",
    "deal_rows",
    "format_code",
    "letters_seed",
    "make_deck",
    "parse_code",
    "random_code",
    "seed_letters",
    "shuffle",
    "suit_blocks",
]

T = TypeVar("T")

Scoring = Literal["N", "V", "C"]

CODE_VERSION = 1
SEED_LETTERS = 7
MAX_SEED = 26**SEED_LETTERS - 1
EXAMPLE_SEED = 6
"""The shuffle of the deal codes that messages give as examples (``…-AAAAAAG``)."""
"""The largest seed 7 letters can hold (``ZZZZZZZ``)."""

_MASK64 = (1 << 64) - 1

CodeReason = Literal["bad_format", "bad_version", "unknown_game", "bad_options", "bad_seed", "wrong_game"]
"""What is wrong with a deal code, for a UI that words it itself."""

CODE_REASONS: tuple[CodeReason, ...] = get_args(CodeReason)


class CodeError(ValueError):
    """A deal code that cannot be read; ``str()`` says what is wrong.

    ``reason`` (one of ``CODE_REASONS``) and ``values`` (such as the code
    as typed, ``text``) let a translated UI say it in its own words.
    """

    reason: CodeReason | None
    values: dict[str, str | int]

    def __init__(self, message: str, reason: CodeReason | None = None, **values: str | int) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values


class SplitMix64:
    """The SplitMix64 generator, seeded with its initial state.

    >>> rng = SplitMix64(0)
    >>> hex(rng.next())
    '0xe220a8397b1dcdaf'
    >>> rng = SplitMix64(6)
    >>> [rng.below(10) for _ in range(5)]
    [2, 3, 6, 8, 7]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in ``range(n)``: outputs past the last whole
        multiple of ``n`` are rejected, so every remainder is equally likely."""
        if n <= 0:
            raise ValueError("below() needs a positive bound.")
        limit = (1 << 64) - ((1 << 64) % n)
        x = self.next()
        while x >= limit:
            x = self.next()
        return x % n


def shuffle(items: Sequence[T], seed: int | SplitMix64) -> list[T]:
    """A shuffled copy of ``items``: Fisher–Yates from the end with SplitMix64.

    >>> shuffle("abcde", 1)
    ['c', 'b', 'e', 'd', 'a']
    """
    rng = seed if isinstance(seed, SplitMix64) else SplitMix64(seed)
    deck = list(items)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@dataclass(frozen=True, slots=True)
class DealCode:
    """The fixed settings of one deal.

    ``draw`` and ``scoring`` belong to Klondike, ``suits`` to the Spider family;
    ``extra`` holds the options of any other game as ``(name, value)`` pairs
    (FreeCell's ``("cells", 4)``). The fields a game does not use keep their
    defaults, so that one deal has exactly one code. Which values a game
    takes is the game's own rule (``Game.check_settings``).
    """

    game: GameId = field(default_factory=lambda: next(iter(VARIANTS)))
    """The game's id (the registry's first when not given)."""
    draw: int = 1
    scoring: Scoring = "N"
    suits: int = 4
    seed: int = 0
    extra: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        if type(self.seed) is not int:
            raise CodeError("The seed must be a whole number.", "bad_seed")
        _rules(self.game).check_settings(self)

    @property
    def game_name(self) -> str:
        """The game's name: ``"Klondike"``, ``"Spiderette"``, ``"Spider"`` …"""
        return variant_of(self.game).name

    @property
    def options(self) -> str:
        """The options part of the code, e.g. ``"D3V"`` or ``"S2"``."""
        return _rules(self.game).format_options(self)

    def option(self, name: str, default: int = 0) -> int:
        """The value of the extra option ``name`` (``default`` when it is not set)."""
        for key, value in self.extra:
            if key == name:
                return value
        return default

    def with_seed(self, seed: int) -> DealCode:
        """The same options with another seed (checked as any code is)."""
        return replace(self, seed=seed)

    def __str__(self) -> str:
        return format_code(self)


def _rules(game: object) -> type[Game]:
    # The games' rules live in their own modules, which import this one: the
    # registry is asked when a code is read, not when this module is.
    from engine.game import game_class

    return game_class(game)


def seed_letters(seed: int) -> str:
    """The seed in base 26, 7 letters, most significant first, ``A`` = 0.

    >>> seed_letters(6), seed_letters(26)
    ('AAAAAAG', 'AAAAABA')
    """
    letters = []
    for _ in range(SEED_LETTERS):
        seed, digit = divmod(seed, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def format_code(code: DealCode) -> str:
    """The canonical (upper-case) text of a deal code."""
    rules = _rules(code.game)
    return f"{code.game}{CODE_VERSION}-{rules.format_options(code)}-{rules.format_seed(code.seed)}"


MAX_CODE_CHARS = 40
"""Longer text is refused before it is read (a code is 14 or 15 characters)."""

# ASCII only: ``\d`` would also take other scripts' digits, and ``str.upper()``
# turns some non-ASCII letters into ASCII ones (the dotless i into I).
_CODE_RE = re.compile(r"([A-Z]{2})([0-9]+)-([A-Z0-9]+)-([A-Z0-9]+)")


def parse_code(text: str) -> DealCode:
    """Read a deal code such as ``KL1-D1N-AAAAAAG`` (letters in any case).

    >>> parse_code("SP1-S1-AAAAABD").seed
    29
    >>> try:
    ...     parse_code("KL1-D2N-AAAAAAG")
    ... except CodeError as error:
    ...     print(error)
    Bad options 'D2N' in deal code 'KL1-D2N-AAAAAAG': Klondike expects D1 or D3 then N, V or C, e.g. D1N.
    """
    if not isinstance(text, str):
        raise CodeError(f"A deal code must be text, such as {example_codes(1)}.", "bad_format")
    stripped = text.strip()
    if len(stripped) > MAX_CODE_CHARS:
        raise CodeError(
            f"Bad deal code {stripped[:20]!r}…: it is far too long for a deal code such as {example_codes(1)}.",
            "bad_format",
            text=stripped[:20] + "…",
        )
    upper = stripped.upper()
    m = _CODE_RE.fullmatch(upper) if stripped.isascii() else None
    if m is None:
        raise CodeError(
            f"Bad deal code {text!r}: expected something like {example_codes(2)}.",
            "bad_format",
            text=text,
        )
    game, version, options, seed_text = m.groups()
    if game not in VARIANTS:
        raise CodeError(
            f"Unknown game {game!r} in deal code {text!r}: expected {_known()}.", "unknown_game", text=text, game=game
        )
    if int(version) != CODE_VERSION:
        raise CodeError(
            f"Deal code {text!r} has format version {version}; this version reads only version {CODE_VERSION}.",
            "bad_version",
            text=text,
        )
    rules = _rules(game)
    seed = rules.parse_seed(seed_text, text)
    fields = rules.parse_options(options, text)
    return DealCode(game, seed=seed, **fields)


def example_codes(count: int) -> str:
    """Deal codes of the first ``count`` games of the registry, for a message: each
    game's first option set with a sample shuffle.

    >>> example_codes(2)
    'KL1-D1N-AAAAAAG or SD1-S1-AAAAAAG'
    """
    codes = [format_code(_rules(game).option_sets()[0].with_seed(EXAMPLE_SEED)) for game in list(VARIANTS)[:count]]
    return ", ".join(codes[:-1]) + " or " + codes[-1] if len(codes) > 1 else codes[0]


def _known() -> str:
    ids = list(VARIANTS)
    return ", ".join(ids[:-1]) + " or " + ids[-1] if len(ids) > 1 else ids[0]


def letters_seed(letters: str, text: str) -> int:
    """The seed that 7 letters A-Z spell in base 26 (``A`` = 0); ``text`` is
    the whole code, for the error.

    >>> letters_seed("AAAAABD", "")
    29
    """
    if not letters.isalpha():
        raise CodeError(
            f"Bad deal code {text!r}: expected something like {example_codes(2)}.",
            "bad_format",
            text=text,
        )
    if len(letters) != SEED_LETTERS:
        raise CodeError(
            f"Bad seed {letters!r} in deal code {text!r}: expected {SEED_LETTERS} letters A-Z.", "bad_seed", text=text
        )
    seed = 0
    for ch in letters:
        seed = seed * 26 + (ord(ch) - ord("A"))
    return seed


def random_code(
    game: str | None = None,
    draw: int = 1,
    scoring: str = "N",
    suits: int = 4,
    rng: random.Random | None = None,
    **options: Any,
) -> str:
    """A code for a fresh random deal with the given options.

    Options a game does not use are ignored (Spider has no draw mode); other
    games' options come as keywords (see each game's ``random_settings``).

    >>> random_code("KL", 3, "V", rng=random.Random(1))
    'KL1-D3V-PUBNLKN'
    """
    if game is None:
        game = next(iter(VARIANTS))
    game = game.upper() if isinstance(game, str) else game
    rules = _rules(game)
    settings = rules.random_settings(rng or random.Random(), draw=draw, scoring=scoring, suits=suits, **options)
    return format_code(settings)


def make_deck(game: str | DealCode, suits: int = 4) -> list[Card]:
    """The unshuffled deck of a game (its settings, or its id and suit count),
    face down: suit blocks in order, each Ace to King.

    Klondike and 4-suit Spiderette: s, h, d, c. Spiderette 1 suit: four spade
    blocks; 2 suits: s, s, h, h. Spider: the Spiderette deck twice.

    >>> " ".join(str(c) for c in make_deck("SD", 2)[12:15])
    'Ks As 2s'
    """
    if isinstance(game, DealCode):
        return _rules(game.game).make_deck(game)
    rules = _rules(game)
    return rules.make_deck(replace(rules.option_sets()[0], suits=suits))


def suit_blocks(suits: int) -> list[str]:
    """The suit of each 13-card block of a one-deck pack of ``suits`` suits:
    4: s, h, d, c; 2: s, s, h, h; 1: four spade blocks."""
    if suits == 4:
        return list(SUITS)
    if suits == 2:
        return ["s", "s", "h", "h"]
    if suits == 1:
        return ["s"] * 4
    raise CodeError("A deck has 1, 2 or 4 suits.", "bad_options")


class Deal(NamedTuple):
    """A fresh layout. Every pile is listed bottom to top, so the last card of
    ``stock`` is the first one drawn or dealt."""

    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


def deal(code: DealCode) -> Deal:
    """The fresh layout of ``code``: its game shuffles its deck and deals it
    (``Game.deal_layout``; DESIGN.md section 4 and RULES.md say how each does).
    """
    return _rules(code.game).deal_layout(code)


def deal_rows(cards: Sequence[Card], rows: Sequence[Sequence[int]], face_up: Sequence[Sequence[bool]]) -> Deal:
    """Deal ``cards`` from index 0 onward, row by row: row ``r`` puts the next
    card on each column listed in ``rows[r]`` (0-based), face up as
    ``face_up[r]`` says for each; the rest is the stock, its first card
    drawn first."""
    width = 1 + max(c for row in rows for c in row)
    columns: list[list[Card]] = [[] for _ in range(width)]
    index = 0
    for row, faces in zip(rows, face_up, strict=True):
        for col, up in zip(row, faces, strict=True):
            columns[col].append(cards[index].with_face(up))
            index += 1
    stock = tuple(reversed(cards[index:]))
    return Deal(tuple(tuple(c) for c in columns), stock)
