"""Hints in words and on the table, remembered winning lines, and winnable deals.

A hint is the next move of the solver's winning line when one is known; until
the solver (in a worker, see ``ui.model.solver_tasks``) has found one, it is the
engine's fast move ranking's (``engine.advice``), which prefers moves that make
progress, and says that the solver is still looking. No hint undoes the last
move or goes back to a position the game has been in: the game's own position
history (``Game.seen_positions``) rules those out.
This module turns a move into what the page shows -- the cards to move, the
pile they go to and a sentence for the status line --, chooses which move a
press of Hint shows (repeated presses cycle through the good moves), keeps the
lines the solver gave, so that the next hint along the same line needs no new
search, and picks shipped winnable deals for the New game option.

Pure Python: everything is read from the engine's game, so it is tested in CPython.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> hint = describe_hint(g, "t5>t4")
>>> hint.text, hint.src, hint.count, hint.dst
('Hint: 9 of diamonds onto 10 of clubs.', 't5', 1, 't4')
>>> describe_hint(g, "s").text
'Hint: tap the stock.'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Game, IllegalMove, new_game, option_set_of, parse_move
from engine.advice import leads_back, rank_moves, suggestions
from engine.codes import DealCode, format_code
from engine.variants import pile_kind
from ui.model.announce import cards_phrase, describe_play, pile_in_sentence, play_headline
from ui.model.i18n import N_, _, again, later, ngettext
from ui.model.showing import steps_along
from ui.model.words import card_name, names_list, place_name

__all__ = [
    "FEW_SEEDS",
    "NO_MOVE",
    "NO_WAY_ON",
    "SOLVER_NOTE",
    "STAGES",
    "VERDICTS",
    "Hint",
    "HintChoice",
    "HintCycle",
    "LineMemory",
    "choose_hint",
    "describe_hint",
    "hides_cards",
    "hint_stages",
    "hint_words",
    "lost_text",
    "move_words",
    "next_winnable_code",
    "no_hint_text",
    "positions",
    "rewind_text",
    "stage_words",
    "turning_text",
    "turning_verdict_text",
    "variant_of",
    "winnable_note",
]

SOLVER_NOTE = N_("Hints come from a solver that sees the face-down cards.")
"""Said wherever the solver's answers are shown: it knows what the player can't."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The next move of a winning line, as the page shows it.

    ``src`` and ``count``: the top ``count`` cards of that pile move (0 for a
    tap on the stock); ``dst`` is the pile they go to (the stock itself for a
    tap); ``cards`` the names of the moved cards (``"Th"``), bottom first.
    """

    move: str
    src: str
    count: int
    dst: str
    cards: tuple[str, ...]
    text: str
    also: tuple[str, ...] = ()
    """Further piles whose top card goes with it (Pyramid's pair: ``Move.also``)."""
    look: str = ""
    """The words of the first, "pile" stage: where to look (``hint_stages``)."""
    take: str = ""
    """The words of the "card" stage: the cards to move, not where."""


def describe_hint(game: Game, move: str) -> Hint:
    """The hint for playing ``move`` (legal in ``game``) now; raises
    ``IllegalMove`` when it is not legal.

    >>> import engine
    >>> g = engine.replay("KL1-D1N-AAAAAAG t5>t4")
    >>> describe_hint(g, "t1>f").text
    'Hint: Ace of diamonds to the diamonds foundation.'
    >>> describe_hint(g, "t7>f").text
    'Hint: Ace of hearts to the hearts foundation.'
    >>> describe_hint(engine.replay("KL1-D1N-AAAAAAG t5>t4 t1>f"), "t3>t1").text
    'Hint: King of diamonds to empty column 1.'
    """
    parsed = parse_move(move)
    copy = game.copy()
    action = copy.play(parsed)
    text = str(parsed)
    if parsed.is_stock_tap:
        if action.kind == "recycle":
            words = _("Hint: tap the stock to turn the waste back over.")
        elif action.kind == "deal":
            words = _("Hint: tap the stock to deal a row.")
        else:
            words = _("Hint: tap the stock.")
        return Hint(text, "s", 0, "s", (), words)
    moving = game.pile(parsed.src)[-parsed.count :]
    dst = action.dst
    under = game.top(dst)
    cards = cards_phrase(moving)
    # A card of a shape (peaks, a pyramid) is a pile of its own: its place says where to look.
    where = place_name(game.settings.game, parsed.src) if pile_kind(parsed.src) == "peak" else None
    look = _("Hint: look at {pile}.").format(pile=where or pile_in_sentence(parsed.src))
    take = _("Hint: move {cards}.").format(cards=cards)
    if parsed.also or pile_kind(dst) == "discard":
        # Cards that leave the game together (a pair), or a card alone (a King).
        gone = [*moving, *(game.pile(pid)[-1] for pid in parsed.also)]
        words = _("Hint: remove {cards}.").format(cards=names_list([card_name(card) for card in gone]))
        return Hint(text, parsed.src, parsed.count, dst, tuple(str(c) for c in gone), words, parsed.also, look)
    if dst.startswith(("f", "c")):  # a foundation, or a free cell
        words = _("Hint: {cards} to {pile}.").format(cards=cards, pile=pile_in_sentence(dst))
    elif under is None:
        words = _("Hint: {cards} to empty column {n}.").format(cards=cards, n=dst[1:])
    elif under.face_up:
        words = _("Hint: {cards} onto {card}.").format(cards=cards, card=card_name(under))
    else:
        words = _("Hint: {cards} onto column {n}.").format(cards=cards, n=dst[1:])
    return Hint(text, parsed.src, parsed.count, dst, tuple(str(c) for c in moving), words, (), look, take)


STAGES = ("pile", "card", "move")
"""How much a hint shows (``data-hint-stage``): the pile to look at, the cards to move,
the whole move (the cards and where they go)."""


def hint_stages(hint: Hint) -> tuple[str, ...]:
    """The stages presses of Hint go through to show ``hint`` (see ``STAGES``), always
    ending with the whole move.

    A tap on the stock is the whole move as soon as the stock is named, so it is shown
    whole at once. Cards whose destination goes without saying -- a pair or a King
    removed (Pyramid), a card onto the waste (Golf, TriPeaks) -- have no card stage:
    naming the cards would say the whole move.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> hint_stages(describe_hint(g, "t5>t4")), hint_stages(describe_hint(g, "s"))
    (('pile', 'card', 'move'), ('move',))
    >>> golf, pyramid = engine.new_game("GF1-N-AAAAAAA"), engine.new_game("PY1-P3-AAAAAAA")
    >>> hint_stages(describe_hint(golf, "t2>w")), hint_stages(describe_hint(pyramid, "p25+p26>x"))
    (('pile', 'move'), ('pile', 'move'))
    >>> describe_hint(pyramid, "p25+p26>x").look
    'Hint: look at Pyramid, row 7, card 4.'
    >>> describe_hint(golf, "t2>w").look
    'Hint: look at column 2.'
    """
    if hint.count == 0:
        return ("move",)
    if hint.also or pile_kind(hint.dst) in ("discard", "waste"):
        return ("pile", "move")
    return STAGES


NO_MOVE = N_("No move is possible here: undo, restart the deal or start a new one.")
"""What Hint says when no move at all is legal (translate it with ``_`` when shown)."""
NO_WAY_ON = N_(
    "Every move from here goes back to a position this game has been in: undo, restart the deal or start a new one."
)
"""What Hint says when every legal move goes back to a position seen (translate it with ``_``)."""


@dataclass(frozen=True, slots=True)
class HintChoice:
    """The move one press of Hint shows: ``number`` of ``of`` good moves
    (1-based), ``proven`` when it is the next move of a winning line, and
    ``progress`` when it makes progress (``engine.advice``: a card home, a card
    turned up, a column emptied, a run completed...)."""

    hint: Hint
    number: int
    of: int
    proven: bool
    progress: bool = False


def hint_moves(game: Game, line: Sequence[str] | None = None) -> list[str]:
    """The moves Hint offers, in the order repeated presses show them: the next
    move of the solver's winning ``line`` first when one is known, then the fast
    ranking's good moves (``engine.advice.suggestions``). None of them undoes the
    last move or goes back to a position the game has been in
    (``Game.seen_positions``): following hints never goes round in circles.
    Empty when no move is legal, or when every legal move goes back.

    >>> import engine
    >>> hint_moves(engine.new_game("KL1-D1N-AAAAAAG"))
    ['t1>f', 't7>f', 't5>t4', 's']
    >>> hint_moves(engine.new_game("KL1-D1N-AAAAAAG"), ["t5>t4", "t1>f"])
    ['t5>t4', 't1>f', 't7>f', 's']
    >>> hint_moves(engine.new_game("KL1-D1N-AAAAAAG"), ["s", "t1>f"])  # the line's deal leads
    ['s', 't1>f', 't7>f', 't5>t4']
    """
    seen = game.seen_positions()
    moves = [str(advice.move) for advice in suggestions(game, seen)]
    if line:
        first = str(parse_move(line[0]))
        if game.is_legal(first) and not leads_back(game, first, seen):
            moves = [first, *(m for m in moves if m != first)]
    return moves


def choose_hint(game: Game, press: int, line: Sequence[str] | None = None) -> HintChoice | None:
    """The hint of the ``press``-th press (0 for the first) at this position,
    cycling through ``hint_moves``; None when there is none."""
    moves = hint_moves(game, line)
    if not moves:
        return None
    index = press % len(moves)
    move = moves[index]
    proven = line is not None and len(line) > 0 and str(parse_move(line[0])) == move
    progress = any(str(advice.move) == move and advice.progress for advice in rank_moves(game))
    return HintChoice(describe_hint(game, move), index + 1, len(moves), proven, progress)


def no_hint_text(game: Game) -> str:
    """What Hint says when it has no move to show (``choose_hint`` gave None).

    >>> import engine
    >>> moves = "t2>t4 t5>t1 t5>t1 t7>t1 t2>t4 t3>t2 t3>t4 s s s s t6>t3 t1>t6 t4>t3 t4>t5 t5>t6"
    >>> no_hint_text(engine.replay(f"SD1-S4-AAAAAAH {moves}")).startswith("Every move from here goes back")
    True
    """
    if game.legal_moves():
        return _(NO_WAY_ON)
    return _(NO_MOVE)


class HintCycle:
    """Presses of Hint at one position: the first move is shown a stage at a time
    (``hint_stages``: the pile, then the cards, then the whole move), and once it has
    been shown whole, each further press shows the next good move, whole; any other
    position starts from the best move's first stage again.

    ``press`` counts a press and says which move it shows (its index among the good
    moves); ``stage`` then says how much of that move it shows, from the move's own
    stages. ``whole``: the player's setting to see the whole move at once.

    >>> cycle, stages = HintCycle(), ("pile", "card", "move")
    >>> [(cycle.press("KL1-D1N-AAAAAAG"), cycle.stage(stages)) for _ in range(4)]
    [(0, 'pile'), (0, 'card'), (0, 'move'), (1, 'move')]
    >>> cycle.press("KL1-D1N-AAAAAAG s"), cycle.stage(stages, whole=True)
    (0, 'move')
    """

    def __init__(self) -> None:
        self._record: str | None = None
        self._index = 0
        self._step = 0
        self._whole = False
        """The move at ``_index`` has been shown whole: the next press shows the next move."""

    def press(self, record: str) -> int:
        """Count a press at the position of ``record``; returns the index of the move it
        shows (0 first)."""
        if record != self._record:
            self._record = record
            self._index = self._step = 0
            self._whole = False
        elif self._whole:
            self._index += 1
        else:
            self._step += 1
        return self._index

    def stage(self, stages: Sequence[str], whole: bool = False) -> str:
        """How much the last press shows of its move, whose ``stages`` end with the whole
        move (``whole``: show it whole now). Asking again gives the same answer."""
        stage = stages[-1] if whole or self._whole else stages[min(self._step, len(stages) - 1)]
        if stage == stages[-1]:
            self._whole = True
        return stage

    def lead(self, record: str) -> None:
        """The best move is on show at ``record`` again (the solver's line leads), at the
        stage already reached there (from the start at another position)."""
        if record != self._record:
            self._record = record
            self._step = 0
            self._whole = False
        self._index = 0


VERDICTS = ("proven", "checking", "unknown", "lost", "other", "unchecked")
"""What is known of a shown move: the next move of a winning line the solver
found; the solver has no line yet and is looking (the move is the fast
ranking's); it could not find one in time; no win is possible from here; the
winning line found starts with another move (a later press of Hint); no solver
knows this game, so the move is the ranking's and nothing checks it."""


def first_verdict(game: Game, choice: HintChoice, line: bool, lost: bool, undecided: bool) -> str:
    """What is known of ``choice`` before any new search (one of ``VERDICTS``): ``line``,
    a winning line from this position is known; ``lost`` and ``undecided``, the solver
    proved this position lost or could not decide it. A game no solver knows is
    ``"unchecked"``: its hints are the ranking's, and nothing is asked of a solver.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> first_verdict(g, choose_hint(g, 0), False, False, False)
    'checking'
    """
    if type(game).solver_module is None:
        return "unchecked"
    if choice.proven:
        return "proven"
    if line:
        return "other"
    if lost:
        return "lost"
    if undecided:
        return "unknown"
    return "checking"


def hint_words(choice: HintChoice, verdict: str) -> str:
    """The status line for a hint and what the solver knows of it.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> words = hint_words(choice=choose_hint(g, 0), verdict="checking")
    >>> words.startswith("Hint 1 of 4: Ace of diamonds to the diamonds foundation. The solver has no winning line")
    True
    >>> words.endswith("yet: it is looking. Meanwhile, this move makes progress.")
    True
    >>> hint_words(choose_hint(g, 3), "checking")
    'Hint 4 of 4: tap the stock. The solver has no winning line yet: it is looking.'
    >>> hint_words(choose_hint(g, 0, ["t5>t4"]), "proven")
    'Hint 1 of 4: 9 of diamonds onto 10 of clubs. This move keeps the game winnable.'
    """
    return later(lambda: _hint_words(choice, verdict))


def stage_words(choice: HintChoice, verdict: str, stage: str) -> str:
    """The status line for a hint shown in part (``stage``: ``"pile"`` or ``"card"``; the
    whole move's are ``hint_words``). They say no more of the move than the stage shows,
    with the solver's verdict only when it changes what to do (lost, undecided): the
    rest of it comes with the whole move.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> stage_words(choose_hint(g, 2), "checking", "pile"), stage_words(choose_hint(g, 2), "checking", "card")
    ('Hint: look at column 5.', 'Hint: move 9 of diamonds.')
    >>> stage_words(choose_hint(g, 0), "lost", "pile")
    'Hint: look at column 1. Lost: no win is possible from here.'
    """
    return later(lambda: _stage_words(choice, verdict, stage))


def _stage_words(choice: HintChoice, verdict: str, stage: str) -> str:
    text = again(choice.hint.look if stage == "pile" else choice.hint.take)
    if verdict in ("lost", "unknown") and not choice.proven:
        return f"{text} {_note(choice, verdict)}"
    return text


def _hint_words(choice: HintChoice, verdict: str) -> str:
    text = again(choice.hint.text)
    prefix = str(_("Hint:"))
    if choice.of > 1 and text.startswith(prefix):
        text = _("Hint {number} of {count}:").format(number=choice.number, count=choice.of) + text[len(prefix) :]
    return f"{text} {_note(choice, verdict)}"


def _note(choice: HintChoice, verdict: str) -> str:
    """What the solver knows of the hint's move, in words."""
    if verdict == "proven" or choice.proven:
        note = _("This move keeps the game winnable.")
    elif verdict == "checking" and choice.progress:
        note = _("The solver has no winning line yet: it is looking. Meanwhile, this move makes progress.")
    elif verdict == "checking":
        note = _("The solver has no winning line yet: it is looking.")
    elif verdict == "lost":
        note = _("Lost: no win is possible from here.")
    elif verdict == "unchecked" and choice.progress:
        note = _("No solver knows this game: this move makes progress, but it is not proven to keep the game winnable.")
    elif verdict == "unchecked":
        note = _("No solver knows this game: this is a good move by its kind, not a proven one.")
    elif verdict == "other":
        note = _("Not proven: the winning line found starts with another move.")
    else:
        note = _("Undecided: the solver could not decide in time whether the game can still be won.")
    return note


def positions(n: int) -> str:
    """A count of searched positions in words.

    >>> positions(1), positions(120000)
    ('1 position', '120,000 positions')
    """
    return ngettext("{n} position", "{n} positions", n).format(n=f"{n:,}")


def lost_text(can_undo: bool) -> str:
    """What the status line says when no line wins from the position."""
    if can_undo:
        return _("No win is possible from here.")
    return _("No win is possible from here, and there is nothing to undo: restart the deal or start a new one.")


def rewind_text(back: int | None, undecided: Sequence[int], of: int, status: str) -> str:
    """What the page says after looking back through the undo history.

    >>> rewind_text(3, [], 10, "winnable")
    'Undid 3 actions: this position can be won. Press H for a hint.'
    >>> rewind_text(None, [], 4, "unwinnable")
    'None of the last 4 positions can be won: restart the deal or start a new one.'
    """
    if status == "winnable" and back is not None:
        if undecided:
            n = len(undecided)
            skipped = ngettext("{n} newer position", "{n} newer positions", n).format(n=n)
            return ngettext(
                "Undid {n} action to the newest position proven winnable "
                "(the solver could not decide {skipped} in time). Press H for a hint.",
                "Undid {n} actions to the newest position proven winnable "
                "(the solver could not decide {skipped} in time). Press H for a hint.",
                back,
            ).format(n=back, skipped=skipped)
        return ngettext(
            "Undid {n} action: this position can be won. Press H for a hint.",
            "Undid {n} actions: this position can be won. Press H for a hint.",
            back,
        ).format(n=back)
    if status == "unwinnable":
        return _("None of the last {n} positions can be won: restart the deal or start a new one.").format(n=of)
    return _(
        "The solver could not decide {n} of the last {of} positions in time, and proved none "
        "of them winnable. Nothing was undone."
    ).format(n=len(undecided), of=of)


def hides_cards(game: Game) -> bool:
    """True when ``game``'s deal lays cards face down outside the stock: the solver's
    verdicts see cards the player cannot, and the page says so.

    >>> import engine
    >>> hides_cards(engine.new_game("KL1-D1N-AAAAAAG")), hides_cards(engine.new_game("FC1-F4-1"))
    (True, False)
    """
    dealt = new_game(game.code)
    return any(not card.face_up for pid in dealt.pile_ids if pile_kind(pid) != "stock" for card in dealt.pile(pid))


def move_words(game: Game, move: str) -> str:
    """What playing ``move`` (legal in ``game``) does, as the status line says a move.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> move_words(g, "t5>t4"), move_words(g, "s")
    ('9 of diamonds onto 10 of clubs.', 'Drew Queen of hearts.')
    """
    copy = game.copy()
    action = copy.play(move)
    return play_headline(copy, action) or describe_play(copy, action)


def turning_text(game: Game, index: int, played: str, better: str) -> str:
    """Where the win was lost, in words: the move played at ``index`` (0-based, in the
    record) and a better one, both from ``game``, the position before that move.

    >>> import engine
    >>> g = engine.replay("KL1-D1V-AAAAAAF t4>t7 t7:2>t3 s t3>t7 s t7:2>t2")
    >>> turning_text(g, 6, "t2:3>t7", "s")[:80]
    'The win was lost at move 7. Played: 9 of clubs and 2 cards onto 10 of diamonds. '
    >>> turning_text(g, 6, "t2:3>t7", "s")[80:]
    'Better: Drew 5 of clubs. The solver sees the face-down cards.'
    """
    return later(lambda: _turning_text(game, index, played, better))


def _turning_text(game: Game, index: int, played: str, better: str) -> str:
    text = _("The win was lost at move {n}. Played: {played} Better: {better}").format(
        n=index + 1, played=move_words(game, played), better=move_words(game, better)
    )
    if hides_cards(game):
        # TRANSLATORS: after where the win was lost, in a game with face-down cards.
        note = _("The solver sees the face-down cards.")
        text = f"{text} {note}"
    return text


def turning_verdict_text(status: str, undecided: int) -> str:
    """What the page says when looking for where the win was lost finds no such move
    (``status``: the answer of ``ui.model.solver_tasks.TurningTask``; ``undecided``: how
    many positions the solver could not decide in time).

    >>> turning_verdict_text("winnable", 0)
    'No move has lost this game: it can still be won. Press H for a hint.'
    >>> turning_verdict_text("unknown", 2)
    'The solver could not tell where the win was lost: 2 positions took too long to decide.'
    """
    if status == "winnable":
        return _("No move has lost this game: it can still be won. Press H for a hint.")
    if status == "unwinnable":
        return _("No move lost this game: not even the deal could be won.")
    return ngettext(
        "The solver could not tell where the win was lost: {n} position took too long to decide.",
        "The solver could not tell where the win was lost: {n} positions took too long to decide.",
        undecided,
    ).format(n=undecided)


class LineMemory:
    """Winning lines already found, so that following one needs no new search.

    A line found at the game record ``R`` still wins after its first moves are
    played: at ``R`` followed by them, the rest of the line is the answer.

    >>> memory = LineMemory()
    >>> memory.remember("KL1-D1N-AAAAAAG", ["s", "t5>t4", "t1>f"])
    >>> memory.line_for("KL1-D1N-AAAAAAG s t5>t4")
    ('t1>f',)
    >>> memory.line_for("KL1-D1N-AAAAAAG t5>t4") is None
    True
    """

    KEEP = 8

    def __init__(self) -> None:
        self._lines: list[tuple[str, tuple[str, ...]]] = []

    def remember(self, record: str, line: Sequence[str]) -> None:
        moves = tuple(str(parse_move(m)) for m in line)
        self._lines = [(record, moves), *[entry for entry in self._lines if entry[0] != record]][: self.KEEP]

    def line_for(self, record: str) -> tuple[str, ...] | None:
        """The rest of a remembered line from the position ``record`` reached, if any."""
        for base, moves in self._lines:
            step = steps_along(base, moves, record)
            if step is not None:
                return moves[step:]
        return None

    def forget(self) -> None:
        self._lines = []


def variant_of(settings: DealCode) -> str:
    """The start of a variant's deal codes: ``"KL1-D3V"``, ``"SP1-S4"``.

    >>> from engine.codes import parse_code
    >>> variant_of(parse_code("KL1-D3V-AAAAAAB")), variant_of(parse_code("FC1-F2-617"))
    ('KL1-D3V', 'FC1-F2')
    """
    return option_set_of(settings).prefix


def next_winnable_code(settings: DealCode, kept: str, rng: random.Random | None = None) -> tuple[str | None, str]:
    """The next shipped proven deal of the variant of ``settings`` in its shuffled
    order (``ui.model.deal_order``: each once before any repeats), and the kept
    order after it; ``(None, kept)`` when none is shipped for the variant.

    >>> from engine.codes import parse_code
    >>> first, kept = next_winnable_code(parse_code("KL1-D1N-AAAAAAA"), "", random.Random(0))
    >>> second, kept = next_winnable_code(parse_code("KL1-D1N-AAAAAAA"), kept)
    >>> first != second, kept.endswith(":2")
    (True, True)
    """
    from engine.winnable_seeds import seeds_for  # a large table: read when a winnable deal is asked for
    from ui.model.deal_order import next_seed

    variant = variant_of(settings)
    seeds = seeds_for(variant)
    if not seeds:
        return None, kept
    seed, kept = next_seed(variant, seeds, kept, rng or random.Random())
    return format_code(settings.with_seed(seed)), kept


FEW_SEEDS = 20
"""Below this many shipped proven deals, the New game dialog says they repeat soon."""


def winnable_note(settings: DealCode) -> str:
    """What the New game dialog adds under "Winnable deals only" for this variant.

    >>> from engine.codes import parse_code
    >>> winnable_note(parse_code("KL1-D1N-AAAAAAA"))
    ''
    """
    from engine.winnable_seeds import seeds_for  # a large table: read when the dialog asks

    count = len(seeds_for(variant_of(settings)))
    if count == 0:
        return _(
            "No proven deal of this game comes with the page: the solver looks for one when you deal, "
            "which can take minutes."
        )
    if count == 1:
        return _("Only 1 proven deal of this game comes with the page, so it repeats.")
    if count < FEW_SEEDS:
        return _("Only {n} proven deals of this game come with the page, so they repeat soon.").format(n=count)
    return ""


def legal_hint(game: Game, move: str) -> Hint | None:
    """``describe_hint``, or None when the move is not legal in ``game`` (a stale line)."""
    try:
        return describe_hint(game, move)
    except IllegalMove:
        return None
