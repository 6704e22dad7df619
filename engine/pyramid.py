"""Pyramid (RULES.md section 6): a pyramid of 28 face-up cards, pairs adding up to 13.

Two available cards whose values add up to 13 (an Ace is 1, a Jack 11, a Queen 12)
are removed together to the discard pile ``x``; a King (13) is removed alone. A card
is available when it is a pyramid card no card covers, or the waste's top card. A
tap on the stock turns its top card onto the waste; once the stock is empty, a tap
turns the waste back over: three passes in all. The game is won when the 28 pyramid
cards are gone, and lost when no pair or King can be removed and no stock tap is left.
There is no score (moves and time), and every action can be undone.

>>> g = Pyramid("PY1-P3-AAAAAAG")
>>> [str(g.top(p)) for p in g.peak_ids[21:]], len(g.pile("s")), g.pile("w")
(['7s', '9d', 'Kc', 'Qs', '3s', '4d', 'Ah'], 24, ())
>>> [str(m) for m in g.legal_moves()]
['p23+p27>x', 'p24>x', 'p25+p28>x', 's']
>>> action = g.play("p28+p25>x")  # the sources in any order: recorded w first, then by number
>>> str(action.move), action.dst, [str(c) for c in g.pile("x")]
('p25+p28>x', 'x', ['Qs', 'Ah'])
>>> g.play("p22+p23>x")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.moves.IllegalMove: The 7 of spades and the 9 of diamonds add up to 16, not 13: ...
>>> g.play("p24>x").move, g.play("s").kind, str(g.top("w")), g.partners("w")
(Move(src='p24', dst='x', count=1), 'draw', 'Qh', ())
>>> _ = g.undo(); _ = g.undo(); _ = g.undo(); g.moves, g.score_text, g.can_undo
(0, '', False)
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar, TypeVar

from engine.cards import Card, parse_card
from engine.codes import MAX_SEED, CodeError, Deal, DealCode, deal_rows, shuffle, suit_blocks
from engine.game import Effect, Game
from engine.moves import REASONS, STOCK_TAP, IllegalMove, Move
from engine.shapes import Shape
from engine.variants import PYRAMID, StockAction

__all__ = [
    "FINISH_CARDS",
    "KINDS",
    "PASSES",
    "PYRAMID_CARDS",
    "REASONS_OWN",
    "Pyramid",
    "canonical",
    "value",
]

SHAPE: Shape = PYRAMID.shape  # type: ignore[assignment]  # the registry gives Pyramid its shape
PEAKS: tuple[str, ...] = PYRAMID.peak_ids
"""The pyramid's piles ``p1``-``p28``, top row first."""
_PEAK_SET = frozenset(PEAKS)
PYRAMID_CARDS = 28
PASSES = 3
"""Passes through the stock (two redeals): the one count deal codes offer now (``P3``)."""
FINISH_CARDS = 12
"""Finish is offered when at most this many pyramid cards are left and all of them can be
removed one pair or King after another, without the stock (a small search)."""
KING = 13
THIRTEEN = 13

_OPTIONS_RE = re.compile(r"P([1-9])")
_ROWS = (tuple(range(PYRAMID_CARDS)),)
_FACES = (tuple(True for _ in range(PYRAMID_CARDS)),)

G = TypeVar("G", bound="Pyramid")

REASONS_OWN: tuple[str, ...] = (
    "covered",
    "not_thirteen",
    "king_alone",
    "needs_partner",
    "waste_stays",
    "pair_of_two",
    "one_card_each",
    "nothing_builds",
    "discard_stays",
    "no_passes_left",
    "pyramid_won",
)
"""The refusals only Pyramid makes (beside the shared ones of ``engine.moves``)."""

KINDS: tuple[str, ...] = ("opens", "king", "pair", "waste", "stock")
"""The kinds of move a hint tells apart, best first:

1. ``opens``: a pair or a King whose removal frees pyramid cards (the most first, then
   the pyramid's lowest row first);
2. ``king``: a King alone that frees nothing;
3. ``pair``: two pyramid cards that free nothing;
4. ``waste``: the waste's top card with a pyramid card, freeing nothing;
5. ``stock``: a tap on the stock."""


