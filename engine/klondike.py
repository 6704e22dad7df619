"""Klondike (RULES.md section 1): Normal, Vegas and Classic rules, draw 1 or 3.

>>> g = Klondike("KL1-D1N-AAAAAAG")
>>> " ".join(str(g.top(t)) for t in COLUMNS)
'Ad Jc Kd Tc 9d 3s Ah'
>>> g.play("t1>f").dst, g.score          # the Ace of diamonds goes to its slot f3
('f3', 10)
>>> g.play("t7>f2").flipped, g.score     # +10 for the Ace, +5 for the card it uncovers
(('t7',), 25)
>>> g.play("t2>t1")
Traceback (most recent call last):
...
engine.moves.IllegalMove: Only a King can go to an empty column.
>>> _ = g.undo(); g.score
10
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from engine.cards import SUITS, Card, face_up_count
from engine.codes import MAX_SEED, CodeError, Deal, DealCode, Scoring, deal_rows, shuffle, suit_blocks
from engine.foundations import BUILD_RULE, SLOT, fits, home_refusal, safe_home
from engine.game import Effect, Game, format_dollars
from engine.moves import STOCK_TAP, IllegalMove, Move
from engine.variants import KLONDIKE, StockAction

__all__ = ["COLUMNS", "FOUNDATIONS", "SLOT", "Klondike", "format_vegas"]

COLUMNS: tuple[str, ...] = KLONDIKE.column_ids
FOUNDATIONS: tuple[str, ...] = KLONDIKE.foundation_ids

_COLUMN_SET = frozenset(COLUMNS)
_FOUNDATION_SET = frozenset(FOUNDATIONS)
_RED = frozenset("hd")


_OPTIONS_RE = re.compile(r"D([13])([NVC])")

KINDS: tuple[str, ...] = (
    "home-safe",
    "reveal",
    "home",
    "waste",
    "empty",
    "unblock",
    "stock",
    "shuffle",
    "take-back",
    "pointless",
    "reverse",
)
"""The kinds of move a hint tells apart, best first (``engine.advice`` says what each is)."""

_ROWS = tuple(tuple(range(row, 7)) for row in range(7))
"""The deal, row by row: row r puts a card on columns r to 7 (0-based), the first face up."""
_FACES = tuple(tuple(col == row for col in cols) for row, cols in enumerate(_ROWS))


format_vegas = format_dollars
"""A Vegas score as shown to the player (``engine.game.format_dollars``)."""


def _paid_bit(card: Card) -> int:
    """The card's bit in ``Klondike._paid``."""
    return 1 << (SUITS.index(card.suit) * 13 + card.rank - 1)


