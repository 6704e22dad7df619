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

from engine.cards import Card, face_up_count
from engine.codes import Deal
from engine.game import Effect, Game
from engine.moves import STOCK_TAP, IllegalMove, Move
from engine.variants import KLONDIKE, StockAction

__all__ = ["COLUMNS", "FOUNDATIONS", "SLOT", "Klondike", "format_vegas"]

COLUMNS: tuple[str, ...] = KLONDIKE.column_ids
FOUNDATIONS: tuple[str, ...] = KLONDIKE.foundation_ids
SLOT: dict[str, str] = {"s": "f1", "h": "f2", "d": "f3", "c": "f4"}
"""Each suit's fixed foundation slot."""

_COLUMN_SET = frozenset(COLUMNS)
_FOUNDATION_SET = frozenset(FOUNDATIONS)
_RED = frozenset("hd")

_BUILD_RULE = "build down in alternating colours, one rank lower (a red 7 on a black 8)"


def format_vegas(dollars: int) -> str:
    """A Vegas score as shown to the player.

    >>> format_vegas(208), format_vegas(0), format_vegas(-52)
    ('+$208', '$0', '-$52')
    """
    if dollars > 0:
        return f"+${dollars}"
    if dollars < 0:
        return f"-${-dollars}"
    return "$0"


class Klondike(Game):
    """Klondike on one deck: stock ``s``, waste ``w``, foundations ``f1``-``f4``
    (spades, hearts, diamonds, clubs) and columns ``t1``-``t7``.

    Scoring (RULES.md): Normal and Classic give +10 per card to a foundation,
    +5 per card from waste to column, +5 per face-down card turned up, -100
    per recycle (the score never drops below 0), 0 otherwise. Vegas starts at
    -52 and gives +5 per card placed on a foundation, 0 for everything else.

    Interpretation (Vegas take-backs): the rule pays "+5 per card placed on a
    foundation" and 0 for "everything else", so taking a card back off a
    foundation costs nothing and placing it there again pays +5 again. The
    invariant score == -52 + 5 x (cards on foundations) therefore holds only
    in games without take-backs.
    """

    variant = KLONDIKE

    _recycles: int
    _fan: int

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

    def _counters(self) -> tuple[int, ...]:
        return (self._recycles, self._fan)

    def _restore_counters(self, counters: tuple[int, ...]) -> None:
        self._recycles, self._fan = counters

    # ---------------------------------------------------------------- rules

    def _recycle_refusal(self) -> str | None:
        if not self._piles["w"]:
            return "The stock and the waste are both empty."
        if self.scoring == "V":
            return "Vegas scoring goes through the stock once only: the waste can't be turned back."
        passes = self.passes_left
        if passes is not None and passes <= 1:
            if self.draw == 1:
                return "Classic rules with draw 1 allow a single pass through the stock."
            return "Classic rules with draw 3 allow three passes through the stock in all."
        return None

    def stock_refusal(self) -> str | None:
        """The rule that refuses a tap on the stock now, or None."""
        if self._piles["s"]:
            return None
        return self._recycle_refusal()

    def stock_action(self) -> StockAction | None:
        """``"draw"``, ``"recycle"`` or None (refused)."""
        if self._piles["s"]:
            return "draw"
        return None if self._recycle_refusal() else "recycle"

    def _check_pile_move(self, move: Move) -> Move:
        src, dst, n = move.src, move.dst, move.count
        piles = self._piles
        if src not in piles:
            raise IllegalMove(f"There is no pile {src!r} in Klondike.")
        if dst == "s":
            raise IllegalMove("Cards can't be put back into the stock.")
        if dst == "w":
            raise IllegalMove("Only the stock turns cards onto the waste.")
        if dst != "f" and dst not in piles:
            raise IllegalMove(f"There is no pile {dst!r} in Klondike.")
        if n < 1:
            raise IllegalMove("A move takes at least one card.")
        cards = piles[src]
        if src == "w":
            if not cards:
                raise IllegalMove("The waste is empty.")
            if n != 1:
                raise IllegalMove("Only the top card of the waste can be played.")
        elif src in _FOUNDATION_SET:
            if self.scoring == "C":
                raise IllegalMove("Classic rules never take a card back from a foundation.")
            if not cards:
                raise IllegalMove("That foundation is empty.")
            if n != 1:
                raise IllegalMove("Only the top card of a foundation can be taken back.")
        else:
            if not cards:
                raise IllegalMove(f"Column {src} is empty.")
            up = face_up_count(cards)
            if n > up:
                plural = "card" if up == 1 else "cards"
                raise IllegalMove(f"Only face-up cards can be moved: column {src} has {up} face-up {plural}.")
        card = cards[-n]
        if dst == "f" or dst in _FOUNDATION_SET:
            slot = SLOT[card.suit]
            if src in _FOUNDATION_SET:
                raise IllegalMove("That card is already on its foundation.")
            if n != 1:
                raise IllegalMove("Foundations take one card at a time.")
            have = len(piles[slot])
            if card.rank != have + 1:
                if have == 0:
                    raise IllegalMove(f"A foundation starts with an Ace: the {card.name} can't go there yet.")
                needed = Card(have + 1, card.suit)
                if card.rank <= have:
                    raise IllegalMove(f"The {card.name} is already on its foundation.")
                raise IllegalMove(
                    "Foundations build up by suit from Ace to King: the "
                    f"{card.name} needs the {needed.name} there first."
                )
            return Move(src, "f", 1)
        if dst == src:
            raise IllegalMove("Those cards are already in that column.")
        target = piles[dst]
        if not target:
            if card.rank != 13:
                raise IllegalMove("Only a King can go to an empty column.")
        else:
            top = target[-1]
            if not _fits(card, top):
                raise IllegalMove(f"The {card.name} can't go on the {top.name}: {_BUILD_RULE}.")
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
        if to_foundation:
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
        cards = self._piles[pid]
        best: tuple[int, int, str] | None = None
        empty: str | None = None
        for index, dst in enumerate(COLUMNS):
            if dst == pid:
                continue
            move = Move(pid, dst, count)
            if not self.is_legal(move):
                continue
            size = len(self._piles[dst])
            if size:
                key = (-size, index, dst)
                if best is None or key < best:
                    best = key
            elif empty is None:
                empty = dst
        if best is not None:
            return Move(pid, best[2], count)
        if empty is not None and not (pid in _COLUMN_SET and count == len(cards)):
            return Move(pid, empty, count)
        return None


def _fits(card: Card, top: Card) -> bool:
    return top.face_up and top.rank == card.rank + 1 and (card.suit in _RED) != (top.suit in _RED)