def value(card: Card) -> int:
    """A card's value: Ace 1, 2-10 their number, Jack 11, Queen 12, King 13.

    >>> value(parse_card("As")), value(parse_card("Th")), value(parse_card("Qd")), value(parse_card("Kc"))
    (1, 10, 12, 13)
    """
    return card.rank


def _order(pid: str) -> int:
    """A source's place in the canonical order: the waste first, then ``p1``-``p28``."""
    return 0 if pid == "w" else int(pid[1:])


def canonical(sources: tuple[str, ...]) -> tuple[str, ...]:
    """The sources of a removal in the order a record writes them: the waste first,
    then the pyramid's cards by number.

    >>> canonical(("p27", "w")), canonical(("p12", "p7"))
    (('w', 'p27'), ('p7', 'p12'))
    """
    return tuple(sorted(sources, key=_order))


def _removal(sources: tuple[str, ...]) -> Move:
    """The move that removes the top cards of ``sources`` (one or two piles) to ``x``."""
    first, *more = canonical(sources)
    return Move(first, "x", 1, tuple(more))


class Pyramid(Game):
    """Pyramid: stock ``s``, waste ``w``, the discard ``x`` and the pyramid's cards
    ``p1``-``p28`` (one card a pile). Code ``PY1-P3-SEED``: three passes through the
    stock. No score; undo takes back every action of the game.

    A removal is an ``Action`` of kind ``"move"`` with ``dst`` ``"x"``: a King alone
    (``p28>x``, ``w>x``) or a pair (``p7+p12>x``, ``w+p22>x``), the pair's two cards
    moved one after the other (two steps, so undo puts each back). A stock tap is a
    ``"draw"`` or, with the stock empty, a ``"recycle"``.
    """

    variant = PYRAMID
    daily_options: ClassVar[str | None] = "PY1-P3"
    peak_ids: ClassVar[tuple[str, ...]] = PEAKS
    """The pyramid's piles, top row first."""
    shape: ClassVar[Shape] = SHAPE
    has_score: ClassVar[bool] = False
    undo_limit: ClassVar[int | None] = None
    declares_loss: ClassVar[bool] = True
    multi_source: ClassVar[bool] = True
    reasons: ClassVar[tuple[str, ...]] = (*REASONS, *REASONS_OWN)
    advice_kinds: ClassVar[tuple[str, ...]] = KINDS
    advice_progress: ClassVar[frozenset[str]] = frozenset(("opens", "king", "pair", "waste"))
    solver_module: ClassVar[str | None] = "engine.solver.pyramid"
    same_pile_text: ClassVar[str] = "A pair is two different cards."

    _recycles: int

    # ----------------------------------------------------------- deal codes

    @classmethod
    def option_sets(cls) -> tuple[DealCode, ...]:
        """Three passes through the stock: the one option set."""
        return (DealCode(cls.variant.game, extra=(("passes", PASSES),)),)

    @classmethod
    def parse_options(cls, options: str, text: str) -> dict[str, Any]:
        """``P`` and the passes through the stock (only ``P3`` is dealt now).

        >>> Pyramid.parse_options("P3", "PY1-P3-AAAAAAA")
        {'extra': (('passes', 3),)}
        """
        m = _OPTIONS_RE.fullmatch(options)
        if m is None:
            raise CodeError(
                f"Bad options {options!r} in deal code {text!r}: Pyramid expects P3 (three passes through the stock).",
                "bad_options",
                text=text,
            )
        return {"extra": (("passes", int(m.group(1))),)}

    @classmethod
    def format_options(cls, settings: DealCode) -> str:
        return f"P{settings.option('passes')}"

    @classmethod
    def describe_options(cls, settings: DealCode) -> str:
        return "three passes"

    @classmethod
    def check_settings(cls, settings: DealCode) -> None:
        super().check_settings(settings)
        if settings.extra != (("passes", PASSES),):
            raise CodeError("Pyramid is played with three passes through the stock (P3).", "bad_options")
        if settings.draw != 1 or settings.scoring != "N" or settings.suits != 4:
            raise CodeError("Pyramid has no draw, scoring or suits option.", "bad_options")

    @classmethod
    def random_settings(cls, rng: random.Random, **options: Any) -> DealCode:
        """A random deal (three passes: Pyramid has no other option now)."""
        return DealCode(cls.variant.game, seed=rng.randrange(MAX_SEED + 1), extra=(("passes", PASSES),))

    @classmethod
    def make_deck(cls, settings: DealCode) -> list[Card]:
        """One deck: suit blocks s, h, d, c, each Ace to King."""
        return [Card(rank, suit, False) for suit in suit_blocks(4) for rank in range(1, 14)]

    @classmethod
    def deal_layout(cls, settings: DealCode) -> Deal:
        """The shuffled deck from its first card onward fills ``p1``-``p28`` (one
        "column" of one card each, all face up); the other 24 are the stock, face down,
        the first of them on top."""
        return deal_rows(shuffle(cls.make_deck(settings), settings.seed), _ROWS, _FACES)

    # ------------------------------------------------------------- position

    @property
    def passes(self) -> int:
        """Passes through the stock the deal allows (3)."""
        return self.settings.option("passes")

    @property
    def passes_left(self) -> int:
        """Passes not yet begun: 2 at the deal, 0 once the waste went back twice."""
        return self.passes - 1 - self._recycles

    @property
    def recycles(self) -> int:
        """How often the waste went back into the stock."""
        return self._recycles

    @property
    def pyramid_cards(self) -> int:
        """The cards left in the pyramid."""
        piles = self._piles
        return sum(1 for p in PEAKS if piles[p])

    @property
    def won(self) -> bool:
        """True once the pyramid is cleared (the stock and waste may keep cards)."""
        piles = self._piles
        return not any(piles[p] for p in PEAKS)

    def waste_fan(self) -> int:
        """The waste's top card alone (0 when empty)."""
        return 1 if self._piles["w"] else 0

    def available(self) -> tuple[str, ...]:
        """The piles whose card may be removed now: the free pyramid cards (bottom row
        first, each row left to right), then the waste when it holds a card."""
        free = self.free_places()
        return (*free, "w") if self._piles["w"] else free

    def is_available(self, pid: str) -> bool:
        """True when ``pid`` is a free pyramid card or the waste with a card."""
        if pid == "w":
            return bool(self._piles["w"])
        return pid in _PEAK_SET and SHAPE.is_free(self._piles, pid)

    def partners(self, pid: str) -> tuple[str, ...]:
        """The available cards that pair with ``pid``'s (values adding up to 13), in the
        order of ``available``; none when ``pid`` is not available or holds a King.

        >>> g = Pyramid.from_piles("PY1-P3-AAAAAAA", {"p22": "6h", "p23": "7c", "p24": "7d", "w": "Kc"})
        >>> g.partners("p22"), g.partners("p23"), g.partners("w")
        (('p23', 'p24'), ('p22',), ())
        """
        if not self.is_available(pid):
            return ()
        want = THIRTEEN - value(self._piles[pid][-1])
        piles = self._piles
        return tuple(q for q in self.available() if q != pid and value(piles[q][-1]) == want)

    # ---------------------------------------------------------------- setup

    def _setup(self, layout: Deal) -> None:
        self._piles = {"s": list(layout.stock), "w": [], "x": []}
        for p, cards in zip(PEAKS, layout.columns, strict=True):
            self._piles[p] = list(cards)
        self._recycles = 0

    def _counters(self) -> tuple[int, ...]:
        return (self._recycles,)

    def _restore_counters(self, counters: tuple[int, ...]) -> None:
        (self._recycles,) = counters

    def _position_counters(self) -> tuple[int, ...]:
        # A redeal uses a pass up: the same table after it has fewer ways on.
        return (self._recycles,)

    @classmethod
    def from_piles(
        cls: type[G], code: DealCode | str, piles: Mapping[str, str], moves: int = 0, recycles: int = 0
    ) -> G:
        """A game in a given position, for tests and puzzles: ``piles`` maps pile ids to
        cards bottom to top (``{"p28": "Kh", "w": "5d 8c"}``, every card face up but the
        stock's); piles left out are empty; ``recycles`` is how often the waste already
        went back. The cards are not checked against the deck, and the game has no moves
        behind it.

        >>> g = Pyramid.from_piles("PY1-P3-AAAAAAA", {"p27": "5h", "p28": "Kc", "w": "8d", "s": "2c"})
        >>> [str(m) for m in g.legal_moves()]
        ['w+p27>x', 'p28>x', 's']
        """
        game = cls(code)
        for pid in piles:
            if pid not in game._piles:
                raise KeyError(f"There is no pile {pid!r} in Pyramid.")
        for pid in game._piles:
            up = pid != "s"
            game._piles[pid] = [parse_card(token, up) for token in piles.get(pid, "").split()]
        if not 0 <= recycles < game.passes:
            raise ValueError(f"Pyramid's waste goes back at most {game.passes - 1} times.")
        game._recycles = recycles
        game.moves = moves
        return game

    # ---------------------------------------------------------------- rules

    def _stock_refused(self) -> IllegalMove | None:
        piles = self._piles
        if self.won:
            return IllegalMove("The game is won: the pyramid is cleared.", "pyramid_won")
        if piles["s"]:
            return None
        if not piles["w"]:
            return IllegalMove("The stock and the waste are both empty.", "stock_empty")
        if self.passes_left <= 0:
            return IllegalMove(
                "The stock is used up: Pyramid goes through it three times (two redeals).", "no_passes_left"
            )
        return None

    def stock_action(self) -> StockAction | None:
        """``"draw"`` while the stock holds cards, ``"recycle"`` when it is empty and a pass
        is left, else None (refused)."""
        if self._stock_refused() is not None:
            return None
        return "draw" if self._piles["s"] else "recycle"

    def _target_refusal(self, dst: str) -> IllegalMove | None:
        if dst != "x" and dst in self._piles:
            return IllegalMove(
                "Nothing is built in Pyramid: two cards that add up to 13, or a King alone, leave the table.",
                "nothing_builds",
            )
        return None

    def _check_pile_move(self, move: Move) -> Move:
        piles = self._piles
        if self.won:
            raise IllegalMove("The game is won: the pyramid is cleared.", "pyramid_won")
        sources = move.sources
        for src in sources:
            if src == "x":
                raise IllegalMove("Removed cards stay removed.", "discard_stays")
        self._check_ends(move, piles, ("x",))
        if move.count != 1:
            raise IllegalMove(
                "Cards leave the table one at a time from each place: a King alone, or two cards that add up to 13.",
                "one_card_each",
            )
        if len(sources) > 2:
            raise IllegalMove("A pair is two cards whose values add up to 13.", "pair_of_two")
        if len(set(sources)) != len(sources):
            self._check_other_pile(sources[0], sources[1])
        for src in sources:
            if not piles[src]:
                if src == "w":
                    raise IllegalMove("The waste is empty.", "empty_pile", pile=src)
                raise IllegalMove(f"The card at {src} is already removed.", "empty_pile", pile=src)
            if src != "w" and not SHAPE.is_free(piles, src):
                card = piles[src][-1]
                raise IllegalMove(
                    f"The {card.name} is covered: a pyramid card is free once no card lies on it.",
                    "covered",
                    card=str(card),
                    pile=src,
                )
        ordered = canonical(sources)
        cards = [piles[src][-1] for src in ordered]
        if len(cards) == 1:
            card = cards[0]
            if value(card) == KING:
                return _removal(ordered)
            need = RANK_WORDS[THIRTEEN - value(card)]
            if ordered[0] == "w":
                raise IllegalMove(
                    f"The {card.name} stays on the waste until it leaves with a free card adding up to 13 "
                    f"(here {need}).",
                    "waste_stays",
                    card=str(card),
                )
            raise IllegalMove(
                f"The {card.name} leaves only with a card adding up to 13: {need}. Only a King goes alone.",
                "needs_partner",
                card=str(card),
            )
        first, second = cards
        if KING in (value(first), value(second)):
            king = first if value(first) == KING else second
            raise IllegalMove(f"A King is removed alone: tap the {king.name}.", "king_alone", card=str(king))
        total = value(first) + value(second)
        if total != THIRTEEN:
            raise IllegalMove(
                f"The {first.name} and the {second.name} add up to {total}, not 13: a pair's values must add "
                "up to 13 (an Ace is 1, a Jack 11, a Queen 12).",
                "not_thirteen",
                card=str(first),
                other=str(second),
                total=total,
            )
        return _removal(ordered)

    def _perform(self, move: Move) -> Effect:
        if move.is_stock_tap:
            if self._piles["s"]:
                self._turn_cards("s", "w", 1)
                return Effect("draw", "w", 0)
            self._turn_cards("w", "s", len(self._piles["w"]))
            self._recycles += 1
            return Effect("recycle", "s", 0)
        for src in move.sources:
            self._move_cards(src, "x", 1)
        return Effect("move", "x", 0)

    def legal_moves(self) -> list[Move]:
        """Every legal move: the Kings alone and the pairs among the available cards
        (``available``'s order), then the stock tap while it is allowed."""
        if self.won:
            return []
        piles = self._piles
        free = self.available()
        values = [value(piles[p][-1]) for p in free]
        moves: list[Move] = []
        for i, p in enumerate(free):
            if values[i] == KING:
                moves.append(_removal((p,)))
                continue
            for j in range(i + 1, len(free)):
                if values[i] + values[j] == THIRTEEN:
                    moves.append(_removal((p, free[j])))
        if self.stock_action() is not None:
            moves.append(STOCK_TAP)
        return moves

    # ------------------------------------------------------------- gestures

    def _has_card(self, pid: str) -> bool:
        return (pid == "w" or pid in _PEAK_SET) and bool(self._piles[pid])

    def can_pick(self, pid: str, count: int) -> bool:
        """May ``pid``'s card be picked up (and dragged onto its partner, or a King onto
        the discard)? An available card."""
        if type(count) is not int or count != 1:
            return False
        return self.is_available(pid)

    def move_for_drop(self, pid: str, count: int, dst: str) -> Move:
        """Dropping a card on another card of the table means removing the two as a pair
        (``p22+p23>x``); on the discard, removing it alone (a King). Not checked."""
        if count == 1 and dst != pid and self._has_card(pid) and self._has_card(dst):
            return _removal((pid, dst))
        return Move(pid, dst, count)

    def pair_move(self, first: str, second: str) -> Move | None:
        """The move a tap on ``first`` and then on ``second`` means: the two cards removed
        as a pair, not checked (the page plays it and the refusal says the rule: not 13,
        a covered card, a King); None when the two taps are not on two cards of the table
        (a second tap on the same card lets it go).

        >>> g = Pyramid("PY1-P3-AAAAAAA")
        >>> str(g.pair_move("p26", "p22")), g.pair_move("p26", "p26"), g.pair_move("p26", "s")
        ('p22+p26>x', None, None)
        """
        if first == second or not (self._has_card(first) and self._has_card(second)):
            return None
        return _removal((first, second))

    def tap_move(self, pid: str) -> Move | None:
        """A single tap removes an available King; other cards wait for their partner."""
        if self.is_available(pid) and value(self._piles[pid][-1]) == KING:
            return _removal((pid,))
        return None

    def tap_intent(self, pid: str) -> Move | None:
        """A tap on a King, or on a card that is not available, means removing it alone,
        so that the refusal says why it may not (covered); a tap on an available card other
        than a King means nothing by itself: it is the first of a pair (``pair_move``)."""
        if not self._has_card(pid):
            return None
        if value(self._piles[pid][-1]) == KING or not self.is_available(pid):
            return _removal((pid,))
        return None

    def double_tap_move(self, pid: str, count: int = 1) -> Move | None:
        """As a single tap: a King goes alone."""
        return self.tap_move(pid) if count == 1 else None

    # ------------------------------------------------------ advice, finish

    def advice_kind(self, move: Move) -> tuple[str, int]:
        """The kind of a legal move (``KINDS``) and a tie-breaker (lower first)."""
        if move.is_stock_tap:
            return "stock", 0
        piles = self._piles
        after = {p: piles[p] for p in PEAKS}
        for src in move.sources:
            if src != "w":
                after[src] = []
        freed = [q for src in move.sources if src != "w" for q in SHAPE.freed_by(after, src)]
        if freed:
            return "opens", -10 * len(freed) - max(SHAPE.place(q).row for q in freed)
        if len(move.sources) == 1:
            return "king", 0
        if "w" in move.sources:
            return "waste", 0
        return "pair", -max(SHAPE.place(p).row for p in move.sources)

    def finish_ready(self) -> bool:
        """At most ``FINISH_CARDS`` pyramid cards are left and all of them can be removed
        one pair or King after another, without the stock."""
        left = self.pyramid_cards
        return 0 < left <= FINISH_CARDS and self._finish_line() is not None

    def finish_move(self) -> Move | None:
        """The next removal of a line that clears the pyramid without the stock."""
        line = self._finish_line() if 0 < self.pyramid_cards <= FINISH_CARDS else None
        return line[0] if line else None

    def _finish_line(self) -> tuple[Move, ...] | None:
        """Removals that clear the pyramid one after another (the waste's cards may
        pair), or None."""
        piles = self._piles
        pyramid = tuple(value(piles[p][-1]) if piles[p] else 0 for p in PEAKS)
        waste = tuple(value(c) for c in piles["w"])
        return _clear_line(pyramid, waste)


