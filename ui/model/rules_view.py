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
>>> diagram.count('data-face="up"'), diagram.count('data-face="down"')
(7, 22)
"""

from __future__ import annotations

from html import escape

import engine
from engine.cards import Card
from ui.model.faces import face_html
from ui.model.i18n import _
from ui.model.rules import DIAGRAM_CODES, Section, Table, rules_for
from ui.model.words import card_name

__all__ = ["DIAGRAM", "deal_diagram_html", "rules_html"]

DIAGRAM = {"cw": 30, "ch": 42, "ix": 10, "gap": 4, "down": 5, "up": 11, "row": 8}
"""The picture's card size, index size, gap between columns, the offsets of face-down
and face-up cards in a column, and the gap under the top row (pixels)."""


def _card(card: Card, x: int, y: int) -> str:
    style = f"left:{x}px;top:{y}px"
    if card.face_up:
        return (
            f'<div class="card" data-face="up" data-suit="{card.suit}" style="{style}">'
            f'<div class="face">{face_html(card)}</div></div>'
        )
    return f'<div class="card" data-face="down" style="{style}"><div class="face"></div></div>'


def _slot(x: int, y: int) -> str:
    return f'<div class="slot" style="left:{x}px;top:{y}px"></div>'


def deal_diagram_html(code: str, caption_id: str) -> str:
    """A picture of the start of deal ``code``: the top row (the stock, and for
    Klondike the empty waste and foundations) and every column as dealt. Its
    accessible name is the caption (``caption_id``) with the face-up cards named."""
    game = engine.new_game(code)
    d = DIAGRAM
    cw, ch, gap = d["cw"], d["ch"], d["gap"]
    step = cw + gap
    columns = [pid for pid in game.pile_ids if pid.startswith("t")]
    parts: list[str] = []
    stock = game.pile("s")
    if stock:
        parts.append(_card(stock[-1], 0, 0))
    else:
        parts.append(_slot(0, 0))
    if game.settings.game == "KL":
        parts.append(_slot(step, 0))
        parts.extend(_slot(step * i, 0) for i in range(len(columns) - 4, len(columns)))
    top = ch + d["row"]
    bottom = top
    for index, pid in enumerate(columns):
        y = top
        for card in game.pile(pid):
            parts.append(_card(card, index * step, y))
            bottom = max(bottom, y + ch)
            y += d["up"] if card.face_up else d["down"]
    width = len(columns) * step - gap
    up = ", ".join(card_name(game.pile(pid)[-1]) for pid in columns)
    # TRANSLATORS: the picture of a starting deal, for screen readers; {cards} lists the face-up cards.
    label = _("Face-up cards, column 1 to {n}: {cards}.").format(n=len(columns), cards=up)
    return (
        f'<div class="diagram" role="img" aria-labelledby="{caption_id}" aria-describedby="{caption_id}-cards" '
        f'style="--cw:{cw}px;--ch:{ch}px;--ix:{d["ix"]}px;width:{width}px;height:{bottom}px">'
        + "".join(parts)
        + f'</div><p class="sr-only" id="{caption_id}-cards">{escape(label)}</p>'
    )


def _block(block: str | tuple[str, ...] | Table) -> str:
    if isinstance(block, Table):
        head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in block.head)
        rows = "".join("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in block.rows)
        return f'<table class="rule-table"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    if isinstance(block, tuple):
        return "<ul>" + "".join(f"<li>{escape(item)}</li>" for item in block) + "</ul>"
    return f"<p>{escape(block)}</p>"


def _section(section: Section, game: str) -> str:
    body = []
    for block in section.blocks:
        if isinstance(block, str) and DIAGRAM_CODES[game] in block and "deal" in section.anchor:
            caption = f"{section.anchor}-picture"
            body.append(
                f'<figure class="rule-figure">{deal_diagram_html(DIAGRAM_CODES[game], caption)}'
                f'<figcaption id="{caption}">{escape(block)}</figcaption></figure>'
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
