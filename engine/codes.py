"""Deal codes, the shared shuffle and the deal.

A deal code names the game, its options and a shuffle seed, and re-creates
exactly the same deal everywhere (CPython and Pyodide alike), because the
shuffle is a fixed integer algorithm (SplitMix64) rather than ``random``.

>>> parse_code("kl1-d3v-aaaaabd")
DealCode(game='KL', draw=3, scoring='V', suits=4, seed=29)
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
from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeVar, cast

from engine.cards import SUITS, Card
from engine.variants import VARIANTS, GameId

__all__ = [
    "CODE_VERSION",
    "MAX_SEED",
    "CodeError",
    "Deal",
    "DealCode",
    "GameId",
    "Scoring",
    "SplitMix64",
    "deal",
    "format_code",
    "make_deck",
    "parse_code",
    "random_code",
    "seed_letters",
    "shuffle",
]

T = TypeVar("T")

Scoring = Literal["N", "V", "C"]

CODE_VERSION = 1
SEED_LETTERS = 7
MAX_SEED = 26**SEED_LETTERS - 1
"""The largest seed 7 letters can hold (``ZZZZZZZ``)."""

_MASK64 = (1 << 64) - 1

_GAME_NAMES: dict[str, str] = {game: variant.name for game, variant in VARIANTS.items()}


class CodeError(ValueError):
    """A deal code that cannot be read; ``str()`` says what is wrong."""


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
    the fields a game does not use keep their defaults, so that one deal has
    exactly one code.
    """

    game: GameId = "KL"
    draw: int = 1
    scoring: Scoring = "N"
    suits: int = 4
    seed: int = 0

    def __post_init__(self) -> None:
        if self.game not in _GAME_NAMES:
            raise CodeError(f"Unknown game {self.game!r}: expected KL, SD or SP.")
        if type(self.seed) is not int or not 0 <= self.seed <= MAX_SEED:
            raise CodeError(f"The seed must be a whole number from 0 to {MAX_SEED}.")
        if self.game == "KL":
            if self.draw not in (1, 3):
                raise CodeError("Klondike draws 1 or 3 cards.")
            if self.scoring not in ("N", "V", "C"):
                raise CodeError("Klondike scoring is N (Normal), V (Vegas) or C (Classic).")
            if self.suits != 4:
                raise CodeError("Klondike is played with one full deck (4 suits).")
        else:
            if self.suits not in (1, 2, 4):
                raise CodeError(f"{_GAME_NAMES[self.game]} is played with 1, 2 or 4 suits.")
            if self.draw != 1 or self.scoring != "N":
                raise CodeError(f"{_GAME_NAMES[self.game]} has no draw or scoring option.")

    @property
    def game_name(self) -> str:
        """``"Klondike"``, ``"Spiderette"`` or ``"Spider"``."""
        return _GAME_NAMES[self.game]

    def __str__(self) -> str:
        return format_code(self)


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
    options = f"D{code.draw}{code.scoring}" if code.game == "KL" else f"S{code.suits}"
    return f"{code.game}{CODE_VERSION}-{options}-{seed_letters(code.seed)}"


