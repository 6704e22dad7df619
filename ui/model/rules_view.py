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
"""

from __future__ import annotations

import re
from html import escape

import engine
from engine.cards import Card
from ui.model.faces import face_html
from ui.model.i18n import _
from ui.model.rules import DIAGRAM_CODES, Section, Table, rules_for
from ui.model.words import card_name

__all__ = ["deal_diagram_html", "rules_html"]


def _card(card: Card) -> str:
    if card.face_up:
        return (
            f'<div class="card" data-face="up" data-suit="{card.suit}"><div class="face">{face_html(card)}</div></div>'
        )
    return '<div class="card" data-face="down"><div class="face"></div></div>'


def deal_diagram_html(code: str, caption_id: str) -> str:
    """A picture of the start of deal ``code``: the top row (the stock, and for
    Klondike the empty waste and foundations) and every column as dealt. Its
    accessible name is the caption (``caption_id``) with the face-up cards named.

    The markup holds no inline style (the page's Content-Security-Policy refuses
    ``style`` attributes): the stylesheet lays the rows out, each column a stack
    whose cards overlap by how much of a face-down or face-up card shows
    (``.diagram`` in ``static/css/rules.css``)."""
    game = engine.new_game(code)
    columns = [pid for pid in game.pile_ids if pid.startswith("t")]
    stock = game.pile("s")
    top = [_card(stock[-1]) if stock else '<div class="slot"></div>']
    if game.settings.game == "KL":
        top.append('<div class="slot"></div>')  # the waste
        top.append('<div class="slot foundations"></div>')  # the first foundation, at the right
        top.extend('<div class="slot"></div>' for _ in range(3))
    piles = "".join(
        '<div class="diagram-column">' + "".join(_card(card) for card in game.pile(pid)) + "</div>" for pid in columns
    )
    up = ", ".join(card_name(game.pile(pid)[-1]) for pid in columns)
    # TRANSLATORS: the picture of a starting deal, for screen readers; {cards} lists the face-up cards.
    label = _("Face-up cards, column 1 to {n}: {cards}.").format(n=len(columns), cards=up)
    return (
        f'<div class="diagram" role="img" aria-labelledby="{caption_id}" aria-describedby="{caption_id}-cards">'
        f'<div class="diagram-top">{"".join(top)}</div><div class="diagram-columns">{piles}</div>'
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


def _section(section: Section, game: str) -> str:
    body = []
    for block in section.blocks:
        if isinstance(block, str) and DIAGRAM_CODES[game] in block and "deal" in section.anchor:
            caption = f"{section.anchor}-picture"
            body.append(
                f'<figure class="rule-figure">{deal_diagram_html(DIAGRAM_CODES[game], caption)}'
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
