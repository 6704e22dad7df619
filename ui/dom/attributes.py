"""The page's state attributes (``data-*`` on ``<body>``), written only when they change.

Chromium restyles every element of the page when an attribute of ``<body>`` is
set, even to the value it already has: with a full table that is over 2,000
elements (each card's face is a few dozen), 20-60 ms on a phone-class processor,
once for every move. Tests and style rules read these attributes; the page
writes them through here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from js import Element

__all__ = ["drop_attribute", "set_attribute"]


def set_attribute(element: Element, name: str, value: str) -> None:
    """``element.setAttribute(name, value)``, unless it already has that value."""
    if element.getAttribute(name) != value:
        element.setAttribute(name, value)


def drop_attribute(element: Element, name: str) -> None:
    """``element.removeAttribute(name)``, unless it has no such attribute."""
    if element.hasAttribute(name):
        element.removeAttribute(name)
