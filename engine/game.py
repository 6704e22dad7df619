"""The game core shared by every game (Klondike, the Spider family …).

A ``Game`` holds fixed settings (its deal code) and a mutable position. Every
change of position goes through a few primitive steps (move a block of cards,
turn cards over one by one, flip a top card) that are logged in an ``Action``,
so undo is exact and the same for every game: it replays the steps backwards
and restores the counters saved before the action.

``play()`` checks a move and raises ``IllegalMove`` with the rule in player
words; ``_push()`` applies an already checked move without looking.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> action = g.play("s")
>>> action.kind, str(g.top("w")), g.moves
('draw', 'Qh', 1)
>>> g.record()
'KL1-D1N-AAAAAAG s'
>>> engine.from_json(g.to_json()).record() == g.record()
True
"""

from __future__ import annotations

import importlib
import json
import random
import types
from abc import ABC, abstractmethod
from collections import Counter, deque
from collections.abc import Container, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, NamedTuple, TypeVar

from engine import safejson
from engine.cards import Card, face_up_count, parse_card
from engine.codes import (
    MAX_SEED,
    CodeError,
    Deal,
    DealCode,
    deal,
    example_codes,
    format_code,
    letters_seed,
    parse_code,
    seed_letters,
)
from engine.moves import REASONS, STOCK_TAP, IllegalMove, Move, NotationError, parse_move
from engine.variants import VARIANTS, StockAction, Variant, pile_kind

__all__ = [
    "JSON_VERSION",
    "UNDO_LIMIT",
    "Action",
    "ActionKind",
    "Effect",
    "Game",
    "SaveError",
    "Step",
    "StepOp",
    "all_reasons",
    "format_dollars",
    "from_json",
    "game_class",
    "new_game",
    "replay",
    "seed_tables",
]

UNDO_LIMIT = 100
"""How many of the last actions can be undone."""

JSON_VERSION = 2
"""The format version written by ``Game.to_json()``. Version 1 saves were scored before a
card's foundation points were paid once (RULES.md): their score is the replay's."""
RESCORED_BEFORE = 2
"""Saves older than this format hold a score the rules of today may not give: the moves
and the position are checked as ever, the score is taken from the replay."""
MAX_SAVE_CHARS = 1_000_000
"""The longest saved game read back (a game of 100,000 moves is far shorter)."""

G = TypeVar("G", bound="Game")

StepOp = Literal["m", "t", "f"]
"""A primitive step: move a block, turn cards one by one, flip a top card (see ``Step``)."""

ActionKind = Literal["move", "draw", "recycle", "deal"]
"""What an action was: cards moved between piles, or a tap on the stock that drew,
recycled the waste or dealt a row."""


class SaveError(ValueError):
    """A saved game that cannot be loaded; ``str()`` says why."""


class Step(NamedTuple):
    """One primitive change of position, logged so that it can be reversed.

    ``op`` is ``"m"`` (move the top ``n`` cards of ``src`` onto ``dst`` as a
    block), ``"t"`` (take the top ``n`` cards of ``src`` one at a time onto
    ``dst``, turning each over: a draw or a recycle) or ``"f"`` (turn over the
    top card of ``src``; ``dst`` is ``src`` and ``n`` is 1).
    """

    op: StepOp
    src: str
    dst: str
    n: int


@dataclass(frozen=True, slots=True)
class Action:
    """One action that was played: what the UI announces or animates, and
    what undo needs.

    ``kind`` is ``"move"``, ``"draw"``, ``"recycle"`` or ``"deal"``; ``dst`` is
    the pile the cards actually went to (``"f2"`` for ``w>f`` with a heart,
    ``"w"`` for a draw, ``"s"`` for a recycle). ``flipped`` lists the piles
    whose new top card turned face up; ``removed`` the ``(pile, suit)`` of
    each completed run taken off (Spider family).
    """

    move: Move
    kind: ActionKind
    dst: str
    flipped: tuple[str, ...] = ()
    removed: tuple[tuple[str, str], ...] = ()
    score_before: int = 0
    score_after: int = 0
    steps: tuple[Step, ...] = field(default=(), repr=False)
    counters: tuple[int, ...] = field(default=(), repr=False)


class Effect(NamedTuple):
    """What a game's ``_perform`` reports back to the core."""

    kind: ActionKind
    dst: str
    score: int
    removed: tuple[tuple[str, str], ...] = ()


_GAMES: dict[str, type[Game]] = {}


