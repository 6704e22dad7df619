"""Words for the screen reader: accessible names of piles and cards, and what
each action did, as the status line announces it, in the player's language.

Pure Python: everything is read from the game (after the action) and the
engine's ``Action`` record, so every sentence is checked in CPython. Each
sentence is one message of the catalogs, whole, so that a language can put its
words in its own order.

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

from engine import Action, Card, Game, Move
from engine.variants import pile_kind
from ui.model.games import page_of
from ui.model.i18n import N_, _, current_language, joined, ngettext, pgettext
from ui.model.refusals import refusal_text
from ui.model.words import card_name, in_dollars, names_list, place_name, suit_name
from ui.model.words import pile_name as _pile_name

__all__ = [
    "PileLabels",
    "card_label",
    "cards_phrase",
    "describe_pick",
    "describe_play",
    "describe_undo",
    "pick_refusal",
    "pile_in_sentence",
    "pile_label",
    "pile_name",
    "play_headline",
    "win_text",
]

FACE_DOWN = N_("face-down card")

_IN_SENTENCE = {
    "s": N_("the stock"),
    "w": N_("the waste"),
    "f1": N_("the spades foundation"),
    "f2": N_("the hearts foundation"),
    "f3": N_("the diamonds foundation"),
    "f4": N_("the clubs foundation"),
    "x": N_("the removed cards"),
}

# Why a card cannot be picked up, when the engine's rule says it best.
_PICK_RULES = frozenset({"group_one_suit", "classic_no_takeback", "face_down", "waste_top_only", "foundation_top_only"})


def card_label(card: Card) -> str:
    """A card's accessible name: its name when face up, nothing more when face down.

    >>> card_label(Card(12, "c")), card_label(Card(12, "c", False))
    ('Queen of clubs', 'face-down card')
    """
    return card_name(card) if card.face_up else _(FACE_DOWN)


def _list(items: Sequence[str]) -> str:
    return pgettext("list", ", ").join(items)


def pile_in_sentence(pid: str) -> str:
    """A pile inside a sentence: ``"column 3"``, ``"the waste"``, ``"the hearts foundation"``.

    >>> pile_in_sentence("t3"), pile_in_sentence("f2"), pile_in_sentence("c1")
    ('column 3', 'the hearts foundation', 'free cell 1')
    """
    if pid in _IN_SENTENCE:
        return _(_IN_SENTENCE[pid])
    if pid.startswith("r"):
        return _("completed run {n}").format(n=pid[1:])
    if pid.startswith("c"):
        return _("free cell {n}").format(n=pid[1:])
    return _("column {n}").format(n=pid[1:])


_the = pile_in_sentence


def pile_name(pid: str) -> str:
    """A pile in words: ``"Column 3"``, ``"Stock"``, ``"Hearts foundation"``.

    >>> pile_name("t10"), pile_name("w"), pile_name("f2"), pile_name("r1")
    ('Column 10', 'Waste', 'Hearts foundation', 'Completed run 1')
    """
    if pid.startswith("r"):
        return _("Completed run {n}").format(n=pid[1:])
    return _pile_name(pid)


def cards_phrase(cards: Sequence[Card]) -> str:
    """A group of cards: the first one named, the rest counted.

    >>> cards_phrase([Card(7, "h")]), cards_phrase([Card(7, "h"), Card(6, "s")])
    ('7 of hearts', '7 of hearts and 1 card')
    """
    if not cards:
        return _("nothing")
    lead = card_name(cards[0])
    if len(cards) == 1:
        return lead
    n = len(cards) - 1
    return ngettext("{card} and {n} card", "{card} and {n} cards", n).format(card=lead, n=n)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _column_label(cards: Sequence[Card]) -> str:
    if not cards:
        return _("empty")
    down = sum(1 for card in cards if not card.face_up)
    parts = [ngettext("{n} face-down card", "{n} face-down cards", down).format(n=down)] if down else []
    parts.extend(card_name(card) for card in cards if card.face_up)
    return _list(parts)


def _labelled(name: str, contents: str) -> str:
    # TRANSLATORS: a pile's accessible name: "Waste: 3 cards, Queen of hearts on top".
    return _("{pile}: {contents}").format(pile=name, contents=contents)


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
    if pile_kind(pid) == "peak":
        return _place_label(game, pid)
    name = pile_name(pid)
    runs = game.removed_runs
    if pid.startswith("r"):
        slot = int(pid[1:]) - 1
        if slot < len(runs):
            return _labelled(name, _("King to Ace of {suit}").format(suit=suit_name(runs[slot])))
        return _labelled(name, _("not yet"))
    cards = game.pile(pid)
    if pid == "s":
        if game.variant.stock != "deals":
            if cards:
                return _labelled(name, _cards(len(cards)))
            if game.stock_action() == "recycle":
                return _labelled(name, _("empty, the waste can be turned back"))
            return _labelled(name, _("empty"))
        deals = game.deals_left
        left = _("no deals left") if deals == 0 else ngettext("{n} deal left", "{n} deals left", deals).format(n=deals)
        done = _("{deals}. {done} of {total} runs completed").format(
            deals=left, done=len(runs), total=game.variant.removed_runs
        )
        return _labelled(name, done)
    if pid == "w":
        if not cards:
            return _labelled(name, _("empty"))
        return _labelled(name, _("{count}, {card} on top").format(count=_cards(len(cards)), card=card_name(cards[-1])))
    if pid.startswith("f"):
        if not cards:
            return _labelled(name, _("empty"))
        if len(cards) == 1:
            return _labelled(name, card_name(cards[-1]))
        return _labelled(name, _("Ace to {card}").format(card=card_name(cards[-1])))
    text = _column_label(cards)
    if not cards and game.variant.empty_column == "king":
        text = _("empty, takes a King")
    return _labelled(name, text)


def _place_label(game: Game, pid: str) -> str:
    """A card of a shape: its place, and the card with whether it is free to play.

    The name says what a sighted player sees: a face-up card no card covers is free, one
    still overlapped is covered; a face-down card is only a back."""
    name = place_name(game.settings.game, pid)
    cards = game.pile(pid)
    if not cards:
        return _labelled(name, _("empty"))
    card = cards[-1]
    if not card.face_up:
        return _labelled(name, _(FACE_DOWN))
    shape = game.variant.shape
    free = shape is not None and shape.is_free(game.shape_piles(), pid)
    # TRANSLATORS: a card of the peaks or the pyramid that no card covers: "7 of hearts, free".
    state = _("{card}, free") if free else _("{card}, covered")
    return _labelled(name, state.format(card=card_name(card)))


class PileLabels:
    """``pile_label`` for a table drawn again and again: a pile's name is made
    again only when something it tells changed (its cards, the stock's state,
    the completed runs, the game or the language), so a move costs the names of
    the piles it touched, not of every pile.

    >>> import engine
    >>> g, labels = engine.new_game("KL1-D1N-AAAAAAG"), PileLabels()
    >>> labels.label(g, "t5") == pile_label(g, "t5")
    True
    >>> _ = g.play("t5>t4")
    >>> labels.label(g, "t5"), labels.label(g, "t4") == pile_label(g, "t4")
    ('Column 5: 3 face-down cards, 7 of diamonds', True)
    """

    def __init__(self) -> None:
        self._made: dict[str, tuple[object, str]] = {}

    def label(self, game: Game, pid: str) -> str:
        """The accessible name of pile ``pid``, as ``pile_label`` makes it."""
        key = (current_language(), game.code, _signature(game, pid))
        kept = self._made.get(pid)
        if kept is not None and kept[0] == key:
            return kept[1]
        text = pile_label(game, pid)
        self._made[pid] = (key, text)
        return text


def _signature(game: Game, pid: str) -> object:
    """What ``pile_label(game, pid)`` reads from the game."""
    runs = tuple(game.removed_runs)
    if pid.startswith("r"):
        return runs
    cards = tuple(game.pile(pid))
    if pid == "s":
        return cards, game.stock_action(), runs
    shape = game.variant.shape
    if shape is not None and pile_kind(pid) == "peak":
        # Free or covered: the cards on it count too.
        return cards, tuple(bool(game.pile(above)) for above in shape.place(pid).covered_by)
    return cards


def _flipped(game: Game, action: Action) -> list[str]:
    words = []
    for pid in action.flipped:
        card = game.top(pid)
        if card is not None and card.face_up:
            words.append(_("{card} turned up.").format(card=card_name(card)))
    return words


def _freed(game: Game, action: Action) -> str:
    """The cards of a shape that the move left free (face up, none covering them), those
    that turned up aside: they have their own words."""
    shape = game.variant.shape
    if shape is None:
        return ""
    piles = game.shape_piles()
    freed: list[str] = []
    for src in action.move.sources:
        if pile_kind(src) != "peak":
            continue
        for pid in shape.freed_by(piles, src):
            card = piles[pid][-1]
            if card.face_up and pid not in action.flipped and card_name(card) not in freed:
                freed.append(card_name(card))
    if not freed:
        return ""
    # TRANSLATORS: cards of the peaks or the pyramid that a move uncovered: "Free now: 9 of clubs and 4 of spades."
    return _("Free now: {cards}.").format(cards=names_list(freed))


def _score(game: Game, before: int, after: int) -> str:
    if before == after:
        return ""
    if in_dollars(game.settings):
        # TRANSLATORS: Vegas: the game's amount changed, said in dollars ("+$208"), never points.
        return _("Amount {amount}.").format(amount=game.score_text)
    return _("Score {score}.").format(score=game.score_text)


def _runs(action: Action) -> str:
    if not action.removed:
        return ""
    suits = [suit_name(suit) for _pid, suit in action.removed]
    if len(suits) == 1:
        return _("A run is complete and removed: {suit}.").format(suit=suits[0])
    return _("{n} runs are complete and removed: {suits}.").format(n=len(suits), suits=_list(suits))


def _join(parts: Sequence[str]) -> str:
    return joined(" ", [part for part in parts if part])


def _moved(moved: str, dst: str, under: Card | None, to_run: bool) -> str:
    """The sentence for cards that went to pile ``dst`` (onto ``under``, if any)."""
    if dst.startswith(("f", "c")) or to_run:
        return _("{cards} to {pile}.").format(cards=moved, pile=_the(dst))
    if under is None:
        return _("{cards} to empty column {n}.").format(cards=moved, n=dst[1:])
    if under.face_up:
        return _("{cards} onto {card}.").format(cards=moved, card=card_name(under))
    return _("{cards} onto column {n}.").format(cards=moved, n=dst[1:])


def describe_play(game: Game, action: Action) -> str:
    """What a played action did, read from the game after it.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> describe_play(g, g.play("s"))
    'Drew Queen of hearts.'
    >>> describe_play(g, g.play("t1>f"))
    'Ace of diamonds to the diamonds foundation. Column 1 is empty. Score 10.'
    """
    return _join(_play_parts(game, action)[1])


def play_headline(game: Game, action: Action) -> str:
    """The one short thing the status line shows of a played action, when its description
    (``describe_play``, which screen readers read whole) says more; "" when it says no more.

    >>> import engine
    >>> g = engine.new_game("SD1-S1-AAAAAAM")
    >>> play_headline(g, g.play("s"))
    'Dealt a row of 7.'
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> play_headline(g, g.play("t1>f"))
    'Ace of diamonds to the diamonds foundation.'
    >>> play_headline(g, g.play("s"))
    ''
    """
    headline, parts = _play_parts(game, action)
    return "" if headline == _join(parts) else headline


def _play_parts(game: Game, action: Action) -> tuple[str, list[str]]:
    """The headline of a played action and every part of its description: the words every
    game shares, then the game's own (TriPeaks' run)."""
    headline, words = _shared_parts(game, action)
    return headline, [*words, *page_of(game.settings.game).move_words(game, action)]


def _shared_parts(game: Game, action: Action) -> tuple[str, list[str]]:
    """The headline of a played action and the parts of its description every game shares."""
    if action.kind == "draw":
        drawn = game.pile("w")[-(action.steps[0].n if action.steps else 1) :]
        if len(drawn) == 1:
            text = headline = _("Drew {card}.").format(card=card_name(drawn[0]))
        else:
            text = _("Drew {n} cards: {cards}, and {card} on top.").format(
                n=len(drawn), cards=_list([card_name(c) for c in drawn[:-1]]), card=card_name(drawn[-1])
            )
            headline = _("Drew {n} cards, {card} on top.").format(n=len(drawn), card=card_name(drawn[-1]))
        return headline, [text, _score(game, action.score_before, action.score_after)]
    if action.kind == "recycle":
        text = _("The waste is turned back into the stock.")
        return text, [text, _score(game, action.score_before, action.score_after)]
    if action.kind == "deal":
        fed = [step.dst for step in action.steps if step.op == "t"]
        dealt = [game.top(pid) for pid in fed]
        names = [card_name(card) for card in dealt if card is not None and card.face_up]
        deals = game.deals_left
        left = (
            _("No deals left.") if deals == 0 else ngettext("{n} deal left.", "{n} deals left.", deals).format(n=deals)
        )
        headline = _("Dealt a row of {n}.").format(n=len(fed))
        row = _("Dealt a row of {n}: {cards}.").format(n=len(fed), cards=_list(names)) if names else headline
        return headline, [
            row,
            left,
            _runs(action),
            *_flipped(game, action),
            _score(game, action.score_before, action.score_after),
        ]
    move = action.move
    count = move.count
    dst = action.dst
    removed_here = [suit for pid, suit in action.removed if pid == dst]
    if pile_kind(dst) == "discard":
        # Cards that leave the game: a pair from two places, or a card alone.
        gone = game.pile(dst)[-len(move.sources) :]
        sentence = _("Removed {cards}.").format(cards=names_list([card_name(card) for card in gone]))
        words = [sentence, _freed(game, action), *_flipped(game, action)]
        words.append(_score(game, action.score_before, action.score_after))
        return sentence, words
    if removed_here:
        # The moved cards completed a run and left with it: they were its top ``count`` cards.
        suit = removed_here[0]
        lead = Card(count, suit)
        moved = cards_phrase([lead] + [Card(count - i, suit) for i in range(1, count)])
        sentence = _moved(moved, dst, Card(count + 1, suit) if count < 13 else None, to_run=count >= 13)
    else:
        cards = game.pile(dst)
        under = cards[:-count]
        sentence = _moved(cards_phrase(cards[-count:]), dst, under[-1] if under else None, to_run=False)
    words = [sentence]
    src = move.src
    if src.startswith("t") and not game.pile(src):
        words.append(_("Column {n} is empty.").format(n=src[1:]))
    words.append(_runs(action))
    words.extend(_flipped(game, action))
    words.append(_freed(game, action))
    words.append(_score(game, action.score_before, action.score_after))
    return sentence, words


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
            return _join(
                [_("Undone: {card} is back in the stock.").format(card=card_name(back[-1].with_face(True))), score]
            )
        text = ngettext("Undone: {n} card is back in the stock.", "Undone: {n} cards are back in the stock.", n)
        return _join([text.format(n=n), score])
    if action.kind == "recycle":
        return _join([_("Undone: the waste is back."), score])
    if action.kind == "deal":
        return _join([_("Undone: the deal is back in the stock."), score])
    move = action.move
    src = move.src
    if move.also or pile_kind(src) == "peak":
        # Back in the peaks or the pyramid (and a pair's waste card on the waste).
        returned = [game.pile(pid)[-1] for pid in move.sources if game.pile(pid)]
        text = ngettext(
            "Undone: {cards} is back in its place.", "Undone: {cards} are back in their places.", len(returned)
        )
        return _join([text.format(cards=names_list([card_name(card) for card in returned])), score])
    cards = game.pile(src)[-move.count :]
    text = ngettext("Undone: {cards} is back on {pile}.", "Undone: {cards} are back on {pile}.", move.count)
    return _join([text.format(cards=cards_phrase(cards), pile=_the(src)), score])


def describe_pick(game: Game, pid: str, count: int, targets: Sequence[str]) -> str:
    """The announcement for cards picked up with the keyboard.

    >>> import engine
    >>> g = engine.new_game("KL1-D1N-AAAAAAG")
    >>> describe_pick(g, "t5", 1, ["t4"])
    'Picked up 9 of diamonds. Choose a pile and press Enter. It fits on column 4.'
    """
    cards = game.pile(pid)[-count:]
    if game.multi_source:
        # A game of pairs: the card waits for its partner.
        text = _("Picked up {card}. Choose its partner and press Enter.").format(card=cards_phrase(cards))
        partners = [card_name(game.pile(t)[-1]) for t in targets if pile_kind(t) != "discard" and game.pile(t)]
        if not partners:
            return _join([text, _("No card pairs with it now.")])
        return _join([text, _("It pairs with {cards}.").format(cards=names_list(partners))])
    text = _("Picked up {cards}. Choose a pile and press Enter.").format(cards=cards_phrase(cards))
    if not targets:
        return _join([text, _("No pile takes it now.")])
    places = [_the(t) for t in targets]
    if len(places) == 1:
        return _join([text, _("It fits on {pile}.").format(pile=places[0])])
    return _join([text, _("It fits on {piles} or {pile}.").format(piles=_list(places[:-1]), pile=places[-1])])


def pick_refusal(game: Game, pid: str, count: int) -> str:
    """Why the cards at the focus can't be picked up (the engine's rule when it has one)."""
    cards = game.pile(pid)
    if pid == "s":
        return ""
    if not cards:
        return _("{pile} is empty.").format(pile=pile_name(pid))
    if pid.startswith("r"):
        return _("Completed runs stay where they are.")
    card = cards[-count] if 0 < count <= len(cards) else cards[-1]
    if not card.face_up:
        return _("That card is face down.")
    others = [p for p in game.pile_ids if p.startswith("t") and p != pid]
    if others and not game.can_pick(pid, count):
        error = game.refusal_error(Move(pid, others[0], count))
        if error is not None and error.reason in _PICK_RULES:
            return refusal_text(game.settings.game, error)
    return _("The {card} can't be picked up.").format(card=card_name(card))


def win_text(game: Game) -> str:
    """The status line's words for a win: the score, or in Vegas the dollars won
    (an amount, not points).

    >>> import engine
    >>> g = engine.new_game("KL1-D1V-AAAAAAG")
    >>> win_text(g)
    'You won! -$52 in 0 moves.'
    """
    if not game.has_score:
        return _("You won in {n} moves!").format(n=game.moves)
    if in_dollars(game.settings):
        return _("You won! {amount} in {n} moves.").format(amount=game.score_text, n=game.moves)
    return _("You won! Score {score} in {n} moves.").format(score=game.score_text, n=game.moves)
