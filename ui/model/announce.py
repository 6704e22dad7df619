"""Words for the screen reader: accessible names of piles and cards, and what
each action did, as the status line announces it.

Pure Python: everything is read from the game (after the action) and the
engine's ``Action`` record, so every sentence is checked in CPython.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> pile_label(g, "t3")
'Column 3: 2 face-down cards, King of diamonds'
>>> describe_play(g, g.play("t5>t4"))
'9 of diamonds onto 10 of clubs. 7 of diamonds turned up. Score 5.'
>>> describe_undo(g, g.undo())
'Undone: 9 of diamonds is back on column 5. Score 0.'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Action, Card, Game, Move, Spiderette
from engine.cards import SUIT_NAMES

__all__ = [
    "card_label",
    "cards_phrase",
    "describe_pick",
    "describe_play",
    "describe_undo",
    "pick_refusal",
    "pile_label",
    "pile_name",
]

SUIT_SLOTS = ("s", "h", "d", "c")
"""The suit of each foundation slot f1-f4."""

FACE_DOWN = "face-down card"


def card_label(card: Card) -> str:
    """A card's accessible name: its name when face up, nothing more when face down.

    >>> card_label(Card(12, "c")), card_label(Card(12, "c", False))
    ('Queen of clubs', 'face-down card')
    """
    return card.name if card.face_up else FACE_DOWN


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _the(pid: str) -> str:
    """A pile inside a sentence: ``"column 3"``, ``"the waste"``, ``"the hearts foundation"``."""
    name = pile_name(pid)
    return name.lower() if pid.startswith("t") else "the " + name.lower()


def pile_name(pid: str) -> str:
    """A pile in words: ``"Column 3"``, ``"Stock"``, ``"Hearts foundation"``.

    >>> pile_name("t10"), pile_name("w"), pile_name("f2"), pile_name("r1")
    ('Column 10', 'Waste', 'Hearts foundation', 'Completed run 1')
    """
    if pid == "s":
        return "Stock"
    if pid == "w":
        return "Waste"
    if pid.startswith("f"):
        return f"{SUIT_NAMES[SUIT_SLOTS[int(pid[1:]) - 1]].capitalize()} foundation"
    if pid.startswith("r"):
        return f"Completed run {pid[1:]}"
    return f"Column {pid[1:]}"


def cards_phrase(cards: Sequence[Card]) -> str:
    """A group of cards: the first one named, the rest counted.

    >>> cards_phrase([Card(7, "h")]), cards_phrase([Card(7, "h"), Card(6, "s")])
    ('7 of hearts', '7 of hearts and 1 card')
    """
    if not cards:
        return "nothing"
    lead = cards[0].name
    if len(cards) == 1:
        return lead
    return f"{lead} and {_count(len(cards) - 1, 'card')}"


def _column_label(cards: Sequence[Card]) -> str:
    if not cards:
        return "empty"
    down = sum(1 for card in cards if not card.face_up)
    parts = [_count(down, "face-down card")] if down else []
    parts.extend(card.name for card in cards if card.face_up)
    return ", ".join(parts)


def pile_label(game: Game, pid: str) -> str:
    """The accessible name of a pile: what a sighted player sees on it.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> pile_label(g, "s"), pile_label(g, "w"), pile_label(g, "f1")
    ('Stock: 24 cards', 'Waste: empty', 'Spades foundation: empty')
    >>> s = engine.new_game("SD1-S2-AAAAABC")
    >>> pile_label(s, "s")
    'Stock: 4 deals left. 0 of 4 runs completed'
    """
    name = pile_name(pid)
    spider = game if isinstance(game, Spiderette) else None
    runs = spider.removed_runs if spider is not None else ()
    if pid.startswith("r"):
        slot = int(pid[1:]) - 1
        if slot < len(runs):
            return f"{name}: King to Ace of {SUIT_NAMES[runs[slot]]}"
        return f"{name}: not yet"
    cards = game.pile(pid)
    if pid == "s":
        if spider is None:
            if cards:
                return f"{name}: {_count(len(cards), 'card')}"
            action = game.stock_action()
            return f"{name}: empty, the waste can be turned back" if action == "recycle" else f"{name}: empty"
        deals = spider.deals_left
        left = "no deals left" if deals == 0 else _count(deals, "deal") + " left"
        return f"{name}: {left}. {len(runs)} of {game.variant.removed_runs} runs completed"
    if pid == "w":
        if not cards:
            return f"{name}: empty"
        return f"{name}: {_count(len(cards), 'card')}, {cards[-1].name} on top"
    if pid.startswith("f"):
        if not cards:
            return f"{name}: empty"
        if len(cards) == 1:
            return f"{name}: {cards[-1].name}"
        return f"{name}: Ace to {cards[-1].name}"
    text = _column_label(cards)
    if not cards and game.variant.empty_column == "king":
        text = "empty, takes a King"
    return f"{name}: {text}"


def _flipped(game: Game, action: Action) -> list[str]:
    words = []
    for pid in action.flipped:
        card = game.top(pid)
        if card is not None and card.face_up:
            words.append(f"{card.name} turned up.")
    return words


def _score(game: Game, before: int, after: int) -> str:
    return f"Score {game.score_text}." if before != after else ""


def _runs(action: Action) -> str:
    if not action.removed:
        return ""
    suits = [SUIT_NAMES[suit] for _, suit in action.removed]
    if len(suits) == 1:
        return f"A run is complete and removed: {suits[0]}."
    return f"{len(suits)} runs are complete and removed: {', '.join(suits)}."


def _join(parts: Sequence[str]) -> str:
    return " ".join(part for part in parts if part)


def describe_play(game: Game, action: Action) -> str:
    """What a played action did, read from the game after it.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> describe_play(g, g.play("s"))
    'Drew Queen of hearts.'
    >>> describe_play(g, g.play("t1>f"))
    'Ace of diamonds to the diamonds foundation. Column 1 is empty. Score 10.'
    """
    if action.kind == "draw":
        drawn = game.pile("w")[-(action.steps[0].n if action.steps else 1) :]
        if len(drawn) == 1:
            text = f"Drew {drawn[0].name}."
        else:
            text = f"Drew {len(drawn)} cards: {', '.join(c.name for c in drawn[:-1])}, and {drawn[-1].name} on top."
        return _join([text, _score(game, action.score_before, action.score_after)])
    if action.kind == "recycle":
        return _join(
            ["The waste is turned back into the stock.", _score(game, action.score_before, action.score_after)]
        )
    if action.kind == "deal":
        fed = [step.dst for step in action.steps if step.op == "t"]
        dealt = [game.top(pid) for pid in fed]
        names = [card.name for card in dealt if card is not None and card.face_up]
        deals = game.deals_left if isinstance(game, Spiderette) else 0
        left = "No deals left." if deals == 0 else f"{_count(deals, 'deal')} left."
        return _join(
            [
                f"Dealt a row of {len(fed)}: {', '.join(names)}." if names else f"Dealt a row of {len(fed)}.",
                left,
                _runs(action),
                *_flipped(game, action),
                _score(game, action.score_before, action.score_after),
            ]
        )
    move = action.move
    count = move.count
    dst = action.dst
    removed_here = [suit for pid, suit in action.removed if pid == dst]
    target: str
    if removed_here:
        # The moved cards completed a run and left with it: they were its top ``count`` cards.
        suit = removed_here[0]
        lead = Card(count, suit)
        target = f"onto {Card(count + 1, suit).name}" if count < 13 else f"to {pile_name(dst).lower()}"
        moved = cards_phrase([lead] + [Card(count - i, suit) for i in range(1, count)])
    else:
        cards = game.pile(dst)
        moved = cards_phrase(cards[-count:])
        under = cards[:-count]
        if dst.startswith("f"):
            target = f"to {_the(dst)}"
        elif under:
            target = f"onto {under[-1].name}" if under[-1].face_up else f"onto column {dst[1:]}"
        else:
            target = f"to empty column {dst[1:]}"
    words = [f"{moved} {target}."]
    src = move.src
    if src.startswith("t") and not game.pile(src):
        words.append(f"Column {src[1:]} is empty.")
    words.append(_runs(action))
    words.extend(_flipped(game, action))
    words.append(_score(game, action.score_before, action.score_after))
    return _join(words)


def describe_undo(game: Game, action: Action) -> str:
    """What an undo put back, read from the game after it (as it was before the action).

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> _ = g.play("s")
    >>> describe_undo(g, g.undo())
    'Undone: Queen of hearts is back in the stock.'
    """
    score = _score(game, action.score_after, action.score_before)
    if action.kind == "draw":
        n = action.steps[0].n if action.steps else 1
        back = game.pile("s")[-n:]
        if n == 1 and back:
            return _join([f"Undone: {back[-1].with_face(True).name} is back in the stock.", score])
        return _join([f"Undone: {_count(n, 'card')} are back in the stock.", score])
    if action.kind == "recycle":
        return _join(["Undone: the waste is back.", score])
    if action.kind == "deal":
        return _join(["Undone: the deal is back in the stock.", score])
    move = action.move
    src = move.src
    cards = game.pile(src)[-move.count :]
    where = f"back on {_the(src)}"
    verb = "is" if move.count == 1 else "are"
    return _join([f"Undone: {cards_phrase(cards)} {verb} {where}.", score])


def describe_pick(game: Game, pid: str, count: int, targets: Sequence[str]) -> str:
    """The announcement for cards picked up with the keyboard.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> describe_pick(g, "t5", 1, ["t4"])
    'Picked up 9 of diamonds. Choose a pile and press Enter. It fits on column 4.'
    """
    cards = game.pile(pid)[-count:]
    text = f"Picked up {cards_phrase(cards)}. Choose a pile and press Enter."
    if not targets:
        return text + " No pile takes it now."
    places = [_the(t) for t in targets]
    if len(places) == 1:
        return f"{text} It fits on {places[0]}."
    return f"{text} It fits on {', '.join(places[:-1])} or {places[-1]}."


def pick_refusal(game: Game, pid: str, count: int) -> str:
    """Why the cards at the focus can't be picked up (the engine's rule when it has one)."""
    cards = game.pile(pid)
    if pid == "s":
        return ""
    if not cards:
        return f"{pile_name(pid)} is empty."
    if pid.startswith("r"):
        return "Completed runs stay where they are."
    card = cards[-count] if 0 < count <= len(cards) else cards[-1]
    if not card.face_up:
        return "That card is face down."
    others = [p for p in game.pile_ids if p.startswith("t") and p != pid]
    if others:
        rule = game.refusal(Move(pid, others[0], count))
        if (
            rule
            and not game.can_pick(pid, count)
            and ("group" in rule or "Classic" in rule or "face-up" in rule or "top card" in rule)
        ):
            return rule
    return f"The {card.name} can't be picked up."