class Game(ABC):
    """Base class of every game: settings, position, history, undo, records.

    Subclasses set ``variant`` (the game's entry of ``engine.variants``: its
    id, name and piles), and implement the rules hooks: ``_setup``, ``_check``,
    ``_perform``, ``legal_moves`` and the gesture helpers. Everything that
    differs between games is asked of the game's class, never decided by
    testing which game it is: its deal codes (``option_sets``,
    ``parse_options``, ``format_options``, ``check_settings``, the seed's
    text, ``random_settings``), its deck and deal (``make_deck``,
    ``deal_layout``), the kinds of move a hint tells apart (``advice_kinds``,
    ``advice_kind``), whether and how it finishes by itself
    (``finish_ready``, ``finish_move``, ``finish_by_search``), and the
    solver module that searches it (``solver_module``).
    """

    variant: ClassVar[Variant]
    """The fixed facts of this game (``engine.variants``)."""
    prefix: ClassVar[str] = ""
    """The deal-code game id, from ``variant``."""
    game_name: ClassVar[str] = ""
    """The game's name, from ``variant``."""
    pile_ids: tuple[str, ...] = ()
    """Every visible pile id in display order: the variant's, or those the
    deal's options leave (``piles_for``: FreeCell's cells)."""
    has_score: ClassVar[bool] = True
    score_lower_is_better: ClassVar[bool] = False
    """True where a lower score is the better one (Golf counts strokes): the best score
    kept in the statistics is the lowest."""
    """False for a game without a score (``score`` stays 0 and ``score_text``
    is empty: the page shows moves and time)."""
    reasons: ClassVar[tuple[str, ...]] = REASONS
    """Every reason this game's refusals may carry (``IllegalMove.reason``)."""
    undo_limit: ClassVar[int | None] = UNDO_LIMIT
    """How many of the last actions can be undone (None: all of them)."""
    automatic_moves: ClassVar[bool] = False
    """True when the game plays its ``safe_move``s by itself after each move, as the
    player's setting says (FreeCell)."""
    declares_loss: ClassVar[bool] = False
    """True for a game that says when it is lost (``lost``: no move and no stock tap
    left: Golf, TriPeaks, Pyramid); False for one that never does (Klondike: the player
    undoes or starts again)."""
    single_tap_plays: ClassVar[bool] = True
    """True: a single tap plays the card's ``tap_move`` (home to its foundation, onto
    the waste) and a double tap its ``double_tap_move``; False (the Spider family): a tap
    plays nothing by itself, the best place comes with a double tap or on release, as the
    player's settings say."""

    advice_kinds: ClassVar[tuple[str, ...]] = ()
    """The kinds of move a hint tells apart, best first (``engine.advice``)."""
    advice_progress: ClassVar[frozenset[str]] = frozenset()
    """The kinds that make progress: a hint offers these first."""
    finish_by_search: ClassVar[bool] = False
    """True when finishing by itself needs the solver's search (``finish_rules``)
    rather than a line of moves one after another (``finish_move``)."""
    solver_module: ClassVar[str | None] = None
    """The module of ``engine.solver`` that searches this game (None: none does)."""
    daily_options: ClassVar[str | None] = None
    """The option set of the game's daily deal (``"KL1-D1N"``: the start of its deal
    codes), whose table is in the game's generated module (``seed_tables``); None for a
    game without daily deals."""
    multi_source: ClassVar[bool] = False
    """True for a game whose moves may take cards from several piles at once
    (``Move.also``: Pyramid's pairs); any other refuses such a move as notation."""
    fast_search_proves_losses: ClassVar[bool] = True
    """False when the solver's default search leaves moves out, so that a loss it
    reports must be searched again with every legal move before it is a proof."""

    settings: DealCode
    code: str
    score: int
    moves: int
    """Actions played (moves, draws, recycles, deals); undo takes one back."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        variant = cls.__dict__.get("variant")
        if variant is not None:
            cls.prefix = variant.game
            cls.game_name = variant.name
            cls.pile_ids = variant.pile_ids
            _GAMES[cls.prefix] = cls

    def __init__(self, code: DealCode | str) -> None:
        settings = _settings(code)
        if settings.game != self.prefix:
            raise CodeError(
                f"{format_code(settings)} is not a {self.game_name} deal code.",
                "wrong_game",
                code=format_code(settings),
            )
        self.settings = settings
        self.code = format_code(settings)
        self.pile_ids = self.piles_for(settings)
        self.score = 0
        self.moves = 0
        self._piles: dict[str, list[Card]] = {}
        self._history: deque[Action] = deque(maxlen=self.undo_limit)
        self._played: list[Move] = []
        self._log: list[Step] = []
        self._setup(deal(settings))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code} score={self.score} moves={self.moves}>"

    # ------------------------------------------------------------ deal codes

    @classmethod
    def option_sets(cls) -> tuple[DealCode, ...]:
        """The settings of every choice of options the game offers, in menu
        order, each with the game's first seed (``engine.options`` names them)."""
        raise NotImplementedError

    @classmethod
    def parse_options(cls, options: str, text: str) -> dict[str, Any]:
        """The ``DealCode`` fields that the options part of a code (``"D1N"``,
        upper case) stands for; raises ``CodeError`` (``bad_options``).
        ``text`` is the whole code, for the error."""
        raise NotImplementedError

    @classmethod
    def format_options(cls, settings: DealCode) -> str:
        """The options part of ``settings``' code."""
        raise NotImplementedError

    @classmethod
    def describe_options(cls, settings: DealCode) -> str:
        """The options of ``settings`` in English words (``"draw 3, Vegas
        scoring"``), for tools and logs; the page words them itself."""
        raise NotImplementedError

    @classmethod
    def scores_in_dollars(cls, settings: DealCode) -> bool:
        """True when the deal's score is money (Klondike's Vegas scoring)."""
        return False

    @classmethod
    def check_settings(cls, settings: DealCode) -> None:
        """Raise ``CodeError`` unless ``settings`` is a deal of this game: by
        default the seed must fit 7 letters; games check their options too."""
        if not 0 <= settings.seed <= MAX_SEED:
            raise CodeError(f"The seed must be a whole number from 0 to {MAX_SEED}.", "bad_seed")

    @classmethod
    def parse_seed(cls, seed: str, text: str) -> int:
        """The seed that the last part of a code spells (by default 7 letters,
        base 26); raises ``CodeError`` (``bad_seed``)."""
        return letters_seed(seed, text)

    @classmethod
    def format_seed(cls, seed: int) -> str:
        """The last part of a code for ``seed``."""
        return seed_letters(seed)

    @classmethod
    def seed_range(cls) -> range:
        """Every seed a code of this game may carry."""
        return range(MAX_SEED + 1)

    @classmethod
    def random_settings(cls, rng: random.Random, **options: Any) -> DealCode:
        """A random deal with the options given (``draw``, ``scoring``,
        ``suits``, or the game's own keywords; options it does not use are
        ignored)."""
        raise NotImplementedError

    @classmethod
    def make_deck(cls, settings: DealCode) -> list[Card]:
        """The unshuffled deck of ``settings``, face down."""
        raise NotImplementedError

    @classmethod
    def deal_layout(cls, settings: DealCode) -> Deal:
        """The fresh layout of ``settings``: the deck shuffled and dealt."""
        raise NotImplementedError

    @classmethod
    def piles_for(cls, settings: DealCode) -> tuple[str, ...]:
        """The visible piles of a deal, in display order (by default the variant's)."""
        return cls.variant.pile_ids

    # ----------------------------------------------------------- rule hooks

    @abstractmethod
    def _setup(self, layout: Deal) -> None:
        """Lay out a fresh deal and set the starting score and counters."""

    def _check(self, move: Move) -> Move:
        """Return the canonical form of a legal move, or raise ``IllegalMove``."""
        # The stock's rules are the same in every game: a tap turns or deals, and
        # no card leaves the stock any other way.
        if move.is_stock_tap:
            refusal = self._stock_refused()
            if refusal is not None:
                raise refusal
            return STOCK_TAP
        if move.src == "s":
            raise IllegalMove("Cards leave the stock only by tapping it.", "stock_tap_only")
        return self._check_pile_move(move)

    @abstractmethod
    def _check_pile_move(self, move: Move) -> Move:
        """``_check`` for a move of cards from one pile to another (the helpers
        below make the checks every game shares, each game in its own order)."""

    # The move checks the games share: each raises the refusal, in the same words
    # for every game, and a game words only what differs (``_no_pile``,
    # ``_target_refusal``, ``same_pile_text``).

    same_pile_text: ClassVar[str] = "Those cards are already in that column."
    """The refusal of a move onto the pile it comes from."""

    def _no_pile(self, pid: str) -> IllegalMove:
        """The refusal of a pile this game does not have."""
        return IllegalMove(f"There is no pile {pid!r} in {self.game_name}.", "no_such_pile", pile=pid)

    def _target_refusal(self, dst: str) -> IllegalMove | None:
        """The refusal of a destination the game has a rule against before any
        other (Klondike's waste, Golf's foundations), or None."""
        return None

    def _check_ends(self, move: Move, sources: Container[str], targets: Container[str]) -> None:
        """The source and destination exist (``sources``, ``targets``, with ``f``
        meaning a card's own foundation when the game has them), nothing goes
        back into the stock, and at least one card moves. Every source of a move
        from several piles (``Move.also``) is checked as ``src`` is: a pile of the
        game, and not the stock.

        >>> import engine
        >>> g = engine.new_game("PY1-P3-AAAAAAG")
        >>> g.refusal(Move("p25", "x", also=("s",))), g.refusal(Move("p25", "x", also=("t1",)))
        ('Cards leave the stock only by tapping it.', "There is no pile 't1' in Pyramid.")
        """
        src, dst = move.src, move.dst
        for pid in move.also:
            if pid == "s":
                raise IllegalMove("Cards leave the stock only by tapping it.", "stock_tap_only")
            if pid not in sources:
                raise self._no_pile(pid)
        if src not in sources:
            raise self._no_pile(src)
        if dst == "s":
            raise IllegalMove("Cards can't be put back into the stock.", "not_to_stock")
        refusal = self._target_refusal(dst)
        if refusal is not None:
            raise refusal
        if dst not in targets and not (dst == "f" and self.variant.foundations):
            raise self._no_pile(dst)
        if move.count < 1:
            raise IllegalMove("A move takes at least one card.", "no_cards")

    def _source_cards(self, src: str) -> list[Card]:
        """The cards of pile ``src``, refused when it is empty (in the words of its kind)."""
        cards = self._piles[src]
        if not cards:
            kind = pile_kind(src)
            if kind == "foundation":
                raise IllegalMove("That foundation is empty.", "empty_pile", pile=src)
            if kind == "cell":
                raise IllegalMove("That free cell is empty.", "empty_pile", pile=src)
            if kind == "waste":
                raise IllegalMove("The waste is empty.", "empty_pile", pile=src)
            raise IllegalMove(f"Column {src} is empty.", "empty_pile", pile=src)
        return cards

    @staticmethod
    def _check_face_up(src: str, cards: Sequence[Card], n: int) -> None:
        """Only face-up cards of column ``src`` move."""
        up = face_up_count(cards)
        if n > up:
            plural = "card" if up == 1 else "cards"
            raise IllegalMove(
                f"Only face-up cards can be moved: column {src} has {up} face-up {plural}.",
                "face_down",
                pile=src,
                up=up,
            )

    def _check_other_pile(self, src: str, dst: str) -> None:
        """Cards don't move onto the pile they are on."""
        if dst == src:
            raise IllegalMove(self.same_pile_text, "same_pile")

    @abstractmethod
    def _perform(self, move: Move) -> Effect:
        """Apply a checked move through the primitive step helpers."""

    def _counters(self) -> tuple[int, ...]:
        """Game-specific counters that an action may change (saved for undo); none by default."""
        return ()

    def _restore_counters(self, counters: tuple[int, ...]) -> None:
        """Put back counters saved by ``_counters``."""
        return

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move now, the stock tap included when it is allowed."""

    @property
    @abstractmethod
    def won(self) -> bool:
        """True once the game is won."""

    @property
    def lost(self) -> bool:
        """True when the game says it is lost (``declares_loss``): not won, and no move or
        stock tap is left. Undo is still there.

        >>> import engine
        >>> engine.new_game("KL1-D1N-AAAAAAG").lost  # Klondike never declares a loss
        False
        """
        if not self.declares_loss:
            return False
        return not self.won and not self.legal_moves()

    # ------------------------------------------------------------ position

    def pile(self, pid: str) -> tuple[Card, ...]:
        """The cards of pile ``pid``, bottom to top."""
        try:
            return tuple(self._piles[pid])
        except KeyError:
            raise KeyError(f"There is no pile {pid!r} in {self.game_name}.") from None

    def shape_piles(self) -> dict[str, tuple[Card, ...]]:
        """The cards of each pile of the game's shape (peaks, a pyramid), by pile id; empty
        for a game without one. What ``Shape.is_free`` and ``Shape.freed_by`` read.

        >>> import engine
        >>> len(engine.new_game("PY1-P3-AAAAAAB").shape_piles()), engine.new_game("KL1-D1N-AAAAAAG").shape_piles()
        (28, {})
        """
        shape = self.variant.shape
        return {pid: tuple(self._piles[pid]) for pid in shape.pile_ids} if shape is not None else {}

    def free_places(self) -> tuple[str, ...]:
        """The piles of the shape whose card no card covers, bottom row first, each row left
        to right; empty for a game without a shape.

        >>> import engine
        >>> engine.new_game("PY1-P3-AAAAAAB").free_places()
        ('p22', 'p23', 'p24', 'p25', 'p26', 'p27', 'p28')
        """
        shape = self.variant.shape
        return shape.free_ids(self._piles) if shape is not None else ()

    def top(self, pid: str) -> Card | None:
        """The top card of pile ``pid``, or None when it is empty."""
        cards = self.pile(pid)
        return cards[-1] if cards else None

    def waste_fan(self) -> int:
        """How many top waste cards the table shows fanned (0: none, or no waste)."""
        return 0

    @property
    def removed_runs(self) -> tuple[str, ...]:
        """The suit of each completed run laid aside, in order (none in a game without them)."""
        return ()

    @property
    def deals_left(self) -> int:
        """Deals the stock still holds, in a game whose stock deals a row (else 0)."""
        return 0

    @property
    def score_text(self) -> str:
        """The score as shown to the player (empty for a game without one)."""
        return str(self.score) if self.has_score else ""

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions that can still be undone, oldest first (at most
        ``undo_limit``: 100, or all of them in a game without a limit)."""
        return tuple(self._history)

    @property
    def can_undo(self) -> bool:
        """True when ``undo()`` has something to undo."""
        return bool(self._history)

    @property
    def played(self) -> tuple[Move, ...]:
        """Every move played since the deal (undone ones removed)."""
        return tuple(self._played)

    def position(self) -> Hashable:
        """The position as a value: every pile's cards (face up or down), and what
        else the rules count that play cannot take back (``_position_counters``).

        Two moments of a game with equal values are the same position: the same
        moves are legal from both and lead to the same places. The score and the
        move count are left out (they only ever grow or shrink along the way).

        >>> g = new_game("KL1-D1N-AAAAAAG")
        >>> start = g.position()
        >>> _ = g.play("t5>t4"); g.position() == start
        False
        >>> _ = g.undo(); g.position() == start
        True
        """
        # One byte a card (rank, suit, face): the value is hashed for every position of the
        # undo history at each hint, and a tuple of cards would hash every card again.
        piles = b"|".join(
            pid.encode() + b":" + bytes(c.rank | _SUIT_BITS[c.suit] | (64 if c.face_up else 0) for c in cards)
            for pid, cards in sorted(self._piles.items())
        )
        return (piles, self._position_counters())

    def _position_counters(self) -> tuple[int, ...]:
        """Counters that make two equal tables different positions (none by default)."""
        return ()

    def seen_positions(self) -> frozenset[Hashable]:
        """Every position the undo history holds before this one (the last
        ``undo_limit`` actions), the deal's included when it is still there.

        A hint never leads back to one of them: that is going round in circles.

        >>> g = replay("KL1-D1N-AAAAAAG t5>t4")
        >>> new_game("KL1-D1N-AAAAAAG").position() in g.seen_positions()
        True
        >>> g.position() in g.seen_positions()
        False
        """
        copy = self.copy()
        seen: set[Hashable] = set()
        while copy.can_undo:
            copy.undo()
            seen.add(copy.position())
        return frozenset(seen)

    # ---------------------------------------------------------- play / undo

    def play(self, move: Move | str) -> Action:
        """Play a move (a ``Move`` or its notation) after checking it.

        Raises ``IllegalMove`` whose text is the rule that refuses it.
        """
        return self._push(self._check(self._one_source(_as_move(move))))

    def play_recorded(self, move: Move | str) -> Action:
        """Play a move of a game record or a save (``replay``, ``from_json``):
        checked as ``play`` does, except where a game's rules once allowed a
        move they no longer do (``_check_recorded``): what was played then
        plays on. A move from several piles is refused as ``play`` refuses it in a
        game without such moves."""
        return self._push(self._check_recorded(self._one_source(_as_move(move))))

    def _check_recorded(self, move: Move) -> Move:
        """``_check`` for a move of a record or a save (``play_recorded``)."""
        return self._check(move)

    def refusal(self, move: Move | str) -> str | None:
        """The rule that refuses ``move``, or None when it is legal."""
        error = self.refusal_error(move)
        return None if error is None else str(error)

    def refusal_error(self, move: Move | str) -> IllegalMove | None:
        """The error that refuses ``move`` (its ``reason`` and ``values`` name
        the rule), or None when it is legal."""
        try:
            self._check(self._one_source(_as_move(move)))
        except IllegalMove as error:
            return error
        return None

    def _one_source(self, move: Move) -> Move:
        """``move``, unless it takes cards from several piles in a game that has no such moves."""
        if move.also and not self.multi_source:
            raise NotationError(
                f"{move} takes cards from several piles: in {self.game_name} a move takes cards from one pile.",
                "notation",
                text=str(move),
            )
        return move

    def is_legal(self, move: Move | str) -> bool:
        """True when ``move`` may be played now."""
        return self.refusal(move) is None

    def _push(self, move: Move) -> Action:
        """Apply a move that is known to be legal and record it for undo."""
        action = self._apply(move)
        self._history.append(action)
        self._played.append(move)
        return action

    def _apply(self, move: Move) -> Action:
        """Apply an unchecked move without touching history (see ``_revert``)."""
        counters = self._counters()
        before = self.score
        self._log = []
        effect = self._perform(move)
        steps = tuple(self._log)
        self.score = effect.score
        self.moves += 1
        return Action(
            move=move,
            kind=effect.kind,
            dst=effect.dst,
            flipped=tuple(s.src for s in steps if s.op == "f"),
            removed=effect.removed,
            score_before=before,
            score_after=effect.score,
            steps=steps,
            counters=counters,
        )

    def _revert(self, action: Action) -> None:
        """Undo ``action`` exactly; it must be the last one applied."""
        piles = self._piles
        for op, src, dst, n in reversed(action.steps):
            if op == "m":
                moved = piles[dst][-n:]
                del piles[dst][-n:]
                piles[src].extend(moved)
            elif op == "t":
                moved = piles[dst][-n:]
                del piles[dst][-n:]
                piles[src].extend(c.turned() for c in reversed(moved))
            else:
                cards = piles[src]
                cards[-1] = cards[-1].turned()
        self.score = action.score_before
        self.moves -= 1
        self._restore_counters(action.counters)

    def undo(self) -> Action:
        """Undo the last action (the last 100 can be undone); returns it.

        Position, score, move count and every counter return exactly to what
        they were before that action, so ``play(m)`` then ``undo()`` gives back
        the same ``to_json()`` -- except when 100 actions were already
        undoable: playing ``m`` then forgot the oldest one for good.
        """
        if not self._history:
            raise IllegalMove("Nothing to undo.", "nothing_to_undo")
        action = self._history.pop()
        self._revert(action)
        self._played.pop()
        return action

    # ------------------------------------------------- primitive step helpers

    def _move_cards(self, src: str, dst: str, n: int) -> None:
        a = self._piles[src]
        self._piles[dst].extend(a[-n:])
        del a[-n:]
        self._log.append(Step("m", src, dst, n))

    def _turn_cards(self, src: str, dst: str, n: int) -> None:
        a = self._piles[src]
        moved = a[-n:]
        del a[-n:]
        self._piles[dst].extend(c.turned() for c in reversed(moved))
        self._log.append(Step("t", src, dst, n))

    def _flip_top(self, pid: str) -> None:
        cards = self._piles[pid]
        cards[-1] = cards[-1].turned()
        self._log.append(Step("f", pid, pid, 1))

    # ------------------------------------------------------------- gestures

    @abstractmethod
    def can_pick(self, pid: str, count: int) -> bool:
        """May the top ``count`` cards of pile ``pid`` be picked up and dragged?"""

    def move_for_drop(self, pid: str, count: int, dst: str) -> Move:
        """The move that dropping the top ``count`` cards of ``pid`` on ``dst``
        means (not checked)."""
        return Move(pid, dst, count)

    def drop_targets(self, pid: str, count: int) -> list[str]:
        """Pile ids where dropping the top ``count`` cards of ``pid`` is legal."""
        if not self.can_pick(pid, count):
            return []
        return [dst for dst in self.pile_ids if dst != pid and self.is_legal(self.move_for_drop(pid, count, dst))]

    def tap_move(self, pid: str) -> Move | None:
        """The move a single tap on the top card of ``pid`` makes, if any."""
        return None

    def tap_intent(self, pid: str) -> Move | None:
        """The move a tap on the top card of ``pid`` means even when it may not be made
        now, so that the page plays it and the refusal says the rule (a game with one
        place for a card: Golf's waste); None (the default) when a tap that plays nothing
        means nothing, and the page explains the gestures instead."""
        return None

    @abstractmethod
    def double_tap_move(self, pid: str, count: int = 1) -> Move | None:
        """The move a double tap on the top ``count`` cards of ``pid`` makes."""

    def _fullest_column(self, pid: str, count: int) -> Move | None:
        """The column a double tap sends the top ``count`` cards of ``pid`` to: the
        legal column holding the most cards (a tie goes to the leftmost), else the
        leftmost empty one, or None. A run that already fills its column is not
        sent to another empty column: that would change nothing."""
        piles = self._piles
        best: tuple[int, int, str] | None = None
        empty: str | None = None
        for index, dst in enumerate(self.variant.column_ids):
            if dst == pid or not self.is_legal(Move(pid, dst, count)):
                continue
            size = len(piles[dst])
            if size:
                key = (-size, index, dst)
                if best is None or key < best:
                    best = key
            elif empty is None:
                empty = dst
        if best is not None:
            return Move(pid, best[2], count)
        if empty is not None and not (pid in self.variant.column_ids and count == len(piles[pid])):
            return Move(pid, empty, count)
        return None

    @abstractmethod
    def stock_action(self) -> StockAction | None:
        """What tapping the stock does now: ``"draw"``, ``"recycle"``,
        ``"deal"``, or None when it is refused."""

    # ------------------------------------------------------- advice, finish

    def advice_kind(self, move: Move) -> tuple[str, int]:
        """The kind of a legal ``move`` (one of ``advice_kinds``) and a
        tie-breaker, lower first (see ``engine.advice``)."""
        raise NotImplementedError

    def safe_move(self) -> Move | None:
        """The next automatic move to a foundation the game makes when the
        player has it on (RULES.md), or None: none in a game without them."""
        return None

    def safe_moves(self) -> list[Move]:
        """Every automatic move ``play_safe_moves`` would play now, in order
        (the game itself is not changed)."""
        if self.safe_move() is None:
            return []
        copy = self.copy()
        return [action.move for action in copy.play_safe_moves()]

    def play_safe_moves(self) -> list[Action]:
        """Play the automatic moves one after another (each an ordinary,
        undoable action) until none is left; the actions played, in order.
        A page with automatic moves on calls it after each action."""
        actions = []
        move = self.safe_move()
        while move is not None:
            actions.append(self.play(move))
            move = self.safe_move()
        return actions

    def finish_ready(self) -> bool:
        """True when the table is open enough to try finishing by itself
        (cheap: no search). Never, unless the game says how."""
        return False

    def finish_move(self) -> Move | None:
        """The next move of the line that finishes the game by itself, for a
        game that finishes without a search; None when it cannot go on."""
        return None

    def finish_rules(self) -> Any:
        """The solver's rules that a finish searches (``finish_by_search``)."""
        raise NotImplementedError

    def stock_refusal(self) -> str | None:
        """The rule that refuses a tap on the stock now, or None."""
        error = self._stock_refused()
        return None if error is None else str(error)

    @abstractmethod
    def _stock_refused(self) -> IllegalMove | None:
        """The error that refuses a tap on the stock now, or None."""

    # ------------------------------------------------------ records and JSON

    def record(self) -> str:
        """The game record: the code, then every move played, space-separated."""
        return " ".join([self.code, *(str(m) for m in self._played)])

    def copy(self: G) -> G:
        """An independent copy of this game, history included."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._piles = {pid: list(cards) for pid, cards in self._piles.items()}
        other._history = deque(self._history, maxlen=self.undo_limit)
        other._played = list(self._played)
        other._log = []
        return other

    def to_json(self) -> str:
        """The whole game as compact JSON, undo history included.

        Holds the code, the moves played, how many of them can be undone, and
        the position, score and move count as a check on load.
        """
        data = {
            "v": JSON_VERSION,
            "code": self.code,
            "played": " ".join(str(m) for m in self._played),
            "undo": len(self._history),
            "score": self.score,
            "moves": self.moves,
            "piles": {pid: _pile_text(cards) for pid, cards in self._piles.items()},
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a game saved by ``to_json``; raises ``SaveError`` when the data
        is malformed or does not hold together."""
        return _load(text, None if cls is Game else cls)


