"""The rules dialog's content as markup: a table of contents, the sections of
``ui.model.rules`` with their anchors, and a small picture of a real starting deal drawn
with the game's own cards (the table's card markup and styles, at a small size).

Pure Python (text only): every word is escaped here and checked in CPython.

>>> from ui.model.i18n import use_language
>>> _ = use_language("en")
>>> html = rules_html("KL")
>>> html.count('<section class="rule" id="kl-'), 'href="#kl-empty"' in html
(11, True)
>>> diagram = deal_diagram_html("KL1-D1N-AAAAAAG", "cap")
>>> diagram.count('data-face="up"'), diagram.count('data-face="down"'), "style=" in diagram
(7, 22, False)
>>> freecell = deal_diagram_html("FC1-F2-1", "cap")
>>> freecell.count('data-face="up"'), freecell.count('class="slot cell"'), freecell.count("foundations")
(52, 2, 1)
"""

from __future__ import annotations

import re
from html import escape

import engine
from engine.cards import Card
from ui.model.faces import face_html
from ui.model.i18n import _
from ui.model.rules import Section, Table, diagram_code, rules_for
from ui.model.words import card_name

__all__ = ["deal_diagram_html", "rules_html"]


def _card(card: Card) -> str:
    if card.face_up:
        return (
            f'<div class="card" data-face="up" data-suit="{card.suit}"><div class="face">{face_html(card)}</div></div>'
        )
    return '<div class="card" data-face="down"><div class="face"></div></div>'


def _top_row(game: engine.Game) -> list[str]:
    """The piles above the columns, in the table's order (``Variant.top_row``): the
    stock's top card, empty slots for the waste and the free cells, then the
    foundations, the first of them marked so that the stylesheet pushes them to
    the right."""
    variant = game.variant
    top = []
    for pid, _column in variant.top_row:
        if pid not in game.pile_ids:
            continue  # a free cell this deal does not have, or a completed run's slot
        cards = game.pile(pid)
        if cards:
            top.append(_card(cards[-1]))
        elif pid in variant.cell_ids:
            top.append('<div class="slot cell"></div>')
        elif pid in variant.foundation_ids[:1]:
            top.append('<div class="slot foundations"></div>')
        elif pid == "x":
            top.append('<div class="slot discard"></div>')  # at the right, as on the table
        else:
            top.append('<div class="slot"></div>')
    return top


def deal_diagram_html(code: str, caption_id: str) -> str:
    """A picture of the start of deal ``code``: the top row (the stock, and for
    Klondike the empty waste and foundations; for FreeCell the empty free cells and
    foundations) and every column as dealt. Its accessible name is the caption
    (``caption_id``) with the last card of each column named.

    The markup holds no inline style (the page's Content-Security-Policy refuses
    ``style`` attributes): the stylesheet lays the rows out, each column a stack
    whose cards overlap by how much of a face-down or face-up card shows
    (``.diagram`` in ``static/css/rules.css``)."""
    game = engine.new_game(code)
    if game.variant.shape is not None:
        return _shape_diagram_html(game, caption_id)
    columns = game.variant.column_ids
    top = _top_row(game)
    piles = "".join(
        '<div class="diagram-column">' + "".join(_card(card) for card in game.pile(pid)) + "</div>" for pid in columns
    )
    up = ", ".join(card_name(game.pile(pid)[-1]) for pid in columns)
    if all(card.face_up for pid in columns for card in game.pile(pid)):
        # TRANSLATORS: the picture of a starting deal whose cards are all face up, for screen readers;
        # {cards} lists the last card of each column.
        label = _("Every card is face up. The last cards, column 1 to {n}: {cards}.").format(n=len(columns), cards=up)
    else:
        # TRANSLATORS: the picture of a starting deal, for screen readers; {cards} lists the face-up cards.
        label = _("Face-up cards, column 1 to {n}: {cards}.").format(n=len(columns), cards=up)
    return (
        f'<div class="diagram" role="img" aria-labelledby="{caption_id}" aria-describedby="{caption_id}-cards">'
        f'<div class="diagram-top">{"".join(top)}</div><div class="diagram-columns">{piles}</div>'
        f'</div><p class="sr-only" id="{caption_id}-cards">{escape(label)}</p>'
    )


