"""Elements the page's HTML always holds, found by selector.

``querySelector`` answers None for a selector that matches nothing; for the parts of
the page that ``index.html`` always has, that is a broken page, said at once here
rather than as an error about None later.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document

if TYPE_CHECKING:
    from js import Element

__all__ = ["find"]


def find(selector: str) -> Element:
    """The first element of the page matching ``selector``; raises LookupError when none does."""
    element = document.querySelector(selector)
    if not element:  # JS null is falsy
        raise LookupError(f"the page has no {selector}")
    return element