_SUIT_BITS = {"s": 0, "h": 16, "d": 32, "c": 48}
"""A card's suit in ``Game.position``'s byte (the rank takes the low four bits)."""


def format_dollars(dollars: int) -> str:
    """An amount in dollars as shown to the player (a Vegas score).

    >>> format_dollars(208), format_dollars(0), format_dollars(-52)
    ('+$208', '$0', '-$52')
    """
    if dollars > 0:
        return f"+${dollars}"
    if dollars < 0:
        return f"-${-dollars}"
    return "$0"


def _as_move(move: object) -> Move:
    # Moves may come from a UI or a save: anything that is not a well-formed
    # Move must end as IllegalMove, never as another exception.
    if isinstance(move, str):
        return parse_move(move)
    if (
        isinstance(move, Move)
        and isinstance(move.src, str)
        and isinstance(move.dst, str)
        and type(move.count) is int
        and isinstance(move.also, tuple)
        and all(isinstance(pid, str) for pid in move.also)
    ):
        return move
    raise NotationError("A move must be written like t3:2>t5, w>f or s.", "notation")


def _settings(code: object) -> DealCode:
    if isinstance(code, DealCode):
        return code
    if isinstance(code, str):
        return parse_code(code)
    raise CodeError(f"A deal code must be text, such as {example_codes(1)}.", "bad_format")


