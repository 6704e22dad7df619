"""Python callbacks handed to the browser, made once and kept for the page's life.

JavaScript can only call a Python function through a proxy, and the proxy must
stay alive as long as the browser may call it. Every part of the page makes its
proxies here when it is set up (never per frame or per event), and they are kept
here: the page lives exactly as long as they do, so none is ever destroyed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy

if TYPE_CHECKING:
    from js import Document, Element, Event, Window

__all__ = ["kept_proxy", "listen"]

_KEPT: list[Any] = []


def kept_proxy(handler: Callable[..., Any]) -> Any:
    """A proxy of ``handler`` for the browser to call at any time (timers, observers)."""
    proxy = create_proxy(handler)
    _KEPT.append(proxy)
    return proxy


def listen(
    target: Element | Document | Window, name: str, handler: Callable[[Event], object], capture: bool = False
) -> None:
    """Call ``handler(event)`` on every ``name`` event of ``target``."""
    target.addEventListener(name, kept_proxy(handler), capture)
