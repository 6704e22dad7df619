"""JSON from outside the program (storage, imported files), read within limits.

``json.loads`` recurses once per nesting level. CPython stops at its recursion
limit with a ``RecursionError``, but inside the browser the WebAssembly stack
runs out first and the whole Python interpreter dies ("Maximum call stack size
exceeded", then "Pyodide has suffered a fatal error"). So the text is refused by
its length and by a cheap scan of its nesting *before* it is parsed. Numbers are
checked as they are read: ``1e999`` would become infinity, ``NaN`` and
``Infinity`` are not JSON at all, and a 400-digit integer overflows the moment
it meets a float. Every refusal is one ``JSONLimitError`` (a ``ValueError``).

>>> loads('{"a": [1, 2.5, "x"]}', max_chars=100, max_depth=2)
{'a': [1, 2.5, 'x']}
>>> loads("[" * 100000, max_chars=10**6, max_depth=8)
Traceback (most recent call last):
...
engine.safejson.JSONLimitError: The data is nested more than 8 levels deep.
>>> loads('{"t": 1e999}', max_chars=100, max_depth=2)
Traceback (most recent call last):
...
engine.safejson.JSONLimitError: The data holds a number out of range (1e999).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

__all__ = ["MAX_INT_DIGITS", "OUT_OF_RANGE", "JSONLimitError", "loads", "nesting_depth"]

MAX_INT_DIGITS = 15
"""Longest whole number accepted (every figure the game keeps is far smaller)."""

# A string literal (its escapes included) or one bracket: the scan jumps over
# strings in one regex step, so brackets inside text are never counted.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.S)


class JSONLimitError(ValueError):
    """JSON text that is not JSON, or is beyond the limits; ``str()`` says which."""


class _OutOfRange:
    """The value read in place of a number out of range, with ``lenient=True``."""

    def __repr__(self) -> str:
        return "OUT_OF_RANGE"


OUT_OF_RANGE: Any = _OutOfRange()
"""Stands for a number out of range: it is neither an int nor a float, so every
check of a figure refuses it, and the figures around it can still be kept."""


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (0 for a plain value).

    >>> nesting_depth('[[1], {"a": "[[["}]')
    2
    """
    # Fast path: the number of opening brackets bounds the depth.
    openings = text.count("[") + text.count("{")
    if openings <= 1:
        return openings
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def _constant(name: str) -> Any:
    raise JSONLimitError(f"The data holds {name}, which is not a number JSON allows.")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONLimitError(f"The data holds a number out of range ({text[:20]}).")
    return value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JSONLimitError(f"The data holds a number out of range ({text[:20]}…).")
    return int(text)


def _lenient(read: Callable[[str], Any]) -> Callable[[str], Any]:
    def read_or_mark(text: str) -> Any:
        try:
            return read(text)
        except JSONLimitError:
            return OUT_OF_RANGE

    return read_or_mark


def loads(text: object, *, max_chars: int, max_depth: int, lenient: bool = False) -> Any:
    """Parse JSON text of at most ``max_chars`` characters nested at most
    ``max_depth`` levels; raises ``JSONLimitError`` for anything else.

    ``lenient``: a number out of range (and ``NaN``, ``Infinity``) is read as
    :data:`OUT_OF_RANGE` instead of refusing the whole text, so that a reader
    checking each value can set that one aside and keep the rest.

    >>> loads('[1, 1e999, NaN]', max_chars=100, max_depth=1, lenient=True)
    [1, OUT_OF_RANGE, OUT_OF_RANGE]
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONLimitError("The data is not UTF-8 text.") from None
    if not isinstance(text, str):
        raise JSONLimitError("The data is not text.")
    if len(text) > max_chars:
        raise JSONLimitError(f"The data is too large ({len(text)} characters; at most {max_chars}).")
    if nesting_depth(text) > max_depth:
        raise JSONLimitError(f"The data is nested more than {max_depth} levels deep.")
    try:
        if lenient:
            return json.loads(
                text, parse_constant=_lenient(_constant), parse_float=_lenient(_float), parse_int=_lenient(_int)
            )
        return json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except JSONLimitError:
        raise
    except (ValueError, RecursionError) as error:
        raise JSONLimitError(f"The data is not valid JSON ({error}).") from None