def _pile_text(cards: Sequence[Card]) -> str:
    # Face-down cards carry a "#" so that the saved position is complete.
    return " ".join(str(c) if c.face_up else "#" + str(c) for c in cards)


def _parse_pile(pid: str, text: str) -> list[Card]:
    cards = []
    for token in text.split():
        face_up = not token.startswith("#")
        body = token if face_up else token[1:]
        try:
            card = parse_card(body, face_up)
        except ValueError:
            raise SaveError(f"Pile {pid} in the save holds {token!r}, which is not a card.") from None
        if str(card) != body:
            raise SaveError(f"Pile {pid} in the save holds {token!r}, which is not a card.")
        cards.append(card)
    return cards


_REQUIRED: dict[str, type] = {
    "code": str,
    "played": str,
    "undo": int,
    "score": int,
    "moves": int,
    "piles": dict,
}


def _load(text: str, expected: type[Game] | None) -> Game:
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError("A saved game must be JSON text.")
    try:
        # Limited before parsing: deep nesting would kill the interpreter in the browser.
        data = safejson.loads(text, max_chars=MAX_SAVE_CHARS, max_depth=8)
    except safejson.JSONLimitError as error:
        raise SaveError(f"The save's JSON cannot be read. {error}") from None
    if not isinstance(data, dict):
        raise SaveError("The save is not a saved game: expected a JSON object.")
    if "v" not in data:
        raise SaveError("The save has no format version ('v').")
    version = data["v"]
    if type(version) is not int:
        raise SaveError("The save's format version ('v') must be a whole number.")
    if version > JSON_VERSION:
        raise SaveError(
            f"The save has format version {version}, newer than this game reads "
            f"({JSON_VERSION}); it was made by a newer version."
        )
    if version < 1:
        raise SaveError(f"The save has an unknown format version {version}.")
    for key, kind in _REQUIRED.items():
        if key not in data:
            raise SaveError(f"The save has no {key!r}.")
        value = data[key]
        ok = type(value) is int if kind is int else isinstance(value, kind)
        if not ok:
            raise SaveError(f"The save's {key!r} should be {_KIND_NAMES[kind]}, not {type(value).__name__}.")
    try:
        settings = parse_code(data["code"])
    except CodeError as error:
        known = error.values.get("game")
        if error.reason == "unknown_game" and isinstance(known, str) and known in VARIANTS:
            # A game of the registry whose rules this build lacks.
            raise SaveError(f"{VARIANTS[known].name} games cannot be loaded yet.") from None
        raise SaveError(f"The save's deal code is bad: {error}") from None
    cls = game_class(settings.game)
    if expected is not None and not issubclass(cls, expected):
        raise SaveError(f"The save holds a {settings.game_name} game.")
    game = cls(settings)

    stored_piles = data["piles"]
    if set(stored_piles) != set(game._piles):
        raise SaveError(
            "The save's piles should be "
            + ", ".join(game._piles)
            + "; got "
            + ", ".join(str(k) for k in stored_piles)
            + "."
        )
    piles: dict[str, list[Card]] = {}
    for pid in game._piles:
        value = stored_piles[pid]
        if not isinstance(value, str):
            raise SaveError(f"Pile {pid} in the save should be text, not {type(value).__name__}.")
        piles[pid] = _parse_pile(pid, value)
    _check_cards(piles, settings)

    for index, token in enumerate(data["played"].split(), 1):
        try:
            game.play_recorded(token)
        except IllegalMove as error:
            raise SaveError(f"Move {index} ({token}) in the save is not legal: {error}") from None
    if piles != game._piles:
        raise SaveError("The saved position does not match the moves played.")
    if data["score"] != game.score and version >= RESCORED_BEFORE:
        raise SaveError(f"The saved score {data['score']} does not match the moves played ({game.score}).")
    if data["moves"] != game.moves:
        raise SaveError(f"The saved move count {data['moves']} does not match the moves played ({game.moves}).")
    undo = data["undo"]
    if not 0 <= undo <= len(game._history):
        raise SaveError(f"The save's undo depth {undo} should be between 0 and {len(game._history)}.")
    while len(game._history) > undo:
        game._history.popleft()
    return game