RANK_WORDS: tuple[str, ...] = (
    "",
    "an Ace",
    "a 2",
    "a 3",
    "a 4",
    "a 5",
    "a 6",
    "a 7",
    "an 8",
    "a 9",
    "a 10",
    "a Jack",
    "a Queen",
)
"""The partner a card of each value needs, in words (index: the partner's value)."""


_COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(PEAKS.index(q) for q in SHAPE.place(p).covered_by) for p in PEAKS
)


def _clear_line(pyramid: tuple[int, ...], waste: tuple[int, ...]) -> tuple[Move, ...] | None:
    """A line of removals that clears ``pyramid`` (each place's value, 0 when gone) with
    the help of ``waste`` (values bottom to top), no stock tap; None when there is none
    (a search with memo)."""

    @cache
    def search(left: int, height: int) -> tuple[Move, ...] | None:
        if not left:
            return ()
        free = [i for i in range(PYRAMID_CARDS) if left >> i & 1 and not any(left >> j & 1 for j in _COVERED_BY[i])]
        spots: list[tuple[str, int]] = [(PEAKS[i], pyramid[i]) for i in free]
        if height:
            spots.append(("w", waste[height - 1]))
        for a, (pa, va) in enumerate(spots):
            options: list[tuple[str, ...]] = []
            if va == KING:
                options.append((pa,))
            else:
                options.extend((pa, pb) for pb, vb in spots[a + 1 :] if va + vb == THIRTEEN)
            for group in options:
                rest_left, rest_height = left, height
                for pid in group:
                    if pid == "w":
                        rest_height -= 1
                    else:
                        rest_left &= ~(1 << PEAKS.index(pid))
                rest = search(rest_left, rest_height)
                if rest is not None:
                    return (_removal(group), *rest)
        return None

    mask = sum(1 << i for i, v in enumerate(pyramid) if v)
    return search(mask, len(waste))
