"""How to play, inside the game: each game's rules as sections that a rules dialog draws,
in the player's language.

The sections are the game's own (its page module, ``ui.model.games``); this module
translates them. Each section has an anchor (its element id in the dialog), so that the
"Why?" link of a refused move can scroll to the rule that refused it
(``ui.model.refusals.rule_anchor``). The English text is marked for the catalogs where it
is written and translated when asked for, so a change of language draws it again.

Pure Python.

>>> from ui.model.i18n import use_language
>>> _ = use_language("en")
>>> [s.anchor for s in rules_for("KL")][:4]
['kl-goal', 'kl-deal', 'kl-columns', 'kl-empty']
>>> rules_for("SP")[0].title
'Goal'
>>> [s.anchor for s in rules_for("FC")][:4]
['fc-goal', 'fc-deal', 'fc-columns', 'fc-runs']
>>> rules_tab("SP"), rules_title("FC")
('SD', 'How to play FreeCell')
>>> rules_for("XX")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "There is no game 'XX': the games are KL, SD, SP, FC..."
>>> _ = use_language("th")
>>> rules_for("SD")[0].title
'เป้าหมาย'
>>> _ = use_language("en")
"""

from __future__ import annotations

from ui.model.games import page_of, pages
from ui.model.i18n import _
from ui.model.rule_sections import Block, Section, Table

__all__ = ["Section", "Table", "diagram_code", "rules_for", "rules_tab", "rules_tabs", "rules_title"]

_FIGURES = frozenset("0123456789+−-$×= ")


def _word(text: str) -> str:
    # Cells that are only figures are the same in every language.
    return text if set(text) <= _FIGURES else _(text)


def _translated(block: Block) -> Block:
    if isinstance(block, Table):
        return Table(tuple(_word(c) for c in block.head), tuple(tuple(_word(c) for c in row) for row in block.rows))
    if isinstance(block, tuple):
        return tuple(_(item) for item in block)
    return _(block)


def rules_for(game: str) -> tuple[Section, ...]:
    """The rules of ``game`` (a game id) in the current language; games that share a
    tab share their rules. An unknown game raises ``KeyError``."""
    sections = page_of(game).rules
    return tuple(Section(s.anchor, _(s.title), tuple(_translated(b) for b in s.blocks)) for s in sections)


def rules_title(game: str) -> str:
    """The rules dialog's title for ``game``."""
    return _(page_of(game).rules_title)


def rules_tab(game: str) -> str:
    """The rules dialog's tab that holds ``game``'s rules (the first game of that tab)."""
    return page_of(game).rules_tab


def rules_tabs() -> tuple[tuple[str, str], ...]:
    """The rules dialog's tabs, in the menus' order: each tab's game and its label,
    translated (games that share their rules share the first one's tab)."""
    return tuple((page.game, _(page.tab_label or page.name)) for page in pages() if page.rules_tab == page.game)


def diagram_code(game: str) -> str:
    """The real deal whose start ``game``'s How to play draws."""
    return page_of(game).diagram_code