def _shape_diagram_html(game: engine.Game, caption_id: str) -> str:
    """The picture of a deal whose cards overlap in a shape (peaks, a pyramid): the top row,
    then every card of the shape at its row and place. The stylesheet's grid has a track
    for each half card across and each row's step down; a card's classes name its track
    (``at-3`` three half cards from the left, ``row-2``), so the markup needs no style."""
    shape = game.variant.shape
    assert shape is not None
    cards = []
    for place in shape.places:
        pile = game.pile(place.pid)
        if pile:
            card = _card(pile[-1]).replace('class="card"', f'class="card at-{round(place.x * 2)} row-{place.row}"', 1)
            cards.append(card)
    free = [card_name(top) for top in map(game.top, game.free_places()) if top is not None and top.face_up]
    # TRANSLATORS: the picture of a starting deal of TriPeaks or Pyramid, for screen readers;
    # {cards} lists the cards no card covers, bottom row first.
    label = _("{n} cards overlap in rows. Free to play: {cards}.").format(n=len(cards), cards=", ".join(free))
    return (
        f'<div class="diagram" role="img" aria-labelledby="{caption_id}" aria-describedby="{caption_id}-cards">'
        f'<div class="diagram-top">{"".join(_top_row(game))}</div>'
        f'<div class="diagram-shape">{"".join(cards)}</div>'
        f'</div><p class="sr-only" id="{caption_id}-cards">{escape(label)}</p>'
    )


def _block(block: str | tuple[str, ...] | Table) -> str:
    if isinstance(block, Table):
        head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in block.head)
        rows = "".join("<tr>" + "".join(f"<td>{_text(cell)}</td>" for cell in row) + "</tr>" for row in block.rows)
        return f'<table class="rule-table"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    if isinstance(block, tuple):
        return "<ul>" + "".join(f"<li>{_text(item)}</li>" for item in block) + "</ul>"
    return f"<p>{_text(block)}</p>"


_DEAL_CODE = re.compile(r"(?<![A-Z0-9-])[A-Z]{2}[0-9]+-[A-Z0-9]+-[A-Z0-9]+(?![A-Z0-9-])")
"""A deal code in the rules' text, such as ``KL1-D1N-AAAAAAG``."""


def _text(text: str) -> str:
    """``text`` escaped, each deal code in it on one line (a line may not break at its hyphens).

    >>> _text("Codes such as KL1-D1N-AAAAAAG & SD1-S4-AAAAAAH.")
    'Codes such as <span class="deal-code">KL1-D1N-AAAAAAG</span> &amp; <span class="deal-code">SD1-S4-AAAAAAH</span>.'
    """
    return _DEAL_CODE.sub(lambda code: f'<span class="deal-code">{code.group()}</span>', escape(text))


def _names(text: str, code: str) -> bool:
    """Does ``text`` name deal ``code`` (not a longer code that starts with it, such as FC1-F4-11982)?"""
    return re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text) is not None


def _section(section: Section, game: str) -> str:
    body = []
    for block in section.blocks:
        if isinstance(block, str) and _names(block, diagram_code(game)) and "deal" in section.anchor:
            caption = f"{section.anchor}-picture"
            body.append(
                f'<figure class="rule-figure">{deal_diagram_html(diagram_code(game), caption)}'
                f'<figcaption id="{caption}">{_text(block)}</figcaption></figure>'
            )
        else:
            body.append(_block(block))
    return (
        f'<section class="rule" id="{section.anchor}" aria-labelledby="{section.anchor}-title">'
        f'<h3 id="{section.anchor}-title" tabindex="-1">{escape(section.title)}</h3>{"".join(body)}</section>'
    )


def rules_html(game: str) -> str:
    """The rules of ``game`` (a deal-code prefix) in the current language: a list
    of links to the sections, then the sections."""
    sections = rules_for(game)
    links = "".join(f'<li><a href="#{s.anchor}">{escape(s.title)}</a></li>' for s in sections)
    name = escape(_("Sections"))
    return f'<nav class="rules-toc" aria-label="{name}"><ul>{links}</ul></nav>' + "".join(
        _section(s, game) for s in sections
    )