_KIND_NAMES: dict[type, str] = {
    str: "text",
    int: "a whole number",
    dict: "an object",
}


def _check_cards(piles: dict[str, list[Card]], settings: DealCode) -> None:
    have = Counter((c.rank, c.suit) for cards in piles.values() for c in cards)
    deck = Counter((c.rank, c.suit) for c in game_class(settings.game).make_deck(settings))
    for key in sorted(have.keys() | deck.keys(), key=lambda k: (k[1], k[0])):
        name = str(Card(*key))
        if have[key] > deck[key]:
            if deck[key] == 0:
                raise SaveError(f"The save holds the {name}, which is not in this deck.")
            times = "twice" if have[key] == 2 else f"{have[key]} times"
            raise SaveError(f"The save holds the {name} {times}; the deck has {deck[key]}.")
        if have[key] < deck[key]:
            raise SaveError(f"The save is missing the {name}.")


# ---------------------------------------------------------------- functions


def game_class(game: object) -> type[Game]:
    """The class that plays deal codes of ``game`` (``"KL"``, ``"SD"``, ``"SP"`` …),
    its module imported when first asked for; raises ``CodeError``
    (``unknown_game``) for a game that has none."""
    cls = _GAMES.get(game) if isinstance(game, str) else None
    if cls is None and isinstance(game, str) and game in VARIANTS:
        importlib.import_module(VARIANTS[game].module)
        cls = _GAMES.get(game)
    if cls is None:
        known = ", ".join(sorted(_GAMES))
        raise CodeError(f"Unknown game {game!r}: expected one of {known}.", "unknown_game", game=str(game))
    return cls


