"""The shape of How to play's text: sections of paragraphs, lists and small tables.

Each game's page module (``ui.model.games``) writes its rules with these, in English
marked for the catalogs; ``ui.model.rules`` translates them when asked for.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Block", "Section", "Table"]


@dataclass(frozen=True, slots=True)
class Table:
    """A small table: a header row and rows of cells. Cells that are only
    figures (``+10``, ``−100``) are not words and stay as they are."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = str | tuple[str, ...] | Table
"""A paragraph, a bulleted list, or a table."""


@dataclass(frozen=True, slots=True)
class Section:
    """One rule section: its anchor (element id), title and blocks."""

    anchor: str
    title: str
    blocks: tuple[Block, ...]