_CODE_RE = re.compile(r"([A-Z]{2})(\d+)-([A-Z0-9]+)-([A-Z]+)")
_KL_OPTIONS_RE = re.compile(r"D([13])([NVC])")
_SPIDER_OPTIONS_RE = re.compile(r"S([124])")


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
        raise CodeError("A deal code must be text, such as KL1-D1N-AAAAAAG.")
    upper = text.strip().upper()
    m = _CODE_RE.fullmatch(upper)
    if m is None:
        raise CodeError(f"Bad deal code {text!r}: expected something like KL1-D1N-AAAAAAG or SD1-S4-AAAAAAH.")
    game, version, options, letters = m.groups()
    if game not in _GAME_NAMES:
        raise CodeError(f"Unknown game {game!r} in deal code {text!r}: expected KL, SD or SP.")
    if int(version) != CODE_VERSION:
        raise CodeError(
            f"Deal code {text!r} has format version {version}; this version reads only version {CODE_VERSION}."
        )
    if len(letters) != SEED_LETTERS:
        raise CodeError(f"Bad seed {letters!r} in deal code {text!r}: expected {SEED_LETTERS} letters A-Z.")
    seed = 0
    for ch in letters:
        seed = seed * 26 + (ord(ch) - ord("A"))
    if game == "KL":
        km = _KL_OPTIONS_RE.fullmatch(options)
        if km is None:
            raise CodeError(
                f"Bad options {options!r} in deal code {text!r}: Klondike expects D1 or D3 then N, V or C, e.g. D1N."
            )
        return DealCode("KL", int(km.group(1)), cast(Scoring, km.group(2)), 4, seed)
    sm = _SPIDER_OPTIONS_RE.fullmatch(options)
    if sm is None:
        raise CodeError(f"Bad options {options!r} in deal code {text!r}: {_GAME_NAMES[game]} expects S1, S2 or S4.")
    return DealCode(cast(GameId, game), suits=int(sm.group(1)), seed=seed)


def random_code(
    game: str = "KL",
    draw: int = 1,
    scoring: str = "N",
    suits: int = 4,
    rng: random.Random | None = None,
) -> str:
    """A code for a fresh random deal with the given options.

    Options a game does not use are ignored (Spider has no draw mode).

    >>> random_code("KL", 3, "V", rng=random.Random(1))
    'KL1-D3V-PUBNLKN'
    """
    seed = (rng or random).randrange(MAX_SEED + 1)
    game = game.upper()
    if game == "KL":
        return format_code(DealCode("KL", draw, cast(Scoring, scoring.upper()), 4, seed))
    if game in ("SD", "SP"):
        return format_code(DealCode(cast(GameId, game), suits=suits, seed=seed))
    raise CodeError(f"Unknown game {game!r}: expected KL, SD or SP.")


def make_deck(game: str, suits: int = 4) -> list[Card]:
    """The unshuffled deck, face down: suit blocks in order, each Ace to King.

    Klondike and 4-suit Spiderette: s, h, d, c. Spiderette 1 suit: four spade
    blocks; 2 suits: s, s, h, h. Spider: the Spiderette deck twice.

    >>> " ".join(str(c) for c in make_deck("SD", 2)[12:15])
    'Ks As 2s'
    """
    if suits == 4:
        blocks = list(SUITS)
    elif suits == 2:
        blocks = ["s", "s", "h", "h"]
    elif suits == 1:
        blocks = ["s"] * 4
    else:
        raise CodeError("A deck has 1, 2 or 4 suits.")
    if game == "SP":
        blocks = blocks * 2
    return [Card(rank, suit, False) for suit in blocks for rank in range(1, 14)]


class Deal(NamedTuple):
    """A fresh layout. Every pile is listed bottom to top, so the last card of
    ``stock`` is the first one drawn or dealt."""

    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


def deal(code: DealCode) -> Deal:
    """Shuffle the deck of ``code`` and deal it row by row from index 0.

    Klondike and Spiderette: for row r in 0..6, for column c in r..6, the next
    card goes on column c, face up when r == c. Spider: rows of 10 until
    columns 1-4 hold 6 and 5-10 hold 5, the last card of each face up. The
    rest is the stock, its first card drawn first.
    """
    cards = shuffle(make_deck(code.game, code.suits), code.seed)
    columns: list[list[Card]]
    if code.game == "SP":
        columns = [[] for _ in range(10)]
        index = 0
        for row in range(6):
            for col in range(10 if row < 5 else 4):
                columns[col].append(cards[index])
                index += 1
        for column in columns:
            column[-1] = column[-1].with_face(True)
    else:
        columns = [[] for _ in range(7)]
        index = 0
        for row in range(7):
            for col in range(row, 7):
                columns[col].append(cards[index].with_face(row == col))
                index += 1
    stock = tuple(reversed(cards[index:]))
    return Deal(tuple(tuple(c) for c in columns), stock)