def seed_tables(game: str) -> types.ModuleType | None:
    """The generated tables of a game of the registry (``"KL"``): the module named after
    its game module with ``_seeds`` (``engine.klondike_seeds``), written by
    tools/seed_tables.py; None for a game that has none (imported when first asked for:
    the tables are large). It holds:

    - ``WINNABLE`` (tools/winnable_seeds.py): per option set, deal seeds proven winnable, as
      ``(seed, nodes)`` pairs, fewest solver positions first; each seed's deal was solved
      and the winning line replayed through the engine to a win. "Winnable deals only"
      deals them; ``WINNABLE_NOTES`` says how each list was made.
    - ``DAILY_SKIPS`` (tools/daily_seeds.py, which only ever appends): the daily deal table
      of the game's daily option set, one base-36 digit a day from 2026-01-01: how many
      candidates of ``engine.daily.candidate`` were skipped (not proven winnable within
      the budget) before that day's proven deal; ``DAILY_NOTES`` says how."""
    name = VARIANTS[game].module + "_seeds"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise


def all_reasons() -> tuple[str, ...]:
    """Every reason a refusal of any game may carry: ``engine.moves.REASONS``,
    then each game's own (``Game.reasons``), in registry order."""
    found = dict.fromkeys(REASONS)
    for game in VARIANTS:
        found.update(dict.fromkeys(game_class(game).reasons))
    return tuple(found)


def new_game(code: str | DealCode) -> Game:
    """A new game for a deal code; raises ``CodeError`` on a bad code."""
    settings = _settings(code)
    return game_class(settings.game)(settings)


def replay(record: str) -> Game:
    """Re-play a game record (``"KL1-D1N-AAAAAAG s w>t3"``) into a game.

    Raises ``CodeError`` for a bad code and ``IllegalMove`` naming the first
    move that cannot be played.
    """
    if not isinstance(record, str) or not record.split():
        raise CodeError(f"A game record starts with a deal code, such as {example_codes(1)}.", "bad_format")
    code, *tokens = record.split()
    game = new_game(code)
    for index, token in enumerate(tokens, 1):
        try:
            game.play_recorded(token)
        except IllegalMove as error:
            raise IllegalMove(
                f"Move {index} ({token}): {error}", error.reason, **error.values, index=index, token=token
            ) from None
    return game


def from_json(text: str) -> Game:
    """Load any game saved by ``Game.to_json()``; raises ``SaveError``."""
    return _load(text, None)