class Klondike(Game):
    """Klondike on one deck: stock ``s``, waste ``w``, foundations ``f1``-``f4``
    (spades, hearts, diamonds, clubs) and columns ``t1``-``t7``.

    Scoring (RULES.md): Normal and Classic give +10 per card to a foundation,
    +5 per card from waste to column, +5 per face-down card turned up, -100
    per recycle (the score never drops below 0), 0 otherwise. Vegas starts at
    -52 and gives +5 per card placed on a foundation, 0 for everything else.

    Interpretation (take-backs, RULES.md): a card's foundation points, and its
    Vegas dollars, are paid once. Taking a card back off a foundation costs
    nothing, and placing it there again pays nothing more, so no score can be
    pumped by sending one card back and forth. The invariant score == -52 + 5 x
    (cards on foundations) therefore holds only in games without take-backs.

    """

    variant = KLONDIKE
    daily_options: ClassVar[str | None] = "KL1-D1N"
    advice_kinds: ClassVar[tuple[str, ...]] = KINDS
    advice_progress: ClassVar[frozenset[str]] = frozenset(KINDS[: KINDS.index("stock")])
    solver_module: ClassVar[str | None] = "engine.solver.klondike"
    fast_search_proves_losses: ClassVar[bool] = False
    """The fast search leaves out a few moves that hardly ever matter: its loss is no proof."""

    _recycles: int
    _fan: int
    _paid: int
    """The cards whose foundation points (or dollars) were paid, one bit per card."""

    # ----------------------------------------------------------- deal codes

    @classmethod
    def option_sets(cls) -> tuple[DealCode, ...]:
        """Draw 1 and 3 with Normal scoring, then Vegas, then the Classic rules."""
        return tuple(DealCode(cls.variant.game, draw, scoring) for scoring in ("N", "V", "C") for draw in (1, 3))

    @classmethod
    def parse_options(cls, options: str, text: str) -> dict[str, Any]:
        m = _OPTIONS_RE.fullmatch(options)
        if m is None:
            raise CodeError(
                f"Bad options {options!r} in deal code {text!r}: Klondike expects D1 or D3 then N, V or C, e.g. D1N.",
                "bad_options",
                text=text,
            )
        return {"draw": int(m.group(1)), "scoring": m.group(2)}

    @classmethod
    def format_options(cls, settings: DealCode) -> str:
        return f"D{settings.draw}{settings.scoring}"

    @classmethod
    def describe_options(cls, settings: DealCode) -> str:
        scoring = {"N": "Normal scoring", "V": "Vegas scoring", "C": "Classic rules"}[settings.scoring]
        return f"draw {settings.draw}, {scoring}"

    @classmethod
    def scores_in_dollars(cls, settings: DealCode) -> bool:
        return settings.scoring == "V"

    @classmethod
    def check_settings(cls, settings: DealCode) -> None:
        super().check_settings(settings)
        if settings.draw not in (1, 3):
            raise CodeError("Klondike draws 1 or 3 cards.", "bad_options")
        if settings.scoring not in ("N", "V", "C"):
            raise CodeError("Klondike scoring is N (Normal), V (Vegas) or C (Classic).", "bad_options")
        if settings.suits != 4:
            raise CodeError("Klondike is played with one full deck (4 suits).", "bad_options")
        if settings.extra:
            raise CodeError("Klondike has no options but draw and scoring.", "bad_options")

    @classmethod
    def random_settings(cls, rng: random.Random, **options: Any) -> DealCode:
        seed = rng.randrange(MAX_SEED + 1)
        scoring: Scoring = str(options.get("scoring", "N")).upper()  # type: ignore[assignment]
        return DealCode(cls.variant.game, options.get("draw", 1), scoring, 4, seed)

    @classmethod
    def make_deck(cls, settings: DealCode) -> list[Card]:
        """One deck: suit blocks s, h, d, c, each Ace to King."""
        return [Card(rank, suit, False) for suit in suit_blocks(4) for rank in range(1, 14)]

    @classmethod
    def deal_layout(cls, settings: DealCode) -> Deal:
        """For row r in 0..6, for column c in r..6, the next card goes on column
        c, face up when r == c; the other 24 are the stock."""
        return deal_rows(shuffle(cls.make_deck(settings), settings.seed), _ROWS, _FACES)

    # ------------------------------------------------------------- settings

    @property
    def draw(self) -> int:
        """Cards turned per draw: 1 or 3."""
        return self.settings.draw

    @property
    def scoring(self) -> str:
        """``"N"`` (Normal), ``"V"`` (Vegas) or ``"C"`` (Classic rules)."""
        return self.settings.scoring

    @property
    def total_passes(self) -> int | None:
        """Passes through the stock allowed in all; None means unlimited."""
        if self.scoring == "V":
            return 1
        if self.scoring == "C":
            return 1 if self.draw == 1 else 3
        return None

    @property
    def passes_left(self) -> int | None:
        """Passes through the stock still available, the current one included
        (1 = the waste can no longer be turned back); None = unlimited."""
        total = self.total_passes
        return None if total is None else total - self._recycles

    @property
    def recycles(self) -> int:
        """How many times the waste was turned back into the stock."""
        return self._recycles

    @property
    def score_text(self) -> str:
        """``"35"``; in Vegas ``"+$208"``, ``"$0"`` or ``"-$52"``."""
        return format_vegas(self.score) if self.scoring == "V" else str(self.score)

    @property
    def won(self) -> bool:
        """True when all 52 cards are on the foundations."""
        piles = self._piles
        return sum(len(piles[f]) for f in FOUNDATIONS) == 52

    def been_home(self, card: Card) -> bool:
        """True when ``card`` has been on a foundation in this game (its points, or
        dollars, are paid once: RULES.md)."""
        return bool(self._paid & _paid_bit(card))

    def waste_fan(self) -> int:
        """How many top waste cards to show fanned: in draw 3 the cards of the
        last draw still on the waste (at least 1); in draw 1, 1. 0 when empty."""
        if not self._piles["w"]:
            return 0
        return 1 if self.draw == 1 else max(1, self._fan)

    # ---------------------------------------------------------------- setup

    def _setup(self, layout: Deal) -> None:
        self.score = -52 if self.scoring == "V" else 0
        self._piles = {"s": list(layout.stock), "w": []}
        for f in FOUNDATIONS:
            self._piles[f] = []
        for t, cards in zip(COLUMNS, layout.columns, strict=True):
            self._piles[t] = list(cards)
        self._recycles = 0
        self._fan = 0
        self._paid = 0

    def _counters(self) -> tuple[int, ...]:
        return (self._recycles, self._fan, self._paid)

    def _restore_counters(self, counters: tuple[int, ...]) -> None:
        self._recycles, self._fan, self._paid = counters

    def _position_counters(self) -> tuple[int, ...]:
        # With counted passes a recycle uses one up: the same table after it has
        # fewer ways on. With unlimited passes it is the same position again.
        return () if self.total_passes is None else (self._recycles,)

    # ---------------------------------------------------------------- rules

    def _recycle_refusal(self) -> IllegalMove | None:
        if not self._piles["w"]:
            return IllegalMove("The stock and the waste are both empty.", "stock_empty")
        if self.scoring == "V":
            return IllegalMove(
                "Vegas scoring goes through the stock once only: the waste can't be turned back.", "vegas_one_pass"
            )
        passes = self.passes_left
        if passes is not None and passes <= 1:
            if self.draw == 1:
                return IllegalMove(
                    "Classic rules with draw 1 allow a single pass through the stock.", "classic_one_pass"
                )
            return IllegalMove(
                "Classic rules with draw 3 allow three passes through the stock in all.", "classic_three_passes"
            )
        return None

    def _stock_refused(self) -> IllegalMove | None:
        if self._piles["s"]:
            return None
        return self._recycle_refusal()

    def stock_action(self) -> StockAction | None:
        """``"draw"``, ``"recycle"`` or None (refused)."""
        if self._piles["s"]:
            return "draw"
        return None if self._recycle_refusal() is not None else "recycle"

    def _target_refusal(self, dst: str) -> IllegalMove | None:
        if dst == "w":
            return IllegalMove("Only the stock turns cards onto the waste.", "not_to_waste")
        return None

    def _check_pile_move(self, move: Move) -> Move:
        src, dst, n = move.src, move.dst, move.count
        piles = self._piles
        self._check_ends(move, piles, piles)
        if src in _FOUNDATION_SET and self.scoring == "C":
            raise IllegalMove("Classic rules never take a card back from a foundation.", "classic_no_takeback")
        cards = self._source_cards(src)
        if src == "w":
            if n != 1:
                raise IllegalMove("Only the top card of the waste can be played.", "waste_top_only")
        elif src in _FOUNDATION_SET:
            if n != 1:
                raise IllegalMove("Only the top card of a foundation can be taken back.", "foundation_top_only")
        else:
            self._check_face_up(src, cards, n)
        card = cards[-n]
        if dst == "f" or dst in _FOUNDATION_SET:
            slot = SLOT[card.suit]
            if src in _FOUNDATION_SET:
                raise IllegalMove("That card is already on its foundation.", "already_on_foundation", card=str(card))
            if n != 1:
                raise IllegalMove("Foundations take one card at a time.", "foundation_one_card")
            refusal = home_refusal(card, len(piles[slot]))
            if refusal is not None:
                raise refusal
            return Move(src, "f", 1)
        self._check_other_pile(src, dst)
        target = piles[dst]
        if not target:
            if card.rank != 13:
                raise IllegalMove("Only a King can go to an empty column.", "empty_needs_king", card=str(card))
        else:
            top = target[-1]
            if not fits(card, top):
                raise IllegalMove(
                    f"The {card.name} can't go on the {top.name}: {BUILD_RULE}.",
                    "build_alternating",
                    card=str(card),
                    top=str(top),
                )
        return Move(src, dst, n)

    def _perform(self, move: Move) -> Effect:
        piles = self._piles
        normal = self.scoring != "V"
        score = self.score
        if move.is_stock_tap:
            if piles["s"]:
                n = min(self.draw, len(piles["s"]))
                self._turn_cards("s", "w", n)
                self._fan = n
                return Effect("draw", "w", score)
            self._turn_cards("w", "s", len(piles["w"]))
            self._recycles += 1
            self._fan = 0
            return Effect("recycle", "s", max(0, score - 100) if normal else score)
        src, n = move.src, move.count
        card = piles[src][-n]
        to_foundation = move.dst == "f" or move.dst in _FOUNDATION_SET
        dst = SLOT[card.suit] if to_foundation else move.dst
        self._move_cards(src, dst, n)
        paid = _paid_bit(card)
        if to_foundation:
            if not self._paid & paid:
                self._paid |= paid
                score += 10 if normal else 5
        elif src == "w" and normal:
            score += 5
        if src == "w":
            self._fan = max(0, self._fan - 1)
        else:
            rest = piles[src]
            if rest and not rest[-1].face_up:
                self._flip_top(src)
                if normal:
                    score += 5
        return Effect("move", dst, score)

    def legal_moves(self) -> list[Move]:
        """Every legal move: the stock tap, moves to foundations, waste to
        columns, column to column (every legal group size) and take-backs."""
        piles = self._piles
        moves: list[Move] = []
        if self.stock_action() is not None:
            moves.append(STOCK_TAP)
        found = {suit: len(piles[slot]) for suit, slot in SLOT.items()}
        waste = piles["w"]
        for src in ("w", *COLUMNS):
            cards = piles[src]
            if cards:
                c = cards[-1]
                if found[c.suit] == c.rank - 1:
                    moves.append(Move(src, "f", 1))
        # What each column accepts: the rank and redness of the card that fits.
        wants: list[tuple[str, int, bool | None]] = []
        for dst in COLUMNS:
            target = piles[dst]
            if not target:
                wants.append((dst, 13, None))
            elif target[-1].rank > 1:
                top = target[-1]
                wants.append((dst, top.rank - 1, top.suit not in _RED))
        if waste:
            c = waste[-1]
            for dst, rank, red in wants:
                if c.rank == rank and (red is None or (c.suit in _RED) == red):
                    moves.append(Move("w", dst, 1))
        for src in COLUMNS:
            cards = piles[src]
            if not cards:
                continue
            size = len(cards)
            first_up = size - face_up_count(cards)
            for dst, rank, red in wants:
                if dst == src:
                    continue
                for i in range(first_up, size):
                    c = cards[i]
                    if c.rank == rank and (red is None or (c.suit in _RED) == red):
                        moves.append(Move(src, dst, size - i))
                        break
        if self.scoring != "C":
            for src in FOUNDATIONS:
                cards = piles[src]
                if cards:
                    c = cards[-1]
                    for dst, rank, red in wants:
                        if c.rank == rank and (red is None or (c.suit in _RED) == red):
                            moves.append(Move(src, dst, 1))
        return moves

    # ------------------------------------------------------------- gestures

    def can_pick(self, pid: str, count: int) -> bool:
        """May the top ``count`` cards of ``pid`` be picked up? Any face-up
        group of a column; the top card of the waste; the top card of a
        foundation unless the Classic rules forbid take-backs."""
        if type(count) is not int or count < 1:
            return False
        cards = self._piles.get(pid)
        if not cards:
            return False
        if pid in _COLUMN_SET:
            return count <= face_up_count(cards)
        if pid == "w":
            return count == 1
        if pid in _FOUNDATION_SET:
            return count == 1 and self.scoring != "C"
        return False

    def move_for_drop(self, pid: str, count: int, dst: str) -> Move:
        """The move a drop means; any foundation slot means the card's own one."""
        if dst == "f" or dst in _FOUNDATION_SET:
            return Move(pid, "f", count)
        return Move(pid, dst, count)

    def drop_targets(self, pid: str, count: int) -> list[str]:
        """Piles where the drop is legal; a foundation is named by the card's
        own slot (``"f2"`` for a heart)."""
        if not self.can_pick(pid, count):
            return []
        targets = []
        for dst in self.pile_ids:
            if dst in _FOUNDATION_SET:
                card = self._piles[pid][-1]
                if dst == SLOT[card.suit] and dst != pid and self.is_legal(Move(pid, "f", count)):
                    targets.append(dst)
            elif dst in _COLUMN_SET and dst != pid and self.is_legal(Move(pid, dst, count)):
                targets.append(dst)
        return targets

    def tap_move(self, pid: str) -> Move | None:
        """A single tap sends the top card of a column or the waste to its
        foundation when that is legal; otherwise None."""
        if pid != "w" and pid not in _COLUMN_SET:
            return None
        move = Move(pid, "f", 1)
        return move if self.is_legal(move) else None

    def double_tap_move(self, pid: str, count: int = 1) -> Move | None:
        """A double tap looks for a place in the tableau: the legal column
        holding the most cards (a tie goes to the leftmost), then the leftmost
        empty column for a King.

        Interpretation: a King that already lies at the bottom of its column
        is not sent to another empty column, which would change nothing.
        """
        if not self.can_pick(pid, count):
            return None
        return self._fullest_column(pid, count)

    # ------------------------------------------------------ advice, finish

    def advice_kind(self, move: Move) -> tuple[str, int]:
        """The kind of a legal move (``KINDS``) and a tie-breaker (lower first)."""
        if move.is_stock_tap:
            return "stock", 0
        src, dst, n = move.src, move.dst, move.count
        cards = self._piles[src]
        if src in _FOUNDATION_SET:
            return "take-back", 0
        card = cards[-n]
        if dst == "f":
            if self.safe_home(card):
                return "home-safe", card.rank
            if src in _COLUMN_SET and len(cards) > n and not cards[-n - 1].face_up:
                return "reveal", -_face_down(cards)
            return "home", card.rank
        if src == "w":
            return "waste", 0
        rest = cards[:-n]
        if not rest:
            if not self._piles[dst]:
                return "pointless", 0
            return "empty", 0
        if not rest[-1].face_up:
            return "reveal", -_face_down(cards)
        if rest[-1].face_up and len(self._piles[SLOT[rest[-1].suit]]) == rest[-1].rank - 1:
            return "unblock", rest[-1].rank
        return "shuffle", 0

    def safe_home(self, card: Card) -> bool:
        """True when no card left on the table could ever need ``card`` to build on
        (``engine.foundations.safe_home``)."""
        return safe_home(card, self._piles)

    def finish_ready(self) -> bool:
        """Every card of the columns is face up, and the stock and the waste are
        empty -- or, in draw 1 with unlimited passes, whatever is left in them.

        Face-up cards in a column always descend in alternating colours, so
        the lowest card left is never covered: it can always go home next
        (from draw 1's stock after at most one pass). Draw 3 and limited
        passes can leave a stock card out of reach, hence the rule."""
        if self.won:
            return False
        piles = self._piles
        if any(not card.face_up for t in COLUMNS for card in piles[t]):
            return False
        rest = piles["s"] or piles["w"]
        return not rest or (self.draw == 1 and self.total_passes is None)

    def finish_move(self) -> Move | None:
        """The lowest card that can go home, from a column or the waste; else
        the waste's card onto a column where it fits (as a player would, so
        fewer passes are needed); else a tap on the stock."""
        piles = self._piles
        best: tuple[int, str] | None = None
        for src in ("w", *COLUMNS):
            cards = piles[src]
            if cards:
                card = cards[-1]
                if len(piles[SLOT[card.suit]]) == card.rank - 1 and (best is None or card.rank < best[0]):
                    best = (card.rank, src)
        if best is not None:
            return Move(best[1], "f", 1)
        if piles["w"]:
            for dst in COLUMNS:
                move = Move("w", dst, 1)
                if self.is_legal(move):
                    return move
        return STOCK_TAP if self.stock_action() is not None else None


def _face_down(cards: list[Card]) -> int:
    return sum(1 for card in cards if not card.face_up)
